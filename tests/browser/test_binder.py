"""The Binder route in a real browser: a Jupyter server started as ``binder/start`` starts it
on mybinder.org (Voila as the server's extension, the kit's config on the Jupyter paths).

A lesson page typesets its formulas offline and frees its kernel when left, idle kernels are
culled, the server opens on the landing page, and JupyterLab's badge opens in ``lessons/``.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from browser_harness import (
    REPO,
    STARTUP_TIMEOUT,
    assert_local_only,
    free_port,
    wait_until,
    watched_page,
)

from widgets.serving.server import hermetic_environ

pytestmark = pytest.mark.browser

LESSON = "voila/render/lessons/02-place-value.ipynb"  # its text has formulas
LANDING = "/voila/render/lessons/index.ipynb"
WAIT = 90_000  # ms: only a stuck server takes this long to run a lesson page
CULLING = "Culling kernels with idle durations > 1800 seconds at 60 second intervals"


class BinderServer:
    """``binder/start python -m jupyter_server`` on a free port, with a token (as on Binder)
    and Jupyter's folders under ``home``; its output goes to ``home/server.log``."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.log = home / "server.log"
        env = hermetic_environ(home, os.environ)
        for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH"):  # as in a fresh container
            env.pop(var, None)
        command = [str(REPO / "binder" / "start"), sys.executable, "-m", "jupyter_server",
                   "--no-browser", f"--port={self.port}", "--ServerApp.ip=127.0.0.1",
                   "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
                   f"--ServerApp.root_dir={REPO}",
                   *(["--allow-root"] if os.geteuid() == 0 else [])]
        with self.log.open("wb") as out:
            self.proc = subprocess.Popen(command, cwd=REPO, env=env, stdin=subprocess.DEVNULL,
                                         stdout=out, stderr=subprocess.STDOUT,
                                         start_new_session=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")

    def get(self, path: str, *, token: bool = True) -> tuple[int, dict[str, str], bytes]:
        """One GET of ``path`` (not following redirects): status, headers, body."""
        headers = {"Authorization": f"token {self.token}"} if token else {}
        request = urllib.request.Request(self.url + path.lstrip("/"), headers=headers)
        opener = urllib.request.build_opener(NoRedirect)
        try:
            with opener.open(request, timeout=10) as resp:
                return resp.status, dict(resp.headers), resp.read()
        except urllib.error.HTTPError as err:
            return err.code, dict(err.headers), err.read()

    def kernels(self) -> list[str]:
        status, _, body = self.get("api/kernels")
        assert status == 200, body
        return [kernel["id"] for kernel in json.loads(body)]

    def answers(self) -> bool:
        """Whether the server answers ``api/status``; fails the test if it has exited."""
        assert self.proc.poll() is None, f"the server exited:\n{self.log_text()[-3000:]}"
        with contextlib.suppress(OSError):
            return self.get("api/status")[0] == 200
        return False

    def wait_ready(self) -> None:
        """Wait until the server answers (``STARTUP_TIMEOUT``: one that never will)."""
        wait_until(self.answers, "the Binder server answers", STARTUP_TIMEOUT,
                   details=lambda: self.log_text()[-3000:])

    def stop(self) -> None:
        family = [self.proc.pid]
        with contextlib.suppress(psutil.Error):
            family += [p.pid for p in psutil.Process(self.proc.pid).children(recursive=True)]
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        for pid in family[1:]:  # a kernel left behind
            with contextlib.suppress(psutil.Error):
                psutil.Process(pid).kill()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BinderServer]:
    server = BinderServer(tmp_path_factory.mktemp("binder-home"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


@pytest.fixture
def binder_page(browser, binder: BinderServer, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    context = browser.new_context(base_url=binder.url, viewport={"width": 1280, "height": 800})
    page = watched_page(context)
    yield page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        print(f"--- server log (tail) ---\n{binder.log_text()[-4000:]}")
    context.close()


def open_lesson(page, binder: BinderServer) -> None:  # type: ignore[no-untyped-def]
    """Open the lesson as a Binder link does (the token in its address), until it runs."""
    page.goto(f"{LESSON}?token={binder.token}", wait_until="domcontentloaded", timeout=WAIT)
    page.locator(".jupyter-widgets").first.wait_for(state="visible", timeout=WAIT)


def test_a_lesson_typesets_offline_and_its_left_page_frees_its_kernel(  # type: ignore[no-untyped-def]
        binder_page, binder: BinderServer) -> None:
    open_lesson(binder_page, binder)  # one load for both: a lesson page is the slow part
    binder_page.locator("mjx-container").first.wait_for(state="attached", timeout=WAIT)
    assert_local_only(binder_page)  # the formulas typeset offline
    assert len(binder.kernels()) == 1
    binder_page.close(run_before_unload=True)  # the pupil leaves the page
    wait_until(lambda: not binder.kernels(), "the left page's kernel is stopped",
               details=lambda: binder.log_text()[-4000:])
    assert "_xsrf' argument missing" not in binder.log_text()


def test_idle_kernels_are_culled(binder: BinderServer) -> None:
    binder.kernels()
    assert CULLING in binder.log_text() or _start_and_stop_a_kernel(binder)


def _start_and_stop_a_kernel(binder: BinderServer) -> bool:
    """Start a kernel through the API (the culler starts with the first kernel), stop it,
    and say whether the log then shows culling on."""
    headers = {"Authorization": f"token {binder.token}", "Content-Type": "application/json"}
    start = urllib.request.Request(binder.url + "api/kernels", data=b"{}", headers=headers)
    with urllib.request.urlopen(start, timeout=60) as resp:
        kernel_id = json.loads(resp.read())["id"]
    stop = urllib.request.Request(f"{binder.url}api/kernels/{kernel_id}", headers=headers,
                                  method="DELETE")
    urllib.request.urlopen(stop, timeout=30).close()
    return CULLING in binder.log_text()


def test_the_server_opens_on_the_landing_page(binder: BinderServer) -> None:
    status, headers, _ = binder.get("/")
    assert status in (301, 302), status
    assert headers["Location"].split("?")[0].endswith(LANDING), headers["Location"]


def test_the_badges_open_the_landing_page_and_lab_in_lessons(binder: BinderServer) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert "?urlpath=voila/render/lessons/index.ipynb)" in readme
    assert "?urlpath=lab/tree/lessons/index.ipynb)" in readme
    assert binder.get("lab/tree/lessons/index.ipynb")[0] == 200
