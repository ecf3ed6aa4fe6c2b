"""Shared models (the stylesheet, the board's layouts and styles) outlive any component.

Every component shows the one ``stylesheet()`` and the board's buttons, names and spaces share
one Layout or style model per kind. Closing one component (``.close()``, or
``close_all`` with its children as the game app does) must leave those models open: they
are on the page for the other components, and every component built afterwards uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import ipywidgets as w
import pytest

from classroom.progress import ProgressStore
from lnb import Board
from widgets.babbage.board import BoardView, close_all, shared
from widgets.babbage.patrons import PatronsView
from widgets.babbage.program_builder import ProgramBuilder
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.babbage.resolution import ResolutionView
from widgets.babbage.scoreboard import ScoreSheetView
from widgets.babbage.subroutines import SubroutinesView
from widgets.core.shared import is_shared
from widgets.core.style import stylesheet
from widgets.core.timer import Timer

BOARD_KINDS = ("layout", "button-layout", "button-style", "html-style")

COMPONENTS: dict[str, Callable[[], w.Widget]] = {
    "ProgramBuilder": lambda: ProgramBuilder(Board.standard(), start=55),
    "BoardView": lambda: BoardView(Board.standard(), on_choose=lambda op: None),
    "ScoreSheetView": ScoreSheetView,
    "PatronsView": PatronsView,
    "SubroutinesView": SubroutinesView,
    "ResolutionView": ResolutionView,
    "Timer": lambda: Timer(60),
    "PuzzleApp": lambda: PuzzleApp(ProgressStore(":memory:")),
}
CLOSES: dict[str, Callable[[w.Widget], None]] = {
    ".close()": lambda widget: widget.close(),
    "close_all": close_all,
}


def shared_models() -> list[w.Widget]:
    return [stylesheet(), *(shared(kind) for kind in BOARD_KINDS)]


def models(widget: w.Widget, into_shared: bool = True) -> Iterator[w.Widget]:
    """``widget`` and every model under it (children, layouts, styles)."""
    yield widget
    if not into_shared and is_shared(widget):
        return
    for child in getattr(widget, "children", ()):
        yield from models(child, into_shared)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget):
            yield part


def assert_works(widget: w.Widget) -> None:
    """Every model under ``widget`` is open and can be sent to the page."""
    for model in models(widget):
        assert model.comm is not None, model
        model.get_state()  # a closed child fails here: 'NoneType' has no attribute 'comm_id'


def assert_shared_open(before: list[w.Widget]) -> None:
    now = shared_models()
    assert all(model.comm is not None for model in before)
    assert all(a is b for a, b in zip(before, now, strict=True))  # the same models, still open


@pytest.mark.parametrize("close", CLOSES.values(), ids=CLOSES)
@pytest.mark.parametrize("make", COMPONENTS.values(), ids=COMPONENTS)
def test_closing_a_component_leaves_the_shared_models_open(
        make: Callable[[], w.Widget], close: Callable[[w.Widget], None]) -> None:
    BoardView(Board.standard(), on_choose=lambda op: None)  # the board's shared models exist
    before = shared_models()
    first, second, kept = make(), make(), make()
    close(first)
    assert_shared_open(before)
    third = make()
    assert_works(third)
    close(second)
    close(third)
    assert_shared_open(before)
    assert_works(make())
    assert_works(kept)  # a component still on the page keeps its stylesheet
    assert any(model is stylesheet() for model in models(kept))


def test_closing_one_of_each_then_building_each_works() -> None:
    built = [make() for make in COMPONENTS.values()]
    before = shared_models()
    for widget in built:
        close_all(widget)
    assert all(widget.comm is None for widget in built)  # closed, children and all
    assert_shared_open(before)
    for make in COMPONENTS.values():
        assert_works(make())


def test_close_all_closes_what_a_component_owns_but_not_what_it_shares() -> None:
    view = BoardView(Board.standard(), on_choose=lambda op: None)
    button = view.button("A3+")
    owned = [m for m in models(view, into_shared=False) if not is_shared(m)]
    assert len(owned) > 20
    close_all(view)
    assert button.comm is None
    assert all(m.comm is None for m in owned)
    assert button.layout.comm is not None and button.layout is shared("button-layout")


def test_shared_models_closed_by_widget_close_all_are_made_again() -> None:
    ProgramBuilder(Board.standard())
    old = shared_models()
    w.Widget.close_all()
    new = shared_models()
    assert all(model.comm is not None for model in new)
    assert all(a is not b for a, b in zip(old, new, strict=True))
    assert_works(ProgramBuilder(Board.standard()))
