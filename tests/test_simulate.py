"""Simulation: summaries add up, progress is reported, the command line prints a table."""

from __future__ import annotations

import argparse
import io
import json

import pytest

from lnb import LnbError
from lnb.babbage.bots import REGISTRY
from lnb.babbage.simulate import PARTS, progress_bar, run_cli, seat_names, simulate
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


class Terminal(io.StringIO):
    """A stream that says it is a terminal (tqdm draws only on terminals)."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_is_tqdm_on_a_terminal_only():
    out = Terminal()
    with progress_bar(2, out) as bar:
        bar.update(1)
        bar.update(1)
    assert "2/2" in out.getvalue() and "game/s" in out.getvalue()
    assert out.getvalue().endswith("\n")
    for stream, quiet in ((Terminal(), True), (io.StringIO(), False)):
        with progress_bar(2, stream, quiet=quiet) as bar:
            bar.update(2)
        assert stream.getvalue() == ""


def test_run_cli_shows_progress_on_a_terminal_unless_quiet():
    def run(quiet):
        args = argparse.Namespace(games=3, players="greedy,beginner", seed="5", json=False,
                                  quiet=quiet)
        out, err = io.StringIO(), Terminal()
        assert run_cli(args, out=out, err=err) == 0
        return out.getvalue(), err.getvalue()

    out, err = run(quiet=False)
    assert "3/3" in err and "win rate" in out and "3/3" not in out
    assert run(quiet=True) == (out, "")


def test_table_says_what_each_strength_means():
    text = simulate(1, ["planner", "beginner"], seed=2).table()
    lines = text.splitlines()
    assert lines[-2:] == [f"strength {k.strength}, {k.name}: {k.describe}"
                          for k in map(REGISTRY.kind, ("beginner", "planner"))]
    assert "greedy" not in text


def test_cli_simulate(capsys):
    assert main(["simulate", "--games", "2", "--players", "greedy,beginner", "--seed", "5"]) == 0
    captured = capsys.readouterr()
    assert "win rate" in captured.out and "greedy" in captured.out
    assert captured.err == ""  # not a terminal: no progress bar
    assert main(["simulate", "--games", "2", "--players", "greedy,beginner", "--seed", "5",
                 "--json", "--quiet"]) == 0
    captured = capsys.readouterr()
    data = json.loads(captured.out)
    assert [b["bot"] for b in data["bots"]] == ["greedy", "beginner"]
    assert captured.err == ""
    assert main(["simulate", "--players", "planner,wizard"]) == 2
