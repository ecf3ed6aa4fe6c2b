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
from widgets.core.style import stylesheet
from widgets.core.theme import chip

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game import PatronSlot, State

_PLACES = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


def card_html(slot: PatronSlot, players: int) -> str:
    """One Patron card as HTML."""
    p = slot.patron
    lines = [f"{_PLACES.get(place, f'{place}th')} {html.escape(who)}"
             for place, who in enumerate(slot.claimers, start=1)]
    if slot.taken:
        lines.append("taken: " + ", ".join(slot.taken))
    if slot.owner is not None:
        lines.insert(0, f"{html.escape(slot.owner)}'s own (RESERVE)")
    elif slot.flipped:
        lines.append("flipped: Failed Experiment only" if players > 2 else "flipped: nothing left")
    claims = "".join(f"<div><small>{line}</small></div>" for line in lines) or \
        "<div class='lnb-muted'><small>not claimed yet</small></div>"
    return (f"<div class='lnb-patron lnb-patron-{two_digits(p.value)}' "
            f"title='{html.escape(p.name)}: {p.types[0]} or {p.types[1]}'>"
            f"<div class='lnb-patron-value'>{two_digits(p.value)}</div>"
            f"<div><b>{html.escape(p.name)}</b></div>"
            f"<div class='lnb-chips'>{chip(p.types[0])}{chip(p.types[1])}</div>{claims}</div>")


class PatronsView(w.VBox):
    """The Patrons revealed this Round (and any reserved ones), as cards."""

    def __init__(self, state: State | None = None) -> None:
        self.cards = w.HTML("")
        self.cards.add_class("lnb-patrons-cards")
        self.heading = w.HTML("<b>Patrons this Round</b>")
        self._values: list[int] = []
        super().__init__([stylesheet(), self.heading, self.cards])
        self.add_class("lnb-patrons")
        self.add_class("lnb-widget")
        if state is not None:
            self.refresh(state)
        else:
            self.show(())

    def values(self) -> list[int]:
        """Values of the Patrons shown."""
        return list(self._values)

    def refresh(self, state: State) -> None:
        """Redraw from the State's table of Patrons."""
        self.show(state.patrons + state.reserved, players=len(state.players))

    def show(self, slots: Sequence[PatronSlot], players: int = 2) -> None:
        """Draw these Patron slots."""
        self._values = [s.value for s in slots]
        if not slots:
            self.cards.value = ("<div class='lnb-muted'>The Patrons are revealed when "
                                "everyone has chosen a Subroutine.</div>")
            return
        body = "".join(card_html(s, players) for s in slots)
        self.cards.value = f"<div style='display:flex;flex-wrap:wrap'>{body}</div>"
