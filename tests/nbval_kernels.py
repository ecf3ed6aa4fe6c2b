"""nbval's kernels talk over IPC sockets, and a kernel that dies on starting says why.

nbval starts one kernel per notebook on TCP ports its jupyter_client picks by binding port 0
and letting go; every worker of the run, and every Voila server and kernel the other tests
start, picks ports the same way, so two can pick the same port and the later kernel dies on
starting ("Kernel died before replying to kernel_info": CI, a Chinese lesson's 12 cells, once
in some 5,000 tests). Over IPC a kernel's sockets are files of its connection file's name, in
this run's ``JUPYTER_RUNTIME_DIR``: nothing to race for.

nbval also throws a kernel's stderr away; here it goes to a file beside the connection file,
and its end is in the error when the kernel dies before it is ready.

>>> IpcKernelManager().transport
'ipc'
"""

from __future__ import annotations

import tempfile
import uuid
from pathlib import Path
from typing import Any

import nbval.kernel
from jupyter_client.manager import KernelManager
from jupyter_core.paths import jupyter_runtime_dir
from traitlets import CaselessStrEnum, default

#: How much of a dead kernel's stderr its error shows (its last characters).
STDERR_SHOWN = 3000


class IpcKernelManager(KernelManager):
    """jupyter_client's kernel manager, on IPC sockets unless configured otherwise."""

    transport = CaselessStrEnum(["tcp", "ipc"], default_value="ipc", config=True)

    @default("ip")
    def _ip_default(self) -> str:
        """An absolute path of its own (jupyter_client's is relative, and the kernel runs in
        the notebook's folder): ``<runtime dir>/kernel-<uuid>-ipc``, sockets ``…-ipc-1`` on."""
        return str(Path(jupyter_runtime_dir()) / f"kernel-{uuid.uuid4()}-ipc")


_start_new_kernel = nbval.kernel.start_new_kernel


def start_new_kernel(startup_timeout: float = 60, kernel_name: str = "python",
                     **kwargs: Any) -> Any:
    """nbval's ``start_new_kernel``, keeping the kernel's stderr to show if it dies."""
    with tempfile.NamedTemporaryFile("w+", prefix="nbval-kernel-", suffix=".stderr",
                                     dir=jupyter_runtime_dir(), delete=False) as stderr:
        kwargs["stderr"] = stderr
        try:
            return _start_new_kernel(startup_timeout=startup_timeout, kernel_name=kernel_name,
                                     **kwargs)
        except RuntimeError as error:
            stderr.seek(0)
            said = stderr.read()[-STDERR_SHOWN:] or "(nothing)"
            raise RuntimeError(f"{error}; the kernel's stderr ({stderr.name}) ends:\n{said}") \
                from error


def pytest_configure(config: Any) -> None:
    """nbval's kernels start with :class:`IpcKernelManager` and keep their stderr."""
    nbval.kernel.KernelManager = IpcKernelManager
    nbval.kernel.start_new_kernel = start_new_kernel
