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
from lnb.core.table import Table
from lnb.dream.state import State


class DreamRules:
    """The table rules of Ada's Dream (see :class:`lnb.core.table.TableRules`): no race."""

    def racing(self, state: State) -> bool:
        return False

    def race_key(self, state: State) -> Any:  # pragma: no cover - never racing
        return None

    def seconds(self, state: State, timed: bool) -> float | None:  # pragma: no cover
        return None

    def is_finish(self, action: Any) -> bool:  # pragma: no cover
        return False

    def finish(self, player: str, seconds: float) -> Any:  # pragma: no cover
        raise NotImplementedError

    def time_up(self) -> Any:  # pragma: no cover
        raise NotImplementedError

    def has_finished(self, state: State, player: str) -> bool:  # pragma: no cover
        return True

    def write(self, player: str, work: Any) -> Any:  # pragma: no cover
        raise NotImplementedError

    def paced(self, state: State) -> bool:
        return False

    def forced(self, state: State, player: str, actions: list[Any]) -> Any | None:
        """The only possible action of a person is taken for them."""
        return actions[0] if len(actions) == 1 else None


RULES = DreamRules()


def dream_table(state: State, computers: Mapping[str, ComputerPlayer]) -> Table:
    """A table for a game of Ada's Dream; seats not in ``computers`` are people."""
    return Table(state, computers, RULES, timed=False)
