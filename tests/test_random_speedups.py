"""Issue 13: the quick random game (``play_random_game`` without ``check``, a phase at a
time) plays exactly the game the action-by-action playthrough plays: the same draws, the
same final State (players, deck, bag, board, events, history) and the same record.

Compared with ``playthrough(random_action)`` (the public ``apply_action`` path) and with
``tests/reference_solver.py``'s old random player, over every rule option. No timings here:
``benchmarks/bench_game.py`` measures speed.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from lnb.babbage.game import Game, GameOptions
from lnb.babbage.game.random_play import (
    finish_written,
    play_quickly,
    play_random_game,
    random_action,
)
from lnb.babbage.records import write
from lnb.core.testing import playthrough
from tests.golden_random_games import game_of
from tests.reference_solver import reference_random_action

FOUR = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
        ("Di", "Luigi Federico Menabrea")]


def snapshot(state: Any) -> dict[str, Any]:
    """Everything a State keeps that a reader may see (the memo of answers aside)."""
    return {
        "round": state.round, "phase": state.phase, "players": state.players,
        "seats": state.seats, "last_order": state.last_order, "order": state.order,
        "stopped": state.stopped, "finish_seconds": state.finish_seconds,
        "deck": state.deck, "bag": state.tokens_to_draw, "board": state.board.tokens(),
        "events": [e.to_dict() for e in state.events],
        "describe": [e.describe() for e in state.events],
        "history": state.history, "record": write(state), "returns": state.returns(),
        "draws": state._chance.rng.random(),  # the game's own generator: as many draws
    }


def slow(game: Game, seed: int, choose: Any = random_action) -> Any:
    """The game played one action at a time through ``apply_action``."""
    return playthrough(game.new_initial_state, choose, seed, after=finish_written)


@pytest.mark.parametrize("chunk", range(4))
def test_quick_games_are_the_playthroughs_of_every_option(chunk):
    for seed in range(chunk, 400, 4):
        game = game_of(seed)
        assert snapshot(play_random_game(game, seed=seed)) == snapshot(slow(game, seed)), seed


@pytest.mark.parametrize("mental", [False, True])
def test_quick_games_are_the_old_random_games(mental):
    for seed in range(1000, 1060):
        game = Game(FOUR[: 2 + seed % 3], GameOptions(mental_arithmetic=mental), seed=seed)
        quick = play_random_game(game, seed=seed)
        assert snapshot(quick) == snapshot(slow(game, seed, reference_random_action)), seed


def test_a_game_may_go_on_quickly_from_any_step():
    """Played action by action up to some step, then quickly: the same game."""
    for seed in range(30):
        game = game_of(seed)
        whole = snapshot(slow(game, seed))
        rng = random.Random(seed)
        state = game.new_initial_state()
        for _ in range(seed * 3 % 70):
            if state.is_terminal():
                break
            action = random_action(state, rng)
            state.apply_action(action)
            finish_written(state, action)
        play_quickly(state, rng)
        assert snapshot(state) == whole, seed


def test_a_check_sees_every_action():
    steps = []
    game = game_of(5)
    state = play_random_game(game, seed=5, check=lambda s: steps.append(s.phase))
    assert snapshot(state) == snapshot(play_random_game(game, seed=5))
    assert len(steps) > 40
