"""*Open a table* / *Join a table* under a game's page, for any game: one game played from
several devices (the generic form of :mod:`widgets.babbage.room_entry`, which names no game
but opens the first registered one's tables; this one opens the tables of ``game``).

A table belongs to a class: the pupil first joins their class with their card (the
:class:`widgets.classroom.panel.ClassPanel` this box carries); without a class session the box
says so. *Open a table* asks the store for a new room of the game (:class:`classroom.rooms.
RoomStore`) and shows its code, big, with the link ``<page>?room=K7QX`` that everyone at
the table opens (``page``: the game's page, e.g. ``dream.ipynb``); *Join a table* takes a typed
code, seats the pupil at that table and opens its page (the browser follows a
``<meta http-equiv="refresh">`` to its link). Nothing here decides anything about the game:
seats, the start and every move are the table page's (:mod:`widgets.classroom.table_page`).

- ``TableEntry(rooms, classroom, game=None, page="play.ipynb", seats=4)``: ``game`` a
  registered game's name (None: the first, as ``RoomStore.open_room`` does).

>>> from classroom.identity import Classroom
>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore
>>> store = ProgressStore(":memory:")
>>> classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store)
>>> entry = TableEntry(rooms, classroom, game="dream", page="dream.ipynb")
>>> entry.open_button.click()
>>> "join your class" in entry.status.text
True
>>> made = classroom.new_class("7B", ["Ali"])
>>> entry.panel.join_class(made.code, "Ali", made.cards[0].secret)
>>> entry.open_button.click()
>>> code = entry.opened.code
>>> rooms.room(code).game, f"dream.ipynb?room={code}" in entry.answer.value
('dream', True)
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from classroom.identity import Classroom, Pupil
from classroom.rooms import RoomStore
from lnb.core.game import get
from lnb.core.i18n import N_, _
from lnb.core.rooms import RoomError, RoomSetup, normalize_room_code
from widgets.classroom.panel import ClassPanel
from widgets.classroom.table_page import PAGE, room_link
from widgets.core.relabel import register, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import app_styles

CSS = """
.lnb-table-entry { border-top: 1px solid var(--lnb-rule, #bbb); margin-top: 12px;
                   padding-top: 8px; }
.lnb-table-entry .lnb-room-code-big { font-size: 3em; font-weight: bold; letter-spacing: .15em;
                                      font-family: monospace; }
.lnb-table-entry .lnb-entry-row { flex-wrap: wrap; gap: 6px; align-items: center; }
"""


def other_game(code: str, game: str) -> RoomError:
    """A table of another game typed on this game's page.

    >>> str(other_game("K7QX", "babbage"))
    "Table K7QX is a table of Lovelace & Babbage: open it from that game's page."
    """
    return RoomError(N_("Table {code} is a table of {game}: open it from that game's page."),
                     code=code, game=get(game).title, reason="other-game")


class TableEntry(w.VBox):
    """The class panel, *Open a table* and *Join a table* (a code box) for tables of
    ``game``, and what they say."""

    def __init__(self, rooms: RoomStore, classroom: Classroom, *, game: str | None = None,
                 status: StatusLine | None = None, page: str = PAGE,
                 seats: int = 4) -> None:
        self.rooms = rooms
        self.game = game
        self.page = page
        self.seats = seats
        self.pupil: Pupil | None = None
        self.opened: RoomSetup | None = None
        self.status = status or StatusLine()
        self._said: tuple[str, Callable[[], str]] | None = None
        self.heading = w.HTML("")
        self.panel = ClassPanel(classroom, self.status, on_pupil=self._pupil_changed)
        self.open_button = self.status.button("lnb-open-table", self.open_table,
                                              style="primary", width="auto")
        self.code_box = w.Text(layout=w.Layout(width="16em"), continuous_update=False,
                               style={"description_width": "initial"})
        self.code_box.add_class("lnb-table-code")
        self.code_box.observe(self.status.guarded(
            lambda change: self.join_table() if change["new"].strip() else None), "value")
        self.join_button = self.status.button("lnb-join-table", self.join_table, width="auto")
        self.answer = w.HTML("")
        self.answer.add_class("lnb-table-answer")
        row = w.HBox([self.open_button, self.code_box, self.join_button])
        row.add_class("lnb-entry-row")
        super().__init__([app_styles("table-entry", CSS), self.heading, self.panel, row,
                          self.answer, self.status])
        self.add_class("lnb-table-entry")
        self._label()
        register(self)

    # -- words -------------------------------------------------------------------------
    def _label(self) -> None:
        self.heading.value = "<b>{}</b> · {}".format(
            html.escape(_("Play at one table from several devices")),
            html.escape(_("each player on their own screen, under their class card")))
        self.open_button.description = _("Open a table")
        self.open_button.tooltip = _("A new table for your class: you get its code")
        self.code_box.description = _("Table code")  # a visible label (axe: label-title-only)
        self.code_box.placeholder = _("table code")
        self.code_box.tooltip = _("The table's code, e.g. {example}").format(example="K7QX")
        self.join_button.description = _("Join a table")
        self.join_button.tooltip = _("Go to the table whose code you typed")
        self._show_answer()

    def relabel(self) -> None:
        """Every word in the current language (the table opened is kept)."""
        self._label()
        relabel_part(self.panel)
        relabel_part(self.status)
        if self._said is not None:
            self.status.show(self._said[1](), self._said[0])

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self._said = (kind, make)
        self.status.show(make(), kind)

    # -- acting ------------------------------------------------------------------------
    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        self.pupil = pupil if source == "class" else None

    def _need_class(self) -> bool:
        if self.pupil is not None and self.panel.session is not None:
            return False
        self._say("info", lambda: _("A table is played by pupils of a class: first join your "
                                    "class (press {join} and use your card).").format(
                                        join=_("Join my class")))
        return True

    def open_table(self) -> None:
        """A new table for the pupil's class; its code and link are shown. A table this page
        opened for the same pupil and class that has not started is shown again instead (a
        second press, or a double click, makes no second table)."""
        if self._need_class():
            return
        assert self.panel.session is not None and self.pupil is not None
        class_code = self.panel.session.class_code
        waiting = self._still_open(class_code)
        if waiting is not None:
            self.opened = waiting
            self._show_answer()
            code = waiting.code
            self._say("ok", lambda: _("Table {code} is still waiting for its players: tell "
                                      "everyone at the table its code, then open its page.")
                      .format(code=code))
            return
        self.opened = self.rooms.open_room(self.pupil, class_code, seats=self.seats,
                                           game=self.game)
        self._show_answer()
        code = self.opened.code
        self._say("ok", lambda: _("Table {code} is open: tell everyone at the table its code, "
                                  "then open its page.").format(code=code))

    def _still_open(self, class_code: str) -> RoomSetup | None:
        """The table this page opened last, as the store has it now, if the same pupil of
        the same class opened it and it has not started."""
        if self.opened is None or self.pupil is None or self.opened.host != self.pupil.key \
                or self.opened.class_code != class_code:
            return None
        try:
            now = self.rooms.room(self.opened.code)
        except RoomError:
            return None
        return now if now.status == "open" else None

    def join_table(self) -> None:
        """The pupil sits down at the table whose code they typed, and the browser goes to
        its page (its link is shown too)."""
        if self._need_class():
            return
        code = normalize_room_code(self.code_box.value)
        assert self.panel.session is not None and self.pupil is not None
        found = self.rooms.find_table(code, self.pupil)  # a few wrong codes a minute
        if self.game is not None and found.game != self.game:
            raise other_game(code, found.game)
        self.opened = found
        try:
            seat = self.rooms.take_seat(code, self.pupil, self.panel.session.pupil_name)
        except RoomError as exc:  # every seat taken, some by computers: choose one there
            if exc.reason != "table-full" or not any(s.computer for s in found.seats):
                raise
            self._show_answer(go=True)
            self._say("info", lambda: _("Every seat at table {code} is taken, some by "
                                        "computers: its page opens, where you may take a "
                                        "computer's seat.").format(code=code))
            return
        self._show_answer(go=True)
        self._say("ok", lambda: _("You sit in seat {number} at table {code}: its page "
                                  "opens.").format(number=seat + 1, code=code))

    def _watch_token(self, code: str) -> str:
        """The projector link's token for this page's pupil ("" when they may not watch)."""
        if self.pupil is None:
            return ""
        try:
            return self.rooms.watch_token(code, self.pupil)
        except RoomError:
            return ""

    def _show_answer(self, go: bool = False) -> None:
        """The table's code, big, and its links; ``go``: the browser also opens its page."""
        if self.opened is None:
            self.answer.value = ""
            return
        code = self.opened.code
        link = html.escape(room_link(code, self.page))
        projector = html.escape(room_link(code, self.page, projector=True,
                                          watch=self._watch_token(code)))
        named = html.escape(_("Table code"))
        open_it = html.escape(_("Open table {code}").format(code=code))
        shown = html.escape(_("its view for the projector"))
        self.answer.value = (
            f"<div class='lnb-room-code-big' aria-label='{named}'>{html.escape(code)}</div>"
            f"<div><a class='lnb-room-link' href='{link}' target='_top'>{open_it}</a> · "
            f"<a class='lnb-room-projector-link' href='{projector}' target='_top'>{shown}</a>"
            "</div>" + (f"<meta class='lnb-room-go' http-equiv='refresh' content='0; url={link}'>"
                        if go else ""))


__all__ = ["CSS", "TableEntry", "other_game"]
