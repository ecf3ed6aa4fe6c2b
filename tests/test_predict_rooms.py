"""Predict rooms in the store (classroom.predict_rooms), on both engines
(tests/store_engines.py): a class's pupils answer a Lovelace & Babbage record's moments from
two "kernels" (two store objects on one database); a pupil reads only their own answer; the
counts, the right ones and the spread at the reveal; late and stale answers refused; bad
input refused with its fields; only the host (its key, the class's teacher token) reveals
and moves on; a pupil of another class is refused."""

from __future__ import annotations

import pytest

from classroom.identity import Classroom, IdentityError, Pupil
from classroom.predict_rooms import PredictRooms
from classroom.progress import ProgressStore
from lnb.core.errors import BadInputError, RecordError
from lnb.core.predict import predictions
from lnb.core.predict_poll import PollError


def babbage_record() -> dict:
    from lnb.babbage.game import Game
    from lnb.babbage.records import write
    from lnb.babbage.simulate import play_game
    from lnb.core.game import get

    game = get("babbage")
    state = play_game({"Ada": game.make_bot("greedy", 1), "Bea": game.make_bot("greedy", 2)},
                      Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2))
    return write(state)


def reason(caught: pytest.ExceptionInfo) -> str:
    return caught.value.fields.get("reason")


def test_a_class_predicts_moment_by_moment_from_two_kernels(store: ProgressStore,
                                                            make_store) -> None:
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Cy"])
    other = classroom.new_class("8C", ["Eve"])
    cards = {c.pupil_name: c for c in made.cards}
    ali, bea, cy = (classroom.join(made.code, n, cards[n].secret).pupil
                    for n in ("Ali", "Bea", "Cy"))
    eve = classroom.join(other.code, "Eve", other.cards[0].secret).pupil
    record = babbage_record()
    moments = predictions(record).moments
    teacher = PredictRooms(store)
    token = teacher.class_token(made.code, made.teacher_key, classroom)
    assert teacher.token_class(made.code, token) == made.code
    assert teacher.token_class(made.code, "forged") is None
    with pytest.raises(IdentityError):
        teacher.class_token(made.code, "not the key", classroom)
    opened = teacher.open_room(record, made.code)
    assert teacher.is_host(opened.code, token) and teacher.is_host(opened.code, opened.host_key)
    assert not teacher.is_host(opened.code, "guess")

    # another kernel: the pupils' pages on the same database
    pupils = PredictRooms(make_store())
    for pupil in (ali, bea, cy):
        pupils.join(opened.code, pupil)
    pupils.join(opened.code, ali)  # a reload: counted once
    with pytest.raises(PollError) as caught:
        pupils.join(opened.code, eve)
    assert reason(caught) == "other-class"
    with pytest.raises(PollError) as caught:
        pupils.join(opened.code, Pupil.from_nickname("device"))  # a device, no class
    assert reason(caught) == "other-class"

    first = moments[0]
    right, wrong = str(first.answer), str(int(first.answer) + 1)
    pupils.answer(opened.code, ali, wrong, moment=0)
    pupils.answer(opened.code, ali, f" {right} ", moment=0)  # changed before the reveal
    pupils.answer(opened.code, bea, wrong, moment=0)
    with pytest.raises(BadInputError) as caught:
        pupils.answer(opened.code, cy, "sixty", moment=0)
    assert reason(caught) == "not-a-number" and caught.value.fields["text"] == "sixty"
    assert "'sixty' is not a whole number" in str(caught.value)

    seen = teacher.state(opened.code)
    assert (seen.pupils, seen.answered, seen.right, seen.spread) == (3, 2, None, ())
    assert pupils.state(opened.code, ali).mine == right
    assert pupils.state(opened.code, bea).mine == wrong
    assert pupils.state(opened.code, cy).mine is None  # nobody else's answer

    with pytest.raises(PollError) as caught:
        pupils.reveal(opened.code, by=ali.key)
    assert reason(caught) == "not-host"
    shown = teacher.reveal(opened.code, by=token)
    assert (shown.answered, shown.right) == (2, 1)
    assert dict(shown.spread) == {right: 1, wrong: 1}
    mine = pupils.state(opened.code, ali)
    assert mine.revealed and mine.mine_right is True
    assert pupils.state(opened.code, bea).mine_right is False
    with pytest.raises(PollError) as caught:  # late: answers close at the reveal
        pupils.answer(opened.code, cy, right, moment=0)
    assert reason(caught) == "revealed"

    before = pupils.version(opened.code)
    after = teacher.next(opened.code, by=opened.host_key)
    assert after.at == 1 and not after.revealed and after.answered == 0
    assert pupils.version(opened.code) > before
    with pytest.raises(PollError) as caught:  # a page still on the first moment
        pupils.answer(opened.code, cy, right, moment=0)
    assert reason(caught) == "moved-on" and caught.value.fields["now"] == 2
    pupils.answer(opened.code, cy, str(moments[1].answer), moment=1)
    assert teacher.back(opened.code, by=token).at == 0
    assert pupils.state(opened.code, ali).mine == right  # the first moment's answers stay
    teacher.end(opened.code, by=token)
    with pytest.raises(PollError) as caught:
        pupils.answer(opened.code, cy, right, moment=0)
    assert reason(caught) == "room-over"


def test_opening_refuses_what_cannot_be_replayed(store: ProgressStore) -> None:
    rooms = PredictRooms(store)
    with pytest.raises(RecordError):
        rooms.open_room('{"format": "chess/1"}')
    with pytest.raises(PollError) as caught:
        rooms.state("K7QX")
    assert reason(caught) == "no-such-room"
    opened = rooms.open_room(babbage_record())
    last = rooms.state(opened.code).total - 1
    for _ in range(last):
        rooms.next(opened.code, by=opened.host_key)
    with pytest.raises(PollError) as caught:
        rooms.next(opened.code, by=opened.host_key)
    assert reason(caught) == "at-end"
    anyone = Pupil.from_nickname("anyone")  # a room of no class: anyone with the code
    assert rooms.answer(opened.code, anyone, "3", moment=last).mine == "3"


def test_the_class_finished_games_are_listed_and_read_with_names_hidden(
        store: ProgressStore) -> None:
    from clock import Clock

    from classroom.rooms import RoomStore

    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali"])
    ali = classroom.join(made.code, "Ali", made.cards[0].secret).pupil
    clock = Clock(1_000_000.0)
    tables = RoomStore(store, clock=clock)
    code = tables.open_room(ali, made.code, seats=2, seed=3).code
    playing = tables.open_room(ali, made.code, seats=2, seed=4).code  # not over: not listed
    tables.take_seat(code, ali, "Ali")
    tables.give_to_computer(code, 1, "greedy")
    tables.start(code)
    while not tables.play(code).finished:
        clock.now += 5
        tables.advance(code)
    rooms = PredictRooms(store)
    listed = rooms.class_games(made.code)
    assert [(t.code, t.game, t.seats) for t in listed] == [(code, "babbage", ("Ali", "Babbage"))]
    assert playing not in [t.code for t in listed] and rooms.class_games("OTHER") == []
    record = rooms.table_record(code, made.code)
    assert [p["name"] for p in record["players"]] == ["Pupil 1", "Babbage"]
    assert rooms.open_room(record, made.code).code
