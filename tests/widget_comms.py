"""Widgets made in a test talk to a comm that sends, as in a kernel.

Once any test of a worker has imported ``ipykernel``, ``comm.create_comm`` makes ipykernel's
comms, which send nothing without a running kernel: ipywidgets then neither sends nor holds
a trait's change, so a test counting or holding messages would see none. The function makes
the test's widgets on :class:`comm.DummyComm` (no kernel needed, sends through
``publish_msg``) and checks that a change is counted.

"""

from __future__ import annotations

import collections
from typing import Any

import comm
import ipywidgets as w
import pytest


def sending_comms(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """From now to the test's end, widgets open on a comm that sends; the count of each kind
    of message they publish (``comm_open``, ``update``, ...)."""
    counts: collections.Counter[str] = collections.Counter()

    class Counted(comm.DummyComm):
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **keys: Any) -> None:
            counts[(data or {}).get("method", msg_type)] += 1

    monkeypatch.setattr(comm, "create_comm", lambda *args, **keys: Counted(*args, **keys))
    probe = w.Button()
    probe.description = "counted"
    assert counts["update"] == 1, "a widget's change was not sent: the comm is not in place"
    counts.clear()
    return counts
