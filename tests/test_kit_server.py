"""The kit's Voila server (:class:`widgets.serving.server.KitServer`) as a real process:
it serves a notebook, stops leaving no process and a free port, and copes with a busy port.

Each test starts a real Voila (a few seconds each), without a browser.
"""

from __future__ import annotations

import os
import socket
import urllib.error
import urllib.request
from pathlib import Path

import nbformat
import psutil
import pytest

from widgets.serve import kit_voila_args
from widgets.serving.kernel import is_kit_kernel
from widgets.serving.server import MARKER, KitServer, ServerError, port_is_free

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")]

GREETING = "hello from a kit kernel"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A folder with one tiny notebook that prints ``GREETING``."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(f"print({GREETING!r})")]
    nbformat.write(nb, folder / "tiny.ipynb")
    return folder


def server_on(root: Path, tmp_path: Path, port: int | None = None,
              cls: type[KitServer] = KitServer) -> KitServer:
    """A server without preheated kernels, hermetic, logging to a file under ``tmp_path``."""
    return cls(root, port, voila_args=kit_voila_args(pool_size=0), home=tmp_path / "home",
               log=tmp_path / "voila.log", startup_timeout=60, grace=20)


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=60) as resp:
        return int(resp.status), resp.read().decode("utf-8", "replace")


def marked_processes(server: KitServer) -> list[psutil.Process]:
    """Processes whose environment carries this server's marker (Voila, its kernels)."""
    found = []
    for proc in psutil.process_iter():
        try:
            if proc.environ().get(MARKER) == server.marker:
                found.append(proc)
        except psutil.Error:
            continue
    return found


def test_serves_a_notebook_then_stops_leaving_nothing(root: Path, tmp_path: Path) -> None:
    with server_on(root, tmp_path) as server:
        assert server.port is not None and not port_is_free(server.port)
        status, tree = get(server.url())
        assert status == 200 and "tiny.ipynb" in tree
        status, page = get(server.url("voila/render/tiny.ipynb"))
        assert status == 200 and GREETING in page  # the kernel ran the notebook
        assert server.proc is not None
        voila = psutil.Process(server.proc.pid)
        family = [voila, *voila.children(recursive=True)]
        kernels = [p for p in family if is_kit_kernel(p.cmdline())]
        assert kernels, f"no kernel among {[p.cmdline() for p in family]}"
        assert {p.pid for p in family} <= {p.pid for p in marked_processes(server)}
        port = server.port
    assert server.proc.returncode is not None
    _, alive = psutil.wait_procs(family, timeout=5)
    assert not alive, f"left running: {[p.cmdline() for p in alive]}"
    assert not marked_processes(server)
    assert port_is_free(port)
    with pytest.raises(OSError):
        urllib.request.urlopen(server.url(), timeout=5)
    assert "tiny.ipynb" in server.log_tail(200)  # the log file holds Voila's output


def test_a_busy_port_is_refused_when_given_and_replaced_when_chosen(
        root: Path, tmp_path: Path) -> None:
    with socket.create_server(("127.0.0.1", 0)) as holder:
        busy = int(holder.getsockname()[1])
        given = server_on(root, tmp_path, port=busy)
        with pytest.raises(ServerError, match=f"port {busy} .* already in use") as caught:
            given.start()
        assert caught.value.reason == "port-in-use" and caught.value.port == busy
        assert given.proc is None  # refused before anything ran

        class Unlucky(KitServer):
            """Its first free port is taken before Voila binds it (the race, made sure)."""

            def choose_port(self) -> int:
                if not hasattr(self, "tried"):
                    self.tried = True
                    return busy
                return super().choose_port()

        with server_on(root, tmp_path, cls=Unlucky) as server:
            assert server.port not in (None, busy)
            assert get(server.url())[0] == 200
            assert f"The port {busy} is already in use" in server.log_tail(400)
        assert server.port is not None and port_is_free(server.port)
        assert not marked_processes(server)


def test_a_server_that_exits_or_stays_silent_fails_in_time(root: Path, tmp_path: Path) -> None:
    silent = server_on(root, tmp_path).start()
    try:
        with pytest.raises(ServerError, match="did not answer") as caught:
            silent.wait_ready(timeout=0.3)  # Voila takes seconds to import: not ready yet
        assert caught.value.reason == "timeout"
    finally:
        silent.stop()
    assert not marked_processes(silent)

    broken = server_on(root / "tiny.ipynb" / "nowhere", tmp_path)
    with pytest.raises(ServerError, match="exited with code") as caught:
        broken.__enter__()
    assert caught.value.reason == "exited" and caught.value.returncode != 0
    assert "nowhere" in caught.value.log
    assert not marked_processes(broken)
