"""The quick random game plays exactly the games it played before it was made quick:
the same records, events (with their texts) and returns.

``tests/golden/random_games.json.gz`` holds the records of 200 seeded random games (2–4
players; take-that on and off, mental arithmetic, handicaps, timers, operation limits) made
by ``python -m tests.golden_random_games`` from the code before the speed-up of issue 13.
"""

from __future__ import annotations

import pytest

from tests.golden_random_games import COUNT, load, played

GOLDEN = load()


def test_the_golden_file_holds_every_game():
    assert len(GOLDEN) == COUNT
    records = [g["record"] for g in GOLDEN]
    assert {len(r["players"]) for r in records} == {2, 3, 4}
    assert {r["options"]["mental_arithmetic"] for r in records} == {True, False}
    assert {r["options"]["take_that"] for r in records} == {True, False}
    assert {r["options"].get("operation_limit") for r in records} == {None, 0, 3, 6}
    assert sum(len(g["events"]) for g in GOLDEN) > 1000


@pytest.mark.parametrize("chunk", range(10))
def test_random_games_give_the_golden_records(chunk):
    for seed in range(chunk, COUNT, 10):
        game = played(seed)
        for part in ("record", "events", "describe", "returns"):
            assert game[part] == GOLDEN[seed][part], f"seed {seed}: the {part} differ"
