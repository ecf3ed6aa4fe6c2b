"""The 简体中文 lessons (``lessons/zh-CN/``) as Voila apps in a real browser whose own language
is English: each renders with no traceback, its exercises answer back in Chinese, and the game
app in lesson 07 stays in Chinese (the lesson sets the page's language, the browser's does not
win). Screenshots at 1280×800 and 768×1024 go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import VoilaServer, snap, snap_sizes
from lesson_checks import (
    LESSONS,
    WAIT,
    FirstLessonWords,
    assert_clean,
    assert_first_exercises_answer,
    assert_lesson_page,
    lessons_served,
    open_lesson,
)

pytestmark = pytest.mark.browser

ZH = sorted(p.name for p in (LESSONS / "zh-CN").glob("*.ipynb"))
NAVIGATION = "全部课程"


@pytest.fixture(scope="module")
def zh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: lessons run when opened)."""
    with lessons_served(tmp_path_factory.mktemp("zh-lessons-home")) as server:
        yield server


def test_the_english_browser_is_english(page) -> None:  # type: ignore[no-untyped-def]
    """The point of the tests below: the browser asks for English."""
    assert page.evaluate("navigator.language").lower().startswith("en")


@pytest.mark.parametrize("name", ZH)
def test_a_chinese_lesson_renders_as_an_app(page, zh_server: VoilaServer,  # type: ignore[no-untyped-def]
                                            name: str) -> None:
    open_lesson(page, zh_server, f"zh-CN/{name}", NAVIGATION)
    assert_lesson_page(page, f"zh-CN/{name}", "你将要做：")
    snap_sizes(page, name.removesuffix(".ipynb"))


def test_an_exercise_answers_back_in_chinese(page, zh_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, zh_server, "zh-CN/01-first-program.ipynb", NAVIGATION)
    assert_first_exercises_answer(page, FirstLessonWords(
        not_yet="30 是第 3 行（B4s）的交换之前的数字", hint="先算 55 + 5",
        out_of_range="超出了 00～99"))
    snap(page, "answered")


def test_the_game_app_of_lesson_07_stays_in_chinese(page, zh_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """The game app's language switch hears the page report an English browser; the lesson
    chose Chinese as ``?lang=`` would, so the switch shows 简体中文 and the page stays Chinese."""
    open_lesson(page, zh_server, "zh-CN/07-playing-the-game.ipynb", NAVIGATION)
    switch = page.locator(".lnb-language").first
    switch.wait_for(timeout=WAIT)
    page.wait_for_timeout(2000)  # the page script reports the browser's languages every 200 ms
    assert "lnb-lang-is-zh-CN" in (switch.get_attribute("class") or "")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert_clean(page)
