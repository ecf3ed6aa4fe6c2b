"""A live game room's page: one table of Lovelace & Babbage, each player on their own device.

The page itself (lobby, poll, heartbeat, drafts, refusals, countdown, bell, record) is the
game-agnostic :class:`widgets.classroom.table_page.TablePage`; the store is
:class:`classroom.rooms.RoomStore`. This module is what Lovelace & Babbage plugs into it:
:class:`BabbageTable` draws the room's replayed ``State`` with the game app's own views (board,
Patrons, Subroutines, program builder, resolution, score sheet; :class:`~widgets.babbage.
game_parts.GameParts`) and turns the pupil's clicks into the seat's moves.

- ``RoomApp(rooms, code, classroom=..., projector=False)``: the page of table ``code`` (a
  ``TablePage`` showing a ``BabbageTable``; the board's parts, ``page.subs_view``,
  ``page.builder``..., are read on the page). ``projector=True`` is the table for the big
  screen: no panel, no seat, never a program being written.
- ``room_page(query, rooms, classroom)``: the page ``?room=K7QX`` asks for.

The screens: the lobby (the table page's), the Subroutine phase (each player targets on their
own page; others see who is still choosing), the race (the countdown on every page from the
first *I'm done*; the draft restored after a reload; *Time is up!* at the bell), the
resolution row by row (choices only on the acting player's page), the last Round's rows and
the score sheet under their own heading between Rounds and at the end, then *Download the
game* and a replay of each Round.

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
from classroom.rooms import RoomStore
from lnb.babbage.errors import LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
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
from lnb.core.i18n import _, format_list, ngettext
from lnb.core.rooms import Move, RoomPlay
from widgets.babbage.game_app import CSS as GAME_CSS
from widgets.babbage.game_app import choice_label, round_title, target_card_html
from widgets.babbage.game_parts import GameParts, debug_offer
from widgets.babbage.program_builder import ProgramBuilder
from widgets.babbage.resolution import ResolutionView
from widgets.babbage.words import bot_name
from widgets.classroom.table_page import Screen, TablePage, TableView
from widgets.core.relabel import relabel_part
from widgets.core.status import StatusLine
from widgets.core.timer import Timer

CSS = GAME_CSS  # the game app's look; the table page adds its own after it


class BabbageTable(GameParts, TableView):
    """Lovelace & Babbage's board at a live table (a :class:`~widgets.classroom.table_page.
    TableView`): the Subroutine phase, the race, the resolution row by row, the last Round
    between Rounds, the score sheet and a replay of each Round at the end; the moves of this
    page's seat made with the page's :meth:`~widgets.classroom.table_page.TablePage.act`."""

    game = "babbage"
    css = CSS
    classes = ("lnb-game",)

    def __init__(self, page: TablePage) -> None:
        super().__init__(page)
        self._turn: tuple[int, str] | None = None  # (Round, player) the builder is set for
        self._resolution_round = 0
        self._subs_drawn: tuple[Any, ...] | None = None  # what the Subroutines view shows
        self._choices_drawn: tuple[Any, ...] | None = None  # the row the choices are for
        self._debug_words: Any = None  # what the Debug choice says now (words, made again)
        #: What went wrong in the row the pupil may Debug, and the builder they rewrite in
        #: (made anew for each Debug: the choice row closes what it no longer shows).
        self.debug_text: w.HTML | None = None
        self.rewrite: ProgramBuilder | None = None

    # -- what the parts need of their app (GameParts) ----------------------------------------
    @property
    def status(self) -> StatusLine:  # type: ignore[override]
        """The page's status line."""
        return self.page.status

    @property
    def timer(self) -> Timer:  # type: ignore[override]
        """The page's countdown."""
        return self.page.timer

    @cached_property
    def finished_line(self) -> w.HTML:  # type: ignore[override]
        """Who is done, who still writes."""
        line = w.HTML("")
        line.add_class("lnb-finished")
        return line

    @cached_property
    def resolution(self) -> ResolutionView:
        """The Round's rows, resolved at the table's pace (no Step or Play of its own)."""
        view = ResolutionView(advance=lambda: False)
        view.add_class("lnb-room-resolution")
        view.children[1].layout.display = "none"  # Step, Play...: the table sets the pace
        return view

    @cached_property
    def choice_box(self) -> w.HBox:
        """The acting player's choices for their row."""
        box = w.HBox([])
        box.add_class("lnb-choices")
        return box

    def _rewritten(self, program: Program) -> None:
        me = self.page.me
        assert me is not None
        self.page.act(Debug(me, program))

    @cached_property
    def replay_rounds(self) -> w.ToggleButtons:
        """Which Round of the finished game the replay shows."""
        rounds = w.ToggleButtons(options=[1, 2, 3, 4], value=1)
        rounds.add_class("lnb-review-rounds")
        rounds.observe(self.status.guarded(lambda _: self._show_replay()), "value")
        return rounds

    @cached_property
    def replay(self) -> ResolutionView:
        """A finished Round's rows, to step through."""
        return ResolutionView()

    @cached_property
    def last_round(self) -> w.HTML:
        """The heading of the Round just played, over its rows and the scores."""
        heading = w.HTML("")
        heading.add_class("lnb-room-last-round")
        return heading

    def _made(self, part: str) -> bool:
        return part in self.__dict__

    # -- words -----------------------------------------------------------------------------
    def computer_name(self, kind: str) -> str:
        """The computer player's strength, in words."""
        return bot_name(kind)

    def bell(self) -> str:
        """The bell's words, as the one-screen game says them."""
        return _("Time is up! The rows written so far stand.")

    def rang(self, moves: Sequence[Move]) -> bool:
        """Whether ``moves`` ring the bell of the race now going on: a TimeUp with no Target
        after it (a Target after it: the next Round began, and that bell is old news)."""
        last = max((i for i, move in enumerate(moves) if isinstance(move.action, TimeUp)),
                   default=None)
        return last is not None and not any(isinstance(move.action, Target)
                                            for move in moves[last + 1:])

    def relabel(self) -> None:
        """Every word of the board in the current language (the draft is kept)."""
        if self._made("replay_rounds"):
            self.replay_rounds.description = _("Round")
        for part in ("board_view", "patrons_view", "subs_view", "builder", "resolution",
                     "scores", "replay", "rewrite"):
            if self._made(part) and getattr(self, part) is not None:
                relabel_part(getattr(self, part))
        self._choices_drawn = None
        if self._debug_words is not None and self.debug_text is not None:
            self.debug_text.value = self._debug_words()

    # -- the seat's moves ------------------------------------------------------------------
    def _target(self, number: int) -> None:
        assert self.page.me is not None
        self.page.act(Target(self.page.me, number))

    def _activate(self, numbers: tuple[int, ...]) -> None:
        assert self.page.me is not None
        self.page.act(Activate(self.page.me, numbers))

    def _written(self, program: Program) -> None:
        self.page.keep_draft(str(program))

    def _program_done(self, program: Program) -> None:
        me, play = self.page.me, self.page.play
        assert me is not None and play is not None
        self.page.keep_draft(str(program))
        self.page.act(WriteProgram(me, program), play.stamp(Finish(me), self.page.clock()))

    def _choose(self, action: Any) -> None:
        self.page.act(action)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, play: RoomPlay) -> Screen:
        """The phase going on, as this page's seat may see it."""
        phase = play.state.phase
        if phase in (Phase.TARGET, Phase.ACTIVATE):
            return self._subroutine_phase(play)
        if phase is Phase.PROGRAM:
            return self._program_phase(play)
        return self._resolution_phase(play)

    def _subroutine_phase(self, play: RoomPlay) -> Screen:
        state, me = play.state, self.page.me
        self.board_view.refresh(state.board)
        mine = me is not None and me in play.waiting_on
        if state.phase is Phase.TARGET:
            if mine:
                title = round_title(state, html.escape(
                    _("{player}: choose a Subroutine to target").format(player=me)))
                self._subs(state, me, "target")
            else:
                title = round_title(state, html.escape(
                    _("Everyone chooses a Subroutine to target")))
        else:
            if mine:
                title = round_title(state, html.escape(
                    _("{player}: activate Subroutines you completed (each works once)")
                    .format(player=me)))
                self._subs(state, me, "activate")
            else:
                title = round_title(state, html.escape(
                    _("Players activate Subroutines they completed")))
        self.page.waiting.value = self.page.waiting_words(play)
        parts: list[w.Widget] = [self.page.waiting]
        if mine:
            parts.append(self.subs_view)
        elif me is not None:
            self._subs(state, me, "show")
            parts.append(self.subs_view)
        parts.append(self.board_view)
        if state.round > 1:  # the Round just played: its rows and the scores so far
            self._show_last_round(state)
            parts += [self.last_round, self.resolution, self.scores]
        return Screen(title, tuple(parts))

    def _subs(self, state: State, me: str, mode: str) -> None:
        """Draw ``me``'s Subroutines, their buttons made anew only when the choice changes
        (another player's move must not replace a button the pupil is about to click)."""
        key = (state.round, state.phase, mode, me)
        if key != self._subs_drawn:
            self._subs_drawn = key
            self.subs_view.refresh(state, me, mode=mode)

    def _show_last_round(self, state: State) -> None:
        played = state.round - 1
        self.last_round.value = "<h3 class='lnb-room-last-round-title'>{}</h3>{}".format(
            html.escape(_("Round {round}: how it went").format(round=played)),
            html.escape(_("Its rows in the order they were resolved, and the scores so far.")))
        events = _round_events(state, played)
        if self._resolution_round != -played:
            self._resolution_round = -played
            self.resolution.load(events, list(dict.fromkeys(e.player for e in events)),
                                 complete=True)
            self.resolution.show_all()
        self.scores.refresh(state.score_sheet())

    def _program_phase(self, play: RoomPlay) -> Screen:
        state, me = play.state, self.page.me
        self.patrons_view.refresh(state)
        done = [f"{i}. {html.escape(n)}" for i, n in enumerate(state.finished, start=1)]
        writing = [html.escape(n) for n in play.waiting_on]
        parts = [_("Done: {players}").format(players=format_list(done)) if done
                 else html.escape(_("Nobody is done yet."))]
        if writing:
            parts.append(_("Writing: {players}").format(players=format_list(writing)))
        self.finished_line.value = " · ".join(parts)
        writer = me is not None and state.player(me).play.token is None
        if writer and not self.page.projector:
            assert me is not None
            title = round_title(state, _("{player}: write your program, then press {done}")
                                .format(player=html.escape(me), done=_("I'm done")))
            self._begin_turn(state, me)
            self.target_card.value = target_card_html(state, me)
            panel: w.Widget = self.race_panel
        else:
            if me is not None:
                title = round_title(state, html.escape(
                    _("Your program is in: waiting for the others")))
            else:
                title = round_title(state, html.escape(_("The players write their programs")))
            self.board_view.refresh(state.board)
            panel = self.board_view
        return Screen(title, (self.race_top, self.patrons_view, panel))

    def _begin_turn(self, state: State, me: str) -> None:
        """Set the builder up once per Round: this Round's rules and the draft kept in the
        store (a reload finds it there)."""
        turn = (state.round, me)
        if turn == self._turn:
            return
        self._turn = turn
        rules = state.writing_rules(me)
        program: Program | str = state.player(me).play.program
        kept = self.page.kept_draft()
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

    def _resolution_phase(self, play: RoomPlay) -> Screen:
        state, me = play.state, self.page.me
        events = _round_events(state, state.round)
        if self._resolution_round != state.round:
            self._resolution_round = state.round
            self.resolution.load(events, state.order, complete=False)
        else:
            self.resolution.extend(events, complete=False)
        self.resolution.show_all()
        self.patrons_view.refresh(state)
        turn = state.turn()
        buttons: list[w.Widget] = []
        fresh = (state.round, state.phase, turn, me) != self._choices_drawn
        self._choices_drawn = (state.round, state.phase, turn, me)
        if turn is not None:
            name, row = turn
            if name == me and not self.page.projector and fresh \
                    and state.phase is Phase.DEBUG:
                buttons = self._debug_choice(state, name, row)
            elif name == me and not self.page.projector and fresh:
                actions = state.legal_actions(name)
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
            self.page.waiting.value = html.escape(_("Row {row} of {player}").format(
                row=row, player=name))
        else:
            self.page.waiting.value = ""
        if fresh:
            self.page.replace(self.choice_box, tuple(buttons))
        title = round_title(state, html.escape(
            _("Resolution: each row in turn, in order of finishing")))
        return Screen(title, (self.page.waiting, self.patrons_view, self.resolution,
                              self.choice_box))

    def _debug_choice(self, state: State, name: str, row: int) -> list[w.Widget]:
        """Mental arithmetic: ``name`` wrote a wrong Result in ``row``. As on one screen
        (RULES.md §4.5): *Keep my rows* (their Results worked out again, a row leaving 00–99
        void) or *Debug and rewrite* (−3 points, from that row, in the rewrite builder); the
        table's time to decide is the race's length, then the rows stand."""

        def words() -> str:
            return debug_offer(state, name, row) + self._time_words(state)

        self._debug_words = words
        self.debug_text = w.HTML(words())
        self.debug_text.add_class("lnb-debug-text")
        keep = w.Button(description=_("Keep my rows"), tooltip=_("Keep my rows"))
        keep.add_class("lnb-choice")
        keep.add_class("lnb-recompute")
        keep.on_click(self.status.guarded(lambda _b: self._choose(Recompute(name))))
        debug = w.Button(description=_("Debug and rewrite"), button_style="warning")
        debug.add_class("lnb-debug-start")
        debug.on_click(self.status.guarded(lambda _b: self._start_rewrite(state, name, row)))
        return [self.debug_text, keep, *([debug] if state.debugs_left(name) > 0 else [])]

    def _time_words(self, state: State) -> str:
        """How long the pupil has to decide and rewrite (the table's time-out: the race's
        length, times their allowance; "" without a limit), after a space."""
        play, seat = self.page.play, self.page.seat
        factor = play.allowance(seat) if play is not None and seat is not None else 1.0
        if factor is None:
            return ""
        seconds = round(state.options.timer_seconds * factor)
        return " " + html.escape(ngettext(
            "You have {seconds} second from when your row came up: then your rows stand as "
            "written.",
            "You have {seconds} seconds from when your row came up: then your rows stand as "
            "written.", seconds).format(seconds=seconds))

    def _start_rewrite(self, state: State, name: str, row: int) -> None:
        """The pupil chose Debug: the rewrite builder opens from the wrong row (its start
        value, rows and Σ rows left are the rules'); *I'm done* hands it in as ``Debug``."""
        rules = state.writing_rules(name)
        self.rewrite = ProgramBuilder(
            board=rules.board, start=rules.start, limit=rules.rows_left(Program()),
            sigma=rules.sigma_left(Program()), mental=True,
            title=lambda: _("{player}: rewrite from row {row}").format(player=name, row=row),
            on_done=self.status.guarded(self._rewritten))

        def words() -> str:
            return _("<b>{player}</b>: rewrite from row {row}, then press {done}.").format(
                player=html.escape(name), row=row, done=_("I'm done")) + self._time_words(state)

        self._debug_words = words
        text = self.debug_text = w.HTML(words())
        text.add_class("lnb-debug-text")
        panel = w.VBox([text, self.rewrite], layout=w.Layout(width="100%"))
        panel.add_class("lnb-debug-rewrite")
        self.page.replace(self.choice_box, (panel,))

    def draw_over(self, play: RoomPlay, record: w.Widget) -> Screen:
        """The final scores, the record's download and a replay of each Round."""
        self.scores.refresh(play.state.score_sheet())
        self.replay_rounds.description = _("Round")
        self._show_replay()
        return Screen(_("<b>The game is over</b> · final scores"),
                      (self.scores, record, self.replay_rounds, self.replay))

    def _show_replay(self) -> None:
        if self.page.play is None:
            return
        events = _round_events(self.page.play.state, self.replay_rounds.value)
        order = list(dict.fromkeys(e.player for e in events))
        self.replay.load(events, order, complete=True)


def _round_events(state: State, round_no: int) -> list:
    return [e for e in state.events if e.round == round_no]


class RoomApp(TablePage):
    """The page of one table of Lovelace & Babbage: a :class:`~widgets.classroom.table_page.
    TablePage` showing a :class:`BabbageTable` (see the module's docstring). The board's parts
    are read on the page as on the game app (``page.subs_view``, ``page.builder``...)."""

    view: BabbageTable

    def __init__(self, rooms: RoomStore, code: str, *, classroom: Classroom | None = None,
                 projector: bool = False, clock: Callable[[], float] = time.time,
                 poll: bool = True, bot: str = "greedy") -> None:
        super().__init__(rooms, code, view=BabbageTable, classroom=classroom,
                         projector=projector, clock=clock, poll=poll, bot=bot)

    def __getattr__(self, name: str) -> Any:
        """The board's parts and handlers (:data:`BOARD`) are the view's."""
        if name in BOARD and "view" in self.__dict__:
            return getattr(self.view, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")


#: The names a :class:`RoomApp` reads from its :class:`BabbageTable`.
BOARD = frozenset({"board_view", "patrons_view", "subs_view", "builder", "target_card",
                   "race_panel", "race_top", "scores", "finished_line", "resolution",
                   "choice_box", "replay_rounds", "replay", "last_round", "_written",
                   "_program_done", "_target", "_activate", "_choose", "debug_text",
                   "rewrite", "_rewritten"})


def room_page(query: Mapping[str, str], rooms: RoomStore, classroom: Classroom) -> RoomApp:
    """The page ``?room=K7QX`` (``&view=projector``: the projector's, only with the class's
    ``&watch=`` token, see :meth:`RoomStore.may_watch`) asks for."""
    projector = query.get("view", "").lower() == "projector"
    if projector:
        rooms = rooms.for_watcher(query.get("watch", ""))
    return RoomApp(rooms, query.get("room", ""), classroom=classroom, projector=projector)


__all__ = ["BOARD", "BabbageTable", "RoomApp", "room_page"]
