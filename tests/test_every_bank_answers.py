"""Every exercise of every lesson's bank answers back the same way, in both languages: nothing
before an answer, words for a wrong one, "Yes" with its explanation for the right one (the
bank's own answer, as a pupil types it). Each lesson's own tests add its diagnoses."""

from __future__ import annotations

from pathlib import Path

import pytest

from lnb.core.i18n import use_language
from widgets.lessons.bank import BankEntry, bank, exercise

BANKS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "widgets" / "lessons"
                                / "exercises").glob("*.toml"))
LANGUAGES = ("en", "zh_CN")


def typed_right(entry: BankEntry, language: str) -> str:
    """The bank's answer as a pupil types it."""
    if entry.check == "words":
        return str((entry.texts[language].get("accept") or entry.answer)[0])
    if entry.answer == []:  # the question says how to type "no number works"
        return {"en": "none", "zh_CN": "没有"}[language]
    if isinstance(entry.answer, list):
        return ", ".join(map(str, entry.answer))
    return str(entry.answer)


def typed_wrong(entry: BankEntry) -> str:
    """An answer no exercise accepts, of the kind it asks."""
    if entry.check == "words":
        return "xyz"
    return "999" if not isinstance(entry.answer, list) else "1, 4, 9, 46, 48"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("lesson", BANKS)
def test_every_exercise_says_nothing_first_then_not_yet_then_yes(lesson: str,
                                                                 language: str) -> None:
    with use_language(language):
        for entry in bank(lesson).entries:
            ex = exercise(lesson, entry.id, keeper=False)
            assert ex.status.text == "" and ex.hint_list.value == "", entry.id
            verdict = ex.submit(typed_wrong(entry))
            assert not verdict.correct and verdict.message.strip(), (entry.id, verdict)
            verdict = ex.submit(typed_right(entry, language))
            assert verdict.correct, (entry.id, verdict.message)
            assert str(entry.text("explain", language)).strip() in verdict.message
