"""The planner's layered search (``_layered_search``, what ``best_program`` uses) decides
exactly as its former search (``_search``, now in ``tests/former_planner.py``; itself checked
against the old planner by tests/test_planner_exact.py and the golden file): same program,
same estimate.

Every planner decision of seeded games of ``tests/golden_planner.game_of`` not used by the
other tests (2, 3 and 4 players; mental arithmetic; handicaps; operation limits 3 to 9 with
EXTRA and SLOW; Σ rows; NEAR unspent). A few seconds.
"""

from __future__ import annotations

import pytest

from lnb.babbage.bots.planner import _layered_search
from tests.former_planner import _search
from tests.test_planner_exact import decisions, kind_of

#: Seeds beyond the golden file's 30 and test_planner_exact.py's nine.
SEEDS = tuple(range(60, 72))


@pytest.mark.parametrize("seed", SEEDS)
def test_layered_search_is_the_search(seed):
    for state, name in decisions(seed):
        assert _layered_search(state, name) == _search(state, name), (
            seed, state.round, name, kind_of(state, name))
