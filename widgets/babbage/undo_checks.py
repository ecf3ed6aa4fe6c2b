"""The check kinds of the lesson *Undo a program*: run a program backwards with inverse
operations, write it as one equation with brackets (sympy checks it), solve it by hand, and the
order-of-operations traps diagnosed.

Each kind is a constructor ``kind(answer, explain="", **options) -> Check`` (the exercise bank's
``check = "undo"`` names it; ``options`` are its keyword arguments: the ``program``, its
``result`` or ``start``, and the ``levels`` of a board beyond the standard one). :data:`KINDS`
maps the names to them and importing this module registers them with the bank
(:func:`widgets.lessons.bank.register_kinds`). Every Engine fact is the library's: a row's
formula is :func:`lnb.babbage.algebra.operation_expression`, the starts that reach a Result are
:func:`lnb.babbage.algebra.starts_reaching`, a row's arithmetic is :func:`lnb.run`'s.

>>> C = {"C": "x/3,x/4,x/5,x/6"}
>>> undo(6, program="B3+ C3x", result=80, levels=C)("14").message
'Not yet: you undid row 1 first. Undo the last row first: the last thing done is the first \
thing undone.'
>>> equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80, levels=C)("x + 10 × 5 = 80"
... ).message
'Not yet: x + 10 × 5 does × and ÷ before + and −. The Engine does the rows in order, row 1 \
first: put brackets round the rows done first.'
>>> equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80, levels=C)("(x + 10) ×% 5"
... ).message
"Not yet: I can't read '%'. Write the equation with x, whole numbers, + − × ÷, brackets and \
one =."

A diagnosis carries its ``reason`` (nobody parses the message):

>>> diagnose_start(30, program="B3+ C3x", result=80, board=board_of(C)).reason
'forgot-brackets'
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from tokenize import TokenError
from typing import Any

from lnb import Board, run
from lnb.babbage.components import Function
from lnb.babbage.errors import LnbError
from lnb.babbage.numbers import in_range, two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, _
from widgets.babbage.exercise import (
    EMPTY,
    Check,
    Verdict,
    number,
    read_number,
    register_diagnoses,
    trimmed,
)
from widgets.lessons.bank import exercise, register_kinds

#: How a row of each function is written in a sum: Python's operator and the sign shown.
SIGNS = {Function.ADD: ("+", "+"), Function.SUBTRACT: ("-", "−"),
         Function.MULTIPLY: ("*", "×"), Function.DIVIDE: ("/", "÷")}
#: The longest equation read (a pupil's equation of five rows is far shorter).
LONGEST = 120
_INT = re.compile(r"(?<!\d)-?\d+")
_ALLOWED = re.compile(r"[0-9x+\-*/()= ]")
_TIMES_X = re.compile(r"[\d)] ?x ?[\d(]")  # 3x5, (x + 1)x2: an x written for ×


def board_of(levels: Mapping[str, str] | None = None) -> Board:
    """The standard board, with ``levels`` (``{"C": "x/3,x/4,x/5,x/6"}``) revealed.

    >>> board_of({"C": "x/3,x/4,x/5,x/6"}).component("C", 3).n
    5
    """
    return Board.standard(levels=dict(levels)) if levels else Board.standard()


@dataclass(frozen=True)
class Diagnosis:
    """Why an answer is not right: a short key (``reason``) and the pupil's sentence."""

    reason: str
    message: str

    @property
    def key(self) -> str | None:
        """The key a :class:`Verdict` keeps for the teacher's dashboard (:data:`DIAGNOSES`):
        the reason, one key for every equation the kit cannot read, None for a wrong sum the
        Engine only shows wrong (no misconception named).

        >>> Diagnosis("brackets", "").key, Diagnosis("engine", "").key
        ('equation-unreadable', None)
        """
        if self.reason == "engine":
            return None
        return self.reason if self.reason in DIAGNOSES else "equation-unreadable"


#: The misconceptions this lesson's checks name (``Verdict.diagnosis``), for the teacher.
DIAGNOSES = {
    "result": N_("the Result given as the start"),
    "ran-forward": N_("the program run again from its Result instead of undone"),
    "same-operation": N_("each row done again instead of undone with its inverse"),
    "wrong-order": N_("the rows undone first row first instead of last row first"),
    "forgot-brackets": N_("brackets forgotten: × and ÷ done before the rows that come first"),
    "part-undone": N_("only the last rows undone"),
    "not-unique": N_("one start given where a ÷ row lets more than one work"),
    "no-x": N_("an equation without x, the start"),
    "wrong-result": N_("the program's sum right, but not equal to its Result"),
    "part-solved": N_("an equation already partly solved, not the whole program"),
    "x-as-times": N_("x written for ×"),
    "no-equals": N_("a sum without = and the Result"),
    "equation-unreadable": N_("an equation the kit cannot read"),
}


# --------------------------------------------------------------------------------------------
# A program's rows as sums
# --------------------------------------------------------------------------------------------


def _rows(program: Program, board: Board) -> list[tuple[Operation, Function, int]]:
    """The rows as (operation, function, n); a bank's error for a row that is no sum."""
    found = []
    for i, op in enumerate(program.operations, start=1):
        component = op.component(board, i)
        if op.function not in SIGNS or op.sigma:
            raise BadInputError(N_("row {row} {text!r} is not + − × or ÷: this lesson writes "
                                   "only those rows as sums"), row=i, text=str(op),
                                reason="not-a-sum", expected=tuple(f.symbol for f in SIGNS))
        found.append((op, op.function, component.n or 0))
    return found


def written(program: str | Program, board: Board, *, brackets: bool = True,
            x: str = "x") -> str:
    """The program as a sum of the start ``x``, the way a pupil writes it: with the brackets
    the rows' order needs, or (``brackets=False``) without them.

    >>> b = board_of({"C": "x/3,x/4,x/5,x/6"})
    >>> written("B3+ C3x", b), written("B3+ C3x", b, brackets=False)
    ('(x + 10) × 5', 'x + 10 × 5')
    >>> written("C1x A3+ A4x", b, x="11")
    '(11 × 3 + 5) × 2'
    """
    text, loose = x, False
    for _op, function, n in _rows(_program(program), board):
        sign = SIGNS[function][1]
        if function in (Function.MULTIPLY, Function.DIVIDE):
            text = f"({text}) {sign} {n}" if loose and brackets else f"{text} {sign} {n}"
            loose = loose and not brackets
        else:
            text, loose = f"{text} {sign} {n}", True
    return text


def _program(program: str | Program) -> Program:
    return Program.parse(program) if isinstance(program, str) else program


def _formula(program: Program, board: Board, x: Any = None) -> Any:
    """The program as the library's formula of ``x`` (:mod:`lnb.babbage.algebra`)."""
    from lnb.babbage.algebra import expression, start_symbol

    return expression(program, board, x=start_symbol() if x is None else x)


def _flat(program: Program, board: Board) -> Any:
    """What the rows written in a line without brackets mean (× and ÷ before + and −)."""
    return read_side(written(program, board, brackets=False))


def _undo_row(op: Operation, board: Board, value: Any) -> Any:
    """The pupil's inverse of one row applied to ``value``: −n for +n, ÷n (exact) for ×n,
    ×n for ÷n (the remainder forgotten); solved with sympy from the row's own formula."""
    import sympy

    y = sympy.Symbol("y")
    from lnb.babbage.algebra import operation_expression

    row = operation_expression(op, board, y).replace(sympy.floor, lambda a: a)
    (solution,) = sympy.solve(sympy.Eq(row, value), y)
    return solution


def _apply_row(op: Operation, board: Board, value: Any) -> Any:
    """One row done to ``value`` as the library's formula says (no range check)."""
    from lnb.babbage.algebra import operation_expression

    return operation_expression(op, board, value)


def _whole(value: Any) -> int | None:
    return int(value) if getattr(value, "is_Integer", False) else None


# --------------------------------------------------------------------------------------------
# The start: run a program backwards
# --------------------------------------------------------------------------------------------


def _row_names(ops: Iterable[Operation]) -> str:
    return " ".join(str(op) for op in ops)


def diagnose_start(value: int, *, program: str | Program, result: int, board: Board
                   ) -> Diagnosis | None:
    """Why ``value`` is not a start from which ``program`` makes ``result``: the Result
    itself, the program run again, each row done again instead of undone, the rows undone
    first row first, brackets forgotten, only the last rows undone; None when no reason fits.

    >>> b = board_of({"C": "x/3,x/4,x/5,x/6"})
    >>> [diagnose_start(v, program="B3+ C3x", result=80, board=b).reason
    ...  for v in (80, 450, 410, 14, 30, 16)]
    ['result', 'ran-forward', 'same-operation', 'wrong-order', 'forgot-brackets', 'part-undone']
    """
    import sympy

    parsed = _program(program)
    ops = list(parsed.operations)
    start = sympy.Integer(result)
    if value == result:
        return Diagnosis("result", _(
            "{value} is the Result, where the program ends. Undo each row to get back to the "
            "start.").format(value=value))
    forward, same, inverse_first = start, start, start
    for op in ops:
        forward = _apply_row(op, board, forward)
        inverse_first = _undo_row(op, board, inverse_first)
    for op in reversed(ops):
        same = _apply_row(op, board, same)
    if _whole(forward) == value:
        return Diagnosis("ran-forward", _(
            "you ran the program again from {result}. Undo it instead: last row first, each "
            "row with its inverse.").format(result=two_digits(result)))
    if _whole(same) == value:
        row, inverse = _row_and_inverse(ops[-1], board)
        return Diagnosis("same-operation", _(
            "you did each row again instead of undoing it. The inverse of + is −, of × is ÷: "
            "undo {row} with {inverse}.").format(row=row, inverse=inverse))
    if len(ops) > 1 and _whole(inverse_first) == value:
        return Diagnosis("wrong-order", _(
            "you undid row 1 first. Undo the last row first: the last thing done is the first "
            "thing undone."))
    flat = _solutions_flat(parsed, board, result)
    if value in flat and len(ops) > 1:
        return Diagnosis("forgot-brackets", _(
            "{value} solves {flat} = {result}, where × and ÷ come before + and −. The Engine "
            "does the rows in order: {bracketed} = {result} needs brackets.").format(
                value=value, flat=written(parsed, board, brackets=False),
                bracketed=written(parsed, board), result=result))
    undone = start
    for k, op in enumerate(reversed(ops[1:]), start=1):
        undone = _undo_row(op, board, undone)
        if _whole(undone) == value:
            left = len(ops) - k
            return Diagnosis("part-undone", _(
                "you undid every row but row 1: undo it too.") if left == 1 else _(
                "you undid only the rows after row {left}: rows 1 to {left} are still to "
                "undo.").format(left=left))
    return None


#: Each function's inverse, as a pupil writes the undo (notation: the Engine's ÷ is undone
#: by × only up to its remainder, which :func:`undo` names).
INVERSES = {Function.ADD: Function.SUBTRACT, Function.SUBTRACT: Function.ADD,
            Function.MULTIPLY: Function.DIVIDE, Function.DIVIDE: Function.MULTIPLY}


def _row_and_inverse(op: Operation, board: Board) -> tuple[str, str]:
    """A row as a sign and a number (``×5``), and its inverse (``÷5``).

    >>> _row_and_inverse(Operation.parse("C3x"), board_of({"C": "x/3,x/4,x/5,x/6"}))
    ('×5', '÷5')
    """
    n = op.component(board).n or 0
    return (f"{SIGNS[op.function][1]}{n}", f"{SIGNS[INVERSES[op.function]][1]}{n}")


def _solutions_flat(program: Program, board: Board, result: int) -> set[int]:
    import sympy

    from lnb.babbage.algebra import start_symbol

    try:
        flat = _flat(program, board)
    except EquationError:  # pragma: no cover - written() always reads back
        return set()
    found = sympy.solve(sympy.Eq(flat, result), start_symbol())
    return {int(v) for v in found if getattr(v, "is_Integer", False)}


def _engine_says(value: int, program: Program, board: Board, result: int) -> str:
    """The Engine's own check of a start: what the program makes from it."""
    if not in_range(value):
        return _("{value} is not a start: a start is a whole number from 00 to 99.").format(
            value=value)
    try:
        got = run(program, start=value, board=board, limit=None).result
    except LnbError as err:
        return _("from {start} the program breaks a rule: {why}").format(
            start=two_digits(value), why=str(err))
    return _("from {start} the program makes {got}, not {result}.").format(
        start=two_digits(value), got=two_digits(got), result=two_digits(result))


def undo(answer: int | list[int], explain: str = "", *, program: str, result: int,
         levels: Mapping[str, str] | None = None) -> Check:
    """The start (``answer``, or every start when a ÷ row makes the undo not unique) from
    which ``program`` makes ``result``. A wrong start is diagnosed (:func:`diagnose_start`),
    else the Engine says what it makes; a missing start of a ÷ row is named with its
    remainder.

    >>> C = {"C": "x/3,x/4,x/5,x/6"}
    >>> undo(6, program="B3+ C3x", result=80, levels=C)("7").message
    'Not yet: from 07 the program makes 85, not 80.'
    >>> undo([60, 61], program="A4/ B3+", result=40)("60").message
    'Right so far, but the undo is not unique: 61 ÷ 2 = 30 r 1 drops a remainder, so 61 works \
too.'
    """
    board = board_of(levels)
    parsed = _program(program)
    _rows(parsed, board)
    if isinstance(answer, list):
        return _undo_all(sorted(answer), explain, parsed, result, board)

    plain = number(answer, explain)

    def check(text: str) -> Verdict:
        value = read_number(text)
        if value is None or value == answer:
            return plain(text)
        return _wrong_start(value, parsed, result, board)

    check.expected = answer  # type: ignore[attr-defined]
    return check


def _wrong_start(value: int, program: Program, result: int, board: Board) -> Verdict:
    found = diagnose_start(value, program=program, result=result, board=board)
    why = found.message if found else _engine_says(value, program, board, result)
    return Verdict(False, _("Not yet: {why}").format(why=why), found.key if found else None)


def _undo_all(answer: list[int], explain: str, program: Program, result: int,
              board: Board) -> Check:
    from widgets.babbage.exercise import numbers

    plain = numbers(answer, explain)
    wanted = set(answer)

    def check(text: str) -> Verdict:
        found = _INT.findall(trimmed(text).replace("−", "-"))
        given = {int(v) for v in found}
        for value in sorted(given - wanted):
            return _wrong_start(value, program, result, board)
        if given and given < wanted:
            missing = min(wanted - given)
            return Verdict(False, _(
                "Right so far, but the undo is not unique: {row} drops a remainder, so "
                "{value} works too.").format(row=_dropping_row(missing, program, board),
                                              value=two_digits(missing)), "not-unique")
        return plain(text)

    check.expected = answer  # type: ignore[attr-defined]
    return check


def _dropping_row(start: int, program: Program, board: Board) -> str:
    """The arithmetic of the first ÷ row that drops a remainder when run from ``start``."""
    trace = run(program, start=start, board=board, limit=None)
    value = start
    for op, step in zip(program.operations, trace.rows, strict=True):
        if op.function is Function.DIVIDE and value % (op.component(board).n or 1):
            return str(step.text)
        value = step.result
    return str(trace.rows[-1].text)  # pragma: no cover - a missing start always drops one


# --------------------------------------------------------------------------------------------
# The equation: read safely, checked with sympy
# --------------------------------------------------------------------------------------------


class EquationError(BadInputError):
    """A pupil's equation the kit cannot read; ``reason`` says why, ``text`` what was typed."""


def _cleaned(text: str) -> str:
    plain = unicodedata.normalize("NFKC", text).lower().strip()
    for old, new in (("×", "*"), ("·", "*"), ("÷", "/"), ("−", "-"), ("–", "-")):
        plain = plain.replace(old, new)
    return " ".join(plain.split())


def _check_text(text: str) -> None:
    """Raise an :class:`EquationError` naming what cannot be read in ``text`` (cleaned)."""
    if len(text) > LONGEST:
        raise EquationError(N_("that is too long ({count} characters): a program's equation "
                               "fits in {most}"), count=len(text), most=LONGEST,
                            reason="too-long", text=text)
    for char in text:
        if _ALLOWED.fullmatch(char):
            continue
        if char.isalpha():
            raise EquationError(N_("{char!r} is not x. Call the start x and write the "
                                   "equation with x, whole numbers, + − × ÷ and brackets."),
                                char=char, reason="other-letter", text=text)
        raise EquationError(N_("I can't read {char!r}. Write the equation with x, whole "
                               "numbers, + − × ÷, brackets and one =."), char=char,
                            reason="unreadable", text=text)
    if _TIMES_X.search(text):
        raise EquationError(N_("x is the start here, not a times sign: write × as *, like "
                               "5 * 3."), reason="x-as-times", text=text)
    if "**" in text:
        raise EquationError(N_("** is a power, which no row does. Write × as *."),
                            reason="power", text=text)
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0:
            raise EquationError(N_("a ) closes a bracket that was never opened: each ( needs "
                                   "its ) after it."), reason="brackets", text=text)
    if depth:
        raise EquationError(N_("a ( is never closed: each ( needs its ) after it."),
                            reason="brackets", text=text)


def read_side(text: str) -> Any:
    """One side of an equation as a sympy expression of the start x, read safely: only x,
    whole numbers, + − × ÷ and brackets are allowed (checked before sympy sees the text, and
    sympy's parser gets no names but numbers and x). ``5(x + 1)`` is ``5 × (x + 1)``.

    >>> read_side("5(x + 10)"), read_side("(x − 5) × 3")
    (5*x + 50, 3*x - 15)
    >>> read_side("x + * 5")
    Traceback (most recent call last):
    ...
    widgets.babbage.undo_checks.EquationError: 'x + * 5' is not a sum I can read: check there \
is a number or x on each side of every + − × ÷.

    :raises EquationError: with a ``reason`` for text that is not such a sum.
    """
    import sympy
    from sympy.parsing.sympy_parser import (
        implicit_multiplication,
        parse_expr,
        standard_transformations,
    )

    from lnb.babbage.algebra import start_symbol

    cleaned = _cleaned(text)
    _check_text(cleaned)
    if not cleaned or "=" in cleaned:
        raise EquationError(N_("{text!r} is not a sum I can read: check there is a number or "
                               "x on each side of every + − × ÷."), text=text, reason="syntax")
    names = {"Integer": sympy.Integer, "Rational": sympy.Rational, "Symbol": sympy.Symbol,
             "__builtins__": {}}
    try:
        found = parse_expr(cleaned, local_dict={"x": start_symbol()}, global_dict=names,
                           transformations=(*standard_transformations,
                                            implicit_multiplication))
    except (SyntaxError, TypeError, ValueError, AttributeError, NameError, TokenError):
        raise EquationError(N_("{text!r} is not a sum I can read: check there is a number or "
                               "x on each side of every + − × ÷."), text=text,
                            reason="syntax") from None
    if not isinstance(found, sympy.Expr) or found.has(sympy.zoo, sympy.nan, sympy.oo):
        raise EquationError(N_("{text!r} divides by 0, which no row does."), text=text,
                            reason="divide-by-zero")
    return found


def read_equation(text: str) -> tuple[Any, Any]:
    """The two sides of a pupil's equation (``(x + 10) × 5 = 80``), each read by
    :func:`read_side`.

    >>> read_equation("(x + 10) × 5 = 80")
    (5*x + 50, 80)
    >>> read_equation("(x + 10) × 5")
    Traceback (most recent call last):
    ...
    widgets.babbage.undo_checks.EquationError: an equation has one = between its two sides, \
like 2x = 10: write what the program ends on after =.

    :raises EquationError: (``reason`` ``no-equals``, ``two-equals``, ``empty-side`` or one of
        :func:`read_side`'s) for text that is not such an equation.
    """
    cleaned = _cleaned(text)
    _check_text(cleaned)
    sides = cleaned.split("=")
    if len(sides) == 1:
        raise EquationError(N_("an equation has one = between its two sides, like 2x = 10: "
                               "write what the program ends on after =."),
                            reason="no-equals", text=text)
    if len(sides) > 2:
        raise EquationError(N_("one = is enough: the program's sum on one side, its Result on "
                               "the other."), reason="two-equals", text=text)
    if not all(side.strip() for side in sides):
        raise EquationError(N_("one side of = is empty: the program's sum on one side, its "
                               "Result on the other."), reason="empty-side", text=text)
    return read_side(sides[0]), read_side(sides[1])


def diagnose_equation(text: str, *, program: str | Program, result: int, board: Board
                      ) -> Diagnosis | None:
    """Why ``text`` is not ``program`` ending on ``result`` as one equation of the start x;
    None when it is (sympy finds both sides the same sums, either way round).

    >>> b = board_of({"C": "x/3,x/4,x/5,x/6"})
    >>> [diagnose_equation(t, program="B3+ C3x", result=80, board=b).reason for t in (
    ...     "x + 10 * 5 = 80", "x * 5 + 10 = 80", "(x + 10) * 5 = 70", "x + 10 = 16", "80 = 80",
    ...     "(x + 1) * 5 = 80", "(x + 10) * 5", "y + 10 = 80")]
    ['forgot-brackets', 'wrong-order', 'wrong-result', 'part-solved', 'no-x', 'engine', \
'no-equals', 'other-letter']
    >>> diagnose_equation("80 = 5(x + 10)", program="B3+ C3x", result=80, board=b) is None
    True
    """
    import sympy

    from lnb.babbage.algebra import start_symbol

    x = start_symbol()
    parsed = _program(program)
    try:
        left, right = read_equation(text)
    except EquationError as err:
        return Diagnosis(str(err.fields.get("reason", "syntax")), str(err))
    formula = _formula(parsed, board)
    typed = left - right

    def same(a: Any, b: Any) -> bool:
        return sympy.expand(a - b) == 0 or sympy.expand(a + b) == 0

    if same(typed, formula - result):
        return None
    if not typed.has(x):
        return Diagnosis("no-x", _("your equation has no x. x stands for the start: write "
                                   "what the rows do to it."))
    ops = list(parsed.operations)
    if len(ops) > 1 and same(typed, _flat(parsed, board) - result):
        return Diagnosis("forgot-brackets", _(
            "{flat} does × and ÷ before + and −. The Engine does the rows in order, row 1 "
            "first: put brackets round the rows done first.").format(
                flat=written(parsed, board, brackets=False)))
    backwards = Program.parse(_row_names(reversed(ops))) if len(ops) > 1 else None
    if backwards is not None and same(typed, _formula(backwards, board) - result):
        return Diagnosis("wrong-order", _(
            "your equation does the rows in the other order. Row 1 comes first: it goes "
            "next to x, inside the brackets."))
    for side in (left, right):
        if side.has(x) and sympy.expand(side - formula) == 0:
            return Diagnosis("wrong-result", _(
                "the sum with x is the program, but the program ends on {result}: put "
                "{result} on the other side of =.").format(result=result))
    from lnb.babbage.algebra import domain, evaluate, starts_reaching

    # Only a linear equation is solved here (a long product of x's would take sympy long).
    linear = typed.is_polynomial(x) and sympy.degree(typed, x) == 1
    solutions = sympy.solve(typed, x) if linear else []
    starts = {int(v) for v in solutions if getattr(v, "is_Integer", False)}
    if len(solutions) == 1 and starts and starts <= set(starts_reaching(parsed, result,
                                                                        board).starts):
        return Diagnosis("part-solved", _(
            "that equation has the right start, but it is not the whole program any more. "
            "Write every row, in order, with brackets, then solve it."))
    side = left if left.has(x) else right
    for value in domain(parsed, board):
        mine = side.subs(x, value)
        engine = evaluate(formula, value)
        if mine != engine:
            return Diagnosis("engine", _(
                "from the start {start} the program makes {engine}, your sum with x makes "
                "{mine}. Check each row is in it, in order.").format(
                    start=two_digits(value), engine=engine, mine=mine))
    return Diagnosis("engine", _("check each row of the program is in your equation, in "
                                 "order."))  # pragma: no cover - the loop finds a start


def equation(answer: str, explain: str = "", *, program: str, result: int,
             levels: Mapping[str, str] | None = None) -> Check:
    """``program`` ending on ``result`` as one equation of the start x, brackets and all;
    ``answer`` is one way to write it (sympy accepts any equal one). Only + − × ÷ rows.
    An ``answer`` that is not the program is refused at the first check.

    >>> check = equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80,
    ...                  levels={"C": "x/3,x/4,x/5,x/6"})
    >>> check("5(x+10) = 80").correct, check("(x + 10)x5 = 80").message
    (True, 'Not yet: x is the start here, not a times sign: write × as *, like 5 * 3.')
    >>> check("(x + 1) * 5 = 80").message
    'Not yet: from the start 00 the program makes 50, your sum with x makes 5. Check each row \
is in it, in order.'
    """
    board = board_of(levels)
    parsed = _program(program)
    _rows(parsed, board)

    @functools.cache
    def own_answer_checked() -> None:
        # On the first answer, not when the page opens (sympy's import, ~0.4 s, waits for
        # it); the banks' tests answer every exercise with its own answer.
        if diagnose_equation(answer, program=parsed, result=result, board=board) is not None:
            raise BadInputError(N_("the answer {text!r} is not the program {value} ending on "
                                   "{result}"), text=answer, value=str(parsed), result=result,
                                reason="bad-answer")

    def check(text: str) -> Verdict:
        own_answer_checked()
        if not text.strip():
            return Verdict(False, str(EMPTY))
        found = diagnose_equation(text, program=parsed, result=result, board=board)
        if found is None:
            said = str(explain).strip()
            return Verdict(True, _("Yes! {explain}").format(explain=said) if said
                           else _("Yes!"))
        return Verdict(False, _("Not yet: {why}").format(why=found.message), found.key)

    check.expected = answer  # type: ignore[attr-defined]
    return check


# --------------------------------------------------------------------------------------------
# Forwards: the Engine does the rows in order
# --------------------------------------------------------------------------------------------


def in_order(answer: int, explain: str = "", *, program: str, start: int,
             levels: Mapping[str, str] | None = None) -> Check:
    """What ``program`` makes from ``start``. The order-of-operations trap diagnosed: the
    rows read as one sum without brackets (× before +); other wrong numbers as the Engine's
    rows say (:func:`lnb.babbage.hints.diagnose`).

    >>> check = in_order(27, program="A3+ C1x", start=4, levels={"C": "x/3,x/4,x/5,x/6"})
    >>> check("19").message
    'Not yet: 19 is 4 + 5 × 3 with × done first. The Engine does row 1 first: (4 + 5) × 3.'
    >>> in_order(33, program="A2+ A4/", start=64)("65").message
    'Not yet: 65 is 64 + 2 ÷ 2 with ÷ done first. The Engine does row 1 first: (64 + 2) ÷ 2.'
    """
    board = board_of(levels)
    parsed = _program(program)
    _rows(parsed, board)
    plain = number(answer, explain, program=str(parsed), start=start, board=board)
    flat = written(parsed, board, brackets=False, x=str(start))
    # Read (with sympy) only once a pupil answers: opening the lesson imports no sympy.
    flat_value = functools.cache(lambda: _whole(read_side(flat)))
    sign = next((SIGNS[f][1] for _op, f, _n in _rows(parsed, board)
                 if f in (Function.MULTIPLY, Function.DIVIDE)), "×")

    def check(text: str) -> Verdict:
        value = read_number(text)
        if value is not None and value != answer and value == flat_value():
            return Verdict(False, _(
                "Not yet: {value} is {flat} with {sign} done first. The Engine does row 1 "
                "first: {bracketed}.").format(value=value, flat=flat, sign=sign,
                                       bracketed=written(parsed, board, x=str(start))),
                "forgot-brackets")
        return plain(text)

    check.expected = answer  # type: ignore[attr-defined]
    return check


#: The lesson's check kinds, by the name an exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "undo": undo,
    "equation": equation,
    "in_order": in_order,
}


register_kinds(KINDS)
register_diagnoses(DIAGNOSES)

__all__ = ["DIAGNOSES", "KINDS", "Diagnosis", "EquationError", "board_of", "diagnose_equation",
           "diagnose_start", "equation", "exercise", "in_order", "read_equation", "read_side",
           "undo", "written"]
