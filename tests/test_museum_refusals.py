"""The museum's refusals (:func:`lnb.museum.refusals.why_not`) over many seeded random states:
None exactly for the legal actions, and for any other action the very error ``apply_action``
raises (which then leaves the state as it was)."""

from __future__ import annotations

import random

import pytest

from lnb.core.errors import LnbError
from lnb.museum.actions import Action, Place, Reroll, Return, Skip, Wild, Write
from lnb.museum.museum import Square
from lnb.museum.refusals import why_not
from lnb.museum.scenario import scenario
from lnb.museum.shapes import Orientation
from lnb.museum.state import Game, MuseumChance, State


def snapshot(state: State) -> tuple:
    return (state.filled, state.hand, state.reserve, state.used, state.wilds, state.rerolls,
            state.gifts, state.pending_return, tuple(state.sheet.collected),
            dict(state.sheet.icons), tuple(state.sheet.unlocked), len(state.history),
            state.turn, state.boxes_checked)


def candidates(state: State, rng: random.Random, drawings: int = 120) -> list[Action]:
    """Legal and illegal actions of every kind: ``drawings`` random places and wilds (every
    shape in each of its distinct orientations, anchors anywhere on the grid and just off
    it), every write, re-roll, return and skip a die could name."""
    m = state.museum
    found: list[Action] = []
    for _ in range(drawings):
        sid = rng.choice(m.wheel.ids)
        orientation = rng.choice(list(m.wheel[sid].orientations()))
        anchor = Square(rng.randrange(-1, m.height + 1), rng.randrange(-1, m.width + 1))
        found.append(rng.choice((Place, Wild))(sid, orientation, anchor))
    names = [e.id for e in m.evidence] + ["teacup"]
    found += [Write(v, e) for v in range(1, 7) for e in names]
    found += [Reroll((a, b)) for a in range(1, 7) for b in range(a, 7)]
    found += [Reroll(v) for v in range(1, 7)]
    found += [Return(k) for k in range(7)] + [Skip(v) for v in range(1, 7)]
    return found


def assert_agrees(state: State, actions: list[Action]) -> tuple[int, int]:
    """Every action's refusal agrees with the legal list and with ``apply_action``; how many
    were legal and how many refused."""
    legal = state.legal_actions()
    legal_set = set(legal)
    assert len(legal_set) == len(legal), "an action listed twice"
    before = snapshot(state)
    scripted = not isinstance(state.chance, MuseumChance)  # a scenario's dice are a script
    refused = 0
    for action in [*legal, *actions]:
        err = why_not(state, action)
        assert (err is None) == (action in legal_set), (str(action), err)
        if err is None:
            if not (isinstance(action, Reroll) and scripted):
                state.clone().apply_action(action)  # a legal action applies
            continue
        refused += 1
        with pytest.raises(LnbError) as caught:
            state.apply_action(action)
        raised = caught.value
        assert type(raised) is type(err), str(action)
        assert (str(raised), raised.fields) == (str(err), err.fields), str(action)
        assert snapshot(state) == before, f"{action} changed the state it was refused in"
    return len(legal), refused


def _random_states(seed: int, every: int = 5):
    """States along a random game of ``seed`` (each kind of legal action as likely)."""
    rng = random.Random(seed)
    state = Game(seed=seed).new_initial_state()
    step = 0
    while True:
        if step % every == 0:
            yield state, rng
        if state.is_terminal():
            return
        actions = state.legal_actions()
        kind = rng.choice(sorted({type(a).__name__ for a in actions}))
        state.apply_action(rng.choice([a for a in actions if type(a).__name__ == kind]))
        step += 1


@pytest.mark.parametrize("seed", range(8))
def test_a_refusal_is_given_exactly_for_the_illegal_actions(seed: int) -> None:
    legal = refused = 0
    for state, rng in _random_states(seed):
        counts = assert_agrees(state, candidates(state, rng))
        legal += counts[0]
        refused += counts[1]
    assert legal and refused


@pytest.mark.parametrize("facts", [
    {"hand": (4, 2), "reserve": 0, "used": 4, "collected": ["crowbar"],
     "icons": {"crowbar": (4,)}},  # writing the 4 asks for a return
    {"hand": (3, 5), "collected": ["violin", "key"], "icons": {"violin": (6,)}, "wilds": 2,
     "rerolls": 2, "gifts": ("7a", "8a")},
    {"hand": (6, 6), "filled": "E5 F5 G5 E6 F6 G6", "wilds": 1, "rerolls": 1},
    {"hand": (1,), "reserve": 0, "collected": ["apple"], "icons": {"apple": (1, 1)},
     "unlocked": ["apple"], "boxes": 4},
])
def test_refusals_agree_in_states_set_up_by_hand(facts: dict) -> None:
    state = scenario(**facts, rolls=[(2, 3)] * 4)
    rng = random.Random(str(facts))
    assert_agrees(state, candidates(state, rng, 300))
    for action in state.legal_actions():
        if isinstance(action, Write):
            after = state.clone()
            after.apply_action(action)
            if after.pending_return:
                assert_agrees(after, candidates(after, rng, 100))
                return
    assert "crowbar" not in facts.get("collected", ())


def test_a_game_over_refuses_everything() -> None:
    state = scenario(hand=(2,), reserve=0, boxes=4)
    state.apply_action(next(a for a in state.legal_actions()))
    assert state.is_terminal()
    for action in candidates(state, random.Random(0), 20):
        assert why_not(state, action).reason == "game-over"  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", range(3))
def test_a_shape_turned_to_look_the_same_is_judged_the_same(seed: int) -> None:
    """An orientation that lies like an earlier one (a square turned once) is not listed but
    is the same drawing: allowed exactly when the listed one is."""
    for state, rng in _random_states(seed, every=9):
        for _ in range(40):
            sid = rng.choice(state.museum.wheel.ids)
            shape = state.museum.wheel[sid]
            listed = {shape.oriented(o).cells: o for o in shape.orientations()}
            orientation = rng.choice(Orientation.all())
            same = listed[shape.oriented(orientation).cells]
            anchor = rng.choice(state.museum.squares_of(state.museum.inside_mask))
            kind = rng.choice((Place, Wild))
            spelled, canonical = kind(sid, orientation, anchor), kind(sid, same, anchor)
            assert (why_not(state, spelled) is None) == (canonical in state.legal_actions())
