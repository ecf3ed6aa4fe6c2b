"""``State.legal_actions`` lists what the public reading of a State allows, in the order of
the kinds, then ``repr`` — at every step of many random games, though the State now keeps
its sorted lists (per Round, per character, per Program phase) instead of sorting each time.
"""

from __future__ import annotations

import itertools
import random

import pytest

from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Phase,
    Recompute,
    Target,
    TimeUp,
)
from lnb.babbage.game.actions import ACTION_TYPES
from lnb.babbage.game.random_play import finish_written, random_action
from lnb.babbage.programs import Program
from tests.golden_random_games import game_of


def order(action) -> tuple[int, str]:
    """The documented order, written out again: the kind, then the text."""
    return (ACTION_TYPES.index(type(action)), repr(action))


def listed(state) -> list:
    """Every legal action, from the public reading of ``state``, unsorted."""
    phase = state.phase
    players = state.players
    if phase is Phase.TARGET:
        return [Target(n, s.target) for n, p in players.items() if p.play.target is None
                for s in state.targetable(n)]
    if phase is Phase.ACTIVATE:
        name = next((n for n in state.last_order if players[n].play.activated is None), None)
        if name is None:
            return []
        subs = [s.target for s in state.activatable(name)]
        return [Activate(name, c) for k in range(len(subs) + 1)
                for c in itertools.combinations(subs, k)]
    if phase is Phase.PROGRAM:
        actions = [Finish(n) for n, p in players.items() if p.play.token is None]
        return [*actions, TimeUp()] if actions and state.timer_started else actions
    turn = state.turn()
    if turn is None:
        return []
    if phase is Phase.DEBUG:
        return [Recompute(turn[0]), Debug(turn[0], Program())]
    return list(state.clone().row_choices(turn[0]).actions())  # a clone keeps no memo


@pytest.mark.parametrize("seeds", [range(0, 40), range(40, 80)])
def test_legal_actions_are_the_public_listing_sorted(seeds):
    steps = 0
    for seed in seeds:
        state = game_of(seed).new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            expected = sorted(listed(state), key=order)
            assert state.legal_actions() == expected, (seed, state)
            for name in state.names:
                assert state.legal_actions(name) == [a for a in expected if a.player == name]
            steps += 1
            action = random_action(state, rng)
            state.apply_action(action)
            finish_written(state, action)
    assert steps > 1000


def test_the_order_is_not_the_order_of_names():
    """Names that sort one way as text and another inside a repr keep the repr's order."""
    game = Game([("Ada Lovelace", "Ada Lovelace"), ("Ada", "Charles Babbage"),
                 ("Zoë", "Mary Somerville"), ("Adam", "Luigi Federico Menabrea")], seed=5)
    state = game.new_initial_state()
    actions = state.legal_actions()
    assert actions == sorted(listed(state), key=order)
    players = list(dict.fromkeys(a.player for a in actions))
    assert players[:2] == ["Ada Lovelace", "Ada"]  # "...Ada Lovelace'" < "...Ada'" in a repr
    assert sorted(players)[:2] == ["Ada", "Ada Lovelace"]  # as plain names the other way
    state.apply_action(next(a for a in actions if a.player == "Ada"))
    assert state.legal_actions() == sorted(listed(state), key=order)


def test_a_clone_lists_the_same_actions_and_plays_apart():
    state = game_of(4).new_initial_state()
    rng = random.Random(4)
    for _ in range(30):
        action = random_action(state, rng)
        state.apply_action(action)
        finish_written(state, action)
    copy = state.clone()
    assert copy.legal_actions() == state.legal_actions()
    while not copy.is_terminal():
        action = random_action(copy, rng)
        copy.apply_action(action)
        finish_written(copy, action)
    assert state.legal_actions() == sorted(listed(state), key=order)
    assert not state.is_terminal()


def test_take_that_off_lists_fewer_targets():
    on = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1)
    off = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
               GameOptions(take_that=False), seed=1)
    many, few = on.new_initial_state().legal_actions(), off.new_initial_state().legal_actions()
    assert set(few) < set(many)
    assert few == [a for a in many if a in set(few)]
