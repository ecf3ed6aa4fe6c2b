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
import unicodedata
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

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
    shown,
)
from lnb.babbage.numbers import (
    HIGHEST,
    LOWEST,
    copy_tens_to_units,
    copy_units_to_tens,
    in_range,
    swap_digits,
    two_digits,
)
from lnb.core.i18n import N_
from lnb.core.lazy import made
from lnb.core.messages import Text

SIGMA_MARKS = ("Σ", "!")
FUNCTION_SYMBOLS = tuple(f.symbol for f in Function)
_OP_RE = re.compile(r"^([A-Za-z])([0-9]+)(.?)(.*)$", re.S)


def row_error(
    cls: type[LnbError], row: int | None, text: str, detail: str, **fields: Any
) -> LnbError:
    """An error whose message is ``row 3 'C2+': detail`` and whose fields carry the same facts:
    ``row``, ``text``, ``detail`` (the explanation without the ``row N 'X': `` prefix) and any
    others given (``expected``, ``reason``...).

    >>> err = row_error(LnbError, 3, "C2+", Text(N_("{space} is {label}"), space="C2", label="×÷3"),
    ...                 reason="wrong-function")
    >>> str(err)
    "row 3 'C2+': C2 is ×÷3"
    >>> err.row, err.text, err.reason, err.fields["detail"]
    (3, 'C2+', 'wrong-function', 'C2 is ×÷3')
    """
    message = Text("{where}{detail}", where=row_prefix(row, text), detail=detail)
    return cls(message, row=row, text=text, detail=detail, **fields)


def ascii_digits(text: str) -> str:
    """``text`` with fullwidth signs and every Unicode digit written plainly (0–9): what the
    writer probably meant.

    >>> ascii_digits("A٣+"), ascii_digits("Ａ３＋")
    ('A3+', 'A3+')
    """
    return "".join(str(unicodedata.decimal(c)) if c.isdecimal() and not c.isascii() else c
                   for c in unicodedata.normalize("NFKC", text))


def has_foreign_digits(text: str) -> bool:
    """True when ``text`` holds a decimal digit other than 0–9 (Arabic-Indic, fullwidth...).

    >>> has_foreign_digits("A٣+"), has_foreign_digits("A３+"), has_foreign_digits("A3+")
    (True, True, False)
    """
    return any(c.isdecimal() and not c.isascii() for c in text)


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
        bad = InvalidOperationError
        if not isinstance(text, str):
            raise row_error(bad, row, repr(text), Text(N_("an Operation is text like A3+")),
                            reason="not-text", expected="text like A3+")
        raw = text.strip()
        if has_foreign_digits(raw):
            raise row_error(bad, row, raw, Text(N_("write numbers with the digits 0 to 9, "
                                                   "e.g. {plain}"), plain=ascii_digits(raw)),
                            reason="bad-digits",
                            expected=ascii_digits(raw))
        m = _OP_RE.match(raw)
        if not m:
            raise row_error(bad, row, raw, Text(N_(
                "a row is a letter for the level (A to E), a number for the rack (1 to 4) and "
                "a sign for what to do, like A3+")),
                            reason="bad-notation", expected="A3+")
        letter, digits, symbol, rest = m.groups()
        level = letter.upper()
        if level not in LEVELS:
            raise row_error(bad, row, raw, Text(N_("level {level} does not exist; levels are A "
                                                   "to E, e.g. A3+"), level=level),
                            reason="bad-level", expected=LEVELS)
        rack = int(digits) if len(digits) <= 3 else 0
        if rack not in RACKS:
            raise row_error(bad, row, raw, Text(N_("rack {rack} does not exist; racks are "
                                                   "numbered 1 to 4, e.g. {example}"),
                                                rack=shown(digits, 8, quote=False),
                                                example=f"{level}3+"),
                            reason="bad-rack", expected=RACKS)
        if not symbol:
            raise row_error(bad, row, raw, Text(N_("the sign is missing: after {space} write "
                                                   "what to do, one of + - x / s c =, like "
                                                   "{space}+"), space=f"{level}{rack}"),
                            reason="missing-function",
                            expected=FUNCTION_SYMBOLS)
        try:
            function = Function.from_symbol(symbol)
        except LnbError:
            raise row_error(bad, row, raw, Text(N_("{symbol!r} is not a sign a row can use; "
                                                   "after {space} write one of + - x / s c =, "
                                                   "like {space}+"),
                                                symbol=symbol, space=f"{level}{rack}"),
                            reason="bad-function", expected=FUNCTION_SYMBOLS) from None
        rest = rest.strip()
        if rest and rest not in SIGMA_MARKS:
            written = f"{level}{rack}{function.symbol}"
            if _OP_RE.match(rest) and rest[0].isalpha() and rest[1:2].isdigit():
                detail = Text(N_("two rows are stuck together: put a space between them, like "
                                 "{written} {rest}"), written=written,
                              rest=shown(rest, 12, quote=False))
            else:
                detail = Text(N_("a row ends with its sign, so {rest} after {written} is one "
                                 "thing too many: write {written} (or {written}Σ to mark the "
                                 "SIGMA row)"), rest=shown(rest, 8), written=written)
            raise row_error(bad, row, raw, detail, reason="unexpected-text",
                            expected=SIGMA_MARKS)
        return cls(level, rack, function, bool(rest))

    @property
    def space(self) -> str:
        """The board space: ``A3``."""
        return f"{self.level}{self.rack}"

    def __str__(self) -> str:
        text = self.__dict__.get("_text")  # a frozen value: its text written once
        if text is None:
            text = f"{self.space}{self.function.symbol}{'Σ' if self.sigma else ''}"
            self.__dict__["_text"] = text
        return text

    def __repr__(self) -> str:
        return f"Operation.parse({str(self)!r})"

    def sort_key(self) -> tuple[str, int, int, bool]:
        """Board order, then the notation's order of functions."""
        return (self.level, self.rack, FUNCTION_ORDER[self.function], self.sigma)

    def component(self, board: Board, row: int | None = None) -> Component:
        """The component this Operation uses, checked against the board."""
        comps = board.levels.get(self.level)
        if comps is not None and type(self.rack) is int and 0 < self.rack <= len(comps):
            comp = comps[self.rack - 1]
            if self.function in comp.functions:
                return comp  # the usual case, without the checks' exceptions
        try:
            comp = board.component(self.level, self.rack)
        except LevelNotRevealedError as exc:
            known = {k: v for k, v in exc.fields.items() if k not in ("row", "text", "detail")}
            raise row_error(LevelNotRevealedError, row, str(self),
                            exc.fields.get("detail") or exc.template, **known) from None
        if self.function not in comp.functions:
            raise row_error(WrongFunctionError, row, str(self),
                            Text(N_("{space} is {label}, {hint}"), space=self.space,
                                 label=comp.label, hint=comp.function_hint(self.space)),
                            reason="wrong-function",
                            expected=tuple(f"{self.space}{f.symbol}" for f in comp.functions))
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
        if not (LOWEST <= middle <= HIGHEST and LOWEST <= result <= HIGHEST):  # in_range
            raise row_error(OutOfRangeError, row, str(self),
                            Text(N_("{arithmetic} leaves 00–99; every Result must be 00 to 99, "
                                    "choose another row"),
                                 arithmetic=_arith(comp, self, value, middle, result)),
                            reason="out-of-range", expected=(LOWEST, HIGHEST), value=value,
                            result=result if in_range(middle) else middle)
        return made(Step, operation=self, component=comp, before=value, result=result)

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

    @cached_property
    def text(self) -> str:
        """The arithmetic as a pupil writes it, ``55 + 5 = 60`` (written when first read)."""
        middle = self.component.apply(self.operation.function, self.before)
        return _arith(self.component, self.operation, self.before, middle, self.result)

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
        cached = _remember(value, board, sigma)[0]
    return list(cached)


def _remember(value: int, board: Board, sigma: bool
              ) -> tuple[tuple[Operation, ...], tuple[int, ...]]:
    """``_legal`` memoised on the board for both ``legal_operations`` and ``legal_results``."""
    ops, results = _legal(value, board, sigma)
    board.cache[("legal", value, sigma)] = ops
    board.cache[("results", value, sigma)] = results
    return ops, results


def _legal(value: int, board: Board, sigma: bool) -> tuple[tuple[Operation, ...], tuple[int, ...]]:
    """Legal Operations from ``value`` and their Results: the board's spaces' rows joined,
    level by level (each level's own rows joined once for every board that shows it)."""
    levels = board.cache.get(("levels", sigma))
    if levels is None:
        levels = board.cache[("levels", sigma)] = [
            _moves_of(level, board.levels[level], sigma) for level in board.revealed
        ]
    ops: tuple[Operation, ...] = ()
    results: tuple[int, ...] = ()
    for level in levels:
        row = level.rows[value]
        if row is None:
            row = level.join(value)
        if row[0]:
            ops += row[0]
            results += row[1]
    return ops, results


class _LevelMoves:
    """One level's legal rows from each value (its four spaces' rows joined, in board
    order), joined when first asked for; shared by every board showing the same level. A game
    asks for a few values of each new level only, so the rows are read from its spaces'
    columns (``space_results``, shared by every board showing a component on a space) value by
    value."""

    __slots__ = ("columns", "rows")

    def __init__(self, columns: list[tuple[Operation, tuple[int, ...]]]) -> None:
        self.columns = columns
        self.rows: list[tuple[tuple[Operation, ...], tuple[int, ...]] | None] = [None] * 100

    def join(self, value: int) -> tuple[tuple[Operation, ...], tuple[int, ...]]:
        legal = [(op, r) for op, results in self.columns if (r := results[value]) >= 0]
        self.rows[value] = found = (tuple([op for op, _ in legal]),
                                    tuple([r for _, r in legal]))
        return found


_BY_TOKENS: dict[tuple[int, str, bool], tuple[Any, _LevelMoves]] = {}


def _moves_of(level: str, comps: Any, sigma: bool) -> _LevelMoves:
    """``_level_moves(level, tuple(comps), sigma)``, found by the identity of ``comps`` (a
    board's level, which the boards of later Rounds keep) without hashing its components."""
    if type(comps) is not tuple:  # (a list might change: looked up by its values)
        return _level_moves(level, tuple(comps), sigma)
    key = (id(comps), level, sigma)
    found = _BY_TOKENS.get(key)
    if found is not None and found[0] is comps:
        return found[1]
    if len(_BY_TOKENS) > 4096:
        _BY_TOKENS.clear()
    moves = _level_moves(level, tuple(comps), sigma)
    _BY_TOKENS[key] = (comps, moves)  # (``comps`` kept: its id is not used again meanwhile)
    return moves


@lru_cache(maxsize=4096)
def _level_moves(level: str, comps: tuple[Component, ...], sigma: bool) -> _LevelMoves:
    """The rows of one level showing ``comps`` (see ``_LevelMoves``)."""
    return _LevelMoves([column for rack, comp in enumerate(comps, start=1)
                        for column in space_results(level, rack, comp, sigma)])


def legal_results(value: int, board: Board, sigma: bool = False) -> tuple[int, ...]:
    """The Results of ``legal_operations(value, board, sigma)``, in the same order, memoised
    on the board (what ``op.apply(value, board).result`` gives, without the arithmetic text).

    >>> legal_results(95, Board.standard())[:6]
    (96, 94, 97, 93, 90, 47)
    """
    key = ("results", value, sigma)
    cached = board.cache.get(key)
    if cached is None:
        cached = _remember(value, board, sigma)[1]
    return cached


@lru_cache(maxsize=8192)
def space_results(
    level: str, rack: int, comp: Component, sigma: bool = False
) -> tuple[tuple[Operation, tuple[int, ...]], ...]:
    """Each Operation on one space (in the notation's order) with its Result from every value
    00–99, and -1 where that row may not be written (its Result, or a Σ row's first Result,
    leaves 00–99).

    >>> from lnb.babbage.components import Component
    >>> [(str(op), results[:3]) for op, results in space_results("A", 3, Component.parse_token(
    ...     "+-5"), sigma=True)]
    [('A3+', (5, 6, 7)), ('A3+Σ', (10, 11, 12)), ('A3-', (-1, -1, -1)), ('A3-Σ', (-1, -1, -1))]
    """
    columns = []
    for function in comp.functions:
        once = _usable_results(comp, function)
        columns.append((Operation(level, rack, function), tuple(once)))
        if sigma:
            twice = tuple([-1 if r < 0 else once[r] for r in once])
            columns.append((Operation(level, rack, function, True), twice))
    return tuple(columns)


def _usable_results(comp: Component, function: Function) -> list[int]:
    """The Result of one application to each value 00–99, and -1 where it leaves 00–99 (in
    one pass: a board never seen makes some forty of these)."""
    n = comp.n or 0
    values = range(LOWEST, HIGHEST + 1)
    low, high = LOWEST, HIGHEST
    if function is Function.ADD:
        return [r if low <= (r := v + n) <= high else -1 for v in values]
    if function is Function.SUBTRACT:
        return [r if low <= (r := v - n) <= high else -1 for v in values]
    if function is Function.MULTIPLY:
        return [r if low <= (r := v * n) <= high else -1 for v in values]
    if function is Function.DIVIDE:
        return [r if low <= (r := v // n) <= high else -1 for v in values]
    if function is Function.SET:
        return [n if low <= n <= high else -1] * len(values)
    if function is Function.SWAP:
        raw = map(swap_digits, values)
    elif function is Function.COPY:
        raw = map(copy_tens_to_units if comp.kind is Kind.COPY_RIGHT else copy_units_to_tens,
                  values)
    else:
        raw = (comp.apply(function, v) for v in values)
    return [r if low <= r <= high else -1 for r in raw]


def describe_kind(comp: Component) -> str:
    """A pupil-facing name of a component's kind (translated when shown).

    >>> describe_kind(Component.parse_token("=42"))
    'set to 42'
    """
    if comp.kind is Kind.SET_TO:
        return Text(N_("set to {value}"), value=two_digits(comp.n or 0))
    return Text(_KIND_WORDS[comp.kind])


_KIND_WORDS = {
    Kind.ADD_SUB: N_("add or subtract"),
    Kind.MUL_DIV: N_("multiply or divide"),
    Kind.SWAP: N_("swap the digits"),
    Kind.COPY_RIGHT: N_("copy the tens digit onto the units"),
    Kind.COPY_LEFT: N_("copy the units digit onto the tens"),
}
