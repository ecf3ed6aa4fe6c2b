"""The lesson *Undo a program* diagnoses in the page what the page pass does not type
(``test_pages.py`` types the answer + 1, or 999 for an equation): one load of the English
lesson and one of its Chinese twin, on the session's kit server. In each: the Engine's
views are drawn (the rows in order, the rows undone), a forgotten bracket and a letter that
is not x are named in the equation box, a start undone first row first is named, and a
÷ row whose undo is not unique is named for a start left out; each message is the one the
kind gives in-process (:mod:`widgets.babbage.undo_checks`), in the page's language. The
equation solver at the end (:class:`widgets.babbage.undo_view.UndoSteps`) shows its worked
example.
Screenshots of the views and of the diagnoses at 1280×800 and 768×1024 in ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from browser_harness import VoilaServer, laptop_page, open_voila, snap_sizes
from page_kit import WAIT, shared_kit
from playwright.sync_api import expect

from lnb.core.i18n import use_language
from widgets.lessons.bank import bank

pytestmark = pytest.mark.browser

LESSON = "09-undo-a-program"
#: Scroll an element into view, in one step in the page (found and scrolled at once).
SCROLL_TO = "e => e.scrollIntoView({block: 'nearest'})"


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The session's kit server on ``lessons/`` (:func:`page_kit.shared_kit`)."""
    return shared_kit(request)


@pytest.fixture
def page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    with laptop_page(browser, kit) as new_page:
        yield new_page


def said(ident: str, typed: str, language: str) -> str:
    """What exercise ``ident`` says to ``typed`` in ``language``, worked out in-process."""
    from widgets.babbage.undo_checks import exercise

    with use_language(language):
        verdict = exercise(LESSON, ident).check(typed)
    assert not verdict.correct
    return verdict.message


@pytest.mark.parametrize(("path", "language"), [
    (f"{LESSON}.ipynb", "en"), (f"zh-CN/{LESSON}.ipynb", "zh_CN"),
])
def test_the_traps_are_named_in_the_page(page, path: str, language: str) -> None:  # type: ignore[no-untyped-def]
    tag = "zh-CN" if language == "zh_CN" else "en"
    open_voila(page, f"voila/render/{path}?lang={tag}", ".lnb-exercise", timeout=WAIT)
    ids = list(bank(LESSON).ids)
    exercises = page.locator(".lnb-exercise")
    expect(exercises).to_have_count(len(ids), timeout=WAIT)
    expect(page.locator(".lnb-algebra-table").first).to_contain_text("15 × 3 = 45",
                                                                      timeout=WAIT)
    expect(page.locator(".lnb-backwards-answer")).to_contain_text("20", timeout=WAIT)
    # scrolled in one step in the page: the view redrawn meanwhile (its later parts coming,
    # a busy machine) left Playwright's scroll holding a detached element (CI beside a copy)
    page.locator(".lnb-algebra").first.evaluate(SCROLL_TO)
    snap_sizes(page, f"undo-lesson-views-{tag}")
    page.set_viewport_size({"width": 1280, "height": 800})
    for ident, typed in (("equation-80", "x + 10 * 5 = 80"), ("equation-80", "y + 10 = 80"),
                         ("undo-80", "14"), ("starts-40", "60")):
        one = exercises.nth(ids.index(ident))
        box = one.locator(".lnb-answer input")
        box.fill(typed)
        box.press("Enter")
        expect(one.locator(".lnb-status-error")).to_contain_text(said(ident, typed, language),
                                                                 timeout=WAIT)
    exercises.nth(ids.index("equation-80")).evaluate(SCROLL_TO)
    snap_sizes(page, f"undo-lesson-traps-{tag}")
    solver = page.locator(".lnb-undo-steps")
    expect(solver).to_contain_text("(x + 5) × 2 = 50", timeout=WAIT)
    expect(solver).to_contain_text("20 + 5 = 25", timeout=WAIT)
    solver.evaluate(SCROLL_TO)
    snap_sizes(page, f"undo-lesson-solver-{tag}")
