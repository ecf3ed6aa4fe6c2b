"""``python -m widgets.serve`` end to end: prints a working URL, stops cleanly on Ctrl-C."""

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
from pathlib import Path

import pytest
from browser_harness import NOTEBOOKS, REPO, free_port, hermetic_env

from widgets.serve import command_for, landing_path, parse_args, voila_command

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
    default = command_for(parse_args([]))
    assert any('"puzzles.ipynb": {"pool_size": 32}' in arg for arg in default)
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


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_serve_prints_url_and_stops_voila(tmp_path: Path, sig: signal.Signals) -> None:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "widgets.serve", "--root", str(NOTEBOOKS), "--no-browser",
         "--port", str(port), "--pool-size", "0", "--class-size", "0"],
        cwd=REPO, env=hermetic_env(tmp_path), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True)
    # A thread reads the output, so a server that hangs silently cannot block the test.
    printed: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [printed.put(line) for line in proc.stdout or ()],
                     daemon=True).start()
    lines = [""]

    def output() -> str:
        while not printed.empty():
            lines.append(printed.get())
        return "".join(lines)

    try:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and proc.poll() is None:
            try:
                lines.append(printed.get(timeout=max(0.1, deadline - time.monotonic())))
            except queue.Empty:
                break
            if "kit is running:" in lines[-1]:
                break
        url = lines[-1].split("running:", 1)[-1].strip()
        assert url == f"http://127.0.0.1:{port}/", output()
        with urllib.request.urlopen(url, timeout=10) as resp:
            assert resp.status == 200
        # Ctrl-C in a terminal signals the foreground group: here the serve command alone,
        # as Voila runs in its own session; serve stops Voila and its kernels itself.
        os.killpg(proc.pid, sig)
        try:
            assert proc.wait(timeout=30) == 0, output()
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve did not stop within 30 s of {sig.name}:\n{output()}")
        assert "Stopping the kit" in output()
        with pytest.raises(OSError):  # Voila is gone too: nothing answers on the port
            urllib.request.urlopen(url, timeout=5)
    finally:
        if proc.poll() is None:  # serve stops Voila on SIGTERM; SIGKILL would leave it running
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
