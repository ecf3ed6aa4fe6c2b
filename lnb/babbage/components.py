"""Engine Components: the five kinds, their functions and their arithmetic.

A component is what sits on one space of the board (``A3`` is ±5). A *function* is the
choice a player makes when using it (``+`` or ``-`` on an Add/Sub component).

>>> c = Component.parse_token("+-5")
>>> c.label, [f.symbol for f in c.functions]
('±5', ['+', '-'])
>>> c.apply(Function.ADD, 55)
60
>>> c.step_text(Function.ADD, 55, 60)
'55 + 5 = 60'
>>> Component.parse_token("x/2").step_text(Function.DIVIDE, 55, 27)
'55 ÷ 2 = 27 r 1'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from functools import cached_property

from lnb.babbage.errors import InvalidOperationError, shown
from lnb.babbage.numbers import (
    copy_tens_to_units,
    copy_units_to_tens,
    swap_digits,
    two_digits,
)
from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text


class Function(enum.Enum):
    """What a row does with its component; the value is the symbol written in a program."""

    ADD = "+"
    SUBTRACT = "-"
    MULTIPLY = "x"
    DIVIDE = "/"
    SWAP = "s"
    COPY = "c"
    SET = "="

    # A member is equal only to itself, so its identity is a hash (Enum's own hashes the
    # member's name in Python; an Operation's hash, asked at every row, hashes its Function).
    __hash__ = object.__hash__

    @property
    def symbol(self) -> str:
        """The symbol written after the space name: ``+ - x / s c =``."""
        return self.value

    def __str__(self) -> str:
        return self.value

    @classmethod
    def from_symbol(cls, symbol: str) -> Function:
        """Read a function symbol, accepting ``* × ÷ −`` and either case.

        >>> Function.from_symbol("÷")
        <Function.DIVIDE: '/'>
        """
        key = _SYMBOL_ALIASES.get(symbol, symbol.lower()) if isinstance(symbol, str) else None
        try:
            return cls(key)
        except ValueError:
            raise InvalidOperationError(
                N_("{text!r} is not a function; write one of + - x / s c ="),
                text=symbol, reason="bad-function", expected=tuple(f.value for f in cls),
            ) from None


def _not_a_function(function: object) -> InvalidOperationError:
    return InvalidOperationError(
        N_("{value!r} is not a Function; give one like Function.ADD (or read a symbol with "
           "Function.from_symbol('+'))"),
        value=function, reason="bad-function", expected=tuple(f.value for f in Function),
    )


_SYMBOL_ALIASES = {"*": "x", "×": "x", "X": "x", "÷": "/", "−": "-", "S": "s", "C": "c"}

# Order in which functions are listed: the order of the notation table.
FUNCTION_ORDER = {f: i for i, f in enumerate(Function)}


class Kind(enum.Enum):
    """The five kinds of Engine Component (Copy has two directions)."""

    ADD_SUB = "+-"
    MUL_DIV = "x/"
    SWAP = "swap"
    COPY_RIGHT = "copy>"
    COPY_LEFT = "copy<"
    SET_TO = "="

    __hash__ = object.__hash__  # identity, as Function's (a component's rows ask it)


_FUNCTIONS: dict[Kind, tuple[Function, ...]] = {
    Kind.ADD_SUB: (Function.ADD, Function.SUBTRACT),
    Kind.MUL_DIV: (Function.MULTIPLY, Function.DIVIDE),
    Kind.SWAP: (Function.SWAP,),
    Kind.COPY_RIGHT: (Function.COPY,),
    Kind.COPY_LEFT: (Function.COPY,),
    Kind.SET_TO: (Function.SET,),
}

_TOKEN_RE = re.compile(
    r"^\s*(?:(\+-|x/)([0-9]{1,2})|(swap)|(copy>)|(copy<)|=([0-9]{1,2}))\s*$", re.I
)
#: The numbers each kind takes (inclusive).
NUMBER_RANGES = {Kind.ADD_SUB: (1, 99), Kind.MUL_DIV: (2, 9), Kind.SET_TO: (0, 99)}
_TOKEN_SPELLINGS = ("+-N", "x/N", "swap", "copy>", "copy<", "=N")


@dataclass(frozen=True, order=True)
class Component:
    """One Engine Component: its kind and its number (None for Swap and Copy).

    >>> Component.parse_token("=42")
    Component.parse_token('=42')
    >>> str(Component(Kind.COPY_RIGHT))
    'copy>'
    """

    kind: Kind
    n: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind):
            raise InvalidOperationError(
                N_("component kind {value!r}: give a Kind, e.g. Kind.ADD_SUB"),
                value=self.kind, reason="bad-kind", expected=tuple(k.name for k in Kind),
            )
        needs_number = self.kind in NUMBER_RANGES
        if needs_number != (self.n is not None):
            raise InvalidOperationError(
                N_("{kind!r} needs a number") if needs_number
                else N_("{kind!r} takes no number"), kind=self.kind.value,
                reason="needs-number" if needs_number else "takes-no-number",
                expected=NUMBER_RANGES.get(self.kind),
            )
        if not needs_number:
            return
        low, high = NUMBER_RANGES[self.kind]
        if isinstance(self.n, bool) or not isinstance(self.n, int):
            raise InvalidOperationError(
                N_("{kind!r} takes a whole number, not {value!r}"), kind=self.kind.value,
                value=self.n, reason="bad-number", expected=(low, high),
            )
        if not low <= self.n <= high:
            text = f"={self.n}" if self.kind is Kind.SET_TO else f"{self.kind.value}{self.n}"
            what = Text({Kind.ADD_SUB: N_("add/sub takes 1 to 99, e.g. +-7"),
                         Kind.MUL_DIV: N_("mul/div takes 2 to 9, e.g. x/3"),
                         Kind.SET_TO: N_("set to takes 00 to 99, e.g. =42")}[self.kind])
            raise InvalidOperationError(Text(N_("{text!r}: {what}"), text=text, what=what),
                                        text=text, reason="out-of-range",
                                        expected=(low, high), detail=what)

    @classmethod
    def parse_token(cls, text: str) -> Component:
        """Read a token as GAME-RECORD.md spells it: ``+-7 x/3 swap copy> copy< =42``."""
        m = _TOKEN_RE.match(text) if isinstance(text, str) else None
        if not m:
            raise InvalidOperationError(
                N_("token {text!r} is not a component; write +-N, x/N, swap, copy>, copy< or "
                   "=N"),
                text=text, reason="bad-token", expected=_TOKEN_SPELLINGS,
            )
        op, num, swap, right, left, set_to = m.groups()
        if len(num or set_to or "") > 3:
            raise InvalidOperationError(
                N_("token {text!r}: {number} is too big for a component; components use "
                   "numbers up to 99"), number=shown(num or set_to, 8, quote=False), text=text,
                reason="bad-token",
                expected=_TOKEN_SPELLINGS)
        if op:
            return cls(Kind.ADD_SUB if op == "+-" else Kind.MUL_DIV, int(num))
        if swap:
            return cls(Kind.SWAP)
        if right:
            return cls(Kind.COPY_RIGHT)
        if left:
            return cls(Kind.COPY_LEFT)
        return cls(Kind.SET_TO, int(set_to))

    def __str__(self) -> str:
        text = self.__dict__.get("_text")  # a frozen value: its token written once
        if text is None:
            if self.kind in (Kind.ADD_SUB, Kind.MUL_DIV):
                text = f"{self.kind.value}{self.n}"
            elif self.kind is Kind.SET_TO:
                text = f"={self.n}"
            else:
                text = self.kind.value
            self.__dict__["_text"] = text
        return text

    def __repr__(self) -> str:
        return f"Component.parse_token({str(self)!r})"

    @cached_property
    def functions(self) -> tuple[Function, ...]:
        """The functions a player may choose on this component (a frozen value's: kept
        once read, then read without a call)."""
        return _FUNCTIONS[self.kind]

    @property
    def label(self) -> str:
        """How the component is printed on the board: ``±5 ×÷2 Swap Copy → Copy ← Set 42``."""
        return {
            Kind.ADD_SUB: f"±{self.n}",
            Kind.MUL_DIV: f"×÷{self.n}",
            Kind.SWAP: _SWAP,
            Kind.COPY_RIGHT: _COPY_RIGHT,
            Kind.COPY_LEFT: _COPY_LEFT,
        }.get(self.kind) or Text(N_("Set {value}"), value=two_digits(self.n or 0))

    def apply(self, function: Function, value: int) -> int:
        """The raw Result of one application (it may leave 00–99; callers check)."""
        n = self.n or 0
        match function:
            case Function.ADD:
                return value + n
            case Function.SUBTRACT:
                return value - n
            case Function.MULTIPLY:
                return value * n
            case Function.DIVIDE:
                return value // n
            case Function.SWAP:
                return swap_digits(value)
            case Function.COPY:
                if self.kind is Kind.COPY_RIGHT:
                    return copy_tens_to_units(value)
                return copy_units_to_tens(value)
            case Function.SET:
                return n
        raise _not_a_function(function)

    def step_text(self, function: Function, before: int, after: int) -> str:
        """One application written as a pupil would: ``55 + 5 = 60``, ``64 ⇄ 46``.

        Values are written with two digits, as on a player's sheet (``10 − 1 = 09``); the
        component's own number is not (``+ 5``).
        """
        n = self.n or 0
        a, b = two_digits(before), two_digits(after)
        match function:
            case Function.ADD:
                return f"{a} + {n} = {b}"
            case Function.SUBTRACT:
                return f"{a} − {n} = {b}"
            case Function.MULTIPLY:
                return f"{a} × {n} = {b}"
            case Function.DIVIDE:
                rest = before % n
                if rest:  # the remainder as the pupils' language writes it
                    return Text(N_("{a} ÷ {n} = {b} r {rest}"), a=a, n=n, b=b, rest=rest)
                return f"{a} ÷ {n} = {b}"
            case Function.SWAP:
                return f"{a} ⇄ {b}"
            case Function.COPY:
                arrow = "→" if self.kind is Kind.COPY_RIGHT else "←"
                return f"{a} {arrow} {b}"
            case Function.SET:
                return f"{a} ↦ {b}"
        raise _not_a_function(function)

    def function_hint(self, space: str) -> str:
        """How to write a row for this component: ``write C2x or C2/``."""
        options = [f"{space}{f.symbol}" for f in self.functions]
        return Text(N_("write {choices}"), choices=Listing(options, "or"))


_SWAP = Text(N_("Swap"))
_COPY_RIGHT = Text(N_("Copy →"))
_COPY_LEFT = Text(N_("Copy ←"))
