"""Pupils' lesson answers kept (issue 30, item 4): every answer to a bank exercise is kept
for its pupil on both store engines and in the browser's storage, a reopened lesson shows
each exercise as the pupil left it, no pupil sees another's, and the teacher's dashboard
shows per lesson who answered what with the class's diagnoses pooled."""

from __future__ import annotations

import datetime
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from classroom.browser_store import MemoryStorage
from classroom.identity import Classroom, IdentityError, Pupil
from classroom.lesson_answers import (
    BrowserLessonAnswers,
    LessonAnswers,
    answers_of,
    class_answers,
    lesson_report,
    report_csv,
    summarise,
)
from classroom.progress import ProgressStore
from widgets.babbage.exercise import number, numbers
from widgets.classroom.dashboard import Dashboard
from widgets.lessons.answers import LessonKeeper
from widgets.lessons.bank import exercise

LESSON = "02-place-value"
AT = datetime.datetime(2026, 12, 6, 9, 30)
ADA, BEA = Pupil("nick:ada", "Ada"), Pupil("nick:bea", "Bea")


def test_answers_are_kept_per_pupil_on_both_engines(make_store: Any) -> None:
    store = make_store()
    kept = LessonAnswers.of(store)
    kept.record(ADA, LESSON, "swap-07", "07", correct=False, diagnosis="start", at=AT)
    kept.record(ADA, LESSON, "swap-07", "70", correct=True, at=AT)
    kept.record(BEA, LESSON, "swap-07", "7", correct=False, diagnosis="too-small", at=AT)
    kept.record(ADA, "03-multiply-divide", "half-9", "4", correct=True, at=AT)
    again = LessonAnswers.of(make_store())  # another kernel, the same store
    mine = again.load(ADA, LESSON)
    assert [(a.seq, a.answer, a.correct, a.diagnosis) for a in mine] == [
        (1, "07", False, "start"), (2, "70", True, None)]
    assert mine[0].at == "2026-12-06T09:30:00" and mine[0].day == AT.date()
    assert [a.answer for a in again.load(BEA, LESSON)] == ["7"]  # never Ada's
    assert again.load(Pupil("nick:cy", "Cy"), LESSON) == ()


def test_a_store_of_today_without_the_table_loads_and_gains_it(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path, backups=False) as old:  # today's kit: no lesson answers yet
        old.record_attempt(ADA, "P1-X", solved=True, rows=3, day=AT.date())
        old.close()
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "lesson_answers" not in tables
    store = ProgressStore(path, backups=False)
    assert store.load(ADA).get("P1-X").best_rows == 3  # its rows as they were
    LessonAnswers.of(store).record(ADA, LESSON, "copy-64", "44", correct=True, at=AT)
    assert [a.answer for a in LessonAnswers.of(store).load(ADA, LESSON)] == ["44"]
    assert store.problem is None
    store.close()
    reopened = ProgressStore(path, backups=False)  # the file with the table opens too
    assert reopened.problem is None and reopened.load(ADA).solved_count == 1
    assert [a.answer for a in LessonAnswers.of(reopened).load(ADA, LESSON)] == ["44"]
    reopened.close()


def test_the_browser_keeps_answers_and_skips_damaged_ones() -> None:
    storage = MemoryStorage()
    kept = BrowserLessonAnswers(storage)
    me = Pupil("device:" + "a" * 32, "this browser")
    kept.record(me, LESSON, "swap-07", "07", correct=False, diagnosis="start", at=AT)
    kept.record(me, LESSON, "swap-07", "70", correct=True, at=AT)
    assert [(a.seq, a.correct) for a in BrowserLessonAnswers(storage).load(me, LESSON)] == [
        (1, False), (2, True)]
    assert BrowserLessonAnswers(storage).load(Pupil("device:" + "b" * 32, "x"), LESSON) == ()
    key = f"answers/{LESSON}/{me.key}"
    storage.put(key, storage.get(key).replace('"70"', '70'))  # a hand-edited entry
    assert [a.answer for a in kept.load(me, LESSON)] == ["07"]
    storage.put(key, "not json")
    assert kept.load(me, LESSON) == ()


def test_the_site_keeps_answers_in_the_browser_and_the_served_kit_in_its_store() -> None:
    from classroom.browser_store import BrowserProgressStore

    assert isinstance(answers_of(BrowserProgressStore(MemoryStorage())), BrowserLessonAnswers)
    assert isinstance(answers_of(ProgressStore(":memory:")), LessonAnswers)


def test_a_tried_exercise_counts_its_tries_and_stays_right() -> None:
    def at(seq: int, answer: str, correct: bool) -> Any:
        from classroom.lesson_answers import LessonAnswer
        return LessonAnswer(LESSON, "x", seq, answer, correct, None, "2026-12-06T09:00:00")

    work = summarise([at(1, "1", False), at(2, "2", True), at(3, "3", False)])["x"]
    assert (work.tries, work.right_at, work.status, work.shown.answer) == (
        3, 2, "right-after", "2")
    assert summarise([at(1, "2", True)])["x"].status == "right-first"
    assert summarise([at(1, "1", False)])["x"].status == "wrong"


def test_checks_name_the_misconception_as_a_key() -> None:
    assert number(27, program="A4/")("28").diagnosis == "rounded-up"
    assert number(60)("61").diagnosis == "too-big"
    assert number(60)("six").diagnosis == "not-a-number"
    assert number(60)("60").diagnosis is None
    assert numbers([69, 70])("70").diagnosis == "some-missing"
    assert numbers([69, 70])("none").diagnosis == "said-none"
    verdict = exercise(LESSON, "swap-07", keeper=False).submit("07")
    assert verdict.diagnosis == "start" and not verdict.correct


def keeper(store: ProgressStore) -> LessonKeeper:
    return LessonKeeper(store, Classroom(store, failure_delay=0))


def test_a_reopened_lesson_shows_each_exercise_as_the_pupil_left_it() -> None:
    store = ProgressStore(":memory:")
    page = keeper(store)
    page.use(ADA)
    swap, copy = (exercise(LESSON, "swap-07", keeper=page),
                  exercise(LESSON, "copy-64", keeper=page))
    swap.submit("07"), swap.submit("70"), copy.submit("66")
    assert page._line_in is swap  # the who-line above the page's first exercise only
    reopened = keeper(store)
    swap2, copy2, other = (exercise(LESSON, "swap-07", keeper=reopened),
                           exercise(LESSON, "copy-64", keeper=reopened),
                           exercise(LESSON, "times-table-9", keeper=reopened))
    kept: list[tuple[Any, ...]] = []
    reopened.answers.record = lambda *a, **k: kept.append(a)  # type: ignore[method-assign]
    reopened.use(ADA)
    assert (swap2.answer.value, swap2.solved, swap2.attempts) == ("70", True, 2)
    assert swap2.status.kind == "ok" and "on 20" in swap2.status.text  # "you answered this on"
    assert (copy2.answer.value, copy2.solved, copy2.status.kind) == ("66", False, "error")
    assert other.answer.value == "" and other.status.text == ""
    assert kept == [] and not swap2.hints_shown  # showing is not answering again
    # another pupil on this page sees none of it
    reopened.use(BEA)
    assert swap2.answer.value == "" and not swap2.solved and swap2.status.text == ""


def test_answers_before_the_page_knows_its_pupil_are_kept_for_them() -> None:
    store = ProgressStore(":memory:")
    page = keeper(store)
    ex = exercise(LESSON, "swap-07", keeper=page)
    ex.submit("07")
    assert LessonAnswers.of(store).load(ADA, LESSON) == ()
    page.use(ADA)
    assert [a.answer for a in LessonAnswers.of(store).load(ADA, LESSON)] == ["07"]


def class_with_answers() -> tuple[Classroom, Any]:
    store = ProgressStore(":memory:")
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    ali, bea, _cy = room.class_pupils(made.code, made.teacher_key)
    kept = LessonAnswers.of(store)
    kept.record(ali, LESSON, "swap-07", "07", correct=False, diagnosis="start", at=AT)
    kept.record(ali, LESSON, "swap-07", "70", correct=True, at=AT)
    kept.record(bea, LESSON, "swap-07", "07", correct=False, diagnosis="start", at=AT)
    kept.record(bea, LESSON, "copy-64", "66", correct=True, at=AT)
    kept.record(ADA, LESSON, "swap-07", "5", correct=False, at=AT)  # not of the class
    return room, made


def test_the_teacher_sees_the_class_per_lesson_with_pooled_diagnoses() -> None:
    room, made = class_with_answers()
    report = lesson_report(room, made.code, made.teacher_key, LESSON,
                           ("swap-07", "copy-64", "take-away-swap-82"))
    assert [p.name for p in report.pupils] == ["Ali", "Bea", "Cy"]
    assert [[p.status(ex) for ex in report.exercises] for p in report.pupils] == [
        ["right-after", "not-tried", "not-tried"],
        ["wrong", "right-first", "not-tried"],
        ["not-tried", "not-tried", "not-tried"]]
    assert report.pooled == {"swap-07": (("start", 2),)}  # Ada is not of the class
    assert report_csv(report).splitlines()[2].startswith("Bea,wrong,1,07,right-first,1,66")
    with pytest.raises(IdentityError):
        class_answers(room, made.code, "not the key")


def test_the_dashboard_shows_the_lessons_table() -> None:
    room, made = class_with_answers()
    board = Dashboard(room)
    board.open_class(made.code, made.teacher_key)
    box = board.lessons_box
    assert box.picker.options == (LESSON,) and box.picker.value == LESSON
    assert "2 pupils: the number given is the start: no row was done" in box.view.value
    assert "right after 2 tries" in box.view.value and "lnb-ans-not-tried" in box.view.value
    assert "answers-7B-02-place-value-" in box.export.value


def test_the_static_site_keeps_a_lessons_answers_in_the_browser() -> None:
    from classroom.browser_store import BrowserProgressStore, NoClassroom

    storage = MemoryStorage()
    store = BrowserProgressStore(storage)
    page = LessonKeeper(store, NoClassroom(store, lambda: "needs the served kit"))
    me = Pupil("device:" + "c" * 32, "this browser")
    page.use(me)
    exercise(LESSON, "swap-07", keeper=page).submit("70")
    assert storage.names() == [f"answers/{LESSON}/{me.key}"]
    reopened = LessonKeeper(BrowserProgressStore(storage),
                            NoClassroom(store, lambda: "needs the served kit"))
    line = reopened.who_line()  # a lesson that shows it at its top: no exercise embeds it
    again = exercise(LESSON, "swap-07", keeper=reopened)
    reopened.use(me)
    assert again.answer.value == "70" and again.solved and line not in again.children
