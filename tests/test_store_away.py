"""A store that goes away and comes back (issue 26 item 11): a PostgreSQL server this test
stops and starts (its own cluster), a SQLite file another program keeps locked, a disk that
fills up. A blip is waited out; writes made meanwhile are kept and written once, in order, as
soon as the store is back (by the store itself, without the pupil's next action); a table says
"the class database is not answering", never "no table"; nobody is counted absent because of
the store."""

from __future__ import annotations

import datetime
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from clock import Clock
from store_engines import PgCluster

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import SETTLE_SECONDS, RoomStore
from classroom.store import StoreAway
from lnb.babbage.game import Finish, Phase, Target, WriteProgram
from lnb.core.errors import LnbError
from lnb.core.testing import wait_until

ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
T0 = 1_800_000_000.0


def wait_for(state: Callable[[], bool], what: str, within: float = 30.0) -> None:
    """Wait until ``state()`` holds; fail saying ``what`` after ``within`` s."""
    wait_until(state, what, within)


@pytest.fixture(scope="module")
def own_cluster() -> Iterator[PgCluster]:
    """A PostgreSQL server of this module's own: its tests stop and start it."""
    cluster = PgCluster()
    try:
        cluster.start()
    except (RuntimeError, OSError) as exc:
        cluster.stop()
        pytest.fail(f"PostgreSQL could not be started: {exc}", pytrace=False)
    yield cluster
    cluster.stop()


@dataclass
class Outage:
    """A store and a way to make it go away and come back."""

    url: str
    down: Callable[[], None]
    up: Callable[[], None]


@pytest.fixture(params=["sqlite", "postgresql"])
def outage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Outage]:
    """PostgreSQL: the server stopped (``pg_ctl stop``) and started again. SQLite: the file
    locked by another program (writes cannot get in) and let go again."""
    if request.param == "postgresql":
        cluster: PgCluster = request.getfixturevalue("own_cluster")
        yield Outage(cluster.new_schema(), cluster.pause, cluster.resume)
        return
    path = tmp_path / "progress.sqlite3"
    holder: list[sqlite3.Connection] = []

    def down() -> None:
        conn = sqlite3.connect(path, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        holder.append(conn)

    def up() -> None:
        conn = holder.pop()
        conn.execute("ROLLBACK")
        conn.close()

    yield Outage(str(path), down, up)
    while holder:
        up()


def kernel(url: str, **options: Any) -> ProgressStore:
    """One page's kernel's store: a short blip wait and write timeout, so that the tests'
    outages are noticed at once."""
    return ProgressStore(url, backups=False, timeout=0.3, blip=0.2, **options)


def program_phase(rooms: RoomStore) -> str:
    """A table of Ada and Bea in the Program phase."""
    setup = rooms.open_room(ADA, "C1", seats=2)
    for pupil in (ADA, BEA):
        rooms.take_seat(setup.code, pupil, pupil.label)
    rooms.start(setup.code)
    for pupil, seat, name in ((ADA, 0, "Ada"), (BEA, 1, "Bea")):
        play = rooms.play(setup.code)
        rooms.act(setup.code, play.next_seq, seat,
                  Target(name, play.state.targetable(name)[0].target), pupil)
    assert rooms.play(setup.code).state.phase is Phase.PROGRAM
    return setup.code


def away(call: Callable[[], object]) -> StoreAway:
    with pytest.raises(StoreAway) as caught:
        call()
    assert caught.value.reason == "store-away"
    return caught.value


def test_a_room_read_during_a_short_restart_waits_it_out(own_cluster: PgCluster) -> None:
    """D3: a 1-second restart of the server: the table is read once it is back, never
    "No table"."""
    store = ProgressStore(own_cluster.new_schema(), backups=False, blip=30.0)
    rooms = RoomStore(store)
    code = rooms.open_room(ADA, "C1", seats=2).code
    read: list[object] = []
    own_cluster.pause()
    try:
        reader = threading.Thread(target=lambda: read.append(_outcome(lambda: rooms.room(code))))
        reader.start()
    finally:
        own_cluster.resume()
    reader.join(60)
    assert [getattr(r, "code", r) for r in read] == [code]
    assert store.saving and store.outages == []
    store.close()


def _outcome(call: Callable[[], object]) -> object:
    try:
        return call()
    except LnbError as exc:
        return exc.reason


def test_writes_while_the_store_is_away_are_kept_and_written_once_in_order(
        outage: Outage) -> None:
    """D3: Ada is done, Bea writing; the store goes away; Bea's draft, her *I'm done* and her
    heartbeat are kept (the page says the database is not answering, not "No table"), and
    written by her kernel once the store is back, each once, in order, without her next
    action."""
    ada_store, bea_store = kernel(outage.url), kernel(outage.url)
    ada, bea = RoomStore(ada_store), RoomStore(bea_store)
    code = program_phase(ada)
    play = ada.play(code)
    ada.act_all(code, play.next_seq, 0, [WriteProgram("Ada", "A3+"), Finish("Ada")], ADA)
    bea.save_draft(code, 1, "A1+", BEA)
    seq = bea.play(code).next_seq
    outage.down()
    try:
        bea.save_draft(code, 1, "A3+", BEA)  # kept: no error (the page's reads say so)
        refused = away(lambda: bea.room(code))
        assert "not answering" in str(refused) and "No table" not in str(refused)
        assert outage.url not in str(refused)
        assert away(lambda: bea.act_all(code, seq, 1, [WriteProgram("Bea", "A3+"),
                                                       Finish("Bea")], BEA)).queued
        assert bea.heartbeat(code, 1, BEA)  # kept
        assert bea_store.pending == 3 and not bea_store.saving
    finally:
        outage.up()
    wait_for(lambda: bea_store.saving and bea_store.pending == 0, "written back")
    with ProgressStore(outage.url, backups=False) as other:
        moves = RoomStore(other).moves(code)
        assert [(m.seq, m.seat, type(m.action).__name__, m.by) for m in moves[seq - 1:]] == [
            (seq, 1, "WriteProgram", BEA.key), (seq + 1, 1, "Finish", BEA.key)]
        assert str(RoomStore(other).play(code).state.player("Bea").play.program) == "A3+"
        assert other.read(lambda conn: conn.execute(  # the newest draft kept, written
            "SELECT program FROM room_drafts WHERE code = ? AND seat = 1", (code,)).fetchall()
        ) == [("A3+",)]
    assert bea_store.refused == []
    ada_store.close()
    bea_store.close()


def test_nobody_is_counted_absent_because_the_store_was_away(outage: Outage) -> None:
    """D3: the store away for 60 s (longer than the 20 s grace): once it is back the table
    does not hand the present pupils' seats to the computer, although Bea's last heartbeat
    in the store is from before the outage (the time the store was away is not counted)."""
    clock = Clock(T0)
    ada_store, bea_store = kernel(outage.url, clock=clock), kernel(outage.url, clock=clock)
    ada, bea = RoomStore(ada_store, clock=clock), RoomStore(bea_store, clock=clock)
    code = ada.open_room(ADA, "C1", seats=2).code
    for rooms, pupil in ((ada, ADA), (bea, BEA)):
        rooms.take_seat(code, pupil, pupil.label)
    ada.start(code)
    assert ada.advance(code) == []  # both here: the table waits for their targets
    outage.down()
    try:
        clock.now += 5
        ada.heartbeat(code, 0, ADA)  # kept, written when it is back
        assert ada.advance(code) == []  # nothing decided while the store is away
        clock.now += 55
    finally:
        outage.up()
    wait_for(lambda: ada_store.saving and ada_store.pending == 0, "back")
    clock.now += 1  # Bea's page's kernel has not written a heartbeat since the outage yet:
    assert ada.present(code) == {"Ada", "Bea"}
    assert ada.advance(code) == []
    clock.now += 25  # and a pupil really gone is still played for after the grace period
    bea.heartbeat(code, 1, BEA)
    assert ada.present(code) == {"Bea"}
    assert [(m.seat, m.by) for m in ada.advance(code)] == [(0, "computer")]
    ada_store.close()
    bea_store.close()


def test_an_im_done_kept_before_the_bell_is_not_beaten_by_time_up(outage: Outage) -> None:
    """D3: the race's bell rings while the store is away; Bea pressed *I'm done* before it.
    Once the store is back the table waits until every kernel wrote what it kept: her
    *I'm done* counts (no time-up before it)."""
    clock = Clock(T0)
    ada_store, bea_store = kernel(outage.url, clock=clock), kernel(outage.url, clock=clock)
    ada, bea = RoomStore(ada_store, clock=clock), RoomStore(bea_store, clock=clock)
    code = program_phase(ada)
    play = ada.play(code)
    ada.act_all(code, play.next_seq, 0, [WriteProgram("Ada", "A3+"), Finish("Ada")], ADA)
    deadline = ada.play(code).race_deadline
    seq = bea.play(code).next_seq
    outage.down()
    try:
        clock.now = deadline - 10
        ada.heartbeat(code, 0, ADA)  # Ada's page beats on (kept)
        away(lambda: bea.act_all(code, seq, 1, [WriteProgram("Bea", "A3+"), Finish("Bea")],
                                 BEA))
        clock.now = deadline + 30  # the bell rang while the store was away
    finally:
        outage.up()
    wait_for(lambda: ada_store.saving, "Ada's kernel back")
    assert ada.advance(code) == []  # not yet: Bea's kernel may still hold her moves
    wait_for(lambda: bea_store.saving and bea_store.pending == 0, "Bea's kept moves written")
    clock.now += SETTLE_SECONDS
    ada.advance(code)  # the table goes on: both are done, so no time-up
    kinds = [(m.seat, type(m.action).__name__, m.by) for m in ada.moves(code)]
    assert kinds[seq - 1:seq + 1] == [(1, "WriteProgram", BEA.key), (1, "Finish", BEA.key)]
    assert "TimeUp" not in [k[1] for k in kinds] and bea_store.refused == []
    ada_store.close()
    bea_store.close()


def test_progress_kept_while_away_is_saved_without_the_pupils_next_action(
        outage: Outage) -> None:
    """D4: a check made while the store was away is saved by the store itself once it is
    back (the page does nothing more)."""
    store = kernel(outage.url)
    dov = Pupil("class:C1:dov", "Dov")
    store.record_attempt(dov, "P1", solved=True, rows=3)
    outage.down()
    try:
        store.record_attempt(dov, "P2", solved=False)
        assert not store.saving and store.pending == 1
    finally:
        outage.up()
    with ProgressStore(outage.url, backups=False) as other:
        wait_for(lambda: [p.puzzle for p in other.load(dov).puzzles] == ["P1", "P2"],
                 "saved by the store")
        assert other.load(dov).get("P2").attempts == 1  # type: ignore[union-attr]
    store.close()


def test_a_page_closed_as_the_store_comes_back_loses_nothing(outage: Outage) -> None:
    """D4: the page is closed right after the store is back: what it kept is written."""
    store = kernel(outage.url, retry_after=3600)
    dov = Pupil("class:C1:dov", "Dov")
    store.record_attempt(dov, "P1", solved=True, rows=3)
    outage.down()
    try:
        store.record_attempt(dov, "P2", solved=True, rows=4)
    finally:
        outage.up()
    store.close()
    with ProgressStore(outage.url, backups=False) as other:
        assert [p.puzzle for p in other.load(dov).solved] == ["P1", "P2"]


def test_a_full_disk_says_to_free_space_and_keeps_the_work(tmp_path: Path) -> None:
    """D8: the disk full: the kind is ``full``, the fix is to free space (no "rename it"),
    and the work is written once there is room."""
    path = tmp_path / "progress.sqlite3"
    store = ProgressStore(path, backups=False)
    sam = Pupil("class:C1:sam", "Sam")
    store.record_attempt(sam, "P0", solved=False)
    store.read(lambda conn: conn.execute(  # this connection's file can grow no more
        "PRAGMA max_page_count = " + str(conn.execute("PRAGMA page_count").fetchone()[0])))
    found = None
    for n in range(1, 2000):
        store.record_attempt(sam, f"P{n}", solved=False)
        if store.problem is not None:
            found = (n, store.problem_kind, store.problem)
            break
    assert found is not None, "the file never filled up"
    last, kind, problem = found
    assert kind == "full"
    assert "disk is full" in problem and "free some space" in problem
    assert "rename" not in problem and "aside" not in problem
    wait_for(lambda: store.saving, "saved")  # a new connection: room again
    with ProgressStore(path, backups=False) as other:
        assert len(other.load(sam).puzzles) == last + 1
    store.close()


def test_a_read_only_file_keeps_the_work_and_tells_the_pupil_without_its_path(
        tmp_path: Path) -> None:
    """D7: the file cannot be written (SQLite says read-only): the kind is ``read-only``;
    what the pupil reads says what it means, without the server's path, and that work done
    before joining counts for this browser only; the work is written under the class pupil
    once the file can be written."""

    path = tmp_path / "progress.sqlite3"
    store = ProgressStore(path, backups=False)
    bea = Pupil("class:C1:bea", "Bea")
    store.record_attempt(bea, "P1", solved=False)
    store.read(lambda conn: conn.execute("PRAGMA query_only = ON"))  # writes refused
    store.record_attempt(bea, "P2", solved=False)
    kind, problem = store.problem_kind, store.problem or ""
    assert kind == "read-only" and str(path) in problem and "writable" in problem
    joined, alone = store.problem_for_pupils(True) or "", store.problem_for_pupils(False) or ""
    assert "kept" in joined and str(path) not in joined and "browser" not in joined
    assert "for this browser only" in alone and str(tmp_path) not in alone
    # (The page's words are checked on a file system that stays read-only, below: here the
    # background retry's new connection can write again within a quarter of a second.)
    wait_for(lambda: store.saving, "written")  # a new connection: writable again
    with ProgressStore(path, backups=False) as other:
        assert [p.puzzle for p in other.load(bea).puzzles] == ["P1", "P2"]
    store.close()


def test_the_table_page_says_the_database_is_not_answering_and_keeps_im_done(
        outage: Outage) -> None:
    """D3 on the page: while the store is away, Bea's table page says the class database is
    not answering (never "No table"); her *I'm done* pressed then is written once it is back
    and Ali's page shows it."""
    from classroom.identity import Classroom
    from lnb.babbage.programs import Program
    from widgets.babbage.room_app import RoomApp

    clock = Clock(T0)
    stores = [kernel(outage.url, clock=clock) for _ in range(2)]
    classrooms = [Classroom(s, failure_delay=0) for s in stores]
    made = classrooms[0].new_class("7B", ["Ali", "Bea"])
    rooms = [RoomStore(s, clock=clock) for s in stores]
    host = classrooms[0].join(made.code, "Ali", made.cards[0].secret).pupil
    code = rooms[0].open_room(host, made.code, seats=2).code
    pages = []
    for rooms_of, classroom, card in zip(rooms, classrooms, made.cards, strict=True):
        page = RoomApp(rooms_of, code, classroom=classroom, clock=clock, poll=False)
        page.panel.join_class(made.code, card.pupil_name, card.secret)
        pages.append(page)
    ali, bea = pages
    ali.start()
    for page in (ali, bea):  # each pupil's target, as in tests/test_room_page.py
        page.sync(force=True)
        next(iter(page.subs_view.target_buttons.values())).click()
    for _ in range(8):  # activations (none to make), up to the race
        clock.now += 0.5
        for page in (ali, bea):
            page.sync(force=True)
        if ali.play.state.phase is Phase.PROGRAM:
            break
    assert ali.play.state.phase is Phase.PROGRAM and bea.play.state.phase is Phase.PROGRAM
    outage.down()
    try:
        with bea.status.guard():
            bea.sync(force=True)
        with bea.status.guard():  # as the builder's button calls it
            bea._program_done(Program())  # *I'm done* while the store is away
        said = bea.status.text
        assert "not answering" in said and "No table" not in said, said
        assert outage.url not in said
    finally:
        outage.up()
    wait_for(lambda: stores[1].saving and stores[1].pending == 0, "written back")
    ali.sync(force=True)
    finished = [type(m.action).__name__ for m in rooms[0].moves(code) if m.seat == bea.seat]
    assert finished.count("Finish") == 1
    bea.sync()  # the first poll that reads the store again takes the line back
    assert "not answering" not in bea.status.text, bea.status.text
    for store in stores:
        store.close()


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 2 MB file system (tmpfs) of this test's own, that the test can fill up or make
    read-only (``mount -o remount,ro``); skipped where mounting is not allowed."""
    folder = tmp_path / "disk"
    folder.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(folder)],
                          capture_output=True, text=True, check=False)
    if made.returncode:
        pytest.skip(f"cannot mount a small file system here: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def remount(folder: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(folder)], check=True)


def test_a_really_full_disk_says_to_free_space_and_saves_the_work_once_there_is_room(
        small_disk: Path) -> None:
    """D8 on a real file system: the disk fills up; the teacher is told to free space (not to
    rename the file) and the work is saved once space is freed."""
    path = small_disk / "progress.sqlite3"
    store = ProgressStore(path, backups=False)
    sam = Pupil("class:C1:sam", "Sam")
    store.record_attempt(sam, "P0", solved=False)
    filler = small_disk / "filler"
    with open(filler, "wb", buffering=0) as out, suppress(OSError):
        while True:  # until the disk is full (no space left on device)
            out.write(b"x" * 4096)
    found = None
    for n in range(1, 2000):
        store.record_attempt(sam, f"P{n}", solved=False)
        if store.problem is not None:
            found = (n, store.problem_kind, store.problem)
            break
    assert found is not None, "the disk never filled up"
    last, kind, problem = found
    assert kind == "full" and "free some space" in problem and "rename" not in problem
    assert "disk is full" in (store.problem_for_pupils() or "")
    filler.unlink()
    wait_for(lambda: store.saving, "saved once there is room")
    with ProgressStore(path, backups=False) as other:
        assert len(other.load(sam).puzzles) == last + 1
    store.close()


def test_a_read_only_file_system_keeps_the_work_and_the_page_says_so(
        small_disk: Path) -> None:
    """D7 on a real read-only file system: a kernel keeps its joined pupil's work and writes
    it under the class pupil once the file system is writable again; a page
    opened meanwhile says, without the path, that work done before joining counts for this
    browser only."""
    from widgets.babbage.puzzle_app import PuzzleApp

    path = small_disk / "progress.sqlite3"
    store = ProgressStore(path, backups=False)
    bea = Pupil("class:C1:bea", "Bea")
    store.record_attempt(bea, "P1", solved=False)
    store.close()  # (a file system with files open for writing cannot be made read-only)
    remount(small_disk, "ro")
    try:
        store.record_attempt(bea, "P2", solved=True, rows=3)
        assert store.problem_kind == "read-only" and "writable" in (store.problem or "")
        fresh = ProgressStore(path, backups=False)  # a page opened now
        fresh.load(bea)
        assert not fresh.saving and fresh.problem_kind == "read-only"
        app = PuzzleApp(fresh, today=lambda: datetime.date(2024, 3, 4), seed=1)
        app._show_progress()
        shown = app.progress_view.value
        assert "for this browser only" in shown and str(small_disk) not in shown
    finally:
        remount(small_disk, "rw")
    wait_for(lambda: store.saving, "written once the file system is writable")
    with ProgressStore(path, backups=False) as other:
        assert [p.puzzle for p in other.load(bea).puzzles] == ["P1", "P2"]
    fresh.close()
    store.close()


def test_a_kernel_ending_just_after_the_store_came_back_writes_what_it_kept(
        tmp_path: Path) -> None:
    """D4: the page is closed (its kernel ends) after the store came back but before the
    background retry came round: what the kernel kept is written as it exits."""
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path, backups=False) as made:
        made.pupil_count()  # the file is made
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # the store cannot be written
    kernel_code = (
        "import sys\n"
        "from classroom.identity import Pupil\n"
        "from classroom.progress import ProgressStore\n"
        "store = ProgressStore(sys.argv[1], backups=False, timeout=0.3)\n"
        "store.record_attempt(Pupil('class:C1:dov', 'Dov'), 'P1', solved=True, rows=2)\n"
        "store._stop.set()  # the background retry does not come round before the end\n"
        "print(store.pending, flush=True)\n"
        "sys.stdin.readline()  # the store is back; the page is closed: the kernel ends\n")
    kernel_process = subprocess.Popen(
        [sys.executable, "-c", kernel_code, str(path)], stdin=subprocess.PIPE,
        stdout=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[1])
    assert kernel_process.stdout is not None
    assert kernel_process.stdout.readline().strip() == "1"
    holder.execute("ROLLBACK")
    holder.close()
    kernel_process.communicate("\n", timeout=60)
    with ProgressStore(path, backups=False) as other:
        solved = other.load(Pupil("class:C1:dov", "Dov")).solved
        assert [p.puzzle for p in solved] == ["P1"]
