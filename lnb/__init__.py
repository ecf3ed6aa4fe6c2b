"""Lovelace & Babbage: the rules library of the teaching kit.

Pure Python, no UI; ``import lnb`` imports neither sympy nor ipywidgets.

>>> import lnb
>>> lnb.run("A3+ A4/", start=55).result
30
"""

from __future__ import annotations

from lnb.board import Board, parse_tokens
from lnb.components import Component, Function, Kind
from lnb.edition import Character, Edition, Effect, Patron, Subroutine
from lnb.errors import (
    EditionError,
    GameError,
    IllegalOperationError,
    InvalidOperationError,
    LevelNotRevealedError,
    LnbError,
    OutOfRangeError,
    OverLimitError,
    PuzzleCodeError,
    RecordError,
    WrongFunctionError,
)
from lnb.operations import Operation, Step, legal_operations
from lnb.programs import DEFAULT_LIMIT, Program, ProgramRow, Trace, TraceRow

__version__ = "0.1.0"


def run(program: str | Program, start: int = 55, board: Board | None = None,
        limit: int | None = DEFAULT_LIMIT) -> Trace:
    """Parse and run a program on the standard board (a convenience for scripts)."""
    if isinstance(program, str):
        program = Program.parse(program)
    return program.run(board or Board.standard(), start=start, limit=limit)


__all__ = [
    "DEFAULT_LIMIT", "Board", "Character", "Component", "Edition", "EditionError", "Effect",
    "Function", "GameError", "IllegalOperationError", "InvalidOperationError", "Kind",
    "LevelNotRevealedError", "LnbError", "Operation", "OutOfRangeError", "OverLimitError",
    "Patron", "Program", "ProgramRow", "PuzzleCodeError", "RecordError", "Step", "Subroutine",
    "Trace", "TraceRow", "WrongFunctionError", "legal_operations", "parse_tokens", "run",
]
