"""The greedy player: one action at a time, the one whose position looks best right now.

>>> from lnb.museum import Game
>>> state = Game(seed=3).new_initial_state()
>>> action = Greedy().choose_action(state)
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

from lnb.museum.actions import Action
from lnb.museum.bots.base import BotBase, Node
from lnb.museum.bots.evaluate import Features
from lnb.museum.state import State


class Greedy(BotBase):
    """Short-sighted: each die (or wild shape) goes where it looks best at once."""

    name = "greedy"
    strength = 1

    def choose(self, state: State, f: Features, node: Node) -> Action:
        best: tuple[float, str, Action] | None = None
        steps = [s for v in sorted(set(state.hand)) for s in self.die_steps(f, node, v, 6)]
        steps += self.free_steps(f, node)
        for action, child in steps:
            value = self.value(f, child)
            if best is None or (value, str(action)) > (best[0], best[1]):
                best = (value, str(action), action)
        assert best is not None
        return best[2]
