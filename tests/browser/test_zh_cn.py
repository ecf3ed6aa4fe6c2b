"""Lovelace & Babbage's apps in 简体中文 in a real browser (issue 14): ``play.ipynb?lang=zh-CN``
plays a Round by clicks and ``puzzles.ipynb?lang=zh-CN`` solves a shared puzzle by clicks.

Every stage is saved as a screenshot at 1280×800 and 768×1024 in
``test-artifacts/<test name>/``; at each size no button, card or heading of the app is wider
or taller than its box (Chinese words wrap inside their buttons), and the language switch
shows 简体中文 chosen.
"""

from __future__ import annotations

import pytest
from browser_harness import (
    VoilaServer,
    assert_no_traceback,
    open_voila,
    resize,
    resolve_the_round,
    snap,
)
from page_kit import shared_kit
from playwright.sync_api import expect

from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

WAIT = 60_000
SIZES = {"1280x800": {"width": 1280, "height": 800}, "768x1024": {"width": 768, "height": 1024}}
# Start 55, reach 73 within 3 rows using only A1 (±1), A4 (×÷2), B4 (Swap): A4/ B4s A1+.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))

#: Boxes whose text must fit: every visible button, card and heading of the app.
OVERFLOWING = """() => [...document.querySelectorAll(
    '.lnb-app button, .lnb-app .lnb-patron, .lnb-app .lnb-sub-card, .lnb-app .lnb-target-card,'
    + ' .lnb-app .lnb-phase, .lnb-app .widget-label, .lnb-app .widget-toggle-button')]
  .filter(e => e.offsetParent !== null && e.getClientRects().length)
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
  .map(e => `${e.className}: ${e.innerText.trim()} (${e.scrollWidth}x${e.scrollHeight} in `
            + `${e.clientWidth}x${e.clientHeight})`)"""
#: Words of 3+ ASCII letters on the app's buttons (Operation codes have one letter).
ENGLISH_ON_BUTTONS = """() => [...document.querySelectorAll('.lnb-app button')]
  .filter(e => e.offsetParent !== null).map(e => e.innerText.trim())
  .filter(t => /[A-Za-z]{3,}/.test(t.replace(/English/g, '')))"""


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The session's kit server on ``lessons/`` (:func:`page_kit.shared_kit`)."""
    return shared_kit(request)


@pytest.fixture
def page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=kit.url, viewport=SIZES["1280x800"],
                                  locale="en-US")  # the address's ?lang= wins
    new_page = context.new_page()
    yield new_page
    context.close()


def snap_sizes(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """A screenshot at each size (ending at 1280×800); nothing overflows its box at either."""
    for size, viewport in [*SIZES.items()][::-1]:
        resize(page, viewport["width"], viewport["height"])
        snap(page, f"{name}-{size}")
        assert page.evaluate(OVERFLOWING) == [], (name, size)
    assert page.evaluate(ENGLISH_ON_BUTTONS) == [], name


def test_a_round_of_the_game_in_chinese(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, "voila/render/play.ipynb?lang=zh-CN", ".lnb-start-game", timeout=WAIT)
    start = page.locator(".lnb-start-game")
    expect(start).to_have_text("开始游戏", timeout=WAIT)
    expect(page.locator(".lnb-language .mod-active")).to_have_text("简体中文", timeout=WAIT)
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    snap_sizes(page, "1-setup")
    start.click()

    page.locator(".lnb-target").first.wait_for(timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("选出一张子程序", timeout=WAIT)
    snap_sizes(page, "2-target")
    page.locator(".lnb-target").first.click()

    page.locator(".lnb-builder").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-patron")).to_have_count(5, timeout=WAIT)
    page.locator(".lnb-op-A3-add").click()
    page.locator(".lnb-rows", has_text="55 + 5 = 60").wait_for(timeout=WAIT)
    page.locator(".lnb-op-A4-divide").click()
    page.locator(".lnb-rows", has_text="60 ÷ 2 = 30").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-builder-header")).to_contain_text("2 / 5 行", timeout=WAIT)
    expect(page.locator(".lnb-done")).to_have_text("我写完了", timeout=WAIT)
    snap_sizes(page, "3-program")
    page.locator(".lnb-done").click()

    page.locator(".lnb-resolution").wait_for(timeout=WAIT)
    resolve_the_round(page, "本回合结算完毕", WAIT)
    page.locator(".lnb-next-round").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("第 1 回合（共 4 回合）结算完毕",
                                                      timeout=WAIT)
    expect(page.locator(".lnb-score-table")).to_contain_text("总分", timeout=WAIT)
    expect(page.locator(".lnb-next-round")).to_have_text("下一回合", timeout=WAIT)
    snap_sizes(page, "4-round-over")

    # the switch: English and back, the Round and its scores kept
    page.locator(".lnb-language button", has_text="English").click()
    expect(page.locator(".lnb-next-round")).to_have_text("Next Round", timeout=WAIT)
    expect(page.locator(".lnb-phase")).to_contain_text("Round 1 of 4 resolved", timeout=WAIT)
    page.locator(".lnb-language button", has_text="简体中文").click()
    expect(page.locator(".lnb-next-round")).to_have_text("下一回合", timeout=WAIT)
    page.locator(".lnb-next-round").click()
    expect(page.locator(".lnb-phase")).to_contain_text("第 2 回合", timeout=WAIT)
    assert_no_traceback(page)


def test_a_puzzle_solved_in_chinese(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, f"voila/render/puzzles.ipynb?lang=zh-CN&code={SHARED.code}",
               ".lnb-puzzle-heading", timeout=WAIT)
    page.locator(".lnb-puzzle-heading", has_text=SHARED.code).wait_for(timeout=WAIT)
    expect(page.locator(".lnb-new")).to_have_text("新谜题", timeout=WAIT)
    expect(page.locator(".lnb-done")).to_have_text("检查我的答案", timeout=WAIT)
    snap_sizes(page, "1-puzzle")
    for css, row in (("A4-divide", "55 ÷ 2 = 27"), ("B4-swap", "27 ⇄ 72"),
                     ("A1-add", "72 + 1 = 73")):
        page.locator(f"button.lnb-op-{css}").click()
        page.locator(".lnb-rows", has_text=row).wait_for(timeout=WAIT)
    page.locator(".lnb-targets .lnb-hit", has_text="73").wait_for(timeout=WAIT)
    page.locator("button.lnb-done").click()
    status = page.locator(".lnb-puzzle-app > .lnb-status .lnb-status-text")
    status.filter(has_text="解出").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-progress")).to_contain_text("已解出", timeout=WAIT)
    page.locator(".lnb-hint").click()
    page.locator(".lnb-hints", has_text="提示 1 / 3").wait_for(timeout=WAIT)
    snap_sizes(page, "2-solved")
    assert_no_traceback(page)
