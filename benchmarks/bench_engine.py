"""Engine benchmark: the cost of ``import lnb`` and the speed of applying rows.

Prints ``import lnb`` as a ratio to a bare interpreter start, and the time to run 100,000 random
legal rows on a five-level board. Run alone: ``python -m benchmarks.bench_engine``.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time


def _start_time(code: str, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        began = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def import_cost(repeat: int = 9) -> tuple[float, float]:
    """Median seconds of a bare interpreter start and of one that imports lnb (taken in
    turn, so a busy machine slows both alike)."""
    bare, with_lnb = [], []
    for _ in range(repeat):
        bare.append(_start_time("pass", 1))
        with_lnb.append(_start_time("import lnb", 1))
    return statistics.median(bare), statistics.median(with_lnb)


def random_rows(count: int = 100_000, seed: int = 1) -> float:
    """Seconds to choose and apply ``count`` random legal rows (lnb's own API, no shortcuts)."""
    from lnb import Board, legal_operations

    board = Board.standard(
        {"C": "+-7,x/3,swap,=42", "D": "copy>,copy<,+-30,x/7", "E": "=13,+-9,x/5,+-15"}
    )
    rng = random.Random(seed)
    value = 55
    began = time.perf_counter()
    for _ in range(count):
        op = rng.choice(legal_operations(value, board))
        value = op.apply(value, board).result
    return time.perf_counter() - began


def main() -> None:
    from benchmarks.goals import report

    bare, with_lnb = import_cost()
    print(f"interpreter start        {bare * 1000:8.1f} ms")
    print(f"start + import lnb       {with_lnb * 1000:8.1f} ms   ratio {with_lnb / bare:.2f}x")
    report("python -c 'import lnb' / python -c pass", with_lnb / bare, 1.5)
    seconds = random_rows()
    print(f"100,000 random legal rows {seconds:7.2f} s    ({100_000 / seconds:,.0f} rows/s)")


if __name__ == "__main__":
    main()
