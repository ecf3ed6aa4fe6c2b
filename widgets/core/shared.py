"""Models many widgets share (the stylesheet, one Layout, one style...), and closing a widget
with everything it owns but never a shared model.

A shared model is one model on the page for every widget that shows it; closing it with one
component would take it from every other component too (and break every component built
afterwards). :func:`close_all` skips shared models; :func:`shared_model` makes a new one
if the old one was closed anyway (``Widget.close_all()``).

>>> import ipywidgets as w
>>> layout = shared_model("doc-layout", w.Layout)
>>> box = w.VBox([w.HTML("a", layout=layout)], layout=layout)
>>> close_all(box)
>>> box.comm is None, layout.comm is not None, shared_model("doc-layout", w.Layout) is layout
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import ipywidgets as w

W = TypeVar("W", bound=w.Widget)

_SHARED: dict[str, w.Widget] = {}


def shared_model(key: str, make: Callable[[], W]) -> W:
    """The open model shared under ``key``, made by ``make()`` on first use (or when the last
    one was closed)."""
    model = _SHARED.get(key)
    if model is None or model.comm is None:
        model = _SHARED[key] = make()
    return model  # type: ignore[return-value]


def is_shared(model: object) -> bool:
    """True for a model :func:`shared_model` handed out (closing it would hurt others)."""
    return any(model is mine for mine in _SHARED.values())


def close_all(widget: w.Widget) -> None:
    """Close ``widget`` with its children, layout and style (each is a model the kernel and
    the page keep), except the shared ones."""
    if is_shared(widget):
        return
    for child in getattr(widget, "children", ()):
        close_all(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget) and not is_shared(part):
            part.close()
    widget.close()


__all__ = ["close_all", "is_shared", "shared_model"]
