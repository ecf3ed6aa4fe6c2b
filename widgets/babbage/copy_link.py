"""The puzzle app's *Copy link* button: ONE small widget (``anywidget``, inline ESM, no CDN).

The address is made in the page from the page's own address (what the pupil's browser sees,
behind any proxy or hub) with ``?code=`` set to :attr:`CopyLink.code`; it is shown in a
read-only box, selected and copied. Where the browser allows no copying (an ``http`` school
address without the clipboard), the box stays selected and the button says to copy it by
hand. The page tells the kernel what it copied (:attr:`CopyLink.copied`).

>>> link = CopyLink(code="316J6")
>>> link.handle({"event": "copied", "url": "http://h/p.ipynb?code=316J6", "how": "clipboard"})
>>> link.copied
'http://h/p.ipynb?code=316J6'
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from lnb.core.i18n import _
from widgets.core.page_messages import PageMessages

HERE = Path(__file__).resolve().parent


class CopyLink(PageMessages, anywidget.AnyWidget):
    """A button that copies this page's address opening :attr:`code`."""

    _esm = HERE / "copy_link.js"
    code = t.Unicode("").tag(sync=True)
    label = t.Unicode("").tag(sync=True)
    hover = t.Unicode("").tag(sync=True)
    field_label = t.Unicode("").tag(sync=True)
    copied_label = t.Unicode("").tag(sync=True)
    manual_label = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.copied = ""  # the last address the page copied (or showed to copy)
        self.add_class("lnb-copy-link-widget")
        self.on_msg(self.page_message)
        self.relabel()

    def relabel(self) -> None:
        """The button's words in the current language."""
        self.label = _("Copy link")
        self.hover = _("Copy this page's address for this puzzle, to send it to a friend")
        self.field_label = _("The link to this puzzle")
        self.copied_label = _("Link copied: paste it where you like.")
        self.manual_label = _("Copy the link from the box (Ctrl+C).")

    def sketch(self) -> str:
        """The button as its script draws it, still (:mod:`widgets.core.sketch`).

        >>> "Copy link" in CopyLink().sketch()
        True
        """
        return ('<div class="lnb-copy-link"><button type="button" tabindex="-1" '
                f'class="jupyter-button lnb-copy-link-button">{html.escape(self.label)}'
                "</button></div>")

    def handle(self, content: dict[str, Any]) -> None:
        """The page copied (or showed) an address."""
        if content.get("event") == "copied":
            self.copied = str(content.get("url", ""))
