"""*High contrast* on ``play.ipynb`` covers the whole page (issue 26): the class panel, the
table entry and the tips under the game turn white on black with the game, in English and in
简体中文, and back again when it is pressed off. Screenshots at 1280×800 and 768×1024 in
``test-artifacts/<test name>/``.
"""

from __future__ import annotations

import pytest
from browser_harness import VoilaServer, laptop_page, open_voila, snap_sizes
from page_kit import shared_kit
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

WAIT = 60_000
BLACK, WHITE = "rgb(0, 0, 0)", "rgb(255, 255, 255)"


@pytest.fixture(scope="module")
def kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The session's kit server on ``lessons/`` (:func:`page_kit.shared_kit`)."""
    return shared_kit(request)


@pytest.fixture
def page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    with laptop_page(browser, kit) as new_page:
        yield new_page


def _parts(page):  # type: ignore[no-untyped-def]
    """The parts of the page around the game: (locator, what it is)."""
    return {
        "the page": page.locator("body"),
        "a tip": page.locator(".jp-RenderedMarkdown li:visible").first,
        "the class panel's button": page.locator(".lnb-class-panel button.lnb-join-open"),
        "the table entry's button": page.locator(".lnb-table-entry button.lnb-join-table"),
        "the table code box": page.locator(".lnb-table-code input"),
    }


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_high_contrast_covers_the_page_around_the_game(page, lang: str) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, f"voila/render/play.ipynb?lang={lang}", ".lnb-table-entry", timeout=WAIT)
    parts = _parts(page)
    expect(parts["the page"]).not_to_have_css("background-color", BLACK, timeout=WAIT)
    page.locator(".lnb-contrast-toggle").click()
    expect(page.locator(".lnb-app.lnb-high-contrast")).to_have_count(1, timeout=WAIT)
    for name in ("the page", "the class panel's button", "the table entry's button",
                 "the table code box"):
        expect(parts[name], name).to_have_css("background-color", BLACK, timeout=WAIT)
    for name in ("a tip", "the class panel's button", "the table entry's button"):
        expect(parts[name], name).to_have_css("color", WHITE, timeout=WAIT)
    snap_sizes(page, f"play-high-contrast-{lang}")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.locator(".lnb-contrast-toggle").click()  # off again: the page is as it was
    expect(page.locator(".lnb-app.lnb-high-contrast")).to_have_count(0, timeout=WAIT)
    expect(parts["the page"]).not_to_have_css("background-color", BLACK, timeout=WAIT)
    expect(parts["a tip"]).not_to_have_css("color", WHITE, timeout=WAIT)
