"""The rooms benchmark's issue 29 rows are printed beside their goals and judged against them
(fake figures: no server, no browser; the runs themselves are benchmarks/rooms_reload.py and
tests/test_rooms_durability.py)."""

from __future__ import annotations

import pytest

from benchmarks import goals, rooms_durability, rooms_reload
from benchmarks.rooms_durability import Verdict


@pytest.fixture
def results(monkeypatch: pytest.MonkeyPatch) -> list[goals.Goal]:
    reported: list[goals.Goal] = []
    monkeypatch.setattr(goals, "RESULTS", reported)
    monkeypatch.setattr(goals, "NOTES", [])
    return reported


def reload_figures(seat: list[float]) -> dict[str, object]:
    page = {"first": 2.0, "widget": [1.0] * len(seat)}
    return {"baseline": 1.5, "baseline_loads": [1.5, 1.4, 1.6],
            "table": {**page, "reloads": seat}, "museum": {**page, "reloads": [1.6, 1.7, 1.8]}}


def test_a_reload_within_two_seconds_of_the_one_widget_page_meets_the_goal(
        results: list[goals.Goal], capsys: pytest.CaptureFixture[str]) -> None:
    assert rooms_reload.report_rows(reload_figures([2.0, 3.4, 3.0]))  # median 3.0: +1.5 s
    assert [round(g.value, 2) for g in results] == [1.5, 0.2]
    assert "reloads 2.00 3.40 3.00 s" in capsys.readouterr().out


def test_a_reload_more_than_two_seconds_over_it_does_not(results: list[goals.Goal]) -> None:
    assert not rooms_reload.report_rows(reload_figures([3.6, 3.6, 3.6]))
    assert [g.met for g in results] == [False, True]
    assert "NOT MET" in goals.summary()


@pytest.mark.parametrize(("pg", "sq", "met"), [
    (Verdict(10, 0, 0, 1), Verdict(10, 0, 0, 0), True),
    (Verdict(10, 1, 0, 0), Verdict(10, 0, 0, 0), False),  # one lost
    (Verdict(10, 0, 0, 0), Verdict(10, 0, 1, 0), False),  # one applied twice
])
def test_an_action_lost_or_doubled_misses_the_goal(
        results: list[goals.Goal], pg: Verdict, sq: Verdict, met: bool) -> None:
    assert rooms_durability.report_rows(
        {"verdict": pg, "outages": 2, "kept": 1},
        {"verdict": sq, "kills": 4, "mid_move": 3, "games": 1, "torn": 0}) is met
    assert len(results) == 2


def test_a_torn_file_misses_the_goal(results: list[goals.Goal]) -> None:
    ok = Verdict(10, 0, 0, 0)
    assert not rooms_durability.report_rows(
        {"verdict": ok, "outages": 2, "kept": 1},
        {"verdict": ok, "kills": 4, "mid_move": 3, "games": 1, "torn": 1})
