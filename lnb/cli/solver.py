"""``lnb solve``, ``lnb puzzle new|daily|show|check|hint`` and ``lnb simulate``.

>>> from lnb.cli import main
>>> main(["solve", "--start", "55", "--target", "73", "--json"])
{"start": 55, "target": 73, "length": 2, "count": 2, "program": "A2- B2+"}
0
>>> main(["solve", "--start", "55", "--target", "73", "--limit", "1"])
No program reaches 73 from 55 within 1 row.
1
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys

from lnb.cli.options import add_board_options, board_from, count_arg, print_json, value_arg
from lnb.core.i18n import _, ngettext


def _spaces_arg(text: str) -> list[str]:
    spaces = [s.strip().upper() for s in text.split(",") if s.strip()]
    for s in spaces:
        if len(s) != 2 or s[0] not in "ABCDE" or s[1] not in "1234":
            raise argparse.ArgumentTypeError(
                _("{text} is not a space; write spaces like A1,B4,C2 (levels A-E, racks 1-4)")
                .format(text=repr(s)))
    return spaces


def _date_arg(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a date like 2025-03-14").format(text=repr(text))) from None


def _difficulty_arg(text: str) -> int:
    if text.strip() not in {"1", "2", "3", "4", "5"}:
        raise argparse.ArgumentTypeError(
            _("{text}: choose a difficulty from 1 to 5").format(text=repr(text)))
    return int(text)


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``solve``, ``puzzle`` and ``simulate``."""
    solve = sub.add_parser(
        "solve", help=_("shortest program from a start to a target (or to every target)"),
        description=_("Exact answers: the shortest program, how many shortest programs there "
                      "are, and one of them. Exit status 1 when no program within the limit "
                      "reaches it."),
    )
    solve.add_argument("--start", type=value_arg, default=55,
                       help=_("start value (default 55)"))
    solve.add_argument(
        "--target", type=value_arg, action="append", default=[],
        help=_("target value; repeat it for several targets hit in order; omit it for all 100"),
    )
    add_board_options(solve)
    solve.add_argument("--limit", type=count_arg, default=None,
                       help=_("Operation limit (default: none)"))
    solve.add_argument("--spaces", type=_spaces_arg, default=None,
                       help=_("use only these spaces, e.g. A1,A4,B4"))
    solve.add_argument("--sigma", action="store_true", help=_("allow one Σ row (SIGMA)"))
    solve.add_argument("--reachable", type=count_arg, metavar="K", default=None,
                       help=_("print the values reachable within K rows instead"))
    solve.add_argument("--json", action="store_true", help=_("print JSON"))
    solve.set_defaults(handler=cmd_solve)

    puzzle = sub.add_parser("puzzle", help=_("puzzles: new, daily, show, check, hint"))
    psub = puzzle.add_subparsers(dest="puzzle_command", metavar="ACTION")
    psub.required = True

    new = psub.add_parser("new", help=_("a new puzzle of a difficulty 1-5"))
    new.add_argument("--difficulty", type=_difficulty_arg, default=3, help=_("1 (easy) to 5"))
    new.add_argument("--seed", default=None, help=_("the same seed gives the same puzzle"))
    new.add_argument("--json", action="store_true", help=_("print JSON"))
    new.set_defaults(handler=cmd_puzzle_new)

    daily = psub.add_parser("daily", help=_("the puzzle of the day"))
    daily.add_argument("--date", type=_date_arg, default=None, help=_("YYYY-MM-DD (default today)"))
    daily.add_argument("--json", action="store_true", help=_("print JSON"))
    daily.set_defaults(handler=cmd_puzzle_daily)

    show = psub.add_parser("show", help=_("rebuild a puzzle from its code"))
    show.add_argument("code", help=_("a puzzle code like P1-0J6Y-91VC-7"))
    show.add_argument("--solution", action="store_true", help=_("also print a shortest program"))
    show.add_argument("--json", action="store_true", help=_("print JSON"))
    show.set_defaults(handler=cmd_puzzle_show)

    check = psub.add_parser("check", help=_("check an answer (exit 0 solved, 1 not)"))
    check.add_argument("code", help=_("a puzzle code like P1-0J6Y-91VC-7"))
    check.add_argument("program", help=_("rows like 'A3+ A4/' (quote it)"))
    check.add_argument("--json", action="store_true", help=_("print JSON"))
    check.set_defaults(handler=cmd_puzzle_check)

    hint = psub.add_parser("hint", help=_("a hint: 1 rows needed, 2 next row, 3 a program"))
    hint.add_argument("code", help=_("a puzzle code like P1-0J6Y-91VC-7"))
    hint.add_argument("program", nargs="?", default="", help=_("the rows written so far"))
    hint.add_argument("--level", type=int, choices=(1, 2, 3), default=1,
                      help=_("how much the hint tells, 1 to 3 (default 1)"))
    hint.add_argument("--json", action="store_true", help=_("print JSON"))
    hint.set_defaults(handler=cmd_puzzle_hint)

    sim = sub.add_parser(
        "simulate", help=_("computer players against each other"),
        description=_("Seeded games between computer players: each one's win rate, mean score "
                      "and its parts. The strengths, weakest first: beginner makes a new "
                      "player's mistakes but still scores (about 20 points in a 3-player "
                      "game); greedy goes for the nearest Patron one row at a time and "
                      "ignores the others' majorities; planner searches whole programs for "
                      "the most points. The table ends with what each strength means."),
    )
    sim.add_argument("--games", type=count_arg, default=100, help=_("how many games (default 100)"))
    sim.add_argument("--players", default="planner,greedy,beginner",
                     help=_("bots by strength, comma-separated (2-4 of {names})").format(
                         names="beginner, greedy, planner"))
    sim.add_argument("--seed", default="0", help=_("seed of the first game"))
    sim.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    sim.add_argument("--quiet", action="store_true",
                     help=_("no progress bar (there is none when stderr is not a terminal)"))
    sim.set_defaults(handler=cmd_simulate)


def cmd_solve(args: argparse.Namespace) -> int:
    from lnb.babbage.solver import Solver

    board = board_from(args.level)
    solver = Solver(board, args.start, spaces=args.spaces, sigma=args.sigma)
    if args.reachable is not None:
        values = sorted(solver.reachable(args.reachable))
        if args.json:
            print_json({"start": args.start, "rows": args.reachable, "values": values})
        else:
            print(ngettext("{count} values within {rows} row of {start:02d}:",
                           "{count} values within {rows} rows of {start:02d}:",
                           args.reachable).format(count=len(values), rows=args.reachable,
                                                  start=args.start))
            print(" ".join(f"{v:02d}" for v in values))
        return 0
    if not args.target:
        answers = solver.solve_all(args.limit)
        if args.json:
            print_json([a.to_dict() for a in answers.values()])
        else:
            for t, a in answers.items():
                # TRANSLATORS: one line of a table; keep the columns as wide as they are.
                shown = _("unreachable") if a.length is None else ngettext(
                    "{rows} row   {count:>5} shortest  {program}",
                    "{rows} rows  {count:>5} shortest  {program}", a.length).format(
                        rows=a.length, count=a.count, program=a.program)
                print(f"{t:02d}  {shown}")
        return 0
    if len(args.target) == 1:
        answer = solver.solve(args.target[0], args.limit)
    else:
        answer = solver.solve_sequence(args.target, args.limit)
    if args.json:
        print_json(answer.to_dict())
    else:
        print(solution_text(answer))
    return 0 if answer.solved else 1


def solution_text(solution) -> str:
    """A solver's answer as one or two sentences in the current language
    (:meth:`lnb.babbage.solver.Solution.text`, the one source of its words).

    >>> from lnb.babbage.board import Board
    >>> from lnb.babbage.solver import Solver
    >>> print(solution_text(Solver(Board.standard(), 55).solve(73)))
    From 55 to 73: 2 rows (2 shortest programs), for example A2- B2+
    """
    return str(solution.text())


def _print_puzzle(puzzle, as_json: bool, solution: bool = False) -> None:
    if as_json:
        data = puzzle.to_dict()
        if solution:
            data["solution"] = puzzle.solution.to_dict()
        print_json(data)
        return
    print(puzzle.text())
    if puzzle.levels:
        print(puzzle.board.text())
    if puzzle.solvable:
        print(_("code {code}  (difficulty {difficulty})").format(code=puzzle.code,
                                                                difficulty=puzzle.difficulty))
    else:
        print(_("code {code}  (not solvable)").format(code=puzzle.code))
    if solution:
        print(solution_text(puzzle.solution))


def cmd_puzzle_new(args: argparse.Namespace) -> int:
    from lnb.babbage.puzzles import generate

    seed = args.seed
    if seed is not None and seed.lstrip("-").isdigit() and len(seed) <= 40:
        seed = int(seed)
    _print_puzzle(generate(args.difficulty, seed), args.json)
    return 0


def cmd_puzzle_daily(args: argparse.Namespace) -> int:
    from lnb.babbage.puzzles import daily

    _print_puzzle(daily(args.date), args.json)
    return 0


def cmd_puzzle_show(args: argparse.Namespace) -> int:
    from lnb.babbage.puzzles import Puzzle

    _print_puzzle(Puzzle.from_code(args.code), args.json, args.solution)
    return 0


def cmd_puzzle_check(args: argparse.Namespace) -> int:
    from lnb.babbage.hints import check_answer
    from lnb.babbage.puzzles import Puzzle

    feedback = check_answer(Puzzle.from_code(args.code), args.program)
    if args.json:
        print_json(feedback.to_dict())
    else:
        print(feedback.message)
    return 0 if feedback.solved else 1


def cmd_puzzle_hint(args: argparse.Namespace) -> int:
    from lnb.babbage.hints import hint
    from lnb.babbage.puzzles import Puzzle

    h = hint(Puzzle.from_code(args.code), args.program, args.level)
    if args.json:
        print_json(h.to_dict())
    else:
        print(h.text)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from lnb.babbage.simulate import run_cli

    return run_cli(args, out=sys.stdout, err=sys.stderr)
