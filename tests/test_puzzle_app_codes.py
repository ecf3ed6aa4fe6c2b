"""The puzzle app's short codes and its *Copy link* button, without a browser (the browser
test is tests/browser/test_puzzles_in_browser.py::test_copy_link_copies_the_short_address)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle, daily, generate
from widgets.babbage.puzzle_app import PuzzleApp

TODAY = datetime.date(2025, 3, 5)


@pytest.fixture
def app(tmp_path: Path) -> PuzzleApp:
    return PuzzleApp(ProgressStore(tmp_path / "progress.sqlite3"), today=lambda: TODAY, seed=1)


def test_a_short_code_in_the_address_opens_its_puzzle(app: PuzzleApp) -> None:
    made = generate(4, 1234)
    app.open_query({"code": made.short_code.lower()})
    assert app.puzzle == made and made.short_code in app.heading.value
    assert app.copy_link.code == made.short_code
    assert made.code not in app.heading.value  # the short one is shown, the long one works


def test_an_old_long_code_still_opens_and_shows_its_short_code(app: PuzzleApp) -> None:
    made = generate(2, 77)
    app.open_code(made.code)
    assert app.puzzle == made
    hand_made = Puzzle(55, (73,))
    app.open_code(hand_made.code)  # a puzzle made by hand has only its long code
    assert app.puzzle == hand_made and app.copy_link.code == hand_made.code


def test_a_typo_in_a_short_code_is_refused_in_one_sentence(app: PuzzleApp) -> None:
    before = app.puzzle
    app.code_box.value = "316J7"
    assert app.status.kind == "error" and app.puzzle == before
    assert "'316J7' is not a puzzle code: a character is mistyped" in app.status.text


def test_new_and_daily_puzzles_have_short_codes_to_copy(app: PuzzleApp) -> None:
    assert app.puzzle == daily(TODAY) and app.copy_link.code == daily(TODAY).short_code
    app.levels.value = 3
    app.new_button.click()
    assert app.puzzle.short_code and app.copy_link.code == app.puzzle.short_code
    assert Puzzle.from_code(app.copy_link.code) == app.puzzle


def test_the_copy_link_button_is_labelled_and_hears_the_page(app: PuzzleApp) -> None:
    assert app.copy_link.label == "Copy link"
    app.copy_link.handle({"event": "copied", "url": "http://h/p?code=X", "how": "manual"})
    assert app.copy_link.copied == "http://h/p?code=X"
