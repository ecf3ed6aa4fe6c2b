"""Hints that escalate, and an answer check that explains, for a pupil working on a puzzle.

Three levels, each saying everything the one before said and a little more, as a tutor would:

1. how many rows are still needed from where the pupil is;
2. a useful next row;
3. a whole shortest program.

>>> from lnb.babbage.puzzles import Puzzle
>>> p = Puzzle(start=55, targets=(30,), limit=3)
>>> print(hint(p, "A3+", level=1).text)
From 60 you need 1 more row to reach 30 (you have 2 rows left).
>>> print(hint(p, "A3+", level=2).text)
From 60 you need 1 more row to reach 30 (you have 2 rows left). Try A4/ next: 60 ÷ 2 = 30.
>>> print(check_answer(p, "A3+ A4x").message)  # doctest: +ELLIPSIS
Row 2 (A4x): 60 × 2 = 120 leaves 00–99. Every Result must stay from 00 to 99. Row 1 was ...
>>> check_answer(p, "A3+ A4/").solved
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.errors import LnbError, OutOfRangeError
from lnb.babbage.numbers import two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.puzzles import Puzzle

LEVELS = (1, 2, 3)


@dataclass(frozen=True)
class Position:
    """Where a pupil's rows have got to: value, targets hit, rows used, Σ spent."""

    value: int
    hit: int
    rows: int
    sigma_used: bool = False
    results: tuple[int, ...] = ()


@dataclass(frozen=True)
class Hint:
    """One hint. ``level`` says how much it gives away; higher levels fill more fields.

    - ``rows_needed``: fewest rows still needed from the position (every level);
    - ``undo``: how many of the pupil's last rows must go first (0 when the rows can work);
    - ``next_row``: a useful next row (level 2 and 3);
    - ``program``: a whole shortest program from the pupil's kept rows (level 3).
    """

    level: int
    text: str
    rows_needed: int | None
    undo: int = 0
    next_row: Operation | None = None
    program: Program | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "level": self.level, "text": self.text, "rows_needed": self.rows_needed,
            "undo": self.undo,
            "next_row": None if self.next_row is None else str(self.next_row),
            "program": None if self.program is None else str(self.program),
        }


@dataclass(frozen=True)
class Feedback:
    """What ``check_answer`` found: solved or not, and why, in words for ages 11–14.

    ``row`` is the row at fault (None if none); ``hit`` the targets hit in order;
    ``closest`` the Result that came nearest the first missed target and ``off`` by how much.
    """

    solved: bool
    message: str
    row: int | None = None
    hit: tuple[int, ...] = ()
    closest: int | None = None
    off: int | None = None
    results: tuple[int, ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {
            "solved": self.solved, "message": self.message, "row": self.row,
            "hit": list(self.hit), "closest": self.closest, "off": self.off,
            "results": list(self.results),
        }


def _as_program(program: str | Program) -> Program:
    return program if isinstance(program, Program) else Program.parse(program)


def _play(puzzle: Puzzle, program: Program) -> tuple[list[Position], str | None, int | None]:
    """Positions after each legal row; the first problem (message, row) if a row is wrong."""
    s = puzzle.search
    board = puzzle.board
    pos = Position(puzzle.start, 0, 0)
    positions = [pos]
    for number, prow in enumerate(program.rows, start=1):
        op = prow.operation
        try:
            comp = op.component(board, row=number)
        except LnbError as exc:
            return positions, _sentence(exc.message), number
        if puzzle.spaces is not None and op.space not in puzzle.spaces:
            return positions, (
                f"Row {number} uses {op.space} ({comp.label}), which this puzzle does not allow. "
                f"{puzzle.spaces_text()}"
            ), number
        if op.sigma:
            return positions, (
                f"Row {number} ({op}) has a Σ mark, but this puzzle gives no Σ row. "
                "Remove the mark."
            ), number
        try:
            step = op.apply(pos.value, board, row=number)
        except OutOfRangeError:
            raw = op.raw_result(pos.value, board)
            text = comp.step_text(op.function, pos.value, raw)
            return positions, (
                f"Row {number} ({op}): {text} leaves 00–99. Every Result must stay from 00 to 99."
            ), number
        if prow.written is not None and prow.written != step.result:
            return positions, (
                f"Row {number} ({op}): you wrote {two_digits(prow.written)}, but {step.text}."
            ), number
        pos = Position(
            step.result, s.advance(pos.hit, step.result), number,
            pos.sigma_used or op.sigma, (*pos.results, step.result),
        )
        positions.append(pos)
    return positions, None, None


def _sentence(message: str) -> str:
    """An error message as a pupil-facing sentence: ``Row 2 'C2+': ...``."""
    text = message[0].upper() + message[1:]
    return text if text.endswith(".") else text + "."


def _rows(n: int) -> str:
    return f"{n} row" if n == 1 else f"{n} rows"


def hint(puzzle: Puzzle, program: str | Program = "", level: int = 1) -> Hint:
    """A hint for a pupil who has written ``program`` so far (``level`` 1, 2 or 3).

    :raises LnbError: when ``level`` is not 1–3 or the program text cannot be read.
    """
    if level not in LEVELS:
        raise LnbError(f"hint level {level!r}: choose 1 (rows needed), 2 (next row) or 3 (a "
                       "whole program)", reason="bad-hint-level", expected=LEVELS)
    prog = _as_program(program)
    positions, problem, _ = _play(puzzle, prog)
    s = puzzle.search
    limit = puzzle.row_limit
    goal = ", then ".join(two_digits(t) for t in puzzle.targets)

    def remaining(pos: Position) -> int | None:
        need = s.rows_needed(pos.value, pos.hit, pos.sigma_used)
        return need if need is not None and pos.rows + need <= limit else None

    # Keep the longest run of the pupil's rows from which the targets can still be hit.
    keep = len(positions) - 1
    while keep > 0 and remaining(positions[keep]) is None:
        keep -= 1
    pos = positions[keep]
    need = remaining(pos)
    undo = len(prog) - keep
    parts: list[str] = []
    if problem is not None:
        parts.append(problem)
    if need is None:
        return Hint(level, " ".join([*parts, f"No program reaches {goal} within "
                                     f"{_rows(limit)} on this board."]).strip(), None, undo)
    if undo:
        dropped = "your rows" if keep == 0 else f"the rows after row {keep}"
        parts.append(f"Undo {dropped}: from there you cannot reach {goal} in time.")
    if need == 0:
        parts.append("You have already hit every target: check your answer!")
        return Hint(level, " ".join(parts), 0, undo)
    left = limit - pos.rows
    missing = ", then ".join(two_digits(t) for t in puzzle.targets[pos.hit:])
    if pos.rows:
        parts.append(f"From {two_digits(pos.value)} you need {need} more "
                     f"{'row' if need == 1 else 'rows'} to reach {missing} "
                     f"(you have {_rows(left)} left).")
    else:
        parts.append(f"From the start {two_digits(pos.value)} you need {_rows(need)} "
                     f"to reach {missing}.")
    next_row = program_out = None
    if level >= 2:
        move = s.next_moves(pos.value, pos.hit, pos.sigma_used)[0]
        next_row = move.operation
        step = next_row.apply(pos.value, puzzle.board)
        parts.append(f"Try {next_row} next: {step.text}.")
    if level >= 3:
        rest = s.program(pos.value, pos.hit, pos.sigma_used)
        assert rest is not None
        program_out = Program.of([*prog.operations[:keep], *rest.operations])
        parts.append(f"A whole program that works: {program_out}.")
    return Hint(level, " ".join(parts), need, undo, next_row, program_out)


def hints(puzzle: Puzzle, program: str | Program = "") -> list[Hint]:
    """All three levels at once (a widget can reveal them one by one)."""
    return [hint(puzzle, program, level) for level in LEVELS]


def check_answer(puzzle: Puzzle, program: str | Program) -> Feedback:
    """Check a pupil's whole answer; explain a wrong one (which row, how close it came)."""
    try:
        prog = _as_program(program)
    except LnbError as exc:
        return Feedback(False, _sentence(exc.message), exc.row)
    if not len(prog):
        return Feedback(False, "Write at least one row, like A3+.")
    positions, problem, bad_row = _play(puzzle, prog)
    last = positions[-1]
    hit = puzzle.targets[: last.hit]
    if problem is not None:
        if last.rows:
            fine = "Row 1 was" if last.rows == 1 else f"Rows 1–{last.rows} were"
            problem += f" {fine} fine and reached {two_digits(last.value)}."
        return Feedback(False, problem, bad_row, hit, results=last.results)
    if len(prog) > puzzle.limit:
        extra = len(prog) - puzzle.limit
        return Feedback(
            False,
            f"Your program has {len(prog)} rows but this puzzle allows {puzzle.limit}: "
            f"remove {_rows(extra)}.",
            puzzle.limit + 1, hit, results=last.results,
        )
    if last.hit == len(puzzle.targets):
        done = next(i for i, p in enumerate(positions) if p.hit == len(puzzle.targets))
        best = puzzle.solution.length
        if puzzle.shortest and best is not None and done > best:
            return Feedback(
                False,
                f"You hit every target in {_rows(done)}, well done! But it can be done in "
                f"{_rows(best)}: can you find a shorter way?",
                None, hit, results=last.results,
            )
        extra = "" if done == len(prog) else f" (after row {done} the rest was not needed)"
        return Feedback(True, f"Solved in {_rows(done)}!{extra}", None, hit,
                        results=last.results)
    missed = puzzle.targets[last.hit]
    # Results after the last target hit are the attempts at the missed one.
    after = next(i for i, p in enumerate(positions) if p.hit == last.hit)
    tries = [(abs(p.value - missed), i, p.value) for i, p in enumerate(positions)
             if i > after]
    said = (f"You hit {', '.join(two_digits(t) for t in hit)} but not "
            f"{two_digits(missed)} after it." if hit else
            f"Your Results never hit {two_digits(missed)}.")
    if not tries:
        return Feedback(False, f"{said} Keep going: add rows after row {last.rows}.", None, hit,
                        results=last.results)
    off, row, closest = min(tries)
    return Feedback(
        False,
        f"{said} Your closest Result was {two_digits(closest)} at row {row}, "
        f"{off} away.",
        row, hit, closest, off, last.results,
    )
