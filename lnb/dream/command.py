"""The ``lnb dream`` commands: ``simulate`` (bots against bots, win rates by player and seat),
``replay`` (a saved game to its scores) and ``cards`` (the edition's people and places).

>>> from lnb.cli import main
>>> main(["dream", "simulate", "--games", "2", "--players", "random,random:mill", "--json"])
... # doctest: +ELLIPSIS
{"games": 2, "players": ["random", "random:mill"], "by_player": [...], ...}
0
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from lnb.core.i18n import _
from lnb.dream.edition import DEFAULT_EDITION


def _print_json(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``simulate``, ``replay`` and ``cards`` to ``lnb dream``."""
    simulate = sub.add_parser(
        "simulate", help=_("computer players against each other: win rates by player and seat"))
    simulate.add_argument("--games", type=int, default=100, help=_("how many games"))
    simulate.add_argument(
        "--players", default="greedy,planner",
        help=_("2 to 4 computer players, comma-separated: random, greedy or planner, each "
               "maybe with a strategy (balanced, mill, partners, research, engineers), "
               "e.g. greedy:mill,greedy:partners"))
    simulate.add_argument("--seed", type=int, default=0, help=_("the seed of the first game"))
    simulate.add_argument("--pairs", action="store_true",
                          help=_("play every pair of the players head to head instead "
                                 "(two seats, --games games a pair)"))
    simulate.add_argument("--edition", default=DEFAULT_EDITION,
                          help=_("the edition to play (a file of lnb/dream/data)"))
    simulate.add_argument("--json", action="store_true", help=_("print JSON"))
    simulate.set_defaults(handler=cmd_simulate)

    replay = sub.add_parser("replay", help=_("replay a game record (lnb-dream/1) to its scores"))
    replay.add_argument("file", help=_("the record, a JSON file"))
    replay.add_argument("--json", action="store_true", help=_("print the scores as JSON"))
    replay.set_defaults(handler=cmd_replay)

    cards = sub.add_parser("cards", help=_("the edition's Partners, who they were, and its "
                                           "Programs"))
    cards.add_argument("--edition", default=DEFAULT_EDITION,
                       help=_("the edition to play (a file of lnb/dream/data)"))
    cards.add_argument("--json", action="store_true", help=_("print JSON"))
    cards.set_defaults(handler=cmd_cards)


def cmd_simulate(args: argparse.Namespace) -> int:
    from lnb.dream.simulate import round_robin, simulate

    players = [p.strip() for p in args.players.split(",") if p.strip()]
    if args.pairs:
        summary: Any = round_robin(args.games, players, seed=args.seed, edition=args.edition)
    else:
        summary = simulate(args.games, players, seed=args.seed, edition=args.edition)
    if args.json:
        _print_json(summary.to_dict())
    else:
        print(summary.table())
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    show_replay(Path(args.file), args.json)  # a file named on the command line
    return 0


def show_replay(source: Any, as_json: bool = False) -> None:
    """Ada's Dream's replay (``lnb dream replay``, and ``lnb replay`` of a Dream record): the
    score sheet (``--json``: finished, winners, scores); ``source`` is what
    :func:`lnb.dream.records.load` reads."""
    from lnb.dream.records import replay

    state = replay(source).state
    sheet = state.score_sheet()
    if as_json:
        _print_json({"finished": state.is_terminal(), "winners": list(sheet.winners),
                     "scores": [{"player": r.player, "total": r.total, "parts": dict(r.parts)}
                                for r in sheet.rows]})
    else:
        print(sheet.text())


def cmd_cards(args: argparse.Namespace) -> int:
    from lnb.dream.edition import Edition
    from lnb.dream.mill import count_ways, rule_text

    ed = Edition.load(args.edition)
    if args.json:
        _print_json({
            "partners": [{"id": p.id, "name": str(p.name), "who": str(p.who),
                          "science": p.science.value if p.science else None,
                          "prestige": p.prestige} for p in ed.partners],
            "programs": [{"id": c.id, "rule": str(rule_text(c)), "prestige": c.prestige,
                          "ways": count_ways(c)[0], "of": count_ways(c)[1]}
                         for c in ed.programs]})
        return 0
    for p in ed.partners:
        print(f"{p.name}: {p.who}")
    print()
    for c in ed.programs:
        ways, total = count_ways(c)
        print(_("{card} {rule}: {prestige} Prestige, {ways} of {total} rolls").format(
            card=c.id, rule=rule_text(c), prestige=c.prestige, ways=ways, total=total))
    sys.stdout.flush()
    return 0
