"""The same game with its seats renamed: a language switch names the default seats ("You",
"Computer") in the new language, and the game goes on, move for move.

Chance is keyed by the seed and the turn, never by a name, so the renamed game replays the
same dice; each action of the history is the same action of the renamed seat.

>>> from lnb.dream.state import Game
>>> state = Game(["You", "Computer"], seed=3).new_initial_state()
>>> state.apply_action(state.legal_actions("You")[0])
>>> other = renamed(state, {"You": "你", "Computer": "电脑"})
>>> other.names, [a.player for a in other.history], other.workshop == state.workshop
(('你', '电脑'), ['你'], True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from lnb.dream.state import Game, State


def renamed(state: State, names: Mapping[str, str]) -> State:
    """``state`` replayed with each seat ``old`` named ``names[old]`` (a seat not in
    ``names`` keeps its name); the library refuses two seats of one name.

    >>> from lnb.dream.state import Game
    >>> renamed(Game(["Ada", "Bea"], seed=1).new_initial_state(), {"Ada": "Bea"})
    Traceback (most recent call last):
    ...
    lnb.dream.errors.BadInputError: 'Bea' is named twice; names must differ
    """
    old = state.game
    game = Game([names.get(n, n) for n in old.names], edition=old.edition, seed=old.seed)
    new = game.new_initial_state()
    for action in state.history:
        new.apply_action(replace(action, player=names.get(action.player, action.player)))
    return new
