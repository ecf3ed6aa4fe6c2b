"""Keyboard and screen readers (issue 12, item 6), in a real browser on the kit's own pages.

axe-core (bundled by ``axe-playwright-python``, so it runs offline) finds no serious or
critical violation on the landing page and the apps (on every lesson: ``test_lessons.py``);
the picture of the board in lesson 01 takes no Tab stop and a board with buttons takes one; a
row is typed into the puzzle app in a few key presses; a focused button has a focus ring of at
least 3 px; a disabled board button looks disabled and says why on focus and on tap, without
hovering. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from browser_harness import (
    REPO,
    SIZES,
    VoilaServer,
    assert_no_traceback,
    open_voila,
    running_voila,
    serious_violations,
    snap,
)
from playwright.sync_api import expect

from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

LESSONS = REPO / "lessons"
WAIT = 60_000
#: The landing page and the apps (each lesson's axe check is in ``test_lessons.py``, on the
#: page that test has opened anyway).
PAGES = ["index.ipynb", "play.ipynb", "puzzles.ipynb"]
READY = {"index.ipynb": "h1", "play.ipynb": ".lnb-start-game",
         "puzzles.ipynb": ".lnb-puzzle-heading"}
# Every space allowed (A3+ may be written): start 55, reach 73 within 5 rows.
OPEN = Puzzle(start=55, targets=(73,), limit=5)
# Only A1, A4 and B4 allowed: the other board buttons are disabled, each with its reason.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
PUZZLES = "voila/render/puzzles.ipynb"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: each page runs when opened)."""
    home = tmp_path_factory.mktemp("a11y-home")
    env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
    with running_voila(LESSONS, home, pool_size=0, env=env) as server:
        yield server


def open_page(page, server: VoilaServer, name: str, query: str = "") -> None:  # type: ignore[no-untyped-def]
    """Open a page and wait until its widgets have rendered (and the page's script ran)."""
    url = f"{server.url}voila/render/{name}{query}"
    if name == "index.ipynb":
        page.goto(url, wait_until="domcontentloaded", timeout=WAIT)
        page.locator("h1").first.wait_for(timeout=WAIT)
    else:
        open_voila(page, url, selector=READY.get(name, ".jupyter-widgets"), timeout=WAIT)
    if name.startswith("0") or name == "teachers-guide.ipynb":
        page.get_by_text("All lessons").first.wait_for(timeout=WAIT)
        deadline = time.monotonic() + WAIT / 1000
        while page.locator(".jp-OutputArea-output .widget-html").count() == 0 \
                and time.monotonic() < deadline:
            page.wait_for_timeout(250)
    page.wait_for_timeout(1500)  # the last widgets' views, then one frame of the page script


@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_no_serious_violation(page, kit: VoilaServer, name: str) -> None:  # type: ignore[no-untyped-def]
    open_page(page, kit, name)
    assert serious_violations(page) == []
    # Every page, as a pupil sees it on a laptop and on a tablet (test-artifacts/).
    assert_no_traceback(page)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        snap(page, f"{name.removesuffix('.ipynb')}-{width}x{height}")


def tab_stops(page, presses: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Where the focus goes on each of ``presses`` Tab presses from the top of the page."""
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    page.locator("h1").first.click()  # start the Tab order at the top of the page
    stops = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("""() => {
            const el = document.activeElement;
            if (el.closest('.lnb-board-readonly')) return 'picture';
            const board = el.closest('.lnb-board');
            if (board) return 'board' + [...document.querySelectorAll('.lnb-board')]
                .indexOf(board);
            return el.tagName + '.' + (el.className || '').toString();
        }"""))
    return stops


def test_the_picture_of_the_board_takes_no_tab_stop(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 768, "height": 1024})  # narrow: spaces wrap
    open_page(page, kit, "01-first-program.ipynb")
    assert page.locator(".lnb-board-readonly").count() == 1
    stops = tab_stops(page, 12)
    assert "picture" not in stops
    # The program builder's board is one Tab stop (the arrow keys move inside it).
    builder = [s for s in stops if s.startswith("board")]
    assert len(builder) == 1, stops
    tab_stops(page, stops.index(builder[0]) + 1)  # back on the board's one stop
    first = page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") != first
    assert re.fullmatch(r"[A-E][1-4] \w.*", first), first  # a name, not only "+"


def test_a_row_is_typed_into_the_puzzle_app_in_a_few_key_presses(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_page(page, kit, "puzzles.ipynb", f"?code={OPEN.code}")
    page.locator(".lnb-puzzle-heading", has_text=OPEN.code).wait_for(timeout=WAIT)
    page.locator(".lnb-goal").click()  # the pupil reads the puzzle: the Tab order starts there
    presses = 0
    while not page.evaluate("!!document.activeElement.closest('.lnb-typed')"):
        page.keyboard.press("Tab")
        presses += 1
        assert presses <= 3, "the box for typed rows is too many Tab presses away"
    page.keyboard.type("A3+")
    page.keyboard.press("Enter")
    presses += 3 + 1
    page.locator(".lnb-rows", has_text="55 + 5 = 60").wait_for(timeout=WAIT)
    assert presses <= 7  # Tab: Copy link, the board (one stop), the box; 3 keys; Enter


def test_a_focused_button_has_a_ring_of_at_least_3px(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_page(page, kit, "puzzles.ipynb", f"?code={OPEN.code}")
    page.locator(".lnb-puzzle-heading", has_text=OPEN.code).wait_for(timeout=WAIT)
    page.locator(".lnb-title").click()
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }""")
    assert ring[0] not in ("none", "") and ring[1] >= 3, ring
    snap(page, "focus-ring")


def test_a_disabled_board_button_looks_disabled_and_says_why_without_hover(  # type: ignore[no-untyped-def]
        page, kit: VoilaServer) -> None:
    open_page(page, kit, "puzzles.ipynb", f"?code={SHARED.code}")
    page.locator(".lnb-puzzle-heading", has_text=SHARED.code).wait_for(timeout=WAIT)
    forbidden = page.locator("button.lnb-op-A3-add")
    expect(forbidden).to_be_disabled(timeout=WAIT)
    reason = forbidden.get_attribute("title")
    assert reason and "A3" in reason
    look = forbidden.evaluate("""el => { const s = getComputedStyle(el);
        return [s.opacity, s.borderStyle, s.textDecorationLine]; }""")
    assert look[0] == "1" and "dashed" in look[1] and "line-through" in look[2], look
    # On focus (the keyboard reaches it with the arrow keys): the reason shows, described by.
    page.locator("button.lnb-op-A1-add").focus()
    for _ in range(6):
        if page.evaluate("document.activeElement.classList.contains('lnb-op-A3-add')"):
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('lnb-op-A3-add')")
    why = page.locator("#kit-why")
    expect(why).to_be_visible()
    expect(why).to_have_text(reason)
    assert forbidden.get_attribute("aria-describedby") == "kit-why"
    page.keyboard.press("Enter")  # does nothing but say why again
    # On tap: the reason shows again, and no row is written.
    page.locator(".lnb-goal").click()
    expect(why).to_be_hidden()
    box = forbidden.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(why).to_be_visible()
    expect(why).to_have_text(reason)
    page.wait_for_timeout(500)
    assert "55 + 5" not in page.locator(".lnb-rows").inner_text()
    snap(page, "why-disabled")


def test_screenshots_of_the_puzzle_page_and_lesson_01(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """A hint and a disabled button's reason on the puzzle page, an answer said back in
    lesson 01: each photographed at both sizes (the page resized, not opened again)."""
    open_page(page, kit, "puzzles.ipynb", f"?code={SHARED.code}")
    page.locator(".lnb-puzzle-heading", has_text=SHARED.code).wait_for(timeout=WAIT)
    page.locator(".lnb-hint").click()
    page.locator(".lnb-hints", has_text="Hint 1 of 3").wait_for(timeout=WAIT)
    why = page.locator("#kit-why")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.locator("button.lnb-op-A3-add").focus()  # says why it is disabled
        why.wait_for(timeout=WAIT)
        snap(page, f"puzzles-{width}x{height}")
        page.locator(".lnb-goal").click()  # the focus leaves: the reason goes
        why.wait_for(state="hidden", timeout=WAIT)
    open_page(page, kit, "01-first-program.ipynb")
    answer = page.locator(".lnb-exercise").first.locator(".lnb-answer input")
    answer.fill("30")
    answer.press("Enter")
    said = page.locator(".lnb-exercise").first.locator(".lnb-status",
                                                       has_text="number before the swap")
    said.wait_for(timeout=WAIT)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        said.scroll_into_view_if_needed()
        snap(page, f"lesson-01-{width}x{height}")


def test_a_focus_request_that_comes_late_never_takes_a_key_meant_elsewhere(  # type: ignore[no-untyped-def]
        page, kit: VoilaServer) -> None:
    """The kernel asks the page to focus the next thing to do (widgets.core.focus). When it
    answers late (a busy kernel) and the pupil has moved on, the request is dropped: a museum
    game under load once had a key the test meant for a button land on the map."""
    open_page(page, kit, "puzzles.ipynb", f"?code={OPEN.code}")
    page.locator(".lnb-puzzle-heading", has_text=OPEN.code).wait_for(timeout=WAIT)
    ask = """n => { const el = document.querySelector('.lnb-daily');
        el.classList.add('lnb-focus-' + n); }"""
    page.locator("button.lnb-new").focus()  # the pupil moved here (Tab), acting on nothing
    page.evaluate(ask, 901)  # a request for the last action, late
    page.locator("button.lnb-new").evaluate("el => el.getBoundingClientRect()")  # a frame
    expect(page.locator("button.lnb-new")).to_be_focused()
    expect(page.locator(".lnb-daily")).to_have_attribute("data-kit-focus", "901")  # seen
    page.keyboard.press("Enter")  # the pupil acts: the request for this action is taken
    page.locator(".lnb-daily").evaluate("el => el.classList.remove('lnb-focus-901')")
    page.evaluate(ask, 902)
    expect(page.locator("button.lnb-daily")).to_be_focused(timeout=WAIT)
