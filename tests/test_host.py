"""widgets.core.host, both ways: the served kit unchanged (the server's file, classes, the
dashboard), the static site in-process (the browser's storage, the needs-the-served-kit
sentences), and the site's Python without sqlite3 importing and running the apps."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from storage_page import Page

from classroom.browser_store import (
    BrowserProgressStore,
    BrowserScores,
    NoClassroom,
    NoClassWork,
)
from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.dashboard import Dashboard
from widgets.core import host
from widgets.core.browser_storage import PREFIX
from widgets.museum.app import MuseumApp

ROOT = Path(__file__).resolve().parents[1]
TODAY = datetime.date(2025, 3, 5)


@pytest.fixture
def static() -> Iterator[host.Host]:
    before = host.current().kind
    yield host.use(host.STATIC)
    host.use(before)


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[host.Host]:
    monkeypatch.setenv("LNB_PROGRESS_DB", str(tmp_path / "progress.sqlite3"))
    monkeypatch.delenv("LNB_STORE", raising=False)
    before = host.current().kind
    yield host.use(host.SERVED)
    host.use(before)


def test_the_host_is_chosen_by_the_platform_and_the_variable_forces_it() -> None:
    assert host.choose({}, "linux") == host.SERVED
    assert host.choose({}, "emscripten") == host.STATIC
    assert host.choose({host.ENV_VAR: " Static "}, "linux") == host.STATIC
    assert host.choose({host.ENV_VAR: "served"}, "emscripten") == host.SERVED
    assert host.choose({host.ENV_VAR: "nonsense"}, "linux") == host.SERVED
    with pytest.raises(ValueError, match="served or static"):
        host.use("cloud")


def test_what_needs_the_served_kit_says_so_and_how_to_get_it(static: host.Host) -> None:
    for feature, words in (("class", "Joining a class"), ("dashboard", "teacher's dashboard"),
                           ("rooms", "at a table")):
        message = host.needs_server(feature)
        assert message.startswith(words[0].upper()) or words in message
        assert words in message and "needs the served kit" in message
        assert "make serve" in message and "JupyterHub" in message
        assert host.DOCS in message
        assert not static.has(feature)
    with pytest.raises(ValueError, match="class, dashboard, rooms"):
        host.needs_server("chat")


def test_the_served_kit_is_unchanged(served: host.Host, tmp_path: Path) -> None:
    assert all(host.needs_server(f) == "" for f in host.FEATURES)
    app = PuzzleApp(today=lambda: TODAY)
    assert isinstance(app.store, ProgressStore) and app.store.path == tmp_path / "progress.sqlite3"
    assert isinstance(app.classroom, Classroom) and isinstance(app.classwork, ClassWork)
    key = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": key})
    assert app.pupil == Pupil.from_browser_key(key)  # no wait: the server's file is there
    museum = MuseumApp(seed=1)
    assert isinstance(museum.scores, DailyScores) and isinstance(museum.store, ProgressStore)
    assert isinstance(museum.identity.classroom, Classroom)
    museum.identity.open_join()
    assert museum.identity.class_code is not None  # the join boxes, as before
    board = Dashboard()
    assert board.needs_server == "" and "Type the class code" in board.status.text


def test_join_my_class_on_the_site_says_it_needs_the_served_kit(static: host.Host) -> None:
    app = PuzzleApp(today=lambda: TODAY)
    assert isinstance(app.classroom, NoClassroom) and isinstance(app.classwork, NoClassWork)
    app.identity.join_button.click()
    assert app.identity.class_code is None  # no boxes: no class can be joined here
    assert "Joining a class needs the served kit" in app.identity.status.text
    app.identity.join_class("ABCD", "Ali", "words")
    assert "needs the served kit" in app.identity.status.text
    app.store.storage.close()


def test_the_site_keeps_the_class_session_the_browser_has_for_the_served_kit(
        static: host.Host) -> None:
    """The site and a served kit on one address share the browser's storage: the site's
    page must not make the browser forget the pupil's class session (it cannot check it)."""
    app = PuzzleApp(today=lambda: TODAY)
    Page().open(app.store.storage)
    key = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": key, "session": "a-class-token"})
    assert app.identity.pupil == Pupil.from_browser_key(key)
    assert app.identity.source == "device"
    assert '"session": null' not in app.identity.session_out.value
    app.store.storage.close()


def test_the_dashboard_on_the_site_says_it_needs_the_served_kit(static: host.Host) -> None:
    board = Dashboard()
    assert "The teacher's dashboard needs the served kit" in board.status.text
    assert board.code_box.value == "" and not any(
        board.code_box in getattr(row, "children", ()) and row.layout.display != "none"
        for row in board.children)  # the class code and key boxes are hidden
    board.open_class("ABCD", "key")
    assert "needs the served kit" in board.status.text and board.report is None


def test_the_museum_keeps_a_daily_score_in_the_browser(static: host.Host) -> None:
    page = Page()
    app = MuseumApp(seed=1, today=lambda: TODAY)
    assert isinstance(app.scores, BrowserScores) and isinstance(app.store, BrowserProgressStore)
    app._scored = (TODAY, 41)  # a daily game just finished, before the pupil is known
    key = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": key})
    page.open(app.store.storage)
    me = Pupil.from_browser_key(key)
    assert app._scored is None and app.scores.best(me, TODAY).best == 41  # type: ignore[union-attr]
    kept = json.loads(page.local[f"{PREFIX}scores/museum/{me.key}"])
    assert kept == {TODAY.isoformat(): [41, 1]}
    app.store.storage.close()


SITE_WITHOUT_SQLITE = r"""
import json, sys
class NoSqlite:  # the site's Python: no sqlite3 at all
    def find_spec(self, name, path=None, target=None):
        if name in ("sqlite3", "_sqlite3") or name.startswith("sqlite3."):
            raise ImportError(f"No module named {name!r} (the site has none)")
        return None
sys.meta_path.insert(0, NoSqlite())
import ipywidgets, IPython  # noqa: F401 - loaded as on any platform
sys.platform = "emscripten"
import widgets
assert getattr(sys.modules["sqlite3"], "__lnb_stand_in__", False)
from widgets.core import host
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.museum.app import MuseumApp
from widgets.classroom.dashboard import Dashboard
from widgets.babbage.game_app import GameApp
from classroom.identity import Pupil
assert host.current().static
app = PuzzleApp()
key = Pupil.new_browser_key()
app.identity.browser_key.value = json.dumps({"key": key})
app.store.storage.set_state({"found": {}, "loaded": True})
app.hint_button.click()
app.check()
assert app.status.kind in ("ok", "error") and "sqlite" not in app.status.text.lower()
assert app.progress.get(app.puzzle.code).attempts == 1
assert any(k.startswith("progress/device:") for k in app.store.storage.writes)
MuseumApp(seed=1)
assert "needs the served kit" in Dashboard().status.text
GameApp()
print("site-ok")
"""


def test_the_apps_import_and_run_where_python_has_no_sqlite3() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LNB_HOST", "LNB_STORE")}
    done = subprocess.run([sys.executable, "-c", SITE_WITHOUT_SQLITE], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.strip().endswith("site-ok")


def test_the_stand_in_is_put_only_where_python_has_no_sqlite3(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> object:
        raise ImportError(f"No module named {name!r}")

    monkeypatch.delitem(sys.modules, "sqlite3", raising=False)
    assert host.stand_ins("linux", importer=missing) == []
    assert host.stand_ins("emscripten", importer=__import__) == []  # a real one is kept
    assert host.stand_ins("emscripten", importer=missing) == ["sqlite3"]
    fake = sys.modules["sqlite3"]
    assert getattr(fake, "__lnb_stand_in__", False)
    with pytest.raises(ImportError, match="no database"):
        fake.connect(":memory:")
    with pytest.raises(ImportError):  # how IPython's history finds out there is no sqlite3
        fake.register_converter("timestamp", bytes)
    try:
        raise fake.IntegrityError("x")
    except fake.DatabaseError as caught:  # the names code catches exist, in their order
        assert isinstance(caught, fake.Error)
