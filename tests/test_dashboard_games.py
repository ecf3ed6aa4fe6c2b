"""The dashboard's games beside the puzzles (classroom.dashboard_games), on both engines: the
class's museum rooms (pupils in the order they joined, turns reached, the hold, the host's
link key and the projector's token), a pupil's map for the projector (read-only, only with
the room's token), and the daily challenge's scores of the class's pupils with the day's par;
another class's rooms and scores never show; a wrong teacher key is refused."""

from __future__ import annotations

import datetime

import pytest
from clock import Clock

from classroom.dashboard_games import DailyRow, class_rooms, daily_scores
from classroom.identity import Classroom, IdentityError
from classroom.museum_rooms import MuseumRooms, Teacher
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from lnb.core.errors import LnbError
from lnb.core.game import get

T0 = 1_800_000_000.0
DAY = datetime.date(2026, 12, 1)


def reason(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(LnbError) as caught:
        call()
    return str(caught.value.reason)


def test_the_class_rooms_rows_links_and_a_pupils_map_on_the_projector(
        store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    other = classroom.new_class("8C", ["Cy"])
    ali, bea = (classroom.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
    cy = classroom.join(other.code, "Cy", other.cards[0].secret).pupil
    clock = Clock(T0)
    rooms = MuseumRooms(store, clock=clock)
    code = rooms.open_room(None, made.code, seed=1).code
    theirs = rooms.open_room(None, other.code, seed=1).code
    rooms.join(code, bea, "Bea")
    clock.now += 1
    rooms.join(code, ali, "Ali")
    rooms.join(theirs, cy, "Cy")
    rooms.place(code, ali, "place 6b r0 @A4", expected=0)
    rooms.hold(code, 3, by=Teacher(made.code, made.teacher_key))

    (row,) = class_rooms(classroom, made.code, made.teacher_key)
    assert (row.game, row.code, row.pupils, row.turns, row.hold) == (
        "museum", code, ("Bea", "Ali"), (1, 1), 3)
    assert row.finished == 0 and row.next_turn == 2
    assert rooms.is_host(code, row.host_key)  # the dashboard's link runs the room
    assert not rooms.is_host(code, row.watch)  # the projector's token runs nothing
    with pytest.raises(IdentityError):
        class_rooms(classroom, made.code, other.teacher_key)

    # the projector: pupil 2 is Ali (the order they joined), her map as the store holds it
    seen = rooms.watched_map(code, 2, row.watch)
    assert (seen.number, seen.name, seen.pupils) == (2, "Ali", 2)
    assert [str(a) for a in seen.state.history] == ["place 6b r0 @A4"]
    assert seen.state.text() == rooms.my_map(code, ali).text()
    assert rooms.watched_map(code, 1, row.watch).state.history == []
    assert reason(lambda: rooms.watched_map(code, 3, row.watch)) == "not-your-map"
    assert reason(lambda: rooms.watched_map(code, 1, "guess")) == "not-host"
    assert reason(lambda: rooms.watched_map(code, 1, row.host_key)) == "not-host"
    (their_row,) = class_rooms(classroom, other.code, other.teacher_key)
    assert reason(lambda: rooms.watched_map(code, 1, their_row.watch)) == "not-host"

    rooms.end(code, by=row.host_key)  # a room over leaves the dashboard
    assert class_rooms(classroom, made.code, made.teacher_key) == ()


def test_the_daily_challenge_scores_of_the_class(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Dan"])
    other = classroom.new_class("8C", ["Cy"])
    ali, bea, _dan = (classroom.join(made.code, c.pupil_name, c.secret).pupil
                      for c in made.cards)
    cy = classroom.join(other.code, "Cy", other.cards[0].secret).pupil
    scores = DailyScores(store, "museum")
    for pupil, score in ((ali, 41), (bea, 63), (ali, 55), (cy, 99)):
        scores.record(pupil, DAY, score)
    scores.record(bea, DAY - datetime.timedelta(1), 120)  # another day

    (museum,) = daily_scores(classroom, made.code, made.teacher_key, DAY)
    assert museum.game == "museum" and museum.day == DAY
    assert museum.rows == (DailyRow("Bea", 63, 1), DailyRow("Ali", 55, 2))
    assert museum.par == get("museum").hook("daily_challenge")(DAY)
    assert daily_scores(classroom, made.code, made.teacher_key,
                        DAY + datetime.timedelta(1))[0].rows == ()
    with pytest.raises(IdentityError):
        daily_scores(classroom, made.code, "not the key", DAY)
