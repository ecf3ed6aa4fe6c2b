"""The algebra of the engine: components and programs as sympy expressions of the start value.

Every row of a program is a formula in the start value ``x``: ``+5`` is ``x + 5``, ``÷2`` is
``floor(x/2)``, Swap is ``10*Mod(x, 10) + floor(x/10)``, Copy → is ``11*floor(x/10)``.
A program is its rows composed. The formulas are exact on the program's *domain* (the starts
from which no row leaves 00–99), and the tests check every one against the engine.

sympy is imported inside the functions only: ``import lnb`` stays light.

>>> from lnb.babbage.board import Board
>>> expression("A3+ A4/")
floor(x/2 + 5/2)
>>> latex_of("B4s")
'10 \\\\left(x \\\\bmod 10\\\\right) + \\\\left\\\\lfloor{\\\\frac{x}{10}}\\\\right\\\\rfloor'
>>> trace = algebra_trace("A3+ A4/", start=55)
>>> [(r.text, str(r.expression)) for r in trace.rows]
[('55 + 5 = 60', 'x + 5'), ('60 ÷ 2 = 30', 'floor(x/2 + 5/2)')]
>>> prove_swap_difference_multiple_of_9().holds
True
>>> starts_reaching("A4/ A3+", 73).starts
()
>>> starts_reaching("A3- A4x", 72).starts
(41,)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lnb.babbage.board import Board
from lnb.babbage.components import Component, Function, Kind
from lnb.babbage.errors import InvalidOperationError, LnbError
from lnb.babbage.numbers import HIGHEST, LOWEST, in_range, swap_digits, two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.core.i18n import N_, gettext, ngettext
from lnb.core.messages import Listing, Text, lazy_ngettext

if TYPE_CHECKING:  # pragma: no cover - for type checkers only
    import sympy

VALUES = range(LOWEST, HIGHEST + 1)

Item = Component | Operation | Program | str
"""What has an expression: a component (with a function), an Operation, a program or its text."""


# --------------------------------------------------------------------------------------------
# Expressions
# --------------------------------------------------------------------------------------------


def start_symbol(name: str = "x") -> sympy.Symbol:
    """The start value as a sympy symbol: a whole number, never negative.

    >>> start_symbol()
    x
    >>> start_symbol().is_integer
    True
    """
    import sympy

    return sympy.Symbol(name, integer=True, nonnegative=True)


def component_expression(component: Component, function: Function | None = None,
                         x: Any = None) -> sympy.Expr:
    """One application of a component to ``x``.

    ``function`` may be left out when the component has only one (Swap, Copy, Set To).

    >>> c = Component.parse_token
    >>> component_expression(c("x/3"), Function.DIVIDE)
    floor(x/3)
    >>> component_expression(c("copy>")), component_expression(c("copy<"))
    (11*floor(x/10), 11*(Mod(x, 10)))
    """
    import sympy

    x = start_symbol() if x is None else x
    function = _function_for(component, function)
    n = component.n or 0
    match function:
        case Function.ADD:
            return x + n
        case Function.SUBTRACT:
            return x - n
        case Function.MULTIPLY:
            return n * x
        case Function.DIVIDE:
            return sympy.floor(x / n)
        case Function.SWAP:
            return 10 * _units(x) + sympy.floor(x / 10)
        case Function.COPY:
            if component.kind is Kind.COPY_RIGHT:
                return 11 * sympy.floor(x / 10)
            return 11 * _units(x)
        case Function.SET:
            return sympy.Integer(n)
    raise AssertionError(function)  # pragma: no cover


def _units(x: Any) -> Any:
    """``x mod 10``, as sympy simplifies it unless that is wrong: sympy 1.14 rewrites
    ``Mod(2*Mod(x, 5), 10)`` as ``2*Mod(Mod(x, 5)**2, 5)`` (x = 2 gives 8, not 4), so a copy
    then a swap (``A4x D2c B4s``) had a formula other than the Engine's. When ``x`` holds a
    ``Mod`` already, the simplified form is kept only if it agrees on every start 00–99;
    else ``Mod`` is left as written.

    >>> import sympy
    >>> x = start_symbol()
    >>> _units(2 * x), evaluate(_units(2 * _units(2 * x)), 2)  # 2 → 4 → 8
    (2*(Mod(x, 5)), 8)
    >>> evaluate(sympy.Mod(2 * sympy.Mod(2 * x, 10), 10), 2)  # sympy's own rewrite
    6
    """
    import sympy

    simplified = sympy.Mod(x, 10)
    if not isinstance(x, sympy.Basic) or not x.has(sympy.Mod) or len(x.free_symbols) != 1:
        return simplified
    (start,) = x.free_symbols
    if all(simplified.subs(start, v) == x.subs(start, v) % 10 for v in VALUES):
        return simplified
    return sympy.Mod(x, 10, evaluate=False)


def _function_for(component: Component, function: Function | None) -> Function:
    if function is None:
        if len(component.functions) == 1:
            return component.functions[0]
        raise InvalidOperationError(
            N_("{label} has two functions; say which one, {choices}"), label=component.label,
            choices=Listing((f.symbol for f in component.functions), "or"),
            reason="which-function", expected=tuple(f.symbol for f in component.functions),
        )
    if function not in component.functions:
        raise InvalidOperationError(
            N_("{label} has no function {symbol!r}; use {choices}"), label=component.label,
            symbol=function.symbol, choices=Listing((f.symbol for f in component.functions),
                                                    "or"),
            reason="wrong-function", expected=tuple(f.symbol for f in component.functions),
        )
    return function


def operation_expression(operation: Operation, board: Board | None = None,
                         x: Any = None) -> sympy.Expr:
    """One row of a program on ``board`` (a SIGMA row applies its component twice).

    >>> operation_expression(Operation.parse("B2+Σ"))
    x + 40
    """
    x = start_symbol() if x is None else x
    board = board or Board.standard()
    component = operation.component(board)
    once = tidy(component_expression(component, operation.function, x))
    if operation.sigma:
        return tidy(component_expression(component, operation.function, once))
    return once


def tidy(expr: Any) -> Any:
    """Merge a floor of a floor: ``floor(floor(u)/n) = floor(u/n)`` for whole n ≥ 1.

    (Dropping the remainder twice drops the same as dividing once by the product.)

    >>> tidy(expression("A4/ A4/"))
    floor(x/4)
    """
    import sympy

    def nested(e: Any) -> bool:
        if not isinstance(e, sympy.floor):
            return False
        coeff, rest = e.args[0].as_coeff_Mul()
        return isinstance(rest, sympy.floor) and coeff.is_Rational and coeff.p == 1 and coeff > 0

    def merge(e: Any) -> Any:
        coeff, rest = e.args[0].as_coeff_Mul()
        return sympy.floor(rest.args[0] * coeff)

    return expr.replace(nested, merge)


def _program(item: Program | str) -> Program:
    return Program.parse(item) if isinstance(item, str) else item


def expression(item: Item, board: Board | None = None, *, function: Function | None = None,
               x: Any = None) -> sympy.Expr:
    """The Result of a component, an Operation or a whole program, as a formula of ``x``.

    Programs may be given as text (``"A3+ A4/"``); the board defaults to the standard one.

    >>> expression("A4x A4/")
    x
    >>> expression("A4/ A4x")
    2*floor(x/2)
    >>> expression(Component.parse_token("swap"))
    10*(Mod(x, 10)) + floor(x/10)
    """
    x = start_symbol() if x is None else x
    if isinstance(item, Component):
        return component_expression(item, function, x)
    if isinstance(item, Operation):
        return operation_expression(item, board, x)
    program = _program(item)
    board = board or Board.standard()
    value = x
    for operation in program.operations:
        value = operation_expression(operation, board, value)
    return value


def latex_of(item: Item | sympy.Basic, board: Board | None = None, *,
             function: Function | None = None, x: Any = None) -> str:
    """The expression as LaTeX, written the way a teacher would: ``x \\bmod 10`` for Mod.

    >>> latex_of("A4/")
    '\\\\left\\\\lfloor{\\\\frac{x}{2}}\\\\right\\\\rfloor'
    """
    import sympy

    expr = item if isinstance(item, sympy.Basic) else expression(item, board, function=function,
                                                                 x=x)
    return _latex(expr)


def _latex(expr: Any) -> str:
    import sympy
    from sympy.printing.latex import LatexPrinter

    class _Printer(LatexPrinter):
        def _print_Mul(self, e: Any) -> str:
            # sympy brackets a product holding Mod inside a sum: 10 (x mod 10) is clearer.
            coeff, rest = e.as_coeff_Mul()
            if isinstance(rest, sympy.Mod) and coeff.is_Integer and coeff > 0:
                return f"{self._print(coeff)} {self._print(rest)}"
            return super()._print_Mul(e)

        def _print_floor(self, e: Any, exp: Any = None) -> str:
            # floor((x + 5)/2) reads better than sympy's floor(x/2 + 5/2).
            tex = rf"\left\lfloor{{{self._print(sympy.together(e.args[0]))}}}\right\rfloor"
            return f"{tex}^{{{exp}}}" if exp else tex

        def _needs_add_brackets(self, e: Any) -> bool:
            # Mod is printed in its own brackets, so a sum needs no more around it.
            return bool(e.is_Relational or e.is_Add)

        def _print_Mod(self, e: Any, exp: Any = None) -> str:
            a, b = e.args
            return rf"\left({self._print(a)} \bmod {self._print(b)}\right)"

    return _Printer().doprint(expr)


def domain(item: Item, board: Board | None = None, *,
           function: Function | None = None) -> tuple[int, ...]:
    """The starts (00–99) from which every row stays within 00–99, found by the engine.

    >>> domain("A4x")[-1], len(domain("B1+"))
    (49, 50)
    """
    board = board or Board.standard()
    if isinstance(item, Component):
        chosen = _function_for(item, function)
        return tuple(v for v in VALUES if in_range(item.apply(chosen, v)))
    if isinstance(item, Operation):
        return tuple(v for v in VALUES if item.is_legal(v, board))
    program = _program(item)
    return tuple(v for v in VALUES if program.is_legal(board, start=v, limit=None))


def evaluate(expr: Any, value: int, x: Any = None) -> int:
    """The expression's value at ``x = value``, as a Python int.

    >>> evaluate(expression("B4s"), 64)
    46
    """
    import sympy

    x = start_symbol() if x is None else x
    result = expr.xreplace({x: sympy.Integer(value)})
    if not result.is_Integer:
        raise AssertionError(f"{expr} at {value} is {result}, not a whole number")
    return int(result)


# --------------------------------------------------------------------------------------------
# The arithmetic row by row, beside the algebra
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AlgebraRow:
    """One row: the engine's arithmetic (``55 + 5 = 60``) and the Result as a formula of x."""

    row: int
    operation: Operation
    text: str
    result: int
    expression: Any
    latex: str


@dataclass(frozen=True)
class AlgebraTrace:
    """A program run from one start, each row with its arithmetic and its formula."""

    start: int
    program: Program
    rows: tuple[AlgebraRow, ...]

    @property
    def result(self) -> int:
        """The last Result (the start when there are no rows)."""
        return self.rows[-1].result if self.rows else self.start

    @property
    def expression(self) -> Any:
        """The whole program as a formula of x."""
        return self.rows[-1].expression if self.rows else start_symbol()

    def markdown(self) -> str:
        """A Markdown table: row, Operation, arithmetic, formula (LaTeX between ``$``)."""
        lines = [
            "| row | Operation | arithmetic | as a formula of the start $x$ |",
            "|---|---|---|---|",
            f"| start | | {two_digits(self.start)} | $x$ |",
        ]
        for r in self.rows:
            lines.append(f"| {r.row} | {r.operation} | {r.text} | ${r.latex}$ |")
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.markdown()


def algebra_trace(program: Program | str, start: int = 55, board: Board | None = None,
                  limit: int | None = None) -> AlgebraTrace:
    """Run ``program`` with the engine and give each row's formula beside its arithmetic.

    Raises the engine's error (naming the row) when a row breaks a rule.

    >>> algebra_trace("B4s", start=64).rows[0].text
    '64 ⇄ 46'
    """
    board = board or Board.standard()
    program = _program(program)
    trace = program.run(board, start=start, limit=limit)
    x = start_symbol()
    value: Any = x
    rows = []
    for trace_row, operation in zip(trace.rows, program.operations, strict=True):
        value = operation_expression(operation, board, value)
        rows.append(AlgebraRow(trace_row.row, operation, trace_row.text, trace_row.result,
                               value, _latex(value)))
    return AlgebraTrace(start, program, tuple(rows))


@dataclass(frozen=True)
class Formulas:
    """Each row's Result of a program as a formula of x (LaTeX), and the last formula's value
    at a start (:meth:`value`). ``expression`` is the last formula (None when the answers
    came from :mod:`lnb.babbage.algebra_cache`'s file, which keeps its values instead)."""

    latex: tuple[str, ...]
    expression: Any = None
    values: tuple[int, ...] = ()

    def value(self, start: int) -> int:
        """The last formula at ``x = start`` (``start`` itself for a program of no rows).

        >>> program_formulas(Program.parse("A3+ A4/"), Board.standard()).value(55)
        30
        """
        if self.values:
            return self.values[start]
        if self.expression is None:
            return start
        return evaluate(self.expression, start)


def program_formulas(program: Program, board: Board, cached: bool = True) -> Formulas:
    """Each row of ``program`` on ``board`` as a formula of the start (what
    :func:`operation_expression` and :func:`latex_of` give row after row), from
    :mod:`lnb.babbage.algebra_cache`'s file when ``cached`` and it has the program (no sympy
    then), else from sympy.

    >>> print(*program_formulas(Program.parse("A3+ A4/"), Board.standard(), cached=False).latex)
    x + 5 \\left\\lfloor{\\frac{x + 5}{2}}\\right\\rfloor
    """
    if cached:
        from lnb.babbage.algebra_cache import cached_program

        found = cached_program(program, board)
        if found is not None:
            return Formulas(found.latex, None, found.values)
    if not program.operations:
        return Formulas(())
    formula: Any = start_symbol()
    latex = []
    for row, op in enumerate(program.operations, start=1):
        op.component(board, row)  # a row the board cannot take raises, naming its row
        formula = operation_expression(op, board, formula)
        latex.append(_latex(formula))
    return Formulas(tuple(latex), formula)


# --------------------------------------------------------------------------------------------
# Proofs of facts pupils discover
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProofStep:
    """One line of a proof: words (a :class:`Text`, translated when shown), and the
    mathematics as LaTeX (may be empty)."""

    text: str
    latex: str = ""


@dataclass(frozen=True)
class Proof:
    """A fact about the engine, proved with sympy and checked with the engine.

    ``holds`` is True only when every sympy step came out as claimed *and* the engine agreed
    on every start it was checked on (``checked`` of them). ``example`` is one start worked
    through in plain arithmetic (for a fact that says "need not", the counterexample).
    """

    claim: str
    steps: tuple[ProofStep, ...]
    holds: bool
    checked: int
    example: str = ""

    def markdown(self) -> str:
        """The proof as Markdown with LaTeX, for a notebook, in the current language.

        >>> from lnb.core.i18n import use_language
        >>> with use_language("zh-CN"):
        ...     print(prove_swap_twice().markdown().splitlines()[0])
        **交换两次就回到 x**
        """
        lines = [f"**{self.claim}**", ""]
        for i, step in enumerate(self.steps, start=1):
            maths = f"  $${step.latex}$$" if step.latex else ""
            lines.append(f"{i}. {step.text}{maths}")
        if self.example:
            lines += ["", gettext("For example: {example}").format(example=self.example)]
        if self.holds:
            verdict = ngettext("proved by sympy; checked with the engine on {count} start.",
                               "proved by sympy; checked with the engine on {count} starts.",
                               self.checked)
        else:
            verdict = ngettext("NOT proved; checked with the engine on {count} start.",
                               "NOT proved; checked with the engine on {count} starts.",
                               self.checked)
        lines += ["", f"*{verdict.format(count=self.checked)}*"]
        return "\n".join(lines)

    def _repr_markdown_(self) -> str:
        return self.markdown()


def _digit_symbols() -> tuple[Any, Any]:
    import sympy

    a = sympy.Symbol("a", integer=True, nonnegative=True)
    b = sympy.Symbol("b", integer=True, nonnegative=True)
    return a, b


def _by_units_digit(expr: Any, expected: Callable[[Any, int], Any]) -> bool:
    """sympy checks ``expr`` at ``x = 10a + b`` equals ``expected(a, b)`` for each digit b."""
    import sympy

    a, _ = _digit_symbols()
    x = start_symbol()
    return all(
        sympy.simplify(expr.xreplace({x: 10 * a + b}) - expected(a, b)) == 0 for b in range(10)
    )


def _component(token: str) -> Component:
    return Component.parse_token(token)


def proof_facts(proof: str, n: int = 0, cached: bool = True) -> dict[str, Any]:
    """What sympy finds for one proof (``proof`` a key of :data:`PROOF_WORK`, ``n`` its
    number if it takes one): whether each step came out as claimed, and the LaTeX it wrote.
    From :mod:`lnb.babbage.algebra_cache`'s file when ``cached`` and it has them (the proofs
    the lessons show: no sympy then), else worked out now.

    >>> proof_facts("multiply-then-divide", 2, cached=False)
    {'algebra': True, 'times': '2 x', 'back': 'x'}
    """
    if cached:
        from lnb.babbage.algebra_cache import cached_proof

        found = cached_proof(proof, n)
        if found is not None:
            return found
    return PROOF_WORK[proof](n)


def _swap_difference_work(_n: int) -> dict[str, Any]:
    import sympy

    a, b = _digit_symbols()
    formula = component_expression(_component("swap"))
    # sympy works out swap(10a + b) for every units digit b: it is always 10b + a.
    digits_ok = _by_units_digit(formula, lambda a_, b_: 10 * b_ + a_)
    difference = sympy.expand((10 * a + b) - (10 * b + a))
    factored = sympy.factor(difference)
    algebra_ok = sympy.simplify(factored - 9 * (a - b)) == 0 and sympy.simplify(
        difference / 9).is_integer is True
    return {"digits": bool(digits_ok), "algebra": bool(algebra_ok), "formula": _latex(formula),
            "difference": sympy.latex(difference), "factored": sympy.latex(factored)}


def prove_swap_difference_multiple_of_9(*, cached: bool = True) -> Proof:
    """x − swap(x) is always a multiple of 9: it is 9 × (tens digit − units digit).

    >>> proof = prove_swap_difference_multiple_of_9()
    >>> proof.holds, proof.checked
    (True, 100)
    >>> proof.steps[-2].latex
    'x - \\\\operatorname{swap}(x) = 9 \\\\left(a - b\\\\right)'
    """
    facts = proof_facts("swap-difference-9", cached=cached)
    swap = _component("swap")
    engine_ok = all((v - swap.apply(Function.SWAP, v)) % 9 == 0 for v in VALUES)
    steps = (
        ProofStep(Text(N_("Write the start with its digits: a tens and b units.")),
                  "x = 10a + b"),
        ProofStep(Text(N_("Swap is this formula of x:")),
                  rf"\operatorname{{swap}}(x) = {facts['formula']}"),
        ProofStep(Text(N_("sympy puts x = 10a + b into it for each units digit b = 0, 1, …, 9, "
                          "and every time gets the digits swapped:")),
                  r"\operatorname{swap}(10a + b) = 10b + a"),
        ProofStep(Text(N_("Take it away from x and sympy collects the terms:")),
                  rf"(10a + b) - (10b + a) = {facts['difference']}"),
        ProofStep(Text(N_("Factor out 9:")),
                  rf"x - \operatorname{{swap}}(x) = {facts['factored']}"),
        ProofStep(Text(N_("a − b is a whole number, so the difference is 9 times a whole "
                          "number. (When b is bigger than a, both go below zero; the other "
                          "way round, swap(x) − x = 9(b − a).)"))),
    )
    return Proof(
        Text(N_("x − swap(x) is always a multiple of 9")),
        steps,
        holds=facts["digits"] and facts["algebra"] and engine_ok,
        checked=len(VALUES),
        example=Text(N_("73 − 37 = 36 = 9 × 4, and 7 − 3 = 4; the swap of 28 is bigger, so "
                        "82 − 28 = 54 = 9 × 6, and 8 − 2 = 6.")),
    )


def _swap_sum_work(_n: int) -> dict[str, Any]:
    import sympy

    a, b = _digit_symbols()
    digits_ok = _by_units_digit(component_expression(_component("swap")),
                                lambda a_, b_: 10 * b_ + a_)
    total = sympy.expand((10 * a + b) + (10 * b + a))
    factored = sympy.factor(total)
    algebra_ok = sympy.simplify(factored - 11 * (a + b)) == 0
    return {"digits": bool(digits_ok), "algebra": bool(algebra_ok),
            "total": sympy.latex(total), "factored": sympy.latex(factored)}


def prove_swap_sum_multiple_of_11(*, cached: bool = True) -> Proof:
    """x + swap(x) is always a multiple of 11: it is 11 × (tens digit + units digit).

    >>> prove_swap_sum_multiple_of_11().holds
    True
    """
    facts = proof_facts("swap-sum-11", cached=cached)
    swap = _component("swap")
    engine_ok = all((v + swap.apply(Function.SWAP, v)) % 11 == 0 for v in VALUES)
    steps = (
        ProofStep(Text(N_("Write the start with its digits.")), "x = 10a + b"),
        ProofStep(Text(N_("sympy finds, for every units digit, that swap gives the digits "
                          "swapped:")),
                  r"\operatorname{swap}(10a + b) = 10b + a"),
        ProofStep(Text(N_("Add them and sympy collects the terms:")),
                  rf"(10a + b) + (10b + a) = {facts['total']}"),
        ProofStep(Text(N_("Factor out 11:")),
                  rf"x + \operatorname{{swap}}(x) = {facts['factored']}"),
    )
    return Proof(Text(N_("x + swap(x) is always a multiple of 11")), steps,
                 holds=facts["digits"] and facts["algebra"] and engine_ok, checked=len(VALUES),
                 example=Text(N_("73 + 37 = 110 = 11 × 10, and 7 + 3 = 10.")))


def _copy_work(_n: int) -> dict[str, Any]:
    right, left = component_expression(_component("copy>")), component_expression(
        _component("copy<"))
    return {"right": bool(_by_units_digit(right, lambda a_, b_: 11 * a_)),
            "left": bool(_by_units_digit(left, lambda a_, b_: 11 * b_)),
            "right_formula": _latex(right), "left_formula": _latex(left)}


def prove_copy_multiple_of_11(*, cached: bool = True) -> Proof:
    """Both Copy components always give a multiple of 11 (a number with two equal digits).

    >>> prove_copy_multiple_of_11().holds
    True
    """
    facts = proof_facts("copy-11", cached=cached)
    right, left = _component("copy>"), _component("copy<")
    engine_ok = all(
        right.apply(Function.COPY, v) % 11 == 0 and left.apply(Function.COPY, v) % 11 == 0
        for v in VALUES
    )
    steps = (
        ProofStep(Text(N_("Write the start with its digits.")), "x = 10a + b"),
        ProofStep(Text(N_("Copy → is this formula:")), facts["right_formula"]),
        ProofStep(Text(N_("sympy puts in x = 10a + b for each units digit b and gets 11a "
                          "every time:")),
                  r"\operatorname{copy}_{\to}(10a + b) = 10a + a = 11a"),
        ProofStep(Text(N_("Copy ← is this formula:")), facts["left_formula"]),
        ProofStep(Text(N_("and sympy gets 11b every time:")),
                  r"\operatorname{copy}_{\leftarrow}(10a + b) = 10b + b = 11b"),
        ProofStep(Text(N_("11 times a digit is a multiple of 11: 00, 11, 22, …, 99."))),
    )
    return Proof(Text(N_("Copy always makes a multiple of 11")), steps,
                 holds=facts["right"] and facts["left"] and engine_ok, checked=len(VALUES),
                 example=Text(N_("64 → 66 = 11 × 6 and 64 ← 44 = 11 × 4.")))


def _multiply_divide_work(n: int) -> dict[str, Any]:
    import sympy

    mul_div = Component(Kind.MUL_DIV, n)
    times = component_expression(mul_div, Function.MULTIPLY)
    back = component_expression(mul_div, Function.DIVIDE, times)
    return {"algebra": bool(sympy.simplify(back - start_symbol()) == 0),
            "times": _latex(times), "back": _latex(back)}


def prove_multiply_then_divide(n: int = 2, *, cached: bool = True) -> Proof:
    """×n then ÷n always gives x back (wherever ×n stays within 00–99).

    >>> proof = prove_multiply_then_divide(3)
    >>> proof.holds, proof.checked
    (True, 34)
    """
    facts = proof_facts("multiply-then-divide", n, cached=cached)
    mul_div = Component(Kind.MUL_DIV, n)
    starts = [v for v in VALUES if in_range(v * n)]
    engine_ok = all(
        mul_div.apply(Function.DIVIDE, mul_div.apply(Function.MULTIPLY, v)) == v for v in starts
    )
    steps = (
        ProofStep(Text(N_("×{n} makes"), n=n), facts["times"]),
        ProofStep(Text(N_("then ÷{n} drops the remainder:"), n=n),
                  rf"\left\lfloor{{\frac{{{n}x}}{{{n}}}}}\right\rfloor"),
        ProofStep(Text(N_("{n}x ÷ {n} leaves no remainder, because x is a whole number, "
                          "so sympy gets"), n=n),
                  rf"\left\lfloor{{\frac{{{n}x}}{{{n}}}}}\right\rfloor = {facts['back']}"),
    )
    v = 27 if in_range(27 * n) else starts[-1]
    return Proof(Text(N_("×{n} then ÷{n} gives x back"), n=n), steps,
                 holds=facts["algebra"] and engine_ok, checked=len(starts),
                 example=Text(N_("{start} × {n} = {product}, {product} ÷ {n} = {start}."),
                              start=v, n=n, product=v * n))


def _divide_multiply_work(n: int) -> dict[str, Any]:
    import sympy

    q = sympy.Symbol("q", integer=True, nonnegative=True)
    x = start_symbol()
    mul_div = Component(Kind.MUL_DIV, n)
    there = component_expression(mul_div, Function.DIVIDE)
    back = component_expression(mul_div, Function.MULTIPLY, there)
    # Every whole number is n·q + r with remainder r = 0, 1, …, n−1: sympy checks each case.
    cases_ok = all(
        sympy.simplify(back.xreplace({x: n * q + r}) - n * q) == 0 for r in range(n)
    )
    lost_ok = all(
        sympy.simplify((n * q + r) - back.xreplace({x: n * q + r}) - r) == 0 for r in range(n)
    )
    return {"cases": bool(cases_ok), "lost": bool(lost_ok), "back": _latex(back)}


def prove_divide_then_multiply(n: int = 2, *, cached: bool = True) -> Proof:
    """÷n then ×n need not give x back: it gives x minus the remainder of x ÷ n.

    >>> proof = prove_divide_then_multiply(2)
    >>> proof.holds, proof.example
    (True, '55 ÷ 2 = 27 r 1, 27 × 2 = 54, not 55.')
    """
    facts = proof_facts("divide-then-multiply", n, cached=cached)
    mul_div = Component(Kind.MUL_DIV, n)
    engine_ok = all(
        mul_div.apply(Function.MULTIPLY, mul_div.apply(Function.DIVIDE, v)) == v - v % n
        for v in VALUES
    )
    start = 55 if 55 % n else next(v for v in VALUES if v >= 10 and v % n)
    half = start // n
    steps = (
        ProofStep(Text(N_("÷{n} then ×{n} is this formula:"), n=n), facts["back"]),
        ProofStep(Text(N_("Write x as {n} groups of q and a remainder r (r is 0 to {top}).")
                       if n > 2 else
                       N_("Write x as {n} groups of q and a remainder r (r is 0 or {top})."),
                       n=n, top=n - 1),
                  f"x = {n}q + r"),
        ProofStep(Text(N_("sympy puts that in for each remainder r and always gets")),
                  rf"{facts['back']} = {n}q = x - r"),
        ProofStep(Text(N_("So you get x back only when the remainder r is 0; otherwise r is "
                          "lost."))),
    )
    return Proof(Text(N_("÷{n} then ×{n} gives x back only when x ÷ {n} has no remainder"),
                      n=n), steps,
                 holds=facts["cases"] and facts["lost"] and engine_ok, checked=len(VALUES),
                 example=Text(N_("{start} ÷ {n} = {half} r {left}, {half} × {n} = {back}, "
                                 "not {start}."), start=start, n=n, half=half,
                              left=start % n, back=half * n))


def _swap_twice_work(_n: int) -> dict[str, Any]:
    import sympy

    twice = expression("B4s B4s")
    x = start_symbol()
    # For x = 10a + b the formula is sympy's; a tens digit a < 10 keeps floor(a/10) = 0, so we
    # check each tens digit and each units digit.
    ok = all(
        sympy.simplify(twice.xreplace({x: 10 * tens + b}) - (10 * tens + b)) == 0
        for tens in range(10) for b in range(10)
    )
    once_ok = _by_units_digit(component_expression(_component("swap")),
                              lambda a_, b_: 10 * b_ + a_)
    return {"twice": bool(ok), "once": bool(once_ok)}


def prove_swap_twice(*, cached: bool = True) -> Proof:
    """Swap twice gives x back (the two-digit form keeps a leading 0: 70 → 07 → 70).

    >>> prove_swap_twice().holds
    True
    """
    facts = proof_facts("swap-twice", cached=cached)
    engine_ok = all(swap_digits(swap_digits(v)) == v for v in VALUES)
    steps = (
        ProofStep(Text(N_("Swap turns 10a + b into 10b + a (sympy, for every units digit b).")),
                  r"\operatorname{swap}(10a + b) = 10b + a"),
        ProofStep(Text(N_("Swapping again turns 10b + a back into 10a + b.")),
                  r"\operatorname{swap}(10b + a) = 10a + b"),
    )
    return Proof(Text(N_("Swap twice gives x back")), steps,
                 holds=facts["twice"] and facts["once"] and engine_ok, checked=len(VALUES),
                 example="70 ⇄ 07 ⇄ 70.")


#: Each proof's sympy work, by the key :func:`proof_facts` takes (its number as argument).
PROOF_WORK: dict[str, Callable[[int], dict[str, Any]]] = {
    "swap-difference-9": _swap_difference_work,
    "swap-sum-11": _swap_sum_work,
    "copy-11": _copy_work,
    "multiply-then-divide": _multiply_divide_work,
    "divide-then-multiply": _divide_multiply_work,
    "swap-twice": _swap_twice_work,
}


# --------------------------------------------------------------------------------------------
# Working backwards: which starts reach a target?
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BackStep:
    """One row undone: the values wanted after it, and the values before it that give them.

    ``needed`` are all whole-number solutions (some may leave 00–99); ``kept`` those in 00–99.
    """

    row: int
    operation: Operation
    equation: str
    after: tuple[int, ...]
    needed: tuple[int, ...]
    kept: tuple[int, ...]

    def text(self) -> Text:
        """A pupil's sentence, translated when shown (English as a ``str``).

        >>> step = starts_reaching("A4/ A3+", 73).steps[1]
        >>> step.text()
        'row 1 A4/: to get 68 you need 136 or 137 before (136 or 137 leave 00–99).'
        >>> from lnb.core.i18n import use_language
        >>> with use_language("zh-CN"):
        ...     print(starts_reaching("A3+ B4s", 73).steps[0].text())
        第 2 行 B4s：要得到 73，之前需要 37。
        """
        values = {"row": self.row, "operation": str(self.operation),
                  "goal": _or_list(self.after)}
        if not self.needed:
            return Text(N_("row {row} {operation}: no number gives {goal}."), **values)
        values["before"] = _or_list(self.needed)
        dropped = [v for v in self.needed if v not in self.kept]
        if not dropped:
            return Text(N_("row {row} {operation}: to get {goal} you need {before} before."),
                        **values)
        return lazy_ngettext(
            "row {row} {operation}: to get {goal} you need {before} before ({dropped} leaves "
            "00–99).",
            "row {row} {operation}: to get {goal} you need {before} before ({dropped} leave "
            "00–99).", len(dropped), dropped=_or_list(dropped), **values)


def _or_list(values: Sequence[int]) -> object:
    """Numbers as a choice (``74 or 75``), a long run shortened, for a template's value.

    >>> str(_or_list([74, 75])), str(_or_list(range(8))), str(_or_list([]))
    ('74 or 75', '00, 01, …, 07 (8 numbers)', 'nothing')
    """
    words = [two_digits(v) if in_range(v) else str(v) for v in values]
    if len(words) > 6:
        return lazy_ngettext("{first}, {second}, …, {last} ({count} number)",
                             "{first}, {second}, …, {last} ({count} numbers)", len(words),
                             first=words[0], second=words[1], last=words[-1], count=len(words))
    if not words:
        return Text(N_("nothing"))
    return words[0] if len(words) == 1 else Listing(words, "or")


class _Lines(Text):
    """Texts one a line: English as a ``str``, each line in the current language when shown.

    >>> from lnb.core.i18n import use_language
    >>> both = _Lines([Text(N_("nothing")), Text(N_("So no start reaches {target} with "
    ...                                             "{program}."), target="73", program="A3+")])
    >>> both.splitlines()
    ['nothing', 'So no start reaches 73 with A3+.']
    >>> with use_language("zh-CN"):
    ...     print(both)
    无
    所以用 A3+，没有起始数字能得到 73。
    """

    lines: tuple[Text, ...]

    def __new__(cls, lines: Iterable[Text]) -> _Lines:
        lines = tuple(lines)
        self = str.__new__(cls, "\n".join(str.__str__(line) for line in lines))
        self.template, self.values, self.plural = str.__str__(self), {}, None
        self.lines = lines
        return self

    def translated(self) -> str:
        """Each line in the current language."""
        return "\n".join(line.translated() for line in self.lines)

    __str__ = translated

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Lines, (self.lines,))


@dataclass(frozen=True)
class Starts:
    """Every start from which ``program`` ends at ``target``.

    ``starts`` come from the engine (every start 00–99 tried); ``solved`` from sympy working
    backwards row by row. ``agree`` says whether the two answers are the same.
    """

    program: Program
    target: int
    starts: tuple[int, ...]
    solved: tuple[int, ...]
    steps: tuple[BackStep, ...]

    @property
    def agree(self) -> bool:
        """True when the engine's answer equals sympy's."""
        return self.starts == self.solved

    def conclusion(self) -> Text:
        """The last sentence, translated when shown: ``So 69 or 70 reaches 73 with ...``."""
        values = {"target": two_digits(self.target), "program": str(self.program)}
        if not self.starts:
            return Text(N_("So no start reaches {target} with {program}."), **values)
        return Text(N_("So {starts} reaches {target} with {program}."),
                    starts=_or_list(self.starts), **values)

    def text(self) -> Text:
        """The working, last row first, and the answer: one :meth:`BackStep.text` a line,
        English as a ``str`` (what a lesson's check reads), each line translated when shown."""
        return _Lines([*(step.text() for step in self.steps), self.conclusion()])

    def _repr_markdown_(self) -> str:
        lines = ["- " + gettext("{step}  solve {equation}").format(
            step=step.text(), equation=f"${step.equation}$") for step in self.steps]
        target = two_digits(self.target)
        if self.starts:
            last = gettext("**{starts}** reaches {target}.").format(
                starts=_or_list(self.starts), target=target)
        else:
            last = gettext("**No start** reaches {target}.").format(target=target)
        return "\n".join([*lines, "", last])


@lru_cache(maxsize=512)
def _row_solver(component: Component, function: Function) -> Callable[[int], tuple[int, ...]]:
    """For one application, a function t -> every whole y with f(y) = t: sympy's solution,
    kept in :mod:`lnb.babbage.algebra_cache`'s file for the rows the lessons open with.

    >>> _row_solver(Component.parse_token("x/3"), Function.DIVIDE)(10)  # from the file
    (30, 31, 32)
    >>> _row_solver(Component.parse_token("x/9"), Function.DIVIDE)(10)  # sympy's
    (90, 91, 92, 93, 94, 95, 96, 97, 98)
    """
    from lnb.babbage.algebra_cache import cached_row

    row = cached_row(component, function)
    if row is None:
        return _sympy_row_solver(component, function)
    table = row.solutions

    def solve_cached(target: int) -> tuple[int, ...]:
        if in_range(target):
            return table[target]
        return _sympy_row_solver(component, function)(target)

    return solve_cached


@lru_cache(maxsize=512)
def _sympy_row_solver(component: Component,
                      function: Function) -> Callable[[int], tuple[int, ...]]:
    """:func:`_row_solver` worked out by sympy."""
    import sympy

    y = start_symbol("y")
    t = sympy.Symbol("t", integer=True)
    f = component_expression(component, function, y)
    n = component.n or 0
    if function in (Function.ADD, Function.SUBTRACT, Function.MULTIPLY):
        (solution,) = sympy.solve(sympy.Eq(f, t), y)

        def solve_linear(target: int) -> tuple[int, ...]:
            value = solution.xreplace({t: sympy.Integer(target)})
            return (int(value),) if value.is_Integer else ()

        return solve_linear
    if function is Function.DIVIDE:
        # floor(y/n) = t  <=>  t <= y/n < t + 1, which sympy turns into bounds on y.
        bounds = sympy.reduce_inequalities([t <= y / n, y / n < t + 1], y)
        low = next(a.rhs for a in bounds.args if isinstance(a, sympy.GreaterThan))
        high = next(a.rhs for a in bounds.args if isinstance(a, sympy.StrictLessThan))

        def solve_divide(target: int) -> tuple[int, ...]:
            lo = int(sympy.ceiling(low.xreplace({t: target})))
            hi = int(sympy.ceiling(high.xreplace({t: target})))
            return tuple(range(lo, hi))

        return solve_divide
    if function is Function.SET:
        return lambda target: tuple(VALUES) if target == n else ()
    # Swap and Copy: y = 10a + b with digits a, b; for each b sympy solves for a.
    a, _ = _digit_symbols()
    by_digit = []
    for b in range(10):
        g = f.xreplace({y: 10 * a + b})
        if g.has(a):
            (solution,) = sympy.solve(sympy.Eq(g, t), a)
            by_digit.append((b, solution, None))
        else:
            by_digit.append((b, None, int(g)))

    def solve_digits(target: int) -> tuple[int, ...]:
        found = []
        for b, solution, constant in by_digit:
            if solution is None:
                if constant == target:
                    found.extend(10 * tens + b for tens in range(10))
                continue
            tens = solution.xreplace({t: sympy.Integer(target)})
            if tens.is_Integer and 0 <= int(tens) <= 9:
                found.append(10 * int(tens) + b)
        return tuple(sorted(found))

    return solve_digits


def _row_latex(component: Component, function: Function, cached: bool = True) -> str:
    """One application to ``y`` as LaTeX (from :mod:`lnb.babbage.algebra_cache` when
    ``cached`` and the file has it).

    >>> _row_latex(Component.parse_token("+-5"), Function.ADD, cached=False)
    'y + 5'
    """
    if cached:
        from lnb.babbage.algebra_cache import cached_row

        row = cached_row(component, function)
        if row is not None:
            return row.latex
    return _latex(component_expression(component, function, start_symbol("y")))


def _equation(component: Component, function: Function, after: Sequence[int]) -> str:
    """The equation a row asks us to solve for y, the value before it, as LaTeX."""
    lhs = _row_latex(component, function)
    if len(after) > 4:
        return rf"{lhs} = {two_digits(after[0])}, \ldots \text{{ or }} {two_digits(after[-1])}"
    return f"{lhs} = " + r" \text{ or } ".join(two_digits(v) for v in after)


def checked_target(target: int) -> int:
    """``target`` itself when a Result can be it (00–99); else the pupil is told why.

    >>> checked_target(73)
    73
    >>> checked_target(150)
    Traceback (most recent call last):
    ...
    lnb.babbage.errors.InvalidOperationError: target 150 leaves 00–99; choose a target 00 to 99

    :raises InvalidOperationError: (``reason="out-of-range"``) for a target outside 00–99.
    """
    if not in_range(target):
        raise InvalidOperationError(N_("target {target} leaves 00–99; choose a target 00 to 99"),
                                    target=target, reason="out-of-range",
                                    expected=(LOWEST, HIGHEST))
    return target


def starts_reaching(program: Program | str, target: int, board: Board | None = None) -> Starts:
    """Which starts reach ``target`` with ``program``? Answered twice, exactly.

    The engine runs the program from all 100 starts; sympy works backwards, solving each row's
    equation (``y + 5 = t``, ``floor(y/2) = t`` ...) for the values before it and keeping those
    within 00–99. The Operation limit does not apply here.

    >>> answer = starts_reaching("A3+ A4/", 30)
    >>> answer.starts, answer.agree
    ((55, 56), True)
    >>> print(answer.text())
    row 2 A4/: to get 30 you need 60 or 61 before.
    row 1 A3+: to get 60 or 61 you need 55 or 56 before.
    So 55 or 56 reaches 30 with A3+ A4/.
    """
    board = board or Board.standard()
    program = _program(program)
    checked_target(target)
    for row, operation in enumerate(program.operations, start=1):
        operation.component(board, row)  # a row the board cannot take raises here
    engine = tuple(v for v, result in _results(program, board).items() if result == target)
    wanted: tuple[int, ...] = (target,)
    steps: list[BackStep] = []
    for row in range(len(program), 0, -1):
        if not wanted:
            break
        operation = program.operations[row - 1]
        component = operation.component(board, row)
        times = 2 if operation.sigma else 1
        for _ in range(times):
            solver = _row_solver(component, operation.function)
            needed = tuple(sorted({y for t in wanted for y in solver(t)}))
            kept = tuple(v for v in needed if in_range(v))
            steps.append(BackStep(row, operation, _equation(component, operation.function, wanted),
                                  wanted, needed, kept))
            wanted = kept
    return Starts(program, target, engine, wanted, tuple(steps))


def _results(program: Program, board: Board) -> dict[int, int]:
    """The engine's Result from every start the program can run from (memoised on the board)."""
    key = ("algebra-results", program.operations)
    cached = board.cache.get(key)
    if cached is None:
        cached = {}
        for v in VALUES:
            try:
                cached[v] = program.run(board, start=v, limit=None).result
            except LnbError:
                continue
        board.cache[key] = cached
    return cached


def check_against_engine(items: Iterable[Item], board: Board | None = None) -> list[str]:
    """Every place where an expression and the engine disagree on the item's domain (for tests
    and for a teacher's own puzzle sets); an empty list means they agree everywhere.

    >>> check_against_engine(["A3+ A4/", "B4s C1c"], Board.standard(levels={"C": "copy>,=42,"
    ...                                                           "swap,x/3"}))
    []
    """
    board = board or Board.standard()
    problems = []
    for item in items:
        try:
            expr = expression(item, board)
        except LnbError as exc:
            problems.append(f"{item}: {exc}")
            continue
        program = _program(item) if isinstance(item, (str, Program)) else None
        for v in domain(item, board):
            if program is not None:
                engine = program.run(board, start=v, limit=None).result
            elif isinstance(item, Operation):
                engine = item.apply(v, board).result
            else:
                assert isinstance(item, Component)
                engine = item.apply(_function_for(item, None), v)
            got = evaluate(expr, v)
            if got != engine:
                problems.append(f"{item} from {v}: formula {got}, engine {engine}")
    return problems
