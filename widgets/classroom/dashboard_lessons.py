"""The teacher's dashboard's lessons: per lesson, a table of the class's pupils by the
lesson's exercises (right at the first try, right after N tries, wrong, not tried), and per
exercise the kit's diagnoses of the class's wrong answers pooled ("7 pupils: the number given
is too big"); the table downloads as a CSV file. The figures are
:mod:`classroom.lesson_answers`'; the words of a diagnosis are the check's
(:func:`widgets.babbage.exercise.diagnosis_words`).

>>> from classroom.lesson_answers import LessonAnswer, report_of
>>> a = LessonAnswer("02-place-value", "swap-07", 1, "07", False, "start", "2026-12-06T09:00:00")
>>> b = LessonAnswer("02-place-value", "swap-07", 2, "70", True, None, "2026-12-06T09:01:00")
>>> shown = lesson_table_html(report_of("02-place-value", [("Ali", [a, b]), ("Bea", [])],
...                                     ["swap-07", "copy-64"]))
>>> "right after 2 tries" in shown, "not tried" in shown
(True, True)
>>> "1 pupil: the number given is the start: no row was done" in shown
True
"""

from __future__ import annotations

import datetime
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from classroom.lesson_answers import (
    LessonReport,
    lesson_report,
    lessons_answered,
    report_csv,
)
from lnb.core.errors import BadInputError
from lnb.core.i18n import _, ngettext
from widgets.babbage.exercise import diagnosis_words
from widgets.core.relabel import register
from widgets.core.saveload import download_link, safe_filename
from widgets.core.status import StatusLine

CSS = """
.lnb-dashboard table.lnb-lesson-table { border-collapse: collapse; margin: 6px 0; }
.lnb-dashboard .lnb-lesson-table th, .lnb-dashboard .lnb-lesson-table td {
  padding: 2px 8px; border-bottom: 1px solid #c5cae9; text-align: left; vertical-align: top; }
.lnb-dashboard .lnb-ans-right-first { color: #1b5e20; font-weight: bold; }
.lnb-dashboard .lnb-ans-right-after { color: #1b5e20; }
.lnb-dashboard .lnb-ans-wrong { color: #8a1c12; }
.lnb-dashboard .lnb-ans-not-tried { color: #555; }
.lnb-high-contrast .lnb-dashboard .lnb-lesson-table td { color: inherit; }
.lnb-dashboard .lnb-pooled { margin: 2px 0 8px; }
.lnb-dashboard .lnb-lessons-view { overflow-x: auto; max-width: 100%; }
"""


def exercise_ids(lesson: str) -> tuple[str, ...]:
    """The lesson's exercises in lesson order (its bank), or none for a lesson the kit does
    not have (its answered exercises are shown even so)."""
    from widgets.lessons.bank import bank

    try:
        return bank(lesson).ids
    except BadInputError:
        return ()


def status_words(status: str, tries: int) -> str:
    """A cell of the table in the current language.

    >>> status_words("right-after", 3), status_words("not-tried", 0)
    ('right after 3 tries', 'not tried')
    """
    if status == "right-first":
        return _("right at the first try")
    if status == "right-after":
        return ngettext("right after {count} try", "right after {count} tries",
                        tries).format(count=tries)
    if status == "wrong":
        return ngettext("wrong ({count} try)", "wrong ({count} tries)", tries).format(
            count=tries)
    return _("not tried")


def lesson_table_html(report: LessonReport) -> str:
    """The lesson's table (a row per pupil, a column per exercise) and, under it, each
    exercise's pooled diagnoses of the class's wrong answers."""
    if not report.pupils:
        return "<p>{}</p>".format(html.escape(_("The class has no pupils yet.")))
    head = "".join(f"<th scope='col' class='lnb-code'>{html.escape(ex)}</th>"
                   for ex in report.exercises)
    rows = []
    for pupil in report.pupils:
        cells = []
        for ex in report.exercises:
            status = pupil.status(ex)
            work = pupil.work.get(ex)
            text = status_words(status, work.tries if work else 0)
            title = (" title='{}'".format(html.escape(_("last answer: {answer}").format(
                answer=work.last.answer), quote=True)) if work else "")
            cells.append(f"<td class='lnb-ans-{status}'{title}>{html.escape(text)}</td>")
        rows.append(f"<tr><th scope='row' class='lnb-pupil'>{html.escape(pupil.name)}</th>"
                    f"{''.join(cells)}</tr>")
    table = (f"<table class='lnb-lesson-table'><tr><th scope='col'>{html.escape(_('Pupil'))}"
             f"</th>{head}"
             f"</tr>{''.join(rows)}</table>")
    return table + pooled_html(report)


def pooled_html(report: LessonReport) -> str:
    """Per exercise with wrong answers: how many pupils gave each diagnosis."""
    items = []
    for ex in report.exercises:
        pooled = report.pooled.get(ex)
        if not pooled:
            continue
        said = "; ".join(
            ngettext("{count} pupil: {why}", "{count} pupils: {why}", count).format(
                count=count, why=diagnosis_words(key) if key else _("no diagnosis"))
            for key, count in pooled)
        items.append(f"<li><span class='lnb-code'>{html.escape(ex)}</span>: "
                     f"{html.escape(said)}</li>")
    if not items:
        return ""
    title = html.escape(_("Wrong answers, with the kit's diagnosis"))
    return (f"<div class='lnb-pooled'><b>{title}</b><ul>{''.join(items)}</ul></div>")


def csv_filename(report: LessonReport, class_name: str, day: datetime.date) -> str:
    """``answers-7B-02-place-value-2026-12-06.csv``.

    >>> csv_filename(LessonReport("02-place-value", (), (), {}), "7B", datetime.date(2026, 12, 6))
    'answers-7B-02-place-value-2026-12-06.csv'
    """
    return safe_filename(f"answers-{class_name}-{report.lesson}-{day.isoformat()}", ".csv")


class LessonsBox(w.VBox):
    """The dashboard's lessons part: a lesson picker (the lessons the class answered), the
    table and its CSV link. :meth:`load` reads a class's answers (the teacher key checked
    again); errors land on ``status``."""

    def __init__(self, status: StatusLine, *,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        self.status = status
        self.today = today
        self.report: LessonReport | None = None
        self._opened: tuple[Any, str, str, str] | None = None  # classroom, code, key, name
        self._loading = False
        self.title = w.HTML("")
        self.picker = w.Dropdown(options=[], layout=w.Layout(width="auto"))
        self.picker.add_class("lnb-lesson-pick")
        self.picker.observe(status.guarded(self._picked), "value")
        self.view = w.HTML("")
        self.view.add_class("lnb-lessons-view")
        self.export = w.HTML("")
        self.export.add_class("lnb-lessons-export")
        super().__init__([w.HTML(f"<style>{CSS}</style>"), self.title,
                          w.HBox([self.picker, self.export]), self.view])
        self.add_class("lnb-lessons-box")
        self.layout.display = "none"
        self._label()
        register(self)

    def _label(self) -> None:
        self.title.value = "<h4>{}</h4>".format(html.escape(_("Lessons: who answered what")))
        self.picker.description = _("Lesson")

    def relabel(self) -> None:
        """Every word in the current language (the lesson picked stays)."""
        self._label()
        self._draw()

    def load(self, classroom: Any, code: str, key: str, class_name: str = "") -> None:
        """Read the class's lesson answers (the lesson picked stays, if still answered)."""
        self._opened = (classroom, code, key, class_name or code)
        lessons = lessons_answered(classroom, code, key)
        picked = self.picker.value if self.picker.value in lessons else (
            lessons[0] if lessons else None)
        self.layout.display = None
        self._loading = True  # new options: the picker's own changes read nothing
        try:
            if tuple(self.picker.options) != lessons:
                self.picker.options = list(lessons)
            self.picker.value = picked
        finally:
            self._loading = False
        self._read(picked)

    def _picked(self, change: dict[str, Any]) -> None:
        if self._opened is not None and change["new"] is not None and not self._loading:
            self._read(change["new"])

    def _read(self, lesson: str | None) -> None:
        if self._opened is None or lesson is None:
            self.report = None
        else:
            classroom, code, key, _name = self._opened
            self.report = lesson_report(classroom, code, key, lesson, exercise_ids(lesson))
        self._draw()

    def _draw(self) -> None:
        if self.report is None:
            self.view.value = "<p>{}</p>".format(html.escape(
                _("No pupil of the class has answered a lesson's exercise yet.")))
            self.export.value = ""
            return
        self.view.value = lesson_table_html(self.report)
        name = self._opened[3] if self._opened else ""
        self.export.value = download_link(csv_filename(self.report, name, self.today()),
                                          report_csv(self.report), "text/csv")


__all__ = ["LessonsBox", "csv_filename", "exercise_ids", "lesson_table_html", "pooled_html",
           "status_words"]
