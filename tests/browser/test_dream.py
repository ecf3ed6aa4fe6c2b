"""Ada's Dream in a real browser: the app under the kit's Voila server. A few turns by clicks
and by keys (a Workshop die by its number, a Store die and a Mill cell by Q and B2, P to pass),
axe finds no serious violation, screenshots at 1280×800 and 768×1024 go to
``test-artifacts/``; then a solo game against a computer player is played to the final scoring
by clicks, with no traceback on the way.
"""

from __future__ import annotations

import re

import pytest
from browser_harness import (
    ARTIFACTS,
    SIZES,
    TRACEBACK_SELECTORS,
    TRACEBACK_TEXTS,
    VoilaServer,
    _test_dir_name,
    assert_no_traceback,
    open_voila,
    redraw_count,
    serious_violations,
    snap,
    wait_redrawn,
)
from class_page_kit import shared_class_kit
from page_progress import wait_progressing
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT = 60_000
#: An enabled button (the kit's page marks a disabled one aria-disabled).
ON = ":enabled:not([aria-disabled='true'])"
#: Where a pupil looks for a decision, in order: a line of the Mill (a Program chosen), a
#: choice that is not "pass", a card, a place or a track, "pass"; else a die.
BOARD = ("lnb-dream-hand", "lnb-dream-research", "lnb-dream-place", "lnb-dream-institution",
         "lnb-dream-assignment", "lnb-dream-program", "lnb-dream-gear", "lnb-dream-partner")


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, the Dream's page preheated
    (:func:`class_page_kit.shared_class_kit`: one for every file of the page)."""
    return shared_class_kit(request, 'dream.ipynb')[0]


def text_of(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".lnb-dream-app").inner_text()


#: How many times the kernel has redrawn the app: its class ``lnb-shown-<n>``, which the app
#: sends after every other part's update of a redraw (``DreamApp._count_redraw``).
SHOWN = redraw_count(".lnb-dream-app")


def shown(page) -> int:  # type: ignore[no-untyped-def]
    """The app's redraws so far, as the page has them."""
    return int(page.evaluate(SHOWN))


#: How long a click may take to reach the page's next redraw before the decision is looked
#: for again (a button redrawn by the kernel just as it was clicked loses the click: the
#: pupil clicks again, and so does the test).
CLICK_WAIT = 10_000


def redrawn(page, before: int, timeout: float = WAIT) -> bool:  # type: ignore[no-untyped-def]
    """Wait until the kernel's next redraw after ``before`` has reached the page (False if it
    did not within ``timeout`` ms)."""
    return wait_redrawn(page, SHOWN, before, timeout)


#: The next decision, found in one look at the page once it offers one, in the order a pupil
#: looks: a line of the Mill (a Program chosen), a choice that is not "pass", a card, a place
#: or a track, "pass"; else a Store die (then a cell of the Mill) or a Workshop die; a cell of
#: the Mill when only the Mill is left (its Store die chosen, the cell's click lost). The
#: class and index among its enabled buttons, ``["score", 0]`` when the final scoring shows.
PICK = """([board, on]) => {
  const score = document.querySelector('.lnb-dream-score');
  if (score !== null && score.offsetParent !== null) { return ['score', 0]; }
  const enabled = cls => [...document.querySelectorAll(`button.${cls}${on}`)];
  if (enabled('lnb-dream-line').length) { return ['lnb-dream-line', 0]; }
  const choices = enabled('lnb-dream-choice');
  const other = choices.findIndex(b => !b.innerText.endsWith('pass'));
  if (other >= 0) { return ['lnb-dream-choice', other]; }
  const card = board.find(cls => enabled(cls).length);
  if (card) { return [card, 0]; }
  if (choices.length) { return ['lnb-dream-choice', 0]; }
  const stores = enabled('lnb-dream-store'), workshop = enabled('lnb-dream-workshop');
  if (stores.length && (!workshop.length || stores.length === 3)) {
    return ['lnb-dream-store', 0]; }
  if (workshop.length) { return ['lnb-dream-workshop', 0]; }
  return enabled('lnb-dream-mill').length ? ['lnb-dream-mill', 0] : null;
}"""


def open_app(page, kit: VoilaServer, query: str = "?seed=3") -> None:  # type: ignore[no-untyped-def]
    open_voila(page, f"{kit.url}voila/render/dream.ipynb{query}",
               f"button.lnb-dream-workshop{ON}", timeout=WAIT)
    wait_progressing(page, f"() => ({SHOWN})() > 0", "the live app is drawn")


#: :data:`PICK` and, in the same look, the app's redraws so far (:data:`SHOWN`).
PICK_SHOWN = f"(args) => {{ const p = ({PICK})(args); return p && [...p, ({SHOWN})()]; }}"


def press(page, selector: str, nth: int = 0, before: int | None = None) -> bool:  # type: ignore[no-untyped-def]
    """Click the ``nth`` enabled button of ``selector`` and wait for the kernel's redraw;
    False if there is none, or the click did not reach a redraw. ``before``: the redraws
    the page had when the button was found (read now if not given)."""
    found = page.locator(f"button.{selector}{ON}")
    if before is None:
        if found.count() <= nth:
            return False
        before = shown(page)
    found.nth(nth).click()
    return redrawn(page, before, CLICK_WAIT)


def next_decision(page) -> tuple[str, int, int]:  # type: ignore[no-untyped-def]
    """Wait until the page offers a decision: :data:`PICK`'s class and index, and the
    redraws the page had then (``["score", 0, n]`` once the final scoring shows)."""
    cls, nth, before = page.wait_for_function(PICK_SHOWN, arg=[list(BOARD), ON],
                                              timeout=WAIT).json_value()
    return str(cls), int(nth), int(before)


def decide(page, cls: str, nth: int, before: int) -> bool:  # type: ignore[no-untyped-def]
    """Take the decision :func:`next_decision` found (a Store die: then a cell of the Mill);
    False when a click did not reach a redraw (lost while the kernel redrew the button)."""
    if cls == "score":
        return True
    if cls == "lnb-dream-store":
        return press(page, cls, 0, before) and press(page, "lnb-dream-mill")
    return press(page, cls, nth, before)


def one_decision(page) -> bool:  # type: ignore[no-untyped-def]
    """One decision by clicks (:data:`PICK`, found in the same look as the redraws so far);
    False when the click did not reach a redraw (lost while the kernel redrew the button)."""
    return decide(page, *next_decision(page))


#: Two animation frames: the page has laid itself out after a resize or a scroll.
FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def snap_sizes(page, name: str, top: str = ".lnb-title") -> None:  # type: ignore[no-untyped-def]
    """Screenshots at both sizes: the screen a pupil sees (from ``top`` down), and the whole
    app at that width."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate(FRAMES)
        page.locator(top).first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.evaluate(FRAMES)
        snap(page, f"{name}-{width}x{height}")
        target = ARTIFACTS / _test_dir_name() / f"{name}-{width}-whole.png"
        page.locator(".lnb-dream-app").screenshot(path=str(target))
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def key(page, name: str) -> None:  # type: ignore[no-untyped-def]
    before = shown(page)
    page.keyboard.press(name)
    assert redrawn(page, before), f"the key {name} changed nothing"


#: In one look, :func:`browser_harness.assert_no_traceback`'s question: does the page show
#: an error output, a traceback's words or a line starting "…Error: "?
SHOWS_AN_ERROR = """([selectors, needles]) => {
  if (selectors.some(s => document.querySelector(s) !== null)) { return true; }
  const text = document.body.innerText;
  return needles.some(n => text.includes(n)) || /^\\w*Error: /m.test(text);
}"""


def test_a_few_turns_by_clicks_and_keys_then_axe_and_screenshots(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit)
    expect(page.locator(".lnb-dream-turn")).to_contain_text("Playing now: You")
    # keys: 2 takes the die of Workshop space 2; P passes until the next turn
    page.locator(".lnb-title").click()  # the focus on the page, not in a text box
    key(page, "2")
    expect(page.locator(".lnb-dream-log")).to_contain_text("You took the")
    for _ in range(6):
        if "take a die from the Workshop" in page.locator(".lnb-dream-prompt").inner_text():
            break
        if page.locator(f"button.lnb-dream-choice{ON}", has_text="pass").count():
            key(page, "p")
        else:
            one_decision(page)  # a card to discard: Tab and Enter, or a click
    expect(page.locator(".lnb-dream-log")).to_contain_text("Computer")
    # a disabled cell says why; Q chooses the die of Store slot 1, then B and 2 place it
    cell = page.locator("button.lnb-dream-mill").nth(4)
    assert "Store" in (cell.get_attribute("title") or "")
    key(page, "q")
    expect(page.locator("button.lnb-dream-store.lnb-selected")).to_have_count(1)
    page.keyboard.press("b")
    key(page, "2")
    expect(page.locator("button.lnb-dream-mill").nth(4)).to_contain_text("B2 ")
    # the rest of the turn and a few more decisions by clicks; Tab and Enter press a button
    for _ in range(8):
        one_decision(page)
    # the next decision's button (a die, a choice, a Mill cell... by the edition's rules)
    cls, nth = page.wait_for_function(PICK, arg=[list(BOARD), ON], timeout=WAIT).json_value()
    assert cls != "score", "the game ended within a few turns"
    button = page.locator(f"button.{cls}{ON}").nth(nth)
    button.focus()
    before = shown(page)
    page.keyboard.press("Enter")
    assert redrawn(page, before), "Enter on a focused button changed nothing"
    assert_no_traceback(page)
    assert serious_violations(page) == []
    unnamed = page.evaluate("""() => [...document.querySelectorAll('.lnb-dream-app button')]
        .filter(b => b.offsetParent && !(b.textContent.trim() || b.getAttribute('aria-label')
                                         || b.title)).length""")
    assert unnamed == 0
    snap_sizes(page, "dream-playing")


def test_a_solo_game_is_played_to_the_final_scoring(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit, "?seed=4")
    score = page.locator(".lnb-dream-score")
    stuck = 0
    for _ in range(600):
        found = next_decision(page)
        if found[0] == "score":
            break
        stuck = 0 if decide(page, *found) else stuck + 1
        assert stuck < 8, "the page stopped answering clicks:\n" + text_of(page)[:2000]
        if page.evaluate(SHOWS_AN_ERROR, [list(TRACEBACK_SELECTORS), list(TRACEBACK_TEXTS)]):
            assert_no_traceback(page)  # fails, saying what the page shows
    expect(score.locator("caption")).to_have_text("Final scoring", timeout=WAIT)
    expect(score.locator("tr[data-key='total'] th")).to_have_text("Total")
    # "Winner: …" or "… share the win", whoever won (the verdict's words: lnb.dream.final_table)
    expect(score.locator(".lnb-dream-verdict")).to_contain_text(re.compile(r"\bwin", re.I))
    assert "Sorry" not in text_of(page)
    assert serious_violations(page) == []
    snap_sizes(page, "dream-end", top=".lnb-dream-turn")
