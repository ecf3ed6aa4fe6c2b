"""Pause and predict with the class's devices (``lessons/predict-room.ipynb``): the
projector replays a record moment by moment (:class:`PredictRoomProjector`, the projector
page of :mod:`widgets.classroom.predict_view` run by the store), each pupil types their
prediction on their own device (:class:`PredictRoomPupil`); the projector says how many
answered, then on the reveal how many were right and how the answers spread.

Everything a page shows is what the store holds (:class:`classroom.predict_rooms.PredictRooms`:
both engines); each page polls the room's version, woken at once by its pings
(:class:`widgets.core.poller.Poller`), and decides nothing itself.

>>> from classroom.identity import Pupil
>>> from classroom.predict_rooms import PredictRooms
>>> from classroom.progress import ProgressStore
>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> for action in ("place 5b r3 @M1", "place 4a r0 @J1"):
...     state.apply_action(action)
>>> rooms = PredictRooms(ProgressStore(":memory:"))
>>> projector = PredictRoomProjector(rooms, poll=False)
>>> projector.load(write(state)); projector.open_button.click()
>>> pupil = PredictRoomPupil(rooms, projector.code, poll=False)
>>> pupil.enter(Pupil.from_nickname("ada"))
>>> pupil.answer_box.value = "0"; pupil.send_button.click()
>>> projector.sync(); projector.tally.value
'1 of 1 answered'
>>> projector.reveal_button.click(); pupil.sync(); "You were right" in pupil.verdict.value
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from classroom.identity import Pupil
from classroom.predict_rooms import PredictRooms, RoomState
from lnb.core.i18n import _, ngettext
from lnb.core.predict import Later, Moment
from lnb.core.predict_poll import PollError
from lnb.core.rooms import normalize_room_code
from widgets.classroom.predict_view import PredictView
from widgets.core.poller import PolledPage
from widgets.core.relabel import register, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet

__all__ = ["PAGE", "PredictRoomProjector", "PredictRoomPupil", "predict_room_page",
           "projector_address", "projector_entry_html", "room_link", "spread_html"]

PAGE = "predict-room.ipynb"
CSS = """
.lnb-predict-room-code { font-family: monospace; font-size: 2.4em; letter-spacing: .12em;
                         font-weight: bold; }
.lnb-predict-tally { font-size: 1.6em; }
.lnb-predict-spread table { border-collapse: collapse; font-size: 1.2em; }
.lnb-predict-spread td { padding: 2px 8px; }
.lnb-predict-spread .lnb-bar { display: inline-block; height: 1em; background: #5c6bc0; }
.lnb-predict-spread .lnb-right td { font-weight: bold; color: #1b5e20; }
.lnb-predict-pupil .lnb-predict-question { font-size: 1.5em; line-height: 1.3; }
.lnb-predict-pupil .widget-hbox { flex-wrap: wrap; gap: 6px; align-items: center; }
.lnb-predict-verdict { font-size: 1.3em; }
"""


def room_link(code: str, host_key: str = "", page: str = PAGE) -> str:
    """The address of predict room ``code``: the pupils' page, or with ``host_key`` the
    projector's.

    >>> room_link("K7QX"), room_link("K7QX", "abc")
    ('predict-room.ipynb?room=K7QX', 'predict-room.ipynb?room=K7QX&host=abc')
    """
    return f"{page}?room={code}" + (f"&host={host_key}" if host_key else "")


def choice_words(moment: Moment, key: str) -> str:
    """What a choice's key says (the key itself for a number)."""
    for choice, words in moment.choices:
        if str(choice) == key:
            return str(words)
    return key


def spread_html(seen: RoomState, most: int = 8) -> str:
    """The answers' spread as bars (at most ``most`` rows; the right answer in bold, ✓)."""
    if not seen.spread:
        return ""
    top = max(count for _key, count in seen.spread) or 1
    rows = []
    for key, count in seen.spread[:most]:
        right = seen.moment.right(key)
        mark = " ✓" if right else ""
        width = round(160 * count / top)
        rows.append(f"<tr class='{'lnb-right' if right else ''}'>"
                    f"<td>{html.escape(choice_words(seen.moment, key))}{mark}</td>"
                    f"<td><span class='lnb-bar' style='width:{width}px'></span> {count}</td></tr>")
    return "<table>" + "".join(rows) + "</table>"


def tally_words(seen: RoomState) -> str:
    """"12 of 27 answered", then once revealed "…: 9 were right"."""
    said = _("{answered} of {pupils} answered").format(answered=seen.answered,
                                                        pupils=seen.pupils)
    if seen.revealed and seen.right is not None:
        said += " · " + ngettext("{right} was right", "{right} were right", seen.right).format(
            right=seen.right)
    return said


class PredictRoomProjector(PolledPage, PredictView):
    """The projector: load a record (upload, or :meth:`load`), *Open a room*, then reveal and
    move on through the store (``code`` and ``host_key``: a room opened before, e.g. after a
    reload). ``class_code`` and ``token`` (the dashboard's link): the rooms it opens take
    only that class's pupils."""

    def __init__(self, rooms: PredictRooms, code: str | None = None, *,
                 host_key: str | None = None, class_code: str | None = None,
                 token: str | None = None, poll: bool = True) -> None:
        self.rooms = rooms
        self.code: str | None = None
        self.host_key = host_key
        self.token = token
        self.class_code = rooms.token_class(class_code, token) if class_code and token \
            else None  # the class's finished games and rooms: only with its teacher's token
        self.poll = poll
        self.drawn = -1
        self.seen: RoomState | None = None
        self.record: Any = None
        self.room_line = w.HTML()
        self.room_line.add_class("lnb-predict-room-line")
        self.tally = w.HTML()
        self.tally.add_class("lnb-predict-tally")
        self.spread = w.HTML()
        self.spread.add_class("lnb-predict-spread")
        self.open_button = w.Button(button_style="success", layout=w.Layout(width="auto"))
        self.open_button.add_class("lnb-predict-open-room")
        self.games_menu = w.Dropdown(options=[("—", "")], value="",
                                     layout=w.Layout(width="auto"),
                                     style={"description_width": "initial"})
        self.games_menu.add_class("lnb-predict-class-games")
        super().__init__()
        self.games_menu.observe(self.status.guarded(self._game_picked), "value")
        self.open_button.on_click(self.status.guarded(lambda _b: self.open_room()))
        children = list(self.widget.children)
        at = children.index(self.question)
        children[at:at] = [w.HBox([self.games_menu, self.open_button]), self.room_line,
                           self.tally]
        children.insert(children.index(self.after) + 1, self.spread)
        self.widget.children = [app_styles("predict-room", CSS), *children]
        self.widget.add_class("lnb-predict-projector")
        if code:
            self.code = normalize_room_code(code)
            if not rooms.is_host(self.code, host_key or token):
                from lnb.core.predict_poll import not_host

                raise not_host(self.code)
            self.host_key = host_key or token
            self.sync(force=True)
        self._label()
        with self.status.guard():
            self.refresh()

    # -- the page ---------------------------------------------------------------------
    def open_page(self, query: Mapping[str, str] | None = None) -> None:
        """The page's language and switch, then the room's poll on the kernel's loop."""
        super().open_page()
        self.start_room_poll()

    def start_room_poll(self) -> None:
        """Poll the room (once it has one), woken by its pings."""
        if self.poll and self.code is not None and self.poller is None:
            self.start_poller(self.sync, on_error=self.status.error,
                              waiter=self.rooms.waiter(self.code))

    def open_room(self) -> None:
        """Open a room on the record loaded: the pupils' code, big."""
        if self.found is None:
            self.status.error(Later(lambda: _("Load a game record first: the room replays it.")))
            return
        record = self.record
        opened = self.rooms.open_room(record, self.class_code)
        self.code, self.host_key = opened.code, opened.host_key
        self.drawn = -1
        self.sync(force=True)
        self.start_room_poll()
        code = opened.code
        self.status.ok(Later(lambda: _("Predict room {code} is open: pupils type its code on "
                                       "{page}.").format(code=code, page=PAGE)))

    def load(self, source: Any) -> None:
        """Replay ``source`` here (a room is opened on it with *Open a room*)."""
        if self.code is not None:
            code = self.code
            self.status.error(Later(lambda: _("This projector runs room {code}: open the page "
                                              "again for another game.").format(code=code)))
            return
        from lnb.core.records import read_source

        super().load(source)
        self.record = read_source(source)

    def class_games(self) -> None:
        """Fill the menu of the class's finished games (only with the class's token)."""
        import time

        from lnb.core.game import get

        if self.class_code is None:
            return
        options = [(_("Or replay a game your class finished…"), "")]
        for table in self.rooms.class_games(self.class_code):
            options.append((_("Table {code} · {game} · {players} players · {at}").format(
                code=table.code, game=get(table.game).title, players=len(table.seats),
                at=time.strftime("%H:%M", time.localtime(table.finished))), table.code))
        value = self.games_menu.value if self.games_menu.value in [v for _l, v in options] \
            else ""
        self.games_menu.options = options
        self.games_menu.value = value

    def _game_picked(self, change: dict[str, Any]) -> None:
        if change["new"] and self.class_code is not None:
            self.load(self.rooms.table_record(change["new"], self.class_code))

    # -- stepping: through the store once there is a room -----------------------------
    def reveal(self) -> None:
        if self.code is None:
            return super().reveal()
        self.rooms.reveal(self.code, by=self.host_key)
        self.sync(force=True)

    def next(self) -> None:
        if self.code is None:
            return super().next()
        if self.seen is not None and not self.seen.last:
            self.rooms.next(self.code, by=self.host_key)
            self.sync(force=True)

    def back(self) -> None:
        if self.code is None:
            return super().back()
        if self.seen is not None and self.seen.at > 0:
            self.rooms.back(self.code, by=self.host_key)
            self.sync(force=True)

    def sync(self, force: bool = False) -> None:
        """One poll: when the room's version changed, its state drawn."""
        if self.code is None:
            return
        version = self.rooms.version(self.code)
        if version == self.drawn and not force:
            return
        seen = self.rooms.state(self.code)
        self.seen, self.drawn = seen, seen.version
        self.found = self.rooms.moments(self.code)
        self.at, self.revealed = seen.at, seen.revealed
        self.refresh()

    # -- drawing ------------------------------------------------------------------------
    def _label(self) -> None:
        super()._label()
        if hasattr(self, "games_menu"):
            self.class_games()
        if hasattr(self, "open_button"):
            self.open_button.description = _("Open a room: pupils predict on their devices")
            self.open_button.tooltip = _("Pupils type the room's code on their own device "
                                         "and their predictions are counted here")

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "open_button"):
            return
        in_room = self.code is not None and self.seen is not None
        self.open_button.layout.display = "none" if in_room or self.found is None else None
        self.games_menu.layout.display = "none" if self.code is not None or \
            self.class_code is None or len(self.games_menu.options) < 2 else None
        self.upload.layout.display = "none" if self.code is not None else None
        self.hint.layout.display = "none" if self.code is not None else None
        if not in_room:
            self.room_line.value = self.tally.value = self.spread.value = ""
            return
        seen = self.seen
        assert seen is not None and self.code is not None
        link = html.escape(room_link(self.code))
        again = html.escape(room_link(self.code, self.host_key or ""))
        said, keep = _("Room code"), _("this projector (keep the link)")
        self.room_line.value = (
            f"<div>{html.escape(said)}: <span class='lnb-predict-room-code'>"
            f"{html.escape(self.code)}</span> · <a href='{link}' target='_blank'>{link}</a>"
            f" · <a class='lnb-predict-projector-link' href='{again}'>"
            f"{html.escape(keep)}</a></div>")
        self.tally.value = html.escape(tally_words(seen))
        self.spread.value = spread_html(seen) if seen.revealed else ""
        self.back_button.disabled = seen.at == 0
        self.reveal_button.disabled = seen.revealed
        self.next_button.disabled = seen.last


class PredictRoomPupil(PolledPage, w.VBox):
    """A pupil's page in predict room ``code`` (None: a code box and *Join*): the question,
    a box for a number or a button per choice, their own answer, and after the reveal the
    answer and whether they were right."""

    def __init__(self, rooms: PredictRooms, code: str | None = None, *,
                 classroom: Any = None, poll: bool = True) -> None:
        from widgets.core.language import LanguageSwitch

        self.rooms = rooms
        self.code = normalize_room_code(code) if code else None
        self.poll = poll
        self.pupil: Pupil | None = None
        self.seen: RoomState | None = None
        self.drawn = -1
        self.status = StatusLine()
        self._said: tuple[str, Callable[[], str]] | None = None
        self.language = LanguageSwitch(on_change=lambda _lang: self.relabel())
        self.heading = w.HTML()
        self.panel: Any = None
        if classroom is not None:
            from widgets.classroom.panel import ClassPanel

            self.panel = ClassPanel(classroom, self.status, on_pupil=self._pupil_changed)
        self.code_box = w.Text(layout=w.Layout(width="16em"), placeholder="K7QX",
                               style={"description_width": "initial"})
        self.code_box.add_class("lnb-predict-code")
        self.join_button = self.status.button("lnb-predict-join", self.join, style="primary",
                                              width="auto")
        self.join_row = w.HBox([self.code_box, self.join_button])
        self.room_head = w.HTML()
        self.room_head.add_class("lnb-predict-room-head")
        self.question = w.HTML()
        self.question.add_class("lnb-predict-question")
        self.answer_box = w.Text(layout=w.Layout(width="10em"))
        self.answer_box.add_class("lnb-predict-answer-box")
        self.send_button = self.status.button("lnb-predict-send", self.send, style="primary",
                                              width="auto")
        self.number_row = w.HBox([self.answer_box, self.send_button])
        self.choice_row = w.HBox([])
        self.choice_row.add_class("lnb-predict-choices")
        self.mine = w.HTML()
        self.mine.add_class("lnb-predict-mine")
        self.verdict = w.HTML()
        self.verdict.add_class("lnb-predict-verdict")
        parts = [stylesheet(), app_styles("predict-room", CSS), self.language, self.heading]
        if self.panel is not None:
            parts.append(self.panel)
        super().__init__([*parts, self.join_row, self.room_head, self.question, self.number_row,
                          self.choice_row, self.mine, self.verdict, self.status])
        self.add_class("lnb-predict-pupil")
        self._label()
        self.draw()
        register(self)
        if self.panel is not None and getattr(self.panel, "pupil", None) is not None:
            self._pupil_changed(self.panel.pupil, "class")

    # -- words --------------------------------------------------------------------------
    def _label(self) -> None:
        self.heading.value = "<h2>{}</h2>".format(html.escape(_("Predict with your class")))
        self.code_box.description = _("Room code")
        self.join_button.description = _("Join the room")
        self.answer_box.placeholder = _("a whole number")
        self.send_button.description = _("Send my prediction")

    def relabel(self) -> None:
        """Every word in the current language; what the pupil typed stays."""
        self._label()
        self.language.relabel()
        if self.panel is not None:
            relabel_part(self.panel)
        relabel_part(self.status)
        if self._said is not None:
            self.status.show(self._said[1](), self._said[0])
        self.draw()

    def _say(self, kind: str, make: Callable[[], str]) -> None:
        self._said = (kind, make)
        self.status.show(make(), kind)

    # -- the page -----------------------------------------------------------------------
    def open_page(self, query: Mapping[str, str] | None = None) -> None:
        """The page's language (``?lang=``), then the room's poll."""
        from widgets.core.language import page_language

        with self.status.guard():
            page_language(query)
            self.relabel()
        self.start_room_poll()

    def start_room_poll(self) -> None:
        if self.poll and self.code is not None and self.poller is None:
            self.start_poller(self.sync, on_error=self.status.error,
                              waiter=self.rooms.waiter(self.code))

    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        if pupil is None or self.code is None:
            self.pupil = pupil
            self.draw()
            return
        with self.status.guard():
            try:
                self.enter(pupil)
            except PollError as exc:
                if exc.reason == "no-such-room":  # a wrong address: the code box again
                    self.code, self.seen = None, None
                    self.draw()
                raise

    def enter(self, pupil: Pupil) -> None:
        """The pupil is known: counted in the room, their own answer shown."""
        self.pupil = pupil
        if self.code is not None:
            self.rooms.join(self.code, pupil)
            self._said = None
            self.status.clear()  # (a device's refusal said just before the class card came)
            self.sync(force=True)

    def join(self) -> None:
        """*Join the room* with the code typed."""
        self.code = normalize_room_code(self.code_box.value)
        self.rooms.state(self.code)  # an unknown code is said here
        self.drawn = -1
        if self.pupil is not None:
            self.enter(self.pupil)
        else:
            self.sync(force=True)
        self.start_room_poll()

    def send(self, given: str | None = None) -> None:
        """Send the number typed (or the choice ``given``); a refusal keeps what was typed."""
        if self.code is None or self.seen is None:
            return
        if self.pupil is None:
            self.status.error(Later(lambda: _("This page does not know who you are yet: wait "
                                              "a moment, or join your class first.")))
            return
        text = self.answer_box.value if given is None else given
        try:
            seen = self.rooms.answer(self.code, self.pupil, text, moment=self.seen.at)
        except PollError as exc:  # the room moved on since this screen was drawn: show it
            if exc.reason in ("moved-on", "revealed", "room-over"):
                self.sync(force=True)
            raise
        self.seen, self.drawn = seen, seen.version
        self._said = None
        self.status.clear()
        self.draw()

    def sync(self, force: bool = False) -> None:
        """One poll: the room's state when its version changed (a new moment clears the
        box)."""
        if self.code is None:
            return
        version = self.rooms.version(self.code)
        if version == self.drawn and not force:
            return
        before = self.seen.at if self.seen is not None else None
        seen = self.rooms.state(self.code, self.pupil)
        self.seen, self.drawn = seen, seen.version
        if before is not None and before != seen.at:
            self.answer_box.value = ""
            self._said = None
            self.status.clear()
        self.draw()

    # -- drawing ------------------------------------------------------------------------
    def draw(self) -> None:
        """The moment as the store says, in the current language."""
        seen = self.seen
        self.join_row.layout.display = "none" if self.code is not None else None
        self.heading.layout.display = "none" if self.code is not None else None
        if seen is None:
            self.room_head.value = self.question.value = self.mine.value = ""
            self.verdict.value = ""
            self.number_row.layout.display = self.choice_row.layout.display = "none"
            return
        moment = seen.moment
        self.room_head.value = html.escape(_("Room {code} · moment {number} of {total}").format(
            code=seen.code, number=seen.at + 1, total=seen.total))
        self.question.value = html.escape(str(moment.question))
        open_ = not seen.revealed and not seen.over
        self.number_row.layout.display = None if open_ and not moment.choices else "none"
        self.choice_row.layout.display = None if open_ and moment.choices else "none"
        if moment.choices:
            self._choices(moment, seen.mine)
        if seen.mine is None:
            self.mine.value = html.escape(_("You have not predicted this one yet.")
                                          if open_ else "")
        else:
            self.mine.value = html.escape(_("Your prediction: {answer}").format(
                answer=choice_words(moment, seen.mine)))
        self.verdict.value = self._verdict(seen)

    def _choices(self, moment: Moment, mine: str | None) -> None:
        keys = [str(key) for key, _words in moment.choices]
        buttons = list(self.choice_row.children)
        if [getattr(b, "_lnb_key", None) for b in buttons] != keys:
            buttons = []
            for key in keys:
                button = w.Button(layout=w.Layout(width="auto"))
                button.add_class("lnb-predict-choice")
                button._lnb_key = key  # type: ignore[attr-defined]
                button.on_click(self.status.guarded(lambda _b, key=key: self.send(key)))
                buttons.append(button)
            self.choice_row.children = buttons
        for button, (key, words) in zip(buttons, moment.choices, strict=True):
            button.description = str(words)
            button.button_style = "info" if str(key) == mine else ""

    @staticmethod
    def _verdict(seen: RoomState) -> str:
        if not seen.revealed:
            return html.escape(_("Predict, then wait for the reveal on the board.")) \
                if not seen.over else html.escape(_("This predict room is over."))
        answer = html.escape(str(seen.moment.answer_text))
        said = f"<b>{answer}</b><br>"
        if seen.mine_right is True:
            said += html.escape(_("You were right!"))
        elif seen.mine_right is False:
            said += html.escape(_("Not this time: think about why it is {answer}.").format(
                answer=str(seen.moment.answer_text)))
        else:
            said += html.escape(_("You did not predict this one."))
        return said


def projector_address(rooms: PredictRooms, class_code: str, teacher_key: str,
                      classroom: Any = None) -> str:
    """The teacher's projector page that opens predict rooms of class ``class_code`` (the
    dashboard's link; the teacher key checked, ``IdentityError`` otherwise): its address
    carries the class's token (:meth:`PredictRooms.class_token`), never the key."""
    from urllib.parse import urlencode

    token = rooms.class_token(class_code, teacher_key, classroom)
    return f"{PAGE}?" + urlencode({"view": "projector", "class": class_code, "token": token})


def projector_entry_html(address: str, language: str) -> str:
    """The dashboard's part: what a predict room does, and a link to
    :func:`projector_address` in ``language``.

    >>> "lang=zh-CN" in projector_entry_html("predict-room.ipynb?view=projector", "zh_CN")
    True
    """
    from lnb.core.i18n import tag

    link = html.escape(f"{address}&lang={tag(language)}")
    words = html.escape(_("Predict with the class's devices"))
    said = html.escape(_("The projector replays a game and stops before each moment; each "
                         "pupil predicts on their device, the board shows how many were "
                         "right."))
    from widgets.classroom.predict_view import TITLE

    return (f"<h4>{html.escape(str(TITLE))}</h4><p class='lnb-predict-entry "
            f"lnb-class-room-links'>{said} <a class='lnb-predict-room-link' href='{link}' "
            f"target='_blank' rel='noopener'>{words}</a></p>")


def predict_room_page(store: object | None = None) -> w.Widget:
    """Show the page the address asks for and return it: ``?room=K7QX&host=KEY`` the room's
    projector; ``?view=projector`` a projector that opens a room (``&class=C&token=T``, the
    dashboard's link: a room of that class); ``?room=K7QX`` or nothing: a pupil's page. The
    static site has no rooms: one line says they need the served kit."""
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
    rooms = PredictRooms(progress)  # type: ignore[arg-type]
    code = query.get("room", "").strip()
    status = StatusLine()
    if query.get("host") or query.get("view") == "projector":
        page_language(query)
        token = query.get("token") or None
        class_code = rooms.token_class(query.get("class", ""), token) if token else None
        try:
            view = PredictRoomProjector(rooms, code or None, host_key=query.get("host") or None,
                                        class_code=class_code, token=token if class_code
                                        else None)
        except Exception as exc:  # an unknown code, a wrong key: said, never a traceback
            status.error(exc)
            display(status)
            return status
        view.open_page(query)
        display(view.show())
        return view.widget
    page_language(query)
    try:
        page = PredictRoomPupil(rooms, code or None, classroom=host.classroom(progress))
    except Exception as exc:
        status.error(exc)
        page = PredictRoomPupil(rooms, None, classroom=host.classroom(progress))
        page.status.error(exc)
    page.open_page(query)
    display(page, HTML(browser_key_script()))
    return page
