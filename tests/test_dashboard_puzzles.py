"""The dashboard names a puzzle by what it asks (``62 → 78``), its difficulty and its code,
the short one when the kit knows it (babbage-and-classroom.md, defect 20)."""

from __future__ import annotations

import datetime

from classroom.dashboard_figures import ClassReport, PupilResults, PuzzleResult
from classroom.dashboard_store import WrongAnswer
from lnb.babbage import classroom_hooks, puzzles
from lnb.babbage.puzzle_sheet import STARS
from lnb.babbage.puzzles import Puzzle, daily, generate
from widgets.classroom.dashboard_views import class_table_html, puzzle_html, wrong_html

DAY = datetime.date(2026, 12, 1)


def report_of(*codes: str, day: datetime.date = DAY) -> ClassReport:
    rows = tuple(PuzzleResult(c, None, False, 1, 0, None, None, day) for c in codes)
    return ClassReport("KM7Q4X", "7B", (PupilResults("Ali", rows),))


def test_the_class_list_says_what_each_puzzle_asks_and_how_hard_it_is() -> None:
    given = generate(2, 77)  # one of a set the teacher gave: its short code is known
    hand_made = Puzzle(62, (78,), limit=4)
    shown = class_table_html(report_of(given.code, hand_made.code))
    assert f"{given.summary()}</span>" in shown and STARS[given.difficulty] in shown
    assert given.short_code in shown and given.code not in shown
    assert "62 → 78" in shown and hand_made.code in shown  # no short code: the long one
    assert "P1-" not in shown.split("62 → 78")[0]  # the goal comes first, then the code


def test_the_puzzle_of_the_day_shows_its_short_code(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    day = DAY + datetime.timedelta(days=3)
    today = daily(day)
    monkeypatch.setattr(puzzles, "_SHORT_OF", {})  # a dashboard that never made it
    classroom_hooks._daily_code.cache_clear()  # the game's "puzzles" hook reads the codes
    classroom_hooks._puzzle.cache_clear()
    assert Puzzle.from_code(today.code).short_code is None
    assert puzzle_html(today.code, day).endswith(
        f"<span class='lnb-code'>{today.short_code}</span>")


def test_wrong_programs_name_the_puzzle_by_its_goal() -> None:
    shown = wrong_html((WrongAnswer("P1-0J6Y-91VC-7", "A3+ B1- A1+", 2, 3),))
    assert "55 → 73" in shown and "P1-0J6Y-91VC-7" in shown
