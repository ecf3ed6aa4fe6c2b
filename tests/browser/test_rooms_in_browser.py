"""A live game room in a real browser (issue 17): three pupils of one class, each in their own
browser context (own storage, own kernel), and a computer seat play Round 1 at one table.

Ali opens the table from the game page (*Open a table*, under the game) and follows its link;
Bea types its code on the game page and presses *Join a table* (one click: she is seated and
her browser goes to the table's page); Cy opens ``play.ipynb?room=CODE``. Each pupil is known
by the class session their browser keeps (the class panel's ``localStorage`` key, as after
*Join my class*). The host gives seat 4 to a computer, frees it and gives it again, sets the
race to the shortest the table's options allow (30 seconds: the round is still played whole,
the bell included) and starts. After Ali's *I'm done* the race runs on Bea's and Cy's pages
(and on the projector's, opened while the race runs to its bell); Bea reloads mid-race
and finds her seat, her unfinished program and a countdown that moves with Cy's; Cy is
still writing at the bell and every page says time is up (his rows stand); everyone
sees the same rows resolved and the same scores, under the heading of the Round just played;
the projector's page (in 简体中文) never shows a program being written. In Round 2 only a
pupil with a completed Subroutine is asked to activate. Screenshots at 1280×800 and 768×1024
go to ``test-artifacts/`` (the host's lobby and the projector also in 简体中文).

The served kit runs on a SQLite store. The table's store on PostgreSQL is tested below the
browser, on both engines (``tests/store_engines.py``): the room store in
``tests/test_room_store.py`` (lobby, moves and versions, two kernels at one instant, drafts and
heartbeats, the deadline's hand-in, advance, the record), the engines' own differences in
``tests/test_store_engines.py`` (``LNB_STORE`` picking the engine among them), the dashboard's
tables in ``tests/test_dashboard_rooms.py``; and this round, played by the table pages in the
kernel on each engine, in ``tests/test_room_pages_on_both_engines.py``.

Nothing here waits a fixed time (the bell comes when the race is over: the game's time, a
good part of the test's): the test waits for what the kernel already told. The room's
version is read from the store; each table page names the version it has drawn in a class
(``lnb-drawn-N``, :meth:`widgets.classroom.table_page.TablePage._mark_drawn`), so a page is
looked at or clicked once it shows the table as the store holds it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    snap_sizes,
    wait_until,
)
from class_room_kit import pupil_page, shared_class
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Phase, Recompute, ResolveRow, State
from lnb.babbage.table import RACE_LENGTHS
from lnb.core.rooms import RoomPlay

pytestmark = pytest.mark.browser

WAIT = 60_000
PLAY = "voila/render/play.ipynb"
PUPILS = ("Ali", "Bea", "Cy")
RACE = min(RACE_LENGTHS)  # the race's seconds: the shortest the host may set
#: The room's version a table page has drawn (its ``lnb-drawn-N`` class), -1 before any.
DRAWN = ("() => { const m = (document.querySelector('[class*=\"lnb-drawn-\"]')?.className"
         " || '').match(/lnb-drawn-(\\d+)/); return m ? Number(m[1]) : -1; }")
#: The seconds of the race gone, as the page's countdown shows them.
COUNTED = "() => Number(document.querySelector('.lnb-timer-count input')?.value || 0)"


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> tuple[VoilaServer, str, dict[str, str]]:
    """The kit served on a SQLite store holding class 7B (Ali, Bea, Cy); each pupil's
    session token, as their browser keeps it after *Join my class*; the process's kit server
    with play.ipynb preheated (:func:`class_room_kit.shared_class`)."""
    served = shared_class(request, "play.ipynb", PUPILS)
    return served.server, served.where, served.tokens


def pupil(browser, server: VoilaServer, token: str | None):  # type: ignore[no-untyped-def]
    """A page in a context of its own whose browser keeps ``token`` (a class session)."""
    return pupil_page(browser, server, token)


def wait_draft(where: str, code: str, seat: int, text: str) -> None:
    """Until the store holds the seat's draft (saved by its page as the pupil writes)."""
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        pupil = rooms.room(code).seat(seat).pupil  # (the store's own reading, as its pupil)
        assert pupil is not None, f"seat {seat} has no pupil"
        wait_until(lambda: rooms.draft(code, seat, pupil) == text,
                   f"the store holds seat {seat}'s draft {text!r}")


def table_now(where: str, code: str) -> tuple[int, RoomPlay]:
    """The room's version and its play, as the store holds them now."""
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        return rooms.version(code), rooms.play(code)


def wait_drawn(pages: Sequence, version: int, what: str) -> None:  # type: ignore[type-arg]
    """Until each page has drawn the room at ``version`` or later (``what``: the step)."""
    for page in pages:
        try:
            page.wait_for_function(f"v => ({DRAWN})() >= v", arg=version, timeout=WAIT)
        except PlaywrightTimeout:
            raise AssertionError(f"{what}: a page never drew version {version} "
                                 f"(it shows {page.evaluate(DRAWN)}): {seen(pages)}") from None


def offers_a_choice(state: State, name: str) -> bool:
    """Whether ``name``'s page shows choice buttons for their row (a plain row is resolved
    by the table; widgets.babbage.room_app.BabbageTable._resolution_phase)."""
    actions = state.legal_actions(name)
    if state.phase is Phase.DEBUG:  # Keep my rows (the first button), or Debug and rewrite
        actions = [a for a in actions if isinstance(a, Recompute)]
    return not (len(actions) == 1 and actions[0] == ResolveRow(name))


def seen(pages) -> str:  # type: ignore[no-untyped-def]
    """What each page's title and status line say (for a failure's message)."""
    return " | ".join(f"{p.locator('.lnb-phase').first.inner_text()!r} "
                      f"{p.locator('.lnb-status-text').first.inner_text()!r}" for p in pages)


def counted(page) -> int:  # type: ignore[no-untyped-def]
    """The seconds of the race gone, as the page's countdown shows them."""
    return int(page.evaluate(COUNTED))


def wait_counting_from(page, deadline: float, after: int, what: str) -> None:  # type: ignore[no-untyped-def]
    """Until the page's countdown is past ``after`` and within 2 seconds of what the room's
    ``deadline`` (epoch seconds) says has gone (the browser's clock is this machine's)."""
    agree = (f"([deadline, after, race]) => {{ const shown = ({COUNTED})();"
             " const gone = race - (deadline - Date.now() / 1000);"
             " return shown > after && Math.abs(shown - gone) <= 2; }")
    try:
        page.wait_for_function(agree, arg=[deadline, after, RACE], timeout=WAIT)
    except PlaywrightTimeout:
        gone = RACE - (deadline - time.time())
        raise AssertionError(f"{what}: the countdown shows {counted(page)} (at {after} "
                             f"before), the room's deadline says {gone:.1f}") from None


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
        # the host sets the shortest race; every page of the table shows it
        ali.locator(".lnb-room-option-timer-seconds select").select_option(
            label=f"{RACE} seconds")
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-room-options-line")).to_contain_text(
                f"{RACE} seconds", timeout=WAIT)
        with ProgressStore(where, backups=False) as store:
            assert RoomStore(store).room(code).options.get("timer_seconds") == RACE
        ali.locator(".lnb-room-start").click()

        # Subroutine phase: each pupil targets on their own page (Round 1 has no activation:
        # nobody has a completed Subroutine, so the race follows)
        for page in (ali, bea, cy):
            page.locator(".lnb-target").first.click(timeout=WAIT)
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-builder").first).to_be_visible(timeout=WAIT)
        assert table_now(where, code)[1].state.phase is Phase.PROGRAM

        # The race: Ali is done first; the race's time starts on the other pages
        write(ali, "A3+", "55 + 5 = 60")
        ali.locator(".lnb-done").click()
        for page in (bea, cy):
            expect(page.locator(".lnb-timer-label")).to_contain_text(f"of {RACE} seconds",
                                                                     timeout=WAIT)
        expect(ali.locator(".lnb-builder")).to_have_count(0, timeout=WAIT)
        snap_sizes(bea, "2-race")

        # Bea writes a row, her page reloads: her seat and her draft come back
        write(bea, "A4/", "55 ÷ 2 = 27")
        wait_draft(where, code, 1, "A4/")
        bea.reload(wait_until="domcontentloaded")
        expect(bea.locator(".lnb-rows")).to_contain_text("55 ÷ 2 = 27", timeout=WAIT)
        expect(bea.locator(".lnb-timer-label")).to_contain_text(f"of {RACE} seconds",
                                                                timeout=WAIT)
        reloaded = counted(bea)  # her page was drawn mid-race: its countdown must move on
        race_end = table_now(where, code)[1].race_deadline
        assert race_end is not None
        # ... and agree with Cy's: both count from the room's deadline
        wait_counting_from(bea, race_end, reloaded, "Bea's countdown after her reload")
        wait_counting_from(cy, race_end, 0, "Cy's countdown")
        assert abs(counted(bea) - counted(cy)) <= 2, (counted(bea), counted(cy))
        bea.set_viewport_size({"width": 1280, "height": 800})
        bea.locator(".lnb-done").click()
        write(cy, "A3+", "55 + 5 = 60")  # Cy is still writing at the bell: his rows stand
        # the projector's page, opened while the race runs to its bell (its kernel, preheated,
        # starts in the race's own time): it shows the race, never a program being written
        projector_context, projector = pupil(browser, server, None)
        contexts.append(projector_context)
        open_voila(projector, f"voila/render/{watch}&lang=zh-CN",
                   ".lnb-room-projector", timeout=WAIT)
        expect(projector.locator(".lnb-timer-label")).to_contain_text(f"/ {RACE} 秒",
                                                                      timeout=WAIT)
        assert projector.locator(".lnb-builder").count() == 0  # no program being written
        snap_sizes(projector, "3-projector-race")
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-status-text").first).to_have_text(
                "Time is up! The rows written so far stand.", timeout=WAIT)

        # Resolution: a choice is made on the acting pupil's page only, seen by all; the
        # table resolves the other rows by itself, one step at a time
        chosen: set[tuple[int, str, int]] = set()
        for _step in range(100):
            version, play = table_now(where, code)
            if play.state.round == 2:
                break
            turn = play.state.turn()
            if turn is not None and turn[0] in pages and (play.state.round, *turn) not in chosen \
                    and offers_a_choice(play.state, turn[0]):
                chooser = pages[turn[0]]
                wait_drawn((chooser,), version, f"{turn[0]}'s choice for row {turn[1]}")
                choice = chooser.locator(".lnb-choice").first
                expect(choice).to_be_visible(timeout=WAIT)
                choice.click()
                chosen.add((play.state.round, *turn))
            wait_drawn((ali,), version + 1, f"the table moves on from version {version}")
        else:
            raise AssertionError(f"Round 1 was not resolved in 100 steps: {seen((ali, bea, cy))}")
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-phase")).to_contain_text("Round 2 of 4", timeout=WAIT)
        expect(projector.locator(".lnb-phase")).to_contain_text("第 2 回合", timeout=WAIT)
        for page in (ali, bea, cy):  # Round 1's rows under their own heading
            expect(page.locator(".lnb-room-last-round")).to_contain_text(
                "Round 1: how it went", timeout=WAIT)
        expect(projector.locator(".lnb-room-last-round")).to_contain_text("第 1 回合回顾",
                                                                           timeout=WAIT)
        everyone = (ali, bea, cy, projector)
        table = ".lnb-room-resolution .lnb-resolution-table"
        # every page polls: once each has drawn the table as the store holds it, each shows
        # the same Round and scores
        wait_drawn(everyone, table_now(where, code)[0], "Round 1's rows and scores")
        rows = [" ".join(p.locator(table).inner_text().split()) for p in everyone]
        scores = [" ".join(p.locator(".lnb-score-table").first.inner_text().split())
                  for p in everyone]
        numbers = {(tuple(re.findall(r"\d+ \S \d+ = \d+", r)), tuple(re.findall(r"\d+", c)))
                   for r, c in zip(rows, scores, strict=True)}  # the projector's in 中文
        assert len(set(rows[:3])) == 1 and len(set(scores[:3])) == 1 and len(numbers) == 1, (
            f"the pages differ: {rows} {scores}")
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
        asked: set[str] = set()
        for _step in range(40):
            version, play = table_now(where, code)
            if play.state.phase is Phase.PROGRAM:
                break
            if play.state.phase is Phase.ACTIVATE:
                wait_drawn((ali, bea, cy), version, "the activation step")
                for name in PUPILS:
                    step = pages[name].locator(".lnb-activate")
                    if name in asked:  # their step is done (or on its way)
                        continue
                    if name not in play.waiting_on:  # nothing to activate: not asked
                        assert not play.state.activatable(name), name
                        expect(step).to_have_count(0)
                    else:
                        assert play.state.activatable(name), name
                        expect(step).to_be_visible(timeout=WAIT)
                        assert pages[name].locator(".lnb-activate-tick").count(), (
                            f"asked to activate nothing: {seen((pages[name],))}")
                        step.click()
                        asked.add(name)
            wait_drawn((ali,), version + 1, f"the table moves on from version {version}")
        else:
            raise AssertionError(f"Round 2's race never began: {seen((ali, bea, cy))}")
        for page in (ali, bea, cy):
            expect(page.locator(".lnb-builder").first).to_be_visible(timeout=WAIT)
    finally:
        for context in contexts:
            context.close()

