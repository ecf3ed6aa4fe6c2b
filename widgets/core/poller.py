"""A poll loop for a page: an asyncio task on the kernel's own event loop (no thread).

Pages that show what other kernels write (a live table's page, the teacher's dashboard) share
nothing with those kernels but the store. So each calls ``tick()``, which asks the store one
question and redraws only when something changed. The loop stops by itself when ``alive()``
turns False (the page's widgets were closed) and with the kernel. A ``tick`` that raises is
reported to ``on_error`` and the loop goes on: a page never dies of one bad poll.

**Push, with the poll as fall-back.** Given a ``waiter`` (a :class:`classroom.notify.Waiter`
on the page's channels, e.g. ``RoomStore.waiter(code)``), the loop ticks when a write pings
one of them, and besides: every ``interval`` seconds for :data:`LINGER` seconds after a ping
(a table's own paced moves follow one another) and while ``busy()`` says the page has work
of its own due soon (:meth:`PolledPage.poll_busy`: e.g. a draft not yet saved, the bell
near), else every :data:`IDLE` seconds (an idle page: its heartbeat, the moves a table makes
on its own clock); while push is broken (the
notifier is gone, the database's listening connection lost) every :data:`FALLBACK` seconds,
listening again meanwhile. Without a waiter, or with push off (``LNB_PUSH=0``), or on a
store in memory, the loop ticks every ``interval`` seconds as it always did. A ping only
wakes the page: what it shows is what the store holds, so no move is lost or shown twice.
``Poller.woken`` says whether the current tick follows a ping; ``Poller.mode`` is
``"poll"``, ``"push"`` or ``"fallback"``.

>>> import asyncio
>>> ticks = []
>>> poller = Poller(lambda: ticks.append(1), alive=lambda: len(ticks) < 3, interval=0.01)
>>> asyncio.run(poller.run())
>>> len(ticks), poller.running
(3, False)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

LOG = logging.getLogger("widgets")
INTERVAL = 0.25  # seconds between two polls of a table (a move shows on the others in < 1 s)
IDLE = 2.0  # pushed: seconds between two ticks of an idle page (a seat's heartbeat is 2 s)
LINGER = 3.0  # pushed: after a ping, tick every ``interval`` seconds for this long
FALLBACK = 1.0  # push broken: seconds between two polls (slower than INTERVAL, never stops)


class Poller:
    """Call ``tick()`` every ``interval`` seconds while ``alive()`` is True."""

    def __init__(self, tick: Callable[[], None], *, alive: Callable[[], bool],
                 interval: float = INTERVAL,
                 on_error: Callable[[BaseException], None] | None = None,
                 waiter: Any = None, idle: float = IDLE, fallback: float = FALLBACK,
                 linger: float = LINGER, busy: Callable[[], bool] | None = None) -> None:
        self.tick = tick
        self.alive = alive
        self.interval = interval
        self.on_error = on_error
        self.waiter = waiter  # a classroom.notify.Waiter (or None: poll every interval)
        self.idle = idle
        self.fallback = fallback
        self.linger = linger
        self.busy = busy  # True: the page has work of its own due soon, tick every interval
        self.running = False
        self.woken = False  # the current tick follows a ping
        self.mode = "poll"
        self.task: asyncio.Task[None] | None = None

    def start(self) -> bool:
        """Start the loop on the running event loop (the kernel's, under Voila or Jupyter);
        False when there is none (a plain script: call ``tick()`` yourself)."""
        if self.running or (self.task is not None and not self.task.done()):
            return True  # one loop per page (a task made but not yet run counts)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            try:  # ipykernel runs cells outside the loop's callbacks, the loop is set though
                loop = asyncio.get_event_loop_policy().get_event_loop()
            except RuntimeError:
                return False
            if not loop.is_running():
                return False
        self.task = loop.create_task(self.run())
        return True

    def stop(self) -> None:
        """Stop after the current tick."""
        self.alive = lambda: False
        if self.task is not None:
            self.task.cancel()

    def _busy(self) -> bool:
        try:
            return bool(self.busy is not None and self.busy())
        except Exception:  # a page never dies of its own question
            LOG.exception("page busy check failed")
            return False

    async def run(self) -> None:
        """The loop itself (awaitable in tests)."""
        self.running = True
        waiter = self.waiter
        pushed = waiter is not None and waiter.enabled
        if pushed:
            waiter.open(asyncio.get_running_loop())
        busy_until = time.monotonic() + self.linger  # a page just opened: its table moves
        try:
            while self.alive():
                try:
                    self.tick()
                except Exception as exc:  # a poll never kills the page
                    LOG.exception("page poll failed")
                    if self.on_error is not None:
                        self.on_error(exc)
                if not self.alive():
                    break
                if not pushed:
                    await asyncio.sleep(self.interval)
                    continue
                if waiter.healthy or waiter.repair():
                    self.mode = "push"
                    soon = time.monotonic() < busy_until or self._busy()
                    wait = self.interval if soon else self.idle
                else:
                    if self.mode != "fallback":  # said in the log, never to the pupil
                        LOG.info("push unavailable: the page polls every %s s", self.fallback)
                    self.mode = "fallback"
                    wait = self.fallback
                self.woken = await waiter.wait(wait)
                if self.woken:
                    busy_until = time.monotonic() + self.linger
        except asyncio.CancelledError:
            pass
        finally:
            self.running = False
            if waiter is not None:
                waiter.close()


class PolledPage:
    """A page (an ipywidgets box) that polls while it is open: :meth:`start_poller` starts one
    loop for the page, which ends when the page's widgets are closed; :meth:`close` stops it
    first. Put it before the widget class: ``class Dashboard(PolledPage, w.VBox)``."""

    poller: Poller | None = None

    def start_poller(self, tick: Callable[[], None], *, interval: float = INTERVAL,
                     on_error: Callable[[BaseException], None] | None = None,
                     waiter: Any = None) -> bool:
        """Call ``tick()`` every ``interval`` seconds on the kernel's loop while the page is
        open (one loop a page), or, given a ``waiter`` (``RoomStore.waiter(code)``), when
        its channels are pinged and now and then (see the module); False when there is no
        running loop."""
        if self.poller is None:
            self.poller = Poller(tick, alive=self.page_open, interval=interval,
                                 on_error=on_error, waiter=waiter, busy=self.poll_busy)
        return self.poller.start()

    def poll_busy(self) -> bool:
        """Whether the page has work of its own due within a tick or two (a pushed loop then
        ticks every ``interval`` seconds, not only on pings): a page overrides it, e.g. a
        table's page while a draft is not saved or the race's bell is near. False here."""
        return False

    def page_open(self) -> bool:
        """Whether the page's widgets are still open (a closed widget has no comm)."""
        return getattr(self, "comm", None) is not None

    def close(self) -> None:
        """Stop polling, then close the page's widgets."""
        if self.poller is not None:
            self.poller.stop()
        super().close()  # type: ignore[misc]
