"""Every lesson as a Voila app in a real browser: it renders its widgets and formulas, shows no
traceback, fetches nothing from another host, and its exercises answer back.

The lessons are served from ``lessons/`` itself (as ``python -m widgets.serve`` does), without
preheated kernels, by one server for this module. Screenshots go to ``test-artifacts/``.
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
OURS = [*sorted(p.name for p in LESSONS.glob("0*.ipynb")), "teachers-guide.ipynb"]
#: Every page the landing page links: the lessons and apps of the three games.
LINKED = sorted(p.name for p in LESSONS.glob("*.ipynb") if p.name != "index.ipynb")
WAIT = 60_000
EXERCISE = re.compile(r"\bExercise(\.for_puzzle)?\(")


@pytest.fixture(scope="module")
def lessons_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: lessons run when opened)."""
    home = tmp_path_factory.mktemp("lessons-home")
    env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
    with running_voila(LESSONS, home, pool_size=0, env=env) as server:
        yield server


def expected_exercises(name: str) -> int:
    nb = nbformat.read(LESSONS / name, as_version=4)
    return sum(len(EXERCISE.findall(c.source)) for c in nb.cells if c.cell_type == "code")


def title_of(name: str) -> str:
    nb = nbformat.read(LESSONS / name, as_version=4)
    return nb.cells[0].source.splitlines()[0].removeprefix("# ")


def open_lesson(page, server: VoilaServer, name: str) -> None:  # type: ignore[no-untyped-def]
    """Open a lesson and wait until its last cell (the generated navigation) is on the page
    and every exercise has rendered."""
    open_voila(page, f"{server.url}voila/render/{name}", timeout=WAIT)
    page.get_by_text("All lessons").first.wait_for(timeout=WAIT)
    want = expected_exercises(name)
    deadline = time.monotonic() + WAIT / 1000
    while page.locator(".lnb-exercise").count() < want and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert page.locator(".lnb-exercise").count() == want


def assert_clean(page) -> None:  # type: ignore[no-untyped-def]
    assert_no_traceback(page)
    text = page.locator("body").inner_text()
    assert "Error displaying widget" not in text
    assert "Sorry, something went wrong" not in text
    assert_local_only(page)


@pytest.mark.parametrize("name", OURS)
def test_lesson_renders_as_an_app(page, lessons_server: VoilaServer, name: str) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, lessons_server, name)
    assert page.locator("h1", has_text=title_of(name)).count() >= 1
    body = page.locator("body").inner_text()
    assert "What you'll do:" in body
    assert not re.search(r"assert [\w.]+\(", body)  # the pinned examples stay quiet
    if "$" in "".join(c.source for c in nbformat.read(LESSONS / name, as_version=4).cells):
        page.locator("mjx-container").first.wait_for(timeout=WAIT)  # formulas typeset offline
    assert_clean(page)
    snap(page, name.removesuffix(".ipynb"))


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
    open_lesson(page, lessons_server, "01-first-program.ipynb")
    first = page.locator(".lnb-exercise").first
    answer = first.locator(".lnb-answer input")
    answer.fill("30")
    answer.press("Enter")
    first.locator(".lnb-status-text",
                  has_text="Not yet: 30 is the number before the swap").wait_for(timeout=WAIT)
    first.locator(".lnb-hint").click()
    first.locator(".lnb-hints li", has_text="First 55 + 5").wait_for(timeout=WAIT)
    answer.fill("03")
    first.locator(".lnb-check").click()
    first.locator(".lnb-status-ok", has_text="30 ⇄ 03").wait_for(timeout=WAIT)
    # a program exercise: a rules error is a sentence, and the rows show their arithmetic
    puzzle = page.locator(".lnb-exercise").nth(2)
    box = puzzle.locator(".lnb-answer input")
    box.fill("B1+")
    box.press("Enter")
    puzzle.locator(".lnb-status-error", has_text="leaves 00–99").wait_for(timeout=WAIT)
    box.fill("A3-")
    box.press("Enter")
    puzzle.locator(".lnb-status-ok").wait_for(timeout=WAIT)
    puzzle.locator(".lnb-rows", has_text="55 − 5 = 50").wait_for(timeout=WAIT)
    assert_clean(page)
    snap(page, "answered")


def test_working_backwards_updates_in_the_page(page, lessons_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_lesson(page, lessons_server, "04-working-backwards.ipynb")
    view = page.locator(".lnb-backwards")
    view.locator(".lnb-backwards-answer", has_text="69 or 70").wait_for(timeout=WAIT)
    target = view.locator(".lnb-target-box input")
    target.fill("3")
    target.press("Enter")
    view.locator(".lnb-backwards-answer", has_text="55 or 56 reach 03").wait_for(timeout=WAIT)
    assert view.locator("mjx-container").count() > 0
    assert_clean(page)
