"""Under JupyterHub the pupil is the hub's login (``JUPYTERHUB_USER``), never the browser's
key: on a shared school computer ben, logging in after ana, must not see or continue her
progress, and ana on another computer finds hers (school-hub.md, D1)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.panel import STORAGE_KEY, browser_key_script

TODAY = datetime.date(2025, 3, 5)
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
SCHOOL_PC = Pupil.new_browser_key()  # the one browser of a shared computer


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "school.sqlite3")  # one store for the whole school


def page(store: ProgressStore, browser_key: str) -> PuzzleApp:
    """The puzzle page opened on ``SHARED`` in a browser that keeps ``browser_key``."""
    app = PuzzleApp(store, today=lambda: TODAY, seed=1)
    app.open_query({"code": SHARED.code})
    app.identity.browser_key.value = json.dumps({"key": browser_key})
    return app


def solve(app: PuzzleApp) -> None:
    for op in ["A4/", "B4s", "A1+"]:
        app.builder.board_view.button(op).click()
    app.check()


def test_progress_follows_the_hub_login_not_the_browser(store: ProgressStore,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    ana = page(store, SCHOOL_PC)
    assert ana.pupil == Pupil("hub:ana", "ana")
    assert "Progress of <b>ana</b>" in ana.identity.who.value
    solve(ana)
    assert "✓ solved" in ana.heading.value
    # ana logs out; ben logs in on the same computer: the same browser key, his own server
    monkeypatch.setenv("JUPYTERHUB_USER", "ben")
    ben = page(store, SCHOOL_PC)
    assert ben.pupil == Pupil("hub:ben", "ben")
    assert "✓ solved" not in ben.heading.value and "Streak" not in ben.progress_view.value
    assert store.load(Pupil.from_browser_key(SCHOOL_PC)).solved_count == 0
    # ana at another computer (another browser key) finds her progress
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    elsewhere = page(store, Pupil.new_browser_key())
    assert "✓ solved" in elsewhere.heading.value
    assert elsewhere.progress is not None and elsewhere.progress.solved_count == 1


def test_a_weak_browser_key_does_not_matter_under_a_hub(store: ProgressStore,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    app = page(store, "a" * 16)
    assert app.pupil == Pupil("hub:ana", "ana") and not app.identity.session_out.value


def test_the_browser_keeps_one_storage_per_hub_login(monkeypatch: pytest.MonkeyPatch) -> None:
    """A class session ana left in the browser's storage is not read by ben's page."""
    monkeypatch.delenv("JUPYTERHUB_USER", raising=False)
    assert json.dumps(STORAGE_KEY) in browser_key_script()
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    ana = browser_key_script()
    monkeypatch.setenv("JUPYTERHUB_USER", "ben")
    ben = browser_key_script()
    assert json.dumps(f"{STORAGE_KEY}:hub:ana") in ana
    assert json.dumps(f"{STORAGE_KEY}:hub:ben") in ben and "hub:ana" not in ben


def test_leaving_a_class_under_a_hub_goes_back_to_the_login(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ana"])
    app = PuzzleApp(store, today=lambda: TODAY, seed=1, classroom=room)
    app.identity.browser_key.value = json.dumps({"key": SCHOOL_PC})
    app.identity.join_class(made.code, "Ana", made.cards[0].secret)
    assert app.identity.source == "class"
    app.identity.leave_class()
    assert app.pupil == Pupil("hub:ana", "ana") and "your login" in app.status.text
