"""Bot benchmark: planner decision time and whole games per second between planners.

Run alone: ``python -m benchmarks.bench_bots``.
"""

from __future__ import annotations

import time


def main() -> None:
    from lnb.babbage.bots import Greedy, Planner
    from lnb.babbage.game import Game, Phase
    from lnb.babbage.simulate import play_game, simulate

    players = [("p1", "Ada Lovelace"), ("p2", "Charles Babbage"), ("p3", "Mary Somerville")]
    decisions, seconds = 0, 0.0
    greedy_decisions, greedy_seconds = 0, 0.0
    for seed in range(8):
        state = Game(players, seed=seed).new_initial_state()
        bots = {n: Planner(seed) for n, _ in players}
        while not state.is_terminal():
            name = state.current_players()[0]
            if state.phase is Phase.PROGRAM:
                began = time.perf_counter()
                program = bots[name].write_program(state, name)
                seconds += time.perf_counter() - began
                decisions += 1
                began = time.perf_counter()
                Greedy(seed).write_program(state, name)
                greedy_seconds += time.perf_counter() - began
                greedy_decisions += 1
                bots[name]._programs[(id(state.game), state.round, name)] = program
            state.apply_action(bots[name].choose_action(state, name))
    planner_ms = seconds / decisions * 1000
    greedy_ms = greedy_seconds / greedy_decisions * 1000
    print(f"planner program decision: {planner_ms:7.1f} ms  (mean of {decisions})")
    print(f"greedy program decision:  {greedy_ms:7.1f} ms  (ratio planner/greedy "
          f"{planner_ms / greedy_ms:.1f}x)")
    for kinds in (["planner", "planner"], ["planner", "planner", "planner"]):
        games = 10
        began = time.perf_counter()
        simulate(games, kinds, seed="bench")
        rate = games / (time.perf_counter() - began)
        print(f"{len(kinds)} planners: {rate:6.1f} games per second")
    began = time.perf_counter()
    play_game({n: Planner(0) for n, _ in players}, Game(players, seed=99))
    print(f"one 3-planner game, cold caches for its boards: "
          f"{(time.perf_counter() - began) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
