"""Joining a class while the store's file cannot be written (safety trial D7: nobody could
join, and the work done meanwhile landed on the browser's key, never reaching the class).
The card is checked against the file as it can be read; the session and the pupil's work are
kept and written, as the class pupil's, once the file can be written. On a real read-only
file system (a small tmpfs the test mounts and remounts read-only)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_store_away import remount, small_disk, wait_for  # noqa: F401 (a fixture)

from classroom.identity import Classroom, IdentityError, NewClass, Pupil
from classroom.progress import ProgressStore

DEVICE = Pupil("device:0123456789abcdef", "this browser")


@pytest.fixture
def read_only(small_disk: Path) -> Iterator[tuple[Path, NewClass]]:  # noqa: F811
    """A class made in a store on ``small_disk``, then the file system made read-only (and
    writable again at the end)."""
    path = small_disk / "progress.sqlite3"
    with ProgressStore(path, backups=False) as making:
        made = Classroom(making, failure_delay=0).new_class("7B", ["Ali", "Bea"])
    remount(small_disk, "ro")
    try:
        yield path, made
    finally:
        remount(small_disk, "rw")


def test_a_pupil_joins_while_the_file_is_read_only_and_the_work_reaches_the_class(
        read_only: tuple[Path, NewClass], small_disk: Path) -> None:  # noqa: F811
    path, made = read_only
    store = ProgressStore(path, backups=False)  # a page opened now
    store.load(DEVICE)
    assert store.problem_kind == "read-only"
    room = Classroom(store, failure_delay=0)
    with pytest.raises(IdentityError) as wrong:  # a wrong card is still wrong
        room.join(made.code, "Bea", "not her card")
    assert wrong.value.reason == "wrong-secret"
    session = room.join(made.code, "Bea", made.cards[1].secret)
    assert session.pupil.key.startswith(f"class:{made.code}:") and session.pupil_name == "Bea"
    store.record_attempt(session.pupil, "P1", solved=True, rows=3)  # kept
    assert store.problem_kind == "read-only" and store.pending >= 2  # the session, the work
    remount(small_disk, "rw")
    wait_for(lambda: store.saving and store.pending == 0, "written once writable")
    with ProgressStore(path, backups=False) as other:
        again = Classroom(other, failure_delay=0).resume(session.token)
        assert again is not None and again.pupil.key == session.pupil.key
        assert [p.puzzle for p in other.load(session.pupil).puzzles] == ["P1"]
    store.close()


def test_wrong_cards_are_still_limited_while_the_file_is_read_only(
        read_only: tuple[Path, NewClass]) -> None:
    path, made = read_only
    store = ProgressStore(path, backups=False)
    store.load(DEVICE)
    room = Classroom(store, failure_delay=0)
    reasons = []
    for _ in range(room.max_failures + 1):
        with pytest.raises(IdentityError) as caught:
            room.join(made.code, "Bea", "wrong words")
        reasons.append(caught.value.reason)
    assert reasons == ["wrong-secret"] * room.max_failures + ["too-many-tries"]
    assert room.join(made.code, "Ali", made.cards[0].secret).pupil_name == "Ali"  # another
    store.close()
