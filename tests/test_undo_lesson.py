"""The lesson *Undo a program* answers back, in-process: each exercise of its bank
(``widgets/lessons/exercises/09-undo-a-program.toml``) accepts its answer in both languages,
with its explanation; every answer is the Engine's (``lnb.run``, ``starts_reaching``); each
diagnosis of :mod:`widgets.babbage.undo_checks` is reachable (forgot the brackets, undid in the
wrong order, did the row again instead of its inverse, a ÷ row's remainder); a pupil's equation
is read safely (no name but x reaches sympy) and text it cannot read is named.
"""

from __future__ import annotations

import re

import pytest
from lesson_code import bank_id, calls, code_cells, read

from lnb import run
from lnb.babbage.algebra import starts_reaching
from lnb.core.i18n import use_language
from widgets.babbage.undo_checks import (
    KINDS,
    EquationError,
    board_of,
    diagnose_equation,
    diagnose_start,
    equation,
    in_order,
    read_equation,
    read_side,
    undo,
    written,
)
from widgets.lessons.bank import bank

LESSON = "09-undo-a-program"
LEVELS = {"C": "x/3,x/4,x/5,x/6"}
BOARD = board_of(LEVELS)
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def test_the_banks_answers_are_the_engines() -> None:
    found = bank(LESSON)
    for entry in found.entries:
        options = entry.options
        board = board_of(options.get("levels"))
        if entry.check == "in_order":
            assert run(options["program"], start=options["start"], board=board).result == \
                entry.answer
        elif entry.check == "undo":
            starts = starts_reaching(options["program"], options["result"], board).starts
            wanted = entry.answer if isinstance(entry.answer, list) else [entry.answer]
            assert list(starts) == wanted, entry.id
        elif entry.check == "equation":
            assert diagnose_equation(entry.answer, program=options["program"],
                                     result=options["result"], board=board) is None
    assert {e.check for e in found.entries} == {*KINDS, "words"}


@pytest.mark.parametrize(("value", "reason"), [
    (80, "result"), (450, "ran-forward"), (410, "same-operation"), (14, "wrong-order"),
    (30, "forgot-brackets"), (16, "part-undone"),
])
def test_each_wrong_start_is_diagnosed(value: int, reason: str) -> None:
    found = diagnose_start(value, program="B3+ C3x", result=80, board=BOARD)
    assert found is not None and found.reason == reason, found
    verdict = undo(6, program="B3+ C3x", result=80, levels=LEVELS)(str(value))
    assert not verdict.correct and verdict.message == f"Not yet: {found.message}"


def test_a_start_no_misconception_explains_is_run_by_the_engine() -> None:
    assert diagnose_start(7, program="B3+ C3x", result=80, board=BOARD) is None
    check = undo(6, program="B3+ C3x", result=80, levels=LEVELS)
    assert check("7").message == "Not yet: from 07 the program makes 85, not 80."
    assert check("150").message.startswith("Not yet: 150 is not a start")
    assert "breaks a rule" in check("20").message  # 20 + 10 = 30, × 5 = 150 leaves 00–99
    assert check("six").message.startswith("Type a whole number")
    assert check("06").correct


def test_a_divide_row_makes_the_undo_not_unique() -> None:
    check = undo([60, 61], program="A4/ B3+", result=40)
    said = check("60").message
    assert said.startswith("Right so far, but the undo is not unique: 61 ÷ 2 = 30 r 1")
    assert check("61, 60").correct and not check("60, 61, 62").correct
    assert check("70").message.startswith("Not yet: you undid row 1 first")
    assert check("25").message.startswith("Not yet: you did each row again")


def test_forwards_the_missing_brackets_are_named() -> None:
    check = in_order(27, program="A3+ C1x", start=4, levels=LEVELS)
    assert check("19").message == ("Not yet: 19 is 4 + 5 × 3 with × done first. The Engine "
                                   "does row 1 first: (4 + 5) × 3.")
    assert check("28").message == "Not yet: 28 is too big."
    assert check("27").correct


@pytest.mark.parametrize(("typed", "reason"), [
    ("x + 10 * 5 = 80", "forgot-brackets"), ("x * 5 + 10 = 80", "wrong-order"),
    ("(x + 10) * 5 = 70", "wrong-result"), ("x + 10 = 16", "part-solved"), ("80 = 80", "no-x"),
    ("(x + 1) * 5 = 80", "engine"), ("(x + 10) * 5", "no-equals"),
    ("y + 10 = 80", "other-letter"), ("(x + 10 * 5 = 80", "brackets"),
    ("x + 10) * 5 = 80", "brackets"), ("x = 6 = 6", "two-equals"), ("= 80", "empty-side"),
    ("x ** 2 = 80", "power"), ("x / 0 = 80", "divide-by-zero"), ("x + * 5 = 80", "syntax"),
    ("(x + 10)x5 = 80", "x-as-times"), ("__import__('os') = 1", "unreadable"),
    ("x + 10 # 5 = 80", "unreadable"), ("9" * 130, "too-long"),
])
def test_each_wrong_equation_is_diagnosed(typed: str, reason: str) -> None:
    found = diagnose_equation(typed, program="B3+ C3x", result=80, board=BOARD)
    assert found is not None and found.reason == reason, (typed, found)
    verdict = equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80, levels=LEVELS)(typed)
    assert not verdict.correct and verdict.message.startswith("Not yet: "), verdict


@pytest.mark.parametrize("typed", [
    "(x + 10) * 5 = 80", "5(x + 10) = 80", "(x+10)×5=80", "80 = (x + 10) · 5", "5x + 50 = 80",
    "（x + 10）× 5 ＝ 80", "(X + 10) * 5 = 80", "(x + 10) ÷ 1 × 5 = 80",
])
def test_any_equal_equation_is_accepted(typed: str) -> None:
    assert diagnose_equation(typed, program="B3+ C3x", result=80, board=BOARD) is None, typed


def test_the_equation_is_read_without_eval_of_names() -> None:
    assert read_equation("(x − 5) × 3 = 36") == (read_side("3x - 15"), 36)
    for bad in ("exec('1')", "x.__class__", "lambda: 1", "[x]", "x; 1"):
        with pytest.raises(EquationError) as err:
            read_side(bad)
        assert err.value.fields["reason"] in ("unreadable", "other-letter"), bad
        assert err.value.fields["text"] is not None


def test_written_sums_follow_the_rows() -> None:
    assert written("B3+ C3x", BOARD) == "(x + 10) × 5"
    assert written("C1x A3+ A4x", BOARD) == "(x × 3 + 5) × 2"
    assert written("A4/ B3+", BOARD) == written("A4/ B3+", BOARD, brackets=False) == "x ÷ 2 + 10"
    with pytest.raises(ValueError, match="not \\+ − × or ÷"):
        written("B4s", BOARD)
    with pytest.raises(ValueError, match="is not the program"):
        equation("x + 10 * 5 = 80", program="B3+ C3x", result=80, levels=LEVELS)("x = 1")


def test_the_diagnoses_speak_chinese() -> None:
    with use_language("zh_CN"):
        messages = [
            undo(6, program="B3+ C3x", result=80, levels=LEVELS)(str(v)).message
            for v in (80, 450, 410, 14, 30, 16, 7)
        ] + [
            equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80, levels=LEVELS)(t).message
            for t in ("x + 10 * 5 = 80", "x * 5 + 10 = 80", "(x + 10) * 5 = 70", "x + 10 = 16",
                      "80 = 80", "(x + 1) * 5 = 80", "(x + 10) * 5", "y = 1", "(x = 1",
                      "x + * 5 = 1", "(x + 10)x5 = 80", "x # 1 = 1")
        ] + [undo([60, 61], program="A4/ B3+", result=40)("60").message,
             in_order(27, program="A3+ C1x", start=4, levels=LEVELS)("19").message]
    for message in messages:
        assert CHINESE.search(message), message
        assert not re.search(r"[A-Za-wyz]{3,}", message.replace("Engine", "")), message


def test_the_lesson_shows_no_answer_before_it_is_asked() -> None:
    """The lesson's code names only exercise ids; no answer of an equation or a start is in
    a markdown cell before its exercise."""
    nb = read(f"{LESSON}.ipynb")
    answers = {e.id: e for e in bank(LESSON).entries}
    seen: list[str] = []
    for cell in nb.cells:
        if cell.cell_type == "code":
            asked = [bank_id(call) for call in calls(cell.source, "exercise")]
            seen += [ident for lesson, ident in filter(None, asked) if lesson == LESSON]
            continue
        for ident, entry in answers.items():
            if ident in seen or entry.check != "equation":
                continue
            assert str(entry.answer).replace("*", "×") not in cell.source, ident
    assert seen == list(bank(LESSON).ids)


def test_each_misconception_is_kept_as_a_diagnosis_key_with_words_for_the_teacher() -> None:
    from widgets.babbage.exercise import diagnosis_words
    from widgets.babbage.undo_checks import DIAGNOSES

    start = undo(6, program="B3+ C3x", result=80, levels=LEVELS)
    assert [start(v).diagnosis for v in ("80", "450", "410", "14", "30", "16", "7")] == [
        "result", "ran-forward", "same-operation", "wrong-order", "forgot-brackets",
        "part-undone", None]
    assert undo([60, 61], program="A4/ B3+", result=40)("60").diagnosis == "not-unique"
    sums = equation("(x + 10) * 5 = 80", program="B3+ C3x", result=80, levels=LEVELS)
    assert [sums(t).diagnosis for t in ("x + 10 * 5 = 80", "(x + 10)x5 = 80", "y = 1",
                                        "(x + 1) * 5 = 80", "(x + 10) * 5 = 80")] == [
        "forgot-brackets", "x-as-times", "equation-unreadable", None, None]
    assert in_order(27, program="A3+ C1x", start=4, levels=LEVELS)("19").diagnosis == \
        "forgot-brackets"
    for key in DIAGNOSES:
        assert diagnosis_words(key) == DIAGNOSES[key]
    with use_language("zh_CN"):
        assert all(CHINESE.search(diagnosis_words(key)) for key in DIAGNOSES)


def test_the_undo_view_solves_the_equation_a_row_at_a_time_and_checks_with_the_engine() -> None:
    from widgets.babbage.undo_view import UndoSteps

    view = UndoSteps("C1x A3+ A4x", result=76, board=BOARD)
    assert view.lines() == [
        "(x × 3 + 5) × 2 = 76", "undo row 3 (×2) with ÷2: x × 3 + 5 = 38",
        "undo row 2 (+5) with −5: x × 3 = 33", "undo row 1 (×3) with ÷3: x = 11",
        "Check with the Engine: 11 × 3 = 33, 33 + 5 = 38, 38 × 2 = 76."]
    assert "<b>(x × 3 + 5) × 2 = 76</b>" in view.steps.value
    view.program_box.value = "A4/ B3+"
    view.result_box.value = 40
    assert view.lines()[-2] == "undo row 1 (÷2) with ×2: x = 60 or 61"
    view.result_box.value = 150
    assert view.lines() == [] and view.steps.value == ""
    assert view.status.text.startswith("Target 150 leaves 00–99")
    view.result_box.value = 73
    view.program_box.value = "A4/ A3+"
    assert view.lines()[-1] == ("No start from 00 to 99 makes 68 with row 1: no start "
                                "reaches 73.")
    view.program_box.value = "B4s A3+"
    assert view.status.text.startswith("Row 1 'B4s' is not + − × or ÷")
    view.program_box.value = "A3+ A4x"
    view.result_box.value = 50
    assert view.status.text == ""
    with use_language("zh_CN"):
        view.relabel()
        assert view.program_box.description == "程序" and view.result_box.description == "结果"
        assert view.lines()[1] == "用 ÷2 还原第 2 行（×2）：x + 5 = 25"
        assert CHINESE.search(view.lines()[-1])


def test_the_lesson_shows_the_undo_view_only_after_its_last_exercise() -> None:
    code = [cell.source for cell in code_cells(read(f"{LESSON}.ipynb"))]
    view = next(i for i, c in enumerate(code) if calls(c, "UndoSteps"))
    last = max(i for i, c in enumerate(code) if calls(c, "exercise"))
    assert view > last
