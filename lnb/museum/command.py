"""``lnb museum ...``: Consulting Mathematician's commands, their words in the ``museum``
catalog (``lnb/cli/museum.py`` only hands the parser over).

>>> from lnb.cli import main
>>> main(["museum", "simulate", "--games", "2", "--bot", "greedy", "--quiet"])  # doctest: +ELLIPSIS
2 games, greedy, seeds 1–2
...
0
"""

from __future__ import annotations

import argparse
from typing import Any

from lnb.core.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``simulate``, ``replay``, ``daily`` and ``map``."""
    sim = sub.add_parser("simulate", help=_("many games by a computer player: score "
                                            "distribution and verdict shares"))
    sim.add_argument("--games", type=_positive, default=100, metavar="N",
                     help=_("how many games (default: 100)"))
    sim.add_argument("--bot", default="planner", metavar="NAME",
                     help=_("the computer player: greedy or planner (default: planner)"))
    sim.add_argument("--seed", type=int, default=1, metavar="S",
                     help=_("the first game's seed; the others follow (default: 1)"))
    sim.add_argument("--json", action="store_true", help=_("print the figures as JSON"))
    sim.add_argument("--quiet", action="store_true", help=_("no progress bar"))
    sim.set_defaults(handler=_simulate)

    replay = sub.add_parser("replay", help=_("replay a museum record (lnb-museum/1) and "
                                             "print its map and score"))
    replay.add_argument("file", help=_("the record, a JSON file"))
    replay.add_argument("--json", action="store_true", help=_("print the outcome as JSON"))
    replay.set_defaults(handler=_replay)

    daily = sub.add_parser("daily", help=_("the daily challenge: its seed and par"))
    daily.add_argument("--date", default=None, metavar="YYYY-MM-DD",
                       help=_("the day (default: today)"))
    daily.add_argument("--bound", action="store_true",
                       help=_("also a proven upper bound on any play's score, and its gap "
                              "to par"))
    daily.set_defaults(handler=_daily)

    show = sub.add_parser("map", help=_("the museum's map, rooms and evidence"))
    show.set_defaults(handler=_map)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(_("{text} is not a whole number of games (1 or "
                                           "more)").format(text=repr(text)))
    return int(text)


def _simulate(args: argparse.Namespace) -> int:
    from lnb.museum.bots import REGISTRY
    from lnb.museum.simulate import run_cli

    REGISTRY.kind(args.bot)  # an unknown name: one line naming the players
    return run_cli(args)


def _replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    show_replay(Path(args.file), args.json)
    return 0


def show_replay(source: Any, as_json: bool = False) -> None:
    """The museum's replay (``lnb museum replay``, and ``lnb replay`` of a museum record): the
    map and the score, the verdict once the game is over (``--json``: finished, score,
    verdict band); ``source`` is what :func:`lnb.museum.records.load` reads."""
    import json

    from lnb.museum.records import replay

    state = replay(source).state
    score = state.score()
    if as_json:
        print(json.dumps({"finished": state.is_terminal(), "score": score.as_dict(),
                          "verdict": state.verdict().band}, ensure_ascii=False))
        return
    print(state.text())
    print(_score_line(state))


def _score_line(state) -> str:  # type: ignore[no-untyped-def]
    score = state.score()
    line = _("score {total}: evidence {evidence}, rooms {rooms}, bonuses {bonuses}").format(
        total=score.total, evidence=score.evidence_points, rooms=score.room_points,
        bonuses=score.bonus_points)
    if state.is_terminal():
        line += "\n" + state.verdict().text
    return line


def _daily(args: argparse.Namespace) -> int:
    from lnb.museum.daily import _day, bound, daily_seed, par

    day = _day(args.date)
    print(_("{day}: seed {seed}, par {par}").format(day=day.isoformat(),
                                                    seed=daily_seed(day), par=par(day)))
    if getattr(args, "bound", False):
        print(_("bound {bound} (no play can score more), gap {gap}").format(
            bound=bound(day), gap=bound(day) - par(day)))
    return 0


def _map(args: argparse.Namespace) -> int:
    from lnb.museum.museum import Museum

    m = Museum.standard()
    for room in m.rooms.values():
        print(_("{key} {room}: {points} points, {squares} squares").format(
            key=room.key, room=room.name, points=room.points, squares=len(room.squares)))
    for e in m.evidence:
        print(_("{square} {evidence}: {ability}").format(square=str(e.square),
                                                         evidence=e.name,
                                                         ability=e.ability.describe()))
    return 0
