"""Search made visible: the hundred numbers, lit up by how few rows reach them from a start.

The counting is the solver's breadth-first search (:class:`lnb.babbage.solver.Solver`): first every
number one row away, then every number two rows away, and so on. The slider shows the
search growing; the target box asks the solver for a shortest program.

>>> grid = ReachGrid(start=55, rows=1)
>>> grid.lit()[:6]
[5, 27, 35, 45, 50, 53]
>>> grid.target_box.value = 73
>>> grid.answer.value
'From 55 to 73: 2 rows (2 shortest programs), for example A2- B2+'
"""

from __future__ import annotations

import html

import ipywidgets as w

from lnb.babbage.algebra import checked_target
from lnb.babbage.board import Board
from lnb.babbage.numbers import two_digits
from lnb.babbage.solver import Solver
from lnb.core.i18n import _, ngettext, pgettext
from widgets.core.relabel import Relabelled, Text, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html

COLOURS = ("#ffd54f", "#aed581", "#81d4fa", "#ce93d8", "#ffab91", "#b0bec5")


class ReachGrid(Relabelled, w.VBox):
    """A 10 × 10 grid of 00–99; a number is lit when a program of at most ``rows`` rows
    reaches it from ``start`` (its colour says how many rows it needs)."""

    def __init__(self, start: int = 55, board: Board | None = None, rows: int = 1,
                 max_rows: int = 5, *, title: Text = "") -> None:
        self.board = board or Board.standard()
        self.start = start
        self.solver = Solver(self.board, start=start)
        self.distances = self.solver.distances()
        self._title_text = title
        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML("")
        self.rows_slider = w.IntSlider(value=rows, min=0, max=max_rows)
        self.rows_slider.add_class("lnb-rows-slider")
        self.grid = w.HTML("")
        self.grid.add_class("lnb-reach-grid")
        self.summary = w.HTML("")
        self.summary.add_class("lnb-reach-summary")
        # Not a BoundedIntText (it turns 150 into 99 without a word): the library says why.
        self.target_box = w.IntText(value=start)
        self.target_box.add_class("lnb-target-box")
        self.answer = w.HTML("")
        self.answer.add_class("lnb-reach-answer")
        self.rows_slider.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.target_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        super().__init__([stylesheet(), self.title, self.rows_slider, self.grid, self.summary,
                          self.target_box, self.answer, self.status])
        self.add_class("lnb-reach")
        self.add_class("lnb-widget")
        self.labelled()

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        self.rows_slider.description = _("Rows")
        self.target_box.description = _("Target")

    def lit(self) -> list[int]:
        """The numbers reached within the slider's rows, the start excluded."""
        k = int(self.rows_slider.value)
        return [v for v, d in enumerate(self.distances) if d is not None and 0 < d <= k]

    def refresh(self) -> None:
        """Redraw the grid, the counts and the answer for the target."""
        k = int(self.rows_slider.value)
        the_start, not_yet = _("the start"), _("not yet")
        cells = []
        for tens in range(10):
            row = []
            for units in range(10):
                v = tens * 10 + units
                d = self.distances[v]
                if v == self.start:
                    style = "background:#3949ab;color:white;font-weight:bold"
                    tip = the_start
                elif d is not None and d <= k:
                    style = f"background:{COLOURS[min(d, len(COLOURS)) - 1]}"
                    tip = ngettext("{count} row", "{count} rows", d).format(count=d)
                else:
                    style, tip = "color:#767676", not_yet  # grey, still 4.5:1 on white (WCAG AA)
                tip = html.escape(tip, quote=True)
                row.append(f"<td style='{style};text-align:center' title='{tip}'>"
                           f"{two_digits(v)}</td>")
            cells.append("<tr>" + "".join(row) + "</tr>")
        self.grid.value = "<table class='lnb-table'>" + "".join(cells) + "</table>"
        counts = []
        between = html.escape(pgettext("between the items of a list", "; "))
        for rows in range(1, k + 1):
            n = sum(1 for d in self.distances if d == rows)
            # TRANSLATORS: the count of numbers first reached with that many rows
            count = (ngettext("{count} new number in {rows} rows",
                              "{count} new numbers in {rows} rows", n).format(
                                  count=n, rows=rows) if rows > 1 else
                     ngettext("{count} new number in 1 row", "{count} new numbers in 1 row",
                              n).format(count=n))
            # The colour key: each count beside the colour its numbers have in the grid.
            counts.append(_swatch(COLOURS[min(rows, len(COLOURS)) - 1]) + html.escape(count))
        never = sum(1 for d in self.distances if d is None)
        text = (between.join(counts) if counts else html.escape(_("Only the start: no rows yet.")))
        if never:
            text = html.escape(ngettext(
                "{counts}. {never} number can never be reached from {start}.",
                "{counts}. {never} numbers can never be reached from {start}.",
                never)).format(counts=text, never=never, start=two_digits(self.start))
        start_key = _swatch("#3949ab") + html.escape(_("the start"))
        self.summary.value = start_key + between + text
        self.answer.value = ""
        target = checked_target(int(self.target_box.value))
        self.status.clear()
        self.answer.value = html.escape(str(self.solver.solve(target).text()))


def _swatch(colour: str) -> str:
    """A small square of ``colour``, the key to the grid's colours (hidden from screen
    readers: the words beside it say the same)."""
    return (f"<span aria-hidden='true' style='display:inline-block;width:0.9em;height:0.9em;"
            f"background:{colour};border:1px solid #888;vertical-align:-0.1em;"
            f"margin-right:0.25em'></span>")


__all__ = ["ReachGrid"]
