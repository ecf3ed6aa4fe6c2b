"""The museum app and its map without a browser: build them, click, press keys (the messages
the page would send), and check the library's state and the widgets' traits.

The rules are the library's: every expectation below is asked of :mod:`lnb.museum` (a fresh
state, ``check_placement``, the record), never written down from the rules by hand.
"""

from __future__ import annotations

import base64
import datetime
import html
import json
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
import widget_texts

from lnb.core.i18n import use_language
from lnb.museum import Game, Orientation, Place, PlacementError, Wild, daily_seed, par
from lnb.museum.bots import make_bot
from lnb.museum.records import replay, write
from widgets.museum.app import MuseumApp
from widgets.museum.choices import refusal, shape_reason
from widgets.museum.map import MuseumMap

DAY = datetime.date(2026, 12, 1)


# -- reading the page -----------------------------------------------------------------------

def _map_texts(widget: w.Widget, name: str) -> Iterator[tuple[str, str]]:
    """What the map shows of its own: its label, its live line, the rooms and the evidence."""
    if isinstance(widget, MuseumMap):
        yield f"{name}.label", widget.label
        yield f"{name}.live", widget.live
        for room in widget.board["rooms"]:
            yield f"{name}.room", f"{room['name']} {room['points']}"
        for ev in widget.board["evidence"]:
            yield f"{name}.evidence", f"{ev['glyph']} {ev['name']}"


def visible_texts(widget: w.Widget) -> Iterator[tuple[str, str]]:
    """(where, text) of everything the page shows of ``widget``, the map's words too."""
    return widget_texts.visible_texts(widget, more=_map_texts)


def outside_marks(text: str) -> str:
    while True:
        stripped = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if stripped == text:
            return text
        text = stripped


#: Names the page shows as they are: the languages' own names, the people of the verdicts,
#: the keys as printed on a keyboard.
NAMES = {"English", "Ada", "Lovelace", "Wheatstone", "Babbage", "Byron", "Charles", "Enter",
         "Escape"}


def unmarked(widget: w.Widget) -> list[tuple[str, str]]:
    """Texts with a word of 2+ letters outside ⟦ ⟧ (en-XA must leave none)."""
    found = []
    for where, text in visible_texts(widget):
        words = [word for word in re.findall(r"[A-Za-z]{2,}", outside_marks(text))
                 if word not in NAMES]
        if words:
            found.append((where, text))
    return found


def english_left(widget: w.Widget) -> list[tuple[str, str]]:
    """Texts with an ASCII word of 3+ letters (zh-CN must leave none but names)."""
    return [(where, text) for where, text in visible_texts(widget)
            if [word for word in re.findall(r"[A-Za-z]{3,}", text) if word not in NAMES]]


def button(app: MuseumApp, cls: str) -> w.Button:
    """The first button of the page with this class."""
    def walk(widget: w.Widget) -> Iterator[w.Widget]:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    for widget in walk(app):
        if isinstance(widget, w.Button) and cls in widget._dom_classes:
            return widget
    raise AssertionError(f"no button .{cls} on the page")


def buttons(app: MuseumApp) -> list[w.Button]:
    def walk(widget: w.Widget) -> Iterator[w.Widget]:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    return [b for b in walk(app) if isinstance(b, w.Button)]


def lie(app: MuseumApp, orientation: Orientation) -> None:
    """Turn and flip the ghost with the page's keys until it lies as ``orientation``."""
    app.map.orientation = "r0"
    if orientation.flipped:
        app.map.handle({"event": "flip"})
    for _ in range(orientation.turns):
        app.map.handle({"event": "rotate"})
    assert app.map.orientation == str(orientation)


def somewhere(state: object, shape: str, orientation: str = "r0") -> str:
    """A square where the library says ``shape`` fits lying as ``orientation``."""
    return next(str(p.anchor) for p in state.free_placements(shape)  # type: ignore[attr-defined]
                if str(p.orientation) == orientation)


def act_by_clicks(app: MuseumApp, action: object) -> None:
    """Do one action as a pupil would: a shape's button, a square, keys, Enter; or a button."""
    if isinstance(action, (Place, Wild)):
        kind = "wild" if isinstance(action, Wild) else "gift" if action.value in (7, 8) \
            else "shape"
        button(app, f"lnb-{kind}-{action.shape}").click()
        app.map.handle({"event": "anchor", "square": str(action.anchor)})
        lie(app, action.orientation)
        assert not app.confirm_button.disabled, app.reason.value
        app.map.handle({"event": "confirm"})
    else:
        text = str(action).replace(" on ", " ").replace(",", "-").replace(" ", "-")
        button(app, f"lnb-{text}").click()


# -- placing --------------------------------------------------------------------------------

def test_a_placement_by_anchor_turn_and_confirm_changes_the_library_state() -> None:
    app = MuseumApp(seed=1)
    expected = Game(seed=1).new_initial_state()
    assert app.state.hand == expected.hand
    button(app, "lnb-shape-2a").click()
    assert app.map.active and app.map.shape == "2a"
    square = somewhere(expected, "2a", "r1")
    app.map.handle({"event": "anchor", "square": square})
    app.turn_button.click()
    assert app.map.orientation == "r1"
    placement = expected.check_placement("2a", "r1", square)
    assert app.map.ghost["legal"] is True
    assert sorted(map(tuple, app.map.ghost["cells"])) == sorted(
        (s.row, s.col) for s in placement.squares)
    app.confirm_button.click()
    expected.apply_action(Place("2a", Orientation.parse("r1"), placement.anchor))
    assert app.state.history == expected.history
    assert app.state.filled == expected.filled
    assert app.map.pieces == [[app.state.museum.index(s) for s in placement.squares]]
    assert app.status.kind == "ok" and not app.map.active


def test_the_arrow_keys_move_the_ghost_and_enter_places_it() -> None:
    app = MuseumApp(seed=1)
    button(app, "lnb-shape-6b").click()
    app.map.handle({"event": "anchor", "square": "B4"})
    app.map.handle({"event": "move", "dr": 0, "dc": -1})
    assert app.map.anchor == "A4"
    app.map.handle({"event": "move", "dr": 0, "dc": -1})  # the grid's edge: stays
    assert app.map.anchor == "A4"
    app.map.handle({"event": "confirm"})
    assert [str(a) for a in app.state.history] == ["place 6b r0 @A4"]


def test_an_illegal_ghost_is_red_with_the_librarys_reason_and_cannot_be_placed() -> None:
    app = MuseumApp(seed=1)
    button(app, "lnb-shape-6b").click()
    app.map.handle({"event": "anchor", "square": "C2"})
    with pytest.raises(PlacementError) as refused:
        Game(seed=1).new_initial_state().check_placement("6b", "r0", "C2")
    reason = refused.value.explain()
    assert app.map.ghost["legal"] is False
    assert app.map.ghost["bad"] == [1, 3]  # D2, the square the library names
    assert reason in html.unescape(app.reason.value)
    assert reason in app.map.live
    assert app.confirm_button.disabled
    app.map.handle({"event": "confirm"})  # Enter anyway: the library refuses, on the line
    assert app.state.history == []
    assert app.status.kind == "error" and reason[1:] in app.status.text


def test_hovering_where_the_shape_fits_says_it_fits_and_to_click() -> None:
    """Issue 26 item 4: the hovered square (no click yet) was judged by the clicked one."""
    app = MuseumApp(seed=1)
    button(app, "lnb-shape-6b").click()
    Game(seed=1).new_initial_state().check_placement("6b", "r0", "A4")  # the library: fits
    app.map.hovered = "A4"
    shown = html.unescape(app.reason.value)
    assert app.map.ghost["legal"] is True and app.map.anchor == ""
    assert "lnb-bad" not in app.reason.value and "Does not fit" not in shown
    assert "✓" in shown and "A4" in shown and "click" in shown.lower()
    assert app.confirm_button.disabled  # placed only after a click (or Enter on a square)
    app.map.hovered = "C2"  # where it does not fit: the library's reason, in red
    with pytest.raises(PlacementError) as refused:
        Game(seed=1).new_initial_state().check_placement("6b", "r0", "C2")
    assert "lnb-bad" in app.reason.value
    assert refused.value.explain() in html.unescape(app.reason.value)


def test_escape_cancels_the_shape() -> None:
    app = MuseumApp(seed=1)
    button(app, "lnb-shape-2b").click()
    app.map.handle({"event": "anchor", "square": "C5"})
    app.map.handle({"event": "cancel"})
    assert app.picked is None and app.map.ghost == {} and not app.map.active
    assert app.confirm_button.disabled and app.turn_button.disabled


def test_undo_takes_back_the_last_placement_of_this_turn_only() -> None:
    app = MuseumApp(seed=1)
    start = app.state.filled
    act_by_clicks(app, Place("6b", Orientation.parse("r0"), "A4"))
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert app.state.history == [] and app.state.filled == start and app.map.pieces == []
    assert app.state.hand == (2, 6)
    act_by_clicks(app, Place("6b", Orientation.parse("r0"), "A4"))
    turn = app.state.turn
    last = Place("2a", Orientation.parse("r0"), somewhere(app.state, "2a"))
    act_by_clicks(app, last)  # the turn's last die
    assert app.state.turn == turn + 1  # the next dice are rolled: this turn is over
    assert app.undo_button.disabled
    app.undo()
    assert len(app.state.history) == 2 and app.status.kind == "error"


# -- the choices ----------------------------------------------------------------------------

def test_every_disabled_choice_says_why_and_writes_say_the_librarys_reason() -> None:
    """A whole planner game played by clicks: at each step every choice button agrees with the
    library's legal actions, every disabled one has a reason, a refused write the library's."""
    app = MuseumApp(seed=3)
    bot = make_bot("planner", seed=0)
    seen_write_refusal = seen_return_first = False
    while not app.state.is_terminal():
        legal = set(app.state.legal_actions())
        for b in buttons(app):
            choice = getattr(b, "lnb_choice", None)
            if choice is None:
                continue
            if choice.action is not None:
                assert b.disabled == (choice.action not in legal), b.description
            if b.disabled:
                assert b.tooltip, b.description
                if choice.kind == "write":
                    assert b.tooltip == refusal(app.state, choice.action)
                    seen_write_refusal = True
                elif choice.shape is not None:
                    why = shape_reason(app.state, Wild if choice.kind == "wild" else Place,
                                       choice.shape)
                    assert b.tooltip == (why if why != "nowhere" else
                                         f"Shape {choice.shape} fits nowhere on the map now.")
                    seen_return_first |= app.state.pending_return > 0
        act_by_clicks(app, bot.choose_action(app.state))
    replayed = replay(write(app.state)).state
    assert app.state.score() == replayed.score()
    assert app.verdict_box.layout.display is None
    shown = html.unescape(app.verdict_box.value)
    assert app.state.verdict().title in shown and str(app.state.score().total) in shown
    for room, _points in app.state.score().rooms:
        assert app.state.museum.rooms[room].name in shown
    assert seen_write_refusal or not app.state.collected
    assert seen_return_first == ("crowbar" in app.state.unlocked
                                 or "binoculars" in app.state.unlocked)


def test_the_whole_game_ends_with_the_verdict_and_no_choices() -> None:
    app = MuseumApp(seed=5)
    bot = make_bot("greedy", seed=0)
    while not app.state.is_terminal():
        act_by_clicks(app, bot.choose_action(app.state))
    assert app.dice_box.children == () and app.other_box.children == ()
    assert "10:00 pm" in html.unescape(app.time_line.value)
    assert app.state.score().total == replay(write(app.state)).state.score().total


def test_a_reroll_says_the_new_dice_with_a_space_after_each_comma() -> None:
    """Issue 26 item 16: "The new dice show 6,2." read as one number."""
    from lnb.museum.actions import Reroll

    app = MuseumApp(seed=7)
    bot = make_bot("greedy", seed=0)
    while not (twos := [a for a in app.state.legal_actions()
                        if isinstance(a, Reroll) and len(a.values) == 2]):
        assert not app.state.is_terminal(), "no re-roll of two dice in this game"
        app.act(bot.choose_action(app.state))
    app.act(twos[0])
    assert app.status.kind == "ok" and re.search(r"The new dice show \d, \d\.", app.status.text)
    assert not re.search(r"\d,\d", app.status.text), app.status.text


# -- files, the daily challenge, the page ----------------------------------------------------

def test_save_and_load_give_back_the_game() -> None:
    app = MuseumApp(seed=1)
    act_by_clicks(app, Place("6b", Orientation.parse("r0"), "A4"))
    app.files.save_button.click()
    link = app.files.download.value
    data = base64.b64decode(re.search(r"base64,([^'\"]+)", link).group(1)).decode()
    record = json.loads(data)
    assert record["actions"] == ["place 6b r0 @A4"] and record["seed"] == 1
    other = MuseumApp(seed=2)
    other.load_text(data)
    assert other.state.history == app.state.history and other.state.filled == app.state.filled
    assert other.map.pieces == app.map.pieces


def test_a_bad_file_is_refused_on_the_status_line() -> None:
    app = MuseumApp(seed=1)
    app.files.upload.value = ({"name": "g.json", "type": "application/json", "size": 8,
                               "content": memoryview(b'{"format": "lnb-museum/1"}'),
                               "last_modified": datetime.datetime.now(datetime.timezone.utc)},)
    assert app.status.kind == "error" and "seed" in app.status.text
    assert app.state.seed == 1


def test_the_daily_challenge_plays_todays_seed_and_shows_par() -> None:
    app = MuseumApp(seed=1, today=lambda: DAY)
    app.daily_button.click()
    assert app.state.seed == daily_seed(DAY)
    assert app.state.hand == Game(seed=daily_seed(DAY)).new_initial_state().hand
    assert str(par(DAY)) in app.challenge.value


def test_the_page_address_chooses_the_game_and_the_language() -> None:
    app = MuseumApp(seed=1)
    app.open_page({"seed": "42", "lang": "zh-CN"})
    try:
        assert app.state.seed == 42
        assert app.language.value == "zh_CN"
        assert english_left(app) == []
    finally:
        app.open_page({"lang": "en"})
    app.open_page({"seed": "forty"})
    assert app.status.kind == "error" and app.state.seed == 42


# -- languages ------------------------------------------------------------------------------

def test_switching_the_language_keeps_the_game() -> None:
    app = MuseumApp(seed=1)
    act_by_clicks(app, Place("6b", Orientation.parse("r0"), "A4"))
    button(app, "lnb-shape-2a").click()
    square = somewhere(app.state, "2a")
    app.map.handle({"event": "anchor", "square": square})
    state, history, filled = app.state, list(app.state.history), app.state.filled
    english = app.confirm_button.description
    try:
        app.language.value = "zh_CN"
        assert app.state is state and app.state.history == history
        assert app.state.filled == filled
        assert app.map.shape == "2a" and app.map.anchor == square and app.map.ghost["legal"]
        assert app.confirm_button.description != english
        assert app.map.board["rooms"][0]["name"] == "牛顿剧场"
        assert english_left(app) == [], english_left(app)[:3]
    finally:
        app.language.value = "en"
    assert app.confirm_button.description == english


def test_the_pseudo_language_leaves_no_unmarked_text() -> None:
    with use_language("en-XA"):
        app = MuseumApp(seed=3)
        assert unmarked(app) == []
        bot = make_bot("planner", seed=0)
        steps = 0
        while not app.state.is_terminal():
            action = bot.choose_action(app.state)
            if isinstance(action, (Place, Wild)) and steps % 3 == 0:
                kind = "wild" if isinstance(action, Wild) else "gift" if action.value > 6 \
                    else "shape"
                button(app, f"lnb-{kind}-{action.shape}").click()
                app.map.handle({"event": "anchor", "square": "A1"})  # outside: a red ghost
                assert app.map.ghost["legal"] is False
                assert unmarked(app) == [], unmarked(app)[:3]
                app.map.handle({"event": "cancel"})
            act_by_clicks(app, action)
            steps += 1
            if steps % 5 == 0:
                assert unmarked(app) == [], unmarked(app)[:3]
        assert unmarked(app) == [], unmarked(app)[:3]


def test_a_callback_error_reaches_the_status_line_not_the_page() -> None:
    app = MuseumApp(seed=1)
    app.map.page_message(app.map, {"event": "anchor", "square": "not a square"}, [])
    assert app.status.kind == "error"
    app.map.page_message(app.map, {"event": "move", "dr": "x"}, [])
    assert app.status.kind == "sorry"
    app.status.clear()
    button(app, "lnb-shape-2a").click()
    app.map.hovered = "nowhere"  # as a broken page could send
    assert app.status.kind == "error" and app.map.ghost == {}
