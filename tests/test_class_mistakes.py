"""The teacher's pooled mistakes (classroom.mistakes), on both engines: a pupil's finished map
in a class room and a pupil's finished table are reviewed once, on the teacher's demand, and
kept; each pupil's kinds are their review's, the class's pooled add them up; another class's
games never show; a wrong teacher key is refused."""

from __future__ import annotations

import functools
import json

import pytest
from store_engines import SQLITE_ONLY

from classroom.identity import Classroom, IdentityError
from classroom.mistakes import class_mistakes, review_waiting, tally, waiting
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.game import get
from lnb.core.review import kinds, review


def finish_map(rooms: MuseumRooms, code: str, pupil) -> None:  # type: ignore[no-untyped-def]
    """Play a pupil's map to its end, the first move listed each time."""
    state = rooms.my_map(code, pupil)
    while not state.is_terminal():
        state = rooms.place(code, pupil, state.legal_actions()[0], expected=len(state.history))


def finish_table(tables: RoomStore, code: str, pupil) -> None:  # type: ignore[no-untyped-def]
    """Play a one-seat table to its end, the last move listed each time."""
    play = tables.play(code)
    while not play.finished:
        tables.act(code, play.next_seq, 0, play.state.legal_actions()[-1], by=pupil.key)
        play = tables.play(code)


@functools.cache
def reviewed_kinds(record: str) -> dict[str, tuple[int, int]]:
    """A one-player record's kinds as its review finds them (the same map on both engines:
    reviewed once)."""
    (found,) = tally(review("museum", json.loads(record), keep=10_000)).values()
    return found


def test_a_finished_map_is_reviewed_once_and_kept(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Cat"])
    other = classroom.new_class("8C", ["Cy"])
    ali, bea, _cat = (classroom.join(made.code, c.pupil_name, c.secret).pupil
                      for c in made.cards)
    cy = classroom.join(other.code, "Cy", other.cards[0].secret).pupil
    rooms = MuseumRooms(store)
    room = rooms.open_room(None, made.code, seed=1).code
    rooms.join(room, ali, "Ali")
    rooms.join(room, bea, "Bea")  # Bea's map is not finished: not reviewed
    finish_map(rooms, room, ali)
    rooms.join(rooms.open_room(None, other.code, seed=1).code, cy, "Cy")

    before = class_mistakes(classroom, made.code, made.teacher_key)
    assert (before.pupils, before.pooled, before.waiting) == ((), (), 1)

    seen: list[tuple[int, int]] = []
    assert review_waiting(classroom, made.code, made.teacher_key,
                          progress=lambda done, total: seen.append((done, total))) == 1
    assert seen == [(1, 1)]
    assert waiting(classroom, made.code, made.teacher_key) == ()  # kept: never again
    assert review_waiting(classroom, made.code, made.teacher_key) == 0

    found = class_mistakes(classroom, made.code, made.teacher_key)
    assert found.waiting == 0 and [(p.name, p.games) for p in found.pupils] == [("Ali", 1)]
    expected = reviewed_kinds(json.dumps(get("museum").records.write(rooms.my_map(room, ali))))
    shown = {t.key: (t.count, t.points) for t in found.pupils[0].kinds}
    assert shown == expected and len(expected) > 1  # Ali's kinds are her review's
    points = [t.points for t in found.pupils[0].kinds]
    assert points == sorted(points, reverse=True)  # costliest first
    assert [(t.key, t.count, t.points, t.pupils) for t in found.pooled] == [
        (t.key, t.count, t.points, 1) for t in found.pupils[0].kinds]
    assert all(t.key in kinds() for t in found.pooled)

    theirs = class_mistakes(classroom, other.code, other.teacher_key)
    assert (theirs.pupils, theirs.waiting) == ((), 0)
    with pytest.raises(IdentityError):
        class_mistakes(classroom, made.code, other.teacher_key)
    with pytest.raises(IdentityError):
        review_waiting(classroom, made.code, other.teacher_key)


@SQLITE_ONLY
def test_a_finished_table_is_reviewed_for_its_pupil(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    bea = classroom.join(made.code, "Bea", made.cards[1].secret).pupil
    tables = RoomStore(store)
    table = tables.open_room(None, made.code, seats=1, seed=2, game="museum").code
    tables.take_seat(table, bea, "Bea")
    tables.start(table)
    assert waiting(classroom, made.code, made.teacher_key) == ()  # not over yet
    finish_table(tables, table, bea)

    (game,) = waiting(classroom, made.code, made.teacher_key)
    assert (game.source, game.game) == (f"table:{table}", "museum")
    assert review_waiting(classroom, made.code, made.teacher_key) == 1
    found = class_mistakes(classroom, made.code, made.teacher_key, most=2)
    (pupil,) = found.pupils
    assert (pupil.name, pupil.games, found.waiting) == ("Bea", 1, 0)
    assert 0 < len(pupil.kinds) <= 2 and all(t.points > 0 for t in pupil.kinds)


@SQLITE_ONLY
def test_a_damaged_finished_map_is_kept_as_failed_and_not_tried_again(
        store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali"])
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    rooms = MuseumRooms(store)
    room = rooms.open_room(None, made.code, seed=1).code

    def damage(conn) -> None:  # type: ignore[no-untyped-def]
        conn.execute("INSERT INTO museum_room_pupils (code, pupil, name, joined, finished, "
                     "moves) VALUES (?, ?, ?, ?, ?, ?)", (room, ali.key, "Ali", 1.0, 1, 1))
        conn.execute("INSERT INTO museum_room_moves (code, pupil, n, action, at) "
                     "VALUES (?, ?, ?, ?, ?)", (room, ali.key, 1, "place 9z r0 @A1", 1.0))

    store.write(damage)
    assert review_waiting(classroom, made.code, made.teacher_key) == 1
    assert waiting(classroom, made.code, made.teacher_key) == ()  # not tried again
    found = class_mistakes(classroom, made.code, made.teacher_key)
    assert (found.pupils, found.pooled, found.waiting) == ((), (), 0)
