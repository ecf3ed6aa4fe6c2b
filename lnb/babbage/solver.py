"""An exact solver for the engine: shortest programs, how many there are, what is reachable.

The engine has only 100 values, so every answer is exact: a breadth-first search over the
values (and, for several targets in order, over how many targets are already hit).

>>> from lnb.babbage.board import Board
>>> solver = Solver(Board.standard(), start=55)
>>> sol = solver.solve(73)
>>> sol.length, sol.count, str(sol.program)
(2, 2, 'A2- B2+')
>>> solver.solve(73, limit=1).length is None
True
>>> sorted(solver.reachable(1))[:6]
[5, 27, 35, 45, 50, 53]
>>> solver.solve(55).length  # the start itself: the empty program
0

Conventions:

- ``solve(target)`` counts the start itself: from 55 the target 55 needs the empty program
  (length 0, one program). A *puzzle* asks for Results of rows instead, so a puzzle's first
  target equal to its start needs at least one row (``Search(..., start_counts=False)``).
- Programs are *distinct Operation sequences*: ``A1+ A1+`` and ``A2+`` are different programs
  (of different lengths); ``A3+ A3-`` and ``A3- A3+`` are two programs.
- With ``sigma=True`` one row of the program may carry the SIGMA mark (its Operation applied
  twice, RULES.md §3); a Σ row is a different Operation from the unmarked one.
- Among several shortest programs the one shown is the first in board order, row by row.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.numbers import HIGHEST, LOWEST
from lnb.babbage.operations import Operation, legal_operations
from lnb.babbage.programs import Program

VALUES = range(LOWEST, HIGHEST + 1)

# A board as hashable data: ((level, (token, token, token, token)), ...).
BoardKey = tuple[tuple[str, tuple[str, ...]], ...]


def board_key(board: Board) -> BoardKey:
    """The board's tokens as a hashable key (boards hold a mapping, so they do not hash)."""
    return tuple((level, tuple(str(c) for c in board.levels[level])) for level in board.revealed)


def normalize_spaces(spaces: Iterable[str] | None) -> frozenset[str] | None:
    """Allowed spaces as upper-case names (``{'A3', 'B4'}``); None means the whole board."""
    if spaces is None:
        return None
    return frozenset(s.strip().upper() for s in spaces)


@dataclass(frozen=True)
class Move:
    """One usable row from a value: the Operation and the Result it gives."""

    operation: Operation
    result: int


class MoveTable:
    """Every usable row from each of the 100 values on a board (cached per board and spaces).

    >>> table = MoveTable.of(Board.standard(), spaces={"A3", "B4"})
    >>> [f"{m.operation} {m.result}" for m in table.moves(55)]
    ['A3+ 60', 'A3- 50', 'B4s 55']
    """

    def __init__(self, board: Board, spaces: frozenset[str] | None, sigma: bool) -> None:
        self.board = board
        self.spaces = spaces
        self.sigma = sigma
        self._moves = tuple(
            tuple(
                Move(op, op.raw_result(value, board))
                for op in legal_operations(value, board, sigma=sigma)
                if spaces is None or op.space in spaces
            )
            for value in VALUES
        )

    @classmethod
    def of(
        cls, board: Board, spaces: Iterable[str] | None = None, sigma: bool = False
    ) -> MoveTable:
        """The (cached) table of a board, restricted to ``spaces`` when given."""
        return _cached_table(board_key(board), normalize_spaces(spaces), sigma)

    def moves(self, value: int) -> tuple[Move, ...]:
        """Usable rows from ``value`` in board order."""
        return self._moves[value]


@lru_cache(maxsize=256)
def _cached_table(key: BoardKey, spaces: frozenset[str] | None, sigma: bool) -> MoveTable:
    return MoveTable(Board.of(dict(key)), spaces, sigma)


@dataclass(frozen=True)
class Solution:
    """The answer for one target (or several in order): a shortest program, or none.

    ``length`` is None (and ``program`` None, ``count`` 0) when no program within the limit
    reaches the target(s).
    """

    start: int
    targets: tuple[int, ...]
    length: int | None
    count: int
    program: Program | None
    limit: int | None = None

    @property
    def target(self) -> int:
        """The last target (the only one for a single-target question)."""
        return self.targets[-1]

    @property
    def solved(self) -> bool:
        """True when some program within the limit reaches the target(s)."""
        return self.length is not None

    def to_dict(self) -> dict[str, Any]:
        """The JSON of ``lnb solve --json``: start, target(s), length, count, program."""
        data: dict[str, Any] = {"start": self.start}
        if len(self.targets) == 1:
            data["target"] = self.targets[0]
        else:
            data["targets"] = list(self.targets)
        data.update(
            length=self.length,
            count=self.count,
            program=None if self.program is None else str(self.program),
        )
        return data

    def text(self) -> str:
        """One or two plain sentences for a pupil or a teacher."""
        goal = " then ".join(f"{t:02d}" for t in self.targets)
        if self.length is None:
            rows = "row" if self.limit == 1 else "rows"
            within = f" within {self.limit} {rows}" if self.limit is not None else ""
            return f"No program reaches {goal} from {self.start:02d}{within}."
        if self.length == 0:
            return f"{self.start:02d} is already {goal}: no row is needed."
        ways = "one shortest program" if self.count == 1 else f"{self.count} shortest programs"
        rows = "row" if self.length == 1 else "rows"
        return (
            f"From {self.start:02d} to {goal}: {self.length} {rows} ({ways}), "
            f"for example {self.program}"
        )


class Search:
    """Rows still needed and shortest completions from every position, for targets in order.

    A position is ``(value, hit, sigma_used)``: the current value, how many of the targets
    are already hit (in order) and whether the Σ row is spent. Distances are exact.

    >>> s = Search(MoveTable.of(Board.standard()), targets=(60, 30))
    >>> s.rows_needed(55), s.ways(55)
    (2, 1)
    >>> str(s.program(55))
    'A3+ A4/'
    """

    def __init__(
        self, table: MoveTable, targets: Sequence[int], start_counts: bool = False
    ) -> None:
        if not targets:
            raise ValueError("a search needs at least one target")
        self.table = table
        self.targets = tuple(targets)
        self.start_counts = start_counts
        self._goal = len(self.targets)
        self._distance, self._ways = _backward(table, self.targets)

    def initial_hit(self, start: int) -> int:
        """Targets already hit before any row (only when the start counts)."""
        return 1 if self.start_counts and self.targets[0] == start else 0

    def advance(self, hit: int, result: int) -> int:
        """Targets hit after a row gives ``result`` (one row hits at most one target)."""
        if hit < self._goal and self.targets[hit] == result:
            return hit + 1
        return hit

    def _index(self, value: int, hit: int, used: bool) -> int:
        return (hit * 2 + used) * 100 + value

    def rows_needed(self, value: int, hit: int | None = None, used: bool = False) -> int | None:
        """Fewest rows still needed from a position (None when the targets are out of reach).

        ``hit`` defaults to the start position's (see ``start_counts``).
        """
        hit = self.initial_hit(value) if hit is None else hit
        d = self._distance[self._index(value, hit, used)]
        return None if d < 0 else d

    def ways(self, value: int, hit: int | None = None, used: bool = False) -> int:
        """How many distinct shortest completions there are from a position."""
        hit = self.initial_hit(value) if hit is None else hit
        return self._ways[self._index(value, hit, used)]

    def next_moves(
        self, value: int, hit: int | None = None, used: bool = False
    ) -> list[Move]:
        """Rows that keep a shortest completion possible (board order)."""
        hit = self.initial_hit(value) if hit is None else hit
        need = self.rows_needed(value, hit, used)
        if not need:
            return []
        return [
            m
            for m in self.table.moves(value)
            if not (used and m.operation.sigma)
            and self.rows_needed(
                m.result, self.advance(hit, m.result), used or m.operation.sigma
            ) == need - 1
        ]

    def program(
        self, value: int, hit: int | None = None, used: bool = False
    ) -> Program | None:
        """The first shortest completion in board order (None when out of reach)."""
        hit = self.initial_hit(value) if hit is None else hit
        if self.rows_needed(value, hit, used) is None:
            return None
        ops: list[Operation] = []
        while True:
            nxt = self.next_moves(value, hit, used)
            if not nxt:
                return Program.of(ops)
            move = nxt[0]
            ops.append(move.operation)
            value, hit = move.result, self.advance(hit, move.result)
            used = used or move.operation.sigma

    def solve(self, start: int, limit: int | None = None) -> Solution:
        """The answer from ``start``: length, count and a shortest program within ``limit``."""
        length = self.rows_needed(start)
        if length is None or (limit is not None and length > limit):
            return Solution(start, self.targets, None, 0, None, limit)
        return Solution(start, self.targets, length, self.ways(start), self.program(start), limit)


def _backward(table: MoveTable, targets: tuple[int, ...]) -> tuple[list[int], list[int]]:
    """Distances to the goal (all targets hit) and counts of shortest completions."""
    goal = len(targets)
    size = (goal + 1) * 2 * 100
    sigma_states = (False, True) if table.sigma else (False,)
    # Forward edges of every position, then a reverse breadth-first search from the goal.
    reverse: list[list[int]] = [[] for _ in range(size)]
    forward: list[list[int]] = [[] for _ in range(size)]
    for hit in range(goal):
        for used in sigma_states:
            for value in VALUES:
                here = (hit * 2 + used) * 100 + value
                for move in table.moves(value):
                    if used and move.operation.sigma:
                        continue
                    nhit = hit + 1 if targets[hit] == move.result else hit
                    nused = used or move.operation.sigma
                    there = (nhit * 2 + nused) * 100 + move.result
                    forward[here].append(there)
                    reverse[there].append(here)
    distance = [-1] * size
    ways = [0] * size
    queue: deque[int] = deque()
    for used in sigma_states:
        for value in VALUES:
            i = (goal * 2 + used) * 100 + value
            distance[i], ways[i] = 0, 1
            queue.append(i)
    order: list[int] = []
    while queue:
        i = queue.popleft()
        order.append(i)
        for j in reverse[i]:
            if distance[j] < 0:
                distance[j] = distance[i] + 1
                queue.append(j)
    for i in order:
        if distance[i] > 0:
            ways[i] = sum(ways[j] for j in forward[i] if distance[j] == distance[i] - 1)
    return distance, ways


@lru_cache(maxsize=1024)
def _search(
    key: BoardKey,
    spaces: frozenset[str] | None,
    sigma: bool,
    targets: tuple[int, ...],
    start_counts: bool,
) -> Search:
    return Search(_cached_table(key, spaces, sigma), targets, start_counts)


def search(
    board: Board,
    targets: Sequence[int],
    spaces: Iterable[str] | None = None,
    sigma: bool = False,
    start_counts: bool = False,
) -> Search:
    """The (cached) search for ``targets`` in order on a board, limited to ``spaces``."""
    return _search(
        board_key(board), normalize_spaces(spaces), sigma, tuple(targets), start_counts
    )


class Solver:
    """Questions about one start value on one board (optionally only some spaces, a Σ row).

    >>> solver = Solver(Board.of({"A": "+-5,x/2,swap,copy>"}), start=55)
    >>> solver.solve(11).text()
    'From 55 to 11: 3 rows (4 shortest programs), for example A1+ A3s A1+'
    """

    def __init__(
        self,
        board: Board,
        start: int = 55,
        spaces: Iterable[str] | None = None,
        sigma: bool = False,
    ) -> None:
        self.board = board
        self.start = start
        self.spaces = normalize_spaces(spaces)
        self.sigma = sigma
        self.table = MoveTable.of(board, self.spaces, sigma)
        self._tree: _Forward | None = None

    def _search(self, targets: Sequence[int], start_counts: bool) -> Search:
        return _search(board_key(self.board), self.spaces, self.sigma, tuple(targets),
                       start_counts)

    def _forward(self) -> _Forward:
        if self._tree is None:
            self._tree = _Forward(self.table, self.start)
        return self._tree

    def solve(self, target: int, limit: int | None = None) -> Solution:
        """Shortest program from the start to ``target`` (within ``limit`` rows if given)."""
        length, count, ops = self._forward().answer(target)
        if length is None or (limit is not None and length > limit):
            return Solution(self.start, (target,), None, 0, None, limit)
        return Solution(self.start, (target,), length, count, Program.of(ops), limit)

    def solve_sequence(self, targets: Sequence[int], limit: int | None = None) -> Solution:
        """Shortest program whose row Results hit ``targets`` in this order."""
        return self._search(tuple(targets), start_counts=False).solve(self.start, limit)

    def solve_all(self, limit: int | None = None) -> dict[int, Solution]:
        """The answer for every target 00–99 (one forward search serves them all)."""
        return {t: self.solve(t, limit) for t in VALUES}

    def distances(self) -> list[int | None]:
        """Fewest rows from the start to each value (None: unreachable)."""
        return [self._forward().answer(v)[0] for v in VALUES]

    def distance(self, target: int) -> int | None:
        """Fewest rows from the start to ``target`` (0 for the start itself)."""
        return self.distances()[target]

    def reachable(self, rows: int) -> frozenset[int]:
        """Values a program of at most ``rows`` rows can end on (the start included)."""
        return frozenset(v for v, d in enumerate(self.distances()) if d is not None and d <= rows)

    def unreachable(self) -> frozenset[int]:
        """Values no program reaches from the start, however long."""
        return frozenset(v for v, d in enumerate(self.distances()) if d is None)


class _Forward:
    """One breadth-first search from a start: for every value the fewest rows, the number of
    shortest programs and the first of them in board order (positions: value, Σ spent)."""

    def __init__(self, table: MoveTable, start: int) -> None:
        size = 200
        dist = [-1] * size
        ways = [0] * size
        first: list[tuple[Any, ...] | None] = [None] * size  # sort keys, for comparing
        program: list[tuple[Operation, ...]] = [()] * size
        dist[start], ways[start], first[start] = 0, 1, ()
        layer = [start]
        while layer:
            nxt: list[int] = []
            for here in sorted(layer, key=lambda i: first[i]):
                value, used = here % 100, here >= 100
                for move in table.moves(value):
                    op = move.operation
                    if used and op.sigma:
                        continue
                    there = move.result + (100 if used or op.sigma else 0)
                    if dist[there] < 0:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
                    if dist[there] == dist[here] + 1:
                        ways[there] += ways[here]
                        if first[there] is None:
                            # Layers are visited in order of their first program, and moves
                            # in board order, so the first path found is the first in order.
                            first[there] = (*first[here], op.sort_key())
                            program[there] = (*program[here], op)
            layer = nxt
        self.dist, self.ways, self.program = dist, ways, program
        self.first = first

    def answer(self, target: int) -> tuple[int | None, int, tuple[Operation, ...]]:
        """Fewest rows to ``target``, how many shortest programs, and the first of them."""
        found = [i for i in (target, target + 100) if self.dist[i] >= 0]
        if not found:
            return None, 0, ()
        length = min(self.dist[i] for i in found)
        best = [i for i in found if self.dist[i] == length]
        count = sum(self.ways[i] for i in best)
        chosen = min(best, key=lambda i: self.first[i])
        return length, count, self.program[chosen]
