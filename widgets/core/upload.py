"""The kit's upload button: ONE small widget (``anywidget``, inline ESM, no CDN) that checks a
file's size in the page before sending it.

``ipywidgets.FileUpload`` sends any file, whatever its size, and shows a count of files on its
button (*Load a game (0)*). A file over the server's message limit (10 MB) closed the page's
connection: the game in progress was lost and nobody said why. This button sends a file only
when it holds at most :attr:`FileButton.limit` bytes; for a larger one the page sends only its
name and size, and :attr:`FileButton.on_too_big` says why in a sentence. The label is the
description alone.

What the page sent becomes :attr:`FileButton.value`, as ``FileUpload`` gives it (one
``{"name", "type", "size", "content"}``), so an app observes ``value`` the same way (and a
test sets it the same way).

>>> button = FileButton(description="Load a game", limit=10)
>>> sizes = []
>>> button.on_too_big = sizes.append
>>> button.receive({"event": "too-big", "name": "big.json", "size": 11}, [])
>>> button.receive({"event": "file", "name": "g.json", "size": 2}, [memoryview(b"{}")])
>>> sizes, bytes(button.value[0]["content"])
([11], b'{}')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from lnb.core.records import RECORD_BYTES

HERE = Path(__file__).resolve().parent


class FileButton(anywidget.AnyWidget):
    """A button that uploads one file of at most ``limit`` bytes (see the module)."""

    _esm = HERE / "upload_esm.js"

    description = t.Unicode("").tag(sync=True)
    accept = t.Unicode(".json").tag(sync=True)
    limit = t.Int(RECORD_BYTES).tag(sync=True)
    disabled = t.Bool(False).tag(sync=True)
    #: The file the page sent: ``({"name", "type", "size", "content"},)``, or ``()``.
    value = t.Tuple()

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: Told the size of a file too large to send (the page did not send it).
        self.on_too_big: Callable[[int], None] | None = None
        self.on_msg(lambda _widget, content, buffers: self.receive(content, buffers))

    def sketch(self) -> str:
        """The button as its script draws it, still (:mod:`widgets.core.sketch`)."""
        from html import escape

        return ('<button type="button" tabindex="-1" class="jupyter-button '
                'widget-button lnb-upload-button" style="margin: var(--jp-widgets-margin, 2px)">'
                '<i class="fa fa-upload" aria-hidden="true">'
                f"</i><span> {escape(self.description)}</span></button>")

    def receive(self, content: Any, buffers: Sequence[Any]) -> None:
        """Act on one message of the page: ``file`` (its bytes in ``buffers``) or
        ``too-big`` (its size only)."""
        if not isinstance(content, dict):
            return
        size = content.get("size")
        size = size if isinstance(size, int) and not isinstance(size, bool) else 0
        if content.get("event") == "too-big":
            if self.on_too_big is not None:
                self.on_too_big(size)
        elif content.get("event") == "file" and buffers:
            self.value = ({"name": str(content.get("name", "")),
                           "type": str(content.get("type", "")), "size": size,
                           "content": buffers[0]},)
