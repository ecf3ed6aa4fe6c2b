"""The program builder: write a Program by clicking the board or typing ``A3+``.

Each row shows its arithmetic (``55 + 5 = 60``) as soon as it is written. Choices the rules
forbid are disabled, with the library's reason on hover; the row limit is always in view;
*Undo* and *Clear* take rows back. The builder holds only the draft Program (an ``lnb``
value); the game State receives it when the player is done.

>>> from lnb import Board
>>> builder = ProgramBuilder(Board.standard(), start=55, limit=5)
>>> builder.board_view.button("A3+").click()
>>> builder.type_rows("B4s")
>>> str(builder.program), builder.value
('A3+ B4s', 6)
>>> builder.rows_text()
['1. A3+ 55 + 5 = 60', '2. B4s 60 ⇄ 06']
>>> builder.board_view.button("B1-").disabled, builder.board_view.button("B1-").tooltip
(True, '06 − 50 = −44 leaves 00–99; every Result must be 00 to 99, choose another row.')
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from lnb.babbage.board import Board
from lnb.babbage.errors import LnbError, OverLimitError
from lnb.babbage.game.writing import WritingRules
from lnb.babbage.numbers import two_digits
from lnb.babbage.operations import Operation, legal_operations
from lnb.babbage.programs import DEFAULT_LIMIT, Program, Trace
from lnb.babbage.refusals import why_not_row
from lnb.core.i18n import _, ngettext, pgettext
from widgets.babbage.board import BoardView
from widgets.core.relabel import Text, register, relabel_part, text_of
from widgets.core.status import StatusLine, plain_words
from widgets.core.style import stylesheet
from widgets.core.titles import title_html

Choices = dict[Operation, "str | None"]


def illegal_reason(operation: Operation, value: int, board: Board) -> str:
    """Why the library refuses ``operation`` after ``value``, in plain words."""
    exc = why_not_row(operation, value, board)
    if exc is not None:
        # ``detail``: the explanation without its "row N 'X': " prefix (the button names X).
        return plain_words(exc.fields.get("detail") or exc.message)
    return _("{operation} is not allowed now.").format(operation=operation)


def choices_for(value: int, board: Board, sigma: bool = False,
                blocked: str | None = None) -> Choices:
    """Every Operation of the board mapped to ``None`` (allowed) or the reason it is not."""
    legal = set(legal_operations(value, board, sigma=sigma))
    choices: Choices = {}
    for level, rack, comp in board.spaces():
        for function in comp.functions:
            op = Operation(level, rack, function, sigma)
            if blocked is not None:
                choices[op] = blocked
            else:
                choices[op] = None if op in legal else illegal_reason(op, value, board)
    return choices


class ProgramBuilder(w.VBox):
    """One player's Program for one Round: board buttons, a typing box, the rows, the limit."""

    def __init__(
        self,
        board: Board | None = None,
        start: int = 55,
        limit: int | None = DEFAULT_LIMIT,
        *,
        program: Program | str = "",
        sigma: bool | int = False,
        mental: bool = False,
        title: Text = "",
        on_change: Callable[[Program], None] | None = None,
        on_done: Callable[[Program], None] | None = None,
    ) -> None:
        self.board = board or Board.standard()
        self.start = start
        self.limit = limit
        self.sigma_allowed = sigma
        self.mental = mental
        self.on_change = on_change
        self.on_done = on_done
        self.program = program if isinstance(program, Program) else Program.parse(program)
        self.locked_reason: str | None = None
        self._lock_text: Text | None = None  # what locked_reason says, remade on a relabel
        self._title_text: Text = title
        self.pending: Operation | None = None
        self._choices: dict[tuple[int, bool, str | None], Choices] = {}

        self.status = StatusLine(on_continue=self.refresh)
        self.title = w.HTML("")
        self.header = w.HTML("")
        self.header.add_class("lnb-builder-header")
        self.board_view = BoardView(self.board, on_choose=self.status.guarded(self.choose))
        self.typed = w.Text(continuous_update=False, layout=w.Layout(width="16em"))
        self.typed.add_class("lnb-typed")
        self.typed.observe(self.status.guarded(self._typed_changed), "value")
        self.add_button = self._button("lnb-add", self._add_clicked)
        self.answer = w.Text(layout=w.Layout(width="6em"), continuous_update=False)
        self.answer.add_class("lnb-answer")
        self.answer.observe(self.status.guarded(self._answer_changed), "value")
        self.question = w.HTML("")
        self.write_button = self._button("lnb-write", self._write_clicked)
        self.mental_box = w.HBox([self.question, self.answer, self.write_button],
                                 layout=w.Layout(display="none"))
        self.mental_box.add_class("lnb-mental")
        self.rows = w.HTML("")
        self.rows.add_class("lnb-rows")
        self.undo_button = self._button("lnb-undo", self.undo)
        self.clear_button = self._button("lnb-clear", self.clear)
        self.sigma_toggle = w.ToggleButton(value=False)
        self.sigma_toggle.add_class("lnb-sigma")
        self.sigma_toggle.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.done_button = self._button("lnb-done", self._done_clicked, style="success")
        #: What the done button says (an app may set its own: a puzzle's "Check my answer").
        self.done_label: Text = lambda: _("I'm done")
        self.done_tooltip: Text = lambda: _("Hand in your Program")
        self.title.add_class("lnb-builder-title")
        typing = w.HBox([self.typed, self.add_button])
        typing.add_class("lnb-builder-typing")
        controls = w.HBox([self.undo_button, self.clear_button, self.sigma_toggle,
                           self.done_button])
        controls.add_class("lnb-builder-controls")
        super().__init__([
            stylesheet(), self.title, self.header, self.board_view, typing, self.mental_box,
            self.rows, controls, self.status,
        ])
        self.add_class("lnb-builder")
        self.add_class("lnb-widget")
        self._label()
        self.refresh()
        register(self)

    def _label(self) -> None:
        """Set the builder's fixed words in the current language."""
        self.typed.placeholder = _("or type rows, e.g. {example}").format(example="A3+ B4s")
        self.add_button.description = pgettext("add typed rows", "Add")
        self.add_button.tooltip = _("Add the typed rows")
        # TRANSLATORS: the box where a pupil types the Result of a row (mental arithmetic)
        self.answer.placeholder = pgettext("box", "Result")
        self.write_button.description = pgettext("write a Result", "Write")
        self.write_button.tooltip = _("Write your Result for this row")
        self.undo_button.description = _("Undo")
        self.undo_button.tooltip = _("Take back the last row")
        self.clear_button.description = pgettext("take back rows", "Clear")
        self.clear_button.tooltip = _("Take back every row")
        self.sigma_toggle.description = _("Σ next row")
        self.sigma_toggle.tooltip = _("Apply the next row's Operation twice")
        self.done_button.description = text_of(self.done_label)
        self.done_button.tooltip = text_of(self.done_tooltip)
        self.title.value = title_html(text_of(self._title_text))

    def relabel(self) -> None:
        """Every word in the current language; the draft, the board and the lock are kept."""
        with self.hold_sync():
            self._label()
            if self._lock_text is not None:
                self.locked_reason = text_of(self._lock_text)
            self._choices.clear()  # the reasons on the buttons were in the language before
            self.board_view.relabel()
            relabel_part(self.status)
            self.refresh()

    def _button(self, css: str, action: Callable[[], None], style: str = "") -> w.Button:
        return self.status.button(css, action, style=style)

    # -- reading the draft ----------------------------------------------------------------
    @property
    def rules(self) -> WritingRules:
        """What the draft is checked against: the library's own check of a written program
        (the game's ``WriteProgram`` uses the same), built from this builder's settings;
        ``sigma`` is how many rows may be marked Σ (True: one)."""
        return WritingRules(self.board, self.start, self.limit, int(self.sigma_allowed),
                            self.mental)

    def trace(self) -> Trace:
        """The draft run on the board (Results recomputed; a bad row raises)."""
        return self.program.run(self.board, start=self.start, limit=None,
                                void_out_of_range=self.mental)

    @property
    def value(self) -> int:
        """The value the next row starts from (the pupil's own Result in mental play)."""
        if self.mental:
            written = [r.written for r in self.program.rows if r.written is not None]
            return written[-1] if written else self.start
        return self.trace().result

    @property
    def full(self) -> bool:
        """True when every allowed row is written."""
        return self.rules.rows_left(self.program) == 0

    def rows_text(self) -> list[str]:
        """The rows as plain text, as they are shown."""
        if self.mental:
            return [f"{i}. {row.operation} → {two_digits(row.written or 0)}"
                    for i, row in enumerate(self.program.rows, start=1)]
        return [f"{r.row}. {r.operation} {r.text}" for r in self.trace().rows]

    # -- actions (each one lnb call, then refresh) ---------------------------------------
    def choose(self, operation: Operation) -> None:
        """Write ``operation`` as the next row (in mental play, ask for its Result first)."""
        self._check_open()
        if self.mental:
            self.rules.check(self.program.with_row(operation), draft=True)
            self.pending = operation
            self.refresh()
            return
        self._set(self.program.with_row(operation))

    def type_rows(self, text: str) -> None:
        """Add the rows typed in RULES.md §6 notation (``A3+ B4s``; ``A3+ 60`` in mental play)."""
        self._check_open()
        if not text.strip():
            return
        self._set(Program.parse(f"{self.program} {text}" if len(self.program) else text))

    def write_result(self, text: str) -> None:
        """Mental play: the pupil's Result for the pending row."""
        if self.pending is None:
            return
        typed = Program.parse(f"{self.program} {self.pending} {text.strip()}")
        self.rules.check(typed)
        self.pending = None
        self._set(typed)

    def undo(self) -> None:
        """Take back the last row."""
        self._check_open()
        if self.pending is not None:
            self.pending = None
            self.refresh()
            return
        if len(self.program):
            self._set(self.program.without_last())

    def clear(self) -> None:
        """Take back every row."""
        self._check_open()
        self.pending = None
        self._set(Program())

    def lock(self, reason: Text) -> None:
        """Stop writing (done, time is up); every choice shows ``reason`` (text, or a function
        giving it in the current language)."""
        self._lock_text = reason
        self.locked_reason = text_of(reason)
        self.pending = None
        self.refresh()

    def unlock(self) -> None:
        """Allow writing again."""
        self.locked_reason = None
        self._lock_text = None
        self.refresh()

    def reset(self, board: Board | None = None, start: int | None = None,
              limit: int | bool | None = False, program: Program | str = "",
              sigma: bool | int | None = None, title: Text | None = None) -> None:
        """Start a new draft (a new Round or the next player at the same screen)."""
        if board is not None and board is not self.board:
            self.board = board
            self._choices.clear()
        if start is not None:
            self.start = start
        if limit is not False:
            self.limit = limit  # type: ignore[assignment]
        if sigma is not None:
            self.sigma_allowed = sigma
        if title is not None:
            self._title_text = title
            self.title.value = title_html(text_of(title))
        self.program = program if isinstance(program, Program) else Program.parse(program)
        self.pending = None
        self.locked_reason = None
        self._lock_text = None
        self.sigma_toggle.value = False
        self.typed.value = self.answer.value = ""  # a new draft: no text of the last one
        self.status.clear()
        self.refresh()

    def _check_open(self) -> None:
        if self.locked_reason is not None:
            from lnb.babbage.errors import GameError

            raise GameError(self.locked_reason)

    def _set(self, program: Program) -> None:
        self.rules.check(program)
        self.program = program
        if self.sigma_toggle.value:
            self.sigma_toggle.value = False
        self.status.clear()
        self.refresh()
        if self.on_change is not None:
            self.on_change(program)

    # -- widget callbacks ---------------------------------------------------------------------
    def _typed_changed(self, change: dict) -> None:
        if change["new"].strip():
            self._add_clicked()

    def _add_clicked(self) -> None:
        text = self.typed.value
        self.type_rows(text)
        self.typed.value = ""

    def _answer_changed(self, change: dict) -> None:
        if change["new"].strip():
            self._write_clicked()

    def _write_clicked(self) -> None:
        text = self.answer.value
        self.answer.value = ""
        self.write_result(text)

    def _done_clicked(self) -> None:
        self._check_open()
        if self.pending is not None:
            raise OverLimitError(_("write the Result of your last row first, or press Undo"))
        if self.on_done is not None:
            self.on_done(self.program)

    # -- drawing ------------------------------------------------------------------------------
    def choices(self) -> Choices:
        """What the board buttons may write now (cached per value)."""
        sigma = bool(self.sigma_toggle.value)
        blocked = self.locked_reason
        if blocked is None and self.pending is not None:
            blocked = _("Write the Result of this row first.")
        if blocked is None and self.full:
            blocked = ngettext("All {limit} row is written: press Undo to change it.",
                               "All {limit} rows are written: press Undo to change one.",
                               self.limit or 0).format(limit=self.limit)
        if self.mental and blocked is None:
            return self._mental_choices(sigma)
        value = self.value
        key = (value, sigma, blocked)
        if key not in self._choices:
            self._choices[key] = choices_for(value, self.board, sigma, blocked)
        return self._choices[key]

    def _mental_choices(self, sigma: bool) -> Choices:
        """Mental play: the rows the library lets follow the draft (the pupil works out the
        Result, so nothing is refused for leaving 00–99 here)."""
        allowed = set(self.rules.next_operations(self.program))
        choices: Choices = {}
        for level, rack, comp in self.board.spaces():
            for function in comp.functions:
                op = Operation(level, rack, function, sigma)
                choices[op] = None if op in allowed else self._refusal(op)
        return choices

    def _refusal(self, operation: Operation) -> str:
        try:
            self.rules.check(self.program.with_row(operation), draft=True)
        except LnbError as exc:
            return plain_words(str(exc))
        return _("{operation} is not allowed now.").format(operation=operation)

    def refresh(self) -> None:
        """Redraw everything from the draft Program and the board."""
        with self.hold_sync():
            self._draw()

    def _draw(self) -> None:
        used = frozenset(row.operation.space for row in self.program.rows)
        self.board_view.refresh(self.board, self.choices(), bool(self.sigma_toggle.value), used)
        n = len(self.program)
        if self.limit is None:
            limit = _("no limit")
        else:
            limit = ngettext("{count} of {limit} row", "{count} of {limit} rows",
                             self.limit).format(count=n, limit=self.limit)
        start = two_digits(self.start)
        if self.mental:
            self.header.value = _("Start <b>{start}</b> · {rows}").format(start=start,
                                                                           rows=limit)
        else:
            self.header.value = _("Start <b>{start}</b> · {rows} · now <b>{value}</b>").format(
                start=start, rows=limit, value=two_digits(self.value))
        self.rows.value = self._rows_html()
        is_open = self.locked_reason is None
        self.undo_button.disabled = not is_open or (n == 0 and self.pending is None)
        self.clear_button.disabled = not is_open or n == 0
        self.typed.disabled = self.add_button.disabled = not is_open or self.full
        self.sigma_toggle.layout.display = None if self.sigma_allowed else "none"
        self.sigma_toggle.disabled = (not is_open or self.full
                                      or self.rules.sigma_left(self.program) == 0)
        self.done_button.layout.display = None if self.on_done else "none"
        self.done_button.disabled = not is_open
        if self.pending is not None:
            comp = self.pending.component(self.board)
            self.question.value = html.escape(
                _("{value} then {operation} ({component}) =").format(
                    value=two_digits(self.value), operation=self.pending,
                    component=str(comp.label))) + " "
            self.mental_box.layout.display = None
        else:
            self.mental_box.layout.display = "none"

    def _rows_html(self) -> str:
        start = pgettext("the first line of a program", "Start")
        cells = [f"<tr class='lnb-start'><td></td><td>{html.escape(start)}</td>"
                 f"<td>{two_digits(self.start)}</td></tr>"]
        if self.mental:
            for i, row in enumerate(self.program.rows, start=1):
                cells.append(f"<tr class='lnb-row'><td>{i}.</td><td>{row.operation}</td>"
                             f"<td>→ {two_digits(row.written or 0)}</td></tr>")
        else:
            for r in self.trace().rows:
                cells.append(f"<tr class='lnb-row'><td>{r.row}.</td><td>{r.operation}</td>"
                             f"<td>{html.escape(str(r.text))}</td></tr>")
        if self.limit is not None:
            for i in range(len(self.program) + 1, self.limit + 1):
                cells.append(f"<tr class='lnb-row-empty lnb-muted'><td>{i}.</td>"
                             "<td>·</td><td></td></tr>")
        return "<table>" + "".join(cells) + "</table>"


__all__ = ["ProgramBuilder", "choices_for", "illegal_reason"]
