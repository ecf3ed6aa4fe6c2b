"""The static site's way of keeping progress, in a real browser: the kit served with the static
host forced (``LNB_HOST=static``), so the puzzle page keeps the pupil's progress in the
browser's own ``localStorage`` through the ``anywidget`` bridge (its real script), nothing on
the server; a reload restores it; *Join my class* says it needs the served kit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from browser_harness import REPO, assert_no_traceback, open_voila, running_voila

from lnb.babbage.puzzles import Puzzle

pytestmark = pytest.mark.browser

SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
APP = "voila/render/puzzles.ipynb"
HEADING = ".lnb-puzzle-heading"
STATUS = ".lnb-puzzle-app > .lnb-status .lnb-status-text"
WAIT = 30_000


def stored(page) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return page.evaluate("""() => Object.fromEntries(Object.entries(localStorage)
        .filter(([k]) => k.startsWith("lnb-kit/")))""")


def test_progress_lives_in_the_browser_and_survives_a_reload(
        browser, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    root = tmp_path / "lessons"
    root.mkdir()
    shutil.copy(REPO / "lessons" / "puzzles.ipynb", root / "puzzles.ipynb")
    db = tmp_path / "progress.sqlite3"
    env = {"LNB_HOST": "static", "LNB_PROGRESS_DB": str(db)}
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    try:
        with running_voila(root, tmp_path, pool_size=1, env=env) as server:
            page = context.new_page()
            open_voila(page, server.url + APP + f"?code={SHARED.code}", selector=HEADING)
            page.locator(HEADING, has_text=SHARED.code).wait_for(timeout=WAIT)
            page.locator(".lnb-who", has_text="this browser").wait_for(timeout=WAIT)
            for css, row in (("A4-divide", "55 ÷ 2 = 27"), ("B4-swap", "27 ⇄ 72"),
                             ("A1-add", "72 + 1 = 73")):
                page.locator(f"button.lnb-op-{css}").click()
                page.locator(".lnb-rows", has_text=row).wait_for(timeout=WAIT)
            page.locator("button.lnb-done").click()
            page.locator(STATUS, has_text="Solved in 3 rows!").wait_for(timeout=WAIT)
            page.wait_for_function("""() => Object.keys(localStorage).some(
                k => k.startsWith("lnb-kit/progress/device:"))""", timeout=WAIT)
            kept = stored(page)
            [(key, text)] = kept.items()
            progress = json.loads(str(text))
            assert progress["puzzles"][0][0] == SHARED.code and progress["streak"] == 1
            assert not db.exists()  # nothing was kept on the server

            open_voila(page, server.url + APP + f"?code={SHARED.code}", selector=HEADING)
            page.locator(HEADING, has_text="✓ solved").wait_for(timeout=WAIT)
            page.locator(".lnb-progress", has_text="Solved: 1 puzzle").wait_for(timeout=WAIT)
            page.locator("button.lnb-join-open").click()
            page.locator(STATUS, has_text="Joining a class needs the served kit").wait_for(
                timeout=WAIT)
            assert "make serve" in page.locator(STATUS).inner_text()
            assert page.locator(".lnb-class-code").count() == 0
            assert_no_traceback(page)
            assert list(stored(page)) == [key] and not db.exists()
    finally:
        context.close()
