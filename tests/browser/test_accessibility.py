"""Keyboard and screen readers (issue 12, item 6), in a real browser on the kit's own pages.

axe-core finds no serious or critical violation on any page, and the picture of the board in
lesson 01 takes no Tab stop while a board with buttons takes one: both on the page pass's one
load of each page (``test_pages.py``). Here, on the puzzle app, opened twice (one load
serves the checks of each puzzle): on a puzzle with every space allowed, a row is typed in a
few key presses, a focused button has a focus ring of at least 3 px and a late focus request
never takes a key meant elsewhere; on a puzzle with spaces forbidden, a disabled board button
looks disabled and says why on focus and on tap, without hovering, and the page is
photographed with a hint and a reason shown. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import SIZES, VoilaServer, laptop_page, open_voila, resize, snap
from page_kit import WAIT, shared_kit, wait_page_ready
from playwright.sync_api import expect

from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

# Every space allowed (A3+ may be written): start 55, reach 73 within 5 rows.
OPEN = Puzzle(start=55, targets=(73,), limit=5)
# Only A1, A4 and B4 allowed: the other board buttons are disabled, each with its reason.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The session's kit server on ``lessons/`` (:func:`page_kit.shared_kit`)."""
    return shared_kit(request)


@pytest.fixture
def page(browser, kit: VoilaServer) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """A page of a new English context at 1280×800 on the kit."""
    with laptop_page(browser, kit) as new_page:
        yield new_page


def open_puzzle(page, puzzle: Puzzle) -> None:  # type: ignore[no-untyped-def]
    """Open the puzzle app on ``puzzle`` and wait until it is ready (the page's script ran)."""
    open_voila(page, f"voila/render/puzzles.ipynb?code={puzzle.code}",
               selector=".lnb-puzzle-heading", timeout=WAIT)
    page.locator(".lnb-puzzle-heading", has_text=puzzle.code).wait_for(timeout=WAIT)
    wait_page_ready(page)


def test_keys_focus_rings_and_late_focus_requests_on_one_load(page) -> None:  # type: ignore[no-untyped-def]
    """One load of the open puzzle: a row typed in a few key presses, a focus ring, a late
    focus request (this one last: its Enter acts on the page)."""
    open_puzzle(page, OPEN)
    a_row_is_typed_in_a_few_key_presses(page)
    a_focused_button_has_a_ring_of_at_least_3px(page)
    a_focus_request_that_comes_late_never_takes_a_key_meant_elsewhere(page)


def test_a_disabled_board_button_and_the_page_photographed_on_one_load(page) -> None:  # type: ignore[no-untyped-def]
    """One load of the puzzle with forbidden spaces: the disabled button's look and reason
    (which ends with the first hint shown), then the screenshots with that hint."""
    open_puzzle(page, SHARED)
    a_disabled_board_button_looks_disabled_and_says_why_without_hover(page)
    screenshots_of_the_puzzle_page(page)


def a_row_is_typed_in_a_few_key_presses(page) -> None:  # type: ignore[no-untyped-def]
    """From the puzzle's goal, the box for typed rows is at most 3 Tabs away; a row in 7 keys."""
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


def a_focused_button_has_a_ring_of_at_least_3px(page) -> None:  # type: ignore[no-untyped-def]
    """The first button the Tab key reaches shows an outline of 3 px or more."""
    page.locator(".lnb-title").click()
    for _ in range(10):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }""")
    assert ring[0] not in ("none", "") and ring[1] >= 3, ring
    snap(page, "focus-ring")


def a_disabled_board_button_looks_disabled_and_says_why_without_hover(page) -> None:  # type: ignore[no-untyped-def]
    """Dashed and hatched at full strength, never struck through; its reason on focus and on
    tap; a tap writes no row. Leaves the first hint shown."""
    forbidden = page.locator("button.lnb-op-A3-add")
    expect(forbidden).to_be_disabled(timeout=WAIT)
    reason = forbidden.get_attribute("title")
    assert reason and "A3" in reason
    look = forbidden.evaluate("""el => { const s = getComputedStyle(el);
        return [s.opacity, s.borderStyle, s.textDecorationLine, s.backgroundImage]; }""")
    assert look[0] == "1" and "dashed" in look[1], look  # full strength, dashed, hatched,
    assert "repeating-linear-gradient" in look[3], look
    assert "line-through" not in look[2], look  # and still readable: never struck through
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
    snap(page, "why-disabled")
    # the kernel answers in order: once it has shown the hint asked for after the tap, a row
    # the tap had written would be there
    page.locator(".lnb-hint").click()
    page.locator(".lnb-hints", has_text="Hint 1 of 3").wait_for(timeout=WAIT)
    assert "55 + 5" not in page.locator(".lnb-rows").inner_text()


def screenshots_of_the_puzzle_page(page) -> None:  # type: ignore[no-untyped-def]
    """A hint (already shown) and a disabled button's reason on the puzzle page, photographed
    at both sizes (the page resized, not opened again; lesson 01's answer said back is
    photographed on the page pass's load of lesson 01, ``test_pages.py``)."""
    page.locator(".lnb-hints", has_text="Hint 1 of 3").wait_for(timeout=WAIT)
    why = page.locator("#kit-why")
    for width, height in SIZES:
        resize(page, width, height)
        page.locator("button.lnb-op-A3-add").focus()  # says why it is disabled
        why.wait_for(timeout=WAIT)
        snap(page, f"puzzles-{width}x{height}")
        page.locator(".lnb-goal").click()  # the focus leaves: the reason goes
        why.wait_for(state="hidden", timeout=WAIT)


def a_focus_request_that_comes_late_never_takes_a_key_meant_elsewhere(page) -> None:  # type: ignore[no-untyped-def]
    """The kernel asks the page to focus the next thing to do (widgets.core.focus). When it
    answers late (a busy kernel) and the pupil has moved on, the request is dropped: a museum
    game under load once had a key the test meant for a button land on the map."""
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
