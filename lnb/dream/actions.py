"""Actions: every decision of a turn as a small frozen value with a text form.

The text form is ``<player>: <verb> <arguments>``; :func:`parse_action` reads it back, and a
record stores a game as these lines.

>>> Place("Ada", 2, "B3")
Place(player='Ada', slot=2, cell='B3')
>>> str(Place("Ada", 2, "B3")), parse_action("Ada: place 2 B3") == Place("Ada", 2, "B3")
('Ada: place 2 B3', True)
>>> parse_action("Bea: partner faraday hand clerk")
TakePartner(player='Bea', partner='faraday', pile='hand', remove='clerk')
>>> parse_action("Bea: fly")
Traceback (most recent call last):
...
lnb.dream.errors.InvalidActionError: 'Bea: fly': 'fly' is not an action; actions are area, assignment, bonus, build, collect, discard, join, move, partner, pass, pay, place, play, program, publish, research, turn, visit
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from lnb.core.i18n import N_
from lnb.core.messages import Listing
from lnb.dream.edition import Area, Colour
from lnb.dream.errors import InvalidActionError
from lnb.dream.mill import CELLS, LINES


@dataclass(frozen=True)
class Action:
    """Base of every action: who takes it."""

    player: str
    verb: ClassVar[str] = ""

    def __post_init__(self) -> None:
        if not isinstance(self.player, str) or not self.player.strip() or ":" in self.player:
            raise InvalidActionError(N_("{text!r}: give the player's name, e.g. 'Ada'"),
                                     text=self.player, entry="player", reason="bad-action")
        for name, kind in _params(type(self)):
            value = getattr(self, name)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise InvalidActionError(N_("{text!r}: {entry} must be a {kind}"),
                                         text=value, entry=name, kind=kind.__name__,
                                         reason="bad-action")
        self.check()

    def check(self) -> None:
        """A subclass's own checks of its fields (raise ``InvalidActionError``)."""

    @classmethod
    def trusted(cls, player: str, *values: object) -> Action:
        """An action the rules themselves list (its fields are known good): made without
        the checks, which cost more than the rest of a listing."""
        action = object.__new__(cls)
        object.__setattr__(action, "player", player)
        for (name, _kind), value in zip(_params(cls), values, strict=True):
            object.__setattr__(action, name, value)
        return action

    def arguments(self) -> tuple[object, ...]:
        """The action's values after its player, in order."""
        return tuple(getattr(self, name) for name, _kind in _params(type(self)))

    def notation(self) -> str:
        """The action without its player: ``place 2 B3``."""
        return " ".join((self.verb, *(str(a) for a in self.arguments())))

    def __str__(self) -> str:
        return f"{self.player}: {self.notation()}"

    def _bad(self, entry: str, value: object, expected: tuple[str, ...]) -> InvalidActionError:
        return InvalidActionError(N_("{text!r}: {entry} is one of {choices}"), text=value,
                                  entry=entry, expected=expected,
                                  choices=Listing(expected, "or"), reason="bad-action")


_PARAMS: dict[type, tuple[tuple[str, type], ...]] = {}


def _params(cls: type) -> tuple[tuple[str, type], ...]:
    """The fields of an action after ``player``, with their types (worked out once)."""
    found = _PARAMS.get(cls)
    if found is None:
        found = tuple((f.name, int if f.type in ("int", int) else str)
                      for f in fields(cls)[1:])
        _PARAMS[cls] = found
    return found


def _one_of(action: Action, entry: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise action._bad(entry, value, choices)


_COLOURS = tuple(c.value for c in Colour if c is not Colour.GREY)
#: The Store's slots as a ``turn`` names them (``S1``...).
STORE = tuple(f"S{i}" for i in range(1, 10))


@dataclass(frozen=True)
class Collect(Action):
    """A Workshop turn: take the die of Workshop space ``space`` (1–6) into the Store."""

    space: int
    verb: ClassVar[str] = "collect"

    def check(self) -> None:
        if not 1 <= self.space <= 9:
            raise self._bad("space", self.space, tuple(str(i) for i in range(1, 7)))


@dataclass(frozen=True)
class Place(Action):
    """An Actions turn: move the die of Store slot ``slot`` into Mill cell ``cell``."""

    slot: int
    cell: str
    verb: ClassVar[str] = "place"

    def check(self) -> None:
        _one_of(self, "cell", self.cell, CELLS)


@dataclass(frozen=True)
class ChooseArea(Action):
    """A grey die: the area whose main action it takes."""

    area: str
    verb: ClassVar[str] = "area"

    def check(self) -> None:
        _one_of(self, "area", self.area, tuple(a.value for a in Area))


@dataclass(frozen=True)
class TakeProgram(Action):
    """Take a Program from the display and put it beside a free line of your Mill."""

    program: str
    line: str
    verb: ClassVar[str] = "program"

    def check(self) -> None:
        _one_of(self, "line", self.line, LINES)


@dataclass(frozen=True)
class TakeAssignment(Action):
    """Take an Assignment from the display and tuck it in the ``column`` of a colour."""

    assignment: str
    column: str
    verb: ClassVar[str] = "assignment"

    def check(self) -> None:
        _one_of(self, "column", self.column, _COLOURS)


@dataclass(frozen=True)
class TakePartner(Action):
    """Gain a Partner from the display; remove card ``remove`` of your ``pile`` (``hand`` or
    ``discard``) from the game, so your supply stays eight."""

    partner: str
    pile: str
    remove: str
    verb: ClassVar[str] = "partner"

    def check(self) -> None:
        _one_of(self, "pile", self.pile, ("hand", "discard"))


@dataclass(frozen=True)
class Visit(Action):
    """Travel: place a disc on a University or Small City and take its reward."""

    place: str
    verb: ClassVar[str] = "visit"


@dataclass(frozen=True)
class Join(Action):
    """Institutions: gain resources by the die's value and place a disc in an Institution."""

    institution: str
    verb: ClassVar[str] = "join"


@dataclass(frozen=True)
class MoveDisc(Action):
    """No disc left on your board: the disc comes from this place of the main board."""

    place: str
    verb: ClassVar[str] = "move"


@dataclass(frozen=True)
class Play(Action):
    """Play a Partner card from your hand."""

    card: str
    verb: ClassVar[str] = "play"


@dataclass(frozen=True)
class Research(Action):
    """One Research on the track of a colour."""

    track: str
    verb: ClassVar[str] = "research"

    def check(self) -> None:
        _one_of(self, "track", self.track, _COLOURS)


@dataclass(frozen=True)
class Discard(Action):
    """Discard a Partner card from your hand."""

    card: str
    verb: ClassVar[str] = "discard"


@dataclass(frozen=True)
class Bonus(Action):
    """Innovation reached 6: spend 2 for this Workshop bonus."""

    bonus: str
    verb: ClassVar[str] = "bonus"


@dataclass(frozen=True)
class Pay(Action):
    """Pay for an effect that asks a payment."""

    verb: ClassVar[str] = "pay"


@dataclass(frozen=True)
class Publish(Action):
    """End of turn: spend a Book for the Publish action of the area you used."""

    verb: ClassVar[str] = "publish"


@dataclass(frozen=True)
class Build(Action):
    """End of turn: build a Gear on an open Gear space."""

    gear: str
    verb: ClassVar[str] = "build"


@dataclass(frozen=True)
class TurnDie(Action):
    """The Mill turn (an edition's rule): the die just moved, into Mill cell ``where``
    (``B3``) or Store slot ``where`` (``S2``), turned one up or down, to show ``face``."""

    where: str
    face: int
    verb: ClassVar[str] = "turn"

    def check(self) -> None:
        _one_of(self, "where", self.where, (*CELLS, *STORE))
        if not 1 <= self.face <= 6:
            raise self._bad("face", self.face, tuple(str(i) for i in range(1, 7)))


@dataclass(frozen=True)
class Pass(Action):
    """Take nothing (an optional choice: play no card, no bonus, neither Publish nor Gear)."""

    verb: ClassVar[str] = "pass"


ACTIONS: tuple[type[Action], ...] = (Collect, Place, ChooseArea, TakeProgram, TakeAssignment,
                                     TakePartner, Visit, Join, MoveDisc, Play, Research,
                                     Discard, Bonus, Pay, Publish, Build, TurnDie, Pass)
_BY_VERB = {cls.verb: cls for cls in ACTIONS}
_ORDER = {cls: i for i, cls in enumerate(ACTIONS)}


def action_sort_key(action: Action) -> tuple[Any, ...]:
    """Sorts actions by kind, then by their arguments (numbers as numbers)."""
    return (_ORDER[type(action)], action.player, action.arguments())


def parse_action(text: str) -> Action:
    """Read ``<player>: <verb> <arguments>`` back into its action."""
    if not isinstance(text, str):
        raise InvalidActionError(N_("{text!r} is not an action; write e.g. 'Ada: collect 3'"),
                                 text=text, reason="bad-action")
    player, sep, rest = text.rpartition(": ")
    words = rest.split()
    if not sep or not words:
        raise InvalidActionError(N_("{text!r} is not an action; write e.g. 'Ada: collect 3'"),
                                 text=text, reason="bad-action")
    cls = _BY_VERB.get(words[0])
    if cls is None:
        raise InvalidActionError(N_("{text!r}: {verb!r} is not an action; actions are "
                                    "{verbs}"), text=text, verb=words[0],
                                 verbs=", ".join(sorted(_BY_VERB)),
                                 expected=tuple(sorted(_BY_VERB)), reason="unknown-action")
    params = fields(cls)[1:]
    if len(words) - 1 != len(params):
        raise InvalidActionError(N_("{text!r}: {verb} takes {count} words after it"),
                                 text=text, verb=words[0], count=len(params),
                                 reason="bad-action")
    values: list[object] = []
    for f, word in zip(params, words[1:], strict=False):
        if f.type in ("int", int):
            if not word.isdigit():
                raise InvalidActionError(N_("{text!r}: {entry} must be a number, not "
                                            "{word!r}"), text=text, entry=f.name, word=word,
                                         reason="bad-action")
            values.append(int(word))
        else:
            values.append(word)
    return cls(player, *values)
