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
from tornado.web import RequestHandler
from traitlets import Float

Factory = Callable[..., type]
UNJOINED_TIMEOUT = 60.0


@dataclass
class Render:
    """One render request: its browser's token, its task, the kernel it took (once known)."""

    token: bytes
    task: asyncio.Task[Any] | None
    kernel_id: str | None = None
    ended: bool = False


RENDER: ContextVar[Render | None] = ContextVar("kit_render", default=None)


def browser_token(handler: RequestHandler) -> bytes:
    """The raw token of the request's ``_xsrf`` cookie (a fresh random one if it has none)."""
    return bytes(handler._get_raw_xsrf_token()[1])  # tornado's own decoding of the cookie


def start_render(handler: RequestHandler) -> None:
    """Mark the current request as a render: the kernel it takes will be its browser's."""
    with contextlib.suppress(RuntimeError):
        render = Render(browser_token(handler), asyncio.current_task())
        RENDER.set(render)
        handler._kit_render = render  # type: ignore[attr-defined]


def end_render(handler: RequestHandler) -> None:
    """The render's response is over: from now on its kernel waits for its page."""
    render: Render | None = getattr(handler, "_kit_render", None)
    if render is None or render.ended or render.kernel_id is None:
        return
    render.ended = True
    watch = getattr(handler.kernel_manager, "kit_watch", None)  # type: ignore[attr-defined]
    if watch is not None:
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

            def __init__(self, **kwargs: Any) -> None:
                super().__init__(**kwargs)
                self.kit_owners: dict[str, bytes] = {}
                self.kit_joined: set[str] = set()

            def _kit_claim(self, kernel_id: str) -> None:
                render = RENDER.get()
                # Only the render's own task: pool refills it starts run in tasks of their own.
                if (render is None or render.kernel_id is not None
                        or render.task is not asyncio.current_task()):
                    return
                render.kernel_id = kernel_id
                self.kit_owners[kernel_id] = render.token

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
                self.kit_joined.discard(kernel_id)
                return await ensure_async(super().shutdown_kernel(kernel_id, *args, **kwargs))

        return KitKernelManager

    return make
