"""Ada's Dream in a real browser: the app under the kit's Voila server, a solo game against a
computer player played to the final scoring by clicks (a choice's button, or a Store die then a
Mill cell, or a Workshop die); no traceback on the way; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_harness import REPO, VoilaServer, assert_no_traceback, open_voila, running_voila, snap

pytestmark = pytest.mark.browser

WAIT = 60_000
#: An enabled button (ipywidgets marks a disabled one aria-disabled).
ON = ":enabled:not([aria-disabled='true'])"


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/``."""
    with running_voila(REPO / "lessons", tmp_path_factory.mktemp("dream-home"),
                       pool_size=0) as server:
        yield server


def settle(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the app's text stays the same for a moment (the kernel's updates arrive
    one widget at a time; a button clicked meanwhile may be replaced under the click)."""
    app = page.locator(".lnb-dream-app")
    text = app.inner_text()
    for _ in range(100):
        page.wait_for_timeout(250)
        now = app.inner_text()
        if now == text:
            return
        text = now


def test_a_solo_game_is_played_to_the_final_scoring(page, kit: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, f"{kit.url}voila/render/dream.ipynb", selector=".lnb-dream-workshop",
               timeout=WAIT)
    prompt = page.locator(".lnb-dream-prompt")
    snap(page, "start")
    for _ in range(400):
        if "Total:" in prompt.inner_text():
            break
        before = prompt.inner_text() + page.locator(".lnb-dream-app").inner_text()
        choice = page.locator(f"button.lnb-dream-choice{ON}")
        store = page.locator(f"button.lnb-dream-store{ON}")
        workshop = page.locator(f"button.lnb-dream-workshop{ON}")
        if choice.count():
            choice.first.click()
        elif store.count():
            store.first.click()
            cell = page.locator(f"button.lnb-dream-mill{ON}").first
            cell.wait_for(timeout=WAIT)
            cell.click()
        elif workshop.count():
            workshop.first.click()
        else:  # the page is still catching up with the kernel
            page.wait_for_timeout(500)
            continue
        page.wait_for_function(
            "before => (document.querySelector('.lnb-dream-prompt').innerText"
            " + document.querySelector('.lnb-dream-app').innerText) !== before",
            arg=before, timeout=WAIT)
        settle(page)
        assert_no_traceback(page)
    snap(page, "end")
    assert "Total:" in prompt.inner_text() and "Winner" in prompt.inner_text(), \
        page.locator(".lnb-dream-app").inner_text()
