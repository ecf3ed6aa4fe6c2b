"""Who may watch a class's table, and a mistyped class code on the dashboard, in a real browser
(safety trial D6, classroom trial defect 21): the projector view without the class's link
says who may watch and shows nothing of the table; with the link it shows the table; the
dashboard says there is no class of a mistyped code. Screenshots at 1280×800 and 768×1024,
in English and 简体中文, go to ``test-artifacts/``."""

from __future__ import annotations

from typing import Any

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    snap_sizes,
)
from class_room_kit import ServedClass, shared_class
from playwright.sync_api import expect

from classroom.identity import NewClass
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore

pytestmark = pytest.mark.browser

WAIT = 60_000


def started_table(store: ProgressStore, made: NewClass, sessions: Any) -> tuple[str, str]:
    """A started table of Ali and Bea: its code and the token of its projector link (as the
    dashboard gives it)."""
    ali, bea = sessions["Ali"].pupil, sessions["Bea"].pupil
    rooms = RoomStore(store)
    code = rooms.open_room(ali, made.code, seats=2).code
    rooms.take_seat(code, ali, "Ali")
    rooms.take_seat(code, bea, "Bea")
    rooms.start(code)
    return code, rooms.watch_token(code, ali)


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> ServedClass:
    """Class 7B (Ali, Bea) and their started table (:func:`started_table`) on the process's
    kit server with play.ipynb preheated (:func:`class_room_kit.shared_class`)."""
    return shared_class(request, "play.ipynb", ("Ali", "Bea"), started_table)


@pytest.fixture(scope="module")
def table(served: ServedClass) -> tuple[NewClass, str, str]:
    """Class 7B, the table's code and the token of its projector link."""
    return served.made, *served.prepared


@pytest.fixture(scope="module")
def kit(served: ServedClass) -> VoilaServer:
    return served.server


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
