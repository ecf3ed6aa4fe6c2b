"""The beginner: legal, short programs; it hits Patrons and Subroutines by luck.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.bots import Beginner
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2)
>>> state = game.new_initial_state()
>>> Beginner(seed=1).choose_action(state, "Ada")
Target(player='Ada', subroutine=86)
"""

from __future__ import annotations

from lnb.babbage.bots.base import BotBase
from lnb.babbage.game import ResolveRow, State
from lnb.babbage.programs import Program


class Beginner(BotBase):
    """Random legal rows, one to three of them; random Subroutine; never activates."""

    name = "beginner"
    strength = 1

    def choose_target(self, state: State, player: str) -> int:
        return self.rng(state, player, "target").choice(state.targetable(player)).target

    def choose_activation(self, state: State, player: str) -> tuple[int, ...]:
        return ()

    def choose_resolution(
        self, state: State, player: str, actions: list[ResolveRow]
    ) -> ResolveRow:
        return actions[0]

    def write_program(self, state: State, player: str) -> tuple[Program, tuple]:
        rng = self.rng(state, player, "program")
        limit = state.program_limit(player)
        program = Program()
        for _ in range(rng.randint(1, min(3, limit)) if limit else 0):
            ops = state.next_operations(player, program)
            if not ops:
                break
            program = program.with_row(rng.choice([o for o in ops if not o.sigma] or ops))
        return program, ()

    def think_seconds(self, state: State, player: str) -> float:
        return self.rng(state, player, "think").uniform(25.0, 55.0)
