"""The static site after its first visit, with the network cut (issue 33): the kit's service
worker (``scripts/site/offline.py``) keeps what the pages fetched.

One browser with a profile on disk, as a pupil's: the landing page (its text shown, and a
progress bar saying that Python is starting, before any widget is), then a lesson (in
Chinese), the game and the puzzles, each to its first usable widget and its "Works offline
now" line (in the page's language); then the network cut (``context.set_offline``) and the
game reloaded: it starts Python from the cache and a Round can begin. Every request of every
page stays on the site.

``make test`` runs ``make site`` first; without ``site/`` this test fails (never skips).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_harness import pupil_browser, snap_sizes, watched_page
from playwright.sync_api import expect
from site_server import SITE, serving
from test_site import RENDER, WAIT, assert_clean

from scripts.site.first_paint import STARTING_WORDS
from scripts.site.offline import OFFLINE_WORDS, WORKER

pytestmark = pytest.mark.browser

#: The pages a pupil opens one after another, each with its first usable widget, and the
#: language its offline line is in.
VISITS = (("index.html", ".lnb-landing-language", "en"),
          ("zh-CN/01-first-program.html", ".lnb-exercise", "zh-CN"),
          ("play.html", ".lnb-start-game", "en"),
          ("puzzles.html", ".lnb-puzzle-heading", "en"))
LINE = ".lnb-offline-ready"
#: The page's first heading in sight (a markdown cell's, nothing drawn over it), while no
#: widget is drawn (Python starting).
TEXT_BEFORE_PYTHON = """() => {
  const heading = [...document.querySelectorAll("#rendered_cells h1")]
    .find(h => h.getBoundingClientRect().height > 0);
  if (!heading || document.querySelector(".jupyter-widgets") !== null) { return false; }
  const box = heading.getBoundingClientRect();
  const seen = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
  return seen !== null && heading.contains(seen);
}"""
#: What the page's progress bar says meanwhile (the site's own bar, or the template's).
STARTING = """() => {
  const bar = document.querySelector("[role=status] > progress");
  return bar ? bar.parentElement.innerText.trim() : null;
}"""


@pytest.fixture(scope="module")
def context(playwright, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The built site on a static file server, and one browser with a profile on disk."""
    if not (SITE / RENDER / "index.html").exists() or not (SITE / WORKER).exists():
        pytest.fail(f"{SITE} is not built (or has no {WORKER}): run `make site` first")
    folder = tmp_path_factory.mktemp("offline-profile")
    with serving(SITE) as url, pupil_browser(playwright, folder, base_url=url,
                                             viewport={"width": 1200, "height": 900}) as made:
        yield made


@pytest.fixture
def pages(context) -> Iterator[list]:  # type: ignore[no-untyped-def]
    """The test's pages (closed after it)."""
    opened: list = []
    yield opened
    for page in opened:
        page.close()


def test_the_site_works_offline_after_four_pages(context, pages: list) -> None:  # type: ignore[no-untyped-def]
    """Four pages with the network on, each saying it works offline once drawn; then the
    network cut and the game reloaded from the cache to a Round started."""
    page = watched_page(context)
    pages.append(page)
    page.goto(RENDER + VISITS[0][0], wait_until="commit")
    page.wait_for_function(TEXT_BEFORE_PYTHON, timeout=WAIT)
    page.wait_for_function(f"({STARTING})() === {json.dumps(STARTING_WORDS['en'])}",
                           timeout=WAIT)
    for name, widget, language in VISITS:
        page.goto(RENDER + name)
        page.locator(widget).first.wait_for(timeout=WAIT)
        expect(page.locator(LINE)).to_have_text(OFFLINE_WORDS[language], timeout=WAIT)
        assert_clean(page)
    worker = page.evaluate("navigator.serviceWorker.controller")
    assert worker is None, "JupyterLite must see no service worker"
    scopes = page.evaluate("window.caches.keys()")
    assert [s for s in scopes if s.startswith("lnb-site-")], scopes
    context.set_offline(True)
    try:
        offline = watched_page(context)
        pages.append(offline)
        failed: list[str] = []
        offline.on("requestfailed", lambda request: failed.append(request.url))
        offline.goto(RENDER + "play.html")
        offline.locator(".lnb-start-game").click(timeout=WAIT)
        offline.locator(".lnb-target").first.wait_for(timeout=WAIT)
        expect(offline.locator(LINE)).to_have_text(OFFLINE_WORDS["en"], timeout=WAIT)
        assert failed == [], f"requests failed offline: {failed[:5]}"
        assert_clean(offline)
        snap_sizes(offline, "offline-play")
    finally:
        context.set_offline(False)
