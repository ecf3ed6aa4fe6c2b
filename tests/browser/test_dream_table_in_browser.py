"""Ada's Dream at a live table in a real browser: two pupils of one class (each in their own
browser context: own storage, own kernel) and a computer seat play a whole game to the final
scoring.

Ali opens the table from the Dream's page (*Open a table*, under the game) and follows its
link (``dream.ipynb?room=CODE``); Bea types the code on the Dream's page and presses *Join a
table*. Ali gives seat 3 to a computer and starts (seat 4, empty, is left out). Then each
pupil makes their moves by clicks on their own page, the same way the Dream app's browser
test plays (:data:`test_dream.PICK`: a Mill line, a choice, a card, a place, a Store die then
a Mill cell, a Workshop die); the computer's turns are made by the table. After each of a
pupil's moves the other pupil's page draws it. The projector (in 简体中文, with its class's
``watch`` token) shows the table without a hand. At the end both pages show the final scoring
and the record's download; no page shows a traceback. Screenshots at 1280×800 of both pupils
and the projector (Bea's mid-game also at 768×1024) go to ``test-artifacts/``.

Nothing waits a fixed time: the room's version is read from the store, and each table page
names the version it has drawn (``lnb-drawn-N``) and its board's redraws (``lnb-shown-N``).
The game itself, in the kernel (the same table with a real SQLite store, the absent seat
played and given back, the record loaded into the Dream app), is ``tests/test_dream_table.py``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from browser_harness import (
    SIZES,
    VoilaServer,
    assert_no_traceback,
    open_voila,
    resize,
    settle_layout,
    snap,
    wait_until,
)
from class_room_kit import pupil_page as pupil
from class_room_kit import shared_class
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from test_dream import one_decision
from test_rooms_in_browser import DRAWN, table_now, wait_drawn

from widgets.dream.app import _log_line

pytestmark = pytest.mark.browser

WAIT = 60_000
DREAM = "voila/render/dream.ipynb"
PUPILS = ("Ali", "Bea")


@pytest.fixture(scope="module")
def served(request: pytest.FixtureRequest) -> tuple[VoilaServer, str, dict[str, str]]:
    """The kit served on a SQLite store holding class 7B (Ali, Bea); each pupil's session
    token, as their browser keeps it after *Join my class*; the process's kit server with
    dream.ipynb preheated (:func:`class_room_kit.shared_class`)."""
    served = shared_class(request, "dream.ipynb", PUPILS)
    return served.server, served.where, served.tokens


def look(page, name: str, sizes: Sequence[tuple[int, int]] = ((1280, 800),)) -> None:  # type: ignore[no-untyped-def]
    """Screenshots of what the pupil sees from the table's title down, at each size
    (``<name>-<width>x<height>.png``); the page is left at 1280×800."""
    for width, height in sizes:
        resize(page, width, height)
        page.locator(".lnb-phase").first.evaluate("el => el.scrollIntoView({block: 'start'})")
        settle_layout(page)
        snap(page, f"{name}-{width}x{height}")
    resize(page, 1280, 800)


#: The page has drawn the room at version ``v`` or later and its log says ``told`` (spaces
#: collapsed, as ``expect(...).to_contain_text`` reads it): one look, every frame.
TOLD = (f"([v, told]) => ({DRAWN})() >= v && (document.querySelector('.lnb-dream-log')"
        "?.innerText || '').replace(/\\s+/g, ' ').includes(told)")


def wait_told(page, version: int, told: str, what: str) -> None:  # type: ignore[no-untyped-def]
    """Until the page has drawn ``version`` (or later) and its log shows the line ``told``:
    one wait for both (``what``: the step, for the failure's message)."""
    line = " ".join(told.split())
    try:
        page.wait_for_function(TOLD, arg=[version, line], timeout=WAIT)
    except PlaywrightTimeout:
        raise AssertionError(f"{what}: the page shows version {page.evaluate(DRAWN)} (waited "
                             f"for {version}) and its log does not say {line!r}") from None


def last_line(page) -> str:  # type: ignore[no-untyped-def]
    """The newest line of what happened, as the page shows it."""
    return page.locator(".lnb-dream-log li").last.inner_text()


def test_two_pupils_and_a_computer_play_to_the_final_scoring(browser, served) -> None:  # type: ignore[no-untyped-def]
    server, where, tokens = served
    contexts = []
    try:
        pages = {}
        for name in PUPILS:
            context, page = pupil(browser, server, tokens[name])
            contexts.append(context)
            pages[name] = page
        ali, bea = pages["Ali"], pages["Bea"]

        # Ali opens a table under the Dream app and follows its link
        open_voila(ali, DREAM, ".lnb-open-table", timeout=WAIT)
        expect(ali.locator(".lnb-table-entry .lnb-who")).to_contain_text("Ali", timeout=WAIT)
        ali.locator(".lnb-open-table").click()
        big = ali.locator(".lnb-room-code-big")
        expect(big).to_have_text(re.compile(r"^[A-Z0-9]{4}$"), timeout=WAIT)
        code = big.inner_text().strip()
        expect(ali.locator(".lnb-room-link")).to_have_attribute("href",
                                                                f"dream.ipynb?room={code}")
        watch = ali.locator(".lnb-room-projector-link").get_attribute("href")
        assert watch and watch.startswith(f"dream.ipynb?room={code}&view=projector"), watch
        ali.locator(".lnb-room-link").click()
        seats = ali.locator(".lnb-room-seats")
        expect(seats).to_contain_text("Ali", timeout=WAIT)
        expect(ali.locator(".lnb-phase")).to_contain_text(f"dream.ipynb?room={code}")
        # Bea joins with the code on the Dream's page: seated, her browser opens the table
        open_voila(bea, DREAM, ".lnb-join-table", timeout=WAIT)
        expect(bea.locator(".lnb-table-entry .lnb-who")).to_contain_text("Bea", timeout=WAIT)
        bea.locator(".lnb-table-code input").fill(code)
        bea.locator(".lnb-join-table").click()
        expect(seats).to_contain_text("Bea", timeout=WAIT)
        bea.wait_for_url(f"**/{DREAM}?room={code}", timeout=WAIT)
        expect(bea.locator(".lnb-room-seats")).to_contain_text("Bea", timeout=WAIT)
        # seat 3 to a computer (seat 4 stays empty: left out), then Start
        expect(ali.locator(".lnb-room-computer")).to_have_count(2, timeout=WAIT)
        ali.locator(".lnb-room-computer").first.click()
        expect(seats).to_contain_text("Computer (greedy)", timeout=WAIT)
        ali.locator(".lnb-room-start").click()
        for page in (ali, bea):
            expect(page.locator(".lnb-dream-turn")).to_contain_text("Playing now",
                                                                     timeout=WAIT)

        projector_context, projector = pupil(browser, server, None)
        contexts.append(projector_context)
        open_voila(projector, f"voila/render/{watch}&lang=zh-CN", ".lnb-room-projector",
                   timeout=WAIT)
        expect(projector.locator(".lnb-dream-turn")).to_contain_text("现在轮到", timeout=WAIT)
        assert projector.locator(".lnb-dream-board").count() == 0  # nobody's hand

        # The game: each pupil's moves by clicks on their own page, the computer's by the
        # table; the other pupil's page draws every move
        moves = {name: 0 for name in PUPILS}
        for _step in range(1500):
            version, play = table_now(where, code)
            if play.finished:
                break
            current = play.state.current_player
            if current not in pages:  # the computer's turn: a page's poll plays it
                wait_until(lambda v=version: table_now(where, code)[0] > v,
                           f"the computer's move after version {version}")
                continue
            page, other = pages[current], pages["Bea" if current == "Ali" else "Ali"]
            wait_drawn((page,), version, f"{current}'s turn at version {version}")
            one_decision(page)
            now, after = table_now(where, code)
            if now == version:
                continue  # a first click (a die, a card) or a click the redraw lost
            moves[current] += 1
            told = _log_line(after.moves[play.seq].action, play.state)()  # the move made
            wait_told(other, now, told, f"{current}'s move on the other page")
            if sum(moves.values()) == 12:  # mid-game: the pupils' screens and the projector
                wait_drawn((ali, bea, projector), now, "the table mid-game")
                look(ali, "1-ali")
                look(bea, "2-bea", SIZES)
                look(projector, "3-projector-zh")
        else:
            raise AssertionError(f"the game did not end: {table_now(where, code)[1]!r}")
        assert min(moves.values()) > 10, moves  # both pupils played their game by clicks

        final = table_now(where, code)[0]
        wait_drawn((ali, bea, projector), final, "the final scoring")
        for page in (ali, bea):
            expect(page.locator(".lnb-dream-score")).to_contain_text("Final scoring",
                                                                     timeout=WAIT)
            link = page.locator(".lnb-room-record a")
            expect(link).to_have_attribute("download", re.compile(
                rf"^table-{code}-Ali-Bea-greedy.*\.json$"), timeout=WAIT)
        expect(projector.locator(".lnb-dream-score")).to_contain_text("终局计分", timeout=WAIT)
        assert last_line(ali) == last_line(bea)
        for page in (ali, bea, projector):
            assert_no_traceback(page)
            assert page.evaluate(DRAWN) == final
        look(ali, "4-ali-final")
        look(bea, "5-bea-final")
        look(projector, "6-projector-final-zh")
    finally:
        for context in contexts:
            context.close()
