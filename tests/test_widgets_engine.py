"""Widget tests without a browser: build, click, assert on traits and on lnb values."""

from __future__ import annotations

import logging

import pytest

from lnb import Board, Operation, Program, legal_operations
from widgets.babbage.board import BoardView, css_name
from widgets.babbage.program_builder import ProgramBuilder, choices_for
from widgets.core.status import APOLOGY, StatusLine
from widgets.core.timer import Timer

BOARD_C = Board.standard(levels={"C": "+-7,x/3,swap,=42"})


# -- status line ---------------------------------------------------------------------------
def test_rules_error_is_plain_words_and_state_kept() -> None:
    status = StatusLine()
    with status.guard():
        Program.parse("A3+ Q9")
    assert status.kind == "error"
    assert status.text.startswith("Row 2 'Q9': level Q does not exist")
    assert "Traceback" not in status.message.value
    assert status.carry_on.layout.display == "none"


def test_unexpected_error_is_logged_and_apologised(caplog: pytest.LogCaptureFixture) -> None:
    continued = []
    status = StatusLine(on_continue=lambda: continued.append(True))

    @status.guarded
    def broken() -> None:
        raise ZeroDivisionError("secret detail")

    with caplog.at_level(logging.ERROR, logger="widgets"):
        broken()
    assert status.text == str(APOLOGY)
    assert "secret detail" not in status.message.value
    assert "ZeroDivisionError" in caplog.text and "secret detail" in status.last_error
    assert status.carry_on.layout.display is None
    status.carry_on.click()
    assert continued == [True]
    assert status.text == "" and status.carry_on.layout.display == "none"


# -- board ---------------------------------------------------------------------------------
def test_board_shows_levels_and_locks_hidden_ones() -> None:
    view = BoardView(BOARD_C)
    assert view.space("C", 4).text == "C4 Set 42"
    assert view.space("D", 1).text == "D1 locked"
    assert view.space("D", 1).name.tooltip == "Level D is not revealed yet"
    assert "lnb-space-locked" in view.space("E", 2)._dom_classes
    assert "lnb-space-locked" not in view.space("C", 2)._dom_classes
    view.refresh(BOARD_C.with_level("D", "+-3,+-4,copy>,copy<"))
    assert view.space("D", 3).text == "D3 Copy →"
    assert "lnb-space-locked" not in view.space("D", 3)._dom_classes


def test_board_buttons_match_component_functions() -> None:
    view = BoardView(BOARD_C, on_choose=lambda op: None)
    assert [b.description for b in view.space("A", 3).buttons.values()] == ["+", "−"]
    assert [b.description for b in view.space("A", 4).buttons.values()] == ["×", "÷"]
    assert [b.description for b in view.space("B", 4).buttons.values()] == ["⇄"]
    assert view.space("D", 1).buttons == {}
    op = Operation.parse("C2/")
    assert css_name(op) in view.button(op)._dom_classes


# -- program builder -----------------------------------------------------------------------
def test_click_writes_row_with_arithmetic() -> None:
    changes = []
    builder = ProgramBuilder(BOARD_C, start=55, limit=5, on_change=changes.append)
    builder.board_view.button("A3+").click()
    builder.board_view.button("C2/").click()
    assert str(builder.program) == "A3+ C2/"
    assert builder.value == 20
    assert "55 + 5 = 60" in builder.rows.value and "60 ÷ 3 = 20" in builder.rows.value
    assert "2 of 5 rows" in builder.header.value
    assert [str(p) for p in changes] == ["A3+", "A3+ C2/"]


def test_disabled_buttons_are_exactly_the_illegal_ones() -> None:
    builder = ProgramBuilder(BOARD_C, start=95, limit=5)
    legal = {str(op) for op in legal_operations(95, BOARD_C)}
    for level, rack, comp in BOARD_C.spaces():
        for function in comp.functions:
            op = Operation(level, rack, function)
            button = builder.board_view.button(op)
            assert button.disabled == (str(op) not in legal), op
            if button.disabled:
                assert "00–99" in button.tooltip
    assert builder.board_view.button("A3+").tooltip.startswith("95 + 5 = 100 leaves 00–99")


def test_typing_rows_and_typing_errors() -> None:
    builder = ProgramBuilder(BOARD_C, start=55, limit=5)
    builder.typed.value = "a3+ b4S"
    assert str(builder.program) == "A3+ B4s"
    assert builder.typed.value == ""
    builder.typed.value = "D1+"
    assert str(builder.program) == "A3+ B4s"  # unchanged
    assert builder.status.kind == "error"
    assert "Row 3 'D1+'" in builder.status.text and "not revealed" in builder.status.text
    builder.typed.value = "B1+"  # 06 + 50 = 56 is fine
    assert builder.value == 56


def test_limit_blocks_every_choice_and_undo_clear() -> None:
    builder = ProgramBuilder(BOARD_C, start=55, limit=2)
    builder.board_view.button("A1+").click()
    builder.board_view.button("A1+").click()
    assert builder.full
    assert all(b.disabled for s in builder.board_view.spaces.values() for b in s.buttons.values())
    assert "All 2 rows are written" in builder.board_view.button("A1-").tooltip
    assert builder.typed.disabled
    with builder.status.guard():
        builder.type_rows("A1+")  # typed anyway: refused in words
    assert len(builder.program) == 2
    assert builder.status.text == "Row 3 'A1+': over the limit of 2 Operations; remove 1 row."
    builder.undo_button.click()
    assert str(builder.program) == "A1+"
    assert not builder.board_view.button("A1-").disabled
    builder.clear_button.click()
    assert str(builder.program) == "" and builder.value == 55
    assert builder.undo_button.disabled and builder.clear_button.disabled


def test_sigma_row_applies_twice_once_a_round() -> None:
    builder = ProgramBuilder(Board.standard(), start=55, limit=5, sigma=True)
    assert builder.sigma_toggle.layout.display is None
    builder.sigma_toggle.value = True
    builder.board_view.button(Operation.parse("B2+Σ")).click()
    assert str(builder.program) == "B2+Σ"
    assert builder.value == 95
    assert "55 + 20 + 20 = 95" in builder.rows.value
    assert builder.sigma_toggle.value is False and builder.sigma_toggle.disabled


def test_lock_refuses_clicks_with_reason() -> None:
    builder = ProgramBuilder(BOARD_C, start=55, on_done=lambda p: None)
    builder.lock("Time is up.")
    assert builder.board_view.button("A1+").disabled
    assert builder.board_view.button("A1+").tooltip == "Time is up."
    with builder.status.guard():
        builder.choose(Operation.parse("A1+"))
    assert builder.status.text == "Time is up." and len(builder.program) == 0


def test_done_hands_in_the_program() -> None:
    handed = []
    builder = ProgramBuilder(BOARD_C, start=55, on_done=handed.append)
    builder.type_rows("A3+ A4/")
    builder.done_button.click()
    assert [str(p) for p in handed] == ["A3+ A4/"]


def test_mental_play_asks_for_result_and_hides_arithmetic() -> None:
    builder = ProgramBuilder(BOARD_C, start=55, mental=True)
    builder.board_view.button("A3+").click()
    assert builder.pending == Operation.parse("A3+")
    assert builder.mental_box.layout.display is None
    assert "60" not in builder.question.value
    assert builder.board_view.button("A1+").disabled  # write the Result first
    builder.answer.value = "61"  # a wrong Result is found only at resolution
    assert str(builder.program) == "A3+ 61"
    assert builder.value == 61 and "61" in builder.rows.value
    assert "55 + 5" not in builder.rows.value
    builder.type_rows("A1+ 62")
    assert builder.program.written == (61, 62)


def test_choices_for_blocked_reason() -> None:
    choices = choices_for(55, BOARD_C, blocked="Wait for your turn.")
    assert set(choices.values()) == {"Wait for your turn."}
    assert len(choices) == sum(len(c.functions) for _, _, c in BOARD_C.spaces())


# -- timer ---------------------------------------------------------------------------------
def test_timer_is_linked_in_the_browser_and_fires_once() -> None:
    fired = []
    timer = Timer(60, on_zero=lambda: fired.append(1))
    sources = {(link.source[0], link.source[1]) for link in timer.links}
    assert sources == {(timer.play, "value")}
    assert {link.target[0] for link in timer.links} == {timer.bar, timer.count}
    assert timer.play.interval == 1000 and timer.play.max == 60
    timer.play.value = 60  # not running: nothing happens
    assert fired == []
    timer.reset()
    timer.start()
    assert timer.play.playing and timer.running
    timer.play.value = 30
    assert fired == [] and timer.remaining == 30
    timer.expire()
    timer.play.value = 60
    assert fired == [1] and not timer.running and timer.label.value == "Time is up!"


def test_timer_stop_and_untimed() -> None:
    fired = []
    timer = Timer(30, on_zero=lambda: fired.append(1))
    timer.start()
    timer.stop()
    timer.play.value = 30
    assert fired == [] and not timer.play.playing
    timer.reset(None)
    timer.start()
    assert not timer.running and timer.label.value == "No time limit"
    assert timer.bar.layout.display == "none"
