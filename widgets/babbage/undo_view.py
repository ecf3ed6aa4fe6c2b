"""Solve a program's equation by undoing it: the program and its Result as one equation with
brackets, then one shorter equation a row, last row first, each row undone by its inverse, and
the Engine's check of the start found.

The values are the library's (:func:`lnb.babbage.algebra.starts_reaching`: every value before
each row, a ÷ row's remainders included); the sums are written by
:func:`widgets.babbage.undo_checks.written`.

>>> from widgets.babbage.undo_checks import board_of
>>> print("\\n".join(undo_steps("B3+ C3x", 80, board_of({"C": "x/3,x/4,x/5,x/6"}))))
(x + 10) × 5 = 80
undo row 2 (×5) with ÷5: x + 10 = 16
undo row 1 (+10) with −10: x = 06
Check with the Engine: 06 + 10 = 16, 16 × 5 = 80.
>>> view = UndoSteps("A3+ A4x", result=50)
>>> view.lines()[-1]
'Check with the Engine: 20 + 5 = 25, 25 × 2 = 50.'
>>> view.program_box.value = "B4s"
>>> view.status.text, view.lines()
("Row 1 'B4s' is not + − × or ÷: this lesson writes only those rows as sums.", [])
"""

from __future__ import annotations

import html

import ipywidgets as w

from lnb import run
from lnb.babbage.board import Board
from lnb.babbage.numbers import two_digits
from lnb.babbage.programs import Program
from lnb.core.i18n import _, format_list
from widgets.babbage.undo_checks import _row_and_inverse, _rows, written
from widgets.core.relabel import Relabelled, Text, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html


def undo_steps(program: str | Program, result: int, board: Board | None = None) -> list[str]:
    """The equation of ``program`` ending on ``result``, each row undone (last row first) as a
    shorter equation, and the Engine's check of the starts found (or why there is none).

    >>> print("\\n".join(undo_steps("A4/ B3+", 40)))
    x ÷ 2 + 10 = 40
    undo row 2 (+10) with −10: x ÷ 2 = 30
    undo row 1 (÷2) with ×2: x = 60 or 61
    Check with the Engine: 60 ÷ 2 = 30, 30 + 10 = 40; 61 ÷ 2 = 30 r 1, 30 + 10 = 40.
    >>> undo_steps("A4/ A3+", 73)[-1]
    'No start from 00 to 99 makes 68 with row 1: no start reaches 73.'

    :raises LnbError: for a program the board cannot take, a row that is not + − × or ÷ (its
        row named), or a Result outside 00–99.
    """
    from lnb.babbage.algebra import starts_reaching

    board = board or Board.standard()
    parsed = Program.parse(program) if isinstance(program, str) else program
    _rows(parsed, board)
    found = starts_reaching(parsed, result, board)
    lines = [f"{written(parsed, board)} = {result}"]
    for step in found.steps:
        before = Program.parse(" ".join(str(op) for op in parsed.operations[:step.row - 1]))
        row, inverse = _row_and_inverse(step.operation, board)
        if not step.kept:
            lines.append(_("No start from 00 to 99 makes {values} with row {row}: no start "
                           "reaches {result}.").format(values=_or(step.after), row=step.row,
                                                       result=result))
            return lines
        lines.append(_("undo row {row} ({sign}) with {inverse}: {left} = {values}").format(
            row=step.row, sign=row, inverse=inverse, left=written(before, board),
            values=_or(step.kept) if step.row == 1 else _or(step.kept, digits=False)))
    if not parsed.operations:
        return lines
    checks = [", ".join(str(r.text) for r in run(parsed, start=v, board=board, limit=None).rows)
              for v in found.starts]
    lines.append(_("Check with the Engine: {rows}.").format(rows="; ".join(checks)))
    return lines


def _or(values: tuple[int, ...], *, digits: bool = True) -> str:
    """``60 or 61`` (a start with two digits, a value in a sum as it is)."""
    shown = [two_digits(v) if digits else str(v) for v in values]
    return shown[0] if len(shown) == 1 else format_list(shown, style="or")


class UndoSteps(Relabelled, w.VBox):
    """A program and its Result: the equation, solved by undoing the rows one by one."""

    def __init__(self, program: str = "A3+ A4x", result: int = 50, board: Board | None = None,
                 *, title: Text = "") -> None:
        self.board = board or Board.standard()
        self._title_text = title
        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML("")
        self.program_box = w.Text(value=program, continuous_update=False,
                                  layout=w.Layout(width="22em"))
        self.program_box.add_class("lnb-program-box")
        # Not a BoundedIntText: the library says why 150 cannot be a Result.
        self.result_box = w.IntText(value=result, layout=w.Layout(width="12em"))
        self.result_box.add_class("lnb-result-box")
        self.steps = w.HTML("")
        self.steps.add_class("lnb-undo-steps")
        self._lines: list[str] = []
        self.program_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.result_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        super().__init__([stylesheet(), self.title, w.HBox([self.program_box, self.result_box]),
                          self.steps, self.status])
        self.add_class("lnb-undo")
        self.add_class("lnb-widget")
        self.labelled()

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        self.program_box.description = _("Program")
        self.result_box.description = _("Result")

    def lines(self) -> list[str]:
        """The lines shown (for tests and teachers)."""
        return list(self._lines)

    def refresh(self) -> None:
        """Read the program and the Result, then write the equation and its undoing."""
        try:
            self._lines = undo_steps(self.program_box.value, int(self.result_box.value),
                                     self.board)
        except Exception:
            self._lines, self.steps.value = [], ""
            raise
        self.status.clear()
        first, *rest = self._lines
        items = "".join(f"<li>{html.escape(line)}</li>" for line in rest)
        self.steps.value = (f"<p class='lnb-equation'><b>{html.escape(first)}</b></p>"
                            f"<ol class='lnb-steps'>{items}</ol>")


__all__ = ["UndoSteps", "undo_steps"]
