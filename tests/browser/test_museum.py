"""Consulting Mathematician in a real browser: the app under the kit's Voila server, played to
the verdict through the page (buttons clicked or pressed with the keyboard, squares clicked,
R / F / arrows / Enter on the map), with the library's planner deciding what to do; axe finds
no serious violation on the app; screenshots at 1280×800 and 768×1024 go to
``test-artifacts/``. (The museum's lessons are checked, axe and screenshots too, on their one
load per language in ``test_pages.py``.)

The planner plays the same seed in the test's own process, so the test knows what the page
must show after each action (the dice in hand, the score, the shapes drawn) and waits for it.
"""

from __future__ import annotations

import datetime
import json
import re
from pathlib import Path

import pytest
from browser_harness import (
    SIZES,
    VoilaServer,
    assert_no_traceback,
    open_voila,
    redraw_count,
    serious_violations,
    snap,
    snap_sizes,
    wait_redrawn,
)
from class_page_kit import shared_class_kit
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from lnb.museum import Game, Orientation, Place, Wild, verdict
from lnb.museum.bots import make_bot
from lnb.museum.records import write
from widgets.museum.map import orientation_words

pytestmark = pytest.mark.browser

WAIT = 60_000
SEED = 3
APP_PAGE = "museum.ipynb"
KEYS = {(0, 1): "ArrowRight", (0, -1): "ArrowLeft", (1, 0): "ArrowDown", (-1, 0): "ArrowUp"}


@pytest.fixture(scope="module")
def shared(request: pytest.FixtureRequest) -> tuple[VoilaServer, Path]:
    """The process's kit server on ``lessons/`` and its home: the museum's page has preheated
    kernels, the lessons run when opened (:func:`class_page_kit.shared_class_kit`: one for
    every file of the page); its progress file is ``home / "progress.sqlite3"``."""
    return shared_class_kit(request, APP_PAGE)


@pytest.fixture(scope="module")
def home(shared: tuple[VoilaServer, Path]) -> Path:
    return shared[1]


@pytest.fixture(scope="module")
def kit(shared: tuple[VoilaServer, Path]) -> VoilaServer:
    return shared[0]


#: The page has shown every cell: Voila's spinner is gone, and every widget output of the
#: notebook has drawn its widget.
RENDERED = """() => document.getElementById('loading') === null
  && document.querySelectorAll('.jp-OutputArea-output').length > 0
  && [...document.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]')]
    .every(output => output.querySelector('.jupyter-widgets') !== null)"""


def open_app(page, kit: VoilaServer, query: str = "") -> None:  # type: ignore[no-untyped-def]
    open_voila(page, f"{kit.url}voila/render/{APP_PAGE}{query}",
               selector=".lnb-map-svg rect", timeout=WAIT)
    page.locator(".lnb-choice").first.wait_for(timeout=WAIT)
    page.wait_for_function(RENDERED, timeout=WAIT)


def square_of(text: str) -> tuple[int, int]:
    found = re.search(r"\b([A-Z])(\d{1,2})\b", text)
    assert found, text
    return int(found.group(2)) - 1, ord(found.group(1)) - ord("A")


#: How many times the kernel has redrawn the app: its class ``lnb-shown-<n>``, set after every
#: other part's update of a redraw (``MuseumApp._count_redraw``).
SHOWN = redraw_count(".lnb-museum-app")


def shown(page) -> int:  # type: ignore[no-untyped-def]
    """The app's redraws so far, as the page has them."""
    return int(page.evaluate(SHOWN))


def redrawn(page, before: int, timeout: float = WAIT) -> bool:  # type: ignore[no-untyped-def]
    """Wait until the kernel's next redraw after ``before`` has reached the page (False if it
    did not within ``timeout`` ms)."""
    return wait_redrawn(page, SHOWN, before, timeout)


def press_button(page, cls: str, keyboard: bool) -> None:  # type: ignore[no-untyped-def]
    """Press a choice's button: a click, or the keyboard (focus it, then Enter); pressed again
    when the kernel has not redrawn the app 8 s later (it redrew the button between the focus
    and the Enter, and the Enter went to the old one), at most three times."""
    button = page.locator(f"button.{cls}:not([disabled])").first
    for _attempt in range(3):
        before = shown(page)
        if keyboard:
            button.focus()
            page.keyboard.press("Enter")
        else:
            button.click()
        if redrawn(page, before, 8_000):
            return
    raise AssertionError(f"pressing button.{cls} three times changed nothing on the page")


def place(page, action: Place | Wild, keyboard: bool) -> None:  # type: ignore[no-untyped-def]
    """Draw a shape: its button, then the square (a click, or the arrow keys from where the
    ghost starts), then F and R until it lies as the planner wants, then Enter."""
    kind = "wild" if isinstance(action, Wild) else "gift" if action.value > 6 else "shape"
    press_button(page, f"lnb-{kind}-{action.shape}", keyboard)
    target = (action.anchor.row, action.anchor.col)
    board = page.locator(".lnb-map")
    if keyboard:
        board.focus()
        page.mouse.move(1, 1)  # keyboard alone: no square under the mouse
        live = page.locator(".lnb-map-live")  # what a screen reader hears: where it is
        # the kernel has the shape and no square yet (the mouse's last square is gone)
        waiting = f"Shape {action.shape}, {orientation_words(Orientation())}: click or tap"
        expect(page.locator(".lnb-museum-reason")).to_contain_text(waiting, timeout=WAIT)
        page.keyboard.press("ArrowRight")  # the ghost appears (beside where it starts)
        expect(live).to_contain_text(re.compile(r" at [A-Z]\d{1,2}, "), timeout=WAIT)
        row, col = square_of(live.text_content().split(" at ", 1)[1])
        moves = [((1 if target[0] > row else -1), 0)] * abs(target[0] - row) + \
            [(0, (1 if target[1] > col else -1))] * abs(target[1] - col)
        for move in moves:
            page.keyboard.press(KEYS[move])
    else:
        page.locator(f".lnb-map-square[data-sq='{action.anchor}']").click()
        board.focus()
    if action.orientation.flipped:
        page.keyboard.press("f")
    for _ in range(action.orientation.turns):
        page.keyboard.press("r")
    # the page has taken every key when the line says where and how the shape lies
    fits = f"{action.anchor}, {orientation_words(action.orientation)}: it fits"
    expect(page.locator(".lnb-museum-reason")).to_contain_text(fits, timeout=WAIT)
    expect(page.locator(".lnb-ghost-ok")).to_have_count(1, timeout=WAIT)
    page.keyboard.press("Enter")


#: The page shows the game the planner plays in this process, in one look: the dice line's
#: reserve, hand and used dice (``dice``, a pattern; null once the game is over), as many
#: shapes drawn on the map (``pieces``) and the score line (``score``).
AGREES = """([dice, pieces, score]) => {
  const line = document.querySelector('.lnb-dice');
  const total = document.querySelector('.lnb-score-line');
  return (dice === null || (line !== null && new RegExp(dice).test(line.textContent)))
    && document.querySelectorAll('.lnb-map-piece').length === pieces
    && total !== null && total.textContent.replace(/\\s+/g, ' ').trim() === score;
}"""

#: What the page shows of :data:`AGREES`, for a failed check.
SHOWS = """() => [document.querySelector('.lnb-dice')?.textContent,
  document.querySelectorAll('.lnb-map-piece').length,
  document.querySelector('.lnb-score-line')?.textContent]"""


def shows_the_game(page, state) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page shows ``state``'s dice (while the game goes on), shapes drawn and
    score (:data:`AGREES`, one round trip); fail naming what it shows instead."""
    hand = re.escape(", ".join(map(str, state.hand)) or "-")
    dice = (None if state.is_terminal() else
            rf"\({state.reserve}\)[^(]*\({hand}\)[^(]*\({state.used}\)")
    score = f"Score: {state.score().total}"
    try:
        page.wait_for_function(AGREES, arg=[dice, len(state.placed), score], timeout=WAIT)
    except PlaywrightTimeoutError:
        raise AssertionError(f"expected dice {dice}, {len(state.placed)} shapes, {score}; "
                             f"the page shows {page.evaluate(SHOWS)}") from None


def test_a_whole_game_to_the_verdict_by_clicks_and_keys(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit, f"?seed={SEED}")
    state = Game(seed=SEED).new_initial_state()
    bot = make_bot("planner", seed=0)
    steps = 0
    checked_ghost = False
    shows_the_game(page, state)
    while not state.is_terminal():
        action = bot.choose_action(state)
        keyboard = steps % 3 == 1
        if isinstance(action, (Place, Wild)):
            if not checked_ghost and isinstance(action, Place) and action.value <= 6:
                # a red ghost says the library's reason, and Enter places nothing
                press_button(page, f"lnb-shape-{action.shape}", False)
                page.locator(".lnb-map-evidence rect").first.click()
                expect(page.locator(".lnb-ghost-bad")).to_have_count(1)
                expect(page.locator(".lnb-museum-reason")).to_contain_text("evidence")
                page.keyboard.press("Escape")
                expect(page.locator(".lnb-ghost-bad, .lnb-ghost-ok")).to_have_count(0)
                checked_ghost = True
            place(page, action, keyboard)
        else:
            text = str(action).replace(" on ", " ").replace(",", "-").replace(" ", "-")
            press_button(page, f"lnb-{text}", keyboard)
        state.apply_action(action)
        steps += 1
        shows_the_game(page, state)
        if steps == 4:
            assert_no_traceback(page)
            assert serious_violations(page) == []
            snap_sizes(page, "museum-playing")
            page.set_viewport_size({"width": 1280, "height": 800})
    end = verdict(state.score().total)
    box = page.locator(".lnb-verdict")
    expect(box).to_be_visible(timeout=WAIT)
    expect(box).to_contain_text(end.title)
    expect(box).to_contain_text(str(state.score().total))
    for rid, _points in state.score().rooms:
        expect(box).to_contain_text(state.museum.rooms[rid].name)
    assert_no_traceback(page)
    assert serious_violations(page) == []
    snap_sizes(page, "museum-verdict")


def the_map_is_focusable_and_named(page) -> None:  # type: ignore[no-untyped-def]
    """The map takes the focus and says how to use it; each piece of evidence is named; no
    button is without a name (on the hovering test's English load, before anything is
    picked)."""
    board = page.locator(".lnb-map")
    assert board.get_attribute("tabindex") == "0"
    assert "arrow keys" in (board.get_attribute("aria-label") or "")
    names = page.locator(".lnb-map-evidence").evaluate_all(
        "nodes => nodes.map(n => n.getAttribute('aria-label'))")
    assert len(names) == 12 and all(n and "collected" in n for n in names)
    unnamed = page.evaluate("""() => [...document.querySelectorAll('button')]
        .filter(b => b.offsetParent && !(b.textContent.trim() || b.getAttribute('aria-label')
                                         || b.title)).length""")
    assert unnamed == 0


def hover_and_snap(page, square: str, shown: str, name: str) -> None:  # type: ignore[no-untyped-def]
    """Hover ``square`` (of the map's last rows) at each screen size with the reason line
    in sight, wait for ``shown`` in it, and take the screenshot."""
    reason = page.locator(".lnb-museum-reason")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        reason.evaluate("line => line.scrollIntoView({block: 'end'})")
        page.locator(f".lnb-map-square[data-sq='{square}']").hover()
        expect(reason).to_contain_text(shown, timeout=WAIT)
        snap(page, f"{name}-{width}x{height}")


def the_app_in_chinese_keeps_the_game(page) -> None:  # type: ignore[no-untyped-def]
    """In Chinese, with 6b picked: placed at A4 and Enter, the language switched to English
    keeps the shape drawn (on the hovering test's Chinese load)."""
    expect(page.locator(".lnb-confirm")).to_have_text("放下（Enter）", timeout=WAIT)
    page.locator(".lnb-map-square[data-sq='A4']").click()
    page.keyboard.press("Enter")
    expect(page.locator(".lnb-map-piece")).to_have_count(1, timeout=WAIT)
    page.locator(".lnb-language button", has_text="English").click()
    expect(page.locator(".lnb-confirm")).to_have_text("Place it (Enter)", timeout=WAIT)
    expect(page.locator(".lnb-map-piece")).to_have_count(1)
    assert_no_traceback(page)


@pytest.mark.parametrize(("lang", "fits"), [("en", "it fits"), ("zh-CN", "放得下")])
def test_hovering_a_square_says_whether_the_shape_fits_there(page, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                             lang: str, fits: str) -> None:
    """The mouse over a square (no click): green ghost and "it fits" where the library says
    it fits (I11 for 6b of seed 1), the library's reason where it does not (C2). The English
    load first checks that the map is focusable and named; the Chinese load then places the
    shape and switches to English (:func:`the_app_in_chinese_keeps_the_game`)."""
    open_app(page, kit, f"?seed=1&lang={lang}")
    if lang == "en":
        the_map_is_focusable_and_named(page)
    page.locator("button.lnb-shape-6b").click()
    reason = page.locator(".lnb-museum-reason")
    expect(reason).to_contain_text("6b", timeout=WAIT)
    hover_and_snap(page, "I11", fits, f"hover-fits-{lang}")
    expect(reason.locator(".lnb-good")).to_have_count(1)
    expect(reason.locator(".lnb-bad")).to_have_count(0)
    if lang != "en":
        the_app_in_chinese_keeps_the_game(page)
        return
    expect(reason).to_contain_text("Shape 6b at I11")
    page.locator(".lnb-map-square[data-sq='C2']").hover()
    expect(reason).to_contain_text("Does not fit", timeout=WAIT)
    expect(reason).not_to_contain_text("Does not fit: .")
    assert_no_traceback(page)


#: A file of ``size`` bytes ("[[[…", not JSON) chosen in the file input, as the browser's file
#: chooser hands it over: the input's files set, then its change event.
CHOOSE_A_HUGE_FILE = """(input, size) => {
  const chosen = new DataTransfer();
  chosen.items.add(new File(['['.repeat(size)], 'huge.json', {type: 'application/json'}));
  input.files = chosen.files;
  input.dispatchEvent(new Event('change', {bubbles: true}));
}"""


def test_a_huge_file_is_refused_in_the_page_and_the_game_kept(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """A 12 MB file (over the server's 10 MB message limit, which closed the connection) is
    refused in a sentence before it is sent; the game goes on. The button has no file count
    ("Load a game (0)"), and a saved game still loads through it."""
    open_app(page, kit, "?seed=1")
    page.locator("button.lnb-shape-6b").click()
    # the kernel has the shape before a square is clicked (a click before it is lost: CI)
    expect(page.locator(".lnb-museum-reason")).to_contain_text("6b", timeout=WAIT)
    page.locator(".lnb-map-square[data-sq='A4']").click()
    page.keyboard.press("Enter")
    expect(page.locator(".lnb-map-piece")).to_have_count(1, timeout=WAIT)
    button = page.locator(".lnb-load button")
    expect(button).to_have_text("Load a game")
    chooser = page.locator(".lnb-load input[type=file]")
    # the pupil's 12 MB file, made in the page (not sent over Playwright's pipe: 9 s of it)
    chooser.evaluate(CHOOSE_A_HUGE_FILE, 12_000_000)
    status = page.locator(".lnb-status-text")
    # the kernel says it: the page is still connected
    expect(status).to_contain_text("too large to be a saved game (12.0 MB", timeout=WAIT)
    snap_sizes(page, "too-large")
    expect(page.locator(".lnb-map-piece")).to_have_count(1)
    saved = write(Game(seed=2).new_initial_state())
    chooser.set_input_files({"name": "g.json", "mimeType": "application/json",
                             "buffer": json.dumps(saved).encode()})
    expect(status).to_contain_text("Game loaded: seed 2", timeout=WAIT)
    expect(page.locator(".lnb-map-piece")).to_have_count(0)
    expect(button).to_have_text("Load a game")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        button.scroll_into_view_if_needed()
        snap(page, f"load-button-{width}x{height}")
    assert_no_traceback(page)


def test_touch_alone_places_turns_and_undoes(browser, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """A tablet: taps on the buttons and on the map, Turn and Place it as buttons, Undo."""
    state = Game(seed=1).new_initial_state()
    square = next(str(p.anchor) for p in state.free_placements("2a")
                  if str(p.orientation) == "r1")
    context = browser.new_context(has_touch=True, viewport={"width": 768, "height": 1024})
    try:
        page = context.new_page()
        open_app(page, kit, "?seed=1")
        page.locator("button.lnb-shape-2a").tap()
        expect(page.locator(".lnb-museum-reason")).to_contain_text("2a", timeout=WAIT)
        page.locator(f".lnb-map-square[data-sq='{square}']").tap()
        expect(page.locator(".lnb-museum-reason")).to_contain_text(square, timeout=WAIT)
        page.locator("button.lnb-turn").tap()
        fits = f"{square}, {orientation_words(Orientation.parse('r1'))}: it fits"
        expect(page.locator(".lnb-museum-reason")).to_contain_text(fits, timeout=WAIT)
        expect(page.locator(".lnb-ghost-ok")).to_have_count(1, timeout=WAIT)
        page.locator("button.lnb-confirm").tap()
        expect(page.locator(".lnb-map-piece")).to_have_count(1, timeout=WAIT)
        page.locator("button.lnb-undo").tap()
        expect(page.locator(".lnb-map-piece")).to_have_count(0, timeout=WAIT)
        expect(page.locator(".lnb-dice")).to_contain_text("(2, 6)")
        assert_no_traceback(page)
    finally:
        context.close()


def test_a_pupil_joins_their_class_and_sees_todays_class_scores(  # type: ignore[no-untyped-def]
        page, kit: VoilaServer, home: Path) -> None:
    """Today's challenge on the page: Join my class with a card made in the server's file;
    Ali finished a game of it earlier (on another device), so the class's scores (three
    pupils) show as a histogram beside par and Ali's best."""
    with ProgressStore(home / "progress.sqlite3", backups=False) as store:
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", ["Ali", "Bea", "Cy"])
        scores = DailyScores(store, "museum")
        today = datetime.date.today()
        for card, points in zip(made.cards, (58, 44, 81), strict=True):  # Ali: earlier
            scores.record(room.join(made.code, card.pupil_name, card.secret).pupil, today,
                          points)
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit, "?daily=1")
    view = page.locator(".lnb-class-view")
    expect(view).to_contain_text("Join your class", timeout=WAIT)
    page.locator(".lnb-join-open").click()
    page.locator(".lnb-class-code input").fill(made.code)
    page.locator(".lnb-pupil-name input").fill("Ali")
    page.locator(".lnb-card-secret input").fill(made.cards[0].secret)
    page.locator("button.lnb-join").click()
    expect(page.locator(".lnb-who")).to_contain_text("Ali", timeout=WAIT)
    expect(view).to_contain_text("3 pupils of your class finished", timeout=WAIT)
    rows = page.locator(".lnb-class-scores tbody tr")
    expect(rows).to_have_count(6)
    shown = [rows.nth(i).inner_text() for i in range(6)]
    for points in (58, 44, 81):
        assert "1 pupil" in shown[verdict(points).band], shown
    assert "your best 58" in shown[verdict(58).band], shown
    assert "Bea" not in view.inner_text() and "Cy" not in view.inner_text()
    assert "par " in view.inner_text()
    snap_sizes(page, "class-scores")
    assert serious_violations(page) == []
    assert_no_traceback(page)


def test_a_shape_picked_by_keyboard_goes_on_the_map_by_keys_alone(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """Issue 26 m1: Enter on a shape's button puts the focus on the map (it took 19 Tabs,
    38–46 with wild shapes listed); the arrows move the ghost there, Enter places it, and
    the focus goes on to the next choice, whose Enter brings it back to the map."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit, "?seed=1")
    page.mouse.move(1, 1)  # keyboard alone: no square under the mouse
    board = page.locator(".lnb-map")
    reason = page.locator(".lnb-museum-reason")
    page.locator("button.lnb-shape-6b").focus()
    page.keyboard.press("Enter")
    expect(reason).to_contain_text("Shape 6b, not turned: click or tap", timeout=WAIT)
    expect(board).to_be_focused(timeout=WAIT)
    museum = Game(seed=1).new_initial_state().museum
    row, col = museum.height // 2, museum.width // 2  # where the first arrow puts the ghost
    page.keyboard.press("ArrowDown")
    expect(page.locator(".lnb-map-live")).to_contain_text(
        f" at {chr(65 + col)}{row + 1}, ", timeout=WAIT)
    expect(board).to_be_focused()
    for key in ["ArrowUp"] * (row - 3) + ["ArrowLeft"] * col:  # to A4, where 6b fits
        page.keyboard.press(key)
    expect(reason).to_contain_text("Shape 6b at A4, not turned: it fits", timeout=WAIT)
    expect(board).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".lnb-map-piece")).to_have_count(1, timeout=WAIT)
    chosen = page.locator("button.lnb-choice:focus")
    expect(chosen).to_have_count(1, timeout=WAIT)
    expect(chosen).to_be_enabled()
    shape = re.search(r"lnb-shape-(\w+)", chosen.get_attribute("class") or "")
    assert shape, chosen.get_attribute("class")
    page.keyboard.press("Enter")
    expect(reason).to_contain_text(f"Shape {shape.group(1)}", timeout=WAIT)
    expect(board).to_be_focused(timeout=WAIT)
    assert_no_traceback(page)


def wild_game_record() -> tuple[dict, str, int]:  # type: ignore[type-arg]
    """A game of seed 2 played by the greedy bot until many wild shapes are offered: its
    record, the class of a shape's button of a die, and how many shapes are drawn."""
    from widgets.museum import choices as ch
    from widgets.museum.app import choice_class

    state = Game(seed=2).new_initial_state()
    bot = make_bot("greedy", seed=0)
    while True:
        actions = state.legal_actions()
        wild = [c for c in ch.other_choices(state, actions) if c.kind == "wild"]
        shapes = [c for v in state.hand for c in ch.die_choices(state, v, actions)
                  if c.kind == "shape" and c.enabled]
        if len(wild) >= 14 and shapes:
            return write(state), choice_class(shapes[0]), len(state.placed)
        assert not state.is_terminal()
        state.apply_action(bot.choose_action(state))


IN_SIGHT = """selectors => selectors.every(s => { const b = document.querySelector(s)
    .getBoundingClientRect(); return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight
    && b.left >= 0 && b.right <= innerWidth; })"""


#: How many columns the grid of the other choices (the abilities) has.
GRID_COLUMNS = """() => getComputedStyle(document.querySelector('.lnb-other-choices'))
    .gridTemplateColumns.split(' ').length"""


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_map_and_place_it_are_in_sight_once_a_shape_is_picked(page, kit: VoilaServer,  # type: ignore[no-untyped-def]
                                                                  lang: str) -> None:
    """Issue 26 m2: with 14+ wild shapes listed, picking a shape at 1280×800 and 768×1024
    brings the whole map and the Place button into sight together (they were 260 px below
    the fold, or a screen apart); the abilities are a grid of several columns."""
    record, shape_button, drawn = wild_game_record()
    page.set_viewport_size({"width": 1280, "height": 800})
    open_app(page, kit, f"?seed=2&lang={lang}")
    page.locator(".lnb-load input[type=file]").set_input_files(
        {"name": "g.json", "mimeType": "application/json",
         "buffer": json.dumps(record).encode()})
    expect(page.locator(".lnb-map-piece")).to_have_count(drawn, timeout=WAIT)
    expect(page.locator(".lnb-other-choices button.lnb-choice")).not_to_have_count(0)
    for (width, height), columns in zip(SIZES, (2, 3), strict=True):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        try:  # the page lays itself out again at the new size
            page.wait_for_function(f"n => ({GRID_COLUMNS})() >= n", arg=columns, timeout=WAIT)
        except PlaywrightTimeoutError:
            raise AssertionError((width, page.evaluate(GRID_COLUMNS))) from None
        page.locator(f"button.{shape_button}").click()
        expect(page.locator(".lnb-map")).to_be_focused(timeout=WAIT)
        page.wait_for_function(IN_SIGHT, arg=[".lnb-map", "button.lnb-confirm",
                                              "button.lnb-turn", ".lnb-museum-reason"],
                               timeout=WAIT)
        snap(page, f"museum-picked-{lang}-{width}x{height}")
        page.keyboard.press("Escape")
        expect(page.locator("button.lnb-turn")).to_be_disabled(timeout=WAIT)
    assert_no_traceback(page)
