"""The board: levels A–E, four racks each; a level not yet revealed is shown locked.

Shown alone it is a picture of the board. Given ``on_choose``, every space carries one button
per function (``+``/``−`` on ±5, ``⇄`` on Swap ...); :meth:`BoardView.refresh` takes the
choices the library allows (an Operation mapped to ``None``) or forbids (mapped to the reason,
shown on hover), so the board itself knows no rule.

>>> from lnb import Board, Operation
>>> view = BoardView(Board.standard())
>>> view.space("A", 3).text, view.space("C", 1).text
('A3 ±5', 'C1 locked')
>>> picked = []
>>> view = BoardView(Board.standard(), on_choose=picked.append)
>>> view.refresh(choices={Operation.parse("A3+"): None, Operation.parse("A3-"): "too small"})
>>> view.button("A3+").click(); picked
[Operation.parse('A3+')]
>>> view.button("A3-").disabled, view.button("A3-").tooltip
(True, 'too small')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping

import ipywidgets as w
from ipywidgets.widgets.widget_string import HTMLStyle

from lnb.babbage.board import Board
from lnb.babbage.components import Component, Function, Kind
from lnb.babbage.edition import LEVELS, RACKS
from lnb.babbage.operations import Operation, describe_kind
from lnb.core.i18n import _, ngettext
from widgets.core.shared import close_all, shared_model
from widgets.core.style import stylesheet
from widgets.core.theme import kind_class

Choices = Mapping[Operation, "str | None"]

_SYMBOLS = {
    Function.ADD: "+",
    Function.SUBTRACT: "−",
    Function.MULTIPLY: "×",
    Function.DIVIDE: "÷",
    Function.SWAP: "⇄",
    Function.SET: "=",
}


def function_symbol(component: Component, function: Function) -> str:
    """The symbol on a function button: ``+ − × ÷ ⇄ → ← =``."""
    if function is Function.COPY:
        return "→" if component.kind is Kind.COPY_RIGHT else "←"
    return _SYMBOLS[function]


_KIND_NAMES = {
    Kind.ADD_SUB: "add-sub",
    Kind.MUL_DIV: "mul-div",
    Kind.SWAP: "swap",
    Kind.COPY_RIGHT: "copy",
    Kind.COPY_LEFT: "copy",
    Kind.SET_TO: "set-to",
}


def kind_name(kind: Kind) -> str:
    """The name of a component kind in the kit's colours (:data:`widgets.core.theme.KINDS`):
    each kind's space and buttons carry the class ``lnb-kind-<name>``.

    >>> kind_name(Kind.ADD_SUB), kind_name(Kind.COPY_LEFT)
    ('add-sub', 'copy')
    """
    return _KIND_NAMES[kind]


def css_name(operation: Operation) -> str:
    """A stable CSS class for an Operation's button: ``lnb-op-A3-add``."""
    sigma = "-sigma" if operation.sigma else ""
    return f"lnb-op-{operation.space}-{operation.function.name.lower()}{sigma}"


_MAKE_SHARED: dict[str, Callable[[], w.Widget]] = {
    "button-layout": lambda: w.Layout(width="44px"),
    "button-style": w.ButtonStyle,
    "html-style": HTMLStyle,
    "layout": w.Layout,
}


def shared(kind: str) -> w.Widget:
    """One Layout or style model shared by every widget of a kind on the board.

    Each widget would otherwise bring its own (a model the kernel keeps and every page
    fetches and draws); nothing on the board changes one widget's layout or style alone.
    Closing a component never closes these (:func:`close_all` skips them); one closed
    anyway (``Widget.close_all()``) is made again.

    >>> shared("layout") is shared("layout"), shared("button-layout").width
    (True, '44px')
    """
    return shared_model(f"board-{kind}", _MAKE_SHARED[kind])


def _html(value: str, css: str) -> w.HTML:
    """An HTML widget with the board's shared layout and style."""
    html = w.HTML(value, layout=shared("layout"), style=shared("html-style"))
    html.add_class(css)
    return html


class Space(w.HBox):
    """One space of the board: its name and component, then its function buttons.

    One box holds the name and the buttons (the name takes a whole line, the buttons wrap
    below it): each widget costs every pupil's kernel and page a model, so there is no
    inner box.
    """

    def __init__(self, level: str, rack: int, on_choose: Callable[[Operation], None] | None):
        self.level, self.rack = level, rack
        self.on_choose = on_choose
        self.component: Component | None = None
        self.locked = True
        self._shown = False
        self.sigma = False
        self.name = _html("", "lnb-space-name")
        self.buttons: dict[Function, w.Button] = {}
        super().__init__([self.name], layout=shared("layout"))
        self.add_class("lnb-space")
        self.add_class(f"lnb-space-{level}{rack}")

    def show(self, component: Component | None) -> None:
        """Show a component, or the lock when the level is not revealed."""
        if self._shown and component == self.component:
            return
        self._shown = True
        if self.component is not None:
            self.remove_class(kind_class(kind_name(self.component.kind)))
        self.component, self.locked = component, component is None
        self.relabel()
        if component is None:
            self.add_class("lnb-space-locked")
            self._set_buttons({})
            return
        self.remove_class("lnb-space-locked")
        self.add_class(kind_class(kind_name(component.kind)))
        if self.on_choose is None:
            return
        buttons = {}
        for function in component.functions:
            button = w.Button(description=function_symbol(component, function),
                              layout=shared("button-layout"), style=shared("button-style"))
            button.add_class("lnb-fn")
            button.add_class(kind_class(kind_name(component.kind)))
            button.add_class(css_name(Operation(self.level, self.rack, function)))
            button.on_click(self._clicked(function))
            buttons[function] = button
        self._set_buttons(buttons)

    def _set_buttons(self, buttons: dict[Function, w.Button]) -> None:
        old, self.buttons = self.buttons, buttons
        self.children = (self.name, *buttons.values())
        for button in old.values():
            close_all(button)

    def relabel(self) -> None:
        """Set the space's name and tooltip in the current language."""
        self.name.value = self.text
        # The tooltip goes on the name: a Box with a tooltip fails to render in
        # ipywidgets 8.1 (its view reads the Box's missing ``description``).
        if self.component is None:
            self.name.tooltip = _("Level {level} is not revealed yet").format(level=self.level)
        else:
            self.name.tooltip = _("{space}: {description}").format(
                space=f"{self.level}{self.rack}",
                description=str(describe_kind(self.component)))

    @property
    def text(self) -> str:
        """What the space shows, as plain text."""
        space = f"{self.level}{self.rack}"
        if self.component is None:
            # TRANSLATORS: a space of the board whose level is not revealed yet (C1 locked)
            return _("{space} locked").format(space=space)
        return _("{space} {component}").format(space=space,
                                                component=str(self.component.label))

    def _clicked(self, function: Function) -> Callable[[w.Button], None]:
        def clicked(_: w.Button) -> None:
            if self.on_choose is not None:
                self.on_choose(Operation(self.level, self.rack, function, self.sigma))

        return clicked


class BoardView(w.VBox):
    """The five levels of the board as a grid of spaces.

    A level not revealed yet is drawn as one line (``C–E locked``), not as four spaces: its
    spaces are made when it is revealed (or when :meth:`space` asks for one).
    """

    def __init__(self, board: Board | None = None,
                 on_choose: Callable[[Operation], None] | None = None) -> None:
        self.board = board or Board.standard()
        self.on_choose = on_choose
        self.spaces: dict[tuple[str, int], Space] = {}
        self._labels: dict[str, w.HTML] = {}
        self._locked_line = _html("", "lnb-levels-locked")
        self._drawn: tuple[str, ...] | None = None
        self._locked_names: tuple[str, int] = ("", 0)
        self.grid = w.GridBox(
            [], layout=w.Layout(grid_template_columns="2em repeat(4, minmax(6em, 1fr))"))
        self.grid.add_class("lnb-board")
        super().__init__([stylesheet(), self.grid])
        self.add_class("lnb-board-view")
        self.add_class("lnb-widget")
        if on_choose is None:
            # A picture of the board: nothing in it takes a Tab stop (the kit's page gives
            # its parts tabindex=-1; nothing here scrolls, so nothing is focusable).
            self.add_class("lnb-board-readonly")
        self.refresh()

    def space(self, level: str, rack: int) -> Space:
        """The widget of one space."""
        key = (level.upper(), rack)
        if key not in self.spaces:
            if key[0] not in LEVELS or rack not in RACKS:
                raise KeyError(key)
            self.spaces[key] = Space(key[0], rack, self.on_choose)
            comps = self.board.levels.get(key[0])
            self.spaces[key].show(comps[rack - 1] if comps else None)
        return self.spaces[key]

    def button(self, operation: Operation | str) -> w.Button:
        """The button that writes ``operation`` (``KeyError`` when there is none)."""
        if isinstance(operation, str):
            operation = Operation.parse(operation)
        return self.space(operation.level, operation.rack).buttons[operation.function]

    def _draw(self) -> None:
        """Lay the grid out again when the revealed levels change."""
        revealed = tuple(lv for lv in LEVELS if self.board.levels.get(lv))
        if revealed == self._drawn:
            return
        self._drawn = revealed
        for key in [k for k in self.spaces if k[0] not in revealed]:
            close_all(self.spaces.pop(key))  # a level locked again (a new puzzle's board)
        cells: list[w.Widget] = []
        for level in revealed:
            if level not in self._labels:
                self._labels[level] = _html(level, "lnb-level")
            cells.append(self._labels[level])
            cells.extend(self.space(level, rack) for rack in RACKS)
        locked = [lv for lv in LEVELS if lv not in revealed]
        self._locked_names = ("", 0)
        if locked:
            names = locked[0] if len(locked) == 1 else f"{locked[0]}–{locked[-1]}"
            if len(locked) > 1 and "".join(locked) not in "".join(LEVELS):
                names = ", ".join(locked)
            self._locked_names = (names, len(locked))
            self._label_locked_line()
            cells.append(self._locked_line)
        self.grid.children = tuple(cells)

    def _label_locked_line(self) -> None:
        names, count = self._locked_names
        tip = ngettext("Level {names} is not revealed yet", "Levels {names} are not revealed yet",
                       count).format(names=names)
        # TRANSLATORS: levels of the board not revealed yet: "C–E locked"
        shown = _("{names} locked").format(names=names)
        self._locked_line.value = (f"<span title='{html.escape(tip, quote=True)}'>"
                                   f"{html.escape(shown)}</span>")

    def relabel(self) -> None:
        """Set every word of the board in the current language (the board is unchanged)."""
        for space in self.spaces.values():
            space.relabel()
        if self._locked_names[1]:
            self._label_locked_line()

    def refresh(self, board: Board | None = None, choices: Choices | None = None,
                sigma: bool = False, used: frozenset[str] = frozenset()) -> None:
        """Redraw from ``board``; enable exactly the choices mapped to ``None``.

        ``used`` names spaces already in the program (highlighted); ``sigma`` marks the
        Operations the buttons write as Σ rows.
        """
        if board is not None:
            self.board = board
        self._draw()
        for (level, rack), space in self.spaces.items():
            comps = self.board.levels.get(level)
            space.show(comps[rack - 1] if comps else None)
            space.sigma = sigma
            name = f"{level}{rack}"
            if name in used:
                space.add_class("lnb-space-used")
            else:
                space.remove_class("lnb-space-used")
            for function, button in space.buttons.items():
                op = Operation(level, rack, function, sigma)
                if choices is None or (op in choices and choices[op] is None):
                    disabled, tip = False, f"{op}"
                else:
                    disabled = True
                    tip = ((choices.get(op) if op in choices else None)
                           or _("{operation} is not allowed now").format(operation=op))
                if button.disabled != disabled:
                    button.disabled = disabled
                if button.tooltip != tip:
                    button.tooltip = tip
