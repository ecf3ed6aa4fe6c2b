"""Pause and predict for Lovelace & Babbage (:mod:`lnb.core.predict`): before each row the
Engine resolves, the class predicts its Result.

>>> from lnb.core.predict import predictions
>>> found = predictions({"format": "lnb-game/1", "seed": 2, "players": [
...     {"name": "Ada", "character": "Ada Lovelace"},
...     {"name": "Bea", "character": "Charles Babbage"}], "rounds": []})
>>> found.game, found.moments
('babbage', ())
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.babbage.records import replay
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.predict import Later, Moment


def moments(record: Mapping[str, Any]) -> list[Moment]:
    """Every resolved row of ``record``, as the record's replay resolves it (``index``: the
    row's place among them): what the Engine's Result of the row is."""
    found = []
    for index, event in enumerate(replay(record).events):
        question = Text(N_("Round {round}, {player}'s row {row}: {operation} on {before:02d}. "
                           "What Result does the Engine give?"), round=event.round,
                        player=event.player, row=event.row, operation=event.operation,
                        before=event.before)
        found.append(Moment(index, question, event.result,
                            Text(N_("Result {result:02d}"), result=event.result),
                            Later(event.describe), event.player))
    return found
