"""`lnb board` and `lnb run` as a teacher or a script uses them (in-process and as a command)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lnb.cli import main


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lnb.cli", *args], capture_output=True, text=True, check=False
    )


def test_board_shows_locked_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board"]) == 0
    out = capsys.readouterr().out
    assert "±5" in out and "Swap" in out and out.count("(not revealed)") == 3


def test_board_with_levels_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["board", "--level", "C=+-7,x/3,swap,=42", "--level", "d=copy>,copy<,+-3,=13",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["C"] == ["+-7", "x/3", "swap", "=42"]
    assert data["D"] == ["copy>", "copy<", "+-3", "=13"]


def test_run_prints_every_row(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "A3+ A4/ B4s", "--start", "55"]) == 0
    out = capsys.readouterr().out
    assert "55 + 5 = 60" in out and "60 ÷ 2 = 30" in out and "30 ⇄ 03" in out
    assert out.strip().endswith("result 03")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["run", "A3+ C2+", "--level", "C=+-7,x/3,swap,=42"], "C2 is ×÷3, write C2x or C2/"),
        (["run", "A3+ C2+"], "level C is not revealed"),
        (["run", "A1+ A1+ A1+ A1+ A1+ A1+"], "over the limit of 5"),
        (["run", "A1+ A1+", "--limit", "1"], "over the limit of 1"),
        (["run", "A3+", "--start", "100"], "not a value from 00 to 99"),
        (["run", "A3+", "--level", "C=+-7"], "exactly four"),
        (["run", "A3+", "--level", "Z=+-7,x/3,swap,=42"], "takes no tokens"),
        (["run", "A3+", "--level", "C"], "--level"),
        (["run", "Q3+"], "level Q does not exist"),
        (["run"], "program"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_input_exit_2_one_line_on_stderr(args: list[str], fragment: str) -> None:
    done = run_cli(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert fragment in done.stderr
    assert "Traceback" not in done.stderr


def test_console_script_runs_as_a_process() -> None:
    done = run_cli("run", "B2+Σ", "--json")
    assert done.returncode == 0
    assert json.loads(done.stdout)["rows"][0]["text"] == "55 + 20 + 20 = 95"


def test_only_one_sigma_row() -> None:
    done = run_cli("run", "B2+Σ A1- A1+!")
    assert done.returncode == 2 and done.stdout == ""
    assert "row 3 'A1+Σ': only 1 row may be marked Σ" in done.stderr


@pytest.mark.parametrize("args", [["run", "A3+ A4/", "--json"], ["board", "--json"],
                                  ["solve", "--start", "55", "--target", "73", "--json"]])
def test_the_game_group_runs_the_same_commands(args: list[str],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 0
    top = capsys.readouterr().out
    assert main(["babbage", *args]) == 0
    assert capsys.readouterr().out == top and top


def test_an_unknown_command_in_a_game_group_names_the_choices() -> None:
    result = run_cli("babbage", "bogus")
    assert result.returncode == 2
    assert "lnb babbage" in result.stderr and "'run'" in result.stderr
    assert "Traceback" not in result.stderr
