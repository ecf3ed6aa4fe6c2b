"""Views and exercises of Ada's Dream's lessons: the Program cards, lines of a Mill as the
library judges them, tables of counts shown once their question is answered, and a Mill the
pupil fills with dice (:func:`mill_exercise`). Every count and verdict is
:mod:`lnb.dream.mill`'s (through :mod:`widgets.dream.lesson_checks`); the exercises' words and
answers are in the lesson's bank (``widgets/lessons/exercises/dream-mill.toml``), which names
this module's check kinds (registered on import).

>>> from widgets.lessons.bank import exercise
>>> ex = mill_exercise(exercise("dream-mill", "fill-mill"))
>>> ex.fill({"A1": 2, "A2": 4, "A3": 5})
>>> ex.check().message
'Not yet: 0 of the 4 equations are true.'
>>> print(ex.exercise.rows.value.count("lnb-line-false"), ex.exercise.solved)
1 False
>>> table = counts_view(after=ex.exercise)
>>> "p05" in table.value, "14 / 216" in table.value
(False, False)
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, _, pgettext
from lnb.dream.dice import Die
from lnb.dream.edition import Colour
from lnb.dream.mill import CELLS, COLUMNS, ROWS, Status, count_ways, equation, rule_text, satisfies
from widgets.babbage.exercise import Check, Exercise
from widgets.core.relabel import register
from widgets.dream import lesson_checks as lc
from widgets.lessons.bank import BankEntry, CheckMaker, Said, bank, register_check

CSS = """
.lnb-dream-lesson table { border-collapse: collapse; margin: 4px 0; }
.lnb-dream-lesson td, .lnb-dream-lesson th { padding: 3px 10px; border-bottom: 1px solid #ddd;
                                            text-align: left; }
.lnb-dream-lesson .lnb-num { text-align: right; font-variant-numeric: tabular-nums; }
.lnb-dream-lesson .lnb-bar { display: inline-block; height: 12px; background: #283593;
                             border-radius: 3px; vertical-align: middle; }
.lnb-dream-lesson .lnb-waiting { color: #595959; font-style: italic; }
.lnb-program-cards { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; padding: 0;
                     margin: 4px 0; }
.lnb-program-card { border: 2px solid #9fa8da; border-radius: 6px; padding: 4px 8px;
                    min-width: 13.5em; display: flex; gap: 8px; align-items: baseline; }
.lnb-program-card .lnb-prestige { margin-left: auto; color: #283593; font-size: 14px; }
.lnb-line-true { color: #1b5e20; }
.lnb-line-not-yet { color: #6d4c00; }
.lnb-line-false { color: #b71c1c; }
.lnb-mill-report { list-style: none; padding-left: 0; margin: 4px 0; font-size: 16px; }
.lnb-mill-grid { display: grid; grid-template-columns: 2em repeat(3, 8em) minmax(8em, auto);
                 gap: 4px; align-items: center; margin: 6px 0; }
.lnb-mill-grid > .widget-html { white-space: nowrap; }
.lnb-mill-grid .lnb-mill-head { text-align: center; font-weight: bold; }
.lnb-mill-grid .lnb-mill-card { font-size: 14px; color: #283593; }
.lnb-mill-grid .widget-dropdown { width: 4.4em; }
.lnb-mill-grid .widget-dropdown select { font-size: 18px; text-align: center; }
"""

MARKS = {Status.TRUE: "✔", Status.NOT_YET: "…", Status.FALSE: "✘"}


class View(w.HTML):
    """An HTML view drawn by ``make`` in the page's language (again on a switch)."""

    def __init__(self, make: Callable[[], str]) -> None:
        super().__init__()
        self.make = make
        self.add_class("lnb-dream-lesson")
        self.add_class("lnb-widget")
        self.refresh()
        register(self)

    def refresh(self) -> None:
        self.value = f"<style>{CSS}</style>{self.make()}"

    def relabel(self) -> None:
        self.refresh()


def _e(text: object) -> str:
    return html.escape(str(text))


NUM = "lnb-num"


def headings() -> dict[str, str]:
    """The tables' headings in the language of the moment (their own context: "rolls" here
    are outcomes that make a card true, not the rolls a player made)."""
    return {
        "card": pgettext("Mill lesson table", "card"),
        "when": pgettext("Mill lesson table", "the line is true when"),
        "rolls": pgettext("Mill lesson table", "rolls"),
        "chance": pgettext("Mill lesson table", "chance"),
        "in order": pgettext("Mill lesson table", "in the order rolled"),
        "some order": pgettext("Mill lesson table", "in some order"),
        "times": pgettext("Mill lesson table", "times rolled"),
        "simulated": pgettext("Mill lesson table", "simulated"),
        "exact": pgettext("Mill lesson table", "exact"),
    }


def _head(*cells: tuple[str, str]) -> str:
    """A table's heading row: each cell's words and CSS class."""
    return "<tr>" + "".join(f"<th class='{css}'>{_e(words)}</th>" for words, css in cells) + "</tr>"


def programs_view(ids: Sequence[str] | None = None) -> View:
    """The edition's Program cards (or ``ids``) as cards: name, what each asks, Prestige."""

    def make() -> str:
        cards = [lc.card(i) for i in ids] if ids else list(lc.edition().programs)
        prestige = _("Prestige")
        items = "".join(f"<li class='lnb-program-card'><b>{c.id}</b> {_e(rule_text(c))}"
                        f"<span class='lnb-prestige'>{c.prestige} {_e(prestige)}</span></li>"
                        for c in cards)
        return f"<ul class='lnb-program-cards'>{items}</ul>"

    return View(make)


#: The lesson's example lines under ``p01`` (a + b = c): not yet, true, false.
EXAMPLE_LINES = ((2, 3, 0), (2, 3, 5), (5, 3, 0))
#: The cards whose counts in some order the lesson compares.
ORDER_CARDS = ("p01", "p03", "p05", "p11", "p14")


def lines_view(card_id: str = "p01", lines: Sequence[Sequence[int]] = EXAMPLE_LINES) -> View:
    """Lines of dice (0: an empty cell) under one card, each as the library judges it."""

    def make() -> str:
        program = lc.card(card_id)
        items = []
        for faces in lines:
            found = equation(program, lc.dice(faces))
            items.append(f"<li class='{_status_class(found.status)}'>{MARKS[found.status]} "
                         f"{_e(found.text)} — {_e(_status_words(found.status))}</li>")
        return f"<ul class='lnb-mill-report'>{''.join(items)}</ul>"

    return View(make)


def _status_class(status: Status) -> str:
    return "lnb-line-" + status.value.replace(" ", "-")


def _status_words(status: Status) -> str:
    return {Status.TRUE: _("true"), Status.NOT_YET: _("not yet"),
            Status.FALSE: _("false")}[status]


def _revealed(after: Exercise | None, make: Callable[[], str]) -> View:
    """A view drawn by ``make`` once ``after`` is solved (it would give its answer away);
    until then it says so."""

    def shown() -> str:
        if after is not None and not after.solved:
            waiting = _("Answer the question above first: then this table shows here.")
            return f"<p class='lnb-waiting lnb-reveal-note'>{_e(waiting)}</p>"
        return make()

    view = View(shown)
    view.add_class("lnb-reveal")  # as the museum's Reveal: the page pass waits for its note
    if after is not None:
        before = after.on_solved

        def solved(ex: Exercise) -> None:
            if before is not None:
                before(ex)
            view.refresh()

        after.on_solved = solved
    return view


def counts_view(after: Exercise | None = None) -> View:
    """Every card's exact count of rolls (in order) and chance, least likely first, with a
    bar; shown once ``after`` (the question asking one of them) is solved."""

    def make() -> str:
        cards = sorted(lc.edition().programs, key=lambda c: count_ways(c)[0] / count_ways(c)[1])
        words = headings()
        head = _head((words["card"], ""), (words["when"], ""), (words["rolls"], NUM),
                     (words["chance"], NUM), ("", ""), (_("Prestige"), NUM))
        rows = []
        for c in cards:
            n, total = count_ways(c)
            rows.append(f"<tr><td>{c.id}</td><td>{_e(rule_text(c))}</td>"
                        f"<td class='lnb-num'>{n} / {total}</td>"
                        f"<td class='lnb-num'>{n / total:.1%}</td>"
                        f"<td><span class='lnb-bar' style='width:{round(160 * n / total)}px'>"
                        f"</span></td><td class='lnb-num'>{c.prestige}</td></tr>")
        return f"<table>{head}{''.join(rows)}</table>"

    return _revealed(after, make)


def some_order_view(after: Exercise | None = None, ids: Sequence[str] = ORDER_CARDS) -> View:
    """For each card: the rolls true in the order rolled, and true in some order; shown once
    ``after`` is solved."""

    def make() -> str:
        words = headings()
        head = _head((words["card"], ""), (words["when"], ""), (words["in order"], NUM),
                     (words["some order"], NUM))
        rows = "".join(
            f"<tr><td>{c.id}</td><td>{_e(rule_text(c))}</td>"
            f"<td class='lnb-num'>{count_ways(c)[0]} / 216</td>"
            f"<td class='lnb-num'>{lc.some_order_ways(c)} / 216</td></tr>"
            for c in (lc.card(i) for i in ids))
        return f"<table>{head}{rows}</table>"

    return _revealed(after, make)


def simulate(card_id: str, rolls: int, seed: int = 1) -> float:
    """The share of ``rolls`` random lines of three dice (seeded) that make the card true.

    >>> simulate("p01", 1000) == simulate("p01", 1000)
    True
    """
    rng = random.Random(seed)
    colours = list(Colour)
    program = lc.card(card_id)
    hits = 0
    for _roll in range(rolls):
        line = [Die(rng.choice(colours), rng.randint(1, 6)) for _die in range(3)]
        hits += satisfies(program, line)
    return hits / rolls


def simulation_view(card_id: str = "p01", rolls: Sequence[int] = (100, 1_000, 10_000),
                    seed: int = 1) -> View:
    """Simulated shares against the exact one, for more and more rolls."""
    shares = {n: simulate(card_id, n, seed) for n in rolls}

    def make() -> str:
        n, total = count_ways(lc.card(card_id))
        words = headings()
        head = _head((words["times"], NUM), (words["simulated"], NUM), (words["exact"], NUM))
        rows = "".join(f"<tr><td class='lnb-num'>{k:,}</td><td class='lnb-num'>{v:.3f}</td>"
                       f"<td class='lnb-num'>{n / total:.3f}</td></tr>"
                       for k, v in shares.items())
        return f"<table>{head}{rows}</table>"

    view = View(make)
    view.shares = shares  # type: ignore[attr-defined]
    return view


# -- the Mill the pupil fills ------------------------------------------------------------


def report_html(lines: Mapping[str, str], text: str) -> str:
    """The Program lines of a typed Mill, each marked and said as the library judges it."""
    faces = lc.read_mill(text)
    if faces is None:
        return ""
    items = [f"<li class='{_status_class(r.status)}'>{MARKS[r.status]} "
             f"{_e(said)}</li>"
             for (_line, r), said in zip(lc.mill_report(lines, faces),
                                         lc.report_lines(lines, faces), strict=True)]
    return f"<ul class='lnb-mill-report'>{''.join(items)}</ul>"


class MillExercise(w.VBox):
    """A 3×3 Mill of dice faces the pupil chooses, with Programs beside some of its lines; the
    bank's exercise (question, *Check*, hints) below checks it, and each Program's line is
    then shown true, not yet or false, with why."""

    def __init__(self, ex: Exercise, lines: Mapping[str, str]) -> None:
        self.exercise = ex
        self.lines = dict(lines)
        ex.answer.layout.display = "none"  # the cells are the answer
        ex._check_clicked = lambda: ex.submit(self.text())  # type: ignore[method-assign]
        ex.show_rows = lambda text: report_html(self.lines, text)
        ex.on_resume = self._resume  # a reopened lesson: the kept Mill back in its cells
        self.cells = {cell: w.Dropdown(options=[("□", 0), *((str(f), f) for f in lc.FACES)],
                                       value=0, layout=w.Layout(width="4.4em"))
                      for cell in CELLS}
        for cell, box in self.cells.items():
            box.add_class("lnb-mill-cell")
            box.add_class(f"lnb-mill-{cell}")
        self.labels: list[tuple[w.HTML, Callable[[], str]]] = []
        parts: list[w.Widget] = [w.HTML("")]
        parts += [self._label(lambda c=c: c, "lnb-mill-head") for c in COLUMNS]
        parts.append(w.HTML(""))
        for row in ROWS:
            parts.append(self._label(lambda r=row: r, "lnb-mill-head"))
            parts += [self.cells[f"{row}{c}"] for c in COLUMNS]
            parts.append(self._label(lambda r=row: self._card_words(r, "←"), "lnb-mill-card"))
        parts.append(w.HTML(""))
        parts += [self._label(lambda c=c: self._card_words(c, "↑"), "lnb-mill-card")
                  for c in COLUMNS]
        parts.append(w.HTML(""))
        self.grid = w.Box(parts)
        self.grid.add_class("lnb-mill-grid")
        at = list(ex.children).index(ex.question) + 1  # the Mill under its question
        ex.children = (*ex.children[:at], self.grid, *ex.children[at:])
        super().__init__([w.HTML(f"<style>{CSS}</style>"), ex])
        self.add_class("lnb-dream-lesson")
        self.add_class("lnb-widget")
        self.relabel()
        register(self)

    def _label(self, make: Callable[[], str], css: str) -> w.HTML:
        label = w.HTML("")
        label.add_class(css)
        self.labels.append((label, make))
        return label

    def _card_words(self, line: str, arrow: str) -> str:
        if line not in self.lines:
            return ""
        program = lc.card(self.lines[line])
        return f"{arrow} {_e(program.id)}: {_e(rule_text(program))}"

    def relabel(self) -> None:
        for label, make in self.labels:
            label.value = make()
        for cell, box in self.cells.items():
            box.tooltip = _("cell {cell}").format(cell=cell)

    def faces(self) -> dict[str, int | None]:
        return {cell: box.value or None for cell, box in self.cells.items()}

    def text(self) -> str:
        """The Mill as the check reads it (``2 4 6 / 2 . . / 4 . .``)."""
        return lc.mill_text(self.faces())

    def fill(self, faces: Mapping[str, int | None]) -> None:
        """Put faces in cells (as the pupil's choices would); the other cells stay."""
        for cell, face in faces.items():
            self.cells[cell].value = face or 0

    def _resume(self, text: str) -> None:
        """The cells of a kept answer (``2 4 6 / 2 . . / 4 . .``); other text leaves them."""
        faces = lc.read_mill(text)
        if faces is not None:
            self.fill({cell: face if face in lc.FACES else None for cell, face in faces.items()})

    def check(self) -> Any:
        """What *Check* does: the exercise's verdict on the Mill as it stands."""
        return self.exercise.submit(self.text())


def mill_exercise(ex: Exercise) -> MillExercise:
    """A bank's ``dream-mill`` exercise (``exercise("dream-mill", "fill-mill")``) as a Mill
    the pupil fills; its Programs' lines are the bank's."""
    entry = bank(ex.lesson).entry(ex.exercise_id)  # type: ignore[attr-defined]
    return MillExercise(ex, entry.options["lines"])


# -- the bank's check kinds ------------------------------------------------------------


def _explain(entry: BankEntry, language: str | None) -> Said:
    return Said(entry, "explain", language)


def _of_entry(make: CheckMaker) -> CheckMaker:
    """``make``, whose refusal of the bank's answer names the bank file and the exercise."""

    def maker(entry: BankEntry, language: str | None) -> Check:
        try:
            return make(entry, language)
        except BadInputError as err:
            raise err.with_context(N_("{entry}, exercise {exercise}: "), entry=entry.path.name,
                                   exercise=entry.id) from None

    return maker


def _face(entry: BankEntry, language: str | None) -> Check:
    return lc.face_check(entry.options["card"], entry.options["dice"], entry.answer,
                         _explain(entry, language))


def _order(entry: BankEntry, language: str | None) -> Check:
    check = lc.order_check(entry.options["card"], entry.options["faces"],
                           _explain(entry, language))
    if not check(" ".join(str(f) for f in entry.answer)).correct:
        raise lc.untrue(entry.options["card"], entry.answer, "false")
    return check


def _count(entry: BankEntry, language: str | None) -> Check:
    return lc.count_check(entry.options["card"], entry.answer, _explain(entry, language),
                          order=entry.options.get("order", "rolled"))


def _least(entry: BankEntry, language: str | None) -> Check:
    check = lc.least_card_check(_explain(entry, language))
    if not check(entry.answer).correct:
        least = min(lc.edition().programs, key=lc.average_prestige)
        raise lc.untrue("least-average", entry.answer, least.id)
    return check


def _mill(entry: BankEntry, language: str | None) -> Check:
    return lc.mill_check(entry.options["lines"], entry.answer, _explain(entry, language))


KINDS = {"dream-face": _face, "dream-order": _order, "dream-count": _count,
         "dream-card": _least, "dream-mill": _mill}
for _name, _maker in KINDS.items():
    register_check(_name, _of_entry(_maker))

__all__ = ["KINDS", "MillExercise", "View", "counts_view", "lines_view", "mill_exercise",
           "programs_view", "report_html", "simulate", "simulation_view", "some_order_view"]
