"""The dashboard's *Run the room* box: *Pause all* / *Resume all* the class's tables, a time
allowance per pupil's seat (×1, ×2, ×5, no limit), and *Show on the projector* any table,
the pupils' names hidden unless the teacher ticks *Show names on the projector*.

Every click is one call of :class:`classroom.room_control.RoomControl` (the table moves of
:mod:`lnb.core.rooms`); nothing is decided here. The box covers the tables of every game
(it loops over what the store has, never naming a game). :meth:`RoomsBox.load` reads the
tables again (the dashboard's poll calls it); rows are rebuilt only when the tables or their
seats change, so a menu the teacher is using is not replaced under the mouse.

>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore
>>> from widgets.core.status import StatusLine
>>> box = RoomsBox(StatusLine())
>>> box.show_class(RoomControl(RoomStore(ProgressStore(":memory:")), "KM7Q4X"), "en")
>>> box.pause_button.disabled, "No table is playing" in box.note.value
(True, True)
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

import ipywidgets as w

from classroom.room_control import RoomControl, TableControl
from lnb.core.game import get
from lnb.core.i18n import N_, _, current_language, pgettext, tag
from lnb.core.messages import Text
from lnb.core.rooms import allowance_words
from lnb.core.table import ALLOWANCES
from widgets.core.status import StatusLine

#: A table's page when its game names none (``GameType`` hook ``table_page``: a module
#: attribute holding the page's notebook, e.g. ``"widgets.dream.room_app:PAGE"``).
DEFAULT_PAGE = "play.ipynb"


def table_page_of(game: str) -> str:
    """The notebook of ``game``'s table page (its ``table_page`` hook, else
    :data:`DEFAULT_PAGE`).

    >>> table_page_of("babbage"), table_page_of("")
    ('play.ipynb', 'play.ipynb')
    """
    if not game:  # a table of before the game was kept with it
        return DEFAULT_PAGE
    kind = get(game)
    return str(kind.hook("table_page")) if kind.has("table_page") else DEFAULT_PAGE


def projector_link(code: str, language: str, watch: str = "", *, game: str = "babbage",
                   hide_names: bool = True) -> str:
    """The projector view of table ``code`` in the dashboard's language, with the class's
    ``watch`` token and, unless the teacher shows them, ``names=hidden``.

    >>> projector_link("K7QX", "zh_CN", "ab12")
    'play.ipynb?room=K7QX&view=projector&lang=zh-CN&watch=ab12&names=hidden'
    >>> projector_link("K7QX", "en", hide_names=False)
    'play.ipynb?room=K7QX&view=projector&lang=en'
    """
    query = {"room": code, "view": "projector", "lang": tag(language)}
    if watch:
        query["watch"] = watch
    if hide_names:
        query["names"] = "hidden"
    return f"{table_page_of(game)}?{urlencode(query)}"


def allowance_key(factor: float | None) -> str:
    """A menu's value for an allowance (a menu cannot hold None as a value).

    >>> allowance_key(2.0), allowance_key(None), allowance_factor("5")
    ('2', 'none', 5.0)
    """
    return "none" if factor is None else f"{factor:g}"


def allowance_factor(key: str) -> float | None:
    """The allowance a menu's value stands for."""
    return None if key == "none" else float(key)


class RoomsBox(w.VBox):
    """The teacher's controls over the class's tables (see the module)."""

    def __init__(self, status: StatusLine) -> None:
        self.status = status
        self.control: RoomControl | None = None
        self.language = "en"
        self.tables: list[TableControl] = []
        self.watch: dict[str, str] = {}  # each table's projector token
        self._shape: tuple[object, ...] | None = None
        self._menus: dict[tuple[str, int], w.Dropdown] = {}
        self.title = w.HTML("")
        self.pause_button = status.button("lnb-pause-all", self.pause_all, width="auto")
        self.pause_button.button_style = "warning"
        self.resume_button = status.button("lnb-resume-all", self.resume_all, width="auto")
        self.resume_button.button_style = "success"
        self.names_box = w.Checkbox(value=False, indent=False, layout=w.Layout(width="auto"))
        self.names_box.add_class("lnb-show-names")
        self.names_box.observe(lambda _c: self._draw(), "value")
        self.note = w.HTML("")
        self.note.add_class("lnb-muted")
        self.rows = w.VBox([])
        self.rows.add_class("lnb-room-controls")
        buttons = w.HBox([self.pause_button, self.resume_button, self.names_box])
        buttons.add_class("lnb-room-buttons")
        super().__init__([self.title, buttons, self.note, self.rows])
        self.add_class("lnb-rooms-box")
        self.layout.display = "none"
        self.relabel()

    # -- words ---------------------------------------------------------------------------
    def relabel(self) -> None:
        """Every word in the current language."""
        self.title.value = "<h4>{}</h4>".format(html.escape(_("Run the room")))
        self.pause_button.description = _("Pause all")
        self.pause_button.tooltip = _("Freeze every table's clock and moves in the class")
        self.resume_button.description = _("Resume all")
        self.resume_button.tooltip = _("Let every paused table go on")
        self.names_box.description = _("Show names on the projector")
        self.language = current_language()  # the projector links too: they carry ?lang=
        self._shape = None
        self._draw()

    # -- reading -------------------------------------------------------------------------
    def show_class(self, control: RoomControl, language: str,
             watch: dict[str, str] | None = None) -> None:
        """Show the controls of ``control``'s class (tokens of the projector links in
        ``watch``: code -> token)."""
        self.control, self.language = control, language
        self.layout.display = None
        self.load(watch)

    def load(self, watch: dict[str, str] | None = None, language: str | None = None) -> None:
        """Read the class's tables again."""
        if self.control is None:
            return
        if watch is not None:
            self.watch = dict(watch)
        if language is not None and language != self.language:
            self.language, self._shape = language, None
        self.tables = self.control.tables()
        self._draw()

    # -- the teacher's clicks ---------------------------------------------------------------
    def pause_all(self) -> None:
        """Pause every table playing."""
        if self.control is None:
            return
        done = self.control.pause_all()
        self.load()
        codes = ", ".join(done)
        self.status.show(Text(N_("Paused: {codes}."), codes=codes) if done
                         else Text(N_("No table to pause.")), "ok" if done else "info")

    def resume_all(self) -> None:
        """Resume every paused table."""
        if self.control is None:
            return
        done = self.control.resume_all()
        self.load()
        codes = ", ".join(done)
        self.status.show(Text(N_("Resumed: {codes}."), codes=codes) if done
                         else Text(N_("No table to resume.")), "ok" if done else "info")

    def allow(self, code: str, seat: int, factor: float | None) -> None:
        """Give seat ``seat`` of table ``code`` the allowance ``factor``."""
        if self.control is None:
            return
        self.control.set_allowance(code, seat, factor)
        self.load()

    # -- drawing ---------------------------------------------------------------------------
    def _draw(self) -> None:
        tables = self.tables
        paused = [t for t in tables if t.paused]
        self.pause_button.disabled = len(paused) == len(tables)
        self.resume_button.disabled = not paused
        if not tables:
            self.note.value = html.escape(_("No table is playing now."))
        elif paused:
            self.note.value = "<b>{}</b>".format(html.escape(_("Paused: {codes}").format(
                codes=", ".join(t.code for t in paused))))
        else:
            self.note.value = ""
        shape = (tuple((t.code, t.game, tuple((s.index, s.name, s.pupil) for s in t.seats))
                       for t in tables), self.names_box.value, self.language)
        if shape != self._shape:
            self._shape = shape
            self._menus = {}
            old = self.rows.children
            self.rows.children = tuple(self._row(t) for t in tables)
            for child in old:
                child.close()
        for table in tables:
            for seat in table.seats:
                menu = self._menus.get((table.code, seat.index))
                if menu is not None and menu.value != allowance_key(seat.allowance):
                    menu.unobserve_all("value")
                    menu.value = allowance_key(seat.allowance)
                    self._watch_menu(menu, table.code, seat.index)
            mark = self._marks.get(table.code)
            if mark is not None:
                mark.value = self._state_words(table)

    @property
    def _marks(self) -> dict[str, w.HTML]:
        found = {}
        for row in self.rows.children:
            code = getattr(row, "lnb_code", None)
            if code is not None:
                found[code] = row.children[0]
        return found

    def _state_words(self, table: TableControl) -> str:
        game = html.escape(str(get(table.game).title))
        # TRANSLATORS: a game table's state on the teacher's dashboard
        state = (pgettext("a table's state", "paused") if table.paused
                 else pgettext("a table's state", "playing"))
        return (f"<span class='lnb-code'>{html.escape(table.code)}</span> · {game} · "
                f"<span class='lnb-room-state'>{html.escape(state)}</span>")

    def _row(self, table: TableControl) -> w.HBox:
        mark = w.HTML(self._state_words(table))
        parts: list[w.Widget] = [mark]
        options = [(str(allowance_words(f)), allowance_key(f)) for f in ALLOWANCES]
        for seat in table.seats:
            if not seat.pupil:
                continue
            menu = w.Dropdown(options=options, value=allowance_key(seat.allowance),
                              description=seat.name, layout=w.Layout(width="auto"),
                              style={"description_width": "initial"})
            menu.add_class("lnb-allowance")
            menu.add_class(f"lnb-allowance-{table.code}-{seat.index}")
            self._menus[(table.code, seat.index)] = menu
            self._watch_menu(menu, table.code, seat.index)
            parts.append(menu)
        address = projector_link(table.code, self.language, self.watch.get(table.code, ""),
                                 game=table.game, hide_names=not self.names_box.value)
        show = _("Show {code} on the projector").format(code=table.code)
        link = w.HTML(f"<a class='lnb-projector-link' href='{html.escape(address)}' "
                      f"target='_blank' rel='noopener'>{html.escape(show)}</a>")
        parts.append(link)
        row = w.HBox(parts)
        row.add_class("lnb-room-control")
        row.add_class(f"lnb-room-control-{table.code}")  # a test finds a table's row by it
        row.lnb_code = table.code  # type: ignore[attr-defined]
        return row

    def _watch_menu(self, menu: w.Dropdown, code: str, seat: int) -> None:
        def changed(change: dict) -> None:
            self.status.guarded(lambda: self.allow(code, seat,
                                                   allowance_factor(change["new"])))()
        menu.observe(changed, "value")


__all__ = ["DEFAULT_PAGE", "RoomsBox", "allowance_factor", "allowance_key", "projector_link",
           "table_page_of"]
