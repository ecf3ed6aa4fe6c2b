"""The puzzles of the games that have them, as the classroom's dashboard reads them: the
classroom names no game; it asks :func:`lnb.core.game.games` for the games that give a
``"puzzles"`` hook (a :class:`PuzzleKit`, e.g. Lovelace & Babbage's
``lnb.babbage.classroom_hooks:PUZZLES``). A puzzle's code is read by the first game that
knows it; a code no game knows is None everywhere.

>>> view = puzzle_view("P1-0J6Y-91VC-7")
>>> view.asks, view.stars, long_code("nonsense")
('55 → 73', '★☆☆☆☆', 'nonsense')
>>> assigning().difficulties
(1, 2, 3, 4, 5)
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from lnb.core.game import hooks_of

T = TypeVar("T")
HOOK = "puzzles"


class PuzzleView(Protocol):
    """A puzzle as a teacher reads it (see :meth:`PuzzleKit.view`)."""

    asks: str
    difficulty: int | None
    stars: str
    code: str
    shown_code: str


class PuzzleSetMade(Protocol):
    """A set of puzzles a teacher gives a class: the long ``codes`` and the ``shown_codes``
    pupils copy."""

    codes: tuple[str, ...]
    shown_codes: tuple[str, ...]


class PuzzleKit(Protocol):
    """What a game's ``"puzzles"`` hook gives the dashboard (each read returns None for a
    code that is not one of the game's puzzles)."""

    difficulties: tuple[int, ...]

    def view(self, code: str, day: datetime.date | None = None) -> PuzzleView | None:
        """The puzzle as a teacher reads it (on ``day``, the day's puzzle's short code)."""

    def long_code(self, code: str) -> str | None:
        """The code progress is kept by, from either code."""

    def shortest(self, code: str) -> int | None:
        """The rows of a shortest answer."""

    def diagnosis(self, code: str, rows: str) -> Any | None:
        """Where a wrong answer ``rows`` went wrong (its ``message`` is one sentence)."""

    def make_set(self, count: int, difficulty: int,
                 seed: int | str | None = None) -> PuzzleSetMade:
        """A new set of ``count`` puzzles of ``difficulty``."""

    def set_of_codes(self, codes: Sequence[str]) -> PuzzleSetMade:
        """The set of the puzzles ``codes`` (a bad code raises the game's error)."""


def puzzle_kits() -> tuple[PuzzleKit, ...]:
    """The ``"puzzles"`` hook of every game that gives one, in the games' order."""
    return tuple(hooks_of(HOOK).values())


def _first(ask: Callable[[PuzzleKit], T | None]) -> T | None:
    for kit in puzzle_kits():
        found = ask(kit)
        if found is not None:
            return found
    return None


def puzzle_view(code: str, day: datetime.date | None = None) -> PuzzleView | None:
    """The puzzle of ``code`` as a teacher reads it, by the game that knows it."""
    return _first(lambda kit: kit.view(code, day))


def long_code(code: str) -> str:
    """The code progress is kept by (the long one) of a puzzle given by either code; a code
    no game reads is itself."""
    return _first(lambda kit: kit.long_code(code)) or code


def shortest(code: str) -> int | None:
    """The rows of a shortest answer to the puzzle ``code``."""
    return _first(lambda kit: kit.shortest(code))


def diagnosis(code: str, rows: str) -> Any | None:
    """Where the wrong answer ``rows`` to the puzzle ``code`` went wrong (``.message``)."""
    return _first(lambda kit: kit.diagnosis(code, rows))


def assigning() -> PuzzleKit:
    """The game whose puzzles the dashboard gives a class (the first that has puzzles)."""
    kits = puzzle_kits()
    if not kits:
        raise LookupError("no game gives puzzles (a 'puzzles' hook); the dashboard has "
                          "none to give")
    return kits[0]


__all__ = ["HOOK", "PuzzleKit", "PuzzleSetMade", "PuzzleView", "assigning", "diagnosis",
           "long_code", "puzzle_kits", "puzzle_view", "shortest"]
