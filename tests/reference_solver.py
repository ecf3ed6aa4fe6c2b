"""The solver and planner as they were before issue 13 made them fast: the reference the
fast code is compared with (tests/test_fast_paths.py). Slow on purpose; do not optimise.

Everything here is built from ``Component.apply`` alone (the rules' arithmetic), so a change
to the library's tables, solver or planner cannot change the reference too.

>>> from lnb.babbage.board import Board
>>> fwd = ReferenceForward(reference_moves(Board.standard()), 55)
>>> length, count, ops = fwd.answer(73)
>>> length, count, " ".join(map(str, ops))
(2, 2, 'A2- B2+')
"""

from __future__ import annotations

from collections import deque
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.bots.base import round_goals
from lnb.babbage.components import FUNCTION_ORDER
from lnb.babbage.edition import Effect
from lnb.babbage.numbers import in_range
from lnb.babbage.operations import Operation

VALUES = range(100)

#: For each value, its usable rows in board order: ((Operation, Result), ...).
Moves = tuple[tuple[tuple[Operation, int], ...], ...]


def reference_moves(board: Board, spaces: frozenset[str] | None = None,
                    sigma: bool = False) -> Moves:
    """Every usable row from each value, in board order (the old MoveTable)."""
    table = []
    for value in VALUES:
        found = []
        for level, rack, comp in board.spaces():
            if spaces is not None and f"{level}{rack}" not in spaces:
                continue
            for function in comp.functions:
                for marked in (False, True) if sigma else (False,):
                    middle = comp.apply(function, value)
                    result = comp.apply(function, middle) if marked else middle
                    if in_range(result) and (not marked or in_range(middle)):
                        op = Operation(level, rack, function, marked)
                        found.append(((level, rack, FUNCTION_ORDER[function], marked),
                                      op, result))
        found.sort(key=lambda t: t[0])
        table.append(tuple((op, result) for _, op, result in found))
    return tuple(table)


class ReferenceForward:
    """The old ``solver._Forward``: one breadth-first search from a start."""

    def __init__(self, moves: Moves, start: int) -> None:
        size = 200
        dist = [-1] * size
        ways = [0] * size
        first: list[tuple[Any, ...] | None] = [None] * size
        program: list[tuple[Operation, ...]] = [()] * size
        dist[start], ways[start], first[start] = 0, 1, ()
        layer = [start]
        while layer:
            nxt: list[int] = []
            for here in sorted(layer, key=lambda i: first[i]):
                value, used = here % 100, here >= 100
                for op, result in moves[value]:
                    if used and op.sigma:
                        continue
                    there = result + (100 if used or op.sigma else 0)
                    if dist[there] < 0:
                        dist[there] = dist[here] + 1
                        nxt.append(there)
                    if dist[there] == dist[here] + 1:
                        ways[there] += ways[here]
                        if first[there] is None:
                            first[there] = (*first[here], op.sort_key())
                            program[there] = (*program[here], op)
            layer = nxt
        self.dist, self.ways, self.program, self.first = dist, ways, program, first

    def answer(self, target: int) -> tuple[int | None, int, tuple[Operation, ...]]:
        found = [i for i in (target, target + 100) if self.dist[i] >= 0]
        if not found:
            return None, 0, ()
        length = min(self.dist[i] for i in found)
        best = [i for i in found if self.dist[i] == length]
        count = sum(self.ways[i] for i in best)
        chosen = min(best, key=lambda i: self.first[i])
        return length, count, self.program[chosen]


def reference_backward(moves: Moves, targets: tuple[int, ...],
                       sigma: bool) -> tuple[list[int], list[int]]:
    """The old ``solver._backward``: distances to the goal and counts of completions."""
    goal = len(targets)
    size = (goal + 1) * 2 * 100
    sigma_states = (False, True) if sigma else (False,)
    reverse: list[list[int]] = [[] for _ in range(size)]
    forward: list[list[int]] = [[] for _ in range(size)]
    for hit in range(goal):
        for used in sigma_states:
            for value in VALUES:
                here = (hit * 2 + used) * 100 + value
                for op, result in moves[value]:
                    if used and op.sigma:
                        continue
                    nhit = hit + 1 if targets[hit] == result else hit
                    nused = used or op.sigma
                    there = (nhit * 2 + nused) * 100 + result
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


def reference_best_program(state: Any, player: str) -> tuple[tuple[Operation, ...], float]:
    """The old ``planner.best_program``, line for line, on the reference table."""
    goals = round_goals(state, player, careful=True)
    patrons = [g for g in goals if g.kind == "patron"]
    subs = [g for g in goals if g.kind == "subroutine"]
    sub_bit = 1 << len(patrons)
    play = state.player(player).play
    near = any(u.effect is Effect.NEAR and not u.spent for u in play.uses)
    sigma = state.sigma_rows(player) > 0
    moves = reference_moves(state.board, sigma=sigma)
    bonus = state.edition.engine_bonus
    limit = state.program_limit(player)

    exact: dict[int, list[int]] = {}
    close: dict[int, list[int]] = {}
    for i, g in enumerate(patrons):
        exact.setdefault(g.value, []).append(i)
        for v in (g.value - 1, g.value + 1):
            close.setdefault(v, []).append(i)
    sub_value = subs[0].value if subs else -1
    memo: dict[tuple[int, int, bool], tuple[int, float, bool, bool]] = {}

    def claim(result: int, mask: int, near_used: bool) -> tuple[int, float, bool, bool]:
        key = (result, mask, near_used)
        found = memo.get(key)
        if found is not None:
            return found
        points, scored = 0.0, False
        free = [i for i in exact.get(result, ()) if not mask & (1 << i)]
        if free:
            i = free[0]
            mask |= 1 << i
            points += patrons[i].worth
            scored = patrons[i].worth > 1.0
        elif near and not near_used:
            nearby = [(patrons[i].worth, -i) for i in close.get(result, ())
                      if not mask & (1 << i)]
            if nearby:
                worth, neg = max(nearby)
                mask |= 1 << -neg
                points += worth
                scored = worth > 1.0
                near_used = True
        if result == sub_value and not mask & sub_bit:
            mask |= sub_bit
            points += subs[0].worth
            scored = True
        memo[key] = found = (mask, points, scored, near_used)
        return found

    start = (state.start_value(player), 0, False, False)
    best: dict[tuple[int, int, bool, bool], tuple[float, tuple[Operation, ...]]] = {
        start: (0.0, ())
    }
    layer = [start]
    overall: tuple[float, tuple[Operation, ...]] = (0.0, ())
    for _ in range(limit):
        nxt: dict[tuple[int, int, bool, bool], tuple[float, tuple[Operation, ...]]] = {}
        for pos in layer:
            value, mask, used, near_used = pos
            score, ops = best[pos]
            for op, result in moves[value]:
                if used and op.sigma:
                    continue
                nmask, points, scored, nnear = claim(result, mask, near_used)
                if scored and op.level in bonus:
                    points += bonus[op.level]
                total = score + points - 0.001
                key = (result, nmask, used or op.sigma, nnear)
                old = nxt.get(key)
                if old is None or total > old[0]:
                    nxt[key] = (total, (*ops, op))
        for key, entry in nxt.items():
            if entry[0] > overall[0]:
                overall = entry
            old = best.get(key)
            if old is None or entry[0] > old[0]:
                best[key] = entry
        layer = [k for k in nxt if best[k] is nxt[k]]
    return overall[1], overall[0]


def reference_random_program(state: Any, name: str, rng: Any, mistakes: float = 0.2,
                             aim: float = 0.6) -> Any:
    """The old ``random_play.random_program``: rows from ``next_operations``, Results from
    ``Operation.apply``."""
    from lnb.babbage.game.random_play import _interesting
    from lnb.babbage.programs import Program

    limit = state.program_limit(name)
    length = rng.randint(0, limit)
    program = Program()
    value = state.start_value(name)
    mental = state.options.mental_arithmetic
    wanted = _interesting(state, name) if aim else set()
    for _ in range(length):
        ops = state.next_operations(name, program)
        if not ops:
            break
        op = rng.choice(ops)
        if wanted and rng.random() < aim:
            hits = [o for o in ops if o.apply(value, state.board).result in wanted]
            op = rng.choice(hits) if hits else op
        value = op.apply(value, state.board).result
        written = None
        if mental:
            written = value if rng.random() >= mistakes else rng.randint(0, 99)
        program = program.with_row(op, written)
    return program


def reference_random_action(state: Any, rng: Any) -> Any:
    """The old ``random_play.random_action``."""
    from lnb.babbage.game.actions import Debug, Finish, TimeUp, WriteProgram
    from lnb.babbage.game.phases import Phase
    from lnb.babbage.operations import legal_operations
    from lnb.babbage.programs import Program

    if state.phase is Phase.PROGRAM:
        unfinished = [a for a in state.legal_actions() if isinstance(a, Finish)]
        if state.timer_started and rng.random() < 0.3:
            return TimeUp()
        chosen = rng.choice(unfinished)
        return WriteProgram(chosen.player, reference_random_program(state, chosen.player, rng))
    actions = state.legal_actions()
    action = rng.choice(actions)
    if isinstance(action, Debug):
        name, row, value = state.debug_from()
        program = Program()
        mental = state.options.mental_arithmetic
        for _ in range(rng.randint(0, state.program_limit(name) - row + 1)):
            op = rng.choice(legal_operations(value, state.board))
            value = op.apply(value, state.board).result
            program = program.with_row(op, value if mental else None)
        return Debug(name, program)
    return action
