"""A class store that cannot be written, in a real browser (issue 26 item 11, D3/D7): the
progress file on a small file system of the test's own, made read-only while the kit is
served. The puzzle page says what it means for the pupil's work, without the server's path;
a table's page says the class database is not answering, never "No table". Screenshots at
both sizes, in English and 简体中文. Skipped where mounting a file system is not allowed."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import REPO, assert_no_traceback, open_voila, running_voila, snap_sizes

from classroom.progress import ProgressStore
from classroom.rooms import RoomStore

pytestmark = pytest.mark.browser

WAIT = 60_000
PUZZLES = "voila/render/puzzles.ipynb"
PLAY = "voila/render/play.ipynb"


@pytest.fixture
def read_only_store(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A store holding one open table (its code given) on a tmpfs remounted read-only."""
    folder = tmp_path / "disk"
    folder.mkdir()
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)],
                          capture_output=True, text=True, check=False)
    if made.returncode:
        pytest.skip(f"cannot mount a small file system here: {made.stderr.strip()}")
    try:
        path = folder / "progress.sqlite3"
        with ProgressStore(path, backups=False) as store:
            code = RoomStore(store).open_room(None, None, seats=2).code
        subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        yield path, code
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, check=False)


def test_pages_say_what_an_unwritable_store_means_without_its_path(  # type: ignore[no-untyped-def]
        browser, read_only_store: tuple[Path, str], tmp_path: Path) -> None:
    path, code = read_only_store
    home = tmp_path / "home"
    home.mkdir()
    with running_voila(REPO / "lessons", home, pool_size=0,
                       env={"LNB_PROGRESS_DB": str(path)}) as server:
        context = browser.new_context(base_url=server.url,
                                      viewport={"width": 1280, "height": 800})
        try:
            for lang, puzzle_says, table_says in (
                    ("en", "counts for this browser only", "class database is not answering"),
                    ("zh-CN", "只记在这个浏览器上", "班级数据库没有响应")):
                page = context.new_page()
                open_voila(page, f"{PUZZLES}?lang={lang}", ".lnb-progress", timeout=WAIT)
                warning = page.locator(".lnb-progress .lnb-warning", has_text=puzzle_says)
                warning.wait_for(timeout=WAIT)
                assert str(path.parent) not in page.locator(".lnb-progress").inner_text()
                assert_no_traceback(page)
                warning.scroll_into_view_if_needed()
                snap_sizes(page, f"puzzles-{lang}")
                page.set_viewport_size({"width": 1280, "height": 800})
                open_voila(page, f"{PLAY}?room={code}&lang={lang}", ".lnb-status-text",
                           timeout=WAIT)
                status = page.locator(".lnb-status-text", has_text=table_says).first
                status.wait_for(timeout=WAIT)
                shown = page.locator(".lnb-status-text").first.inner_text()
                assert "No table" not in shown and str(path.parent) not in shown, shown
                assert_no_traceback(page)
                snap_sizes(page, f"table-{lang}")
                page.close()
        finally:
            context.close()
