"""The classroom's store: one SQLite file (or a PostgreSQL database) that many kernels share,
its connection, engines, retry, fall-back to memory, backups and row repair. It knows no table
of its own: puzzle progress (:mod:`classroom.progress`), classes (:mod:`classroom.identity`),
scores (:mod:`classroom.scores`), rooms (:mod:`classroom.rooms`) and the teacher's tables
(:mod:`classroom.dashboard_store`) each own their tables and take a :class:`Store`.

The file lives at ``$LNB_PROGRESS_DB``, else ``~/.local/share/lnb-kit/progress.sqlite3``
(``$LNB_STORE`` may name a PostgreSQL database instead); it is opened lazily (on the first
read or write) and checked (:mod:`classroom.storefile`), in WAL mode with a busy timeout, and
every change is one ``BEGIN IMMEDIATE`` transaction, so kernels of a whole class can write at
once.

If the file cannot be used (not a SQLite file, from a newer kit, not writable, a full disk,
locked) or the server does not answer beyond a short blip, the store says so in
:attr:`Store.problem` (for the teacher: the file and the fix; ``problem_kind`` as data;
:meth:`Store.problem_for_pupils` for pupils, without the path), carries on in memory, keeps
every write, tries the store again in the background and writes what it kept as soon as it
answers, in order and once. A damaged file is kept aside and replaced by its newest backup
(:attr:`Store.notices` says where).

>>> import tempfile, pathlib
>>> store = Store(pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite3")
>>> store.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('today', 'hello')"))
<...>
>>> store.teacher_notes()[-1], store.saving, store.problem
(('today', 'hello'), True, None)
>>> store.close()
"""

from __future__ import annotations

import atexit
import datetime
import importlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from classroom.engines import (
    STORE_VAR,
    Connection,
    PgServer,
    SqliteFile,
    StoreConflict,
    StoreUnavailable,
    locate,
    memory_connection,
)
from classroom.storefile import (
    SEALED,
    StoreProblem,
    add_note,
    backup,
    backups_folder,
    columns,
    daily_backup,
    damaged_rows,
    drop_row,
    problem_kind,
    reseal,
    restore,
    unwritable,
    utc_stamp,
)
from lnb.core.errors import LnbError
from lnb.core.i18n import N_, _

ENV_VAR = "LNB_PROGRESS_DB"
LOG = logging.getLogger("classroom")
#: A server that stops answering is waited for this long (a restart) before the store is away.
BLIP_SECONDS = 3.0
#: The background retries of a store that is away: the first after this many seconds, then
#: twice as long each time, at most MAX_RETRY (and at most ``retry_after``) apart.
FIRST_RETRY = 0.25
MAX_RETRY = 5.0
#: The table owners that repair their own damaged rows when a store opens, as
#: ``"module:function"`` paths (imported on first use), each called as
#: ``repair(conn, damaged, day)`` inside the repair's transaction, ``damaged`` being
#: :func:`~classroom.storefile.damaged_rows`'s ``{table: [rowid, ...]}``. The class tables
#: are sealed again and other damaged rows set aside by the store itself.
REPAIRS = ("classroom.progress:repair_rows",)
T = TypeVar("T")


class ProgressError(LnbError):
    """A nickname or browser key that cannot name a pupil, or a backup or restore of the
    store that cannot be done (``reason`` says which)."""


def default_path() -> Path:
    """``$LNB_PROGRESS_DB`` if set, else ``~/.local/share/lnb-kit/progress.sqlite3``."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path.home() / ".local" / "share" / "lnb-kit" / "progress.sqlite3"


def default_target() -> str | Path:
    """Where the store is: ``$LNB_STORE`` if set (a ``postgresql://`` URL, a path or
    ``sqlite:///path``), else :func:`default_path`.

    >>> import os
    >>> os.environ[STORE_VAR] = "postgresql://kit@db.school/lnb"
    >>> default_target()
    'postgresql://kit@db.school/lnb'
    >>> del os.environ[STORE_VAR]
    """
    env = os.environ.get(STORE_VAR, "").strip()
    return env or default_path()


class StoreAway(LnbError):
    """The store does not answer now (``reason`` ``store-away``), said to the pupil without
    the store's place. Fields: ``kind`` (what is wrong, see
    :data:`classroom.storefile.PROBLEM_KINDS`), ``queued`` (True: the write is kept
    and saved, in order and once, as soon as the store is back)."""


def store_away(kind: str | None, *, queued: bool, refused: bool = False) -> StoreAway:
    """The error a page shows while the store is away (its message for pupils); ``refused``:
    a change that is not kept (e.g. taking a seat), to be made again later."""
    if refused:
        return StoreAway(N_("The class database is not answering: try again in a moment "
                            "(nothing was changed)."), reason="store-away", kind=kind,
                         queued=False)
    return StoreAway(N_("The class database is not answering: your work is kept and saved "
                        "when it is back."), reason="store-away", kind=kind, queued=queued)


@dataclass
class _Pending:
    """A write kept while the store was away: ``work(conn)`` runs in one transaction when it
    is back; a newer write with the same ``merge`` key (a heartbeat, a draft) replaces it."""

    work: Callable[[Connection], object]
    merge: Hashable | None = None


class Store:
    """The classroom's tables in one SQLite file or PostgreSQL database (or in memory when
    the store is unusable); the table owners (puzzle progress, classes, scores, rooms, the
    teacher's tables) each take one and keep their rows in it.

    ``path=None`` means :func:`default_target` (``$LNB_STORE``, else the file of
    :func:`default_path`); a ``postgresql://`` URL is a PostgreSQL database
    (:mod:`classroom.engines`, its tables made on first use); ``":memory:"`` keeps
    everything in memory on purpose (no :attr:`problem`). Safe to share between threads;
    each process (kernel) has its own connection and the engine serialises the writers.
    On PostgreSQL, a server that cannot be reached is a :attr:`problem` like an unusable
    file (work kept in memory, saved when it answers); backups are pg_dump's job there.

    Opening checks the file (:func:`classroom.storefile.open_store`): a damaged file
    is kept aside and replaced by the newest backup, and :attr:`notices` says where, for the
    teacher. One damaged row is repaired (a copy kept in the file's ``set_aside`` table, a
    note for the teacher) and the pupil's work is saved. ``backups`` keeps a copy of the
    file a day (see :func:`~storefile.daily_backup`).

    When the store goes away: a server that stops answering is waited for ``blip`` seconds
    (a restart); after that, :attr:`problem` says why (for the teacher) and
    :attr:`problem_kind` what (as data), and the store is **away**. While it is away a
    pupil's own work goes on in memory (:meth:`apply`), :meth:`write` keeps every write in a
    queue and :meth:`read_shared` raises :class:`StoreAway` (what kernels share, such as a
    table, is never read from this kernel's memory). A background thread tries the store again, soon
    and then less often (every ``retry_after`` seconds at most, and at most 5 s apart), and
    as soon as it answers writes the queue, in order and each once. :attr:`outages` says
    when the store was away (by ``clock``), so a table counts nobody absent for it.
    """

    def __init__(self, path: Path | str | None = None, *, timeout: float = 15.0,
                 retry_after: float = 30.0, backups: bool = True, blip: float = BLIP_SECONDS,
                 clock: Callable[[], float] = time.time) -> None:
        #: Where the store is, as given (a path, a URL or ``":memory:"``).
        self.target = default_target() if path is None or path == "" else path
        self.engine = locate(self.target)
        self.in_memory_by_choice = self.engine is None
        #: The SQLite file (None for a PostgreSQL store and in memory).
        self.path = self.engine.path if isinstance(self.engine, SqliteFile) else None
        self.timeout = timeout
        self.retry_after = retry_after
        self.backups = backups
        self.blip = blip
        self.clock = clock
        self.problem: str | None = None
        #: What is wrong while :attr:`problem` is set (``full``, ``read-only``, ...).
        self.problem_kind: str | None = None
        self.notices: list[str] = []
        #: ``(from, to)`` times (``clock``) the store was away; ``to`` is None while it is.
        self.outages: list[tuple[float, float | None]] = []
        #: Writes kept while the store was away that a rule refused when they were written
        #: (e.g. a move the table had moved on from): the errors, as data.
        self.refused: list[LnbError] = []
        self._conn: Connection | None = None
        self._retry_at = 0.0
        self._pending: list[_Pending] = []
        self._lock = threading.RLock()
        self._owners: dict[str, Any] = {}
        self._in_memory: list[Callable[[Connection], None]] = []
        self._last_ok = clock()
        self._retrier: threading.Thread | None = None
        self._stop = threading.Event()
        self._at_exit = False

    # -- opening -----------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """False while progress can only be kept in memory (see :attr:`problem`)."""
        return self.problem is None and not self.in_memory_by_choice

    def problem_for_pupils(self, joined: bool = True) -> str | None:
        """What a pupil reads while :attr:`problem` is set: what it means for their work, in
        plain words, without the store's place (the teacher's :attr:`problem` names it).
        Not ``joined`` to a class: joining waits, and work done meanwhile is the browser's."""
        if self.problem is None:
            return None
        if self.problem_kind == "full":
            text = _("The class's file cannot take more work right now (the server's disk is "
                     "full): your work is kept and saved when there is room again.")
        elif self.problem_kind in ("read-only", "cannot-write"):
            text = _("The class's file cannot be written right now: your work is kept and "
                     "saved when it can be.")
        elif self.path is not None:  # damaged, not the kit's, locked: the teacher's to fix
            text = _("The class's file cannot be used right now: your work is kept and saved "
                     "when it can be; tell your teacher.")
        else:
            text = _("The class database is not answering: your work is kept and saved when "
                     "it is back.")
        if joined:
            return text
        if self.problem_kind in ("read-only", "cannot-write", "full") and self.path is not None:
            # The file can be read: a card still joins (Classroom.join, its read-only path).
            return _("{problem} Join your class with your card: what you do before that "
                     "counts for this browser only, not for your class.").format(problem=text)
        return _("{problem} You cannot join your class until then: what you do meanwhile "
                 "counts for this browser only, not for your class.").format(problem=text)

    @property
    def pending(self) -> int:
        """How many writes are kept, waiting for the store to be back."""
        return len(self._pending)

    @property
    def where(self) -> str:
        """The store's place for people: the file, or the database's URL without password."""
        return self.engine.where if self.engine is not None else ":memory:"

    def _connection(self) -> Connection:
        if self._conn is None:
            if self.engine is None:
                self._conn = memory_connection()
            else:
                self._open()
        elif self.engine is not None and self.problem is not None:
            if time.monotonic() >= self._retry_at:
                self._retry()
        elif self.engine is not None and self.engine.replaced():
            # the file was moved aside or replaced by another kernel: use the new one
            with suppress(sqlite3.Error):
                self._conn.close()
            self._conn = None
            self._open()
        assert self._conn is not None
        return self._conn

    def _open(self) -> None:
        assert self.engine is not None
        try:
            conn, notes = self.engine.open(self.timeout)
            self._prepare(conn)
        except StoreProblem as exc:
            self._fall_back(str(exc), exc.kind)
            return
        self._tell_teacher(conn, notes)
        self._conn = conn
        self._ok()

    def _ok(self) -> None:
        """The store answered just now (an outage starts from the last time it did)."""
        if self.problem is None:
            self._last_ok = self.clock()

    def _tell_teacher(self, conn: Connection, notes: list[str]) -> None:
        """Show what the open found (this page), log it, and keep it in the file."""
        self.notices.extend(notes)
        for note in notes:
            LOG.warning("%s", note)
        if notes:
            with suppress(sqlite3.Error), self._transaction(conn):
                for note in notes:
                    add_note(conn, note)

    def _prepare(self, conn: Connection) -> None:
        """After an open: repair damaged rows, keep today's backup (of a file)."""
        try:
            _repair_all(conn, datetime.date.today())
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise StoreProblem(self._describe(exc), kind=self._kind(exc)) from None
        if self.backups and self.path is not None:
            with suppress(sqlite3.Error, OSError):
                daily_backup(conn, self.path)

    def _retry(self) -> bool:
        """Try the store again; when it answers, write what was kept meanwhile (in order,
        each once) and carry on with it. True when the store is back."""
        assert self.engine is not None
        self._retry_at = time.monotonic() + self.retry_after
        try:
            conn, notes = self.engine.open(min(self.timeout, 2.0))
            self._prepare(conn)
        except StoreProblem:
            return False
        with self._lock:
            if self.problem is None:  # another thread brought it back first
                conn.close()
                return True
            if not self._flush(conn):
                with suppress(sqlite3.Error):
                    conn.close()
                return False
            old, self._conn = self._conn, conn
            self.problem = self.problem_kind = None
            self._back()
            self._tell_teacher(conn, notes)
            if old is not None:
                with suppress(sqlite3.Error):
                    old.close()
        return True

    def _flush(self, conn: Connection) -> bool:
        """Write the kept writes, oldest first, one transaction each (dropped once written:
        each is written once). False, keeping the rest, when the store goes away again (or
        cannot take a write transaction: a file still locked)."""
        try:
            with self._transaction(conn):
                pass
        except (sqlite3.DatabaseError, UnicodeDecodeError):
            return False
        while self._pending:
            item = self._pending[0]
            try:
                self._write_once(conn, item.work)
            except LnbError as exc:  # a rule refuses it now: kept as data, not retried
                LOG.warning("a write kept while the store was away was refused: %s", exc)
                self.refused.append(exc)
            except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                if self._lost(exc):
                    return False
                LOG.warning("a write kept while the store was away failed: %s", exc)
            self._pending.pop(0)
        return True

    def _write_once(self, conn: Connection, work: Callable[[Connection], T]) -> T:
        """``work`` in one transaction; a unique-key clash (another kernel wrote first) is
        tried again, a few times, on what is stored now."""
        for _attempt in range(4):
            try:
                with self._transaction(conn):
                    return work(conn)
            except StoreConflict:
                continue
        with self._transaction(conn):
            return work(conn)

    def _fall_back(self, problem: str, kind: str = "unusable") -> None:
        """Carry on in memory, starting from everything this session has seen; the store is
        tried again in the background."""
        if self.problem is None:
            self.outages = [*self.outages[-19:], (self._last_ok, None)]
        if problem != self.problem:
            LOG.warning("%s", problem)
        self.problem, self.problem_kind = problem, kind
        self._retry_at = time.monotonic() + self.retry_after
        old, self._conn = self._conn, memory_connection()
        if old is not None:
            with suppress(sqlite3.Error):
                old.close()
        for remember in self._in_memory:  # what the table owners know goes on in memory
            remember(self._conn)
        self._start_retrier()

    def _back(self) -> None:
        """The store answers again: the outage ends now."""
        now = self.clock()
        self._last_ok = now
        if self.outages and self.outages[-1][1] is None:
            self.outages[-1] = (self.outages[-1][0], now)

    def away_during(self, start: float, end: float) -> float:
        """Seconds between ``start`` and ``end`` (``clock``) the store was away."""
        total = 0.0
        for since, until in self.outages:
            stop = end if until is None else min(until, end)
            total += max(0.0, stop - max(since, start))
        return total

    # -- the background retry ----------------------------------------------------------
    def _start_retrier(self) -> None:
        if self.engine is None or (self._retrier is not None and self._retrier.is_alive()):
            return
        self._stop.clear()
        self._retrier = threading.Thread(target=self._retry_loop, name="lnb-store-retry",
                                         daemon=True)
        self._retrier.start()

    def _retry_loop(self) -> None:
        """Try the store soon, then less and less often, until it is back (or closed)."""
        wait = max(0.05, min(FIRST_RETRY, self.retry_after))
        while not self._stop.wait(wait):
            if self.problem is None:
                return
            try:
                if self._retry():
                    return
            except Exception:  # never let the thread die quietly with work kept
                LOG.exception("trying the store again failed")
            wait = max(0.05, min(wait * 2, self.retry_after, MAX_RETRY))

    # -- transactions ------------------------------------------------------------------
    @contextmanager
    def _transaction(self, conn: Connection) -> Iterator[Connection]:
        conn.begin()
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.rollback()
            raise
        conn.commit()

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """The store's connection inside one write transaction (for the classroom's own
        tables, see :mod:`classroom.identity`): other kernels' writes wait until it
        ends, on both engines, so a read-check-write inside it is never interleaved. A row
        whose unique key is taken raises :class:`StoreConflict`.

        On PostgreSQL, a connection the server dropped while idle is opened again before the
        transaction starts; a server that stops answering during it raises its error here,
        and the store carries on in memory from the next call (:attr:`problem` says so).
        What kernels share is better written with :meth:`write` (kept while the store is
        away, never written to this kernel's memory)."""
        with self._lock:
            conn = self._connection()
            try:
                conn.begin()
            except StoreUnavailable as exc:
                conn = self._recover(exc)
                conn.begin()
            except sqlite3.DatabaseError as exc:  # the file cannot be written (read-only...)
                if self.problem is not None or not self._lost(exc):
                    raise
                conn = self._recover(exc)  # said, and carried on in memory, as _run does
                conn.begin()
            try:
                yield conn
            except BaseException as exc:
                if conn.in_transaction:
                    conn.rollback()
                if isinstance(exc, StoreUnavailable) and self.problem is None:
                    self._fall_back(self._describe(exc), self._kind(exc))
                raise
            try:
                conn.commit()
            except StoreUnavailable as exc:
                self._fall_back(self._describe(exc), self._kind(exc))
                raise
            self._ok()

    def read(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` (reads only) on the store's connection, without taking the write lock
        a transaction takes (on a store error, on the memory the store falls back on)."""
        return self._run(work)

    def read_shared(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` (reads only) on what kernels share (a table): a short blip of the
        store is waited out; while the store is away, :class:`StoreAway` (never an answer
        from this kernel's memory, which knows no table)."""
        with self._lock:
            conn = self._connection()
            if self.problem is not None:
                raise store_away(self.problem_kind, queued=bool(self._pending))
            try:
                result = work(conn)
            except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                if not self._lost(exc):
                    raise
                conn = self._recover(exc)
                if self.problem is not None:
                    raise store_away(self.problem_kind, queued=bool(self._pending)) from None
                result = work(conn)
            self._ok()
            return result

    def write(self, work: Callable[[Connection], T], *, merge: Hashable | None = None,
              keep: bool = True) -> T:
        """Run ``work(conn)`` in one write transaction and return what it returns. While the
        store is away (a blip is waited out first), the write is kept (``keep``) and written
        when the store is back, in order and once; :class:`StoreAway` says so (``queued``).
        A newer kept write with the same ``merge`` key replaces an older one. A unique-key
        clash raises :class:`StoreConflict` as :meth:`transaction` does."""
        with self._lock:
            conn = self._connection()
            if self.problem is None:
                try:
                    return self._written(conn, work)
                except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                    if not self._lost(exc):
                        raise
                    conn = self._recover(exc)
                    if self.problem is None:
                        return self._written(conn, work)
            if not keep:
                raise store_away(self.problem_kind, queued=False, refused=True)
            self._keep(work, merge)
            raise store_away(self.problem_kind, queued=True)

    def _written(self, conn: Connection, work: Callable[[Connection], T]) -> T:
        with self._transaction(conn):
            result = work(conn)
        self._ok()
        return result

    def _keep(self, work: Callable[[Connection], object], merge: Hashable | None) -> None:
        if merge is not None:
            self._pending = [p for p in self._pending if p.merge != merge]
        self._pending.append(_Pending(work, merge))
        self._start_retrier()
        if not self._at_exit:  # a kernel shut down (its page closed) tries once more
            atexit.register(self._last_try)
            self._at_exit = True

    def _last_try(self) -> None:
        """At exit: write what is still kept if the store answers now (else it is lost, and
        the log says how much)."""
        if self._pending and self.engine is not None and self.problem is not None:
            with suppress(Exception):
                self._retry()
        if self._pending:
            LOG.warning("%d writes kept while the store was away are lost: %s",
                        len(self._pending), self.problem)

    def _lost(self, exc: BaseException) -> bool:
        """Whether ``exc`` means the store itself is lost (not a clash, not a bug of SQL)."""
        return (self.engine is not None and not isinstance(exc, sqlite3.IntegrityError)
                and self.engine.lost(exc))

    def _describe(self, exc: BaseException) -> str:
        """The teacher's words for an error of the store's engine."""
        if isinstance(self.engine, PgServer):
            return self.engine.unreachable(exc)
        assert self.path is not None
        return _describe(exc, self.path, _aside(self.path))  # type: ignore[arg-type]

    def _kind(self, exc: BaseException) -> str:
        """What is wrong, as data (:data:`~storefile.PROBLEM_KINDS`)."""
        return "unreachable" if isinstance(self.engine, PgServer) else problem_kind(exc)

    def _run(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` on the store; when the store is lost (the file went bad, the server
        stopped answering), switch to memory and run it there."""
        with self._lock:
            conn = self._connection()
            try:
                result = work(conn)
            except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                if self.problem is not None or not self._lost(exc):
                    raise
                return work(self._recover(exc))
            self._ok()
            return result

    def _recover(self, exc: BaseException) -> Connection:
        """The store was lost (``exc``): a PostgreSQL connection is opened again (servers
        drop idle ones), for up to ``blip`` seconds (a server restarting); else, or if that
        fails, the store carries on in memory."""
        if isinstance(self.engine, PgServer):
            old, self._conn = self._conn, None
            if old is not None:
                old.close()
            deadline = time.monotonic() + self.blip
            pause = 0.05
            while True:
                try:
                    conn, notes = self.engine.open(min(self.timeout, 2.0))
                    self._prepare(conn)
                except StoreProblem:
                    if time.monotonic() + pause > deadline:
                        break
                    time.sleep(pause)
                    pause = min(pause * 2, 0.8)
                    continue
                self._conn = conn
                self._tell_teacher(conn, notes)
                return conn
        self._fall_back(self._describe(exc), self._kind(exc))
        return self._connection()

    # -- the table owners -------------------------------------------------------------
    def owner(self, name: str, make: Callable[[Store], T]) -> T:
        """The one owner ``name`` of this store's tables, made by ``make(store)`` on first
        use (a table owner that keeps what it knows, as puzzle progress does, is one per
        store).

        >>> store = Store(":memory:")
        >>> store.owner("x", lambda s: object()) is store.owner("x", lambda s: object())
        True
        """
        with self._lock:
            if name not in self._owners:
                self._owners[name] = make(self)
            return self._owners[name]

    def when_in_memory(self, remember: Callable[[Connection], None]) -> None:
        """Call ``remember(conn)`` each time the store falls back on memory, with the new
        memory connection: a table owner writes there what this session has seen of its
        rows, so the pupil's work goes on from it."""
        self._in_memory.append(remember)

    @property
    def lock(self) -> threading.RLock:
        """The store's (re-entrant) lock: a table owner holds it to keep a write and what
        it remembers of that write together."""
        return self._lock

    # -- reading and writing -----------------------------------------------------------
    def apply(self, work: Callable[[Connection], T]) -> T:
        """Run ``work(conn)`` in one write transaction and return what it returns: a pupil's
        own work. Unlike :meth:`write`, while the store is away it runs on the memory the
        store falls back on (the pupil sees it at once) and is kept as well, to be written
        when the store is back, in order and once; no :class:`StoreAway`."""
        def once(conn: Connection) -> T:
            with self._transaction(conn):
                return work(conn)

        with self._lock:
            result = self._run(once)
            if self.problem is not None:
                self._keep(work, None)
        return result

    def dump(self) -> dict[str, list[tuple[object, ...]]]:
        """Every row of the tables that hold pupils' data (digests left out), sorted."""
        def work(conn: Connection) -> dict[str, list[tuple[object, ...]]]:
            out = {}
            for table in SEALED:
                names = [c for c in columns(conn, table) if c != "digest"]
                out[table] = sorted(conn.execute(f"SELECT {', '.join(names)} FROM {table}")
                                    .fetchall(), key=repr)
            return out
        return self._run(work)

    def teacher_notes(self) -> list[tuple[str, str]]:
        """``(when, text)`` of the notes left for the teacher in the file, oldest first."""
        return self._run(lambda conn: conn.execute(
            "SELECT at, text FROM notes ORDER BY rowid").fetchall())

    def _file_only(self, what: str) -> None:
        """Refuse a SQLite-file feature on PostgreSQL (its own tools do that)."""
        if isinstance(self.engine, PgServer):
            raise ProgressError(self.engine.file_only(what), text=self.where,
                                reason="not-a-file")

    def backup(self, target: Path | None = None) -> Path:
        """Copy the store now (WAL included) to ``target``, else into the backups folder."""
        self._file_only(_("no backup made"))
        if self.path is None or not self.saving:
            raise ProgressError(_("nothing to back up: {why}").format(
                why=self.problem or _("the store is in memory")))
        default = backups_folder(self.path) / f"{self.path.stem}-{utc_stamp()}.sqlite3"
        where = Path(target) if target else default
        with self._lock:
            try:
                return backup(self._connection(), where)
            except (OSError, sqlite3.Error) as exc:
                raise ProgressError(_("cannot back up to {file} ({reason}); choose a folder you "
                                      "can write").format(file=where, reason=exc),
                                    text=str(where), reason="backup") from None

    def restore(self, source: Path) -> Path:
        """Write the backup ``source`` into the store; returns where the old content is."""
        self._file_only(_("nothing restored"))
        if self.path is None or not self.saving:
            raise ProgressError(_("cannot restore: {why}").format(
                why=self.problem or _("the store is in memory")))
        with self._lock:
            try:
                conn = self._connection()
                return restore(getattr(conn, "raw", conn), self.path, Path(source))
            except StoreProblem as exc:
                raise ProgressError(str(exc), text=str(source), reason="bad-backup") from None
            except (OSError, sqlite3.Error) as exc:
                raise ProgressError(_("cannot restore {file} ({reason}); nothing was changed if "
                                      "the message says so, else run kit-class notes").format(
                                          file=source, reason=exc),
                                    text=str(source), reason="restore") from None

    def close(self) -> None:
        """Close the file (a later call opens it again). Writes still kept because the store
        was away are tried once more first (a page closed just after the store came back
        loses nothing); the background retry stops."""
        self._stop.set()
        if self._pending and self.engine is not None and self.problem is not None:
            with suppress(Exception):
                self._retry()
        if self._at_exit and not self._pending:
            atexit.unregister(self._last_try)
            self._at_exit = False
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _aside(path: Path) -> str:
    return _("move {path} aside (rename it) and a fresh file is made").format(path=path)


def _describe(exc: sqlite3.DatabaseError | UnicodeDecodeError, path: Path, fix: str) -> str:
    text = str(exc)
    kind = problem_kind(exc)
    if kind in ("full", "read-only"):
        return unwritable(path, exc, kind)
    if "not a database" in text:
        return _("progress file {path} is not a SQLite database (or is damaged); {fix}").format(
            path=path, fix=fix)
    if "malformed" in text or "corrupt" in text:
        return _("progress file {path} is damaged ({reason}); {fix}").format(
            path=path, reason=text, fix=fix)
    if "readonly" in text or "unable to open" in text or "disk I/O" in text:
        return _("progress file {path} cannot be written ({reason}); check the folder's "
                 "permissions and free space, or set {variable} to another file").format(
                     path=path, reason=text, variable=ENV_VAR)
    if "locked" in text or "busy" in text:
        return _("progress file {path} stayed locked by another program ({reason}); close the "
                 "other program, or restart the server").format(path=path, reason=text)
    return _("progress file {path} cannot be used ({reason}); {fix}").format(
        path=path, reason=text, fix=fix)


def _repair_all(conn: Connection, day: datetime.date) -> None:
    """Repair every damaged row of the store (found by :func:`storefile.damaged_rows`): the
    table owners of :data:`REPAIRS` theirs, the class tables sealed again, other damaged
    rows set aside (their values are not guessed)."""
    found = damaged_rows(conn)
    if not any(found.values()):
        return
    conn.begin()
    try:
        found = damaged_rows(conn)  # again, now that no other kernel can write
        for path in REPAIRS:
            module, _sep, name = path.partition(":")
            getattr(importlib.import_module(module), name)(conn, found, day)
        for table in ("classes", "class_pupils"):
            reseal(conn, table, found.get(table, ()))
        for table in ("game_scores", "wrong_answers", "class_sets"):  # kept aside, not guessed
            for rowid in found.get(table, ()):
                drop_row(conn, table, rowid, "its check did not match its values")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


__all__ = ["BLIP_SECONDS", "ENV_VAR", "FIRST_RETRY", "MAX_RETRY", "REPAIRS", "STORE_VAR",
           "ProgressError", "Store", "StoreAway", "StoreConflict", "StoreProblem",
           "default_path", "default_target", "store_away"]
