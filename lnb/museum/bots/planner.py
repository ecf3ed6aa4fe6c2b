"""The planner: looks ahead over the dice it holds and the shapes it has left.

For the dice in hand it tries both orders, each die's best-fitting placements and every
die-icon it could fill, then a wild shape or the key's or apple's shape on top, and plays the
first action of the best plan; a die whose best use is poor is re-rolled when it can.

>>> from lnb.museum import Game
>>> state = Game(seed=3).new_initial_state()
>>> action = Planner().choose_action(state)
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

from lnb.museum.actions import Action, Reroll
from lnb.museum.bots.base import BotBase, Node
from lnb.museum.bots.evaluate import Features
from lnb.museum.state import State


class Planner(BotBase):
    """Plans the whole turn: both dice, in either order, and the free shapes."""

    name = "planner"
    strength = 2
    width = 20
    second_width = 12
    pool_size = 60
    expand = 10

    def choose(self, state: State, f: Features, node: Node) -> Action:
        hand = state.hand
        base = self.value(f, node)
        plans: list[tuple[float, str, Action]] = []
        best_per_die: dict[int, float] = {}
        pools = {v: self.pool(f, node.filled, f.museum.wheel.shapes_for(v), self.pool_size)
                 for v in set(hand)}
        for first in sorted(set(hand)):
            rest = list(hand)
            rest.remove(first)
            firsts = [(self.value(f, child), action, child)
                      for action, child in self.die_steps(f, node, first)]
            firsts.sort(key=lambda item: -item[0])
            for rank, (here, action, child) in enumerate(firsts):
                if rest and rank >= self.expand:
                    value = here - 100.0  # not looked at further
                elif rest:
                    value = max(self.value(f, grand) for _a, grand in
                                self.die_steps(f, child, rest[0], self.second_width,
                                               pools[rest[0]]))
                else:
                    value = here
                best_per_die[first] = max(best_per_die.get(first, here), here)
                plans.append((value, str(action), action))
        best = max(plans, key=lambda p: (p[0], p[1]))
        gain = best[0] - base  # what the dice add, about the same after a free shape
        for action, child in self.free_steps(f, node):
            value = self.value(f, child) + gain
            if value > best[0] + 1e-9:
                best = (value, str(action), action)
        reroll = self.maybe_reroll(state, f, node, best_per_die, base)
        if isinstance(reroll, Reroll):
            return reroll
        return best[2]
