"""Inside a page's kernel: the widgets' states handed to the page at once.

When a page's scripts connect to its kernel, ipywidgets' front end asks for every widget's
state in one message (``request_states`` on the ``jupyter.widget.control`` comm) and draws
nothing until the answer comes. ipywidgets 8 (``Widget._handle_control_comm_msg``) answers
by serializing every widget's state *twice* (``get_manager_state()``, whose result it drops,
then the same walk again): for a lesson's 400-450 widgets (each with its layout and style)
60 ms or more each time on this machine, while the page waits.

:func:`install` keeps each widget's whole state (``get_state()``) until the widget changes:
a trait set (``notify_change``), a state sent (``send_state``), the widget opened or closed
anew all drop what was kept for it, so ipywidgets' own answer (both walks) is what it would
send at that moment, and costs only the widgets that changed. :func:`prepare` installs and
fills what is kept: a preheated kernel could do it once its notebook has run, so the page's
question is answered from what is kept; :mod:`widgets.serving.preheat` does not
(:data:`~widgets.serving.preheat.PREPARE_KEPT` is off: docs/benchmarks.md says why).

>>> import ipywidgets
>>> install()
>>> box = ipywidgets.VBox([ipywidgets.Button(description="go")])
>>> mine = {widget.model_id: widget for widget in (box, box.children[0])}
>>> states, paths, buffers = manager_state(mine)
>>> states[box.model_id]["state"]["children"] == [f"IPY_MODEL_{box.children[0].model_id}"]
True
>>> box.children[0].description = "stop"
>>> manager_state(mine)[0][box.children[0].model_id]["state"]["description"]
'stop'
>>> uninstall()
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Mapping
from typing import Any

log = logging.getLogger(__name__)

#: Per widget model id: the widget and its whole state, as ``get_state()`` gave it.
_kept: dict[str, tuple[Any, dict[str, Any]]] = {}
_installed = False
ORIGINAL: dict[str, Any] = {}
FORGETTING = ("notify_change", "send_state", "open", "close")


def _forget(widget: Any) -> None:
    """What was kept for ``widget`` goes (it changed)."""
    model_id = getattr(widget, "_model_id", None)
    if model_id is not None:
        _kept.pop(model_id, None)


def _kept_state(self: Any, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
    """``Widget.get_state``; the whole state (no key, defaults kept) of an open widget comes
    from what is kept while the widget has not changed (a copy: the caller may change it)."""
    if key is not None or drop_defaults:
        return ORIGINAL["get_state"](self, key, drop_defaults)
    model_id = getattr(self, "_model_id", None)
    kept = _kept.get(model_id) if model_id is not None else None
    if kept is None or kept[0] is not self:
        state = ORIGINAL["get_state"](self, key, drop_defaults)
        if model_id is None:
            return state
        kept = (self, state)
        _kept[model_id] = kept
    return dict(kept[1])


def manager_state(widgets: Mapping[str, Any] | None = None,
                  ) -> tuple[dict[str, Any], list[list[Any]], list[Any]]:
    """Every open widget's entry of the ``update_states`` answer (or of ``widgets``, by model
    id), its buffers' paths and its buffers, as ipywidgets builds them (each widget's state
    serialized only if it changed since it was last kept, once :func:`install` ran).

    >>> import ipywidgets
    >>> install()
    >>> image = ipywidgets.Image(value=b"\\x89PNG")
    >>> states, paths, buffers = manager_state({image.model_id: image})
    >>> [image.model_id, "state", "value"] in paths, bytes(buffers[paths.index(
    ...     [image.model_id, "state", "value"])])
    (True, b'\\x89PNG')
    >>> "value" in states[image.model_id]["state"]
    False
    >>> uninstall()
    """
    from ipywidgets.widgets.widget import _instances, _remove_buffers

    full = {model_id: {"model_name": widget._model_name, "model_module": widget._model_module,
                       "model_module_version": widget._model_module_version,
                       "state": widget.get_state(drop_defaults=False)}
            for model_id, widget in list((_instances if widgets is None else widgets).items())}
    if widgets is None:
        for gone in _kept.keys() - full.keys():
            del _kept[gone]
    return _remove_buffers(full)


def install() -> None:
    """Keep each open widget's whole state from one ``get_state()`` until it changes, in this
    kernel (once): ipywidgets' own answer to ``request_states`` (and whatever wraps it, as
    :mod:`widgets.lessons.later` does) then serializes only the widgets that changed."""
    global _installed
    if _installed:
        return
    from ipywidgets import Widget

    for name in (*FORGETTING, "get_state"):
        ORIGINAL[name] = getattr(Widget, name)

    def forgetting(method: Any) -> Any:
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            _forget(self)
            return method(self, *args, **kwargs)
        wrapper.__name__, wrapper.__doc__ = method.__name__, method.__doc__
        wrapper.__wrapped__ = method  # type: ignore[attr-defined]
        return wrapper

    for name in FORGETTING:
        setattr(Widget, name, forgetting(ORIGINAL[name]))
    Widget.get_state = _kept_state
    _installed = True


def uninstall() -> None:
    """Undo :func:`install` (ipywidgets serializes as it did); nothing kept."""
    global _installed
    if not _installed:
        return
    from ipywidgets import Widget

    for name in (*FORGETTING, "get_state"):
        setattr(Widget, name, ORIGINAL[name])
    _kept.clear()
    _installed = False


def prepare() -> int:
    """:func:`install`, then keep every widget's state now (the page's question then costs
    no serializing); the number of widgets kept. Never raises: a kernel whose page could not
    be prepared answers as ipywidgets does. A kernel that has not imported ipywidgets is left
    alone (nothing to hand over; importing it would cost its start).

    >>> prepare() >= 0
    True
    >>> uninstall()
    """
    if "ipywidgets" not in sys.modules:  # a page without widgets: nothing to hand over
        return 0
    try:
        install()
        return len(manager_state()[0])
    except Exception:  # preparing only saves time: the page is answered anyway
        log.exception("the widgets' states could not be prepared")
        return 0
