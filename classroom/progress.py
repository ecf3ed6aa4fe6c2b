"""Pupils' puzzle progress, kept on the server in one SQLite file that many kernels share.
(The daily challenges' scores, in the same file, are :mod:`classroom.scores`.)

One row per (pupil, puzzle) and one per pupil (the streak), each sealed by a digest. The
file lives at ``$LNB_PROGRESS_DB``, else ``~/.local/share/lnb-kit/progress.sqlite3``; it is
opened lazily (on the first read or write) and checked (:mod:`classroom.storefile`),
in WAL mode with a busy timeout, and every change is one ``BEGIN IMMEDIATE`` transaction, so
kernels of a whole class can write at once.

Whose progress it is, is the pupil's key: ``device:<hash>`` for the long random key one
browser keeps (the file holds only its hash), ``class:<code>:<id>`` for a pupil of a class
who joined with their card (:mod:`classroom.identity`). Every query is filtered by
that key; nothing a pupil can type alone (a nickname) opens a stored key.

If the file cannot be used (not a SQLite file, from a newer kit, not writable, a full disk,
locked) or the server does not answer beyond a short blip, the store says so in
:attr:`ProgressStore.problem` (for the teacher: the file and the fix; ``problem_kind`` as
data; :meth:`ProgressStore.problem_for_pupils` for pupils, without the path), carries on in
memory, keeps every write, tries the store again in the background and writes what it kept
as soon as it answers, in order and once. A damaged file is kept
aside and replaced by its newest backup (:attr:`ProgressStore.notices` says where).

>>> import datetime, tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore(pathlib.Path(folder) / "progress.sqlite3")
>>> sam = Pupil.from_browser_key(Pupil.new_browser_key())
>>> day = datetime.date(2024, 3, 4)
>>> _ = store.record_attempt(sam, "LB1-ABC", solved=False, day=day)
>>> progress = store.record_attempt(sam, "LB1-ABC", solved=True, rows=3, difficulty=2, day=day)
>>> progress.get("LB1-ABC").attempts, progress.solved_count, progress.streak_on(day)
(2, 1, 1)
>>> store.load(Pupil.from_browser_key(Pupil.new_browser_key())).puzzles
()
>>> store.saving, store.problem
(True, None)
>>> store.close()
"""

from __future__ import annotations

import atexit
import datetime
import hashlib
import logging
import os
import re
import secrets
import sqlite3
import threading
import time
import unicodedata
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, replace
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
    APPLICATION_ID,
    SCHEMA_VERSION,
    SEALED,
    StoreProblem,
    add_note,
    backup,
    backups_folder,
    columns,
    daily_backup,
    damaged_rows,
    drop_row,
    keep_row,
    problem_kind,
    reseal,
    restore,
    seal,
    unwritable,
    utc_stamp,
    valid_day,
)
from lnb.babbage.errors import LnbError
from lnb.core.i18n import N_, _

ENV_VAR = "LNB_PROGRESS_DB"
LOG = logging.getLogger("classroom")
NICKNAME_MAX = 20
_NICKNAME_RE = re.compile(r"^[\w .'-]+$")
_KEY_RE = re.compile(r"^[A-Za-z0-9_-]{22,86}$")
KEY_MIN_DISTINCT = 10  # a random 22-character key has ~18 different characters
#: A server that stops answering is waited for this long (a restart) before the store is away.
BLIP_SECONDS = 3.0
#: The background retries of a store that is away: the first after this many seconds, then
#: twice as long each time, at most MAX_RETRY (and at most ``retry_after``) apart.
FIRST_RETRY = 0.25
MAX_RETRY = 5.0
T = TypeVar("T")
__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "STORE_VAR", "Progress", "ProgressError",
           "ProgressStore", "Pupil", "PuzzleProgress", "StoreAway", "StoreConflict", "StoreProblem",
           "default_path", "default_target", "device_key", "next_streak", "normalize_nickname",
           "with_attempt", "with_hint"]


class ProgressError(LnbError):
    """A nickname or browser key that cannot name a pupil."""


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


def normalize_nickname(text: str) -> str:
    """The form a nickname is stored under: trimmed, single spaces, case-folded.

    >>> normalize_nickname("  Ada   LOVELACE ")
    'ada lovelace'
    >>> normalize_nickname("Sam!")
    Traceback (most recent call last):
    ...
    classroom.progress.ProgressError: nickname 'Sam!' has '!'; use letters, digits, spaces, . ' - or _
    """  # noqa: E501
    if not isinstance(text, str):
        raise ProgressError(_("a nickname is text like 'sam', not {value!r}").format(value=text))
    name = " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
    if not name:
        raise ProgressError(_("the nickname is empty; type a nickname like 'sam' and press "
                              "Enter"))
    if len(name) > NICKNAME_MAX:
        raise ProgressError(
            _("nickname {name!r} is {length} characters long; use at most {most}").format(
                name=text.strip(), length=len(name), most=NICKNAME_MAX))
    if not _NICKNAME_RE.match(name):
        bad = "".join(sorted({c for c in name if not _NICKNAME_RE.match(c)}))
        raise ProgressError(
            _("nickname {name!r} has {bad!r}; use letters, digits, spaces, . ' - or _").format(
                name=text.strip(), bad=bad))
    return name


def device_key(browser_key: str) -> str:
    """The pupil key stored for a browser's key: a hash, so the file never holds the key.

    >>> device_key("x" * 22).startswith("device:"), len(device_key("x" * 22))
    (True, 39)
    """
    return "device:" + hashlib.sha256(browser_key.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class Pupil:
    """Whose progress it is: ``key`` is ``device:<hash of a browser key>``,
    ``class:<class code>:<id>`` (see :mod:`classroom.identity`), or, for tools and
    tests only, ``nick:<nickname>`` (the apps never open progress by a nickname).

    >>> Pupil.from_nickname("Sam").key
    'nick:sam'
    >>> key = Pupil.new_browser_key()
    >>> Pupil.from_browser_key(key).key == device_key(key)
    True
    """

    key: str
    label: str

    @classmethod
    def from_nickname(cls, text: str) -> Pupil:
        """A pupil named by a nickname (normalised, see :func:`normalize_nickname`), for
        tools and tests: anyone can type a nickname, so no app opens progress with it."""
        name = normalize_nickname(text)
        return cls(f"nick:{name}", name)

    @classmethod
    def from_browser_key(cls, key: str) -> Pupil:
        """A pupil known by the long random key their browser keeps (128 bits or more).

        >>> Pupil.from_browser_key("a" * 22)
        Traceback (most recent call last):
        ...
        classroom.progress.ProgressError: browser key 'aaaaaaaaaa...' is not a key this kit made; it is 22 to 86 random letters, digits, - or _ (the page makes a new one when it is cleared)
        """  # noqa: E501
        text = key.strip() if isinstance(key, str) else ""
        if not _KEY_RE.match(text) or len(set(text)) < KEY_MIN_DISTINCT:
            shown = repr(text[:10] + "...") if len(text) > 10 else repr(key)
            raise ProgressError(
                _("browser key {key} is not a key this kit made; it is 22 to 86 random "
                  "letters, digits, - or _ (the page makes a new one when it is cleared)").format(
                      key=shown), text=text[:10], reason="weak-browser-key")
        return cls(device_key(text), _("this browser"))

    @staticmethod
    def new_browser_key() -> str:
        """A fresh random key (43 URL-safe characters, 256 bits) for a browser to keep."""
        return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class PuzzleProgress:
    """One pupil's work on one puzzle."""

    puzzle: str
    difficulty: int | None
    attempts: int
    hints: int
    best_rows: int | None
    first_day: datetime.date
    solved_day: datetime.date | None

    @property
    def solved(self) -> bool:
        """True once any answer to the puzzle was right."""
        return self.solved_day is not None


@dataclass(frozen=True)
class Progress:
    """Everything one pupil has done: puzzles tried (oldest first) and the streak.

    The streak counts consecutive days with at least one puzzle solved; ``last_day`` is the
    last of those days.
    """

    pupil: Pupil
    puzzles: tuple[PuzzleProgress, ...] = ()
    streak: int = 0
    best_streak: int = 0
    last_day: datetime.date | None = None

    def get(self, puzzle: str) -> PuzzleProgress | None:
        """The record of one puzzle (by its code), if tried."""
        return next((p for p in self.puzzles if p.puzzle == puzzle), None)

    @property
    def solved(self) -> tuple[PuzzleProgress, ...]:
        """Puzzles solved, oldest first."""
        return tuple(p for p in self.puzzles if p.solved)

    @property
    def solved_count(self) -> int:
        """How many different puzzles were solved."""
        return len(self.solved)

    def streak_on(self, day: datetime.date) -> int:
        """The streak as seen on ``day``: it lapses when yesterday had no solve.

        >>> p = Progress(Pupil.from_nickname("sam"), streak=3, best_streak=3,
        ...              last_day=datetime.date(2024, 3, 4))
        >>> [p.streak_on(datetime.date(2024, 3, d)) for d in (4, 5, 6)]
        [3, 3, 0]
        """
        if self.last_day is None or (day - self.last_day).days > 1:
            return 0
        return self.streak

    def by_difficulty(self) -> dict[int, tuple[int, int]]:
        """``{difficulty: (solved, tried)}`` over the puzzles whose difficulty is known."""
        table: dict[int, tuple[int, int]] = {}
        for p in self.puzzles:
            if p.difficulty is not None:
                solved, tried = table.get(p.difficulty, (0, 0))
                table[p.difficulty] = (solved + p.solved, tried + 1)
        return dict(sorted(table.items()))


def next_streak(streak: int, last_day: datetime.date | None,
                day: datetime.date) -> tuple[int, datetime.date]:
    """The streak after a solve on ``day``: same day keeps it, the next day adds one.

    >>> d = datetime.date(2024, 3, 4)
    >>> next_streak(0, None, d), next_streak(2, d, d)[0], next_streak(2, d, d.replace(day=5))[0]
    ((1, datetime.date(2024, 3, 4)), 2, 3)
    >>> next_streak(5, d, d.replace(day=9))[0]
    1
    """
    if last_day is None:
        return 1, day
    gap = (day - last_day).days
    if gap <= 0:  # the same day (or a clock that went back): nothing changes
        return streak, last_day
    return (streak + 1 if gap == 1 else 1), day


def with_attempt(progress: Progress, puzzle: str, *, solved: bool, rows: int | None = None,
                 hints: int = 0, difficulty: int | None = None,
                 day: datetime.date) -> Progress:
    """``progress`` after one checked answer to ``puzzle`` (what the store saves).

    >>> p = with_attempt(Progress(Pupil("device:x", "me")), "P1", solved=True, rows=3,
    ...                  day=datetime.date(2024, 3, 4))
    >>> p.get("P1").attempts, p.get("P1").best_rows, p.streak
    (1, 3, 1)
    """
    progress = _touched(progress, puzzle, difficulty, day, attempts=1, hints=hints)
    if not solved:
        return progress
    old = progress.get(puzzle)
    assert old is not None
    best = old.best_rows
    if rows is not None and (best is None or rows < best):
        best = rows
    new = replace(old, solved_day=old.solved_day or day, best_rows=best)
    streak, last_day = next_streak(progress.streak, progress.last_day, day)
    return replace(progress, puzzles=tuple(new if p.puzzle == puzzle else p
                                           for p in progress.puzzles),
                   streak=streak, best_streak=max(progress.best_streak, streak),
                   last_day=last_day)


def with_hint(progress: Progress, puzzle: str, hints: int, *, difficulty: int | None = None,
              day: datetime.date) -> Progress:
    """``progress`` once ``hints`` hints were shown for ``puzzle`` (the most is kept)."""
    return _touched(progress, puzzle, difficulty, day, attempts=0, hints=hints)


def _touched(progress: Progress, puzzle: str, difficulty: int | None, day: datetime.date, *,
             attempts: int, hints: int) -> Progress:
    old = progress.get(puzzle)
    if old is None:
        new = PuzzleProgress(puzzle, difficulty, attempts, max(hints, 0), None, day, None)
        return replace(progress, puzzles=(*progress.puzzles, new))
    new = replace(old, attempts=old.attempts + attempts, hints=max(old.hints, hints),
                  difficulty=difficulty if difficulty is not None else old.difficulty)
    return replace(progress, puzzles=tuple(new if p.puzzle == puzzle else p
                                           for p in progress.puzzles))


def streak_from_days(days: Iterable[datetime.date]) -> tuple[int, int, datetime.date | None]:
    """``(streak, best streak, last day)`` from the days something was solved (a repair).

    >>> d = datetime.date(2024, 3, 4)
    >>> streak_from_days([d, d.replace(day=5), d.replace(day=9)])
    (1, 2, datetime.date(2024, 3, 9))
    """
    streak, best, last = 0, 0, None
    for day in sorted(set(days)):
        streak, last = next_streak(streak, last, day)
        best = max(best, streak)
    return streak, best, last


Change = Callable[[Progress], Progress]


class ProgressChanges:
    """What every progress store records, over its own ``_change(pupil, change)`` (the server's
    :class:`ProgressStore` and the static site's browser store write the same way).

    >>> class Kept(ProgressChanges):
    ...     def _change(self, pupil, change):
    ...         return change(Progress(pupil))
    >>> Kept().record_hint(Pupil("nick:ada", "Ada"), "P1", 2).puzzles[0].hints
    2
    """

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        raise NotImplementedError

    def when_problem_changes(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` whenever ``problem`` changes outside the store's own calls. The
        server's store changes it only inside them (the apps redraw after each): nothing to
        watch. The static site's browser store is told after the page's write."""

    def record_attempt(self, pupil: Pupil, puzzle: str, *, solved: bool, rows: int | None = None,
                       hints: int = 0, difficulty: int | None = None,
                       day: datetime.date | None = None) -> Progress:
        """One checked answer to ``puzzle`` (right or wrong); returns the new progress.

        ``rows`` is the length of a right answer (the best is kept), ``hints`` how many hints
        were shown so far (the most is kept). A solve extends the streak (:func:`next_streak`).
        """
        day = day or datetime.date.today()
        return self._change(pupil, lambda p: with_attempt(
            p, puzzle, solved=solved, rows=rows, hints=hints, difficulty=difficulty, day=day))

    def record_hint(self, pupil: Pupil, puzzle: str, hints: int, *,
                    difficulty: int | None = None, day: datetime.date | None = None) -> Progress:
        """``hints`` hints have now been shown for ``puzzle`` (the most is kept)."""
        day = day or datetime.date.today()
        return self._change(pupil, lambda p: with_hint(p, puzzle, hints, difficulty=difficulty,
                                                       day=day))


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


class ProgressStore(ProgressChanges):
    """Progress of every pupil in one SQLite file or PostgreSQL database (or in memory when
    the store is unusable).

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
    pupil's progress is kept in memory, :meth:`write` keeps every write in a queue and
    :meth:`read_shared` raises :class:`StoreAway` (what kernels share, such as a table, is
    never read from this kernel's memory). A background thread tries the store again, soon
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
        self._known: dict[str, Progress] = {}
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
        for progress in self._known.values():
            _save(self._conn, Progress(progress.pupil), progress, datetime.date.today(),
                  fresh=True)
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

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        def work(conn: Connection) -> Progress:
            with self._transaction(conn):
                return _apply(conn, pupil, change)

        with self._lock:
            progress = self._run(work)
            if self.problem is not None:
                self._keep(lambda conn: _apply(conn, pupil, change), None)
            self._known[pupil.key] = progress
        return progress

    # -- reading and writing -----------------------------------------------------------
    def load(self, pupil: Pupil) -> Progress:
        """Everything ``pupil`` has done (empty for a new pupil)."""
        progress = self._run(lambda conn: _read(conn, pupil, datetime.date.today())[0])
        self._known[pupil.key] = progress
        return progress

    def pupil_count(self) -> int:
        """How many pupils have any progress (for teachers; no pupil's data is exposed)."""
        return self._run(lambda conn: int(conn.execute("SELECT count(*) FROM pupils")
                                          .fetchone()[0]))

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

    def __enter__(self) -> ProgressStore:
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


# -- rows: read, checked, repaired, written -------------------------------------------------

_HEAD = "SELECT pupil, created, streak, best_streak, last_day, digest FROM pupils"
_ROWS = ("SELECT pupil, puzzle, difficulty, attempts, hints, best_rows, first_day, solved_day, "
         "digest, rowid FROM puzzles")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _clean_puzzle(row: tuple[Any, ...], day: datetime.date) -> tuple[PuzzleProgress | None,
                                                                      list[str]]:
    """A puzzle row as found; the record (None if beyond repair) and what was wrong."""
    _, code, difficulty, attempts, hints, best, first, solved = row[:8]
    if seal("puzzles", row[:8]) == row[8]:
        return PuzzleProgress(code, difficulty, attempts, hints, best, _day(first),
                              _day(solved)), []
    wrong = []
    if not isinstance(code, str) or not code:
        return None, ["the puzzle's code"]
    if difficulty is not None and not _count(difficulty):
        difficulty = None
        wrong.append("difficulty")
    if not _count(attempts):
        attempts = 0
        wrong.append("attempts")
    if not _count(hints):
        hints = 0
        wrong.append("hints")
    if best is not None and not _count(best):
        best = None
        wrong.append("best rows")
    if solved is not None and not valid_day(solved):
        solved = None
        wrong.append("the day it was solved")
    if not valid_day(first):
        first = solved or day.isoformat()
        wrong.append("the day it was first tried")
    return PuzzleProgress(code, difficulty, attempts, hints, best, _day(first),
                          _day(solved)), wrong or ["its check did not match its values"]


def _clean_head(head: tuple[Any, ...], puzzles: tuple[PuzzleProgress, ...],
                day: datetime.date) -> tuple[tuple[int, int, datetime.date | None, str],
                                             list[str]]:
    """``(streak, best, last_day, created)`` from a pupil row, and what was wrong."""
    _, created, streak, best, last = head[:5]
    if seal("pupils", head[:5]) == head[5]:
        return (streak, best, _day(last), created), []
    wrong = []
    if not valid_day(created):
        created = day.isoformat()
        wrong.append("the day it was made")
    if not (_count(streak) and _count(best)) or (last is not None and not valid_day(last)):
        streak, best, last_day = streak_from_days(
            p.solved_day for p in puzzles if p.solved_day is not None)
        wrong.append("the streak (counted again from the days puzzles were solved)")
        return (streak, best, last_day, created), wrong
    return (streak, best, _day(last), created), wrong or ["its check did not match its values"]


def _read(conn: Connection, pupil: Pupil,
          day: datetime.date) -> tuple[Progress, str | None]:
    """The pupil's progress and the day their row was made; damaged rows are repaired."""
    head = conn.execute(_HEAD + " WHERE pupil = ?", (pupil.key,)).fetchone()
    rows = conn.execute(_ROWS + " WHERE pupil = ? ORDER BY first_day, rowid",
                        (pupil.key,)).fetchall()
    repairs: list[tuple[str, tuple[Any, ...], list[str], int | None]] = []
    puzzles = []
    for row in rows:
        record, wrong = _clean_puzzle(row, day)
        if wrong:
            repairs.append(("puzzles", row, wrong, row[9]))
        if record is not None:
            puzzles.append(record)
    progress = Progress(pupil, tuple(puzzles))
    created = None
    if head is not None:
        (streak, best, last_day, created), wrong = _clean_head(head, progress.puzzles, day)
        if wrong:
            repairs.append(("pupils", head, wrong, None))
        progress = replace(progress, streak=streak, best_streak=best, last_day=last_day)
    if not repairs:
        return progress, created
    if not conn.in_transaction:
        conn.begin()
        try:
            result = _read(conn, pupil, day)
        except BaseException:
            conn.rollback()
            raise
        conn.commit()
        return result
    for table, row, wrong, rowid in repairs:
        keep_row(conn, table, row, "; ".join(wrong))
        if table == "puzzles":
            conn.execute("DELETE FROM puzzles WHERE rowid = ?", (rowid,))
    _save(conn, Progress(pupil), progress, day, fresh=True, created=created)
    what = "; ".join(f"{'its streak row' if t == 'pupils' else 'puzzle ' + str(r[1])}: "
                     f"{', '.join(wrong)}" for t, r, wrong, _ in repairs)
    add_note(conn, f"pupil {pupil.key}: damaged saved progress was repaired ({what}); the "
                   "rows as found are kept in the table set_aside")
    return progress, created or day.isoformat()


def _apply(conn: Connection, pupil: Pupil, change: Change) -> Progress:
    """Read, change and write one pupil's progress (the caller holds a transaction)."""
    day = datetime.date.today()
    before, created = _read(conn, pupil, day)
    after = change(before)
    _save(conn, before, after, day, fresh=created is None, created=created)
    return after


def _save(conn: Connection, before: Progress, after: Progress, day: datetime.date, *,
          fresh: bool = False, created: str | None = None) -> None:
    """Write what changed from ``before`` to ``after`` (every row if ``fresh``), sealed."""
    key = after.pupil.key
    head = (key, created or day.isoformat(), after.streak, after.best_streak,
            after.last_day.isoformat() if after.last_day else None)
    if fresh or (before.streak, before.best_streak, before.last_day) != (
            after.streak, after.best_streak, after.last_day):
        conn.execute(
            "INSERT INTO pupils (pupil, created, streak, best_streak, last_day, digest) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (pupil) DO UPDATE SET "
            "created = excluded.created, streak = excluded.streak, "
            "best_streak = excluded.best_streak, last_day = excluded.last_day, "
            "digest = excluded.digest", (*head, seal("pupils", head)))
    old = {p.puzzle: p for p in before.puzzles}
    for p in after.puzzles:
        if not fresh and old.get(p.puzzle) == p:
            continue
        row = (key, p.puzzle, p.difficulty, p.attempts, p.hints, p.best_rows,
               p.first_day.isoformat(), p.solved_day.isoformat() if p.solved_day else None)
        conn.execute(
            "INSERT INTO puzzles (pupil, puzzle, difficulty, attempts, hints, best_rows, "
            "first_day, solved_day, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (pupil, puzzle) DO UPDATE SET difficulty = excluded.difficulty, "
            "attempts = excluded.attempts, hints = excluded.hints, "
            "best_rows = excluded.best_rows, first_day = excluded.first_day, "
            "solved_day = excluded.solved_day, digest = excluded.digest",
            (*row, seal("puzzles", row)))


def _repair_all(conn: Connection, day: datetime.date) -> None:
    """Repair every damaged row of the store (found by :func:`storefile.damaged_rows`)."""
    found = damaged_rows(conn)
    if not any(found.values()):
        return
    conn.begin()
    try:
        found = damaged_rows(conn)  # again, now that no other kernel can write
        keys = set()
        for table in ("pupils", "puzzles"):
            for rowid in found.get(table, ()):
                key = conn.execute(f"SELECT pupil FROM {table} WHERE rowid = ?",
                                   (rowid,)).fetchone()[0]
                if isinstance(key, str) and key:
                    keys.add(key)
                else:
                    drop_row(conn, table, rowid, f"its pupil is {key!r}")
        for key in sorted(keys):
            _read(conn, Pupil(key, "?"), day)
        for table in ("classes", "class_pupils"):
            reseal(conn, table, found.get(table, ()))
        for table in ("game_scores", "wrong_answers", "class_sets"):  # kept aside, not guessed
            for rowid in found.get(table, ()):
                drop_row(conn, table, rowid, "its check did not match its values")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise


def _day(text: str | None) -> datetime.date | None:
    return None if text is None else datetime.date.fromisoformat(text)
