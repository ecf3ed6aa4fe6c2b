"""The Dream Mill lesson answers back in its page (issue 30), checked on ``test_pages.py``'s one
load of the lesson in English and of its Chinese twin: each exercise answered wrong, then
right, with no count shown before its question is answered; a Mill filled by choosing faces
says which equation is false. The Mill's screen at each size before and after is in
``test-artifacts/dream-lesson/``.

The checks' words and diagnoses are tested in-process (tests/test_dream_lesson.py); this
checks that the page carries them to a pupil.
"""

from __future__ import annotations

from dataclasses import dataclass

from browser_harness import ARTIFACTS, SIZES, resize
from lesson_checks import assert_clean
from page_kit import WAIT

SHOTS = ARTIFACTS / "dream-lesson"


@dataclass(frozen=True)
class Words:
    """What the page says, in its language."""

    path: str
    lang: str
    yes: str
    other_order: str
    a_plus_b: str
    false: str
    waiting: str


#: The loads of the lesson this answers, by (page, language).
LOADS = {(w.path, w.lang): w for w in [
    Words("dream-mill.ipynb", "en", "Yes!", "another order", "15 is how many rolls make a + b",
          "false", "Answer the question above first"),
    Words("zh-CN/dream-mill.ipynb", "zh-CN", "对了！", "换个顺序", "15 是让 a + b = c 成立",
          "不成立", "先回答上面的问题"),
]}


def answer(exercise, text: str, says: str, ok: bool = False) -> None:  # type: ignore[no-untyped-def]
    """Type ``text`` in the exercise's box, send it, and wait until its status says ``says``."""
    box = exercise.locator(".lnb-answer input")
    box.fill(text)
    box.press("Enter")
    kind = ".lnb-status-ok" if ok else ".lnb-status-error"
    exercise.locator(kind, has_text=says).wait_for(timeout=WAIT)


def shoot(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """At each size, the screen with the Mill on it; left at the last size."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    for width, height in SIZES:
        resize(page, width, height)
        page.locator(".lnb-mill-grid").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"{name}-mill-{width}x{height}.png"))


def answer_the_mill_lesson(page, words: Words) -> None:  # type: ignore[no-untyped-def]
    """On the lesson's open page, nothing answered yet: every exercise wrong, then right."""
    name = words.path.removesuffix(".ipynb").replace("/", "_")
    text = page.locator("#rendered_cells").inner_text()
    assert "14 / 216" not in text and "45 / 216" not in text  # no answer before its question
    assert text.count(words.waiting) == 2
    assert not page.locator(".lnb-status-ok, .lnb-status-error").count()
    shoot(page, f"{name}-before")

    exercises = page.locator(".lnb-exercise")
    line, mill, count, order, some, least = (exercises.nth(i) for i in range(6))
    answer(line, "1", words.other_order)
    answer(line, "5", words.yes, ok=True)

    grid = page.locator(".lnb-mill-grid")
    for cell, face in {"A1": "2", "A2": "4", "A3": "6", "B1": "2", "B3": "5", "C1": "3",
                       "C2": "2", "C3": "4"}.items():
        grid.locator(f".lnb-mill-{cell} select").select_option(face)
    mill.locator(".lnb-check").click()
    mill.locator(".lnb-status-error").wait_for(timeout=WAIT)
    mill.locator(".lnb-line-false", has_text="2 × 2 = 3").wait_for(timeout=WAIT)
    assert mill.locator(".lnb-line-false").count() == 2
    assert mill.locator(".lnb-line-true").count() == 2
    mill.locator(".lnb-hint").click()
    mill.locator(".lnb-hints li").wait_for(timeout=WAIT)
    grid.locator(".lnb-mill-C1 select").select_option("4")
    mill.locator(".lnb-check").click()
    mill.locator(".lnb-status-ok", has_text=words.yes).wait_for(timeout=WAIT)
    assert mill.locator(".lnb-line-true").count() == 4

    answer(count, "15", words.a_plus_b)
    assert "14 / 216" not in page.locator("#rendered_cells").inner_text()
    answer(count, "14", words.yes, ok=True)
    page.get_by_text("14 / 216").first.wait_for(timeout=WAIT)  # the table, now

    answer(order, "2 3 5", words.false)
    answer(order, "5 3 2", words.yes, ok=True)
    answer(some, "15", "15")
    answer(some, "45", words.yes, ok=True)
    page.get_by_text("45 / 216").first.wait_for(timeout=WAIT)
    answer(least, "p13", "0.19")
    answer(least, "p14", words.yes, ok=True)

    assert page.locator(".lnb-status-ok").count() == 6
    assert_clean(page)
    shoot(page, f"{name}-answered")


__all__ = ["LOADS", "Words", "answer_the_mill_lesson"]
