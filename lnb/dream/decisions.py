"""Which decisions of a game touch the Mill, counted from a game's history.

A *decision* is an action its player chose among two or more legal ones (a forced move is no
decision). It *touches the Mill* when it puts a die in a cell (``place``), a Program card
beside a line (``program``), changes a die's face in the Store before it goes to the Mill
(playing a Partner whose cost lowers the active die), or is the Mill turn of an edition that has
one: turning the die just put in the Mill one up or down, or keeping it as it is.

>>> from lnb.dream.simulate import play_game
>>> state, _seated = play_game(["greedy", "greedy:mill"], seed=3)
>>> counts = count_decisions(state)
>>> sorted(counts) == sorted(state.names)
True
>>> all(0 < c.mill < c.decisions for c in counts.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass

from lnb.dream.actions import Action, Place, Play, TakeProgram, TurnDie
from lnb.dream.state import State


@dataclass
class Decisions:
    """One player's decisions in a game, and how many of them touched the Mill."""

    decisions: int = 0
    mill: int = 0

    @property
    def share(self) -> float:
        """The share of the decisions that touched the Mill (0 without decisions)."""
        return self.mill / self.decisions if self.decisions else 0.0


def touches_mill(state: State, action: Action) -> bool:
    """True when ``action`` (legal in ``state``, before it is applied) touches the Mill."""
    if isinstance(action, (Place, TakeProgram, TurnDie)) or state.step == "mill_turn":
        return True
    if isinstance(action, Play) and state.step == "workshop_play":
        return state.edition.partner(action.card).cost == "lower"
    return False


def count_decisions(state: State) -> dict[str, Decisions]:
    """Each player's decisions in the game so far (its history replayed from the start)."""
    game = state.game
    twin = game.new_initial_state()
    counts = {name: Decisions() for name in game.names}
    for action in state.history:
        if len(twin.legal_actions(action.player)) > 1:
            tally = counts[action.player]
            tally.decisions += 1
            tally.mill += touches_mill(twin, action)
        twin.apply_action(action)
    return counts
