"""The site's next page starts Python from a memory snapshot (issue 33;
``scripts/site/kernel_patch.py``), and a snapshot that fails to load falls back to a normal
start.

One browser with a profile on disk, as a pupil's: a broken snapshot put in the browser's
Cache Storage under the site's key first; then the landing page, which refuses it, starts
Python afresh, becomes usable and keeps a new snapshot; then the game in Chinese
(``?lang=zh-CN``), which starts from that snapshot with its own address (its words are
Chinese: ``QUERY_STRING`` reached the restored Python) and begins a Round.

``make test`` runs ``make site`` first; without ``site/`` this test fails (never skips).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from browser_harness import pupil_browser, watched_page
from playwright.sync_api import expect
from site_server import SITE, serving
from test_site import RENDER, WAIT, assert_clean, in_chinese

from scripts.site.kernel_patch import KERNEL_STATIC, SAID, snapshot_key

pytestmark = pytest.mark.browser

#: Where the kernel's worker keeps the snapshot (beside its own script).
ADDRESS = "/" + KERNEL_STATIC.as_posix() + "/lnb-python-snapshot"
#: The size of the snapshot kept under ``name`` (0: none).
KEPT = """async (name) => {
  const hit = await (await caches.open(name)).match(new URL(__ADDRESS__, location.href).href);
  return hit ? (await hit.arrayBuffer()).byteLength : 0;
}""".replace("__ADDRESS__", json.dumps(ADDRESS))
#: A broken snapshot under ``name`` (bytes no Pyodide can load).
BROKEN = """async (name) => {
  await (await caches.open(name)).put(new URL(__ADDRESS__, location.href).href,
    new Response(new Uint8Array(4096).fill(7)));
}""".replace("__ADDRESS__", json.dumps(ADDRESS))


@pytest.fixture(scope="module")
def context(playwright, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The built site on a static file server, and one browser with a profile on disk."""
    if not (SITE / RENDER / "index.html").exists():
        pytest.fail(f"{SITE} is not built: run `make site` first")
    folder = tmp_path_factory.mktemp("snapshot-profile")
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


def python_starts(page) -> list[str]:  # type: ignore[no-untyped-def]
    """What the page's kernel worker says about its Python's start, as it says it (a list that
    grows; a worker's console reaches its page's)."""
    said: list[str] = []
    page.on("console", lambda m: said.append(m.text) if m.text.startswith("lnb-python:") else None)
    return said


def test_a_broken_snapshot_falls_back_and_the_next_page_starts_from_a_new_one(
        context, pages: list) -> None:  # type: ignore[no-untyped-def]
    name = "lnb-snapshot-" + snapshot_key(
        (SITE / "static" / "pyodide" / "pyodide-lock.json").read_bytes())
    page = watched_page(context)
    pages.append(page)
    page.goto("static/pyodide/pyodide-lock.json")
    page.evaluate(BROKEN, name)
    assert page.evaluate(KEPT, name) == 4096

    said = python_starts(page)
    with page.expect_console_message(lambda m: m.text.startswith(SAID["kept"]), timeout=WAIT):
        page.goto(RENDER + "index.html")
    assert [line for line in said if line.startswith(SAID["refused"])], said
    assert SAID["fresh"] in said and SAID["snapshot"] not in said, said
    assert page.evaluate(KEPT, name) > 1_000_000
    page.locator(".lnb-landing-language button").first.wait_for(timeout=WAIT)
    assert_clean(page)

    said.clear()
    with page.expect_console_message(lambda m: m.text == SAID["snapshot"], timeout=WAIT):
        page.goto(RENDER + "play.html?lang=zh-CN")
    page.locator(".lnb-start-game").click(timeout=WAIT)
    page.locator(".lnb-target").first.click(timeout=WAIT)
    page.locator(".lnb-builder").wait_for(timeout=WAIT)
    expect(page.locator(".lnb-done")).to_contain_text(in_chinese("I'm done"), timeout=WAIT)
    assert SAID["fresh"] not in said and not [s for s in said if s.startswith(SAID["refused"])]
    assert_clean(page)
