"""How many widget models the board costs: every model is kept by each pupil's kernel and
fetched and drawn by each page, so a class of 30 pays for every one of them."""

from __future__ import annotations

import ipywidgets as w

from classroom.progress import ProgressStore
from lnb import Board
from widgets.babbage.board import BoardView, shared
from widgets.babbage.puzzle_app import PuzzleApp


def models() -> set[str]:
    return {mid for mid, widget in w.widgets.widget._instances.items() if widget.comm}


def test_locked_levels_are_one_line_and_revealed_later() -> None:
    view = BoardView(Board.standard(), on_choose=lambda op: None)  # levels A and B
    assert {lv for lv, _ in view.spaces} == {"A", "B"}
    locked = [c for c in view.grid.children if "lnb-levels-locked" in c._dom_classes]
    assert len(locked) == 1 and "C–E locked" in locked[0].value
    view.refresh(Board.standard().with_level("C", "+-7,x/3,swap,=42"))
    assert {lv for lv, _ in view.spaces} == {"A", "B", "C"}
    assert view.button("C4=").description == "="
    assert "D–E locked" in view._locked_line.value
    c4 = view.space("C", 4)
    view.refresh(Board.standard())  # a board without C again: its spaces are closed
    assert c4.comm is None
    assert {lv for lv, _ in view.spaces} == {"A", "B"}


def test_buttons_and_names_share_their_layout_and_style() -> None:
    view = BoardView(Board.standard(), on_choose=lambda op: None)
    plus, minus = view.button("A3+"), view.button("A3-")
    assert plus.layout is minus.layout is shared("button-layout")
    assert plus.style is minus.style is shared("button-style")
    assert view.space("A", 1).name.layout is view.space("B", 2).name.layout


def test_a_redrawn_space_closes_its_old_buttons_but_not_the_shared_parts() -> None:
    view = BoardView(Board.standard(levels={"C": "+-7,x/3,swap,=42"}),
                     on_choose=lambda op: None)
    old = view.button("C1+")
    view.refresh(Board.standard(levels={"C": "x/3,+-7,swap,=42"}))
    assert old.comm is None
    assert shared("button-layout").comm is not None
    assert view.button("C1*").layout is shared("button-layout")


def test_the_puzzle_app_stays_under_200_models() -> None:
    before = models()
    app = PuzzleApp(ProgressStore(":memory:"))
    app.open_query({"code": "P1-0J6Y-91VC-7"})
    made = models() - before
    assert 0 < len(made) < 200, len(made)
