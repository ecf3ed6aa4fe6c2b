"""The room page (widgets.babbage.room_app.RoomApp) driven in the kernel, without a browser:
two pupils' pages of one table on one store, a clock set by hand."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Phase
from lnb.babbage.programs import Program
from lnb.babbage.table import legal_start
from widgets.babbage.room_app import RoomApp
from widgets.babbage.room_entry import TableEntry
from widgets.core.poller import Poller

T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def table():
    """Ali's and Bea's pages of a started two-seat table, both past the Subroutine phase."""
    clock = Clock()
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali_card, bea_card = made.cards
    code = rooms.open_room(classroom.join(made.code, "Ali", ali_card.secret).pupil,
                           made.code, seats=2).code
    pages = []
    for name, card in (("Ali", ali_card), ("Bea", bea_card)):
        page = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
        page.panel.join_class(made.code, name, card.secret)
        pages.append(page)
    ali, bea = pages
    ali.start()
    for page in (ali, bea):
        page.sync(force=True)
        next(iter(page.subs_view.target_buttons.values())).click()
    for _ in range(8):  # activations (none to make), up to the race
        clock.now += 0.5
        for page in (ali, bea):
            page.sync(force=True)
        if ali.play.state.phase is Phase.PROGRAM:
            break
    assert ali.play.state.phase is Phase.PROGRAM
    yield clock, rooms, code, ali, bea, {"class": made.code, "Ali": ali_card.secret,
                                         "Bea": bea_card.secret}
    store.close()


def test_rows_written_just_before_the_bell_are_handed_in(table) -> None:
    """Bea edits her program up to the last moment: what she wrote counts at time-up, even
    when her page is the one that appends the table's ``TimeUp``."""
    clock, rooms, code, ali, bea, _cards = table
    ali._program_done(Program())  # the first *I'm done*: the minute starts
    deadline = rooms.play(code).race_deadline
    while clock.now < deadline - 5:  # Bea's page polls on through the minute
        clock.now += 5
        bea.sync()
    clock.now = deadline - 0.2
    bea.sync()
    program = legal_start(rooms.play(code).state, "Bea", "A3+ A4/ A9+")
    assert str(program)  # a legal row to write
    bea._written(program)  # an edit 0.2 s before the bell: not saved yet (she is typing)
    clock.now = deadline
    bea.sync(force=True)  # the bell on her page: her kernel appends TimeUp
    handed = [m.action for m in rooms.moves(code) if m.seat == bea.seat
              and type(m.action).__name__ == "WriteProgram"]
    assert "TimeUp" in [type(m.action).__name__ for m in rooms.moves(code)]
    assert [str(a.program) for a in handed] == [str(program)]


class Unanswering(RoomStore):
    """A store whose server stops answering as the page opens."""

    def room(self, code: str):
        raise sqlite3.OperationalError("server closed the connection unexpectedly")


@pytest.mark.parametrize("failing", ["room", "version"])
def test_a_store_failing_as_the_page_opens_is_an_apology_not_a_traceback(failing) -> None:
    store = ProgressStore(":memory:")
    rooms = RoomStore(store)
    code = rooms.open_room(None, None, seats=2).code
    broken = Unanswering(store) if failing == "room" else RoomStore(store)
    if failing == "version":
        def version(code: str) -> int:
            raise sqlite3.OperationalError("server closed the connection unexpectedly")
        broken.version = version  # type: ignore[method-assign]
    page = RoomApp(broken, code, poll=False)  # raised into the page's cell before
    assert page.status.kind == "sorry" and "server closed" not in page.status.text
    store.close()


def test_starting_the_poll_twice_makes_one_loop() -> None:
    """``start()`` called again before the loop's first tick (the task made, not yet run)
    must not make a second loop polling the store as often again."""
    ticks: list[int] = []

    async def main() -> None:
        poller = Poller(lambda: ticks.append(1), alive=lambda: len(ticks) < 6, interval=0.01)
        assert poller.start() and poller.start()
        await asyncio.sleep(0)
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        assert len(tasks) == 1
        await tasks[0]

    asyncio.run(main())
    assert len(ticks) == 6


def test_another_pupil_joining_on_the_same_page_never_gets_the_last_ones_rows(table) -> None:
    """Ali types on a shared device, then Bea joins her class on it: Ali's unsaved rows are
    kept in Ali's seat, never saved as Bea's draft (to be handed in as Bea's at time-up)."""
    clock, rooms, code, ali, bea, cards = table
    ali_seat, bea_seat = ali.seat, bea.seat
    program = legal_start(rooms.play(code).state, "Ali", "A3+ A4/ A9+")
    assert str(program)
    ali._written(program)  # not saved yet: she is still typing
    ali.panel.join_class(cards["class"], "Bea", cards["Bea"])  # Bea's card on Ali's page
    clock.now += 1
    ali.sync()
    assert ali.seat == bea_seat
    holder = {s.index: s.pupil for s in rooms.room(code).seats}
    assert rooms.draft(code, bea_seat, holder[bea_seat]) != str(program)
    assert rooms.draft(code, ali_seat, holder[ali_seat]) == str(program)


def test_a_page_opened_mid_race_restarts_a_countdown_the_browser_left_still(table) -> None:
    """Trial defect 1: a page (re)loaded mid-race starts its Play before the browser draws
    it, and the browser never ticks it. When the countdown has not moved for a while the page
    starts it again (off, then on) at the seconds the room's deadline gives."""
    clock, rooms, code, ali, _bea, cards = table
    ali._program_done(Program())  # the first *I'm done*: the minute starts
    clock.now += 3
    page = RoomApp(rooms, code, classroom=ali.panel.classroom, clock=clock, poll=False)
    page.panel.join_class(cards["class"], "Bea", cards["Bea"])  # Bea's page, reloaded
    assert page.timer.running and page.timer.play.value == 3
    toggles: list[bool] = []
    page.timer.play.observe(lambda change: toggles.append(change["new"]), "playing")
    clock.now += 1
    page.sync()
    assert toggles == []  # still within a tick of the browser's: left alone
    clock.now += 1.5  # no tick came from the browser (its view never started)
    page.sync()
    assert toggles == [False, True]  # started again: the browser's view sees it start
    assert page.timer.play.value == round(clock.now - (rooms.play(code).race_deadline - 60))
    page.timer.play.value += 1  # the browser ticks now: nothing more is done
    clock.now += 1
    page.sync()
    assert toggles == [False, True]


def test_the_bell_says_time_is_up_on_every_page(table) -> None:
    """Trial defect 8: at the bell the table pages say what the one-screen game says."""
    clock, rooms, code, ali, bea, _cards = table
    ali._program_done(Program())
    deadline = rooms.play(code).race_deadline
    while clock.now < deadline - 1:  # both pages poll (and beat) through the minute
        clock.now = min(clock.now + 1.5, deadline - 1)
        for page in (ali, bea):
            page.sync()
    clock.now = deadline
    bea.sync()  # Bea's page rings the bell (it appends the table's TimeUp)
    ali.sync()
    for page in (ali, bea):
        assert page.status.text == "Time is up! The rows written so far stand.", page.status.text


def test_the_bell_is_not_said_over_the_next_round(table) -> None:
    """The bell's words stood under Round 2's title (seen on the trial's screenshots)."""
    clock, rooms, code, ali, bea, _cards = table
    ali._program_done(Program())
    clock.now = rooms.play(code).race_deadline
    for _ in range(60):
        clock.now += 2
        for page in (ali, bea):
            page.sync(force=True)
        if ali.play.state.round == 2 and bea.play.state.round == 2:
            break
    assert ali.play.state.round == 2
    for page in (ali, bea):
        assert "Time is up" not in page.status.text, page.status.text


def test_who_waits_for_whom_is_clear(table) -> None:
    """Trial 23: a pupil still choosing is not told they wait for the others."""
    clock, rooms, _code, ali, _bea, _cards = table
    classroom = ali.panel.classroom
    made = classroom.new_class("7C", ["Cy", "Dot", "Eve"])
    host = classroom.join(made.code, "Cy", made.cards[0].secret).pupil
    code = rooms.open_room(host, made.code, seats=3).code
    pages = []
    for card in made.cards:
        page = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
        page.panel.join_class(made.code, card.pupil_name, card.secret)
        pages.append(page)
    cy, dot, _eve = pages
    cy.start()
    for page in pages:
        page.sync(force=True)
    assert dot.waiting.value == "Also still choosing: Cy and Eve"
    next(iter(cy.subs_view.target_buttons.values())).click()
    dot.sync(force=True)
    assert cy.waiting.value == "Waiting for Dot and Eve"  # Cy has chosen: Cy waits
    assert dot.waiting.value == "Also still choosing: Eve"


def test_between_rounds_the_last_round_has_its_own_heading(table) -> None:
    """Trial defect 10: under Round 2's title, Round 1's rows and scores are headed as such."""
    clock, _rooms, _code, ali, bea, _cards = table
    ali._program_done(Program())
    bea._program_done(Program())
    for _ in range(60):
        clock.now += 2
        for page in (ali, bea):
            page.sync(force=True)
        if ali.play.state.round == 2:
            break
    assert ali.play.state.round == 2
    assert "Round 2 of 4" in ali.phase_title.value
    assert ali.last_round in ali.body.children
    assert "Round 1: how it went" in ali.last_round.value


def test_join_a_table_seats_the_pupil_at_once_and_opens_its_page() -> None:
    """Trial defect 7: *Join a table* sits the pupil down (the lobby shows them at once) and
    the browser is sent to the table's page; no second click."""
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali_card, bea_card = made.cards
    code = rooms.open_room(classroom.join(made.code, "Ali", ali_card.secret).pupil,
                           made.code, seats=2).code
    entry = TableEntry(rooms, classroom)
    entry.panel.join_class(made.code, "Bea", bea_card.secret)
    entry.code_box.value = code.lower()  # typed, then Enter
    seat = rooms.room(code).seat_named("Bea")
    assert seat.pupil == entry.pupil.key
    assert entry.status.text == f"You sit in seat {seat.index + 1} at table {code}: its page opens."
    assert f"http-equiv='refresh' content='0; url=play.ipynb?room={code}'" in entry.answer.value
    store.close()


def test_the_host_frees_a_seat_before_the_start() -> None:
    """The host's lobby has *Free seat N* for every seat but their own (a pupil's or a
    computer's); the pupil whose seat was freed is told so. Others have no such button."""
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali_card, bea_card = made.cards
    code = rooms.open_room(classroom.join(made.code, "Ali", ali_card.secret).pupil,
                           made.code, seats=3).code
    pages = []
    for name, card in (("Ali", ali_card), ("Bea", bea_card)):
        page = RoomApp(rooms, code, classroom=classroom, poll=False)
        page.panel.join_class(made.code, name, card.secret)
        pages.append(page)
    ali, bea = pages
    ali.give_to_computer(2)
    ali.sync(force=True)
    frees = [b for b in ali.lobby_buttons.children if "lnb-room-free" in b._dom_classes]
    assert [b.description for b in frees] == ["Free seat 2", "Free seat 3"]
    assert not [b for b in bea.lobby_buttons.children if "lnb-room-free" in b._dom_classes]
    frees[0].click()  # Bea's seat
    assert ali.status.kind != "error", ali.status.text
    assert rooms.room(code).seat_of(bea.pupil.key) is None
    bea.sync(force=True)
    assert bea.seat is None and "freed your seat" in bea.status.text
    store.close()
