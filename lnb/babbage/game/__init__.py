"""The whole game: four Rounds, Patrons, Subroutines, resolution, scoring (RULES.md §3–§5).

>>> from lnb.babbage.game import Game, GameOptions
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1)
>>> state = game.new_initial_state()
>>> state.phase.name, state.current_players()
('TARGET', ('Ada', 'Bea'))
"""

from __future__ import annotations

from lnb.babbage.game.actions import (
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
from lnb.babbage.game.choices import RowChoices
from lnb.babbage.game.events import Claim, RowEvent
from lnb.babbage.game.options import GameOptions
from lnb.babbage.game.phases import Phase
from lnb.babbage.game.resolution import PatronSlot, RowOption
from lnb.babbage.game.scoring import PlayerScore, ScoreSheet
from lnb.babbage.game.state import Game, PlayerState, RoundPlay, State
from lnb.core.race import Race

__all__ = [
    "Action", "Activate", "Claim", "Debug", "Finish", "Game", "GameOptions", "PatronSlot",
    "Phase", "PlayerScore", "PlayerState", "Race", "Recompute", "ResolveRow", "RoundPlay",
    "RowChoices", "RowEvent", "RowOption", "ScoreSheet", "State", "Target", "TimeUp",
    "WriteProgram",
]
