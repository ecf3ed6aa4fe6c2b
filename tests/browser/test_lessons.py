"""Every lesson as a Voila app in a real browser: it renders its widgets and formulas, shows no
traceback, fetches nothing from another host, axe-core finds no serious or critical violation
on it, and its exercises answer back.

The lessons are served from ``lessons/`` itself (as ``python -m widgets.serve`` does), without
preheated kernels, by one server for this module. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import nbformat
import pytest
from browser_harness import SIZES, VoilaServer, serious_violations, snap
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

OURS = [*sorted(p.name for p in LESSONS.glob("0*.ipynb")), "teachers-guide.ipynb"]
#: Every page the landing page links: the lessons and apps of the three games.
LINKED = sorted(p.name for p in LESSONS.glob("*.ipynb") if p.name != "index.ipynb")
NAVIGATION = "All lessons"


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: lessons run when opened)."""
    with lessons_served(tmp_path_factory.mktemp("lessons-home")) as server:
        yield server


@pytest.mark.parametrize("name", OURS)
def test_lesson_renders_as_an_app(page, lessons_server: VoilaServer, name: str) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, lessons_server, name, NAVIGATION)
    if "$" in "".join(c.source for c in nbformat.read(LESSONS / name, as_version=4).cells):
        page.locator("mjx-container").first.wait_for(timeout=WAIT)  # formulas typeset offline
    assert_lesson_page(page, name, "What you'll do:")
    page.wait_for_timeout(1000)  # the last widgets' views, then one frame of the page script
    assert serious_violations(page) == []
    for width, height in SIZES:  # as a pupil sees it on a laptop and on a tablet
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        snap(page, f"{name.removesuffix('.ipynb')}-{width}x{height}")


def test_index_links_every_lesson(page, lessons_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    page.goto(f"{lessons_server.url}voila/render/index.ipynb", wait_until="domcontentloaded")
    page.locator("h1", has_text="Three games about Ada Lovelace").first.wait_for(timeout=WAIT)
    for name in LINKED:
        link = page.locator(f"a[href$='{name}']")
        assert link.count() >= 1, f"index has no link to {name}"
    page.locator("a[href$='01-first-program.ipynb']").first.click()
    page.locator("h1", has_text="Run your first program").wait_for(timeout=WAIT)
    assert_clean(page)


def test_an_exercise_answers_back_and_hints(page, lessons_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, lessons_server, "01-first-program.ipynb", NAVIGATION)
    assert_first_exercises_answer(page, FirstLessonWords(
        not_yet="Not yet: 30 is the number before the swap", hint="First 55 + 5",
        out_of_range="leaves 00–99"))
    snap(page, "answered")


def test_working_backwards_updates_in_the_page(page, lessons_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, lessons_server, "04-working-backwards.ipynb", NAVIGATION)
    view = page.locator(".lnb-backwards")
    view.locator(".lnb-backwards-answer", has_text="69 or 70").wait_for(timeout=WAIT)
    target = view.locator(".lnb-target-box input")
    target.fill("3")
    target.press("Enter")
    view.locator(".lnb-backwards-answer", has_text="55 or 56 reach 03").wait_for(timeout=WAIT)
    assert view.locator("mjx-container").count() > 0
    assert_clean(page)
