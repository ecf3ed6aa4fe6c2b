"""The teacher's dashboard (``lessons/teacher.ipynb``): the teacher types the class code and
the teacher key, and sees the class list with each pupil's puzzles, and per puzzle a
histogram of the class's program lengths beside the shortest possible; the results download
as a CSV file (a link made in the page, like :mod:`widgets.core.saveload`'s); the most
common wrong programs, each with the library's exact diagnosis; who is online (pupils whose
puzzle page was active in the last five minutes); the class's game tables playing now, each
with a link to watch it on the projector (:mod:`classroom.rooms`); a puzzle set given
to the class for today (:class:`widgets.classroom.dashboard_today.AssignBox`); every game's
class rooms (hold, release, each pupil's map on the projector) and the daily challenges'
scores (:class:`widgets.classroom.dashboard_games.GamesBox`). An opened class
is read again by itself every :data:`REFRESH_SECONDS` (a :class:`widgets.core.poller.Poller`
on the kernel's loop), and at once by *Show the latest*.

The key is checked by :meth:`classroom.identity.Classroom.check_teacher`; a wrong one
is refused in one sentence, the code typed is kept and the key box emptied. The figures are
:func:`classroom.dashboard_figures.class_report`'s; nothing here decides a rule.

>>> from classroom.progress import ProgressStore
>>> room = Classroom(ProgressStore(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> board = Dashboard(room)
>>> board.open_class(made.code, "not the key")
>>> board.status.kind, board.key_box.value, board.code_box.value == made.code
('error', '', True)
>>> board.open_class(made.code, made.teacher_key)
>>> board.report.name, "Ali" in board.class_view.value
('7B', True)
"""

from __future__ import annotations

import datetime
import html
import time
from collections.abc import Callable

import ipywidgets as w

from classroom.dashboard_figures import ClassReport, class_report, report_csv
from classroom.dashboard_store import ClassWork, WrongAnswer
from classroom.identity import Classroom, IdentityError
from classroom.predict_rooms import PredictRooms
from classroom.progress import ProgressStore
from classroom.room_control import RoomControl
from classroom.rooms import LiveRoom, RoomStore
from lnb.core.i18n import _, current_language
from widgets.classroom import predict_room
from widgets.classroom.dashboard_games import GamesBox
from widgets.classroom.dashboard_lessons import LessonsBox
from widgets.classroom.dashboard_mistakes import MistakesBox
from widgets.classroom.dashboard_rooms import RoomsBox
from widgets.classroom.dashboard_today import AssignBox
from widgets.classroom.dashboard_views import (
    CSS,
    class_heading_html,
    class_table_html,
    puzzles_html,
    rooms_html,
    wrong_html,
)
from widgets.core.contrast import ContrastToggle
from widgets.core.host import current as current_host
from widgets.core.poller import PolledPage
from widgets.core.relabel import Words, language_switch, register, relabel_all, relabel_part
from widgets.core.saveload import download_link, safe_filename
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet

#: How often an opened class is read again by itself (seconds): who is online and the tables
#: playing change while the teacher watches.
REFRESH_SECONDS = 10.0
#: A ping (a move at a table or in a class room of the class) reads the class again at most
#: this often (seconds): a class room of 32 pupils pings at every pupil's move.
PUSH_GAP = 2.0


class Dashboard(PolledPage, w.VBox):
    """The whole teacher's page. ``classroom`` defaults to the server's progress file."""

    def __init__(self, classroom: Classroom | None = None, *,
                 today: Callable[[], datetime.date] = datetime.date.today,
                 clock: Callable[[], float] = time.time) -> None:
        host = current_host()  # on the static site no class can be opened: it says so
        self.needs_server = "" if classroom is not None else host.needs_server("dashboard")
        self.classroom = classroom if classroom is not None else (
            host.classroom(host.memory_store()) if self.needs_server
            else Classroom(ProgressStore()))
        self.today = today
        self.work = ClassWork(self.classroom.store, clock=clock)
        self.wrong: tuple[WrongAnswer, ...] = ()
        self.online: tuple[str, ...] = ()  # names of the pupils whose page is active
        self.rooms: tuple[LiveRoom, ...] = ()  # the class's game tables playing now
        self.clock = clock
        self.report: ClassReport | None = None
        self._key = ""  # kept in this kernel only, to read the figures again
        self._read_at = 0.0  # time.monotonic() of the last reading of the class
        self._changed = False  # a ping came since the last reading
        self.status = StatusLine()
        self.words = Words(self.status)
        self.title = w.HTML("")
        self.contrast_toggle = ContrastToggle(self)
        self.language = language_switch()
        self.title_row = w.HBox([self.title, self.contrast_toggle, self.language])
        self.title_row.add_class("lnb-title-row")
        self.code_box = w.Text(layout=w.Layout(width="10em"))
        self.code_box.add_class("lnb-class-code")
        self.key_box = w.Password(layout=w.Layout(width="16em"))
        self.key_box.add_class("lnb-teacher-key")
        self.open_button = self._button("lnb-open-class", lambda: self.open_class())
        self.open_button.button_style = "primary"
        self.refresh_button = self._button("lnb-refresh", self.refresh)
        self.refresh_button.layout.display = "none"
        self.heading = w.HTML("")
        self.class_view = w.HTML("")
        self.class_view.add_class("lnb-class-view")
        self.export = w.HTML("")  # the class's results as a CSV file, a link made in the page
        self.export.add_class("lnb-export")
        self.puzzles_view = w.HTML("")
        self.puzzles_view.add_class("lnb-puzzles-view")
        self.wrong_view = w.HTML("")
        self.wrong_view.add_class("lnb-wrong-view")
        self.rooms_view = w.HTML("")
        self.rooms_view.add_class("lnb-rooms-view")
        self.rooms_box = RoomsBox(self.status)
        self.predict_entry = w.HTML("")  # the predict room's projector, for this class
        self.predict_entry.add_class("lnb-predict-entry-box")
        self._predict_address = ""
        self.games_box = GamesBox(self.classroom, self.status, opened=self._opened,
                                  hide_names=lambda: not self.rooms_box.names_box.value,
                                  today=self.today)
        self.rooms_box.names_box.observe(lambda _c: self.games_box.draw(), "value")
        self.assign_box = AssignBox(self.classroom, self.work, opened=self._opened,
                                    today=self.today, status=self.status)
        self.assign_box.layout.display = "none"
        self.lessons_box = LessonsBox(self.status, today=self.today)  # who answered what
        self.mistakes_box = MistakesBox(self.status)  # finished games: costliest mistakes
        super().__init__([
            stylesheet(), w.HTML(f"<style>{CSS}</style>"), self.title_row,
            w.HBox([self.code_box, self.key_box, self.open_button, self.refresh_button]),
            self.status, self.heading, self.export, self.class_view, self.rooms_view,
            self.rooms_box, self.predict_entry, self.games_box, self.puzzles_view,
            self.wrong_view, self.assign_box, self.lessons_box, self.mistakes_box,
        ])
        self.add_class("lnb-dashboard")
        self.add_class("lnb-app")
        self._label()
        self.words.say("info", lambda: _("Type the class code and the teacher key (printed "
                                         "when the class was made), then press {open}.").format(
                                             open=_("Open the class")))
        if self.needs_server:  # the static site: the sentence that says what to do instead
            for row in self.children:  # the class code and teacher key boxes
                if self.code_box in getattr(row, "children", ()):
                    row.layout.display = "none"
            self.words.say("info", lambda: host.needs_server("dashboard"))
        register(self)

    def _button(self, css: str, action: Callable[[], None]) -> w.Button:
        return self.status.button(css, action, width="auto")

    def _label(self) -> None:
        self.title.value = "<div class='lnb-title'>{}</div>".format(
            html.escape(_("Teacher's dashboard")))
        self.code_box.placeholder = _("class code")
        self.key_box.placeholder = _("teacher key")
        self.open_button.description = _("Open the class")
        self.refresh_button.description = _("Show the latest")
        self.refresh_button.tooltip = _("Read the class's work again from the progress file")

    def relabel(self) -> None:
        """Every word in the current language; the class opened is kept."""
        with self.hold_sync():
            self._label()
            for part in (self.status, self.contrast_toggle, self.language, self.assign_box,
                         self.rooms_box, self.lessons_box, self.games_box, self.mistakes_box):
                relabel_part(part)
            self._draw()
            self.words.again()

    # -- showing it ------------------------------------------------------------------------
    def show(self) -> None:
        """Display the dashboard."""
        from IPython.display import display

        display(self)

    def open_page(self) -> None:
        """Under Voila: the page's language (``?lang=``, the remembered choice, the
        browser's), then every word in it. Nothing in the address opens a class."""
        from widgets.core.language import page_language

        with self.status.guard():
            page_language()
            old, self.language = self.language, language_switch()
            self.title_row.children = (self.title, self.contrast_toggle, self.language)
            old.close()
            relabel_all()

    # -- opening a class ---------------------------------------------------------------------
    def open_class(self, code: str | None = None, key: str | None = None) -> None:
        """Check the teacher key (the boxes', unless given) and show the class; a wrong key
        is refused plainly, the code kept and the key box emptied."""
        if self.needs_server:
            self.words.say("info", lambda: current_host().needs_server("dashboard"))
            return
        if code is not None:
            self.code_box.value = code
        code = self.code_box.value
        key = self.key_box.value if key is None else key
        self.key_box.value = ""
        try:
            report = class_report(self.classroom, code, key)
        except IdentityError as exc:
            refused = exc
            self.words.say("error", lambda: str(refused))
            return
        self.report, self._key = report, key
        self._predict_address = predict_room.projector_address(
            PredictRooms(self.classroom.store), report.code, key, self.classroom)
        self._read_work()
        self.refresh_button.layout.display = None
        self._draw()
        opened = report
        self.words.say("ok", lambda: _("Class {name} opened; it shows the latest by itself "
                                       "every {seconds} seconds.").format(
                                           name=opened.name, seconds=int(REFRESH_SECONDS)))
        self.start_polling()

    def start_polling(self) -> bool:
        """Read the opened class again every :data:`REFRESH_SECONDS` on the kernel's loop
        (False without a running loop: a plain script calls :meth:`poll` itself)."""
        waiter = (RoomStore(self.classroom.store).class_waiter(self.report.code)
                  if self.report is not None else None)
        return self.start_poller(self.status.guarded(self.poll),
                                 interval=min(1.0, REFRESH_SECONDS), on_error=self.status.sorry,
                                 waiter=waiter)

    def poll(self) -> None:
        """One tick of the loop: the class read again once :data:`REFRESH_SECONDS` have gone
        by since the last reading, or at once when a table of the class pinged (push, see
        :mod:`widgets.core.poller`; the widgets send only what changed), at most every
        :data:`PUSH_GAP` seconds (a busy class room pings at every move)."""
        if self.poller is not None and self.poller.woken:  # something of the class changed
            self._changed = True
        since = time.monotonic() - self._read_at
        if self.report is not None and ((self._changed and since >= PUSH_GAP)
                                        or since >= REFRESH_SECONDS):
            self.refresh()

    def refresh(self) -> None:
        """Read the class's figures again (pupils may have worked since)."""
        if self.report is None:
            return
        self.report = class_report(self.classroom, self.report.code, self._key)
        self._read_work()
        self._draw()

    def _read_work(self) -> None:
        """The class's wrong programs and who is online (the teacher key checked again)."""
        assert self.report is not None
        code = self.report.code
        self._read_at, self._changed = time.monotonic(), False
        self.wrong = self.work.wrong_answers(self.classroom, code, self._key)
        self.online = self.work.online(self.classroom, code, self._key)
        rooms = RoomStore(self.classroom.store, clock=self.clock)
        self.rooms = tuple(rooms.live_rooms(code))
        watch = {r.code: r.watch for r in self.rooms}
        if self.rooms_box.control is None or self.rooms_box.control.class_code != code:
            self.rooms_box.show_class(RoomControl(rooms, code), current_language(), watch)
        else:
            self.rooms_box.load(watch, current_language())
        self.games_box.load(current_language())
        self.assign_box.load()
        self.assign_box.layout.display = None
        self.lessons_box.load(self.classroom, code, self._key, self.report.name)
        self.mistakes_box.load(self.classroom, code, self._key)

    def _opened(self) -> tuple[str, str] | None:
        """The opened class's code and the teacher key it was opened with, or None."""
        return None if self.report is None else (self.report.code, self._key)

    def _draw(self) -> None:
        if self.report is None:
            self.heading.value = self.class_view.value = self.puzzles_view.value = ""
            self.export.value = self.wrong_view.value = self.rooms_view.value = ""
            self.predict_entry.value = ""
            return
        self.predict_entry.value = predict_room.projector_entry_html(self._predict_address,
                                                                     current_language())
        self.heading.value = class_heading_html(self.report, self.online)
        self.class_view.value = class_table_html(self.report, self.online)
        self.puzzles_view.value = puzzles_html(self.report)
        self.wrong_view.value = wrong_html(self.wrong)
        self.rooms_view.value = rooms_html(self.rooms, self.clock(), current_language())
        self.export.value = download_link(csv_filename(self.report, self.today()),
                                          report_csv(self.report), "text/csv")



def csv_filename(report: ClassReport, day: datetime.date) -> str:
    """The file a class's results are saved as: ``results-7B-2026-12-01.csv``.

    >>> csv_filename(ClassReport("KM7Q4X", "7B", ()), datetime.date(2026, 12, 1))
    'results-7B-2026-12-01.csv'
    """
    return safe_filename(f"results-{report.name}-{day.isoformat()}", ".csv")


__all__ = ["Dashboard", "csv_filename"]
