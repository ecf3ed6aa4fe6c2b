"""Operations: one row of a program, a space of the board and a function.

>>> from lnb.babbage.board import Board
>>> op = Operation.parse("a3+")
>>> op, str(op)
(Operation.parse('A3+'), 'A3+')
>>> step = op.apply(55, Board.standard())
>>> step.result, step.text
(60, '55 + 5 = 60')
>>> Operation.parse("B2+Σ").apply(55, Board.standard()).text
'55 + 20 + 20 = 95'
>>> [str(o) for o in legal_operations(95, Board.standard())][:6]
['A1+', 'A1-', 'A2+', 'A2-', 'A3-', 'A4/']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lnb.babbage.board import Board
from lnb.babbage.components import FUNCTION_ORDER, Component, Function, Kind
from lnb.babbage.edition import LEVELS, RACKS
from lnb.babbage.errors import (
    InvalidOperationError,
    LevelNotRevealedError,
    LnbError,
    OutOfRangeError,
    WrongFunctionError,
    row_prefix,
)
from lnb.babbage.numbers import in_range, two_digits

SIGMA_MARKS = ("Σ", "!")
_OP_RE = re.compile(r"^([A-Za-z])(\d+)(.?)(.*)$", re.S)


@dataclass(frozen=True, order=True)
class Operation:
    """A row's Operation: level letter, rack 1–4, function, and the SIGMA mark."""

    level: str
    rack: int
    function: Function
    sigma: bool = False

    @classmethod
    def parse(cls, text: str, row: int | None = None) -> Operation:
        """Read ``A3+``, ``c2/``, ``B2+Σ``, ``A4÷``; raise ``InvalidOperationError`` otherwise.

        >>> Operation.parse("C2*")
        Operation.parse('C2x')
        """
        if not isinstance(text, str):
            raise InvalidOperationError(
                f"{row_prefix(row, repr(text))}an Operation is text like A3+"
            )
        raw = text.strip()
        where = row_prefix(row, raw)
        m = _OP_RE.match(raw)
        if not m:
            raise InvalidOperationError(
                f"{where}write a level letter, a rack number and a function, e.g. A3+"
            )
        letter, digits, symbol, rest = m.groups()
        level = letter.upper()
        if level not in LEVELS:
            raise InvalidOperationError(
                f"{where}level {level} does not exist; levels are A to E, e.g. A3+"
            )
        rack = int(digits)
        if rack not in RACKS:
            raise InvalidOperationError(
                f"{where}rack {digits} does not exist; racks are numbered 1 to 4, e.g. {level}3+"
            )
        if not symbol:
            raise InvalidOperationError(
                f"{where}the function is missing; add one of + - x / s c =, e.g. {level}{rack}+"
            )
        try:
            function = Function.from_symbol(symbol)
        except LnbError:
            raise InvalidOperationError(
                f"{where}{symbol!r} is not a function; write one of + - x / s c =, "
                f"e.g. {level}{rack}+"
            ) from None
        rest = rest.strip()
        if rest and rest not in SIGMA_MARKS:
            raise InvalidOperationError(
                f"{where}unexpected {rest!r} after {level}{rack}{function.symbol}; "
                f"only Σ or ! may follow (the SIGMA row), e.g. {level}{rack}{function.symbol}Σ"
            )
        return cls(level, rack, function, bool(rest))

    @property
    def space(self) -> str:
        """The board space: ``A3``."""
        return f"{self.level}{self.rack}"

    def __str__(self) -> str:
        return f"{self.space}{self.function.symbol}{'Σ' if self.sigma else ''}"

    def __repr__(self) -> str:
        return f"Operation.parse({str(self)!r})"

    def sort_key(self) -> tuple[str, int, int, bool]:
        """Board order, then the notation's order of functions."""
        return (self.level, self.rack, FUNCTION_ORDER[self.function], self.sigma)

    def component(self, board: Board, row: int | None = None) -> Component:
        """The component this Operation uses, checked against the board."""
        try:
            comp = board.component(self.level, self.rack)
        except LevelNotRevealedError as exc:
            raise LevelNotRevealedError(f"{row_prefix(row, str(self))}{exc}") from None
        if self.function not in comp.functions:
            raise WrongFunctionError(
                f"{row_prefix(row, str(self))}{self.space} is {comp.label}, "
                f"{comp.function_hint(self.space)}"
            )
        return comp

    def raw_result(self, value: int, board: Board) -> int:
        """The Result without the 00–99 check (applied twice on a SIGMA row)."""
        comp = self.component(board)
        result = comp.apply(self.function, value)
        return comp.apply(self.function, result) if self.sigma else result

    def apply(self, value: int, board: Board, row: int | None = None) -> Step:
        """Apply to ``value``; raise if the board forbids it or the Result leaves 00–99."""
        comp = self.component(board, row)
        middle = comp.apply(self.function, value)
        result = comp.apply(self.function, middle) if self.sigma else middle
        if not (in_range(middle) and in_range(result)):
            raise OutOfRangeError(
                f"{row_prefix(row, str(self))}{_arith(comp, self, value, middle, result)} "
                f"leaves 00–99; every Result must be 00 to 99, choose another row"
            )
        return Step(self, comp, value, result, _arith(comp, self, value, middle, result))

    def arithmetic(self, value: int, board: Board) -> tuple[int, str]:
        """The raw Result and its arithmetic, without the 00–99 check (for void rows).

        >>> Operation.parse("B1+").arithmetic(60, Board.standard())
        (110, '60 + 50 = 110')
        """
        comp = self.component(board)
        middle = comp.apply(self.function, value)
        result = comp.apply(self.function, middle) if self.sigma else middle
        return result, _arith(comp, self, value, middle, result)

    def is_legal(self, value: int, board: Board) -> bool:
        """True when this Operation may be written after ``value`` on ``board``."""
        try:
            self.apply(value, board)
        except LnbError:
            return False
        return True


def _arith(comp: Component, op: Operation, before: int, middle: int, result: int) -> str:
    if not op.sigma:
        return comp.step_text(op.function, before, result)
    if op.function in (Function.ADD, Function.SUBTRACT, Function.MULTIPLY):
        sign = {"+": "+", "-": "−", "x": "×"}[op.function.symbol]
        return f"{two_digits(before)} {sign} {comp.n} {sign} {comp.n} = {two_digits(result)}"
    first = comp.step_text(op.function, before, middle)
    second = comp.step_text(op.function, middle, result)
    return f"{first}, {second}"


@dataclass(frozen=True)
class Step:
    """One applied row: the Operation, its component, the value before and the Result."""

    operation: Operation
    component: Component
    before: int
    result: int
    text: str

    @property
    def level(self) -> str:
        """Level of the component used (for the engine bonus)."""
        return self.operation.level

    def __str__(self) -> str:
        return f"{self.operation}  {self.text}"


def legal_operations(value: int, board: Board, sigma: bool = False) -> list[Operation]:
    """Every Operation that may be written after ``value``, sorted in board order.

    With ``sigma=True`` the SIGMA-marked versions are listed too. Answers are memoised on the
    board, so asking again is a dictionary look-up (a new list each time).
    """
    key = ("legal", value, sigma)
    cached = board.cache.get(key)
    if cached is None:
        cached = board.cache[key] = tuple(_legal_operations(value, board, sigma))
    return list(cached)


def _legal_operations(value: int, board: Board, sigma: bool) -> list[Operation]:
    ops: list[Operation] = []
    for level, rack, comp in board.spaces():
        for function in comp.functions:
            for marked in (False, True) if sigma else (False,):
                op = Operation(level, rack, function, marked)
                result = op.raw_result(value, board)
                if in_range(result) and (not marked or in_range(comp.apply(function, value))):
                    ops.append(op)
    return sorted(ops, key=Operation.sort_key)


def describe_kind(comp: Component) -> str:
    """A pupil-facing name of a component's kind."""
    return {
        Kind.ADD_SUB: "add or subtract",
        Kind.MUL_DIV: "multiply or divide",
        Kind.SWAP: "swap the digits",
        Kind.COPY_RIGHT: "copy the tens digit onto the units",
        Kind.COPY_LEFT: "copy the units digit onto the tens",
        Kind.SET_TO: f"set to {two_digits(comp.n or 0)}",
    }[comp.kind]
