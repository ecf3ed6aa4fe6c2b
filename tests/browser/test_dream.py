"""Ada's Dream in a real browser: the app under the kit's Voila server. A few turns by clicks
and by keys (a Workshop die by its number, a Store die and a Mill cell by Q and B2, P to pass),
axe finds no serious violation, screenshots at 1280×800 and 768×1024 go to
``test-artifacts/``; then a solo game against a computer player is played to the final scoring
by clicks, with no traceback on the way.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import (
    ARTIFACTS,
    REPO,
    SIZES,
    VoilaServer,
    _test_dir_name,
    assert_no_traceback,
    open_dream,
    running_voila,
    serious_violations,
    snap,
    text_changed,
)
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
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/``."""
    with running_voila(REPO / "lessons", tmp_path_factory.mktemp("dream-home"),
                       pool_size=0) as server:
        yield server


def text_of(page) -> str:  # type: ignore[no-untyped-def]
    return page.locator(".lnb-dream-app").inner_text()


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app's text stays the same for a moment (the kernel's updates arrive
    one widget at a time; a button clicked meanwhile may be replaced under the click)."""
    text = text_of(page)
    for _ in range(120):
        page.wait_for_timeout(300)
        now = text_of(page)
        if now == text:
            return
        text = now


#: How long a click may take to change the page before the decision is looked for again (a
#: button redrawn by the kernel just as it was clicked loses the click: the pupil clicks
#: again, and so does the test).
CLICK_WAIT = 10_000


def changed(page, before: str, timeout: float = WAIT) -> bool:  # type: ignore[no-untyped-def]
    """Wait until the app's text is not ``before`` any more, then for it to settle (False if
    it stayed so)."""
    if not text_changed(page, ".lnb-dream-app", before, timeout):
        return False
    settle(page)
    return True


def open_app(page, kit: VoilaServer, query: str = "?seed=3") -> None:  # type: ignore[no-untyped-def]
    open_dream(page, f"{kit.url}voila/render/dream.ipynb{query}",
               f"button.lnb-dream-workshop{ON}", timeout=WAIT)
    settle(page)


def press(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    found = page.locator(f"button.{selector}{ON}")
    if not found.count():
        return False
    before = text_of(page)
    found.first.click()
    return changed(page, before, CLICK_WAIT)


def one_decision(page) -> bool:  # type: ignore[no-untyped-def]
    """One decision by clicks, in the order a pupil would look; False when the page did not
    change (nothing to press yet, or a click lost while the kernel redrew the button)."""
    if press(page, "lnb-dream-line"):
        return True
    choices = page.locator(f"button.lnb-dream-choice{ON}")
    others = [i for i in range(choices.count()) if not choices.nth(i).inner_text()
              .endswith("pass")]
    if others:
        before = text_of(page)
        choices.nth(others[0]).click()
        return changed(page, before, CLICK_WAIT)
    if any(press(page, cls) for cls in BOARD) or press(page, "lnb-dream-choice"):
        return True
    stores = page.locator(f"button.lnb-dream-store{ON}")
    workshop = page.locator(f"button.lnb-dream-workshop{ON}")
    if stores.count() and (not workshop.count() or stores.count() == 3):
        return press(page, "lnb-dream-store") and press(page, "lnb-dream-mill")
    if not press(page, "lnb-dream-workshop"):
        page.wait_for_timeout(500)  # the page is still catching up with the kernel
        return False
    return True


def snap_sizes(page, name: str, top: str = ".lnb-title") -> None:  # type: ignore[no-untyped-def]
    """Screenshots at both sizes: the screen a pupil sees (from ``top`` down), and the whole
    app at that width."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(500)
        page.locator(top).first.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        snap(page, f"{name}-{width}x{height}")
        target = ARTIFACTS / _test_dir_name() / f"{name}-{width}-whole.png"
        page.locator(".lnb-dream-app").screenshot(path=str(target))
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def key(page, name: str) -> None:  # type: ignore[no-untyped-def]
    before = text_of(page)
    page.keyboard.press(name)
    assert changed(page, before), f"the key {name} changed nothing"


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
    button = page.locator(f"button.lnb-dream-workshop{ON}, button.lnb-dream-choice{ON}").first
    button.focus()
    before = text_of(page)
    page.keyboard.press("Enter")
    assert changed(page, before), "Enter on a focused button changed nothing"
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
        if score.is_visible():
            break
        stuck = 0 if one_decision(page) else stuck + 1
        assert stuck < 8, "the page stopped answering clicks:\n" + text_of(page)[:2000]
        assert_no_traceback(page)
    expect(score).to_contain_text("Total: You", timeout=WAIT)
    expect(score).to_contain_text("Winner")
    assert "Sorry" not in text_of(page)
    assert serious_violations(page) == []
    snap_sizes(page, "dream-end", top=".lnb-dream-turn")
