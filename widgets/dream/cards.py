"""The displays of the main board as cards: Programs and Assignments (Ada's Study), Partners
(Meetings), each with its name and effect in words (never an id) and its buttons.

A Program is *chosen* here, then put beside a line of the Mill (the line buttons of
:class:`~widgets.dream.board.PlayerBoard`); a Partner is chosen here, then the card it
replaces (the app's row of choices); an Assignment's button per colour column is one action.

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> view = DisplaysView(lambda button: None)
>>> view.refresh(state, "Ada", Selection(), state.legal_actions("Ada"))
>>> "p0" in view.programs[0].value or "a0" in view.assignments[0].value
False
>>> view.partner_buttons[0].disabled
True
"""

from __future__ import annotations

from collections.abc import Callable, Collection

import ipywidgets as w

from lnb.core.i18n import _
from lnb.dream import describe as d
from lnb.dream.actions import Action, TakeAssignment, TakePartner, TakeProgram
from lnb.dream.mill import LINES, rule_text
from lnb.dream.refusals import Refusals
from lnb.dream.state import State
from widgets.dream.board import Selection
from widgets.dream.buttons import Pool, show
from widgets.dream.words import esc


def _card(title: str, body: str, extra: str = "") -> str:
    return (f"<div class='lnb-dream-card-text'><b>{esc(title)}</b>"
            f"{'<br><i>' + esc(extra) + '</i>' if extra else ''}<br>{esc(body)}</div>")


def _choose(button: w.Button, allowed: bool, value: tuple[str, str], tip: str) -> None:
    """A button that chooses (the action comes with the second click)."""
    if allowed:
        button.lnb_action = None  # type: ignore[attr-defined]
        button.lnb_value = value  # type: ignore[attr-defined]
        button.tooltip = tip


class DisplaysView(w.VBox):
    """The three displays, four spaces each, rightmost last (items slide right)."""

    def __init__(self, on_click: Callable[[w.Button], None], spaces: int = 4) -> None:
        super().__init__()
        self.spaces = spaces
        self.program_pool = Pool("lnb-dream-program", on_click)
        self.partner_pool = Pool("lnb-dream-partner", on_click)
        self.assignment_pool = Pool("lnb-dream-assignment", on_click)
        self.program_buttons = self.program_pool.first(spaces)
        self.partner_buttons = self.partner_pool.first(spaces)
        self.programs = [w.HTML() for _i in range(spaces)]
        self.assignments = [w.HTML() for _i in range(spaces)]
        self.partners = [w.HTML() for _i in range(spaces)]
        self.assignment_rows = [w.VBox() for _i in range(spaces)]
        self.titles = [w.HTML() for _i in range(3)]
        for title in self.titles:
            title.add_class("lnb-dream-part")

        def row(cards: list[w.Widget]) -> w.HBox:
            box = w.HBox(cards)
            box.add_class("lnb-dream-cards")
            return box

        def card(*parts: w.Widget) -> w.VBox:
            box = w.VBox(list(parts))
            box.add_class("lnb-dream-card")
            return box

        self.program_cards = [card(t, b) for t, b in zip(self.programs, self.program_buttons,
                                                         strict=True)]
        self.assignment_cards = [card(t, r) for t, r in zip(self.assignments,
                                                            self.assignment_rows, strict=True)]
        self.partner_cards = [card(t, b) for t, b in zip(self.partners, self.partner_buttons,
                                                         strict=True)]
        self.children = [self.titles[0], row(self.program_cards), self.titles[1],
                         row(self.assignment_cards), self.titles[2], row(self.partner_cards)]
        self.add_class("lnb-dream-displays")

    def refresh(self, state: State, name: str, selection: Selection,
                legal: Collection[Action], why: Refusals | None = None) -> None:
        """Draw the displays; ``name`` is the person who acts (their choices enabled;
        ``why``: the redraw's reasons, :class:`~lnb.dream.refusals.Refusals`)."""
        legal, why = frozenset(legal), why or Refusals(state)
        ed = state.edition
        p = state.player(name)
        self.titles[0].value = esc(_("Ada's Study: Programs (punch cards for a line of your "
                                     "Mill)"))
        self.titles[1].value = esc(_("Ada's Study: Assignments"))
        self.titles[2].value = esc(_("Meetings: Partners"))
        free = [line for line in LINES if line not in p.programs] or ["A"]
        empty = _("(empty space)")
        for i, key in enumerate(state.displays["programs"]):
            button, text = self.program_buttons[i], self.programs[i]
            self.program_cards[i].layout.visibility = None
            if key is None:
                text.value = _card(empty, "")
                show(button, state, None, _("Take"), reason=empty)
                continue
            card = ed.program(key)
            text.value = _card(str(rule_text(card)), _("{count} Prestige when its line is "
                                                       "true").format(count=card.prestige))
            takes = [a for a in legal if isinstance(a, TakeProgram) and a.program == key]
            probe = takes[0] if takes else TakeProgram(name, key, free[0])
            label = _("Take {rule}").format(rule=rule_text(card))
            allowed = show(button, state, probe, label, legal=legal, why=why)
            _choose(button, allowed, ("program", key),
                    _("Take this Program, then press the line of your Mill it goes beside"))
            chosen = selection.program == key
            if chosen:
                button.button_style = "primary"
        used = 0
        for i, key in enumerate(state.displays["assignments"]):
            text, holder = self.assignments[i], self.assignment_rows[i]
            if key is None:
                text.value = _card(empty, "")
                holder.children = ()
                continue
            card = ed.assignment(key)
            text.value = _card(_("Assignment"), str(d.assignment_text(card)))
            buttons = []
            for column in card.columns():
                button = self.assignment_pool.get(used)
                used += 1
                action = TakeAssignment(name, key, column.value)
                show(button, state, action,
                     _("Take it: {colour} column").format(colour=d.colour_name(column)),
                     legal=legal, why=why)
                buttons.append(button)
            holder.children = buttons
        for button in self.assignment_pool.buttons[used:]:
            button.disabled = True
            button.lnb_action = None  # type: ignore[attr-defined]
        for i, key in enumerate(state.displays["partners"]):
            button, text = self.partner_buttons[i], self.partners[i]
            if key is None:
                text.value = _card(empty, "")
                show(button, state, None, _("Take"), reason=empty)
                continue
            partner = ed.partner(key)
            text.value = _card(f"{partner.name} · {d.science_name(partner.science)}",
                               str(d.partner_text(partner)), str(partner.who))
            takes = [a for a in legal if isinstance(a, TakePartner) and a.partner == key]
            removable = p.hand[0] if p.hand else "clerk"
            probe = takes[0] if takes else TakePartner(name, key, "hand", removable)
            allowed = show(button, state, probe, _("Take {name}").format(name=partner.name),
                           legal=legal, why=why)
            _choose(button, allowed, ("partner", key),
                    _("Take this Partner, then choose the card of yours it replaces"))
            if selection.partner == key:
                button.button_style = "primary"
