"""Museum rooms in the classroom store (classroom.museum_rooms) on both engines: opening and
joining, each pupil's own map (a reload gives it back, nobody else reads or writes it), the
host's hold, release, names and end, the class's progress, histogram and best maps."""

from __future__ import annotations

import pytest
from clock import Clock

from classroom.identity import Pupil
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from classroom.store import StoreAway
from lnb.core.errors import LnbError
from lnb.museum.bots import make_bot
from lnb.museum.room import MuseumRoom

T0 = 1_800_000_000.0
ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
CY = Pupil("class:C1:cy", "Cy")
OUT = Pupil("class:C2:out", "Out")


@pytest.fixture
def rooms(store: ProgressStore) -> MuseumRooms:
    return MuseumRooms(store, clock=Clock(T0))


def reason(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(LnbError) as caught:
        call()
    return str(caught.value.reason)


def finish(rooms: MuseumRooms, code: str, pupil: Pupil, bot: str = "greedy") -> int:
    player = make_bot(bot, seed=1)
    state = rooms.my_map(code, pupil)
    while not state.is_terminal():
        state = rooms.place(code, pupil, player.choose_action(state), len(state.history))
    return state.score().total


def test_pupils_join_and_play_their_own_map_which_a_reload_gives_back(
        rooms: MuseumRooms, store_url: str) -> None:
    opened = rooms.open_room(None, "C1", seed=1)
    code = opened.code
    assert rooms.room(code).pupils == 0 and not rooms.room(code).over
    v0 = rooms.version(code)
    assert rooms.join(code, ADA, "Ada").moves == 0
    assert rooms.join(code, BEA, "Ada").name == "Ada 2"  # names stay apart
    assert rooms.version(code) == v0 + 2
    after = rooms.place(code, ADA, "place 6b r0 @A4", expected=0)
    assert after.hand == (2,) and rooms.version(code) == v0 + 3
    # another kernel (a reload): its own store on the same place, its own cache
    with ProgressStore(store_url, backups=False) as other:
        again = MuseumRooms(other).my_map(code, ADA)
        assert again.text() == after.text() and [str(a) for a in again.history] == \
            ["place 6b r0 @A4"]
        assert MuseumRooms(other).my_map(code, BEA).history == []
    assert rooms.join(code, ADA, "Someone").name == "Ada"  # back: the same name and map
    assert rooms.room(code).pupils == 2


def test_a_pupil_never_reads_or_writes_another_pupils_map(rooms: MuseumRooms) -> None:
    code = rooms.open_room(None, "C1", seed=2).code
    rooms.join(code, ADA, "Ada")
    assert reason(lambda: rooms.my_map(code, BEA)) == "not-your-map"
    assert reason(lambda: rooms.place(code, BEA, "skip 1")) == "not-your-map"
    rooms.join(code, BEA, "Bea")
    first = rooms.my_map(code, ADA).legal_actions()[0]
    rooms.place(code, BEA, first, 0)
    assert rooms.my_map(code, ADA).history == [] and len(rooms.my_map(code, BEA).history) == 1
    view = rooms.class_view(code)
    assert [(p.name, p.moves) for p in view.pupils] == [("Ada", 0), ("Bea", 1)]
    assert not hasattr(view, "maps") and view.best == ()


def test_the_same_dice_for_everyone(rooms: MuseumRooms) -> None:
    code = rooms.open_room(None, None, seed=77).code
    for pupil in (ADA, BEA):
        rooms.join(code, pupil, pupil.label)
    greedy, planner = make_bot("greedy", seed=1), make_bot("planner", seed=1)
    for pupil, bot in ((ADA, greedy), (BEA, planner)):
        state = rooms.my_map(code, pupil)
        while state.turn < 4:
            state = rooms.place(code, pupil, bot.choose_action(state), len(state.history))
    a, b = rooms.my_map(code, ADA), rooms.my_map(code, BEA)
    room = MuseumRoom(seed=77)
    assert a.rolls[:4] == b.rolls[:4] == [room.roll(t, len(a.rolls[t - 1])) for t in range(1, 5)]


def test_the_host_holds_and_releases_the_class(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(ADA, "C1", seed=5)
    code = opened.code
    for pupil in (ADA, BEA):
        rooms.join(code, pupil, pupil.label)
    assert reason(lambda: rooms.hold(code, 2, by=BEA)) == "not-host"
    assert reason(lambda: rooms.hold(code, 2, by="a-wrong-key")) == "not-host"
    assert reason(lambda: rooms.hold(code, 0, by=opened.host_key)) == "bad-hold"
    assert rooms.is_host(code, ADA) and rooms.is_host(code, opened.host_key)
    assert not rooms.is_host(code, BEA) and not rooms.is_host(code, None)
    assert rooms.hold(code, 2, by=ADA).hold == 2  # the pupil who opened it is its host
    bot = make_bot("greedy", seed=1)
    state = rooms.my_map(code, BEA)
    while state.turn < 2:
        state = rooms.place(code, BEA, bot.choose_action(state), len(state.history))
    with pytest.raises(LnbError) as caught:
        rooms.place(code, BEA, bot.choose_action(state), len(state.history))
    assert (caught.value.reason, caught.value.hold) == ("held", 2)
    assert rooms.my_map(code, BEA).text() == state.text()
    assert rooms.release(code, by=opened.host_key).hold is None
    assert len(rooms.place(code, BEA, bot.choose_action(state), len(state.history)).history) \
        == len(state.history) + 1


def test_a_stale_page_and_undo(rooms: MuseumRooms) -> None:
    code = rooms.open_room(None, None, seed=1).code
    rooms.join(code, ADA, "Ada")
    rooms.place(code, ADA, "place 6b r0 @A4", expected=0)
    with pytest.raises(LnbError) as caught:
        rooms.place(code, ADA, "place 2a r0 @C1", expected=0)
    assert (caught.value.reason, caught.value.expected, caught.value.moves) == \
        ("map-moved-on", 0, 1)
    assert rooms.undo(code, ADA, expected=1).history == []
    assert rooms.my_map(code, ADA).history == []
    assert reason(lambda: rooms.undo(code, ADA)) == "cannot-undo"
    rooms.place(code, ADA, "place 6b r0 @A4", expected=0)
    rooms.place(code, ADA, "place 2a r0 @C1", expected=1)  # ends turn 1: the dice of turn 2
    assert reason(lambda: rooms.undo(code, ADA)) == "cannot-undo"
    assert len(rooms.my_map(code, ADA).history) == 2


def test_class_rooms_full_rooms_and_rooms_over(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(None, "C1", seed=3, capacity=2)
    code = opened.code
    assert reason(lambda: rooms.join(code, OUT, "Out")) == "other-class"
    unknown = "K7QX" if code != "K7QX" else "K7QY"
    assert reason(lambda: rooms.join(unknown, ADA, "Ada")) == "no-such-room"
    rooms.join(code, ADA, "Ada")
    rooms.join(code, BEA, "Bea")
    assert reason(lambda: rooms.join(code, CY, "Cy")) == "room-full"
    assert [r.code for r in rooms.open_rooms("C1")] == [code]
    assert reason(lambda: rooms.end(code, by=ADA)) == "not-host"
    assert rooms.end(code, by=opened.host_key).over
    assert rooms.open_rooms("C1") == []
    assert reason(lambda: rooms.place(code, ADA, "skip 1")) == "room-over"
    assert rooms.join(code, ADA, "Ada").name == "Ada"  # coming back to see the end
    anyone = rooms.open_room(None, None, seed=3).code
    assert rooms.join(anyone, OUT, "Out").name == "Out"


def test_progress_histogram_and_best_maps_names_hidden_until_shown(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(None, "C1", seed=8)
    code = opened.code
    for pupil in (ADA, BEA, CY):
        rooms.join(code, pupil, pupil.label)
    scores = {"Ada": finish(rooms, code, ADA, "greedy"),
              "Bea": finish(rooms, code, BEA, "planner")}
    view = rooms.class_view(code)
    assert view.finished == 2 and sum(view.histogram) == 2
    assert view.turns[0] == 2 and view.turns[1] == 1
    assert [b.score for b in view.best] == sorted(scores.values(), reverse=True)
    assert all(b.name is None for b in view.best)
    assert [s.progress.name for s in view.standings()][-1] == "Cy"
    assert all(b.name for b in rooms.class_view(code, names=True).best)  # the host's view
    rooms.show_names(code, True, by=opened.host_key)
    best = max(scores, key=lambda n: (scores[n], n == "Ada"))
    assert rooms.class_view(code).best[0].name == best
    assert rooms.class_view(code).best[0].map_text == rooms.my_map(
        code, ADA if best == "Ada" else BEA).text()


def test_the_teacher_of_the_class_runs_its_rooms_with_their_key(store: ProgressStore) -> None:
    from classroom.identity import Classroom
    from classroom.museum_rooms import Teacher

    classroom = Classroom(store, failure_delay=0)
    made, other = classroom.new_class("7B", ["Ali"]), classroom.new_class("8C", ["Bo"])
    rooms = MuseumRooms(store, clock=Clock(T0))
    code = rooms.open_room(None, made.code, seed=1).code
    teacher = Teacher(made.code, made.teacher_key)
    assert rooms.is_host(code, teacher) and rooms.hold(code, 3, by=teacher).hold == 3
    assert not rooms.is_host(code, Teacher(made.code, other.teacher_key))
    assert not rooms.is_host(code, Teacher(other.code, other.teacher_key))
    assert reason(lambda: rooms.release(code, by=Teacher(other.code, other.teacher_key))) \
        == "not-host"
    anyone = rooms.open_room(None, None, seed=1).code  # a room of no class: not theirs
    assert not rooms.is_host(anyone, teacher)
    assert made.teacher_key not in repr(teacher)
    link_key = rooms.teacher_key(code, teacher)  # the room page's ?host= for the dashboard
    assert link_key == rooms.teacher_key(code, teacher) and rooms.is_host(code, link_key)
    assert rooms.end(code, by=link_key).over
    assert reason(lambda: rooms.teacher_key(anyone, teacher)) == "not-host"
    assert not rooms.is_host(anyone, link_key)


def test_a_change_wakes_the_rooms_pages(rooms: MuseumRooms) -> None:
    import asyncio

    code = rooms.open_room(None, None, seed=1).code
    rooms.join(code, ADA, "Ada")

    async def woken(change) -> bool:  # type: ignore[no-untyped-def]
        waiter = rooms.waiter(code)
        waiter.open(asyncio.get_running_loop())
        try:
            change()
            return bool(await waiter.wait(30.0))
        finally:
            waiter.close()

    assert asyncio.run(woken(lambda: rooms.place(code, ADA, "place 6b r0 @A4", 0)))
    assert asyncio.run(woken(lambda: rooms.join(code, BEA, "Bea")))


def test_a_move_whose_answer_was_lost_after_its_commit_is_not_refused(
        store_url: str, store_engine: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The store commits a pupil's placement and the answer never comes back (the server
    went down just then): the store tries the same placement again. It finds it written: the
    pupil gets their map with it, is not told their map moved on, and it is there once."""
    import sqlite3

    from classroom.engines import StoreUnavailable

    store = ProgressStore(store_url, backups=False, blip=5.0)
    rooms = MuseumRooms(store, clock=Clock(T0))
    code = rooms.open_room(None, "C1", seed=1).code
    rooms.join(code, ADA, "Ada")
    conn = store._connection()
    real = type(conn).commit
    lost = (StoreUnavailable("server closed the connection unexpectedly")
            if store_engine == "postgresql" else sqlite3.OperationalError("disk I/O error"))
    tries = []

    def commit_then_lose_the_answer(self: object) -> None:
        real(self)
        tries.append(1)
        monkeypatch.setattr(type(conn), "commit", real)  # once
        raise lost

    monkeypatch.setattr(type(conn), "commit", commit_then_lose_the_answer)
    try:
        after = rooms.place(code, ADA, "place 6b r0 @A4", expected=0)
    except StoreAway:  # SQLite: the file said "I/O error": refused while away, never moved on
        assert store_engine == "sqlite"
    else:  # PostgreSQL: a new connection, the same placement again: found written
        assert [str(a) for a in after.history] == ["place 6b r0 @A4"]
    monkeypatch.setattr(type(conn), "commit", real)
    assert tries == [1]
    with ProgressStore(store_url, backups=False) as other:
        again = MuseumRooms(other).my_map(code, ADA)
    assert [str(a) for a in again.history] == ["place 6b r0 @A4"]
    store.close()
