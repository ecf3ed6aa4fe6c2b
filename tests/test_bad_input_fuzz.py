"""Every entry point meets bad input with the library's own error in one line, never a
traceback: program text, `lnb` arguments, records, editions, puzzle codes, the page's query."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from lnb.babbage.programs import Program
from lnb.babbage.puzzles import decode
from lnb.babbage.records import load, replay
from lnb.cli import main
from lnb.core.errors import LnbError

HUGE = "1" * 4301  # more digits than Python turns into an int by default
NASTY = st.sampled_from([HUGE, f"A{HUGE}+", f"A3+ {HUGE}", "\x00", "\ud800", "A3+\x00",
                         "=" + HUGE, "+-" + HUGE, "P1-" + "1" * 5000, "\ufeff", " ", ""])
TEXT = st.text(max_size=30) | NASTY


def one_line_error(exc: LnbError) -> None:
    message = str(exc)
    assert message and "\n" not in message and "Traceback" not in message
    assert len(message) < 400, message  # a pasted page is cut, not echoed


@given(TEXT)
@settings(max_examples=300, deadline=None)
def test_program_text(text: str) -> None:
    try:
        Program.parse(text)
    except LnbError as exc:
        one_line_error(exc)


@given(TEXT)
@settings(max_examples=200, deadline=None)
def test_puzzle_codes(text: str) -> None:
    try:
        decode(text)
    except LnbError as exc:
        one_line_error(exc)


RECORD = {"format": "lnb-game/1", "edition": "standard",
          "players": [{"name": "Ada", "character": "Ada Lovelace"},
                      {"name": "Bea", "character": "Charles Babbage"}], "rounds": []}


@pytest.mark.parametrize("field,value", [("edition", "st\x00d"), ("edition", "\ud800"),
                                         ("edition", "../../etc/s2"), ("seed", "x"),
                                         ("edition", HUGE)])
def test_record_fields(field: str, value: str) -> None:
    with pytest.raises(LnbError) as err:
        replay({**RECORD, field: value})
    one_line_error(err.value)


def test_a_record_with_a_number_of_thousands_of_digits() -> None:
    text = json.dumps(RECORD)[:-1] + f', "seed": {HUGE}}}'
    with pytest.raises(LnbError) as err:
        load(text)
    one_line_error(err.value)
    assert err.value.reason == "too-many-digits"


@given(st.lists(TEXT, max_size=4), st.sampled_from(["run", "board", "solve", "replay",
                                                     "puzzle", "simulate", "babbage"]))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_lnb_arguments(words: list[str], command: str) -> None:
    # ``lnb simulate`` alone is good input, 100 whole games (4 of the test's 5 CPU seconds):
    # its defaults run on two games in the test below
    assume(command != "simulate" or words)
    try:
        status = main([command, *words])
    except SystemExit as stop:  # --help printed
        status = stop.code or 0
    assert status in (0, 1, 2)


def test_lnb_simulate_runs_with_its_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games, seed 0\n"), out
    assert [line.split()[0] for line in out.splitlines()[2:5]] == ["planner", "greedy",
                                                                    "beginner"], out


@pytest.mark.parametrize("argv", [["run", f"A{HUGE}+"], ["run", f"A3+ {HUGE}"],
                                  ["solve", "--start", HUGE, "--target", "5"],
                                  ["board", "--level", f"C=+-{HUGE},x/3,swap,=42"],
                                  ["simulate", "--games", HUGE], ["puzzle", "show", "P1-" + HUGE]])
def test_lnb_prints_one_short_line(argv: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "lnb.cli", *argv], capture_output=True,
                            text=True, check=False, timeout=60)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr and len(lines[0]) < 400


@given(st.dictionaries(st.sampled_from(["code", "lang", "nick", "key", "difficulty", "x"]),
                       TEXT, max_size=3))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_puzzle_pages_query(query: dict[str, str]) -> None:
    from classroom.progress import ProgressStore
    from widgets.babbage.puzzle_app import PuzzleApp

    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    app.open_query(query)
    assert app.status.kind != "sorry", app.status.last_error  # a message, never an apology
    assert len(app.status.text) < 600
