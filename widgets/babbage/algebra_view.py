"""The algebra beside the arithmetic: a program's rows as sums *and* as formulas of the start.

:class:`AlgebraView` shows each row twice: the engine's arithmetic from the chosen start
(``55 + 5 = 60``) and the row's Result as a formula of the start ``x`` (LaTeX, typeset by the
page). Moving the start changes the sums, never the formulas. :class:`BackwardsView` works a
program backwards from a target to every start that reaches it (:mod:`lnb.babbage.algebra`).

>>> view = AlgebraView("A3+ A4/", start=55)
>>> view.arithmetic()
['55 + 5 = 60', '60 ÷ 2 = 30']
>>> view.start_slider.value = 41
>>> view.arithmetic()
['41 + 5 = 46', '46 ÷ 2 = 23']
>>> view.program_box.value = "A3+ Q9"
>>> view.status.text
"Row 2 'Q9': level Q does not exist; levels are A to E, e.g. A3+."
>>> back = BackwardsView("A3+ A4/ B4s", target=73)
>>> back.answer.value
'<b>69 or 70</b> reach 73. The engine tried all 100 starts and agrees.'
"""

from __future__ import annotations

import html

import ipywidgets as w

from lnb.babbage.board import Board
from lnb.babbage.errors import LnbError
from lnb.babbage.numbers import two_digits
from lnb.babbage.programs import Program
from lnb.core.i18n import _, format_list, ngettext
from widgets.core.relabel import Relabelled, Text, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html


class AlgebraView(Relabelled, w.VBox):
    """A program and a start: each row's arithmetic beside its formula of ``x``."""

    def __init__(self, program: str = "A3+ A4/", start: int = 55, board: Board | None = None,
                 *, editable: bool = True, title: Text = "") -> None:
        self.board = board or Board.standard()
        self.program = Program()
        self._title_text = title
        self.status = StatusLine(on_continue=self.refresh)
        # Each part made with its classes and words: a trait set after is one more message.
        self.title = w.HTML(title_html(text_of(title)))
        self.program_box = w.Text(value=program, continuous_update=False,
                                  layout=w.Layout(width="22em",
                                                  display=None if editable else "none"),
                                  _dom_classes=("lnb-program-box",), **self._box_words())
        self.start_slider = w.IntSlider(value=start, min=0, max=99, continuous_update=True,
                                        description=_("Start x"),
                                        _dom_classes=("lnb-start-slider",))
        self.table = w.HTMLMath("", _dom_classes=("lnb-algebra-table",))
        self.check_line = w.HTMLMath("", _dom_classes=("lnb-algebra-check",))
        self.program_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.start_slider.observe(self.status.guarded(lambda _: self.refresh()), "value")
        super().__init__([stylesheet(), self.title, self.program_box, self.start_slider,
                          self.table, self.check_line, self.status],
                         _dom_classes=("lnb-algebra", "lnb-widget"))
        self.labelled()

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        for name, value in self._box_words().items():
            setattr(self.program_box, name, value)
        self.start_slider.description = _("Start x")

    @staticmethod
    def _box_words() -> dict[str, str]:
        return {"description": _("Program"),
                "placeholder": _("e.g. {example}").format(example="A3+ A4/")}

    @property
    def start(self) -> int:
        """The start value chosen on the slider."""
        return int(self.start_slider.value)

    def arithmetic(self) -> list[str]:
        """The arithmetic of each row from the start, as shown (for tests and teachers)."""
        return [text for text, _ in self._rows()]

    def _rows(self) -> list[tuple[str, bool]]:
        value, rows, stopped = self.start, [], False
        for i, op in enumerate(self.program.operations, start=1):
            if stopped:
                rows.append(("—", False))
                continue
            try:
                step = op.apply(value, self.board, row=i)
            except LnbError:
                raw = op.raw_result(value, self.board)
                rows.append((_("{value} → {result} leaves 00–99").format(value=value,
                                                                          result=raw), False))
                stopped = True
                continue
            rows.append((str(step.text), True))
            value = step.result
        return rows

    def refresh(self) -> None:
        """Read the program box and the slider, then redraw the table."""
        from lnb.babbage.algebra import program_formulas

        text = self.program_box.value
        try:
            program = Program.parse(text)
            for i, op in enumerate(program.operations, start=1):
                op.component(self.board, i)
        except LnbError:
            self.table.value = self.check_line.value = ""
            raise
        self.program = program
        self.status.clear()
        formulas = program_formulas(program, self.board)  # sympy's, kept for the lessons'
        head = "".join(f"<th>{html.escape(t)}</th>" for t in (
            _("row"), _("Operation"), _("arithmetic"), _("formula of the start x")))
        cells = [f"<tr>{head}</tr>",
                 "<tr class='lnb-start'><td></td><td>{}</td><td>{}</td><td>$x$</td></tr>".format(
                     html.escape(_("start")), two_digits(self.start))]
        rows = self._rows()
        for i, (op, (arith, ok), latex) in enumerate(
                zip(program.operations, rows, formulas.latex, strict=True), start=1):
            css = "lnb-row" if ok else "lnb-row lnb-void"
            cells.append(f"<tr class='{css}'><td>{i}.</td><td>{op}</td>"
                         f"<td>{html.escape(arith)}</td><td>${latex}$</td></tr>")
        self.table.value = "<table class='lnb-table'>" + "".join(cells) + "</table>"
        if rows and all(ok for _, ok in rows):
            got = formulas.value(self.start)
            self.check_line.value = _(
                "Put {equation} into the last formula: it gives <b>{value}</b>, the same as "
                "the last row.").format(equation=f"$x = {self.start}$", value=two_digits(got))
        elif rows:
            self.check_line.value = html.escape(_(
                "From this start a row leaves 00–99: the formula only works for starts where "
                "every row is allowed."))
        else:
            self.check_line.value = html.escape(_("Type a program to see its rows."))


class BackwardsView(Relabelled, w.VBox):
    """A program and a target: the rows undone one by one, last row first, and the starts."""

    def __init__(self, program: str = "A3+ A4/ B4s", target: int = 73,
                 board: Board | None = None, *, title: Text = "") -> None:
        self.board = board or Board.standard()
        self._title_text = title
        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML("")
        self.program_box = w.Text(value=program, continuous_update=False,
                                  layout=w.Layout(width="22em"))
        self.program_box.add_class("lnb-program-box")
        # Not a BoundedIntText: that one turns 150 into 99 without a word; the library says
        # why 150 cannot be a target.
        self.target_box = w.IntText(value=target)
        self.target_box.add_class("lnb-target-box")
        self.steps = w.HTMLMath("")
        self.steps.add_class("lnb-backwards-steps")
        self.answer = w.HTML("")
        self.answer.add_class("lnb-backwards-answer")
        self.program_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.target_box.observe(self.status.guarded(lambda _: self.refresh()), "value")
        super().__init__([stylesheet(), self.title, w.HBox([self.program_box, self.target_box]),
                          self.steps, self.answer, self.status])
        self.add_class("lnb-backwards")
        self.add_class("lnb-widget")
        self.labelled()

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        self.program_box.description = _("Program")
        self.target_box.description = _("Target")

    def refresh(self) -> None:
        """Work the program backwards from the target and redraw."""
        from lnb.babbage.algebra import starts_reaching

        try:
            result = starts_reaching(self.program_box.value, int(self.target_box.value),
                                     self.board)
        except LnbError:
            self.steps.value = self.answer.value = ""
            raise
        self.status.clear()
        items = ["<li>{}<br>{}</li>".format(html.escape(str(step.text())), _(
            "solve {equation} for {unknown}").format(equation=f"${step.equation}$",
                                                     unknown="$y$"))
                 for step in result.steps]
        self.steps.value = "<ol class='lnb-steps'>" + "".join(items) + "</ol>"
        target = two_digits(result.target)
        count = len(result.starts)
        if count > 6:
            head = _("<b>{count} starts</b> reach {target}.").format(count=count, target=target)
        elif result.starts:
            starts = format_list([two_digits(v) for v in result.starts], style="or")
            head = ngettext("<b>{starts}</b> reaches {target}.", "<b>{starts}</b> reach {target}.",
                            count).format(starts=starts, target=target)
        else:
            head = _("<b>No start</b> reaches {target} with this program.").format(target=target)
        agree = (_("The engine tried all 100 starts and agrees.") if result.agree else
                 _("The engine disagrees: please tell your teacher!"))
        self.answer.value = _("{answer} {check}").format(answer=head, check=html.escape(agree))


__all__ = ["AlgebraView", "BackwardsView"]
