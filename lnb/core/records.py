"""The record contract every game of the kit shares, and the envelope of its records.

Each game's records module (``GameType.records``: :mod:`lnb.babbage.records`,
:mod:`lnb.museum.records`, :mod:`lnb.dream.records`) means the same by the same four names:

- ``load(source)``: the checked record of ``source``, a dict, JSON text (a ``str`` is always
  text, never a file name: an upload is content) or a :class:`~pathlib.Path`
  (:func:`read_source` reads it);
- ``replay(source_or_record)``: the replayed game, a :class:`Replayed` (``.state``,
  ``.finished``; a game may add more);
- ``write(state) -> dict`` the record of a state, and ``dumps(record) -> str`` its text
  (:func:`dumps`, the same in every game).

Every refusal is a ``RecordError`` with the entry and a reason as fields. The envelope
(format, edition, options, players, seed) is checked here, once; so is a record that is a
list of actions in text form (:func:`replay_actions`). A game's own module reads the rest.

>>> from pathlib import Path
>>> import lnb.babbage.data as data
>>> from lnb.core.editions import EditionFolder
>>> editions = EditionFolder(Path(data.__file__).parent, game="Lovelace & Babbage")
>>> env = read_envelope({"format": "lnb-game/1", "edition": "standard", "seed": 7,
...                      "options": {"take_that": False},
...                      "players": [{"name": "Ada", "character": "Ada Lovelace"},
...                                  {"name": "Bea", "character": "Charles Babbage"}]},
...                     format="lnb-game/1", editions=editions, options={"take_that": bool})
>>> env.edition, env.seed, env.options, [p["name"] for p in env.players]
('standard', 7, {'take_that': False}, ['Ada', 'Bea'])
>>> check_seed({"seed": "abc"})
Traceback (most recent call last):
...
lnb.core.errors.RecordError: seed: 'abc' must be a whole number (or leave it out)
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from lnb.core.editions import EditionFolder
from lnb.core.errors import LnbError, RecordError
from lnb.core.i18n import N_
from lnb.core.messages import Text

#: Seeds are whole numbers of at most this many digits (a longer one is not a seed).
SEED_DIGITS = 40

#: A record file or upload holds at most this many bytes (a whole game is a few kilobytes);
#: a larger one is refused before it is read (``/dev/zero`` would never end).
RECORD_BYTES = 1_000_000

#: A player's name in a record is cut to this many characters (a longer one ran off the
#: score table).
NAME_LIMIT = 40

#: Format characters a name keeps: the joiners inside emoji and some scripts' words.
_JOINERS = {"\u200c", "\u200d"}


@dataclass(frozen=True)
class Envelope:
    """The checked envelope of a record; ``data`` is the whole record as given."""

    format: str
    edition: str
    options: dict[str, Any]
    players: tuple[dict[str, Any], ...]
    seed: int | None
    data: Mapping[str, Any] = field(repr=False)


@dataclass(frozen=True)
class ActionsRecord(Envelope):
    """A checked record whose game is its seed and its ``actions`` in text form (the museum,
    Ada's Dream): the envelope and the actions as given (each is checked by replaying)."""

    actions: tuple[Any, ...]


class _Playable(Protocol):
    def is_terminal(self) -> bool: ...  # pragma: no cover

    def apply_action(self, action: Any) -> None: ...  # pragma: no cover


@dataclass(frozen=True)
class Replayed:
    """A replayed record: the ``state`` it reached (ready to play on when unfinished).

    >>> from lnb.core.game import get
    >>> Replayed(get("museum").new_state(["solo"], seed=1)).finished
    False
    """

    state: Any

    @property
    def finished(self) -> bool:
        """True when the record is a whole game (its state is over)."""
        return bool(self.state.is_terminal())


def short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a record can hold anything).

    >>> short("x" * 100)[:12], len(short("x" * 100))
    ("'xxxxxxxxxxx", 61)
    """
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge int, a deep list
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "…"


def clean_name(name: str) -> str:
    """A player's name as a record gives it, made safe to show: without control and format
    characters (U+202E, the right-to-left override, turned the text after it around on the
    score page; line breaks; zero-width marks) and cut to :data:`NAME_LIMIT` characters.
    The same name always cleans the same way, so every place a record names a player agrees.

    >>> clean_name("Ada\\u202e !sniw"), clean_name(" Bea\\n"), len(clean_name("x" * 10**6))
    ('Ada !sniw', 'Bea', 40)
    """
    kept = "".join(c for c in name[:NAME_LIMIT * 100]
                   if c in _JOINERS or unicodedata.category(c) not in
                   ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))
    return kept.strip()[:NAME_LIMIT].strip()


def read_record_file(path: Path) -> str:
    """The text of a record file named on the command line, read at most
    :data:`RECORD_BYTES` bytes (a byte-order mark is dropped); ``RecordError`` says why not.
    Only a :class:`~pathlib.Path` is a file: a ``str`` given to a loader is always text.

    >>> read_record_file(Path("no-such-game.json"))
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: cannot read no-such-game.json: No such file or directory
    """
    try:
        with Path(path).open("rb") as file:
            data = file.read(RECORD_BYTES + 1)
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the path
        why = getattr(exc, "strerror", None) or exc
        raise RecordError(N_("cannot read {path}: {why}"), path=str(path), why=str(why),
                          reason="unreadable") from None
    if len(data) > RECORD_BYTES:
        raise RecordError(N_("not a game record: {path} holds more than {most} bytes (a saved "
                             "game is a few thousand)"), path=str(path), most=RECORD_BYTES,
                          reason="too-big")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError(N_("not a game record: {path} is not UTF-8 text; choose a .json file "
                             "the kit saved"), path=str(path), reason="not-utf-8") from None


def read_source(source: Mapping[str, Any] | str | Path) -> Any:
    """The JSON value of a record given as a dict (as it is), as JSON text (a ``str`` is
    always text, never a file name: an upload is content) or as a file (a ``Path``, as the
    ``lnb`` command gives, read by :func:`read_record_file`); anything else raises
    ``RecordError`` (``reason``: bad-type).

    >>> read_source('{"seed": 1}'), read_source({"seed": 2})
    ({'seed': 1}, {'seed': 2})
    >>> read_source(5)
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: record: give JSON text, a file Path or a dict, not 5
    """
    if isinstance(source, Mapping):
        return source
    if isinstance(source, Path):
        return parse_record_text(read_record_file(source))
    if isinstance(source, str):
        return parse_record_text(source)
    raise RecordError(N_("record: give JSON text, a file Path or a dict, not {value!r}"),
                      value=source, entry="record", reason="bad-type",
                      expected="a str (JSON text), a Path (a file) or a dict")


def parse_record_text(text: str) -> Any:
    """The JSON value of a record's text (an upload's, or a file's), never a path: text that
    is not JSON, nested too deeply, too long or with a number of thousands of digits raises
    ``RecordError`` in one sentence (``reason``: invalid-json, too-deep, too-big,
    too-many-digits).

    >>> parse_record_text('\\ufeff{"format": "lnb-game/1"}')
    {'format': 'lnb-game/1'}
    >>> parse_record_text("/etc/hostname")
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: not a game record: invalid JSON (line 1, column 1)
    >>> parse_record_text("[" * 100_000)
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: not a game record: the JSON is nested too deeply
    """
    if len(text) > RECORD_BYTES:
        raise RecordError(N_("not a game record: more than {most} characters (a saved game is "
                             "a few thousand)"), most=RECORD_BYTES, reason="too-big")
    try:
        return json.loads(text.removeprefix("\ufeff"))  # a byte-order mark is fine
    except json.JSONDecodeError as exc:
        raise RecordError(N_("not a game record: invalid JSON (line {line}, column {column})"),
                          line=exc.lineno, column=exc.colno, why=exc.msg,
                          reason="invalid-json") from None
    except RecursionError:
        raise RecordError(N_("not a game record: the JSON is nested too deeply"),
                          reason="too-deep") from None
    except ValueError:  # a number of more than 4,300 digits
        raise RecordError(N_("not a game record: a number in it has far too many digits"),
                          reason="too-many-digits") from None


def dumps(record: Mapping[str, Any]) -> str:
    """A record as the JSON text every game saves: UTF-8 friendly, indented, a final newline.

    >>> print(dumps({"seed": 7, "players": [{"name": "Zoë"}]}), end="")
    {
     "seed": 7,
     "players": [
      {
       "name": "Zoë"
      }
     ]
    }
    """
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def check_object(value: Any, entry: str) -> dict[str, Any]:
    """``value`` if it is a JSON object, else ``RecordError`` naming ``entry``."""
    if not isinstance(value, dict):
        raise RecordError(N_("{entry}: must be an object {{...}}, not {value}"),
                          value=short(value), entry=entry, reason="not-object")
    return value


def check_format(data: Mapping[str, Any], expected: str) -> str:
    """The record's ``format``, which must be ``expected``."""
    found = data.get("format")
    if found != expected:
        raise RecordError(N_("format: {found}; this library reads {reads}"),
                          found=short(found), reads=repr(expected), entry="format",
                          text=found if isinstance(found, str) else None,
                          expected=expected, reason="format")
    return expected


def check_edition(data: Mapping[str, Any], editions: EditionFolder,
                  default: str = "standard") -> str:
    """The record's edition by name, one of the game's own (never a path)."""
    name = data.get("edition", default)
    try:
        return editions.check(name)
    except LnbError as exc:
        raise exc.as_family(RecordError, Text(N_("{where}: "), where="edition"),
                            entry="edition") from None


def check_options(data: Mapping[str, Any], known: Mapping[str, type | tuple[type, ...]],
                  strict: bool = True) -> dict[str, Any]:
    """The record's ``options`` (an object): each known name with a value of its type;
    an unknown name is refused, naming the known ones (``strict``), or kept as it is."""
    options = check_object(data.get("options", {}), "options")
    for name, value in options.items():
        if name not in known and not strict:
            continue
        if name not in known:
            raise RecordError(N_("options: {name} is not an option; options are {known}"),
                              name=short(name), known=", ".join(known),
                              entry=f"options.{name}", expected=tuple(known),
                              reason="unknown-option")
        kind = known[name]
        wrong_bool = isinstance(value, bool) and kind is int
        if not isinstance(value, kind) or wrong_bool:
            raise RecordError(N_("{entry}: {value} must be {kind}"), value=short(value),
                              kind=getattr(kind, "__name__", None)
                              or Text(N_("of another type")),
                              entry=f"options.{name}", reason="wrong-type")
    return dict(options)


def check_players(data: Mapping[str, Any], low: int = 2, high: int = 4,
                  fields: Sequence[str] = ("name", "character")) -> tuple[dict[str, Any], ...]:
    """The record's ``players``: ``low`` to ``high`` objects, each with text ``fields``,
    names distinct; each ``name`` as :func:`clean_name` makes it (a copy: the record is
    not changed)."""
    players = data.get("players")
    example = ", ".join(f'"{f}": ...' for f in fields)
    if not isinstance(players, list) or not low <= len(players) <= high or not all(
            isinstance(p, dict) and all(isinstance(p.get(f), str) for f in fields)
            for p in players):
        raise RecordError(N_("players: give {low} to {high} players, each {{{example}}}"),
                          low=low, high=high, example=example, entry="players",
                          reason="players")
    if fields[0] == "name":  # names as shown: no control characters, not too long
        players = [{**p, "name": clean_name(p["name"])} for p in players]
        if not all(p["name"] for p in players):
            raise RecordError(N_("players: a name is empty (or only invisible characters)"),
                              entry="players", reason="empty-name")
    names = [p[fields[0]] for p in players]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise RecordError(N_("players: {name} is named twice; names must differ"),
                          name=short(twice),
                          entry="players", player=twice, reason="duplicate-player")
    return tuple(players)


def check_seed(data: Mapping[str, Any]) -> int | None:
    """The record's ``seed``: a whole number (not a bool) of at most ``SEED_DIGITS`` digits,
    or absent/None."""
    seed = data.get("seed")
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(N_("seed: {value} must be a whole number (or leave it out)"),
                          value=short(seed), entry="seed", reason="wrong-type")
    if seed.bit_length() > SEED_DIGITS * 3.33:
        raise RecordError(N_("seed: a number of more than {most} digits is not a seed"),
                          most=SEED_DIGITS, entry="seed", reason="too-long")
    return seed


def read_envelope(data: Any, *, format: str, editions: EditionFolder,
                  options: Mapping[str, type | tuple[type, ...]],
                  players: tuple[int, int] = (2, 4),
                  player_fields: Sequence[str] = ("name", "character"),
                  strict_options: bool = True) -> Envelope:
    """Check a record's envelope (the record must be an object) and return it."""
    data = check_object(data, "record")
    fmt = check_format(data, format)
    edition = check_edition(data, editions)
    opts = check_options(data, options, strict_options)
    people = check_players(data, *players, fields=player_fields)
    seed = check_seed(data)
    return Envelope(fmt, edition, opts, people, seed, data)


def check_actions(data: Mapping[str, Any]) -> tuple[Any, ...]:
    """The record's ``actions``: a list (each entry is checked when it is replayed)."""
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(Text(N_("actions: must be a list of actions as text, not {value}"),
                               value=short(actions)), entry="actions", reason="not-list")
    return tuple(actions)


def replay_actions(state: _Playable, actions: Sequence[Any],
                   parse: Callable[[str], Any] | None = None, example: str = "") -> Any:
    """Apply ``actions`` (a record's, in text form) to ``state`` in order, each read by
    ``parse`` (none: the state reads the text itself), and return the state. Each refusal is
    a ``RecordError`` naming the entry (``actions[3]``, in ``entry``) and quoting the text
    (``text``): an entry that is not text (``reason``: wrong-type; ``example`` shows one),
    one after the game is over (after-end), or the game's own error with its fields.

    >>> from lnb.core.game import get
    >>> state = get("museum").new_state(["solo"], seed=1)
    >>> replay_actions(state, ["place 6b r0 @A4", 5], example="skip 1")
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: actions[1]: 5 must be an action as text, e.g. 'skip 1'
    """
    for index, text in enumerate(actions):
        entry = f"actions[{index}]"
        if not isinstance(text, str):
            raise RecordError(Text(N_("{entry}: {value} must be an action as text, e.g. "
                                      "{example!r}"), entry=entry, value=short(text),
                                   example=example), entry=entry, reason="wrong-type")
        if state.is_terminal():
            raise RecordError(Text(N_("{entry} {value}: the game was over already"),
                                   entry=entry, value=short(text)),
                              entry=entry, text=text, reason="after-end")
        try:
            state.apply_action(text if parse is None else parse(text))
        except LnbError as exc:
            where = Text(N_("{entry} {value}: "), entry=entry, value=short(text))
            raise exc.as_family(RecordError, where, entry=entry, text=text) from None
    return state
