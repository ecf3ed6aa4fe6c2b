"""The *High contrast* switch every app shows: it puts the high-contrast theme on the app.

Pressed, it adds the class :data:`~widgets.core.theme.HIGH_CONTRAST` to the app's root widget
(the theme's colours then apply to the whole app and to the page around it: the widgets shown
beside it and the notebook's text, see :mod:`widgets.core.theme`); pressed again, it takes the
class away. It changes looks only.

>>> import ipywidgets as w
>>> app = w.VBox()
>>> toggle = ContrastToggle(app)
>>> toggle.value = True
>>> "lnb-high-contrast" in app._dom_classes
True
>>> toggle.value = False
>>> "lnb-high-contrast" in app._dom_classes
False
"""

from __future__ import annotations

import ipywidgets as w

from lnb.core.i18n import _
from widgets.core.theme import HIGH_CONTRAST


class ContrastToggle(w.ToggleButton):
    """A *High contrast* toggle button bound to one app root."""

    def __init__(self, root: w.DOMWidget, value: bool = False) -> None:
        super().__init__(value=bool(value), icon="adjust")
        self.root = root
        self.add_class("lnb-contrast-toggle")
        self.relabel()
        self.observe(lambda change: self._apply(change["new"]), "value")
        self._apply(self.value)

    def relabel(self) -> None:
        """The toggle's words in the current language."""
        self.description = _("High contrast")
        self.tooltip = _("White on black, bigger borders: easier to read")

    def _apply(self, on: bool) -> None:
        if on:
            self.root.add_class(HIGH_CONTRAST)
        else:
            self.root.remove_class(HIGH_CONTRAST)
