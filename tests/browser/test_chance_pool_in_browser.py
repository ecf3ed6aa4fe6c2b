"""The chance lesson's pooled rolls in real browsers on the served kit: Ali and Bea of class 7B
(each browser holding their class session) open the lesson; Ali rolls 100 dice, Bea's page
reads the class's 100 and her 10 make 110 (Ali's page too once he counts again), with no
pupil's name in the pool; the exact chance
shows beside the frequencies only once Bea has answered the three questions about a 6. A
browser that joined no class rolls on the Chinese twin and counts its own rolls only.
Screenshots of the pool at 1280x800 and 768x1024 in both languages go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import assert_no_traceback, open_voila, snap_sizes
from class_room_kit import ServedClass, pupil_page, served_class
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT = 60_000
LESSON = "museum-chance-three-ways.ipynb"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedClass]:
    home: Path = tmp_path_factory.mktemp("chance-pool-home")
    with served_class(home, ["Ali", "Bea"]) as served:
        yield served


def whose(page):  # type: ignore[no-untyped-def]
    return page.locator(".lnb-roll-pool .lnb-pool-whose")


def answer(exercise, text: str) -> None:  # type: ignore[no-untyped-def]
    box = exercise.locator(".lnb-answer input")
    box.fill(text)
    box.press("Enter")
    expect(exercise.locator(":scope > .lnb-status-ok")).to_have_count(1, timeout=WAIT)


def test_a_class_pools_its_rolls_and_a_browser_alone_keeps_its_own(browser,  # type: ignore[no-untyped-def]
                                                                    kit: ServedClass) -> None:
    ali_context, ali = pupil_page(browser, kit.server, kit.tokens["Ali"])
    bea_context, bea = pupil_page(browser, kit.server, kit.tokens["Bea"])
    alone_context, alone = pupil_page(browser, kit.server, None, locale="zh-CN")
    try:
        open_voila(ali, f"voila/render/{LESSON}", selector=".lnb-roll-pool", timeout=WAIT)
        expect(whose(ali)).to_contain_text("Your class's rolls", timeout=WAIT)
        ali.locator(".lnb-roll-100").click()
        expect(whose(ali)).to_contain_text("100 rolls so far", timeout=WAIT)

        open_voila(bea, f"voila/render/{LESSON}", selector=".lnb-roll-pool", timeout=WAIT)
        expect(whose(bea)).to_contain_text("100 rolls so far", timeout=WAIT)
        bea.locator(".lnb-roll-10").click()
        expect(whose(bea)).to_contain_text("110 rolls so far", timeout=WAIT)
        pool = bea.locator(".lnb-roll-pool")
        assert "Ali" not in pool.inner_text()
        ali.locator(".lnb-pool-again").click()  # Ali counts again: Bea's 10 are in
        expect(whose(ali)).to_contain_text("110 rolls so far", timeout=WAIT)
        expect(pool.locator(".lnb-exact")).to_have_count(0)
        exercises = bea.locator(".lnb-exercise")
        for n, text in ((0, "1/6"), (2, "0.17"), (3, "16.7%")):
            answer(exercises.nth(n), text)
        expect(pool.locator(".lnb-exact")).to_have_count(6, timeout=WAIT)
        assert_no_traceback(bea)
        pool.scroll_into_view_if_needed()
        snap_sizes(bea, "chance-pool-class")

        open_voila(alone, f"voila/render/zh-CN/{LESSON}?lang=zh-CN", selector=".lnb-roll-pool",
                   timeout=WAIT)
        expect(whose(alone)).to_contain_text("你自己掷的结果", timeout=WAIT)
        alone.locator(".lnb-roll-10").click()
        expect(whose(alone)).to_contain_text("一共 10 次", timeout=WAIT)
        assert_no_traceback(alone)
        alone.locator(".lnb-roll-pool").scroll_into_view_if_needed()
        snap_sizes(alone, "chance-pool-own-zh")
    finally:
        for context in (ali_context, bea_context, alone_context):
            context.close()
