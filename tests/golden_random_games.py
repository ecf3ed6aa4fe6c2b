"""The 200 seeded random games of the golden file: 2–4 players, every rule option.

``python -m tests.golden_random_games`` rewrites ``tests/golden/random_games.json.gz`` from the
code as it is (done once, before the random game was made quicker); ``tests/test_golden_games.py``
checks that today's code still plays exactly those games.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden" / "random_games.json.gz"
COUNT = 200
PEOPLE = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
          ("Di", "Luigi Federico Menabrea")]


def game_of(seed: int) -> Any:
    """The game of ``seed``: its players and options vary with the seed."""
    from lnb.babbage.game import Game, GameOptions

    players = PEOPLE[: 2 + seed % 3]
    handicap = {}
    if seed % 5 == 1:
        handicap = {players[1][0]: ["Art"]}
    elif seed % 5 == 3:
        handicap = {players[0][0]: ["Science", "Art"]}
    options = GameOptions(
        take_that=seed % 4 != 2,
        mental_arithmetic=seed % 2 == 1,
        handicap=handicap,
        timer_seconds=(60, 30, 90)[seed % 3],
        operation_limit=(None, None, 3, 6, 0)[seed % 7 % 5],
    )
    return Game(players, options, seed=seed)


def played(seed: int) -> dict[str, Any]:
    """What is kept of game ``seed`` played by the random player: its record, its events
    (as ``lnb replay --json`` lists them) and its returns."""
    from lnb.babbage.game.random_play import play_random_game
    from lnb.babbage.records import write

    state = play_random_game(game_of(seed), seed=seed)
    return {"record": write(state), "events": [e.to_dict() for e in state.events],
            "describe": [e.describe() for e in state.events], "returns": state.returns()}


def records() -> list[dict[str, Any]]:
    """What is kept of the ``COUNT`` golden games (see :func:`played`)."""
    return [played(seed) for seed in range(COUNT)]


def load() -> list[dict[str, Any]]:
    """The golden records as saved."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    with gzip.GzipFile(GOLDEN, "wb", mtime=0) as f:
        f.write(json.dumps(records(), sort_keys=True).encode("utf-8"))
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes)")
