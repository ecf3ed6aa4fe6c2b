"""The served kit's lighter watch on kernel messages (widgets.serving.activity) records what
jupyter_server's own does: a real kernel, started by the kit's kernel manager class, runs a
cell that opens widgets and updates them; the manager's record of the kernel (its last
activity, its execution state) follows, and a message with a wrong signature is refused."""

from __future__ import annotations

import asyncio
import datetime

import pytest
from jupyter_client.session import Session
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from widgets.serving.activity import header_types, light_watch


async def _run_a_cell(tmp_path):  # type: ignore[no-untyped-def]
    manager = light_watch(AsyncMappingKernelManager)(root_dir=str(tmp_path))
    kernel_id = await manager.start_kernel(kernel_name="python3")
    try:
        kernel = manager.get_kernel(kernel_id)
        client = kernel.client()
        client.start_channels()
        await client.wait_for_ready(timeout=60)
        before = kernel.last_activity
        reply = await client.execute_interactive(
            "import ipywidgets as w\nb = w.Button(description='x')\nb.add_class('y')\nb",
            timeout=60)
        assert reply["content"]["status"] == "ok"
        # the kernel's "idle" after the cell reaches the watch after the reply: wait for it
        # (10 s at most) on the event loop the watch runs on
        for _ in range(200):
            if kernel.execution_state == "idle" and kernel.last_activity > before:
                break
            await asyncio.sleep(0.05)
        client.stop_channels()
        return kernel.execution_state, kernel.last_activity > before, kernel.last_activity
    finally:
        await manager.shutdown_kernel(kernel_id, now=True)


def test_watch_records_activity_and_state(tmp_path) -> None:  # type: ignore[no-untyped-def]
    state, moved, last = asyncio.run(_run_a_cell(tmp_path))
    assert state == "idle"
    assert moved
    assert isinstance(last, datetime.datetime)


def test_watch_refuses_a_forged_message() -> None:
    session = Session(key=b"key")
    parts = session.serialize(session.msg("status", {"execution_state": "idle"}))
    assert header_types(session, parts).msg_type == "status"
    forged = [parts[0], b"f" * 64, *parts[2:]]
    with pytest.raises(ValueError, match="Invalid Signature"):
        header_types(session, forged)
