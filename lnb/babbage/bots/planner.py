"""The planner: the best program under its limit for this Round's Patrons and Subroutine.

An exact search over positions (value, goals earned, Σ spent, NEAR spent), row by row up to
its Operation limit, maximising the estimated points of the Round: Patrons valued by the
majorities they help, the targeted Subroutine by the points and effect it brings, engine
bonuses of levels C–E. It uses its effects: it activates every completed Subroutine (EXTRA
and SLOW change limits, SIGMA adds Σ rows to the search, NEAR lets a Result within ±1 claim,
a RESERVE Patron may be claimed twice) and picks the Subroutine it can reach soonest.
"""

from __future__ import annotations

import gc
from operator import itemgetter

from lnb.babbage.bots.base import EFFECT_PREFERENCE, BotBase, round_goals
from lnb.babbage.edition import Effect
from lnb.babbage.game import State
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.solver import LevelRows, MoveTable


class Planner(BotBase):
    """Exact best program for the Round; sensible targets, activations and takes."""

    name = "planner"
    strength = 3

    def choose_target(self, state: State, player: str) -> int:
        dist = _distances(_sides(state, state.sigma_rows(player) > 0),
                          state.start_value(player))
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


def _sides(state: State, sigma: bool) -> tuple[tuple[int, _Rows], ...]:
    """The search's sides of the board's table: unmarked rows (0), and Σ rows (2) when the
    player has Σ rows this Round."""
    table = MoveTable.of(state.board, sigma=sigma)
    bonus = dict(state.edition.engine_bonus)
    sides: tuple[tuple[int, _Rows], ...] = ((0, _rows_of(table, bonus, False)),)
    if sigma:
        sides += ((2, _rows_of(table, bonus, True)),)
    return sides


def _distances(sides: tuple[tuple[int, _Rows], ...], start: int) -> list[int | None]:
    """Fewest rows from ``start`` to each value (None: unreachable), at most one of them a Σ
    row when ``sides`` has Σ rows: ``Solver.distances``, worked out a layer of values at a
    time.

    >>> from lnb.babbage.board import Board
    >>> from lnb.babbage.solver import Solver
    >>> table = MoveTable.of(Board.standard())
    >>> dist = _distances(((0, _Rows(table, False, {})),), 55)
    >>> dist == Solver(Board.standard(), 55).distances()
    True
    """
    plain = sides[0][1]
    marked = sides[1][1] if len(sides) > 1 else None
    dist: list[int | None] = [None] * 100
    dist[start] = 0
    fresh, spent = 1 << start, 0  # the values first reached, Σ row unspent and spent
    seen_fresh, seen_spent, found = fresh, 0, fresh
    rows = 0
    while fresh or spent:
        rows += 1
        reached_spent = plain.reach_of(spent)
        if marked is not None:
            reached_spent |= marked.reach_of(fresh)
        fresh = plain.reach_of(fresh) & ~seen_fresh
        spent = reached_spent & ~seen_spent
        seen_fresh |= fresh
        seen_spent |= spent
        for v in _values((fresh | spent) & ~found):
            dist[v] = rows
        found |= fresh | spent
    return dist


def best_program(state: State, player: str) -> tuple[tuple[Operation, ...], float]:
    """The program of at most the player's limit with the most estimated points this Round.

    The search makes tens of thousands of short-lived tuples and no reference cycles, so the
    cyclic garbage collector is paused while it runs (a full collection in the middle would
    scan them all, and every object of the game, for nothing) and resumed after.
    """
    paused = gc.isenabled()
    if paused:
        gc.disable()
    try:
        return _layered_search(state, player)
    finally:
        if paused:
            gc.enable()


def _chunks(bits_of: list[int]) -> list[list[int]]:
    """For the 100 values in 25 groups of 4: for each group and each of its 16 patterns, the
    union of ``bits_of`` over the values it holds (a union over a set of values is 25
    look-ups; the tables are cheap to make, boards change often).

    >>> _chunks([1 << v for v in range(100)])[1][0b0101] == (1 << 4 | 1 << 6)
    True
    """
    tables = []
    for c in range(0, 100, 4):
        a, b, c2, d = bits_of[c:c + 4]
        ab, cd = a | b, c2 | d
        tables.append([0, a, b, ab, c2, a | c2, b | c2, ab | c2,
                       d, a | d, b | d, ab | d, cd, a | cd, b | cd, ab | cd])
    return tables


def _union(tables: list[list[int]], bits: int) -> int:
    """The union of the table's sets over the values of ``bits`` (``_chunks``)."""
    out, c = 0, 0
    while bits:
        nibble = bits & 15
        if nibble:
            out |= tables[c][nibble]
        bits >>= 4
        c += 1
    return out


class _Rows:
    """One side of a table (unmarked rows, or Σ rows) as the layered search reads it: for each
    value its Results (a bit mask), for each Result the values leading to it, both as
    ``_chunks`` too, and for each Result [(engine bonus, the values whose best row to it has
    that bonus)]; the rows themselves (``row``) are looked up only for the few positions on
    the best paths.

    Its masks are joined from each level's (``_links``, made once for every board showing the
    level): a level's rows all have its engine bonus, so the best bonus from a value to a
    Result is that of the best level with a row between them.
    """

    def __init__(self, table: MoveTable, mark: bool, bonus: dict[str, int]) -> None:
        self.rows, self.mark, self.bonus = table.rows, mark, bonus
        levels = table.levels
        if levels is None:  # a table of some spaces only: its rows taken level by level
            names = sorted({op.level for row in table.rows for _, op in row})
            links = [(_link_rows([tuple(x for x in row if x[1].level == name)
                                  for row in table.rows], mark), bonus.get(name) or 0)
                     for name in names] or [(([0] * 100, [0] * 100), 0)]
        else:
            links = [(_links(level, mark), bonus.get(level.level) or 0) for level in levels]
        reach, pred = links[0][0]
        by_extra: dict[int, list[int]] = {links[0][1]: pred}
        for (lreach, lpred), extra in links[1:]:
            reach = [x | y for x, y in zip(reach, lreach, strict=True)]
            pred = [x | y for x, y in zip(pred, lpred, strict=True)]
            got = by_extra.get(extra)
            by_extra[extra] = (lpred if got is None
                               else [x | y for x, y in zip(got, lpred, strict=True)])
        self.reach, self.pred = reach, pred
        if len(by_extra) == 1:
            (extra, _), = by_extra.items()
            self.by_bonus = [[(extra, bits)] if bits else [] for bits in pred]
            self.most = [extra if bits else 0 for bits in pred]
        else:
            order = sorted(by_extra.items(), reverse=True)  # the best bonus first
            by_bonus: list[list[tuple[int, int]]] = []
            for r in range(100):
                covered, groups = 0, []
                for extra, preds in order:
                    bits = preds[r] & ~covered
                    if bits:
                        groups.append((extra, bits))
                        covered |= bits
                by_bonus.append(groups)
            self.by_bonus = by_bonus
            self.most = [groups[0][0] if groups else 0 for groups in by_bonus]
        self.reach_chunks, self.pred_chunks = _chunks(reach), _chunks(pred)
        #: ``reach_of``'s sets of values met so far (bits -> Results).
        self.unions: dict[int, int] = {}
        self._rows: dict[int, dict[int, tuple[tuple[int, Operation], tuple[int, Operation, int]]]]
        self._rows = {}

    def reach_of(self, bits: int) -> int:
        """The Results of the rows from the values of ``bits``: one value's at once, and a
        set's remembered (a search meets the same sets of values again and again)."""
        if not bits & (bits - 1):
            return self.reach[bits.bit_length() - 1] if bits else 0
        found = self.unions.get(bits)
        if found is None:
            if len(self.unions) > 4096:
                self.unions.clear()
            found = self.unions[bits] = _union(self.reach_chunks, bits)
        return found

    def row(self, v: int, r: int) -> tuple[tuple[int, Operation], tuple[int, Operation, int]]:
        """The rows from ``v`` to ``r``: the first (its place on the board's list, the row),
        and the first of those with the largest engine bonus (place, row, bonus)."""
        found = self._rows.get(v)
        if found is None:
            found = self._rows[v] = {}
            get, mark = self.bonus.get, self.mark
            for j, (to, op) in enumerate(self.rows[v]):
                if op.sigma is not mark:
                    continue
                extra = get(op.level) or 0
                if to not in found:
                    found[to] = ((j, op), (j, op, extra))
                elif extra > found[to][1][2]:
                    found[to] = (found[to][0], (j, op, extra))
        return found[r]


def _rows_of(table: MoveTable, bonus: dict[str, int], mark: bool) -> _Rows:
    """``_Rows`` of a table's side (made once per table and engine bonuses)."""
    name = f"layered {mark} {sorted(bonus.items())}"
    found = table.cache.get(name)
    if found is None:
        found = table.cache[name] = _Rows(table, mark, bonus)
    return found


def _links(level: LevelRows, mark: bool) -> tuple[list[int], list[int]]:
    """``_link_rows`` of one level's rows (made once for every board showing the level)."""
    found = level.cache.get(("links", mark))
    if found is None:
        found = level.cache[("links", mark)] = _link_rows(level.rows, mark)
    return found


def _link_rows(rows: list[tuple[tuple[int, Operation], ...]], mark: bool
               ) -> tuple[list[int], list[int]]:
    """For rows of one side (Σ rows when ``mark``): each value's Results, and each Result's
    values leading to it, as bit masks.

    >>> from lnb.babbage.solver import level_rows
    >>> reach, pred = _link_rows(level_rows("A", ("+-1", "+-2", "+-5", "x/2"), False).rows,
    ...                          False)
    >>> [r for r in range(100) if reach[97] >> r & 1]
    [48, 92, 95, 96, 98, 99]
    """
    reach = [0] * 100
    pred = [0] * 100
    for v, row in enumerate(rows):
        bit, bits = 1 << v, 0
        for r, op in row:
            if op.sigma is mark:
                bits |= 1 << r
                pred[r] |= bit
        reach[v] = bits
    return reach, pred


def _layered_search(state: State, player: str) -> tuple[tuple[Operation, ...], float]:
    """``best_program``'s exact search, in three passes.

    Why it is exact: every path to a position (value, goals, Σ, NEAR) after ``i`` rows claims
    the same goals (its mask), so its estimate is the worths of those goals (summed in some
    order) plus the integer engine bonuses of its claiming rows (``B``) less 0.001 a row.
    Among the old planner's entries for one position after ``i`` rows the greatest is one with
    the greatest ``B`` (others are at least 1 - 0.01 below, rounding is ~1e-13), and a
    position improves after ``i`` rows exactly when that ``B`` beats the ``B`` of its best
    entry so far (equal ``B`` after more rows is 0.001 less). So

    1. which positions each row's layer holds, and their ``B``, is worked out with integers
       only, as sets of values per (kind, B) (``_next_layer``, ``_improved``);
    2. the candidates for the best are those whose estimate (worths + B - 0.001 rows) is
       within 1e-6 of the greatest; their exact floats are worked out along the paths of
       greatest ``B`` to them only (``_exact``), and the best is the greatest float, the
       earliest layer, then the first reached;
    3. the first reached among equals is the smallest path in board order through the
       layers' positions (the order the old planner's dicts keep), found by a walk forward
       through the positions from which one of them can be reached (``first_of``). The
       program is made back from the best, each position's entry coming from the first
       reached of its parents with the greatest float.
    """
    goals = round_goals(state, player, careful=True)
    patrons = [g for g in goals if g.kind == "patron"]
    subs = [g for g in goals if g.kind == "subroutine"]
    sub_bit = 1 << len(patrons)
    play = state.player(player).play
    near = any(u.effect is Effect.NEAR and not u.spent for u in play.uses)
    sigma = state.sigma_rows(player) > 0
    sides = _sides(state, sigma)
    limit = state.program_limit(player)
    start_value = state.start_value(player)
    sub_value = subs[0].value if subs else -1

    outcomes: dict[int, tuple[int, dict[int, tuple[int, float, bool]]]] = {}
    # For each value a Patron may be claimed at: its Patrons (in goal order), and with NEAR
    # unspent the Patrons beside it, the most worth first (then goal order).
    at: dict[int, list[int]] = {}
    for i, g in enumerate(patrons):
        at.setdefault(g.value, []).append(i)
    beside_at: dict[int, list[int]] = {}
    if near:
        for i, g in enumerate(patrons):
            for v in (g.value - 1, g.value + 1):
                if 0 <= v <= 99:
                    beside_at.setdefault(v, []).append(i)
        for found in beside_at.values():
            found.sort(key=lambda i: (-patrons[i].worth, i))
    worth = [g.worth for g in patrons]
    sub_worth = subs[0].worth if subs else 0.0

    def outcome_of(kind: int) -> tuple[int, dict[int, tuple[int, float, bool]]]:
        """For positions of ``kind`` (Σ aside): the values whose Result claims, and for each
        the kind it leads to (Σ aside), its points and whether it claimed a Primary or the
        Subroutine (the old planner's ``claim`` for every value at once): a value claims its
        first unclaimed Patron, else (NEAR unspent) the best unclaimed Patron beside it, and
        the targeted Subroutine besides."""
        found = outcomes.get(kind)
        if found is not None:
            return found
        mask, near_used = kind >> 2, kind & 1
        out: dict[int, tuple[int, float, bool]] = {}
        bits = 0
        for v, those in at.items():
            for i in those:
                if not mask >> i & 1:
                    w = worth[i]
                    out[v] = (mask | 1 << i) << 2 | near_used, 0.0 + w, w > 1.0
                    bits |= 1 << v
                    break
        if beside_at and not near_used:
            taken = bits
            for v, those in beside_at.items():
                if taken >> v & 1:
                    continue
                for i in those:
                    if not mask >> i & 1:
                        w = worth[i]
                        out[v] = (mask | 1 << i) << 2 | 1, 0.0 + w, w > 1.0
                        bits |= 1 << v
                        break
        if 0 <= sub_value <= 99 and not mask & sub_bit:
            if bits >> sub_value & 1:
                nkind, points, _ = out[sub_value]
            else:
                nkind, points = mask << 2 | near_used, 0.0
            out[sub_value] = (nkind | sub_bit << 2, points + sub_worth, True)
            bits |= 1 << sub_value
        outcomes[kind] = found = (bits, out)
        return found

    claims: dict[int, list[tuple[int, int, float, bool]]] = {}

    def claims_of(kind: int) -> list[tuple[int, int, float, bool]]:
        """``outcome_of`` as a list: [(Result, kind reached, points, claimed a Primary or the
        Subroutine)] of the Results that claim (Σ aside; made once a search)."""
        found = claims.get(kind)
        if found is None:
            cbits, res = outcome_of(kind)
            found = claims[kind] = [(r, *res[r]) for r in _values(cbits)]
        return found

    worths: dict[int, float] = {0: 0}

    goal_worths = [*worth, sub_worth]  # by goal bit: the Patrons', then the Subroutine's

    def worth_of(kind: int) -> float:
        """The goals a position of ``kind`` has claimed, summed in goal order (for ranking
        only): each set of the first of them is the one before plus its last goal's worth,
        and the sets known already are not summed again. (No recursion: a function that
        calls itself is a reference cycle, which only the garbage collector frees.)"""
        mask = kind >> 2
        found = worths.get(mask)
        if found is None:
            found, first, rest = 0, 0, mask
            while rest:
                low = rest & -rest
                rest ^= low
                first |= low
                known = worths.get(first)
                if known is None:
                    known = worths[first] = found + goal_worths[low.bit_length() - 1]
                found = known
        return found

    most_bonus = max(max(side.most) for _, side in sides)
    by_worth = sorted(range(len(patrons)), key=lambda i: -worth[i])  # the most worth first
    gains: dict[int, float] = {}

    def gain_of(kind: int) -> float:
        """The most one row can add to a position of ``kind`` (-1: of any kind): an unclaimed
        Patron's worth, the Subroutine's if unclaimed (one row may claim both), the greatest
        engine bonus. An upper bound, for leaving positions out of the last row."""
        mask = 0 if kind < 0 else kind >> 2
        found = gains.get(mask)
        if found is None:
            found = next((worth[i] for i in by_worth if not mask >> i & 1), 0.0) + most_bonus
            if subs and not mask & sub_bit:
                found += sub_worth
            gains[mask] = found
        return found

    # 1. The layers: for each number of rows, kind -> B -> values (integers only).
    layers: list[dict[int, dict[int, int]]] = [{0: {0: 1 << start_value}}]
    held: dict[int, dict[int, int]] = {0: {0: 1 << start_value}}  # kind -> best B -> values
    top = 0.0
    ranked: list[tuple[float, int, int, int, int]] = [(0.0, 0, 0, 0, 1 << start_value)]
    for step in range(1, limit + 1):
        if step == limit:
            for a, kind, b, values in _last_row(layers[-1], sides, outcome_of, worth_of,
                                                gain_of, step, top):
                if a > top - 1e-6:
                    ranked.append((a, step, kind, b, values))
                    if a > top:
                        top = a
            layers.append({})  # not asked for: the layer after the last row leads nowhere
            break
        reached_now = _next_layer(layers[-1], sides, outcome_of)
        layer: dict[int, dict[int, int]] = {}
        for kind, by_b in reached_now.items():
            kept = _improved(by_b, held.setdefault(kind, {}))
            if not kept:
                continue
            layer[kind] = kept
            w = worth_of(kind)
            for b, values in kept.items():
                a = w + b - 0.001 * step
                if a > top - 1e-6:
                    ranked.append((a, step, kind, b, values))
                    if a > top:
                        top = a
        layers.append(layer)
    candidates = [(s, k, b, v) for a, s, k, b, v in ranked if a >= top - 1e-6]

    # 2. Exact floats along the paths of greatest B to the candidates.
    def first_of(step: int, keys: list[int]) -> int:
        """The first reached of ``keys`` (positions after ``step`` rows, all in its layer):
        the end of the smallest path in board order through the layers' positions."""
        if len(keys) == 1:
            return keys[0]
        aim: dict[int, int] = {}
        for key in keys:
            aim[key >> 7] = aim.get(key >> 7, 0) | 1 << (key & 127)
        feasible = [aim]
        for s in range(step - 1, 0, -1):
            feasible.append(_can_reach(layers[s], aim, sides, outcome_of, claims_of))
            aim = feasible[-1]
        feasible.reverse()  # feasible[s - 1]: the positions after s rows that lead to keys
        kind, value = 0, start_value
        rows = sides[0][1].rows
        for s in range(step):
            want = feasible[s]
            used = kind & 2
            cbits, res = outcome_of(kind & ~2)
            targets = 0
            for bits in want.values():
                targets |= bits
            for r, op in rows[value]:
                if not targets >> r & 1 or (op.sigma and used):
                    continue
                mark = 2 if op.sigma else 0
                nkind = res[r][0] | used | mark if cbits >> r & 1 else kind | mark
                if want.get(nkind, 0) >> r & 1:
                    kind, value = nkind, r
                    break
            else:  # pragma: no cover
                raise AssertionError("a layer's position is reached")
        return kind << 7 | value

    if not candidates:
        return (), 0.0
    floats, choices = _exact(candidates, layers, sides, outcome_of, start_value)
    best_total, when = 0.0, -1
    for s, k, _, values in candidates:
        for v in _values(values):
            total = floats[s][k << 7 | v]
            if total > best_total or (total == best_total and when >= 0 and s < when):
                best_total, when = total, s
    if when < 0:
        return (), 0.0
    ties = [k << 7 | v for s, k, _, values in candidates if s == when
            for v in _values(values) if floats[s][k << 7 | v] == best_total]
    key = first_of(when, ties)
    ops: list[Operation] = []
    for s in range(when, 0, -1):
        made = choices[s][key]
        if len(made) > 1:
            pick = first_of(s - 1, [p for p, _ in made])
            made = [m for m in made if m[0] == pick]
        key, op = made[0]
        ops.append(op)
    return tuple(reversed(ops)), best_total


def _values(bits: int):
    """The values of a set of values (a bit mask), smallest first."""
    while bits:
        low = bits & -bits
        bits ^= low
        yield low.bit_length() - 1


def _next_layer(layer, sides, outcome_of) -> dict[int, dict[int, int]]:
    """Every position one row from ``layer`` (kind -> B -> values), with its greatest B (the
    last row is ``_last_row``'s).

    The Results of the rows from a set of values are found at once (``reach_of``). Those that
    claim nothing keep B: they are taken together. Those that claim are taken a Result at a
    time: the values of the set leading to it with each engine bonus (B only needs the
    values reached, not which row reached them).
    """
    out: dict[int, dict[int, int]] = {}
    for kind, by_b in layer.items():
        used = kind & 2
        cbits, res = outcome_of(kind & ~2)
        for mark, side in sides:
            if mark and used:
                continue
            reach_of, by_bonus, more = side.reach_of, side.by_bonus, used | mark
            for b, bits in by_b.items():
                reached = reach_of(bits)
                q = reached & ~cbits
                if q:
                    d = out.setdefault(kind | mark, {})
                    d[b] = d.get(b, 0) | q
                claimed = reached & cbits
                while claimed:
                    lo = claimed & -claimed
                    claimed ^= lo
                    r = lo.bit_length() - 1
                    nk, _, scored = res[r]
                    d = out.setdefault(nk | more, {})
                    if not scored:
                        d[b] = d.get(b, 0) | lo
                        continue
                    for extra, values in by_bonus[r]:
                        if bits & values:
                            d[b + extra] = d.get(b + extra, 0) | lo
    return out


def _last_row(layer, sides, outcome_of, worth_of, gain_of, step: int,
              top: float) -> list[tuple[float, int, int, int]]:
    """The positions the last row reaches that may be candidates: [(estimate, kind, B,
    values)].

    Only rows that claim (a quiet last row only costs), and of those only the ones whose
    estimate can come within 1e-6 of the best so far (``top``, raised as they come: it only
    grows, so a row left out is never a candidate). Positions go best first, and ``gain_of``
    (the most one row can add to a kind, or to any for -1) leaves out at once those no row
    can bring that far; of the others, only the Results their values reach that claim are
    looked at. Whether a position improves is not asked: one that does not was better before
    by at least 0.001 (no candidate either), and no row comes after the last.
    """
    groups = sorted(((worth_of(kind) + b - 0.001 * step, kind, b, bits)
                     for kind, by_b in layer.items() for b, bits in by_b.items()),
                    key=itemgetter(0), reverse=True)
    found: dict[tuple[int, int], int] = {}
    most = gain_of(-1)
    for base, kind, b, bits in groups:
        if base + most < top - 2e-6:
            break  # no row adds more to the positions after it either
        if base + gain_of(kind) < top - 2e-6:
            continue
        used = kind & 2
        cbits, res = outcome_of(kind & ~2)
        for mark, side in sides:
            if mark and used:
                continue
            claimed = side.reach_of(bits) & cbits
            if not claimed:
                continue
            more, by_bonus = used | mark, side.by_bonus
            for r in _values(claimed):
                nk, points, scored = res[r]
                if not scored:
                    if base + points >= top - 2e-6:
                        key = (nk | more, b)
                        found[key] = found.get(key, 0) | 1 << r
                        top = max(top, base + points)
                    continue
                if base + points + side.most[r] < top - 2e-6:
                    continue
                for extra, values in by_bonus[r]:
                    if bits & values and base + points + extra >= top - 2e-6:
                        key = (nk | more, b + extra)
                        found[key] = found.get(key, 0) | 1 << r
                        top = max(top, base + points + extra)
    return [(worth_of(nk) + nb - 0.001 * step, nk, nb, values)
            for (nk, nb), values in found.items()]


def _improved(by_b: dict[int, int], held: dict[int, int]) -> dict[int, int]:
    """Of the values of one kind reached (B -> values), those whose greatest B beats their best
    B so far (``held``: B -> values, updated): the ones whose entry improves."""
    if not held:  # a kind not reached before: every value improves, at its greatest B
        if len(by_b) == 1:
            held.update(by_b)
            return by_b
    elif len(by_b) == 1:  # one B: the values whose best B so far is less
        for b, bits in by_b.items():
            for hb, hv in held.items():
                if hb >= b:
                    bits &= ~hv
            if not bits:
                return {}
            for hb in held:
                held[hb] &= ~bits
            held[b] = held.get(b, 0) | bits
            return {b: bits}
    kept: dict[int, int] = {}
    covered = 0
    for b in sorted(by_b, reverse=True):
        bits = by_b[b] & ~covered
        covered |= by_b[b]
        if not bits:
            continue
        for hb, hv in held.items():
            if hb >= b:
                bits &= ~hv
        if bits:
            kept[b] = bits
    for b, bits in kept.items():
        for hb in held:
            held[hb] &= ~bits
        held[b] = held.get(b, 0) | bits
    return kept


def _can_reach(layer, aim: dict[int, int], sides, outcome_of, claims_of) -> dict[int, int]:
    """The positions of ``layer`` (kind -> B -> values) with a row into ``aim`` (kind ->
    values). A row only adds goals (and Σ spent, NEAR spent), so only kinds whose goals are
    among an aim's can reach it."""
    out: dict[int, int] = {}
    masks = {kind | 3 for kind in aim}  # the aims' goals, Σ and NEAR as if spent
    for kind, by_b in layer.items():
        for m in masks:  # (``any(...)`` without a generator: this runs for every kind)
            if not kind & ~m:
                break
        else:
            continue
        used = kind & 2
        acc = 0
        for mark, side in sides:
            if mark and used:
                continue
            q = aim.get(kind | mark, 0) & ~outcome_of(kind & ~2)[0]
            if q:
                acc |= _union(side.pred_chunks, q)
            pred = side.pred
            for r, nk, _, _ in claims_of(kind & ~2):
                if aim.get(nk | used | mark, 0) >> r & 1:
                    acc |= pred[r]
        if acc:
            members = 0
            for bits in by_b.values():
                members |= bits
            if members & acc:
                out[kind] = members & acc
    return out


def _exact(candidates, layers, sides, outcome_of, start_value: int):
    """The exact floats of the candidates, worked out along the paths of greatest B to them
    (an entry of less B is at least ~0.99 less, so never the greatest): step -> position ->
    float, and step -> position -> [(parent, row)] of its parents with the greatest float."""
    wanted: list[dict[int, int]] = [{} for _ in layers]  # step -> position -> B
    for s, k, b, values in candidates:
        for v in _values(values):
            wanted[s][k << 7 | v] = b
    edges: list[dict[int, list]] = [{} for _ in layers]
    for s in range(len(layers) - 1, 0, -1):
        if not wanted[s]:
            continue
        below = layers[s - 1]
        results = 0  # the Results wanted after ``s`` rows
        for key in wanted[s]:
            results |= 1 << (key & 127)
        into: dict[tuple[int, int], list[tuple[int, int]]] = {}  # claims: (kind, r) -> froms
        masks = {key >> 7 | 3 for key in wanted[s]}  # a row only adds goals (``_can_reach``)
        for kind in below:
            for m in masks:
                if not kind & ~m:
                    break
            else:
                continue
            used = kind & 2
            cbits, res = outcome_of(kind & ~2)
            for mark, _ in sides:
                if mark and used:
                    continue
                for r in _values(cbits & results):
                    into.setdefault((res[r][0] | used | mark, r), []).append((kind, mark))
        for key, b_key in wanted[s].items():
            kind, r = key >> 7, key & 127
            found = []
            for mark, side in sides:
                if mark and not kind & 2:
                    continue
                pk = kind & ~2 if mark else kind
                cbits, _ = outcome_of(pk & ~2)
                if cbits >> r & 1:
                    continue
                for v in _values(below.get(pk, {}).get(b_key, 0) & side.pred[r]):
                    j, op = side.row(v, r)[0]
                    found.append((pk << 7 | v, b_key, 0.0, j, op))
            for pk, mark in into.get((kind, r), ()):
                side = sides[1][1] if mark else sides[0][1]
                _, res = outcome_of(pk & ~2)
                _, points, scored = res[r]
                for b, bits in below[pk].items():
                    for v in _values(bits & side.pred[r]):
                        if scored:
                            j, op, extra = side.row(v, r)[1]
                            if b + extra != b_key:
                                continue
                            found.append((pk << 7 | v, b, points + extra, j, op))
                        elif b == b_key:
                            j, op = side.row(v, r)[0]
                            found.append((pk << 7 | v, b, points, j, op))
            edges[s][key] = found
            for parent, b, *_ in found:
                wanted[s - 1][parent] = b
    floats: list[dict[int, float]] = [{} for _ in layers]
    choices: list[dict[int, list]] = [{} for _ in layers]
    floats[0][start_value] = 0.0
    for s in range(1, len(layers)):
        below, here = floats[s - 1], floats[s]
        for key, found in edges[s].items():
            top, made = float("-inf"), []
            for parent, _, points, j, op in found:
                total = below[parent] + points - 0.001
                if total > top:
                    top, made = total, [(parent, j, op)]
                elif total == top:
                    made.append((parent, j, op))
            here[key] = top
            choices[s][key] = _first_rows(made)
    return floats, choices


def _first_rows(made: list[tuple[int, int, Operation]]) -> list[tuple[int, Operation]]:
    """For each parent, its first row (by place on the board) among those with the best float:
    [(parent, Operation)] (which parent was first reached is asked later, if it matters)."""
    first: dict[int, tuple[int, Operation]] = {}
    for parent, j, op in made:
        if parent not in first or j < first[parent][0]:
            first[parent] = (j, op)
    return [(parent, op) for parent, (_, op) in first.items()]
