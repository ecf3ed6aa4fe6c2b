"""A lesson's parts further down the page, built once the cells before them have run (issue 33).

The served kit's Voila runs every cell of a lesson before the page's scripts start, so a
lesson's first exercise is usable only after the kernel has built every widget of the page
(lesson 09: about 420 widget models, most of the kernel's time). A cell showing a part further
down can ask for it later::

    later(exercise, "09-undo-a-program", "undo-80")   # instead of exercise("09-...", "undo-80")

The cell shows an empty box (:class:`Later`, class ``lnb-later``) at once. The part is built
in it, in the order asked for, once the page has taken the kernel's widgets: Voila's page asks
for them when its scripts have started, after the notebook ran (ipywidgets' ``request_states``
on its control comm), and closes that comm once it has the answer. The page gets the first
parts' widgets in that answer (lesson 09: 114 models instead of 421) and draws them while the
later parts come, one part at a time. A part built before the page has the answer's models
would reach it too early: its widgets point at models it does not know yet (the shared
stylesheet), and a busy page gave up on them after 2 s ("Error displaying widget: model not
found", CI's browser pass and lesson 09 under load). So a kernel no page has asked keeps its
parts waiting (a preheated one, waiting for its pupil; a page connected but not yet asking),
and a page that asked but never closed the comm (it gave up waiting for the answer and asks
for each model instead) gets them :data:`LATE` seconds after the answer. In a notebook whose
page already shows the kernel's widgets (JupyterLab) a part is built once the kernel has had
nothing to run for :data:`IDLE` seconds. The part is the same widget, made the same way, only
later; the page's drawing before Python keeps its place until it is drawn. Any other code run
in the kernel (a ``pin`` cell, a test or the drawings' generator reading the page's widgets, a
notebook's next cell that is not a ``later``) first builds every part still waiting, so it
sees the page whole. Where no event loop runs (plain Python, a doctest) the part is built at
once.

>>> import ipywidgets as w
>>> part = later(w.Button, description="Go")
>>> [type(child).__name__ for child in part.children], part.children[0].description
(['Button'], 'Go')
>>> part.built() is part.children[0]
True
"""

from __future__ import annotations

import ast
import asyncio
import functools
import logging
from collections.abc import Callable
from typing import Any

import ipywidgets as w

#: Seconds after the page took the kernel's widgets (or, its page already shown, after the
#: last ``later``) before the first waiting part is built.
IDLE = 0.15
#: Seconds after the kernel's answer before the parts are built for a page that never said it
#: took it (its control comm still open: the page asks for each model instead).
LATE = 20.0
CLASS = "lnb-later"
LOG = logging.getLogger("widgets.lessons")


class Later(w.VBox):
    """An empty box that holds one part once :meth:`built` has made it."""

    def __init__(self, build: Callable[[], w.Widget]) -> None:
        super().__init__(_dom_classes=(CLASS,))
        self._build: Callable[[], w.Widget] | None = build

    @property
    def waiting(self) -> bool:
        """Whether the part is still to be built."""
        return self._build is not None

    def built(self) -> w.Widget:
        """The part, built now if it was not yet (its error, if building fails, is raised)."""
        if self._build is not None:
            build, self._build = self._build, None
            self.children = (build(),)
        return self.children[0]


_waiting: list[Later] = []
_timer: asyncio.Handle | None = None
_hooked = False


def later(build: Callable[..., w.Widget], /, *args: Any, **kwargs: Any) -> Later:
    """A box that shows ``build(*args, **kwargs)``, built once the page has taken the kernel's
    widgets (see the module); at once where no event loop runs."""
    part = Later(functools.partial(build, *args, **kwargs))
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:  # plain Python: nothing runs later
        part.built()
        return part
    _hook_cells()
    _hook_browser()
    _waiting.append(part)
    if w.Widget._control_comm is not None:  # a page already shows this kernel's widgets
        _build_in(IDLE, loop)
    return part


def _build_in(seconds: float, loop: asyncio.AbstractEventLoop) -> None:
    """Build the waiting parts ``seconds`` from now (instead of when the last timer said)."""
    global _timer
    if _timer is not None:
        _timer.cancel()
    _timer = loop.call_later(seconds, _build_on_time)


def build_waiting() -> None:
    """Build every part still waiting, in the order asked for (an error is raised after the
    others are built)."""
    global _timer
    if _timer is not None:
        _timer.cancel()
        _timer = None
    failed: Exception | None = None
    while _waiting:
        part = _waiting.pop(0)
        try:
            part.built()
        except Exception as error:  # the other parts are still built
            failed = failed or error
    if failed is not None:
        raise failed


def _build_on_time() -> None:
    """Build the first waiting part, then let the kernel answer what came meanwhile (a
    pupil's click) before the next one."""
    global _timer
    _timer = None
    if not _waiting:
        return
    part = _waiting.pop(0)
    try:
        part.built()
    except Exception:  # no cell to show it: the kernel's log says which part failed
        LOG.exception("A part of the page asked for later could not be built")
    if _waiting:
        _timer = asyncio.get_running_loop().call_soon(_build_on_time)


def only_later(source: str) -> bool:
    """Whether a cell's code does nothing but ask for parts later (its parts keep waiting).

    >>> only_later('later(exercise, "09-undo-a-program", "undo-80")')
    True
    >>> only_later("assert run('A1+').result == 1"), only_later("%time later(f)")
    (False, False)
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython's own syntax (magics): not a cell of parts
        return False
    return bool(tree.body) and all(
        isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name) and node.value.func.id == "later"
        for node in tree.body)


def _before_cell(info: Any) -> None:
    if _waiting and not only_later(getattr(info, "raw_cell", "") or ""):
        build_waiting()


_browser_hooked = False


def _hook_browser() -> None:
    """Have the waiting parts built once a page has taken this kernel's widgets (Voila's page,
    after the notebook ran: it closes the control comm once it has the answer): the page gets
    the widgets made so far, the parts follow."""
    global _browser_hooked
    if _browser_hooked:
        return
    answer = w.Widget._handle_control_comm_msg.__func__

    def answer_then_build(cls: type[w.Widget], msg: dict[str, Any]) -> None:
        answer(cls, msg)
        asked = (msg.get("content") or {}).get("data", {}).get("method") == "request_states"
        if asked and _waiting:
            loop = asyncio.get_running_loop()
            _build_in(LATE, loop)  # unless the page says first that it took the answer
            control = cls._control_comm
            if control is not None:
                control.on_close(lambda _msg: _build_in(IDLE, loop))

    w.Widget._handle_control_comm_msg = classmethod(answer_then_build)  # type: ignore[assignment]
    _browser_hooked = True


def _hook_cells() -> None:
    """Have IPython build the waiting parts before any cell that is not only ``later`` calls."""
    global _hooked
    if _hooked:
        return
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    shell.events.register("pre_run_cell", _before_cell)
    _hooked = True


__all__ = ["IDLE", "LATE", "Later", "build_waiting", "later", "only_later"]
