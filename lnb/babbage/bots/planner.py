"""The planner: the best program under its limit for this Round's Patrons and Subroutine.

An exact search over positions (value, goals earned, Σ spent, NEAR spent), row by row up to
its Operation limit, maximising the estimated points of the Round: Patrons valued by the
majorities they help, the targeted Subroutine by the points and effect it brings, engine
bonuses of levels C–E. It uses its effects: it activates every completed Subroutine (EXTRA
and SLOW change limits, SIGMA adds Σ rows to the search, NEAR lets a Result within ±1 claim,
a RESERVE Patron may be claimed twice) and picks the Subroutine it can reach soonest.
"""

from __future__ import annotations

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
    """The program of at most the player's limit with the most estimated points this Round."""
    goals = round_goals(state, player, careful=True)
    patrons = [g for g in goals if g.kind == "patron"]
    subs = [g for g in goals if g.kind == "subroutine"]
    sub_bit = 1 << len(patrons)
    play = state.player(player).play
    near = any(u.effect is Effect.NEAR and not u.spent for u in play.uses)
    sigma = state.sigma_rows(player) > 0
    table = MoveTable.of(state.board, sigma=sigma)
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

    start = (state.start_value(player), 0, False, False)
    best: dict[tuple[int, int, bool, bool], tuple[float, tuple[Operation, ...]]] = {
        start: (0.0, ())
    }
    layer = [start]
    overall = (0.0, ())
    for _ in range(limit):
        nxt: dict[tuple[int, int, bool, bool], tuple[float, tuple[Operation, ...]]] = {}
        for pos in layer:
            value, mask, used, near_used = pos
            score, ops = best[pos]
            for move in table.moves(value):
                op = move.operation
                if used and op.sigma:
                    continue
                nmask, points, scored, nnear = claim(move.result, mask, near_used)
                if scored and op.level in bonus:
                    points += bonus[op.level]
                # A tiny preference for fewer rows keeps programs short when nothing is lost.
                total = score + points - 0.001
                key = (move.result, nmask, used or op.sigma, nnear)
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
