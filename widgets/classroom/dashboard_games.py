"""The dashboard's class rooms and daily challenges (issue 29, item 4): *Open a class room*
(a game's whole class on one seed, each pupil on their own map); every class room of the
opened class, each with how far the class has got, the teacher's *Hold at turn N* /
*Release*, a link that opens the room's page with the host's controls, and each pupil's map
on the projector (names hidden unless the teacher ticks *Show names on the projector*); then
each daily challenge's scores of the class's pupils with the day's par.

The figures are :mod:`classroom.dashboard_games`' (which loops over the games' hooks); the
hold and release are :class:`classroom.museum_rooms.MuseumRooms`' with the teacher's key.
Nothing here names a game or decides a rule. Rows are kept per room and updated in place,
so a button the teacher is about to click is not replaced while the pupils play.

>>> map_projector_link("museum-room.ipynb", "K7QX", 2, "ab12", "zh_CN")
'museum-room.ipynb?room=K7QX&view=projector&pupil=2&watch=ab12&lang=zh-CN&names=hidden'
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable, Sequence
from urllib.parse import urlencode

import ipywidgets as w

from classroom.dashboard_games import (
    ClassRoomRow,
    DailyScores,
    class_rooms,
    daily_scores,
)
from classroom.identity import Classroom
from classroom.museum_rooms import MuseumRooms, Teacher, class_room_game
from lnb.core.errors import LnbError
from lnb.core.game import get
from lnb.core.i18n import _, ngettext, tag
from widgets.core.status import StatusLine

#: A game's hook naming its class room's page (a notebook, e.g. ``museum-room.ipynb``).
PAGE_HOOK = "class_room_page"


def room_page(game: str) -> str:
    """The notebook of ``game``'s class room page (its ``class_room_page`` hook).

    >>> room_page("museum")
    'museum-room.ipynb'
    """
    return str(get(game).hook(PAGE_HOOK))


def host_link(page: str, code: str, host_key: str, language: str) -> str:
    """The room's page with the host's controls, in the dashboard's language.

    >>> host_link("museum-room.ipynb", "K7QX", "k3y", "en")
    'museum-room.ipynb?room=K7QX&host=k3y&lang=en'
    """
    return f"{page}?{urlencode({'room': code, 'host': host_key, 'lang': tag(language)})}"


def map_projector_link(page: str, code: str, number: int, watch: str, language: str, *,
                       hide_names: bool = True) -> str:
    """Pupil ``number``'s map (from 1, in the order they joined) on the projector, read-only:
    ``watch`` is the room's projector token; the name hidden unless ``hide_names`` is False.
    """
    query = {"room": code, "view": "projector", "pupil": str(number), "watch": watch,
             "lang": tag(language)}
    if hide_names:
        query["names"] = "hidden"
    return f"{page}?{urlencode(query)}"


def room_summary(row: ClassRoomRow) -> str:
    """A class room in one line: code, game, pupils, turns reached, finished, the hold.

    >>> row = ClassRoomRow("museum", "K7QX", ("Ali", "Bea"), 1, (3, 5), 6)
    >>> room_summary(row).split(" · ")[2:]
    ['2 pupils', 'turns 3 to 5', '1 finished', 'held at turn 6']
    """
    pupils = ngettext("{count} pupil", "{count} pupils", len(row.pupils)).format(
        count=len(row.pupils))
    parts = [row.code, str(get(row.game).title), pupils]
    low, high = row.turns
    if high:
        parts.append(_("turn {turn}").format(turn=low) if low == high
                     else _("turns {low} to {high}").format(low=low, high=high))
    parts.append(_("{count} finished").format(count=row.finished))
    parts.append(_("held at turn {turn}").format(turn=row.hold) if row.hold is not None
                 else _("not held"))
    return " · ".join(parts)


def daily_html(days: Sequence[DailyScores]) -> str:
    """Each daily challenge's scores of the class's pupils (best first) with the day's par.

    >>> from classroom.dashboard_games import DailyRow
    >>> day = DailyScores("museum", datetime.date(2026, 12, 1), 57, (DailyRow("Bea", 63, 2),))
    >>> shown = daily_html([day])
    >>> "par 57" in shown, "Bea" in shown, "lnb-daily-row" in shown
    (True, True, True)
    """
    parts = []
    for day in days:
        title = _("{game}: the daily challenge of {day}").format(
            game=get(day.game).title, day=day.day.isoformat())
        if day.par is not None:
            title += " · " + _("par {points}").format(points=day.par)
        parts.append(f"<h4 class='lnb-daily-title'>{html.escape(title)}</h4>")
        if not day.rows:
            none = _("Nobody in the class has finished this challenge today yet.")
            parts.append(f"<div class='lnb-muted lnb-no-daily'>{html.escape(none)}</div>")
            continue
        head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
            _("Pupil"), _("Best score"), _("Games finished")))
        body = "".join(
            f"<tr class='lnb-daily-row'><th scope='row' class='lnb-pupil'>"
            f"{html.escape(r.name)}</th><td class='lnb-num'>{r.best}</td>"
            f"<td class='lnb-num'>{r.plays}</td></tr>" for r in day.rows)
        parts.append(f"<table class='lnb-class-list lnb-daily'><thead><tr>{head}</tr></thead>"
                     f"<tbody>{body}</tbody></table>")
    return "".join(parts)


class _RoomRow(w.HBox):
    """One class room's line: its summary, *Hold at turn N*, *Release*, and its links."""

    def __init__(self, box: GamesBox, code: str) -> None:
        self.code = code
        self.row: ClassRoomRow | None = None
        self.summary = w.HTML()
        self.summary.add_class("lnb-class-room-summary")
        self.hold_button = box.status.button("lnb-class-room-hold",
                                             lambda: box.hold(self.code), width="auto")
        self.hold_button.button_style = "warning"
        self.release_button = box.status.button("lnb-class-room-release",
                                                lambda: box.release(self.code), width="auto")
        self.release_button.button_style = "success"
        self.links = w.HTML()
        self.links.add_class("lnb-class-room-links")
        super().__init__([self.summary, self.hold_button, self.release_button, self.links])
        self.add_class("lnb-class-room")
        self.add_class(f"lnb-class-room-{code}")

    def draw(self, row: ClassRoomRow, language: str, hide_names: bool) -> None:
        self.row = row
        self.summary.value = (f"<span class='lnb-class-room-words'>"
                              f"{html.escape(room_summary(row))}</span>")
        self.hold_button.description = _("Hold at turn {turn}").format(turn=row.next_turn)
        self.hold_button.tooltip = _("Nobody plays this turn until you release the class")
        self.hold_button.disabled = row.hold is not None and row.hold <= row.next_turn
        self.release_button.description = _("Release the class")
        self.release_button.disabled = row.hold is None
        page = room_page(row.game)
        links = []
        if row.host_key:
            run = _("Open room {code} with its controls").format(code=row.code)
            address = host_link(page, row.code, row.host_key, language)
            links.append(f"<a class='lnb-class-room-host' href='{html.escape(address)}' "
                         f"target='_blank' rel='noopener'>{html.escape(run)}</a>")
        if row.watch and row.pupils:
            maps = []
            for number, name in enumerate(row.pupils, start=1):
                address = map_projector_link(page, row.code, number, row.watch, language,
                                             hide_names=hide_names)
                shown = _("Show {name}'s map on the projector").format(name=name)
                maps.append(f"<a class='lnb-map-projector-link' href='{html.escape(address)}'"
                            f" target='_blank' rel='noopener' title='{html.escape(shown)}'>"
                            f"{html.escape(name)}</a>")
            words = _("Maps on the projector:")
            links.append(f"<span>{html.escape(words)} {' '.join(maps)}</span>")
        self.links.value = " · ".join(links)


class GamesBox(w.VBox):
    """The class rooms and daily challenges of the opened class (see the module).
    ``opened()`` gives the class's code and the teacher key (None: no class opened);
    ``hide_names()`` whether the projector links hide the pupils' names."""

    def __init__(self, classroom: Classroom, status: StatusLine, *,
                 opened: Callable[[], tuple[str, str] | None],
                 hide_names: Callable[[], bool] = lambda: True,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        self.classroom = classroom
        self.status = status
        self.opened = opened
        self.hide_names = hide_names
        self.today = today
        self.language = "en"
        self.rooms: tuple[ClassRoomRow, ...] = ()
        self.days: tuple[DailyScores, ...] = ()
        self._rows: dict[str, _RoomRow] = {}
        self.title = w.HTML()
        self.open_button = status.button("lnb-open-class-room", self.open_room, width="auto")
        self.open_button.button_style = "primary"
        self.note = w.HTML()
        self.note.add_class("lnb-muted")
        self.rows = w.VBox([])
        self.rows.add_class("lnb-class-rooms")
        self.daily = w.HTML()
        self.daily.add_class("lnb-daily-view")
        super().__init__([self.title, self.open_button, self.note, self.rows, self.daily])
        self.add_class("lnb-games-box")
        self.layout.display = "none"

    # -- reading -------------------------------------------------------------------------
    def load(self, language: str | None = None) -> None:
        """Read the class's rooms and today's challenges again, and draw them."""
        opened = self.opened()
        if opened is None:
            self.layout.display = "none"
            return
        code, key = opened
        if language is not None:
            self.language = language
        self.rooms = class_rooms(self.classroom, code, key)
        self.days = daily_scores(self.classroom, code, key, self.today())
        self.layout.display = None
        self.draw()

    # -- the teacher's clicks ---------------------------------------------------------------
    def _teacher(self) -> Teacher | None:
        opened = self.opened()
        return None if opened is None else Teacher(*opened)

    def open_room(self) -> None:
        """Open a class room for the opened class (only its pupils join); its code is said."""
        opened = self.opened()
        if opened is None:
            return
        made = MuseumRooms(self.classroom.store).open_room(None, opened[0])
        self.load()
        self.status.ok(_("Room {code} is open: write its code on the board; the pupils join "
                         "it on the game's room page.").format(code=made.code))

    def hold(self, code: str) -> None:
        """Hold room ``code``'s class at the turn after the furthest pupil's."""
        teacher, row = self._teacher(), next((r for r in self.rooms if r.code == code), None)
        if teacher is None or row is None:
            return
        turn = row.next_turn
        MuseumRooms(self.classroom.store).hold(code, turn, by=teacher)
        self.load()
        self.status.ok(_("Room {code} is held at turn {turn}.").format(code=code, turn=turn))

    def release(self, code: str) -> None:
        """Let room ``code``'s class go on."""
        teacher = self._teacher()
        if teacher is None:
            return
        MuseumRooms(self.classroom.store).release(code, by=teacher)
        self.load()
        self.status.ok(_("Room {code} goes on.").format(code=code))

    # -- drawing ---------------------------------------------------------------------------
    def relabel(self) -> None:
        """Every word in the current language."""
        self.draw()

    def draw(self) -> None:
        """Draw the rows (kept per room: only a new or gone room changes the list)."""
        self.title.value = "<h4>{}</h4>".format(html.escape(_("Class rooms playing now")))
        try:
            game = str(class_room_game().title)
        except LnbError:  # no game gives a class room: nothing to open
            game = ""
        self.open_button.layout.display = None if game else "none"
        self.open_button.description = _("Open a class room: {game}").format(game=game)
        self.open_button.tooltip = _("The whole class plays one game, each pupil on their own "
                                     "map")
        self.note.value = "" if self.rooms else html.escape(_(
            "No class room is open: open one here, or a pupil opens one on the game's room "
            "page."))
        codes = [r.code for r in self.rooms]
        if codes != list(self._rows):
            old = self._rows
            self._rows = {c: old.pop(c, None) or _RoomRow(self, c) for c in codes}
            self.rows.children = tuple(self._rows.values())
            for gone in old.values():
                gone.close()
        hide = self.hide_names()
        for row in self.rooms:
            self._rows[row.code].draw(row, self.language, hide)
        self.daily.value = daily_html(self.days)


__all__ = ["GamesBox", "daily_html", "host_link", "map_projector_link", "room_page",
           "room_summary"]
