"""Which browser owns which kernel, and kernels whose page never came.

A render (``voila/render/NB``) takes a kernel: a preheated one
(``get_rendered_notebook``) or a new one (``start_kernel``). :func:`with_owners` wraps
Voila's kernel manager factory so that kernel is bound to the browser that asked for it: the
raw token of its ``_xsrf`` cookie, which the same response sets (:mod:`widgets.serving.xsrf`).
Only a request carrying that cookie may then see (``GET api/kernels/<id>``) or shut down
(``DELETE api/kernels/<id>``, the closed page's ``POST voila/api/shutdown/<id>``) the kernel:
:func:`owns`. Knowing another pupil's kernel id is not enough.

A rendered kernel whose page never opens its websocket (a plain GET, a script, a page that
never loaded) is shut down ``KitKernelManager.unjoined_timeout`` seconds (60) after the
render's response ended (:func:`end_render`; a notebook that runs long is not cut short),
instead of living until culling: :func:`joined` marks the kernels whose page came.

One browser holds at most ``KitKernelManager.pages_per_browser`` kernels (6), one network
address at most ``pages_per_address`` (40): a render past either first frees that browser's
(or address's) oldest kernel whose page has left without saying so (its websocket closed),
and is refused if there is none (:func:`start_render` says which limit), so one browser
cannot take the memory a class needs. A kernel whose page stays open but does nothing for
``connected_idle_timeout`` seconds (an hour) is culled too (plain Jupyter culls only kernels
no page is connected to): its page then says to reload.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from jupyter_core.utils import ensure_async
from jupyter_server._tz import utcnow
from tornado.web import RequestHandler
from traitlets import Float, Int

Factory = Callable[..., type]
UNJOINED_TIMEOUT = 60.0
PAGES_PER_BROWSER = 6
PAGES_PER_ADDRESS = 40
CONNECTED_IDLE_TIMEOUT = 3600.0
ADMIT_GRACE = 2.0  # seconds a render past a page limit waits for room (a reload's old page)
ADMIT_POLL = 0.2


@dataclass(eq=False)
class Render:
    """One render request: its browser's token, its task, its address, the kernel it took
    (once known)."""

    token: bytes
    task: asyncio.Task[Any] | None
    address: str = ""
    kernel_id: str | None = None
    ended: bool = False


RENDER: ContextVar[Render | None] = ContextVar("kit_render", default=None)


def browser_token(handler: RequestHandler) -> bytes:
    """The raw token of the request's ``_xsrf`` cookie (a fresh random one if it has none)."""
    return bytes(handler._get_raw_xsrf_token()[1])  # tornado's own decoding of the cookie


async def start_render(handler: RequestHandler) -> str | None:
    """Mark the current request as a render: the kernel it takes will be its browser's.

    Returns None, or the limit that refuses it (``"browser"`` or ``"address"``: see the
    module's docstring); a browser's or address's left pages are freed first to make room.
    """
    try:
        task = asyncio.current_task()
    except RuntimeError:
        return None
    render = Render(browser_token(handler), task, handler.request.remote_ip or "")
    admit = getattr(handler.kernel_manager, "kit_admit", None)  # type: ignore[attr-defined]
    if admit is not None:
        refused = await admit(render)
        if refused is not None:
            return str(refused)
    RENDER.set(render)
    handler._kit_render = render  # type: ignore[attr-defined]
    return None


def end_render(handler: RequestHandler) -> None:
    """The render's response is over: from now on its kernel waits for its page."""
    render: Render | None = getattr(handler, "_kit_render", None)
    if render is None or render.ended:
        return
    render.ended = True
    manager = handler.kernel_manager  # type: ignore[attr-defined]
    with contextlib.suppress(ValueError, AttributeError):
        manager.kit_pending.remove(render)
    watch = getattr(manager, "kit_watch", None)
    if watch is not None and render.kernel_id is not None:
        watch(render.kernel_id)


def owns(handler: RequestHandler, kernel_id: str) -> bool:
    """Whether the request comes from the browser ``kernel_id`` was rendered for."""
    owner = getattr(handler.kernel_manager, "kit_owners", {}).get(kernel_id)  # type: ignore[attr-defined]
    return owner is not None and hmac.compare_digest(owner, browser_token(handler))


def joined(handler: RequestHandler, kernel_id: str) -> None:
    """Note that a page opened the websocket of ``kernel_id``."""
    seen = getattr(handler.kernel_manager, "kit_joined", None)  # type: ignore[attr-defined]
    if seen is not None:
        seen.add(kernel_id)


def with_owners(factory: Factory) -> Factory:
    """Wrap Voila's ``voila_kernel_manager_factory``: its class records each render's owner
    and frees kernels no page joined (see the module's docstring)."""

    def make(base_class: type, preheat_kernel: bool, default_pool_size: int,
             page_config_hook: Callable[..., Any] | None = None) -> type:
        manager = factory(base_class, preheat_kernel, default_pool_size,
                          page_config_hook=page_config_hook)

        class KitKernelManager(manager):  # type: ignore[valid-type,misc]
            """Voila's kernel manager; a rendered kernel belongs to the browser that asked."""

            unjoined_timeout = Float(
                UNJOINED_TIMEOUT, config=True,
                help="Seconds a rendered kernel waits for its page's websocket before it is "
                     "shut down (0: never).")
            pages_per_browser = Int(
                PAGES_PER_BROWSER, config=True,
                help="Kernels (pages) one browser may hold at once (0: no limit).")
            pages_per_address = Int(
                PAGES_PER_ADDRESS, config=True,
                help="Kernels (pages) one network address may hold at once (0: no limit).")
            connected_idle_timeout = Float(
                CONNECTED_IDLE_TIMEOUT, config=True,
                help="Seconds a kernel whose page is still connected may do nothing before "
                     "it is culled (0: never; culling must be on).")

            def __init__(self, **kwargs: Any) -> None:
                super().__init__(**kwargs)
                self.kit_owners: dict[str, bytes] = {}
                self.kit_addresses: dict[str, str] = {}
                self.kit_joined: set[str] = set()
                self.kit_pending: list[Render] = []  # admitted renders without a kernel yet

            def _kit_claim(self, kernel_id: str) -> None:
                render = RENDER.get()
                # Only the render's own task: pool refills it starts run in tasks of their own.
                if (render is None or render.kernel_id is not None
                        or render.task is not asyncio.current_task()):
                    return
                render.kernel_id = kernel_id
                self.kit_owners[kernel_id] = render.token
                self.kit_addresses[kernel_id] = render.address
                with contextlib.suppress(ValueError):
                    self.kit_pending.remove(render)

            async def kit_admit(self, render: Render) -> str | None:
                """Admit ``render`` (None) or say which limit refuses it; frees the oldest
                left pages of its browser or address first, if that makes room. A render
                past a limit waits up to ``ADMIT_GRACE`` seconds first: a reload's render can
                come before the left page's shutdown request and websocket close."""
                deadline = asyncio.get_running_loop().time() + ADMIT_GRACE
                while True:
                    refused = await self._kit_admit_now(render)
                    if refused is None or asyncio.get_running_loop().time() >= deadline:
                        return refused
                    await asyncio.sleep(ADMIT_POLL)

            async def _kit_admit_now(self, render: Render) -> str | None:
                alive = [k for k in self.kit_owners if k in self]
                mine = [k for k in alive if hmac.compare_digest(self.kit_owners[k], render.token)]
                count = len(mine) + sum(r.token == render.token for r in self.kit_pending)
                freed = self._kit_room(count, self.pages_per_browser, mine)
                if freed is None:
                    return "browser"
                near = [k for k in alive if self.kit_addresses.get(k) == render.address
                        and k not in freed]
                count = len(near) + sum(r.address == render.address for r in self.kit_pending)
                more = self._kit_room(count, self.pages_per_address, near)
                if more is None:
                    return "address"
                self.kit_pending.append(render)  # counted from now on, before any wait
                for kernel_id in freed + more:
                    self.log.info("Kernel %s: its page left, and its browser (or address) "
                                  "opens a page past the limit; shutting it down", kernel_id)
                    with contextlib.suppress(KeyError):
                        await ensure_async(self.shutdown_kernel(kernel_id))
                return None

            def _kit_room(self, count: int, limit: int, kernels: list[str]) -> list[str] | None:
                """The kernels to free so that one more page fits under ``limit``: the
                oldest of those whose page left; None if there are not enough."""
                if limit <= 0 or count < limit:
                    return []
                need = count - limit + 1
                left = [k for k in kernels
                        if k in self.kit_joined and not self._kernel_connections.get(k, 0)]
                left.sort(key=lambda k: getattr(self._kernels[k], "last_activity", utcnow()))
                return left[:need] if len(left) >= need else None

            async def cull_kernel_if_idle(self, kernel_id: str) -> None:
                """Jupyter's culling, plus kernels whose page stays connected but has been
                idle ``connected_idle_timeout`` seconds."""
                kernel = self._kernels.get(kernel_id)
                last = getattr(kernel, "last_activity", None)
                if (kernel is not None and last is not None and not self.cull_connected
                        and self.connected_idle_timeout > 0
                        and self._kernel_connections.get(kernel_id, 0)
                        and (self.cull_busy or kernel.execution_state != "busy")):
                    idle = (utcnow() - last).total_seconds()
                    if idle > self.connected_idle_timeout:
                        self.log.warning("Culling kernel %s: its page is open but has done "
                                         "nothing for %d s", kernel_id, idle)
                        await ensure_async(self.shutdown_kernel(kernel_id))
                        return
                await super().cull_kernel_if_idle(kernel_id)

            def kit_watch(self, kernel_id: str) -> None:
                """Shut ``kernel_id`` down if no page joins it within ``unjoined_timeout``."""
                if self.unjoined_timeout > 0:
                    asyncio.get_running_loop().call_later(
                        self.unjoined_timeout, self._kit_free_unjoined, kernel_id)

            def _kit_free_unjoined(self, kernel_id: str) -> None:
                if kernel_id in self.kit_joined or kernel_id not in self:
                    return
                self.log.info("Kernel %s: no page joined it within %.0f s of its render; "
                              "shutting it down", kernel_id, self.unjoined_timeout)
                task = asyncio.ensure_future(self.shutdown_kernel(kernel_id))
                task.add_done_callback(lambda done: done.cancelled() or done.exception())

            if preheat_kernel:
                async def get_rendered_notebook(self, *args: Any, **kwargs: Any) -> Any:
                    result = await super().get_rendered_notebook(*args, **kwargs)
                    self._kit_claim(result[2])
                    return result

            async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
                kernel_id = str(await ensure_async(super().start_kernel(*args, **kwargs)))
                self._kit_claim(kernel_id)
                return kernel_id

            async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:
                self.kit_owners.pop(kernel_id, None)
                self.kit_addresses.pop(kernel_id, None)
                self.kit_joined.discard(kernel_id)
                return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))

        return KitKernelManager

    return make
