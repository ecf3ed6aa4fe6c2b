"""Game benchmark: full 4-player games between random legal players, per second.

Prints games per second for plain and mental-arithmetic play (``play_random_game``: a phase at
a time), other games action by action through ``apply_action``, and the cost of replaying a
saved record as a ratio to playing the game. Every figure is of games not played before in the
process. Run alone: ``python -m benchmarks.bench_game``.
"""

from __future__ import annotations

import time

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
           ("Di", "Luigi Federico Menabrea")]


def games_per_second(count: int = 200, mental: bool = False, first: int = 0
                     ) -> tuple[float, list[dict]]:
    """Play ``count`` seeded 4-player random games (seeds from ``first``); return games/s and
    their records."""
    from lnb.babbage.game import Game, GameOptions
    from lnb.babbage.game.random_play import play_random_game

    options = GameOptions(mental_arithmetic=mental)
    records = []
    began = time.perf_counter()
    for seed in range(first, first + count):
        state = play_random_game(Game(PLAYERS, options, seed=seed), seed=seed)
        records.append(state.to_record())
    return count / (time.perf_counter() - began), records


def checked_games_per_second(count: int = 200, first: int = 0) -> float:
    """Random games (seeds from ``first``) action by action through the public API
    (``legal_actions``, then ``apply_action`` with all its checks and the phase table settled
    after each), as the property tests play them (``play_random_game`` with ``check``; here a
    check that does nothing): games/s."""
    from lnb.babbage.game import Game
    from lnb.babbage.game.random_play import play_random_game

    began = time.perf_counter()
    for seed in range(first, first + count):
        play_random_game(Game(PLAYERS, seed=seed), seed=seed, check=lambda state: None)
    return count / (time.perf_counter() - began)


def replays_per_second(records: list[dict]) -> float:
    """Replay saved records (all-or-nothing, checked) and return records/s."""
    from lnb.babbage.records import replay

    began = time.perf_counter()
    for record in records:
        replay(record)
    return len(records) / (time.perf_counter() - began)


#: This many runs of 200 random games, each of games not played before in the process (the
#: same seeds again would find every board's rows already made), and the fastest run kept
#: (the first run of a process also does one-time work: each component's rows for all 100
#: values, which later games share).
REPEAT = 3
#: Games a run.
GAMES = 200


def main() -> None:
    from benchmarks.goals import report

    cold, records = games_per_second(GAMES)
    plain = max([cold] + [games_per_second(GAMES, first=GAMES * run)[0]
                          for run in range(1, REPEAT)])
    print(f"4-player random games          {plain:8.1f} games/s   (the fastest of {REPEAT} "
          f"runs of {GAMES} new games; the first, cold: {cold:.1f})")
    report("4-player random games per second", plain, 1000.0, "/s", at_least=True)
    checked = max(checked_games_per_second(GAMES, first=GAMES * run)
                  for run in (REPEAT, REPEAT + 1))
    print(f"others, action by action       {checked:8.1f} games/s   ratio {checked / plain:.2f}x"
          "   (apply_action's checks and a settle after each action: what the property "
          "tests play; the figure above plays a phase at a time, play_random_game without "
          "check)")
    mental, _ = games_per_second(GAMES, mental=True, first=GAMES * (REPEAT + 2))
    print(f"4-player mental-arithmetic     {mental:8.1f} games/s   ratio {mental / plain:.2f}x")
    replays = replays_per_second(records)
    print(f"replay of saved 4-player games {replays:8.1f} games/s   ratio {replays / plain:.2f}x")


if __name__ == "__main__":
    main()
