"""Consulting Mathematician over many seeded random games: the invariants hold at every step."""

from __future__ import annotations

import random

import pytest

from lnb.core.testing import playthrough
from lnb.museum.actions import Place, Wild
from lnb.museum.state import Game, State


def random_action(state: State, rng: random.Random):
    actions = state.legal_actions()
    kinds = sorted({type(a).__name__ for a in actions})  # each kind of action as likely
    kind = rng.choice(kinds)
    return rng.choice([a for a in actions if type(a).__name__ == kind])


def check(state: State) -> None:
    m = state.museum
    assert state.dice_count() == 6 and min(state.reserve, state.used) >= 0
    assert all(1 <= v <= 6 for v in state.hand) and len(state.hand) <= 2
    union = m.evidence_mask
    for drawn in state.placed:
        assert not drawn.placement.mask & union, "two shapes overlap"
        assert drawn.placement.mask & ~m.inside_mask == 0, "a shape left the museum"
        union |= drawn.placement.mask
    assert union == state.filled
    for e in m.evidence:
        surrounded = not m.ring_masks[e.id] & ~state.filled
        assert (e.id in state.collected) == surrounded
    score = state.score()
    assert score.total == 2 * len(score.evidence) + score.room_points + score.bonus_points
    assert 0 <= state.boxes_checked <= 5
    assert state.is_terminal() == (state.boxes_checked == 5)
    if not state.is_terminal():
        assert state.hand or state.pending_return
        assert state.legal_actions()
    for eid in state.unlocked:
        assert len(state.icons(eid)) == 2


@pytest.mark.parametrize("seed", range(40))
def test_random_games_keep_every_invariant(seed: int) -> None:
    state = playthrough(lambda: Game(seed=seed).new_initial_state(), random_action, seed,
                        check=check)
    assert state.is_terminal() and state.legal_actions() == []
    assert len(state.rolls) >= 15  # five cycles of six dice, two a turn
    drawn = sum(1 for a in state.history if isinstance(a, (Place, Wild)))
    assert drawn == len(state.placed)


def test_the_same_seed_gives_the_same_dice_whatever_was_re_rolled() -> None:
    first = Game(seed=9).new_initial_state()
    second = Game(seed=9).new_initial_state()
    second.rerolls = 1
    second.apply_action(f"reroll {second.hand[0]}")
    assert first.chance.roll("turn 5", 2) == second.chance.roll("turn 5", 2)
    assert Game(seed=9).new_initial_state().hand == first.hand


def test_a_clone_is_independent() -> None:
    state = Game(seed=4).new_initial_state()
    copy = state.clone()
    copy.apply_action(next(a for a in copy.legal_actions() if isinstance(a, Place)))
    assert state.placed == [] and len(copy.placed) == 1 and state.filled != copy.filled
