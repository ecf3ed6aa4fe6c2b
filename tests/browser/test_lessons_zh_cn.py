"""The 简体中文 lessons (``lessons/zh-CN/``) as Voila apps in a real browser whose own language
is English: each renders with no traceback, its exercises answer back in Chinese, and the game
app in lesson 07 stays in Chinese (the lesson sets the page's language, the browser's does not
win). Screenshots at 1280×800 and 768×1024 go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import nbformat
import pytest
from browser_harness import (
    REPO,
    VoilaServer,
    assert_local_only,
    assert_no_traceback,
    open_voila,
    running_voila,
    snap,
)

pytestmark = pytest.mark.browser

LESSONS = REPO / "lessons"
ZH = sorted(p.name for p in (LESSONS / "zh-CN").glob("*.ipynb"))
WAIT = 60_000
EXERCISE = re.compile(r"\bExercise(\.for_puzzle)?\(")
SIZES = ((1280, 800), (768, 1024))


@pytest.fixture(scope="module")
def zh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: lessons run when opened)."""
    home = tmp_path_factory.mktemp("zh-lessons-home")
    env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
    with running_voila(LESSONS, home, pool_size=0, env=env) as server:
        yield server


def notebook(name: str) -> nbformat.NotebookNode:
    return nbformat.read(LESSONS / "zh-CN" / name, as_version=4)


def open_lesson(page, server: VoilaServer, name: str) -> None:  # type: ignore[no-untyped-def]
    """Open a Chinese lesson; wait for its navigation (the last cell) and every exercise."""
    open_voila(page, f"{server.url}voila/render/zh-CN/{name}", timeout=WAIT)
    page.get_by_text("全部课程").first.wait_for(timeout=WAIT)
    want = sum(len(EXERCISE.findall(c.source)) for c in notebook(name).cells
               if c.cell_type == "code")
    deadline = time.monotonic() + WAIT / 1000
    while page.locator(".lnb-exercise").count() < want and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert page.locator(".lnb-exercise").count() == want


def assert_clean(page) -> None:  # type: ignore[no-untyped-def]
    assert_no_traceback(page)
    text = page.locator("body").inner_text()
    assert "Error displaying widget" not in text
    assert_local_only(page)


def snap_sizes(page, name: str) -> None:  # type: ignore[no-untyped-def]
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        snap(page, f"{name}-{width}x{height}")


def test_the_english_browser_is_english(page) -> None:  # type: ignore[no-untyped-def]
    """The point of the tests below: the browser asks for English."""
    assert page.evaluate("navigator.language").lower().startswith("en")


@pytest.mark.parametrize("name", ZH)
def test_a_chinese_lesson_renders_as_an_app(page, zh_server: VoilaServer,  # type: ignore[no-untyped-def]
                                            name: str) -> None:
    open_lesson(page, zh_server, name)
    title = notebook(name).cells[0].source.splitlines()[0].removeprefix("# ")
    assert page.locator("h1", has_text=title).count() >= 1
    body = page.locator("body").inner_text()
    assert "你将要做：" in body
    assert not re.search(r"assert [\w.]+\(", body)  # the pinned examples stay quiet
    assert_clean(page)
    snap_sizes(page, name.removesuffix(".ipynb"))


def test_an_exercise_answers_back_in_chinese(page, zh_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, zh_server, "01-first-program.ipynb")
    first = page.locator(".lnb-exercise").first
    answer = first.locator(".lnb-answer input")
    answer.fill("30")
    answer.press("Enter")
    first.locator(".lnb-status-text",
                  has_text="30 是第 3 行（B4s）的交换之前的数字").wait_for(timeout=WAIT)
    first.locator(".lnb-hint").click()
    first.locator(".lnb-hints li", has_text="先算 55 + 5").wait_for(timeout=WAIT)
    answer.fill("03")
    first.locator(".lnb-check").click()
    first.locator(".lnb-status-ok", has_text="30 ⇄ 03").wait_for(timeout=WAIT)
    puzzle = page.locator(".lnb-exercise").nth(2)
    box = puzzle.locator(".lnb-answer input")
    box.fill("B1+")
    box.press("Enter")
    puzzle.locator(".lnb-status-error", has_text="超出了 00～99").wait_for(timeout=WAIT)
    box.fill("A3-")
    box.press("Enter")
    puzzle.locator(".lnb-status-ok").wait_for(timeout=WAIT)
    puzzle.locator(".lnb-rows", has_text="55 − 5 = 50").wait_for(timeout=WAIT)
    assert_clean(page)
    snap(page, "answered")


def test_the_game_app_of_lesson_07_stays_in_chinese(page, zh_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    """The game app's language switch hears the page report an English browser; the lesson
    chose Chinese as ``?lang=`` would, so the switch shows 简体中文 and the page stays Chinese."""
    open_lesson(page, zh_server, "07-playing-the-game.ipynb")
    switch = page.locator(".lnb-language").first
    switch.wait_for(timeout=WAIT)
    page.wait_for_timeout(2000)  # the page script reports the browser's languages every 200 ms
    assert "lnb-lang-is-zh-CN" in (switch.get_attribute("class") or "")
    assert page.evaluate("document.documentElement.lang") == "zh-CN"
    assert_clean(page)
