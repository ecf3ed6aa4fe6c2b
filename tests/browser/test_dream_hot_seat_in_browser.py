"""Ada's Dream as a class plays it at one device (issue 31, item 4), in a real browser under the
kit's Voila, one page load.

The setup of a new game: hot-seat, three seats, Mei and Tom typed, the third seat a computer
(its default name "Computer 1"). The people's first moves by keys (a Workshop die by its number,
a choice by its number, P to pass); the language switched to 简体中文 mid-game: Mei and Tom
kept, the computer named "电脑 1", the game the same. Then the same table near its end (a
record of Mei, Tom and 电脑 1 played on by the library's bots, loaded with *Load a game*) is
played to the end by keys and clicks; the final scoring is a table checked cell by cell against
:func:`lnb.dream.final_table.final_table` of the game the page saves, in Chinese, then in
English (the computer "Computer 1" again). Every button of the app is at least the kit's touch
size (44 px tall). Screenshots at 1280×800 and 768×1024 in both languages go to
``test-artifacts/``. About 40 s.
"""

from __future__ import annotations

import base64
import json

import pytest
from browser_harness import (
    SIZES,
    TRACEBACK_SELECTORS,
    TRACEBACK_TEXTS,
    VoilaServer,
    assert_no_traceback,
    settle_layout,
    snap,
)
from class_page_kit import shared_class_kit
from playwright.sync_api import expect
from test_dream import (
    BOARD,
    ON,
    PICK,
    SHOWS_AN_ERROR,
    WAIT,
    one_decision,
    open_app,
    redrawn,
    shown,
)

from lnb.core.i18n import use_language
from lnb.dream.bots import make_bot
from lnb.dream.final_table import final_table
from lnb.dream.records import replay, write
from lnb.dream.state import Game

pytestmark = pytest.mark.browser

#: The kit's touch size: every button of a game is at least this tall
#: (``widgets/core/style.py``: "a game's taps stay 44 px tall"); on a tablet the play view's
#: buttons at least 36 px, so that the decision and the Mill stay on one screen.
TOUCH, TABLET_PLAY = 44, 36
#: The heights of the app's shown buttons under their least size, with their words.
SMALL = """([least, play]) => [...document.querySelectorAll('.lnb-dream-app button')]
  .filter(b => b.offsetParent !== null)
  .map(b => [Math.round(b.getBoundingClientRect().height), b.innerText.slice(0, 30),
             b.closest('.lnb-dream-main') !== null])
  .filter(([h, _words, inPlay]) => h < (inPlay ? play : least))"""
#: The numbers of the drawn final table, by row key and player.
CELLS = """() => Object.fromEntries([...document.querySelectorAll(
  '.lnb-dream-final tbody tr')].flatMap(tr => [...tr.querySelectorAll('td')].map(
  td => [tr.dataset.key + '|' + td.dataset.player, Number(td.innerText)])))"""


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, the Dream's page preheated
    (:func:`class_page_kit.shared_class_kit`: one for every file of the page)."""
    return shared_class_kit(request, 'dream.ipynb')[0]


def pressed(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Press the key ``name`` and wait for the kernel's redraw."""
    before = shown(page)
    page.keyboard.press(name)
    assert redrawn(page, before), f"the key {name} changed nothing"


def by_keys(page) -> None:  # type: ignore[no-untyped-def]
    """One decision of a person, by keys where the app has one (a Workshop die by its
    number, a Store die by Q then its Mill cell, a numbered choice by its number), else a
    click (a card, a place, a track)."""
    cls, nth = page.wait_for_function(PICK, arg=[list(BOARD), ON], timeout=WAIT).json_value()
    page.locator(".lnb-title").click()  # the keys go to the page, not to a text box
    if cls == "lnb-dream-workshop":
        index = page.locator("button.lnb-dream-workshop").evaluate_all(
            "(bs, on) => bs.findIndex(b => b.matches('button' + on))", ON)
        pressed(page, str(index + 1))
    elif cls == "lnb-dream-choice" and nth < 9:
        pressed(page, str(nth + 1))
    elif cls == "lnb-dream-store":
        slot = page.locator("button.lnb-dream-store").evaluate_all(
            "(bs, on) => bs.findIndex(b => b.matches('button' + on))", ON)
        pressed(page, "qwe"[slot])
        cell = page.locator(f"button.lnb-dream-mill{ON}").first.inner_text().split()[0]
        page.keyboard.press(cell[0].lower())
        pressed(page, cell[1])
    elif cls != "score":
        one_decision(page)


def near_the_end(names: list[str], seed: int, people_left: int) -> str:
    """The record of a game of ``names`` (the last a greedy computer) played by the library's
    greedy bots until the people have ``people_left`` decisions left."""
    state = Game(names, seed=seed).new_initial_state()
    bots = {name: make_bot("greedy", i) for i, name in enumerate(names)}
    while not state.is_terminal():
        name = state.current_player
        state.apply_action(bots[name].choose_action(state, name))
    people = [i for i, a in enumerate(state.history) if a.player != names[-1]]
    cut = people[-people_left]
    short = Game(names, seed=seed).new_initial_state()
    for action in state.history[:cut]:
        short.apply_action(action)
    return json.dumps(write(short, {names[-1]: "greedy"}), ensure_ascii=False)


def saved_table(page):  # type: ignore[no-untyped-def]
    """The library's final table of the game the page saves (*Save the game*)."""
    link = page.locator("a.lnb-download-link")
    old = link.get_attribute("href") if link.count() else ""
    page.locator("button.lnb-save").click()
    page.wait_for_function("old => { const a = document.querySelector('a.lnb-download-link');"
                           " return a !== null && a.getAttribute('href') !== old; }", arg=old,
                           timeout=WAIT)
    data = link.get_attribute("href").split("base64,", 1)[1]
    return final_table(replay(json.loads(base64.b64decode(data))).state)


def check_table(page, language: str) -> None:  # type: ignore[no-untyped-def]
    """The drawn final table is the library's, cell by cell, its words in ``language``."""
    table = saved_table(page)
    assert table.final
    drawn = page.evaluate(CELLS)
    assert drawn == {f"{row.key}|{name}": value for row in table.all_rows()
                     for name, value in zip(table.players, row.cells, strict=True)}
    with use_language(language):
        titles = [str(row.title) for row in table.all_rows()]
        verdict = str(table.verdict)
    expect(page.locator(".lnb-dream-final tbody th")).to_have_text(titles)
    expect(page.locator(".lnb-dream-verdict")).to_have_text(verdict)
    for name in table.winners:
        expect(page.locator(f".lnb-dream-final th.lnb-winner[data-player='{name}']")
               ).to_have_text(f"★ {name}")


def snap_both(page, name: str, top: str) -> None:  # type: ignore[no-untyped-def]
    """Screenshots at both sizes, ``top`` at the top of the screen; no button of the app is
    under the kit's touch size at either."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        page.locator(top).first.evaluate("el => el.scrollIntoView({block: 'start'})")
        settle_layout(page)
        play = TOUCH if width > 1100 else TABLET_PLAY
        assert page.evaluate(SMALL, [TOUCH, play]) == [], f"buttons too small at {width}"
        snap(page, f"{name}-{width}x{height}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def switch(page, words: str) -> None:  # type: ignore[no-untyped-def]
    before = shown(page)
    page.locator(".lnb-language-buttons button", has_text=words).click()
    assert redrawn(page, before), f"the switch to {words} changed nothing"


def test_two_people_and_a_computer_to_the_final_table(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    open_app(page, kit, "?lang=en")
    # the setup: hot-seat, three seats, two names typed, the third seat a computer
    page.locator("button.lnb-dream-new").click()
    setup = page.locator(".lnb-dream-setup")
    setup.locator(".lnb-dream-mode button", has_text="Hot-seat").click()
    setup.locator("select").first.select_option(label="3")
    page.locator(".lnb-dream-seat-name-1 input").fill("Mei")
    page.locator(".lnb-dream-seat-name-2 input").fill("Tom")
    page.locator(".lnb-dream-seat-kind-3 select").select_option(index=1)  # greedy
    expect(page.locator(".lnb-dream-seat-name-3 input")).to_have_attribute(
        "placeholder", "Computer 1")
    snap_both(page, "dream-hot-seat-setup-en", ".lnb-dream-setup")
    before = shown(page)
    page.locator("button.lnb-dream-start").click()
    assert redrawn(page, before)
    turn = page.locator(".lnb-dream-turn")
    expect(turn).to_contain_text("Playing now: Mei (a person, seat 1 of 3)")
    # the people's first moves by keys, until Tom has played and the computer too
    log = page.locator(".lnb-dream-log")
    for _ in range(40):
        if "Computer 1" in page.evaluate(
                "() => document.querySelector('.lnb-dream-log').textContent"):
            break
        by_keys(page)
    expect(log).to_contain_text("Tom")
    expect(log).to_contain_text("Computer 1")
    # 简体中文 mid-game: the typed names kept, the computer's default name in Chinese
    switch(page, "简体中文")
    expect(page.locator(".lnb-dream-turn")).to_contain_text("Mei")
    text = page.locator(".lnb-dream-app").text_content()
    assert "电脑 1" in text and "Computer 1" not in text and "Tom" in text
    snap_both(page, "dream-hot-seat-playing-zh", ".lnb-title")
    # the setup keeps what was typed and chosen, its default name in Chinese
    page.locator("button.lnb-dream-new").click()
    expect(page.locator(".lnb-dream-seat-name-3 input")).to_have_attribute("placeholder", "电脑 1")
    assert page.locator(".lnb-dream-seat-name-1 input").input_value() == "Mei"
    assert page.locator(".lnb-dream-seat-name-2 input").input_value() == "Tom"
    expect(page.locator(".lnb-dream-seat-kind-3 select")).to_have_value("电脑：贪心（比较容易）")
    snap_both(page, "dream-hot-seat-setup-zh", ".lnb-dream-setup")
    page.locator("button.lnb-dream-new").click()
    expect(page.locator(".lnb-dream-setup")).to_be_hidden()
    # the same table near its end, loaded, played to the end by keys
    record = near_the_end(["Mei", "Tom", "电脑 1"], seed=5, people_left=6)
    before = shown(page)
    page.locator(".lnb-load input[type=file]").set_input_files(
        {"name": "near-the-end.json", "mimeType": "application/json",
         "buffer": record.encode("utf-8")})
    assert redrawn(page, before)
    score = page.locator(".lnb-dream-score")
    for _ in range(60):
        if score.is_visible():
            break
        by_keys(page)
        if page.evaluate(SHOWS_AN_ERROR, [list(TRACEBACK_SELECTORS), list(TRACEBACK_TEXTS)]):
            assert_no_traceback(page)  # fails, saying what the page shows
    expect(score.locator("caption")).to_have_text("终局计分", timeout=WAIT)
    check_table(page, "zh-CN")
    snap_both(page, "dream-hot-seat-final-zh", ".lnb-dream-turn")
    switch(page, "English")
    expect(score.locator("caption")).to_have_text("Final scoring")
    expect(score.locator("thead")).to_contain_text("Computer 1")
    check_table(page, "en")
    snap_both(page, "dream-hot-seat-final-en", ".lnb-dream-turn")
    assert_no_traceback(page)
