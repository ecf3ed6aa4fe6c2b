"""A widget's title line, in the kit's title style (``.lnb-title``, see :mod:`widgets.core.style`).

>>> title_html("Fish & chips")
"<div class='lnb-title'>Fish &amp; chips</div>"
>>> title_html("")
''
"""

from __future__ import annotations

import html


def title_html(text: str) -> str:
    """The HTML of a title line showing ``text`` (escaped); no text, no line."""
    return f"<div class='lnb-title'>{html.escape(text)}</div>" if text else ""


__all__ = ["title_html"]
