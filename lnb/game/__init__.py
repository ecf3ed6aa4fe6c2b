"""The whole game: four Rounds, Patrons, Subroutines, resolution, scoring (RULES.md §3–§5).

>>> from lnb.game import Game, GameOptions
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1)
>>> state = game.new_initial_state()
>>> state.phase.name, state.current_players()
('TARGET', ('Ada', 'Bea'))
"""

from __future__ import annotations

from lnb.game.actions import (
    Action,
    Activate,
    Debug,
    Finish,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.game.events import Claim, RowEvent
from lnb.game.options import GameOptions
from lnb.game.phases import Phase
from lnb.game.race import Race
from lnb.game.resolution import PatronSlot, RowOption
from lnb.game.scoring import PlayerScore, ScoreSheet
from lnb.game.state import Game, PlayerState, RoundPlay, State

__all__ = [
    "Action", "Activate", "Claim", "Debug", "Finish", "Game", "GameOptions", "PatronSlot",
    "Phase", "PlayerScore", "PlayerState", "Race", "Recompute", "ResolveRow", "RoundPlay",
    "RowEvent", "RowOption", "ScoreSheet", "State", "Target", "TimeUp", "WriteProgram",
]
