"""Pause and predict on the projector in a real browser: a Lovelace & Babbage record
uploaded, the first moment's question shown big, space reveals the Engine's Result, → goes on
to the next moment; a broken upload is refused in a sentence and the replay stays; the page
in Chinese. Screenshots at 1280×800 and 768×1024 in both languages go to ``test-artifacts/``."""

from __future__ import annotations

import json

import pytest
from browser_harness import assert_no_traceback, snap_sizes
from page_kit import WAIT, shared_kit, wait_page_ready
from playwright.sync_api import expect

from lnb.core.predict import predictions

pytestmark = pytest.mark.browser


def record() -> dict:
    from lnb.babbage.game import Game
    from lnb.babbage.records import write
    from lnb.babbage.simulate import play_game
    from lnb.core.game import get

    game = get("babbage")
    state = play_game({"Ada": game.make_bot("greedy", 1), "Bea": game.make_bot("greedy", 2)},
                      Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2))
    return write(state)


def test_a_record_is_replayed_moment_by_moment(browser, request) -> None:  # type: ignore[no-untyped-def]
    kit = shared_kit(request)
    data = record()
    moments = predictions(data).moments
    context = browser.new_context(base_url=kit.url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        for lang in ("en", "zh-CN"):
            page.goto(f"/voila/render/replay-predict.ipynb?lang={lang}", wait_until="load",
                      timeout=WAIT)
            wait_page_ready(page, lang)
            chooser = page.locator(".lnb-predict-load input[type=file]")
            chooser.set_input_files({"name": "game.json", "mimeType": "application/json",
                                     "buffer": json.dumps(data).encode()})
            count = page.locator(".lnb-predict-count")
            answer = page.locator(".lnb-predict-answer")
            if lang == "en":
                expect(count).to_have_text(f"Moment 1 of {len(moments)}", timeout=WAIT)
                expect(page.locator(".lnb-predict-question")).to_contain_text(
                    "What Result does the Engine give?")
                expect(answer).to_have_text("")
                page.locator("h2").click()  # the keys work anywhere on the page
                page.keyboard.press(" ")
                expect(answer).to_have_text(f"Result {moments[0].answer:02d}", timeout=WAIT)
                snap_sizes(page, "revealed-en")
                page.keyboard.press("ArrowRight")
                expect(count).to_have_text(f"Moment 2 of {len(moments)}", timeout=WAIT)
                expect(answer).to_have_text("")
                chooser.set_input_files({"name": "bad.json", "mimeType": "application/json",
                                         "buffer": b'{"format": "chess/1"}'})
                expect(page.locator(".lnb-status-text")).to_contain_text(
                    "cannot be replayed here", timeout=WAIT)
                expect(count).to_have_text(f"Moment 2 of {len(moments)}")
            else:
                expect(count).to_have_text(f"第 1 个时刻，共 {len(moments)} 个", timeout=WAIT)
                expect(page.locator(".lnb-predict-question")).to_contain_text("引擎给出的结果")
                page.locator(".lnb-predict-reveal").click()
                expect(answer).to_have_text(f"结果 {moments[0].answer:02d}", timeout=WAIT)
                snap_sizes(page, "revealed-zh")
            assert_no_traceback(page)
    finally:
        context.close()
