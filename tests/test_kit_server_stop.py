"""The kit server's quick stop (:meth:`widgets.serving.server.KitServer.stop`): Voila is
killed only once its own stop has run to its end, so what that stop does is done: its
kernels shut down (said in its log), its folder of connection files removed, no process of
the server left, and the stop counts as a clean exit (0).

One real Voila with one kernel (a few seconds), without a browser; and the state the stop
waits for (:func:`~widgets.serving.server.python_ended`) on a small Python program.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import nbformat
import psutil
import pytest

from lnb.core.testing import wait_until
from widgets.serve import kit_voila_args
from widgets.serving.server import MARKER, KitServer, python_ended

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/status").exists(),
                                 reason="the quick stop reads /proc (Linux)")]


def test_a_stopped_server_did_its_own_stop_first_and_leaves_nothing(tmp_path: Path) -> None:
    folder = tmp_path / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell("print('ready')")]
    nbformat.write(nb, folder / "tiny.ipynb")
    server = KitServer(folder, voila_args=kit_voila_args(pool_size=0), home=tmp_path / "home",
                       log=tmp_path / "voila.log", startup_timeout=60)
    with server:
        with urllib.request.urlopen(server.url("voila/render/tiny.ipynb"), timeout=60) as resp:
            assert "ready" in resp.read().decode("utf-8", "replace")
        (kernel_id,) = server.kernel_ids()
        assert server.proc is not None and not python_ended(server.proc.pid)  # Voila runs
        kernel = next(p for p in server._family() if kernel_id in " ".join(p.cmdline()))
        connection = Path(kernel.cmdline()[kernel.cmdline().index("-f") + 1]).parent
        assert connection.is_dir()
        family = server._family()
    assert server.stop() == 0  # already stopped by the with: the same answer again
    assert not connection.exists(), f"Voila's stop did not run: {connection} is left"
    assert f"Kernel shutdown: {kernel_id}" in server.log_tail(50)
    _, alive = psutil.wait_procs(family, timeout=5)
    assert not alive, [p.info for p in alive]
    left = [p.pid for p in psutil.process_iter(["environ"])
            if (p.info["environ"] or {}).get(MARKER) == server.marker]
    assert not left, f"processes of the server left: {left}"


#: A Python program that catches SIGTERM (as Voila does), writes a file at ``atexit`` and
#: then takes long to tear down (an object whose deletion sleeps, as Voila's ~200,000
#: objects take most of a second to free).
SLOW_TEARDOWN = """
import atexit, pathlib, signal, sys, time
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
atexit.register(lambda: pathlib.Path(sys.argv[1]).write_text("atexit ran"))
class Slow:
    def __del__(self):
        time.sleep(60)
slow = Slow()
print("running", flush=True)
time.sleep(60)
"""


def test_python_ended_is_true_only_once_the_program_ran_to_its_end(tmp_path: Path) -> None:
    said = tmp_path / "said"
    child = subprocess.Popen([sys.executable, "-c", SLOW_TEARDOWN, str(said)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "running\n"
        assert not python_ended(child.pid)  # running, SIGTERM caught
        child.send_signal(signal.SIGTERM)
        wait_until(lambda: python_ended(child.pid), "the program's Python has ended")
        assert said.read_text() == "atexit ran"  # its atexit calls came before
        assert child.poll() is None  # still tearing down: the time a quick stop saves
    finally:
        child.kill()
        child.wait()
    assert not python_ended(child.pid)  # gone
