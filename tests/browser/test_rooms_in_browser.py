"""A live game room in a real browser (issue 17): three pupils of one class, each in their own
browser context (own storage, own kernel), and a computer seat play Round 1 at one table.

Ali opens the table from the game page (*Open a table*, under the game) and follows its link;
Bea types its code on the game page and presses *Join a table* (one click: she is seated and
her browser goes to the table's page); Cy opens ``play.ipynb?room=CODE``. Each pupil is known
by the class session their browser keeps (the class panel's ``localStorage`` key, as after
*Join my class*). The host gives seat 4 to a computer, frees it and gives it again, and
starts. After Ali's *I'm done* the minute runs on Bea's and Cy's pages; Bea reloads mid-race
and finds her seat, her unfinished program and a countdown that moves with Cy's; Cy is
still writing at the bell and every page says time is up (his rows stand); everyone
sees the same rows resolved and the same scores, under the heading of the Round just played;
the projector's page (in 简体中文) never shows a program being written. In Round 2 only a
pupil with a completed Subroutine is asked to activate. Run against the served
kit on SQLite and on PostgreSQL (``LNB_STORE``). Screenshots at 1280×800 and 768×1024 go to
``test-artifacts/`` (the host's lobby and the projector also in 简体中文).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from browser_harness import (
    REPO,
    VoilaServer,
    assert_no_traceback,
    open_voila,
    running_voila,
    snap_sizes,
)
from playwright.sync_api import expect

from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from widgets.classroom.panel import STORAGE_KEY

pytestmark = pytest.mark.browser

WAIT = 60_000
PLAY = "voila/render/play.ipynb"
PUPILS = ("Ali", "Bea", "Cy")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[VoilaServer, str, dict[str, str]]]:
    """The kit served on a store of that engine holding class 7B (Ali, Bea, Cy); each
    pupil's session token, as their browser keeps it after *Join my class*."""
    home = tmp_path_factory.mktemp(f"rooms-{request.param}")
    if request.param == "sqlite":
        where = str(home / "progress.sqlite3")
        env = {"LNB_PROGRESS_DB": where}
    else:
        where = request.getfixturevalue("pg_cluster").new_database()
        env = {"LNB_STORE": where}
    with ProgressStore(where) as store:
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", list(PUPILS))
        tokens = {c.pupil_name: room.join(made.code, c.pupil_name, c.secret).token
                  for c in made.cards}
    with running_voila(REPO / "lessons", home, pool_size=0, env=env) as server:
        yield server, where, tokens


def pupil(browser, server: VoilaServer, token: str | None):  # type: ignore[no-untyped-def]
    """A page in a context of its own whose browser keeps ``token`` (a class session)."""
    context = browser.new_context(base_url=server.url, viewport={"width": 1280, "height": 800})
    if token is not None:
        kept = json.dumps({"key": Pupil.new_browser_key(), "session": token})
        context.add_init_script(
            f"if (!localStorage.getItem({json.dumps(STORAGE_KEY)}))"
            f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(kept)});")
    return context, context.new_page()


def wait_draft(where: str, code: str, seat: int, text: str) -> None:
    """Until the store holds the seat's draft (saved by its page as the pupil writes)."""
    with ProgressStore(where) as store:
        rooms = RoomStore(store)
        pupil = rooms.room(code).seat(seat).pupil  # (the store's own reading, as its pupil)
        assert pupil is not None, f"seat {seat} has no pupil"
        for _ in range(100):
            if rooms.draft(code, seat, pupil) == text:
                return
            time.sleep(0.1)
    raise AssertionError(f"seat {seat}'s draft {text!r} was never saved")


def seen(pages) -> str:  # type: ignore[no-untyped-def]
    """What each page's title and status line say (for a failure's message)."""
    return " | ".join(f"{p.locator('.lnb-phase').first.inner_text()!r} "
                      f"{p.locator('.lnb-status-text').first.inner_text()!r}" for p in pages)


def counted(page) -> int:  # type: ignore[no-untyped-def]
    """The seconds of the race gone, as the page's countdown shows them."""
    return int(page.locator(".lnb-timer-count input").input_value() or 0)


def write(page, rows: str, shown: str) -> None:  # type: ignore[no-untyped-def]
    page.locator(".lnb-typed input").fill(rows)
    page.locator(".lnb-typed input").press("Enter")
    expect(page.locator(".lnb-rows")).to_contain_text(shown, timeout=WAIT)


def test_three_pupils_and_a_computer_play_a_round(browser, served) -> None:  # type: ignore[no-untyped-def]
    server, where, tokens = served
    contexts = []
    try:
        pages = {}
        for name in PUPILS:
            context, page = pupil(browser, server, tokens[name])
            contexts.append(context)
            pages[name] = page
        ali, bea, cy = (pages[n] for n in PUPILS)

        # Ali opens a table from the game page and follows its link
        open_voila(ali, PLAY, ".lnb-open-table", timeout=WAIT)
        expect(ali.locator(".lnb-table-entry .lnb-who")).to_contain_text("Ali", timeout=WAIT)
        ali.locator(".lnb-open-table").click()
        big = ali.locator(".lnb-room-code-big")
        expect(big).to_have_text(re.compile(r"^[A-Z0-9]{4}$"), timeout=WAIT)
        code = big.inner_text().strip()
        expect(ali.locator(".lnb-room-link")).to_have_attribute("href",
                                                                f"play.ipynb?room={code}")
        watch = ali.locator(".lnb-room-projector-link").get_attribute("href")  # its token
        assert watch and watch.startswith(f"play.ipynb?room={code}&view=projector"), watch
        ali.locator(".lnb-room-link").click()
        seats = ali.locator(".lnb-room-seats")
        expect(seats).to_contain_text("Ali", timeout=WAIT)
        # Bea joins with the code: one click seats her and opens the table's page
        open_voila(bea, PLAY, ".lnb-join-table", timeout=WAIT)
        expect(bea.locator(".lnb-table-entry .lnb-who")).to_contain_text("Bea", timeout=WAIT)
        bea.locator(".lnb-table-code input").fill(code.lower())
        bea.locator(".lnb-join-table").click()
        expect(seats).to_contain_text("Bea", timeout=WAIT)  # seated before her page opens
        bea.wait_for_url(f"**/{PLAY}?room={code}", timeout=WAIT)
        expect(bea.locator(".lnb-room-seats")).to_contain_text("Bea", timeout=WAIT)
        expect(bea.locator(".lnb-status-text").first).to_have_text("You sit in seat 2.",
                                                                   timeout=WAIT)
        open_voila(cy, f"{PLAY}?room={code}", ".lnb-room-seats", timeout=WAIT)
        expect(seats).to_contain_text("Cy", timeout=WAIT)
        expect(bea.locator(".lnb-room-start")).to_have_count(0)  # only the host starts
        expect(bea.locator(".lnb-room-free")).to_have_count(0)  # and frees seats
        # seat 4, the one left (the host's buttons are redrawn just after the seats' names)
        expect(ali.locator(".lnb-room-computer")).to_have_count(1, timeout=WAIT)
        ali.locator(".lnb-room-computer").click()
        expect(seats).to_contain_text("Computer", timeout=WAIT)
        expect(ali.locator(".lnb-room-free")).to_have_count(3, timeout=WAIT)  # 2, 3, 4
        snap_sizes(ali, "1-lobby")
        ali_zh = ali.context.new_page()  # the host's lobby in 简体中文
        open_voila(ali_zh, f"{PLAY}?room={code}&lang=zh-CN", ".lnb-room-free", timeout=WAIT)
        expect(ali_zh.locator(".lnb-room-free").first).to_contain_text("空出", timeout=WAIT)
        snap_sizes(ali_zh, "1-lobby-zh")
        ali_zh.close()
        ali.set_viewport_size({"width": 1280, "height": 800})
        ali.locator(".lnb-room-free").last.click()  # the host frees seat 4 again
        expect(seats).not_to_contain_text("Computer", timeout=WAIT)
        ali.locator(".lnb-room-computer").click()
        expect(seats).to_contain_text("Computer", timeout=WAIT)
        ali.locator(".lnb-room-start").click()

        # Subroutine phase: each pupil targets on their own page (Round 1 has no activation)
        for page in (ali, bea, cy):
            page.locator(".lnb-target").first.click(timeout=WAIT)
        deadline = time.monotonic() + 60
        while not all(p.locator(".lnb-builder").count() for p in (ali, bea, cy)):
            assert time.monotonic() < deadline, seen((ali, bea, cy))
            for page in (ali, bea, cy):
                carry_on = page.locator(".lnb-activate")
                if carry_on.count() and carry_on.first.is_visible():
                    carry_on.first.click()
            ali.wait_for_timeout(250)

        # The race: Ali is done first; the minute starts on the other pages
        write(ali, "A3+", "55 + 5 = 60")
        ali.locator(".lnb-done").click()
        for page in (bea, cy):
            expect(page.locator(".lnb-timer-label")).to_contain_text("of 60 seconds",
                                                                     timeout=WAIT)
        expect(ali.locator(".lnb-builder")).to_have_count(0, timeout=WAIT)
        snap_sizes(bea, "2-race")
        projector_context, projector = pupil(browser, server, None)
        contexts.append(projector_context)
        open_voila(projector, f"voila/render/{watch}&lang=zh-CN",
                   ".lnb-room-projector", timeout=WAIT)
        expect(projector.locator(".lnb-timer-label")).to_contain_text("/ 60 秒", timeout=WAIT)
        assert projector.locator(".lnb-builder").count() == 0  # no program being written
        snap_sizes(projector, "3-projector-race")

        # Bea writes a row, her page reloads: her seat and her draft come back
        write(bea, "A4/", "55 ÷ 2 = 27")
        wait_draft(where, code, 1, "A4/")
        bea.reload(wait_until="domcontentloaded")
        expect(bea.locator(".lnb-rows")).to_contain_text("55 ÷ 2 = 27", timeout=WAIT)
        expect(bea.locator(".lnb-timer-label")).to_contain_text("of 60 seconds", timeout=WAIT)
        reloaded = counted(bea)  # her page was drawn mid-race: its countdown must move on
        deadline = time.monotonic() + 30
        while True:  # ... and agree with Cy's (both count from the room's deadline)
            mine, theirs = counted(bea), counted(cy)
            if mine > reloaded and abs(mine - theirs) <= 2:
                break
            assert time.monotonic() < deadline, (
                f"Bea's countdown {mine} (at {reloaded} after her reload), Cy's {theirs}")
            bea.wait_for_timeout(200)
        bea.set_viewport_size({"width": 1280, "height": 800})
        bea.locator(".lnb-done").click()
        write(cy, "A3+", "55 + 5 = 60")  # Cy is still writing at the bell: his rows stand
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-status-text").first).to_have_text(
                "Time is up! The rows written so far stand.", timeout=WAIT)

        # Resolution: a choice is made on the acting pupil's page only, seen by all
        deadline = time.monotonic() + 90
        while True:
            titles = [p.locator(".lnb-phase").inner_text() for p in (ali, bea, cy)]
            if all("Round 2 of 4" in t for t in titles):
                break
            assert time.monotonic() < deadline, seen((ali, bea, cy))
            for page in (ali, bea, cy):
                choice = page.locator(".lnb-choice")
                if choice.count() and choice.first.is_visible():
                    choice.first.click()
            ali.wait_for_timeout(300)
        expect(projector.locator(".lnb-phase")).to_contain_text("第 2 回合", timeout=WAIT)
        for page in (ali, bea, cy):  # Round 1's rows under their own heading
            expect(page.locator(".lnb-room-last-round")).to_contain_text(
                "Round 1: how it went", timeout=WAIT)
        expect(projector.locator(".lnb-room-last-round")).to_contain_text("第 1 回合回顾",
                                                                           timeout=WAIT)
        everyone = (ali, bea, cy, projector)
        table = ".lnb-room-resolution .lnb-resolution-table"
        deadline = time.monotonic() + 30
        while True:  # every page polls: within moments each shows the same Round and scores
            rows = [" ".join(p.locator(table).inner_text().split()) for p in everyone]
            scores = [" ".join(p.locator(".lnb-score-table").first.inner_text().split())
                      for p in everyone]
            numbers = {(tuple(re.findall(r"\d+ \S \d+ = \d+", r)), tuple(re.findall(r"\d+", c)))
                       for r, c in zip(rows, scores, strict=True)}  # the projector's in 中文
            if len(set(rows[:3])) == 1 and len(set(scores[:3])) == 1 and len(numbers) == 1:
                break
            assert time.monotonic() < deadline, f"the pages differ: {rows} {scores}"
            ali.wait_for_timeout(300)
        assert all(name in rows[0] for name in PUPILS), rows[0]
        assert projector.locator(".lnb-builder").count() == 0
        for page in everyone:
            assert_no_traceback(page)
        snap_sizes(cy, "4-round-resolved")
        snap_sizes(projector, "5-projector-round-resolved")
        with ProgressStore(where) as store:  # the room's record holds the Round
            record = RoomStore(store).record(code)
        assert [p["name"] for p in record["players"]][:3] == list(PUPILS)

        # Round 2: only a pupil with a completed Subroutine is asked to activate; the step
        # is skipped for the others (it held the whole table)
        for page in (ali, bea, cy):
            page.locator(".lnb-target").first.click(timeout=WAIT)
        deadline = time.monotonic() + 60
        while not all(p.locator(".lnb-builder").count() for p in (ali, bea, cy)):
            assert time.monotonic() < deadline, seen((ali, bea, cy))
            for page in (ali, bea, cy):
                step = page.locator(".lnb-activate")
                if step.count() and step.first.is_visible():
                    assert page.locator(".lnb-activate-tick").count(), (
                        f"asked to activate nothing: {seen((page,))}")
                    step.first.click()
            ali.wait_for_timeout(250)
    finally:
        for context in contexts:
            context.close()

