"""The game app in a real browser: a whole Round against a computer player, by clicks.

``notebooks/play.ipynb`` is a link to ``lessons/play.ipynb``, so the server of the browser
harness serves the very notebook pupils open. Screenshots of each stage go to
``test-artifacts/test_play_a_round_against_the_computer/``.
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from browser_harness import (
    assert_local_only,
    assert_no_traceback,
    open_voila,
    resolve_the_round,
    snap,
    snap_sizes,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

PLAY = "voila/render/play.ipynb"
WAIT = 30_000


def visible(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    loc = page.locator(selector)
    return loc.count() > 0 and loc.first.is_visible()


def score_rows(page) -> list[list[str]]:  # type: ignore[no-untyped-def]
    rows = page.locator(".lnb-score-table tr.lnb-score-row")
    return [[c.strip() for c in rows.nth(i).inner_text().split("\t")]
            for i in range(rows.count())]


def test_play_a_round_against_the_computer(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, PLAY, ".lnb-start-game")
    assert "Play Lovelace & Babbage" in page.locator("body").inner_text()
    snap(page, "1-setup")
    page.locator(".lnb-start-game").click()

    # Subroutine phase: the person targets one
    page.locator(".lnb-target").first.wait_for(timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("choose a Subroutine to target",
                                                      timeout=WAIT)
    snap(page, "2-target")
    page.locator(".lnb-target").first.click()

    # Program phase: two rows by clicks, the arithmetic appears row by row
    page.locator(".lnb-builder").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-patron")).to_have_count(5, timeout=WAIT)
    rows = page.locator(".lnb-rows")
    page.locator(".lnb-op-A3-add").click()
    page.locator(".lnb-rows", has_text="55 + 5 = 60").wait_for(timeout=WAIT)
    page.locator(".lnb-op-A4-divide").click()
    page.locator(".lnb-rows", has_text="60 ÷ 2 = 30").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-builder-header")).to_contain_text("2 of 5 rows", timeout=WAIT)
    assert re.search(r"1\.\s+A3\+\s+55 \+ 5 = 60", rows.inner_text())
    # an illegal choice is disabled with its reason on hover
    b1_add = page.locator(".lnb-op-B1-add")
    assert b1_add.is_enabled()  # 30 + 50 = 80 is fine
    page.locator(".lnb-typed input").fill("B1+ B1+")
    page.locator(".lnb-typed input").press("Enter")
    page.locator(".lnb-status-error").first.wait_for(timeout=WAIT)
    expect(page.locator(".lnb-builder .lnb-status")).to_contain_text("leaves 00–99",
                                                                  timeout=WAIT)
    assert "2 of 5 rows" in page.locator(".lnb-builder-header").inner_text()  # unchanged
    snap(page, "3-program")
    page.locator(".lnb-done").click()

    # Resolution: step through the rows, choosing when a claim offers a choice
    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    snap(page, "4-resolution-start")
    progress = page.locator(".lnb-resolution-progress")
    resolve_the_round(page, "Round resolved!", WAIT)
    page.locator(".lnb-next-round").wait_for(timeout=WAIT)
    table = page.locator(".lnb-resolution-table")
    expect(table).to_contain_text("A3+ 55 + 5 = 60", timeout=WAIT)
    expect(table).to_contain_text("A4/ 60 ÷ 2 = 30", timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("Round 1 of 4 resolved", timeout=WAIT)
    expect(progress).to_contain_text("Round resolved!", timeout=WAIT)

    # the scores so far: one row per player, and each total is the sum of its parts
    expect(page.locator(".lnb-score-table tr.lnb-score-row")).to_have_count(2, timeout=WAIT)
    scores = score_rows(page)
    assert {r[1] for r in scores} == {"You", "Computer"}
    for _place, name, influence, failed, subs, engine, debugs, total in scores:
        parts = int(influence) + int(failed) + int(subs) + int(engine) + int(debugs)
        assert parts == int(total), (name, scores)
    expect(page.locator(".lnb-chart .lnb-total")).to_have_count(2, timeout=WAIT)
    snap(page, "5-round-over")

    # save between Rounds: the download link holds a record of Round 1
    page.locator(".lnb-save").click()
    link = page.locator(".lnb-download-link")
    link.wait_for(timeout=WAIT)
    # the status line is a separate widget message: wait for it rather than read it at once
    page.locator(".lnb-status", has_text="after Round 1").first.wait_for(timeout=WAIT)
    href = link.get_attribute("href") or ""
    assert href.startswith("data:application/json;base64,")
    record = json.loads(base64.b64decode(href.split(",", 1)[1]))
    assert record["format"] == "lnb-game/1" and len(record["rounds"]) == 1
    assert [p.get("computer") for p in record["players"]] == [None, "greedy"]
    assert "A3+ A4/" in record["rounds"][0]["plays"]["You"]["program"]

    page.locator(".lnb-next-round").click()
    page.locator(".lnb-target").first.wait_for(timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("Round 2 of 4", timeout=WAIT)
    snap(page, "6-round-two")
    assert_no_traceback(page)
    assert_local_only(page)


def test_hot_seat_and_the_timer_ticks_in_the_browser(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, PLAY, ".lnb-start-game")
    page.locator(".lnb-seat-2 input").fill("Bea")
    page.locator(".lnb-seat-2 select").first.select_option("Person")
    page.locator(".lnb-start-game").click()
    for name in ("You", "Bea"):  # each person targets in turn
        page.locator(".lnb-phase", has_text=f"{name}: choose a Subroutine").wait_for(
            timeout=WAIT)
        # the person's own buttons: the ones before are closed and may linger a moment
        page.locator(f".lnb-target.lnb-for-{name}").first.click()
    page.locator(".lnb-builder", has_text="You: write your program").wait_for(timeout=WAIT)
    page.locator(".lnb-done").click()  # You finish first: the minute starts for Bea
    page.locator(".lnb-builder", has_text="Bea: write your program").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-finished")).to_contain_text("1. You", timeout=WAIT)
    count = page.locator(".lnb-timer-count input")
    page.wait_for_function(
        "s => Number(document.querySelector(s).value) >= 2", arg=".lnb-timer-count input",
        timeout=WAIT)
    assert int(count.input_value()) >= 2
    snap(page, "timer")
    assert_no_traceback(page)


def test_a_debug_rewrite_runs_under_its_own_ticking_timer(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, PLAY, ".lnb-start-game")
    page.locator(".lnb-mental-option input").check()
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target.lnb-for-You").first.click()
    builder = page.locator(".lnb-builder").first
    builder.wait_for(timeout=WAIT)
    builder.locator(".lnb-typed input").fill("A3+ 61")  # 55 + 5 is 60, not 61
    builder.locator(".lnb-typed input").press("Enter")
    expect(builder.locator(".lnb-rows")).to_contain_text("61", timeout=WAIT)
    builder.locator(".lnb-done").click()

    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    debug = page.locator(".lnb-debug-start")
    for _ in range(10):  # You finished first: your row 1 resolves first
        if visible(page, ".lnb-debug-start"):
            break
        if visible(page, ".lnb-choice"):
            page.locator(".lnb-choice").first.click()
        else:
            page.locator(".lnb-step").click()
        debug.or_(page.locator(".lnb-choice")).first.wait_for(timeout=WAIT)
    expect(page.locator(".lnb-debug")).to_contain_text("you wrote 61, but 55 + 5 = 60")
    assert not visible(page, ".lnb-debug-timer")  # nothing ticks while the player decides
    debug.click()

    count = page.locator(".lnb-debug-timer .lnb-timer-count input")
    count.wait_for(timeout=WAIT)
    page.wait_for_function(
        "s => Number(document.querySelector(s).value) >= 2",
        arg=".lnb-debug-timer .lnb-timer-count input", timeout=WAIT)
    snap(page, "debug-timer")
    rewrite = page.locator(".lnb-debug .lnb-builder")
    rewrite.locator(".lnb-typed input").fill("A3+ 60")
    rewrite.locator(".lnb-typed input").press("Enter")
    expect(rewrite.locator(".lnb-rows")).to_contain_text("60", timeout=WAIT)
    rewrite.locator(".lnb-done").click()
    expect(page.locator(".lnb-resolution-table")).to_contain_text("55 + 5 = 60", timeout=WAIT)
    expect(page.locator(".lnb-debug-timer")).to_have_count(0, timeout=WAIT)
    assert_no_traceback(page)


# --------------------------------------------------------------------------- by keyboard alone
# The element with the keyboard focus, in words (for a failed check).
FOCUSED = """() => { const e = document.activeElement;
  return e ? `${e.tagName}.${e.className} "${(e.innerText || e.value || '').trim()}"` : ''; }"""
# The board space of the focused button ("A3"), or null.
FOCUSED_SPACE = """() => { const s = document.activeElement.closest('.lnb-space');
  const m = s && /(?:^|\\s)lnb-space-([A-E][1-4])(?:\\s|$)/.exec(s.className);
  return m ? m[1] : null; }"""
# What the resolution screen asks for now, once focus and screen agree: "choice" (a choice is
# shown and focused), "next" (the Round is resolved and Next Round is focused), or "step"
# (Step is focused and the progress line is no longer ``shown``).
RESOLUTION_NOW = """shown => {
  const a = document.activeElement, visible = e => e && e.offsetParent !== null;
  const choice = document.querySelector('.lnb-choice');
  if (visible(choice)) { return a.matches('.lnb-choice') ? 'choice' : null; }
  if (visible(document.querySelector('.lnb-next-round'))) {
    return a.matches('.lnb-next-round') ? 'next' : null; }
  const progress = document.querySelector('.lnb-resolution-progress');
  return a.matches('.lnb-step') && progress && progress.innerText !== shown ? 'step' : null;
}"""


def focus_is_on(page, selector: str, what: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the keyboard focus is on ``selector``; fail naming where it is."""
    try:
        page.wait_for_function("s => document.activeElement && document.activeElement.matches(s)",
                               arg=selector, timeout=WAIT)
    except PlaywrightTimeoutError:
        raise AssertionError(f"{what}: the focus is on {page.evaluate(FOCUSED)}") from None


def tab_to(page, selector: str, what: str, most: int = 12) -> int:  # type: ignore[no-untyped-def]
    """Press Tab until ``selector`` has the focus; how many presses it took."""
    for presses in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return presses
    raise AssertionError(f"{what}: not reached in {most} Tabs ({page.evaluate(FOCUSED)})")


# What the resolution screen shows, for a failure's message: the progress line, the choice
# buttons (visible or not), Next Round, the focus requests not yet taken, the status lines.
RESOLUTION_SEEN = """() => {
  const text = e => (e.innerText || '').trim(), visible = e => e.offsetParent !== null;
  const all = s => [...document.querySelectorAll(s)];
  return JSON.stringify({
    progress: all('.lnb-resolution-progress').map(text),
    choices: all('.lnb-choice').map(e => `${text(e)}${visible(e) ? '' : ' (hidden)'}`),
    next: all('.lnb-next-round').map(e => visible(e)),
    requests: all('[class*="lnb-focus-"]').map(e => `${/lnb-focus-\\d+/.exec(e.className)} ` +
      `${text(e).slice(0, 30)} taken ${e.getAttribute('data-kit-focus')}`),
    status: all('.lnb-status-text').map(text).filter(Boolean)}); }"""


def resolution_now(page, shown: str, before: list[str]) -> str:  # type: ignore[no-untyped-def]
    """Wait until the screen after a key in the resolution is :data:`RESOLUTION_NOW`'s
    (``before``: what the keys before it led to, for a failure's message)."""
    try:
        return page.wait_for_function(RESOLUTION_NOW, arg=shown, timeout=WAIT).json_value()
    except PlaywrightTimeoutError:
        raise AssertionError(f"after a key in the resolution (the progress line was {shown!r}) "
                             f"the focus is on {page.evaluate(FOCUSED)}; the screen shows "
                             f"{page.evaluate(RESOLUTION_SEEN)}; the keys before led to "
                             f"{before}") from None


def resolve_by_keyboard(page) -> int:  # type: ignore[no-untyped-def]
    """Enter on Step, Enter on the first choice, until Next Round has the focus; the number
    of choices made."""
    progress = page.locator(".lnb-resolution-progress")
    focus_is_on(page, ".lnb-step", "the program handed in: Step")
    choices = 0
    now, before = "step", []
    for _ in range(60):
        if now == "next":
            return choices
        shown = progress.inner_text()
        if now == "choice":
            choices += 1
            if choices == 1:  # the focus ring on the first choice, on both screens
                snap_sizes(page, "first-choice-focused")
                page.set_viewport_size({"width": 1280, "height": 800})
        page.keyboard.press("Enter")
        now = resolution_now(page, shown, before)
        before.append(f"{now} ({shown!r} before)")
    raise AssertionError("the Round was not resolved in 60 key presses")


def write_by_keyboard(page, claim: bool) -> None:  # type: ignore[no-untyped-def]
    """The board has the focus: Enter writes its current button's row; with ``claim`` the
    rows are typed instead (Tab to the box): the shortest program to one of Round 1's Patrons.
    Then Tab to I'm done and Enter."""
    focus_is_on(page, ".lnb-builder .lnb-board button.lnb-fn", "the program phase: the board")
    header = page.locator(".lnb-builder-header")
    if claim:
        from lnb.babbage.board import Board
        from lnb.babbage.solver import Solver

        values = page.eval_on_selector_all(
            ".lnb-patron", "els => els.map(e => /lnb-patron-(\\d+)/.exec(e.className)[1])")
        solver = Solver(Board.standard(), start=55)
        solved = [s for v in values if (s := solver.solve(int(v), limit=5)).solved]
        program = min(solved, key=lambda s: s.length).program
        assert tab_to(page, ".lnb-typed input", "the box for typed rows") == 1
        page.keyboard.type(str(program))
        page.keyboard.press("Enter")
        expect(header).to_contain_text(f"{len(program)} of", timeout=WAIT)
    else:
        page.keyboard.press("Enter")
        expect(header).to_contain_text("1 of", timeout=WAIT)
    tab_to(page, ".lnb-done", "I'm done")
    page.keyboard.press("Enter")


def test_a_whole_game_by_keyboard_alone(page) -> None:  # type: ignore[no-untyped-def]
    """Against a fast computer, untimed: after every key that changes the screen, the focus is
    on the next thing to do; ↑/↓ move between the board's levels."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_voila(page, PLAY, ".lnb-start-game")
    page.locator(".lnb-setup select").last.select_option(label="No time limit")
    page.locator(".lnb-start-game").focus()
    page.keyboard.press("Enter")
    choices = 0
    for round_no in range(1, 5):
        expect(page.locator(".lnb-phase")).to_contain_text(f"Round {round_no} of 4",
                                                          timeout=WAIT)
        focus_is_on(page, ".lnb-target.lnb-for-You", f"Round {round_no}: a Target")
        page.keyboard.press("Enter")
        next_up = ".lnb-activate-tick input, .lnb-activate, .lnb-builder .lnb-board button"
        focus_is_on(page, next_up, f"Round {round_no}: the target chosen")
        if page.evaluate("() => document.activeElement.matches('.lnb-activate-tick input')"):
            expect(page.locator(".lnb-activate")).to_have_text("Carry on")
            snap(page, f"round-{round_no}-activate")
            tab_to(page, ".lnb-activate", "Carry on")
            page.keyboard.press("Enter")
        elif page.evaluate("() => document.activeElement.matches('.lnb-activate')"):
            page.keyboard.press("Enter")
        focus_is_on(page, ".lnb-builder .lnb-board button.lnb-fn", "the board")
        if round_no == 1:  # ↓ and ↑: the same rack, one level down and up again
            here = page.evaluate(FOCUSED_SPACE)
            assert here and here[0] == "A", here
            page.keyboard.press("ArrowDown")
            page.wait_for_function(f"() => ({FOCUSED_SPACE})() === 'B{here[1]}'", timeout=WAIT)
            page.keyboard.press("ArrowUp")
            page.wait_for_function(f"() => ({FOCUSED_SPACE})() === '{here}'", timeout=WAIT)
            snap_sizes(page, "round-1-board-focused")
            page.set_viewport_size({"width": 1280, "height": 800})
        write_by_keyboard(page, claim=round_no == 1)
        page.locator(".lnb-resolution").wait_for(timeout=WAIT)
        choices += resolve_by_keyboard(page)
        snap(page, f"round-{round_no}-resolved")
        page.keyboard.press("Enter")  # Next Round / See the final scores
    assert choices >= 1, "the claim of Round 1 offered a choice"
    expect(page.locator(".lnb-phase")).to_contain_text("The game is over", timeout=WAIT)
    focus_is_on(page, ".lnb-save", "the game over: Save the game")
    page.keyboard.press("Enter")
    page.locator(".lnb-download-link").wait_for(timeout=WAIT)
    snap(page, "game-over-saved")
    assert_no_traceback(page)


def claim_program(page) -> str:  # type: ignore[no-untyped-def]
    """Round 1's shortest program to one of its Patrons (from 55, on the standard board)."""
    from lnb.babbage.board import Board
    from lnb.babbage.solver import Solver

    values = page.eval_on_selector_all(
        ".lnb-patron", "els => els.map(e => /lnb-patron-(\\d+)/.exec(e.className)[1])")
    solver = Solver(Board.standard(), start=55)
    solved = [s for v in values if (s := solver.solve(int(v), limit=4)).solved]
    return str(min(solved, key=lambda s: s.length).program)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_play_goes_on_after_a_choice_and_an_early_save_names_round_1(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    """A save before anything is played is "…-round-1-target" (no "Round 0") and its link goes
    once the game moves on; ▶ Play stops at a choice, says it goes on after it, and does."""
    words = {"en": ("round-1-target", "Play goes on after the choice"),
             "zh-CN": ("第1回合-选目标", "选好以后会接着播放")}[lang]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_voila(page, f"{PLAY}?lang={lang}", ".lnb-start-game")
    page.locator(".lnb-setup select").last.select_option(index=1)  # no time limit
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target").first.wait_for(timeout=WAIT)
    page.locator(".lnb-save").click()
    link = page.locator(".lnb-download-link")
    link.wait_for(timeout=WAIT)
    name = link.get_attribute("download") or ""
    assert words[0] in name and "round-0" not in name and "第0" not in name, name
    snap_sizes(page, "1-saved-at-the-start")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(".lnb-target").first.click()
    page.locator(".lnb-builder").wait_for(timeout=WAIT)
    expect(link).to_have_count(0, timeout=WAIT)  # the game has moved on: the link went

    typed = page.locator(".lnb-builder .lnb-typed input")
    typed.fill(claim_program(page) + " B4s")  # a row more after the claim
    typed.press("Enter")
    page.locator(".lnb-rows", has_text="B4s").wait_for(timeout=WAIT)
    page.locator(".lnb-done").click()
    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    page.locator(".lnb-speed button").last.click()  # Fast
    page.locator(".lnb-play").click()
    choice = page.locator(".lnb-choice").first
    choice.wait_for(timeout=WAIT)
    progress = page.locator(".lnb-resolution-progress")
    expect(progress).to_contain_text(words[1], timeout=WAIT)
    snap_sizes(page, "2-play-stopped-at-a-choice")
    page.set_viewport_size({"width": 1280, "height": 800})
    shown = progress.inner_text()
    chosen = choice.element_handle()
    chosen.click()
    chosen.wait_for_element_state("hidden", timeout=WAIT)
    # nothing more is pressed: Play goes on to the next choice or to the Round's end
    page.locator(".lnb-next-round").or_(page.locator(".lnb-choice")).first.wait_for(
        timeout=WAIT)
    assert progress.inner_text() != shown
    snap(page, "3-played-on")
    assert_no_traceback(page)
