"""Widgets made in a test talk to a comm that sends, as in a kernel.

Once any test of a worker has imported ``ipykernel``, ``comm.create_comm`` makes ipykernel's
comms, which send nothing without a running kernel: ipywidgets then neither sends nor holds
a trait's change, so a test counting or holding messages would see none. The functions make
the test's widgets on :class:`comm.DummyComm` (no kernel needed, sends through
``publish_msg``) and check that a change is sent: :func:`sending_comms` counts the messages
of each kind, :func:`recording_comms` keeps every message in order, and :func:`counted_at`
finds in those the ones that gave a widget a new redraw number
(:mod:`widgets.core.redraws`).

"""

from __future__ import annotations

import collections
from collections.abc import Callable, Sequence
from typing import Any

import comm
import ipywidgets as w
import pytest

from widgets.core.redraws import PREFIX

#: A message as :func:`recording_comms` keeps it: its comm's id, the state it sent.
Message = tuple[str, dict[str, Any]]


def _sending(monkeypatch: pytest.MonkeyPatch,
             heard: Callable[[str, str, dict[str, Any]], None]) -> None:
    """From now to the test's end, widgets open on a comm that hands every message it
    publishes to ``heard`` (the comm's id, the message's type, its data)."""

    class Sending(comm.DummyComm):
        def publish_msg(self, msg_type: str, data: Any = None, *args: Any, **keys: Any) -> None:
            heard(self.comm_id, msg_type, data or {})

    monkeypatch.setattr(comm, "create_comm", lambda *args, **keys: Sending(*args, **keys))


def sending_comms(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """From now to the test's end, widgets open on a comm that sends; the count of each kind
    of message they publish (``comm_open``, ``update``, ...)."""
    counts: collections.Counter[str] = collections.Counter()
    _sending(monkeypatch, lambda _id, msg_type, data: counts.update(
        [data.get("method", msg_type)]))
    probe = w.Button()
    probe.description = "counted"
    assert counts["update"] == 1, "a widget's change was not sent: the comm is not in place"
    counts.clear()
    return counts


def recording_comms(monkeypatch: pytest.MonkeyPatch) -> list[Message]:
    """From now to the test's end, widgets open on a comm that sends; every message they
    publish, in order: (their comm's id, the state sent; ``{}`` where it sent none).

    >>> with pytest.MonkeyPatch.context() as monkeypatch:
    ...     messages = recording_comms(monkeypatch)
    ...     button = w.Button()
    ...     button.description = "Go"
    >>> messages[-1] == (button.comm.comm_id, {"description": "Go"})
    True
    """
    messages: list[Message] = []
    _sending(monkeypatch, lambda comm_id, _type, data: messages.append(
        (comm_id, dict(data.get("state") or {}))))
    probe = w.Button()
    probe.description = "recorded"
    assert messages[-1:] == [(probe.comm.comm_id, {"description": "recorded"})], (
        "a widget's change was not sent: the comm is not in place")
    messages.clear()
    return messages


def _number(classes: Sequence[str]) -> list[str]:
    return [c for c in classes if c.startswith(PREFIX)]


def counted_at(widget: w.DOMWidget, messages: Sequence[Message],
               before: Sequence[str]) -> list[int]:
    """The index of each of ``messages`` (as :func:`recording_comms` keeps them) that sent
    ``widget`` a new redraw number (its class ``lnb-shown-<n>``); ``before``: the widget's
    classes before those messages.

    >>> from widgets.core.redraws import mark_shown
    >>> with pytest.MonkeyPatch.context() as monkeypatch:
    ...     messages = recording_comms(monkeypatch)
    ...     box = w.VBox()
    ...     before = box._dom_classes
    ...     messages.clear()
    ...     box.layout.width = "10em"  # 0: the box's layout
    ...     mark_shown(box, 1)  # 1: a new number
    ...     _ = box.add_class("lnb-app")  # 2: a class, the same number
    ...     mark_shown(box, 2)  # 3: a new number
    >>> counted_at(box, messages, before)
    [1, 3]
    """
    found, last = [], _number(before)
    for i, (comm_id, state) in enumerate(messages):
        if comm_id != widget.comm.comm_id or "_dom_classes" not in state:
            continue
        if _number(state["_dom_classes"]) != last:
            found.append(i)
            last = _number(state["_dom_classes"])
    return found
