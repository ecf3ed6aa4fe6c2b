"""What the pupil may do now, asked of the library and put in the app's terms (no rule here).

Every helper only calls :mod:`lnb.museum`: the legal actions, a refusal's own message
(:func:`lnb.museum.refusals.why_not`, the checks the state applies with), and undo by
replaying the game's record without its last action.

>>> from lnb.museum import Game
>>> state = Game(seed=1).new_initial_state()
>>> [(c.label_args["shape"], c.enabled) for c in die_choices(state, 2)]
[('2a', True), ('2b', True)]
>>> refusal(state, parse_action("write 2 on violin"))
'the violin is not collected yet: surround it first'
>>> state.apply_action("place 6b r0 @A4")
>>> can_undo(undo(state), state) , undo(state).history
(True, [])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lnb.museum import Place, Reroll, Return, Skip, State, Wild, Write, parse_action
from lnb.museum.actions import Action
from lnb.museum.records import replay, write
from lnb.museum.refusals import why_not

__all__ = ["Choice", "can_undo", "die_choices", "parse_action", "refusal", "undo"]


@dataclass(frozen=True)
class Choice:
    """One button of the app: ``kind`` (``shape``, ``write``, ``skip``, ``reroll``,
    ``return``, ``wild``, ``gift``), the shape to place (shape kinds) or the action itself
    (the others), whether it is legal now and, when not, the library's reason."""

    kind: str
    shape: str | None = None
    action: Action | None = None
    enabled: bool = True
    reason: str = ""
    label_args: dict[str, Any] = field(default_factory=dict, compare=False)


def refusal(state: State, action: Action) -> str | None:
    """The library's reason for refusing ``action`` now, in the current language, or None."""
    err = why_not(state, action)
    if err is None:
        return None
    explain = getattr(err, "explain", None)
    return str(explain() if callable(explain) else err)


def legal(state: State) -> list[Action]:
    """The library's legal actions now."""
    return state.legal_actions()


def _shapes_legal(actions: list[Action], kind: type) -> set[str]:
    return {a.shape for a in actions if type(a) is kind}  # type: ignore[union-attr]


def shape_reason(state: State, kind: type, shape: str) -> str:
    """Why a shape cannot be drawn now: the library's refusal of it at a square where it
    fits (no die, return dice first...), or ``"nowhere"`` when it fits nowhere."""
    for p in state.free_placements(shape):
        return refusal(state, kind(shape, p.orientation, p.anchor)) or ""
    return "nowhere"


def die_choices(state: State, value: int, actions: list[Action] | None = None) -> list[Choice]:
    """A die's choices: its value's two shapes, then a write on each collected evidence
    whose die-icons are not both written, then *set aside* when it has no use."""
    actions = legal(state) if actions is None else actions
    placeable = _shapes_legal(actions, Place)
    found = []
    for sid in state.museum.wheel.shapes_for(value):
        ok = sid in placeable
        found.append(Choice("shape", shape=sid, enabled=ok,
                            reason="" if ok else shape_reason(state, Place, sid),
                            label_args={"shape": sid, "value": value}))
    for evidence in state.museum.evidence:
        if evidence.id not in state.collected or len(state.icons(evidence.id)) >= 2:
            continue
        action = Write(value, evidence.id)
        ok = action in actions
        found.append(Choice("write", action=action, enabled=ok,
                            reason="" if ok else refusal(state, action) or "",
                            label_args={"value": value, "evidence": evidence.name}))
    skip = Skip(value)
    if skip in actions:
        found.append(Choice("skip", action=skip, label_args={"value": value}))
    return found


def other_choices(state: State, actions: list[Action] | None = None) -> list[Choice]:
    """Choices not tied to one die: returns, the ability shapes, re-rolls, wild shapes."""
    actions = legal(state) if actions is None else actions
    found: list[Choice] = []
    for action in actions:
        if isinstance(action, Return):
            found.append(Choice("return", action=action, label_args={"count": action.count}))
        elif isinstance(action, Reroll):
            found.append(Choice("reroll", action=action, label_args={
                "values": ", ".join(str(v) for v in action.values),
                "count": len(action.values)}))
    placeable = _shapes_legal(actions, Place)
    for sid in state.gifts:
        ok = sid in placeable
        found.append(Choice("gift", shape=sid, enabled=ok,
                            reason="" if ok else shape_reason(state, Place, sid),
                            label_args={"shape": sid}))
    if state.wilds:
        wild = _shapes_legal(actions, Wild)
        for sid in state.museum.wheel.ids:
            ok = sid in wild
            found.append(Choice("wild", shape=sid, enabled=ok,
                                reason="" if ok else shape_reason(state, Wild, sid),
                                label_args={"shape": sid}))
    return found


def drawing(kind: str, shape: str, orientation: str, anchor: str) -> Action:
    """The action that draws a picked shape: ``wild`` for a wild shape, else ``place``."""
    return (Wild if kind == "wild" else Place)(shape, orientation, anchor)  # type: ignore[arg-type]


def undo(state: State) -> State:
    """The game as it was before its last action: its record replayed without it."""
    record = write(state)
    record["actions"] = record["actions"][:-1]
    for key in ("rolls", "score"):
        record.pop(key, None)
    return replay(record).state


def can_undo(before: State, after: State) -> bool:
    """True when ``after``'s last action is a placement made within the turn ``before``
    was in (taking it back shows no dice the pupil has not seen)."""
    if not after.history:
        return False
    return isinstance(after.history[-1], (Place, Wild)) and before.turn == after.turn
