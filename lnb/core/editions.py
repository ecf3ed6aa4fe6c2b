"""Editions as data files: found by name among a game's own files, read and validated.

Each game keeps its editions as JSON files in its own ``data`` folder. An edition is chosen
by **name** from that list, never by a path: a name that is not in the list is refused
without touching the disk, so a saved game cannot make the kit read a file of its choosing.

>>> from pathlib import Path
>>> import lnb.babbage.data as data
>>> folder = EditionFolder(Path(data.__file__).parent, game="Lovelace & Babbage")
>>> folder.names
('standard',)
>>> folder.read_text("standard")[:1]
'{'
>>> folder.read_text("../../etc/passwd")
Traceback (most recent call last):
...
lnb.core.errors.EditionError: no edition named '../../etc/passwd'; Lovelace & Babbage has: standard

A reader names the file and the entry in every message, and carries them as fields:

>>> reader = EditionReader({"start": "55"}, "mine.json")
>>> reader.get("start", int)
Traceback (most recent call last):
...
lnb.core.errors.EditionError: mine.json: start: must be int, not '55'
>>> try:
...     reader.get("rounds", int)
... except EditionError as err:
...     print(err.entry, err.reason)
rounds missing
"""

from __future__ import annotations

import json
import re
from functools import cached_property
from pathlib import Path
from typing import Any

from lnb.core.errors import EditionError
from lnb.core.i18n import N_
from lnb.core.messages import Text

_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


class EditionFolder:
    """A game's folder of edition files (``<name>.json``)."""

    def __init__(self, folder: Path, game: str) -> None:
        self.folder = Path(folder)
        self.game = game

    @cached_property
    def names(self) -> tuple[str, ...]:
        """The editions this game ships, by name."""
        return tuple(sorted(p.stem for p in self.folder.glob("*.json")
                            if _NAME.fullmatch(p.stem)))

    def check(self, name: Any) -> str:
        """``name`` if it is one of :attr:`names`; else ``EditionError`` (nothing is read)."""
        if not isinstance(name, str) or not _NAME.fullmatch(name) or name not in self.names:
            if isinstance(name, str) and len(name) < 80:
                said = N_("no edition named {name}; {game} has: {names}")
            else:
                said = N_("no edition named that name; {game} has: {names}")
            raise EditionError(said, name=repr(name), game=self.game,
                               names=", ".join(self.names), text=name if isinstance(name, str)
                               else None, expected=self.names, reason="unknown-edition")
        return name

    def read_text(self, name: Any) -> str:
        """The JSON text of the edition ``name`` (checked first)."""
        return (self.folder / f"{self.check(name)}.json").read_text("utf-8")


def parse_json(text: str, source: str) -> Any:
    """The data of an edition's JSON text; broken JSON raises ``EditionError``."""
    try:
        return json.loads(text.lstrip("\ufeff"))
    except json.JSONDecodeError as exc:
        raise EditionError(N_("{entry}: not valid JSON (line {line}, column {column})"),
                           line=exc.lineno, column=exc.colno, why=exc.msg, entry=source,
                           reason="not-json") from None
    except RecursionError:
        raise EditionError(N_("{entry}: not valid JSON (nested too deeply)"), entry=source,
                           reason="not-json") from None
    except ValueError:  # a number of more than 4,300 digits
        raise EditionError(N_("{entry}: a number in it has far too many digits"), entry=source,
                           reason="too-many-digits") from None


class EditionReader:
    """Validates raw edition data; every message names the file and the entry.

    A game's reader subclasses it and adds ``read()`` that builds its ``Edition``.
    """

    def __init__(self, data: Any, source: str) -> None:
        self.data = data
        self.source = source

    def fail(self, entry: str, what: str, reason: str = "invalid") -> EditionError:
        """The error for ``entry`` (``what`` says what is wrong and how it should be: a
        template marked for the catalog, or a :class:`~lnb.core.messages.Text`)."""
        detail = what if isinstance(what, Text) else Text(what)
        return EditionError(N_("{source}: {entry}: {detail}"), source=self.source, entry=entry,
                            detail=detail, reason=reason)

    def get(self, key: str, kind: type | tuple[type, ...]) -> Any:
        """The value at ``key``, of type ``kind`` (a bool is not an int)."""
        if not isinstance(self.data, dict) or key not in self.data:
            raise self.fail(key, N_("missing"), reason="missing")
        value = self.data[key]
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self.fail(key, Text(N_("must be {kind}, not {value!r}"),
                                      kind=getattr(kind, "__name__", kind), value=value),
                            reason="wrong-type")
        return value
