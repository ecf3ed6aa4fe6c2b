"""The dashboard's pooled mistakes (issue 32, item 4): each pupil's costliest kinds of mistake
across their finished games (a gap only a 1 can fill, a line that can no longer come true...)
and the class's pooled, from the games' reviews.

The figures are :mod:`classroom.mistakes`' (which loops over the games' hooks); reading them
reviews nothing. A finished game is reviewed once, when the teacher presses *Review them*
(about a second each, with a progress bar), and kept; the dashboard's refresh only reads what
is kept. Nothing here names a game or decides a rule.

>>> from classroom.mistakes import ClassMistakes, KindTally, PupilMistakes
>>> found = ClassMistakes((PupilMistakes("Ali", 2, (KindTally("other", 3, 7),)),),
...                       (KindTally("other", 3, 7, 1),), 0)
>>> shown = mistakes_html(found)
>>> "another choice" in shown and "3 times, 7 points" in shown and "Ali" in shown
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from classroom.mistakes import ClassMistakes, KindTally, class_mistakes, review_waiting
from lnb.core.i18n import _, ngettext
from widgets.core.relabel import register
from widgets.core.status import StatusLine

#: How many kinds the dashboard shows per pupil, and for the class.
PER_PUPIL = 3
FOR_CLASS = 5

CSS = """
.lnb-dashboard table.lnb-mistakes-table { border-collapse: collapse; margin: 6px 0; }
.lnb-dashboard .lnb-mistakes-table th, .lnb-dashboard .lnb-mistakes-table td {
  padding: 2px 8px; border-bottom: 1px solid #c5cae9; text-align: left; vertical-align: top; }
.lnb-dashboard .lnb-mistakes-table ol { margin: 0; padding-left: 1.4em; }
.lnb-dashboard .lnb-mistakes-view { overflow-x: auto; max-width: 100%; }
"""


def tally_words(tally: KindTally, pupils: bool = False) -> str:
    """A kind with how often and what it cost, in the current language.

    >>> tally_words(KindTally("other", 1, 4)), tally_words(KindTally("other", 5, 12, 3), True)
    ('another choice: 1 time, 4 points', 'another choice: 5 times, 12 points (3 pupils)')
    """
    times = ngettext("{count} time", "{count} times", tally.count).format(count=tally.count)
    points = ngettext("{count} point", "{count} points", tally.points).format(
        count=tally.points)
    if not pupils:
        return _("{kind}: {times}, {points}").format(kind=tally.text, times=times,
                                                     points=points)
    return _("{kind}: {times}, {points} ({pupils})").format(
        kind=tally.text, times=times, points=points,
        pupils=ngettext("{count} pupil", "{count} pupils", tally.pupils).format(
            count=tally.pupils))


def mistakes_html(found: ClassMistakes) -> str:
    """The class's pooled kinds, then a row per pupil with their costliest kinds."""
    if not found.pupils:
        return "<p>{}</p>".format(html.escape(
            _("No finished game of the class has been reviewed yet.") if found.waiting
            else _("No pupil of the class has finished a game yet (at a table, or their map "
                   "in a class room).")))
    pooled = "".join(f"<li>{html.escape(tally_words(t, pupils=True))}</li>"
                     for t in found.pooled[:FOR_CLASS])
    rows = []
    for pupil in found.pupils:
        kinds = "".join(f"<li>{html.escape(tally_words(t))}</li>"
                        for t in pupil.kinds[:PER_PUPIL])
        rows.append(f"<tr><th scope='row' class='lnb-pupil'>{html.escape(pupil.name)}</th>"
                    f"<td>{pupil.games}</td><td><ol>{kinds}</ol></td></tr>")
    head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
        _("Pupil"), _("Games reviewed"), _("Costliest kinds of mistake")))
    title = html.escape(_("The class, pooled"))
    return (f"<p><b>{title}</b></p><ol class='lnb-pooled'>"
            f"{pooled}</ol><table class='lnb-mistakes-table'><tr>{head}</tr>"
            f"{''.join(rows)}</table>")


class MistakesBox(w.VBox):
    """The dashboard's mistakes part: what the reviews kept, how many finished games wait,
    and *Review them* with its progress. :meth:`load` reads a class (the teacher key checked
    again); errors land on ``status``."""

    def __init__(self, status: StatusLine) -> None:
        self.status = status
        self.found: ClassMistakes | None = None
        self._opened: tuple[Any, str, str] | None = None  # classroom, code, key
        self.title = w.HTML("")
        self.waiting = w.HTML("")
        self.waiting.add_class("lnb-mistakes-waiting")
        self.review_button = status.button("lnb-review-mistakes", self.review, width="auto")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="12em"))
        self.progress.add_class("lnb-mistakes-progress")
        self.progress.layout.display = "none"
        self.view = w.HTML("")
        self.view.add_class("lnb-mistakes-view")
        super().__init__([w.HTML(f"<style>{CSS}</style>"), self.title,
                          w.HBox([self.waiting, self.review_button, self.progress]),
                          self.view])
        self.add_class("lnb-mistakes-box")
        self.layout.display = "none"
        self._label()
        register(self)

    def _label(self) -> None:
        self.title.value = "<h4>{}</h4>".format(html.escape(
            _("Finished games: the costliest kinds of mistake")))
        self.review_button.description = _("Review them")
        self.review_button.tooltip = _("Each finished game is reviewed once (about a second "
                                       "each) and kept")

    def relabel(self) -> None:
        """Every word in the current language."""
        self._label()
        self._draw()

    def load(self, classroom: Any, code: str, key: str) -> None:
        """Read what the reviews kept of the class (nothing is reviewed here)."""
        self._opened = (classroom, code, key)
        self.found = class_mistakes(classroom, code, key)
        self.layout.display = None
        self._draw()

    def review(self) -> None:
        """Review the class's finished games that wait, the bar moving after each."""
        if self._opened is None:
            return
        classroom, code, key = self._opened
        self.progress.value, self.progress.layout.display = 0, None
        self.review_button.disabled = True

        def step(done: int, total: int) -> None:
            self.progress.max, self.progress.value = max(1, total), done

        try:
            review_waiting(classroom, code, key, progress=step)
        finally:
            self.review_button.disabled = False
            self.progress.layout.display = "none"
        self.load(classroom, code, key)

    def _draw(self) -> None:
        found = self.found
        if found is None:
            self.waiting.value = self.view.value = ""
            return
        left = found.waiting
        said = (ngettext("{count} finished game waits for its review.",
                         "{count} finished games wait for their review.", left).format(
                             count=left) if left
                else _("Every finished game is reviewed.") if found.pupils else "")
        self.waiting.value = f"<span>{html.escape(said)}</span>"
        self.review_button.layout.display = None if left else "none"
        self.view.value = mistakes_html(found)


__all__ = ["MistakesBox", "mistakes_html", "tally_words"]
