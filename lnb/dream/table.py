"""Ada's Dream at a :class:`~lnb.core.table.Table`: one player at a time, no race.

Computers act as soon as it is their turn; a person with only one possible action (one
Research track left, one card to discard) has it taken for them; the table stops when a
person must decide.

>>> from lnb.dream.bots import make_bot
>>> from lnb.dream.state import Game
>>> game = Game(["Ada", "Bea"], seed=5)
>>> table = dream_table(game.new_initial_state(), {"Bea": make_bot("greedy", 1)})
>>> table.advance()
>>> table.waiting_for(), table.state.step
(('Ada',), 'turn')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.core.players import ComputerPlayer
from lnb.core.table import Table, TableRules
from lnb.dream.state import State


class DreamRules(TableRules):
    """The table rules of Ada's Dream (see :class:`lnb.core.table.TableRules`): no race."""

    def forced(self, state: State, player: str, actions: list[Any]) -> Any | None:
        """The only possible action of a person is taken for them."""
        return actions[0] if len(actions) == 1 else None

    def record(self, state: State, computers: Mapping[str, str]) -> dict[str, Any]:
        """Ada's Dream's record of the game so far, computer seats marked."""
        from lnb.dream import records

        return records.write(state, dict(computers))


RULES = DreamRules()


def dream_table(state: State, computers: Mapping[str, ComputerPlayer]) -> Table:
    """A table for a game of Ada's Dream; seats not in ``computers`` are people."""
    return Table(state, computers, RULES, timed=False)
