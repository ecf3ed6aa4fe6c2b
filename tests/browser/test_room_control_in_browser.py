"""The teacher runs the room in a real browser (issue 29, item 4): two Lovelace & Babbage
tables of class 7B (Ali and Bea; Cy and Dan), started in the server's store. Ali's and Cy's
pages are open on their tables; the teacher opens the class on the dashboard and presses
*Pause all*: both table pages say "Paused by your teacher" and refuse Ali's Subroutine with
the store's reason; Bea's seat gets ×2 time and Ali's page shows it; *Resume all*: the notes
go and Ali's click counts. The teacher's *Show on the projector* link opens a table with the
pupils' names hidden ("Pupil 1"...). Screenshots (1280×800 and 768×1024; the dashboard and
Bea's paused page also in 简体中文) go to ``test-artifacts/``. One page load each; waits are
for named states, never for time.

The same in the kernel and on both store engines: tests/test_room_control_dashboard.py,
tests/test_room_control_store.py; the deadline math: tests/test_room_control_core.py.
"""

from __future__ import annotations

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    snap_sizes,
    wait_until,
)
from class_room_kit import pupil_page, shared_class
from playwright.sync_api import expect

from classroom.identity import NewClass
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore

pytestmark = pytest.mark.browser

WAIT = 60_000
PLAY = "voila/render/play.ipynb"
PUPILS = ("Ali", "Bea", "Cy", "Dan")
PAUSED = "Paused by your teacher"


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest
           ) -> tuple[VoilaServer, str, NewClass, dict[str, str], list[str]]:
    """The kit on a SQLite store holding class 7B and its two tables, seated, not started
    (the test starts them once the pupils' pages are open); each pupil's session token (as
    their browser keeps it after *Join my class*); the tables' codes. The process's kit server
    with play.ipynb preheated (:func:`class_room_kit.shared_class`)."""
    def two_tables(store, made, sessions):  # type: ignore[no-untyped-def]
        rooms, codes = RoomStore(store), []
        for pair in (("Ali", "Bea"), ("Cy", "Dan")):
            table = rooms.open_room(sessions[pair[0]].pupil, made.code, seats=2)
            for name in pair:
                rooms.take_seat(table.code, sessions[name].pupil, name)
            codes.append(table.code)
        return codes

    served = shared_class(request, "play.ipynb", PUPILS, two_tables)
    return served.server, served.where, served.made, served.tokens, served.prepared


def pupil(browser, server: VoilaServer, token: str, locale: str = "en-US"):  # type: ignore[no-untyped-def]
    """A page in a context of its own whose browser keeps the class session ``token``."""
    return pupil_page(browser, server, token, locale)


def paused_in_store(where: str, codes: list[str]) -> list[bool]:
    """Whether each table is paused, as the store holds it."""
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        return [rooms.play(code).paused for code in codes]


def test_the_teacher_pauses_resumes_and_shows_a_table(browser, served) -> None:  # type: ignore[no-untyped-def]
    server, where, made, tokens, codes = served
    contexts = []
    try:
        tables = {}
        for name, code, query in (("Ali", codes[0], ""), ("Cy", codes[1], ""),
                                  ("Bea", codes[0], "&lang=zh-CN")):
            context, page = pupil(browser, server, tokens[name],
                                  locale="zh-CN" if query else "en-US")
            contexts.append(context)
            open_voila(page, f"{PLAY}?room={code}{query}", ".lnb-room-seats", timeout=WAIT)
            tables[name] = page
        ali, cy, zh = tables["Ali"], tables["Cy"], tables["Bea"]
        # started once Bea's page is open: a seat nobody has seen for 20 s while the table
        # waits for it is played by a computer (on a busy machine, started before the pages
        # opened, Bea's target was chosen for her and Ali then waited for nobody)
        with ProgressStore(where, backups=False) as store:
            for code in codes:
                RoomStore(store).start(code)
        for page in (ali, cy, zh):
            expect(page.locator(".lnb-target").first).to_be_visible(timeout=WAIT)

        teacher_context = browser.new_context(base_url=server.url,
                                              viewport={"width": 1280, "height": 800})
        contexts.append(teacher_context)
        teacher = teacher_context.new_page()
        open_voila(teacher, "voila/render/teacher.ipynb", ".lnb-open-class", timeout=WAIT)
        teacher.locator(".lnb-class-code input").fill(made.code)
        teacher.locator(".lnb-teacher-key input").fill(made.teacher_key)
        teacher.locator(".lnb-open-class").click()
        controls = teacher.locator(".lnb-rooms-box .lnb-room-control")
        expect(controls).to_have_count(2, timeout=WAIT)
        expect(teacher.locator(".lnb-resume-all")).to_be_disabled()

        teacher.locator(".lnb-pause-all").click()
        expect(teacher.locator(".lnb-rooms-box")).to_contain_text("Paused:", timeout=WAIT)
        expect(teacher.locator(".lnb-resume-all")).to_be_enabled()
        assert paused_in_store(where, codes) == [True, True]
        for page in (ali, cy):
            expect(page.locator(".lnb-room-paused")).to_contain_text(PAUSED, timeout=WAIT)
        snap_sizes(teacher, "1-dashboard-paused")
        teacher.locator(".lnb-title-row button", has_text="简体中文").click()
        expect(teacher.locator(".lnb-resume-all")).to_have_text("全部继续", timeout=WAIT)
        snap_sizes(teacher, "1-dashboard-paused-zh")
        teacher.locator(".lnb-title-row button", has_text="English").click()
        expect(teacher.locator(".lnb-resume-all")).to_have_text("Resume all", timeout=WAIT)
        ali.locator(".lnb-target").first.click(timeout=WAIT)
        expect(ali.locator(".lnb-status-text").first).to_contain_text(
            "Your teacher has paused table", timeout=WAIT)
        snap_sizes(ali, "2-pupil-paused")

        # Bea gets twice the time: every page of her table reads it
        teacher.locator(f".lnb-allowance-{codes[0]}-1 select").select_option(index=1)  # ×2
        expect(ali.locator(".lnb-room-allowances")).to_contain_text("Bea", timeout=WAIT)
        expect(ali.locator(".lnb-room-allowances")).to_contain_text("×2", timeout=WAIT)

        expect(zh.locator(".lnb-room-paused")).to_be_visible(timeout=WAIT)
        snap_sizes(zh, "2-pupil-paused-zh")

        teacher.locator(".lnb-resume-all").click()
        expect(teacher.locator(".lnb-pause-all")).to_be_enabled(timeout=WAIT)
        wait_until(lambda: paused_in_store(where, codes) == [False, False],
                   "the store holds both tables running")
        for page in (ali, cy):
            expect(page.locator(".lnb-room-paused")).to_have_count(0, timeout=WAIT)
        ali.locator(".lnb-target").first.click(timeout=WAIT)
        expect(ali.locator(".lnb-room-waiting")).to_contain_text("Bea", timeout=WAIT)

        # the projector: the teacher's link to Ali's table (its row found by its code: a
        # "first row" was once Cy's table, waiting for its Pupil 1), the names hidden
        link = teacher.locator(f".lnb-room-control-{codes[0]} a.lnb-projector-link")
        href = link.get_attribute("href") or ""
        assert "names=hidden" in href and "view=projector" in href, href
        projector = teacher_context.new_page()
        open_voila(projector, f"voila/render/{href}", ".lnb-room-projector", timeout=WAIT)
        board = projector.locator(".lnb-room-projector")
        expect(board.locator(".lnb-room-waiting")).to_contain_text("Pupil 2", timeout=WAIT)
        text = board.inner_text()
        assert not any(name in text for name in PUPILS), text
        snap_sizes(projector, "3-projector-names-hidden")
        for page in (ali, cy, teacher, projector, zh):
            assert_no_traceback(page)
    finally:
        for context in contexts:
            context.close()
