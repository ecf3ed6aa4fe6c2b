"""Lessons 04 and 05's target boxes and the reach grid's key (the trial's "150 silently
becomes 99" and "the grid has no colour key")."""

from __future__ import annotations

from widgets.babbage.algebra_view import BackwardsView
from widgets.babbage.reach_grid import ReachGrid


def test_a_target_outside_00_99_is_refused_in_words_not_changed_to_99() -> None:
    """Lesson 04's target box once turned 150 into 99 without a word (BoundedIntText)."""
    view = BackwardsView("A3+ A4/ B4s", target=73)
    view.target_box.value = 150
    assert view.target_box.value == 150
    assert view.status.kind == "error" and "Target 150 leaves 00–99" in view.status.text
    assert view.answer.value == ""
    grid = ReachGrid(start=55, rows=2)
    grid.target_box.value = 150
    assert grid.target_box.value == 150 and "Target 150 leaves 00–99" in grid.status.text
    grid.target_box.value = 73
    assert grid.status.text == "" and "73" in grid.answer.value


def test_the_reach_grid_has_a_colour_key() -> None:
    from widgets.babbage.reach_grid import COLOURS

    grid = ReachGrid(start=55, rows=3)
    summary = grid.summary.value
    for rows in (1, 2, 3):
        assert f"background:{COLOURS[rows - 1]}" in summary
    assert summary.index(COLOURS[0]) < summary.index("in 1 row")
    assert "the start" in summary
