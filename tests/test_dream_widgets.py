"""Ada's Dream's app without a browser: build it, click its buttons, check the library's state."""

from __future__ import annotations

import pytest

from lnb.core.errors import LnbError
from widgets.dream.app import DreamApp


def click_something(app: DreamApp) -> None:
    """One decision by clicks: a Workshop die, or a Store die then a Mill cell, or a choice."""
    if app.choices.children:
        app.choices.children[0].click()
        return
    enabled = [b for b in app.workshop_buttons if not b.disabled]
    stores = [b for b in app.store_buttons if not b.disabled]
    if stores and (len(app.state.player(app.person).mill) < 9) and (not enabled or
                                                                      len(stores) == 3):
        stores[0].click()
        next(b for b in app.mill_buttons if not b.disabled).click()
        return
    enabled[0].click()


def test_a_solo_game_is_played_to_its_end_by_clicks() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "random"}, seed=4)
    for _ in range(600):
        if app.state.is_terminal():
            break
        assert app.table.waiting_for() == ("You",)
        click_something(app)
        assert app.status.kind != "sorry", app.status.text
    assert app.state.is_terminal()
    assert "Total:" in app.prompt.value and "Winner" in app.prompt.value


def test_illegal_choices_are_disabled_with_the_reason() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=2)
    assert all(b.disabled for b in app.mill_buttons)  # no die chosen yet
    assert all(b.disabled and b.tooltip == f"Store slot {i + 1} is empty"
               for i, b in enumerate(app.store_buttons))
    app.workshop_buttons[2].click()
    assert app.state.player("You").store[0] is not None
    assert all(b.disabled for b in app.workshop_buttons)  # not the Workshop's turn step now
    assert [b.description for b in app.choices.children][-1] == "pass"


def test_hot_seat_shows_the_board_of_whoever_must_act() -> None:
    app = DreamApp(["Ada", "Bea"], computers={}, seed=1)
    assert app.person == "Ada"
    while app.state.current_player == "Ada":
        click_something(app)
    assert app.person == "Bea" and "<b>Bea</b>" in app.prompt.value


def test_a_saved_game_loads_back_and_plays_on() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=5)
    for _ in range(8):
        click_something(app)
    name, text = app.save_text()
    assert name.endswith(".json") and '"computer": "greedy"' in text
    other = DreamApp(["Someone", "Else"], computers={}, seed=1)
    other.load_text(text)
    assert other.state.history == app.state.history and other.kinds == {"Computer": "greedy"}
    click_something(other)
    with pytest.raises(LnbError):
        other.load_text("not json")
    with pytest.raises(LnbError):
        other.load_text(text.replace("lnb-dream/1", "lnb-game/1"))
