"""Simulation: summaries add up, progress is reported, the command line prints a table."""

from __future__ import annotations

import io
import json

import pytest

from lnb import LnbError
from lnb.babbage.simulate import PARTS, progress_bar, seat_names, simulate
from lnb.cli import main


def test_summary_adds_up():
    calls = []
    s = simulate(4, ["greedy", "beginner"], seed=3, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    assert s.games == 4
    assert sum(r.wins for r in s.rows) == pytest.approx(4)
    for r in s.rows:
        assert r.games == 4
        assert sum(r.mean_part(p) for p in PARTS) == pytest.approx(r.mean_score)
    assert simulate(4, ["greedy", "beginner"], seed=3).to_dict() == s.to_dict()


def test_twins_get_numbered_seats():
    assert seat_names(["planner", "planner", "beginner"]) == ["planner-1", "planner-2",
                                                              "beginner"]
    s = simulate(1, ["planner", "planner"], seed=1)
    assert [r.bot for r in s.rows] == ["planner-1", "planner-2"]


def test_bad_players():
    with pytest.raises(LnbError, match="no computer player named"):
        simulate(1, ["planner", "robot"])
    with pytest.raises(LnbError, match="2 to 4 players"):
        simulate(1, ["planner"])


def test_progress_bar_text():
    out = io.StringIO()
    bar = progress_bar(out, width=10)
    bar(1, 2)
    bar(2, 2)
    assert out.getvalue() == "\r[#####.....] 1/2 games\r[##########] 2/2 games\n"


def test_cli_simulate(capsys):
    assert main(["simulate", "--games", "2", "--players", "greedy,beginner", "--seed", "5"]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "greedy" in captured.out
    assert "2/2 games" in captured.err
    assert main(["simulate", "--games", "2", "--players", "greedy,beginner", "--seed", "5",
                 "--json", "--quiet"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert [b["bot"] for b in data["bots"]] == ["greedy", "beginner"]
    assert captured.err == ""
    assert main(["simulate", "--players", "planner,wizard"]) == 2
