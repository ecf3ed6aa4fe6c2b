"""The static site's progress in the browser's own storage: the store (the same Progress as
the server's), the bridge's protocol driven as the page's script drives it, and the puzzle
app recording through it: the first move before the page's values come, a reload."""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterator

import pytest
from storage_page import Page, page_update

from classroom.browser_store import (
    BrowserProgressStore,
    BrowserScores,
    MemoryStorage,
    progress_json,
    read_progress,
)
from classroom.identity import Pupil
from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.core import host
from widgets.core.browser_storage import PREFIX, BrowserStorage

TODAY = datetime.date(2025, 3, 5)
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
KEY = Pupil.new_browser_key()
ME = Pupil.from_browser_key(KEY)


@pytest.fixture
def static() -> Iterator[host.Host]:
    """The static host in this process, each test with a fresh page (a new kernel's bridge)."""
    before = host.current().kind
    yield host.use(host.STATIC)
    host.use(before)


def fresh_bridge(app: PuzzleApp) -> BrowserStorage:
    storage = app.store.storage
    assert isinstance(storage, BrowserStorage)
    return storage


def end_kernel(app: PuzzleApp) -> None:
    """The page is closed: the kernel's bridge goes (a reload makes a new one)."""
    fresh_bridge(app).close()


def open_app(**query: str) -> PuzzleApp:
    app = PuzzleApp(today=lambda: TODAY, seed=1)
    app.open_query({"code": SHARED.code, **query})
    return app


def solve(app: PuzzleApp) -> None:
    for op in str(SHARED.solution.program).split():
        app.builder.board_view.button(op).click()
    app.builder.done_button.click()


def test_the_same_changes_give_the_same_progress_as_the_servers_store() -> None:
    browser, server = BrowserProgressStore(MemoryStorage()), ProgressStore(":memory:")
    days = [datetime.date(2025, 3, d) for d in (3, 4, 5, 7)]
    for store in (browser, server):
        store.record_attempt(ME, "P1-A", solved=False, difficulty=2, day=days[0])
        store.record_hint(ME, "P1-A", 2, day=days[0])
        store.record_attempt(ME, "P1-A", solved=True, rows=5, hints=2, day=days[1])
        store.record_attempt(ME, "P1-B", solved=True, rows=3, difficulty=1, day=days[2])
        store.record_attempt(ME, "P1-A", solved=True, rows=4, day=days[3])
    assert browser.load(ME) == server.load(ME)
    assert browser.load(ME).best_streak == 2 and browser.pupil_count() == 1


def test_damaged_json_keeps_what_can_be_read_and_tells_the_teacher() -> None:
    good = progress_json(BrowserProgressStore(MemoryStorage()).record_attempt(
        ME, "P1-A", solved=True, rows=3, day=TODAY))
    data = json.loads(good)
    data["puzzles"].append(["P1-B", "two", 1, 0, None, "2025-03-05", None])
    storage = MemoryStorage({f"progress/{ME.key}": json.dumps(data)})
    store = BrowserProgressStore(storage)
    progress = store.load(ME)
    assert [p.puzzle for p in progress.puzzles] == ["P1-A"] and progress.streak == 1
    assert store.notices and "damaged" in store.notices[0]
    for text in ("not json", "[]", '{"format": 99}'):
        assert read_progress(ME, text)[0].puzzles == ()


def test_counts_no_pupil_can_make_are_taken_as_damaged() -> None:
    """A streak of 10²⁰ days typed into the browser's storage was shown as it was."""
    good = progress_json(BrowserProgressStore(MemoryStorage()).record_attempt(
        ME, "P1-A", solved=True, rows=3, day=TODAY))
    data = json.loads(good)
    data["streak"] = data["best_streak"] = 10**20
    progress, whole = read_progress(ME, json.dumps(data))
    assert not whole and progress.streak == 0 and progress.best_streak == 0
    assert [p.puzzle for p in progress.puzzles] == ["P1-A"]
    data = json.loads(good)
    data["puzzles"][0][2] = 10**30  # tries
    progress, whole = read_progress(ME, json.dumps(data))
    assert not whole and progress.puzzles == ()
    assert read_progress(ME, good) == (read_progress(ME, good)[0], True)


def test_changes_before_the_page_answers_go_on_top_of_what_it_kept() -> None:
    kept = progress_json(BrowserProgressStore(MemoryStorage()).record_attempt(
        ME, "P1-OLD", solved=True, rows=2, day=TODAY - datetime.timedelta(days=1)))
    page = Page({PREFIX + f"progress/{ME.key}": kept})
    storage = BrowserStorage()
    store = BrowserProgressStore(storage)
    assert not store.ready
    early = store.record_attempt(ME, "P1-NEW", solved=True, rows=4, day=TODAY)
    assert early.solved_count == 1 and storage.writes == {}  # nothing written blind
    page.open(storage)
    after = store.load(ME)
    assert [p.puzzle for p in after.puzzles] == ["P1-OLD", "P1-NEW"] and after.streak == 2
    assert json.loads(page.local[PREFIX + f"progress/{ME.key}"]) == json.loads(
        progress_json(after))


def test_a_browser_that_keeps_nothing_says_so_and_the_session_goes_on() -> None:
    storage = BrowserStorage()
    store = BrowserProgressStore(storage)
    Page(usable=False).open(storage)
    assert not store.saving and "private browsing" in str(store.problem)
    assert store.record_attempt(ME, "P1-A", solved=True, rows=3, day=TODAY).solved_count == 1
    page_update(storage, {"problem": "full"})
    assert "is full" in str(store.problem)


def test_the_puzzle_app_records_in_the_browser_and_a_reload_restores_it(
        static: host.Host) -> None:
    page = Page()
    app = open_app()
    assert isinstance(app.store, BrowserProgressStore)
    storage = fresh_bridge(app)
    assert storage in app.identity.children  # drawn with the page (the model is made there)
    app.identity.browser_key.value = json.dumps({"key": KEY})
    assert app.pupil is None  # the device waits for what its storage keeps
    app.hint_button.click()
    solve(app)  # the pupil's first move, before the page's values came
    assert app.status.kind == "ok" and app.progress is not None
    page.open(storage)
    assert app.pupil == ME and app.identity.source == "device"
    stored = json.loads(page.local[PREFIX + f"progress/{ME.key}"])
    assert stored["puzzles"][0][:4] == [SHARED.code, SHARED.difficulty, 1, 1]
    assert "Solved: <b>1</b> puzzle" in app.progress_view.value
    end_kernel(app)

    again = open_app()  # a reload: a new kernel, the same browser
    assert fresh_bridge(again) is not storage
    again.identity.browser_key.value = json.dumps({"key": KEY})
    page.open(fresh_bridge(again))
    assert again.progress is not None and again.progress.get(SHARED.code).solved  # type: ignore[union-attr]
    assert again.hint_level == 1 and "✓ solved" in again.heading.value
    assert "Solved: <b>1</b> puzzle" in again.progress_view.value
    end_kernel(again)


def test_a_page_whose_storage_came_first_gives_the_pupil_at_once(static: host.Host) -> None:
    app = open_app()
    page = Page()
    page.open(fresh_bridge(app))
    app.identity.browser_key.value = json.dumps({"key": KEY})
    assert app.pupil == ME
    solve(app)
    assert PREFIX + f"progress/{ME.key}" in page.local
    end_kernel(app)


def test_a_full_storage_is_said_at_once_and_taken_back_when_there_is_room(
        static: host.Host) -> None:
    """The page says "full" after its write (not at the next save), the app shows it at
    once; once old site data is cleared the next write keeps everything and the warning
    goes, with nothing the pupil did lost."""
    filler = PREFIX + "other-site-data"
    page = Page({filler: "x" * 1000}, room=1100, later=True)
    app = open_app()
    page.open(fresh_bridge(app))
    app.identity.browser_key.value = json.dumps({"key": KEY})
    solve(app)
    assert "cannot be saved right now" not in app.progress_view.value  # not written yet
    page.deliver()  # the progress does not fit beside the other data
    assert PREFIX + f"progress/{ME.key}" not in page.local
    assert "cannot be saved right now" in app.progress_view.value
    assert "storage for the site is full" in app.progress_view.value
    assert "Solved: <b>1</b> puzzle" in app.progress_view.value  # kept in this page

    del page.local[filler]  # the pupil clears old site data
    app.hint_button.click()  # the next write has room for everything
    assert "cannot be saved right now" in app.progress_view.value  # not written yet
    page.deliver()
    assert "cannot be saved right now" not in app.progress_view.value
    stored = json.loads(page.local[PREFIX + f"progress/{ME.key}"])
    assert stored["puzzles"][0][:4] == [SHARED.code, SHARED.difficulty, 1, 1]
    end_kernel(app)


def two_tabs() -> tuple[Page, list[BrowserStorage], list[BrowserProgressStore]]:
    """One browser's page storage open in two tabs, each with its progress store."""
    page = Page()
    tabs = [BrowserStorage(), BrowserStorage()]
    stores = [BrowserProgressStore(tab) for tab in tabs]
    for tab in tabs:
        page.open(tab)
    return page, tabs, stores


def test_two_tabs_of_one_browser_keep_both_pupils_moves() -> None:
    page, tabs, stores = two_tabs()
    stores[0].record_attempt(ME, "P1-A", solved=True, rows=3, day=TODAY)
    both = stores[1].record_attempt(ME, "P1-B", solved=True, rows=4, day=TODAY)
    assert [p.puzzle for p in both.puzzles] == ["P1-A", "P1-B"]
    kept = json.loads(page.local[PREFIX + f"progress/{ME.key}"])
    assert [row[0] for row in kept["puzzles"]] == ["P1-A", "P1-B"]
    assert [p.puzzle for p in stores[0].load(ME).puzzles] == ["P1-A", "P1-B"]
    for tab in tabs:
        tab.close()


def test_a_tab_writing_another_key_keeps_the_other_tabs_newer_value() -> None:
    """The page writes every key in ``writes`` again on each change: a value another tab
    changed since must have left them, or this tab's older value would come back."""
    page, tabs, stores = two_tabs()
    stores[0].record_attempt(ME, "P1-A", solved=True, rows=3, day=TODAY)
    stores[1].record_attempt(ME, "P1-B", solved=True, rows=4, day=TODAY)
    BrowserScores(stores[0], "museum").record(ME, TODAY, 40)  # tab 0 writes another key
    kept = json.loads(page.local[PREFIX + f"progress/{ME.key}"])
    assert [row[0] for row in kept["puzzles"]] == ["P1-A", "P1-B"]
    assert PREFIX + f"scores/museum/{ME.key}" in page.local
    assert [p.puzzle for p in BrowserProgressStore(tabs[0]).load(ME).puzzles] == ["P1-A", "P1-B"]
    for tab in tabs:
        tab.close()


def test_the_puzzle_app_says_when_the_browser_keeps_nothing(static: host.Host) -> None:
    app = open_app()
    Page(usable=False).open(fresh_bridge(app))
    app.identity.browser_key.value = json.dumps({"key": KEY})
    solve(app)
    assert app.status.kind == "ok" and app.progress is not None
    assert app.progress.solved_count == 1  # kept in the page
    assert "private browsing" in app.progress_view.value
    assert "Solved: <b>1</b> puzzle" in app.progress_view.value
    end_kernel(app)
