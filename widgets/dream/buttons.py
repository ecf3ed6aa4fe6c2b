"""Buttons that stand for one action each: the legal ones highlighted, the others disabled
with the library's reason (:func:`lnb.dream.refusals.why_not`) as their tooltip.

A :class:`Pool` makes its buttons once and relabels them at each refresh, so a redraw opens no
new widget in the page.

>>> from lnb.dream.actions import Collect
>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> pool = Pool("lnb-x", lambda action: None)
>>> b = pool.get(0)
>>> show(b, state, Collect("Bea", 1), "red 4")
False
>>> b.disabled, b.tooltip
(True, "it is Ada's turn, not Bea's")
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as w

from lnb.dream.actions import Action
from lnb.dream.refusals import Refusals
from lnb.dream.state import State

LEGAL = "lnb-legal"


def show(button: w.Button, state: State, action: Action | None, label: str,
         reason: str | None = None, legal: Iterable[Action] | None = None,
         why: Refusals | None = None) -> bool:
    """Label ``button`` for ``action``: enabled and highlighted when the rules allow it now
    (in ``legal``, if given), else disabled with ``reason`` (default: the library's, asked of
    ``why``: a redraw's one :class:`~lnb.dream.refusals.Refusals` for all its buttons). True
    when enabled."""
    if why is None:
        why = Refusals(state)
    allowed = action is not None and (action in legal if legal is not None
                                      else why.why_not(action) is None)
    if not allowed and reason is None and action is not None:
        reason = why.reason(action) or label
    mark(button, allowed, label, label if allowed else (reason or label))
    button.lnb_action = action if allowed else None  # type: ignore[attr-defined]
    return allowed


def put(widget: w.Widget, **values: object) -> None:
    """Set the traits of ``widget`` whose value differs (an equal value is no change and
    sends nothing anyway; not setting it skips the trait's checks, a redraw's most work).

    >>> b = w.Button(description="a")
    >>> put(b, description="b", tooltip=None); b.description
    'b'
    """
    for name, value in values.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def mark(button: w.Button, allowed: bool, label: str, tooltip: str) -> None:
    """Enable and highlight ``button``, or disable it; its words and tooltip."""
    put(button, description=label, tooltip=tooltip, disabled=not allowed,
        button_style="")  # highlighted by the class (the kit's "info" is too pale)
    if allowed:
        button.add_class(LEGAL)
    else:
        button.remove_class(LEGAL)


class Pool:
    """Buttons of one kind (class ``cls``), made as needed; a click hands the button (its
    ``lnb_action``, or its ``lnb_value`` for a choice that is not yet an action) to
    ``on_click``."""

    def __init__(self, cls: str, on_click: Callable[[w.Button], None],
                 layout: dict[str, str] | None = None) -> None:
        self.cls = cls
        self.on_click = on_click
        self.layout = layout or {}
        self.buttons: list[w.Button] = []

    def get(self, i: int) -> w.Button:
        """The ``i``-th button (made the first time)."""
        while len(self.buttons) <= i:
            button = w.Button(layout=w.Layout(**self.layout), disabled=True)
            button.add_class(self.cls)
            button.lnb_action = None  # type: ignore[attr-defined]
            button.lnb_value = None  # type: ignore[attr-defined]
            button.on_click(self._clicked)
            self.buttons.append(button)
        return self.buttons[i]

    def first(self, n: int) -> list[w.Button]:
        """The first ``n`` buttons (the others, not shown now, are disabled)."""
        for button in self.buttons[n:]:
            button.disabled = True
            button.lnb_action = button.lnb_value = None  # type: ignore[attr-defined]
        return [self.get(i) for i in range(n)]

    def _clicked(self, button: w.Button) -> None:
        self.on_click(button)


def pool_buttons(*owners: object) -> list[w.Button]:
    """Every button made so far by the :class:`Pool` attributes of ``owners`` (the views of a
    page: what a redraw relabels, :func:`widgets.dream.hold.hold_all`).

    >>> class View:
    ...     def __init__(self):
    ...         self.pool = Pool("lnb-x", lambda button: None)
    >>> view = View(); buttons = view.pool.first(2)
    >>> pool_buttons(view) == buttons
    True
    """
    return [button for owner in owners for value in vars(owner).values()
            if isinstance(value, Pool) for button in value.buttons]
