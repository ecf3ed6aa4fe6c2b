"""Why an action is not allowed now: one ``IllegalActionError`` whose template says why.

The state calls :func:`refusal` for an action that is not among its legal ones; an app calls
:func:`why_not` to put the reason on a disabled button.

>>> from lnb.dream.state import Game
>>> from lnb.dream.actions import Collect, Place
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> str(why_not(state, Place("Ada", 1, "A1")))
'Store slot 1 is empty'
>>> why_not(state, Collect("Bea", 2)).reason
'not-your-turn'
>>> why_not(state, Collect("Ada", 2)) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lnb.core.messages import Listing
from lnb.dream.actions import (
    Action,
    Bonus,
    Build,
    Collect,
    Discard,
    Join,
    MoveDisc,
    Pay,
    Place,
    Play,
    Publish,
    Research,
    TakeAssignment,
    TakePartner,
    TakeProgram,
    Visit,
)
from lnb.dream.dice import colour_name
from lnb.dream.edition import Colour
from lnb.dream.errors import N_, IllegalActionError
from lnb.dream.mill import CELLS

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.state import State

#: The action types each step takes (for "wrong step").
STEP_ACTIONS: dict[str, tuple[str, ...]] = {
    "turn": ("collect", "place"), "workshop_play": ("play", "pass"), "area": ("area",),
    "main": ("program", "assignment", "partner", "visit", "join", "pass"),
    "take": ("program", "assignment", "partner", "pass"), "research": ("research",),
    "play_free": ("play", "pass"), "discard": ("discard",), "discard_down": ("discard",),
    "pay": ("pay", "pass"), "bonus": ("bonus", "pass"), "move_disc": ("move",),
    "end": ("publish", "build", "pass"),
}


def why_not(state: State, action: Action) -> IllegalActionError | None:
    """None when ``action`` is legal now, else the error saying why."""
    if action in state.legal_actions(action.player):
        return None
    return refusal(state, action)


def _error(template: str, action: Action, reason: str, **fields: object) -> IllegalActionError:
    return IllegalActionError(template, player=action.player, text=str(action), reason=reason,
                              **fields)


def refusal(state: State, action: Action) -> IllegalActionError:
    """The error for an action that is not legal now (the most telling reason first)."""
    from lnb.dream.state import PROMPTS

    if state.over:
        return _error(N_("the game is over"), action, "game-over")
    if action.player != state.current_player:
        return _error(N_("it is {current}'s turn, not {player}'s"), action, "not-your-turn",
                      current=state.current_player)
    step = state.pending[0][0]
    if action.verb not in STEP_ACTIONS[step]:
        from lnb.core.messages import Text

        return _error(N_("{player} must now {prompt}"), action, "wrong-step",
                      prompt=Text(PROMPTS[step]), expected=STEP_ACTIONS[step])
    found = _specific(state, action, step)
    if found is not None:
        return found
    return _error(N_("{player} cannot {text!r} now"), action, "not-possible")


def _specific(state: State, action: Action, step: str) -> IllegalActionError | None:
    p = state.players[action.player]
    ed = state.edition
    if isinstance(action, Collect):
        if None not in p.store:
            return _error(N_("the Store is full: take an Actions turn"), action, "store-full")
        if not 1 <= action.space <= len(state.workshop):
            return _error(N_("the Workshop has spaces 1 to {count}"), action, "no-space",
                          count=len(state.workshop))
    if isinstance(action, Place):
        if not 1 <= action.slot <= len(p.store) or p.store[action.slot - 1] is None:
            return _error(N_("Store slot {slot} is empty"), action, "empty-slot",
                          slot=action.slot)
        if action.cell in p.mill:
            return _error(N_("Mill cell {cell} already holds a die"), action, "cell-taken",
                          cell=action.cell)
        if action.cell not in CELLS:  # pragma: no cover - the action checks its cell
            return None
    if isinstance(action, (TakeProgram, TakeAssignment, TakePartner)):
        kind, item = {TakeProgram: ("programs", "program"), TakeAssignment:
                      ("assignments", "assignment"), TakePartner: ("partners", "partner")
                      }[type(action)]
        if getattr(action, item) not in state.displays[kind]:
            return _error(N_("{card!r} is not in the display"), action, "not-in-display",
                          card=getattr(action, item))
    if isinstance(action, TakeProgram) and action.line in p.programs:
        return _error(N_("line {line} of the Mill already has a Program"), action,
                      "line-taken", line=action.line)
    if isinstance(action, TakeAssignment):
        card = ed.assignment(action.assignment)
        if Colour(action.column) not in card.columns():
            return _error(N_("this Assignment goes in the {columns} column"), action,
                          "wrong-column", columns=Listing([colour_name(c)
                                                           for c in card.columns()], "or"))
        if len(p.hand) < card.discard:
            return _error(N_("this Assignment asks you to discard {count} Partner cards"),
                          action, "cannot-discard", count=card.discard)
    if isinstance(action, TakePartner):
        pile = p.hand if action.pile == "hand" else p.discard
        if action.remove not in pile:
            template = (N_("there is no {card!r} in your hand to remove")
                        if action.pile == "hand" else
                        N_("there is no {card!r} in your discard pile to remove"))
            return _error(template, action, "not-in-pile", card=action.remove)
    if isinstance(action, Visit):
        try:
            loc = ed.location(action.place)
        except KeyError:
            return _error(N_("{place!r} is not on the map"), action, "unknown-place",
                          place=action.place)
        if f"map:{loc.id}" in p.places:
            return _error(N_("you already have a disc on {place}"), action, "visited",
                          place=loc.name)
        die = state.turn.die
        if die is not None and loc.distance > state.reach(p, die.face):
            return _error(N_("{place} is {distance} away; the die shows {face}"), action,
                          "too-far", place=loc.name, distance=loc.distance, face=die.face)
    if isinstance(action, Join) and action.institution not in {i.id for i in ed.institutions}:
        return _error(N_("{place!r} is not an Institution"), action, "unknown-place",
                      place=action.institution)
    if isinstance(action, MoveDisc) and action.place not in p.places:
        return _error(N_("you have no disc on {place!r}"), action, "no-disc", place=action.place)
    if isinstance(action, (Play, Discard)) and action.card not in p.hand:
        return _error(N_("{card!r} is not in your hand"), action, "not-in-hand", card=action.card)
    if isinstance(action, Play) and step == "workshop_play":
        partner = ed.partner(action.card)
        die = state.active_die()
        face = die.face if die else 0
        if partner.cost == "lower":
            return _error(N_("a die showing 1 cannot be lowered"), action, "cannot-lower")
        if partner.cost == "pay":
            return _error(N_("this card costs £{face} and you have £{money}"), action,
                          "cannot-afford", face=face, money=p.money)
        return _error(N_("this card needs a die showing {faces}; the die shows {face}"), action,
                      "requirement", faces=Listing([str(f) for f in partner.faces], "or"),
                      face=face)
    if isinstance(action, Research):
        return _error(N_("the {track} Research track is full"), action, "track-full",
                      track=colour_name(Colour(action.track)))
    if isinstance(action, Bonus):
        return _error(N_("{bonus!r} is not a Workshop bonus"), action, "unknown-bonus",
                      bonus=action.bonus)
    if isinstance(action, Pay):
        return _error(N_("you cannot pay for this effect"), action, "cannot-afford")
    if isinstance(action, Publish):
        if p.books < 1:
            return _error(N_("publishing costs a Book and you have none"), action, "no-book")
        return _error(N_("a grey die's Workshop turn used no area to publish in"), action,
                      "no-area")
    if isinstance(action, Build):
        try:
            gear = ed.gear(action.gear)
        except KeyError:
            return _error(N_("{gear!r} is not a Gear"), action, "unknown-gear",
                          gear=action.gear)
        if gear.id in p.gears:
            return _error(N_("you have built this Gear already"), action, "built")
        if p.open_gear_spaces(ed) <= 0:
            return _error(N_("no open Gear space: place a disc on the main board first"),
                          action, "no-gear-space")
        return _error(N_("this Gear costs {coal} Coal and {brass} Brass"), action,
                      "cannot-afford", coal=dict(gear.cost).get("coal", 0),
                      brass=dict(gear.cost).get("brass", 0))
    return None
