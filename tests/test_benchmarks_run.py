"""The engine's benchmarks run to their end and report every figure (at a small size: no
timing is checked here, only that ``make bench`` would not stop half-way, as it once did on a
name used twice)."""

from __future__ import annotations

import math

import pytest

from benchmarks import bench_bots, bench_game, goals


@pytest.fixture
def results(monkeypatch):
    """The figures reported while the test runs (kept apart from any other run's)."""
    reported: list[goals.Goal] = []
    monkeypatch.setattr(goals, "RESULTS", reported)
    monkeypatch.setattr(goals, "SLOWER", None)
    return reported


def test_the_bot_benchmark_reports_every_figure(monkeypatch, results, capsys):
    monkeypatch.setattr(bench_bots, "DECISION_SEEDS", range(1))
    monkeypatch.setattr(bench_bots, "NEW_RUNS", (range(100, 102), range(102, 104)))
    monkeypatch.setattr(bench_bots, "OLD_RUNS", (range(200, 201),))
    bench_bots.main()
    figures = {g.figure: g.value for g in results}
    assert len(figures) == 7, figures
    assert figures["planner decisions the same as the old planner's (1 = yes)"] == 1.0
    assert all(math.isfinite(v) and v > 0 for v in figures.values()), figures
    assert "runs of 2 games never played before" in capsys.readouterr().out
    assert goals.SLOWER is not None and goals.SLOWER > 0
    scaled = goals.summary().split("(for information, not goals):")[1]
    assert "4 planners, whole games per second here" in scaled


def test_the_game_benchmark_reports_every_figure(monkeypatch, results, capsys):
    monkeypatch.setattr(bench_game, "GAMES", 5)
    bench_game.main()
    assert [g.figure for g in results] == ["4-player random games per second"]
    assert math.isfinite(results[0].value) and results[0].value > 0
    out = capsys.readouterr().out
    assert "runs of 5 new games" in out and "replay of saved 4-player games" in out
