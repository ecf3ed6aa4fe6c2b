"""The museum's review in a real browser (issue 32, Done means): a game loaded one choice from
its end is finished on the page, *Review my game* lists the choices that cost most, the page
is switched to Chinese, and *Try it again* on a moment opens the game at that very position
(the dice in hand, the Reserve and Used, the shapes drawn and the score of the record's first
actions): *Save* then gives a new game whose actions are the saved game's up to that moment.
One page load; checked at 1280×800 and 768×1024, screenshots in both languages.

The pupil's game is the greedy player's (seed 1), played in the test's own process; the last
choice (a die written on the cocktail) is pressed on the page.
"""

from __future__ import annotations

import base64
import json
import re

import pytest
from browser_harness import SIZES, VoilaServer, assert_no_traceback, open_voila, resize, snap
from class_page_kit import shared_class_kit
from playwright.sync_api import expect

from lnb.museum import Game
from lnb.museum.bots import make_bot
from lnb.museum.records import write
from lnb.museum.state import State

pytestmark = pytest.mark.browser

WAIT = 60_000
APP_PAGE = "museum.ipynb"
SEED = 1
TRY = re.compile(r"lnb-review-try-(\d+)")


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, the museum's page preheated
    (:func:`class_page_kit.shared_class_kit`: one for every file of the page)."""
    return shared_class_kit(request, 'museum.ipynb')[0]


def greedy_game() -> tuple[State, State]:
    """The greedy player's game of :data:`SEED`: the position before its last choice, and
    the finished game."""
    state = Game(seed=SEED).new_initial_state()
    bot = make_bot("greedy", seed=0)
    before = state.clone()
    while not state.is_terminal():
        before = state.clone()
        state.apply_action(bot.choose_action(state))
    return before, state


def dice_pattern(state: State) -> re.Pattern[str]:
    """The dice line of ``state``: (Reserve) ... (hand) ... (Used)."""
    hand = re.escape(", ".join(map(str, state.hand)) or "-")
    return re.compile(rf"\({state.reserve}\)[^(]*\({hand}\)[^(]*\({state.used}\)")


def load(page, state: State) -> None:  # type: ignore[no-untyped-def]
    """Load ``state``'s record through the page's *Load a game*."""
    page.locator(".lnb-load input[type=file]").set_input_files(
        {"name": "game.json", "mimeType": "application/json",
         "buffer": json.dumps(write(state)).encode()})


def saved(page) -> dict:  # type: ignore[no-untyped-def]
    """*Save*, then the record the download link holds."""
    link = page.locator(".lnb-download a")
    page.locator("button.lnb-save").click()
    expect(link).to_have_count(1, timeout=WAIT)
    data = (link.get_attribute("href") or "").split("base64,", 1)[1]
    return json.loads(base64.b64decode(data))


def review_fits(page, width: int) -> None:  # type: ignore[no-untyped-def]
    """The review's moments and their buttons lie inside a ``width`` wide page."""
    right = page.locator(".lnb-review").evaluate(
        "box => Math.max(...[box, ...box.querySelectorAll('button, .widget-html')]"
        ".map(e => e.getBoundingClientRect().right))")
    assert right <= width, (width, right)


def test_a_finished_game_is_reviewed_and_a_moment_tried_again(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    before, finished = greedy_game()
    last = finished.history[-1]
    resize(page, 1280, 800)
    open_voila(page, f"{kit.url}voila/render/{APP_PAGE}?seed=2", selector=".lnb-map-svg rect",
               timeout=WAIT)
    status = page.locator(".lnb-status-text")
    load(page, before)
    expect(status).to_contain_text(f"Game loaded: seed {SEED}", timeout=WAIT)
    review = page.locator(".lnb-review")
    expect(review).to_be_hidden()  # not over yet
    text = str(last).replace(" on ", " ").replace(" ", "-")
    page.locator(f"button.lnb-{text}").click()  # the last choice, on the page
    expect(page.locator(".lnb-verdict")).to_be_visible(timeout=WAIT)
    expect(page.locator(".lnb-score-line").first).to_have_text(
        f"Score: {finished.score().total}", timeout=WAIT)

    record = saved(page)  # the game the review reads, as a saved file holds it
    assert record["actions"] == [str(a) for a in finished.history]

    page.locator("button.lnb-review-game").click()
    tries = page.locator(".lnb-review-moment button")
    expect(tries).to_have_count(3, timeout=WAIT)  # the three costliest choices
    expect(tries.first).to_have_text("Try it again")
    expect(page.locator(".lnb-review-moment").first).to_contain_text("you chose")
    for width, height in SIZES:
        resize(page, width, height)
        review.scroll_into_view_if_needed()
        review_fits(page, width)
        snap(page, f"museum-review-en-{width}x{height}")

    page.locator(".lnb-language button", has_text="简体中文").click()
    expect(page.locator(".lnb-review-heading")).to_have_text("复盘：让你丢分最多的选择",
                                                             timeout=WAIT)
    expect(tries.first).to_have_text("再试一次")
    expect(page.locator(".lnb-review-moment").first).to_contain_text("你选择了")
    for width, height in reversed(SIZES):
        resize(page, width, height)
        review.scroll_into_view_if_needed()
        review_fits(page, width)
        snap(page, f"museum-review-zh-CN-{width}x{height}")

    chosen = tries.last  # the latest of the three moments
    index = int(TRY.search(chosen.get_attribute("class") or "").group(1))  # type: ignore[union-attr]
    branch = Game(seed=SEED).new_initial_state()
    for action in finished.history[:index]:
        branch.apply_action(action)
    chosen.click()
    expect(status).to_contain_text(f"从第 {branch.turn} 轮再试一次", timeout=WAIT)
    expect(page.locator(".lnb-dice")).to_contain_text(dice_pattern(branch), timeout=WAIT)
    expect(page.locator(".lnb-map-piece")).to_have_count(len(branch.placed), timeout=WAIT)
    expect(page.locator(".lnb-score-line").first).to_contain_text(
        str(branch.score().total), timeout=WAIT)
    expect(review).to_be_hidden()
    expect(page.locator(".lnb-verdict")).to_be_hidden()
    snap(page, "museum-review-tried-1280x800")
    tried = saved(page)  # a new game: the saved game's beginning, up to the moment
    assert tried["actions"] == record["actions"][:index] and tried["seed"] == SEED
    page.locator(".lnb-language button", has_text="English").click()
    expect(status).to_contain_text("Trying again from turn", timeout=WAIT)
    assert_no_traceback(page)
