"""Bot benchmark: the planner's program decision and whole games between planners.

Issue 13's bot figures: the planner's ``write_program`` over the Program phases of seeded
4-player games (median and max, and the same decisions timed with the old planner kept in
``tests/reference_solver.py``, which must agree on every one), then whole 4-planner games per
second. Run alone: ``python -m benchmarks.bench_bots``.
"""

from __future__ import annotations

import statistics
import time

from benchmarks.goals import report

FOUR = [("p1", "Ada Lovelace"), ("p2", "Charles Babbage"), ("p3", "Mary Somerville"),
        ("p4", "Luigi Federico Menabrea")]


def decisions(seeds: range) -> tuple[list[float], list[float], bool]:
    """Seconds of each planner decision (new, old) over seeded 4-player games, and whether
    the old and new planners chose the same program with the same estimate every time."""
    from lnb.babbage.bots import Planner
    from lnb.babbage.game import Game, WriteProgram
    from tests.reference_solver import reference_best_program

    new, old, same = [], [], True
    for seed in seeds:
        state = Game(FOUR, seed=seed).new_initial_state()
        bots = {n: Planner(seed) for n, _ in FOUR}
        while not state.is_terminal():
            name = state.current_players()[0]
            action = bots[name].choose_action(state, name)
            if isinstance(action, WriteProgram):  # this Round's decision: time it again
                began = time.perf_counter()
                program, _ = bots[name].write_program(state, name)
                new.append(time.perf_counter() - began)
                began = time.perf_counter()
                ops, _ = reference_best_program(state, name)
                old.append(time.perf_counter() - began)
                same &= program.operations == ops
            state.apply_action(action)
    return new, old, same


def main() -> None:
    from lnb.babbage.simulate import simulate

    new, old, same = decisions(range(6))
    print(f"planner decisions over {len(new)} Program phases of 6 four-player games "
          f"(same programs as the old planner: {same})")
    print(f"  new: median {statistics.median(new) * 1000:.2f} ms, mean "
          f"{statistics.mean(new) * 1000:.2f} ms, max {max(new) * 1000:.1f} ms")
    print(f"  old: median {statistics.median(old) * 1000:.2f} ms, mean "
          f"{statistics.mean(old) * 1000:.2f} ms, max {max(old) * 1000:.1f} ms "
          f"(old / new: median {statistics.median(old) / statistics.median(new):.1f}x, "
          f"max {max(old) / max(new):.1f}x)")
    report("planner write_program, median (ms)", statistics.median(new) * 1000, 2.0, " ms")
    report("planner write_program, max (ms)", max(new) * 1000, 30.0, " ms")
    report("planner decisions the same as the old planner's (1 = yes)", float(same), 1.0, "",
           at_least=True)
    games = 20
    began = time.perf_counter()
    simulate(games, ["planner"] * 4, seed="bench")
    rate = games / (time.perf_counter() - began)
    print(f"4 planners, {games} whole games: {rate:.1f} games per second")
    report("4 planners, whole games per second", rate, 20.0, "/s", at_least=True)


if __name__ == "__main__":
    main()
