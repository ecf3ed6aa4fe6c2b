"""Solver benchmark: exact answers for all 100 targets against brute-force enumeration.

Prints the time to solve every target (length, count and a program) from 55 on a five-level
board, the time to enumerate every program up to the longest shortest length with
``Operation.apply`` (what a solver without search would do), and their ratio; then puzzle
generation and hint times. Run alone: ``python -m benchmarks.bench_solver``.
"""

from __future__ import annotations

import statistics
import time

FIVE_LEVELS = {"C": "+-7,x/3,swap,=42", "D": "copy>,copy<,+-30,x/7", "E": "=13,+-9,x/5,+-15"}


def _clear_caches() -> None:
    from lnb import solver

    solver._cached_table.cache_clear()
    solver._search.cache_clear()


def solve_all_targets(board, start: int = 55) -> tuple[float, dict]:
    """Seconds to answer all 100 targets from cold caches, and the answers."""
    from lnb.babbage.solver import Solver

    _clear_caches()
    began = time.perf_counter()
    answers = Solver(board, start).solve_all()
    return time.perf_counter() - began, answers


def brute_force(board, start: int, depth: int) -> tuple[float, int, dict[int, tuple[int, int]]]:
    """Seconds to enumerate every program up to ``depth`` rows; programs seen; best per target."""
    from lnb.babbage.errors import OutOfRangeError
    from lnb.babbage.operations import Operation

    ops = [
        Operation(level, rack, function)
        for level, rack, comp in board.spaces()
        for function in comp.functions
    ]
    best: dict[int, tuple[int, int]] = {start: (0, 1)}
    programs = 0

    def walk(value: int, length: int) -> None:
        nonlocal programs
        if length == depth:
            return
        for op in ops:
            try:
                result = op.apply(value, board).result
            except OutOfRangeError:
                continue
            programs += 1
            n = length + 1
            old = best.get(result)
            if old is None or n < old[0]:
                best[result] = (n, 1)
            elif n == old[0]:
                best[result] = (n, old[1] + 1)
            walk(result, n)

    began = time.perf_counter()
    walk(start, 0)
    return time.perf_counter() - began, programs, best


def main() -> None:
    from lnb.babbage.board import Board
    from lnb.babbage.hints import hint
    from lnb.babbage.puzzles import DIFFICULTIES, generate

    board = Board.standard(FIVE_LEVELS)
    times = []
    for _ in range(5):
        seconds, answers = solve_all_targets(board)
        times.append(seconds)
    solve_s = statistics.median(times)
    depth = max(a.length for a in answers.values() if a.length is not None)
    brute_s, programs, best = brute_force(board, 55, depth)
    agree = all(
        (a.length, a.count) == best.get(t, (None, 0)) for t, a in answers.items()
    )
    print(f"five-level board, start 55: every target within {depth} rows")
    print(f"solver, all 100 targets (length, count, program): {solve_s * 1000:8.1f} ms")
    print(f"brute force, {programs:,} programs up to {depth} rows:  {brute_s * 1000:8.1f} ms")
    print(f"ratio brute force / solver: {brute_s / solve_s:.1f}x   (answers agree: {agree})")
    from lnb.babbage.solver import Solver

    began = time.perf_counter()
    for _ in range(20):
        Solver(board, 55).solve_all()
    warm = (time.perf_counter() - began) / 20
    print(f"solver again, board's row table cached: {warm * 1000:8.1f} ms "
          f"(ratio {brute_s / warm:.1f}x)")

    _clear_caches()
    began = time.perf_counter()
    for start in range(100):
        Solver(board, start).distances()
    print(f"fewest rows from every start to every value: "
          f"{(time.perf_counter() - began) * 1000:.1f} ms")

    print("puzzle generation (mean of 10 seeds):")
    for d in DIFFICULTIES:
        began = time.perf_counter()
        made = [generate(d, seed) for seed in range(100, 110)]
        per = (time.perf_counter() - began) / len(made)
        print(f"  difficulty {d}: {per * 1000:7.1f} ms per puzzle")
    p = generate(5, 1)
    began = time.perf_counter()
    for _ in range(100):
        hint(p, "", 3)
    print(f"level-3 hint on a difficulty-5 puzzle: "
          f"{(time.perf_counter() - began) * 10:.2f} ms")


if __name__ == "__main__":
    main()
