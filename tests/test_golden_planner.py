"""The quick planner decides and plays exactly as the planner did before its third speed-up.

``tests/golden/planner_decisions.json.gz`` (made by ``python -m tests.golden_planner`` from the
code before that change) holds every Program-phase decision of 30 seeded games (2–4 players,
half of them four; planners alone or with a greedy player and a beginner; take-that, mental
arithmetic, handicaps and operation limits varied): the program and its estimate, and the
record of each game played to the end at the table.
"""

from __future__ import annotations

import pytest

from tests.golden_planner import COUNT, decisions, load, table_record

GOLDEN = load()


def test_the_golden_file_holds_every_game():
    assert [g["seed"] for g in GOLDEN] == list(range(COUNT))
    assert sum(len(g["decisions"]) for g in GOLDEN) >= 200
    four = [g for g in GOLDEN if len(g["record"]["players"]) == 4]
    assert sum(len(g["decisions"]) for g in four) >= 200
    assert {r["options"]["mental_arithmetic"] for r in (g["record"] for g in GOLDEN)} == {
        True, False}


@pytest.mark.parametrize("chunk", range(5))
def test_planner_decisions_are_the_golden_ones(chunk):
    for seed in range(chunk, COUNT, 5):
        assert decisions(seed) == GOLDEN[seed]["decisions"], f"seed {seed}"


@pytest.mark.parametrize("chunk", range(5))
def test_games_at_the_table_are_the_golden_ones(chunk):
    for seed in range(chunk, COUNT, 5):
        assert table_record(seed) == GOLDEN[seed]["record"], f"seed {seed}"
