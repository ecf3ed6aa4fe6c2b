"""The kit's font stacks (CSS ``font-family`` lists), one for every page and printed sheet:
the widgets' theme (:mod:`widgets.core.theme`) and the classroom's printed cards
(:mod:`classroom.cards`) both read them here, below both.

>>> TEXT_FONT.startswith("system-ui") and TEXT_FONT.endswith("sans-serif")
True
>>> CJK_FONTS in TEXT_FONT
True
"""

from __future__ import annotations

#: The reader's own fonts for Chinese, after the Latin ones (a Latin font draws no Han
#: character, so the browser falls through to these): Debian's and Android's Noto, Adobe's
#: Source Han, macOS's and Windows' own.
CJK_FONTS = "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Microsoft YaHei'"
#: The kit's text: the system's interface font, then the CJK fonts, then any sans-serif.
TEXT_FONT = ("system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, "
             f"'Noto Sans', 'DejaVu Sans', {CJK_FONTS}, sans-serif")

__all__ = ["CJK_FONTS", "TEXT_FONT"]
