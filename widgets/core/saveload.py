"""Save and load for every app: a download link made in the page, an upload read as text.

Nothing is written on the server and nothing is read from a server path: a save becomes a
``data:`` link the pupil clicks to keep the file, and a load hands the app the uploaded
file's text (UTF-8; anything else is refused in one sentence on the status line). So the
served kit and the static site (:mod:`widgets.core.host`) save and load the same way.

>>> import datetime
>>> loaded = []
>>> panel = SaveLoadPanel(on_save=lambda: ("game.json", '{"a": 1}'), on_load=loaded.append)
>>> panel.save_button.click()
>>> "download='game.json'" in panel.download.value
True
>>> panel.upload.value = ({"name": "g.json", "type": "application/json", "size": 8,
...                        "content": memoryview(b'{"b": 2}'),
...                        "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
>>> loaded, panel.upload.value
(['{"b": 2}'], ())
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable, Sequence

import ipywidgets as w

from lnb.core.errors import BadInputError
from lnb.core.i18n import _, lazy_gettext
from widgets.core.status import StatusLine


def safe_filename(text: str, suffix: str = ".json") -> str:
    """A file name made of letters, digits, ``-`` and ``_`` only.

    >>> safe_filename("Ada-Bea after round 1")
    'Ada-Bea_after_round_1.json'
    """
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text) + suffix


def download_link(filename: str, text: str, kind: str = "application/json") -> str:
    """The HTML of a link that downloads ``text`` as ``filename`` (made in the page)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    words = _("Download {filename}").format(filename=filename)
    return (f"<a class='lnb-download-link' download='{html.escape(filename)}' "
            f"href='data:{kind};base64,{data}'>⬇ {html.escape(words)}</a>")


def file_bytes(content: object) -> bytes:
    """An uploaded file's bytes, as the served kit's kernel gets them (a ``memoryview``) or
    the static site's Pyodide kernel may (an object with ``to_bytes()``, a browser array).

    >>> file_bytes(memoryview(b"ab")), file_bytes(type("JsArray", (), {"to_bytes":
    ...                                          lambda self: b"cd"})())
    (b'ab', b'cd')
    """
    if isinstance(content, (bytes, bytearray, memoryview)):
        return bytes(content)
    for name in ("to_bytes", "tobytes"):
        convert = getattr(content, name, None)
        if callable(convert):
            return bytes(convert())
    return bytes(content)  # type: ignore[call-overload]


SAVE_LABEL = lazy_gettext("Save the game")
LOAD_LABEL = lazy_gettext("Load a game")


class SaveLoadPanel(w.HBox):
    """A *Save* button with its download link, and a *Load* upload button.

    ``on_save()`` returns ``(filename, text)`` (or raises a library error, shown on the
    status line); ``on_load(text)`` gets an uploaded file's text. ``extra`` widgets (a
    *New game* button...) sit at the end of the row. The labels may be lazy texts
    (:func:`lnb.core.i18n.lazy_gettext`): :meth:`relabel` shows them in the language of the
    moment, and the download link too.
    """

    def __init__(self, on_save: Callable[[], tuple[str, str]], on_load: Callable[[str], None],
                 *, status: StatusLine | None = None, save_label: object = SAVE_LABEL,
                 load_label: object = LOAD_LABEL, extra: Sequence[w.Widget] = ()) -> None:
        self.status = status or StatusLine()
        self.on_save = on_save
        self.on_load = on_load
        self.save_label, self.load_label = save_label, load_label
        self._saved: tuple[str, str] | None = None
        self.save_button = w.Button(description=str(save_label), icon="")
        self.save_button.add_class("lnb-save")
        self.save_button.on_click(self.status.guarded(lambda _: self.save()))
        self.download = w.HTML("")
        self.download.add_class("lnb-download")
        self.upload = w.FileUpload(accept=".json", multiple=False, description=str(load_label))
        self.upload.add_class("lnb-load")
        self.upload.observe(self.status.guarded(self._uploaded), "value")
        super().__init__([self.save_button, self.download, self.upload, *extra])
        self.add_class("lnb-files")

    def save(self) -> None:
        """Ask the app for its file and offer it as a download link."""
        filename, text = self.on_save()
        self._saved = (filename, text)
        self.download.value = download_link(filename, text)

    def clear(self) -> None:
        """Drop the link of an earlier save (the game has moved on)."""
        self._saved = None
        self.download.value = ""

    def relabel(self) -> None:
        """The buttons' labels and the download link in the current language."""
        self.save_button.description = str(self.save_label)
        self.upload.description = str(self.load_label)
        if self._saved is not None:
            self.download.value = download_link(*self._saved)

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        try:
            text = file_bytes(content).decode("utf-8")
        except UnicodeDecodeError:
            raise BadInputError(_("that file is not a saved game (it is not text); "
                                  "choose a .json file saved by this app"),
                                reason="not-text") from None
        finally:
            self.upload.value = ()
        self.on_load(text)
