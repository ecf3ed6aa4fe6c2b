"""Chance: every random event of a game, from one seeded generator or from a record.

The rules never call ``random`` themselves. A live game draws from ``RandomChance`` (a seeded
``random.Random``); a replayed record answers the same questions with ``ScriptedChance``,
which checks that what the record says could have been drawn.

>>> from lnb.babbage.edition import Edition
>>> pool = list(Edition.load().tokens)
>>> tokens = RandomChance(1).level(2, "C", pool, max_set_to=2)
>>> len(tokens), sum(t.kind.name == "SET_TO" for t in tokens) <= 2
(4, True)

A game resumed from an unfinished record answers from the record for the Rounds it holds
(``ResumedChance``), then draws from ``resumed_generator(seed, rounds_played)``: the same
record always continues with the same draws.

>>> resumed_generator(7, 2).random() == resumed_generator(7, 2).random()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from lnb.babbage.components import Component, Kind
from lnb.babbage.errors import RecordError
from lnb.core.chance import Resumed, SeededChance
from lnb.core.chance import resumed_generator as core_resumed_generator
from lnb.core.i18n import N_


def _set_to_count(tokens: Sequence[Component]) -> int:
    return sum(1 for t in tokens if t.kind is Kind.SET_TO)


class RandomChance(SeededChance):
    """Draws from a seeded generator: seat order, level tokens (with the Set-To redraw),
    Patrons revealed, RESERVE draws."""

    def seat_order(self, names: Sequence[str]) -> list[str]:
        """Round 1's random seat order."""
        order = list(names)
        self.rng.shuffle(order)
        return order

    def level(
        self, round_no: int, level: str, pool: Sequence[Component], max_set_to: int
    ) -> tuple[Component, ...]:
        """Four tokens from the pool; redrawn while more than ``max_set_to`` are Set To."""
        while True:
            drawn = self.rng.sample(list(pool), 4)
            if _set_to_count(drawn) <= max_set_to:
                return tuple(drawn)

    def patrons(self, round_no: int, deck: Sequence[int], count: int) -> list[int]:
        """``count`` Patrons from the deck (what remains when it runs short)."""
        return self.rng.sample(list(deck), min(count, len(deck)))

    def reserve(self, round_no: int, player: str, subroutine: int,
                deck: Sequence[int]) -> int | None:
        """The Patron a RESERVE draws (None when the deck is empty)."""
        return self.rng.choice(list(deck)) if deck else None


def resumed_generator(seed: int | None, rounds_played: int) -> random.Random:
    """The generator a game resumed after ``rounds_played`` Rounds draws from.

    It is ``random.Random("lnb-game/1:<seed>:after Round <n>")`` (Python seeds a text by its
    SHA-512, the same on every machine), so one record always continues with the same draws,
    and resuming the same game after another Round draws afresh. Without a seed (``None``)
    the continuation is unseeded.
    """
    return core_resumed_generator("lnb-game/1", seed, rounds_played)


class ScriptedChance:
    """Answers from a game record, refusing what could not have been drawn."""

    def __init__(
        self,
        seats: Sequence[str] | None,
        levels: Mapping[int, Sequence[Component]],
        patrons: Mapping[int, Sequence[int]],
        reserves: Mapping[tuple[int, str, int], int | None],
    ) -> None:
        self.seats = list(seats) if seats is not None else None
        self.levels = levels
        self.patron_lists = patrons
        self.reserves = reserves

    def seat_order(self, names: Sequence[str]) -> list[str]:
        if self.seats is None:
            return list(names)
        if sorted(self.seats) != sorted(names):
            raise RecordError(N_("seat_order {seats} must name each player once: {names}"),
                              seats=self.seats, names=list(names), entry="seat_order",
                              reason="bad-seats")
        return list(self.seats)

    def level(
        self, round_no: int, level: str, pool: Sequence[Component], max_set_to: int
    ) -> tuple[Component, ...]:
        tokens = tuple(self.levels.get(round_no, ()))
        if len(tokens) != 4:
            raise RecordError(N_("Round {round}: level: four tokens are revealed on {level}, "
                                 "{count} given"), round=round_no, level=level,
                              count=len(tokens), entry="level", reason="token-count")
        missing = Counter(tokens) - Counter(pool)
        if missing:
            names = ", ".join(str(t) for t in missing.elements())
            raise RecordError(N_("Round {round}: level: token {tokens} is not left among the "
                                 "tokens to draw"), round=round_no, tokens=names, entry="level",
                              reason="token-gone")
        if _set_to_count(tokens) > max_set_to:
            raise RecordError(N_("Round {round}: level: {count} Set To tokens on {level}; a "
                                 "level shows at most {most} (they are redrawn)"),
                              round=round_no, count=_set_to_count(tokens), level=level,
                              most=max_set_to, entry="level", reason="too-many-set-to")
        return tokens

    def patrons(self, round_no: int, deck: Sequence[int], count: int) -> list[int]:
        values = list(self.patron_lists.get(round_no, ()))
        for value in values:
            if value not in deck:
                raise RecordError(N_("Round {round}: patrons: Patron {value:02d} is not in the "
                                     "deck (already revealed, reserved or gone)"),
                                  round=round_no, value=value, entry="patrons",
                                  reason="patron-gone")
        if len(set(values)) != len(values):
            raise RecordError(N_("Round {round}: patrons: {values} names a Patron twice"),
                              round=round_no, values=values, entry="patrons", reason="twice")
        expected = min(count, len(deck))
        if len(values) != expected:
            raise RecordError(N_("Round {round}: patrons: {count} given; this Round reveals "
                                 "{most}"), round=round_no, count=len(values), most=expected,
                              entry="patrons", reason="patron-count")
        return values

    def reserve(self, round_no: int, player: str, subroutine: int,
                deck: Sequence[int]) -> int | None:
        value = self.reserves.get((round_no, player, subroutine))
        if value is None:
            if deck:
                raise RecordError(N_("Round {round}, {player}: RESERVE {subroutine:02d} must "
                                     "name the Patron it draws, e.g. {example}"),
                                  round=round_no, player=player, subroutine=subroutine,
                                  example=f'{{"id": {subroutine}, "patron": {deck[0]}}}',
                                  entry="activate", reason="reserve-unnamed")
            return None
        if value not in deck:
            raise RecordError(N_("Round {round}, {player}: RESERVE {subroutine:02d} draws Patron "
                                 "{value:02d}, which is not in the deck"), round=round_no,
                              player=player, subroutine=subroutine, value=value,
                              entry="activate", reason="patron-gone")
        return value


class ResumedChance(Resumed[ScriptedChance, RandomChance]):
    """A game resumed from an unfinished record: Rounds up to ``rounds_played`` (and the seat
    order) come from the record, later ones from a seeded generator."""

    def __init__(self, scripted: ScriptedChance, rounds_played: int,
                 then: RandomChance) -> None:
        super().__init__(scripted, rounds_played, then)

    @property
    def rounds_played(self) -> int:
        return self.played

    def _source(self, round_no: int) -> ScriptedChance | RandomChance:
        return self.source(round_no)

    def seat_order(self, names: Sequence[str]) -> list[str]:
        return self.scripted.seat_order(names)

    def level(
        self, round_no: int, level: str, pool: Sequence[Component], max_set_to: int
    ) -> tuple[Component, ...]:
        return self._source(round_no).level(round_no, level, pool, max_set_to)

    def patrons(self, round_no: int, deck: Sequence[int], count: int) -> list[int]:
        return self._source(round_no).patrons(round_no, deck, count)

    def reserve(self, round_no: int, player: str, subroutine: int,
                deck: Sequence[int]) -> int | None:
        return self._source(round_no).reserve(round_no, player, subroutine, deck)


Chance = RandomChance | ScriptedChance | ResumedChance
"""Anything a State may draw from."""
