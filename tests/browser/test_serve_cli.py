"""``python -m widgets.serve`` end to end: started cold, it prints a working URL; the game page
opened as soon as the banner shows is usable at once, and the banner is the last thing printed
(Voila's messages go to the log file it names); Ctrl-C or SIGTERM stops it and Voila cleanly.

Each served kit is used for all of these (a server start is the slow part): one person's kit
stopped with Ctrl-C, a class's (preheated kernels) with SIGTERM; and a class's pages named
(``--class-pages``, ``make serve PAGES=``): filled in order, a page's kernel handed to it.
"""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from browser_harness import (
    NOTEBOOKS,
    REPO,
    STUCK,
    free_port,
    hermetic_env,
    kernel_id_of,
    snap,
    wait_until,
)
from playwright.sync_api import expect

from widgets.serve import command_for, default_root, landing_path, parse_args, voila_command

pytestmark = pytest.mark.browser


def test_voila_command_carries_the_settings() -> None:
    cmd = voila_command(NOTEBOOKS, port=1234, ip="0.0.0.0", pool_size=0, cull_idle_timeout=0)
    assert cmd[:3] == [sys.executable, "-m", "widgets.serving"]
    assert str(NOTEBOOKS) in cmd and "--no-browser" in cmd
    assert {"--port=1234", "--Voila.ip=0.0.0.0", "--VoilaConfiguration.preheat_kernel=False",
            "--MappingKernelManager.cull_idle_timeout=0"} <= set(cmd)
    assert "--KernelManager.transport=ipc" in cmd  # no TCP port races between kernels
    assert landing_path(NOTEBOOKS) == ""  # no index.ipynb there: the tree
    assert landing_path(REPO / "benchmarks") == ""


def test_class_size_preheats_the_class_page_and_refills_a_few() -> None:
    cmd = command_for(parse_args(["--class-size", "12", "--pool-size", "1",
                                  "--preheat-denylist", "teachers-guide.ipynb", "index"]))
    assert "--VoilaConfiguration.preheat_kernel=True" in cmd
    assert ('--VoilaKernelManager.kernel_pools_config={"default": {"pool_size": 1}, '
            '"puzzles.ipynb": {"pool_size": 14}}') in cmd
    assert '--VoilaKernelManager.refill_pools_config={"puzzles.ipynb": {"pool_size": 2}}' in cmd
    assert {"--VoilaKernelManager.preheat_denylist=teachers-guide.ipynb",
            "--VoilaKernelManager.preheat_denylist=index"} <= set(cmd)
    default = command_for(parse_args([]))  # one person: no kernel before a page asks
    assert "--VoilaConfiguration.preheat_kernel=False" in default
    assert not any("pools_config" in arg for arg in default)
    thirty = command_for(parse_args(["--class-size", "30"]))  # make serve CLASS=30
    assert any('"puzzles.ipynb": {"pool_size": 32}' in arg for arg in thirty)
    off = command_for(parse_args(["--class-size", "0", "--pool-size", "0"]))
    assert "--VoilaConfiguration.preheat_kernel=False" in off
    assert not any("pools_config" in arg for arg in off)


def test_serve_on_a_busy_port_says_so(tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as holder:
        port = int(holder.getsockname()[1])
        done = subprocess.run(
            [sys.executable, "-m", "widgets.serve", "--root", str(NOTEBOOKS), "--no-browser",
             "--port", str(port), "--class-size", "0"],
            cwd=REPO, env=hermetic_env(tmp_path), capture_output=True, text=True, timeout=60)
    assert done.returncode == 1, done.stderr
    assert f"port {port} on 127.0.0.1 is already in use" in done.stderr
    assert "--port N" in done.stderr and "kit is running" not in done.stdout
    assert 'make serve ARGS="--port ' in done.stderr  # how to choose another, with make
    assert not done.stdout  # found before anything started


PLAY = "voila/render/play.ipynb"


class Serve:
    """``python -m widgets.serve`` in a session of its own; a thread collects its output."""

    def __init__(self, home: Path, *args: str) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "widgets.serve", "--no-browser", "--port", str(self.port),
             *args], cwd=REPO, env=hermetic_env(home), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, start_new_session=True)
        self.printed: queue.Queue[str] = queue.Queue()
        self.lines: list[str] = []
        self.reader = threading.Thread(
            target=lambda: [self.printed.put(line) for line in self.proc.stdout or ()],
            daemon=True)
        self.reader.start()

    def output(self) -> str:
        """Everything printed so far."""
        while not self.printed.empty():
            self.lines.append(self.printed.get())
        return "".join(self.lines)

    def wait_banner(self, timeout: float = 120) -> float:
        """Wait for the banner's closing rule; the moment it was read."""
        deadline, running = time.monotonic() + timeout, False
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                line = self.printed.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            self.lines.append(line)
            running = running or "kit is running:" in line
            if running and line.startswith("=" * 20):
                return time.monotonic()
        pytest.fail(f"no banner within {timeout:.0f} s:\n{self.output()}")

    def url(self) -> str:
        """The address the banner prints."""
        line = next(line for line in self.output().splitlines() if "kit is running:" in line)
        return line.split("running:", 1)[1].strip()

    def log(self) -> Path | None:
        """The log file the banner names (Voila's messages); None before the banner."""
        line = next((line for line in self.output().splitlines() if " go to " in line), None)
        return Path(line.split(" go to ", 1)[1].strip()) if line else None

    def log_text(self) -> str:
        """What Voila wrote to its log file so far ("" before the banner names it)."""
        log = self.log()
        return log.read_text(errors="replace") if log is not None and log.exists() else ""

    def stop_with(self, sig: signal.Signals) -> None:
        """Send ``sig`` as a terminal would (Ctrl-C signals the foreground group: here the
        serve command alone, as Voila runs in its own session); assert that serve stops
        Voila and its kernels itself and exits cleanly: nothing answers on the port after."""
        os.killpg(self.proc.pid, sig)
        try:
            assert self.proc.wait(timeout=60) == 0, self.output()
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve did not stop after {sig.name}:\n{self.output()}")
        self.reader.join(timeout=STUCK)  # its output ends with the process: all of it read
        assert "Stopping the kit" in self.output()
        with pytest.raises(OSError):  # Voila is gone too: nothing answers on the port
            urllib.request.urlopen(f"http://127.0.0.1:{self.port}/", timeout=5)

    def stop(self) -> None:
        """Stop it as a closed terminal would (serve stops Voila and its kernels)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., Serve]]:
    """Start ``serve(*args)`` processes, each with fresh Jupyter folders; stopped after."""
    started: list[Serve] = []

    def start(*args: str) -> Serve:
        started.append(Serve(tmp_path / f"home{len(started)}", *args))
        return started[-1]

    yield start
    for each in started:
        each.stop()


@pytest.mark.parametrize(("options", "sig"), [([], signal.SIGINT),
                                             (["--class-size", "6"], signal.SIGTERM)],
                         ids=["one-person-ctrl-c", "class-of-6-sigterm"])
def test_served_cold_the_game_page_is_usable_at_once_and_the_kit_stops_cleanly(
        serve, browser, options: list[str], sig: signal.Signals) -> None:  # type: ignore[no-untyped-def]
    # The pupil's browser is open already; the server starts cold (fresh Jupyter folders).
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    served = serve(*options)
    served.wait_banner()
    try:
        page.goto(f"http://127.0.0.1:{served.port}/{PLAY}", wait_until="commit",
                  timeout=60_000)
        start = page.locator(".lnb-start-game")
        start.wait_for(state="visible", timeout=60_000)
        expect(start).to_be_enabled(timeout=60_000)  # the button can be pressed: usable
        # (how soon is measured by `make bench` (benchmarks/bench_voila.py), not asserted
        # here: a timed assertion fails on a busy machine, not on slow code)
        snap(page, f"game-page-{'-'.join(options).strip('-') or 'default'}")
        start.click(timeout=60_000)  # and pressing it leads on: the Subroutine to target
        page.locator(".lnb-target").first.wait_for(state="visible", timeout=60_000)
        kernel_id = kernel_id_of(page)
        page.close(run_before_unload=True)  # the pupil closes the tab: its kernel is freed
    except Exception:
        snap(page, "failure")
        print(served.log_text()[-6000:] or served.output())
        raise
    finally:
        context.close()
    # Everything the page's kernel made Voila say is said once Voila has shut it down (the
    # closed page frees it): in the log, or printed if the log were not where it goes.
    shutdown = f"Kernel shutdown: {kernel_id}"
    wait_until(lambda: shutdown in served.output() or shutdown in served.log_text(),
               f"Voila shut the closed page's kernel down ({shutdown!r})",
               details=lambda: served.log_text()[-4000:])
    text = served.output()
    banner = text[text.index("kit is running:"):].rstrip("\n").splitlines()
    assert banner[-1].startswith("=" * 20), text  # the last thing printed
    for noise in ("not trusted", "Deprecation", "[KitVoila]", "Kernel started"):
        assert noise not in text, text
    log = served.log()
    assert log is not None and log.name == f"lnb-kit-serve-{served.port}.log", text
    assert "Kernel started" in log.read_text()  # Voila's messages are kept there
    url = served.url()  # the banner's address works: the landing page
    assert url == f"http://127.0.0.1:{served.port}/{landing_path(default_root())}", text
    with urllib.request.urlopen(url, timeout=60) as resp:
        assert resp.status == 200
    served.stop_with(sig)


def test_the_class_pages_are_kept_ready_in_order_and_handed_to_their_pages(
        serve, browser) -> None:  # type: ignore[no-untyped-def]
    # make serve CLASS=1 PAGES="play.ipynb puzzles.ipynb": the banner names the pages kept
    # ready; the first page's kernels fill first, and a pupil's page takes one of them.
    served = serve("--class-size", "1", "--class-pages", "play.ipynb", "puzzles.ipynb",
                   "--", "--KitPreheat.quiet=1")
    served.wait_banner()
    assert ("Kept ready for the class, first page first: play.ipynb (3 kernels), "
            "puzzles.ipynb (3 kernels)") in served.output(), served.output()
    filled = ("Kernel pool of play.ipynb is filled", "Kernel pool of puzzles.ipynb is filled")
    log = wait_until(lambda: filled[1] in (text := served.log_text()) and text,
                     "both class pages' pools filled", details=lambda: served.log_text()[-4000:])
    assert log.index(filled[0]) < log.index(filled[1]), log[-4000:]
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"http://127.0.0.1:{served.port}/{PLAY}", wait_until="commit",
                  timeout=60_000)
        expect(page.locator(".lnb-start-game")).to_be_enabled(timeout=60_000)
        kernel_id = kernel_id_of(page)
        assert f"Using pre-heated kernel: {kernel_id} for play.ipynb" in served.log_text()
        page.close(run_before_unload=True)
    finally:
        context.close()
    served.stop_with(signal.SIGTERM)
