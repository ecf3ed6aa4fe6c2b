"""Lovelace & Babbage at a :class:`~lnb.core.table.Table`: the Program phase is the race.

Computers write their programs at once and finish at their think times; people write in
turn; the first finish starts the minute; whoever is still writing when it ends is stopped
(``TimeUp``) and their rows so far stand. Resolution is paced: a front end shows each row.

>>> from lnb.babbage.bots import make_bot
>>> from lnb.babbage.game import Game
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=5)
>>> table = babbage_table(game.new_initial_state(),
...                       {"Ada": make_bot("planner", 1), "Bea": make_bot("greedy", 2)})
>>> table.advance(through_paced=True)
>>> table.state.is_terminal(), len(table.state.history)
(True, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lnb.babbage.game import (
    Activate,
    Finish,
    Phase,
    ResolveRow,
    State,
    TimeUp,
    WriteProgram,
)
from lnb.core.players import ComputerPlayer
from lnb.core.table import Table


class BabbageRules:
    """The table rules of Lovelace & Babbage (see :class:`lnb.core.table.TableRules`)."""

    def racing(self, state: State) -> bool:
        return state.phase is Phase.PROGRAM

    def race_key(self, state: State) -> Any:
        return state.round

    def seconds(self, state: State, timed: bool) -> float | None:
        return state.options.timer_seconds if timed else None

    def is_finish(self, action: Any) -> bool:
        return isinstance(action, Finish)

    def finish(self, player: str, seconds: float) -> Finish:
        return Finish(player, seconds=seconds)

    def time_up(self) -> TimeUp:
        return TimeUp()

    def has_finished(self, state: State, player: str) -> bool:
        return state.player(player).play.token is not None

    def write(self, player: str, work: Any) -> WriteProgram:
        return WriteProgram(player, work)

    def paced(self, state: State) -> bool:
        return state.phase in (Phase.RESOLUTION, Phase.DEBUG)

    def forced(self, state: State, player: str, actions: list[Any]) -> Any | None:
        """A person's row with nothing to choose resolves by itself; an activation with
        nothing to activate (no completed, unused Subroutine) is made by itself."""
        if len(actions) != 1:
            return None
        only = actions[0]
        if state.phase is Phase.RESOLUTION and isinstance(only, ResolveRow):
            return only
        if state.phase is Phase.ACTIVATE and isinstance(only, Activate) \
                and not only.subroutines:
            return only
        return None


RULES = BabbageRules()


def babbage_table(state: State, computers: Mapping[str, ComputerPlayer], *,
                  timed: bool = True, think: float | None = None) -> Table:
    """A table for a Lovelace & Babbage game; seats not in ``computers`` are people."""
    return Table(state, computers, RULES, timed=timed, think=think)
