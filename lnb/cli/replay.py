"""``lnb replay FILE``, for a record of any registered game: the record's ``format`` names the
game (:attr:`lnb.core.game.GameType.record_format`), and that game replays it.

A game shows its replay in its own way through its ``show_replay(source, as_json)`` hook
(Lovelace & Babbage: every row and the score sheet; the museum: the map and the score; Ada's
Dream: the score sheet). A game without one gets the plain summary of :func:`show_state`: its
final state and each player's return. A record of no registered game's format goes to the
first game, whose loader says which format it reads.

>>> game_of({"format": "lnb-dream/1"}).name, game_of({"format": "chess/1"}).name
('dream', 'babbage')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lnb.core.game import GameType, games
from lnb.core.records import read_source


def game_of(record: Any) -> GameType:
    """The game whose records have ``record``'s format (else the kit's first game)."""
    found = record.get("format") if isinstance(record, dict) else None
    every = games()
    return next((g for g in every if g.record_format and g.record_format == found), every[0])


def replay_file(path: str | Path, as_json: bool = False) -> int:
    """Replay the record in the file ``path`` with its game; print what the game shows."""
    record = read_source(Path(path))
    game = game_of(record)
    if game.has("show_replay"):
        game.hook("show_replay")(record, as_json)
    else:
        show_state(game, record, as_json)
    return 0


def show_state(game: GameType, record: Any, as_json: bool = False) -> None:
    """The plain summary of a replayed record: its final state and each player's return
    (``--json``: ``finished`` and ``returns``)."""
    state = game.records.replay(record).state
    returns = dict(state.returns())
    if as_json:
        print(json.dumps({"finished": bool(state.is_terminal()), "returns": returns},
                         ensure_ascii=False))
        return
    print(state)
    width = max((len(str(name)) for name in returns), default=0)
    for name, points in returns.items():
        print(f"{name:<{width}}  {points}")
