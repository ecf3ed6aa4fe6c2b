"""A museum room's page (``lessons/museum-room.ipynb``): a whole class plays one seed, each
pupil on their own map, with the class's progress live beside it.

- ``?room=K7QX``: the room. The pupil's map is the museum app's own
  (:class:`widgets.museum.app.MuseumApp`: dice, choices, map, abilities, verdict), its moves
  made by the store (:class:`classroom.museum_rooms.MuseumRooms`), which checks the room's
  rules (the teacher's hold) and the game's in one transaction. Above it, the room's panel:
  the code, the hold, how far each pupil has got, the class's histogram of scores, and, once
  the pupil's map is finished (or the room is over), the class's best maps, names hidden
  unless the host shows them. A pupil who reloads gets their own map back at once.
- ``&host=KEY`` (the key the room was opened with: the teacher's dashboard's link), or the
  pupil who opened the room: the host's controls (hold the class at a turn, release it, show
  the names, end the room) and everyone's scores.
- No ``?room=``: :class:`RoomEntry`, *Open a museum room* and *Join a museum room*.

The page polls the room's version (:class:`widgets.core.poller.Poller`), woken at once by the
room's pings (:meth:`classroom.museum_rooms.MuseumRooms.waiter`), and redraws when it changed;
it decides nothing itself.

>>> from classroom.identity import Pupil
>>> from classroom.museum_rooms import MuseumRooms
>>> from classroom.progress import ProgressStore
>>> rooms = MuseumRooms(ProgressStore(":memory:"))
>>> opened = rooms.open_room(None, seed=1)
>>> app = MuseumRoomApp(rooms, opened.code, poll=False)
>>> app.enter(Pupil.from_nickname("ada"), "Ada")
>>> app.pick_shape("6b"); app.map.handle({"event": "anchor", "square": "A4"}); app.confirm()
>>> [str(a) for a in rooms.my_map(opened.code, Pupil.from_nickname("ada")).history]
['place 6b r0 @A4']
>>> "Ada" in app.live.value, opened.code in app.room_head.value
(True, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from classroom.identity import Classroom, Pupil, class_of
from classroom.museum_rooms import ClassView, MuseumRooms, RoomInfo, WatchedMap
from lnb.core.errors import LnbError
from lnb.core.i18n import _, ngettext
from lnb.core.rooms import normalize_room_code
from lnb.museum.room import BestMap, Progress
from lnb.museum.state import verdict
from lnb.museum.words import VERDICTS
from widgets.core.poller import PolledPage
from widgets.core.status import StatusLine
from widgets.core.style import app_styles
from widgets.museum import choices as ch
from widgets.museum.app import MuseumApp, _Turn
from widgets.museum.class_scores import band_range
from widgets.museum.map import MuseumMap

PAGE = "museum-room.ipynb"
CSS = """
.lnb-museum-room-panel { border: 2px solid #9fa8da; border-radius: 8px; padding: 6px 10px;
                         margin: 4px 0; }
.lnb-museum-room-panel .lnb-room-code { font-family: monospace; font-size: 1.4em;
                                        letter-spacing: .1em; font-weight: bold; }
.lnb-museum-room-live { display: flex; flex-wrap: wrap; gap: 4px 24px; align-items: flex-start; }
.lnb-room-pupils { display: flex; flex-wrap: wrap; gap: 4px; max-width: 620px; }
.lnb-room-pupil { border: 1px solid #9fa8da; border-radius: 12px; padding: 1px 8px;
                  font-size: 14px; white-space: nowrap; }
.lnb-room-pupil.lnb-done { background: #e8f5e9; border-color: #1b5e20; }
.lnb-room-pupil.lnb-waiting { background: #fff8e1; border-color: #8d6e00; }
.lnb-room-held { font-weight: bold; color: #8a1c12; }
.lnb-room-best { display: flex; flex-wrap: wrap; gap: 12px; }
.lnb-room-best figure { margin: 0; }
.lnb-room-best figcaption { font-size: 14px; }
.lnb-museum-room-controls { flex-wrap: wrap; gap: 4px; align-items: center; }
.lnb-museum-room-controls .widget-inline-hbox { width: auto; }
.lnb-room-entry .widget-hbox { flex-wrap: wrap; gap: 6px; align-items: center; }
.lnb-map-projector .lnb-map-projector-box, .lnb-map-projector .lnb-museum-map { width: 100%; }
.lnb-map-projector .lnb-map { max-width: min(100%, calc((100vh - 300px) * 1.2)); }
.lnb-map-projector-facts .widget-html-content { font-size: 1.2em; }
.lnb-high-contrast .lnb-room-pupil.lnb-done, .lnb-high-contrast .lnb-room-pupil.lnb-waiting {
  background: #000000; color: #ffffff; border-color: #ffffff; }
"""
#: The colour of each character of a map's text (:meth:`lnb.museum.State.text`).
MAP_COLOURS = {"#": "#5c6bc0", "*": "#8d6e00", ".": "#ffffff"}


def room_link(code: str, host_key: str = "", page: str = PAGE) -> str:
    """The address of museum room ``code``'s page; the host's carries the room's key.

    >>> room_link("K7QX"), room_link("K7QX", "abc")
    ('museum-room.ipynb?room=K7QX', 'museum-room.ipynb?room=K7QX&host=abc')
    """
    return f"{page}?room={code}" + (f"&host={host_key}" if host_key else "")


def class_name(panel: Any, pupil: Pupil) -> str:
    """The name a pupil of a class has on their card (their class panel's session), else
    their label."""
    session = getattr(panel, "session", None)
    return str(getattr(session, "pupil_name", "") or pupil.label)


def map_svg(text: str, cell: int = 9) -> str:
    """A finished map as a small picture, from its text (``#`` filled, ``*`` evidence, ``.``
    empty, a space outside).

    >>> map_svg("#.\\n *").count("<rect")
    3
    """
    rows = text.splitlines()
    width = max((len(r) for r in rows), default=0)
    rects = [f"<rect x='{c * cell}' y='{r * cell}' width='{cell}' height='{cell}' "
             f"fill='{MAP_COLOURS[ch_]}' stroke='#9e9e9e' stroke-width='0.5'/>"
             for r, row in enumerate(rows) for c, ch_ in enumerate(row) if ch_ in MAP_COLOURS]
    return (f"<svg class='lnb-room-map' width='{width * cell}' height='{len(rows) * cell}' "
            f"role='img' aria-hidden='true'>{''.join(rects)}</svg>")


def histogram_html(counts: tuple[int, ...], own: int | None = None) -> str:
    """The class's finished scores as a table over the verdict chart's bands (no names)."""
    most = max(counts, default=0) or 1
    own_band = verdict(own).band if own is not None else None
    caption = ngettext("{count} map finished", "{count} maps finished", sum(counts)).format(
        count=sum(counts))
    yours = html.escape(_("yours"))
    rows = []
    for band, count in enumerate(counts):
        bar = (f"<span class='lnb-bar' style='width:{8 * count / most:.2f}em'></span>"
               if count else "")
        mark = f"<span class='lnb-mark'>{yours}</span>" if band == own_band else ""
        label = ngettext("{count} pupil", "{count} pupils", count).format(count=count)
        rows.append(f"<tr><th scope='row'>{html.escape(str(VERDICTS[band][1]))} "
                    f"<small>({html.escape(band_range(band))})</small></th>"
                    f"<td>{bar} {html.escape(label)}{mark}</td></tr>")
    return (f"<table class='lnb-class-scores lnb-room-histogram'><caption>"
            f"{html.escape(caption)}</caption><tbody>{''.join(rows)}</tbody></table>")


def pupils_html(pupils: tuple[Progress, ...], hold: int | None, scores: bool) -> str:
    """Each pupil's progress as a chip: name and turn (finished: ✓), the score for the host."""
    chips = []
    for p in pupils:
        if p.finished:
            where, css = _("✓ finished"), " lnb-done"
        else:
            where = _("turn {turn}").format(turn=p.turn)
            css = " lnb-waiting" if hold is not None and p.turn >= hold else ""
        score = (" · " + ngettext("{count} point", "{count} points", p.score).format(
            count=p.score)) if scores else ""
        chips.append(f"<span class='lnb-room-pupil{css}'>{html.escape(p.name)} · "
                     f"{html.escape(where)}{html.escape(score)}</span>")
    return f"<div class='lnb-room-pupils'>{''.join(chips)}</div>"


def best_html(best: tuple[BestMap, ...]) -> str:
    """The class's best maps: picture, place, points, and the name only when shown."""
    if not best:
        return ""
    figures = []
    for m in best:
        who = m.name if m.name is not None else _("a pupil of the class")
        words = _("{rank}. {points} points: {who}").format(rank=m.rank, points=m.score, who=who)
        figures.append(f"<figure>{map_svg(m.map_text)}<figcaption>{html.escape(words)}"
                       "</figcaption></figure>")
    title = html.escape(_("The class's best maps"))
    return (f"<div class='lnb-museum-section'>{title}</div>"
            f"<div class='lnb-room-best'>{''.join(figures)}</div>")


class MapProjector(PolledPage, w.VBox):
    """One pupil's map of a museum room on the projector, read-only and redrawn live: the
    room's code, "Pupil 2" (their name only when ``hide_names`` is False), their turn and
    points (their verdict once finished), and the map as they see it. ``token`` is the
    room's projector token (:meth:`classroom.museum_rooms.MuseumRooms.teacher_links`). The
    teacher's dashboard links to it (``?room=CODE&view=projector&pupil=N&watch=TOKEN``,
    ``&names=hidden``: :func:`widgets.classroom.dashboard_games.map_projector_link`).

    >>> from classroom.identity import Classroom
    >>> from classroom.museum_rooms import MuseumRooms, Teacher
    >>> from classroom.progress import ProgressStore
    >>> store = ProgressStore(":memory:")
    >>> made = Classroom(store, failure_delay=0).new_class("7B", ["Ali"])
    >>> rooms = MuseumRooms(store)
    >>> code = rooms.open_room(None, made.code, seed=1).code
    >>> ali = Pupil(f"class:{made.code}:ali", "Ali")
    >>> _ = rooms.join(code, ali, "Ali"), rooms.place(code, ali, "place 6b r0 @A4")
    >>> token = rooms.teacher_links(Teacher(made.code, made.teacher_key))[code][1]
    >>> shown = MapProjector(rooms, code, 1, token, poll=False)
    >>> "Pupil 1" in shown.head.value, "Ali" in shown.head.value, len(shown.map.pieces)
    (True, False, 1)
    """

    def __init__(self, rooms: MuseumRooms, code: str, number: int, token: str, *,
                 hide_names: bool = True, poll: bool = True) -> None:
        self.rooms = rooms
        self.code = normalize_room_code(code)
        self.number = int(number)
        self.token = token
        self.hide_names = hide_names
        self.drawn = -1
        self.seen: WatchedMap | None = None
        self.head = w.HTML()
        self.head.add_class("lnb-map-projector-head")
        self.facts = w.HTML()
        self.facts.add_class("lnb-map-projector-facts")
        self.status = StatusLine()
        self.map: MuseumMap | None = None
        self.map_box = w.Box([])
        self.map_box.add_class("lnb-map-projector-box")
        super().__init__([app_styles("museum-room", CSS), self.head, self.facts, self.status,
                          self.map_box])
        self.add_class("lnb-map-projector")
        self.add_class("lnb-app")
        with self.status.guard():
            self.sync(force=True)
        if poll:
            self.start_poller(self.status.guarded(self.sync), on_error=self.status.sorry,
                              waiter=self.rooms.waiter(self.code))

    def sync(self, force: bool = False) -> None:
        """One poll: the room's version; when it changed, the pupil's map read and drawn."""
        version = self.rooms.version(self.code)
        if version == self.drawn and not force:
            return
        try:
            seen = self.rooms.watched_map(self.code, self.number, self.token)
        except LnbError as exc:
            if exc.reason != "not-your-map":
                raise
            self.status.error(_("Museum room {code} has no pupil {number} yet.").format(
                code=self.code, number=self.number))
            return
        with self.hold_sync():
            self.seen = seen
            self._draw(seen)
            self.remove_class(f"lnb-drawn-{self.drawn}")
            self.drawn = version
            self.add_class(f"lnb-drawn-{version}")

    def who(self) -> str:
        """The pupil as the projector names them: "Pupil 2", or their name when shown."""
        if self.seen is not None and not self.hide_names:
            return self.seen.name
        return _("Pupil {number}").format(number=self.number)

    def _draw(self, seen: WatchedMap) -> None:
        state = seen.state
        title = _("Museum room {code}").format(code=seen.info.code)
        of = _("{who} (of {count})").format(who=self.who(), count=seen.pupils)
        self.head.value = (f"<h3><span class='lnb-room-code'>{html.escape(title)}</span> · "
                           f"<span class='lnb-map-projector-who'>{html.escape(of)}</span></h3>")
        points = ngettext("{count} point", "{count} points", state.score().total).format(
            count=state.score().total)
        if state.is_terminal():
            where = _("finished: {verdict}").format(
                verdict=str(VERDICTS[verdict(state.score().total).band][1]))
        else:
            where = _("turn {turn}").format(turn=state.turn)
        held = ""
        if seen.info.hold is not None:
            held = " · " + _("held at turn {turn}").format(turn=seen.info.hold)
        self.facts.value = html.escape(f"{where} · {points}{held}")
        if self.map is None:
            self.map = MuseumMap(state)
            self.map_box.children = (self.map,)
        else:
            self.map.show(state)

    def relabel(self) -> None:
        """Every word in the current language."""
        if self.seen is not None:
            self._draw(self.seen)


class MuseumRoomApp(PolledPage, MuseumApp):
    """The museum app on one pupil's map of room ``code``, with the room's live panel (and
    the host's controls for the host: ``host_key``, or the pupil who opened the room)."""

    def __init__(self, rooms: MuseumRooms, code: str, *, host_key: str | None = None,
                 classroom: Classroom | None = None, poll: bool = True) -> None:
        self.rooms = rooms
        self.code = normalize_room_code(code)
        self.host_key = host_key or None
        self.poll = poll
        self.info: RoomInfo = rooms.room(self.code)
        self.member: Pupil | None = None
        self.member_name: str | None = None
        self._ready = False  # the class panel may name the pupil before the page is made
        self.drawn = -1
        self.view: ClassView | None = None
        self.room_head = w.HTML()
        self.room_head.add_class("lnb-museum-room-head")
        self.held_line = w.HTML()
        self.held_line.add_class("lnb-room-held-line")
        self.live = w.HTML()
        self.live.add_class("lnb-museum-room-live-box")
        self.best = w.HTML()
        self.best.add_class("lnb-museum-room-best")
        self.name_box = w.Text(layout=w.Layout(width="14em"))
        self.name_box.add_class("lnb-room-name")
        self.join_button = w.Button()
        self.join_button.add_class("lnb-room-join")
        self.join_row = w.HBox([self.name_box, self.join_button],
                               layout=w.Layout(display="none"))
        self.join_row.add_class("lnb-museum-room-join")
        self.hold_turn = w.BoundedIntText(value=2, min=1, max=99, layout=w.Layout(width="10em"),
                                          style={"description_width": "initial"})
        self.hold_turn.add_class("lnb-room-hold-turn")
        self._turn_untouched, self._setting_turn = True, False  # the host typed no turn yet
        self.hold_turn.observe(self._turn_typed, "value")
        self.hold_button = w.Button()
        self.hold_button.add_class("lnb-room-hold")
        self.release_button = w.Button()
        self.release_button.add_class("lnb-room-release")
        self.names_toggle = w.ToggleButton()
        self.names_toggle.add_class("lnb-room-names")
        self.end_button = w.Button()
        self.end_button.add_class("lnb-room-end")
        self.controls_row = w.HBox([self.hold_turn, self.hold_button, self.release_button,
                                    self.names_toggle, self.end_button],
                                   layout=w.Layout(display="none"))
        self.controls_row.add_class("lnb-museum-room-controls")
        self.panel = w.VBox([self.room_head, self.held_line, self.join_row, self.controls_row,
                             self.live, self.best])
        self.panel.add_class("lnb-museum-room-panel")
        super().__init__(seed=self.info.room.seed, store=rooms.store,  # type: ignore[arg-type]
                         classroom=classroom)
        self.add_class("lnb-museum-room")
        self.files.layout.display = "none"  # a room's map is the store's: no new game, no load
        self.room_way.layout.display = "none"  # the page is the room already
        if self.host_key is not None:  # the teacher's page: no class card to show
            self.identity.layout.display = "none"
        for button, act in ((self.join_button, self.join),
                            (self.hold_button, self.hold),
                            (self.release_button, self.release),
                            (self.end_button, self.end)):
            button.on_click(self.status.guarded(lambda _b, act=act: act()))
        self.names_toggle.observe(self.status.guarded(lambda change: self.show_names(
            bool(change["new"]))), "value")
        children = list(self.children)
        children.insert(children.index(self.status) + 1, self.panel)
        children.insert(0, app_styles("museum-room", CSS))
        self.children = children
        self._playing(False)
        self._ready = True
        self.sync(force=True)
        if self.identity.pupil is not None:
            pupil = self.identity.pupil
            self._pupil_changed(pupil, "class" if class_of(pupil) else "device")

    # -- words -------------------------------------------------------------------------------
    def _label(self) -> None:
        super()._label()
        self.join_button.description = _("Join the room")
        self.name_box.placeholder = _("Your name")
        self.name_box.description = _("Name")
        self.hold_turn.description = _("Turn")
        self.hold_button.description = _("Hold the class at this turn")
        self.hold_button.tooltip = _("Nobody plays this turn until you release the class")
        self.release_button.description = _("Release the class")
        self.names_toggle.description = _("Show names on the best maps")
        self.end_button.description = _("End the room")
        self.end_button.tooltip = _("No more moves: everyone sees the class's best maps")

    def relabel(self) -> None:
        """Every word in the current language, the room's panel too."""
        super().relabel()
        if self.view is not None:
            self._draw_room(self.view, self.is_host)

    # -- the page ------------------------------------------------------------------------------
    def open_page(self, query: Mapping[str, str] | None = None) -> None:
        """The page's language (``?lang=``), then the room's poll on the kernel's loop."""
        if query is not None:
            query = {k: v for k, v in query.items() if k in ("lang",)}
        super().open_page(dict(query) if query is not None else None)
        if self.poll:
            self.start_poller(self.sync, on_error=self.status.error,
                              waiter=self.rooms.waiter(self.code))

    @property
    def is_host(self) -> bool:
        pupil = self.identity.pupil
        return (self.host_key is not None and self.rooms.is_host(self.code, self.host_key)) \
            or (pupil is not None and self.rooms.is_host(self.code, pupil))

    def _by(self) -> Pupil | str | None:
        return self.host_key if self.host_key is not None else self.identity.pupil

    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        """The pupil is known (their class session or this browser): their own map at once
        when they joined before (a reload), else the join row."""
        if not self._ready:
            return
        if pupil is None or (self.member is not None and pupil.key != self.member.key):
            self.member = self.member_name = None  # someone else on this browser now
            self._playing(False)
        if pupil is None:
            self.sync(force=True)
            return
        with self.status.guard():
            if self.rooms.is_member(self.code, pupil):
                self.enter(pupil)
            else:
                self.member = None
                if not self.name_box.value and source == "class":
                    self.name_box.value = class_name(self.identity, pupil)
                self._playing(False)
            self.sync(force=True)

    def enter(self, pupil: Pupil, name: str | None = None) -> None:
        """The pupil joins (``name`` given) or comes back, and plays on their own map."""
        self.member_name = self.rooms.join(self.code, pupil, name or pupil.label).name
        state = self.rooms.my_map(self.code, pupil)
        self.member = pupil
        self._start(state)
        self._undoable = ch.can_undo(_Turn(state.turn), state) and bool(state.this_turn())
        self._playing(True)
        self.sync(force=True)
        self.refresh()

    def join(self) -> None:
        """*Join the room*: with the name typed."""
        pupil = self.identity.pupil
        if pupil is None:
            self.status.error(_("This page does not know who you are yet: wait a moment, or "
                                "join your class first."))
            return
        name = self.name_box.value.strip()
        if not name:
            self.status.error(_("Type your name first: the class sees it beside your turn."))
            return
        self.enter(pupil, name)
        self.status.ok(_("You joined museum room {code}: the same dice for everyone, your "
                         "own map.").format(code=self.code))

    def _playing(self, playing: bool) -> None:
        """Show the map and the dice only to a pupil who joined."""
        for part in (self.bar, self.main, self.abilities):
            part.layout.display = None if playing else "none"

    # -- moves on the pupil's own map ------------------------------------------------------------
    def act(self, action: Any) -> None:
        """One move, made by the store on the pupil's own map (the room's hold, the game's
        rules); a refusal is said and the map stays as the store has it."""
        if self.member is None:
            self.status.error(_("Join the room first."))
            return
        before = self.state
        turn, seen = before.turn, len(before.log)
        try:
            state = self.rooms.place(self.code, self.member, action,
                                     expected=len(before.history))
        except LnbError as exc:
            if exc.reason in ("map-moved-on", "held", "room-over"):
                self.sync(force=True)
            raise
        self._undoable = ch.can_undo(_Turn(turn), state)
        self.state = state
        self.picked = None
        self.map.pick(None)
        news = list(state.log[seen:])
        self._say("ok", lambda: self._news(action, news))
        self.map.show(state)
        self.sync(force=True)
        self.refresh()
        self._focus_next()

    def undo(self) -> None:
        """Take back the last shape placed in this turn (the store's map without it)."""
        if self.member is None or not self._undoable:
            self.status.error(_("Only the last shape placed in this turn can be taken back."))
            return
        state = self.rooms.undo(self.code, self.member, expected=len(self.state.history))
        self._start(state)
        self._undoable = bool(state.this_turn()) and ch.can_undo(_Turn(state.turn), state)
        self._say("info", lambda: _("The last shape is taken back."))
        self.sync(force=True)
        self.refresh()

    def new_game(self, seed: int | None = None, daily: Any = None) -> None:
        """A room plays its own seed: no new game here."""
        self.status.error(_("A museum room plays one game: its dice are the class's."))

    daily_challenge = new_game  # type: ignore[assignment]

    def load_text(self, text: str) -> None:
        """A room's map is the store's: nothing is loaded into it."""
        self.status.error(_("A museum room plays one game: its dice are the class's."))

    # -- the host's controls ---------------------------------------------------------------------
    def _turn_typed(self, _change: Any) -> None:
        """The host chose a turn: the page stops proposing the next one."""
        if not self._setting_turn:
            self._turn_untouched = False

    def hold(self) -> None:
        """Hold the class at the turn typed."""
        turn = int(self.hold_turn.value)
        self.rooms.hold(self.code, turn, by=self._by())
        self.status.ok(_("The class is held at turn {turn}.").format(turn=turn))
        self.sync(force=True)

    def release(self) -> None:
        self.rooms.release(self.code, by=self._by())
        self.status.ok(_("The class goes on."))
        self.sync(force=True)

    def show_names(self, shown: bool) -> None:
        if self.info.show_names != shown:
            self.rooms.show_names(self.code, shown, by=self._by())
            self.sync(force=True)

    def end(self) -> None:
        self.rooms.end(self.code, by=self._by())
        self.status.ok(_("The room is over: everyone sees the class's best maps."))
        self.sync(force=True)

    # -- the poll and drawing ---------------------------------------------------------------------
    def sync(self, force: bool = False) -> None:
        """One poll: the room's version; when it changed, the room, the class and (changed on
        another page of the same pupil) the pupil's map are read again and drawn."""
        version = self.rooms.version(self.code)
        if version == self.drawn and not force:
            return
        host = self.is_host
        view = self.rooms.class_view(self.code, names=True if host else None)
        self.info, self.view = view.info, view
        if self.member is not None:
            mine = next((p for p in view.pupils if p.name == self.member_name), None)
            if mine is not None and mine.moves != len(self.state.history):
                self._start(self.rooms.my_map(self.code, self.member))
        with self.hold_sync():
            self._draw_room(view, host)
            self.remove_class(f"lnb-drawn-{self.drawn}")
            self.drawn = version
            self.add_class(f"lnb-drawn-{version}")
        self.refresh()

    def _draw_room(self, view: ClassView, host: bool) -> None:
        info = view.info
        title = _("Museum room")
        everyone = _("the same dice for everyone, each on their own map")
        over = (" · " + _("over")) if info.over else ""
        self.room_head.value = (f"<b>{html.escape(title)}</b> "
                                f"<span class='lnb-room-code'>{html.escape(info.code)}</span>"
                                f" · {html.escape(everyone)}{html.escape(over)}")
        if info.hold is not None:
            self.held_line.value = "<span class='lnb-room-held'>{}</span>".format(html.escape(
                _("The teacher holds the class at turn {turn}: whoever reaches it waits there "
                  "until the class goes on.").format(turn=info.hold)))
        else:
            self.held_line.value = ""
        self.join_row.layout.display = (None if self.member is None and not info.over
                                        and self.identity.pupil is not None and not
                                        (host and self.host_key is not None) else "none")
        self.controls_row.layout.display = None if host and not info.over else "none"
        if host:
            self.names_toggle.value = info.show_names
            turns = [p.turn for p in view.pupils if not p.finished]
            if info.hold is None and turns and self._turn_untouched:  # next turn to come
                self._setting_turn = True
                self.hold_turn.value = min(99, max(turns) + 1)
                self._setting_turn = False
            self.release_button.disabled = info.hold is None
        count = ngettext("{count} pupil in the room", "{count} pupils in the room",
                         len(view.pupils)).format(count=len(view.pupils))
        done = _("{count} finished").format(count=view.finished)
        own = self.state.score().total if self.member is not None and \
            self.state.is_terminal() else None
        self.live.value = (
            f"<div class='lnb-museum-room-live'><div><div class='lnb-museum-section'>"
            f"{html.escape(count)} · {html.escape(done)}</div>"
            f"{pupils_html(view.pupils, info.hold, scores=host)}</div>"
            f"<div>{histogram_html(view.histogram, own)}</div></div>")
        see_best = host or info.over or (self.member is not None and self.state.is_terminal())
        self.best.value = best_html(view.best) if see_best else ""

    def refresh(self) -> None:
        """The museum app's drawing, then the room's: a held pupil's choices are put away."""
        super().refresh()
        held = self.member is not None and self.info.room.is_held(self.state)
        over = self.info.over and self.member is not None and not self.state.is_terminal()
        for part in (self.side, self.controls):
            part.layout.display = "none" if held or over or self.state.is_terminal() else None
        if held:
            self.reason.value = html.escape(_(
                "Wait: the class is held at turn {turn}. You play these dice when the teacher "
                "lets the class go on.").format(turn=self.info.hold))
        elif over:
            self.reason.value = html.escape(_("The room is over: nothing more can be played."))
        self.challenge.value = html.escape(_("Museum room {code}: game seed {seed}").format(
            code=self.code, seed=self.state.seed))
