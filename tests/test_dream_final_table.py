"""Ada's Dream as a class plays it at one device (issue 31, item 4): the final scoring as a
table from the library (:mod:`lnb.dream.final_table`), in both languages; the setup's mix of
people and computers, default names kept as keys and named again by a language switch, typed
names kept; a computer's placement told with its reason in the solo app and at a live table.
In the kernel, no browser (about 4 s)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.i18n import set_default_language, use_language
from lnb.dream.bots import make_bot
from lnb.dream.final_table import final_table
from lnb.dream.records import write
from lnb.dream.scoring import PARTS, TITLES
from lnb.dream.state import Game, State
from widgets.dream.app import DreamApp
from widgets.dream.room_app import DreamRoomApp
from widgets.dream.score_table import read_cells, score_table_html


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language("en")
    yield
    set_default_language("en")


def played(names: list[str], seed: int) -> State:
    """A whole game between greedy computer players."""
    state = Game(names, seed=seed).new_initial_state()
    bots = {name: make_bot("greedy", i) for i, name in enumerate(names)}
    while not state.is_terminal():
        name = state.current_player
        state.apply_action(bots[name].choose_action(state, name))
    return state


def test_the_table_is_the_score_sheet_a_row_per_scoring_line() -> None:
    state = played(["Ada", "Bea", "Cy"], seed=5)
    sheet, table = state.score_sheet(), final_table(state)
    assert table.final and table.players == ("Ada", "Bea", "Cy")
    assert [row.key for row in table.rows] == list(PARTS)
    for row in table.rows:
        assert str(row.title) == TITLES[row.key]
        assert row.cells == tuple(r.part(row.key) for r in sheet.rows)
    assert table.total.cells == tuple(sum(col) for col in zip(*(r.cells for r in table.rows),
                                                               strict=True))
    assert table.total.cells == tuple(r.total for r in sheet.rows)
    assert table.winners == sheet.winners
    assert (table.tie_break is None) == (table.total.cells.count(max(table.total.cells)) == 1)
    assert all(name in str(table.verdict) for name in table.winners)
    english_titles = [str(row.title) for row in table.all_rows()]
    with use_language("zh-CN"):
        chinese = [str(row.title) for row in table.all_rows()]
        verdict = str(table.verdict)
    assert all(c != e for c, e in zip(chinese, english_titles, strict=True))
    assert "总分" in chinese and "Prestige" not in verdict and "wins" not in verdict


def test_a_tie_goes_to_the_most_money_then_is_shared() -> None:
    state = played(["Ada", "Bea"], seed=2)
    for name in state.names:  # the same total: the rules' tie-break decides
        p = state.players[name]
        p.prestige -= state.score_sheet().rows[state.names.index(name)].total - 30
    p_ada, p_bea = state.players["Ada"], state.players["Bea"]
    p_ada.money, p_bea.money = 5, 2
    table = final_table(state)
    assert table.total.cells == (30, 30) and table.tie_break is not None
    assert table.tie_break.cells == (5, 2) and table.winners == ("Ada",)
    assert str(table.verdict) == "Winner: Ada, 30 Prestige (a tie, broken by more £)"
    p_bea.money = 5
    table = final_table(state)
    assert table.winners == ("Ada", "Bea")
    assert str(table.verdict) == "Ada and Bea share the win (30 Prestige each, and as many £)"
    page = score_table_html(table)  # the £ drawn under the total, both winners starred
    assert read_cells(page)["money", "Bea"] == 5 and page.count("★") == 2


def test_the_app_ends_on_the_table_in_both_languages() -> None:
    state = played(["Ada", "Bea", "Computer"], seed=8)
    app = DreamApp(seed=1)
    app.load_text(json.dumps(write(state, {"Computer": "greedy"})))
    table = final_table(app.state)
    expected = {(row.key, name): value for row in table.all_rows()
                for name, value in zip(table.players, row.cells, strict=True)}
    assert read_cells(app.score.value) == expected
    for name in table.winners:
        assert f"class='lnb-winner' data-player='{name}'>★ {name}</th>" in app.score.value
    set_default_language("zh-CN")
    app.relabel()  # "Computer" was a default name: it is "电脑" now; Ada and Bea stay
    assert app.state.names == ("Ada", "Bea", "电脑")
    with use_language("zh-CN"):
        titles = [str(row.title) for row in table.all_rows()]
    assert all(t in app.score.value for t in titles) and "终局计分" in app.score.value
    assert read_cells(app.score.value) == {
        (key, "电脑" if name == "Computer" else name): v for (key, name), v in expected.items()}


def test_the_setup_mixes_people_and_computers_and_a_switch_renames_only_defaults() -> None:
    app = DreamApp(seed=1)
    form = app.setup
    set_default_language("zh-CN")
    app.relabel()
    assert form.names[0].placeholder == "你" and app.state.names == ("你", "电脑")
    set_default_language("en")
    app.relabel()
    form.mode.value, form.count.value = "hotseat", 4
    form.names[0].value, form.names[1].value = "Mei", "Tom"
    form.kinds[2].value, form.kinds[3].value = "greedy", "planner"
    assert [box.placeholder for box in form.names] == [
        "Player 1", "Player 2", "Computer 1", "Computer 2"]
    form.seed.value = "6"
    form.start_button.click()
    assert app.state.names == ("Mei", "Tom", "Computer 1", "Computer 2")
    assert app.kinds == {"Computer 1": "greedy", "Computer 2": "planner"}
    assert app.table.waiting_for() == ("Mei",)
    app.workshop_buttons[0].click()  # Mei's move; the computers play when it is theirs
    moves = [str(a) for a in app.state.history]
    set_default_language("zh-CN")
    app.relabel()
    assert app.state.names == ("Mei", "Tom", "电脑 1", "电脑 2")
    assert app.kinds == {"电脑 1": "greedy", "电脑 2": "planner"}
    assert [str(a) for a in app.state.history] == moves  # the people's moves, the same
    assert form.names[0].value == "Mei" and form.names[2].placeholder == "电脑 1"
    assert "Computer" not in app.turn.value + app.log_view.value
    set_default_language("en")
    app.relabel()
    assert app.state.names == ("Mei", "Tom", "Computer 1", "Computer 2")


def test_a_computer_placement_is_told_with_its_reason_in_the_app_and_at_a_table() -> None:
    app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=4)
    bot = make_bot("greedy", 9)
    while "Computer put the " not in app.log_view.value:
        app.act(bot.choose_action(app.state, "You"))
    assert re.search(r"Computer put the \w+ \d in [ABC][123]: (row|column|no Program)",
                     app.log_view.value)  # "Computer put the red 5 in A3: row A 2 + 3 = 5…"
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali"])
    code = rooms.open_room(classroom.join(made.code, "Ali", made.cards[0].secret).pupil,
                           made.code, seats=2, game="dream", seed=3).code
    ali = DreamRoomApp(rooms, code, classroom=classroom, poll=False)
    ali.panel.join_class(made.code, "Ali", made.cards[0].secret)
    ali.lobby_buttons.children[0].click()  # seat 2 to a computer
    ali.start_button.click()
    for _ in range(400):
        if "Computer 1 put the " in ali.view.log_view.value:
            break
        ali.act(bot.choose_action(ali.play.state, "Ali"))
        ali.sync()
    told = ali.view.log_view.value
    assert re.search(r"Computer 1 put the \w+ \d in [ABC][123]: (row|column|no Program)", told)
    assert not re.search(r"Ali put the \w+ \d in [ABC][123]:", told)  # a person: no reason
