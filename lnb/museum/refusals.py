"""Why an action is not allowed now: the one set of checks :meth:`State.apply_action` runs
before it changes anything, so a refusal shown on a button and an apply can never disagree.
Where a shape may go on the map is :mod:`lnb.museum.placement`'s (asked here, never the
State's); this module adds what pays for it (a die, a gift, a wild) and the other actions.

:func:`check` raises the refusal (a :class:`GameError`, a :class:`PlacementError` for a shape
that may not go there) and returns the placement a drawing makes; :func:`why_not` returns the
same error instead, or None when the action is legal now.

>>> from lnb.museum.state import Game
>>> from lnb.museum.actions import parse_action
>>> state = Game(seed=1).new_initial_state()
>>> str(why_not(state, parse_action("write 2 on violin")))
'the violin is not collected yet: surround it first'
>>> why_not(state, parse_action("skip 2")).reason
'has-use'
>>> why_not(state, parse_action("place 6b r0 @A4")) is None
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.museum import words
from lnb.museum.actions import Action, Place, Reroll, Return, Skip, Wild, Write
from lnb.museum.errors import GameError
from lnb.museum.museum import Placement
from lnb.museum.placement import fit, on_wheel

if TYPE_CHECKING:  # pragma: no cover
    from lnb.museum.state import State

#: A write's messages by the reason :meth:`Ability.write_refusal` gives.
_WRITE = {
    "icons-full": N_("both die-icons of the {evidence} are written already"),
    "cannot-pair": N_("no second die could make the {evidence}'s pair after a {value}: "
                      "{condition}"),
    "wrong-pair": N_("{first} and {value} do not unlock the {evidence}: {condition}"),
}


def refused(reason: str, message: Text, **fields: Any) -> GameError:
    """The museum's refusal: a :class:`GameError` with its ``reason`` and fields."""
    return GameError(message, reason=reason, **fields)


def why_not(state: State, action: Action) -> GameError | None:
    """None when ``action`` is legal now, else the error :meth:`State.apply_action` raises."""
    try:
        check(state, action)
    except GameError as err:
        return err
    return None


def check(state: State, action: Action) -> Placement | None:
    """Raise the refusal of ``action`` now (the state is not changed); return the placement
    it draws (None for an action that draws nothing)."""
    if state.is_terminal():
        raise refused("game-over", Text(N_("the game is over")))
    if state.pending_return and not isinstance(action, Return):
        raise refused("return-first", Text(N_("first say how many Used dice go back to the "
                                              "Reserve (return 0 to return {most})"),
                                           most=state.returnable))
    if isinstance(action, Place):
        return _place(state, action)
    if isinstance(action, Wild):
        if not state.wilds:
            raise refused("no-wild", Text(N_("you have no wild shape left")))
        on_wheel(state.museum, action.shape)
        return fit(state.museum, state.filled, action.shape, action.orientation, action.anchor)
    if isinstance(action, Write):
        _write(state, action)
    elif isinstance(action, Reroll):
        _reroll(state, action)
    elif isinstance(action, Return):
        if not state.pending_return:
            raise refused("no-return", Text(N_("no ability lets you return dice now")))
        if action.count > state.returnable:
            raise refused("too-many", Text(N_("return at most {most} dice now"),
                                           most=state.returnable), value=action.count)
    elif isinstance(action, Skip):
        need_die(state, action.value)
        if state.die_uses(action.value):
            raise refused("has-use", Text(N_("the {value} can still be used: take a shape or "
                                             "write it on a die-icon"), value=action.value),
                          value=action.value)
    else:
        raise refused("bad-action", Text(N_("{action} is not an action of this game"),
                                         action=repr(action)))
    return None


def need_die(state: State, value: int) -> None:
    """Refuse unless a die showing ``value`` is in hand."""
    if value not in state.hand:
        held = ", ".join(str(v) for v in state.hand) or "-"
        raise refused("no-die", Text(N_("no die showing {value} in hand (you hold {held})"),
                                     value=value, held=held), value=value)


def _place(state: State, action: Place) -> Placement:
    spoke = action.value
    on_wheel(state.museum, action.shape)
    if spoke == 0:
        raise refused("wild-only", Text(N_("shape {shape} is in the centre of the wheel: only "
                                           "a wild shape takes it"), shape=action.shape),
                      text=action.shape)
    if spoke in (7, 8):
        if action.shape not in state.gifts:
            raise refused("no-gift", Text(N_("shape {shape} is not yours to place (the key "
                                             "and the apple give their shapes)"),
                                          shape=action.shape), text=action.shape)
    else:
        need_die(state, spoke)
    return fit(state.museum, state.filled, action.shape, action.orientation, action.anchor)


def _write(state: State, action: Write) -> None:
    need_die(state, action.value)
    e = state.museum.evidence_by_id(action.evidence)
    if e is None:
        raise refused("no-evidence", Text(N_("there is no evidence called {name!r}"),
                                          name=action.evidence), text=action.evidence)
    name = words.EVIDENCE_NAMES.get(e.id, e.id)
    if e.id not in state.collected:
        raise refused("not-collected", Text(N_("the {evidence} is not collected yet: "
                                               "surround it first"), evidence=name), text=e.id)
    icons = state.icons(e.id)
    reason = e.ability.write_refusal(icons, action.value)
    if reason == "icons-full":
        raise refused(reason, Text(_WRITE[reason], evidence=name), text=e.id)
    if reason is not None:
        values: dict[str, Any] = {"evidence": name, "value": action.value,
                                  "condition": e.ability.described()}
        if icons:
            values["first"] = icons[0]
        raise refused(reason, Text(_WRITE[reason], **values), text=e.id, value=action.value)


def _reroll(state: State, action: Reroll) -> None:
    if not state.rerolls:
        raise refused("no-reroll", Text(N_("you have no re-roll left")))
    hand = list(state.hand)
    for v in action.values:
        if v not in hand:
            raise refused("no-die", Text(N_("no unused die showing {value} in hand to "
                                            "re-roll"), value=v), value=v)
        hand.remove(v)
