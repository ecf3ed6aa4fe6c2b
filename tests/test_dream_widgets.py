"""Ada's Dream's app without a browser: build it, press its buttons and keys, check the
library's state (every rule is :mod:`lnb.dream`'s; the app only shows it)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest

from lnb.core.i18n import set_default_language
from lnb.dream.actions import Pass, Place, TakePartner, TakeProgram
from lnb.dream.describe import describe
from lnb.dream.edition import Edition
from lnb.dream.final_table import final_table
from lnb.dream.records import write
from lnb.dream.refusals import why_not
from lnb.dream.seats import renamed
from widgets.dream.app import DreamApp
from widgets.dream.score_table import read_cells


def widgets_in(widget: w.Widget) -> Iterator[w.Widget]:
    """Every widget shown inside ``widget`` (not those hidden with ``display: none``)."""
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return
    yield widget
    for child in getattr(widget, "children", ()):
        yield from widgets_in(child)


def buttons(app: DreamApp) -> list[w.Button]:
    return [b for b in widgets_in(app) if isinstance(b, w.Button)]


def enabled(app: DreamApp) -> list[w.Button]:
    return [b for b in buttons(app) if not b.disabled]


def texts(app: DreamApp) -> str:
    """What the page shows: every HTML's text (tags removed) and every button's words."""
    parts = []
    for widget in widgets_in(app):
        if isinstance(widget, w.HTML) and "<style>" not in widget.value:
            parts.append(html.unescape(re.sub(r"<[^>]+>", " ", widget.value)))
        if isinstance(widget, w.Button):
            parts += [widget.description, widget.tooltip or ""]
    return "\n".join(parts)


def play_one(app: DreamApp) -> None:
    """One decision by clicks, as a pupil would make it: a button of a board first (a card,
    a place, a track...), else the first of the row of choices; a Store die then a Mill cell;
    else a Workshop die."""
    choices = [b for b in app.choice_buttons if not b.disabled]
    if app.selection.partner is not None:  # the Partner chosen: now the card it replaces
        choices[0].click()
        return
    if app.selection.program is not None:  # the Program chosen: now a line of the Mill
        next(b for b in app.board.line_buttons if not b.disabled).click()
        return
    boards = [b for b in enabled(app) if b not in choices and b in
              (*app.board.line_buttons, *app.displays.program_buttons,
               *app.displays.assignment_pool.buttons, *app.map.place_buttons,
               *app.map.joins.buttons, *app.board.research.buttons, *app.board.hand.buttons,
               *app.board.gears.buttons, *app.displays.partner_buttons)]
    if boards:
        boards[0].click()
        return
    if choices:
        choices[0].click()
        return
    stores = [b for b in app.store_buttons if not b.disabled]
    workshop = [b for b in app.workshop_buttons if not b.disabled]
    if stores and (not workshop or len(stores) == 3):
        stores[0].click()
        next(b for b in app.mill_buttons if not b.disabled).click()
        return
    workshop[0].click()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language("en")
    yield
    set_default_language("en")


def test_a_solo_game_is_played_to_its_end_by_clicks_and_scored_line_by_line() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=4)
    for _ in range(1500):
        if app.state.is_terminal():
            break
        assert app.table.waiting_for() == ("You",)
        play_one(app)
        assert app.status.kind not in ("sorry", "error"), app.status.text
    assert app.state.is_terminal()
    assert app.score.layout.display is None
    table = final_table(app.state)  # the final scoring: a table, a row per scoring line
    assert read_cells(app.score.value) == {
        (row.key, name): value for row in table.all_rows()
        for name, value in zip(table.players, row.cells, strict=True)}
    assert str(table.verdict) in app.score.value
    assert app.state.returns()["You"] > 0
    assert not enabled(app.main) and not app.choice_buttons  # nothing left to press
    assert "The game is over" in app.prompt.value


def test_every_enabled_button_is_a_legal_action_and_every_legal_action_has_one() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=11)
    checked = 0
    for _ in range(250):
        if app.state.is_terminal():
            break
        legal = set(app.state.legal_actions("You"))
        pressed = {b.lnb_action for b in enabled(app) if getattr(b, "lnb_action", None)}
        assert pressed <= legal
        chosen = {b.lnb_value for b in enabled(app) if getattr(b, "lnb_value", None)}
        for action in legal:  # by one click, or a choice first (a die, a Program, a Partner)
            first = {Place: ("slot", getattr(action, "slot", None)),
                     TakeProgram: ("program", getattr(action, "program", None)),
                     TakePartner: ("partner", getattr(action, "partner", None))}.get(
                type(action))
            assert action in pressed or first in chosen, action
        checked += 1
        play_one(app)
    assert checked > 40 and app.state.is_terminal()


def test_disabled_buttons_carry_the_library_reason() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=2,
                   edition="classroom")  # the Workshop die goes straight to its action
    assert all(b.disabled and b.tooltip == f"Store slot {i + 1} is empty"
               for i, b in enumerate(app.store_buttons))
    assert all(b.disabled and b.tooltip == "First choose a die of your Store."
               for b in app.mill_buttons)
    visit = app.map.place_buttons[-1]
    assert visit.disabled and visit.tooltip == str(why_not(app.state, visit_action(app, -1)))
    app.workshop_buttons[2].click()
    assert app.state.step == "workshop_play"
    assert all(b.disabled and "must now" in b.tooltip for b in app.workshop_buttons)
    for button in app.board.hand.buttons[:len(app.board.hand_row.children)]:
        if button.disabled:
            assert "needs a die showing" in button.tooltip or "costs" in button.tooltip \
                or "lowered" in button.tooltip, button.tooltip
    assert [b.description for b in app.choice_buttons][-1].endswith("pass")
    # a disabled button pressed anyway (a test can) changes nothing and says why
    before = list(app.state.history)
    app.workshop_buttons[0].click()
    assert app.state.history == before and app.status.kind == "error"
    assert app.status.text.startswith("You must now play a Partner card")


def visit_action(app: DreamApp, index: int) -> object:
    from lnb.dream.actions import Visit

    places = sorted(app.state.edition.map, key=lambda m: (m.kind != "university", m.distance,
                                                          m.id))
    return Visit("You", places[index].id)


def test_cards_and_places_are_shown_by_name_never_by_id() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=6)
    ed = Edition.load()
    shown = texts(app)
    for panel in ("cards", "map"):  # one press away (issue 31: one screen of play)
        button = next(b for b in app.panel_buttons if b.lnb_value == ("panel", panel))
        button.click()
        shown += texts(app)
    ids = [p.id for p in ed.programs] + [a.id for a in ed.assignments] + \
        [p.id for p in ed.partners] + [m.id for m in ed.map] + [i.id for i in ed.institutions]
    for key in ids:
        assert not re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", shown), key
    for key in app.state.displays["partners"]:
        partner = ed.partner(key)  # a real person, with who they were
        assert partner.name.english in shown and partner.who.english in shown
    for loc in ed.map:
        assert loc.name.english in shown


def test_the_computer_moves_are_told_in_words() -> None:
    app = DreamApp(["Computer", "You"], computers={"Computer": "greedy"}, seed=3)
    assert app.state.current_player == "You" and len(app.state.history) > 0
    log = app.log_view.value
    assert "Computer took the" in log and "from Workshop space" in log
    assert "Computer took the" in app.key_bridge.live  # read out to a screen reader
    assert "You" in app.turn.value and "turn" in app.turn.value


def test_keys_take_a_die_and_place_it() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=5)
    app.key_bridge.handle({"event": "key", "key": "3"})
    assert str(app.state.history[0]) == "You: collect 3"
    for _ in range(10):  # the rest of the turn: pass, until the next turn
        if app.state.step == "turn":
            break
        if app.state.step == "discard_down":  # a card to discard: a numbered choice
            app.key_bridge.handle({"event": "key", "key": "1"})
            continue
        app.key_bridge.handle({"event": "key", "key": "p"})
    assert app.state.step == "turn" and app.state.player("Computer").turns == 1
    die = app.state.player("You").store[0]
    for key in ("q", "b", "2"):
        app.key_bridge.handle({"event": "key", "key": key})
    assert app.state.player("You").mill.get("B2") == die
    app.key_bridge.handle({"event": "key", "key": "escape"})
    assert app.selection.slot is None
    assert app.status.kind != "sorry"


def test_hot_seat_shows_the_board_of_whoever_must_act() -> None:
    app = DreamApp(["Ada", "Bea", "Cy"], computers={}, seed=1)
    assert app.person == "Ada" and "Your board: Ada" in app.board.heading.value
    while app.state.current_player == "Ada":
        play_one(app)
    assert app.person == "Bea" and "Your board: Bea" in app.board.heading.value
    assert "Bea" in app.prompt.value
    assert "Playing now: Bea (a person, seat 2 of 3)" in app.turn.value
    assert len(app.others.children) == 2


def test_the_setup_starts_solo_or_hot_seat_games() -> None:
    app = DreamApp(seed=1)
    app.new_button.click()
    assert app.setup.layout.display is None
    app.setup.mode.value = "hotseat"
    app.setup.count.value = 4
    app.setup.names[0].value = "Ada"
    app.setup.seed.value = "12"
    app.setup.start_button.click()
    assert app.state.names == ("Ada", "Player 2", "Player 3", "Player 4")
    assert app.state.game.seed == 12 and app.kinds == {}
    assert app.setup.layout.display == "none"
    app.new_button.click()
    app.setup.mode.value = "solo"
    app.setup.computer.value = "planner"
    app.setup.seed.value = "twelve"
    app.setup.start_button.click()  # refused on the status line, the game kept
    assert app.status.kind == "error" and "whole number" in app.status.text
    assert app.state.names[0] == "Ada"
    app.setup.seed.value = ""
    app.setup.names[0].value = "Computer"
    app.setup.start_button.click()  # the library refuses two seats of one name
    assert app.status.kind == "error" and "named twice" in app.status.text
    app.setup.names[0].value = "Dot"
    app.setup.start_button.click()
    assert app.state.names == ("Dot", "Computer") and app.kinds == {"Computer": "planner"}


def test_a_saved_game_loads_back_the_same_state_and_plays_on() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=5)
    for _ in range(25):
        play_one(app)
    name, text = app.save_text()
    assert name.endswith(".json") and '"computer": "greedy"' in text
    other = DreamApp(["Someone", "Else"], computers={}, seed=1)
    other.load_text(text)
    assert other.state.history == app.state.history and other.kinds == {"Computer": "greedy"}
    assert write(other.state) == write(app.state)
    assert other.board.tracks.value == app.board.tracks.value
    assert [b.description for b in other.mill_buttons] == \
        [b.description for b in app.mill_buttons]
    for _ in range(3):  # a choice first (a Program, a Partner), then the action
        play_one(other)
    assert len(other.state.history) > len(app.state.history)
    bad = json.loads(text)
    bad["actions"][0] = "You: collect 9"
    for broken in ("not json", text.replace("lnb-dream/1", "lnb-game/1"), json.dumps(bad)):
        with other.status.guard():
            other.load_text(broken)
        assert other.status.kind == "error", broken
    assert len(other.state.history) > len(app.state.history)  # the game is kept


def test_a_loaded_game_shows_its_moves_so_far_in_the_log() -> None:
    """The log of a loaded game was empty (its moves were played before the load)."""
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=5)
    for _ in range(12):
        play_one(app)
    _name, text = app.save_text()
    other = DreamApp(["Someone", "Else"], computers={}, seed=1)
    other.load_text(text)
    assert other.log_view.value == app.log_view.value
    assert "Computer" in other.log_view.value and "<li>" in other.log_view.value


def test_relabel_in_chinese_keeps_the_game() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=7)
    for _ in range(10):
        play_one(app)
    record = write(app.state)
    english = app.prompt.value
    set_default_language("zh-CN")
    app.relabel()
    assert app.state.names == ("你", "电脑")  # the default names in the new language
    assert write(renamed(app.state, {"你": "You", "电脑": "Computer"})) == record
    assert app.prompt.value != english and "工坊" in texts(app)
    assert "运算器" in app.board.mill_title.value
    step = app.state.step
    action = next(a for a in app.state.legal_actions("你"))
    if step != "turn":
        assert str(describe(action, app.state.edition)) in texts(app)
    set_default_language("en")
    app.relabel()
    assert app.prompt.value == english and write(app.state) == record


def test_pass_is_one_key_and_a_choice() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=9)
    app.workshop_buttons[0].click()
    passing = [b for b in app.choice_buttons if isinstance(b.lnb_action, Pass)]
    assert len(passing) == 1 and passing[0].description.split(". ", 1)[1] == "pass"


def test_the_page_address_gives_the_seed_and_language_and_the_switch_keeps_the_game() -> None:
    app = DreamApp()
    app.open_page({"seed": "8", "lang": "zh-CN"})
    assert app.state.game.seed == 8 and app.state.names == ("你", "电脑")
    assert "工坊" in app.workshop.title.value and app.status.kind != "sorry"
    app.workshop_buttons[0].click()
    history = list(app.state.history)
    app.language.value = "en"  # the pupil's click on English: "你" is "You" again
    assert app.state.names == ("You", "Computer")
    assert [str(a) for a in app.state.history] == [str(a).replace("你", "You") for a in history]
    assert app.workshop.title.value.startswith("Workshop")
    app.open_page({"seed": "eight"})
    assert app.status.kind == "error" and "whole number" in app.status.text
    assert len(app.state.history) == len(history)


def test_the_page_address_or_the_app_names_the_edition_of_new_games() -> None:
    app = DreamApp(seed=1, edition="classroom-2")
    assert app.state.edition.name == "classroom-2"
    app.open_page({"edition": "classroom", "seed": "4"})  # an old edition, by its name
    assert (app.state.edition.name, app.state.game.seed) == ("classroom", 4)
    app.new_game(["Ada", "Bea"], {})  # the setup's new game: the same edition
    assert app.state.edition.name == "classroom"
    app.open_page({"edition": "classroom-9"})
    assert app.status.kind == "error" and "classroom-3" in app.status.text  # its choices
    assert app.state.names == ("Ada", "Bea") and app.state.edition.name == "classroom"
    assert DreamApp(seed=1).state.edition.name == Edition.load().name  # the default


def test_high_contrast_is_one_toggle() -> None:
    app = DreamApp(seed=1)
    app.contrast_toggle.value = True
    assert "lnb-high-contrast" in app._dom_classes
    app.contrast_toggle.value = False
    assert "lnb-high-contrast" not in app._dom_classes


def test_a_refused_or_broken_click_lands_on_the_status_line() -> None:
    from lnb.dream.actions import Collect

    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=3)
    stale = app.workshop_buttons[0]
    history = list(app.state.history)
    stale.lnb_action = Collect("Computer", 1)  # a page behind the kernel: not theirs now
    stale.click()
    assert app.status.kind == "error" and "played by the computer" in app.status.text
    stale.lnb_action = Collect("You", 9)
    stale.click()  # the library's refusal, in words
    assert app.status.kind == "error" and "spaces 1 to 6" in app.status.text
    assert app.state.history == history
    broken = app.displays.program_buttons[0]
    broken.disabled, broken.lnb_action, broken.lnb_value = False, None, ("nonsense",)
    broken.click()  # not a rule's refusal: an apology with Carry on, no traceback
    assert app.status.kind == "sorry" and app.status.carry_on.layout.display is None
    app.status.carry_on.click()
    assert app.status.kind == "" and app.state.step == "turn"
