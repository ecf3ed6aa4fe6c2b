"""The puzzle app: puzzles by difficulty, the daily puzzle, shared codes, escalating hints, an
answer check that explains, and progress (streak, puzzles solved) kept by the host: the served
kit's store, or the browser's own storage on the static site (:mod:`widgets.core.host`).

The rules, hints and checks are the library's (:mod:`lnb.babbage.puzzles`,
:mod:`lnb.babbage.hints`); the progress is :class:`classroom.progress.ProgressStore`.
The app only turns clicks into those calls.

Who the pupil is: the device, or a pupil of a class who joined with their card
(:class:`widgets.classroom.panel.ClassPanel`, the same on every app). A nickname alone never
opens stored progress. ``?code=`` opens a shared puzzle, by its short code (``3K7QX``, what
the heading shows and *Copy link* copies) or its long one (``P1-...``).

>>> import datetime
>>> from classroom.progress import ProgressStore
>>> from lnb.babbage.puzzles import Puzzle
>>> app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
>>> app.open_query({"code": "P1-0J6Y-91VC-7"})
>>> app.puzzle.text()
'Start at 55. Reach 73 in at most 5 rows.'
>>> app.builder.type_rows("A2- B2+")
>>> app.check()
>>> app.status.text, app.progress.solved_count
('Solved in 2 rows! That is as short as it gets: one of the 2 shortest programs (2 rows).', 1)
"""

from __future__ import annotations

import datetime
import html
import os
import random
from base64 import b64encode
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as w

from classroom.identity import Classroom, Pupil
from classroom.progress import Progress, ProgressStore
from lnb.babbage.errors import IllegalOperationError, LnbError
from lnb.babbage.hints import LEVELS as HINT_LEVELS
from lnb.babbage.hints import check_answer, hint
from lnb.babbage.numbers import two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.puzzle_sheet import STARS, PuzzleSet, code_link
from lnb.babbage.puzzles import (
    DIFFICULTIES,
    SHORT_EXAMPLE,
    SHORT_SEEDS,
    Puzzle,
    daily,
    generate,
)
from lnb.core.i18n import _, lazy_gettext, ngettext
from widgets.babbage.copy_link import CopyLink
from widgets.babbage.program_builder import Choices, ProgramBuilder
from widgets.classroom.dashboard_today import TodaysPuzzles
from widgets.classroom.panel import ClassPanel, browser_key_script
from widgets.core.contrast import ContrastToggle
from widgets.core.host import current as current_host
from widgets.core.language import page_language
from widgets.core.page_request import page_query
from widgets.core.relabel import Words, language_switch, register, relabel_all, relabel_part
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet

DIFFICULTY_NAMES = {1: lazy_gettext("1 easy"), 2: "2", 3: "3", 4: "4",
                    5: lazy_gettext("5 hard")}
HINT_TIPS = {1: lazy_gettext("How many rows are still needed"),
             2: lazy_gettext("A useful next row"), 3: lazy_gettext("A whole program")}

CSS = """
.lnb-puzzle-app .lnb-goal { font-size: 22px; }
.lnb-targets span { display: inline-block; min-width: 2.4em; margin-right: 6px; padding: 2px 6px;
                    border: 2px solid #5c6bc0; border-radius: 6px; text-align: center; }
.lnb-targets span.lnb-hit { background: #c8e6c9; border-color: #2e7d32; }
div.lnb-hint-line { margin: 2px 0; padding: 4px 8px; background: #fffde7; border-radius: 4px; }
.lnb-puzzle-app .widget-hbox { flex-wrap: wrap; }
.lnb-puzzle-app .lnb-title-row { justify-content: space-between; align-items: center; }
div.lnb-banner { padding: 6px 10px; background: #fdecea; color: #8a1c12; border: 2px solid #8a1c12;
                 border-radius: 4px; font-weight: bold; }
.lnb-progress table td { padding: 1px 8px; }
.lnb-warning { background: #fff4e5; color: #663c00; padding: 4px 8px; border-radius: 4px; }
.lnb-code { font-family: monospace; font-size: 18px; letter-spacing: 1px; }
.lnb-copy-link { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin: 2px 0; }
.lnb-copy-link-field { font-family: monospace; font-size: 14px; max-width: 100%; }
"""


def voila_query(wait: bool = True) -> dict[str, str]:
    """The page address's query (:func:`widgets.core.page_request.page_query`)."""
    return page_query(wait)


def page_address() -> str | None:
    """The address pupils use for this page (for links on a teacher's sheet), if known."""
    url = os.environ.get("VOILA_REQUEST_URL")
    if url:
        return url.partition("?")[0]
    host, port, path = (os.environ.get(k, "") for k in ("SERVER_NAME", "SERVER_PORT",
                                                         "SCRIPT_NAME"))
    if host and path:
        return f"http://{host}{':' + port if port else ''}{path}"
    return None


class PuzzleBuilder(ProgramBuilder):
    """The program builder limited to the spaces a puzzle allows."""

    def __init__(self, puzzle: Puzzle, **kwargs: Any) -> None:
        self.puzzle = puzzle
        super().__init__(puzzle.board, start=puzzle.start, limit=puzzle.limit, **kwargs)

    def set_puzzle(self, puzzle: Puzzle) -> None:
        """Start again on another puzzle."""
        self.puzzle = puzzle
        self.reset(board=puzzle.board, start=puzzle.start, limit=puzzle.limit)

    def _forbidden(self, operation: Operation) -> str | None:
        return self.puzzle.forbids(operation)

    def choices(self) -> Choices:
        """The builder's choices, with the spaces the puzzle forbids disabled."""
        base = super().choices()
        if self.puzzle.spaces is None:
            return base
        return {op: reason if reason is not None else self._forbidden(op)
                for op, reason in base.items()}

    def choose(self, operation: Operation) -> None:
        """Write ``operation`` unless the puzzle forbids its space."""
        reason = self._forbidden(operation)
        if reason is not None:
            raise IllegalOperationError(
                _("{operation}: {reason}").format(operation=operation, reason=reason),
                text=str(operation), reason="space-not-allowed")
        super().choose(operation)

    def type_rows(self, text: str) -> None:
        """Add typed rows unless one uses a space the puzzle forbids."""
        if text.strip():
            for number, op in enumerate(Program.parse(text).operations,
                                        start=len(self.program) + 1):
                reason = self._forbidden(op)
                if reason is not None:
                    raise IllegalOperationError(
                        _("row {row} '{operation}': {reason}").format(
                            row=number, operation=op, reason=reason),
                        row=number, text=str(op), reason="space-not-allowed")
        super().type_rows(text)


class PuzzleApp(w.VBox):
    """The whole puzzle page. ``store`` defaults to the server's progress file.

    ``today`` gives the date (for the daily puzzle and the streak); ``seed`` makes the
    *New puzzle* button repeatable in tests.
    """

    def __init__(
        self,
        store: ProgressStore | None = None,
        *,
        today: Callable[[], datetime.date] = datetime.date.today,
        puzzle: Puzzle | None = None,
        seed: int | None = None,
        link: str | None = None,
        classroom: Classroom | None = None,
    ) -> None:
        host = current_host()  # the served kit's file, or the static site's browser storage
        self.store = store if store is not None else host.progress_store()
        self.classroom = classroom if classroom is not None else host.classroom(self.store)
        self.classwork = host.class_work(self.store)  # the dashboard's: wrong rows, online
        self.today = today
        self.rng = random.Random(seed)
        self.link = link
        self.pupil: Pupil | None = None
        self.progress: Progress | None = None
        self._pending: list[tuple[str, dict[str, Any]]] = []
        self.hint_level = 0
        self._banner_words: Callable[[], str] | None = None
        self.daily_puzzle = daily(today())
        self.puzzle = puzzle or self.daily_puzzle

        self.status = StatusLine()
        self.words = Words(self.status)
        self.title = w.HTML("")
        self.banner = w.HTML("")  # what is wrong with the page's address, at the top
        self.banner.add_class("lnb-banner-box")
        # -- who is playing
        self.identity = ClassPanel(self.classroom, self.status, on_pupil=self._pupil_changed)
        self.todays = TodaysPuzzles(self.classwork, on_open=self.open_code, status=self.status)
        # -- choosing a puzzle
        self.levels = w.ToggleButtons(options=self._level_options(),
                                      value=min(self.puzzle.difficulty, 5),
                                      style={"button_width": "auto"})
        self.levels.add_class("lnb-levels")
        self.levels.observe(self.status.guarded(self._level_picked), "value")
        self._verdict: Callable[[], str] | None = None  # the check's words while shown
        self._opening = False  # True while a puzzle being opened sets its difficulty
        self.new_button = self._button("lnb-new", self.new_puzzle)
        self.daily_button = self._button("lnb-daily", self.open_daily)
        self.code_box = w.Text(placeholder=SHORT_EXAMPLE, continuous_update=False,
                               layout=w.Layout(width="16em"))
        self.code_box.add_class("lnb-code-input")
        self.code_box.observe(self.status.guarded(self._code_typed), "value")
        self.open_button = self._button("lnb-open", lambda: self.open_code(self.code_box.value))
        # -- the puzzle and its answer
        self.heading = w.HTML("")
        self.heading.add_class("lnb-puzzle-heading")
        self.copy_link = CopyLink()  # this page's address with ?code=, copied in the browser
        self.copy_link.on_error = self.status.sorry
        self.targets = w.HTML("")
        self.targets.add_class("lnb-targets")
        self.builder = PuzzleBuilder(self.puzzle, on_change=lambda _: self._rows_changed(),
                                     on_done=lambda _: self.check())
        self.builder.done_label = lambda: _("Check my answer")
        self.builder.done_tooltip = lambda: _("Check whether your rows solve the puzzle")
        self.builder.done_button.layout.width = "auto"
        self.hint_button = self._button("lnb-hint", self.next_hint)
        self.hint_row = w.HBox([self.hint_button])
        self.hints = w.HTML("")
        self.hints.add_class("lnb-hints")
        # -- progress and the teacher's corner
        self.progress_view = w.HTML("")
        self.progress_view.add_class("lnb-progress")
        # the browser's storage says it is full (or has room again) after its write
        self.store.when_problem_changes(self.status.guarded(self._show_progress))
        self._teacher: TeacherSheet | None = None  # built when first opened (fewer widgets)
        self.teacher_box = w.VBox([])
        corner = w.Accordion([self.teacher_box], selected_index=None)
        corner.add_class("lnb-teacher-corner")
        self.corner = corner
        corner.observe(self.status.guarded(lambda change: self.teacher if change["new"] == 0
                                           else None), "selected_index")

        self.contrast_toggle = ContrastToggle(self)
        self.language = language_switch()
        self.title_row = w.HBox([self.title, self.contrast_toggle, self.language])
        self.title_row.add_class("lnb-title-row")
        super().__init__([
            stylesheet(), app_styles("puzzles", CSS), self.title_row, self.banner,
            self.identity, self.todays,
            w.HBox([self.levels, self.new_button, self.daily_button]),
            w.HBox([self.code_box, self.open_button]),
            self.heading, self.copy_link, self.targets, self.builder,
            self.hint_row, self.hints, self.status,
            self.progress_view, corner,
        ])
        self.add_class("lnb-puzzle-app")
        self.add_class("lnb-app")
        self._label()
        self._set_puzzle(self.puzzle)
        register(self)

    @staticmethod
    def _level_options() -> list[tuple[str, int]]:
        return [(str(DIFFICULTY_NAMES[d]), d) for d in DIFFICULTIES]

    def _label(self) -> None:
        """The app's fixed words in the current language."""
        self.title.value = "<div class='lnb-title'>{}</div>".format(
            html.escape(_("Lovelace & Babbage puzzles")))
        value = self.levels.value
        was, self._opening = self._opening, True  # new words for the same difficulty: no new puzzle
        try:
            with self.levels.hold_sync():
                self.levels.options = self._level_options()
                self.levels.value = value
        finally:
            self._opening = was
        self.levels.tooltips = [_("Difficulty {level}").format(level=d) for d in DIFFICULTIES]
        self.new_button.description = _("New puzzle")
        self.daily_button.description = _("Today's puzzle")
        # TRANSLATORS: the shape of a puzzle code, typed as it is (keep it)
        self.code_box.placeholder = _("code, e.g. {example}").format(example=SHORT_EXAMPLE)
        self.open_button.description = _("Open code")
        self.corner.set_title(0, _("For teachers: a puzzle sheet for the class"))

    def relabel(self) -> None:
        """Every visible word in the current language; the puzzle, the rows written, the
        hints given and the pupil's progress are kept."""
        with self.hold_sync():
            self._label()
            relabel_part(self.builder)
            for part in (self.status, self.contrast_toggle, self.language, self._teacher,
                         self.identity, self.todays, self.copy_link):
                if part is not None:
                    relabel_part(part)
            self._show_hint_button()
            self._show_hint()
            self._show_heading()
            self._show_targets()
            self._show_progress()
            if self.banner.value and self._banner_words is not None:
                self._show_banner(self._banner_words())
            self.words.again()

    @property
    def teacher(self) -> TeacherSheet:
        """The teacher's corner (made on first use)."""
        if self._teacher is None:
            self._teacher = TeacherSheet(link_for=lambda: self.link)
            self._teacher.layout.width = "100%"
            self.teacher_box.children = (self._teacher,)
        return self._teacher

    def _button(self, css: str, action: Callable[[], None]) -> w.Button:
        return self.status.button(css, action, width="auto")

    # -- showing it ------------------------------------------------------------------------
    def show(self) -> None:
        """Display the app and the script that tells it who the browser is."""
        from IPython.display import HTML, display

        display(self, HTML(browser_key_script()))

    def open_page(self) -> None:
        """Under Voila: wait for the pupil's page, then act on its address (see ``open_query``).

        A preheated kernel may have been started on another day: today's puzzle is renewed.
        Nothing raises: an error lands on the status line (the page is shown even so).
        """
        with self.status.guard():
            query = voila_query()
            self.link = page_address() or self.link
            page_language(query)  # ?lang=, the pupil's choice, the browser's language
            self._new_switch()
            relabel_all()
            if daily(self.today()) != self.daily_puzzle:
                was_daily = self.puzzle == self.daily_puzzle
                self.daily_puzzle = daily(self.today())
                if was_daily:
                    self._set_puzzle(self.daily_puzzle)
            self.open_query(query)

    def open_query(self, query: Mapping[str, str]) -> None:
        """Act on the page address: ``code`` opens a puzzle. Nothing in an address says
        who the pupil is (anyone can type or share one): ``key``/``nick`` are ignored."""
        if query.get("key") or query.get("nick"):
            self.words.say("info", lambda: _(
                "Progress is not chosen by the page's address any more: this device keeps its "
                "own, or press {join} and use your card.").format(join=_("Join my class")))
        if "code" in query:
            try:
                self.open_code(query["code"])
            except LnbError as exc:
                broken = exc

                def said() -> str:
                    return _("The puzzle code in this page's address is broken: {error}. Ask "
                             "for the code again, or choose {new} or {daily}.").format(
                                 error=str(broken), new=_("New puzzle"), daily=_("Today's puzzle"))
                self.words.say("error", said)
                # Said at the top of the page; no other puzzle is opened in its place.
                self._banner_words = said
                self._show_banner(said())
                self._show_puzzle(False)

    def _show_banner(self, said: str) -> None:
        self.banner.value = f"<div class='lnb-banner' role='alert'>{html.escape(said)}</div>"

    def _new_switch(self) -> None:
        """The switch made again, showing the page's language (chosen after the app was made)."""
        old, self.language = self.language, language_switch()
        self.title_row.children = (self.title, self.contrast_toggle, self.language)
        old.close()

    # -- who is playing --------------------------------------------------------------------
    def use_pupil(self, pupil: Pupil, source: str) -> None:
        """Keep progress under ``pupil`` from now on (and save what was done before)."""
        self.identity.pupil, self.identity.source = pupil, source
        self.identity.show_who()
        self._pupil_changed(pupil, source)

    def _pupil_changed(self, pupil: Pupil | None, source: str) -> None:
        """The panel says who plays now: their progress (what was done before is saved)."""
        self.pupil = pupil
        if pupil is None:
            self.progress = None
        else:
            pending, self._pending = self._pending, []
            for kind, kwargs in pending:
                getattr(self.store, kind)(pupil, **kwargs)
            self.progress = self.store.load(pupil)
            self.classwork.seen(pupil)
            self._restore_hints()
        self.todays.show_for(pupil, self.today(), self.progress)
        self._show_progress()
        self._show_heading()

    # -- choosing a puzzle -----------------------------------------------------------------
    def new_puzzle(self) -> None:
        """A fresh puzzle of the chosen difficulty (one not solved before, when possible)."""
        difficulty = int(self.levels.value)
        for _try in range(20):
            puzzle = generate(difficulty, seed=self.rng.randrange(SHORT_SEEDS))
            done = self.progress.get(puzzle.code) if self.progress else None
            if puzzle != self.puzzle and not (done and done.solved):
                break
        self._set_puzzle(puzzle)
        self.words.say("info", lambda: _("A new puzzle of difficulty {level}.").format(
            level=difficulty))

    def open_daily(self) -> None:
        """Today's puzzle (the same for everyone today)."""
        today = self.today()
        if daily(today) != self.daily_puzzle:
            self.daily_puzzle = daily(today)
        self._set_puzzle(self.daily_puzzle)
        self.words.say("info", lambda: _("Today's puzzle: the same for everyone today."))

    def open_code(self, code: str) -> None:
        """Open a shared puzzle by its code; a broken code raises ``PuzzleCodeError``."""
        puzzle = Puzzle.from_code(code)
        if not puzzle.solvable:
            raise LnbError(_("{code!r}: this puzzle cannot be solved; check the code").format(
                code=code.strip()))
        self._set_puzzle(puzzle)
        self.code_box.value = ""
        self.words.say("info", lambda: _("Puzzle {code} opened.").format(
            code=puzzle.shown_code))

    def _code_typed(self, change: dict[str, Any]) -> None:
        if change["new"].strip():
            self.open_code(change["new"])

    def _level_picked(self, _change: dict[str, Any]) -> None:
        """A difficulty picked by the pupil opens a new puzzle of it at once."""
        if not self._opening:
            self.new_puzzle()

    def _set_puzzle(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        if puzzle.solvable and self.levels.value != puzzle.difficulty:
            self._opening = True
            try:
                self.levels.value = puzzle.difficulty
            finally:
                self._opening = False
        self.builder.set_puzzle(puzzle)
        self.copy_link.code = puzzle.shown_code
        self.hints.value = ""
        self._show_puzzle(True)
        self._restore_hints()
        self._show_heading()
        self._show_targets()
        self._show_progress()

    def _show_puzzle(self, shown: bool) -> None:
        """Show the puzzle and its answer, or hide them (a broken code opened nothing); an
        opened puzzle clears the banner."""
        for part in (self.heading, self.copy_link, self.targets, self.builder, self.hint_row,
                     self.hints):
            part.layout.display = None if shown else "none"
        if shown:
            self.banner.value = ""
            self._banner_words = None

    # -- hints and checking ------------------------------------------------------------------
    def _restore_hints(self) -> None:
        done = self.progress.get(self.puzzle.code) if self.progress else None
        self.hint_level = min(done.hints if done else 0, max(HINT_LEVELS))
        self._show_hint_button()
        self._show_hint()

    def _show_hint_button(self) -> None:
        top = max(HINT_LEVELS)
        done = self.hint_level >= top
        self.hint_button.disabled = done
        self.hint_button.description = _("No more hints") if done else (
            _("Hint {number} of {count}").format(number=self.hint_level + 1, count=top))
        self.hint_button.tooltip = (
            ngettext("You have had the {count} hint: it is below",
                     "You have had all {count} hints: the last one, below, gives a whole "
                     "program", top).format(count=top)
            if done else str(HINT_TIPS[self.hint_level + 1]))

    def _show_hint(self) -> None:
        """The hint of the level reached, in one short box (each level says what the one
        before said, and more, so it takes the place of the one before)."""
        if not self.hint_level:
            self.hints.value = ""
            return
        given = hint(self.puzzle, self.builder.program, level=self.hint_level)
        line = _("Hint {number} of {count}: {text}").format(
            number=given.level, count=max(HINT_LEVELS), text=str(given.text))
        self.hints.value = (f"<div class='lnb-hint-line' aria-live='polite'>"
                            f"{html.escape(line)}</div>")

    def next_hint(self) -> None:
        """Show the next hint (each says more; the third gives a whole program); after the
        third the button is disabled and nothing more is given."""
        if self.hint_level >= max(HINT_LEVELS):
            return
        self.hint_level += 1
        self._show_hint()
        self._record("record_hint", puzzle=self.puzzle.code, hints=self.hint_level,
                     difficulty=self._difficulty(), day=self.today())
        self._show_hint_button()

    def check(self) -> None:
        """Check the pupil's rows; explain a wrong answer; save the attempt."""
        program = self.builder.program
        feedback = check_answer(self.puzzle, program)
        self._record("record_attempt", puzzle=self.puzzle.code, solved=feedback.solved,
                     rows=len(program) if feedback.solved else None, hints=self.hint_level,
                     difficulty=self._difficulty(), day=self.today())
        if not feedback.solved:  # the rows, for the teacher's dashboard (a class pupil's)
            self.classwork.record_wrong_answer(self.pupil, self.puzzle.code, str(program),
                                               self.today())
        self.classwork.seen(self.pupil)
        self.todays.mark(self.progress)
        self._verdict = lambda: str(check_answer(self.puzzle, program).message) + (
            " " + shortest_words(self.puzzle.solution.length, self.puzzle.solution.count,
                                 len(program)) if feedback.solved else "")
        self.words.say("ok" if feedback.solved else "error", self._verdict)
        self._show_heading()

    def _rows_changed(self) -> None:
        """The rows changed (a row, Undo, Clear): the targets redrawn, and the verdict on the
        rows checked before taken away (it spoke of other rows)."""
        self._show_targets()
        if self._verdict is not None and self.words.showing(self._verdict):
            self.status.clear()
        self._verdict = None

    def _difficulty(self) -> int | None:
        return self.puzzle.difficulty if self.puzzle.solvable else None

    def _record(self, kind: str, **kwargs: Any) -> None:
        """Save through the store; before the pupil is known, keep it to save later."""
        if self.pupil is None:
            self._pending.append((kind, kwargs))
            self.progress = _pending_progress(self._pending)
        else:
            self.progress = getattr(self.store, kind)(self.pupil, **kwargs)
        self._show_progress()

    # -- drawing -----------------------------------------------------------------------------
    def _show_heading(self) -> None:
        p = self.puzzle
        stars = STARS.get(p.difficulty, "") if p.solvable else ""
        tags = [stars] if stars else []
        if p == self.daily_puzzle:
            tags.append(html.escape(_("today's puzzle"), quote=False))
        done = self.progress.get(p.code) if self.progress else None
        if done and done.solved:
            tags.append(html.escape(_("✓ solved")))
        tags.append(_("code {code}").format(
            code=f"<span class='lnb-code'>{html.escape(p.shown_code)}</span>"))
        lines = "<br>".join(html.escape(line) for line in str(p.text()).splitlines())
        self.heading.value = (
            f"<div class='lnb-goal'>{lines}</div>"
            f"<div class='lnb-muted'>{' · '.join(tags)}</div>"
        )

    def _show_targets(self) -> None:
        search = self.puzzle.search
        hit = 0
        try:
            results = self.builder.trace().results
        except LnbError:
            results = ()
        for result in results:
            hit = search.advance(hit, result)
        spans = [
            f"<span class='{'lnb-hit' if i < hit else 'lnb-target'}'>"
            f"{'✓ ' if i < hit else ''}{two_digits(t)}</span>"
            for i, t in enumerate(self.puzzle.targets)
        ]
        self.targets.value = _("Targets in order: {targets}").format(targets="".join(spans))

    def _show_progress(self) -> None:
        today = self.today()
        parts = []
        for_pupils = getattr(self.store, "problem_for_pupils", None)
        if self.store.problem and for_pupils is not None:  # the server's store: no path shown
            joined = self.pupil is not None and self.pupil.key.startswith("class:")
            parts.append("<div class='lnb-warning'>{}</div>".format(html.escape(
                for_pupils(joined))))
        elif self.store.problem:
            parts.append("<div class='lnb-warning'>{}</div>".format(html.escape(_(
                "Your progress cannot be saved right now; it is kept until you "
                "close this page. (For the teacher: {problem})").format(
                    problem=str(self.store.problem)))))
        for notice in self.store.notices:
            parts.append("<div class='lnb-warning'>{}</div>".format(html.escape(
                _("For the teacher: {notice}").format(notice=str(notice)))))
        p = self.progress
        if p is None or not p.puzzles:
            parts.append("<div>{}</div>".format(html.escape(
                _("No puzzle solved yet: solve one to start a streak!"))))
            self.progress_view.value = "".join(parts)
            return
        streak = p.streak_on(today)
        daily_done = p.get(self.daily_puzzle.code)
        line = [
            ngettext("Streak: <b>{count} day</b> (best {best})",
                     "Streak: <b>{count} days</b> (best {best})", streak).format(
                         count=streak, best=p.best_streak),
            ngettext("Solved: <b>{count}</b> puzzle", "Solved: <b>{count}</b> puzzles",
                     p.solved_count).format(count=p.solved_count),
            _("Today's puzzle: ✓") if daily_done and daily_done.solved
            else _("Today's puzzle: not yet"),
        ]
        parts.append(f"<div>{' · '.join(line)}</div>")
        rows = "".join(
            "<tr><td>{}</td><td>{}</td></tr>".format(STARS[d], html.escape(
                _("{solved} solved of {tried} tried").format(solved=solved, tried=tried)))
            for d, (solved, tried) in p.by_difficulty().items()
        )
        if rows:
            parts.append(f"<table>{rows}</table>")
        self.progress_view.value = "".join(parts)


def _pending_progress(pending: list[tuple[str, dict[str, Any]]]) -> Progress:
    """What a pupil not yet known has done, from the records waiting to be saved."""
    memory = current_host().memory_store()
    try:
        who = Pupil("session:unsaved", "you")
        progress = memory.load(who)
        for kind, kwargs in pending:
            progress = getattr(memory, kind)(who, **kwargs)
        return progress
    finally:
        memory.close()  # one a redraw: not left for the garbage collector


class TeacherSheet(w.VBox):
    """A teacher's corner: make a set of codes and download the printable sheet."""

    def __init__(self, link_for: Callable[[], str | None] = lambda: None) -> None:
        self.link_for = link_for
        self.status = StatusLine()
        self.words = Words(self.status)
        self.difficulty = w.Dropdown(options=list(DIFFICULTIES), value=2)
        self.count = w.BoundedIntText(value=10, min=1, max=60)
        self.seed = w.Text()
        self.make_button = w.Button(button_style="primary")
        self.make_button.add_class("lnb-make-sheet")
        self.make_button.on_click(self.status.guarded(lambda _: self.make()))
        self.result = w.HTML("")
        self.result.add_class("lnb-sheet")
        self.puzzle_set: PuzzleSet | None = None
        super().__init__([w.HBox([self.difficulty, self.count]),
                          w.HBox([self.seed, self.make_button]), self.status, self.result])
        self._label()
        register(self)

    def _label(self) -> None:
        self.difficulty.description = _("Difficulty")
        self.count.description = _("Puzzles")
        # TRANSLATORS: an example of a seed a teacher might type (any words make a set)
        self.seed.placeholder = _("e.g. 7B monday")
        self.seed.description = _("Seed")
        self.make_button.description = _("Make the sheet")

    def relabel(self) -> None:
        """The sheet's words in the current language (the set made is kept)."""
        self._label()
        relabel_part(self.status)
        if self.puzzle_set is not None:
            self._show_set()
        self.words.again()

    def make(self) -> PuzzleSet:
        """Make the set; list its codes (with links) and offer the sheet to download."""
        seed = self.seed.value.strip() or None
        self.puzzle_set = PuzzleSet.make(int(self.count.value), int(self.difficulty.value), seed)
        self._show_set()
        made = self.puzzle_set
        self.words.say("ok", lambda: ngettext("{count} puzzle ready.", "{count} puzzles ready.",
                                              len(made.puzzles)).format(count=len(made.puzzles)))
        return self.puzzle_set

    def _show_set(self) -> None:
        assert self.puzzle_set is not None
        link = self.link_for()
        sheet = self.puzzle_set.html(link=link)
        data = b64encode(sheet.encode("utf-8")).decode("ascii")
        name = f"puzzles-d{self.puzzle_set.difficulty}-{self.puzzle_set.seed}.html"
        items = []
        for code in self.puzzle_set.shown_codes:
            shown = html.escape(code)
            if link:
                shown = (f"<a href='{html.escape(code_link(link, code))}' target='_blank'>"
                         f"{shown}</a>")
            items.append(f"<li class='lnb-code'>{shown}</li>")
        download = _("⬇ Download the printable sheet (open it, then print or save as PDF)")
        again = _("Seed <b>{seed}</b> makes this set again.").format(
            seed=html.escape(self.puzzle_set.seed or ""))
        self.result.value = (
            f"<a download='{html.escape(name)}' href='data:text/html;base64,{data}'>"
            f"{html.escape(download)}</a>"
            f"<div>{again}</div><ol>{''.join(items)}</ol>"
        )


__all__ = ["PuzzleApp", "PuzzleBuilder", "TeacherSheet", "browser_key_script", "page_address",
           "voila_query"]


def shortest_words(length: int, count: int, rows: int) -> str:
    """Where a solving program of ``rows`` rows stands against the proven shortest ones (the
    solver's ``length`` and ``count``), in the current language.

    >>> shortest_words(2, 1, 2)
    'That is the shortest program there is: the only one of 2 rows.'
    >>> shortest_words(2, 3, 4)
    'The shortest programs have 2 rows (3 of them): yours is 2 rows longer.'
    """
    if rows <= length:
        if count == 1:
            return _("That is the shortest program there is: the only one of {length} "
                     "rows.").format(length=length)
        return _("That is as short as it gets: one of the {count} shortest programs "
                 "({length} rows).").format(count=count, length=length)
    return ngettext("The shortest programs have {length} rows ({count} of them): yours is "
                    "{more} row longer.",
                    "The shortest programs have {length} rows ({count} of them): yours is "
                    "{more} rows longer.", rows - length).format(
                        length=length, count=count, more=rows - length)
