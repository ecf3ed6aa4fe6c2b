"""The exercise bank (widgets/lessons/bank.py): a lesson's exercises from a data file, in every
language, with clear errors naming the file, the exercise and the field when one is wrong.

The lessons' own banks are checked against their notebooks by tests/test_lesson_twins.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from lnb.core.errors import BadInputError
from lnb.core.i18n import set_default_language, use_language
from widgets.babbage.exercise import Verdict
from widgets.lessons import bank as bank_module
from widgets.lessons.bank import bank, exercise, read_bank, register_check, stamp

SMALL = """
[[exercise]]
id = "half-55"
check = "number"
answer = 27
[exercise.en]
question = "Start at 55. What does <b>A4/</b> make?"
explain = "55 ÷ 2 = 27 r 1."
hints = ["Half of 54 is 27.", "Drop the remainder."]
[exercise.zh_CN]
question = "从 55 出发。<b>A4/</b> 得到多少？"
explain = "55 ÷ 2 = 27 余 1。"
hints = ["54 的一半是 27。", "舍去余数。"]

[[exercise]]
id = "odd"
check = "words"
answer = ["no"]
[exercise.en]
question = "Can A4x make 55? Type yes or no."
hints = ["Is 55 odd?"]
[exercise.zh_CN]
question = "A4x 能得到 55 吗？"
hints = ["55 是奇数吗？"]
accept = ["不能"]
"""


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(bank_module, "FOLDER", tmp_path)
    (tmp_path / "small.toml").write_text(SMALL, "utf-8")
    return tmp_path


def test_an_exercise_from_the_bank_checks_hints_and_diagnoses(folder: Path) -> None:
    ex = exercise("small", "half-55")
    assert ex.exercise_id == "half-55" and ex.lesson == "small"
    assert "27" not in ex.question.value.replace("A4/", "")  # the question, not the answer
    assert ex.submit("28").message.startswith("Not yet: Row 1 (A4/): 55 ÷ 2 has a remainder")
    assert ex.next_hint() == "Half of 54 is 27."
    assert ex.submit("27").message == "Yes! 55 ÷ 2 = 27 r 1."


def test_the_page_language_is_followed_even_after_a_switch(folder: Path) -> None:
    ex = exercise("small", "half-55")
    ex.next_hint()
    ex.submit("27")
    try:
        set_default_language("zh-CN")
        ex.relabel()
        assert "从 55 出发" in ex.question.value
        assert ex.hints_shown == ["54 的一半是 27。"]
        assert ex.status.text == "对了！55 ÷ 2 = 27 余 1。"
    finally:
        set_default_language(None)
        ex.relabel()
    assert "Start at 55" in ex.question.value and ex.hints_shown == ["Half of 54 is 27."]


def test_a_fixed_language_stays_and_a_diagnosis_is_the_same_in_both(folder: Path) -> None:
    ex = exercise("small", "half-55", language="zh-CN")
    assert "从 55 出发" in ex.question.value
    with use_language("zh-CN"):
        assert "进" in ex.submit("28").message or "余数" in ex.submit("28").message
    assert exercise("small", "half-55").check.program == ex.check.program == "A4/"


def test_a_words_answer_may_be_typed_in_any_language_of_the_lesson(folder: Path) -> None:
    ex = exercise("small", "odd")
    assert ex.submit("No.").correct and ex.submit("不能").correct
    assert not ex.submit("yes").correct


def test_missing_ids_languages_and_checks_are_named(folder: Path) -> None:
    with pytest.raises(BadInputError) as err:
        exercise("small", "half-5")
    assert err.value.reason == "unknown-exercise" and err.value.expected == ("half-55", "odd")
    assert "small.toml has no exercise 'half-5'; its exercises are: half-55, odd" in str(err.value)
    with pytest.raises(BadInputError) as err:
        exercise("small", "odd", language="fr")
    assert err.value.reason == "untranslated-exercise" and "[exercise.fr]" in str(err.value)
    with pytest.raises(BadInputError) as err:
        exercise("missing", "odd")
    assert err.value.reason == "no-bank" and "missing.toml" in str(err.value)
    (folder / "odd.toml").write_text(SMALL.replace('"words"', '"spoken"'), "utf-8")
    with pytest.raises(BadInputError) as err:
        exercise("odd", "odd")
    assert err.value.reason == "unknown-check" and "number, numbers, words" in str(err.value)


@pytest.mark.parametrize(("change", "named"), [
    (('id = "odd"', 'id = "half-55"'), "the id 'half-55' is used twice"),
    (('id = "odd"', 'id = "Odd One"'), "kebab-case"),
    (('hints = ["Is 55 odd?"]', 'hints = "Is 55 odd?"'), "odd.en.hints must be a list"),
    (('hints = ["Is 55 odd?"]', 'hint = ["Is 55 odd?"]'), "unknown field(s) hint"),
    (("answer = 27\n", ""), "half-55: give check"),
    (('question = "Can A4x make 55? Type yes or no."', ""), "odd: an [exercise.en] table"),
    (("[[exercise]]", "[[exercise]"), "not TOML"),
])
def test_a_broken_bank_file_is_named_with_what_to_fix(folder: Path, change: tuple[str, str],
                                                     named: str) -> None:
    path = folder / "broken.toml"
    path.write_text(SMALL.replace(*change, 1) if change[0] != "[[exercise]]"
                    else SMALL.replace(*change), "utf-8")
    with pytest.raises(BadInputError) as err:
        read_bank(path)
    assert named in str(err.value) and str(err.value).startswith(str(path))


def test_missing_lists_what_a_translation_lacks(folder: Path) -> None:
    assert bank("small").missing("zh_CN") == []
    two_hints = 'hints = ["54 的一半是 27。", "舍去余数。"]'
    (folder / "part.toml").write_text(SMALL.replace('accept = ["不能"]\n', "").replace(
        two_hints, 'hints = ["54 的一半是 27。"]'), "utf-8")
    assert bank("part").missing("zh_CN") == ["half-55: hints (not 2)", "odd: accept"]
    assert bank("small").languages == ("en", "zh_CN") and bank("small").ids == ("half-55", "odd")


def test_a_game_adds_its_own_kind_of_check(folder: Path) -> None:
    def even(entry: bank_module.BankEntry, language: str | None) -> bank_module.Check:
        return lambda text: Verdict(text.strip() == str(entry.answer), str(entry.fields["why"]))

    register_check("even-test", even)
    try:
        (folder / "kind.toml").write_text(
            SMALL.replace('check = "number"', 'check = "even-test"\nwhy = "even"'), "utf-8")
        assert bank("kind").entry("half-55").fields == {"why": "even"}
        assert exercise("kind", "half-55").submit("27") == Verdict(True, "even")
    finally:
        del bank_module.CHECKS["even-test"]


def test_the_banks_are_package_data() -> None:
    import tomllib

    data = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert "exercises/*.toml" in data["tool"]["setuptools"]["package-data"]["widgets.lessons"]


def test_a_translation_made_from_another_english_is_out_of_date(folder: Path) -> None:
    assert bank("small").outdated("zh_CN") == ["half-55", "odd"]  # never stamped
    assert stamp("small", "zh-CN") == ["half-55", "odd"]
    assert bank("small").outdated("zh_CN") == [] and bank("small").outdated("en") == []
    stamped = (folder / "small.toml").read_text("utf-8")
    assert stamped.count('of = "') == 2
    (folder / "small.toml").write_text(stamped.replace("Type yes or no.", "Yes or no?"), "utf-8")
    assert bank("small").outdated("zh_CN") == ["odd"]  # the English question changed
    (folder / "small.toml").write_text(stamped.replace("answer = 27", "answer = 28"), "utf-8")
    assert bank("small").outdated("zh_CN") == ["half-55"]  # so did an answer
    assert stamp("small", "zh_CN", ["half-55"]) == ["half-55"]
    assert bank("small").outdated("zh_CN") == []
    assert (folder / "small.toml").read_text("utf-8").count('of = "') == 2  # replaced, not added
