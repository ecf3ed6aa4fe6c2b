"""Wake the pages that watch a room when it changes: push, with the page's poll as fall-back.

Kernels share nothing but the store. A write that changes what others show (a room's move,
a seat taken, a table opened in a class) *pings* its channels after its commit; a page
waiting on those channels is woken at once and reads the store as it always did (the
notification carries nothing: no move is ever read from it, so none can be lost or shown
twice by it). A page that is not woken still polls, slowly (:mod:`widgets.core.poller`).

Channels: ``room:CODE`` (a table's pages) and ``class:CODE`` (the class's dashboard), see
:func:`room_channel`, :func:`class_channel`.

The two engines:

* **SQLite file**: no server at all. Each waiting page binds a Unix datagram socket in the
  channel's folder, ``/tmp/lnb-notify-<uid>/<hash of the store file>/<channel>/`` (mode
  0700); a writer sends one byte to every socket there (non-blocking; a socket whose kernel
  died is removed by the first writer that finds it so). The page's kernel watches its
  socket with the event loop's ``add_reader``: no thread, no timer, nothing runs until a
  byte comes. ``make serve``, Binder and a plain Jupyter get it alike (it needs only the
  same machine, as the SQLite file does).
* **PostgreSQL**: ``LISTEN``/``NOTIFY``. A writer runs ``SELECT pg_notify(channel, '')`` on
  its store connection after the commit; each kernel that waits keeps one more connection,
  listening (``LISTEN``) to the channels of its pages, watched with ``add_reader`` too.

Set ``LNB_PUSH=0`` in the server's environment to turn push off (the pages poll as before).

>>> import asyncio, tempfile
>>> from classroom.progress import ProgressStore
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore(folder + "/p.sqlite3", backups=False)
>>> async def one_ping():
...     waiter = Waiter(notifier_for(store), [room_channel("K7QX")])
...     waiter.open(asyncio.get_running_loop())
...     notifier_for(store).ping([room_channel("K7QX")])
...     woken = await waiter.wait(5.0)
...     waiter.close()
...     return woken, waiter.healthy
>>> asyncio.run(one_ping())
(True, False)
>>> store.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import hashlib
import logging
import os
import re
import secrets
import socket
import tempfile
import threading
import time
import weakref
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

LOG = logging.getLogger("classroom")
PUSH_VAR = "LNB_PUSH"
#: The longest path of a Unix socket (Linux's sun_path is 108 bytes with its NUL).
SOCKET_PATH_MAX = 100
#: Seconds between two tries to reconnect a broken PostgreSQL listener.
RECONNECT_SECONDS = 10.0
_CHANNEL = re.compile(r"^[a-z]+:[A-Za-z0-9_-]{1,40}$")


def room_channel(code: str) -> str:
    """The channel of table ``code``'s pages.

    >>> room_channel("k7qx")
    'room:K7QX'
    """
    return f"room:{code.strip().upper()}"


def class_channel(class_code: str) -> str:
    """The channel of class ``class_code``'s dashboard (every table of the class pings it).

    >>> class_channel("ABC123")
    'class:ABC123'
    """
    return f"class:{class_code.strip()}"


def push_enabled() -> bool:
    """False when ``$LNB_PUSH`` is ``0``/``off``/``no``/``false`` (the pages poll as before).

    >>> push_enabled() in (True, False)
    True
    """
    return os.environ.get(PUSH_VAR, "1").strip().lower() not in ("0", "off", "no", "false")


def _checked(channels: Iterable[str]) -> list[str]:
    out = []
    for channel in channels:
        if not _CHANNEL.match(channel):
            raise ValueError(f"not a notification channel: {channel!r} (write it as "
                             f"room_channel(code) or class_channel(code) make it)")
        out.append(channel)
    return out


class Notifier:
    """The store's notifications: :meth:`ping` (a writer, after its commit) and
    :meth:`listen` (a page's :class:`Waiter`). A ping never raises: push is a shortcut, the
    poll is the truth."""

    engine = "none"

    def ping(self, channels: Iterable[str]) -> None:
        """Wake every page waiting on ``channels`` (nothing when none waits)."""

    def listen(self, channels: Sequence[str], wake: Callable[[], None],
               loop: asyncio.AbstractEventLoop) -> Listening | None:
        """Call ``wake()`` on ``loop`` whenever one of ``channels`` is pinged; None when
        push is unavailable (the page polls)."""
        return None


class Listening:
    """One page's listening: :attr:`healthy` while notifications can reach it."""

    def healthy(self) -> bool:
        return False

    def close(self) -> None:
        """Stop listening (idempotent)."""


# -- SQLite: Unix datagram sockets in a folder per channel -------------------------------

def socket_folder(store_file: Path | str) -> Path:
    """The folder of ``store_file``'s channels: ``/tmp/lnb-notify-<uid>/<hash>`` (the same
    for every kernel of the machine that opens the same file).

    >>> str(socket_folder("/srv/class/progress.sqlite3")).startswith(tempfile.gettempdir())
    True
    """
    real = os.path.realpath(str(store_file))
    digest = hashlib.sha256(real.encode("utf-8")).hexdigest()[:16]
    base = "/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir()
    return Path(base) / f"lnb-notify-{os.getuid() if hasattr(os, 'getuid') else 0}" / digest


def _channel_dir(folder: Path, channel: str) -> Path:
    return folder / channel.replace(":", "-")


class SocketNotifier(Notifier):
    """Notifications of a SQLite store: see the module."""

    engine = "sqlite"

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._sender: socket.socket | None = None
        self._lock = threading.Lock()

    def ping(self, channels: Iterable[str]) -> None:
        with self._lock:
            for channel in _checked(channels):
                try:
                    entries = list(os.scandir(_channel_dir(self.folder, channel)))
                except OSError:  # nobody waits on it
                    continue
                for entry in entries:
                    if entry.name.endswith(".sock"):
                        self._send(entry.path)

    def _send(self, path: str) -> None:
        if self._sender is None:
            self._sender = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
            self._sender.setblocking(False)
        try:
            self._sender.sendto(b"!", path)
        except BlockingIOError:  # its queue is full: it is woken already
            pass
        except OSError as exc:
            if exc.errno in (errno.ECONNREFUSED, errno.ENOTSOCK):  # its kernel died
                with contextlib.suppress(OSError):
                    os.unlink(path)
            elif exc.errno not in (errno.ENOENT, errno.EAGAIN):
                LOG.debug("notification to %s not sent: %s", path, exc)

    def listen(self, channels: Sequence[str], wake: Callable[[], None],
               loop: asyncio.AbstractEventLoop) -> Listening | None:
        try:
            return SocketListening(self.folder, _checked(channels), wake, loop)
        except (OSError, NotImplementedError) as exc:  # NotImplemented: a loop without readers
            LOG.info("push unavailable (%s): the page polls", exc)
            return None


class SocketListening(Listening):
    """One bound datagram socket per channel, watched by the loop's ``add_reader``."""

    def __init__(self, folder: Path, channels: list[str], wake: Callable[[], None],
                 loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.wake = wake
        self.socks: list[tuple[socket.socket, str]] = []
        try:
            for channel in channels:
                where = _channel_dir(folder, channel)
                where.mkdir(parents=True, exist_ok=True, mode=0o700)
                with contextlib.suppress(OSError):
                    folder.parent.chmod(0o700)  # only this user's kernels ping
                if hasattr(os, "getuid") and folder.parent.stat().st_uid != os.getuid():
                    raise PermissionError(errno.EPERM, "not this user's folder", str(folder))
                path = str(where / f"{os.getpid()}-{secrets.token_hex(4)}.sock")
                if len(path.encode()) > SOCKET_PATH_MAX:
                    raise OSError(errno.ENAMETOOLONG, "socket path too long", path)
                sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
                self.socks.append((sock, path))
                sock.setblocking(False)
                try:
                    sock.bind(path)
                except FileNotFoundError:  # another page's close removed the empty folder
                    where.mkdir(parents=True, exist_ok=True, mode=0o700)
                    sock.bind(path)
                loop.add_reader(sock.fileno(), self._readable, sock)
        except BaseException:
            self.close()
            raise

    def _readable(self, sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while sock.recv(64):
                pass
        self.wake()

    def healthy(self) -> bool:
        """True while every socket is still in its folder (a cleaner of /tmp may remove
        them: the page then polls, and listens again)."""
        return bool(self.socks) and all(os.path.exists(path) for _s, path in self.socks)

    def close(self) -> None:
        socks, self.socks = self.socks, []
        for sock, path in socks:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(sock.fileno())
            with contextlib.suppress(OSError):
                sock.close()
            with contextlib.suppress(OSError):
                os.unlink(path)
            with contextlib.suppress(OSError):  # the channel's folder, once nobody waits
                os.rmdir(os.path.dirname(path))


# -- PostgreSQL: LISTEN / NOTIFY --------------------------------------------------------------

def pg_channel(prefix: str, channel: str) -> str:
    """The PostgreSQL channel name of ``channel`` for the store ``prefix`` names (channels
    are the database server's, so the store's place is in the name; at most 63 bytes).

    >>> pg_channel("lnb_0123abcd", "room:K7QX")
    'lnb_0123abcd_room_K7QX'
    """
    return f"{prefix}_{channel.replace(':', '_')}"[:63]


def pg_prefix(where: str) -> str:
    """The channels' prefix of the store at ``where`` (its URL without password)."""
    return "lnb_" + hashlib.sha256(where.encode("utf-8")).hexdigest()[:8]


class PgNotifier(Notifier):
    """Notifications of a PostgreSQL store: ``NOTIFY`` on the store's own connection, one
    ``LISTEN`` connection per kernel (shared by its pages)."""

    engine = "postgresql"

    def __init__(self, store: Any, url: str, where: str) -> None:
        self.store = weakref.ref(store)
        self.url = url
        self.prefix = pg_prefix(where)
        self._hub: PgHub | None = None

    def ping(self, channels: Iterable[str]) -> None:
        store = self.store()
        names = [pg_channel(self.prefix, c) for c in _checked(channels)]
        if store is None or not names:
            return
        sql = "SELECT " + ", ".join("pg_notify(?, '')" for _ in names)
        try:
            store.read_shared(lambda conn: conn.execute(sql, names).fetchone())
        except Exception as exc:  # push is a shortcut: the pages' poll still sees the move
            LOG.debug("notification not sent: %s", exc)

    def listen(self, channels: Sequence[str], wake: Callable[[], None],
               loop: asyncio.AbstractEventLoop) -> Listening | None:
        names = [pg_channel(self.prefix, c) for c in _checked(channels)]
        if self._hub is None or self._hub.loop is not loop:
            if self._hub is not None:  # a new event loop (a test's): the old one is done
                self._hub._drop()
            self._hub = PgHub(self.url, loop)
        return self._hub.add(names, wake)


class PgHub:
    """A kernel's one ``LISTEN`` connection: channels → the pages' wake functions."""

    def __init__(self, url: str, loop: asyncio.AbstractEventLoop) -> None:
        self.url = url
        self.loop = loop
        self.conn: Any = None
        self.fd: int | None = None
        self.waiters: dict[str, list[Callable[[], None]]] = {}
        self.tried = -RECONNECT_SECONDS
        self.was_connected = False

    @property
    def connected(self) -> bool:
        return self.conn is not None and not self.conn.closed

    def connect(self) -> bool:
        """(Re)connect and listen to every channel a page waits on; False when the server
        does not answer (tried again at most every :data:`RECONNECT_SECONDS`)."""
        if self.connected:
            return True
        now = time.monotonic()
        if now - self.tried < RECONNECT_SECONDS:
            return False
        self.tried = now
        try:
            import psycopg

            self.conn = psycopg.connect(self.url, autocommit=True, connect_timeout=2)
            self.conn.add_notify_handler(self._dispatch)
            for name in self.waiters:
                self.conn.execute(f'LISTEN "{name}"')
            self.fd = self.conn.pgconn.socket
            self.loop.add_reader(self.fd, self._readable)
        except Exception as exc:
            LOG.info("push unavailable (%s): the pages poll", " ".join(str(exc).split()))
            self._drop()
            return False
        if self.was_connected:  # back: a ping may have been missed meanwhile, look once
            for wakes in self.waiters.values():
                for wake in wakes:
                    wake()
        self.was_connected = True
        return True

    def _drop(self) -> None:
        if self.fd is not None:
            with contextlib.suppress(Exception):
                self.loop.remove_reader(self.fd)
        self.fd = None
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
        self.conn = None

    def _readable(self) -> None:
        try:
            pgconn = self.conn.pgconn
            pgconn.consume_input()
            if pgconn.status != 0:  # not CONNECTION_OK: the server ended it
                raise ConnectionError("the listening connection was closed by the server")
            while (note := pgconn.notifies()) is not None:
                self._dispatch_name(note.relname.decode("utf-8", "replace"))
        except Exception as exc:  # the server went away: the pages poll until it is back
            LOG.info("push lost (%s): the pages poll", " ".join(str(exc).split()))
            self._drop()
            for wakes in self.waiters.values():
                for wake in wakes:
                    wake()

    def _dispatch(self, note: Any) -> None:
        self._dispatch_name(note.channel)

    def _dispatch_name(self, name: str) -> None:
        for wake in list(self.waiters.get(name, ())):
            wake()

    def add(self, names: list[str], wake: Callable[[], None]) -> PgListening:
        for name in names:
            first = name not in self.waiters
            self.waiters.setdefault(name, []).append(wake)
            if first and self.connected:
                try:
                    self.conn.execute(f'LISTEN "{name}"')
                except Exception:
                    self._drop()
        self.connect()
        return PgListening(self, names, wake)

    def remove(self, names: list[str], wake: Callable[[], None]) -> None:
        for name in names:
            wakes = self.waiters.get(name, [])
            with contextlib.suppress(ValueError):
                wakes.remove(wake)
            if not wakes:
                self.waiters.pop(name, None)
                if self.connected:
                    with contextlib.suppress(Exception):
                        self.conn.execute(f'UNLISTEN "{name}"')


class PgListening(Listening):
    def __init__(self, hub: PgHub, names: list[str], wake: Callable[[], None]) -> None:
        self.hub = hub
        self.names = names
        self.wake = wake
        self.closed = False

    def healthy(self) -> bool:
        """True while the kernel's LISTEN connection is up (else it reconnects, now and
        then, and says False meanwhile)."""
        return not self.closed and (self.hub.connected or self.hub.connect())

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.hub.remove(self.names, self.wake)


# -- one notifier per store ------------------------------------------------------------------

_NOTIFIERS: weakref.WeakKeyDictionary[Any, Notifier] = weakref.WeakKeyDictionary()
_NOTIFIERS_LOCK = threading.Lock()


def notifier_for(store: Any) -> Notifier:
    """The notifier of ``store`` (a :class:`classroom.store.Store`): sockets for a SQLite
    file, LISTEN/NOTIFY for PostgreSQL, none (a plain :class:`Notifier`) in memory."""
    with _NOTIFIERS_LOCK:
        found = _NOTIFIERS.get(store)
        if found is None:
            found = _NOTIFIERS[store] = _make(store)
        return found


def _make(store: Any) -> Notifier:
    from classroom.engines import PgServer, SqliteFile

    engine = getattr(store, "engine", None)
    if isinstance(engine, SqliteFile):
        if not hasattr(socket, "AF_UNIX"):  # Windows' CPython: the pages poll
            return Notifier()
        return SocketNotifier(socket_folder(engine.path))
    if isinstance(engine, PgServer):
        return PgNotifier(store, engine.url, engine.where)
    return Notifier()


class Waiter:
    """One page's wait for its channels: :meth:`open` on the page's loop, then
    ``await wait(timeout)`` (True: pinged; False: the time ran out), :attr:`healthy` (push
    works now: else the page polls at its fall-back pace and :meth:`repair` listens again),
    :meth:`close`."""

    def __init__(self, notifier: Notifier, channels: Sequence[str]) -> None:
        self.notifier = notifier
        self.channels = list(channels)
        self.listening: Listening | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.event: asyncio.Event | None = None

    @property
    def enabled(self) -> bool:
        """Whether push is meant to work here: on (``$LNB_PUSH``), channels given, a store
        shared by kernels (not one in memory)."""
        return push_enabled() and bool(self.channels) and self.notifier.engine != "none"

    def open(self, loop: asyncio.AbstractEventLoop) -> bool:
        """Start listening (on ``loop``); False when push is off or unavailable."""
        self.loop = loop
        if self.event is None:
            self.event = asyncio.Event()
        if not self.enabled:
            return False
        if self.listening is None:
            self.listening = self.notifier.listen(self.channels, self._wake, loop)
        return self.healthy

    def _wake(self) -> None:
        if self.event is not None:
            self.event.set()

    @property
    def healthy(self) -> bool:
        return self.listening is not None and self.listening.healthy()

    def repair(self) -> bool:
        """Listen again after push broke (a removed socket, a lost connection)."""
        if self.loop is None:
            return False
        if isinstance(self.listening, SocketListening) and not self.listening.healthy():
            self.listening.close()  # bound again below
            self.listening = None
        return self.open(self.loop)

    async def wait(self, timeout: float) -> bool:
        """Until pinged (True) or ``timeout`` seconds (False); the ping is consumed."""
        assert self.event is not None, "open() the waiter first"
        if not self.event.is_set():
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.event.wait(), timeout)
        woken = self.event.is_set()
        self.event.clear()
        return woken

    def close(self) -> None:
        if self.listening is not None:
            self.listening.close()
            self.listening = None
