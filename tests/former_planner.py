"""The planner's former exact search (``_search``), kept as a reference for its layered search.

Moved here from ``lnb/babbage/bots/planner.py`` when ``best_program`` switched to
``_layered_search`` (issue 13): ``tests/test_planner_search.py`` checks that the layered search
decides exactly as this one on every planner decision of seeded games (this one was itself
checked against the old planner, ``tests/reference_solver.py``, by ``tests/test_fast_paths.py``
and the golden file).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

from lnb.babbage.bots.base import round_goals
from lnb.babbage.edition import Effect
from lnb.babbage.game import State
from lnb.babbage.operations import Operation
from lnb.babbage.solver import MoveTable


def _search(state: State, player: str) -> tuple[tuple[Operation, ...], float]:
    """``best_program``'s exact search.

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
    bonus = state.edition.engine_bonus
    index = _index(table, dict(bonus))
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

    everything = (1 << 100) - 1
    exact_bits = [1 << g.value & everything for g in patrons]
    close_bits = [((1 << g.value + 1) | (1 << g.value >> 1)) & everything for g in patrons]
    sub_bits = 1 << sub_value if 0 <= sub_value <= 99 else 0
    claiming: dict[int, int] = {}

    def claims(kind: int) -> int:
        """The values whose Result claims something from positions of this kind (Σ aside):
        a Patron still free there (or, with NEAR unspent, beside it), or the Subroutine."""
        bits = claiming.get(kind)
        if bits is None:
            mask, near_used = kind >> 2, bool(kind & 1)
            bits = 0 if mask & sub_bit else sub_bits
            for i, exact_bit in enumerate(exact_bits):
                if not mask & (1 << i):
                    bits |= exact_bit
                    if near and not near_used:
                        bits |= close_bits[i]
            claiming[kind] = bits
        return bits

    # Positions are ints: kind << 7 | value, kind = mask << 2 | Σ spent << 1 | NEAR spent.
    # An entry is (estimate, when it was reached, the entry it extends, the row's Operation):
    # the winning candidate itself (``chosen``'s tuples), kept as it is.
    start: Entry = (0.0, 0, None, None)
    best: dict[int, Entry] = {state.start_value(player): start}
    layer = list(best)
    overall = start
    plain = index.plain
    sides = ((0, plain), (2, index.marked)) if sigma else ((0, plain),)
    owned = {0: 1 << state.start_value(player)}  # kind -> values with an entry in ``best``
    floor = {0: 0.0}  # kind -> no entry of that kind is below this estimate
    most = max(0, *bonus.values())

    def settled(there: int, quiet_best: float) -> int:
        """Values of kind ``there`` whose entry no quiet row (estimate at most
        ``quiet_best``) can improve: such rows change nothing, so they are skipped."""
        bits = owned.get(there, 0)
        if not bits or floor[there] >= quiet_best:
            return bits
        kept, base, rest = 0, there << 7, bits
        while rest:
            low = rest & -rest
            rest ^= low
            if best[base | (low.bit_length() - 1)][0] >= quiet_best:
                kept |= low
        return kept

    def first_quiet(keys: list[int], found: dict[int, int]) -> None:
        """Bring forward ``found`` of ``keys`` where a quiet row of this layer reached them
        sooner (those rows were skipped as changing nothing): for each kind wanted, only the
        positions of the layer that lead to it (``groups``), in layer order."""
        wanted: dict[int, int] = {}
        for key in keys:
            wanted[key >> 7] = wanted.get(key >> 7, 0) | 1 << (key & 127)
        for there, bits in wanted.items():
            quiet_bits = ~claiming[there & ~2]
            base = there << 7
            for mark, side in sides:
                if mark and not there & 2:
                    continue
                rest = bits
                reach, first = side.reach, side.first
                for i in groups.get(there & ~2 if mark else there, ()):
                    value = layer[i] & 127
                    hits = reach[value] & rest & quiet_bits
                    if not hits:
                        continue
                    rest ^= hits
                    when = i << 8
                    while hits:
                        low = hits & -hits
                        hits ^= low
                        r = low.bit_length() - 1
                        key = base | r
                        found[key] = min(found[key], when + first[value][r][0])
                    if not rest:
                        break

    def first_reached(key: int) -> int:
        """When any row of this layer first reached ``key`` (the last layer's ties)."""
        kind, r = key >> 7, key & 127
        for i, here in enumerate(layer):
            hkind, value = here >> 7, here & 127
            mask, near_used = hkind >> 2, bool(hkind & 1)
            for mark, side in sides:
                if (mark and hkind & 2) or not side.reach[value] >> r & 1:
                    continue
                if claims(hkind & ~2) >> r & 1:
                    nmask, _, _, nnear = claim(r, mask, near_used)
                    reached = nmask << 2 | (hkind & 2 | mark) | nnear
                else:
                    reached = hkind | mark
                if reached == kind:
                    return (i << 8) + side.first[value][r][0]
        raise AssertionError("a chosen position was reached")  # pragma: no cover

    outcomes: dict[int, list[tuple[int, float, bool]]] = {}
    gains: dict[int, float] = {}

    def claim_outcomes(kind: int) -> list[tuple[int, float, bool]]:
        """For each value claiming from positions of ``kind`` (Σ aside): the kind it leads to
        (Σ aside), its points and whether it claimed a Primary or the Subroutine."""
        # What ``claim`` does, for every value at once: the first free Patron of a value,
        # else (NEAR unspent) the most worth beside it, then the first; and the Subroutine.
        mask, near_used = kind >> 2, kind & 1
        found: list[tuple[int, float, bool]] = [(0, 0.0, False)] * 100
        taken: dict[int, int] = {}  # value -> the Patron its Result claims
        for i, g in enumerate(patrons):
            if not mask & (1 << i) and g.value not in taken:
                taken[g.value] = i
        beside: dict[int, tuple[float, int]] = {}
        if near and not near_used:
            for i, g in enumerate(patrons):
                if mask & (1 << i):
                    continue
                for v in (g.value - 1, g.value + 1):
                    if 0 <= v <= 99 and v not in taken and (v not in beside
                                                           or (g.worth, -i) > beside[v]):
                        beside[v] = (g.worth, -i)
            for v, (worth, neg) in beside.items():
                found[v] = (mask | 1 << -neg) << 2 | 1, 0.0 + worth, worth > 1.0
        for v, i in taken.items():
            worth = patrons[i].worth
            found[v] = (mask | 1 << i) << 2 | near_used, 0.0 + worth, worth > 1.0
        claiming_values = [*taken, *beside]
        if 0 <= sub_value <= 99 and not mask & sub_bit:
            if sub_value in taken or sub_value in beside:
                nkind, points, _ = found[sub_value]
            else:
                nkind, points = mask << 2 | near_used, 0.0
            found[sub_value] = (nkind | sub_bit << 2, points + subs[0].worth, True)
            claiming_values.append(sub_value)
        # The most a claiming row adds from here (for bounds; ``best_gain``).
        gain = 0.0
        for v in claiming_values:
            _, points, scored = found[v]
            if scored:
                points += most
            if points > gain:
                gain = points
        gains[kind] = gain
        outcomes[kind] = found
        return found

    bar = [float("-inf")]  # the best candidate of the last rows so far

    def scoring_rows(here: int, entry: Entry, when: int, floor_total: float,
                     chosen: dict[int, tuple[float, int, Entry, Operation]]) -> None:
        """The last rows from ``here`` whose Result claims something, one by one: those whose
        estimate beats ``floor_total`` are candidates in ``chosen``. Only the best candidate
        and those equal to it matter, so one below the best so far (``bar``) is left out."""
        if floor_total < bar[0]:
            floor_total = bar[0]
            strict = False  # a candidate equal to the best so far may still win its tie
        else:
            strict = True
        score = entry[0]
        value, kind = here & 127, here >> 7
        used = kind & 2
        info = kind_info.get(kind)
        if info is None:
            info = kind_info[kind] = about(kind)
        claiming_bits, _, outcome = info
        for mark, side in sides:
            if used and mark:
                continue
            scoring = side.reach[value] & claiming_bits
            if not scoring:
                continue
            first, bonus_rows, bonus_row = side.first[value], side.bonus_rows, side.bonus_row
            while scoring:
                low = scoring & -scoring
                scoring ^= low
                r = low.bit_length() - 1
                claimed, points, scored = outcome[r]
                # The best of the rows to r: the most points, then the first on the board.
                if scored:
                    at, by, extra = bonus_rows.get(value << 7 | r) or bonus_row(value, r)
                    top = score + (points + extra) - 0.001
                else:
                    top = score + points - 0.001
                    at = -1
                if top < floor_total or (strict and top == floor_total):
                    continue
                if at < 0:
                    at, by = first[r]
                if top > floor_total:
                    floor_total, strict = top, False
                    bar[0] = top
                key = (claimed | used | mark) << 7 | r
                old = chosen.get(key)
                if old is None or top > old[0] or (top == old[0] and when + at < old[1]):
                    chosen[key] = (top, when + at, entry, by)

    def best_gain(kind: int) -> float:
        """The most a claiming row can add from a position of this kind (for bounds)."""
        found = gains.get(kind)
        if found is None:
            claim_outcomes(kind)  # works it out
            found = gains[kind]
        return found

    def reached(kind: int, mark: int, r: int) -> int:
        """The kind of position a row of ``mark`` to ``r`` leads to from ``kind``."""
        if claims(kind & ~2) >> r & 1:
            nmask, _, _, nnear = claim(r, kind >> 2, bool(kind & 1))
            return nmask << 2 | (kind & 2 | mark) | nnear
        return kind | mark

    able: dict[int, int] = {}

    def capable(kind: int) -> int:
        """Values from which a row claims something, for positions of ``kind``."""
        bits = able.get(kind)
        if bits is None:
            bits, rest = 0, claims(kind & ~2)
            preds = [side.pred for mark, side in sides if not (mark and kind & 2)]
            while rest:
                low = rest & -rest
                rest ^= low
                for pred in preds:
                    bits |= pred[low.bit_length() - 1]
            able[kind] = bits
        return bits

    def last_two(found: dict[int, int], chosen: dict[int, tuple[float, int, Entry, Operation]],
                 firsts: dict[int, list[tuple[int, int, _Side, int]]],
                 winners: dict[int, list[tuple[float, int, Entry, int, _Side, int]]],
                 suspects: list[int], overall: Entry, union: dict[int, int]) -> Entry:
        """Finish the last two rows. The next-to-last rows' claims are positions like any
        other; their quiet rows are kept as they came (``firsts``: in the order values were
        first reached; ``winners``: best estimate first; ``union``: the values each kind's
        quiet rows reached, all of ``firsts``), and only the last rows that claim
        are looked at."""
        def pick_first(kind: int, bits: int) -> dict[int, int]:
            """When each value of ``bits`` was first reached by a quiet row into ``kind``."""
            out: dict[int, int] = {}
            for when, value, side, got in firsts[kind]:
                hit = got & bits
                if not hit:
                    continue
                bits ^= hit
                first = side.first[value]
                while hit:
                    low = hit & -hit
                    hit ^= low
                    r = low.bit_length() - 1
                    out[r] = when + first[r][0]
                if not bits:
                    break
            return out

        def pick_winner(kind: int, bits: int) -> dict[int, tuple[float, int, Entry, Operation]]:
            """The winning quiet row to each value of ``bits`` in ``kind``."""
            out: dict[int, tuple[float, int, Entry, Operation]] = {}
            for t, when, parent, value, side, got in winners[kind]:
                hit = got & bits
                if not hit:
                    continue
                bits ^= hit
                first = side.first[value]
                while hit:
                    low = hit & -hit
                    hit ^= low
                    r = low.bit_length() - 1
                    j, op = first[r]
                    out[r] = (t, when + j, parent, op)
                if not bits:
                    break
            return out

        taken: dict[int, int] = {}  # quiet positions also reached by a claim
        for key in found:
            if key >> 7 in union and union[key >> 7] >> (key & 127) & 1:
                taken[key >> 7] = taken.get(key >> 7, 0) | 1 << (key & 127)
        for kind, bits in taken.items():
            orders, wins = pick_first(kind, bits), pick_winner(kind, bits)
            for r, order in orders.items():
                key = kind << 7 | r
                found[key] = min(found[key], order)
                win, old = wins[r], chosen[key]
                if win[0] > old[0] or (win[0] == old[0] and win[1] < old[1]):
                    chosen[key] = win
        better = [k for k in found if k not in best or chosen[k][0] > best[k][0]]
        first_quiet([k for k in suspects if k in best and chosen[k][0] > best[k][0]], found)
        beating = [k for k in better if chosen[k][0] > overall[0]]
        if beating:
            top = max(chosen[k][0] for k in beating)
            key = min((k for k in beating if chosen[k][0] == top), key=found.__getitem__)
            overall = chosen[key]
        # The quiet positions that improve (a value with an entry may not): worked out
        # for a kind when asked for (most kinds cannot beat the best, and only ties ask for
        # them all).
        quiet: dict[int, int] = {}

        def improving(kind: int) -> int:
            """The values of ``kind`` whose quiet position improves (``quiet``, made once)."""
            bits = quiet.get(kind)
            if bits is None:
                bits = union[kind] & ~taken.get(kind, 0)
                doubt = bits & owned.get(kind, 0)
                if doubt:
                    for r, win in pick_winner(kind, doubt).items():
                        if win[0] <= best[kind << 7 | r][0]:
                            bits &= ~(1 << r)
                quiet[kind] = bits
            return bits
        # The last rows, from every position the next-to-last rows reached.
        floor_total = overall[0]
        last: dict[int, tuple[float, int, Entry, Operation]] = {}
        # The best position first: its candidates raise ``bar`` and so leave out more of
        # the others' (worked out again in order below, which changes nothing).
        if better:
            lead = max(better, key=lambda k: chosen[k][0])
            scoring_rows(lead, chosen[lead], found[lead] << 8, floor_total, last)
        for key in better:
            made = chosen[key]
            gain = gains.get(key >> 7 & ~2)
            if gain is None:
                gain = best_gain(key >> 7 & ~2)
            most_then = made[0] + gain - 0.001
            if most_then > floor_total and most_then >= bar[0]:
                scoring_rows(key, made, found[key] << 8, floor_total, last)
        for kind in union:
            gain = best_gain(kind & ~2)
            most_then = quiet_top[kind] + gain - 0.001
            if most_then <= floor_total or most_then < bar[0]:
                continue
            bits = improving(kind) & capable(kind)
            if not bits:
                continue
            wins = pick_winner(kind, bits)
            bits = 0
            for r, win in wins.items():
                most_then = win[0] + gain - 0.001
                if most_then > floor_total and most_then >= bar[0]:
                    bits |= 1 << r
            for r, order in pick_first(kind, bits).items():
                scoring_rows(kind << 7 | r, wins[r], order << 8, floor_total, last)
        if not last:
            return overall
        top = max(c[0] for c in last.values())
        ties = [k for k, c in last.items() if c[0] == top]
        if len(ties) > 1:
            # Among equal estimates the first reached wins: one pass over the positions.
            wanted = set(ties)
            values = 0
            for key in ties:
                values |= 1 << (key & 127)
            soonest: dict[int, int] = {}

            def note(kind: int, mark: int, value: int, side: _Side, at: int) -> None:
                hits = side.reach[value] & values
                while hits:
                    low = hits & -hits
                    hits ^= low
                    r = low.bit_length() - 1
                    key = reached(kind, mark, r) << 7 | r
                    when = (at << 8) + side.first[value][r][0]
                    if key in wanted and when < soonest.get(key, when + 1):
                        soonest[key] = when

            for here in better:
                for mark, side in sides:
                    if not (mark and here >> 7 & 2):
                        note(here >> 7, mark, here & 127, side, found[here])
            for hkind in union:
                bits = improving(hkind)
                for mark, side in sides:
                    if mark and hkind & 2:
                        continue
                    near, rest = 0, values
                    while rest:
                        low = rest & -rest
                        rest ^= low
                        r = low.bit_length() - 1
                        if reached(hkind, mark, r) << 7 | r in wanted:
                            near |= side.pred[r]
                    for value, at in pick_first(hkind, near & bits).items():
                        note(hkind, mark, value, side, at)
            ties.sort(key=soonest.__getitem__)
        return last[ties[0]]

    kind_info: dict[int, tuple[int, int, list[tuple[int, float, bool]]]] = {}

    def about(kind: int) -> tuple[int, int, list[tuple[int, float, bool]]]:
        """For positions of ``kind``: the values whose Result claims, the others, and what
        each claims (``claims``, its complement and ``claim_outcomes``, Σ aside)."""
        bits = claims(kind & ~2)
        return bits, everything ^ bits, outcomes.get(kind & ~2) or claim_outcomes(kind & ~2)

    seen: dict[int, int] = {}
    # The layer's positions by kind (their places in it), and each kind's best and least
    # estimate there (kept as the layer is made).
    groups: dict[int, list[int]] = {0: [0]}
    highest: dict[int, float] = {0: 0.0}
    lowest: dict[int, float] = {0: 0.0}
    for step in range(limit):
        chosen: dict[int, tuple[float, int, Entry, Operation]] = {}
        if step == limit - 1:
            # The last rows: only a claim can beat the best so far (a quiet row only costs),
            # and only the best estimate matters, then the first reached among equals.
            floor_total = overall[0]
            for i, here in enumerate(layer):
                entry = best[here]
                gain = gains.get(here >> 7 & ~2)
                if gain is None:
                    gain = best_gain(here >> 7 & ~2)
                if entry[0] + gain - 0.001 <= floor_total:
                    continue
                scoring_rows(here, entry, i << 8, floor_total, chosen)
            if chosen:
                top = max(c[0] for c in chosen.values())
                ties = [k for k, c in chosen.items() if c[0] == top]
                key = min(ties, key=first_reached) if len(ties) > 1 else ties[0]
                overall = chosen[key]
            break
        found: dict[int, int] = {}  # position -> when first reached (row of layer, move)
        seen = {}  # kind -> values reached so far
        quiet_best: dict[int, float] = {}
        quiet_least: dict[int, float] = {}
        if sigma:
            for kind, top in highest.items():  # the layer's estimates per kind, less a row
                t, u = top - 0.001, lowest[kind] - 0.001
                for mark, _ in sides:
                    if mark and kind & 2:
                        continue
                    if quiet_best.get(kind | mark, t) <= t:
                        quiet_best[kind | mark] = t
                    if quiet_least.get(kind | mark, u) >= u:
                        quiet_least[kind | mark] = u
        else:  # one side: a quiet row stays in its kind
            for kind, top in highest.items():
                quiet_best[kind] = top - 0.001
                quiet_least[kind] = lowest[kind] - 0.001
        skipped = {kind: settled(kind, t) for kind, t in quiet_best.items()}
        # Where every quiet row into a kind has the same estimate, the first reached wins:
        # chosen at once. Elsewhere a second pass, best estimate first, chooses.
        mixed = {kind for kind, t in quiet_best.items() if quiet_least[kind] != t}
        suspects: list[int] = []
        quiet = []
        first_won: dict[int, int] = {}
        # Before the last rows, quiet rows are kept as they come: kind -> [(when, value,
        # side, values first reached)], and [(estimate, when, entry, value, side, values won)].
        fused = step == limit - 2
        firsts: dict[int, list[tuple[int, int, _Side, int]]] = {}
        winners: dict[int, list[tuple[float, int, Entry, int, _Side, int]]] = {}
        quiet_top = quiet_best
        # For each kind of the layer: what it claims, and each side's way out of it (the
        # kind it leads to, the quiet values that may change something there, mixed or not).
        plans = {}
        for kind in groups:
            info = kind_info.get(kind)
            if info is None:
                info = kind_info[kind] = about(kind)
            if sigma:
                routes = tuple(
                    (mark, side, kind | mark, info[1] & ~skipped[kind | mark], kind | mark in mixed)
                    for mark, side in sides if not (mark and kind & 2))
            else:
                routes = ((0, plain, kind, info[1] & ~skipped[kind], kind in mixed),)
            plans[kind] = (info[0], info[2], kind & 2, routes)
        for i, here in enumerate(layer):
            entry = best[here]
            value, kind = here & 127, here >> 7
            claiming_bits, outcome, used, routes = plans[kind]
            when = i << 8
            score = entry[0]
            t = score - 0.001
            queued = False
            for mark, side, there, quiet_there, is_mixed in routes:
                reach = side.reach[value]
                scoring = reach & claiming_bits
                if scoring:
                    # The rows that claim, one by one (``scoring_rows``, written out here).
                    first = side.first[value]
                    bonus_rows, row_base = side.bonus_rows, value << 7
                    while scoring:
                        low = scoring & -scoring
                        scoring ^= low
                        r = low.bit_length() - 1
                        claimed, points, scored = outcome[r]
                        nkind = claimed | used | mark
                        key = nkind << 7 | r
                        if key not in found:
                            found[key] = when + first[r][0]
                            seen[nkind] = seen.get(nkind, 0) | low
                            if skipped.get(nkind, 0) & low:
                                suspects.append(key)
                        # The best of the rows to r: the most points, then the first.
                        if scored:
                            at, by, extra = (bonus_rows.get(row_base | r)
                                             or side.bonus_row(value, r))
                            top = score + (points + extra) - 0.001
                        else:
                            at, by = first[r]
                            top = score + points - 0.001
                        old = chosen.get(key)
                        if (old is None or top > old[0]
                                or (top == old[0] and when + at < old[1])):
                            chosen[key] = (top, when + at, entry, by)
                if is_mixed and not queued:
                    quiet.append((t, i, value, entry, routes))
                    queued = True
                usable = reach & quiet_there
                if not usable:
                    continue
                if fused:
                    fresh = usable & ~first_won.get(there, 0)
                    if fresh:
                        first_won[there] = first_won.get(there, 0) | fresh
                        firsts.setdefault(there, []).append((when, value, side, fresh))
                        if not is_mixed:  # the first quiet row wins here
                            winners.setdefault(there, []).append(
                                (t, when, entry, value, side, fresh))
                    continue
                new = usable & ~seen.get(there, 0)
                first = side.first[value]
                base = there << 7
                if new:
                    seen[there] = seen.get(there, 0) | new
                if is_mixed:
                    while new:
                        low = new & -new
                        new ^= low
                        r = low.bit_length() - 1
                        found[base | r] = when + first[r][0]
                    continue
                # The first quiet row wins here; the values first reached (``new``, among
                # ``fresh``) have no entry yet.
                fresh = usable & ~first_won.get(there, 0)
                first_won[there] = first_won.get(there, 0) | fresh
                while fresh:
                    low = fresh & -fresh
                    fresh ^= low
                    r = low.bit_length() - 1
                    key = base | r
                    j, op = first[r]
                    if new & low:
                        found[key] = when + j
                        chosen[key] = (t, when + j, entry, op)
                        continue
                    old = chosen.get(key)
                    if old is None or t > old[0]:
                        chosen[key] = (t, when + j, entry, op)
        # Rows that claim nothing: the best estimate wins, then the first reached.
        quiet.sort(key=itemgetter(0), reverse=True)  # stable: in layer order among equals
        won: dict[int, int] = {}
        for total, i, value, entry, routes in quiet:
            for _, side, there, quiet_there, is_mixed in routes:
                if not is_mixed:
                    continue
                new = side.reach[value] & quiet_there & ~won.get(there, 0)
                if not new:
                    continue
                won[there] = won.get(there, 0) | new
                first = side.first[value]
                base = there << 7
                when = i << 8
                if fused:
                    winners.setdefault(there, []).append((total, when, entry, value, side, new))
                    continue
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
        if fused:
            overall = last_two(found, chosen, firsts, winners, suspects, overall, first_won)
            break
        # Only positions whose entry improves go on (the others change nothing).
        better = [k for k in found if k not in best or chosen[k][0] > best[k][0]]
        first_quiet([k for k in suspects if k in best and chosen[k][0] > best[k][0]], found)
        better.sort(key=found.__getitem__)
        highest, lowest, groups = {}, {}, {}
        values: dict[int, int] = {}  # kind -> the layer's values
        for i, key in enumerate(better):
            made = chosen[key]
            total = made[0]
            best[key] = made
            kind = key >> 7
            if kind in groups:
                groups[kind].append(i)
                values[kind] |= 1 << (key & 127)
                if total > highest[kind]:
                    highest[kind] = total
                elif total < lowest[kind]:
                    lowest[kind] = total
            else:
                groups[kind] = [i]
                values[kind] = 1 << (key & 127)
                highest[kind] = lowest[kind] = total
        for kind, bits in values.items():
            owned[kind] = owned.get(kind, 0) | bits
            if lowest[kind] < floor.get(kind, lowest[kind] + 1.0):
                floor[kind] = lowest[kind]
        if better:
            top = max(highest.values())
            if top > overall[0]:  # the first of the layer with the best estimate
                overall = next(made for made in map(chosen.__getitem__, better)
                               if made[0] == top)
        layer = better
    ops: list[Operation] = []
    link: Entry | None = overall
    while link is not None and link[3] is not None:
        ops.append(link[3])
        link = link[2]
    return tuple(reversed(ops)), overall[0]


Entry = tuple[float, int, "Entry | None", "Operation | None"]



class _Side:
    """Rows of one kind (unmarked, or Σ) from each value: the Results as a bit mask, the
    first row to each Result (with its place on the board's list) and the values leading to
    each Result; the row a claim is written with is worked out when first asked for."""

    def __init__(self, rows: list[tuple[tuple[int, Operation], ...]], mark: bool,
                 bonus: dict[str, int], reach: list[int],
                 first: list[dict[int, tuple[int, Operation]]], pred: list[int]) -> None:
        self.rows, self.mark = rows, mark
        self.reach, self.first, self.pred = reach, first, pred
        self.bonus: dict[str, int] = bonus
        # value << 7 | Result -> the first of the rows with the largest engine bonus (its
        # place, the row, the bonus: 0 for a level without one, which adds the same)
        self.bonus_rows: dict[int, tuple[int, Operation, int]] = {}

    def bonus_row(self, value: int, r: int) -> tuple[int, Operation, int]:
        """The row from ``value`` to ``r`` a claim is best written with: the largest engine
        bonus of its level (none counting as 0), then the first on the board."""
        bonus, mark, rows, base = self.bonus, self.mark, self.bonus_rows, value << 7
        tops: dict[int, int] = {}
        for j, (to, op) in enumerate(self.rows[value]):  # every Result of ``value`` at once
            if op.sigma is mark:
                extra = bonus.get(op.level) or 0
                if to not in tops or extra > tops[to]:
                    tops[to] = extra
                    rows[base | to] = (j, op, extra)
        return rows[base | r]



@dataclass(frozen=True)
class _Index:
    plain: _Side
    marked: _Side


def _index(table: MoveTable, bonus: dict[str, int]) -> _Index:
    """The planner's view of a board's rows (made once per table and engine bonuses)."""
    name = f"planner {sorted(bonus.items())}"
    found = table.cache.get(name)
    if found is None:
        found = table.cache[name] = _sides(table.rows, table.sigma, bonus)
    return found


def _sides(rows: list[tuple[tuple[int, Operation], ...]], sigma: bool,
           bonus: dict[str, int]) -> _Index:
    """Both sides of a table in one pass over its rows: for each value the Results as a bit
    mask and the first row to each; for each Result the values leading to it."""
    reach: tuple[list[int], list[int]] = ([], [])
    firsts: tuple[list[dict[int, tuple[int, Operation]]], ...] = ([], [])
    preds = ([0] * 100, [0] * 100)
    for value, row in enumerate(rows):
        bit = 1 << value
        bits = [0, 0]
        first: tuple[dict[int, tuple[int, Operation]], ...] = ({}, {})
        for j in range(len(row) - 1, -1, -1):  # backwards: the first row to r stays
            r, op = row[j]
            if op.sigma is True:
                if not sigma:
                    continue
                side = 1
            elif op.sigma is False:
                side = 0
            else:  # pragma: no cover - a row is marked Σ or not
                continue
            bits[side] |= 1 << r
            first[side][r] = (j, op)
            preds[side][r] |= bit
        for side in (0, 1):
            reach[side].append(bits[side])
            firsts[side].append(first[side])
    empty: list[tuple[tuple[int, Operation], ...]] = [()] * 100
    return _Index(_Side(rows, False, bonus, reach[0], firsts[0], preds[0]),
                  _Side(rows if sigma else empty, True, bonus, reach[1], firsts[1], preds[1]))
