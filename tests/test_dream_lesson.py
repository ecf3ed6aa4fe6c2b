"""The Dream Mill lesson's exercises, in-process: each accepts its answer from the bank and
diagnoses the typical wrong ones with the library's counts and equations, in both languages;
the Mill the pupil fills reports each Program's line; a table that would give an answer away
shows only once its question is answered.

The pages themselves: nbval (``lessons/dream-mill.ipynb``, ``lessons/zh-CN/…``) and
tests/browser/test_pages.py.
"""

from __future__ import annotations

import re

import pytest

from lnb.core.errors import BadInputError
from lnb.core.i18n import use_language
from lnb.dream.mill import count_ways
from widgets.core.relabel import relabel_all
from widgets.dream import lesson_checks as lc
from widgets.dream.lesson_views import (
    counts_view,
    lines_view,
    mill_exercise,
    programs_view,
    some_order_view,
)
from widgets.lessons import bank as bank_module
from widgets.lessons.bank import FOLDER, bank, exercise

LESSON = "dream-mill"
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def typed(answer: object) -> str:
    """A bank answer as a pupil types it (a list: its items; a Mill: row by row)."""
    if isinstance(answer, list) and answer and isinstance(answer[0], list):
        return " / ".join(" ".join(str(f) for f in row) for row in answer)
    if isinstance(answer, list):
        return " ".join(str(v) for v in answer)
    return str(answer)


def message(id: str, text: str) -> str:
    return exercise(LESSON, id).check(text).message


@pytest.mark.parametrize("id", bank(LESSON).ids)
def test_each_answer_of_the_bank_is_right_in_both_languages(id: str) -> None:
    answer = typed(bank(LESSON).entry(id).answer)
    verdict = exercise(LESSON, id).check(answer)
    assert verdict.correct and verdict.message.startswith("Yes!")
    with use_language("zh-CN"):
        said = exercise(LESSON, id).check(answer).message
    assert said.startswith("对了！") and CHINESE.search(said)


def test_the_bank_is_complete_in_chinese() -> None:
    assert bank(LESSON).ids == ("complete-line", "fill-mill", "count-product", "reorder",
                                "some-order", "least-average")
    assert bank(LESSON).missing("zh_CN") == []


def test_a_count_is_diagnosed() -> None:
    assert message("count-product", "15") == "Not yet: 15 is how many rolls make a + b = c true."
    assert "1, 2, 2 and 2, 1, 2 as one roll" in message("count-product", "8")  # a ≤ b only
    assert message("count-product", "6") == ("Not yet: 6 is the count for a = 1 only. Is there "
                                             "any way with a = 2?")
    assert "a = 1 to 3" in message("count-product", "11")
    assert "every roll of three dice" in message("count-product", "216")
    assert "only 216 rolls" in message("count-product", "300")
    assert message("count-product", "12") == "Not yet: 12 is the count for a = 1 to 4. Is " \
        "there any way with a = 5?"
    assert message("count-product", "fourteen") == "Type a whole number of rolls."
    assert "in the order they are rolled" in message("some-order", "15")
    assert message("some-order", "90") == "Not yet: 90 is too many."


def test_a_face_and_an_order_are_diagnosed_by_the_equation() -> None:
    said = message("complete-line", "1")  # 3 − 2 = 1 read the wrong way round
    assert said.startswith("Not yet: 1 − 2 = 3 is false.") and "another order" in said
    assert message("complete-line", "4") == "Not yet: 4 − 2 = 3 is false."
    assert message("complete-line", "8") == "Not yet: a die shows 1 to 6, never 8."
    assert message("reorder", "2 3 5") == "Not yet: 2 − 3 = 5 is false."
    assert message("reorder", "1 2 3") == "Not yet: use the same three dice: 2, 3, 5."
    assert exercise(LESSON, "reorder").check("5, 2, 3").correct  # 5 − 2 = 3 is true too


def test_the_least_card_is_the_librarys_and_a_wrong_one_says_its_average() -> None:
    assert message("least-average", "p13") == ("Not yet: p13 (a = b = c) scores 7 × 6/216 ≈ "
                                               "0.19 Prestige on average; another card scores "
                                               "less.")
    assert message("least-average", "999") == ("Not yet: 999 is no card's name: type a p and "
                                               "its number, as the table writes it.")
    least = min(lc.edition().programs, key=lc.average_prestige)
    assert least.id == bank(LESSON).entry("least-average").answer


def test_a_bank_answer_the_library_does_not_find_true_is_refused(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(BadInputError, match="the library finds 14") as found:
        lc.count_check("p05", 15)
    assert found.value.fields["reason"] == "answer-not-true"
    assert found.value.fields["expected"] == 14
    with pytest.raises(BadInputError, match=r"finds \[5\]"):
        lc.face_check("p03", [0, 2, 3], 1)
    with pytest.raises(BadInputError, match="p01"):
        lc.mill_check({"A": "p01"}, [[1, 1, 3], [1, 1, 1], [1, 1, 1]])
    # in a bank file, the refusal names the file and the exercise
    text = (FOLDER / "dream-mill.toml").read_text("utf-8").replace("answer = 14", "answer = 13")
    (tmp_path / "dream-mill.toml").write_text(text, "utf-8")
    monkeypatch.setattr(bank_module, "FOLDER", tmp_path)
    with pytest.raises(BadInputError) as refused:
        exercise(LESSON, "count-product")
    assert str(refused.value).startswith("dream-mill.toml, exercise count-product: the answer 13")


def test_the_mill_says_which_equation_is_true_or_false_and_why() -> None:
    mill = mill_exercise(exercise(LESSON, "fill-mill"))
    assert mill.exercise.answer.layout.display == "none"
    mill.fill({"A1": 2, "A2": 4, "A3": 6, "B1": 2, "B3": 5, "C1": 3, "C2": 2, "C3": 4})
    mill.exercise.check_button.click()  # as the pupil does
    assert mill.exercise.status.text == "Not yet: 2 of the 4 equations are true."
    report = mill.exercise.rows.value
    assert "✔ row A: 2 + 4 = 6 — true" in report
    assert "✘ column 1: 2 × 2 = 3 — false: another face in C1 alone could make it true" in report
    assert "✘ row C: 3, 2, 4: all even — false" in report
    assert "✔ column 3: 6 &gt; 5 &gt; 4 — true" in report
    with use_language("zh-CN"):
        mill.exercise.relabel()
        assert "第 1 列：2 × 2 = 3 — 不成立" in mill.exercise.rows.value
    mill.exercise.relabel()
    mill.fill({"A1": 0, "C1": 4})  # an emptied cell: its lines are "not yet"
    assert not mill.check().correct
    assert "not yet: some dice in its empty cells would make it true" in mill.exercise.rows.value
    mill.fill({"A1": 2})
    assert mill.check().correct and mill.exercise.solved


def test_an_impossible_line_is_false_before_it_is_full() -> None:
    mill = mill_exercise(exercise(LESSON, "fill-mill"))
    mill.fill({"A1": 5, "A2": 3})
    mill.check()
    assert "row A: 5 + 3 = □ — false: no dice in its empty cells" in mill.exercise.rows.value


def test_no_table_gives_an_answer_before_its_question_is_answered() -> None:
    count = exercise(LESSON, "count-product")
    table = counts_view(after=count)
    assert "/ 216" not in table.value and "Answer the question above first" in table.value
    count.submit("13")
    assert "/ 216" not in table.value
    count.submit("14")
    assert f"{count_ways(lc.card('p05'))[0]} / 216" in table.value
    some = exercise(LESSON, "some-order")
    order_table = some_order_view(after=some)
    assert "45 / 216" not in order_table.value
    some.submit("45")
    assert "45 / 216" in order_table.value
    assert "/ 216" not in programs_view().value  # the cards say no count
    assert "5 + 3 = □ — false" in lines_view().value


def test_the_views_speak_chinese() -> None:
    with use_language("zh-CN"):
        assert "声望" in programs_view().value
        assert "不成立" in lines_view().value
        assert "先回答上面的问题" in counts_view(after=exercise(LESSON, "count-product")).value
        said = exercise(LESSON, "count-product").check("15").message
    assert said == "还不对：15 是让 a + b = c 成立的结果数。"


def test_the_mill_follows_a_switch_of_the_pages_language() -> None:
    mill = mill_exercise(exercise(LESSON, "fill-mill"))
    assert mill.check().message == "Choose the faces of the Mill's cells first."
    assert any("p09: a, b, c: all even" in label.value for label, _make in mill.labels)
    mill.fill({"A1": 5, "A2": 3})
    mill.check()
    try:
        with use_language("zh-CN"):
            relabel_all()
            labels = " ".join(label.value for label, _make in mill.labels)
            assert "p09: a、b、c：全是偶数" in labels
            assert "A 行：5 + 3 = □ — 不成立" in mill.exercise.rows.value
            assert mill.cells["B2"].tooltip == "B2 格"
            assert mill.exercise.check_button.description == "检查"
    finally:
        relabel_all()
    assert "row A: 5 + 3 = □ — false" in mill.exercise.rows.value


def test_a_reopened_lesson_puts_the_kept_mill_back_in_its_cells() -> None:
    mill = mill_exercise(exercise(LESSON, "fill-mill"))
    kept = "2 4 6 / 2 . 5 / 3 2 4"
    mill.exercise.resume(kept, tries=2, solved=False)
    assert mill.text() == kept and mill.faces()["B2"] is None
    assert mill.exercise.status.text == "Not yet: 2 of the 4 equations are true."
