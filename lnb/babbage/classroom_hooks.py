"""What the classroom's dashboard asks of Lovelace & Babbage's puzzles (the game's
``"puzzles"`` hook, :mod:`lnb.babbage.define`): the classroom names no game, it asks
:func:`lnb.core.game.games` for the games that give this hook.

:data:`PUZZLES` reads a puzzle's code (long or short) into a :class:`PuzzleView` (what it
asks, its stars, the code a teacher copies), gives the shortest program's rows and the exact
diagnosis of a wrong answer, and makes the sets a teacher gives a class. A code that is not
one of this game's puzzles is None everywhere (never an error).

>>> view = PUZZLES.view("P1-0J6Y-91VC-7")
>>> view.asks, view.difficulty, view.stars, view.shown_code
('55 → 73', 1, '★☆☆☆☆', 'P1-0J6Y-91VC-7')
>>> PUZZLES.view("nonsense"), PUZZLES.shortest("P1-0J6Y-91VC-7")
(None, 2)
>>> print(PUZZLES.diagnosis("P1-0J6Y-91VC-7", "A3+ B1- A1+").message)
After row 2 (B1-) the Result is 10: from there 73 cannot be hit in the 3 rows left.
>>> made = PUZZLES.make_set(2, 1, "class 7B")
>>> len(made.codes), len(made.shown_codes)
(2, 2)
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Sequence
from dataclasses import dataclass

from lnb.babbage.hints import WrongTurn, wrong_turn
from lnb.babbage.puzzle_sheet import STARS, PuzzleSet
from lnb.babbage.puzzles import DIFFICULTIES, Puzzle, daily, daily_difficulty
from lnb.core.errors import LnbError


@dataclass(frozen=True)
class PuzzleView:
    """A puzzle as a teacher reads it: ``asks`` (``62 → 78``), ``difficulty`` (None for a
    puzzle that cannot be solved), ``stars`` (``★★☆☆☆``, empty likewise), ``code`` (the long
    one progress is kept by) and ``shown_code`` (the short one, ``3K7QX``, when the kit
    knows it, else the long one)."""

    asks: str
    difficulty: int | None
    stars: str
    code: str
    shown_code: str


@functools.lru_cache(maxsize=2048)
def _puzzle(code: str) -> Puzzle | None:
    try:
        return Puzzle.from_code(code)
    except LnbError:
        return None


@functools.lru_cache(maxsize=512)
def _daily_code(day: datetime.date) -> str:
    return daily(day).code  # makes the day's puzzle: its short code is then known


class Puzzles:
    """The puzzles' side of the dashboard (see the module); one instance, :data:`PUZZLES`."""

    #: The difficulties a set can be made of, easiest first.
    difficulties: tuple[int, ...] = DIFFICULTIES

    def view(self, code: str, day: datetime.date | None = None) -> PuzzleView | None:
        """The puzzle of ``code`` as a teacher reads it; on ``day``, the day's puzzle gets
        its short code. None for a code that is not a puzzle's."""
        puzzle = _puzzle(code)
        if puzzle is None:
            return None
        if day is not None and puzzle.short_code is None and puzzle.solvable \
                and puzzle.difficulty == daily_difficulty(day) and _daily_code(day) == code:
            puzzle = Puzzle.from_code(code)  # read again: the day's short code is now known
        solvable = puzzle.solvable
        return PuzzleView(puzzle.summary(), puzzle.difficulty if solvable else None,
                          STARS.get(puzzle.difficulty, "") if solvable else "", puzzle.code,
                          puzzle.shown_code)

    def long_code(self, code: str) -> str | None:
        """The long code of a puzzle given by either code (progress is kept by the long
        one); None for a code that is not a puzzle's."""
        puzzle = _puzzle(code)
        return None if puzzle is None else puzzle.code

    @functools.lru_cache(maxsize=512)  # noqa: B019  (one instance, kept for the process)
    def shortest(self, code: str) -> int | None:
        """The rows of a shortest program for the puzzle ``code`` (the library's solver)."""
        puzzle = _puzzle(code)
        return None if puzzle is None else puzzle.solution.length

    def diagnosis(self, code: str, rows: str) -> WrongTurn | None:
        """The exact diagnosis of a wrong program ``rows`` for the puzzle ``code``
        (:func:`lnb.babbage.hints.wrong_turn`: its ``message`` is one sentence)."""
        puzzle = _puzzle(code)
        if puzzle is None:
            return None
        try:
            return wrong_turn(puzzle, rows)
        except LnbError:
            return None

    def make_set(self, count: int, difficulty: int, seed: int | str | None = None) -> PuzzleSet:
        """A new set of ``count`` puzzles of ``difficulty`` (its ``codes`` and the
        ``shown_codes`` pupils copy); the same ``seed``, the same set."""
        return PuzzleSet.make(count, difficulty, seed)

    def set_of_codes(self, codes: Sequence[str]) -> PuzzleSet:
        """The set of the puzzles ``codes`` (a code that is not a puzzle's raises the
        library's error, which says which)."""
        return PuzzleSet.of_codes(codes)


#: The ``"puzzles"`` hook of :mod:`lnb.babbage.define`.
PUZZLES = Puzzles()

__all__ = ["PUZZLES", "PuzzleView", "Puzzles"]
