"""Every page of the kit, opened once per language, with every check that needs a browser.

The pages are the landing page, the apps and every lesson
(:func:`page_trees.every_page`), each in English (``?lang=en``) and in 简体中文
(``?lang=zh-CN``), and the lessons written in Chinese (``lessons/zh-CN/``, in 简体中文), all in
an English browser (en-US) on the one kit server of the session (:func:`page_kit.shared_kit`).
On that single load of each page: no traceback or apology, no widget that failed to show,
nothing fetched from another host, every language switch and <html lang> in the page's
language (a lesson in Chinese stays Chinese after the page reported the English browser),
the page's title its heading (not the file name), a lesson's link to all lessons,
axe-core's serious and critical violations none, and at 1280×800 and 768×1024 a screenshot in
``test-artifacts/pages/<page>-<lang>-<size>.png``; in 简体中文 no visible button or card has
words cut off or running out of it at either size. A lesson also shows its heading and its
introduction, every exercise and (where the notebook has any) its typeset formulas, and no
pinned example speaks. Some loads go on with what needs that page: the landing page's links
and its title in the other language, lesson 01's Tab order and exercises, lesson 04's
working backwards, Ada's Dream's title in the other language.

The words themselves (no unmarked word in the pseudo-language, no English and no marks left
in 简体中文) are read in-process, in ``tests/test_words_in_process.py``.

While one page is checked the next is already loading (its own browser context): its
kernel runs meanwhile.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import nbformat
import pytest
from bank_checks import asked_on, assert_answers_back
from browser_harness import (
    ARTIFACTS,
    SIZES,
    resize,
    serious_violations,
    settle_layout,
    watched_page,
)
from dream_lesson_checks import LOADS as MILL_LESSON
from dream_lesson_checks import answer_the_mill_lesson
from lesson_checks import (
    LESSONS,
    FirstLessonWords,
    assert_clean,
    assert_first_exercises_answer,
    assert_lesson_page,
    expected_exercises,
)
from page_kit import WAIT, shared_kit, wait_page_ready
from page_trees import every_page, translated_lessons, widget_pages
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SHOTS = ARTIFACTS / "pages"
#: (page under lessons/, language): every page in both languages, the Chinese lessons in theirs.
LOADS = [(name, lang) for lang in ("en", "zh-CN") for name in every_page()] + [
    (name, "zh-CN") for name in translated_lessons()]
#: The pages that show widgets (the others: text and a program's printed output only).
WIDGET_PAGES = frozenset(widget_pages())
#: The loads checked so far in this run (their screenshots taken).
PHOTOGRAPHED: list[tuple[str, str]] = []
#: What an app shows once it is ready, besides the page's own readiness.
APP_READY = {"index.ipynb": ".lnb-language", "play.ipynb": ".lnb-start-game",
             "puzzles.ipynb": ".lnb-puzzle-heading", "museum-room.ipynb": ".lnb-room-entry"}
#: The titles of the landing page and Ada's Dream, in each language (issue 26).
TITLES = {("index.ipynb", "en"): "Three games about Ada Lovelace: lessons and apps",
          ("index.ipynb", "zh-CN"): "关于艾达·洛夫莱斯的三个游戏：课程和应用",
          ("dream.ipynb", "en"): "Play Ada's Dream", ("dream.ipynb", "zh-CN"): "玩《艾达之梦》"}
#: The introduction every lesson of ours shows, in its notebook's language.
INTRODUCTION = {"en": "What you'll do:", "zh-CN": "你将要做："}
#: Visible buttons and cards of the widgets whose words do not fit (cut off or running out).
CUT = """() => {
  const shown = (el) => el.checkVisibility ? el.checkVisibility({checkVisibilityCSS: true})
                                           : el.getClientRects().length > 0;
  const parts = ".jp-OutputArea-output .jupyter-widgets :is(button, .lnb-patron, " +
                ".lnb-sub-card, .lnb-target-card)";
  return Array.from(document.querySelectorAll(parts)).filter(shown).filter((el) =>
      el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
  ).map((el) => [el.className, (el.innerText || "").trim().slice(0, 60),
                 el.scrollWidth + "x" + el.scrollHeight + " in " +
                 el.clientWidth + "x" + el.clientHeight]);
}"""


def ours(name: str) -> bool:
    """A lesson of the Lovelace & Babbage course (heading, introduction, navigation)."""
    base = name.rsplit("/", 1)[-1]
    return base.startswith("0") or base == "teachers-guide.ipynb"


def links_all_lessons(name: str) -> bool:
    """Whether the notebook links the landing page (a lesson's navigation)."""
    return name != "index.ipynb" and "index.ipynb" in (LESSONS / name).read_text("utf-8")


def formulas(name: str) -> bool:
    """Whether the notebook writes a formula (MathJax typesets it, offline)."""
    nb = nbformat.read(LESSONS / name, as_version=4)
    return "$" in "".join(c.source for c in nb.cells)


def shot_name(name: str, lang: str) -> str:
    """``zh-CN/01-first-program.ipynb``, ``zh-CN`` → ``zh-CN_01-first-program-zh-CN``."""
    return f"{name.removesuffix('.ipynb').replace('/', '_')}-{lang}"


@dataclass
class Loads:
    """The page loads of this module, in the order its tests run: taking one starts the
    next (a page of its own context, navigated without waiting), so a page's kernel runs
    while the one before it is checked."""

    browser: Any
    base_url: str
    order: list[tuple[str, str]]
    server_log: Callable[[], str] = str
    started: dict[tuple[str, str], Any] = field(default_factory=dict)

    def start(self, load: tuple[str, str]) -> None:
        """Begin loading ``load`` in a new English context, unless it is under way."""
        if load in self.started:
            return
        name, lang = load
        context = self.browser.new_context(base_url=self.base_url, locale="en-US",
                                           viewport={"width": SIZES[0][0],
                                                     "height": SIZES[0][1]})
        page = watched_page(context)
        page.evaluate("url => { window.location.href = url; }",
                      f"{self.base_url}voila/render/{name}?lang={lang}")
        self.started[load] = page

    def take(self, load: tuple[str, str]) -> Any:
        """The page of ``load`` (started now if it was not), the next one started."""
        self.start(load)
        if load in self.order:
            following = self.order[self.order.index(load) + 1:]
            if following:
                self.start(following[0])
        return self.started.pop(load)

    def close(self) -> None:
        """Close the pages started for tests that did not run."""
        for page in self.started.values():
            page.context.close()
        self.started.clear()


@pytest.fixture(scope="module")
def loads(browser, request: pytest.FixtureRequest) -> Iterator[Loads]:  # type: ignore[no-untyped-def]
    """The module's :class:`Loads`, in the order the session runs its tests."""
    kit = shared_kit(request)
    order = [tuple(item.callspec.params["load"]) for item in request.session.items
             if getattr(item, "module", None) is request.module and hasattr(item, "callspec")
             and "load" in item.callspec.params]
    pending = Loads(browser, kit.url, order, server_log=lambda: kit.server.log_tail(120))
    yield pending
    pending.close()


def arrive(page, name: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page has loaded and is ready (one load: a page whose app never came
    is a failure, see :mod:`widgets.serving.kernel`)."""
    page.wait_for_url(f"**/voila/render/{name}?lang={lang}", wait_until="load", timeout=WAIT)
    if name in APP_READY:
        page.locator(APP_READY[name]).first.wait_for(timeout=WAIT)
    wait_page_ready(page, lang, exercises=expected_exercises(name) if ours(name) else 0,
                    formulas=ours(name) and formulas(name), widgets=name in WIDGET_PAGES)


def photograph_and_measure(page, name: str, lang: str) -> dict[str, list[Any]]:  # type: ignore[no-untyped-def]
    """A screenshot at each size; what does not fit at each (the page is left at the last)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    cut = {}
    for width, height in SIZES:
        resize(page, width, height)
        page.screenshot(path=str(SHOTS / f"{shot_name(name, lang)}-{width}x{height}.png"),
                        full_page=True)
        found = page.evaluate(CUT)
        if found:
            cut[f"{width}x{height}"] = found
    return cut


@pytest.mark.parametrize("load", LOADS, ids=[f"{n}-{lang}" for n, lang in LOADS])
def test_page(loads: Loads, load: tuple[str, str]) -> None:
    name, lang = load
    for width, height in SIZES:  # this run's screenshots, not an earlier run's
        (SHOTS / f"{shot_name(name, lang)}-{width}x{height}.png").unlink(missing_ok=True)
    page = loads.take(load)
    try:
        try:
            arrive(page, name, lang)
        except (PlaywrightTimeout, AssertionError) as late:  # what the server was doing
            pytest.fail(f"{name} ({lang}) was not ready: {late}\n"
                        f"the kit server's log, its end:\n{loads.server_log()}")
        check_page(page, name, lang)
        PHOTOGRAPHED.append(load)
        then_on_this_page(page, name, lang)
    finally:
        page.context.close()


def check_page(page, name: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """The checks every page gets on its one load."""
    assert page.evaluate("navigator.language").lower().startswith("en")  # an English browser
    assert_clean(page)
    if page.locator(".lnb-language").count():
        assert page.evaluate("document.documentElement.lang") == lang
    title = page.title()
    stem = name.rsplit("/", 1)[-1].removesuffix(".ipynb")
    assert title and title != stem and ".ipynb" not in title, (name, lang, title)
    if (name, lang) in TITLES:
        assert title == TITLES[name, lang]
    if links_all_lessons(name):  # the generated navigation of a lesson
        assert page.locator("a[href*='index.ipynb']").count() >= 1, (name, lang)
    if ours(name):
        written_in = "zh-CN" if name.startswith("zh-CN/") else "en"
        assert_lesson_page(page, name, INTRODUCTION[written_in])
        # a lesson's later parts (widgets.lessons.later) come after the page is usable
        expect(page.locator(".lnb-exercise")).to_have_count(expected_exercises(name),
                                                            timeout=WAIT)
    if answers_back_here(name, lang):
        assert_answers_back(page, name, "zh_CN" if lang == "zh-CN" else "en")
    assert serious_violations(page) == [], (name, lang)
    cut = photograph_and_measure(page, name, lang)
    if lang == "zh-CN":
        assert not cut, f"{name} in 简体中文: words do not fit:\n" + "\n".join(
            f"{size}: {c!r}" for size, items in cut.items() for c in items)
    # still in the page's language: a lesson in Chinese is not turned English by the page's
    # report of the English browser
    for switch in page.locator(".lnb-language").all():
        expect(switch).to_have_class(re.compile(rf"\blnb-lang-is-{re.escape(lang)}\b"))
    assert_clean(page)


def answers_back_here(name: str, lang: str) -> bool:
    """Whether this load answers the page's bank exercises wrong then right
    (:func:`bank_checks.assert_answers_back`): every page that asks one, but lesson 01,
    whose first exercise :func:`then_on_this_page` answers step by step, and the Mill lesson
    in its own language, whose every exercise it answers (:mod:`dream_lesson_checks`)."""
    stem = name.rsplit("/", 1)[-1]
    return (not stem.startswith("01-") and (name, lang) not in MILL_LESSON
            and any(asked.id for asked in asked_on(name)))


def then_on_this_page(page, name: str, lang: str) -> None:  # type: ignore[no-untyped-def]
    """What else is checked on this load (pages left at 768×1024 by the screenshots)."""
    if (name, lang) == ("index.ipynb", "en"):
        landing_page_links_and_title(page)
    elif (name, lang) == ("dream.ipynb", "zh-CN"):
        page.locator(".lnb-language button", has_text="English").click()
        expect(page).to_have_title(TITLES["dream.ipynb", "en"], timeout=WAIT)
    elif (name, lang) == ("01-first-program.ipynb", "en"):
        board_tab_stops(page)
        answer = page.locator(".lnb-exercise").first.locator(".lnb-answer input")
        answer.fill("30")
        answer.press("Enter")
        said = page.locator(".lnb-exercise").first.locator(
            ".lnb-status", has_text="number before the swap")
        said.wait_for(timeout=WAIT)
        for width, height in SIZES:  # the answer said back, as a pupil sees it
            resize(page, width, height)
            said.scroll_into_view_if_needed()
            settle_layout(page)
            page.screenshot(path=str(SHOTS / f"lesson-01-answered-{width}x{height}.png"),
                            full_page=True)
        assert_first_exercises_answer(page, FirstLessonWords(
            not_yet="Not yet: 30 is the number before the swap", hint="First 55 + 5",
            out_of_range="leaves 00–99"))
    elif (name, lang) == ("zh-CN/01-first-program.ipynb", "zh-CN"):
        assert_first_exercises_answer(page, FirstLessonWords(
            not_yet="30 是第 3 行（B4s）的交换之前的数字", hint="先算 55 + 5",
            out_of_range="超出了 00～99"))
        page.screenshot(path=str(SHOTS / "zh-CN-lesson-01-answered.png"), full_page=True)
    elif (name, lang) == ("04-working-backwards.ipynb", "en"):
        working_backwards(page)
    elif (name, lang) in MILL_LESSON:
        answer_the_mill_lesson(page, MILL_LESSON[name, lang])


#: Every page the landing page links: the lessons and apps of the three games.
LINKED = sorted(p.name for p in LESSONS.glob("*.ipynb") if p.name != "index.ipynb")


def landing_page_links_and_title(page) -> None:  # type: ignore[no-untyped-def]
    """The landing page links every lesson and app; switched to 简体中文 by its own switch
    its title follows; its link to lesson 01 opens the lesson, clean."""
    page.locator("h1", has_text="Three games about Ada Lovelace").first.wait_for(timeout=WAIT)
    for linked in LINKED:
        assert page.locator(f"a[href$='{linked}']").count() >= 1, f"index has no link to {linked}"
    page.locator(".lnb-language button", has_text="简体中文").click()
    expect(page).to_have_title(TITLES["index.ipynb", "zh-CN"], timeout=WAIT)
    page.locator(".lnb-language button", has_text="English").click()
    expect(page).to_have_title(TITLES["index.ipynb", "en"], timeout=WAIT)
    page.locator("a[href$='01-first-program.ipynb']").first.click()
    page.locator("h1", has_text="Run your first program").wait_for(timeout=WAIT)
    wait_page_ready(page, "en")
    assert_clean(page)


def tab_stops(page, presses: int) -> list[str]:  # type: ignore[no-untyped-def]
    """Where the focus goes on each of ``presses`` Tab presses from the top of the page."""
    page.evaluate("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    page.locator("h1").first.click()  # start the Tab order at the top of the page
    stops = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("""() => {
            const el = document.activeElement;
            if (el.closest('.lnb-board-readonly')) return 'picture';
            const board = el.closest('.lnb-board');
            if (board) return 'board' + [...document.querySelectorAll('.lnb-board')]
                .indexOf(board);
            return el.tagName + '.' + (el.className || '').toString();
        }"""))
    return stops


def board_tab_stops(page) -> None:  # type: ignore[no-untyped-def]
    """At 768×1024 (narrow: spaces wrap) the picture of the board in lesson 01 takes no Tab
    stop; the program builder's board is one stop, and the arrow keys move inside it."""
    assert page.viewport_size == {"width": 768, "height": 1024}
    assert page.locator(".lnb-board-readonly").count() == 1
    stops = tab_stops(page, 12)
    assert "picture" not in stops
    builder = [s for s in stops if s.startswith("board")]
    assert len(builder) == 1, stops
    tab_stops(page, stops.index(builder[0]) + 1)  # back on the board's one stop
    first = page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") != first
    assert re.fullmatch(r"[A-E][1-4] \w.*", first), first  # a name, not only "+"


def working_backwards(page) -> None:  # type: ignore[no-untyped-def]
    """Lesson 04's working backwards answers for a new target in the page."""
    view = page.locator(".lnb-backwards")
    view.locator(".lnb-backwards-answer", has_text="69 or 70").wait_for(timeout=WAIT)
    target = view.locator(".lnb-target-box input")
    target.fill("3")
    target.press("Enter")
    view.locator(".lnb-backwards-answer", has_text="55 or 56 reach 03").wait_for(timeout=WAIT)
    assert view.locator("mjx-container").count() > 0
    assert_clean(page)


def test_every_page_was_photographed_at_both_sizes_in_both_languages() -> None:
    """Every page load checked before this test (the whole page pass when the file runs in
    its order) left its two screenshots of this run in ``test-artifacts/pages/``."""
    if not PHOTOGRAPHED:
        pytest.skip("no page was loaded before this test")
    if len(PHOTOGRAPHED) == len(LOADS):
        assert sorted(PHOTOGRAPHED) == sorted(LOADS)
    missing = [f"{shot_name(n, lang)}-{w}x{h}.png" for n, lang in PHOTOGRAPHED
               for w, h in SIZES
               if not (SHOTS / f"{shot_name(n, lang)}-{w}x{h}.png").is_file()]
    assert not missing, f"no screenshot in {SHOTS}: {missing}"
