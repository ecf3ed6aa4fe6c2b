"""What a player may write in the Program phase (or a Debug rewrite): one check, used by the
game's ``WriteProgram``/``Debug`` and by every program builder, so they never disagree.

>>> from lnb.babbage.board import Board
>>> rules = WritingRules(Board.standard(), start=55, limit=5, mental=True)
>>> rules.check(Program.parse("B1+ 05"))  # a wrong Result is found when its row resolves
>>> rules.accepts(Program.parse("B1+")), rules.accepts(Program.parse("B1+"), draft=True)
(False, True)
>>> rules.check(Program.parse("A3+Σ 65"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
lnb.babbage.errors.IllegalOperationError: row 1 'A3+Σ 65': a Σ row needs SIGMA activated ...
>>> WritingRules(Board.standard(), sigma_rows=1).sigma_left(Program.parse("B2+Σ"))
0
"""

from __future__ import annotations

from dataclasses import dataclass

from lnb.babbage.board import Board
from lnb.babbage.errors import IllegalOperationError, LnbError
from lnb.babbage.operations import Operation, legal_operations, row_error
from lnb.babbage.programs import DEFAULT_LIMIT, Program
from lnb.core.i18n import N_
from lnb.core.messages import Text, lazy_ngettext


@dataclass(frozen=True)
class WritingRules:
    """The facts a written program is checked against.

    ``limit`` counts every row of the Round (None: no limit); a Debug rewrite starts at
    ``first_row`` with ``sigma_used`` Σ rows already in the rows kept above it.
    """

    board: Board
    start: int = 55
    limit: int | None = DEFAULT_LIMIT
    sigma_rows: int = 0
    mental: bool = False
    first_row: int = 1
    sigma_used: int = 0

    def check(self, program: Program, *, draft: bool = False) -> None:
        """Raise the first rule ``program`` breaks (an ``IllegalOperationError`` naming its
        row). ``draft``: in mental play the last row may still wait for its Result."""
        if self.first_row == 1:
            program.check_limit(self.limit)
        elif self.limit is not None and self.first_row - 1 + len(program) > self.limit:
            extra = self.first_row - 1 + len(program) - self.limit
            raise IllegalOperationError(lazy_ngettext(
                "the rewrite has {rows} rows; with {kept} kept that is over the limit of "
                "{limit} Operations; remove {extra} row",
                "the rewrite has {rows} rows; with {kept} kept that is over the limit of "
                "{limit} Operations; remove {extra} rows", extra, rows=len(program),
                kept=self.first_row - 1, limit=self.limit, extra=extra),
                row=self.limit + 1, reason="over-limit", limit=self.limit, extra=extra)
        sigmas = self.sigma_used
        last = self.first_row + len(program) - 1
        for number, prow in enumerate(program.rows, start=self.first_row):
            if self.mental and prow.written is None and not (draft and number == last):
                raise row_error(
                    IllegalOperationError, number, str(prow),
                    Text(N_("write the Result after the row in mental-arithmetic play, e.g. "
                            "{operation} 60"), operation=prow.operation),
                    expected=f"{prow.operation} 60", reason="result-missing")
            if not self.mental and prow.written is not None:
                raise row_error(
                    IllegalOperationError, number, str(prow),
                    Text(N_("written Results belong to mental-arithmetic play; write just "
                            "{operation}"), operation=prow.operation),
                    expected=str(prow.operation), reason="result-written")
            if prow.operation.sigma:
                sigmas += 1
                if sigmas > self.sigma_rows:
                    why = (N_("one Σ row only; remove the Σ mark") if self.sigma_rows else
                           N_("a Σ row needs SIGMA activated this Round; remove the Σ mark"))
                    raise row_error(IllegalOperationError, number, str(prow), Text(why),
                                    reason="sigma")
            if self.mental:
                prow.operation.component(self.board, number)
        if not self.mental:
            Program(program.rows).final(self.board, self.start, limit=None)  # names the row

    def accepts(self, program: Program, *, draft: bool = False) -> bool:
        """True when :meth:`check` raises nothing."""
        try:
            self.check(program, draft=draft)
        except LnbError:
            return False
        return True

    def rows_left(self, program: Program) -> int | None:
        """How many more rows may follow ``program`` (None: no limit).

        >>> WritingRules(Board.standard(), limit=5, first_row=3).rows_left(Program.parse("A1+"))
        2
        """
        if self.limit is None:
            return None
        return max(0, self.limit - (self.first_row - 1) - len(program))

    def sigma_left(self, program: Program) -> int:
        """How many more rows may be marked Σ after ``program`` (SIGMA: once a Round)."""
        used = self.sigma_used + sum(1 for op in program.operations if op.sigma)
        return max(0, self.sigma_rows - used)

    def next_operations(self, program: Program) -> list[Operation]:
        """Operations that may be the next row after ``program``, in board order (empty at
        the limit). In mental play every function of a revealed space (its Result is the
        player's to write); otherwise those whose Result stays in 00–99.

        >>> rules = WritingRules(Board.standard(), start=95, limit=2)
        >>> "A3+" in [str(op) for op in rules.next_operations(Program())]
        False
        >>> len(rules.next_operations(Program.parse("A3- A3-")))
        0
        """
        if self.rows_left(program) == 0:
            return []
        sigma = self.sigma_left(program) > 0
        if self.mental:
            return sorted((Operation(level, rack, function, marked)
                           for level, rack, comp in self.board.spaces()
                           for function in comp.functions
                           for marked in ((False, True) if sigma else (False,))),
                          key=Operation.sort_key)
        value = program.final(self.board, self.start, limit=None)
        return legal_operations(value, self.board, sigma=sigma)


__all__ = ["WritingRules"]
