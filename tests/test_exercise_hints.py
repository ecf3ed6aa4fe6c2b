"""An exercise's hint box follows the pupil's answer: it goes when the exercise is solved, and a
hint shown is made again for each new attempt (never left about an answer no longer there)."""

from __future__ import annotations

from lnb.babbage.puzzles import Puzzle
from lnb.core.i18n import use_language
from widgets.babbage.exercise import Exercise, number


def _puzzle_exercise() -> Exercise:
    return Exercise.for_puzzle(Puzzle(start=55, targets=(73,), limit=2))


def test_a_solved_exercise_shows_no_hint() -> None:
    ex = _puzzle_exercise()
    ex.answer.value = "A2- A3+"
    ex.hint_button.click()
    assert "Undo the rows after row 1" in ex.hint_list.value
    ex.answer.value = "A2- B2+"
    assert ex.solved
    assert ex.hint_list.value == ""  # the old "Undo …" hint is gone
    assert ex.hint_button.layout.display == "none"  # nothing left to hint at


def test_a_solved_exercise_with_written_hints_shows_no_hint() -> None:
    ex = Exercise("What is 55 + 5?", number(60), hints=["Count on 5 from 55."])
    ex.answer.value = "61"
    ex.hint_button.click()
    assert "Count on 5" in ex.hint_list.value
    ex.answer.value = "60"
    assert ex.solved and ex.hint_list.value == ""


def test_a_wrong_answer_after_solving_brings_the_hint_back_about_it() -> None:
    ex = _puzzle_exercise()
    ex.answer.value = "A2-"
    ex.hint_button.click()
    ex.answer.value = "A2- B2+"
    assert ex.hint_list.value == ""
    ex.answer.value = "A2- A3+"
    assert ex.status.kind == "error"
    assert "Undo the rows after row 1" in ex.hint_list.value
    assert ex.hint_button.layout.display is None


def test_a_shown_hint_is_made_again_for_a_new_attempt() -> None:
    ex = _puzzle_exercise()
    ex.answer.value = "A2-"
    ex.hint_button.click()
    assert "you have 1 row left" in ex.hint_list.value
    ex.answer.value = "A2- A3+"  # both rows used, and wrongly
    assert "Undo the rows after row 1" in ex.hint_list.value
    assert ex.hints_shown[-1].startswith("Undo the rows after row 1")
    assert "start='1'" in ex.hint_list.value  # still the first hint, about the new rows
    ex.check_button.click()  # checking the same rows again changes nothing
    assert ex.hints_shown[-1].startswith("Undo the rows after row 1")


def test_a_new_attempt_remakes_the_hint_in_chinese() -> None:
    with use_language("zh_CN"):
        ex = _puzzle_exercise()
        ex.answer.value = "A2-"
        ex.hint_button.click()
        before = ex.hint_list.value
        assert "1 行" in before
        ex.answer.value = "A2- A3+"
        assert ex.hint_list.value != before
