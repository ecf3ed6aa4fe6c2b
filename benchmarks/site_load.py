"""The static site's load: ``python -m benchmarks site`` (run by name, as ``voila``).

Builds the site once more into a temporary folder with the one-widget page
(``benchmarks/one_widget.ipynb``) beside the landing page, serves it with a static file server
and opens both in headless Chromium: the time until the first usable widget, cold (a fresh
browser context: nothing cached) and warm (a reload: the browser's cache full), and the kit's
page as a ratio to the one-widget page (goal <= 1.3x); and the bytes a cold landing page
fetches, as files and gzip-compressed as a static host would send them (goal <= 25 MB).

>>> gzip_size(b"a" * 1000) < 1000
True
"""

from __future__ import annotations

import gzip
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

from benchmarks.goals import report

REPO = Path(__file__).resolve().parents[1]
SITE_PY = REPO / ".venv-site" / "bin" / "python"
ONE_WIDGET = Path(__file__).resolve().parent / "one_widget.ipynb"
#: The pages measured: (page under voici/render/, the selector of its first usable widget).
KIT_PAGE = ("index.html", ".lnb-landing-language button")
BASELINE = ("one_widget.html", ".bench-button")
LOADS = 4


def gzip_size(data: bytes) -> int:
    """Bytes of ``data`` gzip-compressed (level 6, as a web server's default)."""
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def build_site(out: Path) -> None:
    """``make site``'s build, into ``out``, with the one-widget page."""
    subprocess.run([str(SITE_PY), "-m", "scripts.site.build", "--out", str(out),
                    "--extra", str(ONE_WIDGET)], cwd=REPO, check=True)


def time_to_widget(page, url: str, selector: str) -> float:  # type: ignore[no-untyped-def]
    """Seconds from navigating to ``url`` until ``selector`` is visible and enabled."""
    began = time.perf_counter()
    page.goto(url)
    page.locator(selector).first.wait_for(state="visible", timeout=180_000)
    page.wait_for_function(f"!document.querySelector({selector!r}).disabled", timeout=180_000)
    return time.perf_counter() - began


def load_once(browser, base: str, name: str, selector: str, site: Path) -> tuple:  # type: ignore[no-untyped-def]
    """One cold load (a fresh context), one warm reload; the cold load's files and gzip bytes
    and its number of requests."""
    context = browser.new_context()
    page = context.new_page()
    urls: list[str] = []
    page.on("request", lambda r: urls.append(r.url))
    cold = time_to_widget(page, base + "voici/render/" + name, selector)
    files = {site / unquote(urlsplit(u).path).lstrip("/") for u in urls
             if urlsplit(u).hostname == "127.0.0.1"}
    files = {f for f in files if f.is_file()}
    sizes = (sum(f.stat().st_size for f in files), sum(gzip_size(f.read_bytes()) for f in files),
             len(urls))
    warm = time_to_widget(page, base + "voici/render/" + name, selector)
    context.close()
    return cold, warm, sizes


def measure(browser, base: str, site: Path) -> dict:  # type: ignore[no-untyped-def]
    """:data:`LOADS` rounds, each loading the one-widget page then the kit's, so a busy
    moment of the machine falls on both alike."""
    found: dict = {page: {"cold": [], "warm": [], "bytes": None} for page in (BASELINE, KIT_PAGE)}
    for _ in range(LOADS):
        for which in (BASELINE, KIT_PAGE):
            cold, warm, sizes = load_once(browser, base, *which, site)
            found[which]["cold"].append(cold)
            found[which]["warm"].append(warm)
            found[which]["bytes"] = found[which]["bytes"] or sizes
    return found


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from browser_harness import CHROMIUM, CHROMIUM_ARGS
    from playwright.sync_api import sync_playwright
    from site_server import serving

    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder) / "site"
        began = time.perf_counter()
        build_site(site)
        print(f"site build: {time.perf_counter() - began:.1f} s", flush=True)
        with serving(site) as base, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                         headless=True)
            found = measure(browser, base, site)
            browser.close()
    baseline, kit = found[BASELINE], found[KIT_PAGE]
    for label, figures in (("one-widget page", baseline), ("landing page", kit)):
        print(f"{label}: cold " + " ".join(f"{t:.1f}" for t in figures["cold"]) + " s; warm "
              + " ".join(f"{t:.1f}" for t in figures["warm"]) + " s; cold bytes "
              f"{figures['bytes'][0] / 1e6:.1f} MB, gzip {figures['bytes'][1] / 1e6:.1f} MB "
              f"({figures['bytes'][2]} requests)", flush=True)
    for kind in ("cold", "warm"):
        ratio = statistics.median(kit[kind]) / statistics.median(baseline[kind])
        report(f"site: landing page / one-widget page, {kind} (median)", ratio, 1.3)
    report("site: landing page's cold bytes, gzip", kit["bytes"][1] / 1e6, 25, "MB")
    report("site: landing page's cold bytes, files", kit["bytes"][0] / 1e6, 25, "MB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
