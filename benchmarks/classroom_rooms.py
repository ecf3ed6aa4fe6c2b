"""Live tables at once: ``python -m benchmarks.classroom_rooms [--tables 8] [--seats 4]``
(or ``python -m benchmarks rooms``; ``--store postgresql://...`` on an empty PostgreSQL
database instead of a new SQLite file).

Starts the kit's server as ``make serve`` does (``--serve-args`` adds options), makes a class
of ``tables × seats`` pupils in the server's store and one table each for every ``seats`` of
them, seated and started; the Subroutine phase is played through the store (each seat's first
target, nothing to activate), so every table is at the race. Then every pupil opens
``play.ipynb?room=CODE`` at the same moment, without a browser, as
:mod:`benchmarks.classroom_load`'s websocket pupils do: the page over HTTP, the widgets'
state over the kernel's websocket, the class session their browser would keep typed into the
class panel's hidden box, clicks sent as comm messages. At each table the first pupil writes a
row and presses *I'm done*; the benchmark times how long each other page of that table takes
to show the minute running (its timer's words change to "of 60 seconds"), then the others
finish too and every pupil makes the choices their own page offers in the resolution, until
the Round is over at every table.

Idle pupils: before the game, every pupil's page sits in its table's lobby, its kernel
waiting; the CPU their kernels use over ``--idle-window`` seconds is measured twice in the
run: first on a server whose pages poll as before (``LNB_PUSH=0``: every 0.25 s), then on the
run's own server (push: :mod:`classroom.notify`). ``--idle-window 0`` skips both.

Then one museum room of the whole class is played at the store (:mod:`benchmarks.museum_room`,
``--museum-moves``, push, ~15 s): a move -> every other pupil, p95 beside its goal (0.5 s).

Then a pupil seated at a table mid-game and a pupil on their museum map reload their pages in
headless Chromium (:mod:`benchmarks.rooms_reload`, ``--reloads``, ~2.5 min an engine, the
run's store then the other engine): the time to their own seat / map beside the one-widget
page's load on the same server (goal: within 2 s of it).
And nothing lost or applied twice (:mod:`benchmarks.rooms_durability`, ``--kills``, ~1 min,
both engines whatever ``--store`` is): a table's pupils play on while a throwaway PostgreSQL
server is stopped and started; a SQLite writer is SIGKILLed mid-move ``--kills`` times.

Printed: the latency from a pupil's *I'm done* to the minute starting on the other pages of
the table (median, max), the CPU of the idle pupils' kernels (poll, push; goal <= 5% of one
core), actions lost (a *I'm done* sent whose Finish is not in the room's
moves; goal 0), errors (a page that failed, said sorry, or was refused; goal 0), Rounds
finished, and memory per pupil (each kernel's RSS) beside a one-widget notebook's kernel
(the ratio, measured in the same run). Not part of ``make bench`` (it takes minutes and all
the CPU): run it by name.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shlex
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil

if __package__ in (None, ""):  # run as a script: python benchmarks/classroom_rooms.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks import museum_room, rooms_durability, rooms_reload
from benchmarks.classroom_load import (
    MB,
    ONE_WIDGET,
    KernelSocket,
    _shutdown,
    kernel_processes,
    kernel_rss,
    one_widget_rss,
    open_page_kernel,
    wait_for_pool,
)
from benchmarks.goals import report
from benchmarks.voila_timing import CHROMIUM, REPO, start_server
from classroom.engines import redacted
from classroom.identity import Classroom, Pupil
from classroom.notify import PUSH_VAR
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Activate, Finish, Phase, Target
from widgets.serve import parse_args, pools_config

APP = "voila/render/play.ipynb"
RUNNING = "of 60 seconds"  # the timer's words once the minute runs (English pages)
IDLE_GOAL = 5.0  # % of one core for the class's idle pupils' kernels (issue 29)
SETTLE = 4.0  # seconds before the idle window: the last arrivals' pings die down


@dataclass
class Seat:
    """One pupil at one table, and what happened on their page."""

    table: int
    seat: int
    code: str
    token: str
    key: str  # the pupil's key (``Pupil.key``)
    kernel_id: str | None = None
    arrived: bool = False  # the page shows the lobby, its pupil seated
    welcomed: bool = False  # the page gave the seat ("Welcome back: seat N is yours.", or in
    # the lobby "You sit in seat N.")
    ready: float | None = None  # seconds from the request to the builder on the page
    done_at: float | None = None  # perf_counter when this pupil's I'm done was sent
    minute_at: float | None = None  # perf_counter when the minute showed on this page
    choices: int = 0
    error: str | None = None


@dataclass
class Table:
    code: str
    seats: list[Seat] = field(default_factory=list)
    started: asyncio.Event = field(default_factory=asyncio.Event)
    first_done: asyncio.Event = field(default_factory=asyncio.Event)
    others_go: asyncio.Event = field(default_factory=asyncio.Event)


class RoomPage(KernelSocket):
    """A room page over the websocket: every model's state kept as the kernel sends it."""

    def __init__(self, ws, session: str) -> None:  # type: ignore[no-untyped-def]
        super().__init__(ws, session)
        self.clicks: list[asyncio.Future[None]] = []  # choices being sent

    async def pump(self, seat: Seat) -> None:
        """Read the kernel's messages for ever: model openings and updates, the minute."""
        async for raw in self.ws:
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
            content = msg.get("content", {})
            if kind == "comm_open":
                self.states[content["comm_id"]] = {"state": content["data"].get("state", {})}
                self._opened(seat, content["comm_id"])
            elif kind == "comm_msg":
                data = content.get("data", {})
                if data.get("method") == "update" and content.get("comm_id") in self.states:
                    self.states[content["comm_id"]]["state"].update(data.get("state", {}))
                    value = str(data.get("state", {}).get("value", ""))
                    if "Welcome back" in value or "You sit in seat" in value:
                        seat.welcomed = True  # (in the lobby the page says the latter)
                    if RUNNING in value and seat.minute_at is None:
                        seat.minute_at = time.perf_counter()
                    if "Sorry" in value and seat.error is None:
                        seat.error = f"the page said: {value[:120]}"
            elif kind == "comm_close":
                self.states.pop(content.get("comm_id"), None)

    def _opened(self, seat: Seat, comm_id: str) -> None:
        classes = self.states[comm_id]["state"].get("_dom_classes", [])
        if "lnb-choice-prompt" in classes:
            self._armed = True
        elif "lnb-choice" in classes and getattr(self, "_armed", False):
            self._armed = False  # the first button of this row's choices: click it
            seat.choices += 1
            self.clicks.append(asyncio.ensure_future(self.send("comm_msg", {
                "comm_id": comm_id, "data": {"method": "custom",
                                             "content": {"event": "click"}}})))

    def has(self, css: str) -> bool:
        return any(css in m["state"].get("_dom_classes", []) for m in self.states.values())

    def first_with_class(self, css: str) -> str:
        return next(mid for mid, m in self.states.items()
                    if css in m["state"].get("_dom_classes", []))

    async def press(self, css: str) -> None:
        await self.send("comm_msg", {"comm_id": self.first_with_class(css),
                                     "data": {"method": "custom",
                                              "content": {"event": "click"}}})

    async def type_into(self, css: str, value: str) -> None:
        await self.send("comm_msg", {"comm_id": self.first_with_class(css),
                                     "data": {"method": "update", "state": {"value": value},
                                              "buffer_paths": []}})


async def until(check, timeout: float, step: float = 0.05) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            return False
        await asyncio.sleep(step)
    return True


@contextlib.asynccontextmanager
async def at_table(base_url: str, seat: Seat, timeout: float
                   ) -> AsyncIterator[RoomPage]:
    """The pupil's page open at their table (their seat given back), its messages read
    meanwhile; the kernel is shut down afterwards."""
    xsrf = ""
    try:
        seat.kernel_id, xsrf, connect = await open_page_kernel(
            base_url, f"{base_url}{APP}?room={seat.code}", timeout)
        async with connect as ws:
            pupil = RoomPage(ws, uuid.uuid4().hex)
            await asyncio.wait_for(pupil.load_states(), timeout)
            pump = asyncio.ensure_future(pupil.pump(seat))
            pump.add_done_callback(lambda task: task.cancelled() or task.exception())
            key = {"key": Pupil.new_browser_key(), "session": seat.token}
            await pupil.type_into("lnb-browser-key", json.dumps(key))
            if not await until(lambda: seat.welcomed, timeout):
                raise RuntimeError("the page never gave the pupil their seat back")
            seat.arrived = True
            yield pupil
            pump.cancel()
    finally:
        if seat.kernel_id:
            await asyncio.to_thread(_shutdown, base_url, seat.kernel_id, xsrf)


async def idle_pupil(base_url: str, seat: Seat, timeout: float, hold: asyncio.Event) -> None:
    """Open the table's page and sit in the lobby until ``hold`` is set."""
    try:
        async with at_table(base_url, seat, timeout):
            await hold.wait()
    except Exception as exc:  # a lost pupil is a figure, not a crash
        seat.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"


async def idle_cpu(seats: list[Seat], window: float) -> float:
    """The CPU the seats' kernels use over ``window`` seconds, in % of one core."""
    await asyncio.sleep(SETTLE)
    procs = kernel_processes()
    mine = [procs[s.kernel_id] for s in seats if s.kernel_id in procs]

    def used() -> float:
        total = 0.0
        for proc in mine:
            with contextlib.suppress(psutil.Error):
                times = proc.cpu_times()
                total += times.user + times.system
        return total
    before, began = used(), time.monotonic()
    await asyncio.sleep(window)
    return 100.0 * (used() - before) / (time.monotonic() - began)


async def idle_tables(base_url: str, tables: list[Table], timeout: float, window: float
                      ) -> tuple[float, int]:
    """Every pupil's page in its table's lobby: (% of a core their kernels use, pages)."""
    seats = [Seat(s.table, s.seat, s.code, s.token, s.key) for t in tables for s in t.seats]
    hold = asyncio.Event()
    tasks = [asyncio.ensure_future(idle_pupil(base_url, s, timeout, hold)) for s in seats]
    await until(lambda: all(s.arrived or s.error for s in seats), timeout, 0.5)
    cpu = await idle_cpu([s for s in seats if s.arrived], window)
    hold.set()
    await asyncio.gather(*tasks)
    for s in [s for s in seats if s.error][:3]:
        print(f"  (polling) table {s.table + 1} seat {s.seat + 1}: {s.error}", flush=True)
    return cpu, sum(s.arrived for s in seats)


async def one_pupil(base_url: str, seat: Seat, table: Table, timeout: float,
                    hold: asyncio.Event) -> None:
    """Open the table's page, wait for the race, be done (first, or when told)."""
    try:
        start = time.perf_counter()
        async with at_table(base_url, seat, timeout) as pupil:
            await table.started.wait()
            if not await until(lambda: pupil.has("lnb-done"), timeout):
                raise RuntimeError("the race never showed on the page")
            seat.ready = time.perf_counter() - start
            first = seat is table.seats[0]
            if not first:
                await table.others_go.wait()
            else:
                await table.first_done.wait()  # every page is up: the first one goes
            await pupil.type_into("lnb-typed", "A3+")
            await asyncio.sleep(0.3)
            seat.done_at = time.perf_counter()
            await pupil.press("lnb-done")
            await hold.wait()
    except Exception as exc:  # a lost pupil is a figure, not a crash
        seat.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"
        await hold.wait()


def make_tables(where: str, tables: int, seats: int) -> list[Table]:
    """The class and its tables, every pupil seated (the pages get their seats back)."""
    with ProgressStore(where) as store:
        room = Classroom(store, failure_delay=0)
        names = [f"Pupil {n:02d}" for n in range(1, tables * seats + 1)]
        made = room.new_class("Bench", names)
        sessions = [room.join(made.code, c.pupil_name, c.secret) for c in made.cards]
        rooms = RoomStore(store)
        out = []
        for t in range(tables):
            mine = sessions[t * seats:(t + 1) * seats]
            setup = rooms.open_room(mine[0].pupil, made.code, seats=seats)
            table = Table(setup.code)
            for s in mine:
                index = rooms.take_seat(setup.code, s.pupil, s.pupil_name)
                table.seats.append(Seat(t, index, setup.code, s.token, s.pupil.key))
            out.append(table)
    return out


def start_tables(where: str, tables: list[Table]) -> None:
    """Every pupil's page is at the table: start each and play its Subroutine phase (each
    seat's first target, nothing to activate) through the store, so every table races."""
    with ProgressStore(where) as store:
        rooms = RoomStore(store)
        for table in tables:
            rooms.start(table.code)
            keys = {s.seat: s.key for s in table.seats}
            while (play := rooms.play(table.code)).state.phase is not Phase.PROGRAM:
                name = play.waiting_on[0]
                action = (play.state.legal_actions(name)[0]
                          if play.state.phase is Phase.TARGET else Activate(name, ()))
                assert isinstance(action, (Target, Activate))
                seat = play.seat_index(name)
                rooms.act(table.code, play.next_seq, seat, action, keys[seat])


def seated(where: str, tables: list[Table]) -> int:
    """Pupils whose page is at their table now (their seat's heartbeat)."""
    with ProgressStore(where) as store:
        rooms = RoomStore(store)
        return sum(len(rooms.present(t.code)) for t in tables)


def finishes(where: str, tables: list[Table]) -> tuple[int, int]:
    """(Finish moves in the rooms, Rounds finished)."""
    with ProgressStore(where) as store:
        rooms = RoomStore(store)
        count = rounds = 0
        for table in tables:
            play = rooms.play(table.code)
            count += sum(isinstance(m.action, Finish) and m.by != "computer"
                         for m in play.moves)
            rounds += play.state.round > 1 or play.finished
    return count, rounds


async def run_tables(base_url: str, where: str, tables: list[Table], timeout: float,
                     window: float = 0.0) -> tuple[dict[str, int], float, float | None]:
    """Every pupil at once; the race at every table; until each Round is over. With a
    ``window``, the CPU of the pages' kernels idle in the lobby first (% of one core)."""
    hold = asyncio.Event()
    seats = [s for t in tables for s in t.seats]
    tasks = [asyncio.ensure_future(one_pupil(base_url, s, t, timeout, hold))
             for t in tables for s in t.seats]
    began = time.monotonic()
    await until(lambda: all(s.arrived or s.error for s in seats), timeout, 0.5)
    idle = await idle_cpu([s for s in seats if s.arrived], window) if window else None
    await asyncio.sleep(1)  # the last pages' first heartbeat
    here = await asyncio.to_thread(seated, where, tables)
    print(f"  {here}/{len(seats)} pupils at their tables after {time.monotonic() - began:.0f} s;"
          " the tables start", flush=True)
    await asyncio.to_thread(start_tables, where, tables)
    for t in tables:
        t.started.set()
    await until(lambda: all(s.ready is not None or s.error for s in seats), timeout, 0.5)
    print(f"  {sum(s.ready is not None for s in seats)}/{len(seats)} pages at the race "
          f"after {time.monotonic() - began:.0f} s; the first pupil of each table is done now",
          flush=True)
    for t in tables:  # one table after the other, 0.1 s apart, as a class would
        t.first_done.set()
        await asyncio.sleep(0.1)
    await until(lambda: all(s.minute_at is not None or s.error for t in tables
                            for s in t.seats[1:]), 30, 0.2)
    for t in tables:
        t.others_go.set()
    ended = time.monotonic()
    while time.monotonic() - ended < timeout:
        _done, rounds = await asyncio.to_thread(finishes, where, tables)
        if rounds == len(tables):
            break
        await asyncio.sleep(1)
    rss = kernel_rss([s.kernel_id for s in seats if s.kernel_id])
    hold.set()
    await asyncio.gather(*tasks)
    return rss, time.monotonic() - began, idle


def main(argv: list[str] | None = None) -> int:
    """Run the tables, print the figures; exit 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--seats", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--timeout", type=float, default=300)
    parser.add_argument("--museum-moves", type=int, default=64, metavar="N",
                        help="moves of the museum room of the whole class, timed at the "
                             "store (benchmarks.museum_room; 0: not run)")
    parser.add_argument("--reloads", type=int, default=5, metavar="N",
                        help="reloads of a seated pupil's and a museum pupil's page in "
                             "Chromium (benchmarks.rooms_reload; 0: not run)")
    parser.add_argument("--kills", type=int, default=40, metavar="N",
                        help="SQLite writers killed mid-move, beside a PostgreSQL server "
                             "stopped mid-game (benchmarks.rooms_durability; 0: neither)")
    parser.add_argument("--store", default="", metavar="URL",
                        help="the class store (e.g. an empty PostgreSQL database's "
                             "postgresql://... URL; default: a new SQLite file)")
    parser.add_argument("--idle-window", type=float, default=10.0, metavar="SECONDS",
                        help="seconds the idle pupils' kernels are measured, polling then "
                             "pushed (0: not measured)")
    parser.add_argument("--serve-args", default="", metavar="'ARGS'",
                        help="options of the serve command, as a teacher types them")
    args = parser.parse_args([] if argv is None else argv)
    serve_args = shlex.split(args.serve_args)
    work = Path(tempfile.mkdtemp(prefix="lnb-rooms-"))
    if args.store:  # e.g. a PostgreSQL database: the server's kernels inherit LNB_STORE
        where = args.store
        os.environ["LNB_STORE"] = where
    else:
        where = str(work / "progress.sqlite3")
        os.environ["LNB_PROGRESS_DB"] = where  # the server's kernels inherit it
        os.environ.pop("LNB_STORE", None)
    tables = make_tables(where, args.tables, args.seats)
    pupils = args.tables * args.seats
    print(f"store: {redacted(where) if args.store else 'a new SQLite file'}; "
          f"server: python -m widgets.serve {' '.join(serve_args)} on lessons/; "
          f"{args.tables} tables of {args.seats} pupils ({pupils} pages over the kernel "
          f"websocket); {os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.1f}",
          flush=True)
    options = parse_args(["--no-browser", *serve_args])
    first, _ = pools_config(options.pool_size, options.class_size, options.class_page)
    preheated = sum(first.get(nb.name, first["default"])["pool_size"]
                    for nb in (REPO / "lessons").glob("*.ipynb"))
    polled = None
    if args.idle_window > 0:  # before: the pages poll every 0.25 s, as without push
        os.environ[PUSH_VAR] = "0"
        try:  # (no class page's kernels kept ready: the room pages' are started for them)
            with start_server(REPO / "lessons", serve_args=[*serve_args, "--class-size", "0",
                                                            "--pool-size", "0"]) as base_url:
                polled, idle_pages = asyncio.run(idle_tables(base_url, tables, args.timeout,
                                                             args.idle_window))
        finally:
            os.environ.pop(PUSH_VAR, None)
        print(f"  idle pupils, pages polling: {idle_pages} kernels in their lobbies use "
              f"{polled:.1f}% of one core", flush=True)
    with start_server(REPO / "lessons", serve_args=serve_args) as base_url:
        if preheated:  # the teacher started the server before the class came
            wait_for_pool(base_url, preheated)
        rss, wall, pushed = asyncio.run(run_tables(base_url, where, tables, args.timeout,
                                                   args.idle_window))
    one = None
    if Path(CHROMIUM).exists():
        baseline = work / "baseline"
        baseline.mkdir()
        shutil.copy(ONE_WIDGET, baseline / ONE_WIDGET.name)
        with start_server(baseline, pool_size=1) as base_url:
            wait_for_pool(base_url, 1)
            one = asyncio.run(one_widget_rss(base_url, 60))
    museum = (museum_room.run(where, pupils, args.museum_moves, "push", 0.2)
              if args.museum_moves > 0 else None)
    reloaded = (rooms_reload.both_engines(where, args.reloads)
                if args.reloads > 0 and Path(CHROMIUM).exists() else None)
    durable = ((rooms_durability.database_restarts(args.seats),
                rooms_durability.killed_writers(args.kills, args.seats))
               if args.kills > 0 else None)
    seats = [s for t in tables for s in t.seats]
    latencies = [s.minute_at - t.seats[0].done_at for t in tables for s in t.seats[1:]
                 if s.minute_at is not None and t.seats[0].done_at is not None]
    sent = sum(s.done_at is not None for s in seats)
    recorded, rounds = finishes(where, tables)
    errors = [s for s in seats if s.error]
    ready = [s.ready for s in seats if s.ready is not None]
    print(f"pupils: {pupils}; {len(ready)} pages at the race (median "
          f"{statistics.median(ready) if ready else 0:.1f} s, max {max(ready, default=0):.1f} s "
          f"from the request); {wall:.0f} s in all")
    waiting = args.tables * (args.seats - 1)
    if latencies:
        print(f"I'm done -> the minute on the table's other pages: median "
              f"{statistics.median(latencies):.2f} s, max {max(latencies):.2f} s "
              f"({len(latencies)} of {waiting} pages)")
    print(f"actions: {sent} I'm done sent, {recorded} recorded, {sent - recorded} lost; "
          f"{sum(s.choices for s in seats)} resolution choices made on the pages; "
          f"Rounds finished {rounds} of {args.tables}")
    print(f"errors: {len(errors)}")
    for s in errors[:10]:
        print(f"  table {s.table + 1} seat {s.seat + 1}: {s.error}")
    if rss:
        per = sorted(rss.values())
        line = (f"memory per pupil (kernel RSS): median {statistics.median(per) / MB:.0f} MB, "
                f"max {per[-1] / MB:.0f} MB for {len(per)} kernels")
        if one:
            line += (f"; one-widget notebook's kernel {one / MB:.0f} MB (ratio "
                     f"{statistics.median(per) / one:.2f})")
        print(line)
    if pushed is not None:
        print(f"CPU of {pupils} idle pupils (kernels waiting in their lobbies, "
              f"{args.idle_window:.0f} s): {polled or 0:.1f}% of one core polling every "
              f"0.25 s (before), {pushed:.1f}% pushed (after)")
    if latencies:
        report("rooms: I'm done -> minute on the others, median", statistics.median(latencies),
               1.0, " s")
    if pushed is not None:
        report(f"rooms: CPU of {pupils} idle pupils, % of a core (poll: {polled or 0:.1f})",
               pushed, IDLE_GOAL, "%")
    if museum is not None:
        print(f"one museum room of {pupils} pupils, at the store (benchmarks.museum_room, push):"
              f" a move -> every other pupil median {museum['median']:.3f} s, p95 "
              f"{museum['p95']:.3f} s, p99 {museum['p99']:.3f} s; {museum['moves']:.0f} moves, "
              f"{museum['lost']:.0f} lost")
        report(f"rooms: a move -> the other {pupils - 1} pupils of a museum room, p95",
               museum["p95"], 0.5, " s")
    report("rooms: actions lost", sent - recorded + (museum["lost"] if museum else 0), 0, "")
    report("rooms: errors", len(errors), 0, "")
    if rss and one:
        report("rooms: kernel memory per pupil / one-widget kernel",
               statistics.median(rss.values()) / one, 2.0)
    reloads_met = all([rooms_reload.report_rows(figures, engine)
                       for engine, figures in (reloaded or {}).items()])
    durable_met = rooms_durability.report_rows(*durable) if durable is not None else True
    shutil.rmtree(work, ignore_errors=True)
    met = (bool(latencies) and len(latencies) == waiting and statistics.median(latencies) < 1.0
           and sent == recorded == pupils and not errors and rounds == args.tables
           and (pushed is None or pushed <= IDLE_GOAL)
           and (museum is None or (museum["p95"] <= 0.5 and museum["lost"] == 0))
           and reloads_met and durable_met)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
