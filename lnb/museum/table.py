"""Consulting Mathematician at a :class:`~lnb.core.table.Table`: one seat, ``solo``, played
by a person or by a computer player. There is no race and no paced phase; the only forced
step is returning dice when no Used die could go back.

>>> from lnb.museum.bots import make_bot
>>> from lnb.museum.state import Game
>>> table = museum_table(Game(seed=4).new_initial_state(), make_bot("greedy"))
>>> table.advance()
>>> table.state.is_terminal(), table.waiting_for()
(True, ())
>>> person = museum_table(Game(seed=4).new_initial_state())
>>> person.advance(); person.waiting_for()
('solo',)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.core.players import ComputerPlayer
from lnb.core.table import Table, TableRules
from lnb.museum.actions import Return
from lnb.museum.state import State

SEAT = "solo"


class MuseumRules(TableRules):
    """The table rules of the museum (see :class:`lnb.core.table.TableRules`): no race, no
    pace; the one player is ``solo``."""

    def forced(self, state: State, player: str, actions: list[Any]) -> Any | None:
        """``return 0`` when it is the only choice."""
        if len(actions) == 1 and isinstance(actions[0], Return):
            return actions[0]
        return None

    def actor(self, state: State, action: Any) -> str | None:
        """Every action is the one player's."""
        return SEAT

    def record(self, state: State, computers: Mapping[str, str]) -> dict[str, Any]:
        """The museum's record of the game so far."""
        from lnb.museum import records

        return records.write(state)


RULES = MuseumRules()


def museum_table(state: State, computer: ComputerPlayer | None = None) -> Table:
    """A table for one museum game: the seat is a person, or ``computer``."""
    return Table(state, {SEAT: computer} if computer is not None else {}, RULES,
                 timed=False)
