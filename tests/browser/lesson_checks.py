"""What the browser tests check of a lesson page, in any language (``test_pages.py`` for every
lesson, English and ``lessons/zh-CN/``; ``test_site.py`` on the static site): opening a lesson
until every exercise has rendered, a clean page, the lesson's heading and introduction, and
the first lesson's exercises answering back.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass

from browser_harness import REPO, VoilaServer, assert_local_only, assert_no_traceback, open_voila
from lesson_code import exercises, read

from lnb.core.i18n import use_language
from widgets.core.status import APOLOGY

LESSONS = REPO / "lessons"
WAIT = 60_000
def title_of(path: str) -> str:
    """The lesson's heading: the first line of its first cell."""
    return read(path).cells[0].source.splitlines()[0].removeprefix("# ")


def expected_exercises(path: str) -> int:
    """How many exercises the lesson's code makes (``exercise("02-place-value", "swap-07")``
    from its bank, ``Exercise.for_puzzle(...)``, now or ``later(...)``: :mod:`lesson_code`)."""
    return len(exercises(read(path)))


def open_lesson(page, server: VoilaServer, path: str, navigation: str) -> None:  # type: ignore[no-untyped-def]
    """Open a lesson and wait until its last cell (the generated navigation, which shows
    ``navigation``) is on the page and every exercise has rendered."""
    open_voila(page, f"{server.url}voila/render/{path}", timeout=WAIT)
    page.get_by_text(navigation).first.wait_for(timeout=WAIT)
    want = expected_exercises(path)
    with contextlib.suppress(Exception):  # playwright's TimeoutError: said below, with why
        page.wait_for_function("want => document.querySelectorAll('.lnb-exercise').length >= want",
                               arg=want, timeout=WAIT)
    shown = page.locator(".lnb-exercise").count()
    if shown != want:  # say what the page shows instead: a widget left blank, an error
        titles = [t[:40] for t in page.locator(".lnb-exercise .lnb-question").all_inner_texts()]
        body = page.locator("body").inner_text()
        problems = [line for line in body.splitlines()
                    if re.search(r"error|timeout|traceback", line, re.IGNORECASE)][:5]
        raise AssertionError(
            f"{path}: {shown} of its {want} exercises rendered within {WAIT / 1000:.0f} s "
            f"(shown: {titles}; widget outputs on the page: "
            f"{page.locator('.jupyter-widgets, .widget-output').count()}; lines naming an "
            f"error or a timeout: {problems})")


def assert_clean(page) -> None:  # type: ignore[no-untyped-def]
    """No traceback, no widget that failed to show, no apology (in either language), and
    nothing fetched from another host."""
    assert_no_traceback(page)
    text = page.locator("body").inner_text()
    assert "Error displaying widget" not in text
    for language in ("en", "zh-CN"):
        with use_language(language):
            first_sentence = re.split(r"[.。]", str(APOLOGY))[0]
        assert first_sentence not in text
    assert_local_only(page)


def assert_lesson_page(page, path: str, introduction: str) -> None:  # type: ignore[no-untyped-def]
    """The lesson's heading and ``introduction`` (its "what you'll do") are shown, its pinned
    examples stay quiet and the page is clean."""
    assert page.locator("h1", has_text=title_of(path)).count() >= 1
    body = page.locator("body").inner_text()
    assert introduction in body
    assert not re.search(r"assert [\w.]+\(", body)
    assert_clean(page)


@dataclass(frozen=True)
class FirstLessonWords:
    """What lesson 01's first exercises say back, in the lesson's language."""

    not_yet: str  # the answer 30, the number before the swap
    hint: str  # the first hint
    out_of_range: str  # the program B1+ leaves 00–99


def assert_first_exercises_answer(page, words: FirstLessonWords) -> None:  # type: ignore[no-untyped-def]
    """Lesson 01 (open): its first exercise says why 30 is not yet right, hints and accepts
    03; its program exercise says why B1+ is refused and shows A3-'s arithmetic."""
    first = page.locator(".lnb-exercise").first
    answer = first.locator(".lnb-answer input")
    answer.fill("30")
    answer.press("Enter")
    first.locator(".lnb-status-text", has_text=words.not_yet).wait_for(timeout=WAIT)
    first.locator(".lnb-hint").click()
    first.locator(".lnb-hints li", has_text=words.hint).wait_for(timeout=WAIT)
    answer.fill("03")
    first.locator(".lnb-check").click()
    first.locator(".lnb-status-ok", has_text="30 ⇄ 03").wait_for(timeout=WAIT)
    # a program exercise: a rules error is a sentence, and the rows show their arithmetic
    puzzle = page.locator(".lnb-exercise").nth(2)
    box = puzzle.locator(".lnb-answer input")
    box.fill("B1+")
    box.press("Enter")
    puzzle.locator(".lnb-status-error", has_text=words.out_of_range).wait_for(timeout=WAIT)
    box.fill("A3-")
    box.press("Enter")
    puzzle.locator(".lnb-status-ok").wait_for(timeout=WAIT)
    puzzle.locator(".lnb-rows", has_text="55 − 5 = 50").wait_for(timeout=WAIT)
    assert_clean(page)
