"""Game benchmark: full 4-player games between random legal players, per second.

Prints games per second for plain play (``play_random_game``: a phase at a time), in turn with
the old engine issue 13 measured (``benchmarks/old_engine.py``: the same games, whose records
must agree) as a ratio, which is the goal; then mental-arithmetic play, other games action by
action through ``apply_action``, and the cost of replaying a saved record as ratios to playing
the game. Every figure is of games not played before in the process. Run alone: ``python -m
benchmarks.bench_game``.
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
    from lnb.babbage.records import write

    options = GameOptions(mental_arithmetic=mental)
    records = []
    began = time.perf_counter()
    for seed in range(first, first + count):
        state = play_random_game(Game(PLAYERS, options, seed=seed), seed=seed)
        records.append(write(state))
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
#: values, which later games share). Each run is played by the old engine too, in turn.
REPEAT = 3
#: Games a run.
GAMES = 200


def against_old_engine() -> tuple[float, float | None, bool, list[dict]]:
    """Random games a second, the library's and the old engine's (``old_engine``; None when
    it cannot be had here, and why is printed), each the fastest of ``REPEAT`` runs of the
    same new games played in turn; whether both played the same games (their records); and
    the library's records of its first run (for the replay figure)."""
    from benchmarks.old_engine import BASE, OldEngine, Unavailable, as_json

    rates: list[float] = []
    old_rates: list[float] = []
    first: list[dict] = []
    same = True

    def new_run(run: int) -> list[dict]:
        rate, records = games_per_second(GAMES, first=GAMES * run)
        rates.append(rate)
        if not first:
            first.extend(records)
        return records

    try:
        with OldEngine(PLAYERS) as old:
            for run in range(REPEAT):
                records = new_run(run)
                old_rate, old_records = old.games_per_second(GAMES * run, GAMES)
                old_rates.append(old_rate)
                same &= as_json(records) == old_records
    except Unavailable as why:
        print(f"the old engine cannot be played here: {why.reason}")
        old_rates = []
        for run in range(len(rates), REPEAT):
            new_run(run)
    print(f"4-player random games          {max(rates):8.1f} games/s   (the fastest of {REPEAT} "
          f"runs of {GAMES} new games: {', '.join(f'{r:.0f}' for r in rates)})")
    if not old_rates:
        return max(rates), None, False, first
    print(f"  the old engine (commit {BASE}) {max(old_rates):8.1f} games/s   (the same "
          f"games, in turn: {', '.join(f'{r:.0f}' for r in old_rates)}; the same records: "
          f"{same})")
    return max(rates), max(old_rates), same, first


def main() -> None:
    from benchmarks.goals import note, report
    from benchmarks.old_engine import ISSUE_GOAL, ISSUE_PER_SECOND

    plain, old, same, records = against_old_engine()
    if old is None:
        report("random games: new / old engine (goal 270 -> 1,000 games/s)", 0.0,
               ISSUE_GOAL / ISSUE_PER_SECOND, "x", at_least=True)
    else:
        report("random games the same as the old engine's (1 = yes)", float(same), 1.0, "",
               at_least=True)
        report("random games: new / old engine (goal 270 -> 1,000 games/s)",
               plain / old, ISSUE_GOAL / ISSUE_PER_SECOND, "x", at_least=True)
        note(f"the old engine played {old:.0f} random games a second here, the issue measured "
             f"{ISSUE_PER_SECOND:.0f}-300 there: this machine ran {ISSUE_PER_SECOND / old:.1f}x "
             f"slower; at the issue's speed this run's {plain:.0f} would be "
             f"{plain * ISSUE_PER_SECOND / old:.0f} games a second")
    report("4-player random games per second here", plain, ISSUE_GOAL, "/s", at_least=True,
           absolute=True)
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
