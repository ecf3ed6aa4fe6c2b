"""Helpers for the browser tests (the fixtures using them are in ``conftest.py``)."""

from __future__ import annotations

import contextlib
import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import psutil
import pytest

from lnb.core.testing import STUCK, wait_until  # noqa: F401 (STUCK: for the tests' own deadlines)
from widgets.serve import CLASS_PAGE, kit_voila_args
from widgets.serving.server import KitServer, ServerError, hermetic_environ
from widgets.serving.server import free_port as free_port  # for tests that choose a port

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(__file__).resolve().parent / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = os.environ.get("LNB_CHROMIUM", "/usr/bin/chromium")
#: Chromium features the tests turn off, beside Playwright's own (:func:`disabled_features`):
#: Chromium 156 makes the address bar's drop-down (two WebUI pages, ``chrome://omnibox-popup``)
#: in every new window, so in every browser context, though a headless page never shows it.
NOT_WANTED = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


def disabled_features(bundle: Path | None = None) -> list[str]:
    """Playwright's own ``--disable-features`` list (read from its driver,
    ``chromiumSwitches``), then :data:`NOT_WANTED`: Chromium keeps the last
    ``--disable-features`` it is given, so ours must repeat Playwright's. Empty if the driver's
    list is not found (Playwright's then stays as it is).

    >>> features = disabled_features()
    >>> features[-2:] == list(NOT_WANTED) and "PaintHolding" in features
    True
    """
    if bundle is None:
        import playwright

        bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    with contextlib.suppress(OSError):
        found = re.search(r"\bdisabledFeatures = \[(.*?)\]", bundle.read_text("utf-8"), re.S)
        if found:
            listed = re.sub(r"//[^\n]*", "", found.group(1))
            return [*re.findall(r'"([A-Za-z0-9]+)"', listed), *NOT_WANTED]
    return []


#: Debian's Chromium as the tests launch it. ``--disable-site-isolation-trials``: no process
#: of its own per site, so a new context's page keeps the renderer of its first blank page;
#: ``--disable-features``: :func:`disabled_features`. A page load starts one renderer, not
#: three (docs/testing.md has the measurements).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-site-isolation-trials",
    *(f"--disable-features={','.join(f)}" for f in [disabled_features()] if f),
]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
WIDGET_SELECTOR = ".jupyter-widgets"
STARTUP_TIMEOUT = 90.0

_requests: weakref.WeakKeyDictionary[object, list[str]] = weakref.WeakKeyDictionary()



@dataclass
class VoilaServer:
    """A running kit server (:class:`widgets.serving.server.KitServer`), with test helpers."""

    server: KitServer

    @property
    def url(self) -> str:
        """Base URL, ends with "/"."""
        return self.server.url()

    def log_tail(self, lines: int = 60) -> str:
        """The last ``lines`` lines of the server log."""
        return self.server.log_tail(lines)

    def status(self, path: str, method: str = "GET", headers: dict[str, str] | None = None,
               data: bytes | None = None) -> int:
        """HTTP status of one request to ``path`` on the server."""
        req = urllib.request.Request(self.url + path.lstrip("/"), data=data,
                                     headers=headers or {}, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return int(resp.status)
        except urllib.error.HTTPError as err:
            return int(err.code)

    def kernel_alive(self, kernel_id: str) -> bool:
        """Whether the server still runs the kernel (its process is there: the API answers
        ``GET /api/kernels/<id>`` to the kernel's own page only)."""
        return kernel_id in self.server.kernel_ids()

    def kernel_process(self, kernel_id: str) -> psutil.Process:
        """The process of the server's kernel ``kernel_id``."""
        for proc in self.server._family():
            with contextlib.suppress(psutil.Error):
                if any(f"kernel-{kernel_id}.json" in arg for arg in proc.cmdline()):
                    return proc
        raise AssertionError(f"no process for kernel {kernel_id}")

    def wait_kernel_gone(self, kernel_id: str, why: str = "") -> None:
        """Wait until the server no longer runs the kernel (:func:`wait_until`); the test
        fails with the log's tail, and ``why`` the kernel should go, if it stays."""
        wait_until(lambda: not self.kernel_alive(kernel_id),
                   f"kernel {kernel_id} is gone {why}".rstrip(),
                   details=lambda: self.log_tail(20))


def hermetic_env(home: Path) -> dict[str, str]:
    """os.environ with Jupyter/IPython config, data and runtime dirs under ``home``
    (the kit server's :func:`~widgets.serving.server.hermetic_environ`)."""
    return hermetic_environ(home, os.environ)


def check_jupyter_paths(env: dict[str, str]) -> None:
    """Fail early if Voila's templates or the widget manager would not be found."""
    probe = (
        "import json, os; from jupyter_core.paths import jupyter_path;"
        "print(json.dumps(jupyter_path()))"
    )
    out = subprocess.run([sys.executable, "-c", probe], env=env, check=True,
                         capture_output=True, text=True).stdout
    paths = [Path(p) for p in json.loads(out)]
    needed = ["voila/templates/lab/index.html.j2",
              "voila/labextensions/@voila-dashboards/widgets-manager8/package.json"]
    for rel in needed:
        assert any((p / rel).exists() for p in paths), f"{rel} not on jupyter_path: {paths}"


@contextlib.contextmanager
def running_voila(root: Path, home: Path, *, pool_size: int, port: int | None = None,
                  env: dict[str, str] | None = None, class_size: int = 0,
                  class_page: str = CLASS_PAGE) -> Iterator[VoilaServer]:
    """The kit's Voila server (the serve command's own ``KitServer``) on ``root``, with
    hermetic Jupyter folders under ``home``; waits until it answers, stops it after.

    ``env`` adds variables (e.g. ``LNB_PROGRESS_DB``); ``class_size`` is the serve command's
    ``--class-size`` (preheated kernels of ``class_page``, the puzzle app unless told). A
    server that exits or does not answer within ``STARTUP_TIMEOUT`` fails the test with the
    tail of its log.
    """
    voila_args = kit_voila_args(pool_size, class_size, class_page)
    server = KitServer(root, port, voila_args=voila_args, env=env,
                       home=home, log=home / f"voila-{time.monotonic_ns()}.log", cwd=REPO,
                       startup_timeout=STARTUP_TIMEOUT)
    check_jupyter_paths(server.environ())
    try:
        try:
            server.start().wait_ready()
        except ServerError as exc:
            pytest.fail(f"{exc}:\n{server.log_tail()}")
        yield VoilaServer(server)
    finally:
        server.stop()


@contextlib.contextmanager
def pupil_browser(playwright, folder: Path, **options):  # type: ignore[no-untyped-def]
    """A pupil's browser: Debian's Chromium with a profile on disk in ``folder`` (its cache,
    storage and service workers kept from page to page, as a pupil's are); ``options`` go to
    Playwright's ``launch_persistent_context`` (``base_url``, ``viewport``...)."""
    context = playwright.chromium.launch_persistent_context(
        str(folder), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options)
    try:
        yield context
    finally:
        context.close()


@contextlib.contextmanager
def lessons_kit(home: Path) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` with its own progress file in ``home`` (each
    page runs when opened): a module's ``kit`` fixture."""
    env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
    with running_voila(REPO / "lessons", home, pool_size=0, env=env) as server:
        yield server


@contextlib.contextmanager
def laptop_page(browser, kit: VoilaServer):  # type: ignore[no-untyped-def]
    """A page of a new English context at 1280×800 on ``kit``: a module's ``page`` fixture."""
    context = browser.new_context(base_url=kit.url, viewport={"width": 1280, "height": 800},
                                  locale="en-US")
    try:
        yield context.new_page()
    finally:
        context.close()


def watched_page(context):  # type: ignore[no-untyped-def]
    """A new page of ``context`` whose every request and websocket URL is recorded (for
    :func:`requests_of` and :func:`assert_local_only`)."""
    page = context.new_page()
    urls: list[str] = []
    _requests[page] = urls
    page.on("request", lambda req: urls.append(req.url))
    page.on("websocket", lambda ws: urls.append(ws.url))
    return page


def requests_of(page) -> list[str]:  # type: ignore[no-untyped-def]
    """Every URL the ``page`` fixture's page has requested so far."""
    return list(_requests.get(page, []))


def assert_local_only(page) -> None:  # type: ignore[no-untyped-def]
    """Assert that no request of ``page`` went to a host other than this machine."""
    urls = requests_of(page)
    assert urls, "no request was recorded"
    foreign = [u for u in urls
               if urlsplit(u).scheme not in ("data", "blob", "about")
               and urlsplit(u).hostname not in LOCAL_HOSTS | {h.strip("[]") for h in LOCAL_HOSTS}]
    assert not foreign, "requests left the server:\n" + "\n".join(foreign)


def redraw_count(app: str) -> str:
    """A page function: how many times the kernel has redrawn the app ``app`` (a CSS
    selector), read from its class ``lnb-shown-<n>`` (:mod:`widgets.core.redraws`); 0 while
    the live app is not on the page yet (the drawing before Python, ``.lnb-sketch``, keeps
    the app's classes and does not count), so a wait on it goes on waiting."""
    return (f"() => {{ const app = [...document.querySelectorAll('{app}')]"
            ".find(e => !e.closest('.lnb-sketch'));"
            " return app ? Number((/(?:^|\\s)lnb-shown-(\\d+)/.exec(app.className)"
            " || [0, 0])[1]) : 0; }")


def wait_redrawn(page, count: str, before: int,  # type: ignore[no-untyped-def]
                 timeout: float) -> bool:
    """Wait until ``count`` (:func:`redraw_count`) is past ``before``: the kernel's next
    redraw has reached the page (False if it did not within ``timeout`` ms)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(f"n => ({count})() > n", arg=before, timeout=timeout)
    except PlaywrightTimeoutError:
        return False
    return True


#: No drawing of the page before Python is left (:mod:`widgets.serving.sketches`).
NO_SKETCH = "() => !document.querySelector('#rendered_cells .lnb-sketch')"


#: Whether the first element of a selector is visible (Playwright's "visible": a box drawn,
#: not ``visibility: hidden``).
FIRST_VISIBLE = """s => { const e = document.querySelector(s);
  return !!e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'; }"""


def open_voila(page, path: str, selector: str = WIDGET_SELECTOR,  # type: ignore[no-untyped-def]
               timeout: float = 60_000) -> None:
    """Go to ``path`` on the server (``timeout`` ms for its first byte) and wait until
    ``selector`` (a widget) is visible and the page's drawings before Python (``.lnb-sketch``,
    which keep the app's classes) are gone, for as long as the page makes progress
    (:func:`page_progress.wait_progressing`: a page slowed by a busy machine is waited for,
    one that stopped answering fails saying what it shows)."""
    from page_progress import wait_progressing, watch

    watch(page)
    page.goto(path, wait_until="commit", timeout=timeout)
    wait_progressing(page, FIRST_VISIBLE, f"{selector} is drawn", selector)
    wait_progressing(page, NO_SKETCH, "its drawings before Python are replaced")


def kernel_id_of(page) -> str:  # type: ignore[no-untyped-def]
    """The kernel id in the Voila page's ``jupyter-config-data``."""
    config = json.loads(page.locator("#jupyter-config-data").text_content())
    kernel_id = config.get("kernelId")
    assert kernel_id, f"no kernelId in page config: {sorted(config)}"
    return str(kernel_id)


def _test_dir_name() -> str:
    current = os.environ.get("PYTEST_CURRENT_TEST", "unknown").split(" ")[0]
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", current.split("::", 1)[-1]).strip("_")


def snap(page, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a full-page screenshot as ``test-artifacts/<test-name>/<name>.png``."""
    target = ARTIFACTS / _test_dir_name() / f"{name}.png"
    target.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(target), full_page=True)
    return target


#: The two screens every page is looked at on: a laptop and a tablet held upright.
SIZES = ((1280, 800), (768, 1024))


#: Resolves once the fonts are loaded and two frames were drawn after the call: whatever a
#: resize (or a class change) made the page lay out again is on screen.
_SETTLED = """async () => {
  await document.fonts.ready;
  await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def settle_layout(page) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page has drawn two frames since now (fonts loaded): the layout after a
    resize or a style change is the one on screen (a state, not a fixed time)."""
    page.evaluate(_SETTLED)


def resize(page, width: int, height: int) -> None:  # type: ignore[no-untyped-def]
    """Set the viewport to ``width``×``height`` and wait until the page is laid out at it."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h",
                           arg=[width, height])
    settle_layout(page)


def snap_sizes(page, name: str, sizes=SIZES) -> None:  # type: ignore[no-untyped-def]
    """A screenshot at each size, ``<name>-<width>x<height>.png``, each taken once the page
    is laid out at it (:func:`resize`); the page is left at the last size."""
    for width, height in sizes:
        resize(page, width, height)
        snap(page, f"{name}-{width}x{height}")


#: Runs axe-core (injected) with its default rules but those that cannot report a serious or
#: critical violation: a violation's impact is the highest impact of its failing checks, so a
#: rule whose every check is "minor" or "moderate" (``region``, ``heading-order``, ...: 29 of
#: axe 4.12's rules, read from axe's own data on every run) finds nothing
#: :func:`serious_violations` keeps. Skipping them saves ~40 % of axe's run (``region`` walks
#: the whole page): 0.53 → 0.32 CPU s a page, the same serious and critical violations.
_AXE_SERIOUS_ONLY = """() => {
  const rank = {minor: 0, moderate: 1, serious: 2, critical: 3};
  const checks = axe._audit.data.checks;
  const impact = (check) => (checks[typeof check === "string" ? check : check.id] || {}).impact;
  const mild = axe._audit.rules.filter((rule) => [...rule.any, ...rule.all, ...rule.none]
      .every((check) => impact(check) in rank && rank[impact(check)] < rank.serious));
  const rules = Object.fromEntries(mild.map((rule) => [rule.id, {enabled: false}]));
  return axe.run(document, {resultTypes: ["violations"], rules});
}"""


def serious_violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    """axe-core's serious and critical violations on the page, one line each (axe is bundled
    with axe-playwright-python: it runs offline; the rules that can only report minor or
    moderate ones are not run, :data:`_AXE_SERIOUS_ONLY`)."""
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate(Axe().axe_script)
    found = page.evaluate(_AXE_SERIOUS_ONLY)["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {v['nodes'][0]['target']}"
            for v in found if v["impact"] in ("serious", "critical")]


TRACEBACK_SELECTORS = (
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]',
    ".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']",
    ".jp-OutputArea-output.jp-mod-error",
)


def text_changed(page, selector: str, before: str, timeout: float) -> bool:  # type: ignore[no-untyped-def]
    """Wait up to ``timeout`` ms until the first ``selector``'s text is not ``before`` (an app
    that moved on after a press); False if it stayed so."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(
            "([selector, before]) => document.querySelector(selector).innerText !== before",
            arg=[selector, before], timeout=timeout)
    except PlaywrightTimeoutError:
        return False
    return True


TRACEBACK_TEXTS = ("Traceback (most recent call last)", "There was an error when executing cell")


def assert_no_traceback(page) -> None:  # type: ignore[no-untyped-def]
    """Assert that the page shows no Python error: no stderr output, no traceback text."""
    for selector in TRACEBACK_SELECTORS:
        errors = page.locator(selector)
        if errors.count():
            raise AssertionError(f"error output ({selector}):\n{errors.first.inner_text()}")
    text = page.locator("body").inner_text()
    for needle in TRACEBACK_TEXTS:
        assert needle not in text, f"page shows {needle!r}:\n{text[:2000]}"
    assert not re.search(r"^\w*Error: ", text, re.MULTILINE), f"page shows an error:\n{text[:2000]}"


def resolve_the_round(page, resolved: str, wait: float) -> None:  # type: ignore[no-untyped-def]
    """Step through a Round's Resolution on the game page until its progress line says
    ``resolved`` ("Round resolved!" in English), choosing the first offer when a claim asks
    for a choice (the row resolves with it: the count moves)."""
    progress = page.locator(".lnb-resolution-progress")
    choices = page.locator(".lnb-choice")
    for _ in range(30):
        shown = progress.inner_text()
        if resolved in shown:
            return
        moved_on = progress.filter(has_not_text=re.compile(f"^{re.escape(shown)}$"))
        if choices.count() and choices.first.is_visible():
            chosen = choices.first.element_handle()
            chosen.click()
            chosen.wait_for_element_state("hidden", timeout=wait)
            moved_on.wait_for(timeout=wait)
        else:  # a step resolves a row, or asks for a choice
            page.locator(".lnb-step").click()
            moved_on.or_(choices).first.wait_for(timeout=wait)
    raise AssertionError(f"the Round was not resolved in 30 steps: {progress.inner_text()!r}")
