"""A table's options, seat choice and a computer's seat taken back, in the classroom store
(``classroom.rooms.RoomStore``) on both engines: the host sets Lovelace & Babbage's options in
the lobby (mental arithmetic, take-that, the race's length), everyone reads them, the play and
the downloaded record carry them and ``lnb replay`` agrees; a pupil chooses a free seat,
moves, takes back a computer's seat; what is refused is refused with its reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clock import Clock

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage import records
from lnb.core.rooms import RoomError

T0 = 1_800_000_000.0
ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
CY = Pupil("class:C1:cy", "Cy")


@pytest.fixture
def rooms(store: ProgressStore) -> RoomStore:
    return RoomStore(store, clock=Clock(T0))


def reason(call) -> str:
    with pytest.raises(RoomError) as caught:
        call()
    return caught.value.reason


def test_the_host_sets_the_options_before_the_start(rooms: RoomStore) -> None:
    code = rooms.open_room(ADA, "C1", seats=2).code
    rooms.take_seat(code, ADA, "Ada")
    rooms.take_seat(code, BEA, "Bea")
    before = rooms.version(code)
    setup = rooms.set_options(code, {"mental_arithmetic": True, "timer_seconds": 90}, ADA)
    assert setup.options == {"mental_arithmetic": True, "take_that": True,
                             "timer_seconds": 90}
    assert rooms.version(code) == before + 1  # every page redraws the lobby
    setup = rooms.set_options(code, {"take_that": False}, ADA)  # merged over the others
    assert setup.options == {"mental_arithmetic": True, "take_that": False,
                             "timer_seconds": 90}
    assert setup.race_seconds == 90
    assert reason(lambda: rooms.set_options(code, {"take_that": True}, BEA)) \
        == "not-host-options"
    with pytest.raises(Exception) as caught:  # the game's own error, with its fields
        rooms.set_options(code, {"timer_seconds": 0}, ADA)
    assert caught.value.reason == "bad-option" and caught.value.entry == "timer_seconds"
    assert rooms.room(code).options["timer_seconds"] == 90  # nothing changed
    rooms.start(code)
    assert reason(lambda: rooms.set_options(code, {"take_that": True}, ADA)) == "not-open"
    play = rooms.play(code)
    options = play.state.options
    assert (options.mental_arithmetic, options.take_that, options.timer_seconds) \
        == (True, False, 90)


def test_the_record_and_its_replay_carry_the_options(rooms: RoomStore, tmp_path: Path) -> None:
    code = rooms.open_room(ADA, "C1", seats=2).code
    rooms.set_options(code, {"mental_arithmetic": True, "take_that": False,
                             "timer_seconds": 45}, ADA)
    rooms.give_to_computer(code, 0, "greedy")
    rooms.give_to_computer(code, 1, "planner")
    rooms.start(code)
    clock = rooms.clock
    for _ in range(4000):
        clock.now += 0.5
        rooms.advance(code)
        if rooms.play(code).finished:
            break
    play = rooms.play(code)
    assert play.finished
    record = json.loads(rooms.record_json(code))
    assert record["options"] == {"mental_arithmetic": True, "take_that": False,
                                 "timer_seconds": 45}
    replayed = records.replay(record)
    assert replayed.state.options == play.state.options
    assert replayed.sheet == play.state.score_sheet()
    path = tmp_path / "table.json"
    path.write_text(rooms.record_json(code), encoding="utf-8")
    from lnb.cli import main

    assert main(["replay", str(path)]) == 0  # the command line replays it as it was played


def test_a_pupil_chooses_a_free_seat_and_may_move(rooms: RoomStore) -> None:
    code = rooms.open_room(ADA, "C1", seats=4).code
    assert rooms.take_seat(code, ADA, "Ada", seat=2) == 2  # not only the next one
    assert rooms.take_seat(code, BEA, "Bea") == 0
    assert rooms.take_seat(code, BEA, "Bea", seat=3) == 3  # she moves: seat 1 is free again
    room = rooms.room(code)
    assert [(s.index, s.name) for s in room.players] == [(2, "Ada"), (3, "Bea")]
    assert not room.seat(0).taken
    assert reason(lambda: rooms.take_seat(code, CY, "Cy", seat=3)) == "seat-taken"
    assert rooms.take_seat(code, BEA, "Bea") == 3  # a reload: the same seat back
    rooms.take_seat(code, CY, "Cy")
    rooms.start(code)
    assert rooms.take_seat(code, BEA, "Bea", seat=3) == 3
    assert reason(lambda: rooms.take_seat(code, BEA, "Bea", seat=1)) == "not-open"


def test_a_pupil_takes_back_a_seat_given_to_a_computer(rooms: RoomStore) -> None:
    code = rooms.open_room(ADA, "C1", seats=3).code
    rooms.take_seat(code, ADA, "Ada")
    rooms.give_to_computer(code, 1, "greedy")
    rooms.give_to_computer(code, 2, "planner")
    assert reason(lambda: rooms.take_seat(code, BEA, "Bea")) == "table-full"
    assert rooms.take_seat(code, BEA, "Bea", seat=1) == 1  # the computer leaves it
    seat = rooms.room(code).seat(1)
    assert (seat.pupil, seat.computer, seat.name) == (BEA.key, None, "Bea")
    assert reason(lambda: rooms.give_to_computer(code, 1, "greedy")) == "seat-taken"
    assert rooms.take_seat(code, ADA, "Ada", seat=2) == 2  # the host takes one back too
    room = rooms.room(code)
    assert [(s.index, s.name, s.computer) for s in room.seats] == [
        (0, "", None), (1, "Bea", None), (2, "Ada", None)]
    rooms.give_to_computer(code, 0, "greedy")
    rooms.start(code)
    assert reason(lambda: rooms.take_seat(code, CY, "Cy", seat=0)) == "game-started"
    with pytest.raises(RoomError) as caught:
        rooms.take_seat(code, CY, "Cy", seat=0)
    assert "has started" in str(caught.value)
