"""Browser-test harness: one real Voila server per session, headless Chromium per test.

Fixtures: ``voila_server`` (session), ``browser`` (session), ``page`` (per test).
Helpers (in ``browser_harness``): ``open_voila``, ``snap``, ``assert_no_traceback``,
``assert_local_only``, ``kernel_id_of``.
Every test module here carries ``pytest.mark.browser`` and ``xdist_group("browser")``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    REPO,
    STARTUP_TIMEOUT,
    VoilaServer,
    _requests,
    check_jupyter_paths,
    free_port,
    hermetic_env,
    snap,
)

from widgets.serve import voila_command

# Notebooks here are pages for the browser tests, not lessons for nbval.
collect_ignore_glob = ["notebooks/*"]


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM the server's process group (Voila shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A real Voila server on ``tests/browser/notebooks`` (pool size 1, culling on)."""
    home = tmp_path_factory.mktemp("voila-home")
    env = hermetic_env(home)
    check_jupyter_paths(env)
    port = free_port()
    log_path = home / "voila.log"
    cmd = voila_command(NOTEBOOKS, port=port, pool_size=1)
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                                start_new_session=True)
    server = VoilaServer(url=f"http://127.0.0.1:{port}/", proc=proc, log_path=log_path)
    try:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voila exited ({proc.returncode}):\n{server.log_tail()}")
            if time.monotonic() > deadline:
                pytest.fail(f"Voila did not answer in {STARTUP_TIMEOUT} s:\n{server.log_tail()}")
            try:
                if server.status("") == 200:
                    break
            except OSError:
                pass
            time.sleep(0.2)
        yield server
    finally:
        _stop(proc)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Debian Chromium driven by Playwright (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing; run `make browser` to install Debian's chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                      headless=True)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Keep each phase's report on the item, so fixtures can see whether the test failed."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


@pytest.fixture
def page(browser, voila_server: VoilaServer, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """A fresh page (own cookies) whose every request URL is recorded.

    Relative URLs resolve against the server. On failure: a screenshot in
    ``test-artifacts/<test>/`` and the server log's tail in the report.
    """
    context = browser.new_context(base_url=voila_server.url, viewport={"width": 1200,
                                                                       "height": 900})
    new_page = context.new_page()
    urls: list[str] = []
    _requests[new_page] = urls
    new_page.on("request", lambda req: urls.append(req.url))
    new_page.on("websocket", lambda ws: urls.append(ws.url))
    yield new_page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        with contextlib.suppress(Exception):  # the page may be gone (closed by the test)
            snap(new_page, "failure")
        print(f"--- Voila log (tail) ---\n{voila_server.log_tail()}")
    context.close()


