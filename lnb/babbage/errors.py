"""One family of errors, all ``ValueError``: every message names what was wrong and the fix.

>>> from lnb import Operation
>>> Operation.parse("A9+")
Traceback (most recent call last):
...
lnb.babbage.errors.InvalidOperationError: 'A9+': rack 9 does not exist; racks are numbered 1 to 4, e.g. A3+
"""  # noqa: E501

from __future__ import annotations

from lnb.core.errors import (
    BadInputError,
    EditionError,
    GameError,
    LnbError,
    RecordError,
)
from lnb.core.i18n import N_
from lnb.core.messages import (
    Text,
    shown,  # noqa: F401  (the engine's modules quote input with it)
)

__all__ = [
    "BadInputError", "EditionError", "GameError", "IllegalOperationError", "InvalidOperationError",
    "LevelNotRevealedError", "LnbError", "OutOfRangeError", "OverLimitError", "PuzzleCodeError",
    "RecordError", "WrongFunctionError", "row_prefix",
]


class InvalidOperationError(LnbError):
    """Badly written: the text is not an Operation, a program row or a token."""


class IllegalOperationError(LnbError):
    """Well written but not allowed now (board, value, limit)."""


class LevelNotRevealedError(IllegalOperationError):
    """The row uses a level of the board that is not revealed yet."""


class WrongFunctionError(IllegalOperationError):
    """The component has no such function (``C2+`` on a ×÷ component)."""


class OutOfRangeError(IllegalOperationError):
    """The Result would leave 00–99."""


class OverLimitError(IllegalOperationError):
    """The program has more rows than the player's Operation limit."""


class PuzzleCodeError(LnbError):
    """A puzzle code is mistyped, corrupted or of an unknown version."""


def row_prefix(row: int | None, text: str) -> str:
    """Start of a message: ``row 3 'C2+': `` or ``'C2+': `` when no row is known.

    >>> row_prefix(3, "C2+")
    "row 3 'C2+': "
    """
    if row is None:
        return Text(N_("{text!r}: "), text=text)
    return Text(N_("row {row} {text!r}: "), row=row, text=text)
