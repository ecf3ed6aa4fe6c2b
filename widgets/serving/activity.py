"""The server's watch on each kernel's messages, at a third of its cost (issue 33).

jupyter_server watches every message a kernel publishes, to know when the kernel was last
active (for culling idle kernels) and its execution state: for each one it checks the
signature and unpacks the header, the parent's header and the metadata, turning every
string that looks like a date into a date, to read two names (``msg_type`` and the parent's).
A lesson page sends about 700 messages while Voila runs it (a ``comm_open`` for each of its
400 widgets, their updates, each cell's status); the one-widget page about 80. Measured on
this machine (busy): 0.3 to 0.5 ms a message, 0.2 to 0.35 s of the server's time for each
lesson opened, on the same two cores as the page's kernel and browser (and one server for
a class: 30 lessons opened at once are 21,000 messages); this watch takes 0.14 ms. Voila's
own reading of the same messages (the page's outputs) stays as it is.

:func:`light_watch` gives a kernel manager class whose watch does the same with less: the
signature checked as before, then only the two headers' JSON read (no dates), and the
content only for a ``status`` message, as jupyter_server does. What it records is the
same: :meth:`~jupyter_server.services.kernels.kernelmanager.MappingKernelManager.
track_message_type` decides what counts as activity; the state after "starting" is
normalised to "idle" unless the status answers a tracked request.

>>> from jupyter_client.session import Session
>>> session = Session(key=b"k")
>>> request = session.msg("execute_request", {"code": "1"})
>>> busy = session.serialize(session.msg("status", {"execution_state": "busy"}, parent=request))
>>> seen = header_types(session, busy)
>>> seen.msg_type, seen.parent_msg_type, status_of(session, seen)
('status', 'execute_request', 'busy')
>>> forged = [*busy[:1], b"0" * 64, *busy[2:]]
>>> header_types(session, forged)
Traceback (most recent call last):
ValueError: Invalid Signature: b'0000000000000000000000000000000000000000000000000000000000000000'
"""

from __future__ import annotations

import hmac
import json
from dataclasses import dataclass
from typing import Any

from jupyter_client.session import Session


@dataclass(frozen=True)
class Seen:
    """What the watch reads of one message: its type, its parent's, and its parts."""

    msg_type: str
    parent_msg_type: str | None
    parts: list[Any]


def header_types(session: Session, msg_list: list[Any]) -> Seen:
    """The message's type and its parent's, its signature checked as
    :meth:`Session.deserialize` checks it (a wrong one raises ``ValueError``)."""
    _idents, parts = session.feed_identities(msg_list, copy=True)
    parts = [bytes(p) if not isinstance(p, bytes) else p for p in parts]
    if session.auth is not None:
        signature = parts[0]
        if not signature:
            raise ValueError("Unsigned Message")
        if not hmac.compare_digest(signature, session.sign(parts[1:5])):
            raise ValueError(f"Invalid Signature: {signature!r}")
    header = json.loads(parts[1])
    parent = json.loads(parts[2]) if parts[2] else {}
    return Seen(str(header.get("msg_type")), (parent or {}).get("msg_type"), parts)


def status_of(session: Session, seen: Seen) -> str:
    """The execution state a ``status`` message says."""
    return str(json.loads(seen.parts[4])["execution_state"])


def light_watch(base: type) -> type:
    """``base`` (a jupyter_server kernel manager class) with the cheaper watch (see the
    module); ``base`` itself when it is already one."""
    if getattr(base, "kit_light_watch", False):
        return base

    class LightWatch(base):  # type: ignore[valid-type,misc]
        """The kernel manager, its watch on kernel messages reading only their headers."""

        kit_light_watch = True

        def start_watching_activity(self, kernel_id: str) -> None:
            from jupyter_server._tz import utcnow

            kernel = self._kernels[kernel_id]
            kernel.reason = ""
            kernel.last_activity = utcnow()
            kernel._activity_stream = kernel.connect_iopub()
            session = Session(config=kernel.session.config, key=kernel.session.key)

            def record_activity(msg_list: list[Any]) -> None:
                seen = header_types(session, msg_list)
                if (self.track_message_type(seen.msg_type)
                        or self.track_message_type(seen.parent_msg_type)
                        or kernel.execution_state == "busy"):
                    self.last_kernel_activity = kernel.last_activity = utcnow()
                if seen.msg_type == "status":
                    state = status_of(session, seen)
                    if self.track_message_type(seen.parent_msg_type):
                        kernel.execution_state = state
                    elif kernel.execution_state == "starting" and state != "starting":
                        kernel.execution_state = "idle"

            kernel._activity_stream.on_recv(record_activity)

    LightWatch.__name__ = LightWatch.__qualname__ = f"LightWatch{base.__name__}"
    return LightWatch


def _light_default() -> type:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    return light_watch(AsyncMappingKernelManager)


#: jupyter_server's default kernel manager with the cheaper watch, by name for a
#: configuration (``--VoilaConfiguration.multi_kernel_manager_class=...``).
LightMappingKernelManager = _light_default()
