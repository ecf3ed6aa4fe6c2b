"""Solver benchmark: the library's exact answers against a plain BFS written here.

Issue 13's three solver figures, each as a ratio to its reference in the same run:

- shortest programs from 55 to all 100 targets on a five-level board never seen before, against
  a plain adjacency-list BFS that builds its own table from the tokens (and, for scale, a
  depth-3 brute-force enumeration with ``Operation.apply``);
- the same on an equal board already seen (a new ``Board`` object), against the plain BFS on
  its ready table;
- all 10,000 start/target pairs with counts and the first program of each.

Then puzzle generation and hint times. Run alone: ``python -m benchmarks.bench_solver``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from benchmarks.goals import report

FIVE_LEVELS = {"C": "+-7,x/3,swap,=42", "D": "copy>,copy<,+-30,x/7", "E": "=13,+-9,x/5,+-15"}
GOAL = 1.5

# -- the references: a plain BFS over a table built from the tokens -------------------------

PlainTable = list[list[tuple[int, str]]]


def plain_table(tokens: dict[str, list[str]]) -> PlainTable:
    """For each value 00–99, ``(Result, row)`` of every legal row in board order, straight
    from the tokens (levels A–E, racks 1–4; ``+-N x/N swap copy> copy< =N``)."""
    spaces: list[tuple[str, list[tuple[str, Callable[[int], int]]]]] = []
    for level in sorted(tokens):
        for rack, token in enumerate(tokens[level], start=1):
            t = token.strip().lower()
            n = int(t[2:]) if t[:2] in ("+-", "x/") else int(t[1:]) if t[0] == "=" else 0
            if t.startswith("+-"):
                fns = [("+", lambda v, n=n: v + n), ("-", lambda v, n=n: v - n)]
            elif t.startswith("x/"):
                fns = [("x", lambda v, n=n: v * n), ("/", lambda v, n=n: v // n)]
            elif t == "swap":
                fns = [("s", lambda v: v % 10 * 10 + v // 10)]
            elif t == "copy>":
                fns = [("c", lambda v: v // 10 * 11)]
            elif t == "copy<":
                fns = [("c", lambda v: v % 10 * 11)]
            else:
                fns = [("=", lambda v, n=n: n)]
            spaces.append((f"{level}{rack}", fns))
    table: PlainTable = []
    for value in range(100):
        row = []
        for space, fns in spaces:
            for symbol, fn in fns:
                result = fn(value)
                if 0 <= result <= 99:
                    row.append((result, space + symbol))
        table.append(row)
    return table


Plain = tuple[list[int], list[int], list[tuple[str, ...]]]


def plain_bfs(table: PlainTable, start: int) -> Plain:
    """Fewest rows, number of shortest programs and the first of them (in board order: a FIFO
    queue and rows in board order find it first) for every target."""
    dist = [-1] * 100
    ways = [0] * 100
    first: list[tuple[str, ...]] = [()] * 100
    dist[start], ways[start] = 0, 1
    layer = [start]
    d = 0
    while layer:
        d += 1
        nxt = []
        for here in layer:
            w, prog = ways[here], first[here]
            for there, row in table[here]:
                if dist[there] < 0:
                    dist[there], ways[there], first[there] = d, w, (*prog, row)
                    nxt.append(there)
                elif dist[there] == d:
                    ways[there] += w
        layer = nxt
    return dist, ways, first


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


# -- the library -----------------------------------------------------------------------------

def clear_caches() -> None:
    """Forget every board the library has seen (its tables, searches and rows per space)."""
    from lnb.babbage import operations, solver

    for cached in (operations.space_results, operations._level_moves):
        cached.cache_clear()
    solver._TABLES.clear()  # each table's searches, forward trees and all-pairs go with it
    solver._LEVEL_ROWS.clear()
    operations._BY_TOKENS.clear()


def timed(fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None
          ) -> tuple[float, object]:
    """Median seconds of ``fn()`` over ``repeat`` runs (``before()`` untimed), and its answer."""
    times = []
    answer = None
    for _ in range(repeat):
        if before is not None:
            before()
        began = time.perf_counter()
        answer = fn()
        times.append(time.perf_counter() - began)
    return statistics.median(times), answer


def interleaved(fns: dict[str, Callable[[], object]], rounds: int,
                before: Callable[[], None] | None = None) -> dict[str, float]:
    """Median seconds of each function, run in turn ``rounds`` times (so a busy machine
    slows them alike)."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            if before is not None:
                before()
            began = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - began)
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    from lnb.babbage.board import Board
    from lnb.babbage.hints import hint
    from lnb.babbage.puzzles import DIFFICULTIES, generate
    from lnb.babbage.solver import Solver, all_pairs

    board = Board.standard(FIVE_LEVELS)
    tokens = board.tokens()
    start = 55

    # Answers first: the library and the plain BFS must agree on every target and pair.
    ready = plain_table(tokens)
    lib = Solver(board, start).solve_all()
    dist, ways, first = plain_bfs(ready, start)
    agree = all((lib[t].length, lib[t].count) == (None if dist[t] < 0 else dist[t], ways[t])
                and (lib[t].program is None or str(lib[t].program) == " ".join(first[t]))
                for t in range(100))
    pairs = all_pairs(board)
    agree_pairs = True
    for s in range(100):
        d, w, f = plain_bfs(ready, s)
        lengths, counts, firsts = pairs.lengths(s), pairs.counts(s), pairs.firsts(s)
        agree_pairs &= all(
            lengths[t] == (None if d[t] < 0 else d[t]) and counts[t] == w[t]
            and tuple(map(str, firsts[t])) == f[t] for t in range(100))
    print(f"answers agree with the plain BFS: one start {agree}, all pairs {agree_pairs}")

    # The library is given a Board (made untimed), the plain BFS the tokens.
    unseen = [board]

    def new_board() -> None:
        clear_caches()
        unseen[0] = Board.standard(FIVE_LEVELS)

    def library_cold() -> object:
        return Solver(unseen[0], start).solve_all()

    def plain_cold() -> object:
        return plain_bfs(plain_table(tokens), start)

    t = interleaved({"library": library_cold, "plain": plain_cold}, 41, before=new_board)
    print(f"all 100 targets from 55, board never seen: library {t['library'] * 1000:.2f} ms, "
          f"plain BFS with its table {t['plain'] * 1000:.2f} ms")
    report("100 targets, unseen board: library / plain BFS", t["library"] / t["plain"], GOAL)
    depth = max(a.length for a in lib.values() if a.length is not None)
    brute_s, programs, best = brute_force(board, start, depth)
    print(f"  brute force, {programs:,} programs up to {depth} rows: {brute_s * 1000:.1f} ms "
          f"({brute_s / t['library']:.0f}x the library; answers agree: "
          f"{all((a.length, a.count) == best.get(x, (None, 0)) for x, a in lib.items())})")

    library_cold()

    def library_seen() -> object:
        return Solver(Board.of(tokens), start).solve_all()

    def plain_ready() -> object:
        return plain_bfs(ready, start)

    t = interleaved({"library": library_seen, "plain": plain_ready}, 201)
    print(f"all 100 targets, equal board seen before: library {t['library'] * 1000:.3f} ms, "
          f"plain BFS on its ready table {t['plain'] * 1000:.3f} ms")
    report("100 targets, equal board seen: library / plain BFS", t["library"] / t["plain"],
           GOAL)

    def library_pairs(fresh: bool) -> Callable[[], object]:
        def run() -> object:
            p = all_pairs(Board.standard(FIVE_LEVELS) if fresh else board)
            return [(p.lengths(s), p.counts(s), p.firsts(s)) for s in range(100)]
        return run

    def plain_pairs() -> object:
        table = plain_table(tokens)
        return [plain_bfs(table, s) for s in range(100)]

    t = interleaved({"cold": library_pairs(True), "plain": plain_pairs}, 15, before=clear_caches)
    library_pairs(False)()
    t["warm"] = interleaved({"warm": library_pairs(False)}, 15)["warm"]
    print(f"all 10,000 pairs with counts and first programs: library {t['cold'] * 1000:.1f} ms "
          f"cold, {t['warm'] * 1000:.2f} ms warm; plain BFS {t['plain'] * 1000:.1f} ms")
    report("10,000 pairs, cold: library / plain BFS", t["cold"] / t["plain"], GOAL)

    print("puzzle generation (mean of 10 seeds):")
    for diff in DIFFICULTIES:
        began = time.perf_counter()
        made = [generate(diff, seed) for seed in range(100, 110)]
        per = (time.perf_counter() - began) / len(made)
        print(f"  difficulty {diff}: {per * 1000:7.1f} ms per puzzle")
    p = generate(5, 1)
    began = time.perf_counter()
    for _ in range(100):
        hint(p, "", 3)
    print(f"level-3 hint on a difficulty-5 puzzle: "
          f"{(time.perf_counter() - began) * 10:.2f} ms")


if __name__ == "__main__":
    main()
