"""The room page (widgets.babbage.room_app.RoomApp) driven in the kernel, without a browser:
two pupils' pages of one table on one store, a clock set by hand."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from lnb.babbage.game import Phase
from lnb.babbage.programs import Program
from widgets.babbage.room_app import RoomApp
from widgets.classroom.identity import Classroom
from widgets.classroom.progress import ProgressStore
from widgets.classroom.rooms import RoomStore
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
    program = rooms.play(code).legal_start("Bea", "A3+ A4/ A9+")
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
    program = rooms.play(code).legal_start("Ali", "A3+ A4/ A9+")
    assert str(program)
    ali._written(program)  # not saved yet: she is still typing
    ali.panel.join_class(cards["class"], "Bea", cards["Bea"])  # Bea's card on Ali's page
    clock.now += 1
    ali.sync()
    assert ali.seat == bea_seat
    holder = {s.index: s.pupil for s in rooms.room(code).seats}
    assert rooms.draft(code, bea_seat, holder[bea_seat]) != str(program)
    assert rooms.draft(code, ali_seat, holder[ali_seat]) == str(program)
