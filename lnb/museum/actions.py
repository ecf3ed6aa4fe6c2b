"""The pupil's actions as small frozen values, each with a text form and ``parse``.

========================  ===============================================================
``place 3a r1f @C5``      use a die showing 3 to take shape ``3a`` and draw it, flipped and
                          turned once, its anchor cell on C5 (``place 7a ...``/``8a``: a
                          shape the key or the apple gave)
``wild 0b r2 @B2``        use a wild shape: any shape of the wheel
``write 4 on violin``     use a die showing 4: write it on a die-icon of the violin
``reroll 3,5``            one re-roll opportunity: roll again the dice showing 3 and 5
``return 3``              after the crowbar or binoculars: move 3 Used dice to the Reserve
``skip 4``                set aside a die showing 4 that has no legal use
========================  ===============================================================

>>> a = parse_action("place 3a r1f @c5")
>>> a, str(a)
(Place.parse('place 3a r1f @C5'), 'place 3a r1f @C5')
>>> parse_action("write 4 on violin").value, parse_action("reroll 5,3").values
(4, (3, 5))
>>> str(parse_action("wild 0a @B2"))  # no orientation: r0
'wild 0a r0 @B2'
>>> parse_action("jump 3")
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: action 'jump 3': start with place, wild, write, reroll, ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.museum.museum import Square
from lnb.museum.shapes import Orientation

_SHAPE = re.compile(r"[0-8][a-c]")


def _bad(text: str, fix: str, reason: str = "bad-action") -> BadInputError:
    """The error for the action ``text``; ``fix`` (a template marked for the catalog, or a
    :class:`Text`) says how to write it."""
    fix = fix if isinstance(fix, Text) else Text(fix)
    return BadInputError(Text(N_("action {text!r}: {fix}"), text=text, fix=fix), text=text,
                         reason=reason)


def _die(value: object, text: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise _bad(text, Text(N_("a die shows 1 to 6, not {value!r}"), value=value), "bad-die")
    return value


@dataclass(frozen=True)
class _Drawing:
    """A shape drawn on the map: which, how it lies, where its anchor cell goes."""

    shape: str
    orientation: Orientation
    anchor: Square
    verb: ClassVar[str] = ""

    def __post_init__(self) -> None:
        text = f"{self.verb} {self.shape}"
        if not isinstance(self.shape, str) or not _SHAPE.fullmatch(self.shape):
            raise _bad(text, N_("name a shape of the wheel like 3a (its spoke, then a, b or c)"),
                       "bad-shape")
        if isinstance(self.orientation, str):
            object.__setattr__(self, "orientation", Orientation.parse(self.orientation))
        if not isinstance(self.orientation, Orientation):
            raise _bad(text, N_("give an orientation like r1f"), "bad-orientation")
        if not isinstance(self.anchor, Square):
            object.__setattr__(self, "anchor", Square.parse(self.anchor))

    @classmethod
    def parse(cls, text: str) -> _Drawing:
        found = re.fullmatch(rf"\s*{cls.verb}\s+([0-8][a-cA-C])(?:\s+(r[0-3]f?))?\s*@\s*"
                             r"([A-Za-z][0-9]{1,2})\s*", text, re.IGNORECASE)
        if found is None:
            raise _bad(text, Text(N_("write it like '{verb} 3a r1f @C5' (shape, orientation, "
                                     "anchor square)"), verb=cls.verb))
        shape, orientation, anchor = found.groups()
        return cls(shape.lower(), Orientation.parse(orientation or "r0"), Square.parse(anchor))

    def __str__(self) -> str:
        return f"{self.verb} {self.shape} {self.orientation} @{self.anchor}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse({str(self)!r})"


@dataclass(frozen=True, repr=False)
class Place(_Drawing):
    """Take a shape with a die of its spoke's value (or one the key or apple gave) and draw it.
    """

    verb: ClassVar[str] = "place"

    @property
    def value(self) -> int:
        """The die value this takes (7 and 8: an ability's shape, no die)."""
        return int(self.shape[0])


@dataclass(frozen=True, repr=False)
class Wild(_Drawing):
    """Draw any shape of the wheel with one wild shape."""

    verb: ClassVar[str] = "wild"


@dataclass(frozen=True)
class Write:
    """Write a die's value on a die-icon of a collected evidence."""

    value: int
    evidence: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _die(self.value, f"write {self.value}"))
        if not isinstance(self.evidence, str) or not self.evidence.strip():
            raise _bad(f"write {self.value} on {self.evidence}", N_("name the evidence, "
                       "e.g. 'write 4 on violin'"), "bad-evidence")

    @classmethod
    def parse(cls, text: str) -> Write:
        found = re.fullmatch(r"\s*write\s+(\d+)\s+on\s+([a-z]+)\s*", text, re.IGNORECASE)
        if found is None:
            raise _bad(text, N_("write it like 'write 4 on violin'"))
        return cls(int(found.group(1)), found.group(2).lower())

    def __str__(self) -> str:
        return f"write {self.value} on {self.evidence}"

    def __repr__(self) -> str:
        return f"Write.parse({str(self)!r})"


@dataclass(frozen=True)
class Reroll:
    """Use one re-roll opportunity on 1 or 2 unused dice in hand (named by their values)."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        values = self.values
        if isinstance(values, int):
            values = (values,)
        values = tuple(sorted(_die(v, "reroll") for v in values))
        if not 1 <= len(values) <= 2:
            raise _bad(f"reroll {values}", N_("re-roll 1 or 2 dice, e.g. 'reroll 3,5'"),
                       "bad-reroll")
        object.__setattr__(self, "values", values)

    @classmethod
    def parse(cls, text: str) -> Reroll:
        found = re.fullmatch(r"\s*reroll\s+(\d)\s*(?:,\s*(\d)\s*)?", text, re.IGNORECASE)
        if found is None:
            raise _bad(text, N_("write it like 'reroll 3' or 'reroll 3,5'"))
        return cls(tuple(int(v) for v in found.groups() if v is not None))

    def __str__(self) -> str:
        return "reroll " + ",".join(str(v) for v in self.values)

    def __repr__(self) -> str:
        return f"Reroll.parse({str(self)!r})"


@dataclass(frozen=True)
class Return:
    """After the crowbar's or binoculars' ability: move ``count`` Used dice to the Reserve."""

    count: int

    def __post_init__(self) -> None:
        if not isinstance(self.count, int) or isinstance(self.count, bool) \
                or not 0 <= self.count <= 6:
            raise _bad(f"return {self.count}", N_("return 0 to 3 dice, e.g. 'return 3'"),
                       "bad-return")

    @classmethod
    def parse(cls, text: str) -> Return:
        found = re.fullmatch(r"\s*return\s+(\d)\s*", text, re.IGNORECASE)
        if found is None:
            raise _bad(text, N_("write it like 'return 3'"))
        return cls(int(found.group(1)))

    def __str__(self) -> str:
        return f"return {self.count}"

    def __repr__(self) -> str:
        return f"Return.parse({str(self)!r})"


@dataclass(frozen=True)
class Skip:
    """Set aside a die that has no legal use (it goes to Used unused)."""

    value: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _die(self.value, f"skip {self.value}"))

    @classmethod
    def parse(cls, text: str) -> Skip:
        found = re.fullmatch(r"\s*skip\s+(\d+)\s*", text, re.IGNORECASE)
        if found is None:
            raise _bad(text, N_("write it like 'skip 4'"))
        return cls(int(found.group(1)))

    def __str__(self) -> str:
        return f"skip {self.value}"

    def __repr__(self) -> str:
        return f"Skip.parse({str(self)!r})"


Action = Place | Wild | Write | Reroll | Return | Skip

_VERBS: dict[str, type] = {"place": Place, "wild": Wild, "write": Write, "reroll": Reroll,
                           "return": Return, "skip": Skip}


def parse_action(text: str) -> Action:
    """Any action from its text form."""
    if not isinstance(text, str):
        raise BadInputError(Text(N_("an action is text like 'place 3a r1f @C5', not "
                                    "{value!r}"), value=text), reason="bad-action")
    verb = text.strip().split(" ", 1)[0].lower()
    if verb not in _VERBS:
        raise _bad(text, N_("start with place, wild, write, reroll, return or skip"))
    return _VERBS[verb].parse(text)  # type: ignore[no-any-return]
