"""Who is online: a class pupil's puzzle page marks them seen when it learns who they are and
on each check (schema 4's ``presence``); the dashboard names those seen in the last five
minutes, only with the class's teacher key, and never another class's pupils."""

from __future__ import annotations

import datetime

import pytest
from clock import Clock

from classroom.dashboard_store import ONLINE_SECONDS, ClassWork
from classroom.identity import Classroom, IdentityError, NewClass, Pupil
from classroom.progress import ProgressStore
from lnb.core.i18n import use_language
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.dashboard import Dashboard

DAY = datetime.date(2026, 12, 1)
CODE = "P1-0J6Y-91VC-7"


def joined(store: ProgressStore, room: Classroom, made: NewClass, name: str,
           clock: Clock) -> PuzzleApp:
    app = PuzzleApp(store, classroom=room, today=lambda: DAY)
    app.classwork = ClassWork(store, clock=clock)  # the page's clock, moved by the test
    card = next(c for c in made.cards if c.pupil_name == name)
    app.identity.join_class(made.code, name, card.secret)
    return app


def test_pupils_active_in_the_last_minutes_are_online(store: ProgressStore) -> None:
    clock = Clock()
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    other = room.new_class("8C", ["Dan"])
    work = ClassWork(store, clock=clock)
    assert work.online(room, made.code, made.teacher_key) == ()
    ali = joined(store, room, made, "Ali", clock)  # seen when the panel knows who it is
    clock.now += 60
    joined(store, room, made, "Bea", clock)
    joined(store, room, other, "Dan", clock)
    assert work.online(room, made.code, made.teacher_key) == ("Ali", "Bea")
    clock.now += ONLINE_SECONDS - 30  # Ali's page quiet for longer than the window
    assert work.online(room, made.code, made.teacher_key) == ("Bea",)
    ali.open_code(CODE)
    ali.builder.type_rows("A1+")
    ali.check()  # a check marks the page active again
    assert work.online(room, made.code, made.teacher_key) == ("Ali", "Bea")
    assert work.online(room, other.code, other.teacher_key) == ("Dan",)
    with pytest.raises(IdentityError):
        work.online(room, made.code, other.teacher_key)
    device = PuzzleApp(store, classroom=room, today=lambda: DAY)
    device.classwork = ClassWork(store, clock=clock)
    device.use_pupil(Pupil.from_browser_key(Pupil.new_browser_key()), "device")
    with store.transaction() as conn:  # a device is nobody's to show
        assert conn.execute("SELECT count(*) FROM presence").fetchone()[0] == 3


def test_the_dashboard_shows_who_is_online(store: ProgressStore) -> None:
    clock = Clock()
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    joined(store, room, made, "Bea", clock)
    board = Dashboard(room, clock=clock)
    board.open_class(made.code, made.teacher_key)
    assert board.online == ("Bea",)
    assert "Online now (1): Bea" in board.heading.value
    rows = board.class_view.value.split("<tr class='lnb-pupil-row'>")[1:]
    assert ["lnb-online" in row for row in rows] == [False, True, False]
    clock.now += ONLINE_SECONDS + 1
    board.refresh()
    assert board.online == () and "Nobody is online now." in board.heading.value
    assert "lnb-online'" not in board.class_view.value
    joined(store, room, made, "Cy", clock)
    joined(store, room, made, "Ali", clock)
    board.refresh()
    assert "Online now (2): Ali and Cy" in board.heading.value
    with use_language("zh_CN"):
        board.relabel()
        assert "在线" in board.heading.value and "Ali和Cy" in board.heading.value
