"""The game app and its views, driven by clicks without a browser."""

from __future__ import annotations

import base64
import datetime
import json
import re

import ipywidgets as w
import pytest
from ipywidgets.widgets import widget as widget_module

from lnb.babbage.game import Game, GameOptions, Phase
from lnb.babbage.game.random_play import play_random_game
from lnb.babbage.programs import Program
from lnb.babbage.records import write
from widgets.babbage.game_app import GameApp, Seat
from widgets.babbage.patrons import PatronsView
from widgets.babbage.resolution import ResolutionView
from widgets.babbage.scoreboard import ScoreSheetView
from widgets.core.saveload import NOT_A_GAME

YOU = Seat("You", character="Ada Lovelace")
BOT = Seat("Babbage", computer=True, character="Charles Babbage")


def resolve_by_clicks(app: GameApp) -> None:
    """Step through the Round's rows (taking the second choice when one is offered) until the
    app shows the resolved Round."""
    for _ in range(40):
        if app.reviewing is not None:
            return
        if app.choice_box.children:
            app.choice_box.children[1].click()
        else:
            app.resolution.step_button.click()


def play_round_by_clicks(app: GameApp) -> int:
    """Target, write a program, finish, resolve; return the Round played."""
    state = app.state
    round_no = state.round
    assert state.phase is Phase.TARGET
    targets = app.subs_view.target_buttons
    assert targets, "the person is asked for a target"
    next(iter(targets.values())).click()
    if state.phase is Phase.ACTIVATE:
        app.subs_view.activate_button.click()
    assert state.phase is Phase.PROGRAM
    assert app.race_panel in app.body.children and app.builder in app.race_panel.children
    # write two rows by clicking the first enabled buttons
    for _ in range(2):
        enabled = [b for s in app.builder.board_view.spaces.values()
                   for b in s.buttons.values() if not b.disabled]
        enabled[0].click()
    assert len(state.player("You").play.program) == 2  # the State holds the draft
    app.builder.done_button.click()
    assert state.phase in (Phase.RESOLUTION, Phase.DEBUG)
    assert app.resolution in app.body.children
    resolve_by_clicks(app)
    assert app.reviewing == round_no
    assert app.resolution.finished
    return round_no


def test_whole_game_against_a_computer_by_clicks() -> None:
    app = GameApp([YOU, BOT], seed=11)
    rounds = []
    for _ in range(4):
        rounds.append(play_round_by_clicks(app))
        shown = app.resolution.table.value
        for event in app._round_events(rounds[-1]):
            assert event.text.replace("−", "−") in shown.replace("&gt;", ">")
        assert app.scores.totals() == {n: p.total
                                       for n, p in ((p.name, p) for p in
                                                    app.state.score_sheet().players)}
        app.next_button.click()
    assert rounds == [1, 2, 3, 4]
    assert app.state.is_terminal()
    assert app.scores in app.body.children
    assert "wins" in app.scores.headline.value or "win" in app.scores.headline.value
    # save: a data: URL holding a record that replays to the same scores
    app.save_button.click()
    href = re.search(r"href='data:application/json;base64,([^']+)'", app.download.value)
    record = json.loads(base64.b64decode(href.group(1)))
    assert record["format"] == "lnb-game/1" and len(record["rounds"]) == 4
    from lnb.babbage.records import replay

    assert replay(record).sheet.ranking == app.state.score_sheet().ranking


def test_computer_finishes_on_the_browser_clock_and_timer_starts() -> None:
    app = GameApp([YOU, BOT], seed=5, think=10.0)
    next(iter(app.subs_view.target_buttons.values())).click()
    state = app.state
    assert state.phase is Phase.PROGRAM and app.clock.playing
    assert not app.timer.running
    app.clock.value = 9
    assert state.finished == ()
    app.clock.value = 10  # the computer is done: the minute starts
    assert state.finished == ("Babbage",)
    assert app.timer.running
    assert "1. Babbage" in app.finished_line.value
    app.timer.play.value = 60  # the minute is over: TimeUp
    assert state.phase in (Phase.RESOLUTION, Phase.DEBUG)
    assert state.order == ("Babbage", "You") and state.stopped == ("You",)


def test_untimed_game_has_no_bell() -> None:
    app = GameApp([YOU, BOT], seed=5, timed=False, think=1.0)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.clock.value = 1
    assert app.state.finished == ("Babbage",)
    assert not app.timer.running and app.timer.label.value == "No time limit"
    assert app.state.phase is Phase.PROGRAM


def test_rules_error_goes_to_status_line_and_state_is_kept() -> None:
    app = GameApp([YOU, BOT], seed=2)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.typed.value = "E1+"
    assert app.builder.status.kind == "error"
    assert "not revealed" in app.builder.status.text
    assert len(app.state.player("You").play.program) == 0


def test_setup_form_starts_a_game_and_refuses_twice_the_same_character() -> None:
    app = GameApp()
    assert app.body.children == (app.setup,)
    app.setup.count.value = 3
    app.setup.rows[2].children[2].value = "Ada Lovelace"  # same as seat 1
    app.setup.start_button.click()
    assert app.state is None
    assert app.status.kind == "error" and "already played" in app.status.text
    app.setup.rows[2].children[2].value = "Mary Somerville"
    app.setup.rows[2].children[1].value = "beginner"
    app.setup.timed.value = False  # "No time limit"
    app.setup.mental.value = True
    app.setup.start_button.click()
    assert app.state is not None and app.state.names == ("You", "Computer", "Player 3")
    assert set(app.computers) == {"Computer", "Player 3"}
    assert app.state.options.mental_arithmetic and not app.timer.timed


def test_setup_form_says_what_each_computer_strength_means() -> None:
    import html

    from lnb.babbage.bots import REGISTRY

    setup = GameApp().setup
    assert setup.strengths in setup.children
    assert setup.children.index(setup.strengths) == setup.children.index(setup.rows[-1]) + 1
    text = setup.strengths.value
    for name in ("beginner", "greedy", "planner"):
        assert f"<b>{name}</b>, {html.escape(REGISTRY.kind(name).describe)}" in text
    # Weakest first, like the ladder a class climbs.
    assert text.index("beginner") < text.index("greedy") < text.index("planner")


def test_unexpected_error_is_an_apology_with_a_way_on(monkeypatch) -> None:
    app = GameApp([YOU, BOT], seed=2)
    monkeypatch.setattr(app, "_target", app.status.guarded(lambda n: 1 / 0))
    app.subs_view.on_target = app._target
    next(iter(app.subs_view.target_buttons.values())).click()
    assert app.status.kind == "sorry" and "ZeroDivisionError" not in app.status.message.value
    app.status.carry_on.click()
    assert app.status.text == "" and app.state.phase is Phase.TARGET


def upload(app: GameApp, name: str, content: bytes) -> None:
    """What the browser sends when a file is chosen."""
    app.upload.value = ({"name": name, "type": "application/json", "size": len(content),
                         "content": memoryview(content),
                         "last_modified": datetime.datetime.now(datetime.timezone.utc)},)


def test_load_a_record_and_a_broken_file_keeps_the_game() -> None:
    finished = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")],
                                     seed=4), seed=4)
    app = GameApp([YOU, BOT], seed=2)
    before = app.state
    upload(app, "bad.json", b"{oops")
    assert app.state is before
    assert app.status.kind == "error"
    assert app.status.text == str(NOT_A_GAME)
    upload(app, "x.json", b"\xff\xfe")
    assert app.state is before and "not text" in app.status.text
    text = json.dumps(write(finished)).encode()
    upload(app, "g.json", text)
    assert app.loaded and app.state.is_terminal()
    assert app.scores.totals() == {p.name: p.total for p in finished.score_sheet().players}
    app.review_rounds.value = 2
    assert app.resolution.events == tuple(e for e in finished.events if e.round == 2)


def saved_record(app: GameApp) -> dict:
    """Click "Save the game" and read the record out of the download link."""
    app.save_button.click()
    href = re.search(r"href='data:application/json;base64,([^']+)'", app.download.value)
    assert href, app.status.text
    return json.loads(base64.b64decode(href.group(1)))


def test_save_mid_round_is_refused_in_words() -> None:
    app = GameApp([YOU, BOT], seed=2)
    next(iter(app.subs_view.target_buttons.values())).click()
    assert app.state.phase is Phase.PROGRAM
    app.save_button.click()
    assert app.status.kind == "error"
    assert "Round 1 is under way" in app.status.text
    assert "after this Round's rows are resolved" in app.status.text
    assert app.download.value == "" and app.state.phase is Phase.PROGRAM


def test_save_before_the_first_round_gives_an_empty_game() -> None:
    app = GameApp([YOU, BOT], seed=2)  # the computer has already chosen its target
    record = saved_record(app)
    assert record["rounds"] == [] and record["seat_order"] == list(app.state.seats)
    assert record["players"] == [{"name": "You", "character": "Ada Lovelace"},
                                 {"name": "Babbage", "character": "Charles Babbage",
                                  "computer": "greedy"}]


def test_save_after_round_one_and_resume_in_a_new_app() -> None:
    app = GameApp([YOU, Seat("Babbage", computer=True, character="Charles Babbage",
                             bot="planner")], seed=8)
    play_round_by_clicks(app)
    record = saved_record(app)  # while Round 1's rows are still shown
    assert "after Round 1" in app.status.text and "after-round-1" in app.download.value
    app.next_button.click()  # Round 2's Target phase: still between Rounds
    assert saved_record(app) == record
    assert len(record["rounds"]) == 1 and record["players"][1]["computer"] == "planner"
    standing = app.state.score_sheet().ranking

    fresh = GameApp()
    upload(fresh, "g.json", json.dumps(record).encode())
    state = fresh.state
    assert not fresh.loaded and state.round == 2 and state.phase is Phase.TARGET
    assert {n: c.kind for n, c in fresh.computers.items()} == {"Babbage": "planner"}
    assert fresh.persons() == ["You"] and "Round 2" in fresh.status.text
    assert state.player("Babbage").target is not None  # the computer chose again
    assert state.score_sheet().ranking == standing
    assert [p.start for p in state.players.values()] == \
        [p.start for p in app.state.players.values()]
    assert play_round_by_clicks(fresh) == 2
    for round_no in (3, 4):
        fresh.next_button.click()
        assert play_round_by_clicks(fresh) == round_no
    fresh.next_button.click()
    assert fresh.state.is_terminal() and fresh.scores in fresh.body.children
    final = saved_record(fresh)
    assert final["rounds"][0] == record["rounds"][0] and len(final["rounds"]) == 4
    from lnb.babbage.records import replay

    assert [p.total for p in replay(final).sheet.players] == \
        [p.total for p in fresh.state.score_sheet().players]


def test_an_untimed_game_resumes_untimed_and_a_timed_one_timed() -> None:
    app = GameApp([YOU, BOT], seed=8, timed=False)
    play_round_by_clicks(app)
    record = saved_record(app)
    assert record["untimed"] is True
    fresh = GameApp()  # the setup form says 60 seconds: the record wins
    assert fresh.setup.timed.value is True and fresh.setup.timed.label == "60 seconds"
    upload(fresh, "g.json", json.dumps(record).encode())
    assert not fresh.timed and not fresh.timer.timed
    timed = GameApp([YOU, BOT], seed=8)
    play_round_by_clicks(timed)
    assert saved_record(timed)["untimed"] is False
    upload(fresh, "g.json", json.dumps(saved_record(timed)).encode())
    assert fresh.timed and fresh.timer.seconds == 60
    no_word = saved_record(timed)
    del no_word["untimed"]  # a record from elsewhere: the game on screen's timer stays
    on_screen = GameApp([YOU, BOT], seed=1, timed=False)
    upload(on_screen, "g.json", json.dumps(no_word).encode())
    assert not on_screen.timed and on_screen.state.round == 2


def test_a_record_without_computers_resumes_with_people_only() -> None:
    state = Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")], seed=4
                 ).new_initial_state()
    app = GameApp()
    upload(app, "g.json", json.dumps(write(state)).encode())
    assert app.computers == {} and app.persons() == ["Ada", "Bea"]
    assert app.state.round == 1 and "Ada: choose a Subroutine" in app.phase_title.value


def test_a_broken_unfinished_record_keeps_the_current_game() -> None:
    app = GameApp([YOU, BOT], seed=8)
    play_round_by_clicks(app)
    record = saved_record(app)
    other = GameApp([YOU, BOT], seed=3)
    before = other.state
    broken = json.loads(json.dumps(record))
    broken["rounds"][0]["plays"]["You"]["program"] = "A3+ A3+ C1+"
    upload(other, "b.json", json.dumps(broken).encode())
    assert other.state is before and other.status.kind == "error"
    assert other.status.text.startswith("That saved game is damaged, so it cannot be loaded: "
                                        "your game goes on. For your teacher: Round 1, You")
    assert "row 3" in other.status.text
    broken = json.loads(json.dumps(record))
    broken["players"][1]["computer"] = "genius"
    upload(other, "b.json", json.dumps(broken).encode())
    assert other.state is before and "'genius' is not one of" in other.status.text
    assert other.computers["Babbage"].kind == "greedy"


def test_views_draw_state() -> None:
    state = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")],
                                  seed=9), seed=9)
    sheet = state.score_sheet()
    view = ScoreSheetView(sheet)
    for p in sheet.players:
        assert f"<b>{p.total}</b>" in view.table.value
        for line in p.lines:
            assert line.split(":")[0] in view.details.value
    events = [e for e in state.events if e.round == 1]
    res = ResolutionView(events, order=[])
    res.all_button.click()
    assert res.finished and res.shown == len(events)
    assert res.step_button.disabled and res.pause_button.disabled
    assert PatronsView().cards.value.startswith("<div class='lnb-muted'>")


def test_hot_seat_people_write_in_turn_and_the_minute_runs() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    state = app.state
    for name in ("You", "Bea"):
        assert app.phase_title.value.endswith(
            f"{name}: choose a Subroutine to target (others, look away!)")
        next(iter(app.subs_view.target_buttons.values())).click()
    assert "You: write your program" in app.builder.title.value
    app.builder.board_view.button("A3+").click()
    app.builder.done_button.click()
    assert state.finished == ("You",) and app.timer.running
    assert "Bea: write your program" in app.builder.title.value
    assert app.builder.program == state.player("Bea").play.program  # Bea's own, empty
    app.builder.board_view.button("A1-").click()
    app.timer.play.value = 60  # the bell: Bea's draft stands
    assert state.phase is Phase.RESOLUTION
    assert state.order == ("You", "Bea") and state.stopped == ("Bea",)
    assert str(state.player("Bea").play.program) == "A1-"


def target_for_people(app: GameApp, people: int) -> None:
    for _ in range(people):
        next(iter(app.subs_view.target_buttons.values())).click()
    assert app.state is not None and app.state.phase is Phase.PROGRAM


def test_hot_seat_a_later_person_gets_a_full_minute_on_a_fresh_clock() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville"), BOT], seed=8, think=10.0)
    target_for_people(app, 2)
    state = app.state
    app.clock.value = 10  # Babbage is done by You's clock: You's minute starts
    assert app.timer.running and "1. Babbage" in app.finished_line.value
    assert state.finished == ()  # Bea may yet be quicker than Babbage
    assert "Next: Bea (with a fresh clock)" in app.finished_line.value
    app.clock.value = 50
    app.builder.done_button.click()  # You finish 50 s into your turn
    assert "Bea: write your program" in app.builder.title.value
    assert app.clock.value == 0 and not app.timer.running  # Bea's own clock, from 0
    assert "Nobody is done yet" in app.finished_line.value
    app.clock.value = 10  # Babbage's 10 s on Bea's clock: her minute starts, a full one
    assert app.timer.running and app.timer.remaining == 60
    assert state.finished == ("Babbage",)  # Bea writes last: what is past is certain
    app.clock.value = 30
    app.builder.done_button.click()
    assert state.phase is not Phase.PROGRAM
    assert state.order == ("Babbage", "Bea", "You") and state.stopped == ()
    assert [state.finish_seconds[n] for n in state.order] == [10.0, 30.0, 50.0]


def test_hot_seat_the_quicker_later_person_finishes_first() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    target_for_people(app, 2)
    app.clock.value = 40
    app.builder.done_button.click()
    app.clock.value = 12
    app.builder.done_button.click()
    assert app.state.order == ("Bea", "You")


def test_hot_seat_the_bell_stops_only_the_person_writing() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville"), BOT], seed=8, think=5.0)
    target_for_people(app, 2)
    app.clock.value = 5
    app.timer.play.value = 60  # You's bell: You stop, Bea writes next
    assert "Time is up!" in app.status.text
    assert "Bea: write your program" in app.builder.title.value
    assert app.state.phase is Phase.PROGRAM
    app.clock.value = 8
    app.builder.done_button.click()
    assert app.state.order == ("Babbage", "Bea", "You") and app.state.stopped == ("You",)


def test_computers_only_play_a_whole_game_to_watch() -> None:
    app = GameApp([Seat("Ada", computer=True, character="Ada Lovelace", bot="planner"),
                   Seat("Babbage", computer=True, character="Charles Babbage")], seed=3)
    for round_no in range(1, 5):
        assert app.state.round == round_no
        assert app.state.phase in (Phase.RESOLUTION, Phase.DEBUG)  # nobody to wait for
        resolve_by_clicks(app)
        app.next_button.click()
    assert app.state.is_terminal() and app.scores in app.body.children


def test_mental_arithmetic_wrong_result_offers_debug_or_keep() -> None:
    app = GameApp([YOU, BOT], options=GameOptions(mental_arithmetic=True), seed=6)
    state = app.state
    next(iter(app.subs_view.target_buttons.values())).click()
    builder = app.builder
    assert builder.mental
    builder.board_view.button("A3+").click()
    assert "60" not in builder.question.value  # the pupil works it out
    builder.answer.value = "61"  # wrong: 55 + 5 = 60
    assert state.player("You").play.program.written == (61,)
    builder.done_button.click()
    for _ in range(10):
        if app.debug_box.children:
            break
        app.resolution.step_button.click()
    assert state.phase is Phase.DEBUG
    text = app.debug_box.children[0].value
    assert "you wrote 61" in text and "55 + 5 = 60" in text
    keep = app.debug_box.children[1]
    keep.click()
    assert state.phase is not Phase.DEBUG
    assert any(e.player == "You" and e.written == 61 and e.result == 60
               for e in state.events)


def test_handicap_from_the_setup_form() -> None:
    app = GameApp()
    app.setup.rows[0].children[3].value = "Art"
    app.setup.start_button.click()
    assert app.state.player("You").influence["Art"] == 1
    assert app.state.options.handicap_for("You") == ("Art",)


# -- loading a file: its content only, never a path on the server --------------------------
@pytest.mark.parametrize("content", [b"not json", b"", b"[1, 2]", b'{"name": "x"}',
                                     b"\xef\xbb\xbf", b"[" * 100_000])
def test_an_upload_that_is_not_a_saved_game_is_one_plain_sentence(content: bytes) -> None:
    app = GameApp([YOU, BOT], seed=2)
    before = app.state
    upload(app, "notes.json", content)
    assert app.state is before and app.status.kind == "error"
    assert app.status.text == str(NOT_A_GAME)


def test_an_upload_with_a_byte_order_mark_loads() -> None:
    state = Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")], seed=4
                 ).new_initial_state()
    app = GameApp([YOU, BOT], seed=2)
    upload(app, "g.json", b"\xef\xbb\xbf" + json.dumps(write(state)).encode())
    assert app.status.kind == "ok" and app.persons() == ["Ada", "Bea"]


@pytest.mark.parametrize("path", ["/etc/hostname", "saved"])
def test_an_upload_naming_a_file_on_the_server_is_refused(tmp_path, monkeypatch,
                                                          path: str) -> None:
    """A file whose content is a path: the server's file is never read, even a saved game."""
    finished = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Mary Somerville")],
                                     seed=4), seed=4)
    saved = tmp_path / "game.json"
    saved.write_text(json.dumps(write(finished)), "utf-8")
    if path == "saved":
        path = str(saved)
    monkeypatch.chdir(tmp_path)
    app = GameApp([YOU, BOT], seed=2)
    before = app.state
    upload(app, "path.json", path.encode())
    assert app.state is before and not app.loaded
    assert app.status.kind == "error" and app.status.text == str(NOT_A_GAME)


# -- choices, errors during the resolution, widget models ---------------------------------
def write_a_program_claiming_a_patron(app: GameApp) -> None:
    """Click the shortest program that reaches one of this Round's Patrons."""
    from lnb.babbage.solver import Solver

    state, name = app.state, app._person
    solver = Solver(state.board, start=state.start_value(name))
    for slot in state.patrons:
        solution = solver.solve(slot.value, limit=state.program_limit(name))
        if solution.length:
            for op in solution.program.operations:
                app.builder.board_view.button(op).click()
            return


def choose_with_buttons(app: GameApp) -> list[str]:
    """Play until a person chooses a Patron or an Influence; the buttons' labels."""
    for _ in range(60):
        if app.reviewing is not None:
            app.next_button.click()
        elif app.state.phase is Phase.TARGET:
            next(iter(app.subs_view.target_buttons.values())).click()
        elif app.state.phase is Phase.ACTIVATE:
            app.subs_view.activate_button.click()
        elif app.state.phase is Phase.PROGRAM:
            if app._person == "You":
                write_a_program_claiming_a_patron(app)
            app.builder.done_button.click()
        elif app.choice_box.children:
            return [b.description for b in app.choice_box.children[1:]]
        else:
            app.resolution.step_button.click()
    raise AssertionError("nobody was asked to choose")


def test_choice_buttons_keep_influence_names_as_written() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    labels = choose_with_buttons(app)
    takes = [label.split("ake ")[1] for label in labels if "ake " in label]
    assert takes, labels
    types = {t for slot in app.state.patrons for t in slot.patron.types}
    assert set(takes) <= types, labels  # "Take Art", as the Patron card says, not "Take art"
    assert all(label[0].isupper() for label in labels)


def test_a_choice_shows_its_row_and_names_the_patron() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    labels = choose_with_buttons(app)
    state = app.state
    name, row = state.turn()
    trace_row = state.player(name).play.trace.rows[row - 1]
    prompt = app.choice_box.children[0].value
    assert f"{name}, row {row}:" in prompt and trace_row.text in prompt  # 55 + 5 = 60 ...
    claimed = state.row_choices(name).patrons
    names = {slot.value: slot.patron.name for slot in state.patrons}
    for label in labels:
        assert any(label.startswith(f"Patron {v:02d} {names[v]}: ") for v in claimed), labels


def test_the_save_message_and_link_go_when_the_next_round_starts() -> None:
    app = GameApp([YOU, BOT], seed=8)
    play_round_by_clicks(app)
    app.save_button.click()
    assert "after Round 1" in app.status.text and "lnb-download-link" in app.download.value
    app.next_button.click()
    assert app.state.round == 2
    assert app.download.value == "" and app.status.text == ""


def test_another_message_is_not_taken_away_with_the_save() -> None:
    app = GameApp([YOU, BOT], seed=8)
    play_round_by_clicks(app)
    app.save_button.click()
    app.status.info("Something else to read.")
    app.next_button.click()
    assert app.download.value == "" and app.status.text == "Something else to read."


def test_the_writers_target_is_shown_beside_the_program() -> None:
    app = GameApp([YOU, BOT], seed=8)
    number = next(iter(app.subs_view.target_buttons))
    app.subs_view.target_buttons[number].click()
    assert app.state.phase is Phase.PROGRAM
    assert app.race_panel.children == (app.builder, app.target_card)
    assert f"{number:02d}" in app.target_card.value and "Your target" in app.target_card.value


def test_projector_mode_from_the_flag_and_the_toggle() -> None:
    app = GameApp([YOU, BOT], seed=8, projector=True)
    assert "lnb-projector" in app._dom_classes and app.projector_toggle.value
    app.projector_toggle.value = False
    assert "lnb-projector" not in app._dom_classes and not app.projector
    assert "lnb-projector" not in GameApp()._dom_classes


def test_the_page_address_turns_projector_mode_on(monkeypatch) -> None:
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)  # not a preheated kernel: no wait
    app = GameApp()
    monkeypatch.setenv("QUERY_STRING", "projector=0")
    app.open_page()
    assert not app.projector
    monkeypatch.setenv("QUERY_STRING", "projector=1")
    app.open_page()
    assert app.projector and "lnb-projector" in app._dom_classes


def test_an_error_while_resolving_shows_in_the_apps_status_line(monkeypatch) -> None:
    app = GameApp([YOU, BOT], seed=11)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.board_view.button("A3+").click()
    app.builder.done_button.click()
    assert app.state.phase is Phase.RESOLUTION
    computer = app.computers["Babbage"]
    monkeypatch.setattr(computer, "choose_action", lambda state, player=None: 1 / 0)
    for _ in range(10):
        if app.status.kind:
            break
        app.resolution.step_button.click()
    assert app.status.kind == "sorry" and "ZeroDivisionError" in app.status.last_error
    assert app.resolution.status.kind == ""  # not hidden inside the resolution view
    assert app.state.phase is Phase.RESOLUTION
    monkeypatch.undo()
    app.status.carry_on.click()  # the app's Carry on: the game goes on
    assert app.status.text == ""
    resolve_by_clicks(app)
    assert app.reviewing == 1 and app.resolution.finished


def _live_models() -> dict[str, w.Widget]:
    return dict(widget_module._instances)


def _reachable(root: w.Widget) -> set[int]:
    """Every widget the app still holds: its children, parts and attributes."""
    seen: set[int] = set()
    todo: list[object] = [root]
    while todo:
        item = todo.pop()
        if isinstance(item, w.Widget):
            if id(item) in seen:
                continue
            seen.add(id(item))
            todo.extend(vars(item).values())
        elif isinstance(item, dict):
            todo.extend(item.values())
        elif isinstance(item, (list, tuple, set, frozenset)):
            todo.extend(item)
    return seen


def test_a_whole_game_by_clicks_does_not_pile_up_widget_models() -> None:
    before = set(_live_models())
    app = GameApp([YOU, BOT], seed=11)
    counts = []
    for _ in range(4):
        play_round_by_clicks(app)
        counts.append(len(set(_live_models()) - before))
        app.next_button.click()
    assert app.state.is_terminal()
    held = _reachable(app)
    left = [type(m).__name__ for k, m in _live_models().items()
            if k not in before and id(m) not in held]
    assert left == [], left  # every model made and dropped during the game was closed
    assert counts[3] <= 1.5 * counts[0], counts


def test_a_debug_reuses_one_rewrite_builder() -> None:
    app = GameApp([YOU, BOT], options=GameOptions(mental_arithmetic=True), seed=6)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.board_view.button("A3+").click()
    app.builder.answer.value = "61"  # wrong: 55 + 5 = 60
    app.builder.done_button.click()
    for _ in range(10):
        if app.debug_box.children:
            break
        app.resolution.step_button.click()
    app.debug_button.click()
    rewrite = app.debug_box.children[-1]
    assert rewrite is app.rewrite and rewrite.start == 55 and rewrite.mental
    rewrite.board_view.button("A3-").click()
    app.resolution.step_button.click()  # drawn again: the draft is kept
    assert app.debug_box.children[-1] is rewrite and str(rewrite.pending) == "A3-"
    rewrite.answer.value = "50"
    rewrite.done_button.click()
    assert app.state.phase is not Phase.DEBUG and app.debug_box.children == ()
    assert any(e.player == "You" and e.operation == "A3-" and e.result == 50
               for e in app.state.events)


# -- the fresh minute of a Debug rewrite (RULES.md §4.5) ------------------------------------
def wrong_second_row(timed: bool = True) -> GameApp:
    """A mental-arithmetic game paused at You's wrong row 2 (60 ÷ 2 written as 31)."""
    app = GameApp([YOU, BOT], options=GameOptions(mental_arithmetic=True), seed=6, timed=timed)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.type_rows("A3+ 60 A4/ 31")
    app.builder.done_button.click()
    for _ in range(10):
        if app.debug_box.children:
            break
        app.resolution.step_button.click()
    assert app.state.debug_from() == ("You", 2, 60)
    return app


def test_choosing_debug_starts_a_fresh_timer_beside_the_rewrite() -> None:
    app = wrong_second_row()
    assert app.debug_button in app.debug_box.children and app.keep_button in app.debug_box.children
    assert not app.debug_timer.running  # nothing ticks while the player decides
    app.debug_button.click()
    timer = app.debug_timer
    assert app.debug_box.children == (app.debug_text, timer, app.rewrite)  # Keep is gone
    assert timer.running and timer.play.playing and timer.seconds == 60
    assert timer is not app.timer and not app.timer.running  # not the Round's minute
    assert "rewrite from row 2" in app.debug_text.value and app.rewrite.start == 60


def test_handing_in_the_rewrite_early_stops_its_timer() -> None:
    app = wrong_second_row()
    app.debug_button.click()
    app.rewrite.type_rows("A3- 55")
    app.rewrite.done_button.click()
    state = app.state
    assert state.phase is not Phase.DEBUG and app.debug_box.children == ()
    assert not app.debug_timer.running and not app.debug_timer.play.playing
    assert str(state.player("You").play.program) == "A3+ 60, A3- 55"
    events = len(state.events)
    app.debug_timer.play.value = app.debug_timer.play.max  # a late tick from the page
    assert len(state.events) == events and state.player("You").debugs == 1
    assert app.status.kind != "sorry" and "Time is up" not in app.status.text


def test_at_zero_the_rewrite_is_handed_in_as_written_so_far() -> None:
    app = wrong_second_row()
    app.debug_button.click()
    app.rewrite.type_rows("A3- 55")
    app.rewrite.board_view.button("B1-").click()  # a row still waiting for its Result
    assert app.rewrite.pending is not None
    app.debug_timer.expire()
    player = app.state.player("You")
    assert app.state.phase is not Phase.DEBUG and player.debugs == 1
    assert str(player.play.rewrite) == "A3- 55"  # the unfinished row is dropped
    assert str(player.play.program) == "A3+ 60, A3- 55"
    assert "Time is up" in app.status.text and not app.debug_timer.running
    assert any(e.player == "You" and e.row == 2 and e.operation == "A3-" and e.result == 55
               for e in app.state.events)


def test_at_zero_with_nothing_written_only_the_rows_above_remain() -> None:
    app = wrong_second_row()
    app.debug_button.click()
    app.debug_timer.expire()
    player = app.state.player("You")
    assert player.debugs == 1 and len(player.play.rewrite) == 0
    assert str(player.play.program) == "A3+ 60"
    assert not any(e.player == "You" and e.row == 2 for e in app.state.events)


def test_at_zero_a_rewrite_the_rules_refuse_leaves_the_rows_above() -> None:
    app = wrong_second_row()
    app.debug_button.click()
    app.rewrite.program = Program.parse("A3+ 65 A3+ 70 A3+ 75 A3+ 80 A3+ 85")  # over the limit
    app.debug_timer.expire()
    player = app.state.player("You")
    assert player.debugs == 1 and str(player.play.program) == "A3+ 60"
    assert "over the limit" in app.status.text


def test_untimed_game_debugs_without_a_timer() -> None:
    app = wrong_second_row(timed=False)
    app.debug_button.click()
    assert app.debug_box.children == (app.debug_text, app.rewrite)
    assert not app.debug_timer.timed and not app.debug_timer.running
    app.rewrite.type_rows("A3- 55")
    app.rewrite.done_button.click()
    assert str(app.state.player("You").play.program) == "A3+ 60, A3- 55"


# --------------------------------------------------------------------------- the trial's defects
def test_a_save_before_round_one_is_named_by_where_the_game_is_and_goes_with_it() -> None:
    app = GameApp([YOU, BOT], seed=2)
    app.save_button.click()
    link = app.download.value
    assert "round-1-target.json" in link and "round-0" not in link, link
    assert "Round 0" not in app.status.text and "start of Round 1" in app.status.text
    next(iter(app.subs_view.target_buttons.values())).click()  # the game moves on
    assert app.download.value == "" and app.status.text == ""


def test_a_save_link_goes_once_a_person_has_targeted() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=2)
    app.save_button.click()
    assert app.download.value
    next(iter(app.subs_view.target_buttons.values())).click()  # You target: Bea's turn
    assert app.state.phase is Phase.TARGET and app.download.value == ""


def test_the_typed_rows_box_is_empty_when_a_new_round_starts() -> None:
    app = GameApp([YOU, BOT], seed=8)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.typed.value = "C1+"  # refused: level C is not revealed; the text is kept
    assert app.builder.status.kind == "error" and app.builder.typed.value == "C1+"
    app.builder.done_button.click()
    resolve_by_clicks(app)
    app.next_button.click()
    next(iter(app.subs_view.target_buttons.values())).click()
    if app.state.phase is Phase.ACTIVATE:
        app.subs_view.activate_button.click()
    assert app.state.phase is Phase.PROGRAM and app.state.round == 2
    assert app.builder.typed.value == ""


def test_a_refused_row_writes_its_minus_sign_as_the_arithmetic_does() -> None:
    from widgets.babbage.program_builder import ProgramBuilder

    builder = ProgramBuilder(start=2)
    reason = builder.board_view.button("A3-").tooltip  # 02 − 5 leaves 00–99
    assert "= −3" in reason and "-3" not in reason, reason


def test_activate_says_carry_on_until_a_box_is_ticked() -> None:
    from lnb.babbage.game import Finish, Target
    from widgets.babbage.subroutines import SubroutinesView

    state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")]).new_initial_state()
    state.players["Ada"].completed += [(14, 1)]  # as if completed in Round 1
    for name, sub in (("Ada", 86), ("Bea", 93)):
        state.apply_action(Target(name, sub))
    for name in state.current_players():
        state.apply_action(Finish(name))
    for name, sub in (("Ada", 86), ("Bea", 93)):
        state.apply_action(Target(name, sub))
    assert state.phase is Phase.ACTIVATE
    view = SubroutinesView(on_activate=lambda numbers: None)
    view.refresh(state, "Ada", mode="activate")
    assert list(view.ticks) == [14]
    assert view.activate_button.description == "Carry on"  # nothing ticked: nothing to use
    view.ticks[14].value = True
    assert view.activate_button.description == "Activate"
    view.ticks[14].value = False
    assert view.activate_button.description == "Carry on"


def play_to_a_choice_with_rows_after_it(app: GameApp) -> None:
    """Play to the first choice, You writing a program that claims a Patron and one row
    more; then the Round's rows are shown again from the first (none revealed yet)."""
    for _ in range(80):
        if app.reviewing is not None:
            app.next_button.click()
        elif app.state.phase is Phase.TARGET:
            next(iter(app.subs_view.target_buttons.values())).click()
        elif app.state.phase is Phase.ACTIVATE:
            app.subs_view.activate_button.click()
        elif app.state.phase is Phase.PROGRAM:
            if app._person == "You":
                write_a_program_claiming_a_patron(app)
                enabled = [b for s in app.builder.board_view.spaces.values()
                           for b in s.buttons.values() if not b.disabled]
                enabled[0].click()
            app.builder.done_button.click()
        elif app.choice_box.children:
            break
        else:
            app.resolution.step_button.click()
    assert app.choice_box.children, "nobody was asked to choose"
    app._clear_choices()
    app.resolution.load(app._round_events(app.state.round), app.state.order, complete=False)


def play_until_it_stops(view: ResolutionView) -> None:
    """Press Play and count as the browser's hidden Play does while it plays."""
    view.play_button.click()
    for _ in range(40):
        if not view.play.playing:
            return
        view.play.value += 1


def test_play_goes_on_after_the_choice_it_stopped_at() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    play_to_a_choice_with_rows_after_it(app)
    view = app.resolution
    play_until_it_stops(view)
    assert app.choice_box.children, "Play stops where a player must choose"
    assert view.paused_for_choice and not view.play.playing
    assert not view.pause_button.disabled and view.play_button.disabled
    assert "Play goes on after the choice" in view.progress.value
    shown = view.shown
    app.choice_box.children[1].click()
    assert view.shown == shown + 1 and not view.finished
    assert view.play.playing and not view.paused_for_choice


def test_pause_at_a_choice_means_play_does_not_go_on() -> None:
    app = GameApp([YOU, Seat("Bea", character="Mary Somerville")], seed=8)
    play_to_a_choice_with_rows_after_it(app)
    view = app.resolution
    play_until_it_stops(view)
    view.pause_button.click()
    app.choice_box.children[1].click()
    assert not view.finished
    assert not view.play.playing and not view.play_button.disabled


def first_control(app: GameApp, expected: w.Widget, what: str) -> None:
    """The app asked the page to focus ``expected`` (a class lnb-focus-<n> on it)."""
    target = app.keyboard.target
    assert target is expected, f"{what}: focus asked for {target!r}"
    assert any(c.startswith("lnb-focus-") for c in expected._dom_classes), what


def test_after_every_action_the_focus_goes_to_the_next_thing_to_do() -> None:
    app = GameApp([YOU, BOT], seed=8)
    assert app.keyboard.target is None  # the first screen is read first
    for round_no in range(1, 5):
        targets = app.subs_view.buttons.children
        if round_no > 1:
            first_control(app, targets[0], f"Round {round_no}: the first Target")
        targets[0].click()
        if app.state.phase is Phase.ACTIVATE:
            first_control(app, app.subs_view.buttons.children[0], "the first box to tick")
            app.subs_view.activate_button.click()
        assert app.state.phase is Phase.PROGRAM
        first_control(app, app.builder.board_view.grid, "the board, to write the program")
        write_a_program_claiming_a_patron(app)
        app.builder.done_button.click()
        first_control(app, app.resolution.step_button, "Step, to resolve the rows")
        for _ in range(60):
            if app.reviewing is not None:
                break
            if app.choice_box.children:
                first_control(app, app.choice_box.children[1], "the first choice")
                app.choice_box.children[1].click()
                if app.reviewing is None and not app.choice_box.children:
                    first_control(app, app.resolution.step_button, "Step, after the choice")
            else:
                app.resolution.step_button.click()
        first_control(app, app.next_button, "Next Round")
        app.next_button.click()
    assert app.state.is_terminal()
    first_control(app, app.save_button, "Save the game, at the end")


def test_a_debug_offer_then_the_rewrite_then_the_rows_take_the_focus_in_turn() -> None:
    app = wrong_second_row()
    first_control(app, app.keep_button, "the Debug offer: Keep my rows")
    app.debug_button.click()
    first_control(app, app.rewrite.board_view.grid, "the rewrite: its board")
    app.rewrite.type_rows("A3- 55")
    app.rewrite.done_button.click()
    assert app.keyboard.target in (app.resolution.step_button, app.next_button,
                                   *app.choice_box.children[1:])
