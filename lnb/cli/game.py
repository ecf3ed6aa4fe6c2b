"""``lnb replay``: replay a saved game record and print its events and scores (a record of
another game of the kit is replayed by that game: :mod:`lnb.cli.replay`).

>>> import json, tempfile
>>> from lnb.cli import main
>>> from lnb.babbage.game import Game
>>> from lnb.babbage.game.random_play import play_random_game
>>> from lnb.babbage.records import record_of
>>> state = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")], seed=2), 2)
>>> path = tempfile.mktemp(suffix=".json")
>>> _ = open(path, "w").write(json.dumps(record_of(state)))
>>> main(["replay", path, "--json"])  # doctest: +ELLIPSIS
{"players": [{"name": "Ada", ...}], "winners": [...], "events": [...], "finished": true}
0
"""

from __future__ import annotations

import argparse
from typing import Any

from lnb.cli.options import print_json
from lnb.cli.record_command import add_record_command
from lnb.core.i18n import _


def register(sub: argparse._SubParsersAction) -> None:
    """Add ``replay``."""
    add_record_command(
        sub, "replay",
        _("replay a game record (lnb-game/1 or another game's) and print its events and "
          "scores"),
        _("print players, winners, events and finished as JSON (GAME-RECORD.md; an "
          "unfinished record: the scores so far)"), cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    """``lnb replay FILE``: the record's game replays it (:mod:`lnb.cli.replay`)."""
    from lnb.cli.replay import replay_file

    return replay_file(args.file, args.json)


def show_replay(record: Any, as_json: bool = False) -> None:
    """Lovelace & Babbage's replay: every resolved row and the score sheet (``--json``:
    players, winners, events and finished); the game's ``show_replay`` hook."""
    from lnb.babbage.records import replay

    result = replay(record)
    if as_json:
        print_json(result.to_dict())
    else:
        print(result.text())
