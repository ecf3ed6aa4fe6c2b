"""The shared part of the main board: the Workshop's six dice, and the map of Travel
(Universities, Small Cities) with the London Institutions, everyone's discs on them.

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> workshop, board = WorkshopView(lambda b: None), MapView(lambda b: None)
>>> legal = state.legal_actions("Ada")
>>> workshop.refresh(state, "Ada", legal); board.refresh(state, "Ada", legal)
>>> workshop.buttons[0].disabled, board.place_buttons[0].disabled
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import ipywidgets as w

from lnb.core.i18n import _
from lnb.dream import describe as d
from lnb.dream.actions import Action, Collect, Join, Visit
from lnb.dream.refusals import Refusals
from lnb.dream.state import State
from widgets.dream.board import colour_class
from widgets.dream.buttons import Pool, show
from widgets.dream.words import die_label, esc


class WorkshopView(w.VBox):
    """The Workshop: one button per space, its die in words and in colour."""

    def __init__(self, on_click: Callable[[w.Button], None], spaces: int = 6) -> None:
        super().__init__()
        self.pool = Pool("lnb-dream-workshop", on_click)
        self.buttons = self.pool.first(spaces)
        self.title = w.HTML()
        self.title.add_class("lnb-dream-part")
        row = w.HBox(self.buttons)
        row.add_class("lnb-dream-row")
        self.children = [self.title, row]

    def refresh(self, state: State, name: str, legal: Collection[Action],
                why: Refusals | None = None) -> None:
        """Draw the Workshop; ``legal``: what ``name`` may do now (``why``: the redraw's
        reasons, :class:`~lnb.dream.refusals.Refusals`)."""
        legal, why = frozenset(legal), why or Refusals(state)
        self.title.value = esc(_("Workshop (take a die into your Store)"))
        for i, (button, die) in enumerate(zip(self.buttons, state.workshop, strict=True)):
            label = f"{i + 1}: {die_label(die)}"
            show(button, state, Collect(name, i + 1), label, legal=legal, why=why)
            colour_class(button, die.colour)


def _discs(state: State, place: str) -> str:
    names = [n for n in state.names if place in state.players[n].places]
    if not names:
        return _("no discs yet")
    return _("discs: {names}").format(names=", ".join(
        f"{n} ×{state.players[n].places.count(place)}" if state.players[n].places.count(place)
        > 1 else n for n in names))


class MapView(w.VBox):
    """Travel's map (a disc on a University or Small City as far as the die reaches) and the
    four Institutions (a disc there, majorities score)."""

    def __init__(self, on_click: Callable[[w.Button], None]) -> None:
        super().__init__()
        self.places = Pool("lnb-dream-place", on_click)
        self.joins = Pool("lnb-dream-institution", on_click)
        self.place_buttons: list[w.Button] = []
        self.titles = [w.HTML(), w.HTML(), w.HTML()]
        for title in self.titles:
            title.add_class("lnb-dream-part")
        self.rows = [w.HBox(), w.HBox(), w.HBox()]
        for row in self.rows:
            row.add_class("lnb-dream-cards")
        self._texts: dict[str, w.HTML] = {}
        self._cards: dict[str, w.VBox] = {}
        self.children = [self.titles[0], self.rows[0], self.titles[1], self.rows[1],
                         self.titles[2], self.rows[2]]
        self.add_class("lnb-dream-map")

    def _card(self, key: str, button: w.Button) -> tuple[w.VBox, w.HTML]:
        if key not in self._cards:
            text = w.HTML()
            box = w.VBox([text, button])
            box.add_class("lnb-dream-card")
            self._cards[key], self._texts[key] = box, text
        return self._cards[key], self._texts[key]

    def refresh(self, state: State, name: str, legal: Collection[Action],
                why: Refusals | None = None) -> None:
        """Draw the map and the Institutions (``legal``, ``why``: as
        :meth:`WorkshopView.refresh`)."""
        legal, why = frozenset(legal), why or Refusals(state)
        ed = state.edition
        self.titles[0].value = esc(_("Travel: Universities (a die must reach as far as the "
                                     "number)"))
        self.titles[1].value = esc(_("Travel: Small Cities"))
        self.titles[2].value = esc(_("London's Institutions (most discs score 5, second 2)"))
        kinds = {"university": [], "city": []}  # type: dict[str, list[w.Widget]]
        self.place_buttons = []
        for i, loc in enumerate(sorted(ed.map, key=lambda m: (m.kind != "university",
                                                              m.distance, m.id))):
            button = self.places.get(i)
            self.place_buttons.append(button)
            action = Visit(name, loc.id)
            show(button, state, action, _("Go to {place}").format(place=loc.name),
                 legal=legal, why=why)
            box, text = self._card(f"map:{loc.id}", button)
            text.value = (f"<div class='lnb-dream-card-text'><b>{esc(loc.name)}</b><br>"
                          f"{esc(d.place_text(loc))}<br>"
                          f"<span class='lnb-dream-discs'>{esc(_discs(state, f'map:{loc.id}'))}"
                          "</span></div>")
            kinds["university" if loc.kind == "university" else "city"].append(box)
        self.rows[0].children, self.rows[1].children = kinds["university"], kinds["city"]
        boxes = []
        for i, inst in enumerate(ed.institutions):
            button = self.joins.get(i)
            show(button, state, Join(name, inst.id), _("Join {place}").format(place=inst.name),
                 legal=legal, why=why)
            box, text = self._card(f"inst:{inst.id}", button)
            text.value = (f"<div class='lnb-dream-card-text'><b>{esc(inst.name)}</b><br>"
                          f"{esc(d.institution_text(inst))}<br>"
                          f"<span class='lnb-dream-discs'>"
                          f"{esc(_discs(state, f'inst:{inst.id}'))}</span></div>")
            boxes.append(box)
        self.rows[2].children = boxes
