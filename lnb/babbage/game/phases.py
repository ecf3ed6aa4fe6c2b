"""The phases of a Round as data: who acts, with which actions, when the phase waits for
someone, and what comes next (a ``lnb.core.phases`` table; DEBUG is a pause of RESOLUTION).

>>> [p.name for p in ROUND_PHASES]
['TARGET', 'ACTIVATE', 'PROGRAM', 'RESOLUTION']
>>> next_phase(Phase.TARGET, round_no=1, rounds=4), next_phase(Phase.TARGET, 2, 4)
(<Phase.PROGRAM: 'program'>, <Phase.ACTIVATE: 'activate'>)
>>> next_phase(Phase.RESOLUTION, 4, 4)
<Phase.GAME_OVER: 'game over'>
>>> RULES[Phase.DEBUG].inside, TABLE.next_phase(Phase.DEBUG, 2)
(<Phase.RESOLUTION: 'resolution'>, <Phase.RESOLUTION: 'resolution'>)
>>> RULES[Phase.PROGRAM].text
'write programs; finish to take an order token; the first to finish starts the timer'
"""

from __future__ import annotations

import enum
from dataclasses import replace
from typing import TYPE_CHECKING

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
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.phases import PhaseRule, PhaseTable

if TYPE_CHECKING:
    from lnb.babbage.game.state import State

ROUNDS = 4


class Phase(enum.Enum):
    """Where a game is. DEBUG is a pause inside RESOLUTION: a written Result was wrong."""

    TARGET = "target"
    ACTIVATE = "activate"
    PROGRAM = "program"
    RESOLUTION = "resolution"
    DEBUG = "debug"
    GAME_OVER = "game over"

    # A member is equal only to itself, so its identity is a hash (looked up at every step
    # of a game; Enum's own hashes the member's name in Python).
    __hash__ = object.__hash__




# The waits are asked after every action: plain loops (no generator per question).

def _targets_missing(state: State) -> bool:
    for p in state.players.values():  # noqa: SIM110
        if p.play.target is None:
            return True
    return False


def _activations_missing(state: State) -> bool:
    players = state.players
    for name in state.last_order:  # noqa: SIM110
        if players[name].play.activated is None:
            return True
    return False


def _tokens_missing(state: State) -> bool:
    for p in state.players.values():  # noqa: SIM110
        if p.play.token is None:
            return True
    return False


def _rows_left(state: State) -> bool:
    return state.rows_left()


def _debug_due(state: State) -> bool:
    """Mental arithmetic: the next row's written Result is wrong and its player, who has not
    chosen to keep the rows, may still Debug (RULES.md §4.5)."""
    if not state.options.mental_arithmetic:
        return False
    turn = state.turn()
    if turn is None:
        return False
    play = state.players[turn[0]].play
    return (not play.recomputed and play.first_wrong == turn[1]
            and state.debugs_left(turn[0]) > 0)


RULES: dict[Phase, PhaseRule] = {
    rule.phase: rule  # type: ignore[misc]
    for rule in (
        PhaseRule(Phase.TARGET, (Target,), Text(N_("every player without a target")),
                  Text(N_("each player secretly targets one uncompleted Subroutine")),
                  waits=_targets_missing),
        PhaseRule(Phase.ACTIVATE, (Activate,),
                  Text(N_("one player at a time, in last Round's order")),
                  Text(N_("activate completed, unused Subroutines (one-time each)")),
                  first_round=2, waits=_activations_missing),
        PhaseRule(Phase.PROGRAM, (WriteProgram, Finish, TimeUp),
                  Text(N_("every unfinished player")),
                  Text(N_("write programs; finish to take an order token; the first to "
                          "finish starts the timer")), waits=_tokens_missing),
        PhaseRule(Phase.RESOLUTION, (ResolveRow,), Text(N_("the player whose row is next")),
                  Text(N_("in token order each player resolves one row, round and round")),
                  waits=_rows_left),
        PhaseRule(Phase.DEBUG, (Debug, Recompute),
                  Text(N_("the player whose Result was wrong")),
                  Text(N_("a written Result is wrong: Debug (−3) and rewrite, or recompute")),
                  waits=_debug_due, inside=Phase.RESOLUTION),
        PhaseRule(Phase.GAME_OVER, (), Text(N_("nobody")),
                  Text(N_("the game is over: see the score sheet"))),
    )
}

PHASE_NAMES: dict[Phase, str] = {
    Phase.TARGET: N_("target phase"),
    Phase.ACTIVATE: N_("activate phase"),
    Phase.PROGRAM: N_("program phase"),
    Phase.RESOLUTION: N_("resolution phase"),
    Phase.DEBUG: N_("debug phase"),
    Phase.GAME_OVER: N_("game over phase"),
}
"""A phase as a pupil reads its name (marked for the catalog; see :func:`phase_name`)."""


def phase_name(phase: Phase) -> Text:
    """The phase's name in the language of the moment it is shown.

    >>> phase_name(Phase.PROGRAM)
    'program phase'
    """
    return Text(PHASE_NAMES[phase])


ROUND_PHASES: tuple[Phase, ...] = (Phase.TARGET, Phase.ACTIVATE, Phase.PROGRAM, Phase.RESOLUTION)

TABLE = PhaseTable(RULES, cycle=ROUND_PHASES, rounds=ROUNDS, final=Phase.GAME_OVER,
                   enter=lambda state, phase: state.enter_phase(phase))
"""Lovelace & Babbage's phases; ``TABLE.settle(state)`` is the one settle step of a State."""


def next_phase(phase: Phase, round_no: int, rounds: int = ROUNDS) -> Phase:
    """The phase after ``phase`` in Round ``round_no``; after RESOLUTION the next Round
    starts with TARGET (or the game is over after the last Round)."""
    table = TABLE if rounds == TABLE.rounds else replace(TABLE, rounds=rounds)
    return table.next_phase(phase, round_no)  # type: ignore[return-value]
