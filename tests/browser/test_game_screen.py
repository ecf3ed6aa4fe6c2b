"""The game screen in a real browser: what a pupil sees at 1280×800, on a tablet, on a projector.

At 1280×800 the app is at the top of the page, and during the race the board and the
program rows are on screen together, with the targeted Subroutine beside them; a choice at
resolution comes after its row's arithmetic and names the Patron; a save's message and link
go when the game moves on; no label is cut. At 768×1024 the score table fits, the speed
buttons stay in one row and everything to tap is at least 44 px tall. ``?projector=1``
enlarges the board. Screenshots of every phase go to ``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import re

import pytest
from browser_harness import assert_no_traceback, open_voila, snap
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from lnb.babbage.board import Board
from lnb.babbage.edition import Edition
from lnb.babbage.solver import Solver
from lnb.babbage.words import type_name

pytestmark = pytest.mark.browser

PLAY = "voila/render/play.ipynb"
WAIT = 30_000
TAP = 44  # px: the smallest target a finger hits reliably

# Every visible button or label whose text is wider than its box (a cut label).
CUT_LABELS = """() => [...document.querySelectorAll(
    '.lnb-app button, .lnb-app label, .lnb-app .widget-label')]
  .filter(e => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
  .map(e => (e.innerText || e.textContent).trim())"""
# Every visible button or checkbox of the app shorter than a finger.
SMALL_TARGETS = """min => [...document.querySelectorAll(
    '.lnb-app button, .lnb-app .widget-checkbox label')]
  .filter(e => e.offsetParent !== null)
  .map(e => [(e.innerText || e.textContent).trim(), e.getBoundingClientRect().height])
  .filter(([, h]) => h < min)"""


class Checks:
    """Checks that do not stop the test, so one run shows every problem of the page; the test
    fails at the end (:meth:`done`) if any did."""

    def __init__(self) -> None:
        self.failed: list[str] = []

    def none(self, what: str, found: object) -> None:
        """``found`` (a list of offenders) must be empty."""
        if found:
            self.failed.append(f"{what}: {found}")

    def that(self, what: str, ok: bool, detail: object = "") -> None:
        if not ok:
            self.failed.append(f"{what} {detail}".strip())

    def done(self) -> None:
        assert not self.failed, "\n".join(self.failed)


# Every Patron card given the edition's longest name and the two Influence types whose chips
# are widest (measured on the page), the layout measured in the same breath (no redraw can
# come between) and then put back: how many rows the cards take, and where the program's last
# row and "I'm done" end.
WIDEST_PATRONS = """([name, kinds]) => {
  const cards = [...document.querySelectorAll('.lnb-patrons-cards .lnb-patron')];
  const saved = cards.map(c => c.innerHTML);
  const chip = cards[0].querySelector('.lnb-chip');
  const width = kind => { chip.textContent = kind; return chip.getBoundingClientRect().width; };
  const [first, second] = kinds.map(k => [width(k), k]).sort((a, b) => b[0] - a[0])
    .map(([, k]) => k);
  for (const card of cards) {
    card.querySelector('b').textContent = name;
    const chips = card.querySelectorAll('.lnb-chip');
    chips[0].textContent = first; chips[1].textContent = second;
  }
  const rows = new Set(cards.map(c => Math.round(c.getBoundingClientRect().top))).size;
  const bottom = s => Math.max(...[...document.querySelectorAll(s)]
    .map(e => e.getBoundingClientRect().bottom));
  const measured = {rows, cards: cards.length, chips: [first, second],
                    widest: Math.max(...cards.map(c => c.getBoundingClientRect().width)),
                    program: bottom('.lnb-builder .lnb-rows tr'), done: bottom('.lnb-done')};
  cards.forEach((c, i) => { c.innerHTML = saved[i]; });
  return measured;
}"""


# Where each part of the app and of the builder is, and what it says: a failed viewport check
# names what pushed the program down (a status message, a wrapped line...).
LAYOUT = """() => [...document.querySelectorAll(
    '.lnb-app > *, .lnb-body > *, .lnb-race > *, .lnb-builder > *')]
  .filter(e => e.offsetParent !== null)
  .map(e => {
    const r = e.getBoundingClientRect();
    const css = e.className.replace(/\\b(widget|jupyter|lm)-\\S+/g, '').trim();
    const text = (e.innerText || '').replace(/\\s+/g, ' ').trim().slice(0, 50);
    return `${css} y=${Math.round(r.top)} h=${Math.round(r.height)} ${text}`;
  })"""


def widest_patrons() -> tuple[str, list[str]]:
    """The edition's longest Patron name and every Influence type's name (English)."""
    edition = Edition.load()
    kinds = sorted({type_name(kind) for p in edition.patrons for kind in p.types})
    return max((p.name for p in edition.patrons), key=len), kinds


def in_viewport(page, selector: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The elements of ``selector`` (visible ones) that are not wholly inside the viewport."""
    size = page.viewport_size
    outside = []
    loc = page.locator(selector)
    for i in range(loc.count()):
        item = loc.nth(i)
        if not item.is_visible():
            continue
        box = item.bounding_box()
        assert box is not None
        if box["x"] < 0 or box["y"] < 0 or box["x"] + box["width"] > size["width"] + 0.5 \
                or box["y"] + box["height"] > size["height"] + 0.5:
            outside.append(f"{selector}#{i} {box}")
    return outside


def patrons(page) -> dict[int, str]:  # type: ignore[no-untyped-def]
    """The Patron cards shown: value -> name."""
    cards = page.eval_on_selector_all(
        ".lnb-patron", "els => els.map(e => [e.className, e.querySelector('b').textContent])")
    return {int(re.search(r"lnb-patron-(\d+)", css).group(1)): name for css, name in cards}


def start(page, query: str = "") -> None:  # type: ignore[no-untyped-def]
    open_voila(page, PLAY + query, ".lnb-start-game")
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target.lnb-for-You").first.wait_for(timeout=WAIT)


def target(page) -> int:  # type: ignore[no-untyped-def]
    """Target the first Subroutine offered; its number."""
    button = page.locator(".lnb-target.lnb-for-You").first
    number = int(re.search(r"lnb-target-(\d+)", button.get_attribute("class")).group(1))
    button.click()
    page.locator(".lnb-builder").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-patron")).to_have_count(5, timeout=WAIT)
    return number


def write_a_claim(page) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    """Type the shortest program that ends on one of this Round's Patrons (Round 1: the
    standard board, start 55); the Patron's value and the last row's arithmetic."""
    solver = Solver(Board.standard(), start=55)
    options = [(s.length, v, s) for v in patrons(page) if (s := solver.solve(v, limit=5)).solved]
    _, value, solution = min(options, key=lambda o: (o[0], o[1]))
    program = solution.program
    typed = page.locator(".lnb-builder .lnb-typed input")
    typed.fill(str(program))
    typed.press("Enter")
    last = program.run(Board.standard(), start=55).rows[-1]
    page.locator(".lnb-rows", has_text=last.text).wait_for(timeout=WAIT)
    return value, last.text


# Step can be pressed, or a choice is shown, or the Round is resolved (a disabled Step
# means the page is still drawing the last row's answer).
SETTLED = """() => {
  const step = document.querySelector('.lnb-step');
  const progress = document.querySelector('.lnb-resolution-progress');
  const choice = document.querySelector('.lnb-choice');
  return (progress && progress.innerText.includes('Round resolved!'))
      || (choice && choice.offsetParent !== null)
      || (step && !step.disabled && step.getAttribute('aria-disabled') !== 'true');
}"""


def resolve_until_choice(page) -> bool:  # type: ignore[no-untyped-def]
    """Step through the rows until a choice is offered (True) or the Round is resolved."""
    progress = page.locator(".lnb-resolution-progress")
    choices = page.locator(".lnb-choice")
    for _ in range(30):
        page.wait_for_function(SETTLED, timeout=WAIT)  # the screen has caught up
        if choices.count() and choices.first.is_visible():
            return True
        shown = progress.inner_text()
        if "Round resolved!" in shown:
            return False
        try:
            page.locator(".lnb-step").click(timeout=5_000)
        except PlaywrightTimeoutError:  # Step turned disabled: the Round resolved meanwhile
            continue
        moved_on = progress.filter(has_not_text=re.compile(f"^{re.escape(shown)}$"))
        moved_on.or_(choices).first.wait_for(timeout=WAIT)
    raise AssertionError("the Round did not resolve")


def finish_round(page) -> None:  # type: ignore[no-untyped-def]
    """Resolve the rest of the Round (taking the first choice each time)."""
    while resolve_until_choice(page):
        chosen = page.locator(".lnb-choice").first.element_handle()
        chosen.click()
        chosen.wait_for_element_state("hidden", timeout=WAIT)
    page.locator(".lnb-next-round").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-score-table tr.lnb-score-row")).to_have_count(2, timeout=WAIT)


def test_the_race_fits_a_1280_by_800_screen(page) -> None:  # type: ignore[no-untyped-def]
    check = Checks()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_voila(page, PLAY, ".lnb-start-game")
    snap(page, "1-setup")
    # the app first (the intro folded away), and "Load a game" is not "Load a gam…"
    check.none("outside the viewport", in_viewport(page, ".lnb-start-game"))
    check.none("cut labels", page.evaluate(CUT_LABELS))
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target.lnb-for-You").first.wait_for(timeout=WAIT)
    snap(page, "2-target")
    check.none("cut labels", page.evaluate(CUT_LABELS))
    number = target(page)

    # the race: the board's buttons, every program row and the target are on screen
    builder = page.locator(".lnb-builder")
    value, arithmetic = write_a_claim(page)
    snap(page, "3-program")
    check.none("outside the viewport", in_viewport(page, ".lnb-builder .lnb-fn"))
    check.none("outside the viewport", in_viewport(page, ".lnb-builder .lnb-rows tr"))
    check.none("outside the viewport", in_viewport(page, ".lnb-done"))
    if check.failed:
        check.that("the page's parts", False, "\n".join(page.evaluate(LAYOUT)))
    # whatever the Round's Patrons: their names and chips never push the program off screen
    widest = page.evaluate(WIDEST_PATRONS, widest_patrons())
    check.that("the widest Patrons share one row", widest["rows"] == 1, widest)
    check.that("the widest Patrons leave the program on screen",
               max(widest["program"], widest["done"]) <= 800.5, widest)
    card = page.locator(".lnb-target-card")
    check.that("the target is shown", card.count() == 1 and f"{number:02d}" in card.inner_text())
    if card.count():
        check.none("outside the viewport", in_viewport(page, ".lnb-target-card"))
        card_box, rows_box = card.bounding_box(), builder.locator(".lnb-rows").bounding_box()
        check.that("the target is beside the rows",
                   card_box["x"] >= rows_box["x"] + rows_box["width"] - 1, (card_box, rows_box))
    check.none("cut labels", page.evaluate(CUT_LABELS))
    names = patrons(page)
    page.locator(".lnb-done").click()

    # resolution: the choice comes with its row's arithmetic and names the Patron
    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    snap(page, "4-resolution")
    assert resolve_until_choice(page), "no choice was offered for the Patron claimed"
    snap(page, "5-choice")
    choice_box = page.locator(".lnb-choices")
    check.that("the choice shows its row", arithmetic in choice_box.inner_text(),
               choice_box.inner_text())
    labels = page.locator(".lnb-choice").all_inner_texts()
    check.that("the choice names the Patron",
               labels and all(f"{value:02d}" in t and names[value] in t for t in labels),
               (labels, value, names))
    check.none("outside the viewport", in_viewport(page, ".lnb-choice"))
    check.none("cut labels", page.evaluate(CUT_LABELS))
    finish_round(page)
    snap(page, "6-score-sheet")
    check.none("cut labels", page.evaluate(CUT_LABELS))
    # the last Round's button says "See the final scores" in full
    long_label = page.evaluate("""() => { const b = document.querySelector('.lnb-next-round');
        b.textContent = 'See the final scores'; return b.scrollWidth > b.clientWidth + 1; }""")
    check.that("'See the final scores' fits its button", long_label is False)

    # a save's message and link belong to that save: the next action takes them away
    page.locator(".lnb-save").click()
    page.locator(".lnb-download-link").wait_for(timeout=WAIT)
    page.locator(".lnb-status", has_text="after Round 1").first.wait_for(timeout=WAIT)
    snap(page, "7-saved")
    page.locator(".lnb-next-round").click()
    expect(page.locator(".lnb-phase")).to_contain_text("Round 2 of 4", timeout=WAIT)
    page.locator(".lnb-target.lnb-for-You").first.wait_for(timeout=WAIT)
    check.that("the download link has gone", page.locator(".lnb-download-link").count() == 0)
    check.that("the save message has gone",
               "after Round 1" not in page.locator(".lnb-app > .lnb-status").inner_text())
    assert_no_traceback(page)
    check.done()


def test_a_tablet_at_768_taps_and_reads_everything(page) -> None:  # type: ignore[no-untyped-def]
    check = Checks()
    page.set_viewport_size({"width": 768, "height": 1024})
    no_sideways = "() => document.documentElement.scrollWidth <= window.innerWidth"
    open_voila(page, PLAY, ".lnb-start-game")
    snap(page, "1-setup")
    check.none("smaller than 44 px", page.evaluate(SMALL_TARGETS, TAP))
    check.that("no sideways scrolling", page.evaluate(no_sideways))
    page.locator(".lnb-start-game").click()
    page.locator(".lnb-target.lnb-for-You").first.wait_for(timeout=WAIT)
    snap(page, "2-target")
    check.none("smaller than 44 px", page.evaluate(SMALL_TARGETS, TAP))
    target(page)
    write_a_claim(page)
    snap(page, "3-program")
    check.none("smaller than 44 px", page.evaluate(SMALL_TARGETS, TAP))
    check.none("cut labels", page.evaluate(CUT_LABELS))
    page.locator(".lnb-done").click()
    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    snap(page, "4-resolution")
    check.none("smaller than 44 px", page.evaluate(SMALL_TARGETS, TAP))
    tops = {round(b["y"]) for b in (page.locator(".lnb-speed button").nth(i).bounding_box()
                                     for i in range(3))}
    check.that("Slow, Normal, Fast in one row", len(tops) == 1, tops)
    finish_round(page)
    snap(page, "5-score-sheet")
    check.that("no sideways scrolling", page.evaluate(no_sideways))
    table = page.locator(".lnb-score-table table").bounding_box()
    check.that("the score table fits", table["x"] + table["width"] <= 768, table)
    total = page.locator(".lnb-score-table th", has_text="Total")
    expect(total).to_be_visible()
    box = total.bounding_box()
    check.that("Total is on screen", box["x"] >= 0 and box["x"] + box["width"] <= 768, box)
    check.none("smaller than 44 px", page.evaluate(SMALL_TARGETS, TAP))
    check.none("cut labels", page.evaluate(CUT_LABELS))
    assert_no_traceback(page)
    check.done()


def board_font_size(page) -> float:  # type: ignore[no-untyped-def]
    name = page.locator(".lnb-board .lnb-space-name").first
    name.wait_for(timeout=WAIT)
    return float(name.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))


def test_projector_mode_enlarges_the_board(page) -> None:  # type: ignore[no-untyped-def]
    """``?projector=1`` draws the board larger than the toggle's plain screen on the same
    load (a page without ``?projector=1`` is plain: checked on the setup form's English
    load, :func:`test_the_setup_form_fits_a_laptop_and_a_tablet`)."""
    page.set_viewport_size({"width": 1280, "height": 800})
    start(page, "?projector=1")
    expect(page.locator(".lnb-app.lnb-projector")).to_have_count(1, timeout=WAIT)
    big = board_font_size(page)
    snap(page, "projector-target")
    toggle = page.locator(".lnb-projector-toggle")
    toggle.click()  # the toggle turns it off again: the plain board, smaller
    expect(page.locator(".lnb-app.lnb-projector")).to_have_count(0, timeout=WAIT)
    page.wait_for_function(
        "([s, big]) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize) < big",
        arg=[".lnb-board .lnb-space-name", big], timeout=WAIT)
    plain = board_font_size(page)
    assert big > plain, (big, plain)
    assert_no_traceback(page)


# Every visible control of the setup form not wholly inside the page's width, every box of
# it that scrolls sideways, and every drop-down one of whose options would be cut in it (its
# text wider than the box less its padding, where the arrow is).
SETUP_OVERFLOW = """() => {
  const width = document.documentElement.clientWidth, out = [];
  const ctx = document.createElement('canvas').getContext('2d');
  const shown = e => e.offsetParent !== null;
  document.querySelectorAll('.lnb-setup :is(input, select, button, label)').forEach(e => {
    if (!shown(e)) { return; }
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.right > width + 0.5) {
      out.push(`${e.tagName} "${(e.value || e.innerText).trim()}" ends at ${r.right} of ${width}`);
    }
    if (e.tagName !== 'SELECT') { return; }
    const s = getComputedStyle(e);
    ctx.font = s.font;
    const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
    for (const o of e.options) {
      if (ctx.measureText(o.text).width > room + 0.5) { out.push(`"${o.text}" cut in its box`); }
    }
  });
  document.querySelectorAll('.lnb-setup, .lnb-setup *').forEach(e => {
    if (shown(e) && e.scrollWidth > e.clientWidth + 1 && e.tagName !== 'SELECT'
        && getComputedStyle(e).overflowX !== 'visible') {
      out.push(`${e.className} scrolls sideways (${e.scrollWidth} in ${e.clientWidth})`);
    }
  });
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_setup_form_fits_a_laptop_and_a_tablet(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Four seats shown, at 1280 and 768 px: no control crosses the page's edge, no row
    scrolls sideways, no drop-down cuts any of its options ("Computer (greedy)")."""
    check = Checks()
    open_voila(page, f"{PLAY}?lang={lang}", ".lnb-start-game")
    if lang == "en":  # no ?projector=1: the plain screen (projector mode: its own test)
        expect(page.locator(".lnb-app")).to_have_count(1)
        expect(page.locator(".lnb-app.lnb-projector")).to_have_count(0)
    page.locator(".lnb-seat-count button").last.click()  # 4 players: every seat row
    page.locator(".lnb-seat-4").wait_for(timeout=WAIT)
    for width, height in ((1280, 800), (768, 1024)):
        page.set_viewport_size({"width": width, "height": height})
        try:  # the page lays itself out again at the new size
            page.wait_for_function(f"() => ({SETUP_OVERFLOW})().length === 0", timeout=WAIT)
        except PlaywrightTimeoutError:
            check.none(f"{lang} at {width} px", page.evaluate(SETUP_OVERFLOW))
        snap(page, f"setup-{lang}-{width}x{height}")
    check.done()
