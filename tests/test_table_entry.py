"""*Open a table* on the game page (widgets.babbage.room_entry.TableEntry): a pupil of a class
gets a table and its code; pressing it again while that table waits for its players shows
the same table (no second one); once it has started, or for another pupil, a new one."""

from __future__ import annotations

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from widgets.babbage.room_entry import TableEntry


def entry_of(room: Classroom, rooms: RoomStore, code: str, name: str, secret: str) -> TableEntry:
    """A game page's table entry whose pupil joined the class with their card."""
    entry = TableEntry(rooms, room, seats=2)
    entry.panel.join_class(code, name, secret)
    assert entry.pupil is not None, entry.status.text
    return entry


def test_open_a_table_twice_shows_the_same_table_until_it_starts() -> None:
    store = ProgressStore(":memory:")
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea"])
    rooms = RoomStore(store)
    ali = entry_of(room, rooms, made.code, "Ali", made.cards[0].secret)

    ali.open_table()
    first = ali.opened
    assert first is not None and first.code in ali.answer.value
    ali.open_table()  # a second press (or a double click)
    assert ali.opened is not None and ali.opened.code == first.code
    assert "still waiting" in ali.status.text
    assert store.read(lambda c: c.execute("SELECT count(*) FROM rooms").fetchone()[0]) == 1

    bea = entry_of(room, rooms, made.code, "Bea", made.cards[1].secret)
    bea.opened = ali.opened  # Bea's page showing Ali's table: hers is another one
    bea.open_table()
    assert bea.opened is not None and bea.opened.code != first.code

    rooms.take_seat(first.code, ali.pupil, "Ali")  # type: ignore[arg-type]
    rooms.give_to_computer(first.code, 1, "greedy")
    rooms.start(first.code)
    ali.open_table()  # the first table plays now: a new one
    assert ali.opened is not None and ali.opened.code not in (first.code, bea.opened.code)
    assert "is open" in ali.status.text
