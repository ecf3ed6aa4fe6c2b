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

A wrong number is diagnosed with the engine, not only judged (:func:`diagnose`):

>>> print(diagnose("A3+ A4/ B4s", 30).message)
30 is the number before the swap in row 3 (B4s). Do that row too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.components import Function
from lnb.babbage.errors import LnbError, OutOfRangeError
from lnb.babbage.numbers import swap_digits, two_digits
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
class Diagnosis:
    """Where a wrong number most likely came from, found by running the rows with the engine.

    ``kind`` is one of :data:`DIAGNOSES`; ``row`` the row it is about (None for none);
    ``given`` the pupil's number, ``expected`` the right one, ``message`` a sentence for ages
    11–14 saying what happened and how to get the right number.
    """

    kind: str
    row: int | None
    given: int
    expected: int
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "row": self.row, "given": self.given,
                "expected": self.expected, "message": self.message}


DIAGNOSES = {
    "remainder-kept": "the remainder of a ÷ row was kept instead of dropped",
    "rounded-up": "a ÷ row was rounded up instead of the remainder dropped",
    "start": "the number given is the start: no row was done",
    "stopped-early": "the number given is the one before row ``row``: the rows from there "
                     "were not done",
    "row-left-out": "row ``row`` was left out, the others were done",
    "digits-swapped": "the right digits, the wrong way round",
}
"""The kinds of :class:`Diagnosis`, in the order :func:`diagnose` tries them."""


@dataclass(frozen=True)
class Feedback:
    """What ``check_answer`` found: solved or not, and why, in words for ages 11–14.

    ``row`` is the row at fault (None if none); ``hit`` the targets hit in order;
    ``closest`` the Result that came nearest the first missed target and ``off`` by how much;
    ``diagnosis`` where a wrongly written Result came from (:func:`diagnose`), if it is known.
    """

    solved: bool
    message: str
    row: int | None = None
    hit: tuple[int, ...] = ()
    closest: int | None = None
    off: int | None = None
    results: tuple[int, ...] = field(default=())
    diagnosis: Diagnosis | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "solved": self.solved, "message": self.message, "row": self.row,
            "hit": list(self.hit), "closest": self.closest, "off": self.off,
            "results": list(self.results),
            "diagnosis": None if self.diagnosis is None else self.diagnosis.to_dict(),
        }


def _as_program(program: str | Program) -> Program:
    return program if isinstance(program, Program) else Program.parse(program)


def _play(puzzle: Puzzle, program: Program
          ) -> tuple[list[Position], str | None, int | None, Diagnosis | None]:
    """Positions after each legal row; the first problem (message, row) if a row is wrong,
    and, for a wrongly written Result, where it came from."""
    s = puzzle.search
    board = puzzle.board
    pos = Position(puzzle.start, 0, 0)
    positions = [pos]
    for number, prow in enumerate(program.rows, start=1):
        op = prow.operation
        try:
            comp = op.component(board, row=number)
        except LnbError as exc:
            return positions, _sentence(exc.message), number, None
        if puzzle.spaces is not None and op.space not in puzzle.spaces:
            return positions, (
                f"Row {number} uses {op.space} ({comp.label}), which this puzzle does not allow. "
                f"{puzzle.spaces_text()}"
            ), number, None
        if op.sigma:
            return positions, (
                f"Row {number} ({op}) has a Σ mark, but this puzzle gives no Σ row. "
                "Remove the mark."
            ), number, None
        try:
            step = op.apply(pos.value, board, row=number)
        except OutOfRangeError:
            raw = op.raw_result(pos.value, board)
            text = comp.step_text(op.function, pos.value, raw)
            return positions, (
                f"Row {number} ({op}): {text} leaves 00–99. Every Result must stay from 00 to 99."
            ), number, None
        if prow.written is not None and prow.written != step.result:
            why = diagnose(Program.of([op]), prow.written, pos.value, board, first_row=number)
            return positions, (
                f"Row {number} ({op}): you wrote {two_digits(prow.written)}, but {step.text}"
                + ("" if why is None else f": {_WRITTEN_WHY[why.kind]}") + "."
            ), number, why
        pos = Position(
            step.result, s.advance(pos.hit, step.result), number,
            pos.sigma_used or op.sigma, (*pos.results, step.result),
        )
        positions.append(pos)
    return positions, None, None, None


_WRITTEN_WHY = {
    "start": "that is the number before the row, and the row still has to work on it",
    "stopped-early": "that is the number before the row, and the row still has to work on it",
    "remainder-kept": "the engine drops the remainder",
    "rounded-up": "the engine drops the remainder, it never rounds up",
    "digits-swapped": "the right digits, the wrong way round",
}


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
    positions, problem, _, _ = _play(puzzle, prog)
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
    positions, problem, bad_row, why = _play(puzzle, prog)
    last = positions[-1]
    hit = puzzle.targets[: last.hit]
    if problem is not None:
        if last.rows:
            fine = "Row 1 was" if last.rows == 1 else f"Rows 1–{last.rows} were"
            problem += f" {fine} fine and reached {two_digits(last.value)}."
        return Feedback(False, problem, bad_row, hit, results=last.results, diagnosis=why)
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


_NAMES = {Function.SWAP: "the swap", Function.COPY: "the copy", Function.SET: "the Set"}
_SIGNS = {Function.ADD: "+", Function.SUBTRACT: "−", Function.MULTIPLY: "×", Function.DIVIDE: "÷"}


def _what(op: Operation, board: Board) -> str:
    """What a row does, in a pupil's words: ``the swap``, ``the ÷2``."""
    if op.function in _NAMES:
        return _NAMES[op.function]
    return f"the {_SIGNS[op.function]}{op.component(board).n}"


def _exact(ops: tuple[Operation, ...], value: Fraction, board: Board) -> Fraction | None:
    """``value`` through ``ops`` in exact arithmetic (fractions kept); None when a row cannot
    work on a fraction (a swap, a copy) or is a Σ row."""
    for op in ops:
        n = op.component(board).n or 0
        if op.sigma or op.function not in _SIGNS:
            return None
        value = {Function.ADD: value + n, Function.SUBTRACT: value - n,
                 Function.MULTIPLY: value * n, Function.DIVIDE: value / n}[op.function]
    return value


def _run(ops: tuple[Operation, ...], value: int, board: Board) -> int | None:
    """The end of ``ops`` from ``value``; None when a row breaks a rule."""
    try:
        for op in ops:
            value = op.apply(value, board).result
    except LnbError:
        return None
    return value


def diagnose(program: str | Program, given: int, start: int = 55, board: Board | None = None,
             *, first_row: int = 1) -> Diagnosis | None:
    """Why ``given`` is not what ``program`` ends on from ``start``, found by running it with
    the engine (kinds in :data:`DIAGNOSES`): a remainder kept or rounded up, the start, the
    number before a row (rows not done), a row left out, digits the wrong way round. None when
    ``given`` is right, when the program does not run, or when no reason fits. The sentence
    says what happened and what to do, without giving the right number away.

    ``first_row`` numbers the rows when ``program`` is one part of a longer one.

    >>> print(diagnose("A4/", 28).message)
    Row 1 (A4/): 55 ÷ 2 has a remainder, and 28 rounds up. The engine never rounds up: it \
drops the remainder.
    >>> print(diagnose("A4/ A4x", 55).message)
    Row 1 (A4/): 55 ÷ 2 has a remainder. The engine drops it and goes on with the whole \
number only, so the rows after it work on a smaller number.
    >>> d = diagnose("A3+ B4s", 60)
    >>> d.kind, d.row, d.expected
    ('stopped-early', 2, 6)
    >>> diagnose("A3+ A4/", 30) is None  # right
    True
    """
    board = board or Board.standard()
    ops = _as_program(program).operations
    values = [start]
    for op in ops:
        after = _run((op,), values[-1], board)
        if after is None:
            return None
        values.append(after)
    expected = values[-1]
    if not ops or given == expected:
        return None

    def found(kind: str, k: int, message: str) -> Diagnosis:
        return Diagnosis(kind, first_row + k - 1, given, expected, message)

    def name(k: int) -> str:
        return f"row {first_row + k - 1} ({ops[k - 1]})"

    shown = two_digits(given)
    for k, op in enumerate(ops, start=1):
        n = op.component(board).n or 0
        before = values[k - 1]
        if op.function is not Function.DIVIDE or op.sigma or before % n == 0:
            continue
        sum_ = f"R{name(k)[1:]}: {two_digits(before)} ÷ {n} has a remainder"
        exact = _exact(ops[k:], Fraction(before, n), board)
        if exact is not None and exact == given:
            after_it = (", so the rows after it work on a smaller number" if k < len(ops)
                        else "")
            return found("remainder-kept", k, f"{sum_}. The engine drops it and goes on with "
                                              f"the whole number only{after_it}.")
        if _run(ops[k:], before // n + 1, board) == given:
            rounds = f", and {shown} rounds up" if k == len(ops) else ", and you rounded up"
            return found("rounded-up", k, f"{sum_}{rounds}. The engine never rounds up: it "
                                          "drops the remainder.")
    if given == start and first_row == 1:
        return found("start", 1, f"{shown} is the start number: every row changes it. Begin "
                                 f"with row 1 ({ops[0]}), {_what(ops[0], board)}.")
    for k in range(len(ops) - 1, -1, -1):
        if values[k] == given:
            rest = "that row" if k == len(ops) - 1 else "that row and the rows after it"
            return found("stopped-early", k + 1, f"{shown} is the number before "
                                                 f"{_what(ops[k], board)} in {name(k + 1)}. "
                                                 f"Do {rest} too.")
    for k in range(1, len(ops) + 1):
        if len(ops) > 1 and _run(ops[:k - 1] + ops[k:], start, board) == given:
            return found("row-left-out", k, f"{shown} is what you get without {name(k)}. "
                                            "Do every row, one after another.")
    if swap_digits(expected) == given:
        return found("digits-swapped", len(ops), f"{shown} has the right digits the wrong way "
                                                 "round: check which is the tens digit and "
                                                 "which the units.")
    return None
