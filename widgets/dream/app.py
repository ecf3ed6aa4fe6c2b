"""A first app of Ada's Dream: one click per decision, at a table with computer players.

The Workshop's dice, your Store and your 3×3 Mill are buttons: the legal ones are enabled and
highlighted, the others disabled with the library's reason as their tooltip. A die of the Store
is chosen first, then a cell of the Mill (the one decision of two clicks). Every other decision
(an area, a card of a display, a place of the map, a Research track, Publish or a Gear...) is a
row of buttons, one per legal action, in words. The Mill's lines with their Programs are shown
as equations (true, not yet, false); at the end, the scoring line by line. Every rule is
:mod:`lnb.dream`'s; a callback's error lands on the status line.

>>> app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=3)
>>> app.state.current_player, app.state.step
('You', 'turn')
>>> app.workshop_buttons[0].disabled, app.mill_buttons[0].disabled
(False, True)
>>> app.workshop_buttons[0].click()
>>> app.state.step
'workshop_play'
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping, Sequence

import ipywidgets as w

from lnb.core.i18n import _, pgettext
from lnb.dream.actions import Action, Collect, Place
from lnb.dream.bots import make_bot
from lnb.dream.describe import describe, effect_text
from lnb.dream.dice import Die, colour_name
from lnb.dream.errors import BadInputError
from lnb.dream.mill import CELLS, Status, rule_text
from lnb.dream.records import replay, to_record
from lnb.dream.refusals import why_not
from lnb.dream.scoring import TITLES
from lnb.dream.state import PROMPTS, Game, State
from lnb.dream.table import dream_table
from lnb.dream.title import TITLE
from widgets.core.saveload import SaveLoadPanel, safe_filename
from widgets.core.status import StatusLine

_MARK = {Status.TRUE: "✔", Status.NOT_YET: "…", Status.FALSE: "✘"}


def _heading(text: str) -> w.HTML:
    return w.HTML(f"<b>{html.escape(text)}</b>")


def die_label(die: Die) -> str:
    """A die in words, its colour named in the current language (not its id ``red4``).

    >>> die_label(Die.parse("red4"))
    'red 4'
    """
    return pgettext("die", "{colour} {face}").format(colour=colour_name(die.colour),
                                                      face=die.face)


class DreamApp(w.VBox):
    """A whole game of Ada's Dream on one page; seats in ``computers`` are played by the
    computer (by kind: ``greedy``, ``planner:mill``...), the others by people in turn."""

    def __init__(self, players: Sequence[str] | None = None,
                 computers: Mapping[str, str] | None = None, seed: int | None = None) -> None:
        super().__init__()
        computer = _("Computer")  # the default seats, named in the page's language
        players = (_("You"), computer) if players is None else players
        computers = {computer: "greedy"} if computers is None else dict(computers)
        game = Game(list(players), seed=seed)
        bots = {name: make_bot(kind, game.seed) for name, kind in computers.items()}
        self.kinds = computers
        self.table = dream_table(game.new_initial_state(), bots)
        self.selected_slot: int | None = None
        self.status = StatusLine()
        self.files = SaveLoadPanel(self.save_text, self.load_text, status=self.status)
        self.displays = w.HTML()
        self.title = w.HTML()
        self.prompt = w.HTML()
        self.board = w.HTML()
        self.equations = w.HTML()
        self.workshop_buttons = [w.Button() for _ in range(game.edition.workshop_spaces)]
        self.store_buttons = [w.Button() for _ in range(game.edition.store_slots)]
        self.mill_buttons = [w.Button(layout=w.Layout(width="64px", height="48px"))
                             for _ in CELLS]
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        for group, buttons in (("workshop", self.workshop_buttons),
                               ("store", self.store_buttons), ("mill", self.mill_buttons)):
            for button in buttons:
                button.add_class(f"lnb-dream-{group}")
        self.add_class("lnb-dream-app")
        self.prompt.add_class("lnb-dream-prompt")
        for i, button in enumerate(self.workshop_buttons):
            button.on_click(self.status.guarded(lambda _b, i=i: self._collect(i + 1)))
        for i, button in enumerate(self.store_buttons):
            button.on_click(self.status.guarded(lambda _b, i=i: self._select(i + 1)))
        for cell, button in zip(CELLS, self.mill_buttons, strict=True):
            button.on_click(self.status.guarded(lambda _b, c=cell: self._place(c)))
        mill = w.GridBox(self.mill_buttons,
                         layout=w.Layout(grid_template_columns="repeat(3, 68px)"))
        self.children = [self.title, self.status, self.prompt,
                         _heading(_("Workshop")), w.HBox(self.workshop_buttons),
                         _heading(_("Store")), w.HBox(self.store_buttons),
                         _heading(_("Mill")), mill, self.equations, self.choices, self.board,
                         self.displays, self.files]
        self.table.advance()
        self.refresh()

    @property
    def state(self) -> State:
        """The game (the library's State)."""
        return self.table.state

    @property
    def person(self) -> str:
        """The person whose board is shown: the one who must act, else the first person."""
        waiting = self.table.waiting_for()
        return waiting[0] if waiting else (self.table.persons or self.state.names)[0]

    # ------------------------------------------------------------------ files
    def save_text(self) -> tuple[str, str]:
        """The game as a record file (``lnb-dream/1``), with who the computer plays."""
        record = to_record(self.state, self.kinds)
        return safe_filename("ada-s-dream-" + "-".join(self.state.names)), json.dumps(
            record, ensure_ascii=False, indent=1)

    def load_text(self, text: str) -> None:
        """Load a saved game and play on (a broken file is refused on the status line)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            raise BadInputError(_("that file is not a saved game of Ada's Dream"),
                                reason="not-json") from None
        state = replay(data)
        kinds = {p["name"]: p["computer"] for p in data["players"] if "computer" in p}
        bots = {name: make_bot(kind, state.game.seed) for name, kind in kinds.items()}
        self.kinds = kinds
        self.table = dream_table(state, bots)
        self.selected_slot = None
        self.table.advance()
        self.files.clear()
        self.refresh()

    # ------------------------------------------------------------------ clicks
    def act(self, action: Action) -> None:
        """A person's click as one action; the computers then play until a person must act."""
        self.table.act(action)
        self.selected_slot = None
        self.table.advance()
        self.refresh()

    def _collect(self, space: int) -> None:
        self.act(Collect(self.person, space))

    def _select(self, slot: int) -> None:
        self.selected_slot = slot
        self.refresh()

    def _place(self, cell: str) -> None:
        if self.selected_slot is None:
            self.status.info(_("first choose a die of your Store"))
            return
        self.act(Place(self.person, self.selected_slot, cell))

    # ------------------------------------------------------------------ drawing
    def _set(self, button: w.Button, action: Action | None, label: str) -> None:
        button.description = label
        error = None if action is None else why_not(self.state, action)
        button.disabled = action is None or error is not None
        button.tooltip = str(error) if error is not None else label
        button.button_style = "" if button.disabled else "info"

    def refresh(self) -> None:
        """Redraw everything from the library's state."""
        state, name = self.state, self.person
        p = state.players[name]
        self.title.value = f"<h3>{html.escape(str(TITLE))}</h3>"
        if state.is_terminal():
            lines = "<br>".join(html.escape(str(line)) for line in state.score_sheet().lines())
            self.prompt.value = f"<p>{lines}</p>"
        else:
            ask = html.escape(_(PROMPTS[state.step])) if state.step else ""
            self.prompt.value = f"<p><b>{html.escape(name)}</b>: {ask}</p>"
        mine = not state.is_terminal() and name in state.current_players()
        turn = mine and state.step == "turn"
        free = next((c for c in CELLS if c not in p.mill), "A1")
        for i, (button, die) in enumerate(zip(self.workshop_buttons, state.workshop,
                                              strict=True)):
            self._set(button, Collect(name, i + 1) if mine else None, die_label(die))
        for i, (button, die) in enumerate(zip(self.store_buttons, p.store, strict=True)):
            self._set(button, Place(name, i + 1, free) if mine else None,
                      die_label(die) if die else "·")
            if self.selected_slot == i + 1:
                button.button_style = "primary"
        for cell, button in zip(CELLS, self.mill_buttons, strict=True):
            die = p.mill.get(cell)
            action = Place(name, self.selected_slot, cell) if mine and self.selected_slot \
                else None
            self._set(button, action, f"{cell} {die_label(die)}" if die else cell)
        self.equations.value = "<br>".join(
            f"{html.escape(eq.line)}: {html.escape(str(eq.text))} {_MARK[eq.status]}"
            for eq in state.equations(name))
        others = [] if state.is_terminal() or turn else state.legal_actions(name)
        buttons = []
        for action in others:
            button = w.Button(description=str(describe(action, state.edition)),
                              layout=w.Layout(width="auto"), button_style="info")
            button.on_click(self.status.guarded(lambda _b, a=action: self.act(a)))
            button.add_class("lnb-dream-choice")
            buttons.append(button)
        self.choices.children = buttons
        score = state.score_sheet()
        row = next(r for r in score.rows if r.player == name)
        parts = ", ".join(f"{html.escape(_(TITLES[k]))} {v}" for k, v in row.parts)
        resources = _("£{money} · Coal {coal} · Brass {brass} · Books {books} · "
                      "Innovation {innovation}").format(
            money=p.money, coal=p.coal, brass=p.brass, books=p.books, innovation=p.innovation)
        research = _("Research: {tracks}").format(tracks=", ".join(
            f"{colour_name(c)} {v}" for c, v in p.research.items()))
        hand = _("Hand: {cards}").format(cards=", ".join(
            str(state.edition.partner(c).name) for c in p.hand))
        ed = state.edition
        shown = [
            _("Programs: {cards}").format(cards=", ".join(
                f"{x} {rule_text(ed.program(x))}" for x in state.displays["programs"] if x)),
            _("Assignments: {cards}").format(cards=", ".join(
                f"{x} ({effect_text(ed.assignment(x).effect)})"
                for x in state.displays["assignments"] if x)),
            _("Partners: {cards}").format(cards=", ".join(
                f"{ed.partner(x).name} ({effect_text(ed.partner(x).effect)})"
                for x in state.displays["partners"] if x)),
            _("Scores: {scores}").format(scores=", ".join(
                f"{r.player} {r.total}" for r in score.rows)),
        ]
        self.displays.value = "<p>" + "<br>".join(html.escape(line) for line in shown) + "</p>"
        self.board.value = "<p>" + "<br>".join(
            html.escape(line) for line in (resources, research, hand)) + f"<br>{parts}</p>"
