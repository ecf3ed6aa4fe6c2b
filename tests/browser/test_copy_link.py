"""The puzzle app's short code and *Copy link* button in a real browser: a short code in the
address opens its puzzle, and the button copies this page's address with that short code
(read back from the clipboard and from the box it fills); a typo in a short code is refused
on the page in one sentence."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from browser_harness import REPO, assert_no_traceback, free_port, open_voila, running_voila, snap
from playwright.sync_api import expect

from lnb.babbage.puzzles import generate

pytestmark = pytest.mark.browser

APP = "voila/render/puzzles.ipynb"
HEADING = ".lnb-puzzle-heading"
STATUS = ".lnb-puzzle-app > .lnb-status .lnb-status-text"
WAIT = 30_000
MADE = generate(3, 1234)  # short code 316J6


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    root = tmp_path / "lessons"
    root.mkdir()
    shutil.copy(REPO / "lessons" / "puzzles.ipynb", root / "puzzles.ipynb")
    return root


def test_copy_link_copies_the_short_address(browser, lessons: Path,  # type: ignore[no-untyped-def]
                                            tmp_path: Path) -> None:
    short = MADE.short_code
    assert short is not None
    with running_voila(lessons, tmp_path, pool_size=1, port=free_port(),
                       env={"LNB_PROGRESS_DB": str(tmp_path / "p.sqlite3")}) as server:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        try:
            page = context.new_page()
            open_voila(page, server.url + APP + f"?lang=en&code={short.lower()}",
                       selector=HEADING)
            page.locator(HEADING, has_text=f"code {short}").wait_for(timeout=WAIT)
            page.locator(HEADING, has_text=MADE.text().splitlines()[0]).wait_for(timeout=WAIT)
            button = page.locator("button.lnb-copy-link-button", has_text="Copy link")
            button.click()
            field = page.locator("input.lnb-copy-link-field")
            expect(field).to_be_visible(timeout=WAIT)
            expected = server.url + APP + f"?lang=en&code={short}"
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
