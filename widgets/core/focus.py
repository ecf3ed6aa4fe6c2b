"""Moving the keyboard focus from the kernel: after an action, to the next thing to do.

ipywidgets' ``DOMWidget.focus()`` is a message to the views a widget has *now*: a widget just
put on the page has none yet, and the message is lost. So a request is a class instead,
``lnb-focus-<n>`` with a new ``n`` each time, which the kit's page (its Voila template) acts on
as soon as the widget is drawn and visible: it focuses the widget, or the first thing in it
that takes the keyboard (a board's current button, the first enabled button or box).

>>> import ipywidgets as w
>>> focus = Focus()
>>> a, b = w.Button(), w.Button()
>>> focus(a); focus(b); focus.target is b
True
>>> [c for c in a._dom_classes if c.startswith("lnb-focus-")], b._dom_classes[0][:10]
([], 'lnb-focus-')
"""

from __future__ import annotations

import itertools

import ipywidgets as w

_NUMBERS = itertools.count(1)
PREFIX = "lnb-focus-"


class Focus:
    """One app's focus requests: at most one widget carries a request at a time."""

    def __init__(self) -> None:
        self.target: w.DOMWidget | None = None
        self._css = ""

    def __call__(self, widget: w.DOMWidget) -> None:
        """Ask the page to focus ``widget`` (again, if it was the last one asked)."""
        self.forget()
        self._css = f"{PREFIX}{next(_NUMBERS)}"
        self.target = widget
        widget.add_class(self._css)

    def forget(self) -> None:
        """Take back the last request (the widget keeps the focus it has)."""
        if self.target is not None and self._css in self.target._dom_classes:
            self.target.remove_class(self._css)
        self.target = None
