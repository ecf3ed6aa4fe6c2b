"""Inside a page's kernel: the widgets' states handed to the page at once.

When a page's scripts connect to its kernel, ipywidgets' front end asks for every widget's
state in one message (``request_states`` on the ``jupyter.widget.control`` comm) and draws
nothing until the answer comes. ipywidgets 8 (``Widget._handle_control_comm_msg``) answers
by serializing every widget's state *twice* (``get_manager_state()``, whose result it drops,
then the same walk again): for a lesson's 400-450 widgets (each with its layout and style)
60 ms or more each time on this machine, while the page waits.

:func:`install` answers from one walk, and keeps each widget's serialized state
(:func:`manager_state`) until the widget changes: a trait set (``notify_change``), a state
sent (``send_state``), the widget opened or closed anew all drop what was kept for it, so the
answer is what ipywidgets would send at that moment. :func:`prepare` installs and fills what
is kept: a preheated kernel does it once its notebook has run
(:mod:`widgets.serving.preheat`), so the page's question is answered from what is kept.

>>> import ipywidgets
>>> install()
>>> box = ipywidgets.VBox([ipywidgets.Button(description="go")])
>>> states, paths, buffers = manager_state()
>>> states[box.model_id]["state"]["children"] == [f"IPY_MODEL_{box.children[0].model_id}"]
True
>>> box.children[0].description = "stop"
>>> manager_state()[0][box.children[0].model_id]["state"]["description"]
'stop'
"""

from __future__ import annotations

import logging
import sys
from typing import Any

log = logging.getLogger(__name__)

#: Per widget model id: the widget, its entry of the answer, its buffers' paths and buffers.
_kept: dict[str, tuple[Any, dict[str, Any], list[list[Any]], list[Any]]] = {}
_installed = False


def _forget(widget: Any) -> None:
    """What was kept for ``widget`` goes (it changed)."""
    model_id = getattr(widget, "_model_id", None)
    if model_id is not None:
        _kept.pop(model_id, None)


def manager_state() -> tuple[dict[str, Any], list[list[Any]], list[Any]]:
    """Every open widget's entry of the ``update_states`` answer, its buffers' paths and its
    buffers, as ipywidgets builds them (``_remove_buffers`` of the whole), each widget's state
    serialized only if it changed since it was last kept.

    >>> import ipywidgets
    >>> install()
    >>> image = ipywidgets.Image(value=b"\\x89PNG")
    >>> states, paths, buffers = manager_state()
    >>> [image.model_id, "state", "value"] in paths, bytes(buffers[paths.index(
    ...     [image.model_id, "state", "value"])])
    (True, b'\\x89PNG')
    >>> "value" in states[image.model_id]["state"]
    False
    """
    from ipywidgets.widgets.widget import _instances, _remove_buffers

    states: dict[str, Any] = {}
    paths: list[list[Any]] = []
    buffers: list[Any] = []
    for model_id, widget in list(_instances.items()):
        kept = _kept.get(model_id)
        if kept is None or kept[0] is not widget:
            state, own_paths, own_buffers = _remove_buffers(widget.get_state(drop_defaults=False))
            entry = {"model_name": widget._model_name, "model_module": widget._model_module,
                     "model_module_version": widget._model_module_version, "state": state}
            kept = (widget, entry, own_paths, own_buffers)
            _kept[model_id] = kept
        states[model_id] = kept[1]
        paths.extend([model_id, "state", *path] for path in kept[2])
        buffers.extend(kept[3])
    for gone in _kept.keys() - states.keys():
        del _kept[gone]
    return states, paths, buffers


def _answer(cls: Any, msg: dict[str, Any]) -> None:
    """ipywidgets' control comm handler, answering ``request_states`` from one walk."""
    data = msg["content"]["data"]
    if data.get("method") != "request_states":
        _original(cls, msg)  # ipywidgets' own (it refuses what it does not know)
        return
    if cls._control_comm is None:
        raise RuntimeError("Control comm has not been properly opened")
    states, paths, buffers = manager_state()
    cls._control_comm.send({"method": "update_states", "states": states,
                            "buffer_paths": paths}, buffers=buffers)


def _original(cls: Any, msg: dict[str, Any]) -> None:
    ORIGINAL["handler"](cls, msg)


ORIGINAL: dict[str, Any] = {}


def install() -> None:
    """Answer the pages' ``request_states`` from :func:`manager_state` in this kernel (once;
    a control comm already open is answered so from now on too)."""
    global _installed
    if _installed:
        return
    from ipywidgets import Widget

    ORIGINAL["handler"] = Widget._handle_control_comm_msg.__func__
    for name in ("notify_change", "send_state", "open", "close"):
        ORIGINAL[name] = getattr(Widget, name)

    def forgetting(method: Any) -> Any:
        def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
            _forget(self)
            return method(self, *args, **kwargs)
        wrapper.__name__, wrapper.__doc__ = method.__name__, method.__doc__
        wrapper.__wrapped__ = method  # type: ignore[attr-defined]
        return wrapper

    for name in ("notify_change", "send_state", "open", "close"):
        setattr(Widget, name, forgetting(ORIGINAL[name]))
    Widget._handle_control_comm_msg = classmethod(_answer)
    if Widget._control_comm is not None:
        Widget._control_comm.on_msg(Widget._handle_control_comm_msg)
    _installed = True


def uninstall() -> None:
    """Undo :func:`install` (ipywidgets answers as it did); nothing kept."""
    global _installed
    if not _installed:
        return
    from ipywidgets import Widget

    for name in ("notify_change", "send_state", "open", "close"):
        setattr(Widget, name, ORIGINAL[name])
    Widget._handle_control_comm_msg = classmethod(ORIGINAL["handler"])
    if Widget._control_comm is not None:
        Widget._control_comm.on_msg(Widget._handle_control_comm_msg)
    _kept.clear()
    _installed = False


def prepare() -> int:
    """:func:`install`, then keep every widget's state now (the page's question then costs
    no serializing); the number of widgets kept. Never raises: a kernel whose page could not
    be prepared answers as ipywidgets does. A kernel that has not imported ipywidgets is left
alone (nothing to hand over; importing it would cost its start).

    >>> prepare() >= 0
    True
    """
    if "ipywidgets" not in sys.modules:  # a page without widgets: nothing to hand over
        return 0
    try:
        install()
        return len(manager_state()[0])
    except Exception:  # preparing only saves time: the page is answered anyway
        log.exception("the widgets' states could not be prepared")
        return 0
