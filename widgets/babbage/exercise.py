"""An exercise for a lesson: a question, an answer box, *Check*, instant feedback, hints.

The answer is checked by a *check*: a function from the typed text to a :class:`Verdict`,
built from the library (:func:`number`, :func:`numbers`, :func:`words`, or a
:class:`lnb.babbage.puzzles.Puzzle` checked by :func:`lnb.babbage.hints.check_answer`).
Hints escalate: each
press of *Hint* shows the next one in the same box, in place of the one before; after the last
the button is disabled and says so. The hint shown follows the answer: each new attempt makes
it again about the new text, and a right answer hides it. A :func:`number` check that knows
the program asked about
(``program=``, or a question like "Start at 55. Which number does <b>A3+ A4/</b> end on?")
diagnoses a wrong number with the engine (:func:`lnb.babbage.hints.diagnose`). Every callback
runs inside the status line's guard, so a pupil never sees a traceback.

>>> ex = Exercise("What is 55 + 5?", number(60, "55 + 5 = 60"), hints=["Count on 5 from 55."])
>>> ex.submit("61").message
'Not yet: 61 is too big.'
>>> ex.next_hint()
'Count on 5 from 55.'
>>> ex.submit("60").correct, ex.solved, ex.attempts
(True, True, 2)
>>> ex.status.text
'Yes! 55 + 5 = 60'
>>> from lnb.babbage.puzzles import Puzzle
>>> ex = Exercise.for_puzzle(Puzzle(start=55, targets=(30,), limit=2))
>>> ex.submit("A3+ A4x").message  # doctest: +ELLIPSIS
'Row 2 (A4x): 60 × 2 = 120 leaves 00–99. ...'
>>> ex.submit("A3+ A4/").correct
True
>>> ex = Exercise("Start at 55. Which number does <b>A3+ A4/ B4s</b> end on?", number(3))
>>> ex.submit("30").message
'Not yet: 30 is the number before the swap in row 3 (B4s). Do that row too.'
"""

from __future__ import annotations

import html
import re
import string
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from lnb.babbage.board import Board
from lnb.babbage.errors import LnbError
from lnb.babbage.hints import diagnose
from lnb.babbage.numbers import two_digits
from lnb.babbage.programs import Program
from lnb.core.i18n import N_, _, lazy_gettext, ngettext, pgettext
from widgets.core.relabel import Text, Words, register, relabel_part, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html


@dataclass(frozen=True)
class Verdict:
    """What a check says about one answer: right or not, a short sentence why, and for a
    wrong answer the kit's diagnosis as a stable key (None: no misconception named): one of
    :data:`DIAGNOSES` or :data:`lnb.babbage.hints.DIAGNOSES` (kept with the pupil's answer and
    pooled for the class on the teacher's dashboard; :func:`diagnosis_words` says it)."""

    correct: bool
    message: str
    diagnosis: str | None = None


#: The diagnosis keys of the usual checks, with what they mean for a teacher (the engine's
#: own, :data:`lnb.babbage.hints.DIAGNOSES`, are added by :func:`diagnosis_words`; a game's
#: check kinds add theirs with :func:`register_diagnoses`).
DIAGNOSES: dict[str, str] = {
    "too-big": N_("the number given is too big"),
    "too-small": N_("the number given is too small"),
    "not-a-number": N_("not a whole number"),
    "do-not-work": N_("numbers given that do not work"),
    "some-missing": N_("right so far, but not all the numbers"),
    "said-none": N_("said no number works, but some do"),
    "not-numbers": N_("not a list of numbers"),
}


def register_diagnoses(words: dict[str, str]) -> None:
    """Name more diagnosis keys (a check kind's), each with an ``N_()`` marked meaning."""
    DIAGNOSES.update(words)


def diagnosis_words(key: str | None) -> str:
    """What a diagnosis key means, in the current language ('' for None; an unknown key
    is shown as it is).

    >>> diagnosis_words("too-big"), diagnosis_words("rounded-up")
    ('the number given is too big', 'a ÷ row was rounded up instead of the remainder dropped')
    """
    from lnb.babbage.hints import DIAGNOSES as ENGINE

    if key is None:
        return ""
    found = DIAGNOSES.get(key) or ENGINE.get(key)
    return _(found) if found else key


Check = Callable[[str], Verdict]
HintSource = Callable[[int, str], str]
"""A hint maker: (hint number from 1, the pupil's answer so far) -> the hint's text."""

_INT = re.compile(r"(?<!\d)-?\d+")  # '60-61' is 60 and 61: a dash between digits separates
EMPTY = lazy_gettext("Type your answer first.")
#: What a pupil may type for "no number works" (in English or in Chinese).
_NONE_WORDS = {"none", "no", "nothing", "no start", "-", "0 starts", "nobody", "无", "没有",
               "都不行", "没有数字"}


def _yes(explain: str) -> str:
    """The verdict of a right answer, with the lesson's explanation when there is one."""
    explain = str(explain).strip()
    return _("Yes! {explain}").format(explain=explain) if explain else _("Yes!")


#: Punctuation an answer may start or end with ("No.", "科学。", "“27”"): ASCII and Chinese
#: (full-width ，！？；：（） are ASCII once NFKC-normalised; a minus sign is never trimmed).
_TRIM = ".,!?;:'\"()[]…。、“”‘’「」『』《》" + string.whitespace


def trimmed(text: str) -> str:
    """``text`` as an answer is compared: full-width letters and digits as ASCII (NFKC),
    lower case, punctuation and spaces at either end trimmed, inner spaces single.

    >>> trimmed(" No! "), trimmed("科学。"), trimmed("２７，"), trimmed("“No, never.”")
    ('no', '科学', '27', 'no, never')
    """
    plain = unicodedata.normalize("NFKC", text).lower().strip(_TRIM)
    return " ".join(plain.split())


def read_number(text: str) -> int | None:
    """The whole number typed (``'07'`` is 7, ``'−54'`` is −54, ``'２７。'`` is 27), or None.

    >>> read_number(" 07 "), read_number("−54"), read_number("seven"), read_number("２７。")
    (7, -54, None, 27)
    """
    cleaned = trimmed(text).replace("−", "-").replace(" ", "")
    return int(cleaned) if re.fullmatch(r"-?\d+", cleaned) else None


def number(expected: int, explain: str = "", direction: bool = True, *,
           program: str | None = None, start: int = 55, board: Board | None = None) -> Check:
    """Check a whole-number answer; say *too big* / *too small* when ``direction``.

    The example in the reply to text that is not a number is never the answer:

    >>> check = number(27, "55 ÷ 2 = 27 r 1: the remainder is dropped.")
    >>> check("27.5").message, check("").message
    ('Type a whole number, like 32.', 'Type your answer first.')

    With ``program`` (run from ``start`` on ``board``), a wrong number is diagnosed:

    >>> number(27, program="A4/")("28").message
    'Not yet: Row 1 (A4/): 55 ÷ 2 has a remainder, and 28 rounds up. The engine never \
rounds up: it drops the remainder.'
    """

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        value = read_number(text)
        if value is None:
            return Verdict(False, _("Type a whole number, like {example}.").format(
                example=_example(expected)), "not-a-number")
        if value == expected:
            return Verdict(True, _yes(explain))
        if program is not None and 0 <= value <= 99:
            why = diagnose(program, value, start, board)
            if why is not None:
                return Verdict(False, _("Not yet: {why}").format(why=str(why.message)),
                               why.kind)
        if direction and value > expected:
            return Verdict(False, _("Not yet: {value} is too big.").format(value=value),
                           "too-big")
        if direction:
            return Verdict(False, _("Not yet: {value} is too small.").format(value=value),
                           "too-small")
        return Verdict(False, _("Not yet: {value} is not it.").format(value=value))

    def about(program_: str, start_: int) -> Check:
        return number(expected, explain, direction, program=program_, start=start_, board=board)

    check.about_program = about  # type: ignore[attr-defined]
    check.program = program  # type: ignore[attr-defined]
    check.expected = expected  # type: ignore[attr-defined]
    return check


_ASKS_ABOUT = re.compile(r"(?:Start at|从) (\d{1,2})\b.*?<b>([^<]+)</b>", re.S)


def asks_about_program(question: str, expected: int) -> tuple[str, int] | None:
    """The program and start a question asks about ("Start at 55. Which number does
    <b>A3+ A4/ B4s</b> end on?"), when it runs on the standard board and ends on
    ``expected``; None otherwise.

    >>> asks_about_program("Start at 55. What does <b>A4/</b> make?", 27)
    ('A4/', 55)
    >>> asks_about_program("Start at 55. What does <b>A4/</b> make?", 28) is None
    True
    """
    m = _ASKS_ABOUT.search(question)
    if m is None:
        return None
    start, text = int(m.group(1)), html.unescape(m.group(2))
    try:
        result = Program.parse(text).run(Board.standard(), start=start, limit=None).result
    except LnbError:
        return None
    return (text, start) if result == expected and text.strip() else None


def _examples(avoid: Iterable[int], count: int = 1) -> list[int]:
    """Two-digit numbers to show as examples, none of them in ``avoid`` (nor minus one of
    them): an example must never give the answer away. They change with the answers, so
    no fixed example being skipped tells which answer it was.

    >>> _examples({27}), _examples({32}), _examples({69, 70}, 2)
    ([32], [67], [96, 29])
    """
    avoid = {abs(v) for v in avoid}
    # With one answer e, (7e + 13) mod 90 + 10 is never e nor -e (6e ≡ 67 and -8e ≡ 23
    # (mod 90) have no solution); further steps of 23 go round all 90 two-digit numbers.
    start = (7 * sum(avoid) + 13) % 90
    found: list[int] = []
    for k in range(90):
        value = (start + 23 * k) % 90 + 10
        if value not in avoid:
            found.append(value)
            if len(found) == count:
                break
    return found


def _example(expected: int) -> str:
    return str(_examples({expected})[0])


def numbers(expected: Iterable[int], explain: str = "") -> Check:
    """Check an answer that is a set of numbers, in any order (``69, 70``); none may be
    the answer (type *none*).

    >>> check = numbers([69, 70])
    >>> check("70").message
    'Right so far, but there is 1 more.'
    >>> check("69 70 71").message
    '71 does not work.'
    >>> check("69-70").correct  # a dash between numbers separates them
    True
    >>> numbers([])("none").correct
    True
    """
    wanted = sorted(set(expected))
    example = ", ".join(str(v) for v in _examples(wanted, 2))

    def check(text: str) -> Verdict:
        typed = trimmed(text)
        if not typed:
            return Verdict(False, str(EMPTY))
        if not wanted and typed in _NONE_WORDS:
            explain_ = str(explain).strip()
            return Verdict(True, _("Yes! No number works. {explain}").format(explain=explain_)
                           if explain_ else _("Yes! No number works."))
        given = sorted({int(v) for v in _INT.findall(typed.replace("−", "-"))})
        if not given:
            if typed in _NONE_WORDS:
                return Verdict(False, _("Not yet: some numbers do work."), "said-none")
            return Verdict(False, _("Type numbers separated by commas, like {example} "
                                    "(or none).").format(example=example), "not-numbers")
        wrong = [v for v in given if v not in wanted]
        if wrong:
            listed = ", ".join(str(v) for v in wrong)
            return Verdict(False, ngettext("{numbers} does not work.", "{numbers} do not work.",
                                           len(wrong)).format(numbers=listed), "do-not-work")
        missing = len(wanted) - len(given)
        if missing:
            return Verdict(False, ngettext("Right so far, but there is {count} more.",
                                           "Right so far, but there are {count} more.",
                                           missing).format(count=missing), "some-missing")
        return Verdict(True, _yes(explain))

    return check


def words(accepted: Iterable[str], explain: str = "", example: Text | None = None) -> Check:
    """Check a one-word answer (case, spaces and punctuation around it do not matter; a
    reason may follow it: "No, never"). ``example`` is shown when nothing is typed, unless it
    names an accepted answer.

    >>> words(["yes"])("Yes ").correct, words(["yes"])("no").message
    (True, 'Not yet: think again.')
    >>> words(["no"])("No, never.").correct, words(["no"])("No, yes").correct
    (True, False)
    >>> words(["science"], example="a type, like Art")("").message
    'Type your answer first: a type, like Art.'
    """
    allowed = {trimmed(a) for a in accepted}
    shown = _EXAMPLE if example is None else example

    def empty() -> str:
        said = text_of(shown)
        gives_away = any(re.search(rf"(?<!\w){re.escape(a)}(?!\w)", said.lower())
                         for a in allowed)
        if gives_away or not said:
            return str(EMPTY)
        return _("Type your answer first: {example}.").format(example=said)

    def check(text: str) -> Verdict:
        typed = trimmed(text)
        if not typed:
            return Verdict(False, empty())
        if typed in allowed or _first_clause_answers(typed, allowed):
            return Verdict(True, _yes(explain))
        return Verdict(False, _("Not yet: think again."))

    return check


_CLAUSE = re.compile(r"[,;:!?.。、]")
_YES_NO = {"yes", "no"}


def _first_clause_answers(typed: str, allowed: set[str]) -> bool:
    """Whether ``typed`` (:func:`trimmed`) starts with an accepted answer followed by a reason
    ("no, never") that does not take it back with the other of yes and no ("no, yes")."""
    first, *rest = _CLAUSE.split(typed, maxsplit=1)
    first = first.strip()
    if first not in allowed or not rest:
        return False
    return not set(re.findall(r"\w+", rest[0])) & (_YES_NO - {first})


_EXAMPLE = lazy_gettext("yes or no")


def rows_html(program: str, board: object, start: int) -> str:
    """The rows of a typed program as the engine works them out (``55 + 5 = 60``), stopping
    at the first row that breaks a rule; '' when the text is not a program."""
    try:
        parsed = Program.parse(program)
    except LnbError:
        return ""
    first = html.escape(pgettext("the first line of a program", "Start"))
    value, cells = start, [f"<tr class='lnb-start'><td></td><td>{first}</td>"
                           f"<td>{two_digits(start)}</td></tr>"]
    for i, op in enumerate(parsed.operations, start=1):
        try:
            step = op.apply(value, board, row=i)  # type: ignore[arg-type]
        except LnbError:
            cells.append(f"<tr class='lnb-row lnb-void'><td>{i}.</td><td>{op}</td>"
                         "<td>{}</td></tr>".format(html.escape(_("not allowed"))))
            break
        cells.append(f"<tr class='lnb-row'><td>{i}.</td><td>{op}</td>"
                     f"<td>{html.escape(str(step.text))}</td></tr>")
        value = step.result
    return "<table>" + "".join(cells) + "</table>"


_ANSWER = lazy_gettext("your answer")


class Exercise(w.VBox):
    """One question with an answer box, a *Check* button, feedback and escalating hints."""

    def __init__(
        self,
        question: Text,
        check: Check,
        hints: Sequence[str] | tuple[int, HintSource] = (),
        *,
        placeholder: Text | None = None,
        title: Text = "",
        show_rows: Callable[[str], str] | None = None,
        on_solved: Callable[[Exercise], None] | None = None,
        on_answer: Callable[[Exercise, str, Verdict], None] | None = None,
    ) -> None:
        asked = (asks_about_program(text_of(question), check.expected)  # type: ignore[attr-defined]
                 if getattr(check, "about_program", None) and check.program is None  # type: ignore[attr-defined]
                 else None)
        self.check = check if asked is None else check.about_program(*asked)  # type: ignore[attr-defined]
        if isinstance(hints, tuple) and len(hints) == 2 and callable(hints[1]):
            self.hint_count, self._hint_source = hints  # type: ignore[misc]
        else:
            texts = list(hints)  # type: ignore[arg-type]
            self.hint_count = len(texts)
            self._hint_source = lambda n, _text: texts[n - 1]
        self.show_rows = show_rows
        self.on_solved = on_solved
        #: Called with every answer checked (not an empty one): the lesson keeps it.
        self.on_answer = on_answer
        #: Called with a kept answer a reopened lesson shows (a view whose answer is not the
        #: box's text, e.g. a grid, shows it there).
        self.on_resume: Callable[[str], None] | None = None
        self.solved = False
        self._resuming = False
        self.attempts = 0
        self._last_checked: str | None = None
        self._right_now = False  # whether the answer last checked is right (no hint then)
        self.hints_shown: list[str] = []

        self._placeholder: Text = _ANSWER if placeholder is None else placeholder
        self._question = question
        self._title_text = title
        self._hints_asked: list[str] = []  # the answer each shown hint was about
        self.status = StatusLine()
        self.words = Words(self.status)
        # Each part is made with its classes and words (the kit's pages make hundreds of
        # these: a trait set after a widget is made is one more message to the page).
        self.title = w.HTML(title_html(text_of(self._title_text)))
        self.question = w.HTMLMath(self._question_html(), _dom_classes=("lnb-question",))
        self.answer = w.Text(continuous_update=False, layout=w.Layout(width="16em"),
                             placeholder=text_of(self._placeholder),
                             _dom_classes=("lnb-answer",))
        self.answer.observe(self.status.guarded(self._answer_changed), "value")
        self.check_button = w.Button(button_style="primary", _dom_classes=("lnb-check",),
                                     **self._check_button_words())
        self.check_button.on_click(self.status.guarded(lambda _: self._check_clicked()))
        self.hint_button = w.Button(_dom_classes=("lnb-hint",),
                                    layout=w.Layout(display=self._hint_button_display()),
                                    **self._hint_button_look())
        self.hint_button.on_click(self.status.guarded(lambda _: self.next_hint()))
        self.hint_list = w.HTML(self._hint_list_html(), _dom_classes=("lnb-hints",))
        self.rows = w.HTML("", _dom_classes=("lnb-rows",))
        super().__init__([
            stylesheet(), self.title, self.question,
            w.HBox([self.answer, self.check_button, self.hint_button]),
            self.status, self.rows, self.hint_list,
        ], _dom_classes=("lnb-exercise", "lnb-widget"))
        self._label()
        self._draw_hints()
        register(self)

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        self.answer.placeholder = text_of(self._placeholder)
        self.question.value = self._question_html()
        for name, value in self._check_button_words().items():
            setattr(self.check_button, name, value)

    def _question_html(self) -> str:
        return f"<div style='font-size:19px'>{text_of(self._question)}</div>"

    @staticmethod
    def _check_button_words() -> dict[str, str]:
        return {"description": pgettext("check an answer", "Check"),
                "tooltip": _("Check your answer")}

    def relabel(self) -> None:
        """Every word in the current language; the answer, the attempts, the hints shown
        and the verdict stay (the verdict and the hints are made again in the new language)."""
        with self.hold_sync():
            self._label()
            relabel_part(self.status)
            self.hints_shown = [self._hint_source(n, asked)
                                for n, asked in enumerate(self._hints_asked, start=1)]
            self._draw_hints()
            if self._last_checked is not None and self.show_rows is not None \
                    and self._last_checked.strip():
                self.rows.value = self.show_rows(self._last_checked)
            self.words.again()

    @classmethod
    def for_puzzle(cls, puzzle: object, question: Text | None = None, **kwargs: object
                   ) -> Exercise:
        """A program-writing exercise: the pupil types rows; the library checks and hints.

        ``puzzle`` is an :class:`lnb.babbage.puzzles.Puzzle`; its three hint levels are shown one by
        one, each about the rows typed so far.
        """
        from lnb.babbage.hints import LEVELS, check_answer, hint
        from lnb.babbage.puzzles import Puzzle

        assert isinstance(puzzle, Puzzle)

        def check(text: str) -> Verdict:
            feedback = check_answer(puzzle, text)
            why = feedback.diagnosis
            return Verdict(feedback.solved, feedback.message, why.kind if why else None)

        def hint_text(level: int, text: str) -> str:
            try:
                Program.parse(text)
            except LnbError:
                text = ""
            return hint(puzzle, text, level).text

        kwargs.setdefault("placeholder", lambda: _("type rows, e.g. {example}").format(
            example="A3+ B4s"))
        kwargs.setdefault("show_rows",
                          lambda text: rows_html(text, puzzle.board, puzzle.start))
        made = cls(question or (lambda: html.escape(str(puzzle.text()))), check,
                   (len(LEVELS), hint_text), **kwargs)  # type: ignore[arg-type]
        made.puzzle = puzzle  # the puzzle asked (its sentence is the library's)
        return made

    # -- actions ------------------------------------------------------------------------------
    def submit(self, text: str) -> Verdict:
        """Check ``text`` and show the verdict (what *Check* does with the answer box); an
        empty answer is not an attempt."""
        if not text.strip():
            self._last_checked = text
            self._hints_follow(text, right=False)
            self.words.say("info", lambda: str(EMPTY))
            return Verdict(False, str(EMPTY))
        self.attempts += 1
        self._last_checked = text
        verdict = self.check(text)
        self._hints_follow(text, right=verdict.correct)
        if self.show_rows is not None:
            self.rows.value = self.show_rows(text)
        if self.on_answer is not None:
            self.on_answer(self, text, verdict)
        kind = "ok" if verdict.correct else "error"
        now = [verdict.message]  # said now; a relabel checks the answer again in its language
        self.words.say(kind, lambda: now.pop() if now else self.check(text).message)
        if verdict.correct:
            self.add_class("lnb-solved")
            first = not self.solved
            self.solved = True
            if first and self.on_solved is not None:
                self.on_solved(self)
        return verdict

    def resume(self, text: str, *, tries: int, solved: bool, day: str = "") -> None:
        """Show a kept answer as the pupil left it (a reopened lesson): ``text`` in the box,
        its verdict (checked again quietly: nothing is kept, no hint), ``tries`` counted and,
        under a right answer, the day it was answered (``day``, ``2026-12-06``).

        >>> ex = Exercise("What is 55 + 5?", number(60), on_answer=lambda *a: print("kept"))
        >>> ex.resume("60", tries=2, solved=True, day="2026-12-06")
        >>> ex.status.text, ex.answer.value, ex.attempts, ex.solved
        ('Yes! You answered this on 2026-12-06.', '60', 2, True)
        """
        self._resuming = True
        try:
            self.answer.value = text
        finally:
            self._resuming = False
        self.attempts = tries
        self._last_checked = text
        if self.on_resume is not None:
            self.on_resume(text)
        right = self.check(text).correct
        self._hints_follow(text, right=right)
        if self.show_rows is not None:
            self.rows.value = self.show_rows(text)

        def said() -> str:
            message = self.check(text).message
            if right and day:
                return " ".join((message, _("You answered this on {day}.").format(day=day)))
            return message

        self.words.say("ok" if right else "error", said)
        if solved or right:
            self.add_class("lnb-solved")
            first = not self.solved
            self.solved = True
            if first and self.on_solved is not None:
                self.on_solved(self)

    def clear(self) -> None:
        """Nothing answered (another pupil's page now): the box, the verdict, the tries, the
        hints and the rows are emptied."""
        self._resuming = True
        try:
            self.answer.value = ""
        finally:
            self._resuming = False
        self.attempts, self.solved, self._last_checked = 0, False, None
        self._hints_asked, self.hints_shown, self._right_now = [], [], False
        self.rows.value = ""
        self.remove_class("lnb-solved")
        self.status.clear()
        self._draw_hints()

    def next_hint(self) -> str | None:
        """Show the next hint (about the answer typed so far); None when all are shown."""
        number_ = len(self.hints_shown) + 1
        if number_ > self.hint_count:
            return None
        text = self._hint_source(number_, self.answer.value)
        self._hints_asked.append(self.answer.value)
        self.hints_shown.append(text)
        self._draw_hints()
        return text

    def _hints_follow(self, text: str, *, right: bool) -> None:
        """A new attempt: the hint shown is made again about ``text`` (a hint about rows no
        longer there would mislead); a right answer hides the hints (nothing left to hint at)."""
        self._right_now = right
        if self._hints_asked and self._hints_asked[-1] != text:
            self._hints_asked = [text] * len(self._hints_asked)
            self.hints_shown = [self._hint_source(n, text)
                                for n in range(1, len(self._hints_asked) + 1)]
        self._draw_hints()

    # -- callbacks and drawing -------------------------------------------------------------
    def _answer_changed(self, change: dict) -> None:
        if change["new"].strip() and not self._resuming:
            self.submit(change["new"])

    def _check_clicked(self) -> None:
        # Leaving the box already checked this text (the click moved the focus): once is enough.
        if self.answer.value != self._last_checked or not self.status.text:
            self.submit(self.answer.value)

    def _draw_hints(self) -> None:
        for name, value in self._hint_button_look().items():
            setattr(self.hint_button, name, value)
        self.hint_button.layout.display = self._hint_button_display()
        self.hint_list.value = self._hint_list_html()

    def _hint_button_look(self) -> dict[str, Any]:
        left = self.hint_count - len(self.hints_shown)
        return {
            "disabled": left == 0,
            "description": (
                _("Hint ({number} of {count})").format(number=len(self.hints_shown) + 1,
                                                       count=self.hint_count)
                if left else _("No more hints")),
            "tooltip": (_("Show a hint") if left else ngettext(
                "You have seen the {count} hint: it is below",
                "You have seen all {count} hints: the last one is below",
                self.hint_count).format(count=self.hint_count)),
        }

    def _hint_button_display(self) -> str | None:
        return None if self.hint_count and not self._right_now else "none"

    def _hint_list_html(self) -> str:
        # One short box: each hint says what the one before said and more, so it replaces it.
        shown = len(self.hints_shown)
        return (f"<ol class='lnb-hint-list lnb-hint-box' start='{shown}' aria-live='polite'>"
                f"<li>{html.escape(str(self.hints_shown[-1]))}</li></ol>"
                if shown and not self._right_now else "")


__all__ = ["DIAGNOSES", "Exercise", "Verdict", "diagnosis_words", "number", "numbers",
           "read_number", "register_diagnoses", "rows_html", "words"]
