"""The planner's search gives exactly the old planner's program and estimate in positions the
other tests meet less often.

Nine seeded games of ``tests/golden_planner.game_of`` beyond the golden file's 30 (2, 3 and 4
players; mental arithmetic on and off; operation limits from 2 to 8 rows, EXTRA and SLOW
changing them; Σ rows; NEAR unspent), every Program-phase decision of a planner compared with
``tests/reference_solver.py::reference_best_program``, which defines the exact semantics
(tie-breaking included). About 7 s, mostly the old planner.
"""

from __future__ import annotations

import pytest

from lnb.babbage.bots import Planner
from lnb.babbage.bots.planner import best_program
from lnb.babbage.edition import Effect
from lnb.babbage.game import WriteProgram
from tests.golden_planner import bots_of, game_of
from tests.reference_solver import reference_best_program

#: Seeds chosen for what their decisions cover (limit, Σ, NEAR) at little cost of the old
#: planner: 2 players (33, 37), 3 (31, 47, 51, 55), 4 (40, 42, 52).
SEEDS = (31, 33, 37, 40, 42, 47, 51, 52, 55)


def decisions(seed: int):
    """Every Program-phase decision of a planner in game ``seed``: (state, player)."""
    game = game_of(seed)
    state = game.new_initial_state()
    bots = bots_of(seed, game)
    while not state.is_terminal():
        name = state.current_players()[0]
        action = bots[name].choose_action(state, name)
        if isinstance(action, WriteProgram) and isinstance(bots[name], Planner):
            yield state, name
        state.apply_action(action)


def kind_of(state, name: str) -> tuple[int, bool, bool]:
    """A decision's (row limit, Σ rows, NEAR unspent)."""
    near = any(u.effect is Effect.NEAR and not u.spent for u in state.player(name).play.uses)
    return state.program_limit(name), state.sigma_rows(name) > 0, near


@pytest.mark.parametrize("seed", SEEDS)
def test_planner_is_the_reference(seed):
    for state, name in decisions(seed):
        assert best_program(state, name) == reference_best_program(state, name), (
            seed, state.round, name, kind_of(state, name))


def test_the_seeds_cover_limits_sigma_and_near():
    kinds = {kind_of(state, name) for seed in SEEDS for state, name in decisions(seed)}
    assert {limit for limit, _, _ in kinds} >= {3, 4, 5, 6, 7, 8}
    assert any(sigma for _, sigma, _ in kinds) and any(near for _, _, near in kinds)
