"""The puzzle app in a real browser: a shared puzzle solved by clicks, progress that survives
a reload and a restarted server, a broken code explained on the page, a pupil joining their
class with their card, and the app's short code and *Copy link* button (a short code in the
address opens its puzzle, the button copies this page's address with that short code, read
back from the clipboard and from the box it fills; a typo in a short code is refused on the
page in one sentence).

The file runs one server (:class:`Restartable`): the restart test (the first) stops it and
starts it again on the same port; the others share it after."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    REPO,
    VoilaServer,
    assert_no_traceback,
    free_port,
    open_voila,
    running_voila,
    snap,
)
from playwright.sync_api import expect

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle, generate

pytestmark = pytest.mark.browser

# Start 55, reach 73 within 3 rows using only A1 (±1), A4 (×÷2), B4 (Swap): A4/ B4s A1+.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
APP = "voila/render/puzzles.ipynb"
HEADING = ".lnb-puzzle-heading"
STATUS = ".lnb-puzzle-app > .lnb-status .lnb-status-text"
WAIT = 30_000
MADE = generate(3, 1234)  # short code 316J6


def served(root: Path, home: Path, db: Path, port: int):  # type: ignore[no-untyped-def]
    """The kit's Voila server (as the serve command starts it) with progress kept in ``db``:
    a class pool (one pupil and two spares), so the first page, the reload and the next pupil
    each take a kernel that ran the notebook before their ``?code=`` was known; the second
    take starts the refill."""
    return running_voila(root, home, pool_size=1, port=port, env={"LNB_PROGRESS_DB": str(db)},
                         class_size=1)


def lessons_in(root: Path) -> Path:
    """A folder ``root`` holding only the puzzle lesson (so only its kernel is preheated)."""
    root.mkdir()
    shutil.copy(REPO / "lessons" / "puzzles.ipynb", root / "puzzles.ipynb")
    return root


@pytest.fixture(scope="module")
def kit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("puzzles-home")


class Restartable:
    """The file's one server of the puzzle lesson (as :func:`served`), its progress file
    ``home/progress.sqlite3``; :meth:`restart` stops it and starts it again on the same port
    (the same address: the same browser storage)."""

    def __init__(self, home: Path) -> None:
        self.home, self.db, self.port = home, home / "progress.sqlite3", free_port()
        self.lessons = lessons_in(home / "lessons")
        self._stack = contextlib.ExitStack()
        self.server = self._start()

    def _start(self) -> VoilaServer:
        return self._stack.enter_context(served(self.lessons, self.home, self.db, self.port))

    def restart(self) -> VoilaServer:
        """Stop the server (its kernels with it) and start it again on the same port."""
        self._stack.close()
        self.server = self._start()
        return self.server

    def close(self) -> None:
        self._stack.close()


@pytest.fixture(scope="module")
def kits(kit_home: Path) -> Iterator[Restartable]:
    """The file's server, restarted by the restart test (the first), then shared by the
    others."""
    held = Restartable(kit_home)
    try:
        yield held
    finally:
        held.close()


@pytest.fixture
def kit(kits: Restartable) -> VoilaServer:
    """The file's server as it runs now (:class:`Restartable`)."""
    return kits.server


def open_app(context, server: VoilaServer, query: str):  # type: ignore[no-untyped-def]
    page = context.new_page()
    open_voila(page, server.url + APP + query, selector=HEADING)
    return page


def solve_shared_by_clicks(page) -> None:  # type: ignore[no-untyped-def]
    page.locator(HEADING, has_text=SHARED.code).wait_for(timeout=WAIT)
    page.locator(".lnb-who", has_text="this browser").wait_for(timeout=WAIT)
    forbidden = page.locator("button.lnb-op-A3-add")
    expect(forbidden).to_be_disabled(timeout=WAIT)
    for css, row in (("A4-divide", "55 ÷ 2 = 27"), ("B4-swap", "27 ⇄ 72"),
                     ("A1-add", "72 + 1 = 73")):
        page.locator(f"button.lnb-op-{css}").click()
        page.locator(".lnb-rows", has_text=row).wait_for(timeout=WAIT)
    page.locator(".lnb-targets .lnb-hit", has_text="73").wait_for(timeout=WAIT)
    page.locator("button.lnb-done").click()
    page.locator(STATUS, has_text="Solved in 3 rows!").wait_for(timeout=WAIT)


def test_a_shared_puzzle_is_solved_by_clicks_and_survives_reload_and_restart(
        browser, kits: Restartable) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        page = open_app(context, kits.server, f"?code={SHARED.code}")
        solve_shared_by_clicks(page)
        page.locator(".lnb-progress", has_text="Solved: 1 puzzle").wait_for(timeout=WAIT)
        assert_no_traceback(page)
        snap(page, "solved")
        page.reload(wait_until="domcontentloaded")
        page.locator(HEADING, has_text="✓ solved").wait_for(timeout=60_000)
        page.locator(".lnb-progress", has_text="Streak: 1 day").wait_for(timeout=WAIT)
        page.close(run_before_unload=True)
        again = kits.restart()  # same address: same browser storage
        assert kits.db.exists()
        page = open_app(context, again, f"?code={SHARED.code}")
        page.locator(HEADING, has_text="✓ solved").wait_for(timeout=60_000)
        page.locator(".lnb-progress", has_text="Solved: 1 puzzle").wait_for(timeout=WAIT)
        snap(page, "after-restart")
        stranger = browser.new_context().new_page()  # another pupil, another browser
        open_voila(stranger, again.url + APP + f"?code={SHARED.code}", selector=HEADING)
        stranger.locator(".lnb-who", has_text="this browser").wait_for(timeout=WAIT)
        stranger.locator(".lnb-progress", has_text="No puzzle solved yet").wait_for(
            timeout=WAIT)
        assert "✓ solved" not in stranger.locator(HEADING).inner_text()
        stranger.context.close()
    finally:
        context.close()


def test_a_broken_code_in_the_address_is_explained(browser, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    broken = SHARED.code[:-1] + ("0" if SHARED.code[-1] != "0" else "1")
    context = browser.new_context()
    try:
        page = context.new_page()  # no puzzle heading is shown: wait for the app's title
        open_voila(page, kit.url + APP + f"?code={broken}",
                   selector=".lnb-puzzle-app .lnb-title")
        message = page.locator(STATUS, has_text="address is broken")
        message.wait_for(timeout=WAIT)
        assert "a character of this code is mistyped" in message.inner_text()
        # Said at the top of the page, and nothing else is opened in its place.
        banner = page.locator(".lnb-banner[role='alert']", has_text="address is broken")
        banner.wait_for(timeout=WAIT)
        assert banner.bounding_box()["y"] < page.locator(".lnb-levels").bounding_box()["y"]  # type: ignore[index]
        expect(page.locator(HEADING)).to_be_hidden(timeout=WAIT)
        page.locator("button.lnb-daily").click()
        expect(page.locator(HEADING)).to_contain_text("today's puzzle", timeout=WAIT)
        expect(banner).to_be_hidden(timeout=WAIT)
        assert_no_traceback(page)
        snap(page, "broken-code")
    finally:
        context.close()


def test_a_pupil_joins_their_class_with_their_card_and_stays_joined(
        browser, kit: VoilaServer, kit_home: Path) -> None:  # type: ignore[no-untyped-def]
    """Nothing in the address says who the pupil is: ?nick= is ignored; the card is."""
    with ProgressStore(kit_home / "progress.sqlite3") as store:
        made = Classroom(store, failure_delay=0).new_class("7B", ["Ali", "Bea"])
    bea = made.cards[1]
    context = browser.new_context()
    try:
        page = open_app(context, kit, f"?code={SHARED.code}&nick=bea")
        page.locator(".lnb-who", has_text="this browser").wait_for(timeout=WAIT)
        page.locator("button.lnb-join-open").click()
        page.locator(".lnb-class-code input").fill(made.code.lower())
        page.locator(".lnb-pupil-name input").fill("Bea")
        page.locator(".lnb-card-secret input").fill("red sun")
        page.locator("button.lnb-join").click()
        page.locator(STATUS, has_text="not Bea's card").wait_for(timeout=WAIT)
        page.locator(".lnb-card-secret input").fill(bea.secret)
        page.locator("button.lnb-join").click()
        page.locator(".lnb-who", has_text="Bea").wait_for(timeout=WAIT)
        page.wait_for_function(
            "() => (JSON.parse(localStorage.getItem('lnb-kit-pupil') || '{}').session "
            "|| '').length > 20", timeout=WAIT)
        kept = page.evaluate("() => localStorage.getItem('lnb-kit-pupil')")
        assert bea.secret not in kept and "nickname" not in kept
        snap(page, "joined")
        page.reload(wait_until="domcontentloaded")
        page.locator(".lnb-who", has_text="Bea").wait_for(timeout=60_000)
        page.locator("button.lnb-leave").click()
        page.locator(".lnb-who", has_text="this browser").wait_for(timeout=WAIT)
        page.wait_for_function(
            "() => !JSON.parse(localStorage.getItem('lnb-kit-pupil') || '{}').session",
            timeout=WAIT)
        assert_no_traceback(page)
    finally:
        context.close()


def test_copy_link_copies_the_short_address(browser, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    short = MADE.short_code
    assert short is not None
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=kit.url)
    try:
        page = open_app(context, kit, f"?lang=en&code={short.lower()}")
        page.locator(HEADING, has_text=f"code {short}").wait_for(timeout=WAIT)
        page.locator(HEADING, has_text=MADE.text().splitlines()[0]).wait_for(timeout=WAIT)
        button = page.locator("button.lnb-copy-link-button", has_text="Copy link")
        button.click()
        field = page.locator("input.lnb-copy-link-field")
        expect(field).to_be_visible(timeout=WAIT)
        expected = kit.url + APP + f"?lang=en&code={short}"
        expect(field).to_have_value(expected, timeout=WAIT)
        page.locator(".lnb-copy-link-said", has_text="Link copied").wait_for(timeout=WAIT)
        assert page.evaluate("() => navigator.clipboard.readText()") == expected
        snap(page, "copied")
        # the copied address opens the same puzzle in a fresh browser
        other = browser.new_context().new_page()
        open_voila(other, expected, selector=HEADING)
        other.locator(HEADING, has_text=f"code {short}").wait_for(timeout=WAIT)
        other.context.close()
        # a typo in a short code is refused in one sentence; the puzzle stays
        box = page.locator(".lnb-code-input input")
        box.fill(short[:-1] + ("7" if short[-1] != "7" else "8"))
        box.press("Enter")
        page.locator(STATUS, has_text="is not a puzzle code: a character is mistyped").wait_for(
            timeout=WAIT)
        page.locator(HEADING, has_text=f"code {short}").wait_for(timeout=WAIT)
        assert_no_traceback(page)
    finally:
        context.close()
