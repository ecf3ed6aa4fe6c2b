"""Chance in Ada's Dream: the rules ask for a rolled die or a shuffled pile, never ``random``.

>>> from lnb.dream.edition import Edition
>>> chance = DreamChance(7)
>>> die = chance.roll(Edition.load().dice)
>>> 1 <= die.face <= 6, DreamChance(3).shuffled("abcd") == DreamChance(3).shuffled("abcd")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar

from lnb.core.chance import SeededChance
from lnb.dream.dice import Die
from lnb.dream.edition import Colour

T = TypeVar("T")


class Chance(Protocol):
    """The two questions the rules ask."""

    def roll(self, weights: Sequence[tuple[Colour, int]]) -> Die: ...

    def shuffled(self, items: Sequence[T]) -> list[T]: ...


class DreamChance(SeededChance):
    """Seeded answers: a die's colour by the edition's weights, its face 1–6; a shuffle."""

    def roll(self, weights: Sequence[tuple[Colour, int]]) -> Die:
        colours = [c for c, _w in weights]
        colour = self.rng.choices(colours, weights=[w for _c, w in weights])[0]
        return Die(colour, self.rng.randint(1, 6))

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.rng.shuffle(out)
        return out
