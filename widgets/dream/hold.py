"""One message per changed widget in a redraw, and none for words nobody can see yet.

A redraw sets a button's words, tooltip, state and classes one after another; unheld, each
change is its own message from the kernel to the page (and a tooltip set twice is sent
twice). :func:`hold_all` holds a redraw's widgets (as :meth:`ipywidgets.Widget.hold_sync`
does one) and each sends once at the end, the traits that changed.

A widget hidden on the page (a part of the table in a closed panel) gets its new values in
Python like any other, but the traits listed for it in ``later`` (its words, its tooltip)
are kept back in :class:`Kept` and sent when it is shown (:meth:`Kept.send`, or the next
redraw that shows it); what changes how the page behaves (a button enabled or not) is sent
at once.

>>> import comm, ipywidgets as w
>>> # (on a comm that sends, as in a kernel; a comm with no kernel sends and holds nothing)
>>> button, hidden = (w.Button(description=d, comm=comm.DummyComm()) for d in "ax")
>>> kept = Kept()
>>> with hold_all([button, hidden], later={hidden: ("tooltip",)}, kept=kept):
...     button.description = "b"
...     button.tooltip = "b, the second"
...     held = button._states_to_send == {"description", "tooltip"}
...     hidden.tooltip, hidden.disabled = "not now", True
>>> held, button._states_to_send, kept.traits[hidden]
(True, set(), {'tooltip'})
>>> kept.send([hidden]); kept.traits
{}

A page knows a redraw has all come by its counter (:class:`Redraws`, the class
``lnb-shown-<n>`` of the app): the counter is the redraw's last message, once per action
however many refreshes the action makes (a guided game's start: the new game, then its
guide), after every other change, the status line's and the focus's too.

>>> app = w.VBox(comm=comm.DummyComm())
>>> redraws = Redraws(app)
>>> with redraws.block():
...     redraws.redrawn()  # a new game drawn
...     redraws.redrawn()  # its guide drawn
...     counted = app._dom_classes
>>> counted, app._dom_classes, redraws.count
((), ('lnb-shown-1',), 1)
>>> redraws.redrawn(); app._dom_classes  # no block: at once
('lnb-shown-2',)
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Mapping
from contextlib import contextmanager

import ipywidgets as w

from widgets.core.redraws import mark_shown


class Kept:
    """The traits of hidden widgets changed but not sent yet, by widget."""

    def __init__(self) -> None:
        self.traits: dict[w.Widget, set[str]] = {}

    def take(self, widget: w.Widget) -> set[str]:
        """The traits kept back for ``widget`` (forgotten here: the caller sends them)."""
        return self.traits.pop(widget, set())

    def send(self, widgets: Iterable[w.Widget]) -> None:
        """Send what was kept back for ``widgets`` (they are shown now)."""
        for widget in widgets:
            keys = self.take(widget)
            if keys:
                widget.send_state(keys)


@contextmanager
def hold_all(widgets: Iterable[w.Widget],
             later: Mapping[w.Widget, Collection[str]] | None = None,
             kept: Kept | None = None) -> Iterator[None]:
    """Hold ``widgets`` (those not held already) until the block ends; then each sends its
    changed traits in one message, with what ``kept`` kept back for it before, except the
    traits ``later`` lists for it, which ``kept`` keeps (the widget is hidden)."""
    later = later or {}
    kept = kept if kept is not None else Kept()
    held = [widget for widget in dict.fromkeys(widgets) if not widget._holding_sync]
    for widget in held:
        widget._holding_sync = True
    try:
        yield
    finally:
        for widget in held:
            widget._holding_sync = False
            keys = set(widget._states_to_send)
            widget._states_to_send.clear()
            if widget in later:  # hidden: its words wait
                back = keys.intersection(later[widget])
                if back:
                    kept.traits.setdefault(widget, set()).update(back)
                keys -= back
            else:  # shown: what was kept back for it goes too
                keys |= kept.take(widget)
            if keys:
                widget.send_state(keys)


class Redraws:
    """How many times ``widget`` (an app) was redrawn, marked on it (``lnb-shown-<n>``,
    :func:`widgets.core.redraws.mark_shown`) after everything else of the redraw was sent:
    a page, and a browser test, that sees the new number sees the whole redraw."""

    def __init__(self, widget: w.DOMWidget) -> None:
        self.widget = widget
        self.count = 0
        self._depth = 0  # blocks open
        self._due = False  # a redraw not marked yet

    def redrawn(self) -> None:
        """A redraw was sent: marked now, or when the outermost :meth:`block` ends."""
        self._due = True
        if not self._depth:
            self._mark()

    @contextmanager
    def block(self) -> Iterator[None]:
        """One action (a click, a key): its redraws are marked once, when the outermost
        block ends."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if not self._depth and self._due:
                self._mark()

    def _mark(self) -> None:
        self._due = False
        self.count += 1
        mark_shown(self.widget, self.count)
