"""Browser-test harness: one real Voila server per session, headless Chromium per test.

Fixtures: ``voila_server`` (session), ``playwright`` and ``browser`` (session), ``page``
(per test).
Helpers (in ``browser_harness``): ``open_voila``, ``snap``, ``snap_sizes``,
``assert_no_traceback``, ``assert_local_only``, ``kernel_id_of``; waits for a named state:
``wait_until`` (a condition polled until a deadline meant for a server that stopped
answering), ``resize`` and ``settle_layout`` (the page laid out, not a fixed time).
Every test module here carries ``pytest.mark.browser``: ``make test`` runs them in a pass of
their own, one at a time, after the other tests.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    VoilaServer,
    running_voila,
    snap,
    watched_page,
)
from browser_schedule import measured, order_files

# Notebooks here are pages for the browser tests, not lessons for nbval.
collect_ignore_glob = ["notebooks/*"]


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """A real Voila server on ``tests/browser/notebooks`` (pool size 1, culling on)."""
    with running_voila(NOTEBOOKS, tmp_path_factory.mktemp("voila-home"), pool_size=1) as server:
        yield server


@pytest.fixture(scope="session")
def playwright() -> Iterator[object]:
    """Playwright, with Debian Chromium at hand (never a downloaded browser)."""
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing; run `make browser` to install Debian's chromium"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """Headless Debian Chromium driven by Playwright; each test makes its own contexts."""
    chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                          headless=True)
    yield chromium
    chromium.close()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests, longest file first, by the last whole run's file times
    (:mod:`browser_schedule`); within a file, and for every other test, the order stays as
    collected."""
    here = Path(__file__).parent
    slots = [i for i, item in enumerate(items) if item.path.parent == here]
    files = order_files({items[i].path.name for i in slots}, measured())
    rank = {name: n for n, name in enumerate(files)}
    ordered = sorted(slots, key=lambda i: (rank[items[i].path.name], i))
    moved = [items[i] for i in ordered]
    for slot, item in zip(slots, moved, strict=True):
        items[slot] = item


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    """Keep each phase's report on the item, so fixtures can see whether the test failed;
    a failed test's report also has the last console lines of each page it opened with
    ``open_voila`` (:func:`page_progress.watch`: the kit's own lines, ``kit: …``, say which
    widgets came without their model)."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    if report.when == "call" and report.failed:
        from page_progress import said_by_pages

        if lines := said_by_pages():
            report.sections.append(("the pages' last console lines", lines))
    return report


@pytest.fixture
def page(browser, voila_server: VoilaServer, request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    """A fresh page (own cookies) whose every request URL is recorded.

    Relative URLs resolve against the server. On failure: a screenshot in
    ``test-artifacts/<test>/`` and the server log's tail in the report.
    """
    context = browser.new_context(base_url=voila_server.url, viewport={"width": 1200,
                                                                       "height": 900})
    new_page = watched_page(context)
    yield new_page
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        with contextlib.suppress(Exception):  # the page may be gone (closed by the test)
            snap(new_page, "failure")
        print(f"--- Voila log (tail) ---\n{voila_server.log_tail()}")
    context.close()


