"""Pupils' puzzle progress, kept on the server in one SQLite file that many kernels share.

One row per (pupil, puzzle) and one per pupil (the streak). The file lives at
``$LNB_PROGRESS_DB``, else ``~/.local/share/lnb-kit/progress.sqlite3``; it is opened lazily
(on the first read or write), in WAL mode with a busy timeout, and every change is one
``BEGIN IMMEDIATE`` transaction, so kernels of a whole class can write at once.

A pupil is a nickname (normalised: ``" Sam  Lee "`` is ``sam lee``) or a random key that the
browser keeps; the two never collide, and every query is filtered by the pupil's key.

If the file cannot be used (not a SQLite file, corrupt, from a newer kit, not writable), the
store says so in :attr:`ProgressStore.problem`, naming the file and the fix, and carries on
in memory: nothing done in this session is lost, it just cannot be saved.

>>> import datetime, tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore(pathlib.Path(folder) / "progress.sqlite3")
>>> sam = Pupil.from_nickname("  Sam ")
>>> day = datetime.date(2024, 3, 4)
>>> _ = store.record_attempt(sam, "LB1-ABC", solved=False, day=day)
>>> progress = store.record_attempt(sam, "LB1-ABC", solved=True, rows=3, difficulty=2, day=day)
>>> progress.get("LB1-ABC").attempts, progress.solved_count, progress.streak_on(day)
(2, 1, 1)
>>> store.load(Pupil.from_nickname("ada")).puzzles
()
>>> store.saving, store.problem
(True, None)
>>> store.close()
"""

from __future__ import annotations

import datetime
import os
import re
import secrets
import sqlite3
import threading
import unicodedata
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from lnb.babbage.errors import LnbError

SCHEMA_VERSION = 1
APPLICATION_ID = 0x4C6E6250  # "LnbP": marks the file as ours (PRAGMA application_id)
ENV_VAR = "LNB_PROGRESS_DB"
NICKNAME_MAX = 20
_NICKNAME_RE = re.compile(r"^[\w .'-]+$")
_KEY_RE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
T = TypeVar("T")


class ProgressError(LnbError):
    """A nickname or browser key that cannot name a pupil."""


def default_path() -> Path:
    """``$LNB_PROGRESS_DB`` if set, else ``~/.local/share/lnb-kit/progress.sqlite3``."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return Path.home() / ".local" / "share" / "lnb-kit" / "progress.sqlite3"


def normalize_nickname(text: str) -> str:
    """The form a nickname is stored under: trimmed, single spaces, case-folded.

    >>> normalize_nickname("  Ada   LOVELACE ")
    'ada lovelace'
    >>> normalize_nickname("Sam!")
    Traceback (most recent call last):
    ...
    widgets.classroom.progress.ProgressError: nickname 'Sam!' has '!'; use letters, digits, spaces, . ' - or _
    """  # noqa: E501
    if not isinstance(text, str):
        raise ProgressError(f"a nickname is text like 'sam', not {text!r}")
    name = " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
    if not name:
        raise ProgressError("the nickname is empty; type a nickname like 'sam' and press Enter")
    if len(name) > NICKNAME_MAX:
        raise ProgressError(
            f"nickname {text.strip()!r} is {len(name)} characters long; use at most {NICKNAME_MAX}"
        )
    if not _NICKNAME_RE.match(name):
        bad = "".join(sorted({c for c in name if not _NICKNAME_RE.match(c)}))
        raise ProgressError(
            f"nickname {text.strip()!r} has {bad!r}; use letters, digits, spaces, . ' - or _"
        )
    return name


@dataclass(frozen=True)
class Pupil:
    """Whose progress it is: ``key`` is ``nick:<nickname>`` or ``browser:<random key>``.

    >>> Pupil.from_nickname("Sam").key
    'nick:sam'
    >>> Pupil.from_browser_key("k" * 22).key == "browser:" + "k" * 22
    True
    """

    key: str
    label: str

    @classmethod
    def from_nickname(cls, text: str) -> Pupil:
        """A pupil known by a nickname they type (normalised, see :func:`normalize_nickname`)."""
        name = normalize_nickname(text)
        return cls(f"nick:{name}", name)

    @classmethod
    def from_browser_key(cls, key: str) -> Pupil:
        """A pupil known by the random key their browser keeps."""
        if not isinstance(key, str) or not _KEY_RE.match(key.strip()):
            raise ProgressError(
                f"browser key {key!r} is not a key this kit made; it is 16 to 64 letters, "
                "digits, - or _ (clear the page's storage to get a new one)"
            )
        return cls(f"browser:{key.strip()}", "this browser")

    @staticmethod
    def new_browser_key() -> str:
        """A fresh random key (22 URL-safe characters) for a browser to keep."""
        return secrets.token_urlsafe(16)


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


_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS pupils ("
    " pupil TEXT PRIMARY KEY,"
    " created TEXT NOT NULL,"
    " streak INTEGER NOT NULL DEFAULT 0,"
    " best_streak INTEGER NOT NULL DEFAULT 0,"
    " last_day TEXT)",
    "CREATE TABLE IF NOT EXISTS puzzles ("
    " pupil TEXT NOT NULL REFERENCES pupils(pupil),"
    " puzzle TEXT NOT NULL,"
    " difficulty INTEGER,"
    " attempts INTEGER NOT NULL DEFAULT 0,"
    " hints INTEGER NOT NULL DEFAULT 0,"
    " best_rows INTEGER,"
    " first_day TEXT NOT NULL,"
    " solved_day TEXT,"
    " PRIMARY KEY (pupil, puzzle))",
)


class StoreProblem(Exception):
    """Internal: the file cannot be used; the message is for the teacher and the pupil."""


class ProgressStore:
    """Progress of every pupil in one SQLite file (or in memory when the file is unusable).

    ``path=None`` means :func:`default_path`; ``":memory:"`` keeps everything in memory on
    purpose (no :attr:`problem`). Safe to share between threads; each process (kernel) has
    its own connection and SQLite serialises the writers.
    """

    def __init__(self, path: Path | str | None = None, *, timeout: float = 15.0) -> None:
        self.in_memory_by_choice = str(path) == ":memory:"
        self.path = None if self.in_memory_by_choice else Path(path or default_path())
        self.timeout = timeout
        self.problem: str | None = None
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._known: dict[str, Progress] = {}

    # -- opening -----------------------------------------------------------------------
    @property
    def saving(self) -> bool:
        """False once progress can only be kept in memory (see :attr:`problem`)."""
        return self.problem is None and not self.in_memory_by_choice

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            if self.path is None:
                self._conn = self._memory()
            else:
                try:
                    self._conn = self._open_file(self.path)
                except StoreProblem as exc:
                    self.problem = str(exc)
                    self._conn = self._memory()
        return self._conn

    def _memory(self) -> sqlite3.Connection:
        conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        for statement in _SCHEMA:
            conn.execute(statement)
        conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
        return conn

    def _open_file(self, path: Path) -> sqlite3.Connection:
        fix = (f"move {path} aside (rename it) and a fresh file is made, "
               f"or set {ENV_VAR} to another file")
        if path.is_dir():
            raise StoreProblem(f"progress file {path} is a folder, not a file; {fix}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreProblem(
                f"cannot make the folder {path.parent} for the progress file {path} "
                f"({exc.strerror}); "
                f"set {ENV_VAR} to a file in a folder you can write"
            ) from None
        conn = None
        try:
            conn = sqlite3.connect(path, timeout=self.timeout, check_same_thread=False,
                                   isolation_level=None)
            conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
            self._check_file(conn, path, fix)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
            self._migrate(conn, path, fix)
            return conn
        except StoreProblem:
            if conn is not None:
                conn.close()
            raise
        except sqlite3.DatabaseError as exc:
            if conn is not None:
                conn.close()
            raise StoreProblem(_describe(exc, path, fix)) from None

    @staticmethod
    def _check_file(conn: sqlite3.Connection, path: Path, fix: str) -> None:
        """Refuse a SQLite file that is someone else's, or that fails its quick check."""
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        app_id = conn.execute("PRAGMA application_id").fetchone()[0]
        if tables and (app_id != APPLICATION_ID or "schema_version" not in tables):
            raise StoreProblem(
                f"{path} is a SQLite database but not an lnb progress file; {fix}"
            )
        if tables:
            verdict = conn.execute("PRAGMA quick_check").fetchone()[0]
            if verdict != "ok":
                raise StoreProblem(f"progress file {path} is damaged ({verdict}); {fix}")

    @staticmethod
    def _migrate(conn: sqlite3.Connection, path: Path, fix: str) -> None:
        """Create the tables of a new file; refuse a file from a newer kit."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA:
                conn.execute(statement)
            version = conn.execute("SELECT max(version) FROM schema_version").fetchone()[0]
            if version is None:
                conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            elif version > SCHEMA_VERSION:
                raise StoreProblem(
                    f"progress file {path} was written by a newer version of the kit "
                    f"(schema {version}, this kit reads {SCHEMA_VERSION}); update the kit, or {fix}"
                )
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise

    # -- transactions ------------------------------------------------------------------
    @contextmanager
    def _transaction(self, conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _run(self, pupil: Pupil, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the file; on a file error, switch to memory and run it there."""
        with self._lock:
            conn = self._connection()
            try:
                return work(conn)
            except sqlite3.DatabaseError as exc:
                if self.path is None or self.problem is not None:
                    raise
                self._fall_back(_describe(exc, self.path, f"move {self.path} aside (rename "
                                          f"it) and a fresh file is made"))
                return work(self._connection())

    def _fall_back(self, problem: str) -> None:
        """Carry on in memory, starting from everything this session has seen."""
        self.problem = problem
        old, self._conn = self._conn, self._memory()
        if old is not None:
            with suppress(sqlite3.Error):
                old.close()
        for progress in self._known.values():
            _insert_snapshot(self._conn, progress)

    # -- reading and writing -----------------------------------------------------------
    def load(self, pupil: Pupil) -> Progress:
        """Everything ``pupil`` has done (empty for a new pupil)."""
        progress = self._run(pupil, lambda conn: _read(conn, pupil))
        self._known[pupil.key] = progress
        return progress

    def record_attempt(
        self,
        pupil: Pupil,
        puzzle: str,
        *,
        solved: bool,
        rows: int | None = None,
        hints: int = 0,
        difficulty: int | None = None,
        day: datetime.date | None = None,
    ) -> Progress:
        """One checked answer to ``puzzle`` (right or wrong); returns the new progress.

        ``rows`` is the length of a right answer (the best is kept), ``hints`` how many hints
        were shown so far (the most is kept). A solve extends the streak (:func:`next_streak`).
        """
        day = day or datetime.date.today()

        def work(conn: sqlite3.Connection) -> Progress:
            with self._transaction(conn):
                _ensure_pupil(conn, pupil, day)
                _upsert(conn, pupil, puzzle, difficulty, day, attempts=1, hints=hints)
                if solved:
                    conn.execute(
                        "UPDATE puzzles SET solved_day = coalesce(solved_day, ?), "
                        "best_rows = CASE WHEN ? IS NULL THEN best_rows "
                        "WHEN best_rows IS NULL OR ? < best_rows THEN ? ELSE best_rows END "
                        "WHERE pupil = ? AND puzzle = ?",
                        (day.isoformat(), rows, rows, rows, pupil.key, puzzle),
                    )
                    streak, best, last = conn.execute(
                        "SELECT streak, best_streak, last_day FROM pupils WHERE pupil = ?",
                        (pupil.key,),
                    ).fetchone()
                    streak, last_day = next_streak(streak, _day(last), day)
                    conn.execute(
                        "UPDATE pupils SET streak = ?, best_streak = ?, last_day = ? "
                        "WHERE pupil = ?",
                        (streak, max(best, streak), last_day.isoformat(), pupil.key),
                    )
                return _read(conn, pupil)

        progress = self._run(pupil, work)
        self._known[pupil.key] = progress
        return progress

    def record_hint(self, pupil: Pupil, puzzle: str, hints: int, *,
                    difficulty: int | None = None, day: datetime.date | None = None) -> Progress:
        """``hints`` hints have now been shown for ``puzzle`` (the most is kept)."""
        day = day or datetime.date.today()

        def work(conn: sqlite3.Connection) -> Progress:
            with self._transaction(conn):
                _ensure_pupil(conn, pupil, day)
                _upsert(conn, pupil, puzzle, difficulty, day, attempts=0, hints=hints)
                return _read(conn, pupil)

        progress = self._run(pupil, work)
        self._known[pupil.key] = progress
        return progress

    def pupil_count(self) -> int:
        """How many pupils have any progress (for teachers; no pupil's data is exposed)."""
        with self._lock:
            conn = self._connection()
            return int(conn.execute("SELECT count(*) FROM pupils").fetchone()[0])

    def close(self) -> None:
        """Close the file (a later call opens it again)."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None

    def __enter__(self) -> ProgressStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _describe(exc: sqlite3.DatabaseError, path: Path, fix: str) -> str:
    text = str(exc)
    if "not a database" in text:
        return f"progress file {path} is not a SQLite database (or is damaged); {fix}"
    if "malformed" in text or "corrupt" in text:
        return f"progress file {path} is damaged ({text}); {fix}"
    if "readonly" in text or "unable to open" in text or "disk I/O" in text:
        return (f"progress file {path} cannot be written ({text}); check the folder's "
                f"permissions and free space, or set {ENV_VAR} to another file")
    if "locked" in text or "busy" in text:
        return (f"progress file {path} stayed locked by another program ({text}); "
                "close the other program, or restart the server")
    return f"progress file {path} cannot be used ({text}); {fix}"


def _day(text: str | None) -> datetime.date | None:
    return None if text is None else datetime.date.fromisoformat(text)


def _ensure_pupil(conn: sqlite3.Connection, pupil: Pupil, day: datetime.date) -> None:
    conn.execute("INSERT OR IGNORE INTO pupils (pupil, created) VALUES (?, ?)",
                 (pupil.key, day.isoformat()))


def _upsert(conn: sqlite3.Connection, pupil: Pupil, puzzle: str, difficulty: int | None,
            day: datetime.date, *, attempts: int, hints: int) -> None:
    conn.execute(
        "INSERT INTO puzzles (pupil, puzzle, difficulty, attempts, hints, first_day) "
        "VALUES (?, ?, ?, ?, ?, ?) "
        "ON CONFLICT (pupil, puzzle) DO UPDATE SET "
        "attempts = attempts + excluded.attempts, "
        "hints = max(hints, excluded.hints), "
        "difficulty = coalesce(excluded.difficulty, difficulty)",
        (pupil.key, puzzle, difficulty, attempts, max(hints, 0), day.isoformat()),
    )


def _read(conn: sqlite3.Connection, pupil: Pupil) -> Progress:
    head = conn.execute(
        "SELECT streak, best_streak, last_day FROM pupils WHERE pupil = ?", (pupil.key,)
    ).fetchone()
    rows = conn.execute(
        "SELECT puzzle, difficulty, attempts, hints, best_rows, first_day, solved_day "
        "FROM puzzles WHERE pupil = ? ORDER BY first_day, rowid", (pupil.key,)
    ).fetchall()
    puzzles = tuple(
        PuzzleProgress(code, diff, attempts, hints, best, _day(first) or datetime.date.min,
                       _day(solved))
        for code, diff, attempts, hints, best, first, solved in rows
    )
    if head is None:
        return Progress(pupil, puzzles)
    streak, best, last = head
    return Progress(pupil, puzzles, streak, best, _day(last))


def _insert_snapshot(conn: sqlite3.Connection, progress: Progress) -> None:
    """Write a whole Progress into a fresh (memory) store."""
    key = progress.pupil.key
    last = progress.last_day.isoformat() if progress.last_day else None
    conn.execute(
        "INSERT OR REPLACE INTO pupils (pupil, created, streak, best_streak, last_day) "
        "VALUES (?, ?, ?, ?, ?)",
        (key, datetime.date.today().isoformat(), progress.streak, progress.best_streak, last),
    )
    for p in progress.puzzles:
        conn.execute(
            "INSERT OR REPLACE INTO puzzles (pupil, puzzle, difficulty, attempts, hints, "
            "best_rows, first_day, solved_day) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, p.puzzle, p.difficulty, p.attempts, p.hints, p.best_rows,
             p.first_day.isoformat(), p.solved_day.isoformat() if p.solved_day else None),
        )
