"""The game as an app: seats, four Rounds, the race against the minute, resolution, scores.

Everything the game decides is decided by ``lnb.babbage.game.State``: the app only turns clicks into
actions (``Target``, ``Activate``, ``WriteProgram``, ``Finish``, ``TimeUp``, ``ResolveRow``,
``Debug``, ``Recompute``) and redraws. Computer players act through :class:`Computer`, which
is played by a bot of ``lnb.babbage.bots`` (beginner, greedy or planner); each computer "thinks" for
the bot's think time, counted by the browser's clock, before it finishes its program. People
sharing the screen write in turn, each on their own clock from 0, and race as if they had written
at once (``lnb.core.race``): the order of finishing is by those times. In
mental-arithmetic play a person who chooses Debug rewrites under a fresh timer of the Round's
length (none when untimed); at zero the rows written so far are handed in.

"Save the game" works between Rounds (and at the end): the download is an ``lnb-game/1``
record, where each computer seat carries the extra field ``"computer": "<bot>"``. "Load a
game" resumes an unfinished record (computers from that field, everyone else a person) and
opens a finished one for review.

>>> app = GameApp([Seat("You"), Seat("Babbage", computer=True, character="Charles Babbage")],
...               seed=3)
>>> app.state.phase.name, app.phase_title.value
('TARGET', '<b>Round 1 of 4</b> · You: choose a Subroutine to target (others, look away!)')
"""

from __future__ import annotations

import html
import logging
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from urllib.parse import parse_qsl

import ipywidgets as w

from lnb.babbage.bots import REGISTRY, make_bot
from lnb.babbage.edition import Edition
from lnb.babbage.errors import GameError, LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
    Game,
    GameOptions,
    Phase,
    Recompute,
    State,
    Target,
)
from lnb.babbage.numbers import two_digits
from lnb.babbage.programs import Program
from lnb.babbage.table import babbage_table
from lnb.core.i18n import _, format_list, ngettext, pgettext
from lnb.core.race import Race
from lnb.core.review import Moment
from lnb.core.table import Table
from widgets.babbage.board import close_all
from widgets.babbage.game_parts import GameParts, debug_offer
from widgets.babbage.program_builder import ProgramBuilder
from widgets.babbage.resolution import ResolutionView
from widgets.babbage.review_view import ReviewPanel, try_again_words
from widgets.babbage.words import bot_name, bot_text, effect_name, effect_text, influence
from widgets.core.app_shell import AppShell
from widgets.core.contrast import ContrastToggle
from widgets.core.focus import Focus
from widgets.core.page_request import wait_for_request
from widgets.core.relabel import register, relabel_part
from widgets.core.saveload import SaveLoadPanel, damaged, record_object, safe_filename
from widgets.core.status import StatusLine
from widgets.core.timer import Timer
from widgets.core.titles import title_html

LOG = logging.getLogger("widgets")
#: The game app's own look (the kit's shared styles, buttons whose words wrap in any script
#: included, are ``widgets.core.style``): 44 px taps even for wrapping buttons, the title row
#: with the language switch, the choices.
CSS = """
.lnb-app.lnb-game button.jupyter-button { min-height: 44px; }  /* over the shared sheet */
.lnb-game .lnb-title-row { justify-content: space-between; align-items: center; flex-wrap: wrap; }
.lnb-game .lnb-choice { width: auto; max-width: 100%; }
.lnb-game .lnb-choices { flex-wrap: wrap; gap: 4px; }
.lnb-game .lnb-target-card { overflow-wrap: anywhere; }
.lnb-game .lnb-seat { flex-wrap: wrap; row-gap: 4px; max-width: 100%; }  /* a tablet: 2 lines */
.lnb-game .lnb-seat > .widget-inline-hbox { max-width: 100%; }
@media (max-width: 900px) { .lnb-game .lnb-seat { margin-bottom: 12px; } }  /* seats apart */
"""
ROUNDS = 4
CLOCK_LIMIT = 3600  # seconds the hidden clock may count in one Program phase


@dataclass(frozen=True)
class Seat:
    """One seat at the table: a name, a person or a computer (which bot), a character and
    a handicap (one or two Influence marks to start with)."""

    name: str
    computer: bool = False
    character: str = "Ada Lovelace"
    handicap: tuple[str, ...] = ()
    bot: str = "greedy"


# --------------------------------------------------------------------------- computers
class Computer:
    """A computer player for one seat, played by a bot of ``lnb.babbage.bots``."""

    def __init__(self, name: str, kind: str = "greedy", seed: int = 0,
                 think: float | None = None) -> None:
        self.name = name
        self.kind = kind
        self.bot = make_bot(kind, seed=seed)
        self.think = think

    def choose_action(self, state: State, player: str | None = None) -> Any:
        """The bot's action now (in the Program phase: its program, ``WriteProgram``; in
        mental-arithmetic play the bot writes each row's true Result itself)."""
        return self.bot.choose_action(state, self.name)

    def think_seconds(self, state: State, player: str | None = None) -> float:
        """How long, on the browser's clock, this player takes to finish its program."""
        if self.think is not None:
            return self.think
        return round(self.bot.think_seconds(state, self.name), 1)


# --------------------------------------------------------------------------- the setup form
class SetupForm(w.VBox):
    """Choose 2–4 seats (person or computer, character, handicap) and the options."""

    def __init__(self, on_start: Callable[[list[Seat], GameOptions, bool], None],
                 edition: Edition | None = None) -> None:
        self.edition = edition or Edition.load()
        self.on_start = on_start
        characters = [c.name for c in self.edition.characters]
        self.count = w.ToggleButtons(options=[2, 3, 4], value=2)
        self.count.add_class("lnb-seat-count")
        self.rows = []
        self._names = [self._default_name(i) for i in range(4)]  # in the language shown
        for i, kind in enumerate([PERSON, "greedy", PERSON, PERSON]):
            row = w.HBox([
                w.Text(value=self._names[i], layout=w.Layout(width="16em")),
                w.Dropdown(options=self._kinds(), value=kind, layout=w.Layout(width="12em")),
                w.Dropdown(options=characters, value=characters[i],
                           layout=w.Layout(width="14em")),
                w.Dropdown(options=self._handicaps(), value=NO_HANDICAP,
                           layout=w.Layout(width="10em")),
            ])
            row.add_class("lnb-seat")
            row.add_class(f"lnb-seat-{i + 1}")
            self.rows.append(row)
        self.strengths = w.HTML("")
        self.take_that = w.Checkbox(value=True, indent=False)
        self.mental = w.Checkbox(value=False, indent=False)
        self.mental.add_class("lnb-mental-option")
        self.timed = w.Dropdown(options=self._timers(), value=True)
        self.start_button = w.Button(button_style="success")
        self.start_button.add_class("lnb-start-game")
        self.start_button.on_click(lambda _: self._start())
        self.count.observe(lambda _: self.refresh(), "value")
        self.intro = w.HTML("")
        super().__init__([
            self.intro, self.count, *self.rows, self.strengths, self.take_that, self.mental,
            self.timed, self.start_button,
        ])
        self.add_class("lnb-setup")
        self.relabel()
        self.refresh()

    @staticmethod
    def _default_name(index: int) -> str:
        if index == 0:
            return pgettext("a seat's name", "You")
        if index == 1:
            return pgettext("a seat's name", "Computer")
        return pgettext("a seat's name", "Player {number}").format(number=index + 1)

    @staticmethod
    def _kinds() -> list[tuple[str, str]]:
        return [(pgettext("who plays a seat", "Person"), PERSON),
                *((_("Computer ({strength})").format(strength=bot_name(kind)), kind)
                  for kind in REGISTRY.names)]

    def _handicaps(self) -> list[tuple[str, str]]:
        return [(_("No handicap"), NO_HANDICAP),
                *((influence(kind), kind) for kind in self.edition.influence_types)]

    @staticmethod
    def _timers() -> list[tuple[str, bool]]:
        seconds = GameOptions().timer_seconds  # the rules' Round length
        return [(ngettext("{seconds} second", "{seconds} seconds", seconds).format(
            seconds=seconds), True), (_("No time limit"), False)]

    def relabel(self) -> None:
        """Every word of the form in the current language; what was chosen is kept (a seat
        still named as the form named it is named in the new language)."""
        self.intro.value = title_html(_("New game")) + "<div>{}</div>".format(
            _("Choose who plays. A <b>Person</b> plays on this screen (take turns); a "
              "<b>Computer</b> plays by itself."))
        self.count.description = _("Players")
        for i, row in enumerate(self.rows):
            name, kind, _character, handicap = row.children
            name.description = _("Seat {number}").format(number=i + 1)
            default = self._default_name(i)
            if name.value == self._names[i]:
                name.value = default
            self._names[i] = default
            _set_options(kind, self._kinds())
            _set_options(handicap, self._handicaps())
        # What each computer strength means, from the registry's sentences (weakest first).
        strengths = [_("<b>{strength}</b>, {description}").format(
            strength=html.escape(bot_name(k.name)),
            description=html.escape(bot_text(k.name, k.describe)))
            for k in map(REGISTRY.kind, REGISTRY.names)]
        self.strengths.value = "<div class='lnb-strengths'>{}</div>".format(
            _("Computer strengths: {list}.").format(
                list=pgettext("between the items of a list", "; ").join(strengths)))
        self.take_that.description = _("Take-that Subroutines")
        self.mental.description = _("Mental arithmetic (write your Results)")
        self.timed.description = _("Timer")
        _set_options(self.timed, self._timers())
        self.start_button.description = _("Start the game")

    def refresh(self) -> None:
        """Show as many seat rows as players."""
        for i, row in enumerate(self.rows):
            row.layout.display = None if i < self.count.value else "none"

    def seats(self) -> list[Seat]:
        """The seats as filled in."""
        out = []
        for row in self.rows[: self.count.value]:
            name, kind, character, handicap = (c.value for c in row.children)
            marks = () if handicap == NO_HANDICAP else (handicap,)
            bot = "greedy" if kind == PERSON else kind
            out.append(Seat(name.strip(), kind != PERSON, character, marks, bot))
        return out

    def options(self) -> GameOptions:
        """The rule options chosen."""
        handicap = {s.name: list(s.handicap) for s in self.seats() if s.handicap}
        return GameOptions(take_that=self.take_that.value,
                           mental_arithmetic=self.mental.value, handicap=handicap)

    def _start(self) -> None:
        self.on_start(self.seats(), self.options(), bool(self.timed.value))


PERSON = "person"  # the seat-kind value of a person (a computer's is its bot's name)
NO_HANDICAP = ""


def _set_options(dropdown: w.Dropdown, options: list) -> None:
    """New labels for the same values, keeping the one chosen."""
    value = dropdown.value
    with dropdown.hold_sync():
        dropdown.options = options
        dropdown.value = value


# --------------------------------------------------------------------------- loading
def record_data(text: str) -> dict[str, Any]:
    """The JSON object of a saved game's text (a byte-order mark is fine); anything else
    raises ``RecordError`` in one plain sentence. Never a path: nothing is read here
    (:func:`widgets.core.saveload.record_object`, the same in every app).

    >>> record_data('\ufeff{"format": "lnb-game/1"}')
    {'format': 'lnb-game/1'}
    >>> record_data("/etc/hostname")
    Traceback (most recent call last):
    lnb.core.errors.RecordError: That file is not a game saved by this app: choose its .json file.
    """
    return record_object(text)


# --------------------------------------------------------------------------- choices
def choice_label(state: State, name: str, action: Any) -> str:
    """The words on a resolution choice's button: the Patron it claims (number and name)
    and the type taken, as ``lnb`` offers them (``State.row_choices``), e.g.
    ``Patron 53 Edwin Chadwick: take Politics``."""
    patrons = state.row_choices(name).patrons
    value = action.patron if action.patron is not None else (patrons[0] if patrons else None)
    names = {slot.value: slot.patron.name for slot in (*state.patrons, *state.reserved)}
    if value is None:
        if action.take:
            return _("Take {type}").format(type=influence(action.take))
        return pgettext("claim a Patron", "Claim")
    fields = {"value": two_digits(value), "type": influence(action.take) if action.take else ""}
    name = names.get(value, "")
    if name and action.take:
        return _("Patron {value} {name}: take {type}").format(**fields, name=name)
    if name:
        return _("Patron {value} {name}: claim").format(**fields, name=name)
    if action.take:
        return _("Patron {value}: take {type}").format(**fields)
    return _("Patron {value}: claim").format(**fields)


def round_title(state: State, text: str) -> str:
    """The phase line of a Round under way (the game app's and a room's): the Round, then
    ``text`` (HTML).

    >>> round_title(Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1)
    ...             .new_initial_state(), "Ada: choose")
    '<b>Round 1 of 4</b> · Ada: choose'
    """
    return _("<b>Round {round} of {rounds}</b> · {text}").format(round=state.round,
                                                                  rounds=ROUNDS, text=text)


def target_card_html(state: State, name: str) -> str:
    """The card of ``name``'s targeted Subroutine this Round (number, effect, what it does),
    shown beside the program being written (the game app's and a room's)."""
    player = state.player(name)
    number = player.target
    heading = html.escape(_("Your target"))
    if number is None:
        return (f"<b>{heading}</b><div class='lnb-muted'>"
                "{}</div>".format(html.escape(_("No Subroutine this Round"))))
    sub = player.character.subroutine(number)
    effect = effect_text(sub.effect, state.edition.effects.get(sub.effect, ""))
    return (f"<b>{heading}</b>"
            f"<div class='lnb-target-number'>{two_digits(number)}</div>"
            f"<div><b>{html.escape(effect_name(sub.effect))}</b></div>"
            f"<div><small>{html.escape(effect)}</small></div>")


# --------------------------------------------------------------------------- the app
class GameApp(GameParts, AppShell, w.VBox):
    """The whole game in one widget. Without ``seats`` it opens on the setup form."""

    def __init__(self, seats: Sequence[Seat] | None = None, *, options: GameOptions | None = None,
                 timed: bool = True, seed: int | None = None,
                 think: float | None = None, projector: bool = False) -> None:
        self.edition = Edition.load()
        self.seed = seed
        self.think = think
        self.state: State | None = None
        self.computers: dict[str, Computer] = {}
        self.timed = timed
        self.reviewing: int | None = None  # a Round just resolved, shown until "Next Round"
        self.loaded = False  # a finished game loaded from a file
        self._resolution_round = 0
        self.table: Table | None = None  # seats, computers and the race (lnb.core.table)
        self._turn: tuple[int, str] | None = None  # (Round, person) the builder is set up for
        self._seen: list[str] = []  # who the finished line shows as done
        self._debug_turn: tuple[int, str, int] | None = None  # (Round, player, row) drawn
        self._debugging = False  # the player of that turn chose Debug and rewrites now
        self._save_message = ""  # what the status line said about the last save
        self._saved_where: tuple | None = None  # where the game was when it was saved
        #: Where the keyboard goes next (the page focuses it): the next thing to do, after
        #: every change of screen (see :meth:`_follow_focus`).
        self.keyboard = Focus()
        self._screen: tuple | None = None  # the screen the focus was last moved for
        self._said: tuple[str, Callable[[], str], str] | None = None  # the app's last words
        self._debug_words: Callable[[], str] | None = None  # what the Debug box says now
        #: The computer seats of the game (name -> bot kind): the review shows the others',
        #: and a Try it again branch seats the same computers.
        self._computer_kinds: dict[str, str] = {}

        self.status = StatusLine(on_continue=self.refresh)
        self.setup = SetupForm(self.status.guarded(self._setup_done), self.edition)
        self.finished_line = w.HTML("")
        self.finished_line.add_class("lnb-finished")
        self.clock = w.Play(value=0, min=0, max=CLOCK_LIMIT, interval=1000, show_repeat=False,
                            layout=w.Layout(display="none"))
        self.clock.add_class("lnb-clock")
        self.clock.observe(self.status.guarded(self._tick), "value")
        self.choice_box = w.HBox([])
        self.choice_box.add_class("lnb-choices")
        self.debug_box = w.VBox([])
        self.debug_box.add_class("lnb-debug")
        self.next_button = w.Button(button_style="primary")
        self.next_button.add_class("lnb-next-round")
        self.next_button.on_click(self.status.guarded(lambda _: self._next_round()))
        self.new_button = w.Button()
        self.new_button.add_class("lnb-new-game")
        self.new_button.on_click(self.status.guarded(lambda _: self.new_game()))
        self.projector_toggle = w.ToggleButton(value=projector, icon="")
        self.projector_toggle.add_class("lnb-projector-toggle")
        self.projector_toggle.observe(
            self.status.guarded(lambda change: self.set_projector(change["new"])), "value")
        self.contrast_toggle = ContrastToggle(self)
        self.files = SaveLoadPanel(self._saved_file, self.load_text, status=self.status,
                                   extra=(self.new_button, self.projector_toggle,
                                          self.contrast_toggle))
        self.save_button, self.download, self.upload = (
            self.files.save_button, self.files.download, self.files.upload)
        # The clock and each timer's Play (added when the timer is made, well before it
        # starts) tick in the shell's hidden box (see ``AppShell.make_shell``).
        self.make_shell(self.clock)
        super().__init__(self.shell_children("game", CSS, bottom=(self.files,)))
        self.add_class("lnb-app")
        self.add_class("lnb-game")
        self._label()
        register(self)
        self.set_projector(projector)
        if seats is not None:
            self.start(seats, options or GameOptions(), timed)
        else:
            self.refresh()

    # -- parts made when first needed (the setup page stays as light as a small notebook) --
    @cached_property
    def timer(self) -> Timer:
        """The minute that starts when the first player is done."""
        timer = Timer(GameOptions().timer_seconds if self.timed else None,
                      on_zero=self.status.guarded(self._time_up), hosts_play=False)
        self.ticking.children += (timer.play,)
        return timer

    @cached_property
    def resolution(self) -> ResolutionView:
        """The rows of the Round, resolved one by one."""
        return ResolutionView(advance=self.status.guarded(self._advance_resolution))

    @cached_property
    def debug_text(self) -> w.HTML:
        """What went wrong in the row a player may Debug."""
        return w.HTML("")

    @cached_property
    def keep_button(self) -> w.Button:
        """Keep the rows as written (their Results are worked out again)."""
        button = w.Button(description=_("Keep my rows"))
        button.add_class("lnb-recompute")
        button.on_click(self.status.guarded(lambda _: self._choose(Recompute(self._debugger()))))
        return button

    @cached_property
    def debug_button(self) -> w.Button:
        """Choose to Debug: the rewrite builder opens under a fresh minute."""
        button = w.Button(description=_("Debug and rewrite"), button_style="warning")
        button.add_class("lnb-debug-start")
        button.on_click(self.status.guarded(lambda _: self.start_debug()))
        return button

    @cached_property
    def rewrite(self) -> ProgramBuilder:
        """The builder a player rewrites rows in after a Debug (one for the whole game)."""
        return ProgramBuilder(mental=True, on_done=self.status.guarded(
            lambda program: self._choose(Debug(self._debugger(), program))))

    @cached_property
    def debug_timer(self) -> Timer:
        """The fresh minute of a Debug rewrite (one for the whole game, like the builder);
        made when a Debug is first offered, so its Play is on the page before it starts."""
        timer = Timer(None, on_zero=self.status.guarded(self._debug_time_up),
                      hosts_play=False)
        self.ticking.children += (timer.play,)
        timer.add_class("lnb-debug-timer")
        return timer

    @cached_property
    def game_review(self) -> ReviewPanel:
        """After the game: the programs that cost most, each with Try it again."""
        return ReviewPanel(self._try_again, self.status.guarded, people=self._people_reviewed)

    @cached_property
    def review_rounds(self) -> w.ToggleButtons:
        """Which Round of a loaded game to look at."""
        rounds = w.ToggleButtons(options=[1, 2, 3, 4], value=4, description=_("Round"))
        rounds.add_class("lnb-review-rounds")
        rounds.observe(self.status.guarded(lambda _: self._show_review()), "value")
        return rounds

    # -- the language --------------------------------------------------------------------------
    def _label(self) -> None:
        """The app's own fixed words in the current language."""
        title = pgettext("game title", "Lovelace & Babbage")
        self.set_title(title)
        self.next_button.description = _("Next Round")
        self.new_button.description = _("New game")
        self.projector_toggle.description = _("Projector")
        self.projector_toggle.tooltip = _("Big numbers and a big board, for the back of the room")
        if self._made("keep_button"):
            self.keep_button.description = _("Keep my rows")
        if self._made("debug_button"):
            self.debug_button.description = _("Debug and rewrite")
        if self._made("review_rounds"):
            self.review_rounds.description = _("Round")

    def relabel(self) -> None:
        """Every visible word in the current language. The game is not touched: the State,
        the program being written, the clocks, the rows resolved so far stay as they are."""
        with self.hold_sync():
            self._label()
            self.setup.relabel()
            for part in ("board_view", "patrons_view", "subs_view", "builder", "rewrite",
                         "resolution", "scores", "timer", "debug_timer", "game_review"):
                if self._made(part):
                    relabel_part(getattr(self, part))
            for part in (self.status, self.files, self.contrast_toggle, self.language):
                relabel_part(part)
            if self._debug_words is not None:
                self.debug_text.value = self._debug_words()
            for button in self.choice_box.children:
                words = getattr(button, "lnb_words", None)
                if words is not None:
                    button.value = words()
                action = getattr(button, "lnb_action", None)
                if action is not None and self.state is not None:
                    text = choice_label(self.state, button.lnb_player, action)
                    button.description = button.tooltip = text
            if self._said is not None and self.status.text == self._said[2]:
                kind, make, _old = self._said
                self._say(kind, make)
                if self._save_message:
                    self._save_message = self.status.text
            if self.download.value and self.state is not None:
                with self.status.guard():
                    self.files.save()  # the link and its file name in the new language
            self.refresh()

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        """Show the app's own words on the status line (said again on a relabel)."""
        text = make()
        self.status.show(text, kind)
        self._said = (kind, make, self.status.text)

    # -- the page ----------------------------------------------------------------------------
    def set_projector(self, on: bool) -> None:
        """Projector mode: big numbers and a big board, for the back of the room."""
        self.projector = bool(on)
        if self.projector:
            self.add_class("lnb-projector")
        else:
            self.remove_class("lnb-projector")
        if self.projector_toggle.value != self.projector:
            self.projector_toggle.value = self.projector

    def open_page(self) -> None:
        """Under Voila: wait for the page's request, then act on its address
        (``?projector=1`` turns projector mode on). Outside Voila nothing happens."""
        with self.status.guard():
            wait_for_request()
            query = dict(parse_qsl(os.environ.get("QUERY_STRING", ""), keep_blank_values=True))
            if query.get("projector", "").lower() in ("1", "true", "yes", "on"):
                self.set_projector(True)
            self.open_language(query)  # ?lang=, the pupil's choice, the browser's language

    # -- starting and stopping -------------------------------------------------------------
    def start(self, seats: Sequence[Seat], options: GameOptions | None = None,
              timed: bool = True) -> None:
        """Start a new game with these seats (``lnb`` checks names and characters)."""
        options = options or GameOptions()
        seed = self.seed if self.seed is not None else random.randrange(1_000_000)
        game = Game([(s.name, s.character) for s in seats], options, seed=seed,
                    edition=self.edition)
        self.state = game.new_initial_state()
        self.computers = {s.name: Computer(s.name, s.bot, seed=seed + i, think=self.think)
                          for i, s in enumerate(seats) if s.computer}
        self._computer_kinds = {name: c.kind for name, c in self.computers.items()}
        self.timed = timed
        self.table = babbage_table(self.state, self.computers, timed=timed)
        self.reviewing = None
        self.loaded = False
        self._turn = None
        self._resolution_round = 0
        self._clear_choices()
        self.download.value = ""
        self.timer.reset(options.timer_seconds if timed else None)
        self.status.clear()
        self._advance()
        self.refresh()

    def new_game(self) -> None:
        """Back to the setup form (the current game is dropped)."""
        self.state = None
        self.table = None
        self.clock.playing = False
        if self._made("timer"):
            self.timer.stop()
        self._clear_choices()
        self.download.value = ""
        self.status.clear()
        self.refresh()

    def _setup_done(self, seats: list[Seat], options: GameOptions, timed: bool) -> None:
        self.start(seats, options, timed)

    def persons(self) -> list[str]:
        """Names of the seats played by people, in seat order."""
        return list(self.table.persons) if self.table is not None else []

    @property
    def race(self) -> Race | None:
        """The Program phase's race (people write in turn), kept by the table."""
        return self.table.race if self.table is not None else None

    @property
    def _person(self) -> str | None:
        """The person writing their program now."""
        return self.table.writer if self.table is not None else None

    def apply(self, action: Any) -> None:
        """A person's action, through the table (an illegal one raises, changes nothing)."""
        assert self.table is not None
        self.table.act(action)

    def act(self, action: Any) -> None:
        """A person's action as a click makes it: applied through the table, which then moves
        on (computers, the race) until a person must act; the screen is redrawn.

        >>> app = GameApp([Seat("You"), Seat("Bot", computer=True, character="Charles Babbage")],
        ...               seed=1, think=600.0)
        >>> app.act(Target("You", app.state.targetable("You")[0].target))
        >>> app.state.phase.name, app._person
        ('PROGRAM', 'You')
        """
        self.apply(action)
        self._advance()
        self.refresh()

    # -- the table moves on -----------------------------------------------------------------
    def _advance(self) -> None:
        """Let the table act until a person must (computers, the race's start and end), then
        set up the builder when a new person's turn to write has come."""
        if self.table is None or self.loaded or self.reviewing is not None:
            return
        self.table.advance()
        self._begin_turn()
        if self.state is not None and self.state.phase is not Phase.PROGRAM:
            self.clock.playing = False
            if self._made("timer") and self.timer.running:
                self.timer.stop()

    # -- Subroutine phase ------------------------------------------------------------------
    def _target(self, number: int) -> None:
        self.apply(Target(self._waiting_person(), number))
        self._advance()
        self.refresh()

    def _activate(self, numbers: tuple[int, ...]) -> None:
        self.apply(Activate(self._waiting_person(), numbers))
        self._advance()
        self.refresh()

    def _waiting_person(self) -> str:
        names = self.table.waiting_for() if self.table is not None else ()
        if not names:
            raise GameError(_("nobody needs to choose now"))
        return names[0]

    # -- Program phase ---------------------------------------------------------------------
    def _begin_turn(self) -> None:
        """A new person's turn to write: their own clock from 0, their program so far."""
        state, table = self.state, self.table
        if state is None or table is None:
            return
        name = table.writer
        turn = (state.round, name) if name is not None else None
        if turn == self._turn:
            return
        self._turn = turn
        self.timer.reset()
        with self.clock.hold_sync():
            self.clock.value = 0
            self.clock.playing = name is not None
        if name is None:
            return
        rules = state.writing_rules(name)  # the Round's: start, limit, Σ rows, mental play
        self.builder.reset(board=rules.board, start=rules.start, limit=rules.limit,
                           program=state.player(name).play.program, sigma=rules.sigma_rows,
                           title=lambda: _("{player}: write your program").format(player=name))
        self.builder.mental = rules.mental
        self.builder.refresh()
        self._settle(0.0)

    def _written(self, program: Program) -> None:
        if self._person is not None and self.table is not None:
            self.table.write(program)

    def _settle(self, now: float) -> None:
        """At ``now`` on the writing person's clock: the table hands the game the finishes
        whose place is certain; the countdown shows once the writer's minute has started."""
        assert self.table is not None
        started = self.table.tick(now)
        if started and self.timer.timed and not self.timer.running:
            self.timer.start()

    def _program_done(self, program: Program) -> None:
        assert self.table is not None and self._person is not None
        self.table.finish(float(self.clock.value), program)
        self._end_turn()

    def _end_turn(self) -> None:
        """The next person writes, or (everyone has written) the Program phase ends: the
        rest finish in order and anyone still writing or thinking is stopped."""
        self.timer.stop()
        self._advance()
        self.refresh()

    def _tick(self, change: dict) -> None:
        state = self.state
        if state is None or state.phase is not Phase.PROGRAM or self._person is None:
            self.clock.playing = False
            return
        now = float(change["new"])
        before = (len(state.finished), self.timer.running, self._seen)
        self._settle(now)
        assert self.table is not None
        if (len(state.finished), self.timer.running, self.table.seen_by(now)) != before:
            self.refresh()

    def _time_up(self) -> None:
        state = self.state
        if state is None or state.phase is not Phase.PROGRAM or self._person is None \
                or self.table is None:
            return
        self.table.time_up()
        self._say("info", lambda: _("Time is up! The rows written so far stand."))
        self._end_turn()

    # -- Resolution phase --------------------------------------------------------------------
    def _round_events(self, round_no: int) -> list:
        assert self.state is not None
        return [e for e in self.state.events if e.round == round_no]

    def _advance_resolution(self) -> bool:
        """Resolve the next row if nobody has to choose; True when a row was resolved."""
        state = self.state
        if state is None or state.phase not in (Phase.RESOLUTION, Phase.DEBUG):
            return False
        assert self.table is not None
        round_no = state.round
        if self.table.step() is None:  # a person must choose
            self._draw_choices()
            return False
        self._resolved(round_no)
        return True

    def _resolved(self, round_no: int) -> None:
        state = self.state
        assert state is not None
        over = state.round != round_no or state.is_terminal()
        self.resolution.extend(self._round_events(round_no), complete=over)
        if over:
            self.reviewing = round_no
        self._clear_choices()
        self.refresh()

    def _clear_choices(self) -> None:
        self._replace(self.choice_box, ())
        self.debug_box.children = ()  # its parts are kept for the next Debug
        self._debug_turn = None
        self._debugging = False
        if self._made("debug_timer"):
            self.debug_timer.stop()  # a rewrite handed in (or a game left) never rings later

    def _choose(self, action: Any) -> None:
        state = self.state
        assert state is not None
        round_no = state.round
        self.apply(action)
        self._resolved(round_no)
        self.resolution.step()
        self.resolution.carry_on()  # Play stopped at the choice: it goes on

    def _draw_choices(self) -> None:
        state = self.state
        assert state is not None
        name, row = state.turn()  # type: ignore[misc]
        if state.phase is Phase.DEBUG:
            self._draw_debug(name, row)
            return
        trace_row = state.player(name).play.trace.rows[row - 1]  # type: ignore[union-attr]
        prompt = w.HTML("")
        prompt.lnb_words = lambda: _("<b>{player}, row {row}:</b> {operation} {arithmetic} · "
                                     "choose:").format(player=html.escape(name), row=row,
                                                       operation=trace_row.operation,
                                                       arithmetic=html.escape(str(trace_row.text)))
        prompt.value = prompt.lnb_words()
        prompt.add_class("lnb-choice-prompt")
        buttons: list[w.Widget] = [prompt]
        for action in state.legal_actions(name):
            text = choice_label(state, name, action)
            button = w.Button(description=text, tooltip=text)
            button.lnb_action, button.lnb_player = action, name  # for a relabel
            button.add_class("lnb-choice")
            button.on_click(self.status.guarded(lambda _, a=action: self._choose(a)))
            buttons.append(button)
        self._replace(self.choice_box, tuple(buttons))
        self._follow_focus()

    @staticmethod
    def _replace(box: w.Box, children: tuple[w.Widget, ...]) -> None:
        """Show ``children`` in ``box`` and close the old ones (each is a model the kernel
        and the page would otherwise keep for the rest of the game)."""
        old = [c for c in box.children if all(c is not n for n in children)]
        box.children = children
        for child in old:
            close_all(child)

    def _debugger(self) -> str:
        if self._debug_turn is None:
            raise GameError(_("nobody needs to Debug now"))
        return self._debug_turn[1]

    def _draw_debug(self, name: str, row: int) -> None:
        state = self.state
        assert state is not None
        turn = (state.round, name, row)
        if turn == self._debug_turn:
            return  # drawn already: keep what the player has rewritten so far
        self._debug_turn = turn
        self._debugging = False
        self.debug_timer.stop()  # made now if need be: its Play is on the page before it starts
        rules = state.writing_rules(name)  # the rewrite's: its start, rows and Σ rows left
        self.rewrite.reset(board=rules.board, start=rules.start,
                           limit=rules.rows_left(Program()), sigma=rules.sigma_left(Program()),
                           title=lambda: _("{player}: rewrite from row {row}").format(
                               player=name, row=row))

        def words() -> str:
            return debug_offer(state, name, row)

        self._debug_words = words
        self.debug_text.value = words()
        self.debug_box.children = (self.debug_text, self.keep_button, self.debug_button)
        self._follow_focus()

    def start_debug(self) -> None:
        """The player whose Result was wrong chooses Debug: the rewrite builder opens under a
        fresh timer (the Round's length; none in the untimed game). At zero the rewrite is
        handed in as written so far."""
        state = self.state
        if state is None or state.phase is not Phase.DEBUG or self._debug_turn is None:
            raise GameError(_("nobody needs to Debug now"))
        if self._debugging:
            return
        name, row = self._debug_turn[1:]
        self._debugging = True
        seconds = state.options.timer_seconds if self.timed else None
        self.debug_timer.reset(seconds)
        self.debug_timer.start()
        def words() -> str:
            if seconds:
                return ngettext(
                    "<b>{player}</b>: rewrite from row {row}, then press {done} (when the "
                    "{seconds} second is up, your rows stand as written).",
                    "<b>{player}</b>: rewrite from row {row}, then press {done} (when the "
                    "{seconds} seconds are up, your rows stand as written).", seconds).format(
                        player=html.escape(name), row=row, done=_("I'm done"), seconds=seconds)
            return _("<b>{player}</b>: rewrite from row {row}, then press {done}.").format(
                player=html.escape(name), row=row, done=_("I'm done"))

        self._debug_words = words
        self.debug_text.value = words()
        timer = (self.debug_timer,) if self.debug_timer.timed else ()
        self.debug_box.children = (self.debug_text, *timer, self.rewrite)
        self._follow_focus()

    def _debug_time_up(self) -> None:
        """The rewrite's minute is over: hand in the rows written so far (a row still waiting
        for its Result is dropped); if the library refuses them, just the rows kept above."""
        state = self.state
        if state is None or state.phase is not Phase.DEBUG or not self._debugging:
            return
        _round, name, row = self._debug_turn  # type: ignore[misc]
        self.rewrite.lock(lambda: _("Time is up!"))
        round_no = state.round
        try:
            self.apply(Debug(name, self.rewrite.program))

            def said() -> str:
                return _("Time is up! The rewrite stands as written.")
        except LnbError as exc:
            self.apply(Debug(name))  # nothing valid written: the rows kept above remain
            refused = exc

            def said() -> str:
                return _("Time is up! The rewrite could not stand ({error}): the rows above "
                         "row {row} remain.").format(error=refused, row=row)
        self._resolved(round_no)
        self.resolution.step()
        self.resolution.carry_on()
        self._say("info", said)

    def _next_round(self) -> None:
        self._forget_save()
        self.reviewing = None
        self.resolution.load([], ())
        self._advance()
        self.refresh()

    # -- the review after the game ---------------------------------------------------------------
    def _people_reviewed(self) -> list[str]:
        """The players whose programs the review shows: the seats people played."""
        state = self.state
        return [] if state is None else [n for n in state.names
                                         if n not in self._computer_kinds]

    def _try_again(self, branch: State, moment: Moment) -> None:
        """Open the review's what-if ``branch`` as a game going on: the same seats, the same
        computers; the game just played (and its record) are not changed."""
        seed = branch.game.seed or 0
        self.clock.playing = False
        if self._made("timer"):
            self.timer.stop()
        self.state = branch
        self.computers = {name: Computer(name, self._computer_kinds[name], seed=seed + i,
                                         think=self.think)
                          for i, name in enumerate(branch.names) if name in self._computer_kinds}
        self.table = babbage_table(branch, self.computers, timed=self.timed)
        self.loaded = False
        self.reviewing = None
        self._turn = None
        self._resolution_round = 0
        self._clear_choices()
        self.download.value = ""
        self.timer.reset(branch.options.timer_seconds if self.timed else None)
        self._say("ok", try_again_words(moment))
        self._advance()
        self.refresh()

    # -- saving and loading --------------------------------------------------------------------
    def record_json(self) -> str:
        """The game so far as an ``lnb-game/1`` record (JSON text): finished, or between
        Rounds; each computer seat has ``"computer": "<bot>"``, and ``"untimed"`` says
        whether the timer was off. Mid-Round raises
        ``RecordError`` saying to save after the Round's rows are resolved."""
        from lnb.babbage import records

        if self.state is None:
            raise GameError(_("there is no game to save yet: start one first"))
        record = records.record_of(self.state)
        for player in record["players"]:
            computer = self.computers.get(player["name"])
            if computer is not None:
                player["computer"] = computer.kind
        record["untimed"] = not self.timed
        return records.dumps(record)

    def save(self) -> None:
        """Offer the record as a download link (no server file, no other host)."""
        self.files.save()

    def _saved_file(self) -> tuple[str, str]:
        """The save's file name and text; the status line says what to do with it."""
        text = self.record_json()
        state = self.state
        assert state is not None
        names = "-".join(state.names)
        played = len(state.history)
        if played == 0:  # nothing played yet: the file is named by where the game is
            # TRANSLATORS: a file name (letters, digits and - only): Ada-Bea-round-1-target
            names = _("{names}-round-{round}-target").format(names=names, round=played + 1)
            self._say("ok", lambda: _(
                "Your game at the start of Round 1 is ready: click the link to keep the "
                "file, and load it next time to start from Round 1."))
        elif not state.is_terminal():
            # TRANSLATORS: a file name (letters, digits and - only): Ada-Bea-after-round-1
            names = _("{names}-after-round-{round}").format(names=names, round=played)
            self._say("ok", lambda: _(
                "Your game after Round {played} is ready: click the link to keep the file, "
                "and load it next time to play on from Round {next}.").format(
                    played=played, next=played + 1))
        else:
            self._say("ok", lambda: _("Your game is ready: click the link to keep the file."))
        self._save_message = self.status.text
        self._saved_where = self._where()
        return safe_filename(names), text

    def _where(self) -> tuple:
        """Where the game is: a save made here holds it until this changes (a Subroutine
        targeted, a Round resolved, the next Round begun...)."""
        state = self.state
        if state is None:
            return ()
        return (id(state), state.round, state.phase, len(state.history), len(state.events),
                tuple(state.player(n).target for n in state.names), self.reviewing,
                self.loaded)

    def _forget_save(self) -> None:
        """The game moves on: the last save's link and message belong to the Round before."""
        self.files.clear()
        if self._save_message and self.status.text == self._save_message:
            self.status.clear()
        self._save_message = ""
        self._saved_where = None

    def load_text(self, text: str) -> None:
        """Load a record from its JSON text (never a path: see :func:`record_data`): an
        unfinished game resumes, a finished one opens for review; a broken one raises and the
        current game is kept."""
        from lnb.babbage import records

        data = record_data(text)
        try:
            record = records.load(data)
            result = records.replay(record)
            computers = self._computers_of(result.state, record.data)
        except LnbError as exc:  # a plain sentence first; the library's words and fields kept
            raise damaged(exc) from exc
        # Nothing below raises: the current game is replaced only now. The timer is as the
        # record says (``"untimed"``, written by this app); else the one of the current game
        # (or chosen on the setup form).
        if "untimed" in record.data:
            timed = record.data["untimed"] is not True
        elif self.state is not None:
            timed = self.timed
        else:
            timed = bool(self.setup.timed.value)
        self.clock.playing = False
        if self._made("timer"):
            self.timer.stop()
        self.state = result.state
        self.table = None
        self.reviewing = None
        self._computer_kinds = {name: c.kind for name, c in computers.items()}
        self._clear_choices()
        self.download.value = ""
        if result.finished:
            self.computers = {}
            self.loaded = True
            self._say("ok", lambda: _("Game loaded: here are its Rounds and scores."))
        else:
            self.computers = computers
            self.loaded = False
            self.timed = timed
            self.table = babbage_table(self.state, computers, timed=timed)
            self.timer.reset(result.state.options.timer_seconds if timed else None)
            self._turn = None
            self._resolution_round = 0
            going_on = self.state.round
            self._say("ok", lambda: _("Game loaded: it goes on with Round {round}.").format(
                round=going_on))
            self._advance()
        self.refresh()

    def _computers_of(self, state: State, data: Any) -> dict[str, Computer]:
        """The computer seats a record names (``"computer": "<bot>"``; absent: a person)."""
        seed = state.game.seed or 0
        computers = {}
        for i, player in enumerate(data["players"]):
            kind = player.get("computer")
            if kind is None:
                continue
            if not isinstance(kind, str) or kind not in REGISTRY.names:
                raise GameError(_("players: {player}'s computer {kind!r} is not one of {bots} "
                                  "(leave it out for a person)").format(
                                      player=player["name"], kind=kind,
                                      bots=format_list(REGISTRY.names, style="or")))
            computers[player["name"]] = Computer(player["name"], kind, seed=seed + i,
                                                 think=self.think)
        return computers

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Draw the screen the State calls for (it decides nothing: the table has moved)."""
        state = self.state
        if self._saved_where is not None and self._where() != self._saved_where:
            self._forget_save()  # the link would keep a game that has moved on since
        if state is None:
            self.phase_title.value = ""
            self.body.children = (self.setup,)
            self.save_button.layout.display = self.new_button.layout.display = "none"
            self._follow_focus()
            return
        self.save_button.layout.display = self.new_button.layout.display = None
        if self.loaded:
            self._draw_loaded()
        elif self.reviewing is not None:
            self._draw_review()
        elif state.phase in (Phase.TARGET, Phase.ACTIVATE):
            self._draw_subroutine_phase()
        elif state.phase is Phase.PROGRAM:
            self._draw_program_phase()
        elif state.phase in (Phase.RESOLUTION, Phase.DEBUG):
            self._draw_resolution_phase()
        else:
            self._draw_game_over()
        self._follow_focus()

    # -- the keyboard ---------------------------------------------------------------------------
    def _next_control(self) -> tuple[tuple, w.DOMWidget | None]:
        """The screen shown now (a key) and the thing to do first on it."""
        state = self.state
        if state is None:
            return ("setup",), self.setup
        if self.loaded:
            return ("loaded", id(state)), self.review_rounds
        if self.reviewing is not None:
            return ("review", id(state), self.reviewing), self.next_button
        screen = (id(state), state.round, state.phase)
        if state.phase in (Phase.TARGET, Phase.ACTIVATE):
            first = self.subs_view.buttons.children[:1]
            waiting = tuple(self.table.waiting_for()) if self.table is not None else ()
            return (*screen, waiting[:1]), first[0] if first else None
        if state.phase is Phase.PROGRAM:
            person = self._person
            return (*screen, person), self.builder.board_view.grid if person else None
        if state.phase in (Phase.RESOLUTION, Phase.DEBUG):
            if self.debug_box.children:
                if self._debugging:
                    return (*screen, "rewrite", self._debug_turn), self.rewrite.board_view.grid
                return (*screen, "debug", self._debug_turn), self.keep_button
            choices = [c for c in self.choice_box.children if isinstance(c, w.Button)]
            if choices:
                return (*screen, "choice", id(choices[0])), choices[0]
            return (*screen, "rows"), self.resolution.step_button
        return ("over", id(state)), self.save_button

    def _follow_focus(self) -> None:
        """When the screen has changed (a new step, a choice, the choice made), the page
        focuses its first control: a keyboard user goes on from there. The first screen
        drawn takes no focus (the page itself is read first)."""
        screen, control = self._next_control()
        if screen == self._screen:
            return
        first = self._screen is None
        self._screen = screen
        if control is not None and not first:
            self.keyboard(control)

    def _title(self, text: str) -> None:
        assert self.state is not None
        self.phase_title.value = round_title(self.state, text)

    def _draw_subroutine_phase(self) -> None:
        state = self.state
        assert state is not None
        self.board_view.refresh(state.board)
        name = self._waiting_person()
        if state.phase is Phase.TARGET:
            self._title(_("{player}: choose a Subroutine to target (others, look away!)").format(
                player=html.escape(name)))
            self.subs_view.refresh(state, name, mode="target")
        else:
            self._title(_("{player}: activate Subroutines you completed (each works once)")
                        .format(player=html.escape(name)))
            self.subs_view.refresh(state, name, mode="activate")
        self.body.children = (self.subs_view, self.board_view)

    def _draw_program_phase(self) -> None:
        state = self.state
        assert state is not None
        self.patrons_view.refresh(state)
        race = self.race
        assert race is not None and self.table is not None
        seen = (self.table.seen_by(float(self.clock.value)) if self._person
                else list(state.finished))
        self._seen = seen
        done = [f"{i}. {html.escape(n)}" for i, n in enumerate(seen, start=1)]
        thinking = [html.escape(n) for n in self.computers if n not in seen]
        later = race.persons[race.persons.index(self._person) + 1:] if self._person else ()
        parts = [_("Done: {players}").format(players=format_list(done)) if done
                 else html.escape(_("Nobody is done yet."))]
        if thinking:
            parts.append(_("Thinking: {players}").format(players=format_list(thinking)))
        if later:
            parts.append(_("Next: {players} (with a fresh clock)").format(
                players=format_list(map(html.escape, later))))
        self.finished_line.value = " · ".join(parts)
        if self._person is not None:
            self._title(_("{player}: write your program, then press {done}").format(
                player=html.escape(self._person), done=_("I'm done")))
            self.target_card.value = self._target_html(self._person)
            panel: w.Widget = self.race_panel
        else:
            self._title(html.escape(_("Waiting for the others to finish")))
            self.board_view.refresh(state.board)
            panel = self.board_view
        self.body.children = (self.race_top, self.patrons_view, panel)

    def _target_html(self, name: str) -> str:
        """The card of ``name``'s targeted Subroutine (see :func:`target_card_html`)."""
        assert self.state is not None
        return target_card_html(self.state, name)

    def _draw_resolution_phase(self) -> None:
        state = self.state
        assert state is not None
        if self._resolution_round != state.round:
            self._resolution_round = state.round
            self.resolution.load(self._round_events(state.round), state.order, complete=False)
        self._title(html.escape(_("Resolution: each row in turn, in order of finishing")))
        self.patrons_view.refresh(state)
        self.body.children = (self.patrons_view, self.resolution, self.choice_box,
                              self.debug_box)

    def _draw_review(self) -> None:
        state = self.state
        assert state is not None and self.reviewing is not None
        sheet = state.score_sheet()
        self.scores.refresh(sheet)
        last = state.is_terminal()
        if last:
            self.phase_title.value = _("<b>Round {round} of {rounds} resolved</b> · the game "
                                       "is over!").format(round=self.reviewing, rounds=ROUNDS)
        else:
            self.phase_title.value = _("<b>Round {round} of {rounds} resolved</b> · scores so "
                                       "far").format(round=self.reviewing, rounds=ROUNDS)
        self.next_button.description = _("See the final scores") if last else _("Next Round")
        self.body.children = (self.resolution, self.next_button, self.scores)

    def _draw_game_over(self) -> None:
        state = self.state
        assert state is not None
        self.phase_title.value = _("<b>The game is over</b> · final scores")
        self.scores.refresh(state.score_sheet())
        self.game_review.follow(state)
        self.body.children = (self.scores, self.game_review)

    def _draw_loaded(self) -> None:
        state = self.state
        assert state is not None
        self.phase_title.value = _("<b>A saved game</b> · step through its Rounds and read "
                                   "the scores")
        self.scores.refresh(state.score_sheet())
        self._show_review()
        self.game_review.follow(state)
        self.body.children = (self.review_rounds, self.resolution, self.scores,
                              self.game_review)

    def _show_review(self) -> None:
        if self.state is None or not self.loaded:
            return
        events = self._round_events(self.review_rounds.value)
        if tuple(events) == self.resolution.events and self.resolution.complete:
            return  # drawn already (a relabel): keep the rows stepped through so far
        order = list(dict.fromkeys(e.player for e in events))
        self.resolution.load(events, order, complete=True)
