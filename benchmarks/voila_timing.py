"""Time Voila pages in headless Chromium: load to first usable widget, click to new text.

Use with the kit's own server (:class:`widgets.serving.server.KitServer`, started by
:func:`start_server`), e.g. to compare the game app against ``one_widget.ipynb``::

    with start_server(Path("benchmarks")) as base_url, open_browser() as browser:
        t = measure(browser, base_url, "voila/render/one_widget.ipynb",
                    ready=".bench-button", click=".bench-button", changed=".bench-label")
"""

from __future__ import annotations

import contextlib
import os
import signal
import statistics
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from widgets.serve import kit_voila_args, parse_args, server_for
from widgets.serving.server import KitServer

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("LNB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
]


@dataclass
class Timing:
    """Seconds for one page: loads (goto to first usable widget) and clicks (to new text)."""

    url_path: str
    loads: list[float] = field(default_factory=list)
    clicks: list[float] = field(default_factory=list)

    @property
    def load(self) -> float:
        """Median seconds from ``page.goto`` to the first usable widget."""
        return statistics.median(self.loads)

    @property
    def click(self) -> float:
        """Median seconds from a click to the changed text."""
        return statistics.median(self.clicks)

    def ratio_to(self, baseline: Timing) -> tuple[float, float]:
        """(load, click) medians as multiples of ``baseline``'s."""
        return self.load / baseline.load, self.click / baseline.click

    def __str__(self) -> str:
        return (f"{self.url_path}: load {self.load * 1000:.0f} ms (median of {len(self.loads)}), "
                f"click {self.click * 1000:.0f} ms (median of {len(self.clicks)})")


@contextlib.contextmanager
def start_server(root: Path, pool_size: int = 1, timeout: float = 90,
                 serve_args: Sequence[str] | None = None) -> Iterator[str]:
    """Run the kit's Voila server on ``root`` (a free port, hermetic Jupyter folders, its
    log in a temporary folder); yield its base URL; stop it afterwards.

    With ``serve_args`` the server is the serve command's own for those options
    (``python -m widgets.serve ARGS``, as a teacher types them), not ``pool_size``'s.
    A server that does not start raises :class:`~widgets.serving.server.ServerError`.
    """
    home = Path(tempfile.mkdtemp(prefix="lnb-bench-"))
    options: dict[str, Any] = {"port": None, "home": home, "log": home / "voila.log",
                               "cwd": REPO, "startup_timeout": timeout}
    if serve_args is None:
        server = KitServer(root, voila_args=kit_voila_args(pool_size=pool_size), **options)
    else:
        server = server_for(parse_args(["--root", str(root), "--no-browser", *serve_args]),
                            **options)
    # A benchmark stopped with SIGTERM (kill, a CI time-out) still stops its server: the
    # handler turns the signal into SystemExit, so the server's ``__exit__`` runs.
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        with server:
            yield server.url()
    finally:
        signal.signal(signal.SIGTERM, previous)


def _exit_on_sigterm(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def open_browser() -> Iterator[Any]:
    """Headless Debian Chromium (Playwright's sync API)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def measure(browser: Any, base_url: str, url_path: str, *, ready: str, click: str,
            changed: str, loads: int = 5, clicks: int = 10, settle: float = 4.0,
            timeout: float = 60_000) -> Timing:
    """Time ``loads`` fresh page loads and ``clicks`` clicks of one Voila page.

    ``ready``: selector of the widget whose appearance means "usable" (the load stops
    when it is visible and enabled). ``click``: what to click. ``changed``: the element
    whose text must change after each click. Between loads, ``settle`` seconds let the
    server refill its kernel pool, so each load is one a pupil would get.
    """
    timing = Timing(url_path)
    for attempt in range(loads):
        context = browser.new_context(base_url=base_url)
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url_path, wait_until="commit", timeout=timeout)
        page.locator(ready).first.wait_for(state="visible", timeout=timeout)
        page.wait_for_function(
            "s => { const e = document.querySelector(s); return e && !e.disabled; }",
            arg=ready, timeout=timeout)
        timing.loads.append(time.perf_counter() - start)
        if attempt == loads - 1:
            target = page.locator(changed).first
            for _ in range(clicks):
                before = target.inner_text()
                start = time.perf_counter()
                page.locator(click).first.click()
                page.wait_for_function(
                    "([s, old]) => { const e = document.querySelector(s);"
                    " return e && e.innerText !== old; }",
                    arg=[changed, before], timeout=timeout)
                timing.clicks.append(time.perf_counter() - start)
        page.close(run_before_unload=True)  # frees the kernel, as a closed tab does
        context.close()
        time.sleep(settle)
    return timing
