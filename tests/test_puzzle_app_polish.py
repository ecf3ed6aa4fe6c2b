"""The puzzle app's two small troubles from the trial (babbage-and-classroom.md defects 15 and
22): a difficulty picked opens a puzzle of it at once, and the verdict on rows checked before
goes when the rows change (it stood beside a new row's error after *Clear*)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle
from widgets.babbage.puzzle_app import PuzzleApp

TODAY = datetime.date(2025, 3, 5)
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))


@pytest.fixture
def app(tmp_path: Path) -> PuzzleApp:
    made = PuzzleApp(ProgressStore(tmp_path / "progress.sqlite3"), today=lambda: TODAY, seed=1)
    made.open_query({"code": SHARED.code})
    return made


def test_a_difficulty_picked_opens_a_puzzle_of_it_at_once(app: PuzzleApp) -> None:
    assert app.puzzle == SHARED
    other = next(d for d in app.levels.options if d[1] != app.levels.value)[1]
    app.levels.value = other
    assert app.puzzle != SHARED and app.puzzle.difficulty == other
    assert app.builder.puzzle == app.puzzle and app.status.kind != "sorry"
    shown = app.puzzle
    app.open_code(SHARED.code)  # opening a puzzle sets its difficulty: no second new puzzle
    assert app.puzzle == SHARED and app.levels.value == SHARED.difficulty
    assert shown != app.puzzle


def test_the_verdict_goes_when_the_rows_change(app: PuzzleApp) -> None:
    app.builder.type_rows("A1+")
    app.check()
    assert app.status.kind == "error" and app.status.text
    app.builder.clear_button.click()  # Clear: the verdict spoke of rows no longer there
    assert app.status.text == ""
    app.builder.type_rows("A4/ B4s")
    app.check()
    verdict = app.status.text
    assert verdict
    app.status.show("something else", "info")  # a later message is not the verdict's to take
    app.builder.undo()
    assert app.status.text == "something else"
