"""The progress file under stress: a whole class opening a brand-new file at once, a file
locked for a while, truncated or scribbled on, one damaged row, backups and restore."""

from __future__ import annotations

import collections
import datetime
import multiprocessing
import random
import sqlite3
import time
from pathlib import Path

import pytest

from classroom.identity import Pupil
from classroom.progress import ProgressStore
from classroom.storefile import list_backups

DAY = datetime.date(2024, 3, 4)


def pupil(n: int) -> Pupil:
    return Pupil(f"device:{n:032x}", f"pupil {n}")


# -- item 2: many kernels opening a fresh file at once --------------------------------------

def _open_fresh(path: str, number: int, barrier, results) -> None:  # type: ignore[no-untyped-def]
    barrier.wait(timeout=60)
    store = ProgressStore(path)
    store.record_attempt(pupil(number), "P1", solved=True, rows=2, day=DAY)
    results.put((number, store.saving, store.problem))
    store.close()


@pytest.mark.parametrize("round_", range(3))
def test_a_class_opening_a_brand_new_file_at_once_is_all_saved(tmp_path: Path,
                                                                round_: int) -> None:
    kernels = 40
    path = tmp_path / "progress.sqlite3"
    # Each "kernel" starts from a fresh single-threaded process (as kernels do), never a fork
    # of this test process: a fork copies whatever lock another thread holds at that moment
    # (a store's retry thread logging, left by an earlier test), and the child waits forever.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
    if "forkserver" in methods:
        ctx.set_forkserver_preload(["classroom.progress"])
    barrier, results = ctx.Barrier(kernels), ctx.Queue()
    procs = [ctx.Process(target=_open_fresh, args=(str(path), n, barrier, results))
             for n in range(kernels)]
    started = time.monotonic()
    for proc in procs:
        proc.start()
    got = [results.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    assert time.monotonic() - started < 120
    failed = [(n, problem) for n, saving, problem in got if not saving]
    assert failed == []
    with ProgressStore(path) as store:
        assert store.pupil_count() == kernels
        assert all(store.load(pupil(n)).solved_count == 1 for n in range(kernels))
        assert store.notices == []


def test_a_kernel_that_fell_back_to_memory_saves_its_work_later(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    ProgressStore(path).load(pupil(1))  # the file exists
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program keeps the file locked
    store = ProgressStore(path, timeout=0.2, retry_after=0)
    first = store.record_attempt(pupil(1), "P1", solved=True, rows=3, day=DAY)
    assert not store.saving and "locked" in (store.problem or "")
    assert first.solved_count == 1
    holder.execute("ROLLBACK")
    holder.close()
    later = store.record_hint(pupil(1), "P2", 2, day=DAY)
    assert store.saving and store.problem is None
    assert [p.puzzle for p in later.puzzles] == ["P1", "P2"]
    with ProgressStore(path) as again:  # both were written to the file
        saved = again.load(pupil(1))
        assert saved.get("P1").best_rows == 3 and saved.get("P2").hints == 2  # type: ignore[union-attr]


# -- item 3: damage of any kind ------------------------------------------------------------

def test_a_file_truncated_to_nothing_is_kept_aside_restored_and_reported(
        tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path) as store:  # today's backup is made here (empty)
        store.record_attempt(pupil(1), "P1", solved=True, rows=2, day=DAY)
    yesterday = list_backups(path)[0]
    with ProgressStore(yesterday) as old:  # pretend the backup holds yesterday's work
        old.record_attempt(pupil(1), "P0", solved=True, rows=4, day=DAY)
    path.write_bytes(b"")
    store = ProgressStore(path)
    progress = store.load(pupil(1))
    assert len(store.notices) == 1
    note = store.notices[0]
    aside = sorted(tmp_path.glob("progress.sqlite3.damaged-*"))
    assert len(aside) == 1 and aside[0].stat().st_size == 0
    assert "empty (0 bytes)" in note and str(aside[0]) in note and str(yesterday) in note
    assert [p.puzzle for p in progress.puzzles] == ["P0"]  # the backup's work is back
    assert store.saving
    assert [text for _, text in store.teacher_notes()][-1] == note  # kit-class notes shows it
    with ProgressStore(path) as other_kernel:  # the next kernel opens the restored file
        assert other_kernel.load(pupil(1)).solved_count == 1 and other_kernel.notices == []


def test_backup_and_restore_while_another_kernel_has_the_file_open(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    kernel = ProgressStore(path, backups=False)
    kernel.record_attempt(pupil(1), "P1", solved=True, rows=2, day=DAY)
    teacher = ProgressStore(path, backups=False)
    copy = teacher.backup(tmp_path / "monday.sqlite3")
    kernel.record_attempt(pupil(1), "P2", solved=True, rows=2, day=DAY)  # in the WAL only
    later = teacher.backup(tmp_path / "later.sqlite3")
    with ProgressStore(later) as check:
        assert check.load(pupil(1)).solved_count == 2  # the backup includes the WAL
    kept = teacher.restore(copy)
    assert kept.exists() and kept.name.startswith("progress.sqlite3.replaced-")
    assert kernel.load(pupil(1)).solved_count == 1  # the running kernel sees the backup
    assert kernel.record_attempt(pupil(1), "P3", solved=True, rows=1, day=DAY).solved_count == 2
    with ProgressStore(kept) as old:
        assert old.load(pupil(1)).solved_count == 2
    kernel.close()
    teacher.close()


def _real_store(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """A store as a class leaves it: pupils, puzzles, a streak, hints."""
    rng = random.Random(5)
    with ProgressStore(path, backups=False) as store:
        for n in range(12):
            for k in range(rng.randint(1, 6)):
                day = DAY + datetime.timedelta(days=k)
                store.record_hint(pupil(n), f"P1-{n:02d}-{k}", rng.randint(0, 3), day=day,
                                  difficulty=rng.randint(1, 5))
                store.record_attempt(pupil(n), f"P1-{n:02d}-{k}", solved=rng.random() < 0.7,
                                     rows=rng.randint(1, 8), day=day)
        try:
            from classroom.identity import Classroom
        except ImportError:
            pass
        else:
            Classroom(store, failure_delay=0).new_class("7B", ["Ali", "Bea", "Cy"])
        return store.dump()


@pytest.mark.parametrize("chunk", range(6))
def test_random_corruptions_are_never_silent_nor_unhandled(tmp_path: Path, chunk: int) -> None:
    """300 seeded scribbles of 1–32 bytes (50 per chunk) on a real store file: each opens
    with the same data, or is detected, kept and reported."""
    original_path = tmp_path / "original.sqlite3"
    expected = _real_store(original_path)
    original = original_path.read_bytes()
    assert not Path(f"{original_path}-wal").exists()
    rng = random.Random(f"corruption-{chunk}")
    outcomes: collections.Counter[str] = collections.Counter()
    for n in range(50):
        folder = tmp_path / f"case{n}"
        folder.mkdir()
        path = folder / "progress.sqlite3"
        data = bytearray(original)
        size = rng.randint(1, 32)
        at = rng.randrange(len(data) - size)
        data[at:at + size] = rng.randbytes(size)
        path.write_bytes(bytes(data))
        where = f"{size} bytes at {at}"
        store = ProgressStore(path, backups=False, timeout=2)
        found = store.dump()  # nothing may raise
        notes = store.teacher_notes() if store.saving else []
        aside = sorted(folder.glob("progress.sqlite3.damaged-*"))
        if store.notices:
            assert len(aside) == 1 and aside[0].read_bytes() == bytes(data), where
            assert str(aside[0]) in store.notices[0] and "damaged" in store.notices[0], where
            outcomes["file kept aside"] += 1
        elif store.problem:
            assert path.read_bytes() == bytes(data), where  # left alone, and said why
            outcomes["file refused"] += 1
        elif notes:
            kept = sqlite3.connect(path).execute("SELECT count(*) FROM set_aside").fetchone()
            assert kept[0] >= 1, where
            outcomes["rows repaired"] += 1
        else:
            assert found == expected, f"different data with no warning: {where}"
            outcomes["same data"] += 1
        store.close()
    assert sum(outcomes.values()) == 50
    print(dict(outcomes))


# -- item 4: one damaged row -------------------------------------------------------------------

def test_a_bad_date_in_one_streak_is_repaired_and_the_answer_saved(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    with ProgressStore(path, backups=False) as store:
        store.record_attempt(pupil(1), "P1", solved=True, rows=2, day=DAY)
        store.record_attempt(pupil(1), "P2", solved=True, rows=2, day=DAY + datetime.timedelta(1))
        store.record_attempt(pupil(2), "P1", solved=True, rows=2, day=DAY)
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE pupils SET last_day = '2024-02-31' WHERE pupil = ?",
                    (pupil(1).key,))
    store = ProgressStore(path, backups=False)
    after = store.record_attempt(pupil(1), "P3", solved=True, rows=1,
                                 day=DAY + datetime.timedelta(2))
    assert after.solved_count == 3 and after.streak == 3 and after.last_day == DAY + \
        datetime.timedelta(2)
    assert store.saving and store.notices == []
    notes = [text for _, text in store.teacher_notes()]
    assert len(notes) == 1 and pupil(1).key in notes[0] and "streak" in notes[0]
    with sqlite3.connect(path) as raw:
        kept = raw.execute("SELECT table_name, row_json FROM set_aside").fetchall()
    assert len(kept) == 1 and kept[0][0] == "pupils" and "2024-02-31" in kept[0][1]
    assert store.load(pupil(2)).streak == 1  # the others are untouched
    store.close()


def test_a_bad_value_in_a_puzzle_row_read_mid_session_is_repaired(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    store = ProgressStore(path, backups=False)
    store.record_attempt(pupil(1), "P1", solved=False, day=DAY)
    with sqlite3.connect(path) as raw:  # damaged while the kernel runs
        raw.execute("UPDATE puzzles SET attempts = 'many', solved_day = 'soon'")
    progress = store.record_attempt(pupil(1), "P1", solved=True, rows=2, day=DAY)
    record = progress.get("P1")
    assert record is not None and record.solved and record.attempts == 1
    assert any("attempts" in text for _, text in store.teacher_notes())
    store.close()
