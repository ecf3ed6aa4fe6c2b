"""Push for the live pages (classroom.notify, widgets.core.poller) on both store engines: a
real store, a real notifier (Unix sockets for a SQLite file, LISTEN/NOTIFY for PostgreSQL),
a real asyncio loop, and a second store object on the same place as the other kernel.

The poll loops here tick on their own only once an hour (``idle``; the notifier-gone test
once in 0.2 s: a removed socket wakes nobody, the page finds it at its next tick): a page
that sees the other kernel's write was woken by its ping. No test waits for a time: each
waits for a named state, with a generous overall limit as the failure.
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import nim_game
import pytest

from classroom import notify
from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.game import register, unregister
from widgets.core.poller import Poller

ADA = Pupil("class:C1:ada", "Ada")
BEA = Pupil("class:C1:bea", "Bea")
CY = Pupil("class:C2:cy", "Cy")
HOUR = 3600.0
LIMIT = 60.0  # seconds: a test that waits this long has failed


@pytest.fixture
def kernels(store_url: str) -> Iterator[tuple[RoomStore, RoomStore]]:
    """Two kernels' rooms on one store: the page's and the other pupil's."""
    with ProgressStore(store_url, backups=False) as mine, \
            ProgressStore(store_url, backups=False) as other:
        yield RoomStore(mine), RoomStore(other)


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, LIMIT))


async def until(check: Callable[[], bool]) -> None:
    """Give the loop turns until ``check()`` holds (the overall limit is :data:`LIMIT`)."""
    while not check():
        await asyncio.sleep(0.01)


def test_a_write_wakes_the_waiting_page(kernels: tuple[RoomStore, RoomStore]) -> None:
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code

    async def page() -> tuple[bool, bool, bool]:
        waiter = mine.waiter(code)
        opened = waiter.open(asyncio.get_running_loop())
        other.take_seat(code, BEA, "Bea")  # the other kernel's write: its ping
        woken = await waiter.wait(HOUR)
        healthy = waiter.healthy
        waiter.close()
        return opened, woken, healthy
    assert run(page()) == (True, True, True)


def test_two_rooms_do_not_wake_each_other(kernels: tuple[RoomStore, RoomStore]) -> None:
    mine, other = kernels
    first = other.open_room(ADA, "C1", seats=2).code
    second = other.open_room(ADA, "C2", seats=2).code

    async def pages() -> tuple[bool, bool, bool]:
        loop = asyncio.get_running_loop()
        a, b, dashboard = mine.waiter(first), mine.waiter(second), mine.class_waiter("C2")
        for waiter in (a, b, dashboard):
            assert waiter.open(loop)
        other.take_seat(second, CY, "Cy")
        # the pings of one write are read in one turn of the loop: when b wakes, a would too
        woken = await b.wait(HOUR)
        class_woken = await dashboard.wait(HOUR)
        first_set = a.event is not None and a.event.is_set()
        for waiter in (a, b, dashboard):
            waiter.close()
        return woken, class_woken, first_set
    assert run(pages()) == (True, True, False)


def test_a_poll_loop_ticks_on_a_ping_only(kernels: tuple[RoomStore, RoomStore]) -> None:
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code
    seen: list[int] = []

    async def page() -> tuple[list[int], str, bool]:
        poller = Poller(lambda: seen.append(mine.version(code)), alive=lambda: True,
                        interval=0.01, idle=HOUR, linger=0.0, waiter=mine.waiter(code))
        assert poller.start()
        await until(lambda: poller.mode == "push" and len(seen) == 1)
        other.take_seat(code, BEA, "Bea")
        await until(lambda: len(seen) == 2)
        woken = poller.woken
        poller.stop()
        await until(lambda: not poller.running)
        return seen, poller.mode, woken
    versions, mode, woken = run(page())
    assert versions[1] == versions[0] + 1 and mode == "push" and woken


def break_push(waiter: notify.Waiter, store: ProgressStore, monkeypatch: Any) -> None:
    """The notifier is gone: the SQLite sockets' folder is replaced by a file (nothing can
    listen there), the PostgreSQL listening connection is ended by the server (and not
    reconnected within the test)."""
    listening = waiter.listening
    if isinstance(listening, notify.SocketListening):
        folder = waiter.notifier.folder  # type: ignore[attr-defined]
        shutil.rmtree(folder)
        folder.write_text("not a folder")
    else:
        assert isinstance(listening, notify.PgListening)
        monkeypatch.setattr(notify, "RECONNECT_SECONDS", HOUR)
        pid = listening.hub.conn.info.backend_pid
        store.read_shared(lambda conn: conn.execute("SELECT pg_terminate_backend(?)",
                                                    (pid,)).fetchone())


def test_the_page_polls_when_the_notifier_is_gone(kernels: tuple[RoomStore, RoomStore],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code
    seen: list[int] = []
    waiter = mine.waiter(code)

    async def page() -> tuple[list[int], str, str]:
        poller = Poller(lambda: seen.append(mine.version(code)), alive=lambda: True,
                        interval=0.01, idle=0.2, fallback=0.05, linger=0.0, waiter=waiter)
        assert poller.start()
        await until(lambda: poller.mode == "push" and len(seen) == 1)
        before = poller.mode
        break_push(waiter, other.store, monkeypatch)  # type: ignore[arg-type]
        other.take_seat(code, BEA, "Bea")  # nobody is pinged: the fall-back poll sees it
        await until(lambda: seen[-1] == seen[0] + 1)
        await until(lambda: poller.mode == "fallback")
        after = poller.mode
        poller.stop()
        await until(lambda: not poller.running)
        return seen, before, after
    try:
        versions, before, after = run(page())
    finally:
        folder = getattr(waiter.notifier, "folder", None)
        if folder is not None and folder.is_file():
            folder.unlink()
    assert (before, after) == ("push", "fallback")
    assert sorted(set(versions)) == [versions[0], versions[0] + 1]  # nothing lost or new


def test_push_off_polls_as_before(kernels: tuple[RoomStore, RoomStore],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(notify.PUSH_VAR, "0")
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code
    seen: list[int] = []

    async def page() -> str:
        poller = Poller(lambda: seen.append(mine.version(code)), alive=lambda: len(seen) < 3,
                        interval=0.01, idle=HOUR, waiter=mine.waiter(code))
        await poller.run()
        return poller.mode
    assert run(page()) == "poll" and len(seen) == 3


def test_a_channel_is_checked() -> None:
    with pytest.raises(ValueError, match="not a notification channel"):
        notify.SocketNotifier(notify.socket_folder("/nowhere/p.sqlite3")).ping(["room K7QX"])


def test_a_busy_page_ticks_without_pings(kernels: tuple[RoomStore, RoomStore]) -> None:
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code
    seen: list[int] = []

    async def page() -> str:
        poller = Poller(lambda: seen.append(mine.version(code)), alive=lambda: True,
                        interval=0.01, idle=HOUR, linger=0.0, waiter=mine.waiter(code),
                        busy=lambda: len(seen) < 3)  # e.g. a draft not saved yet
        assert poller.start()
        await until(lambda: len(seen) == 3)
        poller.stop()
        await until(lambda: not poller.running)
        return poller.mode
    assert run(page()) == "push" and len(seen) == 3


def test_a_move_and_the_tables_own_move_wake_the_page(
        kernels: tuple[RoomStore, RoomStore]) -> None:
    mine, other = kernels
    register(nim_game.GAME)
    try:
        code = other.open_room(ADA, "C1", seats=2, game="nim", options={"pile": 9},
                               seed=3).code
        other.take_seat(code, ADA, "Ada")
        other.give_to_computer(code, 1, "perfect")
        other.start(code)

        async def page() -> tuple[bool, int, bool, int]:
            waiter = mine.waiter(code)
            assert waiter.open(asyncio.get_running_loop())
            play = other.play(code)
            other.act(code, play.next_seq, 0, nim_game.parse_action("Ada: take 2"), ADA)
            moved = await waiter.wait(HOUR)
            after_move = mine.play(code).next_seq
            made = other.advance(code)  # the computer's move, made by the table
            answered = await waiter.wait(HOUR)
            waiter.close()
            return moved, after_move, answered and bool(made), mine.play(code).next_seq
        moved, after_move, answered, after_reply = run(page())
    finally:
        unregister(nim_game.NAME)
    assert moved and answered and after_reply == after_move + 1


def test_a_dead_kernels_socket_is_removed_by_the_next_ping(tmp_path: Any) -> None:
    import socket

    notifier = notify.SocketNotifier(notify.socket_folder(tmp_path / "p.sqlite3"))
    where = notifier.folder / "room-K7QX"
    where.mkdir(parents=True)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    dead.bind(str(where / "1-dead.sock"))
    dead.close()  # its kernel was killed: the file stays, nobody reads it
    notifier.ping([notify.room_channel("K7QX")])
    assert list(where.iterdir()) == []
    shutil.rmtree(notifier.folder)


@pytest.mark.parametrize("store_engine", ["postgresql"])
def test_push_comes_back_with_the_database_connection(kernels: tuple[RoomStore, RoomStore],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(notify, "RECONNECT_SECONDS", 0.0)  # listen again at once
    mine, other = kernels
    code = other.open_room(ADA, "C1", seats=2).code
    waiter = mine.waiter(code)

    async def page() -> tuple[bool, bool, int, int]:
        assert waiter.open(asyncio.get_running_loop())
        listening = waiter.listening
        assert isinstance(listening, notify.PgListening)
        first = listening.hub.conn.info.backend_pid
        other.store.read_shared(lambda conn: conn.execute("SELECT pg_terminate_backend(?)",
                                                          (first,)).fetchone())
        lost = await waiter.wait(HOUR)  # the lost connection wakes the page: it looks once
        await until(lambda: waiter.healthy)  # a new listening connection
        await waiter.wait(0)  # (listening again, the page looks once: that wake is spent)
        other.take_seat(code, BEA, "Bea")
        woken = await waiter.wait(HOUR)
        second = listening.hub.conn.info.backend_pid
        waiter.close()
        return lost, woken, first, second
    lost, woken, first, second = run(page())
    assert lost and woken and first != second
