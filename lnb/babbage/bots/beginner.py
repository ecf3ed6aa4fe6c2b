"""The beginner: the mistakes a new player makes, but never an illegal action.

It writes the shortest way to the nearest Patron (or its Subroutine), then to the next,
and stops early: three to five rows at most, and the plan may end sooner. Now and then it
makes a new player's mistakes: it aims at a Patron picked at random (maybe far, maybe one
the others take first), targets a Subroutine at random, forgets to activate the ones it has
completed, takes the first Influence type offered (so it misses majorities) and thinks long,
so it usually finishes last and sometimes only just in time. Every action stays legal.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.bots import Beginner
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2)
>>> state = game.new_initial_state()
>>> Beginner(seed=1).choose_action(state, "Ada")
Target(player='Ada', subroutine=49)
"""

from __future__ import annotations

import random

from lnb.babbage.bots.base import BotBase, round_goals
from lnb.babbage.game import ResolveRow, State
from lnb.babbage.programs import Program
from lnb.babbage.solver import Solver

#: How many rows a beginner writes at most (its plan is shorter still when it hits early).
BUDGETS = (3, 4, 5)
#: How often its aim is a Patron picked at random rather than the nearest one.
WRONG_AIM = 0.3
#: How often it looks for another Patron with the rows it has left.
ANOTHER_AIM = 0.85
#: How often it targets a Subroutine at random rather than the nearest one.
RANDOM_TARGET = 0.5
#: How often it forgets to activate its completed Subroutines.
FORGETS = 0.5
#: How often it takes the first Influence type offered instead of weighing its majorities.
FIRST_TYPE = 0.5
#: How often it finishes late, with the timer nearly run out.
LATE = 0.2


class Beginner(BotBase):
    """Short programs to one or two goals (sometimes the wrong one); often a random
    Subroutine, forgotten activations and the first type offered; slow to finish."""

    name = "beginner"
    strength = 1

    def choose_target(self, state: State, player: str) -> int:
        rng = self.rng(state, player, "target")
        subs = state.targetable(player)
        if rng.random() < RANDOM_TARGET:
            return rng.choice(subs).target
        dist = Solver(state.board, state.start_value(player)).distances()
        return min(subs, key=lambda s: (dist[s.target] or 99, subs.index(s))).target

    def choose_activation(self, state: State, player: str) -> tuple[int, ...]:
        if self.rng(state, player, "activate").random() < FORGETS:
            return ()
        return super().choose_activation(state, player)

    def choose_resolution(
        self, state: State, player: str, actions: list[ResolveRow]
    ) -> ResolveRow:
        if self.rng(state, player, f"take:{len(state.events)}").random() < FIRST_TYPE:
            return actions[0]
        return self.best_take(state, player, actions)

    def write_program(self, state: State, player: str) -> tuple[Program, tuple]:
        rng = self.rng(state, player, "program")
        limit = state.program_limit(player)
        budget = min(limit, rng.choice(BUDGETS))
        start = state.start_value(player)
        aims = sorted({g.value for g in round_goals(state, player, careful=False)} - {start})
        program = self._towards(state, start, aims, budget, rng)
        while program is not None and len(program) < budget and rng.random() < ANOTHER_AIM:
            here = program.run(state.board, start, limit=None).result
            hit = self._results(state, start, program)
            more = self._towards(state, here, [a for a in aims if a not in hit and a != here],
                                 budget - len(program), rng)
            if more is None:
                break
            program = Program((*program.rows, *more.rows))
        if program is None:
            program = self._fiddle(state, player, budget, rng)
        return program, ()

    @staticmethod
    def _results(state: State, start: int, program: Program) -> set[int]:
        return {r.result for r in program.run(state.board, start, limit=None).rows}

    @staticmethod
    def _towards(state: State, start: int, aims: list[int], rows: int,
                 rng: random.Random) -> Program | None:
        """A shortest program from ``start`` to one aim within ``rows``: the nearest aim, or
        (a beginner's mistake) one picked at random; None when the aim is out of reach."""
        if not aims or rows <= 0:
            return None
        solver = Solver(state.board, start)
        if rng.random() < WRONG_AIM:
            aim = rng.choice(aims)
        else:
            dist = solver.distances()
            aim = min(aims, key=lambda a: (dist[a] if dist[a] is not None else 99, a))
        solution = solver.solve(aim, rows)
        return solution.program if solution.solved else None

    @staticmethod
    def _fiddle(state: State, player: str, rows: int, rng: random.Random) -> Program:
        """Legal rows picked at random (what a beginner writes when no aim is in reach)."""
        program = Program()
        for _ in range(rng.randint(1, rows) if rows else 0):
            ops = state.next_operations(player, program)
            if not ops:
                break
            program = program.with_row(rng.choice([o for o in ops if not o.sigma] or ops))
        return program

    def think_seconds(self, state: State, player: str) -> float:
        """Slow: 25–45 seconds, and one Round in five nearly the whole minute (50–58)."""
        rng = self.rng(state, player, "think")
        return rng.uniform(50.0, 58.0) if rng.random() < LATE else rng.uniform(25.0, 45.0)
