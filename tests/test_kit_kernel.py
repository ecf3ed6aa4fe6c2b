"""The kit's kernel (:mod:`widgets.serving.kernel`) keeps every IOPub message of a burst.

A page's app arrives as one burst of IOPub messages (Ada's Dream: about a thousand); a
reader that is behind must still get all of them, or the page shows its text without its
app. Here the burst is five thousand 2 kB displays, sent while the reader reads nothing
(ipykernel's own kernel, with ZeroMQ's default queue of 1,000, lost 1,506 of them here), then
read: every one arrives, and the kernel's *idle* after them. The kernel is found as the
served kit finds it: the kit's ``data/`` first on ``JUPYTER_PATH``.
"""

from __future__ import annotations

import queue
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import KernelManager

from widgets.serving import DATA_DIR, kit_environ
from widgets.serving.server import hermetic_environ

BURST = 5000
BURST_CODE = f"""
from IPython.display import display
for i in range({BURST}):
    display({{"text/plain": str(i) + "x" * 2000}}, raw=True)
"""


@pytest.fixture
def kit_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment of the served kit: hermetic Jupyter folders, the kit's data first."""
    for name, value in kit_environ(hermetic_environ(tmp_path, {})).items():
        monkeypatch.setenv(name, value)


def test_the_served_kit_finds_the_kits_kernel_for_its_notebooks(kit_paths: None) -> None:
    spec = KernelSpecManager().get_kernel_spec("python3")  # the lessons' kernel name
    assert Path(spec.resource_dir) == DATA_DIR / "kernels" / "python3"
    assert spec.argv[:3] == ["python", "-m", "widgets.serving.kernel"], spec.argv


@pytest.fixture
def kit_kernel(kit_paths: None) -> Iterator[KernelManager]:
    manager = KernelManager(kernel_name="python3")
    manager.start_kernel()
    try:
        yield manager
    finally:
        manager.shutdown_kernel(now=True)


def test_a_burst_read_late_arrives_whole(kit_kernel: KernelManager) -> None:
    client = kit_kernel.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        sent = client.execute(BURST_CODE)
        reply = client.get_shell_msg(timeout=120)  # the burst is sent; nothing read yet
        while reply["parent_header"].get("msg_id") != sent:  # a late kernel_info reply
            reply = client.get_shell_msg(timeout=120)
        assert reply["content"]["status"] == "ok", reply["content"]
        shown: list[int] = []
        while True:
            try:  # all is sent already: a message that does not come is lost
                msg = client.get_iopub_msg(timeout=15)
            except queue.Empty:
                pytest.fail(f"the kernel's idle never came; {len(shown)} of {BURST} displays"
                            " arrived")
            if msg["parent_header"].get("msg_id") != sent:
                continue
            if msg["msg_type"] == "display_data":
                shown.append(int(msg["content"]["data"]["text/plain"].rstrip("x")))
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        assert shown == list(range(BURST)), (f"{BURST - len(shown)} of {BURST} displays lost"
                                             f" (kernel: {sys.executable})")
    finally:
        client.stop_channels()
