"""The quick random game plays exactly the games it played before it was made quick.

``tests/golden/random_games.json.gz`` holds the records of 200 seeded random games (2–4
players; take-that on and off, mental arithmetic, handicaps, timers, operation limits) made
by ``python -m tests.golden_random_games`` from the code before the speed-up of issue 13.
"""

from __future__ import annotations

import pytest

from tests.golden_random_games import COUNT, game_of, load

GOLDEN = load()


def test_the_golden_file_holds_every_game():
    assert len(GOLDEN) == COUNT
    assert {len(r["players"]) for r in GOLDEN} == {2, 3, 4}
    assert {r["options"]["mental_arithmetic"] for r in GOLDEN} == {True, False}
    assert {r["options"]["take_that"] for r in GOLDEN} == {True, False}


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_give_the_golden_records(chunk):
    from lnb.babbage.game.random_play import play_random_game

    for seed in range(chunk, COUNT, 10):
        record = play_random_game(game_of(seed), seed=seed).to_record()
        assert record == GOLDEN[seed], f"seed {seed}: the record differs from the golden one"
