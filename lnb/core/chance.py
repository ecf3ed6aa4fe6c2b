"""Chance as a protocol: the rules never call ``random``; they ask a chance object.

A game declares the questions it asks (draw Patrons, roll dice...) as a ``Protocol`` of its
own and answers them three ways, with the helpers here:

- **seeded** (:class:`SeededChance`): a live game draws from ``random.Random(seed)``;
- **scripted**: a replayed record answers from the record and refuses what could not have
  been drawn (the game's own checks);
- **resumed** (:class:`Resumed`): an unfinished record answers from the record for the
  Rounds it holds, then from :func:`resumed_generator` — the same record always continues
  with the same draws.

>>> resumed_generator("lnb-game/1", 7, 2).random() == resumed_generator("lnb-game/1", 7, 2).random()
True
>>> SeededChance(3).rng.random() == SeededChance(3).rng.random()
True
>>> class Script:
...     def roll(self, turn): return 6
>>> class Dice(SeededChance):
...     def roll(self, turn): return self.rng.randint(1, 6)
>>> chance = Resumed(Script(), 2, Dice(1))
>>> chance.source(2).roll(2), 1 <= chance.source(3).roll(3) <= 6
(6, True)
"""

from __future__ import annotations

import random
from typing import Generic, TypeVar

S = TypeVar("S")
T = TypeVar("T")


class SeededChance:
    """Draws from one seeded generator (a seed, or a ``random.Random`` to share)."""

    def __init__(self, seed: int | str | random.Random | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)


def resumed_generator(format: str, seed: int | None, played: int) -> random.Random:
    """The generator a game resumed after ``played`` Rounds (or turns) draws from.

    It is ``random.Random("<format>:<seed>:after Round <n>")`` (Python seeds a text by its
    SHA-512, the same on every machine), so one record always continues with the same
    draws, and resuming the same game later draws afresh. Without a seed it is unseeded.
    """
    if seed is None:
        return random.Random()
    return random.Random(f"{format}:{seed}:after Round {played}")


class Resumed(Generic[S, T]):
    """Answers from ``scripted`` up to ``played`` (inclusive), then from ``then``."""

    def __init__(self, scripted: S, played: int, then: T) -> None:
        self.scripted = scripted
        self.played = played
        self.then = then

    def source(self, number: int) -> S | T:
        """Who answers for Round (or turn) ``number``."""
        return self.scripted if number <= self.played else self.then
