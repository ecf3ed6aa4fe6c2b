"""The lessons' printable sheets (widgets.lessons.sheets): one per bank in every language, the
answers only after the page break, and always what the bank says now."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

import widgets.lessons.bank as bank_module
import widgets.lessons.sheets as sheets
from widgets.lessons.bank import bank

LANGUAGES = ("en", "zh_CN")
BREAK = '<section class="answers">'


def plain(text: str) -> str:
    """A bank text as the sheet writes it, without its tags (to find it in either part)."""
    return re.sub(r"<[^>]+>", "", text).strip()


def halves(page: str) -> tuple[str, str]:
    assert page.count(BREAK) == 1, "one answers section"
    before, after = page.split(BREAK)
    return before, after


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", sheets.lessons_with_sheets())
def test_every_bank_gives_a_printable_sheet_in_each_language(lesson: str, language: str) -> None:
    page = sheets.sheet_html(lesson, language)
    title, aims = sheets.heading(lesson, language)
    assert "@page { size: A4" in page and "break-before: page" in page
    assert f"<h1>{title}</h1>" in page and all(aim in page for aim in aims)
    questions, _answers = halves(page)
    entries = bank(lesson).entries
    assert questions.count('<div class="space">') == len(entries), "room to write, each"
    for entry in entries:
        assert entry.text("question", language) in questions, f"{lesson} {entry.id}"
    if language == "zh_CN":
        assert 'lang="zh-CN"' in page and "题目" in page and "答案" in page
        assert re.search(r"[\u4e00-\u9fff]", title), f"{lesson}: the title is not Chinese"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", sheets.lessons_with_sheets())
def test_the_answers_are_only_after_the_page_break(lesson: str, language: str) -> None:
    questions, answers = halves(sheets.sheet_html(lesson, language))
    assert "data-answer" not in questions and 'class="answer"' not in questions
    for entry in bank(lesson).entries:
        explain = plain(entry.text("explain", language))
        assert explain and explain not in plain(questions), f"{lesson} {entry.id} shown early"
        assert f'data-answer="{entry.id}"' in answers and explain in plain(answers)
        assert sheets.answer_text(entry, language) in answers


def test_an_exercise_added_to_a_bank_appears_on_its_sheet(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    text = (bank_module.FOLDER / "02-place-value.toml").read_text("utf-8")
    text += ('\n[[exercise]]\nid = "added-one"\ncheck = "number"\nanswer = 41\n'
             '[exercise.en]\nquestion = "What is 40 + 1?"\nexplain = "One more than 40."\n'
             '[exercise.zh_CN]\nquestion = "40 + 1 是多少？"\nexplain = "比 40 多 1。"\n')
    (tmp_path / "02-place-value.toml").write_text(text, "utf-8")
    monkeypatch.setattr(bank_module, "FOLDER", tmp_path)
    monkeypatch.setattr(sheets, "FOLDER", tmp_path)
    assert sheets.lessons_with_sheets() == ["02-place-value"]
    for language, question, explain in (("en", "What is 40 + 1?", "One more than 40."),
                                        ("zh_CN", "40 + 1 是多少？", "比 40 多 1。")):
        questions, answers = halves(sheets.sheet_html("02-place-value", language))
        assert question in questions and explain not in questions
        assert explain in answers and "41" in answers


def test_the_command_writes_one_sheet_per_bank(tmp_path: Path) -> None:
    assert sheets.main(["--lang", "zh_CN", str(tmp_path / "zh")]) == 0
    written = sorted(p.name for p in (tmp_path / "zh").iterdir())
    assert written == sorted(f"{lesson}.zh-CN.html" for lesson in sheets.lessons_with_sheets())
    assert sheets.main([str(tmp_path / "en")]) == 0
    page = (tmp_path / "en" / "01-first-program.html").read_text("utf-8")
    assert page == sheets.sheet_html("01-first-program")
    assert "http://" not in page and "https://" not in page, "nothing from the network"
    with pytest.raises(SystemExit):
        sheets.main(["--lang", "xx-nope-9", str(tmp_path)])


def test_the_guides_answer_key_and_links_are_the_banks() -> None:
    key = sheets.answer_key("04-working-backwards", "en")
    assert "lnb-question" in key._dom_classes and key.value.startswith("<details>")
    for entry in bank("04-working-backwards").entries:
        assert f"<b>{sheets.answer_text(entry, 'en')}</b>" in key.value
    links = sheets.sheet_links("zh_CN").value
    found = re.findall(r'download="([^"]+)" href="data:text/html;charset=utf-8;base64,([^"]+)"',
                       links)
    assert [name for name, _data in found] == [
        sheets.sheet_name(lesson, "zh_CN") for lesson in sheets.lessons_with_sheets()]
    name, data = found[0]
    assert base64.b64decode(data).decode("utf-8") == sheets.sheet_html(
        name.split(".")[0], "zh_CN")


def test_the_guides_answer_keys_list_every_lesson_with_a_bank() -> None:
    keys = sheets.answer_keys("zh_CN").value
    assert keys.count("<details>") == len(sheets.lessons_with_sheets())
    for lesson in sheets.lessons_with_sheets():
        assert sheets.heading(lesson, "zh_CN")[0] in keys
        for entry in bank(lesson).entries:
            assert sheets.answer_text(entry, "zh_CN") in keys
