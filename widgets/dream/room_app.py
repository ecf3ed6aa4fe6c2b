"""Ada's Dream at a live table: each player on their own device, turn by turn.

The page (lobby, poll, heartbeat, refusals, the record's download) is the game-agnostic
:class:`widgets.classroom.table_page.TablePage`; the store is :class:`classroom.rooms.RoomStore`;
what is particular to Ada's Dream at a table (no race; the only possible action taken for a
person; every move told in full) is :mod:`lnb.dream.table` and the ``describe`` hook
(:func:`lnb.dream.describe.table_text`). This module is the board plugged into the page,
:class:`DreamTable`, drawn with the Dream app's own parts: the Workshop's dice, the pupil's
board (Store, Mill, Research, hand, Gears), the displays as cards and the map, the row of
choices, the other players in short, what happened, the final scoring. Nothing is decided
here: the buttons are the library's legal actions, the others disabled with its reason.

- ``DreamTable(page)``: the view (a :class:`~widgets.classroom.table_page.TableView`).
  On the pupil's turn their legal actions are buttons (a Store die then a Mill cell, a
  Program then a line: two clicks, as in the app); between their turns the same board with
  every button disabled and the reason (*it is Bea's turn, not Ali's*). The projector (and a
  watcher without a seat) sees the Workshop, the displays, the map and every player in short,
  never a hand.
- ``DreamRoomApp(rooms, code, classroom=..., projector=False)``: the page of table ``code``.
- ``room_page(query, rooms, classroom)``: the page ``?room=K7QX`` asks for
  (``&view=projector&watch=…``: the projector's).

Ali opens a Dream table, gives seat 2 to a computer and starts; her board is the Dream app's:

>>> from classroom.identity import Classroom
>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore
>>> store = ProgressStore(":memory:")
>>> classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
>>> made = classroom.new_class("7B", ["Ali"])
>>> code = rooms.open_room(classroom.join(made.code, "Ali", made.cards[0].secret).pupil,
...                        made.code, seats=2, game="dream", seed=3).code
>>> ali = DreamRoomApp(rooms, code, classroom=classroom, poll=False)
>>> ali.panel.join_class(made.code, "Ali", made.cards[0].secret)
>>> f"dream.ipynb?room={code}" in ali.phase_title.value  # the lobby: open this on each device
True
>>> ali.lobby_buttons.children[0].click()  # Seat 2 to a computer
>>> ali.start_button.click()
>>> ali.play.state.current_player, ali.view.workshop.buttons[0].disabled
('Ali', False)
>>> ali.view.workshop.buttons[0].click()  # a die into her Store: a move of the table
>>> [str(m.action) for m in rooms.moves(code)][:1]
['Ali: collect 1']
"""

from __future__ import annotations

import html
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from classroom.identity import Classroom
from classroom.rooms import RoomStore
from lnb.core.i18n import _, pgettext
from lnb.core.rooms import COMPUTER, RoomPlay
from lnb.dream.actions import Action
from lnb.dream.final_table import final_table
from lnb.dream.refusals import Refusals
from lnb.dream.state import PROMPTS, State
from widgets.classroom.table_page import Screen, TablePage, TableView
from widgets.core.redraws import mark_shown
from widgets.dream.app import LOG_LINES, DreamApp, _log_line, choice_buttons, turn_html
from widgets.dream.board import PlayerBoard, Selection, compact_html, fill
from widgets.dream.buttons import Pool, pool_buttons
from widgets.dream.cards import DisplaysView
from widgets.dream.hold import hold_all
from widgets.dream.keys import KeyBridge
from widgets.dream.mainboard import MapView, WorkshopView
from widgets.dream.score_table import score_table_html
from widgets.dream.style import CSS as DREAM_CSS
from widgets.dream.words import HELP, esc

#: The page of Ada's Dream's tables (:mod:`widgets.dream.play_page`).
PAGE = "dream.ipynb"
#: The table's own look, after the Dream app's (whose rules are under ``.lnb-dream-app``).
CSS = DREAM_CSS + """
.lnb-dream-table .lnb-dream-others { column-gap: 12px; row-gap: 8px; }
.lnb-room-projector .lnb-dream-others > * { flex: 1 1 300px; }
.lnb-dream-table .lnb-dream-log ol { padding-left: 3.5em; }
"""


class DreamTable(TableView):
    """Ada's Dream's board at a live table (see the module's docstring); the moves of this
    page's seat are made with the page's :meth:`~widgets.classroom.table_page.TablePage.act`."""

    game = "dream"
    css = CSS
    classes = ("lnb-dream-app", "lnb-dream-table")
    #: The page a table of Ada's Dream is opened on (its links: ``dream.ipynb?room=K7QX``).
    page_link = PAGE

    def __init__(self, page: TablePage) -> None:
        super().__init__(page)
        self.selection = Selection()
        self.shown = 0  # redraws so far (:meth:`_count_redraw`)
        self._selected_at = -1  # the table's seq the selection was made at
        self._hint = ""  # what the status line says of a half-made choice
        self._told: list[Callable[[], str]] = []  # the moves so far in words
        self._before: State | None = None  # the game after the moves told (for the next)
        click = page.status.guarded(self._clicked)
        self.turn = w.HTML()
        self.turn.add_class("lnb-dream-turn")
        self.prompt = w.HTML()
        self.prompt.add_class("lnb-dream-prompt")
        top = w.VBox([self.turn, self.prompt])
        top.add_class("lnb-dream-top")
        self.top = top
        self.choice_pool = Pool("lnb-dream-choice", click)
        self.choices = w.HBox()
        self.choices.add_class("lnb-dream-choices")
        self.workshop = WorkshopView(click)
        self.board = PlayerBoard(click)
        self.displays = DisplaysView(click)
        self.map = MapView(click)
        self.shared = w.VBox([self.displays, self.map])
        self.shared.add_class("lnb-dream-shared")
        self.main = w.HBox([self.board, self.shared])
        self.main.add_class("lnb-dream-main")
        self.others_title = w.HTML()
        self.others_title.add_class("lnb-dream-part")
        self.others = w.HBox()
        self.others.add_class("lnb-dream-others")
        self.log_view = w.HTML()
        self.log_view.add_class("lnb-dream-log")
        self.score = w.HTML()
        self.score.add_class("lnb-dream-score")
        self.help = w.HTML()
        self.help.add_class("lnb-dream-help")
        self._letter: str | None = None  # a Mill cell's row typed, its number awaited
        self.key_bridge = KeyBridge()
        self.key_bridge.on_key = page.status.guarded(self.key)
        self.key_bridge.on_error = self._key_error
        self.relabel()

    # -- who sees what -------------------------------------------------------------------
    @property
    def seated(self) -> str | None:
        """This page's player when they play here (None: the projector, a watcher)."""
        return None if self.page.projector else self.page.me

    @staticmethod
    def acting(state: State) -> str:
        """Who the game waits for now (the first player once it is over)."""
        return state.current_player or state.names[0]

    # -- what the Dream app's keys need of a board (:meth:`DreamApp.key`) -------------------
    @property
    def state(self) -> State:
        """The game as the table holds it (its first state before the start)."""
        play = self.page.play
        return play.state if play is not None else self.page.setup.new_state()  # type: ignore[union-attr]

    @property
    def status(self) -> Any:
        """The page's status line."""
        return self.page.status

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

    def key(self, key: str) -> None:
        """One key of the page, as in the Dream app (:data:`widgets.dream.words.HELP`):
        1–6 a Workshop die, Q W E a Store die then a Mill cell (B2), 1–9 a choice, P pass,
        Escape lets go. A key for a button that is disabled says why, as a click does."""
        if self.page.play is None or self.seated is None:
            return
        DreamApp.key(self, key)  # type: ignore[arg-type]

    def refresh(self) -> None:
        """Redraw the board (a key's half-made choice)."""
        if self.page.play is not None:
            self._refresh(self.page.play)

    def _key_error(self, error: BaseException) -> None:
        with self.page.status.guard():
            raise error

    # -- the seat's moves ------------------------------------------------------------------
    def _clicked(self, button: w.Button) -> None:
        action = getattr(button, "lnb_action", None)
        value = getattr(button, "lnb_value", None)
        if button.disabled or (action is None and value is None):
            self.page.status.error(button.tooltip or _("That is not possible now."))
        elif action is not None:
            self.selection = Selection()
            self._drop_hint()
            self.page.act(action)
        else:
            self.choose(value)

    def choose(self, value: tuple[str, Any]) -> None:
        """The first click of a two-click decision: a Store die, a Program or a Partner
        (the same words as the Dream app's)."""
        kind, item = value
        if kind == "slot":
            self.selection = Selection(slot=None if self.selection.slot == item else item)
            hint = _("Now press a free cell of your Mill (or type its name, e.g. B2).")
        elif kind == "program":
            self.selection = Selection(program=item)
            hint = _("Now press the line of your Mill this Program goes beside.")
        else:
            self.selection = Selection(partner=item)
            hint = _("Now choose which of your cards this Partner replaces.")
        self.page.status.info(hint)
        self._hint = self.page.status.text
        play = self.page.play
        if play is not None:
            self._refresh(play)

    def _drop_hint(self) -> None:
        """The status line's word on a half-made choice goes with the choice (the page's own
        words stay)."""
        if self._hint and self.page.status.text == self._hint:
            self.page.status.clear()
        self._hint = ""

    # -- words -----------------------------------------------------------------------------
    def relabel(self) -> None:
        """Every word in the current language (the page draws the board again)."""
        self.others_title.value = esc(_("The other players"))
        self.help.value = esc(HELP)

    def computer_name(self, kind: str) -> str:
        """A computer player's kind in the page's language (the lobby's *Computer (greedy)*),
        as the Dream app's setup words it; a kind without words: its key."""
        names = {"greedy": pgettext("a computer player", "greedy"),
                 "planner": pgettext("a computer player", "planner"),
                 "random": pgettext("a computer player", "random")}
        return names.get(kind, kind)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, play: RoomPlay) -> Screen:
        """The game going on, as this page's seat may see it."""
        self._refresh(play)
        parts: list[w.Widget] = [self.top, self.page.waiting, self.choices, self.workshop,
                                 self.main, self.others_title, self.others, self.log_view]
        if self.seated is not None:  # keys and a screen reader's voice for a player
            parts += [self.help, self.key_bridge]
        return Screen(self._title(play), tuple(parts))

    def draw_over(self, play: RoomPlay, record: w.Widget) -> Screen:
        """The final scoring as a table (a row per scoring line, a column per player), the
        record's download, the boards and the moves (the redraw counted after them)."""
        self._refresh(play, counted=False)
        self.score.value = score_table_html(final_table(play.state))
        self.others_title.value = esc(_("The players"))  # everyone's board, at the end
        self.others.children = [w.HTML(compact_html(play.state, name))
                                for name in play.state.names]
        self._count_redraw()
        return Screen(f"<b>{esc(_('The game is over.'))}</b>",
                      (self.score, record, self.others_title, self.others, self.log_view))

    def _title(self, play: RoomPlay) -> str:
        state, me = play.state, self.seated
        current = self.acting(state)
        if me is not None and current == me:
            words = _("Your turn, {player}: {prompt}").format(
                player=me, prompt=_(PROMPTS[state.step]) if state.step else "")
        else:
            words = _("Playing now: {player}").format(player=current)
        return f"<b>{esc(words)}</b>"

    def _refresh(self, play: RoomPlay, *, counted: bool = True) -> None:
        """Draw every part from the replayed game (the board of this page's player, or
        nobody's hand on the projector); ``counted``: mark the redraw at its end (a caller
        that draws more after it marks it itself, last)."""
        state, me = play.state, self.seated
        over = state.is_terminal()
        current = self.acting(state)
        mine = not over and me is not None and me in play.waiting_on
        if play.seq != self._selected_at:  # the table moved: a half-made choice is old
            self.selection, self._selected_at = Selection(), play.seq
            self._drop_hint()
        legal = state.legal_actions(me) if mine else []
        name = me if me is not None else current  # whose view of the shared boards
        self.page.waiting.value = "" if mine else self.page.waiting_words(play)
        why = Refusals(state)  # each button's reason, from one look at the rules
        with self.page.hold_sync(), hold_all(pool_buttons(
                self, self.workshop, self.board, self.displays, self.map)):
            # one message per button changed
            self._draw_turn(play, current)
            self.prompt.value = "" if over else "<p>{}</p>".format(esc(_("{player}: {prompt}")
                                .format(player=current, prompt=_(PROMPTS[state.step])
                                        if state.step else "")))
            self.workshop.refresh(state, name, legal, why)
            self.displays.refresh(state, name, self.selection, legal, why)
            self.map.refresh(state, name, legal, why)
            if me is not None:
                self.board.refresh(state, me, self.selection, legal, why)
                self.main.children = (self.board, self.shared)
            else:
                self.main.children = (self.shared,)
            self._draw_choices(state, legal, why)
            self.others_title.value = esc(_("The other players") if me is not None
                                          else _("The players"))
            fill(self.others, [compact_html(state, other)
                               for other in state.names if other != me])
            self._draw_log(play)
        if counted:
            self._count_redraw()

    def _count_redraw(self) -> None:
        """Mark the page with how many times the board was redrawn, a class
        ``lnb-shown-<n>`` set after the parts' updates (as the Dream app marks itself: a
        browser test waits for the next number, e.g. after a Store die is chosen)."""
        self.shown += 1
        mark_shown(self.page, self.shown)

    def _draw_turn(self, play: RoomPlay, current: str) -> None:
        state = play.state
        computer = not state.is_terminal() and bool(
            play.setup.seat(play.seat_index(current)).computer)
        self.turn.value = turn_html(state, current, computer=computer)

    def _draw_choices(self, state: State, legal: Sequence[Action],
                      why: Refusals | None = None) -> None:
        """The row of choices that are not on a board (pass, publish, a grey die's area...)."""
        buttons = choice_buttons(self.choice_pool, self.selection, state, legal, why=why)
        if tuple(buttons) != self.choices.children:
            self.choices.children = buttons

    def _draw_log(self, play: RoomPlay) -> None:
        """What happened, the newest last: each move told once, as the app tells it (a
        computer's move, or a closed laptop's, in words of its own: :mod:`lnb.dream.told`).
        Seats named again (a computer seat in a new language) tell the moves again."""
        if self._before is None or len(self._told) > len(play.moves) \
                or self._before.names != play.state.names:
            self._before, self._told = play.setup.new_state(), []
        new = []
        for move in play.moves[len(self._told):]:
            by_computer = [move.action.player] if move.by == COMPUTER else []
            new.append(_log_line(move.action, self._before, by_computer))
            self._before.apply_action(move.action)
        self._told += new
        if new:  # a screen reader says what happened, then what is asked now
            said = [line() for line in new[-LOG_LINES:]]
            said.append(html.unescape(re.sub(r"<[^>]+>", " ", self.prompt.value)).strip())
            self.key_bridge.live = " ".join(s for s in said if s)
        if not self._told:
            self.log_view.value = ""
            return
        first = max(0, len(self._told) - LOG_LINES)
        items = "".join(f"<li>{esc(line())}</li>" for line in self._told[first:])
        title = esc(_("What happened (the newest last)"))
        self.log_view.value = (f"<div class='lnb-dream-part'>{title}</div>"
                               f"<ol start='{first + 1}'>{items}</ol>")


class DreamRoomApp(TablePage):
    """The page of one table of Ada's Dream: a :class:`~widgets.classroom.table_page.
    TablePage` showing a :class:`DreamTable` (``page.view``)."""

    view: DreamTable

    def __init__(self, rooms: RoomStore, code: str, *, classroom: Classroom | None = None,
                 projector: bool = False, clock: Callable[[], float] = time.time,
                 poll: bool = True, bot: str = "greedy") -> None:
        super().__init__(rooms, code, view=DreamTable, classroom=classroom,
                         projector=projector, clock=clock, poll=poll, bot=bot)


def room_page(query: Mapping[str, str], rooms: RoomStore, classroom: Classroom) -> DreamRoomApp:
    """The page ``?room=K7QX`` (``&view=projector``: the projector's, only with the class's
    ``&watch=`` token, see :meth:`RoomStore.may_watch`) asks for."""
    projector = query.get("view", "").lower() == "projector"
    if projector:
        rooms = rooms.for_watcher(query.get("watch", ""))
    return DreamRoomApp(rooms, query.get("room", ""), classroom=classroom, projector=projector)


__all__ = ["CSS", "DreamRoomApp", "DreamTable", "room_page"]
