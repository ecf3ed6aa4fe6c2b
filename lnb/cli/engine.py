"""``lnb board`` and ``lnb run``: the engine on the command line.

>>> from lnb.cli import main
>>> main(["run", "A3+ A4/", "--start", "55"])
start  55
 1. A3+   55 + 5 = 60
 2. A4/   60 ÷ 2 = 30
result 30
0
"""

from __future__ import annotations

import argparse

from lnb.cli.options import add_board_options, board_from, count_arg, print_json, value_arg
from lnb.core.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``board`` and ``run``."""
    board = sub.add_parser("board", help=_("print the board"))
    add_board_options(board)
    board.add_argument("--json", action="store_true", help=_("print the tokens as JSON"))
    board.set_defaults(handler=cmd_board)

    run = sub.add_parser("run", help=_("run a program and print the arithmetic row by row"))
    run.add_argument("program", help=_("rows like 'A3+ A4/ B4s' (quote it)"))
    run.add_argument("--start", type=value_arg, default=55, help=_("start value (default 55)"))
    add_board_options(run)
    run.add_argument("--limit", type=count_arg, default=5, help=_("Operation limit (default 5)"))
    run.add_argument("--json", action="store_true", help=_("print the trace as JSON"))
    run.set_defaults(handler=cmd_run)


def cmd_board(args: argparse.Namespace) -> int:
    board = board_from(args.level)
    if args.json:
        print_json(board.tokens())
    else:
        print(board.text())
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    from lnb.babbage.programs import Program

    board = board_from(args.level)
    program = Program.parse(args.program)
    program.check_sigma()
    trace = program.run(board, start=args.start, limit=args.limit)
    if args.json:
        print_json(trace.to_dict())
    else:
        print(trace.text())
        print(_("result {value:02d}").format(value=trace.result))
    return 0
