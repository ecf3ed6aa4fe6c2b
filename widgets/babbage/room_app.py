"""A live game room's page: one table of Lovelace & Babbage, each player on their own device.

The room lives in the store (:class:`classroom.rooms.RoomStore`); its rules are
:mod:`lnb.babbage.rooms`. This page decides nothing: it draws the room's replayed ``State``
with the game app's own views (board, Patrons, Subroutines, program builder, resolution,
score sheet) and turns the pupil's clicks into moves that the store checks in one transaction.
A move the table refused (it moved on) is said on the status line and the page redraws what
the table holds now.

- ``RoomApp(rooms, code, classroom=..., projector=False)``: the page of table ``code``.
  The pupil is the one of the page's class session (the :class:`~widgets.classroom.panel.
  ClassPanel` it carries); once known they sit down (or get their seat back after a
  reload). ``projector=True`` is the table for the big screen: no panel, no seat, never a
  program being written.
- ``sync(force=False)``: one poll (what the page's :class:`~widgets.core.poller.Poller`
  calls every 0.25 s): the room's version, redraw only when it changed, the moves that are
  due (``RoomStore.advance``), the seat's heartbeat (every 2 s) and the draft being written
  (saved when the pupil stops for half a second).
- ``open_page(query)``: the page's language, then the poll loop on the kernel's event loop.

The screens: the lobby (seats 2–4, who is here; the host gives an empty seat to a computer,
frees a seat taken by another pupil or a computer, and presses Start), the Subroutine phase
(each player targets on their own page; others see who is still choosing), the race (the
countdown on every page from the first *I'm done*; the draft restored after a reload; *Time
is up!* at the bell), the resolution row by row (choices only on the acting player's page),
the last Round's rows and the score sheet under their own heading between Rounds and at the
end, then *Download the game* and a replay of each Round.

Ali opens a table; her page shows the lobby with a button giving seat 2 to a computer. Bea
sits down on her own page before Ali's page has polled: Ali's click is refused in the table's
words and her page redraws the table as it is; then she starts and targets.

>>> from classroom.identity import Classroom
>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore, may_see
>>> store = ProgressStore(":memory:")
>>> classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
>>> made = classroom.new_class("7B", ["Ali", "Bea"])
>>> ali_card, bea_card = made.cards
>>> code = rooms.open_room(classroom.join(made.code, "Ali", ali_card.secret).pupil,
...                        made.code, seats=2).code
>>> ali = RoomApp(rooms, code, classroom=classroom, poll=False)
>>> ali.panel.join_class(made.code, "Ali", ali_card.secret)
>>> "Lobby" in ali.phase_title.value, ali.lobby_buttons.children[0].description
(True, 'Seat 2 to a computer')
>>> bea = RoomApp(rooms, code, classroom=classroom, poll=False)
>>> bea.panel.join_class(made.code, "Bea", bea_card.secret)
>>> ali.lobby_buttons.children[0].click()
>>> ali.status.text
'Seat 2 at table ... is taken by Bea: choose another seat.'
>>> "Bea" in ali.seats_view.value, [b.description for b in ali.lobby_buttons.children]
(True, ['Free seat 2', 'Start the game'])
>>> ali.start_button.click()
>>> ali.phase_title.value
'<b>Round 1 of 4</b> · Ali: choose a Subroutine to target'
>>> next(iter(ali.subs_view.target_buttons.values())).click()
>>> ali.phase_title.value, ali.waiting.value
('<b>Round 1 of 4</b> · Everyone chooses a Subroutine to target', 'Waiting for Bea')
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping, Sequence
from functools import cached_property
from typing import Any

import ipywidgets as w

from classroom.identity import Classroom
from classroom.progress import Pupil
from classroom.rooms import RoomStore, may_see
from lnb.babbage.errors import LnbError
from lnb.babbage.game import (
    Activate,
    Finish,
    Phase,
    Recompute,
    ResolveRow,
    State,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.programs import Program
from lnb.babbage.rooms import RoomError, RoomPlay, RoomSetup, normalize_room_code
from lnb.core.i18n import _, format_list, pgettext
from widgets.babbage.board import close_all
from widgets.babbage.game_app import CSS as GAME_CSS
from widgets.babbage.game_app import ROUNDS, choice_label, target_card_html
from widgets.babbage.game_parts import GameParts
from widgets.babbage.resolution import ResolutionView
from widgets.babbage.room_entry import room_link
from widgets.babbage.words import bot_name
from widgets.classroom.panel import ClassPanel
from widgets.core.poller import PolledPage
from widgets.core.relabel import language_switch, register, relabel_part
from widgets.core.saveload import download_link, safe_filename
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet
from widgets.core.timer import Timer
from widgets.core.titles import title_html

CSS = GAME_CSS + """
.lnb-room .lnb-room-seats td, .lnb-room .lnb-room-seats th { padding: 2px 10px; text-align: left; }
.lnb-room .lnb-room-code { font-family: monospace; font-size: 1.4em; letter-spacing: .1em; }
.lnb-room .lnb-room-here { color: var(--lnb-ok, #176b2c); }
.lnb-room .lnb-lobby-buttons { flex-wrap: wrap; gap: 4px; }
.lnb-room .lnb-room-last-round { border-top: 2px solid var(--lnb-rule, #bbb); margin-top: 12px;
                                 padding-top: 6px; }
.lnb-room .lnb-room-last-round-title { margin: 0 0 4px 0; font-size: var(--lnb-text-l, 22px); }
"""
HEARTBEAT = 2.0  # seconds between two heartbeats of a seat
STILL = 1.6  # seconds without a tick from the browser after which its countdown is restarted
DRAFT_QUIET = 0.5  # seconds without an edit before the draft is saved


class RoomApp(PolledPage, GameParts, w.VBox):
    """The page of one table (see the module's docstring)."""

    def __init__(self, rooms: RoomStore, code: str, *, classroom: Classroom | None = None,
                 projector: bool = False, clock: Callable[[], float] = time.time,
                 poll: bool = True, bot: str = "greedy") -> None:
        self.rooms = rooms
        self.clock = clock
        self.projector = projector
        self.bot = bot
        self.pupil: Pupil | None = None
        self.seat: int | None = None
        self.setup: RoomSetup | None = None
        self.play: RoomPlay | None = None
        self.version: int | None = None
        self._poll = poll
        self._beat = 0.0
        self._draft: tuple[str, float] | None = None  # (program text, when edited) unsaved
        self._turn: tuple[int, str] | None = None  # (Round, player) the builder is set for
        self._resolution_round = 0
        self._said: tuple[str, Callable[[], str]] | None = None
        self._bell_round = 0  # the Round whose bell the line says (Time is up)
        self._drawn: tuple[Any, ...] | None = None
        self._here: frozenset[str] = frozenset()  # who the lobby shows as here
        self._subs_drawn: tuple[Any, ...] | None = None  # what the Subroutines view shows
        self._choices_drawn: tuple[Any, ...] | None = None  # the row the choices are for
        self._lobby_drawn: tuple[Any, ...] | None = None  # the seats the host's buttons fit

        self.status = StatusLine(on_continue=lambda: self.sync(force=True))
        self.header = w.HTML("")
        self.language = language_switch()
        self.header_row = w.HBox([self.header, self.language])
        self.header_row.add_class("lnb-title-row")
        self.phase_title = w.HTML("")
        self.phase_title.add_class("lnb-phase")
        self.panel: ClassPanel | None = None
        if not projector and classroom is not None:
            self.panel = ClassPanel(classroom, self.status, on_pupil=self._pupil_changed)
        self.body = w.VBox([])
        self.body.add_class("lnb-body")
        self.timer = Timer(60, on_zero=self.status.guarded(lambda: self.sync(force=True)),
                           hosts_play=False)
        # The browser ticks a Play only if its one view is on the page before it starts: a
        # Play started before the page was drawn (a page opened mid-race) is started again
        # once it has been still for a while (see ``_tick_timer``).
        self.ticking = w.Box([self.timer.play], layout=w.Layout(display="none"))
        self._ticked_at = 0.0  # when the countdown last moved (the browser's tick)
        self.timer.play.observe(lambda _change: self._moved(), "value")
        super().__init__([stylesheet(), app_styles("room", CSS), self.header_row,
                          *((self.panel,) if self.panel is not None else ()),
                          self.phase_title, self.status, self.body, self.ticking])
        self.add_class("lnb-app")
        self.add_class("lnb-game")
        self.add_class("lnb-room")
        if projector:
            self.add_class("lnb-projector")
            self.add_class("lnb-room-projector")
        self.code = code
        with self.status.guard():  # a store that stops answering: an apology, no traceback
            try:
                self.code = normalize_room_code(code)
                self.setup = rooms.room(self.code)
            except LnbError as exc:
                refused = exc
                self._say("error", lambda: str(refused))
        self._label()
        register(self)
        with self.status.guard():
            self.sync(force=True)

    # -- parts made when first needed ------------------------------------------------------
    @cached_property
    def seats_view(self) -> w.HTML:
        """The lobby's seats: who sits where, who is here."""
        view = w.HTML("")
        view.add_class("lnb-room-seats")
        return view

    @cached_property
    def lobby_buttons(self) -> w.HBox:
        """The host's buttons: an empty seat to a computer, Start."""
        box = w.HBox([])
        box.add_class("lnb-lobby-buttons")
        return box

    @cached_property
    def start_button(self) -> w.Button:
        """Start the game (the host only)."""
        return self.status.button("lnb-room-start", self.start, style="success",
                                  width="auto")

    @cached_property
    def finished_line(self) -> w.HTML:
        line = w.HTML("")
        line.add_class("lnb-finished")
        return line

    @cached_property
    def waiting(self) -> w.HTML:
        line = w.HTML("")
        line.add_class("lnb-room-waiting")
        return line

    @cached_property
    def resolution(self) -> ResolutionView:
        view = ResolutionView(advance=lambda: False)
        view.add_class("lnb-room-resolution")
        view.children[1].layout.display = "none"  # Step, Play...: the table sets the pace
        return view

    @cached_property
    def choice_box(self) -> w.HBox:
        box = w.HBox([])
        box.add_class("lnb-choices")
        return box

    @cached_property
    def record_box(self) -> w.HTML:
        box = w.HTML("")
        box.add_class("lnb-room-record")
        return box

    @cached_property
    def replay_rounds(self) -> w.ToggleButtons:
        rounds = w.ToggleButtons(options=[1, 2, 3, 4], value=1)
        rounds.add_class("lnb-review-rounds")
        rounds.observe(self.status.guarded(lambda _: self._show_replay()), "value")
        return rounds

    @cached_property
    def replay(self) -> ResolutionView:
        return ResolutionView()

    def _made(self, part: str) -> bool:
        return part in self.__dict__

    # -- words ---------------------------------------------------------------------------
    def _label(self) -> None:
        title = pgettext("game title", "Lovelace & Babbage")
        self.header.value = title_html(_("{game} · table {code}").format(game=title,
                                                                         code=self.code))
        if self._made("start_button"):
            self.start_button.description = _("Start the game")
            self.start_button.tooltip = _("Everyone is seated: start (empty seats are left "
                                          "out)")
        if self._made("replay_rounds"):
            self.replay_rounds.description = _("Round")

    def relabel(self) -> None:
        """Every word in the current language; the table and the draft are kept."""
        with self.hold_sync():
            self._label()
            for part in ("board_view", "patrons_view", "subs_view", "builder", "resolution",
                         "scores", "replay"):
                if self._made(part):
                    relabel_part(getattr(self, part))
            for part in (self.status, self.timer, self.language, self.panel):
                if part is not None:
                    relabel_part(part)
            if self._said is not None:
                self.status.show(self._said[1](), self._said[0])
            self._drawn = self._lobby_drawn = self._choices_drawn = None
            self.draw()

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self._said = (kind, make)
        self.status.show(make(), kind)

    # -- the page ------------------------------------------------------------------------
    def show(self) -> None:
        """Display the page (and the script that tells the panel who the browser is)."""
        from IPython.display import HTML, display

        from widgets.classroom.panel import browser_key_script

        display(self, HTML(browser_key_script()))

    def open_page(self, query: Mapping[str, str]) -> None:
        """The page's language (``?lang=``, the pupil's choice, the browser's), then the
        poll loop. Nothing raises: an error lands on the status line."""
        from widgets.core.language import page_language
        from widgets.core.relabel import relabel_all

        with self.status.guard():
            page_language(query)
            old, self.language = self.language, language_switch()
            self.header_row.children = (self.header, self.language)
            old.close()
            relabel_all()
        if self._poll:
            self.start_polling()

    def start_polling(self) -> bool:
        """The poll loop on the kernel's event loop (False when there is none)."""
        return self.start_poller(self.status.guarded(self.sync), on_error=self.status.sorry)

    # -- who plays here --------------------------------------------------------------------
    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        self._save_draft()  # the rows being typed are the last pupil's: kept in their seat
        self._draft = None
        self.pupil = pupil if source == "class" else None
        self.seat = None
        self._sit_down()
        self.sync(force=True)

    def _pupil_name(self) -> str:
        assert self.panel is not None and self.panel.session is not None
        return self.panel.session.pupil_name

    def _sit_down(self) -> None:
        """The pupil of the class session takes a seat (or gets theirs back)."""
        if self.setup is None or self.projector:
            return
        if self.pupil is None or self.panel is None or self.panel.session is None:
            self._say("info", lambda: _("To sit at this table, first join your class: press "
                                        "{join} and use your card.").format(
                                            join=_("Join my class")))
            return
        held = self.setup.seat_of(self.pupil.key)
        if held is None and self.setup.status != "open":
            self._say("error", lambda: _("The game at this table has started without you: "
                                         "you can watch it here."))
            return
        self.seat = self.rooms.take_seat(self.code, self.pupil, self._pupil_name())
        seat = self.seat
        if held is None or self.setup.status == "open":  # (seated by Join a table: here now)
            self._say("ok", lambda: _("You sit in seat {number}.").format(number=seat + 1))
        else:
            self._say("ok", lambda: _("Welcome back: seat {number} is yours.").format(
                number=seat + 1))
        self.rooms.heartbeat(self.code, self.seat, self.pupil)
        self._beat = 0.0  # the next poll reads who is here

    @property
    def me(self) -> str | None:
        """The name of this page's player (None: watching, or the projector)."""
        if self.seat is None or self.setup is None:
            return None
        seat = self.setup.seat(self.seat)
        return seat.name if seat.pupil is not None else None

    @property
    def host(self) -> bool:
        """True on the page of the pupil who opened the table."""
        return (self.pupil is not None and self.setup is not None
                and self.setup.host == self.pupil.key)

    # -- the poll --------------------------------------------------------------------------
    def sync(self, force: bool = False) -> None:
        """One poll: redraw on a new version, append due moves, heartbeat, save the draft."""
        if self.setup is None:
            self.draw()
            return
        now = self.clock()
        version = self.rooms.version(self.code)
        if getattr(self.status.shown, "reason", None) == "store-away":
            self.status.clear()  # the store answered again: "not answering" is no longer true
        if force or version != self.version:
            self._reload(version, now)
        deadline = self.play.race_deadline if self.play is not None else None
        if self._draft is not None and deadline is not None and now >= deadline:
            self._save_draft()  # the bell: the rows being typed are handed in with the rest
        if self.setup.status == "playing" and self.rooms.advance(self.code, now):
            self._reload(self.rooms.version(self.code), now)
        if now - self._beat >= HEARTBEAT:
            self._beat = now
            if self.seat is not None and self.pupil is not None:
                self.rooms.heartbeat(self.code, self.seat, self.pupil)
            if self.setup.status == "open":  # who is here: heartbeats bump no version
                self._here = frozenset(self.rooms.present(self.code))
                self.draw()
        if self._draft is not None and now - self._draft[1] >= DRAFT_QUIET:
            self._save_draft()
        self._tick_timer(now)

    def _reload(self, version: int, now: float) -> None:
        assert self.setup is not None
        seen = self.play.seq if self.play is not None else None
        self.version = version
        self.setup = self.rooms.room(self.code)
        self.play = self.rooms.play(self.code) if self.setup.status != "open" else None
        if self.seat is not None and self.pupil is not None \
                and self.setup.seat_of(self.pupil.key) is None:  # the host freed it
            self.seat = None
            self._say("info", lambda: _("The host freed your seat: to sit down again, "
                                        "reload this page."))
        if seen is not None and self.play is not None and _rang(self.play.moves[seen:]):
            self._say("info", _time_is_up)
            self._bell_round = self.play.state.round
        elif (self._said is not None and self._said[1] is _time_is_up and self.play is not None
              and self.play.state.round != self._bell_round):
            self._said = None  # a new Round: the last one's bell no longer holds
            self.status.clear()
        self._tick_timer(now, draw=False)  # the minute and the table drawn once
        self.draw()

    def _save_draft(self) -> None:
        if self._draft is None or self.seat is None or self.pupil is None:
            return
        text, _at = self._draft
        self._draft = None
        self.rooms.save_draft(self.code, self.seat, text, self.pupil)

    def _moved(self) -> None:
        self._ticked_at = self.clock()

    def _tick_timer(self, now: float, draw: bool = True) -> None:
        """The countdown runs on every page from the first *I'm done* (the room's deadline):
        started here at the seconds already gone. A countdown that has not moved for
        :data:`STILL` seconds (its Play was started before the browser drew it: a page opened
        or reloaded mid-race) is started again at the seconds the room's deadline gives."""
        play = self.play
        left = play.seconds_left(now) if play is not None else None
        if left is None or play is None or play.state.phase is not Phase.PROGRAM:
            if self.timer.running:
                self.timer.stop()
            return
        seconds = self.setup.race_seconds if self.setup is not None else 60
        gone = max(0, min(seconds - 1, round(seconds - left)))
        if not self.timer.running and left > 0:
            if self.timer.seconds != seconds:
                self.timer.reset(seconds)
            self.timer.start()
            self.timer.play.value = gone
            self._ticked_at = now
            if draw:
                self.draw()
        elif self.timer.running and left > 0 and now - self._ticked_at >= STILL:
            ticker = self.timer.play  # off, then on: the browser's view starts it again
            ticker.playing = False
            ticker.value = gone
            ticker.playing = True
            self._ticked_at = now

    # -- acting ----------------------------------------------------------------------------
    def _act(self, *actions: Any) -> None:
        """Make this seat's move(s); a refusal is said and the table as it is now drawn."""
        if self.play is None or self.seat is None or self.pupil is None:
            raise RoomError(_("You have no seat at this table: you can only watch."),
                            reason="no-seat")
        self._save_draft()
        try:
            if len(actions) == 1:
                self.rooms.act(self.code, self.play.next_seq, self.seat, actions[0],
                               self.pupil.key)
            else:
                self.rooms.act_all(self.code, self.play.next_seq, self.seat, list(actions),
                                   self.pupil.key)
        except LnbError as exc:
            refused = exc
            self._say("error", lambda: str(refused))
            self.sync(force=True)
            return
        self._clear_error()
        self.sync(force=True)

    def _clear_error(self) -> None:
        """A move went through: a refusal said before is old news."""
        if self.status.kind in ("error", "sorry"):
            self._said = None
            self.status.clear()

    def _target(self, number: int) -> None:
        assert self.me is not None
        self._act(Target(self.me, number))

    def _activate(self, numbers: tuple[int, ...]) -> None:
        assert self.me is not None
        self._act(Activate(self.me, numbers))

    def _written(self, program: Program) -> None:
        self._draft = (str(program), self.clock())

    def _program_done(self, program: Program) -> None:
        me = self.me
        assert me is not None and self.play is not None
        self._draft = (str(program), self.clock())
        self._act(WriteProgram(me, program), self.play.stamp(Finish(me), self.clock()))

    def _choose(self, action: Any) -> None:
        self._act(action)

    def give_to_computer(self, seat: int) -> None:
        """The host gives an empty seat to a computer player."""
        self._host_act(lambda: self.rooms.give_to_computer(self.code, seat, self.bot))

    def free_seat(self, seat: int) -> None:
        """The host empties a seat before the start (a computer's, or another pupil's)."""
        self._host_act(lambda: self.rooms.free_seat(self.code, seat, self.pupil))

    def start(self) -> None:
        """The host starts the game."""
        self._host_act(lambda: self.rooms.start(self.code))

    def _host_act(self, change: Callable[[], object]) -> None:
        try:
            change()
        except LnbError as exc:
            refused = exc
            self._say("error", lambda: str(refused))
        else:
            self._clear_error()
        self.sync(force=True)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self) -> None:
        """Draw what the room holds now (nothing is decided here)."""
        setup, play = self.setup, self.play
        if setup is None:
            self.phase_title.value = ""
            self.body.children = ()
            return
        pupil = self.pupil.key if self.pupil is not None else None
        key = (self.version, self.seat, self.timer.running, self.me, self._here, pupil)
        if key == self._drawn:
            return
        self._drawn = key
        if not self.projector and not may_see(setup, self.pupil):
            self._draw_closed(setup)
            return
        if setup.status == "open" or play is None:
            self._draw_lobby(setup)
            return
        state = play.state
        if state.is_terminal():
            self._draw_game_over(play)
        elif state.phase in (Phase.TARGET, Phase.ACTIVATE):
            self._draw_subroutine_phase(play)
        elif state.phase is Phase.PROGRAM:
            self._draw_program_phase(play)
        else:
            self._draw_resolution_phase(play)

    def _draw_closed(self, setup: RoomSetup) -> None:
        """A class's table on the page of someone not (yet) of that class: its code only."""
        self.phase_title.value = _("<b>Table <span class='lnb-room-code'>{code}</span></b> · "
                                   "only its class's pupils see it: join your class with "
                                   "your card").format(code=setup.code)
        self.body.children = ()

    def _title(self, state: State, text: str) -> None:
        self.phase_title.value = _("<b>Round {round} of {rounds}</b> · {text}").format(
            round=state.round, rounds=ROUNDS, text=text)

    def _draw_lobby(self, setup: RoomSetup) -> None:
        self.phase_title.value = _("<b>Lobby</b> · table <span class='lnb-room-code'>{code}"
                                   "</span>: open <code>{link}</code> on each device").format(
                                       code=setup.code, link=html.escape(room_link(setup.code)))
        here = self._here
        rows = []
        for seat in setup.seats:
            if seat.pupil is not None:
                who = html.escape(seat.name)
                # TRANSLATORS: beside a seated pupil's name in the lobby: their page is open
                present = html.escape(pgettext("a pupil at the table", "here"))
                mark = (f" <span class='lnb-room-here'>✓ {present}</span>"
                        if seat.name in here else "")
            elif seat.computer is not None:
                who = html.escape(_("Computer ({strength})").format(
                    strength=bot_name(seat.computer)))
                mark = ""
            else:
                empty = html.escape(pgettext("a seat nobody took", "empty"))
                who = f"<i>{empty}</i>"
                mark = ""
            number = html.escape(_("Seat {number}").format(number=seat.index + 1))
            rows.append(f"<tr class='lnb-room-seat'><td>{number}</td>"
                        f"<td>{who}{mark}</td><td>{html.escape(seat.character)}</td></tr>")
        self.seats_view.value = f"<table>{''.join(rows)}</table>"
        buttons: list[w.Widget] = []
        empty = tuple(seat.index for seat in setup.seats if not seat.taken)
        freeable = tuple(seat.index for seat in setup.seats
                         if seat.taken and seat.pupil != setup.host)
        fresh = (self.host, empty, freeable) != self._lobby_drawn
        self._lobby_drawn = (self.host, empty, freeable)
        if self.host and fresh:
            for seat in setup.seats:
                if not seat.taken:
                    buttons.append(self._seat_button(
                        _("Seat {number} to a computer"), "lnb-room-computer", seat.index,
                        self.give_to_computer))
            for index in freeable:
                buttons.append(self._seat_button(_("Free seat {number}"), "lnb-room-free",
                                                 index, self.free_seat))
            self.start_button.description = _("Start the game")
            buttons.append(self.start_button)
        if self.host:
            waiting = _("When everyone is seated, press {start}.").format(
                start=_("Start the game"))
        else:
            waiting = _("Waiting for the host to start the game.")
        if fresh:
            self._replace(self.lobby_buttons, tuple(buttons))
        self.waiting.value = html.escape(waiting)
        self.body.children = (self.seats_view, self.waiting, self.lobby_buttons)

    def _seat_button(self, words: str, css: str, index: int,
                     act: Callable[[int], None]) -> w.Button:
        """One of the host's lobby buttons for seat ``index``."""
        button = w.Button(description=words.format(number=index + 1),
                          layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self.status.guarded(lambda _b: act(index)))
        return button

    def _waiting_words(self, play: RoomPlay) -> str:
        """Who the table waits for, said so that it is clear who waits: a pupil who has
        chosen waits for the others; one still choosing is told who else is."""
        names = [n for n in play.waiting_on if n != self.me]
        if not names:
            return ""
        if self.me is not None and self.me in play.waiting_on:
            return html.escape(_("Also still choosing: {players}").format(
                players=format_list(names)))
        return html.escape(_("Waiting for {players}").format(players=format_list(names)))

    def _draw_subroutine_phase(self, play: RoomPlay) -> None:
        state, me = play.state, self.me
        self.board_view.refresh(state.board)
        mine = me is not None and me in play.waiting_on
        if state.phase is Phase.TARGET:
            if mine:
                self._title(state, html.escape(_("{player}: choose a Subroutine to target")
                                               .format(player=me)))
                self._subs(state, me, "target")
            else:
                self._title(state, html.escape(_("Everyone chooses a Subroutine to target")))
        else:
            if mine:
                self._title(state, html.escape(_("{player}: activate Subroutines you completed "
                                                 "(each works once)").format(player=me)))
                self._subs(state, me, "activate")
            else:
                self._title(state, html.escape(_("Players activate Subroutines they "
                                                 "completed")))
        self.waiting.value = self._waiting_words(play)
        parts: list[w.Widget] = [self.waiting]
        if mine:
            parts.append(self.subs_view)
        elif me is not None:
            self._subs(state, me, "show")
            parts.append(self.subs_view)
        parts.append(self.board_view)
        if state.round > 1:  # the Round just played: its rows and the scores so far
            self._show_last_round(state)
            parts += [self.last_round, self.resolution, self.scores]
        self.body.children = tuple(parts)

    def _subs(self, state: State, me: str, mode: str) -> None:
        """Draw ``me``'s Subroutines, their buttons made anew only when the choice changes
        (another player's move must not replace a button the pupil is about to click)."""
        key = (state.round, state.phase, mode, me)
        if key != self._subs_drawn:
            self._subs_drawn = key
            self.subs_view.refresh(state, me, mode=mode)

    @cached_property
    def last_round(self) -> w.HTML:
        heading = w.HTML("")
        heading.add_class("lnb-room-last-round")
        return heading

    def _show_last_round(self, state: State) -> None:
        played = state.round - 1
        self.last_round.value = "<h3 class='lnb-room-last-round-title'>{}</h3>{}".format(
            html.escape(_("Round {round}: how it went").format(round=played)),
            html.escape(_("Its rows in the order they were resolved, and the scores so far.")))
        events = self._round_events(state, played)
        if self._resolution_round != -played:
            self._resolution_round = -played
            self.resolution.load(events, list(dict.fromkeys(e.player for e in events)),
                                 complete=True)
            self.resolution.show_all()
        self.scores.refresh(state.score_sheet())

    def _draw_program_phase(self, play: RoomPlay) -> None:
        state, me = play.state, self.me
        self.patrons_view.refresh(state)
        done = [f"{i}. {html.escape(n)}" for i, n in enumerate(state.finished, start=1)]
        writing = [html.escape(n) for n in play.waiting_on]
        parts = [_("Done: {players}").format(players=format_list(done)) if done
                 else html.escape(_("Nobody is done yet."))]
        if writing:
            parts.append(_("Writing: {players}").format(players=format_list(writing)))
        self.finished_line.value = " · ".join(parts)
        writer = me is not None and state.player(me).play.token is None
        if writer and not self.projector:
            assert me is not None
            self._title(state, _("{player}: write your program, then press {done}").format(
                player=html.escape(me), done=_("I'm done")))
            self._begin_turn(state, me)
            self.target_card.value = target_card_html(state, me)
            panel: w.Widget = self.race_panel
        else:
            if me is not None:
                self._title(state, html.escape(_("Your program is in: waiting for the others")))
            else:
                self._title(state, html.escape(_("The players write their programs")))
            self.board_view.refresh(state.board)
            panel = self.board_view
        self.body.children = (self.race_top, self.patrons_view, panel)

    def _begin_turn(self, state: State, me: str) -> None:
        """Set the builder up once per Round: this Round's rules and the draft kept in the
        store (a reload finds it there)."""
        turn = (state.round, me)
        if turn == self._turn:
            return
        self._turn = turn
        rules = state.writing_rules(me)
        program: Program | str = state.player(me).play.program
        if self.seat is not None and self.pupil is not None:
            kept = self.rooms.draft(self.code, self.seat, self.pupil)
            if kept:
                try:
                    rules.check(Program.parse(kept))
                    program = kept
                except LnbError:
                    program = ""  # a draft of another Round's rules: start afresh
        self.builder.reset(board=rules.board, start=rules.start, limit=rules.limit,
                           program=program, sigma=rules.sigma_rows,
                           title=lambda: _("{player}: write your program").format(player=me))
        self.builder.mental = rules.mental
        self.builder.refresh()

    def _round_events(self, state: State, round_no: int) -> list:
        return [e for e in state.events if e.round == round_no]

    def _draw_resolution_phase(self, play: RoomPlay) -> None:
        state, me = play.state, self.me
        events = self._round_events(state, state.round)
        if self._resolution_round != state.round:
            self._resolution_round = state.round
            self.resolution.load(events, state.order, complete=False)
        else:
            self.resolution.extend(events, complete=False)
        self.resolution.show_all()
        self.patrons_view.refresh(state)
        turn = state.turn()
        buttons: list[w.Widget] = []
        fresh = (state.round, turn, me) != self._choices_drawn
        self._choices_drawn = (state.round, turn, me)
        if turn is not None:
            name, row = turn
            if name == me and not self.projector and fresh:
                actions = state.legal_actions(name)
                if state.phase is Phase.DEBUG:  # a rewrite is not offered at a table yet:
                    actions = [a for a in actions if isinstance(a, Recompute)]  # keep rows
                plain = len(actions) == 1 and actions[0] == ResolveRow(name)
                if not plain:
                    prompt = w.HTML(_("<b>{player}, row {row}:</b> choose:").format(
                        player=html.escape(name), row=row))
                    prompt.add_class("lnb-choice-prompt")
                    buttons.append(prompt)
                    for action in actions:
                        text = (choice_label(state, name, action)
                                if isinstance(action, ResolveRow) else _("Keep my rows"))
                        button = w.Button(description=text, tooltip=text)
                        button.add_class("lnb-choice")
                        button.on_click(self.status.guarded(lambda _b, a=action: self._choose(a)))
                        buttons.append(button)
            self.waiting.value = html.escape(_("Row {row} of {player}").format(
                row=row, player=name))
        else:
            self.waiting.value = ""
        if fresh:
            self._replace(self.choice_box, tuple(buttons))
        self._title(state, html.escape(_("Resolution: each row in turn, in order of finishing")))
        self.body.children = (self.waiting, self.patrons_view, self.resolution,
                              self.choice_box)

    def _draw_game_over(self, play: RoomPlay) -> None:
        state = play.state
        self.phase_title.value = _("<b>The game is over</b> · final scores")
        self.scores.refresh(state.score_sheet())
        text = self.rooms.record_json(self.code)
        names = "-".join(state.names)
        self.record_box.value = download_link(safe_filename(f"table-{self.code}-{names}"), text)
        self.replay_rounds.description = _("Round")
        self._show_replay()
        self.body.children = (self.scores, self.record_box, self.replay_rounds, self.replay)

    def _show_replay(self) -> None:
        if self.play is None:
            return
        events = self._round_events(self.play.state, self.replay_rounds.value)
        order = list(dict.fromkeys(e.player for e in events))
        self.replay.load(events, order, complete=True)

    @staticmethod
    def _replace(box: w.Box, children: Sequence[w.Widget]) -> None:
        old = [c for c in box.children if all(c is not n for n in children)]
        box.children = tuple(children)
        for child in old:
            close_all(child)


def _rang(moves: Sequence[Any]) -> bool:
    """Whether ``moves`` ring the bell of the race now going on: a TimeUp with no Target
    after it (a Target after it: the next Round began, and that bell is old news)."""
    last = max((i for i, move in enumerate(moves) if isinstance(move.action, TimeUp)),
               default=None)
    return last is not None and not any(isinstance(move.action, Target)
                                        for move in moves[last + 1:])


def _time_is_up() -> str:
    """The bell's words, as the one-screen game says them."""
    return _("Time is up! The rows written so far stand.")


def room_page(query: Mapping[str, str], rooms: RoomStore, classroom: Classroom) -> RoomApp:
    """The page ``?room=K7QX`` (``&view=projector``: the projector's, only with the class's
    ``&watch=`` token, see :meth:`RoomStore.may_watch`) asks for."""
    projector = query.get("view", "").lower() == "projector"
    if projector:
        rooms = rooms.for_watcher(query.get("watch", ""))
    return RoomApp(rooms, query.get("room", ""), classroom=classroom, projector=projector)


__all__ = ["RoomApp", "room_page"]
