"""The greedy player: each row takes the most points it can right now.

When no row scores at once it steps towards the nearest open Patron or its Subroutine (by
exact row counts), so it is not blind, just short-sighted: it never gives up a point now for
two later, and it ignores its opponents: offered a choice of Influence types it takes the one
it already holds most of, not the one that wins a majority against the others.
"""

from __future__ import annotations

from lnb.babbage.bots.base import BotBase, Goal, round_goals
from lnb.babbage.game import ResolveRow, State
from lnb.babbage.programs import Program
from lnb.babbage.solver import MoveTable, Solver, search


class Greedy(BotBase):
    """Most points this Round, row by row; the nearest Subroutine; activates everything;
    takes the Influence type it holds most of."""

    name = "greedy"
    strength = 2

    def choose_target(self, state: State, player: str) -> int:
        dist = Solver(state.board, state.start_value(player)).distances()
        subs = state.targetable(player)
        return min(subs, key=lambda s: (dist[s.target] or 99, subs.index(s))).target

    def choose_resolution(
        self, state: State, player: str, actions: list[ResolveRow]
    ) -> ResolveRow:
        """The type it already holds most of (the first offered on a tie): its own
        collection, never the opponents' counts."""
        mine = state.player(player).influence

        def held(a: ResolveRow) -> tuple[int, int]:
            return (mine.get(a.take, 0) if a.take else -1, -actions.index(a))

        return max(actions, key=held)

    def write_program(self, state: State, player: str) -> tuple[Program, tuple]:
        board = state.board
        limit = state.program_limit(player)
        sigma = state.sigma_rows(player) > 0
        table = MoveTable.of(board, sigma=sigma)
        goals = list(round_goals(state, player, careful=False))
        bonus = state.edition.engine_bonus
        value, used = state.start_value(player), False
        ops = []
        for row in range(limit):
            moves = [m for m in table.moves(value) if not (used and m.operation.sigma)]
            if not moves or not goals:
                break

            def gain(m, goals: list[Goal] = goals) -> float:
                hit = [g for g in goals if g.value == m.result]
                points = sum(g.worth for g in hit)
                if hit and m.operation.level in bonus:
                    points += bonus[m.operation.level]
                return points

            best = max(moves, key=gain)
            if gain(best) <= 0:
                left = limit - row - 1

                def rows_to_goal(m, goals: list[Goal] = goals) -> int:
                    far = [search(board, (g.value,)).rows_needed(m.result, 0) for g in goals]
                    return min((d for d in far if d is not None), default=99)

                best = min(moves, key=rows_to_goal)
                if rows_to_goal(best) > left:
                    break
            else:
                done = {g.value for g in goals if g.value == best.result}
                # One row claims one Patron (and maybe the Subroutine).
                kept, dropped = [], set()
                for g in goals:
                    if g.value in done and g.kind not in dropped:
                        dropped.add(g.kind)
                        continue
                    kept.append(g)
                goals = kept
            ops.append(best.operation)
            value, used = best.result, used or best.operation.sigma
        return Program.of(ops), ()

    def think_seconds(self, state: State, player: str) -> float:
        return self.rng(state, player, "think").uniform(10.0, 30.0)
