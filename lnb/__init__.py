"""The rules library of the teaching kit: three games over one shared core.

``lnb.core`` is what every game shares; ``lnb.babbage`` is Lovelace & Babbage (its engine,
game, records, solver, puzzles, hints, algebra and computer players). The names below are
Lovelace & Babbage's engine, kept here for scripts and lessons; they load when first used,
so ``import lnb.core`` loads no game at all.

Pure Python, no UI; ``import lnb`` imports neither sympy nor ipywidgets.

>>> import lnb
>>> lnb.run("A3+ A4/", start=55).result
30
>>> from lnb import Board, Operation, Program
>>> Program.parse("A3+").run(Board.standard()).result
60
"""

from __future__ import annotations

from lnb.core.exports import lazy_exports

TYPE_CHECKING = False  # not typing's: importing typing alone costs ``import lnb`` some 4 ms

__version__ = "0.1.0"

#: Each top-level name and the module that holds it.
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Board", "parse_tokens"), "lnb.babbage.board"),
    **dict.fromkeys(("Component", "Function", "Kind"), "lnb.babbage.components"),
    **dict.fromkeys(("Character", "Edition", "Effect", "Patron", "Subroutine"),
                    "lnb.babbage.edition"),
    **dict.fromkeys(("BadInputError", "EditionError", "GameError", "IllegalOperationError",
                     "InvalidOperationError", "LevelNotRevealedError", "LnbError",
                     "OutOfRangeError", "OverLimitError", "PuzzleCodeError", "RecordError",
                     "WrongFunctionError"), "lnb.babbage.errors"),
    **dict.fromkeys(("Operation", "Step", "legal_operations"), "lnb.babbage.operations"),
    **dict.fromkeys(("DEFAULT_LIMIT", "Program", "ProgramRow", "Trace", "TraceRow"),
                    "lnb.babbage.programs"),
}

if TYPE_CHECKING:
    from typing import Any

    from lnb.babbage.board import Board
    from lnb.babbage.programs import Program, Trace


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)

_DEFAULT_LIMIT: Any = object()


def run(program: str | Program, start: int = 55, board: Board | None = None,
        limit: int | None = _DEFAULT_LIMIT) -> Trace:
    """Parse and run a program on the standard board (a convenience for scripts);
    ``limit`` is the Operation limit (the edition's 5 unless given; None: no limit).

    >>> run("A3+ A4/ B4s").result
    3
    """
    from lnb.babbage.board import Board
    from lnb.babbage.programs import DEFAULT_LIMIT, Program

    if isinstance(program, str):
        program = Program.parse(program)
    return program.run(board or Board.standard(), start=start,
                       limit=DEFAULT_LIMIT if limit is _DEFAULT_LIMIT else limit)


__all__ = [*sorted(_EXPORTS), "run"]
