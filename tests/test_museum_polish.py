"""Issue 26, the museum's polish without a browser: the score's parts read as points, a daily
game's verdict compares the score with par, the map marks the rooms the library counts as
filled and has a key to its evidence marks, and the keyboard goes where the next thing to do
is (the map once a shape is picked, the next choice once it is placed)."""

from __future__ import annotations

import datetime
import html

from classroom.progress import ProgressStore
from lnb.core.i18n import use_language
from lnb.museum import Game, daily_seed, par
from lnb.museum.bots import make_bot
from widgets.museum.app import MuseumApp

DAY = datetime.date(2026, 12, 1)


def new_app(seed: int = 1, **kwargs: object) -> MuseumApp:
    return MuseumApp(seed=seed, store=ProgressStore(":memory:"), **kwargs)  # type: ignore[arg-type]


def test_the_parts_of_the_score_say_they_are_points() -> None:
    """"evidence 6 · rooms 9 · bonuses 0" read like counts."""
    app = new_app()
    assert app.score_parts.value == "evidence 0 points · rooms 0 points · bonuses 0 points"
    with use_language("zh_CN"):
        app.relabel()
        assert app.score_parts.value.count("0 分") == 3, app.score_parts.value


def test_a_finished_daily_game_says_par_and_the_pupils_score() -> None:
    """The daily verdict did not say "par 80, you 49"."""
    app = new_app(today=lambda: DAY)
    app.daily_button.click()
    assert app.state.seed == daily_seed(DAY)
    bot = make_bot("greedy", seed=0)
    while not app.state.is_terminal():
        app.act(bot.choose_action(app.state))
    score, expected = app.state.score().total, par(DAY)
    said = html.unescape(app.verdict_box.value)
    assert f"par {expected} points, you {score} points" in said, said
    gap = abs(score - expected)
    assert (f"beat par by {gap} point" in said if score > expected
            else f"{gap} point" in said and "under par" in said if score < expected
            else "matched par" in said), said
    assert said.index("par ") < said.index("Evidence:"), "par is said before the details"
    with use_language("zh_CN"):
        app.relabel()
        said = html.unescape(app.verdict_box.value)
        assert f"标准分 {expected} 分，你得了 {score} 分。" in said and "。 " not in said, said
    other = new_app(seed=daily_seed(DAY))  # not the daily challenge: no par to compare with
    while not other.state.is_terminal():
        other.act(bot.choose_action(other.state))
    assert "par" not in html.unescape(other.verdict_box.value)


def test_the_map_marks_the_rooms_the_library_counts_as_filled() -> None:
    app = new_app(seed=2)
    bot = make_bot("greedy", seed=0)
    while not app.state.score().rooms:
        app.act(bot.choose_action(app.state))
    filled = {app.state.museum.rooms[rid].name for rid, _points in app.state.score().rooms}
    marked = {room["name"] for room in app.map.board["rooms"] if room["done"]}
    assert marked == filled
    for room in app.map.board["rooms"]:
        assert room["points"].startswith("✓ ") == room["done"], room


def test_a_key_beside_the_map_names_every_evidence_mark() -> None:
    app = new_app()
    key = html.unescape(app.map_key.value)
    for ev in app.state.museum.evidence:
        glyph = next(e["glyph"] for e in app.map.board["evidence"]
                     if e["index"] == app.state.museum.index(ev.square))
        assert f">{glyph}</span>{ev.name}<" in key, (glyph, ev.name)
    assert ">Cr</span>crowbar<" in key
    with use_language("zh_CN"):
        app.relabel()
        key = html.unescape(app.map_key.value)
        assert ">撬</span>撬棍<" in key and "Key" not in key, key


def test_the_keyboard_goes_to_the_map_then_to_the_next_choice() -> None:
    """Issue 26 m1: a picked shape asks the page to focus the map; a placed one, the first
    choice that can be taken now."""
    app = new_app()
    asked = app.map.focus_request
    app.pick_shape("6b")
    assert app.map.focus_request == asked + 1
    app.map.handle({"event": "anchor", "square": "A4"})
    app.map.handle({"event": "confirm"})
    assert len(app.state.placed) == 1
    target = app.focus.target
    assert target is not None and "lnb-choice" in target._dom_classes and not target.disabled
    assert any(c.startswith("lnb-focus-") for c in target._dom_classes)
    first = next(c for c in app.current_choices() if c.enabled)  # the first one shown
    assert target.lnb_choice == first  # type: ignore[attr-defined]


def test_the_place_controls_are_above_the_map() -> None:
    """Issue 26 m2: Turn, Flip, Place it and the reason were under the map, below the fold."""
    app = new_app()
    order = list(app.board.children)
    assert order.index(app.reason) < order.index(app.map)
    assert order.index(app.controls) < order.index(app.map)


def test_a_fresh_daily_game_has_the_same_dice_as_the_library() -> None:
    app = new_app(today=lambda: DAY)
    app.daily_button.click()
    assert app.state.hand == Game(seed=daily_seed(DAY)).new_initial_state().hand
