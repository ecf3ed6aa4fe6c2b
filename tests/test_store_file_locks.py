"""A kernel that opens the store file a second time keeps its lock on it (issue 29: nothing
lost). Closing any descriptor of a file drops every POSIX lock the process holds on it; if
opening a store did that (reading the file's header), another kernel closing its connection
would think it the last one, checkpoint and delete the WAL under the live connections, and
what they write next would be lost."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from classroom.progress import ProgressStore
from classroom.storefile import read_header

REPO = Path(__file__).resolve().parents[1]
OTHER_KERNEL = """
import sys
from classroom.progress import ProgressStore
with ProgressStore(sys.argv[1], backups=False) as store:
    store.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('other', 'kernel')"))
"""


def notes(path: Path) -> list[str]:
    """The notes as a new process reads them."""
    out = subprocess.run([sys.executable, "-c", "import sqlite3, sys; print(sqlite3.connect("
                          "sys.argv[1]).execute('SELECT count(*), group_concat(text) FROM "
                          "notes').fetchone())", str(path)],
                         capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_a_second_store_in_a_kernel_keeps_the_first_ones_writes_after_another_kernel_closes(
        tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    first = ProgressStore(path, backups=False)
    first.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('me', 'one')"))
    second = ProgressStore(path, backups=False)  # e.g. the class panel's beside the app's
    second.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('me', 'two')"))
    subprocess.run([sys.executable, "-c", OTHER_KERNEL, str(path)], cwd=REPO, check=True)
    assert Path(f"{path}-wal").exists(), "the other kernel deleted the WAL under live ones"
    first.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('me', 'three')"))
    second.write(lambda conn: conn.execute("INSERT INTO notes VALUES ('me', 'four')"))
    seen = " ".join(notes(path))
    for text in ("one", "two", "kernel", "three", "four"):
        assert text in seen, f"{text!r} written but not in the file: {seen}"
    first.close()
    second.close()


def test_the_header_is_read_again_after_the_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "f"
    path.write_bytes(b"old" * 40)
    assert read_header(path, 3) == b"old"
    replacement = tmp_path / "g"
    replacement.write_bytes(b"new" * 40)
    replacement.replace(path)
    assert read_header(path, 3) == b"new"


def test_a_process_reading_many_files_keeps_a_bounded_number_of_descriptors(
        tmp_path: Path) -> None:
    from classroom import storefile

    for n in range(storefile.HEADER_FDS_KEPT + 8):
        path = tmp_path / f"f{n}"
        path.write_bytes(b"%03d" % n)
        assert read_header(path, 3) == b"%03d" % n
    assert len(storefile._HEADER_FDS) <= storefile.HEADER_FDS_KEPT
