"""The planner: the best program under its limit for this Round's Patrons and Subroutine.

An exact search over positions (value, goals earned, Σ spent, NEAR spent), row by row up to
its Operation limit, maximising the estimated points of the Round: Patrons valued by the
majorities they help, the targeted Subroutine by the points and effect it brings, engine
bonuses of levels C–E. It uses its effects: it activates every completed Subroutine (EXTRA
and SLOW change limits, SIGMA adds Σ rows to the search, NEAR lets a Result within ±1 claim,
a RESERVE Patron may be claimed twice) and picks the Subroutine it can reach soonest.
"""

from __future__ import annotations

from dataclasses import dataclass

from lnb.babbage.bots.base import EFFECT_PREFERENCE, BotBase, round_goals
from lnb.babbage.edition import Effect
from lnb.babbage.game import State
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.solver import MoveTable, Solver


class Planner(BotBase):
    """Exact best program for the Round; sensible targets, activations and takes."""

    name = "planner"
    strength = 3

    def choose_target(self, state: State, player: str) -> int:
        dist = Solver(state.board, state.start_value(player),
                      sigma=state.sigma_rows(player) > 0).distances()
        subs = state.targetable(player)
        useful = state.round < 4

        def key(s):
            rows = dist[s.target] if dist[s.target] else 99
            rank = EFFECT_PREFERENCE.index(s.effect) if useful else 0
            return (rows, rank, s.target)

        return min(subs, key=key).target

    def write_program(self, state: State, player: str) -> tuple[Program, tuple]:
        ops, _ = best_program(state, player)
        return Program.of(ops), ()

    def think_seconds(self, state: State, player: str) -> float:
        rows = len(self.planned(state, player)[0])
        return 12.0 + 2.0 * rows + self.rng(state, player, "think").uniform(0.0, 8.0)


def best_program(state: State, player: str) -> tuple[tuple[Operation, ...], float]:
    """The program of at most the player's limit with the most estimated points this Round.

    Row by row, every position keeps its best entry (the first found among equal ones, in the
    order positions were reached and rows are written on the board). Most rows claim nothing:
    from one position they all lead to positions of the same kind with the same estimate, so
    they are taken together as sets of values (bit masks); only rows that claim are looked at
    one by one.
    """
    goals = round_goals(state, player, careful=True)
    patrons = [g for g in goals if g.kind == "patron"]
    subs = [g for g in goals if g.kind == "subroutine"]
    sub_bit = 1 << len(patrons)
    play = state.player(player).play
    near = any(u.effect is Effect.NEAR and not u.spent for u in play.uses)
    sigma = state.sigma_rows(player) > 0
    table = MoveTable.of(state.board, sigma=sigma)
    index = _index(table)
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
        """(new mask, points, claimed a Primary/Subroutine, NEAR spent) for one Result."""
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

    candidates = sorted({v for v in (*exact, *close, sub_value) if 0 <= v <= 99})
    claiming: dict[int, int] = {}

    def claims(kind: int) -> int:
        """The values whose Result claims something from positions of this kind (Σ aside)."""
        bits = claiming.get(kind)
        if bits is None:
            mask, near_used = kind >> 2, bool(kind & 1)
            bits = 0
            for v in candidates:
                if claim(v, mask, near_used) != (mask, 0.0, False, near_used):
                    bits |= 1 << v
            claiming[kind] = bits
        return bits

    # Positions are ints: kind << 7 | value, kind = mask << 2 | Σ spent << 1 | NEAR spent.
    # An entry is (estimate, the entry it extends, the row's Operation).
    start: Entry = (0.0, None, None)
    best: dict[int, Entry] = {state.start_value(player): start}
    layer = list(best)
    overall = start
    sides = ((0, index.plain), (2, index.marked)) if sigma else ((0, index.plain),)
    everything = (1 << 100) - 1
    for _ in range(limit):
        found: dict[int, int] = {}  # position -> when first reached (row of layer, move)
        chosen: dict[int, tuple[float, int, Entry, Operation]] = {}
        seen: dict[int, int] = {}  # kind -> values reached so far
        quiet = []
        for i, here in enumerate(layer):
            entry = best[here]
            score = entry[0]
            value, kind = here & 127, here >> 7
            mask, used, near_used = kind >> 2, kind & 2, bool(kind & 1)
            claiming_bits = claims(kind & ~2)
            quiet_bits = everything ^ claiming_bits
            when = i << 8
            quiet.append((score - 0.001, i, value, kind, entry, quiet_bits))
            for mark, side in sides:
                if used and mark:
                    continue
                reach, first, moves = side.reach[value], side.first[value], side.moves[value]
                there = kind | mark
                new = reach & quiet_bits & ~seen.get(there, 0)
                if new:
                    seen[there] = seen.get(there, 0) | new
                    base = there << 7
                    while new:
                        low = new & -new
                        new ^= low
                        r = low.bit_length() - 1
                        found[base | r] = when + first[r][0]
                scoring = reach & claiming_bits
                while scoring:
                    low = scoring & -scoring
                    scoring ^= low
                    r = low.bit_length() - 1
                    nmask, points, scored, nnear = claim(r, mask, near_used)
                    nkind = nmask << 2 | (used | mark) | nnear
                    key = nkind << 7 | r
                    for j, op in moves[r]:
                        gain = points
                        if scored and op.level in bonus:
                            gain += bonus[op.level]
                        total = score + gain - 0.001
                        if key not in found:
                            found[key] = when + j
                            seen[nkind] = seen.get(nkind, 0) | low
                        old = chosen.get(key)
                        if old is None or total > old[0]:
                            chosen[key] = (total, when + j, entry, op)
        # Rows that claim nothing: the best estimate wins, then the first reached.
        quiet.sort(key=lambda q: (-q[0], q[1]))
        won: dict[int, int] = {}
        for total, i, value, kind, entry, quiet_bits in quiet:
            for mark, side in sides:
                if kind & 2 and mark:
                    continue
                there = kind | mark
                new = side.reach[value] & quiet_bits & ~won.get(there, 0)
                if not new:
                    continue
                won[there] = won.get(there, 0) | new
                first = side.first[value]
                base = there << 7
                when = i << 8
                while new:
                    low = new & -new
                    new ^= low
                    r = low.bit_length() - 1
                    key = base | r
                    j, op = first[r]
                    old = chosen.get(key)
                    if (old is None or total > old[0]
                            or (total == old[0] and when + j < old[1])):
                        chosen[key] = (total, when + j, entry, op)
        layer = []
        for key in sorted(found, key=found.__getitem__):
            total, _, parent, op = chosen[key]
            made: Entry = (total, parent, op)
            if total > overall[0]:
                overall = made
            old = best.get(key)
            if old is None or total > old[0]:
                best[key] = made
                layer.append(key)
    ops: list[Operation] = []
    link: Entry | None = overall
    while link is not None and link[2] is not None:
        ops.append(link[2])
        link = link[1]
    return tuple(reversed(ops)), overall[0]


Entry = tuple[float, "Entry | None", "Operation | None"]


@dataclass(frozen=True)
class _Side:
    """Rows of one kind (unmarked, or Σ) from each value: the Results as a bit mask, the first
    row to each Result and every row to it, with the row's place on the board's list."""

    reach: tuple[int, ...]
    first: tuple[dict[int, tuple[int, Operation]], ...]
    moves: tuple[dict[int, list[tuple[int, Operation]]], ...]


@dataclass(frozen=True)
class _Index:
    plain: _Side
    marked: _Side


def _index(table: MoveTable) -> _Index:
    """The planner's view of a board's rows (made once per table)."""
    found = table.cache.get("planner")
    if found is None:
        sides = []
        for mark in (False, True):
            reach, firsts, everyone = [], [], []
            for value in range(100):
                bits = 0
                first: dict[int, tuple[int, Operation]] = {}
                moves: dict[int, list[tuple[int, Operation]]] = {}
                for j, (r, op) in enumerate(table.rows[value]):
                    if op.sigma is mark:
                        bits |= 1 << r
                        first.setdefault(r, (j, op))
                        moves.setdefault(r, []).append((j, op))
                reach.append(bits)
                firsts.append(first)
                everyone.append(moves)
            sides.append(_Side(tuple(reach), tuple(firsts), tuple(everyone)))
        found = table.cache["planner"] = _Index(*sides)
    return found
