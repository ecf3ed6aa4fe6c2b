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
    monkeypatch.setattr(goals, "NOTES", [])
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
    assert sum(g.absolute for g in results) == 3, results  # ms, ms and games a second
    absolute = goals.summary().split("the ratios above are their measure):")[1]
    assert "4 planners, whole games per second here" in absolute
    assert "this machine ran" in absolute  # the old planner's speed here against the issue's


def test_the_game_benchmark_reports_every_figure(monkeypatch, results, capsys):
    monkeypatch.setattr(bench_game, "GAMES", 5)
    bench_game.main()
    out = capsys.readouterr().out
    figures = {g.figure: g for g in results}
    ratio = figures["random games: new / old engine (goal 270 -> 1,000 games/s)"]
    if "the old engine cannot be played here" in out:  # a clone without the history
        assert ratio.value == 0 and not ratio.met
        assert len(results) == 2
    else:  # the old engine played the same five games, in its own process
        assert figures["random games the same as the old engine's (1 = yes)"].value == 1.0
        assert math.isfinite(ratio.value) and ratio.value > 0
        assert "the same records: True" in out
        assert "this machine ran" in goals.summary()
        assert len(results) == 3
    per_second = figures["4-player random games per second here"]
    assert per_second.absolute and math.isfinite(per_second.value) and per_second.value > 0
    assert "runs of 5 new games" in out and "replay of saved 4-player games" in out


def test_a_clone_without_the_history_says_why(monkeypatch, tmp_path):
    from benchmarks import old_engine

    monkeypatch.setattr(old_engine, "BASE", "0" * 40)  # a commit no clone has
    with pytest.raises(old_engine.Unavailable) as refused:
        old_engine.export(tmp_path)
    assert "not in this clone's history" in refused.value.reason
