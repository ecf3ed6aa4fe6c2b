"""A player's six Subroutines: number, effect, and what has happened to each.

Draws from the game State (targetable / activatable lists come from ``lnb``); with
``on_target`` it shows a *Target* button per Subroutine the rules allow, with
``on_activate`` a tick box per Subroutine that may be activated and an *Activate* button.

>>> from lnb.babbage.game import Game
>>> state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7
...              ).new_initial_state()
>>> chosen = []
>>> view = SubroutinesView(on_target=chosen.append)
>>> view.refresh(state, "Ada", mode="target")
>>> sorted(view.target_buttons)
[14, 23, 31, 49, 68, 86]
>>> view.target_buttons[23].click(); chosen
[23]
>>> old = view.target_buttons[23]
>>> view.refresh(state, "Ada", mode="show"); old.comm is None  # a replaced button is closed
True
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as w

from lnb.babbage.numbers import two_digits
from widgets.babbage.board import close_all
from widgets.core.style import stylesheet
from widgets.core.theme import chip

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game import State

MODES = ("show", "target", "activate")


def player_class(name: str) -> str:
    """The CSS class of one player's buttons, so a page (or a test) can tell them from the
    buttons of the player before, which the browser may still show for a moment.

    >>> player_class("Ada L."), player_class("Bea")
    ('lnb-for-Ada-L-', 'lnb-for-Bea')
    """
    return "lnb-for-" + "".join(c if c.isascii() and c.isalnum() else "-" for c in name)


class SubroutinesView(w.VBox):
    """One player's Subroutines, to look at, to target, or to activate."""

    def __init__(self, on_target: Callable[[int], None] | None = None,
                 on_activate: Callable[[tuple[int, ...]], None] | None = None) -> None:
        self.on_target = on_target
        self.on_activate = on_activate
        self.heading = w.HTML("")
        self.table = w.HTML("")
        self.table.add_class("lnb-subroutines-table")
        self.buttons = w.HBox([])
        self.target_buttons: dict[int, w.Button] = {}
        self.ticks: dict[int, w.Checkbox] = {}
        self.activate_button = w.Button(description="Activate", button_style="success",
                                        tooltip="Use the ticked Subroutines this Round")
        self.activate_button.add_class("lnb-activate")
        self.activate_button.on_click(lambda _: self._activate())
        self.mode = "show"
        super().__init__([stylesheet(), self.heading, self.table, self.buttons])
        self.add_class("lnb-subroutines")
        self.add_class("lnb-widget")

    def refresh(self, state: State, name: str, mode: str = "show") -> None:
        """Redraw ``name``'s Subroutines; ``mode`` is ``show``, ``target`` or ``activate``."""
        self.mode = mode
        p = state.player(name)
        effects = state.edition.effects
        done = dict(p.completed)
        rows = []
        for sub in p.character.subroutines:
            status = []
            css = ""
            if sub.target in done:
                status.append(f"completed in Round {done[sub.target]}")
                css = "lnb-sub-done"
            if sub.target in p.used:
                status.append("activated")
            if p.target == sub.target and sub.target not in done:
                status.append("target this Round")
                css = "lnb-sub-target"
            tt = " ⚔" if sub.take_that else ""
            done_text = f"<div><small>{', '.join(status)}</small></div>" if status else ""
            rows.append(
                f"<div class='lnb-sub-card lnb-sub-{two_digits(sub.target)} {css}'>"
                f"<div class='lnb-sub-number'>{two_digits(sub.target)}</div>"
                f"<div>{chip(sub.effect.value + tt, 'lnb-effect')}</div>"
                f"<div><small>{html.escape(effects.get(sub.effect, ''))}</small></div>"
                f"{done_text}</div>")
        self.heading.value = (f"<b>{html.escape(name)}</b> · {html.escape(p.character.name)}"
                              " · Subroutines")
        self.table.value = f"<div class='lnb-sub-cards'>{''.join(rows)}</div>"
        old = [*self.target_buttons.values(), *self.ticks.values()]
        self.target_buttons, self.ticks = {}, {}
        if mode == "target" and self.on_target is not None:
            for sub in state.targetable(name):
                button = w.Button(description=f"Target {two_digits(sub.target)}",
                                  tooltip=f"{sub.effect.value}: {effects.get(sub.effect, '')}")
                button.add_class("lnb-target")
                button.add_class(f"lnb-target-{two_digits(sub.target)}")
                button.add_class(player_class(name))
                button.on_click(self._target(sub.target))
                self.target_buttons[sub.target] = button
            self.buttons.children = tuple(self.target_buttons.values())
        elif mode == "activate" and self.on_activate is not None:
            for sub in state.activatable(name):
                tick = w.Checkbox(value=False, indent=False,
                                  description=f"{two_digits(sub.target)} {sub.effect.value}")
                tick.add_class("lnb-activate-tick")
                tick.add_class(player_class(name))
                self.ticks[sub.target] = tick
            self.activate_button.description = "Activate" if self.ticks else "Carry on"
            self.buttons.children = (*self.ticks.values(), self.activate_button)
        else:
            self.buttons.children = ()
        for widget in old:  # replaced: close them (and their layout and style models)
            close_all(widget)

    def _target(self, number: int) -> Callable[[w.Button], None]:
        def clicked(_: w.Button) -> None:
            if self.on_target is not None:
                self.on_target(number)

        return clicked

    def _activate(self) -> None:
        if self.on_activate is not None:
            self.on_activate(tuple(n for n, tick in self.ticks.items() if tick.value))
