"""Lesson answers kept, in a real browser on the served kit: a pupil joins class 7B on a lesson
page with their card, answers two exercises wrong then right and reloads: their answers are
back (the box, the verdict, "you answered this on ..."); the teacher's dashboard shows the
lesson's table with their tries and the class's wrong answers pooled with the kit's diagnosis
(Bea's wrong answer is made in the server's file beforehand). Screenshots at 1280x800 and
768x1024 go to ``test-artifacts/``."""

from __future__ import annotations

import datetime
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    laptop_page,
    lessons_kit,
    open_voila,
    serious_violations,
    snap_sizes,
)
from playwright.sync_api import expect

from classroom.identity import Classroom, NewClass
from classroom.lesson_answers import LessonAnswers
from classroom.progress import ProgressStore

pytestmark = pytest.mark.browser

WAIT = 60_000
LESSON = "02-place-value"


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lesson-answers-home")


@pytest.fixture(scope="module")
def made(home: Path) -> NewClass:
    """Class 7B; Bea answered swap-07 with the start number (diagnosis ``start``)."""
    with ProgressStore(home / "progress.sqlite3", backups=False) as store:
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", ["Ali", "Bea"])
        bea = room.class_pupils(made.code, made.teacher_key)[1]
        LessonAnswers.of(store).record(bea, LESSON, "swap-07", "07", correct=False,
                                       diagnosis="start")
    return made


@pytest.fixture(scope="module")
def kit(home: Path, made: NewClass) -> Iterator[VoilaServer]:
    with lessons_kit(home) as server:
        yield server


def answer(exercise, text: str, kind: str) -> None:  # type: ignore[no-untyped-def]
    """Type ``text`` in ``exercise``'s box and wait for its own verdict of ``kind``."""
    box = exercise.locator(".lnb-answer input")
    box.fill(text)
    box.press("Enter")
    expect(exercise.locator(f":scope > .lnb-status-{kind}")).to_have_count(1, timeout=WAIT)


def test_a_pupils_answers_come_back_and_the_teacher_sees_them(browser, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                              made: NewClass) -> None:
    with laptop_page(browser, kit) as page:
        open_voila(page, f"voila/render/{LESSON}.ipynb", selector=".lnb-lesson-who",
                   timeout=WAIT)
        who = page.locator(".lnb-lesson-who")
        expect(who).to_have_count(1)  # one who-line on the page
        expect(who.locator(".lnb-who")).to_contain_text("this browser", timeout=WAIT)
        who.locator(".lnb-join-open").click()
        who.locator(".lnb-class-code input").fill(made.code)
        who.locator(".lnb-pupil-name input").fill("Ali")
        who.locator(".lnb-card-secret input").fill(made.cards[0].secret)
        who.locator(".lnb-join").click()
        expect(who.locator(".lnb-who")).to_contain_text("Ali", timeout=WAIT)

        exercises = page.locator(".lnb-exercise")
        swap, copy = exercises.nth(0), exercises.nth(1)
        answer(swap, "07", "error")
        expect(swap.locator(":scope > .lnb-status")).to_contain_text("start number")
        answer(swap, "70", "ok")
        answer(copy, "64", "error")
        answer(copy, "44", "ok")

        page.reload(wait_until="domcontentloaded")
        expect(who.locator(".lnb-who")).to_contain_text("Ali", timeout=WAIT)
        expect(swap.locator(".lnb-answer input")).to_have_value("70", timeout=WAIT)
        swap_said = swap.locator(":scope > .lnb-status-ok")
        expect(swap_said).to_contain_text("You answered this on", timeout=WAIT)
        expect(copy.locator(".lnb-answer input")).to_have_value("44")
        expect(copy.locator(":scope > .lnb-status-ok")).to_contain_text(
            str(datetime.date.today()))
        expect(exercises.nth(2).locator(".lnb-answer input")).to_have_value("")
        assert_no_traceback(page)
        assert serious_violations(page) == []
        snap_sizes(page, "lesson-resumed")

        open_voila(page, "voila/render/teacher.ipynb", selector=".lnb-open-class",
                   timeout=WAIT)
        page.locator(".lnb-class-code input").fill(made.code)
        page.locator(".lnb-teacher-key input").fill(made.teacher_key)
        page.locator(".lnb-open-class").click()
        view = page.locator(".lnb-lessons-view")
        expect(view).to_contain_text("right after 2 tries", timeout=WAIT)
        rows = view.locator("table.lnb-lesson-table tr")
        expect(rows.nth(1)).to_contain_text("Ali")
        expect(rows.nth(2)).to_contain_text("Bea")
        expect(rows.nth(2)).to_contain_text("wrong (1 try)")
        expect(view.locator(".lnb-pooled")).to_contain_text(
            "2 pupils: the number given is the start: no row was done")
        expect(page.locator(".lnb-lessons-export a.lnb-download-link")).to_have_attribute(
            "download", f"answers-7B-{LESSON}-{datetime.date.today()}.csv")
        assert_no_traceback(page)
        assert serious_violations(page) == []
        page.locator(".lnb-lessons-box").scroll_into_view_if_needed()
        snap_sizes(page, "dashboard-lessons")
