"""The Patrons of this Round: value, name, the two Influence types and who claimed what.

It draws the ``PatronSlot`` values the game State keeps (``state.patrons``,
``state.reserved``); it never decides a claim.

>>> from lnb.babbage.game import Game
>>> state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7
...              ).new_initial_state()
>>> view = PatronsView()
>>> view.refresh(state)
>>> view.values()
[]
>>> for name in state.names:
...     state.apply_action(state.legal_actions(name)[0])
>>> view.refresh(state)
>>> len(view.values())
5
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

import ipywidgets as w

from lnb.babbage.numbers import two_digits
from lnb.core.i18n import _, format_list, pgettext
from widgets.babbage.words import chip, influence
from widgets.core.relabel import register
from widgets.core.style import stylesheet

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game import PatronSlot, State

def place_of(place: int, who: str) -> str:
    """A claimer and their place at a Patron: ``1st Ada``.

    >>> place_of(2, "Bea"), place_of(4, "Dan")
    ('2nd Bea', '4th Dan')
    """
    templates = {1: pgettext("place at a Patron", "1st {player}"),
                 2: pgettext("place at a Patron", "2nd {player}"),
                 3: pgettext("place at a Patron", "3rd {player}")}
    if place in templates:
        return templates[place].format(player=who)
    return pgettext("place at a Patron", "{place}th {player}").format(place=place, player=who)


def card_html(slot: PatronSlot, players: int) -> str:
    """One Patron card as HTML."""
    p = slot.patron
    lines = [place_of(place, who) for place, who in enumerate(slot.claimers, start=1)]
    if slot.taken:
        lines.append(_("taken: {types}").format(types=format_list(map(influence, slot.taken))))
    if slot.owner is not None:
        lines.insert(0, _("{player}'s own (RESERVE)").format(player=slot.owner))
    elif slot.flipped:
        lines.append(_("flipped: Failed Experiment only") if players > 2
                     else _("flipped: nothing left"))
    claims = "".join(f"<div><small>{html.escape(line)}</small></div>" for line in lines) or \
        "<div class='lnb-muted'><small>{}</small></div>".format(html.escape(_("not claimed yet")))
    tip = _("{patron}: {first} or {second}").format(
        patron=p.name, first=influence(p.types[0]), second=influence(p.types[1]))
    return (f"<div class='lnb-patron lnb-patron-{two_digits(p.value)}' "
            f"title='{html.escape(tip, quote=True)}'>"
            f"<div class='lnb-patron-value'>{two_digits(p.value)}</div>"
            f"<div><b>{html.escape(p.name)}</b></div>"
            f"<div class='lnb-chips'>{chip(p.types[0], label=influence(p.types[0]))}"
            f"{chip(p.types[1], label=influence(p.types[1]))}</div>{claims}</div>")


class PatronsView(w.VBox):
    """The Patrons revealed this Round (and any reserved ones), as cards."""

    def __init__(self, state: State | None = None) -> None:
        self.cards = w.HTML("")
        self.cards.add_class("lnb-patrons-cards")
        self.heading = w.HTML("")
        self._values: list[int] = []
        self._shown: tuple[Sequence[PatronSlot], int] = ((), 2)
        super().__init__([stylesheet(), self.heading, self.cards])
        self.add_class("lnb-patrons")
        self.add_class("lnb-widget")
        if state is not None:
            self.refresh(state)
        else:
            self.show(())
        register(self)

    def relabel(self) -> None:
        """Draw the same cards in the current language."""
        self.show(*self._shown)

    def values(self) -> list[int]:
        """Values of the Patrons shown."""
        return list(self._values)

    def refresh(self, state: State) -> None:
        """Redraw from the State's table of Patrons."""
        self.show(state.patrons + state.reserved, players=len(state.players))

    def show(self, slots: Sequence[PatronSlot], players: int = 2) -> None:
        """Draw these Patron slots."""
        self._values = [s.value for s in slots]
        self._shown = (tuple(slots), players)
        self.heading.value = "<b>{}</b>".format(html.escape(_("Patrons this Round")))
        if not slots:
            self.cards.value = ("<div class='lnb-muted'>{}</div>".format(html.escape(
                _("The Patrons are revealed when everyone has chosen a Subroutine."))))
            return
        body = "".join(card_html(s, players) for s in slots)
        self.cards.value = f"<div style='display:flex;flex-wrap:wrap'>{body}</div>"
