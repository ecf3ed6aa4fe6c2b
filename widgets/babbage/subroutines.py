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
from lnb.core.i18n import _, format_list, pgettext
from widgets.babbage.board import close_all
from widgets.babbage.words import chip, effect_name, effect_text
from widgets.core.relabel import register
from widgets.core.style import stylesheet

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
        self.activate_button = w.Button(button_style="success")
        self.activate_button.add_class("lnb-activate")
        self.activate_button.on_click(lambda _: self._activate())
        self.mode = "show"
        self._drawn: tuple[State, str] | None = None
        super().__init__([stylesheet(), self.heading, self.table, self.buttons])
        self.add_class("lnb-subroutines")
        self.add_class("lnb-widget")
        self.activate_button.tooltip = _("Use the ticked Subroutines this Round")
        register(self)

    def relabel(self) -> None:
        """Every word in the current language; the boxes ticked so far stay ticked."""
        self.activate_button.tooltip = _("Use the ticked Subroutines this Round")
        if self._drawn is None:
            return
        state, name = self._drawn
        self._draw_cards(state, name)
        effects = state.edition.effects
        for number, button in self.target_buttons.items():
            self._label_target(button, state.player(name).character.subroutine(number),
                               effects)
        for number, tick in self.ticks.items():
            sub = state.player(name).character.subroutine(number)
            tick.description = self._tick_text(sub)
        self._label_activate()

    @staticmethod
    def _label_target(button: w.Button, sub: object, effects: dict) -> None:
        number = two_digits(sub.target)  # type: ignore[attr-defined]
        button.description = _("Target {number}").format(number=number)
        button.tooltip = _("{effect}: {text}").format(
            effect=effect_name(sub.effect),  # type: ignore[attr-defined]
            text=effect_text(sub.effect, effects.get(sub.effect, "")))  # type: ignore[attr-defined]

    @staticmethod
    def _tick_text(sub: object) -> str:
        return _("{number} {effect}").format(number=two_digits(sub.target),  # type: ignore[attr-defined]
                                             effect=effect_name(sub.effect))  # type: ignore[attr-defined]

    def _label_activate(self, _change: object = None) -> None:
        """*Activate* once a box is ticked; *Carry on* while none is (nothing to activate)."""
        ticked = any(tick.value for tick in self.ticks.values())
        self.activate_button.description = (_("Activate") if ticked
                                             else pgettext("go on without activating",
                                                           "Carry on"))

    def refresh(self, state: State, name: str, mode: str = "show") -> None:
        """Redraw ``name``'s Subroutines; ``mode`` is ``show``, ``target`` or ``activate``."""
        self.mode = mode
        self._drawn = (state, name)
        effects = state.edition.effects
        self._draw_cards(state, name)
        old = [*self.target_buttons.values(), *self.ticks.values()]
        self.target_buttons, self.ticks = {}, {}
        if mode == "target" and self.on_target is not None:
            for sub in state.targetable(name):
                button = w.Button()
                self._label_target(button, sub, effects)
                button.add_class("lnb-target")
                button.add_class(f"lnb-target-{two_digits(sub.target)}")
                button.add_class(player_class(name))
                button.on_click(self._target(sub.target))
                self.target_buttons[sub.target] = button
            self.buttons.children = tuple(self.target_buttons.values())
        elif mode == "activate" and self.on_activate is not None:
            for sub in state.activatable(name):
                tick = w.Checkbox(value=False, indent=False, description=self._tick_text(sub))
                tick.add_class("lnb-activate-tick")
                tick.add_class(player_class(name))
                tick.observe(self._label_activate, "value")
                self.ticks[sub.target] = tick
            self._label_activate()
            self.buttons.children = (*self.ticks.values(), self.activate_button)
        else:
            self.buttons.children = ()
        for widget in old:  # replaced: close them (and their layout and style models)
            close_all(widget)

    def _draw_cards(self, state: State, name: str) -> None:
        p = state.player(name)
        effects = state.edition.effects
        done = dict(p.completed)
        rows = []
        for sub in p.character.subroutines:
            status = []
            css = ""
            if sub.target in done:
                status.append(_("completed in Round {round}").format(round=done[sub.target]))
                css = "lnb-sub-done"
            if sub.target in p.used:
                status.append(_("activated"))
            if p.target == sub.target and sub.target not in done:
                status.append(_("target this Round"))
                css = "lnb-sub-target"
            tt = " ⚔" if sub.take_that else ""
            done_text = (f"<div><small>{html.escape(format_list(status))}</small></div>"
                         if status else "")
            what = effect_text(sub.effect, effects.get(sub.effect, ""))
            rows.append(
                f"<div class='lnb-sub-card lnb-sub-{two_digits(sub.target)} {css}'>"
                f"<div class='lnb-sub-number'>{two_digits(sub.target)}</div>"
                f"<div>{chip(sub.effect.value + tt, effect_name(sub.effect) + tt, 'lnb-effect')}"
                f"</div><div><small>{html.escape(what)}</small></div>"
                f"{done_text}</div>")
        self.heading.value = _("<b>{player}</b> · {character} · Subroutines").format(
            player=html.escape(name), character=html.escape(p.character.name))
        self.table.value = f"<div class='lnb-sub-cards'>{''.join(rows)}</div>"

    def _target(self, number: int) -> Callable[[w.Button], None]:
        def clicked(_: w.Button) -> None:
            if self.on_target is not None:
                self.on_target(number)

        return clicked

    def _activate(self) -> None:
        if self.on_activate is not None:
            self.on_activate(tuple(n for n, tick in self.ticks.items() if tick.value))
