"""The kit's Voila server as one process: start it, wait until it answers, stop it.

:class:`KitServer` runs ``python -m widgets.serving ROOT ...`` (plain Voila with the kit's
config) in a session of its own, so a Ctrl-C in the terminal reaches only its caller, which
stops it the one way: SIGTERM to Voila's process group (Voila's clean stop shuts its kernels
down), SIGKILL after a grace period, then any kernel still left. On Linux Voila also gets that
SIGTERM from the kernel of the system when its caller dies without stopping it (killed, or a
test run ended by ``timeout``): no server or kernel is left running on its own. The serve
command, the browser tests and the benchmarks all start the kit through it.

>>> server = KitServer("lessons", port=8870, voila_args=["--MappingKernelManager.cull_interval=9"])
>>> server.command(8870)[1:3], server.command(8870)[-1]
(['-m', 'widgets.serving'], '--MappingKernelManager.cull_interval=9')
>>> server.url("voila/render/index.ipynb")
'http://127.0.0.1:8870/voila/render/index.ipynb'
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO

import psutil

from lnb.core.errors import LnbError

LOCAL_IPS = ("", "0.0.0.0", "127.0.0.1", "localhost")
PORT_TAKEN = "is already in use"  # Voila's words when another process holds its port
PORT_ATTEMPTS = 3  # launches on freshly chosen ports before a taken port is an error
TAIL_LINES = 400  # output lines kept in memory when it goes to a pipe
MARKER = "LNB_KIT_SERVER"  # set in the server's environment: its kernels inherit it
JUPYTER_DIRS = (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"))


def _stopped_with_caller() -> Callable[[], None] | None:
    """What Voila's process runs before Voila (Linux): ask for SIGTERM when the thread that
    started it ends (``prctl(PR_SET_PDEATHSIG)``). Looked up here, in the caller, so the new
    process only makes one call. None where there is no such call.

    >>> callable(_stopped_with_caller()) or not sys.platform.startswith("linux")
    True
    """
    if not sys.platform.startswith("linux"):
        return None
    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    prctl.argtypes = (ctypes.c_int, ctypes.c_ulong)
    prctl.restype = ctypes.c_int
    pr_set_pdeathsig, sigterm = 1, int(signal.SIGTERM)

    def ask() -> None:
        prctl(pr_set_pdeathsig, sigterm)

    return ask


#: Run in Voila's process before Voila: see :func:`_stopped_with_caller` (so a KitServer is
#: started from a thread that lives as long as the server: the main thread, as everywhere).
_STOPPED_WITH_CALLER = _stopped_with_caller()

#: On Windows a console's Ctrl-C reaches every process of its group (``start_new_session``
#: is ignored there): Voila gets a group of its own, so only the caller is stopped by it and
#: stops Voila the one way, as on Linux and macOS.
OWN_GROUP = getattr(subprocess, "CREATE_NEW_PROCESS_GROUP", 0) if os.name == "nt" else 0

KERNEL_FILE = re.compile(r"kernel-([0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})\.json")


class ServerError(LnbError):
    """The kit's server did not start or does not answer.

    ``reason`` is ``"port-in-use"``, ``"exited"``, ``"timeout"`` or ``"not-started"``;
    fields ``port``, ``returncode`` and ``log`` (the tail of Voila's output) carry the facts,
    and ``pid``, for a port held by another kit server, that server's process.
    """


def kit_server_on(port: int) -> psutil.Process | None:
    """The kit server listening on ``port``, if one does: a process of this user carrying
    ``MARKER`` in its environment (every kit server does, see :meth:`KitServer.environ`).
    """
    for proc in psutil.process_iter():
        with contextlib.suppress(psutil.Error):
            if MARKER in proc.environ() and any(
                    c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == port
                    for c in proc.net_connections(kind="inet")):
                return proc
    return None


def python_ended(pid: int) -> bool:
    """Whether the Python program of process ``pid``, which catches SIGTERM while it runs
    (Voila does), has run to its end: its code, its ``atexit`` calls and its last output are
    done, and the interpreter has given SIGTERM back to the system, which it does only when
    it starts freeing its memory (Linux: ``SigCgt`` in ``/proc/<pid>/status``). False where
    that cannot be read (another system, a process gone).

    >>> import signal
    >>> before = signal.signal(signal.SIGTERM, lambda *_: None)
    >>> python_ended(os.getpid())
    False
    >>> _ = signal.signal(signal.SIGTERM, before)
    """
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    caught = next((line.split()[1] for line in status.splitlines()
                   if line.startswith("SigCgt:")), None)
    state = next((line.split()[1] for line in status.splitlines()
                  if line.startswith("State:")), "")
    if caught is None or state in ("Z", "X"):  # a zombie: reaped by proc.wait(), not here
        return False
    return not int(caught, 16) >> (int(signal.SIGTERM) - 1) & 1


def free_port(ip: str = "127.0.0.1") -> int:
    """A TCP port on ``ip`` that was free a moment ago (the system's choice)."""
    with socket.socket() as sock:
        sock.bind((ip, 0))
        return int(sock.getsockname()[1])


def port_is_free(port: int, ip: str = "127.0.0.1") -> bool:
    """Whether a server could listen on ``port`` now (bound as Voila binds, SO_REUSEADDR).

    >>> port = free_port()
    >>> port_is_free(port)
    True
    >>> with socket.create_server(("127.0.0.1", port)):
    ...     port_is_free(port)
    False
    """
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((ip, port))
            sock.listen()
        except OSError:
            return False
    return True


def hermetic_environ(home: Path, environ: Mapping[str, str]) -> dict[str, str]:
    """``environ`` with Jupyter's and IPython's config, data and runtime folders under
    ``home`` (made if missing), so no user setting reaches the server.

    JUPYTER_PATH is left alone: the venv's ``share/jupyter`` (ipywidgets, Voila's templates,
    the python3 kernelspec) is found through ``sys.prefix``, not the user folders.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     env = hermetic_environ(Path(tmp), {"JUPYTER_PREFER_ENV_PATH": "1"})
    ...     Path(env["JUPYTER_RUNTIME_DIR"]).is_dir(), "JUPYTER_PREFER_ENV_PATH" in env
    (True, False)
    """
    env = dict(environ)
    for var, sub in JUPYTER_DIRS:
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(home / sub)
    env.pop("JUPYTER_PREFER_ENV_PATH", None)
    return env


class KitServer:
    """The kit's Voila server on ``root`` (a folder of notebooks), as a child process.

    ``port=None`` picks a free port at :meth:`start` (and another if it is taken before
    Voila binds it); a given port that is busy is a :class:`ServerError`. ``voila_args``
    are Voila's own options (the serve command's pools and culling, see
    :func:`widgets.serve.kit_voila_args`), ``env`` variables added to ``os.environ``,
    ``home`` a folder for hermetic Jupyter folders (:func:`hermetic_environ`). Voila's
    output goes to the file ``log``, else to a pipe read by a thread (kept for
    :meth:`log_tail`, and copied to ``echo`` if given), so nothing blocks on it.

    Use it as a context manager (start, wait until it answers, stop), or call
    :meth:`start`, :meth:`wait_ready` and :meth:`stop`; :attr:`port` and :meth:`url` are
    final once :meth:`wait_ready` has returned.
    """

    def __init__(self, root: Path | str, port: int | None = None, *, ip: str = "127.0.0.1",
                 voila_args: Sequence[str] = (), env: Mapping[str, str] | None = None,
                 home: Path | None = None, log: Path | None = None,
                 echo: IO[str] | None = None, cwd: Path | None = None,
                 startup_timeout: float = 90, grace: float = 20) -> None:
        self.root = Path(root).resolve()
        self.requested_port = port
        self.port = port
        self.ip = ip
        self.voila_args = tuple(voila_args)
        self.env = dict(env or {})
        self.home = home
        self.log = log
        self.echo = echo
        self.cwd = cwd
        self.startup_timeout = startup_timeout
        self.grace = grace
        self.proc: subprocess.Popen[bytes] | None = None
        self.marker = uuid.uuid4().hex
        self._lines: collections.deque[str] = collections.deque(maxlen=TAIL_LINES)
        self._log_offset = 0
        self._readers: list[threading.Thread] = []
        self._attempts = 0
        self._cut_short = False  # Voila killed after its own stop (see stop)

    # -- what is run ---------------------------------------------------------------------

    def command(self, port: int) -> list[str]:
        """The command line of the server on ``port``."""
        return [
            sys.executable, "-m", "widgets.serving", str(self.root), "--no-browser",
            f"--port={port}",
            "--Voila.port_retries=0",  # a taken port is reported here, not silently moved
            f"--Voila.ip={self.ip}",
            # Kernels talk to the server over Unix sockets, not TCP ports: a port chosen free
            # can be taken by the time the kernel binds it, and with dozens of kernels
            # starting at once (a class pool) some then die ("Address already in use").
            *(["--KernelManager.transport=ipc"] if os.name == "posix" else []),
            *self.voila_args,
        ]

    def environ(self) -> dict[str, str]:
        """The server's environment (making the hermetic folders under ``home``, if given)."""
        env = {**os.environ, **self.env, MARKER: self.marker}
        return hermetic_environ(self.home, env) if self.home is not None else env

    @property
    def host(self) -> str:
        """The address to reach the server at (``127.0.0.1`` when it listens everywhere)."""
        if self.ip in LOCAL_IPS:
            return "127.0.0.1"
        return f"[{self.ip}]" if ":" in self.ip else self.ip

    def url(self, path: str = "") -> str:
        """The address of ``path`` on the server (the tree page for ``""``)."""
        if self.port is None:
            raise ServerError("the server has no port yet: call start() first",
                              reason="not-started")
        return f"http://{self.host}:{self.port}/{path.lstrip('/')}"

    # -- start ---------------------------------------------------------------------------

    def choose_port(self) -> int:
        """A port for a server started without one (a free one)."""
        return free_port("127.0.0.1" if self.ip in LOCAL_IPS else self.ip)

    def start(self) -> KitServer:
        """Start Voila (without waiting for it: see :meth:`wait_ready`)."""
        if self.proc is not None and self.proc.poll() is None:
            return self
        self._attempts = 1
        port = self.requested_port
        if port is None:
            port = self.choose_port()
        elif not port_is_free(port, self.ip or "0.0.0.0"):
            raise self._port_error(port)
        self._launch(port)
        return self

    def _launch(self, port: int) -> None:
        self.port = port
        self._cut_short = False
        env = self.environ()
        if self.log is not None:
            self.log.parent.mkdir(parents=True, exist_ok=True)
            out: IO[bytes] | int = self.log.open("ab")
            self._log_offset = out.tell()  # type: ignore[union-attr]
        else:
            out = subprocess.PIPE
            self._lines = collections.deque(maxlen=TAIL_LINES)
        try:
            self.proc = subprocess.Popen(self.command(port), cwd=self.cwd, env=env,
                                         stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, start_new_session=True,
                                         preexec_fn=_STOPPED_WITH_CALLER,
                                         creationflags=OWN_GROUP)
        finally:
            if not isinstance(out, int):
                out.close()  # the child has its own copy
        if self.proc.stdout is not None:
            reader = threading.Thread(target=self._read, args=(self.proc.stdout, self._lines),
                                      daemon=True, name=f"voila-output-{port}")
            reader.start()
            self._readers.append(reader)

    def _read(self, stream: IO[bytes], lines: collections.deque[str]) -> None:
        with stream:
            for raw in iter(stream.readline, b""):
                line = raw.decode(errors="replace")
                lines.append(line)
                if self.echo is not None:
                    with contextlib.suppress(OSError, ValueError):
                        self.echo.write(line)
                        self.echo.flush()

    def wait_ready(self, timeout: float | None = None) -> KitServer:
        """Wait until the server answers HTTP on its port (at most ``timeout`` seconds,
        default ``startup_timeout``); raise :class:`ServerError` if it exits or is silent.

        A port chosen free but taken before Voila bound it is replaced by another, up to
        ``PORT_ATTEMPTS`` launches in all.
        """
        if self.proc is None:
            raise ServerError("the server was not started: call start() first",
                              reason="not-started")
        limit = self.startup_timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        while True:
            code = self.proc.poll()
            if code is not None:
                taken = PORT_TAKEN in self._output_since_launch() or not port_is_free(
                    self.port or 0, self.ip or "0.0.0.0")
                if not taken:
                    raise self._error(f"Voila exited with code {code} before it answered",
                                      "exited", returncode=code)
                if self.requested_port is not None or self._attempts >= PORT_ATTEMPTS:
                    raise self._port_error(self.port or 0, returncode=code)
                self._attempts += 1
                self._launch(self.choose_port())
                continue
            if self._answers(min(2.0, max(0.1, deadline - time.monotonic()))):
                return self
            if time.monotonic() > deadline:
                raise self._error(f"Voila did not answer at {self.url()} within {limit:.0f} s",
                                  "timeout")
            time.sleep(0.2)

    def _answers(self, timeout: float) -> bool:
        """Whether *this* process listens on the port and answers a request there."""
        if not self._listening():
            return False
        try:
            with urllib.request.urlopen(self.url(), timeout=timeout):
                return True
        except urllib.error.HTTPError as err:
            return err.code < 500
        except OSError:
            return False

    def _listening(self) -> bool:
        assert self.proc is not None
        try:
            conns = psutil.Process(self.proc.pid).net_connections(kind="inet")
        except psutil.Error:
            return False
        return any(c.status == psutil.CONN_LISTEN and c.laddr and c.laddr.port == self.port
                   for c in conns)

    # -- output and errors ---------------------------------------------------------------

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of Voila's output."""
        if self.log is not None:
            text = self.log.read_text(errors="replace") if self.log.exists() else ""
        else:
            text = "".join(self._lines)
        return "\n".join(text.splitlines()[-lines:])

    def _output_since_launch(self) -> str:
        if self.log is None:
            for reader in self._readers[-1:]:
                reader.join(timeout=2)  # the process is gone: its output ends soon
            return "".join(self._lines)
        with contextlib.suppress(OSError), self.log.open("rb") as log:
            log.seek(self._log_offset)
            return log.read().decode(errors="replace")
        return ""

    def _error(self, message: str, reason: str, **fields: object) -> ServerError:
        where = f" (its output: {self.log})" if self.log is not None else ""
        return ServerError(f"{message}{where}", reason=reason, port=self.port,
                           log=self.log_tail(), **{"returncode": None, **fields})

    def _port_error(self, port: int, returncode: int | None = None) -> ServerError:
        holder = kit_server_on(port)
        if holder is not None and (self.proc is None or holder.pid != self.proc.pid):
            with contextlib.suppress(psutil.Error):
                started = time.strftime("%H:%M", time.localtime(holder.create_time()))
                return ServerError(
                    f"port {port} on {self.host} is held by a kit server still running "
                    f"(PID {holder.pid}, started at {started}), perhaps left behind by a "
                    f"closed terminal: stop it with `kill {holder.pid}` (its kernels stop "
                    "with it), or choose another port", reason="port-in-use", port=port,
                    pid=holder.pid, returncode=returncode,
                    log=self.log_tail() if self.proc is not None else "")
        return ServerError(
            f"port {port} on {self.host} is already in use (another kit server?): stop "
            "that server or choose another port", reason="port-in-use", port=port,
            returncode=returncode, log=self.log_tail() if self.proc is not None else "")

    # -- stop ----------------------------------------------------------------------------

    def wait(self) -> int:
        """Wait until the server exits on its own; its exit code."""
        if self.proc is None:
            raise ServerError("the server was not started: call start() first",
                              reason="not-started")
        return self.proc.wait()

    def stop(self) -> int | None:
        """Stop the server: SIGTERM to its process group (Voila shuts its kernels down),
        SIGKILL after ``grace`` seconds (or at a Ctrl-C meanwhile), then any process of
        this server still left (a kernel). Returns Voila's exit code (None: never started).

        Once Voila's own stop has run to its end (its kernels shut down, its folders
        removed, its last words logged) only the interpreter's teardown is left, most of a
        second of freeing memory: Voila is killed then (:func:`python_ended`), and counts
        as having exited cleanly (0).
        """
        proc = self.proc
        if proc is None:
            return None
        family = self._family()
        if proc.poll() is None:
            self._signal(signal.SIGTERM)
            deadline = time.monotonic() + self.grace
            try:
                while proc.poll() is None:
                    if python_ended(proc.pid):
                        self._cut_short = True
                        self._signal(getattr(signal, "SIGKILL", signal.SIGTERM))
                        break
                    if time.monotonic() > deadline:
                        raise subprocess.TimeoutExpired(proc.args, self.grace)
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        proc.wait(timeout=0.02)
                proc.wait()
            except (subprocess.TimeoutExpired, KeyboardInterrupt):  # too slow, or Ctrl-C again
                self._cut_short = False
                self._signal(getattr(signal, "SIGKILL", signal.SIGTERM))  # Windows: no SIGKILL
                proc.wait()
        left = [p for p in family + self._family() if p.pid != proc.pid]
        for child in left:
            with contextlib.suppress(psutil.Error):
                child.kill()
        psutil.wait_procs(left, timeout=5)
        for reader in self._readers:
            reader.join(timeout=2)
        return 0 if self._cut_short else proc.returncode

    def _signal(self, sig: signal.Signals) -> None:
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError, PermissionError):
            if os.name == "posix":
                os.killpg(self.proc.pid, sig)  # its own session: Voila's group, not ours
            else:
                self.proc.send_signal(sig)

    def kernel_ids(self) -> set[str]:
        """The ids of the kernels this server runs now (named by their connection files)."""
        ids = set()
        for proc in self._family():
            with contextlib.suppress(psutil.Error):
                ids.update(m.group(1) for arg in proc.cmdline() for m in KERNEL_FILE.finditer(arg))
        return ids

    def _family(self) -> list[psutil.Process]:
        """Voila and its kernels: its children, and every process carrying its marker."""
        found: dict[int, psutil.Process] = {}
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(psutil.Error):
                parent = psutil.Process(self.proc.pid)
                found = {p.pid: p for p in [parent, *parent.children(recursive=True)]}
        for proc in psutil.process_iter():
            if proc.pid in found:
                continue
            with contextlib.suppress(psutil.Error):
                if proc.environ().get(MARKER) == self.marker:
                    found[proc.pid] = proc
        return list(found.values())

    # -- context manager -----------------------------------------------------------------

    def __enter__(self) -> KitServer:
        self.start()
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.stop()
