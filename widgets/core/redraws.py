"""How many times a page was redrawn, as a class ``lnb-shown-<n>`` on its outer widget.

An app sets it after every other part's update of a redraw, so a browser test waits for the
next number instead of for the page's text to stop changing (a class is no text: nothing
reads it aloud). The Dream app, the Dream's live table and the museum app mark themselves.

>>> import ipywidgets as w
>>> box = w.VBox()
>>> box = box.add_class("lnb-app")
>>> mark_shown(box, 1)
>>> mark_shown(box, 2)
>>> box._dom_classes
('lnb-app', 'lnb-shown-2')
"""

from __future__ import annotations

import ipywidgets as w

PREFIX = "lnb-shown-"


def mark_shown(widget: w.DOMWidget, count: int) -> None:
    """Give ``widget`` the class ``lnb-shown-<count>`` in place of its last one."""
    kept = [c for c in widget._dom_classes if not c.startswith(PREFIX)]
    widget._dom_classes = (*kept, f"{PREFIX}{count}")
