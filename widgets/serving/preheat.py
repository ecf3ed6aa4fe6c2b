"""Preheating that never makes a page wait: one kernel at a time, after the pages.

Voila 0.5 starts *every* preheated kernel at once when the server starts (a class of 30
and a kernel per lesson: 42 kernels on two cores), and a page asking for a notebook whose
pool holds kernels still starting waits behind all of them. :func:`with_background_preheat`
wraps Voila's kernel manager factory so preheating is a background job instead:

* one pool kernel is started at a time, the next only once its notebook has run (or waits
  for its page's request, as the puzzle app does: ``voila/query/<kernel id>`` is open);
* pools named in ``kernel_pools_config`` (the class's pages) come before the default ones,
  in the order named there: the first page's kernels all start before the second page's;
* a pupil opening a lesson has one kernel of the lesson's next page (its navigation's "→"
  link, :func:`widgets.serving.class_pages.next_page`) preheated, if that page has no
  kernel ready or coming; at most ``KitPreheat.next_pages`` (4) such kernels wait at a time,
  and once a page takes one it is not refilled (the pool keeps its configured size);
* a page opened (a render) postpones preheating by ``KitPreheat.quiet`` seconds (10),
  and so does the server's start: the first pages opened are served first;
* a page takes a pool kernel only if that kernel is already started (ready, or the one
  warming up now); otherwise it starts its own kernel at once, as without preheating.

:class:`PreheatQueue` is the scheduling alone (plain asyncio): while one kernel warms up,
the others wait, and the class page's goes first.

>>> import asyncio
>>> async def demo() -> list[str]:
...     queue, done = PreheatQueue(quiet=0), []
...     await queue.turn()  # a kernel warming up holds the turn
...     async def job(name: str, priority: int) -> None:
...         await queue.turn(priority)
...         done.append(name)
...         queue.release()
...     jobs = asyncio.gather(job("lesson", 1), job("class page", 0))
...     await asyncio.sleep(0)
...     done.append(f"{queue.waiting()} waiting")
...     queue.release()
...     await jobs
...     return done
>>> asyncio.run(demo())
['2 waiting', 'class page', 'lesson']
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jupyter_core.utils import ensure_async
from traitlets import Float, Int

from widgets.serving.class_pages import next_page

Factory = Callable[..., type]
QUIET = 10.0  # seconds without a page opened before preheating goes on
WARM_LIMIT = 30.0  # seconds a kernel's notebook may run before the next kernel starts anyway
WATCH_EVERY = 0.2  # seconds between looks at a warming kernel
NEXT_PAGES = 4  # kernels of lessons' next pages waiting at most (KitPreheat.next_pages)


class PreheatQueue:
    """Turns for preheating jobs: one at a time, lowest ``priority`` first (then first come),
    none within ``quiet`` seconds of :meth:`page_opened` (or of the queue's creation).

    A job awaits :meth:`turn`, works, then calls :meth:`release`; :meth:`close` cancels every
    job still waiting and refuses new ones.
    """

    def __init__(self, quiet: float = QUIET) -> None:
        self.quiet = quiet
        self.busy = False
        self.closed = False
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._quiet_until = 0.0
        self._timer: asyncio.TimerHandle | None = None
        self._started = False

    def _loop(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.get_running_loop()
        if not self._started:  # the server's start counts as a page opened
            self._started = True
            self._quiet_until = max(self._quiet_until, loop.time() + self.quiet)
        return loop

    def page_opened(self) -> None:
        """A page is being served: postpone the next turn by ``quiet`` seconds."""
        loop = self._loop()
        self._quiet_until = max(self._quiet_until, loop.time() + self.quiet)

    async def turn(self, priority: int = 1) -> None:
        """Wait until this job may start a kernel (raises CancelledError once closed)."""
        if self.closed:
            raise asyncio.CancelledError("preheating is closed")
        waiter: asyncio.Future[None] = self._loop().create_future()
        heapq.heappush(self._waiting, (priority, next(self._order), waiter))
        self._next()
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # given the turn, then cancelled
                self.release()
            raise

    def release(self) -> None:
        """The job holding the turn is done: give the next one its turn."""
        self.busy = False
        self._next()

    def close(self) -> None:
        """Cancel every waiting job; no job gets a turn any more."""
        self.closed = True
        for _, _, waiter in self._waiting:
            waiter.cancel()
        self._waiting.clear()

    def waiting(self) -> int:
        """How many jobs wait for a turn."""
        return sum(not waiter.done() for _, _, waiter in self._waiting)

    def _next(self) -> None:
        if self.busy or self.closed:
            return
        while self._waiting and self._waiting[0][2].done():  # cancelled meanwhile
            heapq.heappop(self._waiting)
        if not self._waiting:
            return
        loop = self._loop()
        wait = self._quiet_until - loop.time()
        if wait > 0:
            if self._timer is None:
                self._timer = loop.call_later(wait, self._wake)
            return
        self.busy = True
        heapq.heappop(self._waiting)[2].set_result(None)

    def _wake(self) -> None:
        self._timer = None
        self._next()


def with_background_preheat(factory: Factory) -> Factory:
    """Wrap Voila's ``voila_kernel_manager_factory``: pools fill in the background, one kernel
    at a time, after the pages (see the module's docstring)."""

    def make(base_class: type, preheat_kernel: bool, default_pool_size: int,
             page_config_hook: Callable[..., Any] | None = None) -> type:
        manager = factory(base_class, preheat_kernel, default_pool_size,
                          page_config_hook=page_config_hook)
        if not preheat_kernel:
            return manager

        class KitPreheat(manager):  # type: ignore[valid-type,misc]
            """Voila's kernel manager; its pools fill in the background, pages first."""

            quiet = Float(QUIET, config=True,
                          help="Seconds preheating waits after the server's start and after "
                               "each page opened, so pages are served first.")
            next_pages = Int(NEXT_PAGES, config=True,
                             help="Kernels of lessons' next pages preheated at most at a time "
                                  "(one per lesson opened whose next page has none; 0: off).")

            def __init__(self, **kwargs: Any) -> None:
                self.kit_preheat = PreheatQueue()
                self._kit_started: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
                self._kit_watches: set[asyncio.Future[None]] = set()
                self._kit_next: weakref.WeakSet[asyncio.Future[Any]] = weakref.WeakSet()
                super().__init__(**kwargs)  # creates the pool jobs; they run once the loop does
                self.kit_preheat.quiet = self.quiet

            def _kit_priority(self, notebook_path: str) -> int:
                """The class's pages in the order named, then next pages, then the rest."""
                named = [name for name in self.kernel_pools_config if name != "default"]
                if notebook_path in named:
                    return named.index(notebook_path)
                return len(named) + (0 if notebook_path in self._kit_next_names() else 1)

            def _kit_next_names(self) -> set[str]:
                return {name for name, pool in self._pools.items()
                        if any(entry in self._kit_next for entry in pool)}

            def _kit_preheat_next(self, notebook_name: str) -> None:
                """One kernel of the page ``notebook_name`` leads to next, if it has none
                ready or coming and fewer than ``next_pages`` such kernels wait."""
                if self.next_pages <= 0:
                    return
                following = next_page(Path(self.root_dir), notebook_name)
                if following is None or self._pools.get(following):
                    return
                waiting = [entry for pool in self._pools.values() for entry in pool
                           if entry in self._kit_next]
                if len(waiting) >= self.next_pages:
                    return
                if not self._notebook_filter(Path(self.root_dir) / following):
                    return  # a denylisted page
                before = self.kernel_pools_config
                self.kernel_pools_config = {**before, following: {"pool_size": 1}}
                try:
                    self.fill_if_needed(delay=0, notebook_name=following)
                finally:
                    self.kernel_pools_config = before
                self._kit_next.update(self._pools.get(following, ()))

            def _kit_ready(self, entry: Any) -> bool:
                return entry in self._kit_started or (hasattr(entry, "done") and entry.done())

            async def _initialize(self, notebook_path: str, kernel_id: str | None = None,
                                  **kwargs: Any) -> Any:
                if kernel_id is not None:  # a restart: at once
                    return await super()._initialize(notebook_path, kernel_id, **kwargs)
                await self.kit_preheat.turn(priority=self._kit_priority(notebook_path))
                task = asyncio.current_task()
                if task is not None:
                    self._kit_started.add(task)
                try:
                    content = await super()._initialize(notebook_path, None, **kwargs)
                except BaseException:
                    self.kit_preheat.release()
                    raise
                watch = asyncio.ensure_future(self._kit_warming(content["task"],
                                                                content["kernel_id"]))
                self._kit_watches.add(watch)
                watch.add_done_callback(self._kit_watches.discard)
                return content

            async def _kit_warming(self, render: asyncio.Future[Any], kernel_id: str) -> None:
                """Give the next kernel its turn once this one is warm: its notebook has run
                (``render`` is over), or waits for its page's request, or ``WARM_LIMIT``."""
                from voila.request_info_handler import RequestInfoSocketHandler

                loop = asyncio.get_running_loop()
                began = loop.time()
                try:
                    while (not render.done() and loop.time() - began < WARM_LIMIT
                           and kernel_id not in RequestInfoSocketHandler._waiters):
                        await asyncio.sleep(WATCH_EVERY)
                finally:
                    self.kit_preheat.release()

            def get_pool_size(self, notebook_name: str) -> int:
                """Pool kernels a page may take now: started ones (not those still queued).
                Asked once by each page opened (Voila's handler): the page's next one gets a
                kernel too (:meth:`_kit_preheat_next`)."""
                size = sum(self._kit_ready(entry) for entry in self._pools.get(notebook_name, ()))
                self._kit_preheat_next(notebook_name)
                return size

            async def get_rendered_notebook(self, notebook_name: str, *args: Any,
                                            **kwargs: Any) -> Any:
                self.kit_preheat.page_opened()
                pool = self._pools.get(notebook_name, [])
                ready = next((entry for entry in pool if self._kit_ready(entry)), None)
                if ready is not None:  # Voila takes the first entry: make it a started one
                    pool.remove(ready)
                    pool.insert(0, ready)
                return await super().get_rendered_notebook(notebook_name, *args, **kwargs)

            async def start_kernel(self, *args: Any, **kwargs: Any) -> Any:
                # Reached by a page's own kernel only: pool kernels start below this class.
                self.kit_preheat.page_opened()
                return await ensure_async(super().start_kernel(*args, **kwargs))

            async def shutdown_all(self, *args: Any, **kwargs: Any) -> Any:
                self.kit_preheat.close()
                for pool in self._pools.values():
                    for entry in [e for e in pool if not self._kit_ready(e)]:
                        pool.remove(entry)
                        entry.cancel()
                return await super().shutdown_all(*args, **kwargs)

        return KitPreheat

    return make
