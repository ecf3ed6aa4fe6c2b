"""The phases of a Round as data: who acts, with which actions, and what comes next.

>>> [p.name for p in ROUND_PHASES]
['TARGET', 'ACTIVATE', 'PROGRAM', 'RESOLUTION']
>>> next_phase(Phase.TARGET, round_no=1, rounds=4), next_phase(Phase.TARGET, 2, 4)
(<Phase.PROGRAM: 'program'>, <Phase.ACTIVATE: 'activate'>)
>>> next_phase(Phase.RESOLUTION, 4, 4)
<Phase.GAME_OVER: 'game over'>
>>> RULES[Phase.PROGRAM].text
'write programs; finish to take an order token; the first to finish starts the timer'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from lnb.babbage.game.actions import (
    Activate,
    Debug,
    Finish,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)


class Phase(enum.Enum):
    """Where a game is. DEBUG is a pause inside RESOLUTION: a written Result was wrong."""

    TARGET = "target"
    ACTIVATE = "activate"
    PROGRAM = "program"
    RESOLUTION = "resolution"
    DEBUG = "debug"
    GAME_OVER = "game over"


@dataclass(frozen=True)
class PhaseRule:
    """One row of the table: the actions allowed, who acts, from which Round it applies."""

    phase: Phase
    actions: tuple[type, ...]
    acting: str
    text: str
    first_round: int = 1


RULES: dict[Phase, PhaseRule] = {
    rule.phase: rule
    for rule in (
        PhaseRule(Phase.TARGET, (Target,), "every player without a target",
                  "each player secretly targets one uncompleted Subroutine"),
        PhaseRule(Phase.ACTIVATE, (Activate,), "one player at a time, in last Round's order",
                  "activate completed, unused Subroutines (one-time each)", first_round=2),
        PhaseRule(Phase.PROGRAM, (WriteProgram, Finish, TimeUp), "every unfinished player",
                  "write programs; finish to take an order token; "
                  "the first to finish starts the timer"),
        PhaseRule(Phase.RESOLUTION, (ResolveRow,), "the player whose row is next",
                  "in token order each player resolves one row, round and round"),
        PhaseRule(Phase.DEBUG, (Debug, Recompute), "the player whose Result was wrong",
                  "a written Result is wrong: Debug (−3) and rewrite, or recompute"),
        PhaseRule(Phase.GAME_OVER, (), "nobody", "the game is over: see the score sheet"),
    )
}

ROUND_PHASES: tuple[Phase, ...] = (Phase.TARGET, Phase.ACTIVATE, Phase.PROGRAM, Phase.RESOLUTION)


def next_phase(phase: Phase, round_no: int, rounds: int) -> Phase:
    """The phase after ``phase`` in Round ``round_no``; after RESOLUTION the next Round
    starts with TARGET (or the game is over after the last Round)."""
    if phase is Phase.DEBUG:
        return Phase.RESOLUTION
    if phase is Phase.GAME_OVER:
        return Phase.GAME_OVER
    index = ROUND_PHASES.index(phase)
    for later in ROUND_PHASES[index + 1:]:
        if round_no >= RULES[later].first_round:
            return later
    return Phase.TARGET if round_no < rounds else Phase.GAME_OVER
