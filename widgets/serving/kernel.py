"""The kit's Python kernel: ipykernel's, with an IOPub queue long enough for a whole app.

A page's first cell sends its whole app at once: Ada's Dream opens with about a thousand
IOPub messages in a quarter of a second (a ``comm_open`` for each of its 571 widgets, 425
state updates, then the display and the kernel's *idle*). ipykernel's IOPub socket (ZeroMQ
``XPUB``) silently drops what is over its high-water mark (ZeroMQ's default, 1,000
messages) while the server reads slower than the kernel writes; Voila then waits 4 s for
the cell's *idle*, gives up, and the page shows its text without its app (measured: 2 to 6
of 30 Dream loads on a calm machine; 0 of 40 with this kernel).

:class:`KitKernelApp` raises that mark to :data:`IOPUB_QUEUE` messages (bounded, so a
runaway loop of output cannot take all memory). The kit's kernelspec
(``widgets/serving/data/kernels/python3``, first on ``JUPYTER_PATH`` when the kit is served
and on Binder) starts it: ``python -m widgets.serving.kernel -f {connection_file}``.

>>> IOPUB_QUEUE > 1000
True
>>> is_kit_kernel(["/venv/bin/python", "-m", "widgets.serving.kernel", "-f", "k.json"])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import zmq
from ipykernel.kernelapp import IPKernelApp

#: The module the kernelspec runs (``python -m``).
MODULE = "widgets.serving.kernel"
#: Messages the kernel keeps for a reader of IOPub that is behind (ZeroMQ's default: 1,000).
IOPUB_QUEUE = 50_000


def is_kit_kernel(cmdline: Sequence[str]) -> bool:
    """Whether a process's command line is this kernel's (as the kit's kernelspec starts it)."""
    return MODULE in cmdline


class KitKernelApp(IPKernelApp):
    """ipykernel's application; its IOPub socket keeps :data:`IOPUB_QUEUE` messages."""

    def init_iopub(self, context: Any) -> None:
        """Make the IOPub socket (and the sockets made after it) with the longer queue."""
        context.setsockopt(zmq.SNDHWM, IOPUB_QUEUE)
        super().init_iopub(context)


if __name__ == "__main__":
    KitKernelApp.launch_instance()
