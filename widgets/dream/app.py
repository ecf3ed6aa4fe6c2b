"""The app of Ada's Dream (``lessons/dream.ipynb``): a whole game on one page, one click per
decision, solo against a computer player or hot-seat for 2–4 people.

One screen of play (issue 31): whose turn it is, the decision (naming the area and what to
take: "Meetings: take a Partner card below, or pass", :func:`lnb.dream.describe.decision_text`),
the row of choices that are not on a board (pass, publish, a grey die's area...), the part of
the table that holds the decision (the Workshop's dice, the displays as cards
(:class:`~widgets.dream.cards.DisplaysView`), the map (:class:`~widgets.dream.mainboard.MapView`),
the hand, the Research tracks or the Gears), the Store and Mill of the person who acts
(:class:`~widgets.dream.board.PlayerBoard`) and the others' last moves are in view together;
the rest is one press away in a row of panels (:data:`PANELS`: Workshop, Cards, Map, Your
cards, Players, Log, Help). Buttons stand for actions: the legal ones highlighted, the others
disabled with the library's reason as their tooltip. After every move the keyboard focus goes
to the next decision (:meth:`DreamApp.focus_target`). The final scoring as a table. Keys
(:mod:`widgets.dream.keys`), save and load (``lnb-dream/1``), a new game's setup, a language
switch that keeps the game, the high-contrast toggle. Every rule is :mod:`lnb.dream`'s; a
callback's error lands on the status line.

>>> app = DreamApp(["You", "Computer"], computers={"Computer": "greedy"}, seed=3,
...                edition="classroom")
>>> app.state.current_player, app.state.step
('You', 'turn')
>>> app.workshop_buttons[0].disabled, app.mill_buttons[0].disabled
(False, True)
>>> app.workshop_buttons[0].click()
>>> app.state.step
'workshop_play'
>>> app.focus.target is app.hand_part  # a Partner card to play: the next decision
True
>>> app.key_bridge.handle({"event": "key", "key": "p"})  # P passes
>>> app.state.step
'end'
>>> app.prompt.value, app.focus.target is app.choices  # publish, or pass
('<p>You: publish, build a Gear, or pass</p>', True)
>>> [b.description for b in app.panel_buttons][:3]
['Workshop', 'Cards', 'Map']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import ipywidgets as w

from lnb.core.errors import LnbError
from lnb.core.i18n import N_, _
from lnb.dream.actions import (
    Action,
    Build,
    Collect,
    Join,
    Pass,
    Place,
    Play,
    Research,
    TakeAssignment,
    TakePartner,
    TakeProgram,
    Visit,
)
from lnb.dream.bots import make_bot
from lnb.dream.describe import decision_text, describe, removal_text
from lnb.dream.edition import DEFAULT_EDITION, Edition
from lnb.dream.final_table import final_table
from lnb.dream.records import replay, write
from lnb.dream.refusals import Refusals
from lnb.dream.seats import renamed
from lnb.dream.state import PROMPTS, Game, State
from lnb.dream.table import dream_table
from lnb.dream.title import TITLE
from lnb.dream.told import told
from widgets.core.contrast import ContrastToggle
from widgets.core.focus import Focus
from widgets.core.language import LanguageSwitch, page_language
from widgets.core.page_request import page_query, query_seed
from widgets.core.saveload import SaveLoadPanel, damaged, record_object, safe_filename
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet
from widgets.dream.board import PlayerBoard, Selection, compact_html, fill
from widgets.dream.buttons import Pool, pool_buttons, show
from widgets.dream.cards import DisplaysView
from widgets.dream.guide_view import GuideView, topics_html
from widgets.dream.hold import Kept, Redraws, hold_all
from widgets.dream.keys import KeyBridge
from widgets.dream.mainboard import MapView, WorkshopView
from widgets.dream.review_view import attach as attach_review
from widgets.dream.score_table import score_table_html
from widgets.dream.setup import DefaultKey, SetupForm, default_keys, default_name
from widgets.dream.style import CSS
from widgets.dream.words import HELP, die_label, esc

#: Actions that have their own button on a board, a card or the map (the rest are choices).
ON_A_BOARD = (Collect, Place, TakeProgram, TakeAssignment, Visit, Join, Research, Play, Build)
#: How many lines of the log are shown.
LOG_LINES = 12
#: How many of the others' moves the play view shows.
RECENT = 3
#: The panels one press away, in the row under the play view: key and button words.
PANELS = (("workshop", N_("Workshop")), ("cards", N_("Cards")), ("map", N_("Map")),
          ("mine", N_("Your cards")), ("players", N_("Players")), ("log", N_("Log")),
          ("help", N_("Help")))
#: The parts of the table each panel shows (a part hidden on the page gets its words when it
#: is shown: :meth:`DreamApp.refresh`).
PANEL_PARTS = {"workshop": ("workshop",), "cards": ("cards",), "map": ("map",),
               "mine": ("hand", "research", "gears")}
#: Which part of the table holds each kind of action (shown in the play view while the
#: decision is one of its actions) and, for the displays and the map, which of their rows
#: (a title and its cards: Programs, Assignments, Partners; Universities, Small Cities,
#: Institutions).
HOLDER: dict[type, tuple[str, tuple[int, ...]]] = {
    Collect: ("workshop", ()), TakeProgram: ("cards", (0,)), TakeAssignment: ("cards", (1,)),
    TakePartner: ("cards", (2,)), Visit: ("map", (0, 1)), Join: ("map", (2,)),
    Play: ("hand", ()), Research: ("research", ()), Build: ("gears", ())}


def turn_html(state: State, current: str, computer: bool) -> str:
    """The turn line (who plays: a person or a computer, the seat, the turn; or the end) and
    the Prestige so far, as the app and a live table show them."""
    scores = ", ".join(f"{r.player} {r.total}" for r in state.score_sheet().rows)
    if state.is_terminal():
        turn = _("The game is over.")
    else:
        kind = _("a computer player") if computer else _("a person")
        turn = _("Playing now: {player} ({kind}, seat {seat} of {seats}) · turn {number}"
                 ).format(player=current, kind=kind, seat=state.names.index(current) + 1,
                          seats=len(state.names), number=state.player(current).turns + 1)
        if state.ending:
            turn += " · " + _("A Mill is full: play goes on until everyone has had as "
                              "many turns.")
    prestige = _("Prestige so far: {scores}").format(scores=scores)
    return f"<b>{esc(turn)}</b><br>{esc(prestige)}"


def choice_buttons(pool: Pool, selection: Selection, state: State,
                   legal: Sequence[Action], short: bool = False,
                   why: Refusals | None = None) -> list[w.Button]:
    """The row of choices that are not on a board (pass, publish, a grey die's area...), the
    first nine numbered for their keys; ``short``: a chosen Partner's choices say only the
    card it replaces (the Partner is chosen on its card); ``why``: the redraw's reasons."""
    rest = [a for a in legal if not isinstance(a, ON_A_BOARD)
            and not (isinstance(a, TakePartner) and a.partner != selection.partner)]
    buttons = pool.first(len(rest))
    for i, (button, action) in enumerate(zip(buttons, rest, strict=True)):
        words = str(removal_text(action, state.edition) if short and isinstance(
            action, TakePartner) else describe(action, state.edition))
        show(button, state, action, f"{i + 1}. {words}" if i < 9 else words, legal=rest,
             why=why)
    return buttons


class DreamApp(w.VBox):
    """A whole game of Ada's Dream; seats in ``computers`` are played by the computer (by
    kind: ``greedy``, ``planner``, ``planner:mill``...), the others by people in turn.
    ``players`` None: you against a greedy computer player, named in the page's language.
    ``edition``: the edition of its new games (None: the library's default,
    :data:`lnb.dream.edition.DEFAULT_EDITION`; ``?edition=classroom`` on the page)."""

    def __init__(self, players: Sequence[str] | None = None,
                 computers: Mapping[str, str] | None = None, seed: int | None = None,
                 edition: str | None = None) -> None:
        super().__init__()
        #: The redraws so far, marked on the app once per action, after all of it
        #: (:meth:`handled`, :meth:`_count_redraw`).
        self.redraws = Redraws(self)
        self.edition = edition or DEFAULT_EDITION  # the edition of the new games
        self.selection = Selection()
        self._letter: str | None = None
        self.history_lines: list[Callable[[], str]] = []
        self.status = StatusLine(on_continue=self.refresh)
        click = self.handled(self._clicked)
        self.title = w.HTML()
        self.title.add_class("lnb-title")
        self.language = LanguageSwitch(on_change=self.handled(lambda _l: self.relabel()))
        self.header_row = w.HBox([self.title, self.language])
        self.header_row.add_class("lnb-title-row")
        self.turn = w.HTML()
        self.turn.add_class("lnb-dream-turn")
        self.prompt = w.HTML()
        self.prompt.add_class("lnb-dream-prompt")
        self.choice_pool = Pool("lnb-dream-choice", click)
        self.choices = w.HBox()
        self.choices.add_class("lnb-dream-choices")
        self.score = w.HTML(layout=w.Layout(display="none"))
        self.score.add_class("lnb-dream-score")
        self.workshop = WorkshopView(click)
        self.board = PlayerBoard(click)
        self.displays = DisplaysView(click)
        self.map = MapView(click)
        b = self.board  # its Store and Mill stay in the play view; the rest are parts
        self.hand_part = w.VBox([b.hand_title, b.hand_row, b.cards])
        self.research_part = w.VBox([b.tracks, b.research_row])
        self.gear_part = w.VBox([b.resources, b.gear_title, b.gear_row])  # what they cost
        b.children = [b.heading, b.store_title, b.store_row, b.mill_title, b.grid, b.equations]
        #: The parts of the table that may hold a decision, by name (:data:`HOLDER`).
        self.parts: dict[str, w.Widget] = {
            "workshop": self.workshop, "cards": self.displays, "map": self.map,
            "hand": self.hand_part, "research": self.research_part, "gears": self.gear_part}
        self.slot = w.VBox()  # the parts that hold the decision now
        self.slot.add_class("lnb-dream-slot")
        self.recent = w.HTML()
        self.recent.add_class("lnb-dream-recent")
        self.others_title = w.HTML()
        self.others_title.add_class("lnb-dream-part")
        self.others = w.HBox()
        self.others.add_class("lnb-dream-others")
        self.log_view = w.HTML()
        self.log_view.add_class("lnb-dream-log")
        self.help = w.HTML()
        self.help.add_class("lnb-dream-help")
        self.panel_pool = Pool("lnb-dream-panel", self.handled(self._panel_pressed))
        self.panel_buttons = self.panel_pool.first(len(PANELS))
        for button, (key, _words) in zip(self.panel_buttons, PANELS, strict=True):
            button.lnb_value = ("panel", key)  # type: ignore[attr-defined]
            button.disabled = False
        self.panel_row = w.HBox(self.panel_buttons)
        self.panel_row.add_class("lnb-dream-panels")
        #: Each panel's box (hidden unless open: every part stays on the page).
        self.panel_boxes = {key: w.VBox(layout=w.Layout(display="none")) for key, _w in PANELS}
        for key, box in self.panel_boxes.items():
            box.add_class("lnb-dream-panel-body")
            box.add_class(f"lnb-dream-panel-{key}")
        self._notes = {key: w.HTML() for key, _w in PANELS}
        self.panel = w.VBox(list(self.panel_boxes.values()))
        self.open_panel: str | None = None
        #: The words of the hidden parts' widgets, changed but not sent to the page yet.
        self.kept = Kept()
        self.focus = Focus()  # after a move, the keyboard goes to the next decision
        self.key_bridge = KeyBridge()
        self.key_bridge.on_key = self.handled(self.key)
        self.key_bridge.on_error = self._key_error
        self.setup = SetupForm(self._setup_start, guard=self.handled)
        self.setup.layout.display = "none"
        self.guide_view = GuideView(self)  # a guided first game's guide, under the question
        self.new_button = w.Button()
        self.new_button.add_class("lnb-dream-new")
        self.new_button.on_click(self.handled(lambda _b: self.toggle_setup()))
        self.contrast_toggle = ContrastToggle(self)
        self.files = SaveLoadPanel(self.save_text, self.load_text, status=self.status,
                                   extra=(self.new_button, self.guide_view.start_button,
                                          self.contrast_toggle))
        top = w.VBox([self.turn, self.prompt, self.guide_view])
        top.add_class("lnb-dream-top")
        decision = w.VBox([self.choices, self.slot])
        decision.add_class("lnb-dream-decision")
        mine = w.VBox([self.board, self.recent])
        mine.add_class("lnb-dream-millside")
        self.main = w.HBox([decision, mine])
        self.main.add_class("lnb-dream-main")
        self.children = [stylesheet(), app_styles("dream", CSS), self.header_row,
                         top, self.status, self.score, self.main, self.panel_row, self.panel,
                         self.setup, self.files, self.key_bridge]
        self.add_class("lnb-app")
        self.add_class("lnb-dream-app")
        self._label()
        computer = _("Computer")  # the default seats, named in the page's language
        players = (_("You"), computer) if players is None else players
        computers = {computer: "greedy"} if computers is None else dict(computers)
        self.new_game(players, computers, seed)
        self.review = attach_review(self)  # after the game: the Review panel, Try it again

    # ------------------------------------------------------------------ the game
    @property
    def state(self) -> State:
        """The game (the library's State)."""
        return self.table.state

    @property
    def person(self) -> str:
        """The person whose board is shown: the one who must act, else the first person."""
        waiting = self.table.waiting_for()
        return waiting[0] if waiting else (self.table.persons or self.state.names)[0]

    # the board's buttons, by name (tests and the lesson press them)
    @property
    def workshop_buttons(self) -> list[w.Button]:
        return self.workshop.buttons

    @property
    def store_buttons(self) -> list[w.Button]:
        return self.board.store_buttons

    @property
    def mill_buttons(self) -> list[w.Button]:
        return self.board.mill_buttons

    @property
    def choice_buttons(self) -> list[w.Button]:
        return list(self.choices.children)  # type: ignore[arg-type]

    def new_game(self, players: Sequence[str], computers: Mapping[str, str],
                 seed: int | None = None) -> None:
        """Start a game of :attr:`edition` (the library checks the names: 2 to 4, all
        different)."""
        game = Game(list(players), self.edition, seed=seed)
        bots = {name: make_bot(kind, game.seed) for name, kind in computers.items()}
        self._start(game.new_initial_state(), dict(computers), bots)
        self.status.clear()

    def _start(self, state: State, kinds: dict[str, str], bots: Mapping[str, Any]) -> None:
        self.guide_view.stop()  # a new or loaded game is not guided (GuideView.start)
        self.kinds = kinds
        #: The seats named by default ("You", "Computer"...), by key: a language switch
        #: names them again (:meth:`rename_defaults`).
        self.default_seats: dict[int, DefaultKey] = default_keys(state.names, kinds)
        self.table = dream_table(state, bots)
        self.selection = Selection()
        self._letter = None
        self.history_lines = _told(state, kinds)  # a loaded game's moves so far, in words
        self.history_who = [action.player for action in state.history]
        self.files.clear()
        self._play(self.table.advance)
        self.refresh()
        self.focus.forget()  # a new game takes no focus (the page is not scrolled to it)

    def _play(self, step: Callable[[], None]) -> None:
        """Run ``step`` (a click and the computers' replies), then log every action taken,
        in words (a copy of the game before them names the dice they moved)."""
        before = self.state.clone()
        seen = len(before.history)
        step()
        new = []
        for action in self.state.history[seen:]:
            new.append(_log_line(action, before, self.kinds))  # before it: the die it moves
            before.apply_action(action)
        self.history_lines += new
        self.history_who += [action.player for action in self.state.history[seen:]]
        said = [line() for line in new]
        said.append(self._prompt_text())
        self.key_bridge.live = " ".join(said)

    def act(self, action: Action) -> None:
        """A person's click as one action; the computers then play until a person must act."""
        def step() -> None:
            self.table.act(action)
            self.table.advance()

        self._play(step)
        self.selection = Selection()
        self._letter = None
        self.files.clear()
        self.status.clear()
        self.refresh()
        self.focus(self.focus_target())

    def choose(self, value: tuple[str, Any]) -> None:
        """The first click of a two-click decision: a Store die, a Program or a Partner."""
        kind, item = value
        if kind == "slot":
            self.selection = Selection(slot=None if self.selection.slot == item else item)
            self.status.info(_("Now press a free cell of your Mill (or type its name, e.g. "
                               "B2)."))
        elif kind == "program":
            self.selection = Selection(program=item)
            self.status.info(_("Now press the line of your Mill this Program goes beside."))
        else:
            self.selection = Selection(partner=item)
            self.status.info(_("Now choose which of your cards this Partner replaces."))
        self.refresh()
        self.focus(self.focus_target())

    def _clicked(self, button: w.Button) -> None:
        action = getattr(button, "lnb_action", None)
        value = getattr(button, "lnb_value", None)
        if value is not None and value[0] == "panel":
            self._panel_pressed(button)
        elif button.disabled or (action is None and value is None):
            self.status.error(button.tooltip or _("That is not possible now."))
        elif action is not None:
            self.act(action)
        else:
            self.choose(value)

    def _key_error(self, error: BaseException) -> None:
        with self.status.guard():
            raise error

    def toggle_setup(self) -> None:
        """Show or hide the setup of a new game."""
        shown = self.setup.layout.display != "none"
        self.setup.layout.display = "none" if shown else None
        self._label()

    def _setup_start(self, players: Sequence[str], computers: Mapping[str, str],
                     seed: int | None) -> None:
        self.new_game(players, computers, seed)
        self.default_seats = self.setup.defaults()  # a typed name is never renamed
        self.setup.layout.display = "none"
        self._label()
        self.status.ok(_("A new game: {players}.").format(players=", ".join(players)))

    # ------------------------------------------------------------------ keys
    def key(self, key: str) -> None:
        """One key of the page (see :data:`widgets.dream.words.HELP`)."""
        if key == "escape":
            self.selection = Selection()
            self._letter = None
            self.status.clear()
            self.refresh()
            self.focus(self.focus_target())
            return
        if self.state.is_terminal():
            return
        if self.state.step == "turn":
            if key in "qwe" and len(key) == 1:
                self._clicked(self.store_buttons["qwe".index(key)])
            elif key in "abc" and len(key) == 1:
                if self.selection.slot is None:
                    self.status.info(_("First choose a die of your Store (Q, W or E)."))
                    return
                self._letter = key.upper()
                self.status.info(_("Mill cell {row}…: now its number, 1, 2 or 3.").format(
                    row=self._letter))
            elif key.isdigit():
                if self._letter is not None and key in "123":
                    cell = f"{self._letter}{key}"
                    self._letter = None
                    index = [b.description.split()[0] for b in self.mill_buttons].index(cell)
                    self._clicked(self.mill_buttons[index])
                elif "1" <= key <= str(len(self.workshop_buttons)):
                    self._clicked(self.workshop_buttons[int(key) - 1])
            return
        buttons = self.choice_buttons
        if key.isdigit() and int(key) <= len(buttons):
            self._clicked(buttons[int(key) - 1])
        elif key == "p":
            passing = [b for b in buttons if isinstance(b.lnb_action, Pass)]
            if passing:
                self._clicked(passing[0])
            else:
                self.status.error(_("There is nothing to pass now."))

    # ------------------------------------------------------------------ files
    def save_text(self) -> tuple[str, str]:
        """The game as a record file (``lnb-dream/1``), with who the computer plays."""
        record = write(self.state, self.kinds)
        name = "ada-s-dream-" + "-".join(self.state.names) + f"-{len(self.state.history)}"
        return safe_filename(name), json.dumps(record, ensure_ascii=False, indent=1)

    def load_text(self, text: str) -> None:
        """Load a saved game from its text (never a path: see
        :func:`widgets.core.saveload.record_object`) and play on; a broken file is refused on
        the status line, a damaged one in a plain sentence first
        (:func:`widgets.core.saveload.damaged`), the game kept."""
        data = record_object(text)
        try:
            state = replay(data).state
            kinds = {name: p["computer"] for name, p in zip(state.names, data["players"],
                                                            strict=True) if "computer" in p}
            bots = {name: make_bot(kind, state.game.seed) for name, kind in kinds.items()}
        except LnbError as exc:
            raise damaged(exc) from exc
        with self.redraws.block():  # the game and its status line, one redraw
            self._start(state, kinds, bots)
            self.status.ok(_("Game loaded: {count} decisions so far.").format(
                count=len(state.history)))

    # ------------------------------------------------------------------ the page
    def open_page(self, query: dict[str, str] | None = None) -> None:
        """Act on the page's address: ``?lang=`` (then the pupil's choice and the browser's
        language), ``?edition=NAME`` (new games of that edition) and ``?seed=N`` (that game,
        the same seats). Under Voila it first waits for the page's request."""
        with self.redraws.block(), self.status.guard():
            if query is None:
                query = page_query()
            page_language(query)
            old, self.language = self.language, LanguageSwitch(
                on_change=self.handled(lambda _l: self.relabel()))
            self.header_row.children = (self.title, self.language)
            old.close()
            seed = query_seed(query)
            edition = query.get("edition")
            if edition:
                self.edition = Edition.load(edition).name  # an unknown one is refused
            if seed is not None or edition:
                self.new_game(self.state.names, self.kinds, seed)
            self.relabel()

    # ------------------------------------------------------------------ words
    def _label(self) -> None:
        self.title.value = esc(TITLE)
        self.help.value = esc(HELP) + topics_html()  # the keys, then the rules' Help entries
        self.guide_view.relabel()
        self.others_title.value = esc(_("The other players"))
        shown = self.setup.layout.display != "none"
        self.new_button.description = _("Hide the new game") if shown else _("New game…")
        self.new_button.tooltip = _("Solo or hot-seat, names and seed of a new game")

    def relabel(self) -> None:
        """Every word in the current language; the game is not touched."""
        with self.hold_sync():
            self._label()
            for part in (self.status, self.files, self.contrast_toggle, self.language,
                         self.setup):
                part.relabel()
            self.rename_defaults()
            self.key_bridge.live = self._prompt_text()  # said again in the new language
            self.refresh()

    def rename_defaults(self) -> None:
        """Name the seats named by default in the current language ("You" is "你"); the
        game goes on, move for move (:func:`lnb.dream.seats.renamed`). A typed name stays;
        so do all names, if a new one is already a seat's.

        >>> from lnb.core.i18n import use_language
        >>> app = DreamApp(seed=3)
        >>> with use_language("zh-CN"):
        ...     app.rename_defaults()
        >>> app.state.names, app.kinds
        (('你', '电脑'), {'电脑': 'greedy'})
        """
        names = {self.state.names[seat]: default_name(key)
                 for seat, key in self.default_seats.items()}
        names = {old: new for old, new in names.items() if old != new}
        after = [names.get(n, n) for n in self.state.names]
        if not names or len(set(after)) != len(after):
            return
        state = renamed(self.state, names)
        self.kinds = {names.get(n, n): kind for n, kind in self.kinds.items()}
        self.table = dream_table(state, {names.get(n, n): bot
                                         for n, bot in self.table.computers.items()})
        self.history_lines = _told(state, self.kinds)
        self.history_who = [action.player for action in state.history]
        self.files.clear()  # a file saved before names the seats as they were

    # ------------------------------------------------------------------ drawing
    def _prompt_text(self) -> str:
        state = self.state
        if state.is_terminal():
            return _("The game is over: the final scoring is below, line by line.")
        ask = str(decision_text(state.pending[0], PROMPTS)) if state.step else ""
        return _("{player}: {prompt}").format(player=self.person, prompt=ask)

    def refresh(self) -> None:
        """Redraw everything from the library's state: one message per widget changed, and
        the words of the parts hidden now kept back until they are shown (:attr:`kept`)."""
        state, name = self.state, self.person
        over = state.is_terminal()
        why = Refusals(state)  # each button's reason, from one look at the rules
        legal = [] if over else state.legal_actions(name)
        shown = self._shown_parts(self.holders(legal), self.open_panel)
        parts = {key: part_widgets(part) for key, part in self.parts.items()}
        later = {widget: LATER[type(widget)] for key, widgets in parts.items()
                 if key not in shown for widget in widgets}
        held = [*pool_buttons(self, self.workshop, self.board, self.displays, self.map),
                *(widget for widgets in parts.values() for widget in widgets)]
        with self.hold_sync(), hold_all(held, later, self.kept):
            self._draw_turn(state, name)
            self.prompt.value = f"<p>{esc(self._prompt_text())}</p>"
            self.workshop.refresh(state, name, legal, why)
            self.board.refresh(state, name, self.selection, legal, why)
            self.displays.refresh(state, name, self.selection, legal, why)
            self.map.refresh(state, name, legal, why)
            self._draw_choices(state, legal)
            self.guide_view.refresh()
            fill(self.others, [compact_html(state, other)
                               for other in state.names if other != name])
            self._draw_log()
            self._draw_recent(name)
            self._place_parts(legal)
            self._draw_score(state)
        self._count_redraw()

    # ------------------------------------------------------------------ one screen
    def holders(self, legal: Sequence[Action]) -> dict[str, tuple[int, ...]]:
        """The parts of the table holding a legal action now, each with the rows it needs.

        >>> app = DreamApp(seed=3)
        >>> app.holders(app.state.legal_actions("You"))
        {'workshop': ()}
        """
        held: dict[str, tuple[int, ...]] = {}
        for action in legal:
            holder = HOLDER.get(type(action))
            if holder is not None:
                key, rows = holder
                held[key] = tuple(sorted({*held.get(key, ()), *rows}))
        return held

    def _place_parts(self, legal: Sequence[Action]) -> None:
        """Put the parts holding the decision in the play view (only the rows it needs),
        the others in their panels."""
        held = self.holders(legal)
        self.slot.children = [self.parts[key] for key in self.parts if key in held]
        for key, box in (("cards", self.displays), ("map", self.map)):
            rows = held.get(key)
            for i, child in enumerate(box.children):
                child.layout.display = None if not rows or i // 2 in rows else "none"
        self._draw_panel()

    @staticmethod
    def _shown_parts(held: Mapping[str, tuple[int, ...]], panel: str | None) -> set[str]:
        """The parts of the table (:attr:`parts`) in view: those holding the decision
        (``held``, :meth:`holders`) and those of the open ``panel``."""
        return {*held, *PANEL_PARTS.get(panel or "", ())}

    def _panel_parts(self, key: str) -> list[w.Widget]:
        """What the panel ``key`` shows (a part now in the play view is not in it)."""
        inside = set(self.slot.children)
        mine = [p for p in (self.hand_part, self.research_part, self.gear_part)
                if p not in inside]
        parts: dict[str, list[w.Widget]] = {
            "workshop": [self.workshop], "cards": [self.displays], "map": [self.map],
            "mine": mine, "players": [self.others_title, self.others],
            "log": [self.log_view], "help": [self.help]}
        shown = [p for p in parts[key] if p not in inside]
        if shown:
            return shown
        note = self._notes[key]
        note.value = esc(_("It is above: it holds the decision of the moment."))
        return [note]

    def _draw_panel(self) -> None:
        for button, (key, words) in zip(self.panel_buttons, PANELS, strict=True):
            opened = key == self.open_panel
            button.description = _(words)
            button.tooltip = (_("Hide {panel}") if opened else _("Show {panel}")).format(
                panel=_(words))
            button.button_style = "primary" if opened else ""
        for key, box in self.panel_boxes.items():
            children = tuple(self._panel_parts(key))
            if box.children != children:
                box.children = children
            box.layout.display = None if key == self.open_panel else "none"

    def _panel_pressed(self, button: w.Button) -> None:
        """Open the panel of ``button`` (or close it, if it is open) and take the keyboard
        there."""
        key = button.lnb_value[1]  # type: ignore[attr-defined]
        self.open_panel = None if self.open_panel == key else key
        for part in PANEL_PARTS.get(self.open_panel or "", ()):  # its words, kept back
            self.kept.send(part_widgets(self.parts[part]))
        self._draw_panel()
        self._count_redraw()
        if self.open_panel is not None:
            self.focus(self.panel_boxes[self.open_panel])

    def focus_target(self) -> w.Widget:
        """Where the keyboard goes after a move: the Mill once a Store die or a Program is
        chosen, the row of choices once a Partner is, else the first part of the play view
        with an enabled button (the part holding the decision, the Store, the choices)."""
        if self.selection.slot is not None or self.selection.program is not None:
            return self.board.grid
        if self.selection.partner is not None:
            return self.choices
        for part in (*self.slot.children, self.board.store_row, self.choices):
            if any(not b.disabled for b in _buttons(part)):
                return part
        return self.choices

    def _draw_recent(self, name: str) -> None:
        """The others' last moves (:data:`RECENT`), newest last."""
        lines = [line for line, who in zip(self.history_lines, self.history_who, strict=True)
                 if who != name][-RECENT:]
        if not lines:
            self.recent.value = ""
            return
        title = esc(_("The others' last moves"))
        items = "".join(f"<li>{esc(line())}</li>" for line in lines)
        self.recent.value = f"<div class='lnb-dream-part'>{title}</div><ul>{items}</ul>"

    @property
    def shown(self) -> int:
        """How many times the app was redrawn (:attr:`redraws`)."""
        return self.redraws.count

    def handled(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """``func`` (a click's, a key's callback) as one action: its errors on the status
        line (:meth:`StatusLine.guarded`), its redraws counted once, after all of it (the
        status line's words and the focus too): a page that sees the new count sees the
        whole action.

        >>> app = DreamApp(seed=3)
        >>> before = app.shown
        >>> def twice() -> None:  # a new game, then its guide (GuideView.start)
        ...     app.refresh()
        ...     app.refresh()
        >>> app.handled(twice)()
        >>> app.shown - before
        1
        """
        guarded = self.status.guarded(func)

        @functools.wraps(func)
        def action(*args: Any, **keys: Any) -> Any:
            with self.redraws.block():
                return guarded(*args, **keys)

        return action

    def _count_redraw(self) -> None:
        """Mark the app with how many times it was redrawn, as a class ``lnb-shown-<n>``
        sent after every other part's update (a browser test waits for the next number
        instead of for the page's text to stop changing; a class is no text: nothing reads
        it aloud); in an action (:meth:`handled`), once when it ends.

        >>> app = DreamApp(seed=3)
        >>> before = app.shown
        >>> app.refresh()
        >>> app.shown == before + 1 and f"lnb-shown-{app.shown}" in app._dom_classes
        True
        """
        self.redraws.redrawn()

    def _draw_turn(self, state: State, name: str) -> None:
        current = state.current_player or name
        self.turn.value = turn_html(state, current, computer=current in self.kinds)

    def _draw_choices(self, state: State, legal: Sequence[Action],
                      why: Refusals | None = None) -> None:
        buttons = choice_buttons(self.choice_pool, self.selection, state, legal, short=True,
                                 why=why)
        if tuple(buttons) != self.choices.children:
            self.choices.children = buttons

    def _draw_log(self) -> None:
        if not self.history_lines:
            self.log_view.value = ""
            return
        first = max(0, len(self.history_lines) - LOG_LINES)
        items = "".join(f"<li>{esc(line())}</li>" for line in self.history_lines[first:])
        title = esc(_("What happened (the newest last)"))
        self.log_view.value = (f"<div class='lnb-dream-part'>{title}</div>"
                               f"<ol start='{first + 1}'>{items}</ol>")

    def _draw_score(self, state: State) -> None:
        if not state.is_terminal():
            self.score.layout.display = "none"
            self.score.value = ""
            return
        self.score.value = score_table_html(final_table(state))  # a row per scoring line
        self.score.layout.display = None


#: The traits of a hidden part's widgets kept back until it is shown: its words (whether a
#: button is enabled goes at once: the page never offers a click the rules refuse).
LATER = {w.Button: ("description", "tooltip"), w.HTML: ("value",)}


def part_widgets(widget: w.Widget) -> list[w.Widget]:
    """The buttons and HTML texts in ``widget`` and its boxes (hidden ones too).

    >>> part_widgets(w.VBox([w.HTML("a"), w.HBox([w.Button()]), w.Label("b")]))
    [HTML(value='a'), Button(style=ButtonStyle())]
    """
    if type(widget) in LATER:
        return [widget]
    found: list[w.Widget] = []
    for child in getattr(widget, "children", ()):
        found += part_widgets(child)
    return found


def _buttons(widget: w.Widget) -> list[w.Button]:
    """The buttons in ``widget`` and its boxes (not those hidden), in order."""
    if isinstance(widget, w.Button):
        return [widget]
    if getattr(widget, "layout", None) is not None and widget.layout.display == "none":
        return []
    found: list[w.Button] = []
    for child in getattr(widget, "children", ()):
        found += _buttons(child)
    return found


def _told(state: State, computers: Collection[str] = ()) -> list[Callable[[], str]]:
    """Every action of ``state``'s history in words, as the log said them when they were
    played (a game loaded from a record shows its moves so far)."""
    before = state.game.new_initial_state()
    lines = []
    for action in state.history:
        lines.append(_log_line(action, before, computers))
        before.apply_action(action)
    return lines


def _log_line(action: Action, before: State,
              computers: Collection[str] = ()) -> Callable[[], str]:
    """What ``action`` did, in words shown in the language of the moment (``before``: the
    game just before it, for the die it moved); a computer seat's move is told in words of
    its own, what it gained too (:func:`lnb.dream.told.told`; a placement says why).

    >>> from lnb.dream.state import Game
    >>> state = Game(["Ada", "Bot"], seed=2).new_initial_state()
    >>> state.players["Bot"].store[0] = state.workshop[0]
    >>> print(_log_line(Place("Bot", 1, "B1"), state, ["Bot"])())
    Bot put the grey 1 in B1: no Program on row B or column 1 yet, so it keeps the other cells free
    >>> state.players["Ada"].store[0] = state.workshop[0]
    >>> print(_log_line(Place("Ada", 1, "B1"), state, ["Bot"])())  # a person's: no reason
    Ada put the grey 1 in Mill cell B1
    """
    if action.player in computers:  # a computer's move, told in words of its own
        said = told(action, before, before.edition, action.player)
        return lambda: str(said)
    if isinstance(action, Collect):
        die = before.workshop[action.space - 1]
        return lambda: _("{player} took the {die} from Workshop space {space}").format(
            player=action.player, die=die_label(die), space=action.space)
    if isinstance(action, Place):
        die = before.players[action.player].store[action.slot - 1]
        return lambda: _("{player} put the {die} in Mill cell {cell}").format(
            player=action.player, die=die_label(die) if die else "", cell=action.cell)
    text = describe(action, before.edition)
    return lambda: _("{player}: {action}").format(player=action.player, action=text)
