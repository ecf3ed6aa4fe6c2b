"""A live table's page, for any game: the lobby, the poll, the seat's heartbeat and draft, the
refusals, the race's countdown and bell, the game's record. A game's board plugs in.

The table lives in the store (:class:`classroom.rooms.RoomStore`); this page decides nothing:
it shows what the store's replayed play holds and turns the pupil's clicks into moves that the
store checks in one transaction. A move the table refused (it moved on) is said on the status
line and the page redraws what the table holds now.

- ``TablePage(rooms, code, view=..., classroom=..., projector=False)``: the page of table
  ``code``. The pupil is the one of the page's class session (the :class:`~widgets.classroom.
  panel.ClassPanel` it carries); once known they sit down (or get their seat back after a
  reload). ``projector=True`` is the table for the big screen: no panel, no seat.
- ``sync(force=False)``: one poll (what the page's :class:`~widgets.core.poller.Poller` calls
  every 0.25 s): the room's version, a redraw only when it changed, the moves that are due
  (``RoomStore.advance``), the seat's heartbeat (every 2 s) and the draft being written (saved
  when the pupil stops for half a second, at the bell and before a move).
- ``open_page(query)``: the page's language, then the poll loop on the kernel's event loop.

**What the page does for every game.** The lobby (the seats and who is here; the host gives an
empty seat to a computer, frees a seat taken by another pupil or a computer, sets the table's
options the game declares, ``TableRules.table_options``, and presses *Start*; every pupil
may sit in another free seat or take a computer's seat back, :meth:`TablePage.choose_seat`);
the table's options in words for everyone, in the lobby and during play; *the table moved
on* refusals; the countdown from the room's race deadline (started again when the browser
left it still); the bell (the game's words, said once on every page,
gone when the next race begins); the waiting line (:meth:`TablePage.waiting_words`); at the end
the record's download (``table-CODE-names.json``).

**What a game gives: a** :class:`TableView`. The page makes one for itself
(``view(page)``); ``draw(play)`` returns the :class:`Screen` for this page's seat (its phase
line and its parts); ``draw_over(play, record)`` the end of the game, with the record's
download placed where the game likes; its buttons make the seat's moves with
:meth:`TablePage.act` (and keep an unfinished piece of work with :meth:`TablePage.keep_draft`).
The room's game's :class:`~lnb.core.table.TableRules` (``RoomSetup.rules``) say
when the race runs (``racing``), the race's key (``race_key``) and the bell's action
(``time_up``). Lovelace & Babbage's view is :class:`widgets.babbage.room_app.BabbageTable`.

>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore
>>> rooms = RoomStore(ProgressStore(":memory:"))
>>> code = rooms.open_room(None, None, seats=2).code
>>> class Plain(TableView):
...     game = "babbage"
>>> page = TablePage(rooms, code, view=Plain, poll=False)
>>> page.header.value.count(code), "Lobby" in page.phase_title.value
(1, True)
>>> page.status.text
''
>>> f"lnb-drawn-{rooms.version(code)}" in page._dom_classes  # the version it drew
True
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import cached_property
from typing import Any, NamedTuple

import ipywidgets as w

from classroom.identity import Classroom, Pupil
from classroom.rooms import RoomStore, may_see
from lnb.core.errors import LnbError
from lnb.core.game import GameType, get
from lnb.core.i18n import _, format_list, pgettext
from lnb.core.rooms import (
    Move,
    RoomError,
    RoomPlay,
    RoomSeat,
    RoomSetup,
    allowance_words,
    describe,
    normalize_room_code,
    renamed_move,
)
from lnb.core.table_options import TableOption, options_words
from widgets.classroom.panel import ClassPanel
from widgets.core.app_shell import AppShell
from widgets.core.poller import PolledPage
from widgets.core.relabel import register, relabel_part
from widgets.core.saveload import download_link, safe_filename
from widgets.core.shared import close_all
from widgets.core.status import StatusLine
from widgets.core.timer import Timer

PAGE = "play.ipynb"  # a table's page, relative to the page that opens it
#: The table page's own look (a game's view adds its own before it).
CSS = """
.lnb-room .lnb-room-seats td, .lnb-room .lnb-room-seats th { padding: 2px 10px; text-align: left; }
.lnb-room .lnb-room-code { font-family: monospace; font-size: 1.4em; letter-spacing: .1em; }
.lnb-room .lnb-room-here { color: var(--lnb-ok, #176b2c); }
.lnb-room .lnb-lobby-buttons { flex-wrap: wrap; gap: 4px; }
.lnb-room .lnb-room-last-round { border-top: 2px solid var(--lnb-rule, #bbb); margin-top: 12px;
                                 padding-top: 6px; }
.lnb-room .lnb-room-last-round-title { margin: 0 0 4px 0; font-size: var(--lnb-text-l, 22px); }
.lnb-room .lnb-room-paused { font-size: var(--lnb-text-l, 22px); font-weight: bold;
                             padding: 6px 10px; border: 2px solid var(--lnb-rule, #bbb);
                             border-radius: 4px; margin: 4px 0; }
.lnb-room .lnb-room-allowances { color: var(--lnb-muted, #555); }
.lnb-room .lnb-room-options-line { color: var(--lnb-muted, #555); }
.lnb-room .lnb-room-options { flex-wrap: wrap; gap: 4px 16px; align-items: center; }
"""
HEARTBEAT = 2.0  # seconds between two heartbeats of a seat
STILL = 1.6  # seconds without a tick from the browser after which its countdown is restarted
DRAFT_QUIET = 0.5  # seconds without an edit before the draft is saved


def room_link(code: str, page: str = PAGE, projector: bool = False, watch: str = "") -> str:
    """The address of table ``code``'s page, relative to the page that opens it; the
    projector's carries the class's ``watch`` token (:meth:`RoomStore.may_watch`).

    >>> room_link("K7QX"), room_link("K7QX", projector=True, watch="ab12")
    ('play.ipynb?room=K7QX', 'play.ipynb?room=K7QX&view=projector&watch=ab12')
    """
    return f"{page}?room={code}" + ("&view=projector" if projector else "") + (
        f"&watch={watch}" if projector and watch else "")


class Screen(NamedTuple):
    """What a view draws: the phase line (HTML) and the parts under it."""

    title: str
    parts: Sequence[w.Widget]


class TableView:
    """A game's board at a live table: what a game plugs into :class:`TablePage`.

    The base draws the table in the game's text form: the moves so far as everyone may read
    them (``GameType.describe``), who the table waits for, and the seat's legal actions as
    buttons (``GameType.action_text``): enough to play a small game that has no view of its
    own yet (tests/nim_game.py). A game's view overrides :meth:`draw` and :meth:`draw_over`
    and makes its moves with ``self.page.act(...)``.

    >>> TableView.bot, TableView.classes
    ('greedy', ())
    """

    #: The game's name (:func:`lnb.core.game.get`): each view says it.
    game: str = ""
    #: The notebook of the game's table page (the lobby's link: ``page_link?room=K7QX``).
    page_link: str = PAGE
    #: The computer player a host's *Seat N to a computer* seats (a kind of the game's bots).
    bot: str = "greedy"
    #: The view's own look, put before the table page's.
    css: str = ""
    #: CSS classes the page carries for the view's look.
    classes: tuple[str, ...] = ()

    def __init__(self, page: TablePage) -> None:
        self.page = page
        self._offered: tuple[Any, ...] | None = None  # the turn the action buttons are for

    @cached_property
    def log(self) -> w.HTML:
        """The moves so far, one a line (the base view's)."""
        log = w.HTML("")
        log.add_class("lnb-room-log")
        return log

    @cached_property
    def actions(self) -> w.HBox:
        """The seat's legal actions, one button each (the base view's)."""
        box = w.HBox([])
        box.add_class("lnb-choices")
        return box

    @property
    def game_type(self) -> GameType:
        """The game's declaration."""
        return get(self.game)

    def title(self) -> str:
        """The game's name on the page's title row."""
        return str(self.game_type.title)

    def seat_note(self, seat: RoomSeat) -> str:
        """What the lobby shows after the seat's player: their character, if the game has
        characters."""
        return seat.character

    def computer_name(self, kind: str) -> str:
        """The words for a computer player of ``kind`` (its strength)."""
        return kind

    def bell(self) -> str:
        """What every page says when the race's time is up ("": nothing)."""
        return ""

    def rang(self, moves: Sequence[Move]) -> bool:
        """Whether ``moves`` (the ones a page had not seen yet) ring the bell of the race now
        going on: here, whether one of them is the game's time-up
        (:meth:`~lnb.core.table.TableRules.time_up`; a game without a race has none)."""
        setup = self.page.setup
        if setup is None or setup.race_seconds is None:
            return False
        bell = self.page.rules.time_up()
        return any(move.action == bell for move in moves)

    def draw(self, play: RoomPlay) -> Screen:
        """The game going on, as this page's seat (``self.page.me``) may see it."""
        game, me, page = self.game_type, self.page.me, self.page
        self.log.value = "<br>".join(html.escape(str(describe(game, move.action, play.state)))
                                     for move in play.moves)
        page.waiting.value = page.waiting_words(play)
        mine = me is not None and me in play.waiting_on and not page.projector
        turn = (play.seq, me if mine else None)
        if turn != self._offered:
            self._offered = turn
            buttons = []
            for action in play.state.legal_actions(me) if mine else ():
                button = w.Button(description=game.action_text(action),
                                  layout=w.Layout(width="auto"))
                button.add_class("lnb-choice")
                button.on_click(page.status.guarded(lambda _b, a=action: page.act(a)))
                buttons.append(button)
            page.replace(self.actions, buttons)
        return Screen(f"<b>{html.escape(self.title())}</b>",
                      (page.waiting, self.actions, self.log))

    def draw_over(self, play: RoomPlay, record: w.Widget) -> Screen:
        """The game over, with ``record`` (the game's download) placed in it."""
        title, parts = self.draw(play)
        return Screen(title, (*parts, record))

    def relabel(self) -> None:
        """Every word of the view in the current language (what is drawn is drawn again)."""


class TablePage(AppShell, PolledPage, w.VBox):
    """The page of one table (see the module's docstring)."""

    def __init__(self, rooms: RoomStore, code: str, *, view: Callable[[TablePage], TableView],
                 classroom: Classroom | None = None, projector: bool = False,
                 clock: Callable[[], float] = time.time, poll: bool = True,
                 bot: str | None = None, hide_names: bool = False) -> None:
        self.rooms = rooms
        self.clock = clock
        self.projector = projector
        #: The projector's choice (``&names=hidden``): pupils shown as "Pupil 1", ...
        self.hide_names = projector and hide_names
        self._hidden: RoomPlay | None = None  # the play renamed, moved on move by move
        self.pupil: Pupil | None = None
        self.seat: int | None = None
        self.setup: RoomSetup | None = None
        self.play: RoomPlay | None = None
        self.version: int | None = None
        self._poll = poll
        self._beat = 0.0
        self._draft: tuple[str, float] | None = None  # (text of the work, when edited) unsaved
        self._said: tuple[str, Callable[[], str]] | None = None
        self._bell_key: Any = None  # the race whose bell the status line says
        self._drawn: tuple[Any, ...] | None = None
        self._here: frozenset[str] = frozenset()  # who the lobby shows as here
        self._lobby_drawn: tuple[Any, ...] | None = None  # the seats the host's buttons fit
        self._option_controls: dict[str, w.ValueWidget] = {}  # the host's, by option key
        self._options_quiet = False  # True while the page sets a control from the store

        self.status = StatusLine(on_continue=lambda: self.sync(force=True))
        self.view = view(self)
        self.bot = bot if bot is not None else self.view.bot
        self.panel: ClassPanel | None = None
        if not projector and classroom is not None:
            self.panel = ClassPanel(classroom, self.status, on_pupil=self._pupil_changed)
        self.timer = Timer(60, on_zero=self.status.guarded(lambda: self.sync(force=True)),
                           hosts_play=False)
        # A Play started before the page was drawn (a page opened mid-race) is started again
        # once it has been still for a while (see ``_tick_timer``).
        self.make_shell(self.timer.play)
        self._ticked_at = 0.0  # when the countdown last moved (the browser's tick)
        self.timer.play.observe(lambda _change: self._moved(), "value")
        super().__init__(self.shell_children(
            "room", self.view.css + CSS,
            top=(self.panel,) if self.panel is not None else ()))
        for css in ("lnb-app", *self.view.classes, "lnb-room"):
            self.add_class(css)
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
    def seat_choice(self) -> w.HBox:
        """A pupil's choice of seat: *Sit in seat N* (a free one), *Take seat N from the
        computer*."""
        box = w.HBox([])
        box.add_class("lnb-lobby-buttons")
        box.add_class("lnb-room-seat-choice")
        return box

    @cached_property
    def start_button(self) -> w.Button:
        """Start the game (the host only)."""
        return self.status.button("lnb-room-start", self.start, style="success",
                                  width="auto")

    @cached_property
    def waiting(self) -> w.HTML:
        """Who the table waits for (:meth:`waiting_words`), or what the host is to do."""
        line = w.HTML("")
        line.add_class("lnb-room-waiting")
        return line

    @cached_property
    def paused_line(self) -> w.HTML:
        """"Paused by your teacher" while the teacher has paused the table."""
        line = w.HTML("")
        line.add_class("lnb-room-paused")
        return line

    @cached_property
    def allowances_line(self) -> w.HTML:
        """The seats' time allowances the teacher gave (shown to the whole table)."""
        line = w.HTML("")
        line.add_class("lnb-room-allowances")
        return line

    @cached_property
    def options_line(self) -> w.HTML:
        """The table's options in words (everyone, in the lobby and during play)."""
        line = w.HTML("")
        line.add_class("lnb-room-options-line")
        return line

    @cached_property
    def options_box(self) -> w.HBox:
        """The host's controls of the table's options, one per option the game declares."""
        box = w.HBox([])
        box.add_class("lnb-room-options")
        return box

    @cached_property
    def record_box(self) -> w.HTML:
        """The game's record, to download at the end."""
        box = w.HTML("")
        box.add_class("lnb-room-record")
        return box

    # -- words ---------------------------------------------------------------------------
    def _label(self) -> None:
        self.set_title(_("{game} · table {code}").format(game=self.view.title(),
                                                          code=self.code))
        if self._made("start_button"):
            self.start_button.description = _("Start the game")
            self.start_button.tooltip = _("Everyone is seated: start (empty seats are left "
                                          "out)")

    def relabel(self) -> None:
        """Every word in the current language; the table and the draft are kept."""
        with self.hold_sync():
            self._label()
            self.view.relabel()
            for part in (self.status, self.timer, self.language, self.panel):
                if part is not None:
                    relabel_part(part)
            if self._said is not None:
                self.status.show(self._said[1](), self._said[0])
            self._drawn = self._lobby_drawn = None
            self._option_controls = {}
            if self.setup is not None and self.shown_names():
                self._rename()  # a computer seat named again in the new language
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
        with self.status.guard():
            self.open_language(query)
            hide = self.projector and query.get("names", "").lower() == "hidden"
            if hide != self.hide_names:
                self.hide_names, self._hidden, self._drawn = hide, None, None
                self.sync(force=True)
        if self._poll:
            self.start_polling()

    def poll_busy(self) -> bool:
        """Tick every 0.25 s (not only on pings) while a draft is not saved or a race's
        minute runs (the draft's save and the bell's hand-in are timed by this page's tick);
        not while the teacher has paused the table."""
        play = self.play
        return self._draft is not None or (
            play is not None and play.race_deadline is not None and not play.paused
            and not play.state.is_terminal())

    def start_polling(self) -> bool:
        """The poll loop on the kernel's event loop (False when there is none)."""
        return self.start_poller(self.status.guarded(self.sync), on_error=self.status.sorry,
                                 waiter=self.rooms.waiter(self.code))

    # -- who plays here --------------------------------------------------------------------
    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        self._save_draft()  # the work being typed is the last pupil's: kept in their seat
        self._draft = None
        self.pupil = pupil if source == "class" else None
        self.seat = None
        self._sit_down()
        self.sync(force=True)

    def _pupil_name(self) -> str:
        assert self.panel is not None and self.panel.session is not None
        return self.panel.session.pupil_name

    def _elsewhere(self, setup: RoomSetup) -> bool:
        """True for a table of another game than the view's (opened by a typed address):
        the page names where to open it and draws nothing else."""
        return bool(self.view.game) and setup.game != self.view.game

    def _sit_down(self) -> None:
        """The pupil of the class session takes a seat (or gets theirs back)."""
        if self.setup is None or self.projector or self._elsewhere(self.setup):
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
        try:
            self.seat = self.rooms.take_seat(self.code, self.pupil, self._pupil_name())
        except RoomError as exc:
            if exc.reason != "table-full" or not any(s.computer for s in self.setup.seats):
                raise
            self._say("info", lambda: _("Every seat is taken: you may take a computer's seat "
                                        "(Take seat N from the computer)."))
            return
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
    def rules(self) -> Any:
        """The game's :class:`~lnb.core.table.TableRules` (the room's game; before the room
        is read, the view's)."""
        if self.setup is not None:
            return self.setup.rules
        return self.view.game_type.table_rules

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
        deadline = self._deadline()
        if self._draft is not None and deadline is not None and now >= deadline:
            self._save_draft()  # the bell: the work being typed is handed in with the rest
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
        before = self.play
        self.version = version
        self.setup = self.rooms.room(self.code)
        self.play = self.rooms.play(self.code) if self.setup.status != "open" else None
        if self.hide_names or self.shown_names():
            self._rename()
        else:
            self._hidden = None
        if self.seat is not None and self.pupil is not None \
                and self.setup.seat_of(self.pupil.key) is None:  # the host freed it
            self.seat = None
            self._say("info", lambda: _("The host freed your seat: to sit down again, "
                                        "reload this page."))
        self._ring(before)
        self._tick_timer(now, draw=False)  # the minute and the table drawn once
        self.draw()
        self._mark_drawn()

    def hidden_names(self) -> dict[str, str]:
        """The projector's names for the pupils' seats (``Pupil 1``...; computers keep
        theirs)."""
        assert self.setup is not None
        return {s.name: _("Pupil {number}").format(number=s.index + 1)
                for s in self.setup.seats if s.pupil is not None and s.name}

    def shown_names(self) -> dict[str, str]:
        """The names this page shows instead of the store's (old -> new): a computer seat
        the store names by its bot (a game without characters: ``greedy``) as *Computer 1*,
        *Computer 2*... in the page's language; with the names hidden, each pupil as
        *Pupil N*. A name another seat has is left as it is."""
        assert self.setup is not None
        names = self.hidden_names() if self.hide_names else {}
        computers = [s for s in self.setup.seats
                     if s.computer is not None and s.pupil is None and not s.character]
        for number, seat in enumerate(computers, start=1):
            names[seat.name] = _("Computer {number}").format(number=number)
        kept = {s.name for s in self.setup.seats if s.name not in names}
        return {old: new for old, new in names.items() if old != new and new not in kept}

    def _rename(self) -> None:
        """The setup and the play as this page shows them (:meth:`shown_names`): the same
        game under the names shown (moved on by the new moves only)."""
        assert self.setup is not None
        names = self.shown_names()
        seats = tuple(replace(s, name=names.get(s.name, s.name)) for s in self.setup.seats)
        self.setup = replace(self.setup, seats=seats)
        play, hidden = self.play, self._hidden
        if play is None:
            self._hidden = None
            return
        if hidden is None or hidden.seq > play.seq or hidden.setup.seats != seats:
            hidden = play.renamed(names)
        else:
            hidden = hidden.extended(renamed_move(m, names) for m in play.moves[hidden.seq:])
            if hidden.setup != self.setup:
                hidden = hidden.with_setup(replace(self.setup))
        self.play = self._hidden = hidden

    def _deadline(self) -> float | None:
        """When this page's seat's race ends (its allowance; ×1 for a watcher)."""
        play = self.play
        if play is None:
            return None
        return play.race_deadline if self.seat is None else play.deadline_for(self.seat)

    def _mark_drawn(self) -> None:
        """Name the room's version this page has drawn in a CSS class of the page,
        ``lnb-drawn-<version>`` (set after the drawing, so a browser shows it after what was
        drawn): a browser test waits for it instead of for time. Not in the page's text."""
        mark = f"lnb-drawn-{self.version}"
        for old in [c for c in self._dom_classes if c.startswith("lnb-drawn-") and c != mark]:
            self.remove_class(old)
        self.add_class(mark)

    def _ring(self, before: RoomPlay | None) -> None:
        """Say the bell once when the moves this page had not seen ring it
        (:meth:`TableView.rang`); its words go when the next race begins."""
        play = self.play
        if play is None:
            return
        key = self.rules.race_key(play.state)
        if before is not None and self.view.bell() and self.view.rang(play.moves[before.seq:]):
            self._say("info", self.view.bell)
            self._bell_key = key
        elif (self._said is not None and self._said[1] == self.view.bell
              and key != self._bell_key):
            self._said = None  # the next race: the last one's bell no longer holds
            self.status.clear()

    def keep_draft(self, text: str) -> None:
        """The seat's unfinished work (its text form) as the pupil edits it: saved in the
        store when they stop for a moment, at the bell and before their move, so a reload
        brings it back and the bell hands it in."""
        self._draft = (text, self.clock())

    def kept_draft(self) -> str | None:
        """The seat's work the store keeps (None: no seat, or nothing kept)."""
        if self.seat is None or self.pupil is None:
            return None
        return self.rooms.draft(self.code, self.seat, self.pupil)

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
        seat = self.seat if play is not None and self.seat is not None else None
        factor = play.allowance(seat) if play is not None and seat is not None else 1.0
        left = play.seconds_left(now, seat) if play is not None else None
        racing = (play is not None and not play.state.is_terminal()
                  and self.rules.racing(play.state))
        if racing and factor is None and self.timer.seconds is not None:
            self.timer.reset(None)  # no time limit for this seat: the timer says so
            return
        if left is None or play is None or not racing:
            if self.timer.running:
                self.timer.stop()
            if not racing and self.timer.seconds is None and self.setup is not None:
                self.timer.reset(round(self.setup.race_seconds or 60))
            return
        base = (self.setup.race_seconds if self.setup is not None else None) or 60
        seconds = round(base * (factor or 1.0))
        gone = max(0, min(seconds - 1, round(seconds - left)))
        if play.paused:  # the teacher paused the table: the countdown stands still
            if not self.timer.running or self.timer.seconds != seconds:
                self.timer.reset(seconds)
                self.timer.start()
            ticker = self.timer.play
            ticker.playing = False
            ticker.value = gone
            self._ticked_at = now
            return
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
    def act(self, *actions: Any) -> None:
        """Make this seat's move(s) (several: all or nothing); a refusal is said and the
        table as it is now drawn."""
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

    def choose_seat(self, seat: int) -> None:
        """The pupil sits in seat ``seat`` before the start: a free one, or a computer's
        (taken back); their old seat, if any, is freed."""
        if self.pupil is None or self.panel is None or self.panel.session is None:
            raise RoomError(_("To sit at this table, first join your class: press {join} and "
                              "use your card.").format(join=_("Join my class")),
                            reason="no-class")
        try:
            self.seat = self.rooms.take_seat(self.code, self.pupil, self._pupil_name(),
                                             seat=seat)
        except LnbError as exc:
            refused = exc
            self._say("error", lambda: str(refused))
        else:
            number = self.seat + 1
            self._say("ok", lambda: _("You sit in seat {number}.").format(number=number))
        self.sync(force=True)

    def set_option(self, key: str, value: Any) -> None:
        """The host sets one of the table's options before the start."""
        self._host_act(lambda: self.rooms.set_options(self.code, {key: value}, self.pupil))

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
        if self._elsewhere(setup):  # another game's table typed on this game's page
            from widgets.classroom.table_entry import other_game

            where = html.escape(str(other_game(setup.code, setup.game)))
            self.phase_title.value = f"<b>{where}</b>"
            self.body.children = ()
            return
        if setup.status == "open" or play is None:
            self._draw_lobby(setup)
            return
        if play.state.is_terminal():
            screen = self.view.draw_over(play, self._record(play))
        else:
            screen = self.view.draw(play)
        self.phase_title.value = screen.title
        self.body.children = (*self._room_lines(play), *screen.parts)

    def _room_lines(self, play: RoomPlay) -> tuple[w.Widget, ...]:
        """The teacher's marks on the table: paused, and the seats' time allowances."""
        lines: list[w.Widget] = []
        if self._declared():
            self.options_line.value = self._options_html(play.setup)
            lines.append(self.options_line)
        if play.paused and not play.state.is_terminal():
            self.paused_line.value = html.escape(_("Paused by your teacher"))
            lines.append(self.paused_line)
        given = play.allowances
        if given and not play.state.is_terminal():
            seats = {s.index: s.name for s in play.setup.seats}
            words = [f"{html.escape(seats.get(i, str(i + 1)))}: "
                     f"{html.escape(str(allowance_words(f)))}" for i, f in sorted(given.items())]
            self.allowances_line.value = html.escape(_("Time allowances")) + " · " + \
                " · ".join(words)
            lines.append(self.allowances_line)
        return tuple(lines)

    def _record(self, play: RoomPlay) -> w.HTML:
        """The record's download link, named after the table and its players."""
        text = (play.game.records.dumps(play.to_record()) if self.hide_names
                else self.rooms.record_json(self.code))
        names = "-".join(play.state.names if self.hide_names  # else the record's own names
                         else (s.name for s in self.rooms.room(self.code).players))
        self.record_box.value = download_link(safe_filename(f"table-{self.code}-{names}"), text)
        return self.record_box

    def _draw_closed(self, setup: RoomSetup) -> None:
        """A class's table on the page of someone not (yet) of that class: its code only."""
        self.phase_title.value = _("<b>Table <span class='lnb-room-code'>{code}</span></b> · "
                                   "only its class's pupils see it: join your class with "
                                   "your card").format(code=setup.code)
        self.body.children = ()

    def _draw_lobby(self, setup: RoomSetup) -> None:
        self.phase_title.value = _("<b>Lobby</b> · table <span class='lnb-room-code'>{code}"
                                   "</span>: open <code>{link}</code> on each device").format(
                                       code=setup.code,
                                       link=html.escape(room_link(setup.code,
                                                                  self.view.page_link)))
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
                    strength=self.view.computer_name(seat.computer)))
                mark = ""
            else:
                empty = html.escape(pgettext("a seat nobody took", "empty"))
                who = f"<i>{empty}</i>"
                mark = ""
            number = html.escape(_("Seat {number}").format(number=seat.index + 1))
            note = html.escape(self.view.seat_note(seat))
            rows.append(f"<tr class='lnb-room-seat'><td>{number}</td>"
                        f"<td>{who}{mark}</td><td>{note}</td></tr>")
        self.seats_view.value = f"<table>{''.join(rows)}</table>"
        buttons: list[w.Widget] = []
        empty = tuple(seat.index for seat in setup.seats if not seat.taken)
        freeable = tuple(seat.index for seat in setup.seats
                         if seat.taken and seat.pupil != setup.host)
        computers = tuple(seat.index for seat in setup.seats if seat.computer is not None)
        sits = self.pupil is not None and not self.projector and self.panel is not None \
            and self.panel.session is not None
        drawn = (self.host, empty, freeable, computers, self.seat, sits)
        fresh = drawn != self._lobby_drawn
        self._lobby_drawn = drawn
        choices: list[w.Widget] = []
        if sits and fresh:  # seat choice: a free seat, or a computer's taken back
            for seat in setup.seats:
                if seat.index == self.seat or seat.pupil is not None:
                    continue
                if seat.computer is not None:
                    choices.append(self._seat_button(_("Take seat {number} from the computer"),
                                                     "lnb-room-take-seat", seat.index,
                                                     self.choose_seat))
                else:
                    choices.append(self._seat_button(_("Sit in seat {number}"), "lnb-room-sit",
                                                     seat.index, self.choose_seat))
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
        if sits and self.seat is None and not empty and computers:
            waiting = _("Every seat is taken: you may take a computer's seat (Take seat N "
                        "from the computer).")
        if fresh:
            self.replace(self.lobby_buttons, tuple(buttons))
            self.replace(self.seat_choice, tuple(choices))
        self.waiting.value = html.escape(waiting)
        parts: list[w.Widget] = [self.seats_view, self.seat_choice]
        if self._declared():
            self.options_line.value = self._options_html(setup)
            parts.append(self.options_line)
            if self.host:
                self._draw_option_controls(setup)
                parts.append(self.options_box)
        self.body.children = (*parts, self.waiting, self.lobby_buttons)

    # -- the table's options -----------------------------------------------------------------
    def _declared(self) -> tuple[TableOption, ...]:
        """The options the table's game declares (``TableRules.table_options``)."""
        return tuple(self.rules.table_options()) if self.setup is not None else ()

    def _options_html(self, setup: RoomSetup) -> str:
        """The table's options in words, one line."""
        words = options_words(self._declared(), setup.options)
        # TRANSLATORS: before the list of a table's options, e.g. "Options: Take-that ...: on"
        return "<b>{}</b> {}".format(html.escape(_("Options:")),
                                     " · ".join(html.escape(w_) for w_ in words))

    def _draw_option_controls(self, setup: RoomSetup) -> None:
        """The host's controls, made once (again after a relabel), showing the store's
        values (a control set from the store makes no move)."""
        if not self._option_controls:
            controls: dict[str, w.ValueWidget] = {}
            for option in self._declared():
                control: w.ValueWidget
                if option.choices:
                    control = w.Dropdown(options=[(option.shown(v), v)
                                                  for v, _words in option.choices],
                                         value=option.value(setup.options),
                                         description=option.title(),
                                         style={"description_width": "initial"},
                                         layout=w.Layout(width="auto"))
                else:
                    control = w.Checkbox(value=bool(option.value(setup.options)),
                                         description=option.title(), indent=False,
                                         layout=w.Layout(width="auto"))
                control.add_class(f"lnb-room-option-{option.key.replace('_', '-')}")
                control.observe(self.status.guarded(
                    lambda change, key=option.key: self._option_changed(key, change["new"])),
                    "value")
                controls[option.key] = control
            self._option_controls = controls
            self.replace(self.options_box, tuple(controls.values()))
        self._options_quiet = True
        try:
            for option in self._declared():
                control = self._option_controls[option.key]
                value = option.value(setup.options)
                if control.value != value:
                    control.value = value
        finally:
            self._options_quiet = False

    def _option_changed(self, key: str, value: Any) -> None:
        if not self._options_quiet:
            self.set_option(key, value)

    def _seat_button(self, words: str, css: str, index: int,
                     act: Callable[[int], None]) -> w.Button:
        """One of the host's lobby buttons for seat ``index``."""
        button = w.Button(description=words.format(number=index + 1),
                          layout=w.Layout(width="auto"))
        button.add_class(css)
        button.on_click(self.status.guarded(lambda _b: act(index)))
        return button

    def waiting_words(self, play: RoomPlay) -> str:
        """Who the table waits for (HTML), said so that it is clear who waits: a pupil who
        has chosen waits for the others; one still choosing is told who else is."""
        names = [n for n in play.waiting_on if n != self.me]
        if not names:
            return ""
        if self.me is not None and self.me in play.waiting_on:
            return html.escape(_("Also still choosing: {players}").format(
                players=format_list(names)))
        return html.escape(_("Waiting for {players}").format(players=format_list(names)))

    @staticmethod
    def replace(box: w.Box, children: Sequence[w.Widget]) -> None:
        """Put ``children`` in ``box``, closing the children it no longer shows."""
        old = [c for c in box.children if all(c is not n for n in children)]
        box.children = tuple(children)
        for child in old:
            close_all(child)


__all__ = ["CSS", "PAGE", "Screen", "TablePage", "TableView", "room_link"]
