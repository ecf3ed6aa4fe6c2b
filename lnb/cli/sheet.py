"""``lnb puzzle sheet``: a set of puzzle codes and a printable HTML sheet for a class.

Registered after ``lnb.cli.solver`` (which owns ``lnb puzzle``): the ``sheet`` action is
added to the existing ``puzzle`` command; without it, ``lnb sheet`` stands alone.
"""

from __future__ import annotations

import argparse
import sys

from lnb.cli.options import count_arg, print_json
from lnb.core.i18n import _


def _puzzle_actions(sub: argparse._SubParsersAction) -> argparse._SubParsersAction | None:
    """The sub-commands of ``lnb puzzle``, if another module registered it."""
    puzzle = sub.choices.get("puzzle")
    if puzzle is None:
        return None
    return next((a for a in puzzle._actions if isinstance(a, argparse._SubParsersAction)), None)


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``lnb puzzle sheet`` (or ``lnb sheet`` when there is no ``puzzle`` command)."""
    actions = _puzzle_actions(sub)
    helptext = _("a set of puzzle codes and a printable sheet for a class")
    parser = (actions or sub).add_parser("sheet", help=helptext, description=helptext)
    parser.add_argument("--count", type=count_arg, default=10, help=_("how many puzzles (10)"))
    parser.add_argument("--difficulty", type=int, choices=range(1, 6), default=2,
                        metavar="1-5", help=_("1 easy to 5 hard (2)"))
    parser.add_argument("--seed", default=None,
                        help=_("the same seed makes the same set (default: a random one)"))
    parser.add_argument("--title", default=None, help=_("heading of the sheet"))
    parser.add_argument("--link", default=None, metavar="URL",
                        help=_("the puzzle app's address, printed with ?code= on each puzzle, "
                               "e.g. {url}").format(
                            url="http://10.0.0.5:8866/voila/render/puzzles.ipynb"))
    parser.add_argument("--no-answers", action="store_true", help=_("leave out the answer page"))
    parser.add_argument("-o", "--output", default=None, metavar="FILE",
                        help=_("write the HTML sheet here (default: HTML on stdout)"))
    parser.add_argument("--json", action="store_true", help=_("print the codes as JSON"))
    parser.set_defaults(handler=cmd_sheet)


def cmd_sheet(args: argparse.Namespace) -> int:
    """Make the set; write the sheet; list the codes."""
    from lnb.babbage.puzzle_sheet import PuzzleSet

    puzzle_set = PuzzleSet.make(args.count, args.difficulty, args.seed, args.title)
    answers = not args.no_answers
    if args.output is None and not args.json:
        sys.stdout.write(puzzle_set.html(link=args.link, answers=answers))
        return 0
    if args.output is not None:
        puzzle_set.write(args.output, link=args.link, answers=answers)
    if args.json:
        print_json({"difficulty": puzzle_set.difficulty, "seed": puzzle_set.seed,
                    "codes": list(puzzle_set.codes),
                    "short_codes": list(puzzle_set.shown_codes), "output": args.output})
    else:
        print(puzzle_set.text())
        print(_("sheet written to {file} (open it in a browser to print, or save as PDF)").format(
            file=args.output))
    return 0
