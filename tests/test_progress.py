"""The progress store: pupils kept apart, progress kept across restarts, many writers at once,
and a broken file explained (never a lost session)."""

from __future__ import annotations

import datetime
import itertools
import multiprocessing
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.identity import Pupil, device_key, normalize_nickname
from classroom.progress import Progress, ProgressStore, next_streak
from classroom.store import ENV_VAR, ProgressError, default_path
from classroom.storefile import SCHEMA_VERSION
from lnb.babbage.errors import LnbError

DAY = datetime.date(2024, 3, 4)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "progress.sqlite3"


@pytest.fixture
def store(store_url: str):  # type: ignore[no-untyped-def]
    """A fresh store on each engine (SQLite file, PostgreSQL schema)."""
    with ProgressStore(store_url) as s:
        yield s


@pytest.fixture
def file_store(db: Path):  # type: ignore[no-untyped-def]
    """A store in a SQLite file (for what only a file has: WAL, damage, backups)."""
    with ProgressStore(db) as s:
        yield s


# -- who is who -------------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "stored"), [
    ("Sam", "sam"), ("  Ada   Lovelace ", "ada lovelace"), ("ZOË", "zoë"),
    ("o'neil-2", "o'neil-2"), ("Ｓａｍ", "sam"),
])
def test_nicknames_are_normalised(typed: str, stored: str) -> None:
    assert normalize_nickname(typed) == stored
    assert Pupil.from_nickname(typed) == Pupil(f"nick:{stored}", stored)


@pytest.mark.parametrize(("typed", "says"), [
    ("", "empty"), ("   ", "empty"), ("x" * 21, "at most 20"), ("sam<script>", "'<>'"),
    ("a;b", "';'"),
])
def test_bad_nicknames_say_what_is_wrong(typed: str, says: str) -> None:
    with pytest.raises(ProgressError, match=says) as info:
        Pupil.from_nickname(typed)
    assert isinstance(info.value, LnbError)


def test_browser_keys_are_random_and_checked() -> None:
    keys = {Pupil.new_browser_key() for _ in range(50)}
    assert len(keys) == 50
    for key in keys:
        assert len(key) >= 22  # 128 bits or more
        assert Pupil.from_browser_key(key).key == device_key(key)
        assert key not in Pupil.from_browser_key(key).key  # the file holds only a hash
    weak = ("", "short", "has space in it here", "x" * 87, "nick:sam" + "x" * 10, "a" * 16,
            "a" * 22, "abababababababababababab")
    for bad in weak:
        with pytest.raises(ProgressError, match="not a key this kit made"):
            Pupil.from_browser_key(bad)


def test_a_nickname_never_collides_with_a_browser_key(store: ProgressStore) -> None:
    key = "abcdefghijklmnopqrstuv"
    by_name, by_key = Pupil.from_nickname(key[:20]), Pupil.from_browser_key(key)
    assert by_name.key != by_key.key
    store.record_attempt(by_name, "P1", solved=True, rows=2, day=DAY)
    assert store.load(by_key).puzzles == ()


def test_default_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch,
                                              tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "class.sqlite3"))
    assert default_path() == tmp_path / "class.sqlite3"
    monkeypatch.delenv(ENV_VAR)
    assert default_path() == Path.home() / ".local/share/lnb-kit/progress.sqlite3"


def test_opening_is_lazy(db: Path) -> None:
    ProgressStore(db).close()
    assert not db.exists()


# -- recording --------------------------------------------------------------------------

def test_attempts_hints_and_best_rows_accumulate(store: ProgressStore) -> None:
    sam = Pupil.from_nickname("sam")
    store.record_hint(sam, "P1", 1, difficulty=3, day=DAY)
    store.record_attempt(sam, "P1", solved=False, hints=2, day=DAY)
    store.record_attempt(sam, "P1", solved=True, rows=4, hints=1, day=DAY)
    after = store.record_attempt(sam, "P1", solved=True, rows=3, day=DAY)
    record = after.get("P1")
    assert record is not None
    assert (record.attempts, record.hints, record.best_rows, record.difficulty) == (3, 2, 3, 3)
    assert record.solved and record.solved_day == DAY
    worse = store.record_attempt(sam, "P1", solved=True, rows=5, day=DAY).get("P1")
    assert worse is not None and worse.best_rows == 3


def test_a_wrong_answer_after_a_solve_keeps_it_solved(store: ProgressStore) -> None:
    sam = Pupil.from_nickname("sam")
    store.record_attempt(sam, "P1", solved=True, rows=2, day=DAY)
    later = DAY + datetime.timedelta(days=3)
    record = store.record_attempt(sam, "P1", solved=False, day=later).get("P1")
    assert record is not None and record.solved_day == DAY and record.attempts == 2


def test_two_pupils_never_see_or_overwrite_each_other(store: ProgressStore) -> None:
    sam, ada = Pupil.from_nickname("sam"), Pupil.from_nickname("ada")
    store.record_attempt(sam, "P1", solved=True, rows=2, day=DAY)
    store.record_attempt(ada, "P1", solved=False, day=DAY)
    store.record_attempt(ada, "P2", solved=True, rows=5, day=DAY)
    mine, theirs = store.load(sam), store.load(ada)
    assert [p.puzzle for p in mine.puzzles] == ["P1"]
    assert [p.puzzle for p in theirs.puzzles] == ["P1", "P2"]
    assert mine.get("P1").solved and not theirs.get("P1").solved  # type: ignore[union-attr]
    assert mine.get("P1").attempts == 1 == theirs.get("P1").attempts  # type: ignore[union-attr]
    assert store.pupil_count() == 2


def test_progress_survives_closing_and_another_process(store_url: str) -> None:
    sam = Pupil.from_nickname("Sam")
    with ProgressStore(store_url) as first:
        first.record_attempt(sam, "P1", solved=True, rows=3, difficulty=2, day=DAY)
    code = (
        "import sys; from classroom.identity import Pupil;"
        "from classroom.progress import ProgressStore;"
        "p = ProgressStore(sys.argv[1]).load(Pupil.from_nickname('sam'));"
        "r = p.get('P1'); print(r.attempts, r.best_rows, r.difficulty, p.streak)"
    )
    out = subprocess.run([sys.executable, "-c", code, store_url], capture_output=True,
                         text=True, check=True).stdout.split()
    assert out == ["1", "3", "2", "1"]
    with ProgressStore(store_url) as again:
        assert again.load(sam).solved_count == 1
        assert again.saving


def test_the_file_is_sqlite_in_wal_mode_with_a_schema_version(file_store: ProgressStore,
                                                              db: Path) -> None:
    file_store.record_attempt(Pupil.from_nickname("sam"), "P1", solved=False, day=DAY)
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert raw.execute("SELECT version FROM schema_version").fetchall() == [
            (SCHEMA_VERSION,)]
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_file_of_the_first_schema_is_upgraded_and_browser_keys_hashed(db: Path) -> None:
    old_key = "Kq3vX9_aZ-pL0mW7tY2cBd"  # 22 characters, as the first kit's pages made
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA journal_mode = WAL")
        raw.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
        raw.execute("CREATE TABLE pupils (pupil TEXT PRIMARY KEY, created TEXT NOT NULL, "
                    "streak INTEGER NOT NULL DEFAULT 0, best_streak INTEGER NOT NULL DEFAULT 0,"
                    " last_day TEXT)")
        raw.execute("CREATE TABLE puzzles (pupil TEXT NOT NULL REFERENCES pupils(pupil), "
                    "puzzle TEXT NOT NULL, difficulty INTEGER, attempts INTEGER NOT NULL "
                    "DEFAULT 0, hints INTEGER NOT NULL DEFAULT 0, best_rows INTEGER, "
                    "first_day TEXT NOT NULL, solved_day TEXT, PRIMARY KEY (pupil, puzzle))")
        raw.execute("INSERT INTO schema_version VALUES (1)")
        raw.execute("PRAGMA application_id = 1282302544")
        for key in (f"browser:{old_key}", "nick:bea"):
            raw.execute("INSERT INTO pupils VALUES (?, '2024-03-01', 1, 2, '2024-03-04')", (key,))
            raw.execute("INSERT INTO puzzles VALUES (?, 'P1', 2, 3, 1, 4, '2024-03-04', "
                        "'2024-03-04')", (key,))
    with ProgressStore(db) as store:
        mine = store.load(Pupil.from_browser_key(old_key))
        assert (mine.streak, mine.best_streak, mine.get("P1").attempts) == (1, 2, 3)  # type: ignore[union-attr]
        assert store.notices == [] and store.saving and store.teacher_notes() == []
        keys = [row[0] for row in store.dump()["pupils"]]
    assert old_key not in "".join(keys) and "nick:bea" in keys
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert raw.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (1,), (SCHEMA_VERSION,)]
    with ProgressStore(db) as again:  # opens cleanly as a current file
        assert again.load(Pupil.from_browser_key(old_key)).solved_count == 1
        assert again.notices == [] and again.teacher_notes() == []


# -- the streak -------------------------------------------------------------------------

def test_streak_grows_on_consecutive_days_and_restarts_after_a_gap(
        store: ProgressStore) -> None:
    sam = Pupil.from_nickname("sam")
    days = [DAY + datetime.timedelta(days=n) for n in (0, 0, 1, 2, 5, 6)]
    seen = []
    for n, day in enumerate(days):
        p = store.record_attempt(sam, f"P{n}", solved=True, rows=1, day=day)
        seen.append((p.streak, p.best_streak))
    assert seen == [(1, 1), (1, 1), (2, 2), (3, 3), (1, 3), (2, 3)]
    wrong = store.record_attempt(sam, "X", solved=False, day=days[-1] + datetime.timedelta(1))
    assert wrong.streak == 2  # a wrong answer neither grows nor breaks it
    assert wrong.streak_on(days[-1] + datetime.timedelta(days=3)) == 0


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=20))
def test_streak_is_the_run_of_consecutive_solve_days(offsets: list[int]) -> None:
    days = sorted(DAY + datetime.timedelta(days=n) for n in offsets)
    streak, last = 0, None
    best = 0
    for day in days:
        streak, last = next_streak(streak, last, day)
        best = max(best, streak)
    distinct = sorted(set(days))
    run = 1
    for before, after in reversed(list(itertools.pairwise(distinct))):
        if (after - before).days != 1:
            break
        run += 1
    assert (streak, last) == (run, distinct[-1])
    runs, longest = 1, 1
    for before, after in itertools.pairwise(distinct):
        runs = runs + 1 if (after - before).days == 1 else 1
        longest = max(longest, runs)
    assert best == longest


def test_progress_view_by_difficulty(store: ProgressStore) -> None:
    sam = Pupil.from_nickname("sam")
    store.record_attempt(sam, "E1", solved=True, rows=1, difficulty=1, day=DAY)
    store.record_attempt(sam, "E2", solved=False, difficulty=1, day=DAY)
    p = store.record_attempt(sam, "H1", solved=True, rows=6, difficulty=5, day=DAY)
    assert p.by_difficulty() == {1: (1, 2), 5: (1, 1)}
    assert Progress(sam).by_difficulty() == {}


# -- broken files -----------------------------------------------------------------------

def _assert_kept_in_memory(store: ProgressStore, path: Path) -> None:
    sam = Pupil.from_nickname("sam")
    store.record_attempt(sam, "P1", solved=False, day=DAY)
    p = store.record_attempt(sam, "P1", solved=True, rows=2, day=DAY)
    assert p.get("P1").attempts == 2  # type: ignore[union-attr]
    assert store.load(sam).solved_count == 1
    assert not store.saving
    assert str(path) in (store.problem or "")


def test_a_file_that_is_not_sqlite_is_explained_and_left_alone(db: Path) -> None:
    garbage = b"these are not the pages you are looking for\n" * 200
    db.write_bytes(garbage)
    store = ProgressStore(db)
    _assert_kept_in_memory(store, db)
    assert "is not a SQLite database" in (store.problem or "")
    assert "move" in (store.problem or "") and "aside" in (store.problem or "")
    assert db.read_bytes() == garbage


def test_someone_elses_sqlite_file_is_refused(db: Path) -> None:
    with sqlite3.connect(db) as other:
        other.execute("CREATE TABLE marks (pupil TEXT, mark INTEGER)")
    store = ProgressStore(db)
    _assert_kept_in_memory(store, db)
    assert "not an lnb progress file" in (store.problem or "")
    with sqlite3.connect(db) as other:
        names = {r[0] for r in other.execute("SELECT name FROM sqlite_master")}
    assert names == {"marks"}


def test_a_file_from_a_newer_kit_is_refused(db: Path) -> None:
    with ProgressStore(db) as s:
        s.load(Pupil.from_nickname("sam"))
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE schema_version SET version = 99")
        raw.execute("PRAGMA user_version = 99")
    store = ProgressStore(db)
    _assert_kept_in_memory(store, db)
    assert "newer version of the kit" in (store.problem or "")


def test_a_damaged_page_is_kept_aside_and_reported(db: Path) -> None:
    with ProgressStore(db) as s:
        for n in range(300):
            s.record_attempt(Pupil.from_nickname(f"p{n}"), "P1", solved=True, rows=1, day=DAY)
    data = bytearray(db.read_bytes())
    page = 4096
    data[page * 2: page * 3] = b"\xff" * page  # scribble over a table page
    db.write_bytes(bytes(data))
    for extra in ("-wal", "-shm"):
        Path(str(db) + extra).unlink(missing_ok=True)
    store = ProgressStore(db)
    sam = Pupil.from_nickname("sam")
    assert store.record_attempt(sam, "P1", solved=True, rows=2, day=DAY).solved_count == 1
    assert store.saving and len(store.notices) == 1
    aside = sorted(db.parent.glob("progress.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == bytes(data)
    assert "damaged" in store.notices[0] and str(aside[0]) in store.notices[0]
    assert "was restored in its place" in store.notices[0]  # the backup made at first open


def test_an_unwritable_place_is_explained(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    path = blocker / "progress.sqlite3"
    store = ProgressStore(path)
    _assert_kept_in_memory(store, path)
    assert ENV_VAR in (store.problem or "")


class _BrokenConnection:
    """Stands for a file that went bad after the session started."""

    in_transaction = False

    def execute(self, *args: object) -> None:
        raise sqlite3.DatabaseError("database disk image is malformed")

    def begin(self) -> None:
        self.execute("BEGIN IMMEDIATE")

    commit = rollback = begin

    def close(self) -> None:
        pass


def test_a_file_breaking_mid_session_loses_nothing(file_store: ProgressStore,
                                                   db: Path) -> None:
    store = file_store
    sam, ada = Pupil.from_nickname("sam"), Pupil.from_nickname("ada")
    store.record_attempt(sam, "P1", solved=True, rows=2, day=DAY)
    store.record_hint(ada, "P9", 2, day=DAY)
    store._conn = _BrokenConnection()  # type: ignore[assignment]
    p = store.record_attempt(sam, "P2", solved=True, rows=4, day=DAY + datetime.timedelta(1))
    assert [r.puzzle for r in p.solved] == ["P1", "P2"] and p.streak == 2
    assert store.load(ada).get("P9").hints == 2  # type: ignore[union-attr]
    assert "damaged" in (store.problem or "") and str(db) in (store.problem or "")


# -- many kernels at once ---------------------------------------------------------------

def _hammer(args: tuple[str, int, int]) -> int:
    path, worker, rounds = args
    store = ProgressStore(path)
    shared, own = Pupil.from_nickname("class"), Pupil.from_nickname(f"pupil {worker}")
    for n in range(rounds):
        store.record_attempt(shared, "SHARED", solved=n % 2 == 0, rows=n + 1, hints=n, day=DAY)
        store.record_attempt(own, f"P{n}", solved=True, rows=1, day=DAY)
    assert store.saving, store.problem
    store.close()
    return worker


def test_concurrent_writers_from_many_processes_lose_nothing(store_url: str) -> None:
    workers, rounds = 6, 15
    ProgressStore(store_url).load(Pupil.from_nickname("class"))  # make the store once
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(workers) as pool:
        done = pool.map(_hammer, [(store_url, w, rounds) for w in range(workers)])
    assert sorted(done) == list(range(workers))
    with ProgressStore(store_url) as store:
        shared = store.load(Pupil.from_nickname("class")).get("SHARED")
        assert shared is not None
        assert (shared.attempts, shared.hints, shared.best_rows) == (
            workers * rounds, rounds - 1, 1)
        for w in range(workers):
            mine = store.load(Pupil.from_nickname(f"pupil {w}"))
            assert mine.solved_count == rounds and mine.streak == 1
        assert store.pupil_count() == workers + 1
