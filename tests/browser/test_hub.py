"""The kit under a REAL local JupyterHub (school-hub.md, D1): on a shared school computer the
progress is the hub login's, not the browser's.

The hub runs with its own proxy (configurable-http-proxy from npm, ``scripts/ensure-chp``),
the dummy authenticator (``allow_all``), ``SimpleLocalProcessSpawner`` (every pupil's server
a ``jupyterhub-singleuser`` wrapped by ``binder/start``, the kit's template and config), and
one progress store for the whole school. ana solves a puzzle and logs out; ben logs in on the
same browser and must not see it solved; ana, in a fresh browser, finds hers.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from browser_harness import REPO, assert_no_traceback, free_port, snap, wait_until
from playwright.sync_api import expect

from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle
from widgets.serving.server import hermetic_environ

pytestmark = pytest.mark.browser

# Start 55, reach 73 within 3 rows using only A1 (±1), A4 (×÷2), B4 (Swap): A4/ B4s A1+.
SHARED = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
APP = "voila/render/lessons/puzzles.ipynb"
LANDING = "voila/render/lessons/index.ipynb"  # the kit's server config's default page
HEADING = ".lnb-puzzle-heading"
WHO = ".lnb-who"
STATUS = ".lnb-puzzle-app > .lnb-status .lnb-status-text"
SPAWN = 180_000  # ms: only a stuck hub takes this long to start a pupil's server
WAIT = 60_000  # ms: only a stuck server takes this long to answer a click
STUCK = 120.0  # s: only a stuck hub takes this long to answer at all
VENV_BIN = Path(sys.executable).parent
CULLING = "Culling kernels with idle durations > 1800 seconds at 60 second intervals"


def proxy_command() -> str:
    """configurable-http-proxy, installed by ``scripts/ensure-chp`` if missing."""
    if shutil.which("npm") is None and shutil.which("configurable-http-proxy") is None:
        pytest.skip("the hub test needs configurable-http-proxy (npm); install node and npm")
    done = subprocess.run(["bash", str(REPO / "scripts" / "ensure-chp")], capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, f"scripts/ensure-chp failed:\n{done.stderr[-3000:]}"
    return done.stdout.strip().splitlines()[-1]


class Hub:
    """``jupyterhub`` on free loopback ports, everything under ``home``; its log in
    ``home/hub.log``."""

    def __init__(self, home: Path, store: Path) -> None:
        pytest.importorskip("jupyterhub", reason="pip install the kit's [test] extra")
        self.home = home
        self.port = free_port()
        self.log = home / "hub.log"
        homes = home / "homes"
        for name in ("ana", "ben"):  # each home a copy of the kit's lessons (as repo2docker's)
            (homes / name).mkdir(parents=True)
            shutil.copytree(REPO / "lessons", homes / name / "lessons",
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        jupyter = {k: v for k, v in hermetic_environ(home / "jupyter", {}).items()}
        config = home / "jupyterhub_config.py"
        config.write_text(f"""
c = get_config()  # noqa
c.JupyterHub.bind_url = "http://127.0.0.1:{self.port}"
c.JupyterHub.hub_bind_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.ConfigurableHTTPProxy.command = [{proxy_command()!r}]
c.ConfigurableHTTPProxy.pid_file = {str(home / "proxy.pid")!r}
c.JupyterHub.db_url = {"sqlite:///" + str(home / "hub.sqlite")!r}
c.JupyterHub.cookie_secret_file = {str(home / "cookie_secret")!r}
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "jupyterhub.spawner.SimpleLocalProcessSpawner"
c.SimpleLocalProcessSpawner.home_dir_template = {str(homes) + "/{username}"!r}
c.Spawner.cmd = [{str(REPO / "binder" / "start")!r}, {str(VENV_BIN / "jupyterhub-singleuser")!r}]
c.Spawner.args = {["--allow-root"] if os.geteuid() == 0 else []!r}
c.Spawner.default_url = "/{LANDING}"
c.Spawner.environment = {{**{jupyter!r}, "LNB_PROGRESS_DB": {str(store)!r}}}
c.Spawner.start_timeout = c.Spawner.http_timeout = {SPAWN // 1000}
""")
        env = {**os.environ, "PATH": f"{VENV_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
        for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTERHUB_USER"):
            env.pop(var, None)
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(
                [str(VENV_BIN / "jupyterhub"), "-f", str(config)], cwd=home, env=env,
                stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                start_new_session=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def answers(self) -> bool:
        """Whether the hub answers ``hub/api/``; fails the test if it has exited."""
        assert self.proc.poll() is None, f"the hub exited:\n{self.log_text()[-4000:]}"
        with contextlib.suppress(OSError), urllib.request.urlopen(
                self.url + "hub/api/", timeout=5) as resp:
            return resp.status == 200
        return False

    def wait_ready(self) -> None:
        """Wait until the hub answers (``STUCK``: a hub that never will)."""
        wait_until(self.answers, "the hub answers", STUCK,
                   details=lambda: self.log_text()[-4000:])

    def stop(self) -> None:
        """SIGTERM to the hub (it stops the pupils' servers and its proxy); whatever of its
        family is left is killed."""
        family = [self.proc.pid]
        with contextlib.suppress(psutil.Error):
            family += [p.pid for p in psutil.Process(self.proc.pid).children(recursive=True)]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for pid in family[1:]:
            with contextlib.suppress(psutil.Error):
                psutil.Process(pid).kill()


@pytest.fixture
def hub(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Hub]:
    store = tmp_path / "school.sqlite3"  # one store for every pupil's server
    ProgressStore(store).close()
    running = Hub(tmp_path, store)
    try:
        running.wait_ready()
        yield running
    finally:
        failed = getattr(request.node, "rep_call", None)
        if failed is not None and failed.failed:
            print(f"--- hub log (tail) ---\n{running.log_text()[-6000:]}")
        running.stop()


def log_in(page, hub: Hub, name: str) -> None:  # type: ignore[no-untyped-def]
    """Sign in on the hub's login page (any password: the dummy authenticator)."""
    page.goto(hub.url + "hub/login", wait_until="domcontentloaded", timeout=WAIT)
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill("any password")
    page.locator("#login_submit").click()
    page.wait_for_url(f"**/user/{name}/{LANDING}*", timeout=SPAWN)  # the server started


def open_shared(page, hub: Hub, name: str):  # type: ignore[no-untyped-def]
    """The shared puzzle on ``name``'s own server, once the page knows who plays."""
    page.goto(f"{hub.url}user/{name}/{APP}?code={SHARED.code}", wait_until="domcontentloaded",
              timeout=WAIT)
    page.locator(HEADING, has_text=SHARED.code).wait_for(timeout=WAIT)
    who = page.locator(WHO)
    expect(who).not_to_contain_text("not saved yet", timeout=WAIT)
    return who


def test_on_a_shared_computer_each_hub_login_sees_only_their_own_progress(
        browser, hub: Hub) -> None:  # type: ignore[no-untyped-def]
    school_pc = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = school_pc.new_page()
        log_in(page, hub, "ana")
        who = open_shared(page, hub, "ana")
        expect(who).to_contain_text("Progress of ana", timeout=WAIT)
        for css, row in (("A4-divide", "55 ÷ 2 = 27"), ("B4-swap", "27 ⇄ 72"),
                         ("A1-add", "72 + 1 = 73")):
            page.locator(f"button.lnb-op-{css}").click()
            page.locator(".lnb-rows", has_text=row).wait_for(timeout=WAIT)
        page.locator("button.lnb-done").click()
        page.locator(STATUS, has_text="Solved in 3 rows!").wait_for(timeout=WAIT)
        page.locator(HEADING, has_text="✓ solved").wait_for(timeout=WAIT)
        assert_no_traceback(page)
        snap(page, "ana-solved")
        # the kit's kernel culling reaches a pupil's server (binder/start's config path)
        assert CULLING in hub.log_text(), hub.log_text()[-4000:]
        page.goto(hub.url + "hub/logout", wait_until="domcontentloaded", timeout=WAIT)

        log_in(page, hub, "ben")  # the same browser, its storage as ana left it
        who = open_shared(page, hub, "ben")
        expect(who).to_contain_text("Progress of ben", timeout=WAIT)
        page.locator(".lnb-progress", has_text="No puzzle solved yet").wait_for(timeout=WAIT)
        assert "✓ solved" not in page.locator(HEADING).inner_text()
        assert_no_traceback(page)
        snap(page, "ben-same-browser")
    finally:
        school_pc.close()

    elsewhere = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = elsewhere.new_page()  # ana at another computer
        log_in(page, hub, "ana")
        who = open_shared(page, hub, "ana")
        expect(who).to_contain_text("Progress of ana", timeout=WAIT)
        page.locator(HEADING, has_text="✓ solved").wait_for(timeout=WAIT)
        page.locator(".lnb-progress", has_text="Solved: 1 puzzle").wait_for(timeout=WAIT)
    finally:
        elsewhere.close()
