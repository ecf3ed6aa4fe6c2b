"""A lesson page's pupil and their kept answers: every answer checked in a bank exercise
(:func:`widgets.lessons.bank.exercise`) is kept for the pupil of the page
(:mod:`classroom.lesson_answers`), and a reopened lesson shows each exercise as they left it.

One :class:`LessonKeeper` per page (kernel): :func:`page_keeper`. Its who-line (the class
panel of :mod:`widgets.classroom.panel`: *this browser*, or *Join my class* with the card) is
shown above the page's first exercise; the pupil is the device's until a class card is used,
as on the puzzle page, and the answers are kept where puzzle attempts are (the served kit's
store, or this browser's storage on the static site). Answers checked before the page knows
its pupil wait and are kept once it does.

>>> from classroom.identity import Classroom, Pupil
>>> from classroom.progress import ProgressStore
>>> from widgets.lessons.bank import exercise
>>> store = ProgressStore(":memory:")
>>> keeper = LessonKeeper(store, Classroom(store))
>>> ex = exercise("02-place-value", "swap-07", keeper=keeper)
>>> _ = ex.submit("07")  # before the pupil is known: it waits
>>> keeper.use(Pupil("nick:ada", "Ada"))
>>> _ = ex.submit("70")
>>> again = exercise("02-place-value", "swap-07", keeper=LessonKeeper(store, Classroom(store)))
>>> again.keeper.use(Pupil("nick:ada", "Ada"))
>>> again.answer.value, again.solved, again.attempts
('70', True, 2)
"""

from __future__ import annotations

import datetime
from typing import Any

import ipywidgets as w

from classroom.identity import Pupil
from classroom.lesson_answers import LessonAnswer, answers_of, summarise
from widgets.babbage.exercise import Exercise, Verdict
from widgets.core.host import current as current_host
from widgets.core.relabel import register, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import hidden_layout


class WhoLine(w.VBox):
    """The lesson's who-line: the class panel, its status line and the script that tells
    the kernel who the browser is."""

    def __init__(self, panel: Any, status: StatusLine) -> None:
        from IPython.display import HTML

        from widgets.classroom.panel import browser_key_script

        self.panel, self.status = panel, status
        script = w.Output(layout=hidden_layout())
        script.append_display_data(HTML(browser_key_script()))
        super().__init__([panel, status, script])
        self.add_class("lnb-lesson-who")
        register(self)

    def relabel(self) -> None:
        """Every word in the current language (who it is stays)."""
        relabel_part(self.panel)
        relabel_part(self.status)


class LessonKeeper:
    """The page's pupil and their lesson answers (see the module). ``store`` and
    ``classroom`` default to the host's (the served kit's store, or the site's browser
    storage); ``clock`` gives the time an answer is kept."""

    def __init__(self, store: Any = None, classroom: Any = None, *,
                 clock: Any = None) -> None:
        from widgets.classroom.panel import ClassPanel

        host = current_host()
        self.store = store if store is not None else host.progress_store()
        self.classroom = classroom if classroom is not None else host.classroom(self.store)
        self.answers = answers_of(self.store)
        self.clock = clock or (lambda: datetime.datetime.now(datetime.timezone.utc))
        self.status = StatusLine()
        self.panel = ClassPanel(self.classroom, self.status, on_pupil=self._pupil_changed)
        self.pupil: Pupil | None = None
        self.exercises: list[Exercise] = []
        self._pending: list[tuple[Exercise, str, Verdict, datetime.datetime]] = []
        self._kept: dict[str, tuple[LessonAnswer, ...]] = {}  # the pupil's, by lesson
        self._line: WhoLine | None = None
        self._line_in: w.Widget | None = None  # the exercise showing the who-line, or itself

    def who_line(self) -> WhoLine:
        """The who-line as a widget of its own, for a lesson that shows it at its top (a
        cell ``who_line()`` before the first exercise); the exercises then show none."""
        if self._line is None:
            self._line = WhoLine(self.panel, self.status)
        self._line_in = self._line
        return self._line

    # -- the page's exercises ----------------------------------------------------------------
    def attach(self, ex: Exercise) -> None:
        """Keep ``ex``'s answers (it has ``lesson`` and ``exercise_id``); the first exercise
        of the page (or the first after the one showing it was closed) shows the who-line."""
        self.exercises = [e for e in self.exercises if e.comm is not None]
        self.exercises.append(ex)
        ex.on_answer = self._answered
        ex.keeper = self  # type: ignore[attr-defined]
        if self._line_in is None or self._line_in.comm is None:
            if self._line is None:
                self._line = WhoLine(self.panel, self.status)
            ex.children = (self._line, *ex.children)
            self._line_in = ex
        if self.pupil is not None:
            self._show(ex)

    def use(self, pupil: Pupil | None) -> None:
        """Make ``pupil`` the page's (what the class panel does): answers checked so far
        are kept for them, and every exercise shows their kept answers."""
        self.pupil = pupil
        self._kept = {}
        if pupil is None:
            return
        pending, self._pending = self._pending, []
        for ex, text, verdict, at in pending:
            self._record(ex, text, verdict, at)
        self._kept = {}
        for ex in self.exercises:
            self._show(ex, fresh=False)

    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        self.use(pupil)

    def _answered(self, ex: Exercise, text: str, verdict: Verdict) -> None:
        at = self.clock()
        if self.pupil is None:
            self._pending.append((ex, text, verdict, at))
            return
        self._record(ex, text, verdict, at)

    def _record(self, ex: Exercise, text: str, verdict: Verdict,
                at: datetime.datetime) -> None:
        assert self.pupil is not None
        lesson = str(getattr(ex, "lesson", ""))
        self.answers.record(self.pupil, lesson, str(getattr(ex, "exercise_id", "")), text,
                            correct=verdict.correct, diagnosis=verdict.diagnosis, at=at)
        self._kept.pop(lesson, None)

    def _show(self, ex: Exercise, *, fresh: bool = True) -> None:
        """``ex`` as the pupil left it; one they never answered is emptied (unless it is
        ``fresh``: nothing is shown in it but what this pupil did), so a pupil never sees
        the answers of the one before them on this page."""
        assert self.pupil is not None
        lesson = str(getattr(ex, "lesson", ""))
        if lesson not in self._kept:
            self._kept[lesson] = self.answers.load(self.pupil, lesson)
        work = summarise(self._kept[lesson]).get(str(getattr(ex, "exercise_id", "")))
        if work is None:
            if not fresh and ex.attempts:
                ex.clear()
            return
        shown = work.shown
        ex.resume(shown.answer, tries=work.tries, solved=work.right_at is not None,
                  day=shown.at[:10])


_KEEPER: list[LessonKeeper] = []


def who_line() -> WhoLine:
    """This page's who-line (see :meth:`LessonKeeper.who_line`)."""
    return page_keeper().who_line()


def page_keeper() -> LessonKeeper:
    """This page's keeper (one per kernel, made on first use)."""
    if not _KEEPER:
        _KEEPER.append(LessonKeeper())
    return _KEEPER[0]


def on_a_page() -> bool:
    """Whether this runs in a kernel (a notebook or a Voila page), where a page has a pupil;
    plain Python (a script, the tests) keeps nothing."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


__all__ = ["LessonKeeper", "WhoLine", "on_a_page", "page_keeper", "who_line"]
