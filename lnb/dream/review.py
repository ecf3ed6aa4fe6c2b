"""Ada's Dream's ``review`` hook (:mod:`lnb.core.review`): each person's decisions against
the planner's choice from the same position, judged at the end of the turn.

The whole game is too far to play out for every decision (the other players move, and the
dice and cards after this turn are not known at the table), so a choice is worth what the
player's board is worth at the end of the turn: the decision, then the rest of the turn
played greedily, measured as the computer players measure a position (the points, and what
the resources, tracks and unfinished Programs promise). Both choices look ahead with the same
dice and cards (one seeded chance per position), so the difference is the choice's alone.
Seats a computer played (``"computer"`` in the record) are not reviewed.

>>> from lnb.dream.state import Game
>>> from lnb.dream.records import write
>>> state = Game(["Ada", "Bea"], seed=4).new_initial_state()
>>> state.apply_action(parse_action("Ada: collect 1"))
>>> reviewer = DreamReviewer(write(state))
>>> judged = reviewer.judge(reviewer.start(), reviewer.actions[0])
>>> judged.horizon, judged.best_points >= judged.played_points
('turn', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from lnb.core.i18n import N_
from lnb.core.records import ActionsRecord, clean_name
from lnb.core.review import OTHER, Decision, Judgement, Kind, declare_kind, your_turn
from lnb.dream.actions import (
    Action,
    Collect,
    Pass,
    Place,
    Play,
    TakeProgram,
    TurnDie,
    parse_action,
)
from lnb.dream.bots import PlannerBot
from lnb.dream.chance import DreamChance
from lnb.dream.describe import describe
from lnb.dream.dice import Die
from lnb.dream.edition import Edition
from lnb.dream.mill import LINES, Status, line_cells, line_status, lines_through
from lnb.dream.records import load, replay
from lnb.dream.state import Game, State


class _SameDice(PlannerBot):
    """The planner, looking ahead with one chance for every look from a position (the same
    dice and cards for every choice it compares)."""

    look = "review"

    def _look(self, state: State) -> State:
        return state.clone(DreamChance(self.look))


class DreamReviewer:
    """One Ada's Dream record under review (a :class:`lnb.core.review.Reviewer`); the record
    is checked first (a changed record is refused with its ``RecordError``)."""

    def __init__(self, source: Mapping[str, Any] | str | Path | ActionsRecord) -> None:
        record = source if isinstance(source, ActionsRecord) else load(source)
        replay(record)
        self.record = record
        names = [clean_name(p["name"]) for p in record.players]
        self.names = tuple(names)
        self.players = tuple(n for n, p in zip(names, record.players, strict=True)
                             if not p.get("computer"))
        self.actions = tuple(_parse(str(a)) for a in record.actions)
        self.bot = _SameDice(0)
        self._turns: dict[str, int] = dict.fromkeys(names, 0)

    def start(self) -> State:
        self._turns = dict.fromkeys(self.names, 0)
        return Game(list(self.names), self.record.edition, seed=self.record.seed
                    ).new_initial_state()

    def decision(self, state: State, action: Action) -> Decision | None:
        who = action.player
        if state.step == "turn":
            self._turns[who] = self._turns.get(who, 0) + 1
        if who not in self.players or len(state.legal_actions(who)) < 2:
            return None
        turn = self._turns.get(who, 0)
        return Decision(who, {"turn": turn}, your_turn(turn))

    def judge(self, state: State, action: Action) -> Judgement:
        who = action.player
        self.bot.look = look_seed(self.record.seed, len(state.history))
        best = self.bot.choose_action(state, who)
        best_value = self.bot._turn_end(state, best, who)
        played = best_value if action == best else self.bot._turn_end(state, action, who)
        return Judgement(best, round(best_value), round(played), "turn")

    def describe(self, action: Action) -> str:
        return describe(action, Edition.load(self.record.edition))

    def classify(self, state: State, action: Action, judged: Judgement) -> Kind:
        """The kind of a costly choice (:func:`classify`)."""
        return classify(state, action, judged.best)


#: Ada's Dream's kinds of mistake (the teacher's dashboard pools them), the first that fits.
FALSE_LINE = declare_kind("dream.false-line", N_("a line that can no longer come true"))
DEAD_PROGRAM = declare_kind("dream.dead-program", N_("a Program put beside a line that can "
                                                     "no longer come true"))
OFF_LINE = declare_kind("dream.off-line", N_("a die put off the lines your Programs wait on"))
PROGRAM = declare_kind("dream.program", N_("a Program not taken"))
PASSED = declare_kind("dream.pass", N_("a chance passed up"))
WORKSHOP_DIE = declare_kind("dream.workshop-die", N_("a weaker die taken from the Workshop"))
COLLECTED = declare_kind("dream.collected", N_("a Workshop turn where an Actions turn did "
                                               "more"))
PLACED = declare_kind("dream.placed", N_("an Actions turn where a Workshop turn did more"))
MILL_CELL = declare_kind("dream.mill-cell", N_("a die put in a weaker cell of the Mill"))
CARD = declare_kind("dream.card", N_("a weaker Partner card played"))


def classify(state: State, played: Action, best: Action) -> Kind:
    """The kind of playing ``played`` rather than ``best`` in ``state`` (left as it was),
    read from the Mill and the actions: a Program beside a line already false; a line made
    false; a die put where no Program's open line gains from it while the best choice's does;
    a Program the best choice takes; a pass where the best choice acts; then by the two
    actions: a weaker Workshop die, a Workshop turn against an Actions turn (or the other way),
    a weaker Mill cell, a weaker Partner card.

    >>> from lnb.dream.state import Game
    >>> state = Game(["Ada", "Bea"], seed=4).new_initial_state()
    >>> classify(state, Pass("Ada"), parse_action("Ada: collect 1")).key
    'dream.pass'
    """
    if _false_lines(state, played) > _false_lines(state, best):
        return DEAD_PROGRAM if isinstance(played, TakeProgram) else FALSE_LINE
    if isinstance(played, Place) and isinstance(best, Place) \
            and not _feeds(state, played) and _feeds(state, best):
        return OFF_LINE
    if isinstance(best, TakeProgram) and not isinstance(played, TakeProgram):
        return PROGRAM
    if isinstance(played, Pass) and not isinstance(best, Pass):
        return PASSED
    pair = (type(played), type(best))
    return {(Collect, Collect): WORKSHOP_DIE, (Collect, Place): COLLECTED,
            (Place, Collect): PLACED, (Place, Place): MILL_CELL, (Play, Play): CARD,
            }.get(pair, OTHER)


def _after(state: State, action: Action) -> tuple[dict[str, Die], dict[str, str]]:
    """The player's Mill and Programs after ``action`` (worked out, nothing applied)."""
    p = state.player(action.player)
    mill, programs = dict(p.mill), dict(p.programs)
    die = p.store[action.slot - 1] if isinstance(action, Place) \
        and 1 <= action.slot <= len(p.store) else None
    if isinstance(action, Place) and die is not None:
        mill[action.cell] = die
    elif isinstance(action, TurnDie) and action.where in mill:  # a Store die: no line
        mill[action.where] = Die(mill[action.where].colour, action.face)
    elif isinstance(action, TakeProgram):
        programs[action.line] = action.program
    return mill, programs


def _false_lines(state: State, action: Action) -> int:
    """How many of the player's Program lines are false after ``action``."""
    mill, programs = _after(state, action)
    return sum(1 for line in LINES if line in programs
               and line_status(state.edition.program(programs[line]),
                               [mill.get(c) for c in line_cells(line)]) is Status.FALSE)


def _feeds(state: State, action: Place) -> bool:
    """True when the die goes on a line whose Program can still come true."""
    p = state.player(action.player)
    return any(line in p.programs and line_status(
        state.edition.program(p.programs[line]),
        [p.mill.get(c) for c in line_cells(line)]) is not Status.FALSE
        for line in lines_through(action.cell))


def look_seed(seed: int, index: int) -> str:
    """The seed of the chance every look-ahead from the position ``index`` actions into the
    game of ``seed`` draws from (the same dice and cards for every choice compared there).

    >>> look_seed(4, 12)
    'lnb-dream-review:4:12'
    """
    return f"lnb-dream-review:{seed}:{index}"


def _parse(text: str) -> Action:
    """A record's action line, its player's name cleaned as the records module does."""
    action = parse_action(text)
    return replace(action, player=clean_name(action.player))


def review_hook(source: Any) -> DreamReviewer:
    """The ``review`` hook: a reviewer of the record ``source``."""
    return DreamReviewer(source)
