"""Lovelace & Babbage: the engine, the whole game, records, solver, puzzles, hints, bots.

The engine (:mod:`~lnb.babbage.components`, :mod:`~lnb.babbage.board`,
:mod:`~lnb.babbage.operations`, :mod:`~lnb.babbage.programs`) is what a pupil's program runs
on; :mod:`lnb.babbage.game` is the whole game as a ``State`` driven by actions.

>>> from lnb.babbage import Board, Program
>>> Program.parse("A3+ A4/").run(Board.standard(), start=55).result
30
"""

from __future__ import annotations

from lnb.babbage.board import Board, parse_tokens
from lnb.babbage.components import Component, Function, Kind
from lnb.babbage.edition import Character, Edition, Effect, Patron, Subroutine
from lnb.babbage.operations import Operation, Step, legal_operations
from lnb.babbage.programs import DEFAULT_LIMIT, Program, ProgramRow, Trace, TraceRow

__all__ = [
    "DEFAULT_LIMIT", "Board", "Character", "Component", "Edition", "Effect", "Function",
    "Kind", "Operation", "Patron", "Program", "ProgramRow", "Step", "Subroutine", "Trace",
    "TraceRow", "legal_operations", "parse_tokens",
]
