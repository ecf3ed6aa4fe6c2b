"""Two-digit numbers of the engine: every Result is a whole number from 00 to 99.

>>> two_digits(7)
'07'
>>> swap_digits(64), swap_digits(7), swap_digits(70)
(46, 70, 7)
>>> copy_tens_to_units(64), copy_units_to_tens(64), copy_tens_to_units(7)
(66, 44, 0)
"""

from __future__ import annotations

from lnb.core.i18n import _

LOWEST = 0
HIGHEST = 99


def in_range(value: int) -> bool:
    """True when ``value`` may be a Result (00–99).

    >>> in_range(99), in_range(100), in_range(-1)
    (True, False, False)
    """
    return LOWEST <= value <= HIGHEST


def two_digits(value: int) -> str:
    """The two-digit form a player writes: ``7 -> '07'``; a value below 00 (a Result that
    leaves 00–99) with the minus sign the arithmetic uses, U+2212.

    >>> two_digits(7), two_digits(-27)
    ('07', '−27')
    """
    return f"{value:02d}" if value >= 0 else f"−{-value}"


def ordinal(n: int) -> str:
    """``1st 2nd 3rd 4th``: places in claims and majorities.

    >>> [ordinal(n) for n in (1, 2, 3, 4)]
    ['1st', '2nd', '3rd', '4th']
    """
    # TRANSLATORS: English ordinals by their last word ("1st", "2nd", "3rd", "4th").
    if n == 1:
        return _("{n}st").format(n=n)
    if n == 2:
        return _("{n}nd").format(n=n)
    if n == 3:
        return _("{n}rd").format(n=n)
    return _("{n}th").format(n=n)


def tens(value: int) -> int:
    """Tens digit of the two-digit form."""
    return value // 10


def units(value: int) -> int:
    """Units digit."""
    return value % 10


def swap_digits(value: int) -> int:
    """Swap the tens and units digits of the two-digit form: 64 -> 46, 07 -> 70."""
    return units(value) * 10 + tens(value)


def copy_tens_to_units(value: int) -> int:
    """Copy →: the tens digit replaces the units digit: 64 -> 66, 07 -> 00."""
    return tens(value) * 11


def copy_units_to_tens(value: int) -> int:
    """Copy ←: the units digit replaces the tens digit: 64 -> 44, 07 -> 77."""
    return units(value) * 11
