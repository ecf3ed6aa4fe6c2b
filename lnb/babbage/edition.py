"""Editions as data: board, tokens, Patrons, Influence types, characters and Subroutines.

The standard edition lives in ``lnb/babbage/data/standard.json``; another edition is another file.
A broken file fails at load time with a message naming the entry.

>>> ed = Edition.load()
>>> ed.name, len(ed.tokens), len(ed.patrons), len(ed.characters)
('standard', 26, 28, 4)
>>> ed.patron(58).name, ed.patron(58).types
('Alfred, Lord Tennyson', ('Art', 'Science'))
>>> ed.character("Ada Lovelace").subroutine(23).effect
<Effect.SIGMA: 'SIGMA'>
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from lnb.babbage.components import Component, Kind
from lnb.babbage.errors import LnbError
from lnb.core.editions import EditionFolder, EditionReader, parse_json
from lnb.core.i18n import N_
from lnb.core.messages import Text

BASE_LEVELS = ("A", "B")
LEVELS = ("A", "B", "C", "D", "E")
RACKS = (1, 2, 3, 4)

#: The editions of Lovelace & Babbage the kit ships (``lnb/babbage/data/*.json``).
EDITIONS = EditionFolder(Path(__file__).resolve().parent / "data", game="Lovelace & Babbage")


class Effect(enum.Enum):
    """The eight Subroutine effects of RULES.md §3 (their rules are code, their text data)."""

    SIGMA = "SIGMA"
    NEAR = "NEAR"
    EXTRA = "EXTRA"
    DOUBLE = "DOUBLE"
    SLOW = "SLOW"
    BOTH = "BOTH"
    RESERVE = "RESERVE"
    CHOICE = "CHOICE"


@dataclass(frozen=True)
class Patron:
    """A Patron card: value, name and its two Primary Influence types (first printed first)."""

    value: int
    name: str
    types: tuple[str, str]


@dataclass(frozen=True)
class Subroutine:
    """A Subroutine card: the number to hit, its effect, and whether it is a take-that card."""

    target: int
    effect: Effect
    character: str
    take_that: bool = False


@dataclass(frozen=True)
class Character:
    """A character and its six Subroutines."""

    name: str
    subroutines: tuple[Subroutine, ...]

    def subroutine(self, target: int) -> Subroutine:
        """The Subroutine with this number, or a clear error listing the right ones."""
        for sub in self.subroutines:
            if sub.target == target:
                return sub
        numbers = ", ".join(f"{s.target:02d}" for s in self.subroutines)
        raise LnbError(N_("{name} has no Subroutine {target:02d}; choose one of {numbers}"),
                       name=self.name, target=target, numbers=numbers,
                       reason="no-such-subroutine",
                       expected=tuple(s.target for s in self.subroutines))


@dataclass(frozen=True)
class Edition:
    """Everything an edition defines; rules that are the same in every edition stay in code."""

    name: str
    title: str
    start_value: int
    operation_limit: int
    influence_types: tuple[str, ...]
    board: Mapping[str, tuple[Component, ...]]
    token_levels: tuple[str, ...]
    tokens: tuple[Component, ...]
    max_set_to_per_level: int
    engine_bonus: Mapping[str, int]
    patrons_revealed: Mapping[int, int]
    patrons: tuple[Patron, ...]
    effects: Mapping[Effect, str]
    characters: tuple[Character, ...]
    majority_points: tuple[int, ...]
    subroutine_points: tuple[int, ...]
    debug_penalty: int
    max_debugs: int
    _patron_index: dict[int, Patron] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def load(cls, name: str = "standard") -> Edition:
        """Load an edition shipped with the package by name (cached). Only the names in
        :data:`EDITIONS` are read: anything else (a path, a typo) is refused, naming them.

        >>> Edition.load("../standard")
        Traceback (most recent call last):
        ...
        lnb.core.errors.EditionError: no edition named '../standard'; Lovelace & Babbage has: standard
        """  # noqa: E501
        return _load(EDITIONS.check(name))

    @classmethod
    def from_file(cls, path: str | Path) -> Edition:
        """Load an edition from a JSON file of the same shape as ``standard.json``."""
        path = Path(path)
        return cls.from_json(path.read_text("utf-8"), source=str(path))

    @classmethod
    def from_json(cls, text: str, source: str = "edition") -> Edition:
        """Parse and validate an edition's JSON text."""
        return _EditionReader(parse_json(text, source), source).read()

    def patron(self, value: int) -> Patron:
        """The Patron with this value."""
        try:
            return self._patron_index[value]
        except KeyError:
            raise LnbError(N_("no Patron has the value {value:02d} in the {edition} edition"),
                           value=value, edition=self.name, reason="no-such-patron") from None

    def character(self, name: str) -> Character:
        """The character with this name (case does not matter)."""
        for ch in self.characters:
            if ch.name.lower() == str(name).lower():
                return ch
        names = ", ".join(ch.name for ch in self.characters)
        raise LnbError(N_("no character named {name!r}; choose one of {names}"), name=name,
                       names=names, reason="no-such-character",
                       expected=tuple(ch.name for ch in self.characters))

    def subroutine(self, target: int) -> Subroutine:
        """The Subroutine with this number, whoever owns it (first found)."""
        for ch in self.characters:
            for sub in ch.subroutines:
                if sub.target == target:
                    return sub
        raise LnbError(N_("no Subroutine {target:02d} in the {edition} edition"), target=target,
                       edition=self.name, reason="no-such-subroutine")


@cache
def _load(name: str) -> Edition:
    return Edition.from_json(EDITIONS.read_text(name), source=f"{name}.json")


class _EditionReader(EditionReader):
    """Validates Lovelace & Babbage's edition data (the checks shared by every game's
    editions are :class:`lnb.core.editions.EditionReader`'s)."""

    def token(self, entry: str, text: Any) -> Component:
        try:
            return Component.parse_token(text)
        except LnbError as exc:
            raise self.fail(entry, Text("{why}", why=exc), reason=exc.reason or "invalid") from None

    def read(self) -> Edition:
        types = tuple(self.get("influence_types", list))
        if len(set(types)) != len(types) or not all(isinstance(t, str) for t in types):
            raise self.fail("influence_types", N_("must be distinct names"))
        board_raw = self.get("board", dict)
        board: dict[str, tuple[Component, ...]] = {}
        for level, tokens in board_raw.items():
            if level not in LEVELS or not isinstance(tokens, list) or len(tokens) != len(RACKS):
                raise self.fail(f"board.{level}", N_("must be a level A-E with four tokens"))
            board[level] = tuple(
                self.token(f"board.{level}[{i + 1}]", t) for i, t in enumerate(tokens)
            )
        token_levels = tuple(self.get("token_levels", list))
        if set(token_levels) & set(board) or not set(token_levels) <= set(LEVELS):
            raise self.fail("token_levels", Text(N_("must be levels A-E not on the board: "
                                                    "{levels}"), levels=token_levels))
        tokens = tuple(
            self.token(f"tokens[{i}]", t) for i, t in enumerate(self.get("tokens", list))
        )
        max_set = self.get("max_set_to_per_level", int)
        if sum(1 for t in tokens if t.kind is not Kind.SET_TO) < len(token_levels) * (4 - max_set):
            raise self.fail("tokens", N_("too few non-Set-To tokens to fill every level"))
        patrons = []
        for i, raw in enumerate(self.get("patrons", list)):
            entry = f"patrons[{i}]"
            if not isinstance(raw, dict):
                raise self.fail(entry, N_("must be an object with value, name, types"))
            value, name, ptypes = raw.get("value"), raw.get("name"), raw.get("types")
            if not isinstance(value, int) or not 0 <= value <= 99:
                raise self.fail(entry, Text(N_("value must be 00-99, not {value!r}"), value=value))
            if not isinstance(name, str) or not name:
                raise self.fail(f"{entry} ({value})", N_("name missing"))
            if not isinstance(ptypes, list) or len(ptypes) != 2 or ptypes[0] == ptypes[1]:
                raise self.fail(f"{entry} ({name})", N_("types must be two different types"))
            for t in ptypes:
                if t not in types:
                    raise self.fail(f"{entry} ({name})", Text(N_("unknown Influence type "
                                                                 "{kind!r}"), kind=t))
            patrons.append(Patron(value, name, (ptypes[0], ptypes[1])))
        values = [p.value for p in patrons]
        dupes = sorted({v for v in values if values.count(v) > 1})
        if dupes:
            raise self.fail("patrons", Text(N_("values must be unique; repeated: {values}"),
                                            values=dupes))
        effects_raw = self.get("effects", dict)
        effects = {}
        for key, text in effects_raw.items():
            try:
                effects[Effect(key)] = str(text)
            except ValueError:
                raise self.fail(f"effects.{key}", N_("unknown effect")) from None
        characters = []
        for i, raw in enumerate(self.get("characters", list)):
            entry = f"characters[{i}]"
            if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
                raise self.fail(entry, N_("must be an object with name and subroutines"))
            cname = raw["name"]
            subs = []
            for j, sraw in enumerate(raw.get("subroutines") or []):
                sentry = f"{entry} ({cname}).subroutines[{j}]"
                target = sraw.get("target") if isinstance(sraw, dict) else None
                if not isinstance(target, int) or not 0 <= target <= 99:
                    raise self.fail(sentry, Text(N_("target must be 00-99, not {value!r}"),
                                                 value=target))
                try:
                    effect = Effect(sraw.get("effect"))
                except ValueError:
                    raise self.fail(sentry, Text(N_("unknown effect {value!r}"),
                                                 value=sraw.get("effect"))) from None
                subs.append(Subroutine(target, effect, cname, bool(sraw.get("take_that"))))
            if len({s.target for s in subs}) != len(subs) or not subs:
                raise self.fail(f"{entry} ({cname})", N_("needs Subroutines with distinct targets"))
            characters.append(Character(cname, tuple(subs)))
        revealed = {}
        for key, count in self.get("patrons_revealed", dict).items():
            if not str(key).isdigit() or not isinstance(count, int) or count < 1:
                raise self.fail(f"patrons_revealed.{key}",
                                N_("must map a player count to a number"))
            revealed[int(key)] = count
        engine_bonus = self.get("engine_bonus", dict)
        for level in token_levels:
            if not isinstance(engine_bonus.get(level), int):
                raise self.fail(f"engine_bonus.{level}", N_("missing or not a number"))
        start = self.get("start_value", int)
        if not 0 <= start <= 99:
            raise self.fail("start_value", N_("must be 00-99"))
        edition = Edition(
            name=self.get("name", str),
            title=self.get("title", str),
            start_value=start,
            operation_limit=self.get("operation_limit", int),
            influence_types=types,
            board=board,
            token_levels=token_levels,
            tokens=tokens,
            max_set_to_per_level=max_set,
            engine_bonus=dict(engine_bonus),
            patrons_revealed=revealed,
            patrons=tuple(patrons),
            effects=effects,
            characters=tuple(characters),
            majority_points=tuple(self.get("majority_points", list)),
            subroutine_points=tuple(self.get("subroutine_points", list)),
            debug_penalty=self.get("debug_penalty", int),
            max_debugs=self.get("max_debugs", int),
        )
        edition._patron_index.update({p.value: p for p in patrons})
        return edition
