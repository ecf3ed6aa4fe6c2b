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
from lnb.core.i18n import N_, _, ngettext

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
    "remainder-kept": N_("the remainder of a ÷ row was kept instead of dropped"),
    "rounded-up": N_("a ÷ row was rounded up instead of the remainder dropped"),
    "start": N_("the number given is the start: no row was done"),
    "stopped-early": N_("the number given is the one before row ``row``: the rows from there "
                        "were not done"),
    "row-left-out": N_("row ``row`` was left out, the others were done"),
    "digits-swapped": N_("the right digits, the wrong way round"),
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
            return positions, _(
                "Row {row} uses {space} ({label}), which this puzzle does not allow. {allowed}"
            ).format(row=number, space=op.space, label=comp.label,
                     allowed=puzzle.spaces_text()), number, None
        if op.sigma:
            return positions, _(
                "Row {row} ({operation}) has a Σ mark, but this puzzle gives no Σ row. "
                "Remove the mark."
            ).format(row=number, operation=op), number, None
        try:
            step = op.apply(pos.value, board, row=number)
        except OutOfRangeError:
            raw = op.raw_result(pos.value, board)
            text = comp.step_text(op.function, pos.value, raw)
            return positions, _(
                "Row {row} ({operation}): {arithmetic} leaves 00–99. Every Result must stay "
                "from 00 to 99."
            ).format(row=number, operation=op, arithmetic=text), number, None
        if prow.written is not None and prow.written != step.result:
            why = diagnose(Program.of([op]), prow.written, pos.value, board, first_row=number)
            if why is None:
                said = _("Row {row} ({operation}): you wrote {written}, but {arithmetic}.")
            else:
                said = _("Row {row} ({operation}): you wrote {written}, but {arithmetic}: "
                         "{why}.")
            return positions, said.format(
                row=number, operation=op, written=two_digits(prow.written),
                arithmetic=step.text, why=_(_WRITTEN_WHY[why.kind]) if why else "",
            ), number, why
        pos = Position(
            step.result, s.advance(pos.hit, step.result), number,
            pos.sigma_used or op.sigma, (*pos.results, step.result),
        )
        positions.append(pos)
    return positions, None, None, None


_WRITTEN_WHY = {
    "start": N_("that is the number before the row, and the row still has to work on it"),
    "stopped-early": N_("that is the number before the row, and the row still has to work on "
                        "it"),
    "remainder-kept": N_("the engine drops the remainder"),
    "rounded-up": N_("the engine drops the remainder, it never rounds up"),
    "digits-swapped": N_("the right digits, the wrong way round"),
}


def _sentence(message: str) -> str:
    """An error message as a pupil-facing sentence: ``Row 2 'C2+': ...``."""
    text = message[0].upper() + message[1:]
    if text.endswith((".", "。", "!", "！")):
        return text
    # TRANSLATORS: a message made a sentence (its full stop).
    return _("{sentence}.").format(sentence=text)


def _rows(n: int) -> str:
    return ngettext("{count} row", "{count} rows", n).format(count=n)


def _then(targets: tuple[int, ...]) -> str:
    """Targets in the order they are hit: ``30, then 73``."""
    # TRANSLATORS: targets hit one after another, "30, then 73".
    return _(", then ").join(two_digits(t) for t in targets)


def hint(puzzle: Puzzle, program: str | Program = "", level: int = 1) -> Hint:
    """A hint for a pupil who has written ``program`` so far (``level`` 1, 2 or 3).

    :raises LnbError: when ``level`` is not 1–3 or the program text cannot be read.
    """
    if level not in LEVELS:
        raise LnbError(N_("hint level {level!r}: choose 1 (rows needed), 2 (next row) or 3 (a "
                          "whole program)"), level=level, reason="bad-hint-level",
                       expected=LEVELS)
    prog = _as_program(program)
    positions, problem, _row, _why = _play(puzzle, prog)
    s = puzzle.search
    limit = puzzle.row_limit
    goal = _then(puzzle.targets)

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
        parts.append(ngettext("No program reaches {goal} within {limit} row on this board.",
                              "No program reaches {goal} within {limit} rows on this board.",
                              limit).format(goal=goal, limit=limit))
        return Hint(level, _join(parts), None, undo)
    if undo:
        # Only the targets the pupil's rows have not hit yet (a target already hit is not
        # "cannot be reached"), and the whole row limit, not the rows left after the kept
        # ones (the next sentence counts those).
        unhit = _then(puzzle.targets[positions[-1].hit:])
        if keep == 0:
            parts.append(ngettext(
                "Undo your rows: after them, {goal} cannot be hit within {limit} row.",
                "Undo your rows: after them, {goal} cannot be hit within {limit} rows.",
                limit).format(goal=unhit, limit=limit))
        else:
            parts.append(ngettext(
                "Undo the rows after row {row}: after them, {goal} cannot be hit within "
                "{limit} row.",
                "Undo the rows after row {row}: after them, {goal} cannot be hit within "
                "{limit} rows.", limit).format(row=keep, goal=unhit, limit=limit))
    if need == 0:
        parts.append(_("You have already hit every target: check your answer!"))
        return Hint(level, _join(parts), 0, undo)
    left = limit - pos.rows
    missing = _then(puzzle.targets[pos.hit:])
    if pos.rows:
        parts.append(ngettext("From {value} you need {need} more row to reach {missing} "
                              "({left}).", "From {value} you need {need} more rows to reach "
                              "{missing} ({left}).", need).format(
            value=two_digits(pos.value), need=need, missing=missing,
            left=ngettext("you have {count} row left", "you have {count} rows left",
                          left).format(count=left)))
    else:
        parts.append(ngettext("From the start {value} you need {need} row to reach {missing}.",
                              "From the start {value} you need {need} rows to reach "
                              "{missing}.", need).format(value=two_digits(pos.value), need=need,
                                                         missing=missing))
    next_row = program_out = None
    if level >= 2:
        move = s.next_moves(pos.value, pos.hit, pos.sigma_used)[0]
        next_row = move.operation
        step = next_row.apply(pos.value, puzzle.board)
        parts.append(_("Try {row} next: {arithmetic}.").format(row=next_row,
                                                                arithmetic=step.text))
    if level >= 3:
        rest = s.program(pos.value, pos.hit, pos.sigma_used)
        assert rest is not None
        program_out = Program.of([*prog.operations[:keep], *rest.operations])
        parts.append(_("A whole program that works: {program}.").format(program=program_out))
    return Hint(level, _join(parts), need, undo, next_row, program_out)


def _join(sentences: list[str]) -> str:
    """Whole sentences one after another (a space between them in English)."""
    if not sentences:
        return ""
    # TRANSLATORS: two sentences of a hint one after the other (Chinese: no space between).
    then = _("{sentence} {next}")
    text = sentences[0]
    for sentence in sentences[1:]:
        text = then.format(sentence=text, next=sentence)
    return text.strip()


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
        return Feedback(False, _("Write at least one row, like A3+."))
    positions, problem, bad_row, why = _play(puzzle, prog)
    last = positions[-1]
    hit = puzzle.targets[: last.hit]
    if problem is not None:
        if last.rows:
            fine = (_("Row 1 was fine and reached {value}.") if last.rows == 1 else
                    _("Rows 1–{rows} were fine and reached {value}."))
            problem = _join([problem, fine.format(rows=last.rows,
                                                  value=two_digits(last.value))])
        return Feedback(False, problem, bad_row, hit, results=last.results, diagnosis=why)
    if len(prog) > puzzle.limit:
        extra = len(prog) - puzzle.limit
        return Feedback(
            False,
            ngettext("Your program has {rows} rows but this puzzle allows {limit}: remove "
                     "{extra} row.", "Your program has {rows} rows but this puzzle allows "
                     "{limit}: remove {extra} rows.", extra).format(
                rows=len(prog), limit=puzzle.limit, extra=extra),
            puzzle.limit + 1, hit, results=last.results,
        )
    if last.hit == len(puzzle.targets):
        done = next(i for i, p in enumerate(positions) if p.hit == len(puzzle.targets))
        best = puzzle.solution.length
        if puzzle.shortest and best is not None and done > best:
            return Feedback(
                False,
                _("You hit every target in {done}, well done! But it can be done in {best}: "
                  "can you find a shorter way?").format(done=_rows(done), best=_rows(best)),
                None, hit, results=last.results,
            )
        if done == len(prog):
            said = _("Solved in {rows}!").format(rows=_rows(done))
        else:
            said = _("Solved in {rows}! (after row {row} the rest was not needed)").format(
                rows=_rows(done), row=done)
        return Feedback(True, said, None, hit, results=last.results)
    missed = puzzle.targets[last.hit]
    # Results after the last target hit are the attempts at the missed one.
    after = next(i for i, p in enumerate(positions) if p.hit == last.hit)
    tries = [(abs(p.value - missed), i, p.value) for i, p in enumerate(positions)
             if i > after]
    if hit:
        said = _("You hit {hit} but not {missed} after it.").format(
            # TRANSLATORS: between the targets hit, "30, 73".
            hit=_(", ").join(two_digits(t) for t in hit), missed=two_digits(missed))
    else:
        said = _("Your Results never hit {missed}.").format(missed=two_digits(missed))
    if not tries:
        return Feedback(False, _join([said, _("Keep going: add rows after row {row}.").format(
            row=last.rows)]), None, hit, results=last.results)
    off, row, closest = min(tries)
    return Feedback(
        False,
        _join([said, _("Your closest Result was {closest} at row {row}, {off} away.").format(
            closest=two_digits(closest), row=row, off=off)]),
        row, hit, closest, off, last.results,
    )


_NAMES = {Function.SWAP: N_("the swap"), Function.COPY: N_("the copy"),
          Function.SET: N_("the Set")}
_SIGNS = {Function.ADD: "+", Function.SUBTRACT: "−", Function.MULTIPLY: "×", Function.DIVIDE: "÷"}


def _what(op: Operation, board: Board) -> str:
    """What a row does, in a pupil's words: ``the swap``, ``the ÷2``."""
    if op.function in _NAMES:
        return _(_NAMES[op.function])
    # TRANSLATORS: a row named by what it does, "the ÷2", "the +5".
    return _("the {sign}{n}").format(sign=_SIGNS[op.function], n=op.component(board).n)


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
        return _("row {row} ({operation})").format(row=first_row + k - 1, operation=ops[k - 1])

    def sentence(text: str) -> str:
        return text[0].upper() + text[1:]

    shown = two_digits(given)
    for k, op in enumerate(ops, start=1):
        n = op.component(board).n or 0
        before = values[k - 1]
        if op.function is not Function.DIVIDE or op.sigma or before % n == 0:
            continue
        facts = dict(where=sentence(name(k)), before=two_digits(before), n=n, given=shown)
        exact = _exact(ops[k:], Fraction(before, n), board)
        if exact is not None and exact == given:
            if k < len(ops):
                said = _("{where}: {before} ÷ {n} has a remainder. The engine drops it and goes "
                         "on with the whole number only, so the rows after it work on a "
                         "smaller number.")
            else:
                said = _("{where}: {before} ÷ {n} has a remainder. The engine drops it and goes "
                         "on with the whole number only.")
            return found("remainder-kept", k, said.format(**facts))
        if _run(ops[k:], before // n + 1, board) == given:
            if k == len(ops):
                said = _("{where}: {before} ÷ {n} has a remainder, and {given} rounds up. The "
                         "engine never rounds up: it drops the remainder.")
            else:
                said = _("{where}: {before} ÷ {n} has a remainder, and you rounded up. The "
                         "engine never rounds up: it drops the remainder.")
            return found("rounded-up", k, said.format(**facts))
    if given == start and first_row == 1:
        return found("start", 1, _("{given} is the start number: every row changes it. Begin "
                                   "with row 1 ({operation}), {what}.").format(
            given=shown, operation=ops[0], what=_what(ops[0], board)))
    for k in range(len(ops) - 1, -1, -1):
        if values[k] == given:
            if k == len(ops) - 1:
                said = _("{given} is the number before {what} in {row}. Do that row too.")
            else:
                said = _("{given} is the number before {what} in {row}. Do that row and the "
                         "rows after it too.")
            return found("stopped-early", k + 1, said.format(
                given=shown, what=_what(ops[k], board), row=name(k + 1)))
    for k in range(1, len(ops) + 1):
        if len(ops) > 1 and _run(ops[:k - 1] + ops[k:], start, board) == given:
            return found("row-left-out", k, _("{given} is what you get without {row}. Do every "
                                              "row, one after another.").format(
                given=shown, row=name(k)))
    if swap_digits(expected) == given:
        return found("digits-swapped", len(ops), _(
            "{given} has the right digits the wrong way round: check which is the tens digit "
            "and which the units.").format(given=shown))
    return None


#: The kinds of :class:`WrongTurn`: what is wrong with a whole answer (its ``message`` says it
#: in words): solved, no row, a row that cannot be read, a row that breaks a rule, the targets
#: out of reach after a row, more rows than allowed, stopped while still in reach, longer than
#: a shortest program.
VERDICTS = ("solved", "empty", "unreadable", "breaks-a-rule", "out-of-reach", "too-long",
            "stopped-short", "not-shortest")


@dataclass(frozen=True)
class WrongTurn:
    """Where a whole answer to a puzzle went wrong, exactly, for a teacher reading a class's
    wrong answers: ``kind`` is one of :data:`VERDICTS`, ``row`` the row it is about (0: at
    the start, None: none), ``message`` one sentence saying it."""

    kind: str
    row: int | None
    message: str

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "row": self.row, "message": self.message}


def wrong_turn(puzzle: Puzzle, program: str | Program) -> WrongTurn:
    """Where ``program`` went wrong as an answer to ``puzzle``: the first row after which no
    program could still hit the targets in the rows left (found by the exact solver), a row
    that breaks a rule, rows that stopped while the targets were still in reach, too many
    rows, or a longer program than the shortest. A right answer is ``solved``.

    >>> p = Puzzle.from_code("P1-0J6Y-91VC-7")  # start at 55, reach 73 in at most 5 rows
    >>> print(wrong_turn(p, "A3+ B1- A1+").message)
    After row 2 (B1-) the Result is 10: from there 73 cannot be hit in the 3 rows left.
    >>> print(wrong_turn(p, "A3+ A1+ A3+ A3+").message)
    After row 4 the Result is 71: 73 was still in reach, 1 more row would have hit it.
    >>> t = wrong_turn(p, "A3+ A4x")
    >>> t.kind, t.row
    ('breaks-a-rule', 2)
    >>> wrong_turn(p, "A2- B2+").kind
    'solved'
    """
    try:
        prog = _as_program(program)
    except LnbError as exc:
        return WrongTurn("unreadable", exc.row, _sentence(exc.message))
    if not len(prog):
        return WrongTurn("empty", None, _("No row was written."))
    feedback = check_answer(puzzle, prog)
    if feedback.solved:
        return WrongTurn("solved", None, str(feedback.message))
    positions, problem, bad_row, _why = _play(puzzle, prog)
    s = puzzle.search
    limit = puzzle.row_limit
    lost = next((k for k, pos in enumerate(positions)
                 if (need := s.rows_needed(pos.value, pos.hit, pos.sigma_used)) is None
                 or pos.rows + need > limit), None)
    if lost is not None and (bad_row is None or lost < bad_row):
        pos = positions[lost]
        missing = _then(puzzle.targets[pos.hit:])
        if lost == 0:
            return WrongTurn("out-of-reach", 0, ngettext(
                "From the start {value} no program hits {missing} in {left} row.",
                "From the start {value} no program hits {missing} in {left} rows.",
                limit).format(value=two_digits(pos.value), missing=missing, left=limit))
        left = limit - pos.rows
        if left == 0:
            said = _("After row {row} ({operation}) the Result is {value}, no row is left, and "
                     "{missing} was not hit.")
        else:
            said = ngettext("After row {row} ({operation}) the Result is {value}: from there "
                            "{missing} cannot be hit in the {left} row left.",
                            "After row {row} ({operation}) the Result is {value}: from there "
                            "{missing} cannot be hit in the {left} rows left.", left)
        return WrongTurn("out-of-reach", lost, said.format(
            row=lost, operation=prog.operations[lost - 1], value=two_digits(pos.value),
            missing=missing, left=left))
    if problem is not None:
        return WrongTurn("breaks-a-rule", bad_row, problem)
    last = positions[-1]
    if len(prog) > puzzle.limit:
        return WrongTurn("too-long", puzzle.limit + 1, str(feedback.message))
    if last.hit == len(puzzle.targets):
        return WrongTurn("not-shortest", None, str(feedback.message))
    need = s.rows_needed(last.value, last.hit, last.sigma_used)
    assert need is not None  # else the targets were out of reach (found above)
    missing = _then(puzzle.targets[last.hit:])
    return WrongTurn("stopped-short", last.rows, ngettext(
        "After row {row} the Result is {value}: {missing} was still in reach, {need} more "
        "row would have hit it.",
        "After row {row} the Result is {value}: {missing} was still in reach, {need} more "
        "rows would have hit it.", need).format(
            row=last.rows, value=two_digits(last.value), missing=missing, need=need))
