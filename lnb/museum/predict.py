"""Pause and predict for the museum (:mod:`lnb.core.predict`): before each placement (or
number written on an object) the class predicts how many points the map gains by it.

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> for action in ("place 5b r3 @M1", "place 4a r0 @J1", "place 6b r2f @K2"):
...     state.apply_action(action)
>>> [(m.index, m.answer) for m in moments(write(state))]
[(0, 0), (1, 0), (2, 2)]
>>> print(moments(write(state))[2].question)
Turn 2: the pupil plays place 6b r2f @K2. How many points does the map gain?
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.core.i18n import N_
from lnb.core.messages import Text, lazy_ngettext
from lnb.core.predict import Moment
from lnb.museum.actions import Place, Wild, Write, parse_action
from lnb.museum.records import load, replay
from lnb.museum.state import Game

#: The actions that can change the score (a re-roll, a skip or a die returned cannot).
SCORED = (Place, Wild, Write)


def moments(record: Mapping[str, Any]) -> list[Moment]:
    """Each placement and written number of ``record`` (``index``: how many actions came
    before it), with the points the map gains by it; the record is checked first (its
    replay), so a broken one is refused as :func:`lnb.museum.records.replay` refuses it."""
    checked = load(record)
    replay(checked)
    state = Game(checked.edition, checked.seed).new_initial_state()
    found = []
    for index, text in enumerate(checked.actions):
        action = parse_action(text) if isinstance(text, str) else text
        before = state.score().total
        turn = len(state.rolls)
        state.apply_action(action)
        if isinstance(action, SCORED):
            gained = state.score().total - before
            question = Text(N_("Turn {turn}: the pupil plays {action}. How many points does "
                               "the map gain?"), turn=turn, action=str(action))
            answer = lazy_ngettext("{count} point", "{count} points", gained, count=gained)
            after = Text(N_("The map now scores {total}."), total=state.score().total)
            found.append(Moment(index, question, gained, answer, after, checked.players[0].get(
                "name", "solo")))
    return found


__all__ = ["SCORED", "moments"]
