"""The teacher's dashboard as figures, no widgets: each pupil's puzzles (solved, attempts,
hints used, rows used against the shortest possible), each puzzle's program lengths, the
class's results as CSV (:func:`report_csv`).

Only :func:`classroom.progress.class_progress` gives the figures, so only
the class's teacher key opens them; a pupil's card secret is never read. The shortest possible
and the diagnosis of a wrong answer are the game's, asked through its ``"puzzles"`` hook
(:mod:`classroom.puzzle_games`): no game is named here.

>>> from classroom.identity import Classroom
>>> from classroom.progress import ProgressStore
>>> room = Classroom(ProgressStore(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> ali = room.join(made.code, "Ali", made.cards[0].secret).pupil
>>> code = "P1-0J6Y-91VC-7"  # start at 55, reach 73 in at most 5 rows; shortest 2
>>> _ = room.store.record_attempt(ali, code, solved=False)
>>> _ = room.store.record_attempt(ali, code, solved=True, rows=3, hints=1)
>>> report = class_report(room, made.code, made.teacher_key)
>>> [(p.name, len(p.puzzles)) for p in report.pupils]
[('Ali', 1), ('Bea', 0)]
>>> row = report.pupils[0].puzzles[0]
>>> row.solved, row.attempts, row.hints, row.best_rows, row.shortest, row.extra_rows
(True, 2, 1, 3, 2, 1)
>>> report.lengths(code)
(3,)
"""

from __future__ import annotations

import csv
import datetime
import functools
import io
from collections import Counter
from dataclasses import dataclass
from typing import Any

from classroom import puzzle_games
from classroom.identity import Classroom
from classroom.progress import class_progress
from lnb.core.i18n import N_, _


@dataclass(frozen=True)
class PuzzleResult:
    """One pupil's work on one puzzle, beside the shortest possible program's rows.

    ``shortest`` is None for a code the library cannot read (the row is still shown).
    """

    puzzle: str
    difficulty: int | None
    solved: bool
    attempts: int
    hints: int
    best_rows: int | None
    shortest: int | None
    first_day: datetime.date

    @property
    def extra_rows(self) -> int | None:
        """Rows used beyond the shortest (0: a shortest program), None if not solved."""
        if self.best_rows is None or self.shortest is None:
            return None
        return self.best_rows - self.shortest


@dataclass(frozen=True)
class PupilResults:
    """A pupil of the class by name, and their puzzles (oldest first)."""

    name: str
    puzzles: tuple[PuzzleResult, ...]

    @property
    def solved_count(self) -> int:
        """How many different puzzles the pupil solved."""
        return sum(p.solved for p in self.puzzles)


@dataclass(frozen=True)
class ClassReport:
    """The class's figures: its code and name, and every pupil (the class list's order)."""

    code: str
    name: str
    pupils: tuple[PupilResults, ...]

    def puzzle_codes(self) -> tuple[str, ...]:
        """Every puzzle any pupil tried, the most tried first (then by code)."""
        tried = Counter(p.puzzle for pupil in self.pupils for p in pupil.puzzles)
        return tuple(sorted(tried, key=lambda code: (-tried[code], code)))

    def shortest(self, code: str) -> int | None:
        """The shortest possible program's rows for the puzzle ``code``."""
        return shortest_rows(code)

    def lengths(self, code: str) -> tuple[int, ...]:
        """The best rows of each pupil who solved ``code``, fewest first (no names)."""
        return tuple(sorted(p.best_rows for pupil in self.pupils for p in pupil.puzzles
                            if p.puzzle == code and p.solved and p.best_rows is not None))

    def tried(self, code: str) -> int:
        """How many pupils tried ``code``."""
        return sum(any(p.puzzle == code for p in pupil.puzzles) for pupil in self.pupils)


@functools.lru_cache(maxsize=512)
def shortest_rows(code: str) -> int | None:
    """The rows of a shortest program for the puzzle ``code`` (the game's solver); None
    for a code that is not a puzzle's.

    >>> shortest_rows("P1-0J6Y-91VC-7"), shortest_rows("nonsense")
    (2, None)
    """
    return puzzle_games.shortest(code)


def diagnosis(puzzle: str, rows: str) -> Any | None:
    """The game's exact diagnosis of a wrong program ``rows`` for the puzzle ``puzzle``
    (its ``message`` is one sentence); None for a code that is not a puzzle's.

    >>> print(diagnosis("P1-0J6Y-91VC-7", "A3+ B1- A1+").message)
    After row 2 (B1-) the Result is 10: from there 73 cannot be hit in the 3 rows left.
    """
    return puzzle_games.diagnosis(puzzle, rows)


def class_report(classroom: Classroom, class_code: str, teacher_key: str) -> ClassReport:
    """The class's figures; refused (:class:`~classroom.identity.IdentityError`)
    without the class's teacher key."""
    info = classroom.check_teacher(class_code, teacher_key)
    pupils = []
    for name, progress in class_progress(classroom, info.code, teacher_key):
        pupils.append(PupilResults(name, tuple(
            PuzzleResult(p.puzzle, p.difficulty, p.solved, p.attempts, p.hints, p.best_rows,
                         shortest_rows(p.puzzle), p.first_day)
            for p in progress.puzzles)))
    return ClassReport(info.code, info.name, tuple(pupils))


#: The CSV's columns, in the catalog (a spreadsheet's header in the teacher's language).
CSV_COLUMNS = (N_("pupil"), N_("puzzle"), N_("difficulty"), N_("solved"), N_("attempts"),
               N_("hints used"), N_("rows used"), N_("shortest possible rows"),
               N_("rows more than the shortest"), N_("first tried"))


def report_csv(report: ClassReport) -> str:
    """The class's results as CSV, one line per pupil and puzzle (a pupil with none: one
    line); the header and yes/no in the current language, days as ``2026-12-01``.

    >>> report = ClassReport("KM7Q4X", "7B", (PupilResults("Ali", ()),))
    >>> print(report_csv(report))
    pupil,puzzle,difficulty,solved,attempts,hints used,rows used,shortest possible rows,rows more than the shortest,first tried
    Ali,,,,,,,,,
    <BLANKLINE>
    """  # noqa: E501
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([_(c) for c in CSV_COLUMNS])
    for pupil in report.pupils:
        if not pupil.puzzles:
            writer.writerow([pupil.name] + [""] * (len(CSV_COLUMNS) - 1))
        for p in pupil.puzzles:
            writer.writerow([pupil.name, p.puzzle, _blank(p.difficulty),
                             _("yes") if p.solved else _("no"), p.attempts, p.hints,
                             _blank(p.best_rows), _blank(p.shortest), _blank(p.extra_rows),
                             p.first_day.isoformat()])
    return out.getvalue()


def _blank(value: int | None) -> str:
    return "" if value is None else str(value)


__all__ = ["CSV_COLUMNS", "ClassReport", "PupilResults", "PuzzleResult", "class_report",
           "diagnosis", "report_csv", "shortest_rows"]
