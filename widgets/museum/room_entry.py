"""The way into a museum room (``lessons/museum-room.ipynb`` without ``?room=``): *Open a
museum room* (the pupil who opens it runs it: hold, release, names, end) and *Join a museum
room* with its code. Either one joins the pupil, under the name typed, and the browser goes to
the room's page (``museum-room.ipynb?room=K7QX``). A pupil of a class opens a room of their
class (only its pupils join); a pupil without a class one anyone with the code joins.

:func:`museum_room_page` shows the page the address asks for.

>>> from classroom.identity import Classroom, Pupil
>>> from classroom.museum_rooms import MuseumRooms
>>> from classroom.progress import ProgressStore
>>> store = ProgressStore(":memory:")
>>> entry = RoomEntry(MuseumRooms(store), Classroom(store, failure_delay=0))
>>> entry.open_button.click()
>>> entry.status.kind
'error'
>>> entry.pupil, entry.name_box.value = Pupil.from_nickname("ada"), "Ada"
>>> entry.open_button.click()
>>> "museum-room.ipynb?room=" in entry.answer.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

import ipywidgets as w

from classroom.identity import Classroom, Pupil, class_of
from classroom.museum_rooms import MuseumRooms
from lnb.core.i18n import _
from lnb.core.rooms import normalize_room_code
from widgets.classroom.panel import ClassPanel
from widgets.core.language import LanguageSwitch
from widgets.core.relabel import register, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet
from widgets.museum.room_app import (
    CSS,
    PAGE,
    MapProjector,
    MuseumRoomApp,
    class_name,
    room_link,
)


class RoomEntry(w.VBox):
    """The class panel, a name, *Open a museum room*, a code and *Join*, and what they say."""

    def __init__(self, rooms: MuseumRooms, classroom: Classroom, *,
                 status: StatusLine | None = None, page: str = PAGE) -> None:
        self.rooms = rooms
        self.page = page
        self.pupil: Pupil | None = None
        self.status = status or StatusLine()
        self._said: tuple[str, Callable[[], str]] | None = None
        self.heading = w.HTML()
        self.language = LanguageSwitch(on_change=lambda _lang: self.relabel())
        self.panel = ClassPanel(classroom, self.status, on_pupil=self._pupil_changed)
        self.name_box = w.Text(layout=w.Layout(width="16em"),
                               style={"description_width": "initial"})
        self.name_box.add_class("lnb-room-name")
        self.open_button = self.status.button("lnb-open-museum-room", self.open_room,
                                              style="primary", width="auto")
        self.code_box = w.Text(layout=w.Layout(width="14em"),
                               style={"description_width": "initial"})
        self.code_box.add_class("lnb-museum-room-code")
        self.join_button = self.status.button("lnb-join-museum-room", self.join_room,
                                              width="auto")
        self.answer = w.HTML()
        self.answer.add_class("lnb-museum-room-answer")
        rows = [w.HBox([self.name_box]), w.HBox([self.open_button]),
                w.HBox([self.code_box, self.join_button])]
        super().__init__([stylesheet(), app_styles("museum-room", CSS), self.language,
                          self.heading, self.panel, *rows, self.answer, self.status])
        self.add_class("lnb-room-entry")
        self._label()
        register(self)

    def _label(self) -> None:
        self.heading.value = "<h2>{}</h2><p>{}</p>".format(
            html.escape(_("Open a room, or join one with its code")),
            html.escape(_("Everyone gets the same dice, turn by turn, and draws on their own "
                          "map; the room shows how far the class has got.")))
        self.name_box.description = _("Your name")
        self.open_button.description = _("Open a museum room")
        self.open_button.tooltip = _("A new room: you get its code for the board")
        self.code_box.description = _("Room code")
        self.code_box.placeholder = "K7QX"
        self.join_button.description = _("Join a museum room")
        self.join_button.tooltip = _("Go to the room whose code you typed")

    def relabel(self) -> None:
        """Every word in the current language."""
        self._label()
        self.language.relabel()
        relabel_part(self.panel)
        relabel_part(self.status)
        if self._said is not None:
            self.status.show(self._said[1](), self._said[0])

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self._said = (kind, make)
        self.status.show(make(), kind)

    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        self.pupil = pupil
        if pupil is not None and source == "class" and not self.name_box.value:
            self.name_box.value = class_name(self.panel, pupil)

    def _ready(self) -> tuple[Pupil, str] | None:
        name = self.name_box.value.strip()
        if self.pupil is None:
            self.status.error(_("This page does not know who you are yet: wait a moment, or "
                                "join your class first."))
            return None
        if not name:
            self.status.error(_("Type your name first: the class sees it beside your turn."))
            return None
        return self.pupil, name

    def open_room(self) -> None:
        """A new room (of the pupil's class, if they joined one), the pupil in it, its page."""
        ready = self._ready()
        if ready is None:
            return
        pupil, name = ready
        opened = self.rooms.open_room(pupil, class_of(pupil))
        self.rooms.join(opened.code, pupil, name)
        self._go(opened.code)
        code = opened.code
        self._say("ok", lambda: _("Museum room {code} is open: write its code on the board. "
                                  "Its page opens.").format(code=code))

    def join_room(self) -> None:
        """The pupil joins the room whose code they typed, and its page opens."""
        ready = self._ready()
        if ready is None:
            return
        pupil, name = ready
        code = normalize_room_code(self.code_box.value)
        self.rooms.join(code, pupil, name)
        self._go(code)
        self._say("ok", lambda: _("You joined museum room {code}: its page opens.").format(
            code=code))

    def _go(self, code: str) -> None:
        link = html.escape(room_link(code, page=self.page))
        words = html.escape(_("Open museum room {code}").format(code=code))
        self.answer.value = (f"<div class='lnb-room-code'>{html.escape(code)}</div>"
                             f"<a class='lnb-museum-room-link' href='{link}' target='_top'>"
                             f"{words}</a><meta http-equiv='refresh' content='0; url={link}'>")


def museum_room_page(store: object | None = None) -> w.Widget:
    """Show the page the address asks for (``?room=K7QX``: the room, ``&host=KEY``: with the
    host's controls; ``&view=projector&pupil=N&watch=TOKEN``: pupil N's map on the teacher's
    projector, :class:`~widgets.museum.room_app.MapProjector`; none: :class:`RoomEntry`) and
    return it. The static site has no rooms:
    one line says they need the served kit."""
    from IPython.display import HTML, display

    from widgets.classroom.panel import browser_key_script
    from widgets.core.host import current
    from widgets.core.language import page_language
    from widgets.core.page_request import page_query
    from widgets.core.server_note import shown_instead

    query = page_query()
    note = shown_instead("rooms", query)
    if note is not None:
        return note
    host = current()
    progress = store if store is not None else host.progress_store()
    classroom, rooms = host.classroom(progress), MuseumRooms(progress)  # type: ignore[arg-type]
    code = query.get("room", "").strip()
    if code and query.get("view") == "projector":  # a pupil's map on the teacher's projector
        page_language(query)
        return _projector(rooms, code, query)
    if code:
        status = StatusLine()
        try:
            app = MuseumRoomApp(rooms, code, host_key=query.get("host"), classroom=classroom)
        except Exception as exc:  # an unknown code, the store away: said, never a traceback
            page_language(query)
            status.error(exc)
            entry = RoomEntry(rooms, classroom, status=status)
            display(entry, HTML(browser_key_script()))
            return entry
        app.open_page(query)
        app.show()
        return app
    page_language(query)
    entry = RoomEntry(rooms, classroom)
    display(entry, HTML(browser_key_script()))
    return entry


def _projector(rooms: MuseumRooms, code: str, query: Mapping[str, str]) -> w.Widget:
    """The projector's view of a pupil's map (``&pupil=N&watch=TOKEN``, ``&names=hidden``);
    a bad address is said in one sentence, never a traceback."""
    from IPython.display import display

    status = StatusLine()
    number = query.get("pupil", "").strip()
    if not number.isdigit() or int(number) < 1:
        status.error(_("This projector link names no pupil: open it again from the "
                       "teacher's dashboard."))
        display(status)
        return status
    try:
        view = MapProjector(rooms, code, int(number), query.get("watch", ""),
                            hide_names=query.get("names") == "hidden")
    except Exception as exc:  # an unknown code, the store away: said, never a traceback
        status.error(exc)
        display(status)
        return status
    display(view)
    return view


__all__ = ["RoomEntry", "museum_room_page"]
