"""Programs: a column of Operations run from a start value, traced row by row.

>>> from lnb.babbage.board import Board
>>> trace = Program.parse("A3+ A4/ B4s").run(Board.standard(), start=55)
>>> for row in trace.rows:
...     print(row.row, row.operation, row.text)
1 A3+ 55 + 5 = 60
2 A4/ 60 ÷ 2 = 30
3 B4s 30 ⇄ 03
>>> trace.result
3
>>> Program.parse("A3+ 60, A4x 120")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lnb.babbage.errors.InvalidOperationError: row 2 'A4x 120': the written Result 120 leaves 00–99; ...
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.errors import (
    BadInputError,
    InvalidOperationError,
    LnbError,
    OutOfRangeError,
    OverLimitError,
    shown,
)
from lnb.babbage.numbers import HIGHEST, LOWEST
from lnb.babbage.operations import SIGMA_MARKS, Operation, Step, ascii_digits, row_error
from lnb.core.i18n import N_, _
from lnb.core.lazy import LazyField, made
from lnb.core.messages import Text, lazy_ngettext

DEFAULT_LIMIT = 5
_SEPARATORS = re.compile(r"[\s,;]+")


@dataclass(frozen=True)
class ProgramRow:
    """An Operation and, in mental-arithmetic play, the Result its author wrote."""

    operation: Operation
    written: int | None = None

    def __str__(self) -> str:
        return str(self.operation) + ("" if self.written is None else f" {self.written:02d}")


@dataclass(frozen=True)
class TraceRow:
    """One row of a run: what was written, the value before, the Result and its arithmetic."""

    row: int
    operation: Operation
    before: int
    result: int
    text: str = LazyField(lambda row: _arithmetic(row))  # a run's: when first read
    written: int | None = None
    void: bool = False

    @property
    def correct(self) -> bool:
        """False when a written Result differs from the true one."""
        return self.written is None or self.written == self.result

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of ``lnb run --json``."""
        data: dict[str, Any] = {
            "row": self.row,
            "operation": str(self.operation),
            "before": self.before,
            "result": self.result,
            "text": self.text,
        }
        if self.written is not None:
            data["written"] = self.written
            data["correct"] = self.correct
        if self.void:
            data["void"] = True
        return data


def _arithmetic(row: TraceRow) -> str:
    """A run's row written as a pupil writes it (its Step's text, ``55 + 5 = 60``)."""
    step = made(Step, operation=row.operation, component=row.__dict__["_component"],
                before=row.before, result=row.result)
    return step.text  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Trace:
    """A whole run: the start value, the rows in order and the final Result."""

    start: int
    rows: tuple[TraceRow, ...]

    @property
    def result(self) -> int:
        """The last Result (the start when no row was applied)."""
        for r in reversed(self.rows):
            if not r.void:
                return r.result
        return self.start

    @property
    def results(self) -> tuple[int, ...]:
        """Results of the rows that were applied."""
        return tuple(r.result for r in self.rows if not r.void)

    def first_mistake(self) -> TraceRow | None:
        """The first row whose written Result is wrong, if any."""
        return next((r for r in self.rows if not r.correct), None)

    def to_dict(self) -> dict[str, Any]:
        """``{"start": 55, "rows": [...], "result": 60}``."""
        rows = [r.to_dict() for r in self.rows]
        return {"start": self.start, "rows": rows, "result": self.result}

    def text(self) -> str:
        """The trace as a pupil writes it, one row a line."""
        lines = [_("start  {start:02d}").format(start=self.start)]
        for r in self.rows:
            note = _("  (void: leaves 00–99)") if r.void else ""
            if r.written is not None and not r.correct:
                note += _("  (you wrote {written:02d})").format(written=r.written)
            lines.append(f"{r.row:>2}. {r.operation!s:<5} {r.text}{note}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Program:
    """An immutable sequence of rows in RULES.md §6 notation.

    >>> p = Program.parse("a3+, b4S\\nA4÷")
    >>> str(p), len(p)
    ('A3+ B4s A4/', 3)
    >>> p
    Program.parse('A3+ B4s A4/')
    """

    rows: tuple[ProgramRow, ...] = ()

    @classmethod
    def parse(cls, text: str) -> Program:
        """Read rows separated by spaces, commas or new lines; a number after a row is its
        written Result; ``Σ``/``!`` may also stand apart just after its row."""
        bad = InvalidOperationError
        if not isinstance(text, str):
            raise bad(N_("a program is text like 'A3+ A4/', not {value!r}"), value=text,
                      reason="not-text",
                      expected="text like 'A3+ A4/'")
        rows: list[ProgramRow] = []
        for word in (w for w in _SEPARATORS.split(text) if w):
            number = word.isascii() and word.isdigit()
            if number or word in SIGMA_MARKS or (word.isdecimal() and rows):
                if not rows:
                    raise row_error(bad, 1, word, Text(N_(
                        "a program starts with a row like A3+; a number may only come after its "
                        "row, as the Result you worked out")),
                                    reason="no-operation", expected="an Operation like A3+")
                last = rows[-1]
                here = len(rows)
                written = f"{last} {word}"
                if not number and word not in SIGMA_MARKS:
                    raise row_error(bad, here, written, Text(N_(
                        "write the Result with the digits 0 to 9, e.g. {plain}"),
                        plain=ascii_digits(word)), reason="bad-digits",
                                    expected=ascii_digits(word))
                if number:
                    if last.written is not None:
                        raise row_error(bad, here, written, Text(N_(
                            "one written Result per row; start the next row with an Operation "
                            "like A3+")),
                                        reason="two-results", expected="an Operation like A3+")
                    if len(word) > 4 or int(word) > HIGHEST:
                        raise row_error(bad, here, written, Text(N_(
                            "the written Result {written} leaves 00–99; write the Result as 00 "
                            "to 99"), written=shown(word, 8, quote=False)),
                                        reason="out-of-range", expected=(LOWEST, HIGHEST))
                    if len(word) > 2:
                        raise row_error(bad, here, written, Text(N_(
                            "write the Result with two digits, e.g. {value:02d}"),
                            value=int(word)), reason="two-digits",
                                        expected=f"{int(word):02d}")
                    rows[-1] = ProgramRow(last.operation, int(word))
                else:
                    op = last.operation
                    rows[-1] = ProgramRow(Operation(op.level, op.rack, op.function, True), None)
                continue
            rows.append(ProgramRow(Operation.parse(word, row=len(rows) + 1)))
        return cls(tuple(rows))

    @classmethod
    def of(cls, operations: Iterable[Operation | str]) -> Program:
        """A program from Operations (or their texts)."""
        return cls(
            tuple(
                ProgramRow(op if isinstance(op, Operation) else Operation.parse(op, row=i))
                for i, op in enumerate(operations, start=1)
            )
        )

    @property
    def operations(self) -> tuple[Operation, ...]:
        """The Operations, without written Results."""
        return tuple(r.operation for r in self.rows)

    @property
    def written(self) -> tuple[int | None, ...]:
        """The written Results (None where a row has none)."""
        return tuple(r.written for r in self.rows)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[ProgramRow]:
        return iter(self.rows)

    def __str__(self) -> str:
        rows = self.rows
        texts = []
        for r in rows:
            if r.written is not None:  # written Results: rows apart by commas
                return ", ".join([str(r) for r in rows])
            op = r.operation  # str(op), read from its kept text once it was written
            text = op.__dict__.get("_text")
            texts.append(str(op) if text is None else text)
        return " ".join(texts)

    def __repr__(self) -> str:
        return f"Program.parse({str(self)!r})"

    def with_row(self, operation: Operation | str, written: int | None = None) -> Program:
        """A new program with one more row."""
        row = len(self.rows) + 1
        if not isinstance(operation, Operation):
            operation = Operation.parse(operation, row=row)  # refuses what is not text
        if written is not None and (isinstance(written, bool) or not isinstance(written, int)
                                    or not LOWEST <= written <= HIGHEST):
            raise row_error(InvalidOperationError, row, f"{operation} {written!r}",
                            Text(N_("the written Result is a whole number from 00 to 99")),
                            reason="bad-result", expected=(LOWEST, HIGHEST))
        return Program((*self.rows, ProgramRow(operation, written)))

    def without_last(self) -> Program:
        """A new program without its last row (undo)."""
        return Program(self.rows[:-1])

    def truncated(self, length: int) -> Program:
        """The first ``length`` rows."""
        return Program(self.rows[:length])

    def check_limit(self, limit: int | None) -> None:
        """Raise ``OverLimitError`` when the program is longer than ``limit``."""
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)):
            raise BadInputError(N_("limit {limit!r}: give a whole number of Operations like 5, "
                                   "or None"), limit=limit, reason="bad-limit",
                                expected="an int or None")
        if limit is not None and len(self.rows) > limit:
            extra = len(self.rows) - limit
            first = self.rows[limit]
            raise row_error(OverLimitError, limit + 1, str(first), lazy_ngettext(
                "over the limit of {limit} Operations; remove {extra} row",
                "over the limit of {limit} Operations; remove {extra} rows", extra,
                limit=limit, extra=extra),
                            reason="over-limit", expected=limit, limit=limit, extra=extra)

    def check_sigma(self, allowed: int = 1) -> None:
        """Raise ``OverLimitError`` when more rows than ``allowed`` are marked Σ (SIGMA works
        once a Round).

        >>> Program.parse("B2+Σ A1+ A1+!").check_sigma()  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        lnb.babbage.errors.OverLimitError: row 3 'A1+Σ': only 1 row may be marked Σ ...
        """
        marked = [i for i, r in enumerate(self.rows, start=1) if r.operation.sigma]
        if len(marked) > allowed:
            row = marked[allowed]
            raise row_error(OverLimitError, row, str(self.rows[row - 1]), lazy_ngettext(
                "only {allowed} row may be marked Σ (SIGMA works once a Round); remove the "
                "mark from row {first} or row {row}",
                "only {allowed} rows may be marked Σ (SIGMA works once a Round); remove the "
                "mark from row {first} or row {row}", allowed, allowed=allowed,
                first=marked[0], row=row),
                            reason="sigma-limit", expected=allowed, limit=allowed)

    def run(
        self,
        board: Board,
        start: int = 55,
        limit: int | None = DEFAULT_LIMIT,
        void_out_of_range: bool = False,
    ) -> Trace:
        """Run from ``start``; raise the first rule broken (naming its row).

        With ``void_out_of_range`` a row whose Result would leave 00–99 is skipped and marked
        void instead (mental-arithmetic recomputation, RULES.md §4.5).
        """
        if isinstance(start, bool) or not isinstance(start, int) or not LOWEST <= start <= HIGHEST:
            raise BadInputError(N_("start {start!r}: a program starts from a whole number from "
                                   "00 to 99, e.g. 55"), start=start, reason="bad-start",
                                expected=(LOWEST, HIGHEST))
        if limit is not None:
            self.check_limit(limit)
        value = start
        rows: list[TraceRow] = []
        levels = board.levels
        new = object.__new__
        for number, prow in enumerate(self.rows, start=1):
            # The usual row, as ``Operation.apply`` works it out (a space of a revealed level
            # with the row's function, Results in 00–99), without its Step; anything else
            # goes through ``apply`` below, which raises (or voids) as it always did.
            op = prow.operation
            comps = levels.get(op.level)
            if comps is not None and type(op.rack) is int and 0 < op.rack <= len(comps):
                comp = comps[op.rack - 1]
                if op.function in comp.functions:
                    result = comp.apply(op.function, value)
                    if LOWEST <= result <= HIGHEST and op.sigma:
                        result = comp.apply(op.function, result)
                    if LOWEST <= result <= HIGHEST:
                        # made(TraceRow, ...) without its call: the row's fields as they are
                        trow = new(TraceRow)
                        trow.__dict__.update(row=number, operation=op, before=value,
                                             result=result, written=prow.written, void=False,
                                             _component=comp)
                        rows.append(trow)
                        value = result
                        continue
            try:
                step: Step = prow.operation.apply(value, board, row=number)
            except OutOfRangeError:
                if not void_out_of_range:
                    raise
                raw, text = prow.operation.arithmetic(value, board)
                rows.append(
                    TraceRow(number, prow.operation, value, raw, text, prow.written, void=True)
                )
                continue
            rows.append(made(TraceRow, row=number, operation=prow.operation, before=value,
                             result=step.result, written=prow.written, void=False,
                             _component=step.component))
            value = step.result
        trace = new(Trace)  # Trace(start, tuple(rows)) without the frozen __init__'s call
        trace.__dict__.update(start=start, rows=tuple(rows))
        return trace

    def final(self, board: Board, start: int = 55, limit: int | None = DEFAULT_LIMIT) -> int:
        """``run(board, start, limit).result`` without writing each row's arithmetic: the same
        Result, and the same error for the first rule broken.

        >>> Program.parse("A3+ A4/").final(Board.standard(), start=55)
        30
        """
        if isinstance(start, bool) or not isinstance(start, int) or not LOWEST <= start <= HIGHEST:
            return self.run(board, start, limit).result  # raises run's own error
        self.check_limit(limit)
        value = start
        for number, prow in enumerate(self.rows, start=1):
            value = prow.operation.apply(value, board, row=number).result
        return value

    def is_legal(self, board: Board, start: int = 55, limit: int | None = DEFAULT_LIMIT) -> bool:
        """True when the program runs without breaking a rule."""
        try:
            self.run(board, start, limit)
        except LnbError:
            return False
        return True
