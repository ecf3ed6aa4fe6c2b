"""The solver keeps a bounded number of move tables, however many boards a kernel sees.

Issue 26 item 10 (safety-and-load D9): a kernel grew 1.35 MB a game without a plateau. The
searches were cached by ``lru_cache`` (1,024 searches, 4,096 forward trees, 64 all-pairs),
each holding its board's ``MoveTable``, so ``TABLES_KEPT`` did not bound the tables. The
searches now live in their table's own cache and go with it.
"""

from __future__ import annotations

import gc

from lnb.babbage import solver
from lnb.babbage.board import Board
from lnb.babbage.solver import TABLES_KEPT, MoveTable, Solver, all_pairs, search


def live_tables() -> int:
    """How many MoveTables are still alive (after a collection)."""
    gc.collect()
    return sum(isinstance(o, MoveTable) for o in gc.get_objects())


def board(n: int) -> Board:
    return Board.standard({"C": [f"+-{n}", "x/3", "swap", f"={n}"]})


def test_many_boards_keep_at_most_tables_kept_tables_alive() -> None:
    held = live_tables()  # tables other tests of this process still hold (their puzzles)
    for n in range(1, 3 * TABLES_KEPT):
        b = board(n)
        search(b, [42, 17])
        search(b, [n % 100], spaces={"A1", "C1"})
        Solver(b, start=55).solve(42)
        Solver(b, start=n % 100, sigma=True).solve_sequence([17, 42])
        if n % 20 == 0:
            all_pairs(b).lengths(55)
    assert live_tables() <= TABLES_KEPT + held
    assert len(solver._TABLES) <= TABLES_KEPT


def test_a_search_asked_again_is_the_same_while_its_table_is_kept() -> None:
    b = board(7)
    first = search(b, [42, 17])
    assert search(b, [42, 17]) is first
    assert all_pairs(b) is all_pairs(b)
    assert Solver(b, start=55).solve(42) == Solver(b, start=55).solve(42)
