"""Pause and predict with the class's devices in a real browser (issue 32 item 3): the
teacher's projector (the dashboard's link: class 7B's token) uploads a Lovelace & Babbage
record and opens a predict room; Ali (English) and Bea (简体中文) open the room's page with
the code, each in a browser of their own holding their class session. Ali's "sixty" is
refused with the text kept, then both predict; the projector counts "2 of 2 answered";
space reveals: "1 was right", the spread, the answer; each pupil sees their own verdict;
→ moves every page on to moment 2 with the boxes emptied; the projector switched to Chinese.
One page load each; waits are for named states. Screenshots at 1280×800 and 768×1024 (the
projector in both languages, Ali, Bea in Chinese) go to ``test-artifacts/``.

The same in the kernel: tests/test_predict_room_page.py; the store on both engines:
tests/test_predict_rooms.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from browser_harness import VoilaServer, assert_no_traceback, open_voila, snap_sizes
from class_room_kit import pupil_page, served_class
from playwright.sync_api import expect

from classroom.identity import Classroom
from classroom.predict_rooms import PredictRooms
from lnb.core.predict import predictions

pytestmark = pytest.mark.browser

WAIT = 60_000
PAGE = "voila/render/predict-room.ipynb"


def record() -> dict:
    from lnb.babbage.game import Game
    from lnb.babbage.records import write
    from lnb.babbage.simulate import play_game
    from lnb.core.game import get

    game = get("babbage")
    state = play_game({"Ada": game.make_bot("greedy", 1), "Bea": game.make_bot("greedy", 2)},
                      Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2))
    return write(state)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[VoilaServer, str, dict[str, str], str]]:
    """The kit on a store holding class 7B (Ali, Bea, joined); the projector's address as
    the dashboard gives it (the class's token, never the teacher key)."""
    def token(store, made, sessions):  # type: ignore[no-untyped-def]
        found = PredictRooms(store).class_token(made.code, made.teacher_key,
                                                Classroom(store, failure_delay=0))
        return f"{PAGE}?" + urlencode({"view": "projector", "class": made.code,
                                       "token": found})

    with served_class(tmp_path_factory.mktemp("predict-room"), ("Ali", "Bea"), token) as made:
        yield made.server, made.where, made.tokens, made.prepared


def test_a_class_predicts_answers_and_sees_who_was_right(browser, served) -> None:  # type: ignore[no-untyped-def]
    server, _where, tokens, projector_address = served
    data = record()
    moments = predictions(data).moments
    right, wrong = str(moments[0].answer), str(moments[0].answer + 1)
    contexts = []
    try:
        board_context = browser.new_context(base_url=server.url,
                                            viewport={"width": 1280, "height": 800})
        contexts.append(board_context)
        board = board_context.new_page()
        open_voila(board, projector_address, ".lnb-predict-load", timeout=WAIT)
        board.locator(".lnb-predict-load input[type=file]").set_input_files(
            {"name": "game.json", "mimeType": "application/json",
             "buffer": json.dumps(data).encode()})
        board.locator(".lnb-predict-open-room").click(timeout=WAIT)
        code_shown = board.locator(".lnb-predict-room-code")
        expect(code_shown).to_have_text(re.compile(r"^[0-9A-Z]{4}$"), timeout=WAIT)
        code = code_shown.inner_text().strip()
        tally = board.locator(".lnb-predict-tally")
        expect(tally).to_have_text("0 of 0 answered", timeout=WAIT)

        pages = {}
        for name, lang in (("Ali", "en"), ("Bea", "zh-CN")):
            context, page = pupil_page(browser, server, tokens[name],
                                       "zh-CN" if lang == "zh-CN" else "en-US")
            contexts.append(context)
            open_voila(page, f"{PAGE}?room={code}&lang={lang}", ".lnb-predict-pupil",
                       timeout=WAIT)
            pages[name] = page
        ali, bea = pages["Ali"], pages["Bea"]
        expect(ali.locator(".lnb-predict-question")).to_contain_text(
            "What Result does the Engine give?", timeout=WAIT)
        expect(bea.locator(".lnb-predict-question")).to_contain_text("引擎给出的结果",
                                                                     timeout=WAIT)
        expect(tally).to_have_text("0 of 2 answered", timeout=WAIT)  # both pages counted

        box = ali.locator(".lnb-predict-answer-box input")
        box.fill("sixty")
        ali.locator(".lnb-predict-send").click()
        expect(ali.locator(".lnb-status-text")).to_contain_text(
            "'sixty' is not a whole number", timeout=WAIT)
        expect(box).to_have_value("sixty")  # what was typed is kept
        box.fill(right)
        ali.locator(".lnb-predict-send").click()
        expect(ali.locator(".lnb-predict-mine")).to_have_text(f"Your prediction: {right}",
                                                              timeout=WAIT)
        bea.locator(".lnb-predict-answer-box input").fill(wrong)
        bea.locator(".lnb-predict-send").click()
        expect(bea.locator(".lnb-predict-mine")).to_have_text(f"你的预测：{wrong}",
                                                              timeout=WAIT)
        expect(tally).to_have_text("2 of 2 answered", timeout=WAIT)
        expect(board.locator(".lnb-predict-answer")).to_have_text("")
        snap_sizes(ali, "1-ali-predicted")

        board.locator("h2").first.click()  # the keys work anywhere on the projector
        board.keyboard.press(" ")
        expect(tally).to_have_text("2 of 2 answered · 1 was right", timeout=WAIT)
        expect(board.locator(".lnb-predict-answer")).to_have_text(
            f"Result {moments[0].answer:02d}", timeout=WAIT)
        expect(board.locator(".lnb-predict-spread tr")).to_have_count(2)
        expect(ali.locator(".lnb-predict-verdict")).to_contain_text("You were right!",
                                                                    timeout=WAIT)
        expect(bea.locator(".lnb-predict-verdict")).to_contain_text("这次没有预测对",
                                                                    timeout=WAIT)
        expect(bea.locator(".lnb-predict-answer-box")).to_be_hidden()  # answers closed
        snap_sizes(board, "2-projector-revealed")
        snap_sizes(bea, "3-bea-revealed-zh")

        board.keyboard.press("ArrowRight")
        expect(board.locator(".lnb-predict-count")).to_have_text(
            f"Moment 2 of {len(moments)}", timeout=WAIT)
        expect(tally).to_have_text("0 of 2 answered", timeout=WAIT)
        expect(ali.locator(".lnb-predict-room-head")).to_contain_text("moment 2 of",
                                                                      timeout=WAIT)
        expect(box).to_have_value("", timeout=WAIT)
        expect(bea.locator(".lnb-predict-room-head")).to_contain_text("第 2 个时刻",
                                                                      timeout=WAIT)
        board.locator("button", has_text="简体中文").first.click()  # the projector in Chinese
        expect(tally).to_have_text("2 人中已有 0 人回答", timeout=WAIT)
        expect(board.locator(".lnb-predict-count")).to_have_text(
            f"第 2 个时刻，共 {len(moments)} 个", timeout=WAIT)
        snap_sizes(board, "4-projector-zh")
        for page in (board, ali, bea):
            assert_no_traceback(page)
    finally:
        for context in contexts:
            context.close()
