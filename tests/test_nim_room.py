"""A live room of the fourth game: Nim (tests/nim_game.py, declared in one file) is played
at a table of the classroom store with no other file touched: a table opened for it, a
pupil and a computer seated, the pupil's moves checked by Nim's rules, the computer's and
an absent pupil's made by the table, the stale-move rule, game over and Nim's own record."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nim_game
import pytest
from clock import Clock

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.errors import LnbError
from lnb.core.game import GameType, register, unregister
from lnb.core.rooms import COMPUTER, RoomError

ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")


@pytest.fixture(autouse=True)
def nim() -> Iterator[GameType]:
    """Nim in the registry for each test, out again after it."""
    register(nim_game.GAME)
    yield nim_game.GAME
    unregister(nim_game.NAME)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def rooms(tmp_path: Path, clock: Clock) -> Iterator[RoomStore]:
    with ProgressStore(tmp_path / "class.sqlite3", backups=False) as store:
        yield RoomStore(store, clock=clock)


def nim_table(rooms: RoomStore, pile: int = 9) -> str:
    """A started Nim table: Ada (a pupil) in seat 0, the perfect computer in seat 1."""
    setup = rooms.open_room(ADA, "C1", seats=2, game="nim", options={"pile": pile}, seed=3)
    assert setup.game == "nim" and [s.character for s in setup.seats] == ["", ""]
    assert rooms.take_seat(setup.code, ADA, "Ada") == 0
    rooms.give_to_computer(setup.code, 1, "perfect")
    rooms.start(setup.code)
    return setup.code


def test_a_nim_table_plays_to_the_end_and_gives_nims_record(rooms: RoomStore,
                                                            clock: Clock) -> None:
    code = nim_table(rooms)
    assert [(r.code, r.seats, r.round, r.status) for r in rooms.live_rooms("C1")] == [
        (code, ("Ada", "perfect"), 1, "playing")]  # on the teacher's dashboard
    play = rooms.play(code)
    assert play.waiting_on == ("Ada",) and [s.name for s in play.setup.players] == [
        "Ada", "perfect"]
    rooms.heartbeat(code, 0, ADA)
    assert rooms.advance(code) == []  # Ada is here: the table waits for her
    while not rooms.play(code).finished:
        play = rooms.play(code)
        if play.waiting_on == ("Ada",):
            take = nim_game.parse_action(f"Ada: take {min(2, play.state.pile)}")
            move = rooms.act(code, play.next_seq, 0, take, ADA)
            assert move.by == ADA.key and move.action == take
        clock.now += 1
        rooms.heartbeat(code, 0, ADA)
        made = rooms.advance(code)
        assert all(m.by == COMPUTER and m.seat == 1 for m in made)
    play = rooms.play(code)
    assert rooms.room(code).status == "over" and play.state.pile == 0
    # the moves are kept as Nim's text form, and replay to the same game
    with rooms.store.transaction() as conn:
        kept = [row[0] for row in conn.execute(
            "SELECT action FROM room_moves WHERE code = ? ORDER BY seq", (code,)).fetchall()]
    assert kept[0] == "Ada: take 2" and kept == [str(m.action) for m in play.moves]
    record = rooms.record(code)
    assert record["format"] == nim_game.FORMAT
    assert record == nim_game.write(play.state)
    assert nim_game.load(rooms.record_json(code)) == nim_game.load(record)
    replayed = nim_game.replay(record)
    assert replayed.finished and replayed.state.returns() == play.state.returns()


def test_nims_rules_refuse_and_the_stale_move_rule_holds(rooms: RoomStore) -> None:
    code = nim_table(rooms, pile=5)
    play = rooms.play(code)
    with pytest.raises(LnbError) as illegal:  # Nim's own refusal, with its fields
        rooms.act(code, play.next_seq, 0, nim_game.Take("Ada", 4), ADA)
    assert not isinstance(illegal.value, RoomError)
    seen = play.next_seq
    rooms.act(code, seen, 0, nim_game.Take("Ada", 1), ADA)
    with pytest.raises(RoomError) as stale:  # from the same old screen: the table moved on
        rooms.act(code, seen, 0, nim_game.Take("Ada", 1), ADA)
    assert stale.value.reason == "table-moved-on"
    assert [str(m) for m in stale.value.moves] == ["Ada: take 1"]
    with pytest.raises(RoomError) as other_seat:
        rooms.act(code, play.next_seq, 0, nim_game.Take("perfect", 1), ADA)
    assert other_seat.value.reason in ("not-your-seat", "table-moved-on")


def test_an_absent_pupil_is_played_by_the_table(rooms: RoomStore, clock: Clock) -> None:
    setup = rooms.open_room(ADA, "C1", seats=2, game="nim", options={"pile": 20}, seed=1)
    rooms.take_seat(setup.code, ADA, "Ada")
    rooms.take_seat(setup.code, BEA, "Bea")
    rooms.start(setup.code)
    clock.now += setup.grace_seconds + 1  # nobody's heartbeat: both seats are played
    made = rooms.advance(setup.code)
    assert rooms.play(setup.code).finished and made
    assert {m.seat for m in made} == {0, 1} and all(m.by == COMPUTER for m in made)


def test_the_lobby_asks_nim(rooms: RoomStore) -> None:
    for seats in (1, 5):
        with pytest.raises(RoomError) as caught:
            rooms.open_room(ADA, "C1", seats=seats, game="nim")
        assert caught.value.reason == "bad-seat-count" and caught.value.expected == (2, 4)
    code = rooms.open_room(ADA, "C1", seats=2, game="nim").code
    with pytest.raises(RoomError) as caught:
        rooms.give_to_computer(code, 1, "greedy")  # not one of Nim's players
    assert caught.value.reason == "unknown-bot" and caught.value.expected == (
        "random", "perfect")
    rooms.take_seat(code, ADA, "Ada")
    with pytest.raises(RoomError) as caught:
        rooms.start(code)
    assert caught.value.reason == "too-few-players"
