"""The hundred numbers and the Engine's × rows: a sieve of Eratosthenes made of program rows.

Each ×÷ component of the board is a button; a number 00–99 is marked when the ×n row of a
button pressed makes it from a start of 2 or more (the library runs every row,
:func:`lnb.run`: a row whose Result would leave 00–99 cannot be written). With ×2, ×3, ×5 and
×7 pressed, what is left unmarked besides 00 and 01 is the primes.

>>> from lnb import Board
>>> board = Board.standard(levels={"C": "x/3,x/4,x/5,x/6", "D": "x/7,+-3,swap,+-9"})
>>> grid = MultiplesGrid(board)
>>> [b.description for b in grid.buttons]
['A4x (×2)', 'C1x (×3)', 'C2x (×4)', 'C3x (×5)', 'C4x (×6)', 'D1x (×7)']
>>> grid.made()[10]
[]
>>> grid.press("A4", "C3")
>>> grid.made()[10], grid.unmarked()[:8]
(['A4', 'C3'], [2, 3, 5, 7, 9, 11, 13, 17])
"""

from __future__ import annotations

import html
from functools import cached_property

import ipywidgets as w

from lnb import Board, run
from lnb.babbage.components import Kind
from lnb.babbage.errors import LnbError
from lnb.babbage.numbers import two_digits
from lnb.core.i18n import _, ngettext
from widgets.core.relabel import Relabelled, Text, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html

MARKED = "#ffd54f"  # dark text on it: 4.5:1 and more
PRIME = "#3949ab"


class MultiplesGrid(Relabelled, w.VBox):
    """A 10 × 10 grid of 00–99 and a button per ×÷ component of ``board``: a number is marked
    when a pressed button's ×n row makes it from a start of 2 or more."""

    def __init__(self, board: Board | None = None, *, title: Text = "") -> None:
        self.board = board or Board.standard()
        self._title_text = title
        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML("")
        self.buttons = [w.ToggleButton(value=False, layout=w.Layout(width="auto"))
                        for _ in self.spaces]
        for button in self.buttons:
            button.add_class("lnb-multiples-button")
            button.observe(self.status.guarded(lambda _change: self.refresh()), "value")
        self.grid = w.HTML("")
        self.grid.add_class("lnb-multiples-grid")
        self.summary = w.HTML("")
        self.summary.add_class("lnb-multiples-summary")
        super().__init__([stylesheet(), self.title, w.HBox(self.buttons), self.grid,
                          self.summary, self.status])
        self.add_class("lnb-multiples")
        self.add_class("lnb-widget")
        self.labelled()

    @cached_property
    def spaces(self) -> list[tuple[str, int]]:
        """The board's ×÷ components as (space, n), in board order: ``('C1', 3)``."""
        return [(f"{level}{rack}", int(comp.n or 0)) for level, rack, comp in self.board.spaces()
                if comp.kind is Kind.MUL_DIV]

    @cached_property
    def results(self) -> dict[str, set[int]]:
        """Every Result each ×n row makes from a start of 2 or more, asked of the library."""
        found: dict[str, set[int]] = {}
        for space, _n in self.spaces:
            made = found.setdefault(space, set())
            for start in range(2, 100):
                try:
                    made.add(run(f"{space}x", start=start, board=self.board).result)
                except LnbError:  # the Result would leave 00–99: that row cannot be written
                    break
        return found

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        for button, (space, n) in zip(self.buttons, self.spaces, strict=True):
            button.description = f"{space}x (×{n})"
            button.tooltip = _("Mark what a {space}x row makes from a start of 2 or more").format(
                space=space)

    def press(self, *spaces: str) -> None:
        """Press the buttons of ``spaces`` (``"A4"``), as a pupil's clicks do."""
        for button, (space, _n) in zip(self.buttons, self.spaces, strict=True):
            if space in spaces:
                button.value = True

    def pressed(self) -> list[str]:
        return [space for button, (space, _n) in zip(self.buttons, self.spaces, strict=True)
                if button.value]

    def made(self) -> list[list[str]]:
        """For each number 00–99, the pressed rows that make it."""
        chosen = self.pressed()
        return [[s for s in chosen if v in self.results[s]] for v in range(100)]

    def unmarked(self) -> list[int]:
        """The numbers from 2 that no pressed row makes."""
        return [v for v, rows in enumerate(self.made()) if v >= 2 and not rows]

    def refresh(self) -> None:
        """Redraw the grid and the count of numbers left."""
        made = self.made()
        chosen = self.pressed()
        cells = []
        for tens in range(10):
            line = []
            for units in range(10):
                v = tens * 10 + units
                rows = made[v]
                if rows:
                    tip = _("made by {rows}").format(rows=", ".join(f"{s}x" for s in rows))
                    style = f"background:{MARKED}"
                elif v >= 2 and chosen:
                    tip, style = _("no row pressed makes it"), f"color:{PRIME};font-weight:bold"
                else:
                    tip, style = "", ""
                line.append(f"<td style='{style};text-align:center' "
                            f"title='{html.escape(tip, quote=True)}'>{two_digits(v)}</td>")
            cells.append("<tr>" + "".join(line) + "</tr>")
        self.grid.value = "<table class='lnb-table'>" + "".join(cells) + "</table>"
        if not chosen:
            self.summary.value = html.escape(_("Press a row to mark what it makes."))
            return
        left = len(self.unmarked())
        self.summary.value = html.escape(ngettext(
            "{count} number from 02 to 99 is made by no row pressed.",
            "{count} numbers from 02 to 99 are made by no row pressed.", left).format(count=left))


__all__ = ["MultiplesGrid"]
