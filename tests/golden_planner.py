"""The planner's golden decisions: every Program-phase decision of 30 seeded games, and the
records of whole games played at the table, made from the code before the third speed-up.

``python -m tests.golden_planner`` rewrites ``tests/golden/planner_decisions.json.gz`` from the
code as it is (done once, before the planner and the game were made quicker for issue 13);
``tests/test_golden_planner.py`` checks that today's code still decides and plays exactly so.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

GOLDEN = Path(__file__).parent / "golden" / "planner_decisions.json.gz"
COUNT = 30
FOUR = [("p1", "Ada Lovelace"), ("p2", "Charles Babbage"), ("p3", "Mary Somerville"),
        ("p4", "Luigi Federico Menabrea")]


def game_of(seed: int) -> Any:
    """The game of ``seed``: four players in half the games, 2 or 3 in the others; the rule
    options vary with the seed."""
    from lnb.babbage.game import Game, GameOptions

    players = FOUR if seed % 2 == 0 else FOUR[: 2 + seed % 4 // 2]
    handicap = {players[1][0]: ["Science"]} if seed % 5 == 3 else {}
    options = GameOptions(
        take_that=seed % 4 != 1,
        mental_arithmetic=seed % 3 == 1,
        handicap=handicap,
        operation_limit=(None, None, 3, 6, 7)[seed % 5],
    )
    return Game(players, options, seed=seed)


def kinds_of(seed: int, seats: int) -> list[str]:
    """The bots of game ``seed``: planners only, except every third game, where a greedy
    player and a beginner sit with them (so the planner meets other positions)."""
    if seed % 3 == 2:
        return ["planner", "greedy", "beginner", "planner"][:seats]
    return ["planner"] * seats


def bots_of(seed: int, game: Any) -> dict[str, Any]:
    from lnb.babbage.bots import make_bot

    names = [p.name for p in game.new_initial_state().players.values()]
    return {n: make_bot(k, seed) for n, k in zip(names, kinds_of(seed, len(names)), strict=True)}


def decisions(seed: int) -> list[list[Any]]:
    """Every Program-phase decision of a planner in game ``seed`` (played action by action,
    the bots in turn): [Round, player, program, estimate] from ``best_program``."""
    from lnb.babbage.bots import Planner
    from lnb.babbage.bots.planner import best_program
    from lnb.babbage.game import WriteProgram

    game = game_of(seed)
    state = game.new_initial_state()
    bots = bots_of(seed, game)
    out: list[list[Any]] = []
    while not state.is_terminal():
        name = state.current_players()[0]
        action = bots[name].choose_action(state, name)
        if isinstance(action, WriteProgram) and isinstance(bots[name], Planner):
            ops, estimate = best_program(state, name)
            out.append([state.round, name, " ".join(map(str, ops)), estimate])
        state.apply_action(action)
    return out


def table_record(seed: int) -> dict[str, Any]:
    """The record of game ``seed`` played at the table (think times, the race) to the end."""
    from lnb.babbage.records import write
    from lnb.babbage.simulate import play_game

    game = game_of(seed)
    return write(play_game(bots_of(seed, game), game))


def played(seed: int) -> dict[str, Any]:
    """What is kept of game ``seed``: its decisions and its record at the table."""
    return {"seed": seed, "decisions": decisions(seed), "record": table_record(seed)}


def load() -> list[dict[str, Any]]:
    """The golden games as saved."""
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return json.load(f)


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    games = [played(seed) for seed in range(COUNT)]
    with gzip.GzipFile(GOLDEN, "wb", mtime=0) as f:
        f.write(json.dumps(games, sort_keys=True).encode("utf-8"))
    count = sum(len(g["decisions"]) for g in games)
    print(f"wrote {GOLDEN} ({GOLDEN.stat().st_size} bytes, {count} decisions)")
