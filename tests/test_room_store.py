"""Live rooms in the classroom store (classroom.rooms) on both engines: the lobby,
acting in one transaction, two kernels at the same instant, heartbeats and absence, drafts and
the race's end, the record, the teacher's list, the schema."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest
from clock import Clock
from store_engines import SQLITE_ONLY

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import LIVE_SECONDS, RoomStore
from classroom.storefile import NEW_IN_5, SCHEMA_VERSION, TABLES_OF
from lnb.babbage import records
from lnb.babbage.game import Finish, Phase, Target, WriteProgram
from lnb.core.errors import GameError
from lnb.core.rooms import CODE_ALPHABET, RoomError

T0 = 1_800_000_000.0
ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
CY = Pupil("class:C1:cy", "Cy")


@pytest.fixture
def clock() -> Clock:
    return Clock(T0)  # the rooms' clock, shared by every kernel of the test


@pytest.fixture
def rooms(store: ProgressStore, clock: Clock) -> RoomStore:
    return RoomStore(store, clock=clock)


def started(rooms: RoomStore, pupils=(ADA, BEA), computers=(), **options) -> str:
    """A started table: the pupils' seats first, then the computers'."""
    setup = rooms.open_room(ADA, "C1", seats=len(pupils) + len(computers), **options)
    for pupil in pupils:
        rooms.take_seat(setup.code, pupil, pupil.label)
    for i, kind in enumerate(computers, start=len(pupils)):
        rooms.give_to_computer(setup.code, i, kind)
    rooms.start(setup.code)
    return setup.code


def reason(call) -> str:
    with pytest.raises(RoomError) as caught:
        call()
    return caught.value.reason


def test_the_lobby_seats_pupils_and_computers(rooms: RoomStore) -> None:
    setup = rooms.open_room(ADA, "C1", seats=3)
    code = setup.code
    assert len(code) == 4 and set(code) <= set(CODE_ALPHABET)
    assert setup.status == "open" and setup.host == ADA.key and not setup.players
    assert rooms.take_seat(code, ADA, "Ada") == 0
    assert rooms.take_seat(code.lower(), ADA, "Ada again") == 0  # rejoin: the same seat
    assert rooms.take_seat(code, BEA, "Ada", seat=2) == 2  # a name taken is made unique
    room = rooms.room(code)
    assert [(s.index, s.name, s.pupil) for s in room.players] == [
        (0, "Ada", ADA.key), (2, "Ada 2", BEA.key)]
    assert reason(lambda: rooms.take_seat(code, CY, "Cy", seat=2)) == "seat-taken"
    assert reason(lambda: rooms.take_seat(code, CY, "Cy", seat=7)) == "no-such-seat"
    assert reason(lambda: rooms.give_to_computer(code, 1, "genius")) == "unknown-bot"
    assert reason(lambda: rooms.give_to_computer(code, 0, "greedy")) == "seat-taken"
    rooms.give_to_computer(code, 1, "planner")
    assert rooms.room(code).seat(1).name == "Babbage"
    assert reason(lambda: rooms.take_seat(code, CY, "Cy")) == "table-full"
    rooms.leave_seat(code, BEA)
    assert rooms.take_seat(code, CY, "Cy") == 2
    rooms.free_seat(code, 1, ADA)  # the host
    assert not rooms.room(code).seat(1).taken
    before = rooms.version(code)
    after = rooms.start(code)
    assert after.status == "playing" and after.started == T0
    assert rooms.version(code) == before + 1 and [s.name for s in after.players] == ["Ada", "Cy"]
    assert rooms.start(code) == after  # starting again changes nothing
    # once started: only the players come back
    assert rooms.take_seat(code, CY, "Cy") == 2
    assert reason(lambda: rooms.take_seat(code, BEA, "Bea")) == "game-started"
    assert reason(lambda: rooms.give_to_computer(code, 1, "greedy")) == "not-open"
    assert reason(lambda: rooms.leave_seat(code, CY)) == "not-open"


def test_clear_errors_for_codes_and_tables(rooms: RoomStore) -> None:
    with pytest.raises(RoomError) as caught:
        rooms.room("K7QX")
    assert caught.value.reason == "no-such-room" and caught.value.code == "K7QX"
    assert str(caught.value) == "No table K7QX: check the code on the board."
    assert reason(lambda: rooms.room("K0")) == "bad-code"
    assert reason(lambda: rooms.version("K7QX")) == "no-such-room"
    assert reason(lambda: rooms.open_room(ADA, None, seats=5)) == "bad-seat-count"
    code = rooms.open_room(ADA, None, seats=2).code
    rooms.take_seat(code, ADA, "Ada")
    assert reason(lambda: rooms.start(code)) == "too-few-players"
    assert reason(lambda: rooms.play(code)) == "not-started"
    assert reason(lambda: rooms.act(code, 1, 0, Target("Ada", 14), ADA)) == "not-started"


def test_room_codes_are_unique(rooms: RoomStore, monkeypatch: pytest.MonkeyPatch) -> None:
    codes = iter(["KQXA", "KQXA", "KQXA", "MNPC"])
    monkeypatch.setattr("classroom.rooms.new_code", lambda length: next(codes))
    assert rooms.open_room(None, None).code == "KQXA"
    assert rooms.open_room(None, None).code == "MNPC"  # the clash was drawn again


def test_act_appends_one_move_and_bumps_the_version(rooms: RoomStore) -> None:
    code = started(rooms)
    play = rooms.play(code)
    assert rooms.play(code) is play  # cached while the version stays
    version = rooms.version(code)
    sub = play.state.targetable("Ada")[0].target
    move = rooms.act(code, play.next_seq, 0, Target("Ada", sub), ADA)
    assert (move.seq, move.seat, move.by, move.at) == (1, 0, ADA.key, T0)
    assert rooms.version(code) == version + 1 and rooms.moves(code) == [move]
    again = rooms.play(code)
    assert again is not play and play.seq == 0 and again.seq == 1  # the old play is unchanged
    # somebody else's seat, or an action of another player from mine
    assert reason(lambda: rooms.act(code, 2, 1, Target("Bea", sub), ADA)) == "not-your-seat"
    assert reason(lambda: rooms.act(code, 2, 0, Target("Bea", sub), ADA)) == "not-your-seat"
    with pytest.raises(RoomError) as caught:  # my second Target from the same old screen
        rooms.act(code, 1, 0, Target("Ada", sub), ADA)
    assert caught.value.reason == "table-moved-on" and caught.value.seat == 0
    assert rooms.moves(code) == [move] and rooms.version(code) == version + 1


def test_im_done_writes_and_finishes_in_one_transaction(rooms: RoomStore,
                                                          clock: Clock) -> None:
    code = started(rooms)
    for pupil, seat, name in ((ADA, 0, "Ada"), (BEA, 1, "Bea")):
        play = rooms.play(code)
        rooms.act(code, play.next_seq, seat, Target(name, play.state.targetable(name)[0].target),
                  pupil)
    clock.now += 12.0
    play = rooms.play(code)
    assert play.state.phase is Phase.PROGRAM
    made = rooms.act_all(code, play.next_seq, 0, [WriteProgram("Ada", "A3+"), Finish("Ada")],
                         ADA)
    assert [m.seq for m in made] == [3, 4] and made[1].action.seconds == 12.0
    play = rooms.play(code)
    assert play.race_deadline == clock.now + 60 and str(play.state.player("Ada").play.program) \
        == "A3+"
    # all or nothing: a bad second action leaves the first one out too
    before = rooms.version(code)
    with pytest.raises(GameError) as caught:  # a Target in the Program phase
        rooms.act_all(code, play.next_seq, 1, [WriteProgram("Bea", "A3+"),
                                               Target("Bea", 14)], BEA)
    assert caught.value.reason == "wrong-phase"
    assert rooms.version(code) == before and len(rooms.moves(code)) == 4


def kernels(make_store, clock: Clock, count: int = 2) -> list[RoomStore]:
    """Room stores of separate kernels: each its own connection to the test's store."""
    return [RoomStore(make_store(backups=False), clock=clock) for _ in range(count)]


def at_once(*calls):
    """Run the calls in threads released at the same instant; their results or errors."""
    barrier = threading.Barrier(len(calls))
    out: list[object] = [None] * len(calls)

    def run(i: int, call) -> None:
        barrier.wait()
        try:
            out[i] = call()
        except Exception as exc:  # the test looks at what each got
            out[i] = exc

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return out


def test_two_devices_of_one_seat_at_the_same_instant_one_wins(make_store,
                                                              clock: Clock) -> None:
    one, two = kernels(make_store, clock)
    code = started(one)
    play = two.play(code)
    subs = [s.target for s in play.state.targetable("Ada")[:2]]
    got = at_once(lambda: one.act(code, 1, 0, Target("Ada", subs[0]), ADA),
                  lambda: two.act(code, 1, 0, Target("Ada", subs[1]), ADA))
    errors = [g for g in got if isinstance(g, Exception)]
    wins = [g for g in got if not isinstance(g, Exception)]
    assert len(wins) == 1 and len(errors) == 1, got
    assert isinstance(errors[0], RoomError) and errors[0].reason == "table-moved-on"
    assert one.moves(code) == wins and two.play(code).state.player("Ada").play.target in subs


def test_two_pupils_acting_at_the_same_instant_both_land(make_store, clock: Clock) -> None:
    one, two = kernels(make_store, clock)
    code = started(one)
    state = one.play(code).state
    got = at_once(
        lambda: one.act(code, 1, 0, Target("Ada", state.targetable("Ada")[0].target), ADA),
        lambda: two.act(code, 1, 1, Target("Bea", state.targetable("Bea")[0].target), BEA))
    assert not any(isinstance(g, Exception) for g in got), got
    assert sorted(m.seq for m in got) == [1, 2]  # nothing lost
    assert one.play(code).state.phase is Phase.PROGRAM


def test_kernels_appending_due_moves_at_once_append_them_once(make_store,
                                                              clock: Clock) -> None:
    stores = kernels(make_store, clock, 3)
    code = started(stores[0], pupils=(ADA,), computers=("greedy", "planner"))
    stores[0].heartbeat(code, 0, ADA)
    got = at_once(*[lambda s=s: s.advance(code) for s in stores])
    assert not any(isinstance(g, Exception) for g in got), got
    moves = stores[1].moves(code)
    assert sorted(m.seq for g in got for m in g) == [m.seq for m in moves] == [1, 2]
    assert {m.action.player for m in moves} == {"Babbage", "Somerville"}
    assert all(m.by == "computer" for m in moves)


def test_an_absent_pupils_seat_is_played_until_they_return(rooms: RoomStore,
                                                           clock: Clock) -> None:
    code = started(rooms, pupils=(ADA, BEA))
    assert rooms.present(code) == {"Ada", "Bea"}  # taking a seat counts as seen
    assert rooms.advance(code) == []  # both are here: the table waits for their targets
    clock.now += 15
    rooms.heartbeat(code, 1, BEA)
    clock.now += 10  # Ada's page is gone for 25 s: beyond the grace period
    version = rooms.version(code)
    assert rooms.present(code) == {"Bea"} and rooms.version(code) == version  # no bump
    made = rooms.advance(code)
    assert [(m.seat, type(m.action)) for m in made] == [(0, Target)]
    assert made[0].by == "computer"
    rooms.heartbeat(code, 0, ADA)  # Ada is back: her seat is hers at once
    play = rooms.play(code)
    rooms.act(code, play.next_seq, 1, Target("Bea", play.state.targetable("Bea")[0].target),
              BEA)
    assert rooms.play(code).state.phase is Phase.PROGRAM
    clock.now += 100
    rooms.heartbeat(code, 0, ADA)
    rooms.heartbeat(code, 1, BEA)
    assert rooms.advance(code) == []  # nobody finished: the minute has not started


def test_at_the_deadline_the_drafts_are_handed_in(rooms: RoomStore, clock: Clock) -> None:
    code = started(rooms, pupils=(ADA, BEA, CY))
    rooms.save_draft(code, 1, "A1+", BEA)  # before the Program phase: an old draft, ignored
    for pupil, seat, name in ((ADA, 0, "Ada"), (BEA, 1, "Bea"), (CY, 2, "Cy")):
        play = rooms.play(code)
        rooms.act(code, play.next_seq, seat, Target(name, play.state.targetable(name)[0].target),
                  pupil)
    assert rooms.draft(code, 1, BEA) is None
    clock.now += 1
    rooms.save_draft(code, 1, "A3+ A4/ A9+", BEA)
    assert rooms.draft(code, 1, BEA) == "A3+ A4/ A9+" and rooms.draft(code, 2, CY) is None
    play = rooms.play(code)
    rooms.act_all(code, play.next_seq, 0, [WriteProgram("Ada", "A3+"), Finish("Ada")], ADA)
    for step in (30, 29.9):
        clock.now += step
        for seat, pupil in enumerate((ADA, BEA, CY)):
            rooms.heartbeat(code, seat, pupil)
        assert rooms.advance(code) == []  # the minute is not over
    clock.now += 0.1
    made = rooms.advance(code)
    assert [type(m.action).__name__ for m in made[:2]] == ["WriteProgram", "TimeUp"]
    state = rooms.play(code).state
    assert str(state.player("Bea").play.program) == "A3+ A4/"
    assert state.player("Bea").play.stopped and state.player("Cy").play.stopped
    assert not state.player("Ada").play.stopped and state.order[0] == "Ada"


def test_a_game_of_computers_driven_by_advance_reaches_game_over(rooms: RoomStore,
                                                                clock: Clock) -> None:
    code = started(rooms, pupils=(), computers=("greedy", "beginner", "planner"))
    for _ in range(4000):
        if rooms.room(code).status == "over":
            break
        rooms.advance(code)
        clock.now += 0.5
    play = rooms.play(code)
    assert play.finished and rooms.room(code).status == "over"
    assert rooms.advance(code) == []
    assert code not in [r.code for r in rooms.live_rooms()]  # over: not live
    record = rooms.record(code)
    replayed = records.replay(records.load(rooms.record_json(code)))
    assert replayed.finished and replayed.state.returns() == play.state.returns()
    assert [p["computer"] for p in record["players"]] == ["greedy", "beginner", "planner"]
    # a kernel with no cache replays the same game from the store's moves
    fresh = RoomStore(rooms.store, clock=clock)
    from classroom import rooms as module

    module._CACHE.clear()
    assert fresh.play(code).state.returns() == play.state.returns()
    # exactly what the game app's Save writes for that game, and its Load opens it
    import json

    from widgets.babbage.game_app import Computer, GameApp

    saver = GameApp()
    saver.state, saver.timed = play.state, True
    saver.computers = {s.name: Computer(s.name, s.computer) for s in play.setup.players}
    assert json.loads(saver.record_json()) == record
    app = GameApp()
    app.load_text(rooms.record_json(code))
    assert app.state is not None and app.state.is_terminal() and app.loaded
    assert app.state.returns() == play.state.returns()


def test_a_record_of_a_room_under_way_resumes_in_the_game_app(rooms: RoomStore,
                                                             clock: Clock) -> None:
    code = started(rooms, pupils=(), computers=("greedy", "greedy"))
    while rooms.play(code).state.round < 2:
        rooms.advance(code)
        clock.now += 0.5
    record = rooms.record(code)
    assert len(record["rounds"]) == 1 and not records.replay(record).finished
    from widgets.babbage.game_app import GameApp

    app = GameApp()
    app.load_text(rooms.record_json(code))
    assert app.state.round == 2 and not app.loaded


def test_a_seats_draft_and_heartbeat_are_its_pupils_alone(rooms: RoomStore,
                                                        clock: Clock) -> None:
    """Only the pupil holding a seat writes or reads its draft (to be handed in as theirs),
    or says they are here: anyone else is refused, and nothing of the seat changes."""
    code = started(rooms, pupils=(ADA, BEA, CY))
    for pupil, seat, name in ((ADA, 0, "Ada"), (BEA, 1, "Bea"), (CY, 2, "Cy")):
        play = rooms.play(code)
        rooms.act(code, play.next_seq, seat, Target(name, play.state.targetable(name)[0].target),
                  pupil)
    clock.now += 1
    rooms.save_draft(code, 1, "A3+ A4/", BEA)
    assert reason(lambda: rooms.save_draft(code, 1, "B1+", ADA)) == "not-your-seat"
    assert reason(lambda: rooms.save_draft(code, 7, "B1+", ADA)) == "not-your-seat"
    assert reason(lambda: rooms.draft(code, 1, ADA)) == "not-your-seat"  # not shown to Ada
    assert rooms.draft(code, 1, BEA) == "A3+ A4/"  # unchanged
    assert rooms.draft(code, 0, ADA) is None
    clock.now += 20  # beyond the grace period for everyone
    assert rooms.heartbeat(code, 0, ADA) and not rooms.heartbeat(code, 1, ADA)
    assert rooms.present(code) == {"Ada"}  # Ada's heartbeat for Bea's seat counted nothing


def test_live_rooms_for_the_dashboard(rooms: RoomStore, clock: Clock) -> None:
    waiting = rooms.open_room(ADA, "C1", seats=2).code
    playing = started(rooms, computers=())
    other = rooms.open_room(None, "C2", seats=2).code
    live = rooms.live_rooms("C1")
    assert {r.code for r in live} == {waiting, playing}
    by_code = {r.code: r for r in live}
    assert by_code[waiting].round == 0 and by_code[waiting].status == "open"
    assert by_code[waiting].seats == ()
    assert by_code[playing].round == 1 and by_code[playing].seats == ("Ada", "Bea")
    assert {r.code for r in rooms.live_rooms()} == {waiting, playing, other}
    clock.now += LIVE_SECONDS - 10
    rooms.heartbeat(playing, 0, ADA)
    clock.now += 20  # an hour since the other tables were touched
    assert [r.code for r in rooms.live_rooms()] == [playing]


def test_a_fresh_store_has_the_room_tables(store: ProgressStore) -> None:
    for table in NEW_IN_5:
        assert store.read(lambda conn, t=table: conn.execute(
            f"SELECT count(*) FROM {t}").fetchone()[0]) == 0


@SQLITE_ONLY
def test_a_schema_4_file_gets_the_room_tables(store_engine: str, tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path, backups=False) as store:
        store.record_attempt(Pupil.from_nickname("sam"), "P1", solved=True, rows=3)
        before = store.dump()
    assert set(TABLES_OF[4]) | set(NEW_IN_5) == set(TABLES_OF[SCHEMA_VERSION])
    with sqlite3.connect(path) as raw:  # as the kit of schema 4 left it
        for table in NEW_IN_5:
            raw.execute(f"DROP TABLE {table}")
        raw.execute("DELETE FROM schema_version")
        raw.execute("INSERT INTO schema_version VALUES (4)")
        raw.execute("PRAGMA user_version = 4")
    with ProgressStore(path, backups=False) as store:
        assert store.dump() == before and store.notices == [] and store.saving
        rooms = RoomStore(store)
        assert rooms.take_seat(rooms.open_room(None, None).code, ADA, "Ada") == 0
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 5


def test_a_polling_kernel_replays_only_the_new_moves(rooms: RoomStore, clock: Clock,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from classroom import rooms as module
    from lnb.core.rooms import RoomPlay

    code = started(rooms, pupils=(ADA,), computers=("greedy",))
    module._CACHE.clear()
    replays = []
    whole = RoomPlay.from_moves.__func__

    def counted(cls, setup, moves):
        moves = list(moves)
        replays.append(len(moves))
        return whole(cls, setup, moves)

    monkeypatch.setattr(RoomPlay, "from_moves", classmethod(counted))
    first = rooms.play(code)
    assert replays == [0]
    rooms.heartbeat(code, 0, ADA)
    rooms.advance(code)  # the computer's target: this kernel caches what it appended
    play = rooms.play(code)
    rooms.act(code, play.next_seq, 0, Target("Ada", play.state.targetable("Ada")[0].target),
              ADA)
    for _ in range(5):
        assert rooms.play(code) is rooms.play(code)  # polling an unchanged room: no work
    # another kernel's moves reach this one as the moves after its cached play
    other = RoomStore(ProgressStore(rooms.store.where, backups=False), clock=clock)
    clock.now += 60
    other.heartbeat(code, 0, ADA)
    assert other.advance(code)  # (in this process both share the cache; the DB has it all)
    module._CACHE[(rooms._where, code)] = (rooms.version(code) - 1, play)  # an older play
    assert rooms.play(code).seq > play.seq and replays == [0]
    assert first.seq == 0  # a play in hand never changed
    other.store.close()


def test_a_move_clashing_with_another_kernels_on_the_key_is_read_again(
        rooms: RoomStore) -> None:
    code = started(rooms)
    play = rooms.play(code)  # cached at seq 0
    bea = Target("Bea", play.state.targetable("Bea")[0].target)
    from lnb.core.game import get

    with rooms.store.transaction() as conn:  # another kernel's row, as if its version lagged
        conn.execute('INSERT INTO room_moves (code, seq, seat, action, at, "by") VALUES '
                     "(?, ?, ?, ?, ?, ?)", (code, 1, 1, get("babbage").action_text(bea), T0,
                                            BEA.key))
    move = rooms.act(code, 1, 0, Target("Ada", play.state.targetable("Ada")[0].target), ADA)
    assert move.seq == 2  # the clash on (code, 1) was retried on the room as it is
    assert [m.action.player for m in rooms.moves(code)] == ["Bea", "Ada"]


def test_moves_stored_as_json_before_still_replay(rooms: RoomStore) -> None:
    """A room saved before moves were kept as the game's text form (``room_moves.action``
    held JSON, ``lnb.babbage.rooms.action_to_json``) replays, and its new moves are text."""
    code = started(rooms)
    play = rooms.play(code)
    sub = play.state.targetable("Bea")[0].target
    with rooms.store.transaction() as conn:
        conn.execute('INSERT INTO room_moves (code, seq, seat, action, at, "by") VALUES '
                     "(?, ?, ?, ?, ?, ?)", (code, 1, 1, json.dumps(
                         {"player": "Bea", "subroutine": sub, "type": "Target"},
                         sort_keys=True), T0, BEA.key))
        conn.execute("UPDATE rooms SET version = version + 1 WHERE code = ?", (code,))
    assert [m.action for m in rooms.moves(code)] == [Target("Bea", sub)]
    play = rooms.play(code)
    rooms.act(code, play.next_seq, 0, Target("Ada", play.state.targetable("Ada")[0].target),
              ADA)
    with rooms.store.transaction() as conn:
        kept = [r[0] for r in conn.execute("SELECT action FROM room_moves WHERE code = ? "
                                           "ORDER BY seq", (code,)).fetchall()]
    assert kept[0].startswith("{") and kept[1].startswith("Ada: target ")
    assert rooms.play(code).state.phase is Phase.PROGRAM
