"""A puzzle set for the class today: the teacher gives it from the dashboard (a
``PuzzleSet`` made there, or codes typed), with the teacher key only; a pupil of that class
sees *Your teacher's puzzles for today* on their puzzle page and opens each with a button; a
pupil of another class, or a device, sees nothing of it."""

from __future__ import annotations

import datetime

import pytest

from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom, IdentityError, NewClass, Pupil
from classroom.progress import ProgressStore
from lnb.babbage.errors import LnbError
from lnb.babbage.puzzle_sheet import PuzzleSet
from lnb.babbage.puzzles import Puzzle
from lnb.core.i18n import use_language
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.dashboard import Dashboard

DAY = datetime.date(2026, 12, 1)
CODE = "P1-0J6Y-91VC-7"  # start at 55, reach 73: A2- B2+


def pupil_app(store: ProgressStore, room: Classroom, made: NewClass, name: str,
              day: datetime.date = DAY) -> PuzzleApp:
    app = PuzzleApp(store, classroom=room, today=lambda: day)
    card = next(c for c in made.cards if c.pupil_name == name)
    app.identity.join_class(made.code, name, card.secret)
    return app


def test_the_teacher_gives_a_set_and_the_class_pupils_open_it(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea"])
    other = room.new_class("8C", ["Dan"])
    board = Dashboard(room, today=lambda: DAY)
    assert board.assign_box.layout.display == "none"  # nothing before the teacher key
    board.open_class(made.code, made.teacher_key)
    assert board.assign_box.layout.display is None
    assert "no puzzles from you for today" in board.assign_box.shown.value
    box = board.assign_box
    box.difficulty.value, box.count.value, box.seed.value = 2, 3, "7B monday"
    box.assign_button.click()
    expected = PuzzleSet.make(3, 2, "7B monday").shown_codes  # the short codes, 3K7QX
    assert board.status.kind == "ok" and "3 puzzles given" in board.status.text
    assert box.given == expected
    assert all(code in box.shown.value for code in expected)
    assert all(Puzzle.from_code(c).summary() in box.shown.value for c in expected)

    ali = pupil_app(store, room, made, "Ali")
    assert ali.todays.layout.display is None
    assert "Your teacher&#x27;s puzzles for today" in ali.todays.title.value
    assert [b.description for b in ali.todays.buttons] == list(expected)
    ali.todays.buttons[1].click()
    assert ali.puzzle.shown_code == expected[1]
    ali.builder.type_rows(str(ali.puzzle.solution.program))
    ali.check()
    assert ali.todays.buttons[1].description == f"✓ {expected[1]}"
    assert "1 of 3 solved" in ali.todays.title.value

    dan = pupil_app(store, room, other, "Dan")  # another class: nothing
    assert dan.todays.layout.display == "none" and dan.todays.buttons == []
    device = PuzzleApp(store, classroom=room, today=lambda: DAY)
    device.use_pupil(Pupil.from_browser_key(Pupil.new_browser_key()), "device")
    assert device.todays.layout.display == "none"
    tomorrow = pupil_app(store, room, made, "Bea", DAY + datetime.timedelta(days=1))
    assert tomorrow.todays.codes == ()  # for today only
    with use_language("zh_CN"):
        ali.relabel()
        assert "老师今天布置的谜题" in ali.todays.title.value


def test_typed_codes_replace_the_set_and_a_bad_code_changes_nothing(
        store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali"])
    board = Dashboard(room, today=lambda: DAY)
    board.open_class(made.code, made.teacher_key)
    board.assign_box.codes_box.value = f"{CODE}, P1-0J6Y-91VC-8"  # a mistyped code
    board.assign_button = board.assign_box.assign_button
    board.assign_button.click()
    assert board.status.kind == "error" and board.assign_box.given == ()
    board.assign_box.codes_box.value = CODE
    board.assign_button.click()
    assert board.assign_box.given == (CODE,)
    assert [b.description for b in pupil_app(store, room, made, "Ali").todays.buttons] == [CODE]


def test_only_the_teacher_key_gives_or_reads_a_class_set(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali"])
    other = room.new_class("8C", ["Dan"])
    work = ClassWork(store)
    with pytest.raises(IdentityError):
        work.assign(room, made.code, other.teacher_key, [CODE], DAY)
    with pytest.raises(IdentityError):
        work.class_set(room, made.code, "", DAY)
    assert work.class_set(room, made.code, made.teacher_key, DAY) == ()
    with pytest.raises(LnbError):
        PuzzleSet.of_codes(["not a code"])
