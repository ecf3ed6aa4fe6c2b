"""Nothing lost, nothing twice (issue 29's row "actions lost or applied twice"):
``python -m benchmarks.rooms_durability [--pupils 4] [--kills 40]``.

Two scripted tables, each pupil a "kernel" with its own store connection, as the rooms
benchmark's pupils are (:mod:`benchmarks.classroom_rooms`), playing Lovelace & Babbage with
the game's own computer player choosing their moves (:meth:`RoomStore.act`):

* **PostgreSQL, the database stopped and started mid-game** (:func:`database_restarts`): a
  throwaway cluster (as the tests start one, :class:`tests.store_engines.PgCluster`); the
  pupils play, paced; the server is stopped (``pg_ctl stop -m fast``) and started again while
  moves keep coming, once for a moment (the store waits a blip out) and once for longer than
  the store's blip (moves are kept and written when it is back).
* **SQLite, the server killed mid-move** (:func:`killed_writers`): a child process plays the
  table, printing each move before it is sent and once it is acknowledged; it is killed
  (``SIGKILL``) at a random moment, again and again, a new one carrying on each time.

Every pupil keeps a :class:`Ledger` of what they did and what the store said (acknowledged,
kept while the store was away, unknown: the call died or failed without a clear refusal);
:func:`compare` then reads the room's history and counts the actions **lost** (acknowledged
or kept, not in the history) and **doubled** (in the history more often than made). The
history must also load (the room replays; the SQLite file passes its integrity check).

>>> ledger = Ledger("p0")
>>> ledger.made("Target A 3", ACKED); ledger.made("Finish A", UNKNOWN)
>>> compare({"p0": ledger}, {"p0": ["Target A 3"]})
Verdict(made=2, lost=0, doubled=0, unacknowledged=0)
>>> compare({"p0": ledger}, {"p0": ["Target A 3", "Target A 3"]}).doubled
1
>>> compare({"p0": ledger}, {"p0": []}).lost
1
>>> ledger.made("Finish A", ACKED)  # sent again after an unknown outcome: applied once
>>> compare({"p0": ledger}, {"p0": ["Target A 3", "Finish A"]})
Verdict(made=3, lost=0, doubled=0, unacknowledged=0)
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from classroom.store import StoreAway
from lnb.core.errors import LnbError
from lnb.core.rooms import COMPUTER, action_text

REPO = Path(__file__).resolve().parents[1]
ACKED, KEPT, UNKNOWN = "acknowledged", "kept", "unknown"
#: Seconds a pupil waits after each move (a game of 4 is ~130 moves).
GAP = 0.04
#: Seconds the pupil who is about to send a move as the server stops thinks first.
THINK = 0.6


@dataclass
class Ledger:
    """What one pupil did: ``(action text, what the store said)`` in order."""

    key: str
    entries: list[tuple[str, str]] = field(default_factory=list)
    refused: int = 0  # kept writes a rule refused when the store was back (told as data)

    def made(self, text: str, outcome: str) -> None:
        self.entries.append((text, outcome))


@dataclass(frozen=True)
class Verdict:
    """Actions made, lost (acknowledged or kept, not in the history), doubled (in the
    history more often than made) and unacknowledged (in the history, the pupil not told)."""

    made: int
    lost: int
    doubled: int
    unacknowledged: int

    def __add__(self, other: Verdict) -> Verdict:
        return Verdict(self.made + other.made, self.lost + other.lost,
                       self.doubled + other.doubled, self.unacknowledged + other.unacknowledged)


def compare(ledgers: Mapping[str, Ledger], history: Mapping[str, Sequence[str]]) -> Verdict:
    """Match each pupil's ledger against their moves in the room's history (text, in order),
    the alignment that explains the most: an acknowledged or kept action must be there once;
    an unknown one may be (then it counts as unacknowledged); a move of the history that no
    action explains is doubled. Kept actions a rule refused later (``Ledger.refused``) are
    not lost."""
    made = lost = doubled = unacknowledged = 0
    for key, ledger in ledgers.items():
        moves = list(history.get(key, ()))
        missing = _align(ledger.entries, moves)
        made += len(ledger.entries)
        lost += missing[ACKED] + max(0, missing[KEPT] - ledger.refused)
        doubled += missing["history"]
        unacknowledged += missing["unknown applied"]
    for key, moves in history.items():
        if key not in ledgers:
            doubled += len(moves)
    return Verdict(made, lost, doubled, unacknowledged)


def _align(entries: Sequence[tuple[str, str]], moves: Sequence[str]) -> dict[str, int]:
    """The cheapest alignment of a ledger with the history (an acknowledged, kept or history
    move left unmatched costs 1, an unknown action 0): what is left unmatched, by kind."""
    n, m = len(entries), len(moves)
    inf = n + m + 1
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    cost[n][m] = 0
    for i in range(n, -1, -1):
        for j in range(m, -1, -1):
            if i == n and j == m:
                continue
            best = inf
            if i < n:
                best = cost[i + 1][j] + (entries[i][1] != UNKNOWN)
                if j < m and entries[i][0] == moves[j]:
                    best = min(best, cost[i + 1][j + 1])
            if j < m:
                best = min(best, cost[i][j + 1] + 1)
            cost[i][j] = best
    left = {ACKED: 0, KEPT: 0, "history": 0, "unknown applied": 0}
    i = j = 0
    while i < n or j < m:
        if i < n and j < m and entries[i][0] == moves[j] and cost[i][j] == cost[i + 1][j + 1]:
            left["unknown applied"] += entries[i][1] == UNKNOWN
            i, j = i + 1, j + 1
        elif i < n and cost[i][j] == cost[i + 1][j] + (entries[i][1] != UNKNOWN):
            if entries[i][1] in left:
                left[entries[i][1]] += 1
            i += 1
        else:
            left["history"] += 1
            j += 1
    return left


def history_of(where: str, code: str) -> tuple[dict[str, list[str]], bool]:
    """The room's moves by each pupil (their text, in order) and whether the game is over."""
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        play = rooms.play(code)
        out: dict[str, list[str]] = {}
        for move in play.moves:
            if move.by and move.by != COMPUTER:
                out.setdefault(move.by, []).append(action_text(play.game, move.action))
        return out, play.finished


def new_table(where: str, pupils: int) -> tuple[str, list[Pupil]]:
    """A started table of ``pupils`` pupils (no class), seats 0.. in order."""
    class_ = [Pupil.from_nickname(f"durable{i}") for i in range(pupils)]
    with ProgressStore(where, backups=False) as store:
        rooms = RoomStore(store)
        code = rooms.open_room(class_[0], None, seats=pupils).code
        for pupil in class_:
            rooms.take_seat(code, pupil, pupil.label)
        rooms.start(code)
    return code, class_


def one_move(rooms: RoomStore, code: str, seats: Mapping[int, Pupil], bots: dict[int, Any],
             say: Any, seen: dict[str, Any] | None = None) -> bool | None:
    """Play one move of the first seat of ``seats`` the table waits on: ``say(key, text,
    outcome)`` is told before (``"sending"``) and after. None: the game is over; False:
    nothing to do now (another seat's turn, or the store away). With ``seen`` (a page's
    screen), a store that is away is played on the table last seen, once, as a pupil
    clicks on the page they have (the move is kept)."""
    seen = {} if seen is None else seen
    try:
        play = seen["play"] = rooms.play(code)
    except StoreAway:
        play = seen.get("play")
        if play is None or seen.get("acted") == play.seq:
            return False
    if play.finished:
        return None
    for name in play.waiting_on:
        seat = play.seat_index(name)
        if seat not in seats:
            continue
        bot = bots.setdefault(seat, play.game.make_bot("greedy", seed=seat))
        action = bot.choose_action(play.state, name)
        text, key = action_text(play.game, action), seats[seat].key
        say(key, text, "sending")
        seen["acted"] = play.seq
        try:
            rooms.act(code, play.next_seq, seat, action, seats[seat])
        except StoreAway as exc:
            say(key, text, KEPT if exc.queued else UNKNOWN)
            return False
        except Exception:  # a refusal or the store's own error: the pupil tries again
            say(key, text, UNKNOWN)
            return False
        say(key, text, ACKED)
        return True
    return False


# ------------------------------------------------------------ PostgreSQL, stopped and started


@dataclass
class Stage:
    """How the benchmark stops the server while a pupil is about to send a move: it asks
    for a thinker (``want_thinker``); the next pupil to send says so (``thinking``) and
    thinks :data:`THINK` seconds first."""

    want_thinker: threading.Event = field(default_factory=threading.Event)
    thinking: threading.Event = field(default_factory=threading.Event)


class Kernel(threading.Thread):
    """One pupil's kernel: their own store, playing their seat until the game is over."""

    def __init__(self, where: str, code: str, seat: int, pupil: Pupil, blip: float,
                 stage: Stage) -> None:
        super().__init__(daemon=True)
        self.stage = stage
        self.where, self.code, self.seat, self.pupil = where, code, seat, pupil
        self.ledger = Ledger(pupil.key)
        self.blip = blip
        self.kept_seen = 0  # most writes kept at once (the outage was longer than the blip)
        self.stop = threading.Event()

    def _say(self, key: str, text: str, outcome: str) -> None:
        if outcome != "sending":
            self.ledger.made(text, outcome)
        elif self.stage.want_thinker.is_set() and not self.stage.thinking.is_set():
            self.stage.thinking.set()  # the server stops now: this move is sent meanwhile
            time.sleep(THINK)

    def run(self) -> None:
        store = ProgressStore(self.where, backups=False, blip=self.blip, timeout=2.0)
        rooms, bots, seen = RoomStore(store), {}, {}
        try:
            while not self.stop.is_set():
                done = one_move(rooms, self.code, {self.seat: self.pupil}, bots, self._say,
                                seen)
                self.kept_seen = max(self.kept_seen, store.pending)
                if done is None:
                    break
                self.stop.wait(GAP if done else GAP / 2)
            while store.pending and not self.stop.wait(0.1):  # written once the store is back
                pass
        finally:
            self.ledger.refused = len(store.refused)
            store.close()


@contextlib.contextmanager
def throwaway_postgresql() -> Iterator[Any]:
    """A PostgreSQL server of its own for the block, as the tests start one
    (:class:`tests.store_engines.PgCluster`: ``.new_schema()``, ``.new_database()``,
    ``.pause()``, ``.resume()``), stopped and removed afterwards."""
    sys.path.insert(0, str(REPO / "tests"))
    from store_engines import PgCluster

    cluster = PgCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


def database_restarts(pupils: int = 4, outages: Sequence[float] = (0.0, 5.0),
                      blip: float = 3.0) -> dict[str, Any]:
    """A table on a throwaway PostgreSQL cluster, the server stopped for each of ``outages``
    seconds (0: started again at once) while the pupils keep playing; the verdict."""
    quiet = logging.getLogger("classroom")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # each kernel says the store is away
    with throwaway_postgresql() as cluster:
        try:
            where = cluster.new_schema()
            code, class_ = new_table(where, pupils)
            stage = Stage()
            kernels = [Kernel(where, code, i, p, blip, stage) for i, p in enumerate(class_)]
            for kernel in kernels:
                kernel.start()
            for n, seconds in enumerate(outages):
                target = 12 + 30 * n  # a few Rounds' moves between two outages
                while sum(len(k.ledger.entries) for k in kernels) < target and any(
                        k.is_alive() for k in kernels):
                    time.sleep(0.05)
                stage.want_thinker.set()
                stage.thinking.wait(30)
                cluster.pause()  # pg_ctl stop -m fast, while a move is on its way
                time.sleep(seconds)
                cluster.resume()
                stage.want_thinker.clear()
                stage.thinking.clear()
            for kernel in kernels:
                kernel.join(180)
            history, over = history_of(where, code)
            verdict = compare({k.ledger.key: k.ledger for k in kernels}, history)
            return {"verdict": verdict, "over": over, "outages": len(outages),
                    "kept": sum(k.kept_seen for k in kernels),
                    "refused": sum(k.ledger.refused for k in kernels),
                    "stuck": sum(k.is_alive() for k in kernels)}
        finally:
            quiet.setLevel(level)


# ------------------------------------------------------------------ SQLite, killed mid-move


def child(where: str, code: str) -> int:
    """The writing process: play every pupil's seat, print ``SENDING key text`` before each
    move and ``ACKNOWLEDGED key text`` after (``KEPT``/``UNKNOWN`` otherwise); until over."""
    class_ = {i: Pupil.from_nickname(f"durable{i}") for i in range(8)}
    with ProgressStore(where, backups=False) as store:
        rooms, bots = RoomStore(store), {}
        rooms.room(code)  # the store open, the room read: the moves start now
        print("READY", flush=True)

        def say(key: str, text: str, outcome: str) -> None:
            print(f"{outcome.upper()}\t{key}\t{text}", flush=True)
        while one_move(rooms, code, class_, bots, say) is not None:
            pass
    print("OVER", flush=True)
    return 0


def killed_writers(kills: int = 40, pupils: int = 4, seed: int = 29,
                   folder: Path | None = None) -> dict[str, Any]:
    """Tables on a new SQLite file played by child processes, each killed (SIGKILL) at a
    random moment of its play, until ``kills`` were killed (a new table when a game is
    over); after each kill the file must pass its integrity check and the room replay."""
    folder = folder or Path(tempfile.mkdtemp(prefix="lnb-durable-"))
    where = str(folder / "progress.sqlite3")
    chance = random.Random(seed)
    found: dict[str, Any] = {"verdict": Verdict(0, 0, 0, 0), "kills": 0, "mid_move": 0,
                             "torn": 0, "games": 0}
    while found["kills"] < kills:
        code, class_ = new_table(where, pupils)
        ledgers = {p.key: Ledger(p.key) for p in class_}
        over = False
        while not over and found["kills"] < kills:
            killed, over = _one_writer(where, code, ledgers, chance.randint(1, 12),
                                       chance.uniform(0.0, 0.004))
            if killed is not None:
                found["kills"] += 1
                found["mid_move"] += killed
            found["torn"] += not _whole(where, code)
        history, over = history_of(where, code)
        found["verdict"] += compare(ledgers, history)
        found["games"] += over
    return found


def _one_writer(where: str, code: str, ledgers: Mapping[str, Ledger], nth: int,
                after: float) -> tuple[bool | None, bool]:
    """One child process playing table ``code``, killed ``after`` seconds after it said it
    sends its ``nth`` move (a move takes a few milliseconds: most kills land in one):
    (killed mid-move, or None if it ended first; the game over). Its lines go to the
    pupils' ledgers (a move sent, never answered: unknown)."""
    proc = subprocess.Popen([sys.executable, "-m", "benchmarks.rooms_durability", "--child",
                             where, code], stdout=subprocess.PIPE, text=True, cwd=REPO,
                            env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "READY", "the writing process did not start"
    timer = threading.Timer(after, os.kill, (proc.pid, signal.SIGKILL))
    sent = 0
    sending: tuple[str, str] | None = None
    over = False
    for line in proc.stdout:
        kind, _, rest = line.rstrip("\n").partition("\t")
        key, _, text = rest.partition("\t")
        if kind == "OVER":
            over = True
        elif kind == "SENDING":
            sending = (key, text)
            sent += 1
            if sent == nth:
                timer.start()
        elif kind:
            ledgers[key].made(text, kind.lower())
            sending = None
    if timer.is_alive():
        timer.cancel()
    proc.wait()
    if proc.returncode != -signal.SIGKILL:
        return None, over
    if sending is not None:  # killed mid-move: the pupil was never told
        ledgers[sending[0]].made(sending[1], UNKNOWN)
    return sending is not None, over


def _whole(where: str, code: str) -> bool:
    """The file passes SQLite's integrity check and the room replays from its moves, its
    version one more than it was at the start for each move (nothing half written)."""
    import sqlite3

    with contextlib.closing(sqlite3.connect(where)) as conn:
        ok = [r[0] for r in conn.execute("PRAGMA integrity_check")] == ["ok"]
        count = conn.execute("SELECT count(*) FROM room_moves WHERE code = ?",
                             (code,)).fetchone()[0]
    try:
        with ProgressStore(where, backups=False) as store:
            play = RoomStore(store).play(code)
    except LnbError:
        return False
    return ok and len(play.moves) == count


def main(argv: list[str] | None = None) -> int:
    """Run both, print the figures beside their goals (0 lost, 0 doubled)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--child", nargs=2, metavar=("STORE", "CODE"), help=argparse.SUPPRESS)
    args = parser.parse_args([] if argv is None else argv)
    if args.child:
        return child(*args.child)
    return 0 if report_rows(database_restarts(args.pupils),
                            killed_writers(args.kills, args.pupils)) else 1


def report_rows(pg: dict[str, Any], sq: dict[str, Any]) -> bool:
    """Print both runs' figures and the rows beside their goal (0); True when both are met."""
    from benchmarks.goals import report

    for name, found, what in (("PostgreSQL", pg, f"{pg['outages']} stops (one longer than "
                               f"the blip: {pg['kept']} moves kept meanwhile)"),
                              ("SQLite", sq, f"{sq['kills']} writers killed ({sq['mid_move']} "
                               f"mid-move) over {sq['games']} games, {sq['torn']} torn")):
        v = found["verdict"]
        print(f"  {name}: {v.made} actions made, {v.lost} lost, {v.doubled} applied twice, "
              f"{v.unacknowledged} applied without the pupil told; {what}", flush=True)
    first = report("rooms: actions lost or doubled, PostgreSQL stopped mid-game",
                   pg["verdict"].lost + pg["verdict"].doubled, 0, "")
    second = report("rooms: actions lost or doubled (or torn), SQLite writer killed",
                    sq["verdict"].lost + sq["verdict"].doubled + sq["torn"], 0, "")
    return first.met and second.met


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
