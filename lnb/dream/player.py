"""One player's board: resources, Innovation, tracks, Store, Mill, cards, Gears and discs.

>>> from lnb.dream.edition import Edition
>>> p = PlayerState.new("Ada", Edition.load("classroom"), seat=1)
>>> p.money, p.discs, len(p.store), p.open_gear_spaces(Edition.load("classroom"))
(4, 6, 3, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lnb.dream.dice import Die
from lnb.dream.edition import COLOURS, RESOURCES, Colour, Edition


@dataclass
class PlayerState:
    """Everything on one Player board and in one player's hand (mutable; the State owns it)."""

    name: str
    money: int = 0
    coal: int = 0
    brass: int = 0
    books: int = 0
    innovation: int = 0
    prestige: int = 0
    discs: int = 0
    research: dict[Colour, int] = field(default_factory=dict)
    tokens: dict[Colour, int] = field(default_factory=dict)
    store: list[Die | None] = field(default_factory=list)
    mill: dict[str, Die] = field(default_factory=dict)
    programs: dict[str, str] = field(default_factory=dict)
    columns: dict[Colour, list[str]] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    playing: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    gears: list[str] = field(default_factory=list)
    places: list[str] = field(default_factory=list)
    turns: int = 0

    @classmethod
    def new(cls, name: str, edition: Edition, seat: int = 0) -> PlayerState:
        """A player at the start: the edition's resources (later seats a little more £)."""
        p = cls(name, discs=edition.discs, store=[None] * edition.store_slots,
                research=dict.fromkeys(COLOURS, 0), columns={c: [] for c in COLOURS})
        for resource, amount in edition.start:
            setattr(p, resource, amount)
        p.money += seat * edition.seat_money
        return p

    def copy(self) -> PlayerState:
        """An independent copy (for a clone of the game)."""
        return PlayerState(
            self.name, self.money, self.coal, self.brass, self.books, self.innovation,
            self.prestige, self.discs, dict(self.research), dict(self.tokens), list(self.store),
            dict(self.mill), dict(self.programs), {c: list(v) for c, v in self.columns.items()},
            list(self.deck), list(self.hand), list(self.discard), list(self.playing),
            list(self.removed), list(self.gears), list(self.places), self.turns)

    def supply(self) -> list[str]:
        """Deck, hand, discard pile and the card being played: always eight cards."""
        return [*self.deck, *self.hand, *self.discard, *self.playing]

    def resource(self, name: str) -> int:
        return int(getattr(self, name))

    def can_pay(self, cost: tuple[tuple[str, int], ...]) -> bool:
        """True when every part of ``cost`` can be paid in its own resource."""
        return all(self.resource(r) >= n for r, n in cost)

    def pay(self, cost: tuple[tuple[str, int], ...]) -> None:
        for r, n in cost:
            setattr(self, r, self.resource(r) - n)

    def die_at(self, where: str) -> Die:
        """The die in Mill cell ``where`` (``B3``) or in Store slot ``S`` + number (``S2``)."""
        if where.startswith("S"):
            die = self.store[int(where[1:]) - 1]
            assert die is not None
            return die
        return self.mill[where]

    def put_die(self, where: str, die: Die) -> None:
        """Put ``die`` in Mill cell or Store slot ``where`` (see :meth:`die_at`)."""
        if where.startswith("S"):
            self.store[int(where[1:]) - 1] = die
        else:
            self.mill[where] = die

    def resources(self) -> dict[str, int]:
        return {r: self.resource(r) for r in RESOURCES}

    def open_gear_spaces(self, edition: Edition) -> int:
        """Gear spaces opened by discs taken off the board and not yet built on."""
        return edition.discs - self.discs - len(self.gears)

    def assignments(self) -> int:
        return sum(len(v) for v in self.columns.values())
