"""A lesson page whose exercises come from the bank answers back, checked on a page already
open (``test_pages.py``'s one load of each lesson): before anything is typed no exercise's
explanation is on the page and every view that waits for an answer says so; then each
exercise is answered wrong (it says *not yet*, or 还不对) and right (it says yes, with its
explanation), and at the end every waiting view is shown.

For the lessons whose bank answers are whole numbers or one text (the museum's: a number, a
fraction ``"4/9"``); an exercise made another way (``Exercise.for_puzzle``) or with a list
for its answer is left alone.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from lesson_checks import WAIT, assert_clean
from lesson_code import bank_id, exercises, read
from playwright.sync_api import expect

from widgets.lessons.bank import bank


@dataclass(frozen=True)
class Asked:
    """One exercise of a page, in page order: its lesson and bank id (None: not a bank's)."""

    lesson: str | None
    id: str | None


def asked_on(path: str) -> list[Asked]:
    """The exercises a lesson's code makes, in the order its page shows them.

    >>> [a.id for a in asked_on("museum-chance.ipynb")]
    ['doubles', 'consecutive', 'sum-7', 'teapot', 'teapot-fraction']
    """
    return [Asked(*(bank_id(call) or (None, None))) for call in exercises(read(path))]


def assert_answers_back(page, path: str, language: str) -> None:  # type: ignore[no-untyped-def]
    """On the open lesson ``path`` in ``language`` (a catalog name, ``en`` or ``zh_CN``):
    no explanation shown before its question is answered, each number exercise wrong then
    right, every waiting view (``.lnb-reveal``) shown once its questions are answered."""
    asked = asked_on(path)
    exercises = page.locator(".lnb-exercise")
    with contextlib.suppress(Exception):  # playwright's TimeoutError: the assert says what came
        page.wait_for_function(  # every exercise drawn (a page is ready before its outputs are)
            "want => document.querySelectorAll('.lnb-exercise').length >= want",
            arg=len(asked), timeout=WAIT)
    assert exercises.count() == len(asked), (path, exercises.count(), len(asked))
    body = page.locator("body").inner_text()
    waiting = page.locator(".lnb-reveal")
    notes = page.locator(".lnb-reveal .lnb-reveal-note")
    assert notes.count() == waiting.count(), f"{path}: a view shows before its questions"
    not_yet = "还不对" if language == "zh_CN" else "Not yet"
    for n, one in enumerate(asked):
        if one.id is None:
            continue
        entry = bank(str(one.lesson)).entry(one.id)
        if isinstance(entry.answer, bool) or not isinstance(entry.answer, (int, str)):
            continue
        wrong = str(entry.answer + 1) if isinstance(entry.answer, int) else "999"
        explain = str(entry.text("explain", language)).strip()
        assert not explain or explain not in body, f"{path} {one.id}: its answer shows before"
        exercise = exercises.nth(n)
        box = exercise.locator(".lnb-answer input")
        box.fill(wrong)
        box.press("Enter")
        exercise.locator(".lnb-status-error", has_text=not_yet).wait_for(timeout=WAIT)
        box.fill(str(entry.answer))
        box.press("Enter")
        ok = exercise.locator(".lnb-status-ok")
        ok.wait_for(timeout=WAIT)
        if explain:  # the class and the words are two updates: wait for the words too
            expect(ok).to_contain_text(explain, timeout=WAIT)
    page.wait_for_function("() => !document.querySelector('.lnb-reveal .lnb-reveal-note')",
                           timeout=WAIT)
    assert_clean(page)


__all__ = ["Asked", "asked_on", "assert_answers_back"]
