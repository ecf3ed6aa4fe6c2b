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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from lnb.babbage.board import Board, parse_tokens
from lnb.babbage.components import Component
from lnb.babbage.numbers import HIGHEST, LOWEST
from lnb.babbage.operations import Operation, space_results
from lnb.babbage.programs import Program, ProgramRow
from lnb.core.i18n import N_
from lnb.core.lazy import made
from lnb.core.messages import Text, lazy_ngettext

VALUES = range(LOWEST, HIGHEST + 1)

# A board as hashable data: ((level, (token, token, token, token)), ...).
BoardKey = tuple[tuple[str, tuple[str, ...]], ...]


def board_key(board: Board) -> BoardKey:
    """The board's tokens as a hashable key (boards hold a mapping, so they do not hash)."""
    key = board.cache.get("board_key")
    if key is None:
        key = board.cache["board_key"] = tuple(
            (level, tuple(str(c) for c in board.levels[level])) for level in board.revealed
        )
    return key


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


def rows_of_columns(columns: Sequence[tuple[Operation, tuple[int, ...]]]
                    ) -> list[tuple[tuple[int, Operation], ...]]:
    """For each value, ``(Result, Operation)`` of the usable rows among ``columns`` (each
    Operation with its Result from every value, -1 where it may not be written), in order."""
    return [tuple([(r, op) for op, results in columns if (r := results[value]) >= 0])
            for value in VALUES]


T = TypeVar("T")


def _kept(cache: dict[Any, T], key: Any, make: Callable[[], T], most: int) -> T:
    """``cache[key]``, made by ``make()`` when missing; only the ``most`` used last are kept
    (the least recently used let go; the dict's order is the order of use)."""
    found = cache.pop(key, None)
    if found is None:
        found = make()
        if len(cache) >= most:
            del cache[next(iter(cache))]
    cache[key] = found
    return found


class LevelRows:
    """One level's usable rows from each value (its four spaces', in board order), made once
    for every table of a board showing that level with those tokens (levels A and B are on
    every board; a level revealed in one Round stays on the boards of the next).

    >>> level = level_rows("A", ("+-1", "+-2", "+-5", "x/2"), False)
    >>> [f"{op} {r}" for r, op in level.rows[97]]
    ['A1+ 98', 'A1- 96', 'A2+ 99', 'A2- 95', 'A3- 92', 'A4/ 48']
    """

    __slots__ = ("_rows", "cache", "columns", "level", "program_rows")

    def __init__(self, level: str, columns: list[tuple[Operation, tuple[int, ...]]]) -> None:
        self.level = level
        #: Each Operation of the level (board order) with its Result from every value.
        self.columns = columns
        self._rows: list[tuple[tuple[int, Operation], ...]] | None = None
        self.program_rows = {id(op): ProgramRow(op) for op, _ in columns}
        #: Derived views of the level that other modules make once (the planner's links).
        self.cache: dict[Any, Any] = {}

    @property
    def ready(self) -> bool:
        """Whether ``rows`` is made already."""
        return self._rows is not None

    @property
    def rows(self) -> list[tuple[tuple[int, Operation], ...]]:
        """For each value, ``(Result, Operation)`` of the level's usable rows in board order
        (made when first asked for)."""
        if self._rows is None:
            self._rows = rows_of_columns(self.columns)
        return self._rows


#: The levels used last, the most recent last (levels A and B stay, being on every board).
_LEVEL_ROWS: dict[tuple[str, tuple[str, ...], bool], LevelRows] = {}
LEVELS_KEPT = 64


def level_rows(level: str, tokens: tuple[str, ...], sigma: bool,
               comps: Sequence[Component] | None = None) -> LevelRows:
    """The (cached) ``LevelRows`` of a level showing ``tokens`` (as GAME-RECORD.md spells
    them), with its Σ rows too when ``sigma``; ``comps``, the tokens read already, saves
    reading them again."""
    def make() -> LevelRows:
        read = parse_tokens(tokens, level) if comps is None else comps
        return LevelRows(level, [column for rack, comp in enumerate(read, start=1)
                                 for column in space_results(level, rack, comp, sigma)])

    return _kept(_LEVEL_ROWS, (level, tokens, sigma), make, LEVELS_KEPT)


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
        #: The whole board's levels (board order), each shared with every table showing it;
        #: None when only some spaces are allowed.
        self.levels: list[LevelRows] | None = None
        if spaces is None:
            self.levels = [level_rows(level, tokens, sigma, board.levels[level])
                           for level, tokens in board_key(board)]
            #: For each value, ``(Result, Operation)`` of its usable rows in board order: the
            #: levels' rows joined when all but one are made already (a board of the next
            #: Round), else read from all the columns at once (a board never seen).
            self.rows: list[tuple[tuple[int, Operation], ...]]
            if sum(not level.ready for level in self.levels) <= 1:
                parts = [level.rows for level in self.levels]
                self.rows = (list(parts[0]) if len(parts) == 1
                             else [sum(rows, ()) for rows in zip(*parts, strict=True)])
            else:
                self.rows = rows_of_columns(
                    [column for level in self.levels for column in level.columns])
            self._program_rows: dict[int, ProgramRow] = {}
            for level in self.levels:
                self._program_rows.update(level.program_rows)
        else:
            columns = [column for level, rack, comp in board.spaces()
                       if f"{level}{rack}" in spaces
                       for column in space_results(level, rack, comp, sigma)]
            self.rows = rows_of_columns(columns)
            # The program row of each of the table's Operations, by identity (the table
            # holds the Operations, so their ids stay theirs): no hashing when programs
            # are made.
            self._program_rows = {id(op): ProgramRow(op) for op, _ in columns}
            self._columns = columns
        self._moves: list[tuple[Move, ...] | None] = [None] * len(VALUES)
        self._edges: list[tuple[tuple[int, Operation], ...]] | None = None
        #: Derived views of the table that other modules make once (the planner's index).
        self.cache: dict[str, Any] = {}

    def program(self, operations: Sequence[Operation]) -> Program:
        """The program of some of this table's Operations."""
        rows = self._program_rows
        return made(Program, rows=tuple([rows[id(op)] for op in operations]))  # (legal rows)

    @property
    def operations(self) -> list[tuple[Operation, ...]]:
        """For each value, its usable Operations in board order."""
        return [tuple(op for _, op in row) for row in self.rows]

    @property
    def results(self) -> list[tuple[int, ...]]:
        """For each value, the Results of its usable rows (in the order of ``operations``)."""
        return [tuple(r for r, _ in row) for row in self.rows]

    @classmethod
    def of(
        cls, board: Board, spaces: Iterable[str] | None = None, sigma: bool = False
    ) -> MoveTable:
        """The (cached) table of a board, restricted to ``spaces`` when given."""
        return _cached_table(board_key(board), normalize_spaces(spaces), sigma, board)

    def moves(self, value: int) -> tuple[Move, ...]:
        """Usable rows from ``value`` in board order."""
        moves = self._moves[value]
        if moves is None:
            moves = self._moves[value] = tuple(Move(op, r) for r, op in self.rows[value])
        return moves

    def edges(self) -> list[tuple[tuple[int, Operation], ...]]:
        """For each position ``value + 100 * (Σ row spent)``, the positions one row leads to
        with that row's Operation, in board order (a spent Σ leaves only unmarked rows)."""
        if self._edges is None:
            edges = list(self.rows)
            if self.sigma:
                edges = [tuple((r + 100 if op.sigma else r, op) for r, op in row)
                         for row in edges]
                edges += [tuple((r + 100, op) for r, op in row if not op.sigma)
                          for row in edges]
            else:
                edges += [()] * len(VALUES)
            self._edges = edges
        return self._edges


#: The tables of the boards used last, the most recent last (a game's three boards and
#: their Σ tables; a lesson's few): older ones are let go, as each holds thousands of rows
#: that the garbage collector would otherwise scan again and again.
_TABLES: dict[tuple[BoardKey, frozenset[str] | None, bool], MoveTable] = {}
TABLES_KEPT = 32


def _cached_table(key: BoardKey, spaces: frozenset[str] | None, sigma: bool,
                  board: Board | None = None) -> MoveTable:
    """The table of the board ``key`` (``board`` itself, when given, saves reading its
    tokens again)."""
    return _kept(_TABLES, (key, spaces, sigma), lambda: MoveTable(
        Board.of(dict(key)) if board is None else board, spaces, sigma), TABLES_KEPT)


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

    def text(self) -> Text:
        """One or two plain sentences for a pupil or a teacher, translated when shown (English
        as a ``str``); made only when asked for.

        >>> sol = Solver(Board.standard(), start=55).solve(73)
        >>> sol.text()
        'From 55 to 73: 2 rows (2 shortest programs), for example A2- B2+'
        >>> from lnb.core.i18n import use_language
        >>> with use_language("zh-CN"):
        ...     print(Solver(Board.standard(), start=55).solve(55).text())
        55 已经是 55：一行也不需要。
        """
        goal: object = f"{self.targets[0]:02d}"
        for t in self.targets[1:]:
            # TRANSLATORS: targets hit one after another, "73 then 12".
            goal = Text(N_("{targets} then {target}"), targets=goal, target=f"{t:02d}")
        start = f"{self.start:02d}"
        if self.length is None:
            if self.limit is None:
                return Text(N_("No program reaches {goal} from {start}."), goal=goal,
                            start=start)
            return lazy_ngettext("No program reaches {goal} from {start} within {limit} row.",
                                 "No program reaches {goal} from {start} within {limit} rows.",
                                 self.limit, goal=goal, start=start, limit=self.limit)
        if self.length == 0:
            return Text(N_("{start} is already {goal}: no row is needed."), start=start,
                        goal=goal)
        if self.count == 1:
            ways: Text = Text(N_("one shortest program"))
        else:
            ways = lazy_ngettext("{count} shortest program", "{count} shortest programs",
                                 self.count, count=self.count)
        return lazy_ngettext(
            "From {start} to {goal}: {rows} row ({ways}), for example {program}",
            "From {start} to {goal}: {rows} rows ({ways}), for example {program}",
            self.length, start=start, goal=goal, rows=self.length, ways=ways,
            program=str(self.program))


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


#: Searches kept per table (the latest used); they live in the table's cache and go with
#: it, so ``TABLES_KEPT`` bounds them too (a kernel playing game after game keeps no more).
SEARCHES_KEPT = 256


def _search(
    key: BoardKey,
    spaces: frozenset[str] | None,
    sigma: bool,
    targets: tuple[int, ...],
    start_counts: bool,
) -> Search:
    table = _cached_table(key, spaces, sigma)
    return _kept(table.cache.setdefault("searches", {}), (targets, start_counts),
                 lambda: Search(table, targets, start_counts), SEARCHES_KEPT)


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
        self._key = board_key(board)
        self._tree: _Forward | None = None

    @property
    def table(self) -> MoveTable:
        """The board's usable rows (shared by every solver of an equal board)."""
        return _cached_table(self._key, self.spaces, self.sigma, self.board)

    def _search(self, targets: Sequence[int], start_counts: bool) -> Search:
        _cached_table(self._key, self.spaces, self.sigma, self.board)  # (tokens read already)
        return _search(self._key, self.spaces, self.sigma, tuple(targets), start_counts)

    def _forward(self) -> _Forward:
        if self._tree is None:
            _cached_table(self._key, self.spaces, self.sigma, self.board)  # (tokens read)
            self._tree = _forward(self._key, self.spaces, self.sigma, self.start)
        return self._tree

    def solve(self, target: int, limit: int | None = None) -> Solution:
        """Shortest program from the start to ``target`` (within ``limit`` rows if given)."""
        return self._forward().solution(target, limit)

    def solve_sequence(self, targets: Sequence[int], limit: int | None = None) -> Solution:
        """Shortest program whose row Results hit ``targets`` in this order."""
        return self._search(tuple(targets), start_counts=False).solve(self.start, limit)

    def solve_all(self, limit: int | None = None) -> dict[int, Solution]:
        """The answer for every target 00–99 (one forward search serves them all)."""
        solution = self._forward().solution
        return {t: solution(t, limit) for t in VALUES}

    def distances(self) -> list[int | None]:
        """Fewest rows from the start to each value (None: unreachable)."""
        return list(self._forward().lengths())

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
    shortest programs and the first of them in board order (positions: value, Σ spent).

    Positions are visited first in, first out and rows in board order, so each layer is met
    in the order of its first programs, and the first path found to a position is its first
    program: nothing needs sorting. Programs and Solutions are made when asked for.
    """

    def __init__(self, table: MoveTable, start: int) -> None:
        edges = table.edges()
        dist = [-1] * 200
        ways = [0] * 200
        first: list[tuple[Operation, ...]] = [()] * 200
        dist[start], ways[start] = 0, 1
        order = [start]  # positions in the order found: by length, then first program
        layer = [start]
        rows = 0
        while layer:
            rows += 1
            nxt: list[int] = []
            for here in layer:
                w, ops = ways[here], first[here]
                for there, op in edges[here]:
                    d = dist[there]
                    if d < 0:
                        dist[there], ways[there], first[there] = rows, w, (*ops, op)
                        nxt.append(there)
                    elif d == rows:
                        ways[there] += w
            order += nxt
            layer = nxt
        self.start, self.sigma, self.table = start, table.sigma, table
        self.dist, self.ways, self.first, self.order = dist, ways, first, order
        self._lengths: tuple[int | None, ...] | None = None
        self._programs: dict[int, Program] = {}
        self._solutions: dict[tuple[int, int | None], Solution] = {}

    def best(self, target: int) -> int:
        """The position answering ``target``: the shorter of its two (Σ unspent, spent), the
        first in board order on a tie; -1 when neither is reachable."""
        a = self.dist[target]
        if not self.sigma:
            return target if a >= 0 else -1
        b = self.dist[target + 100]
        if b < 0 or 0 <= a < b:
            return target if a >= 0 else -1
        if a < 0 or b < a:
            return target + 100
        return min(target, target + 100, key=self.order.index)

    def answer(self, target: int) -> tuple[int | None, int, tuple[Operation, ...]]:
        """Fewest rows to ``target``, how many shortest programs, and the first of them."""
        i = self.best(target)
        if i < 0:
            return None, 0, ()
        count = self.ways[i]
        if self.sigma and self.dist[target] == self.dist[target + 100]:
            count = self.ways[target] + self.ways[target + 100]
        return self.dist[i], count, self.first[i]

    def lengths(self) -> tuple[int | None, ...]:
        """Fewest rows to each value (None: unreachable)."""
        if self._lengths is None:
            dist = self.dist
            if self.sigma:
                both = [min((d for d in (dist[v], dist[v + 100]) if d >= 0), default=-1)
                        for v in VALUES]
            else:
                both = dist[:100]
            self._lengths = tuple(None if d < 0 else d for d in both)
        return self._lengths

    def program(self, target: int) -> Program | None:
        """The first shortest program to ``target`` (None when unreachable)."""
        i = self.best(target)
        if i < 0:
            return None
        program = self._programs.get(i)
        if program is None:
            program = self._programs[i] = self.table.program(self.first[i])
        return program

    def solution(self, target: int, limit: int | None = None) -> Solution:
        """The (shared, immutable) answer for ``target`` within ``limit``."""
        key = (target, limit)
        found = self._solutions.get(key)
        if found is None:
            length, count, _ = self.answer(target)
            # made(Solution, ...): the fields as they are, without the frozen __init__'s call
            if length is None or (limit is not None and length > limit):
                found = made(Solution, start=self.start, targets=(target,), length=None,
                             count=0, program=None, limit=limit)
            else:
                found = made(Solution, start=self.start, targets=(target,), length=length,
                             count=count, program=self.program(target), limit=limit)
            self._solutions[key] = found
        return found


def _forward(key: BoardKey, spaces: frozenset[str] | None, sigma: bool, start: int) -> _Forward:
    """The search from ``start`` on a table, kept in the table's cache (one per start)."""
    table = _cached_table(key, spaces, sigma)
    return _kept(table.cache.setdefault("forward", {}), start,
                 lambda: _Forward(table, start), SEARCHES_KEPT)


class AllPairs:
    """Every start to every target on one board: fewest rows, how many shortest programs and
    the first of them in board order (one search per start; objects made only when asked).

    >>> pairs = all_pairs(Board.standard())
    >>> pairs.lengths(55)[73], pairs.counts(55)[73], [str(op) for op in pairs.firsts(55)[73]]
    (2, 2, ['A2-', 'B2+'])
    >>> pairs.solution(55, 73).text()
    'From 55 to 73: 2 rows (2 shortest programs), for example A2- B2+'
    """

    def __init__(self, key: BoardKey, spaces: frozenset[str] | None, sigma: bool) -> None:
        self._searches = [_forward(key, spaces, sigma, start) for start in VALUES]

    def lengths(self, start: int) -> tuple[int | None, ...]:
        """Fewest rows from ``start`` to each target (None: unreachable)."""
        return self._searches[start].lengths()

    def counts(self, start: int) -> list[int]:
        """How many shortest programs go from ``start`` to each target (0: none)."""
        search = self._searches[start]
        if not search.sigma:
            return search.ways[:100]
        return [search.answer(t)[1] for t in VALUES]

    def firsts(self, start: int) -> list[tuple[Operation, ...]]:
        """The first shortest program from ``start`` to each target, as Operations (empty
        for the start itself and for a target out of reach: see ``lengths``)."""
        search = self._searches[start]
        if not search.sigma:
            return search.first[:100]
        return [search.answer(t)[2] for t in VALUES]

    def solution(self, start: int, target: int, limit: int | None = None) -> Solution:
        """The full answer for one pair, as ``Solver(board, start).solve(target)`` gives it."""
        return self._searches[start].solution(target, limit)


def all_pairs(
    board: Board, spaces: Iterable[str] | None = None, sigma: bool = False
) -> AllPairs:
    """Answers for all 10,000 start/target pairs of a board (cached per board and spaces)."""
    return _all_pairs(board_key(board), normalize_spaces(spaces), sigma)


def _all_pairs(key: BoardKey, spaces: frozenset[str] | None, sigma: bool) -> AllPairs:
    table = _cached_table(key, spaces, sigma)
    found = table.cache.get("all_pairs")
    if found is None:
        found = table.cache["all_pairs"] = AllPairs(key, spaces, sigma)
    return found
