"""The museum's ``review`` hook (:mod:`lnb.core.review`): each decision of a record against
the planner's choice from the same position, with the same dice.

A position's worth is the score the planner reaches from it by the end of the game: the dice
of a seed come by turn (and re-roll), so the planner meets the very dice the pupil met. The
best choice is the planner's; its worth is the position's; the played choice's worth is that
of the position it led to, played on by the planner the same way. Each worth is one playout,
kept for every position along it (a pupil who played the planner's choice costs nothing more).

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 4a r0 @C1")  # the first placement listed: a poor one
>>> reviewer = MuseumReviewer(write(state))
>>> judged = reviewer.judge(reviewer.start(), reviewer.actions[0])
>>> judged.best, judged.best_points, judged.played_points
(Place.parse('place 5b r0f @F4'), 76, 52)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text, lazy_ngettext
from lnb.core.records import ActionsRecord
from lnb.core.review import OTHER, Decision, Judgement, Kind, declare_kind
from lnb.museum import words
from lnb.museum.actions import Action, Place, Reroll, Return, Skip, Wild, Write, parse_action
from lnb.museum.bots import make_bot
from lnb.museum.records import load, replay
from lnb.museum.state import Game, State


class MuseumReviewer:
    """One museum record under review (a :class:`lnb.core.review.Reviewer`); the record is
    checked first (a changed record is refused with its ``RecordError``)."""

    def __init__(self, source: Mapping[str, Any] | str | Path | ActionsRecord,
                 bot: str = "planner") -> None:
        record = source if isinstance(source, ActionsRecord) else load(source)
        replay(record)
        self.record = record
        self.players = (str(record.players[0]["name"]),)
        self.actions = tuple(parse_action(str(a)) for a in record.actions)
        self.bot = make_bot(bot)
        self._worth: dict[tuple[str, ...], int] = {}
        self._choice: dict[tuple[str, ...], Action] = {}  # the planner's, by position

    def start(self) -> State:
        return Game(self.record.edition, self.record.seed).new_initial_state()

    def decision(self, state: State, action: Action) -> Decision | None:
        if len(state.legal_actions()) < 2:
            return None
        where = {"turn": state.turn, "box": state.boxes_checked + 1}
        if state.pending_return:
            text = Text(N_("Turn {turn}, after an ability"), turn=state.turn)
        else:
            text = Text(N_("Turn {turn}, dice {dice}"), turn=state.turn,
                        dice=Listing(str(v) for v in state.hand))
        return Decision(self.players[0], where, text)

    def judge(self, state: State, action: Action) -> Judgement:
        best_points = self.worth(state)
        after = state.clone()
        after.apply_action(action)
        return Judgement(self._choice[_key(state)], best_points, self.worth(after))

    def worth(self, state: State) -> int:
        """The score the planner reaches from ``state`` (one playout, kept for every
        position along it)."""
        key = _key(state)
        found = self._worth.get(key)
        if found is not None:
            return found
        play = state.clone()
        path = [key]
        while not play.is_terminal():
            choice = self.bot.choose_action(play)
            self._choice[path[-1]] = choice
            play.apply_action(choice)
            path.append(_key(play))
        score = play.score().total
        for seen in path:
            self._worth[seen] = score
        return score

    def describe(self, action: Action) -> str:
        return describe(action)

    def classify(self, state: State, action: Action, judged: Judgement) -> Kind:
        """The kind of a costly choice (:func:`classify`)."""
        return classify(state, action, judged.best)


def _key(state: State) -> tuple[str, ...]:
    return tuple(str(a) for a in state.history)


#: The museum's kinds of mistake (the teacher's dashboard pools them), the first that fits.
HOLE = declare_kind("museum.hole", N_("a gap left that only a 1 can fill"))
WRITE = declare_kind("museum.write", N_("a die not written on the evidence for its ability"))
ABILITY = declare_kind("museum.ability", N_("an ability left unused"))
SKIP = declare_kind("museum.skip", N_("a die crossed out"))
SMALLER = declare_kind("museum.smaller", N_("a smaller shape than the dice allowed (points "
                                            "left on the wheel)"))
SPOT = declare_kind("museum.spot", N_("a shape put where it completes less"))


def classify(state: State, played: Action, best: Action) -> Kind:
    """The kind of playing ``played`` rather than ``best`` in ``state`` (left as it was), read
    from the board and the actions: a new gap only a 1 fills; a die the best choice writes on
    an evidence; an ability (wild, re-roll, gift, return) the best choice uses; a die crossed
    out; a smaller shape than the best one; else a worse spot for a shape.

    >>> from lnb.museum.state import Game
    >>> state = Game(seed=3).new_initial_state()
    >>> classify(state, parse_action("place 4a r0 @C1"), parse_action("place 5b r0f @F4")).key
    'museum.smaller'
    >>> classify(state, parse_action("skip 4"), parse_action("place 5b r0f @F4")).key
    'museum.skip'
    """
    if isinstance(played, Place | Wild) and _new_gaps(state, played) > _new_gaps(state, best):
        return HOLE
    if isinstance(best, Write) and not isinstance(played, Write):
        return WRITE
    if _ability(best) and type(_ability(played)) is not type(_ability(best)):
        return ABILITY
    if isinstance(played, Skip):
        return SKIP
    if isinstance(played, Place | Wild) and isinstance(best, Place | Wild) \
            and _size(state, played.shape) < _size(state, best.shape):
        return SMALLER
    if isinstance(played, Place | Wild):
        return SPOT
    return OTHER


def _ability(action: Action) -> Action | None:
    """``action`` when it uses an ability (a wild shape, a re-roll, a gift shape, a return)."""
    if isinstance(action, Wild | Reroll) or (isinstance(action, Return) and action.count):
        return action
    return action if isinstance(action, Place) and action.value in (7, 8) else None


def _size(state: State, sid: str) -> int:
    return state.museum.wheel[sid].size


def _new_gaps(state: State, action: Action) -> int:
    """How many empty squares only a 1 can fill after ``action`` that a die of 2 to 6 could
    fill before it."""
    if not isinstance(action, Place | Wild):
        return 0
    after = state.clone()
    after.apply_action(action)
    return bin(_gaps(after) & ~_gaps(state)).count("1")


#: The wheel's spokes of the dice that are not a 1.
_NOT_ONE = "23456"


def _gaps(state: State) -> int:
    """The empty squares no free placement of a shape of a die of 2 to 6 covers."""
    museum = state.museum
    covered = 0
    for sid in museum.wheel.ids:
        if sid[0] in _NOT_ONE:
            for p in state.free_placements(sid):
                covered |= p.mask
    return museum.inside_mask & ~state.filled & ~covered


def describe(action: Action) -> Text:
    """A museum action in words a pupil reads.

    >>> str(describe(parse_action("place 6b r0 @A4"))), str(describe(parse_action("skip 2")))
    ('shape 6b with your 6 on A4 (place 6b r0 @A4)', 'crossing out your 2')
    """
    if isinstance(action, Place):
        if action.value in (7, 8):
            return Text(N_("the ability's shape {shape} on {square} ({text})"),
                        shape=action.shape, square=str(action.anchor), text=str(action))
        return Text(N_("shape {shape} with your {value} on {square} ({text})"),
                    shape=action.shape, value=action.value, square=str(action.anchor),
                    text=str(action))
    if isinstance(action, Wild):
        return Text(N_("a wild shape {shape} on {square} ({text})"), shape=action.shape,
                    square=str(action.anchor), text=str(action))
    if isinstance(action, Write):
        return Text(N_("writing your {value} on the {evidence}"), value=action.value,
                    evidence=words.EVIDENCE_NAMES.get(action.evidence, action.evidence))
    if isinstance(action, Reroll):
        return Text(N_("re-rolling {dice}"), dice=Listing(str(v) for v in action.values))
    if isinstance(action, Return):
        return lazy_ngettext("returning {count} die", "returning {count} dice", action.count,
                             count=action.count)
    assert isinstance(action, Skip)
    return Text(N_("crossing out your {value}"), value=action.value)


def review_hook(source: Any) -> MuseumReviewer:
    """The ``review`` hook: a reviewer of the record ``source``."""
    return MuseumReviewer(source)
