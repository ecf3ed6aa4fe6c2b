"""The teacher runs the room through the store (classroom.room_control), on both engines
(tests/store_engines.py): *Pause all* pauses the two tables of a class and not another
class's; a pupil's move is refused while paused (reason ``paused``) and nothing is due; the
race's deadline moves on by the paused time after *Resume all*; a seat's allowance is kept
in the moves, so a fresh store object replays the same."""

from __future__ import annotations

import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.room_control import RoomControl, teacher_key
from classroom.rooms import RoomStore
from lnb.babbage.game import Finish, Phase, Target, TimeUp
from lnb.core.rooms import Allow, Pause, Resume, RoomError

T0 = 2_000_000.0


def started_table(rooms: RoomStore, classroom: Classroom, made, names: list[str]) -> str:
    """A started table of the class's pupils ``names`` (joined with their cards)."""
    cards = {c.pupil_name: c for c in made.cards}
    sessions = [classroom.join(made.code, n, cards[n].secret) for n in names]
    setup = rooms.open_room(sessions[0].pupil, made.code, seats=len(names))
    for session in sessions:
        rooms.take_seat(setup.code, session.pupil, session.pupil_name)
    rooms.start(setup.code)
    return setup.code


def test_pause_all_across_two_tables_and_a_move_refused(store: ProgressStore) -> None:
    clock = Clock(T0)
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Cy", "Dan"])
    other = classroom.new_class("8C", ["Eve", "Fay"])
    rooms = RoomStore(store, clock=clock)
    first = started_table(rooms, classroom, made, ["Ali", "Bea"])
    second = started_table(rooms, classroom, made, ["Cy", "Dan"])
    theirs = started_table(rooms, classroom, other, ["Eve", "Fay"])
    control = RoomControl.for_teacher(rooms, classroom, made.code, made.teacher_key)
    assert {t.code for t in control.tables()} == {first, second}
    assert not control.paused()

    clock.now += 5
    assert sorted(control.pause_all()) == sorted([first, second])
    assert control.paused() and all(t.paused for t in control.tables())
    assert not rooms.play(theirs).paused  # another class's table goes on
    assert control.pause_all() == []  # already paused: nothing to do
    moves = rooms.moves(first)
    assert moves[-1].seat is None and moves[-1].by == teacher_key(made.code)
    assert moves[-1].action == Pause()

    # a pupil's move while paused: refused with its reason, nothing written
    play = rooms.play(first)
    ali = play.setup.seat(0)
    target = play.state.targetable(ali.name)[0].target
    clock.now += 5
    with pytest.raises(RoomError) as caught:
        rooms.act(first, play.next_seq, 0, Target(ali.name, target), ali.pupil)
    assert caught.value.reason == "paused" and "paused" in str(caught.value)
    assert rooms.version(first) == rooms.version(first) and rooms.moves(first) == moves
    assert rooms.advance(first, clock.now + 600) == []  # nothing is due while paused

    clock.now += 30
    assert sorted(control.resume_all()) == sorted([first, second])
    assert not control.paused() and control.resume_all() == []
    rooms.act(first, rooms.play(first).next_seq, 0, Target(ali.name, target), ali.pupil)
    assert rooms.play(first).state.player(ali.name) is not None


def test_an_allowance_and_a_pause_move_the_race_deadline(store: ProgressStore) -> None:
    clock = Clock(T0)
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    rooms = RoomStore(store, clock=clock)
    code = started_table(rooms, classroom, made, ["Ali", "Bea"])
    control = RoomControl(rooms, made.code)
    control.set_allowance(code, 1, 2.0)
    with pytest.raises(RoomError) as bad:
        control.set_allowance(code, 1, 3.0)
    assert bad.value.reason == "bad-allowance"
    assert [s.allowance for s in control.tables()[0].seats] == [1.0, 2.0]

    play = rooms.play(code)
    pupils = {s.index: (s.name, s.pupil) for s in play.setup.players}
    for seat, (name, pupil) in pupils.items():
        target = rooms.play(code).state.targetable(name)[0].target
        rooms.act(code, rooms.play(code).next_seq, seat, Target(name, target), pupil)
    assert rooms.play(code).state.phase is Phase.PROGRAM
    clock.now += 10
    name, pupil = pupils[0]
    rooms.act(code, rooms.play(code).next_seq, 0, Finish(name), pupil)
    play = rooms.play(code)
    first = clock.now
    assert play.deadline_for(0) == first + 60 and play.deadline_for(1) == first + 120

    clock.now += 20
    control.pause_all()
    clock.now += 100  # paused 100 s
    control.resume_all()
    again = RoomStore(store, clock=clock).play(code)  # another kernel reads the same
    assert again.deadline_for(0) == first + 160 and again.deadline_for(1) == first + 220
    assert again.allowances == {1: 2.0}
    assert rooms.advance(code, first + 219) == []  # Bea's ×2 minute still runs
    made_moves = rooms.advance(code, first + 220)
    assert TimeUp() in [m.action for m in made_moves]


def test_a_table_move_on_another_class_table_is_refused(store: ProgressStore) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    other = classroom.new_class("8C", ["Eve", "Fay"])
    rooms = RoomStore(store, clock=Clock(T0))
    theirs = started_table(rooms, classroom, other, ["Eve", "Fay"])
    with pytest.raises(RoomError) as caught:
        RoomControl(rooms, made.code).set_allowance(theirs, 0, 5.0)
    assert caught.value.reason == "no-such-room"
    assert all(m.action not in (Pause(), Resume(), Allow(0, 5.0)) for m in rooms.moves(theirs))
