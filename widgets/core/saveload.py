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
from typing import Any

import ipywidgets as w

from lnb.core.errors import BadInputError, LnbError, RecordError
from lnb.core.i18n import N_, _, lazy_gettext
from lnb.core.messages import Text
from lnb.core.records import RECORD_BYTES, parse_record_text
from widgets.core.status import StatusLine
from widgets.core.upload import FileButton


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


NOT_A_GAME = lazy_gettext("That file is not a game saved by this app: choose its .json file.")


def too_large(size: int) -> BadInputError:
    """The refusal of an upload of ``size`` bytes, more than a saved game can hold."""
    return BadInputError(_("That file is too large to be a saved game ({megabytes} MB; a "
                           "saved game is a few KB): choose its .json file.").format(
                               megabytes=f"{size / 1e6:.1f}"), reason="too-big", size=size)


def record_object(text: str) -> dict[str, Any]:
    """The JSON object of an uploaded saved game's text (a byte-order mark is fine). Never a
    path: nothing is read here. Text that is not a JSON object with a ``format`` (a path, a
    note, JSON nested thousands deep) raises ``RecordError`` in one plain sentence, the same
    in every app; too long a text, :func:`too_large`.

    >>> record_object('\\ufeff{"format": "lnb-game/1"}')
    {'format': 'lnb-game/1'}
    >>> record_object("/etc/hostname")
    Traceback (most recent call last):
    lnb.core.errors.RecordError: That file is not a game saved by this app: choose its .json file.
    """
    try:
        data = parse_record_text(text)
    except RecordError as exc:
        if exc.reason == "too-big":
            raise too_large(len(text.encode("utf-8", "replace"))) from None
        data = None
    if not isinstance(data, dict) or "format" not in data:
        raise RecordError(str(NOT_A_GAME), reason="not-a-game")
    return data


#: What a pupil reads first when a saved game's file is damaged (its entries break the
#: game's rules); the library's words follow for the teacher.
DAMAGED = N_("That saved game is damaged, so it cannot be loaded: your game goes on. For "
             "your teacher: {detail}")
#: The same, when the file is a game saved by another app (its ``format`` is another's).
OTHER_APP = N_("That file is a game saved by another app, so it cannot be loaded here: your "
               "game goes on. For your teacher: {detail}")


def damaged(error: LnbError) -> LnbError:
    """``error`` (a library's refusal of a saved game) as the apps show it: one plain
    sentence a pupil reads first (:data:`DAMAGED`, or :data:`OTHER_APP` for a record of
    another game), then the library's words for the teacher. The same class and fields
    (``reason``, ``entry``...), translated when shown. Every app's ``load_text`` raises it
    (``raise damaged(exc) from exc``).

    >>> err = RecordError("players: give 2 to 4 players", entry="players", reason="players")
    >>> made = damaged(err)
    >>> type(made).__name__, made.reason, made.entry
    ('RecordError', 'players', 'players')
    >>> str(made).startswith("That saved game is damaged"), str(made).split("teacher: ")[1]
    (True, 'players: give 2 to 4 players')
    """
    sentence = OTHER_APP if error.fields.get("reason") == "format" else DAMAGED
    made = error.as_family(type(error))
    made.template = Text(sentence, detail=error)
    made.prefixes = ()
    made.args = (made.template,)
    return made


SAVE_LABEL = lazy_gettext("Save the game")
LOAD_LABEL = lazy_gettext("Load a game")


class SaveLoadPanel(w.HBox):
    """A *Save* button with its download link, and a *Load* upload button
    (:class:`widgets.core.upload.FileButton`: a file of more than
    :data:`lnb.core.records.RECORD_BYTES` bytes is refused in the page, in a sentence).

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
        self.upload = FileButton(accept=".json", description=str(load_label),
                                 limit=RECORD_BYTES)  # no file count on it; sized in the page
        self.upload.add_class("lnb-load")
        self.upload.observe(self.status.guarded(self._uploaded), "value")
        self.upload.on_too_big = self.status.guarded(self._too_big)
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

    def _too_big(self, size: int) -> None:
        """The page did not send a file of ``size`` bytes: say why (the game is kept)."""
        raise too_large(size)

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        data = file_bytes(content)
        if len(data) > RECORD_BYTES:  # the page checks first; a file set another way too
            self.upload.value = ()
            raise too_large(len(data))
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInputError(_("that file is not a saved game (it is not text); "
                                  "choose a .json file saved by this app"),
                                reason="not-text") from None
        finally:
            self.upload.value = ()
        self.on_load(text)
