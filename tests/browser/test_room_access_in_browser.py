"""Who may watch a class's table, and a mistyped class code on the dashboard, in a real browser
(safety trial D6, classroom trial defect 21): the projector view without the class's link
says who may watch and shows nothing of the table; with the link it shows the table; the
dashboard says there is no class of a mistyped code. Screenshots at 1280×800 and 768×1024,
in English and 简体中文, go to ``test-artifacts/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    lessons_kit,
    open_voila,
    snap_sizes,
)
from playwright.sync_api import expect

from classroom.identity import Classroom, NewClass
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore

pytestmark = pytest.mark.browser

WAIT = 60_000


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("room-access-home")


@pytest.fixture(scope="module")
def table(home: Path) -> tuple[NewClass, str, str]:
    """Class 7B, and a started table of Ali and Bea: the class, the table's code and the
    token of its projector link (as the dashboard gives it)."""
    with ProgressStore(home / "progress.sqlite3", backups=False) as store:
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", ["Ali", "Bea"])
        ali, bea = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
        rooms = RoomStore(store)
        code = rooms.open_room(ali, made.code, seats=2).code
        rooms.take_seat(code, ali, "Ali")
        rooms.take_seat(code, bea, "Bea")
        rooms.start(code)
        return made, code, rooms.watch_token(code, ali)


@pytest.fixture(scope="module")
def kit(home: Path, table: tuple[NewClass, str, str]) -> Iterator[VoilaServer]:
    with lessons_kit(home) as server:
        yield server


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "Only the teacher and the pupils of its class can watch table"),
    ("zh-CN", "所属班级的老师和学生才能观看"),
], ids=["en", "zh-CN"])
def test_the_projector_view_needs_the_class_link(page, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                 table: tuple[NewClass, str, str],
                                                 lang: str, says: str) -> None:
    _made, code, token = table
    page.set_viewport_size({"width": 1280, "height": 800})
    play = f"{kit.url}voila/render/play.ipynb?room={code}&view=projector&lang={lang}"
    open_voila(page, play, selector=".lnb-status-text", timeout=WAIT)
    status = page.locator(".lnb-status-text").first
    expect(status).to_contain_text(says, timeout=WAIT)
    expect(status).to_contain_text(code)
    assert page.locator(".lnb-room-projector").inner_text().count("Bea") == 0
    assert_no_traceback(page)
    snap_sizes(page, f"projector-refused-{lang}")

    open_voila(page, f"{play}&watch={token}", selector=".lnb-room-projector", timeout=WAIT)
    expect(page.locator(".lnb-room-projector")).to_contain_text("Bea", timeout=WAIT)
    assert_no_traceback(page)


@pytest.mark.parametrize(("lang", "says"), [
    ("en", "There is no class HJ4-RPX: check the class code."),
    ("zh-CN", "没有班级 HJ4-RPX：请核对班级代码。"),
], ids=["en", "zh-CN"])
def test_a_mistyped_class_code_on_the_dashboard_says_so(page, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                        lang: str, says: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_voila(page, f"{kit.url}voila/render/teacher.ipynb?lang={lang}",
               selector=".lnb-open-class", timeout=WAIT)
    page.locator(".lnb-class-code input").fill("hj4-rpx")
    page.locator(".lnb-teacher-key input").fill("AAAA-AAAA-AAAA-AAAA")
    page.locator(".lnb-open-class").click()
    expect(page.locator(".lnb-status-text").first).to_have_text(says, timeout=WAIT)
    assert_no_traceback(page)
    snap_sizes(page, f"dashboard-no-class-{lang}")
