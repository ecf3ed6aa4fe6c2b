"""Ada's Dream's rules of each decision are written once (:mod:`lnb.dream.refusals`): the
legal actions are the step's candidates that pass their check, and a refusal is the check's
reason. These tests walk random games and hold the table to what it promises."""

from __future__ import annotations

import random

import pytest

from lnb.dream.actions import action_sort_key
from lnb.dream.refusals import CHECKS, STEP_ACTIONS, STEPS, legal, why_not
from lnb.dream.state import PROMPTS, Game, State

NAMES = ("Ada", "Bea", "Cy", "Dee")


def _states(seed: int, every: int = 3) -> list[State]:
    """Every ``every``-th state of one random game (clones: the game goes on)."""
    state = Game(list(NAMES[: 2 + seed % 3]), seed=seed).new_initial_state()
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        if len(state.history) % every == 0:
            seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


def test_every_step_says_what_it_asks_and_every_action_has_a_check() -> None:
    assert set(PROMPTS) == set(STEPS) == set(STEP_ACTIONS)
    verbs = {verb for rule in STEPS.values() for verb in rule.verbs}
    assert verbs == {cls.verb for cls in CHECKS}


@pytest.mark.parametrize("seed", range(4))
def test_a_candidate_is_legal_or_refused_with_its_own_reason(seed: int) -> None:
    for state in _states(seed):
        name, step = state.current_player, state.pending[0]
        assert name is not None
        allowed = legal(state, name, step)
        assert state.legal_actions() == sorted(allowed, key=action_sort_key)
        for action in STEPS[step[0]].candidates(state, name, step):
            assert action.verb in STEP_ACTIONS[step[0]]
            error = why_not(state, action)
            if action in allowed:
                assert error is None, action
            else:  # the rules listed it and say exactly why not, never just "not possible"
                assert error is not None and error.reason not in ("not-possible", "wrong-step")


@pytest.mark.parametrize("seed", range(4))
def test_a_card_of_any_display_is_refused_with_a_reason(seed: int) -> None:
    """The page shows every display's cards as buttons: a card the step does not take (a
    Program while the Assignments are taken from, or in Meetings) is refused with what the
    step asks, never the bare "cannot do that now" that repeats the action's text."""
    for state in _states(seed):
        name, step = state.current_player, state.pending[0]
        assert name is not None
        for kind in ("program", "assignment", "partner"):
            for action in STEPS["take"].candidates(state, name, ("take", kind)):
                if action in state.legal_actions():
                    continue
                error = why_not(state, action)
                assert error is not None and error.reason != "not-possible", (step, action)
