"""The kit's look in a real browser (issue 12 item 8): the game and the puzzle page.

Board buttons of different component kinds have different colours; Patron and Subroutine
cards; a resolved row arrives with a short animation (none when the pupil's system asks for
reduced motion); the *High contrast* toggle turns the app white on black and back, and is
remembered on every app (checked on the same first load of the puzzle page). Every step is
saved as a screenshot at 1280×800 and 768×1024 in ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    resize,
    settle_layout,
    snap,
)
from page_kit import shared_kit
from playwright.sync_api import expect
from test_game_screen import target, write_a_claim

from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

WAIT = 60_000
SIZES = {"1280x800": {"width": 1280, "height": 800}, "768x1024": {"width": 768, "height": 1024}}
HIGH = ".lnb-app.lnb-high-contrast"
# Every space allowed: start 55, reach 73 within 5 rows (so every kind's buttons are enabled).
OPEN = Puzzle(start=55, targets=(73,), limit=5)

# The background colour of the first enabled button of each kind on the board.
KIND_COLOURS = """root => Object.fromEntries(['add-sub', 'mul-div', 'swap', 'copy', 'set-to']
  .map(k => [k, document.querySelector(
    `${root} button.lnb-kind-${k}:not(:disabled):not([aria-disabled="true"])`)])
  .filter(([, b]) => b).map(([k, b]) => [k, getComputedStyle(b).backgroundColor]))"""
STEP_READY = """() => { const step = document.querySelector('.lnb-step');
  return step && !step.disabled && step.getAttribute('aria-disabled') !== 'true'; }"""
APP_COLOURS = """() => { const s = getComputedStyle(document.querySelector('.lnb-app'));
  return [s.backgroundColor, s.color]; }"""


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The session's kit server on ``lessons/`` (:func:`page_kit.shared_kit`)."""
    return shared_kit(request)


@pytest.fixture
def page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=kit.url, viewport=SIZES["1280x800"])
    new_page = context.new_page()
    yield new_page
    context.close()


def snap_sizes(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot at each size (ending at 1280×800)."""
    for size, viewport in [*SIZES.items()][::-1]:
        resize(page, viewport["width"], viewport["height"])
        snap(page, f"{name}-{size}")


def check_kinds(page, root: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Every kind on the board has its own colour, and not the stock grey."""
    colours = page.evaluate(KIND_COLOURS, root)
    assert len(colours) >= 3, colours
    assert len(set(colours.values())) == len(colours), colours
    assert "rgb(238, 238, 238)" not in colours.values(), colours
    return colours


def switch_contrast(page, on: bool) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """Press *High contrast*; the app's colours once the theme is (or is no longer) on and
    the page's script has kept the choice (``localStorage``)."""
    page.locator(".lnb-contrast-toggle").click()
    expect(page.locator(HIGH)).to_have_count(1 if on else 0, timeout=WAIT)
    page.wait_for_function("on => localStorage.getItem('lnb-contrast') === (on ? 'on' : 'off')",
                           arg=on, timeout=WAIT)
    settle_layout(page)
    return tuple(page.evaluate(APP_COLOURS))


def test_the_game_wears_the_kit_look(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, "voila/render/play.ipynb", ".lnb-start-game", timeout=WAIT)
    snap_sizes(page, "1-setup")
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target.lnb-for-You").first.wait_for(timeout=WAIT)
    cards = page.locator(".lnb-subroutines .lnb-sub-card")
    expect(cards).to_have_count(6, timeout=WAIT)
    assert cards.first.locator(".lnb-sub-number").evaluate(
        "e => parseFloat(getComputedStyle(e).fontSize)") >= 30
    snap_sizes(page, "2-subroutine-cards")
    target(page)
    write_a_claim(page)
    everyday = check_kinds(page, ".lnb-builder")
    chips = page.locator(".lnb-patron .lnb-chip")
    expect(chips).to_have_count(10, timeout=WAIT)
    snap_sizes(page, "3-race")

    light = tuple(page.evaluate(APP_COLOURS))
    dark = switch_contrast(page, on=True)
    assert dark != light and dark == ("rgb(0, 0, 0)", "rgb(255, 255, 255)"), (light, dark)
    high = check_kinds(page, ".lnb-builder")
    assert high != everyday, (high, everyday)
    snap_sizes(page, "4-race-high-contrast")
    assert switch_contrast(page, on=False) == light

    page.locator(".lnb-done").click()
    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    # Step is drawn before the computer's program is in (aria-disabled until then): a click
    # on it before that is refused, so wait until it can be pressed
    page.wait_for_function(STEP_READY, timeout=WAIT)
    page.locator(".lnb-step").click()
    current = page.locator(".lnb-resolution-table td.lnb-row-current")
    # the pupil's claiming row may come first and ask which Patron to claim (the game's seed
    # is random): the row is shown once a choice is made
    choice = page.locator(".lnb-choice")
    current.or_(choice).first.wait_for(timeout=WAIT)
    if not current.count():
        choice.first.click()
    current.wait_for(timeout=WAIT)
    assert current.evaluate("e => getComputedStyle(e).animationName") == "lnb-arrive"
    page.emulate_media(reduced_motion="reduce")
    assert current.evaluate("e => getComputedStyle(e).animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    snap_sizes(page, "5-resolution")
    switch_contrast(page, on=True)
    snap_sizes(page, "6-resolution-high-contrast")
    assert_no_traceback(page)


def test_the_puzzle_page_starts_with_the_app_and_high_contrast_is_remembered(page) -> None:  # type: ignore[no-untyped-def]
    """One first load of the puzzle page serves both: the page's look, then the toggle
    remembered on the pages opened after it."""
    open_voila(page, f"voila/render/puzzles.ipynb?code={OPEN.code}", ".lnb-puzzle-heading",
               timeout=WAIT)
    the_puzzle_page_starts_with_the_app(page)
    high_contrast_is_remembered_on_every_app_of_the_kit(page)


def the_puzzle_page_starts_with_the_app(page) -> None:  # type: ignore[no-untyped-def]
    """The app comes first, its kinds coloured, in both themes (left in the everyday one)."""
    page.locator(".lnb-board .lnb-fn").first.wait_for(timeout=WAIT)
    settle_layout(page)
    assert page.get_by_text("Start the app").count() == 0
    top = page.locator(".lnb-puzzle-app").bounding_box()
    assert top is not None and top["y"] < 400, top  # the app, not a page of text, comes first
    check_kinds(page, ".lnb-puzzle-app")
    snap_sizes(page, "1-puzzle")
    light = tuple(page.evaluate(APP_COLOURS))
    dark = switch_contrast(page, on=True)
    assert dark == ("rgb(0, 0, 0)", "rgb(255, 255, 255)") and dark != light, (light, dark)
    check_kinds(page, ".lnb-puzzle-app")
    snap_sizes(page, "2-puzzle-high-contrast")
    assert switch_contrast(page, on=False) == light
    assert_no_traceback(page)


def high_contrast_is_remembered_on_every_app_of_the_kit(page) -> None:  # type: ignore[no-untyped-def]
    """Pressed on the puzzle page (open, in the everyday colours), it is on when the page is
    opened again and on the game's page; pressed off there, the next page opens in the
    everyday colours."""
    puzzles = f"voila/render/puzzles.ipynb?code={OPEN.code}"
    expect(page.locator(HIGH)).to_have_count(0)
    switch_contrast(page, on=True)
    open_voila(page, puzzles, ".lnb-puzzle-heading", timeout=WAIT)
    expect(page.locator(HIGH)).to_have_count(1, timeout=WAIT)
    open_voila(page, "voila/render/play.ipynb", ".lnb-start-game", timeout=WAIT)
    expect(page.locator(HIGH)).to_have_count(1, timeout=WAIT)
    assert tuple(page.evaluate(APP_COLOURS)) == ("rgb(0, 0, 0)", "rgb(255, 255, 255)")
    switch_contrast(page, on=False)  # kept as "off": the page's script presses nothing
    open_voila(page, puzzles, ".lnb-puzzle-heading", timeout=WAIT)
    page.locator(".lnb-contrast-toggle").wait_for(timeout=WAIT)
    assert page.evaluate("localStorage.getItem('lnb-contrast')") == "off"
    expect(page.locator(HIGH)).to_have_count(0)
    assert_no_traceback(page)
