"""The classroom store's file: made whole or not at all, checked on every open, damage kept
aside (never silently replaced), daily backups and restore.

One SQLite file holds everything the classroom saves (pupils' progress, classes, cards,
sessions, the daily challenges' scores, the dashboard's tables); every kernel of a class
opens it at once. Rules:

* A new file is built under a temporary name and put in place in one step, under a lock
  file: no kernel ever sees a half-made (empty) store, so an existing file that is empty or
  lacks its marks is damaged, never "new".
* Every open checks the file: SQLite's header, our ``application_id``, ``user_version`` and
  the ``schema_version`` row agreeing, every table's columns, ``PRAGMA integrity_check``.
  A damaged file is renamed ``<name>.damaged-<UTC time>`` (kept, with its ``-wal``), the
  newest backup is restored in its place (else a new file is made), and
  :func:`open_store` returns a note saying where everything is.
* :func:`backup` copies a live store with SQLite's backup API (it includes what is still in
  the WAL); :func:`daily_backup` keeps one a day in ``<name>-backups/``; :func:`restore`
  writes a backup into the live file with the same API, so running kernels simply see it.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "progress.sqlite3"
>>> conn, notes = open_store(path)
>>> notes, conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
([], True)
>>> conn.close()
>>> _ = path.write_bytes(b"")  # truncated to nothing: damage, never a silent new file
>>> conn, notes = open_store(path)
>>> "damaged" in notes[0] and "was kept at" in notes[0]
True
>>> conn.close()
"""

from __future__ import annotations

import collections
import datetime
import errno
import functools
import hashlib
import json
import os
import random
import re
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path

from lnb.core.i18n import _

try:  # POSIX; elsewhere creation and moving aside are not locked (one server at a time)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

SCHEMA_VERSION = 5
APPLICATION_ID = 0x4C6E6250  # "LnbP": marks the file as ours (PRAGMA application_id)
MAGIC = b"SQLite format 3\x00"
BACKUPS_KEPT = 14
#: More damaged rows than this (or than a tenth of the rows) and the whole file is damaged.
ROW_DAMAGE_LIMIT = 3

#: The tables of the current schema; ``digest`` seals a row (see :func:`seal`).
TABLES: dict[str, str] = {
    "schema_version": "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)",
    "pupils": "CREATE TABLE IF NOT EXISTS pupils ("
              " pupil TEXT PRIMARY KEY,"
              " created TEXT NOT NULL,"
              " streak INTEGER NOT NULL DEFAULT 0,"
              " best_streak INTEGER NOT NULL DEFAULT 0,"
              " last_day TEXT,"
              " digest TEXT)",
    "puzzles": "CREATE TABLE IF NOT EXISTS puzzles ("
               " pupil TEXT NOT NULL REFERENCES pupils(pupil),"
               " puzzle TEXT NOT NULL,"
               " difficulty INTEGER,"
               " attempts INTEGER NOT NULL DEFAULT 0,"
               " hints INTEGER NOT NULL DEFAULT 0,"
               " best_rows INTEGER,"
               " first_day TEXT NOT NULL,"
               " solved_day TEXT,"
               " digest TEXT,"
               " PRIMARY KEY (pupil, puzzle))",
    "classes": "CREATE TABLE IF NOT EXISTS classes ("
               " code TEXT PRIMARY KEY,"
               " name TEXT NOT NULL,"
               " teacher_hash TEXT NOT NULL,"
               " created TEXT NOT NULL,"
               " digest TEXT)",
    "class_pupils": "CREATE TABLE IF NOT EXISTS class_pupils ("
                    " pupil TEXT PRIMARY KEY,"
                    " class_code TEXT NOT NULL REFERENCES classes(code),"
                    " name TEXT NOT NULL,"
                    " name_key TEXT NOT NULL,"
                    " secret_hash TEXT NOT NULL,"
                    " created TEXT NOT NULL,"
                    " digest TEXT,"
                    " UNIQUE (class_code, name_key))",
    "sessions": "CREATE TABLE IF NOT EXISTS sessions ("
                " token_hash TEXT PRIMARY KEY,"
                " pupil TEXT NOT NULL,"
                " created REAL NOT NULL,"
                " expires REAL NOT NULL)",
    "join_failures": "CREATE TABLE IF NOT EXISTS join_failures ("
                     " class_code TEXT NOT NULL, at REAL NOT NULL)",
    "set_aside": "CREATE TABLE IF NOT EXISTS set_aside ("
                 " at TEXT NOT NULL, table_name TEXT NOT NULL, row_json TEXT NOT NULL,"
                 " reason TEXT NOT NULL)",
    "notes": "CREATE TABLE IF NOT EXISTS notes (at TEXT NOT NULL, text TEXT NOT NULL)",
    # schema 3: a pupil's best score of a game's daily challenge (the museum's), a row a day
    "game_scores": "CREATE TABLE IF NOT EXISTS game_scores ("
                   " pupil TEXT NOT NULL,"
                   " game TEXT NOT NULL,"
                   " day TEXT NOT NULL,"
                   " best INTEGER NOT NULL,"
                   " plays INTEGER NOT NULL DEFAULT 1,"
                   " digest TEXT,"
                   " PRIMARY KEY (pupil, game, day))",
    # schema 4 (the teacher's dashboard): each wrong answer's rows, as checked, and how often
    "wrong_answers": "CREATE TABLE IF NOT EXISTS wrong_answers ("
                     " pupil TEXT NOT NULL,"
                     " puzzle TEXT NOT NULL,"
                     " rows TEXT NOT NULL,"
                     " times INTEGER NOT NULL DEFAULT 1,"
                     " last_day TEXT NOT NULL,"
                     " digest TEXT,"
                     " PRIMARY KEY (pupil, puzzle, rows))",
    # schema 4: when each pupil's page was last active (who is online)
    "presence": "CREATE TABLE IF NOT EXISTS presence ("
                " pupil TEXT PRIMARY KEY,"
                " seen REAL NOT NULL)",
    # schema 4: the puzzle set a teacher gave a class for a day (codes, space-separated)
    "class_sets": "CREATE TABLE IF NOT EXISTS class_sets ("
                  " class_code TEXT NOT NULL,"
                  " day TEXT NOT NULL,"
                  " codes TEXT NOT NULL,"
                  " digest TEXT,"
                  " PRIMARY KEY (class_code, day))",
    # schema 5: live game rooms (classroom.rooms); every change bumps rooms.version
    "rooms": "CREATE TABLE IF NOT EXISTS rooms ("
             " code TEXT PRIMARY KEY,"
             " game TEXT NOT NULL,"
             " setup TEXT NOT NULL,"
             " class_code TEXT,"
             " host TEXT,"
             " created REAL NOT NULL,"
             " status TEXT NOT NULL,"
             " version INTEGER NOT NULL DEFAULT 0)",
    "room_seats": "CREATE TABLE IF NOT EXISTS room_seats ("
                  " code TEXT NOT NULL,"
                  " seat INTEGER NOT NULL,"
                  " name TEXT NOT NULL,"
                  " pupil TEXT,"
                  " computer TEXT,"
                  " seen REAL,"
                  " PRIMARY KEY (code, seat))",
    "room_moves": "CREATE TABLE IF NOT EXISTS room_moves ("
                  " code TEXT NOT NULL,"
                  " seq INTEGER NOT NULL,"
                  " seat INTEGER,"
                  " action TEXT NOT NULL,"
                  " at REAL NOT NULL,"
                  " by TEXT,"
                  " PRIMARY KEY (code, seq))",
    "room_drafts": "CREATE TABLE IF NOT EXISTS room_drafts ("
                   " code TEXT NOT NULL,"
                   " seat INTEGER NOT NULL,"
                   " program TEXT NOT NULL,"
                   " at REAL NOT NULL,"
                   " PRIMARY KEY (code, seat))",
}
#: Tables whose rows carry a ``digest``, with their key columns.
SEALED: dict[str, tuple[str, ...]] = {
    "pupils": ("pupil",), "puzzles": ("pupil", "puzzle"), "classes": ("code",),
    "class_pupils": ("pupil",), "game_scores": ("pupil", "game", "day"),
    "wrong_answers": ("pupil", "puzzle", "rows"), "class_sets": ("class_code", "day"),
}
#: The tables schema 4 added (the teacher's dashboard).
NEW_IN_4 = ("wrong_answers", "presence", "class_sets")
#: The tables schema 5 added (live game rooms).
NEW_IN_5 = ("rooms", "room_seats", "room_moves", "room_drafts")
#: The tables each schema version has (an older file is upgraded when opened).
TABLES_OF: dict[int, tuple[str, ...]] = {
    1: ("schema_version", "pupils", "puzzles"),
    2: tuple(t for t in TABLES if t not in ("game_scores", *NEW_IN_4, *NEW_IN_5)),
    3: tuple(t for t in TABLES if t not in (*NEW_IN_4, *NEW_IN_5)),
    4: tuple(t for t in TABLES if t not in NEW_IN_5),
    SCHEMA_VERSION: tuple(TABLES),
}


def sqlite_uri(path: Path | str, mode: str) -> str:
    """SQLite's URI of a file opened in ``mode`` (``ro``, ``rw``, ``rwc``).

    urllib.request (for ``pathname2url``, right on every system) is imported here, not with
    the module: it brings http.client and email, some 30 ms of a lesson's first exercise.

    >>> sqlite_uri("/tmp/a b.sqlite3", "ro")
    'file:/tmp/a%20b.sqlite3?mode=ro'
    """
    from urllib.request import pathname2url

    return f"file:{pathname2url(str(path))}?mode={mode}"


class StoreProblem(Exception):
    """The file cannot be used now; the message is for the teacher (names file and fix).
    ``kind`` says what is wrong as data (see :func:`problem_kind`)."""

    def __init__(self, message: str, *, transient: bool = False,
                 kind: str = "unusable") -> None:
        super().__init__(message)
        self.transient = transient
        self.kind = kind


#: What can be wrong with a store, as :attr:`StoreProblem.kind` and
#: ``ProgressStore.problem_kind`` say it.
PROBLEM_KINDS = ("full", "read-only", "cannot-write", "locked", "damaged", "not-sqlite",
                 "unreachable", "unusable")


def problem_kind(exc: BaseException) -> str:
    """The kind of a SQLite error (one of :data:`PROBLEM_KINDS`), from SQLite's own codes
    where Python gives them, else its message.

    >>> problem_kind(sqlite3.OperationalError("database or disk is full"))
    'full'
    >>> problem_kind(sqlite3.OperationalError("attempt to write a readonly database"))
    'read-only'
    """
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc)
    if code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return "full"
    if code == sqlite3.SQLITE_READONLY or "readonly" in text:
        return "read-only"
    if "unable to open" in text or "disk I/O" in text:
        return "cannot-write"
    if _busy(exc):
        return "locked"
    if "not a database" in text:
        return "not-sqlite"
    if "malformed" in text or "corrupt" in text:
        return "damaged"
    return "unusable"


def _read_only_folder(path: Path) -> bool:
    """Whether the file system holding ``path`` is mounted read-only."""
    try:
        return bool(os.statvfs(path.parent).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def unwritable(path: Path, exc: object, kind: str) -> str:
    """The teacher's words for a file that cannot be written now (``kind`` full, read-only
    or cannot-write): what is wrong and the fix (a full disk needs space, not a new file)."""
    if kind == "full":
        return _("progress file {path} cannot be written: the disk is full ({reason}); free "
                 "some space on it; the work is kept meanwhile and saved once there is "
                 "room").format(path=path, reason=exc)
    if kind == "read-only":
        return _("progress file {path} is read-only ({reason}): make it and its folder "
                 "writable; the work is kept meanwhile and saved once it can be "
                 "written").format(path=path, reason=exc)
    return _("progress file {path} cannot be written ({reason}); check the folder's "
             "permissions and free space, or set {variable} to another file").format(
                 path=path, reason=exc, variable=_env_var())


class Damaged(Exception):
    """Internal: the file is ours but damaged (the message says how)."""


def seal(table: str, values: Sequence[object]) -> str:
    """The digest that seals one row's values (it shows damage, it is not a secret).

    >>> seal("pupils", ("device:x", "2024-03-04", 1, 1, None)) == seal("pupils",
    ...     ("device:x", "2024-03-04", 1, 1, None))
    True
    """
    # str, int, float and None have one exact ascii() form. Never change this format without
    # a schema upgrade that seals every row again: old seals would all read as damage.
    text = ascii((table, *values))
    return hashlib.blake2b(text.encode("ascii"), digest_size=10).hexdigest()


def key_digest(browser_key: str) -> str:
    """The hash a browser's key is kept under (the file never holds the key itself; see
    :func:`classroom.identity.device_key`): the one place keys are hashed.

    >>> len(key_digest("x" * 22)), key_digest("x" * 22) == key_digest("x" * 22)
    (32, True)
    """
    return hashlib.sha256(browser_key.encode("utf-8")).hexdigest()[:32]


def columns(conn: sqlite3.Connection, table: str) -> list[str]:
    """The column names of ``table`` in order (on either engine's connection, see
    :mod:`classroom.engines`; PostgreSQL's hidden ``rowid`` is not one)."""
    of_engine = getattr(conn, "table_columns", None)
    if of_engine is not None:
        return list(of_engine(table))
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def utc_stamp() -> str:
    """Now, in UTC, for file names (``20261201T081233Z``)."""
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def unused_name(base: Path) -> Path:
    """``base``, or ``base-2``, ``base-3``... whichever does not exist yet."""
    candidate, n = base, 1
    while candidate.exists():
        n += 1
        candidate = base.with_name(f"{base.name}-{n}")
    return candidate


def _now_text() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def add_note(conn: sqlite3.Connection, text: str) -> None:
    """Leave ``text`` for the teacher in the file (``kit-class notes`` lists them)."""
    conn.execute("INSERT INTO notes (at, text) VALUES (?, ?)", (_now_text(), text))


def keep_row(conn: sqlite3.Connection, table: str, row: Sequence[object], reason: str) -> None:
    """Keep a copy of a damaged row (as found) before it is repaired."""
    conn.execute("INSERT INTO set_aside (at, table_name, row_json, reason) VALUES (?, ?, ?, ?)",
                 (_now_text(), table, json.dumps(list(row), default=repr), reason))


# -- making a file -------------------------------------------------------------------------

def build_schema(conn: sqlite3.Connection) -> None:
    """Create every table of the current schema and mark the file as ours."""
    for statement in TABLES.values():
        conn.execute(statement)
    if conn.execute("SELECT count(*) FROM schema_version").fetchone()[0] == 0:
        conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def memory_store() -> sqlite3.Connection:
    """A store in memory (same tables), for a session that cannot use its file."""
    conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    conn.text_factory = _lenient_text
    build_schema(conn)
    return conn


@contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold ``.<name>.lock`` beside ``path``: one process at a time makes or moves the file."""
    lock = path.with_name(f".{path.name}.lock")
    with open(lock, "a+b") as handle:
        if fcntl is not None:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            if fcntl is not None:
                fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def _side_files(path: Path) -> tuple[Path, Path]:
    return Path(f"{path}-wal"), Path(f"{path}-shm")


def _remove(path: Path) -> None:
    for name in (path, *_side_files(path)):
        with suppress(FileNotFoundError):
            name.unlink()


def _fresh_file(path: Path, source: Path | None = None) -> None:
    """Put a complete store at ``path`` in one step (a copy of ``source``, or a new one).

    The caller holds :func:`file_lock`; an existing file is left alone.
    """
    if path.exists():
        return
    tmp = path.with_name(f".{path.name}.new-{secrets.token_hex(4)}")
    try:
        conn = sqlite3.connect(tmp, isolation_level=None)
        try:
            conn.execute("PRAGMA page_size = 4096")
            if source is not None:
                src = sqlite3.connect(sqlite_uri(source, "ro"), uri=True)
                try:
                    src.backup(conn)
                finally:
                    src.close()
            conn.execute("PRAGMA journal_mode = WAL")
            if source is None:
                build_schema(conn)
        finally:
            conn.close()
        os.replace(tmp, path)
    finally:
        _remove(tmp)


# -- opening and checking --------------------------------------------------------------------

def _lenient_text(data: bytes) -> str:
    """Text from the file; bytes that are not UTF-8 become U+FFFD (and fail their digest)."""
    return data.decode("utf-8", "replace")


def connect(path: Path, timeout: float) -> sqlite3.Connection:
    """A connection to an existing file (never creates one), busy timeout set first."""
    conn = sqlite3.connect(sqlite_uri(path, "rw"), uri=True,
                           timeout=timeout, check_same_thread=False, isolation_level=None)
    conn.text_factory = _lenient_text
    conn.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
    return conn


@functools.cache
def _expected_columns() -> dict[str, list[tuple[object, ...]]]:
    conn = memory_store()
    try:
        return {t: [(r[1], r[2], r[5]) for r in conn.execute(f"PRAGMA table_info({t})")]
                for t in TABLES}
    finally:
        conn.close()


def classify_header(head: bytes) -> str:
    """``"ours"``, ``"damaged"`` or ``"foreign"`` from a file's first 100 bytes.

    A 1–32-byte scribble cannot hide both SQLite's magic (bytes 0–15) and our application
    id (bytes 68–71), so a store with either left is still recognised as ours.

    >>> classify_header(b""), classify_header(b"hello" * 30)
    ('damaged', 'foreign')
    """
    app_id = APPLICATION_ID.to_bytes(4, "big")
    if not head or (len(head) < 100 and MAGIC.startswith(head[:16])):
        return "damaged"
    if head[:16] == MAGIC:
        return "ours" if head[68:72] == app_id else "sqlite"
    return "damaged" if head[68:72] == app_id else "foreign"


#: One read-only descriptor per store file (device, inode) this process has read the header
#: of, kept open: see :func:`read_header`. A kernel has one or two files; a process that has
#: opened more (a test run) closes the least recently read beyond :data:`HEADER_FDS_KEPT`.
_HEADER_FDS: collections.OrderedDict[tuple[int, int], int] = collections.OrderedDict()
HEADER_FDS_KEPT = 32
_HEADER_LOCK = threading.Lock()


def read_header(path: Path, size: int = 100) -> bytes:
    """The first ``size`` bytes of the file at ``path``, read without closing a descriptor.

    Closing any descriptor of a file drops every POSIX lock the process holds on it, the
    locks SQLite's connections of this process hold too (SQLite only guards the descriptors
    it opens itself). A kernel without its lock on the store lets another kernel that closes
    its connection believe it is the last one: that one checkpoints and deletes the WAL
    under the live connections, and what they write next is lost or tears the file. So the
    header is read through one descriptor per file, opened once and never closed.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "x"
    >>> _ = path.write_bytes(b"SQLite format 3" + bytes(85))
    >>> read_header(path)[:15], read_header(path, 4)
    (b'SQLite format 3', b'SQLi')
    """
    if not hasattr(os, "pread"):  # Windows: no POSIX locks to lose
        with open(path, "rb") as handle:
            return handle.read(size)
    found = os.stat(path)
    key = (found.st_dev, found.st_ino)
    with _HEADER_LOCK:
        fd = _HEADER_FDS.get(key)
        if fd is None:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
            mine = os.fstat(fd)
            key = (mine.st_dev, mine.st_ino)  # (replaced meanwhile: the new one's)
            if key in _HEADER_FDS:  # (kept already: this one is not closed either, as above)
                fd = _HEADER_FDS[key]
            _HEADER_FDS[key] = fd
            while len(_HEADER_FDS) > HEADER_FDS_KEPT:
                with suppress(OSError):
                    os.close(_HEADER_FDS.popitem(last=False)[1])
        _HEADER_FDS.move_to_end(key)
        return os.pread(fd, size, 0)


def examine(conn: sqlite3.Connection, path: Path) -> int:
    """Check an open store; its schema version (below :data:`SCHEMA_VERSION`: needs the
    upgrade), or raise.

    Raises :class:`Damaged` for a damaged store, :class:`StoreProblem` for a file that is
    someone else's or from a newer kit (those are left alone).
    """
    fix = _("set {variable} to another file, or move {path} aside (rename it) and a fresh file "
            "is made").format(variable=_env_var(), path=path)
    head = read_header(path)
    kind = classify_header(head)
    if kind == "foreign":
        raise StoreProblem(_("progress file {path} is not a SQLite database; {fix}").format(
            path=path, fix=fix))
    if kind == "damaged":
        raise Damaged("its header is damaged" if head else "it is empty (0 bytes)")
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    app_id = conn.execute("PRAGMA application_id").fetchone()[0]
    if app_id != APPLICATION_ID:
        if {"schema_version", "pupils"} <= tables:
            raise Damaged(f"its application id is {app_id}, not the kit's")
        raise StoreProblem(_("{path} is a SQLite database but not an lnb progress file; "
                             "{fix}").format(path=path, fix=fix))
    if "schema_version" not in tables:
        raise Damaged("its schema_version table is missing")
    rows = sorted(r[0] for r in conn.execute("SELECT version FROM schema_version"))
    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
    if rows and max(rows) > SCHEMA_VERSION and user_version == max(rows):
        raise StoreProblem(
            _("progress file {path} was written by a newer version of the kit (schema "
              "{found}, this kit reads {known}); update the kit, or {fix}").format(
                  path=path, found=max(rows), known=SCHEMA_VERSION, fix=fix))
    version = 1 if rows == [1] and user_version == 0 else user_version
    if version not in TABLES_OF or not rows or max(rows) != version:
        raise Damaged(f"its schema marks disagree (user_version {user_version}, "
                      f"schema_version {rows})")
    if conn.execute("PRAGMA encoding").fetchone()[0] != "UTF-8":
        raise Damaged("its text encoding is not UTF-8")
    verdict = [r[0] for r in conn.execute("PRAGMA integrity_check(10)")]
    if verdict != ["ok"]:
        raise Damaged("; ".join(verdict)[:300])
    for table in TABLES_OF[version]:
        found = [(r[1], r[2], r[5]) for r in conn.execute(f"PRAGMA table_info({table})")]
        expected = _expected_columns()[table] if version > 1 else [
            c for c in _expected_columns()[table] if c[0] != "digest"]
        if found != expected:
            raise Damaged(f"table {table} does not have the kit's columns")
    if version == SCHEMA_VERSION:
        bad = sum(len(rows) for rows in damaged_rows(conn).values())
        if bad > corrupt_rows_limit(count_rows(conn)):
            raise Damaged(f"{bad} rows do not match their checks")
    return version


def _env_var() -> str:
    return "LNB_PROGRESS_DB"


def backups_folder(path: Path) -> Path:
    """Where the daily backups of ``path`` are kept: ``<name>-backups/`` beside it."""
    return path.with_name(f"{path.name}-backups")


def list_backups(path: Path) -> list[Path]:
    """The backups of ``path``, oldest first."""
    folder = backups_folder(path)
    if not folder.is_dir():
        return []
    return sorted(folder.glob(f"{path.stem}-*.sqlite3"), key=lambda p: (p.stat().st_mtime, p))


def set_aside(path: Path, reason: str, examined: os.stat_result | None) -> str:
    """Rename a damaged file aside, put the newest good backup (or a new file) in its place,
    and return the note for the teacher. Nothing happens if another kernel did it first."""
    with file_lock(path):
        try:
            now = path.stat()
        except FileNotFoundError:
            _fresh_file(path)
            return ""
        if examined is not None and (now.st_ino, now.st_size, now.st_mtime_ns) != (
                examined.st_ino, examined.st_size, examined.st_mtime_ns):
            return ""  # another kernel already dealt with it
        aside = unused_name(path.with_name(f"{path.name}.damaged-{utc_stamp()}"))
        wal, shm = _side_files(path)
        os.replace(path, aside)
        if wal.exists():
            os.replace(wal, Path(f"{aside}-wal"))
        with suppress(FileNotFoundError):
            shm.unlink()
        restored = None
        for candidate in reversed(list_backups(path)):
            if _is_good(candidate):
                restored = candidate
                break
        _fresh_file(path, restored)
    if restored:
        return _("progress file {path} was damaged ({reason}); the damaged file was kept at "
                 "{aside}; the backup {backup} was restored in its place (work saved after "
                 "that backup is only in the damaged copy). List backups with `kit-class "
                 "backup --list`, restore one with `kit-class restore FILE`.").format(
                     path=path, reason=reason, aside=aside, backup=restored)
    return _("progress file {path} was damaged ({reason}); the damaged file was kept at "
             "{aside}; no backup was found, so a new empty file was started. List backups "
             "with `kit-class backup --list`, restore one with `kit-class restore "
             "FILE`.").format(path=path, reason=reason, aside=aside)


def _is_good(candidate: Path) -> bool:
    try:
        conn = sqlite3.connect(sqlite_uri(candidate, "ro"), uri=True)
    except sqlite3.Error:
        return False
    try:
        examine(conn, candidate)
        return True
    except (Damaged, StoreProblem, sqlite3.Error, OSError):
        return False
    finally:
        conn.close()


def upgrade(conn: sqlite3.Connection) -> None:
    """Bring an older file to the current schema, in one transaction.

    From schema 1 (progress by nickname or browser key): rows keyed ``browser:<key>`` are
    re-keyed ``device:<hash of key>`` (the file no longer holds a browser's key); ``nick:``
    rows are kept but nothing opens them any more. From schema 2: the ``game_scores`` table
    (the daily challenges' scores) is added. From schema 3: the teacher's dashboard's
    ``wrong_answers``, ``presence`` and ``class_sets`` tables are added; nothing else changes.
    From schema 4: the live game rooms' ``rooms``, ``room_seats``, ``room_moves`` and
    ``room_drafts`` tables are added; nothing else changes.
    """
    conn.execute("BEGIN IMMEDIATE")
    try:
        found = conn.execute("PRAGMA user_version").fetchone()[0]
        if found == SCHEMA_VERSION:
            conn.execute("COMMIT")
            return
        for statement in TABLES.values():
            conn.execute(statement)
        if found < 2:
            _upgrade_from_1(conn)
        conn.execute("INSERT INTO schema_version VALUES (?)", (SCHEMA_VERSION,))
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def _upgrade_from_1(conn: sqlite3.Connection) -> None:
    """Schema 1 to 2, inside :func:`upgrade`'s transaction: digests, device keys hashed."""
    for table in ("pupils", "puzzles"):
        if "digest" not in columns(conn, table):
            conn.execute(f"ALTER TABLE {table} ADD COLUMN digest TEXT")
    for (old,) in conn.execute("SELECT pupil FROM pupils WHERE pupil LIKE 'browser:%'"
                               ).fetchall():
        new = "device:" + key_digest(old.partition(":")[2])  # as identity.device_key
        for table in ("puzzles", "pupils"):
            conn.execute(f"UPDATE {table} SET pupil = ? WHERE pupil = ?", (new, old))
    for table in ("pupils", "puzzles"):
        names = [c for c in columns(conn, table) if c != "digest"]
        for row in conn.execute(f"SELECT rowid, {', '.join(names)} FROM {table}").fetchall():
            conn.execute(f"UPDATE {table} SET digest = ? WHERE rowid = ?",
                         (seal(table, row[1:]), row[0]))


def _busy(exc: BaseException) -> bool:
    text = str(exc)
    return "locked" in text or "busy" in text


def open_store(path: Path, timeout: float = 15.0) -> tuple[sqlite3.Connection, list[str]]:
    """Open (or make) the store at ``path``; the connection and notes for the teacher.

    Waits (with retries) while other kernels hold the file, up to ``timeout`` seconds; a
    damaged file is kept aside (:func:`set_aside`) and replaced. Raises
    :class:`StoreProblem` when the file cannot be used (``transient`` if it may pass).
    """
    notes: list[str] = []
    deadline = time.monotonic() + timeout
    moved = 0
    pause = 0.01
    while True:
        conn = None
        examined = None
        try:
            if path.is_dir():
                raise StoreProblem(_("progress file {path} is a folder, not a file; set "
                                     "{variable} to a file").format(path=path,
                                                                    variable=_env_var()))
            if not path.exists():
                path.parent.mkdir(parents=True, exist_ok=True)
                with file_lock(path):
                    _fresh_file(path)
            examined = path.stat()
            conn = connect(path, timeout=max(deadline - time.monotonic(), 1.0))
            version = examine(conn, path)
            if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            if version < SCHEMA_VERSION:
                upgrade(conn)
            return conn, notes
        except Damaged as exc:
            _close(conn)
            moved += 1
            if moved > 2:
                raise StoreProblem(_("progress file {path} is damaged ({reason}) and could not "
                                     "be replaced; move it aside by hand").format(
                                         path=path, reason=exc)) from None
            note = set_aside(path, str(exc), examined)
            if note:
                notes.append(note)
        except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
            # (SQLite's message about a damaged schema may itself be bytes that are not UTF-8)
            _close(conn)
            if _busy(exc) and time.monotonic() < deadline:
                time.sleep(pause * (1 + random.random()))
                pause = min(pause * 2, 0.5)
                continue
            if _busy(exc):
                raise StoreProblem(
                    _("progress file {path} stayed locked by another program ({reason}); "
                      "close the other program, or restart the server").format(
                          path=path, reason=exc), transient=True, kind="locked") from None
            kind = problem_kind(exc)
            if kind == "cannot-write" and _read_only_folder(path):
                kind = "read-only"
            if kind in ("full", "read-only", "cannot-write"):
                raise StoreProblem(unwritable(path, exc, kind), transient=True,
                                   kind=kind) from None
            moved += 1  # "malformed", "not a database"...: the file is damaged
            if moved > 2:
                raise StoreProblem(_("progress file {path} cannot be used ({reason}); move it "
                                     "aside by hand").format(path=path, reason=exc),
                                   kind="damaged") from None
            note = set_aside(path, str(exc), examined)
            if note:
                notes.append(note)
        except StoreProblem:
            _close(conn)
            raise
        except OSError as exc:
            _close(conn)
            if exc.errno in (errno.ENOSPC, errno.EROFS):
                kind = "full" if exc.errno == errno.ENOSPC else "read-only"
                raise StoreProblem(unwritable(path, exc.strerror or exc, kind), transient=True,
                                   kind=kind) from None
            raise StoreProblem(
                _("progress file {path} cannot be used ({reason}); set {variable} to a file "
                  "in a folder you can write").format(path=path, reason=exc.strerror or exc,
                                                      variable=_env_var()),
                transient=True, kind="cannot-write") from None


def _close(conn: sqlite3.Connection | None) -> None:
    if conn is not None:
        with suppress(sqlite3.Error):
            conn.close()


# -- backups ---------------------------------------------------------------------------------

def backup(conn: sqlite3.Connection, target: Path) -> Path:
    """Copy the live store (WAL included) to ``target`` in one step; returns ``target``."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{target.name}.new-{secrets.token_hex(4)}")
    try:
        out = sqlite3.connect(tmp)
        try:
            conn.backup(out)
            out.execute("PRAGMA journal_mode = DELETE")
        finally:
            out.close()
        os.replace(tmp, target)
    finally:
        _remove(tmp)
    return target


def daily_backup(conn: sqlite3.Connection, path: Path,
                 today: datetime.date | None = None) -> Path | None:
    """Today's backup of ``path`` (made if missing, at the day's first open, so it holds
    the work of the days before); daily backups beyond 14 are removed."""
    today = today or datetime.date.today()
    target = backups_folder(path) / f"{path.stem}-{today.isoformat()}.sqlite3"
    if target.exists():
        return None
    with file_lock(path):
        if target.exists():
            return None
        backup(conn, target)
        daily = [p for p in list_backups(path) if re.search(r"-\d{4}-\d{2}-\d{2}\.sqlite3$",
                                                               p.name)]
        for old in daily[:-BACKUPS_KEPT]:
            with suppress(OSError):
                old.unlink()
    return target


def restore(conn: sqlite3.Connection, path: Path, source: Path) -> Path:
    """Write the backup ``source`` into the live store ``path``; returns where the store
    as it was is kept (``<name>.replaced-<time>``). Kernels using the file see the backup."""
    if not _is_good(source):
        raise StoreProblem(_("{source} is not a good progress file backup; choose another "
                             "(`kit-class backup --list`)").format(source=source))
    kept = backup(conn, unused_name(path.with_name(f"{path.name}.replaced-{utc_stamp()}")))
    src = sqlite3.connect(sqlite_uri(source, "ro"), uri=True)
    try:
        src.backup(conn)
    finally:
        src.close()
    if conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
        upgrade(conn)
    return kept


def corrupt_rows_limit(total: int) -> int:
    """How many damaged rows are repaired one by one before the file counts as damaged.

    >>> corrupt_rows_limit(10), corrupt_rows_limit(500)
    (3, 50)
    """
    return max(ROW_DAMAGE_LIMIT, total // 10)


_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def valid_day(text: object) -> bool:
    """Whether ``text`` is an ISO day (``2024-03-04``).

    >>> valid_day("2024-03-04"), valid_day("2024-13-04"), valid_day(None)
    (True, False, False)
    """
    if not isinstance(text, str) or not _DATE_RE.match(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def damaged_rows(conn: sqlite3.Connection) -> dict[str, list[int]]:
    """The rowids of the rows whose digest does not match their values, by table."""
    out: dict[str, list[int]] = {}
    for table in SEALED:
        names = [c for c in columns(conn, table) if c != "digest"]
        query = f"SELECT rowid, {', '.join(names)}, digest FROM {table}"
        out[table] = [r[0] for r in conn.execute(query) if seal(table, r[1:-1]) != r[-1]]
    return out


def count_rows(conn: sqlite3.Connection) -> int:
    """How many sealed rows the file holds."""
    return sum(conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in SEALED)


def reseal(conn: sqlite3.Connection, table: str, rowids: Sequence[int]) -> None:
    """Keep a copy of each damaged row, seal it as found, and leave the teacher a note."""
    names = [c for c in columns(conn, table) if c != "digest"]
    for rowid in rowids:
        row = conn.execute(f"SELECT {', '.join(names)}, digest FROM {table} WHERE rowid = ?",
                           (rowid,)).fetchone()
        if row is None:
            continue
        keep_row(conn, table, row, "its check did not match its values")
        conn.execute(f"UPDATE {table} SET digest = ? WHERE rowid = ?",
                     (seal(table, row[:-1]), rowid))
        add_note(conn, f"{table} row {row[0]!r} did not match its check and may be damaged "
                       "(kept as found in the table set_aside); if it is a class or a pupil's "
                       "card, give the pupil a new card: kit-class reset-secret")


def drop_row(conn: sqlite3.Connection, table: str, rowid: int, reason: str) -> None:
    """Keep a copy of a row beyond repair, remove it, and leave the teacher a note."""
    row = conn.execute(f"SELECT * FROM {table} WHERE rowid = ?", (rowid,)).fetchone()
    if row is None:
        return
    keep_row(conn, table, row, reason)
    conn.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))
    add_note(conn, f"a row of {table} was damaged beyond repair ({reason}); it was removed "
                   "and kept as found in the table set_aside")
