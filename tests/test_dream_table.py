"""Ada's Dream at a live table, in the kernel (no browser): two pupils' pages and a computer
on one store (a SQLite file, and PostgreSQL), a clock moved by hand. The pupils play by
clicking the Dream board's buttons (the action a bot would choose, clicked as a pupil would:
a Store die then a Mill cell...); the computer seat and an absent pupil's seat are played by
the table."""

from __future__ import annotations

import json
from collections.abc import Iterator

import ipywidgets as w
import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.rooms import COMPUTER
from lnb.dream.actions import Place, TakePartner, TakeProgram
from lnb.dream.bots import make_bot
from tests.widget_comms import Message, counted_at, recording_comms
from widgets.dream.app import DreamApp
from widgets.dream.room_app import DreamRoomApp, room_page


def buttons(widget: w.Widget) -> Iterator[w.Button]:
    """Every button shown in ``widget``, depth first."""
    if isinstance(widget, w.Button):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from buttons(child)


def click(page: DreamRoomApp, action: object) -> None:
    """Make ``action`` as a pupil does: its button, or first the die, Program or Partner
    it starts from, then its button."""
    first = {Place: lambda a: ("slot", a.slot), TakeProgram: lambda a: ("program", a.program),
             TakePartner: lambda a: ("partner", a.partner)}.get(type(action))
    shown = list(buttons(page))
    target = [b for b in shown if getattr(b, "lnb_action", None) == action]
    if not target and first is not None:
        start = [b for b in shown if getattr(b, "lnb_value", None) == first(action)]
        assert start, f"no button starts {action}"
        start[0].click()
        target = [b for b in buttons(page) if getattr(b, "lnb_action", None) == action]
    assert target, f"no button makes {action}: {page.status.text}"
    assert not target[0].disabled
    target[0].click()


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Message]:
    """Every message the widgets made from now on send, in order: (their comm's id, the
    state sent), on a comm that sends as in a kernel."""
    return recording_comms(monkeypatch)


@pytest.fixture
def table(store_url: str):
    """A class of Ali and Bea, a Dream table of three seats (the third a computer), started,
    with both pupils' pages open; on each store engine (a SQLite file, PostgreSQL:
    ``tests/store_engines.py``)."""
    clock = Clock(1_800_000_000.0)
    store = ProgressStore(store_url, backups=False)
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    cards = dict(zip(("Ali", "Bea"), made.cards, strict=True))
    code = rooms.open_room(classroom.join(made.code, "Ali", cards["Ali"].secret).pupil,
                           made.code, seats=3, game="dream", seed=11).code

    def page(name: str) -> DreamRoomApp:
        opened = DreamRoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
        opened.panel.join_class(made.code, name, cards[name].secret)
        return opened

    ali, bea = page("Ali"), page("Bea")
    ali.sync(force=True)
    [computer] = [b for b in ali.lobby_buttons.children if "computer" in b.description]
    computer.click()
    ali.start_button.click()
    bea.sync(force=True)
    yield clock, rooms, code, ali, bea, page
    store.close()


def test_two_pupils_and_a_computer_play_to_the_final_scoring(sent, table) -> None:
    clock, rooms, code, ali, bea, _page = table
    pages = {"Ali": ali, "Bea": bea}
    bots = {name: make_bot("greedy", seed) for seed, name in enumerate(pages)}
    assert rooms.play(code).state.names == ("Ali", "Bea", "greedy")
    seen = 0
    for _ in range(2000):
        play = rooms.play(code)
        if play.finished:
            break
        clock.now += 0.5
        current = play.state.current_player
        if current not in pages:
            ali.sync()  # Ali's kernel appends the computer's moves
            continue
        page, other = pages[current], pages["Bea" if current == "Ali" else "Ali"]
        page.sync()
        assert current in page.phase_title.value  # "Your turn, Ali: ..."
        click(page, bots[current].choose_action(page.play.state, current))
        assert page.status.kind not in ("error", "sorry"), page.status.text
        other.sync()  # the other page sees the move at once
        assert other.version == page.version == rooms.version(code)
        assert other.view.log_view.value == page.view.log_view.value
        seen += 1
    play = rooms.play(code)
    assert play.finished and rooms.room(code).status == "over"
    assert seen > 20  # both pupils played their whole game by clicks
    assert {m.by for m in play.moves if m.seat == 2} == {COMPUTER}
    for page in (ali, bea):
        page.sync(force=True)
        assert "Final scoring" in page.view.score.value
        # drawn again: the redraw's number is sent after the boards the final scoring shows
        sent.clear()
        before = page._dom_classes
        page.view.draw_over(play, page.record_box)
        boards = max(i for i, (comm_id, state) in enumerate(sent)
                     if comm_id == page.view.others.comm.comm_id and "children" in state)
        assert boards < counted_at(page, sent, before)[-1], "counted before the boards"
        assert "download" in page.record_box.value
        assert page.view.score in page.body.children
    # the record loads into the Dream app, computer seat marked, the same game
    text = rooms.record_json(code)
    assert json.loads(text)["players"][2] == {"name": "greedy", "computer": "greedy"}
    app = DreamApp()
    app.load_text(text)
    assert app.state.is_terminal() and app.state.history == play.state.history
    assert app.state.score_sheet().lines() == play.state.score_sheet().lines()


def test_an_absent_seat_is_played_then_given_back(table) -> None:
    clock, rooms, code, ali, _bea, page = table
    play = rooms.play(code)
    assert play.state.current_player == "Ali"
    click(ali, make_bot("greedy", 0).choose_action(ali.play.state, "Ali"))
    for _ in range(40):  # Ali's turn ends; the table then waits for Bea
        ali.sync()
        if rooms.play(code).state.current_player == "Bea":
            break
        clock.now += 0.5
        click(ali, make_bot("greedy", 0).choose_action(ali.play.state, "Ali"))
    assert rooms.play(code).state.current_player == "Bea"
    waited = rooms.version(code)
    clock.now += 10  # Bea's laptop is shut; within the grace period the table waits
    ali.sync()
    assert rooms.version(code) == waited
    assert "Bea" in ali.waiting.value
    clock.now += 15  # beyond the 20 seconds: a computer player plays her turn
    ali.sync()
    played_for_bea = [m for m in rooms.moves(code) if m.seat == 1 and m.by == COMPUTER]
    assert played_for_bea  # (her seat is no computer's: the table played it while away)
    assert rooms.room(code).seat(1).computer is None
    # Bea reloads: her seat is hers again, and the table waits for her on her next turn
    back = page("Bea")
    assert back.seat == 1 and back.me == "Bea"
    for _ in range(200):
        clock.now += 0.5
        back.sync()
        ali.sync()
        state = rooms.play(code).state
        if state.current_player == "Bea":
            break
        if state.current_player == "Ali":
            ali.sync(force=True)
            click(ali, make_bot("greedy", 0).choose_action(ali.play.state, "Ali"))
    assert rooms.play(code).state.current_player == "Bea"
    version = rooms.version(code)
    clock.now += 5
    ali.sync()
    back.sync()
    assert rooms.version(code) == version  # nobody plays for her while she is here
    assert "Your turn, Bea" in back.phase_title.value
    assert any(not b.disabled for b in buttons(back.view.main) if b not in
               buttons(back.view.displays)) or any(not b.disabled for b in buttons(back))


def test_the_projector_shows_the_table_and_no_hand(table) -> None:
    _clock, rooms, code, ali, _bea, _page = table
    token = rooms.watch_token(code, ali.pupil)
    projector = room_page({"room": code, "view": "projector", "watch": token}, rooms,
                          ali.panel.classroom)
    assert projector.projector and projector.seat is None
    assert projector.view.board not in projector.view.main.children  # nobody's hand
    assert "Playing now: Ali" in projector.phase_title.value
    view = projector.view
    shown = [b for part in (view.workshop, view.main, view.choices) for b in buttons(part)]
    assert shown and all(b.disabled for b in shown)  # it makes no move
    others = [c.value for c in view.others.children]
    assert len(others) == 3 and all("cards in hand" in s for s in others)
    refused = room_page({"room": code, "view": "projector", "watch": "nope"}, rooms,
                        ali.panel.classroom)
    assert refused.play is None and "Only the teacher" in refused.status.text


def test_a_dream_table_is_opened_and_joined_from_the_dream_page(tmp_path) -> None:
    """The entry under the Dream app opens Ada's Dream's tables (links to dream.ipynb) and
    refuses a Lovelace & Babbage table's code with where to open it."""
    from widgets.classroom.table_entry import TableEntry

    store = ProgressStore(tmp_path / "class.sqlite", backups=False)
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali_card, bea_card = made.cards
    entries = {}
    for name, card in (("Ali", ali_card), ("Bea", bea_card)):
        entries[name] = TableEntry(rooms, classroom, game="dream", page="dream.ipynb")
        entries[name].panel.join_class(made.code, name, card.secret)
    entries["Ali"].open_button.click()
    opened = entries["Ali"].opened
    assert opened is not None and rooms.room(opened.code).game == "dream"
    assert f"href='dream.ipynb?room={opened.code}'" in entries["Ali"].answer.value
    babbage = rooms.open_room(classroom.join(made.code, "Ali", ali_card.secret).pupil,
                             made.code, seats=2, game="babbage").code
    bea = entries["Bea"]
    bea.code_box.value = babbage
    assert bea.status.text == (f"Table {babbage} is a table of Lovelace & Babbage: open it "
                               "from that game's page.")
    assert rooms.room(babbage).seat(1).pupil is None  # not seated there
    bea.code_box.value = opened.code.lower()  # (Ali sits down when she opens its page)
    assert bea.status.text == f"You sit in seat 1 at table {opened.code}: its page opens."
    assert f"url=dream.ipynb?room={opened.code}" in bea.answer.value
    store.close()


def test_the_table_speaks_the_pupils_language(table) -> None:
    """The page's language switch redraws the table in 简体中文 from the Dream catalogs (the
    game is kept)."""
    _clock, rooms, code, ali, _bea, _page = table
    version = rooms.version(code)
    try:
        ali.language.value = "zh_CN"
        assert "轮到你了，Ali" in ali.phase_title.value
        assert "现在轮到：Ali（真人玩家" in ali.view.turn.value
        assert "工坊" in ali.view.workshop.title.value
        assert ali.view.others_title.value == "其他玩家"
    finally:
        ali.language.value = "en"
    assert "Your turn, Ali" in ali.phase_title.value and rooms.version(code) == version


def test_keys_play_as_in_the_dream_app_and_a_voice_says_the_moves(table) -> None:
    _clock, rooms, code, ali, bea, _page = table
    keys = bea.view.key_bridge
    keys.handle({"event": "key", "key": "1"})  # not her turn: the reason, no move
    assert "Ali" in bea.status.text and rooms.moves(code) == []
    ali.view.key_bridge.handle({"event": "key", "key": "2"})  # Ali takes Workshop die 2
    assert [str(m.action) for m in rooms.moves(code)][:1] == ["Ali: collect 2"]
    assert "Ali took the" in ali.view.key_bridge.live
    bea.sync()
    assert "Ali took the" in keys.live  # her screen reader says Ali's move
    assert ali.view.key_bridge in ali.body.children and ali.view.help.value


def test_another_games_table_on_the_dream_page_says_where_to_open_it(table) -> None:
    _clock, rooms, _code, ali, _bea, _page = table
    babbage = rooms.open_room(ali.pupil, None, seats=2, game="babbage").code
    rooms.give_to_computer(babbage, 0)
    rooms.give_to_computer(babbage, 1)
    rooms.start(babbage)
    page = DreamRoomApp(rooms, babbage, poll=False)
    assert page.phase_title.value == (f"<b>Table {babbage} is a table of Lovelace &amp; "
                                      "Babbage: open it from that game&#x27;s page.</b>")
    assert page.body.children == ()


def test_a_tables_moves_are_told_with_its_own_editions_words() -> None:
    """A live table of the old edition tells its moves with that edition's data, not the
    default's (the Innovation bonus "partner" takes a Partner in ``classroom``, a Program in
    ``classroom-3``): the kit hands the table's game to the describe hook."""
    from lnb.core.game import get
    from lnb.core.rooms import describe
    from lnb.dream.actions import Bonus
    from lnb.dream.state import Game

    bonus = Bonus("Bea", "partner")
    for edition in ("classroom", "classroom-3"):
        state = Game(["Ada", "Bea"], edition, seed=1).new_initial_state()
        told = str(describe(get("dream"), bonus, state))
        assert told == str(get("dream").describe(bonus, state)), edition
        expected = "take a Partner" if edition == "classroom" else "take a Program"
        assert told.endswith(expected), (edition, told)
