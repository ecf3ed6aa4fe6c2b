"""``lnb replay``: replay a saved game record and print its events and scores.

>>> import json, tempfile
>>> from lnb.cli import main
>>> from lnb.babbage.game import Game
>>> from lnb.babbage.game.random_play import play_random_game
>>> state = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")], seed=2), 2)
>>> path = tempfile.mktemp(suffix=".json")
>>> _ = open(path, "w").write(json.dumps(state.to_record()))
>>> main(["replay", path, "--json"])  # doctest: +ELLIPSIS
{"players": [{"name": "Ada", ...}], "winners": [...], "events": [...], "finished": true}
0
"""

from __future__ import annotations

import argparse

from lnb.cli.options import print_json
from lnb.core.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``replay``."""
    replay = sub.add_parser(
        "replay", help=_("replay a game record (lnb-game/1) and print its events and scores"))
    replay.add_argument("file", help=_("the record, a JSON file"))
    replay.add_argument("--json", action="store_true",
                        help=_("print players, winners, events and finished as JSON "
                               "(GAME-RECORD.md; an unfinished record: the scores so far)"))
    replay.set_defaults(handler=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    from pathlib import Path

    from lnb.babbage.records import replay

    result = replay(Path(args.file))
    if args.json:
        print_json(result.to_dict())
    else:
        print(result.text())
    return 0
