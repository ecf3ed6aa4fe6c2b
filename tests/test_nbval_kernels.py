"""nbval's kernels (tests/nbval_kernels.py): on IPC sockets, and a dead one says why."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbval.kernel
import pytest


def test_a_notebook_kernel_runs_on_ipc_sockets(tmp_path: Path) -> None:
    kernel = nbval.kernel.RunningKernel("python3", cwd=str(tmp_path))
    try:
        assert kernel.km.transport == "ipc"
        assert Path(kernel.km.ip).is_absolute(), kernel.km.ip
        assert Path(f"{kernel.km.ip}-{kernel.km.shell_port}").exists()
        msg_id = kernel.execute_cell_input("print(6 * 7)", allow_stdin=False)
        kernel.await_reply(msg_id, timeout=30)
        said = []
        while True:
            msg = kernel.get_message(stream="iopub", timeout=30)
            if msg["msg_type"] == "stream":
                said.append(msg["content"]["text"])
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        assert "".join(said) == "42\n"
    finally:
        kernel.stop()


def test_a_kernel_that_dies_on_starting_shows_its_stderr(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    spec = tmp_path / "kernels" / "dies"
    spec.mkdir(parents=True)
    code = "import sys; sys.stderr.write('no such module: abacus'); sys.exit(3)"
    (spec / "kernel.json").write_text(json.dumps(
        {"argv": [sys.executable, "-c", code, "{connection_file}"],
         "display_name": "dies", "language": "python"}))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match="Kernel died") as raised:
        nbval.kernel.RunningKernel("dies", cwd=str(tmp_path), startup_timeout=30)
    assert "no such module: abacus" in str(raised.value)
