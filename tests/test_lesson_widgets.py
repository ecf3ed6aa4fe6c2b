"""The lessons' own widgets without a browser: exercises, the algebra views, the reach grid."""

from __future__ import annotations

import re

import pytest

from lnb import Board
from lnb.babbage.algebra import starts_reaching
from lnb.babbage.puzzles import Puzzle
from lnb.babbage.solver import Solver
from widgets.babbage.algebra_view import AlgebraView, BackwardsView
from widgets.babbage.exercise import Exercise, number, numbers, words
from widgets.babbage.majority_view import MajorityView
from widgets.babbage.reach_grid import ReachGrid
from widgets.core.status import APOLOGY


# -- exercise --------------------------------------------------------------------------------
def test_typing_an_answer_checks_it_at_once() -> None:
    ex = Exercise("55 ÷ 2 in the engine?", number(27))
    ex.answer.value = "27"
    assert ex.solved and ex.status.kind == "ok"
    assert "lnb-solved" in ex._dom_classes


def test_check_button_after_typing_checks_once() -> None:
    ex = Exercise("?", number(27))
    ex.answer.value = "26"  # leaving the box checks it ...
    ex.check_button.click()  # ... so the click that moved the focus does not count again
    assert ex.attempts == 1 and ex.status.text == "Not yet: 26 is too small."
    ex.check_button.click()
    assert ex.attempts == 1


def test_hints_escalate_and_run_out() -> None:
    ex = Exercise("?", number(3), hints=["one", "two"])
    assert ex.hint_button.description == "Hint (1 of 2)"
    ex.hint_button.click()
    ex.hint_button.click()
    assert ex.hints_shown == ["one", "two"]
    # One short box: the second hint replaces the first, and the box says which one it is.
    assert "<li>two</li>" in ex.hint_list.value and "one" not in ex.hint_list.value
    assert ex.hint_list.value.count("<li>") == 1 and "start='2'" in ex.hint_list.value
    assert ex.hint_button.disabled and ex.next_hint() is None
    assert ex.hint_button.description == "No more hints"
    assert "seen all 2 hints" in ex.hint_button.tooltip  # why it is disabled


def test_a_wrong_number_for_a_program_is_diagnosed_with_the_engine() -> None:
    ex = Exercise("Start at 55. Which number does <b>A3+ A4/ B4s</b> end on?", number(3))
    verdict = ex.submit("30")
    assert not verdict.correct
    assert "30 is the number before the swap in row 3 (B4s)" in verdict.message
    assert "too big" not in verdict.message
    assert "55 is the start number" in ex.submit("55").message
    assert ex.submit("03").correct
    # A remainder rounded up is named, not only judged.
    ex = Exercise("Start at 55. What does <b>A4/</b> make?", number(27))
    assert "never rounds up" in ex.submit("28").message
    # No program in the question, or one that does not end on the answer: judged as before.
    assert Exercise("What is 55 + 5?", number(60)).submit("61").message == "Not yet: 61 is too big."
    odd = Exercise("Start at 55. Does <b>A3+</b> reach 99?", number(1))
    assert odd.submit("55").message == "Not yet: 55 is too big."
    assert "before the ÷2" in number(30, program="A3+ A4/")("60").message


def test_an_exercise_without_hints_hides_the_button() -> None:
    assert Exercise("?", number(3)).hint_button.layout.display == "none"


def test_a_broken_check_never_shows_a_traceback() -> None:
    def broken(text: str):  # type: ignore[no-untyped-def]
        raise KeyError(text)

    ex = Exercise("?", broken)
    ex.answer.value = "5"
    assert ex.status.text == str(APOLOGY)
    assert "Traceback" not in ex.status.message.value and "KeyError" in ex.status.last_error


def _mentions(message: str, value: int) -> bool:
    """Whether ``message`` shows ``value`` or its size (54 gives −54 away)."""
    return re.search(rf"(?<!\d){abs(value)}(?!\d)", message) is not None


@pytest.mark.parametrize("expected", [0, 3, 12, 27, 32, 70, 99, -54])
def test_no_reply_to_a_wrong_answer_gives_the_answer_away(expected: int) -> None:
    ex = Exercise("?", number(expected))
    for typed in ("", "   ", "27.5", "seventy", "1/2", str(expected + 1), str(expected - 1)):
        ex.answer.value = typed
        ex.check_button.click()
        assert not ex.solved
        assert not _mentions(ex.status.text, expected), (typed, ex.status.text)


@pytest.mark.parametrize("wanted", [[12, 34], [60, 61], [69, 70], [32], [17, 40, 63]])
def test_no_reply_to_a_wrong_set_of_numbers_gives_an_answer_away(wanted: list[int]) -> None:
    ex = Exercise("?", numbers(wanted))
    for typed in ("", "seventy", "lots", "none", "5", "1, 2"):
        ex.answer.value = typed
        ex.check_button.click()
        assert not ex.solved
        assert not any(_mentions(ex.status.text, v) for v in wanted), (typed, ex.status.text)


def test_no_reply_to_an_empty_word_answer_names_the_answer() -> None:
    ex = Exercise("?", words(["no"]))
    ex.check_button.click()
    assert ex.status.text == "Type your answer first."
    assert words(["science"], example="a type, like Art")("").message == \
        "Type your answer first: a type, like Art."


def test_an_empty_answer_is_not_an_attempt() -> None:
    ex = Exercise("?", number(27))
    ex.check_button.click()
    assert ex.status.text == "Type your answer first." and ex.attempts == 0
    ex.answer.value = "26"
    ex.answer.value = ""
    ex.check_button.click()
    assert ex.status.text == "Type your answer first." and ex.attempts == 1
    ex.answer.value = "27"
    assert ex.solved and ex.attempts == 2


@pytest.mark.parametrize("typed", ["60-61", "60, 61", "60 61", "61,60", "60 - 61", "60–61"])
def test_a_dash_between_numbers_separates_them(typed: str) -> None:
    ex = Exercise("?", numbers([60, 61]))
    ex.answer.value = typed
    ex.check_button.click()
    assert ex.solved, ex.status.text


def test_a_minus_before_a_number_still_makes_it_negative() -> None:
    ex = Exercise("?", numbers([60, 61]))
    ex.answer.value = "60, -61"
    assert ex.status.text == "-61 does not work."


def test_puzzle_exercise_uses_the_librarys_check_and_hints() -> None:
    puzzle = Puzzle(start=55, targets=(73,), limit=2)
    ex = Exercise.for_puzzle(puzzle)
    assert "Start at 55. Reach 73 in at most 2 rows." in ex.question.value
    ex.answer.value = "A3+ Q9"
    assert ex.status.kind == "error" and "level Q does not exist" in ex.status.text
    ex.answer.value = "A2-"
    ex.hint_button.click()
    assert ex.hints_shown[0].startswith("From 53 you need 1 more row to reach 73")
    ex.hint_button.click()
    ex.hint_button.click()
    assert "A whole program that works: A2- B2+." in ex.hints_shown[2]
    ex.answer.value = "A2- B2+"
    assert ex.solved
    assert "53 + 20 = 73" in ex.rows.value


def test_numbers_and_words_checks() -> None:
    answer = starts_reaching("A3+ A4/ B4s", 73).starts
    check = numbers(answer)
    assert check("70, 69").correct
    assert check("69").message == "Right so far, but there is 1 more."
    assert not check("none").correct
    assert check("seventy").message.startswith("Type numbers")
    assert words(["no"])("NO").correct



@pytest.mark.parametrize(("accepted", "typed"), [
    ("no", "No."), ("no", "no!"), ("no", "No, never"), ("no", "no..."), ("no", "“No”"),
    ("science", "science."), ("science", "Science!"), ("科学", "科学。"), ("科学", "科学！"),
    ("科学", "“科学”。"), ("no", "ｎｏ！")])
def test_punctuation_around_a_word_answer_does_not_make_it_wrong(accepted: str,
                                                                  typed: str) -> None:
    assert words([accepted])(typed).correct, typed


@pytest.mark.parametrize(("accepted", "typed"), [
    ("no", "yes."), ("no", "No, yes"), ("no", "not"), ("science", "art."), ("科学", "艺术。"),
    ("no", "...")])
def test_a_wrong_word_answer_stays_wrong_with_punctuation(accepted: str, typed: str) -> None:
    assert not words([accepted])(typed).correct, typed


@pytest.mark.parametrize("typed", ["27。", "27.", "27!", "２７", "２７。", " 27 ！", "27，"])
def test_a_number_with_punctuation_or_full_width_digits_is_read(typed: str) -> None:
    assert number(27)(typed).correct, typed


@pytest.mark.parametrize("typed", ["27.5", "27。5", "-27。", "27?7"])
def test_a_number_that_is_not_27_is_not_read_as_27(typed: str) -> None:
    assert not number(27)(typed).correct, typed


def test_a_set_of_numbers_or_none_with_chinese_punctuation() -> None:
    assert numbers([60, 61])("６０、６１。").correct
    assert numbers([])("没有。").correct
    assert numbers([])("None.").correct


# -- algebra views ---------------------------------------------------------------------------
def test_algebra_view_shows_formulas_beside_arithmetic() -> None:
    view = AlgebraView("A4/ A4x", start=55)
    assert view.arithmetic() == ["55 ÷ 2 = 27 r 1", "27 × 2 = 54"]
    assert r"2 \left\lfloor{\frac{x}{2}}\right\rfloor" in view.table.value
    assert "gives <b>54</b>" in view.check_line.value


def test_algebra_view_marks_a_row_that_leaves_the_range() -> None:
    view = AlgebraView("A4x A3+", start=55)
    assert view.arithmetic() == ["55 → 110 leaves 00–99", "—"]
    assert "lnb-void" in view.table.value
    assert "only works for starts" in view.check_line.value


def test_algebra_view_refuses_a_level_not_on_the_board() -> None:
    view = AlgebraView("A3+", start=55)
    view.program_box.value = "C1+"
    assert view.status.kind == "error" and "level C is not revealed" in view.status.text
    assert view.table.value == ""
    view.program_box.value = "B4s"
    assert view.status.text == "" and view.arithmetic() == ["55 ⇄ 55"]


def test_backwards_view_agrees_with_the_library() -> None:
    view = BackwardsView("A4/ A3+", target=73)
    assert "No start" in view.answer.value
    view.program_box.value = "A3- A4x"
    view.target_box.value = 72
    assert "<b>41</b> reaches 72" in view.answer.value
    assert "136" not in view.steps.value


# -- reach grid ------------------------------------------------------------------------------
def test_reach_grid_lights_what_the_solver_reaches() -> None:
    board = Board.standard()
    grid = ReachGrid(start=55, board=board, rows=2)
    expected = sorted(Solver(board, start=55).reachable(2) - {55})
    assert grid.lit() == expected
    assert "new numbers in 2 rows" in grid.summary.value
    grid.rows_slider.value = 0
    assert grid.lit() == [] and "Only the start" in grid.summary.value


# -- majority --------------------------------------------------------------------------------
def test_majority_view_draws_the_librarys_shares() -> None:
    from lnb.babbage.game.scoring import split_places

    view = MajorityView({"Ada": 4, "Bea": 2, "Cy": 2, "Dot": 2}, kind="Science")
    assert view.points() == split_places([["Ada"], ["Bea", "Cy", "Dot"]], [9, 4])
    assert "4 ÷ 3 = 1 r 1, so 1 point each" in view.sentence.value
    view.sliders["Ada"].value = 0
    assert view.points()["Ada"] == 0  # no marks, no place
    assert "<td>Ada</td><td>0</td><td><b>0</b></td>" in view.table.value
