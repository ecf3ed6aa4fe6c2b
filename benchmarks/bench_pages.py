"""Pages that open like web pages (issue 33): ``python -m benchmarks pages`` (run by name).

A table of rows (:data:`ROWS`), each a figure of the issue's goals measured for a kit page
and, in the same run, for the one-widget page of the same kind
(``benchmarks/one_widget.ipynb``), printed beside its goal. A row belongs to one kind of
page: ``served`` (the kit's own server, :class:`~widgets.serving.server.KitServer`, on a copy
of ``lessons/`` with the one-widget page beside it) or ``site`` (the static site, served as
a host that knows precompressed files serves it: :mod:`benchmarks.static_host`). Each pupil
is a real headless Chromium with a browser profile on disk (its cache is a pupil's); bytes
are what crossed the network, compressed, headers included (304s count their headers).

Other figures of the issue join as rows: a :class:`Row` with a function that measures it
from the kind's :class:`Served` or :class:`Site` (one is started only if a row needs it).

The site is built once more into a temporary folder (minutes), unless
``LNB_BENCH_SITE=DIR`` (or ``--site DIR`` to ``python -m benchmarks.bench_pages``) names a
site built with the one-widget page (``--extra benchmarks/one_widget.ipynb``; its
``.gz``/``.br`` files are made on a copy when it has none);
``LNB_BENCH_SKIP=site`` (or ``served``) leaves a kind out.

The site's rows come from two new pupils in one run (:meth:`Site.visits`): one opens the
one-widget page, the other the landing page, then the game (the next page, cached, once the
landing page's Python snapshot is kept: ``scripts/site/kernel_patch.py`` makes it after the
page is usable), then, the network cut, the landing page again (the second visit offline).
Times run from the page's address being asked for; bytes are counted by the host
(:class:`~benchmarks.static_host.Tally`) from the first request until the page says "Works
offline now" (its service worker holds what it needs), since requests the service worker
answers are not seen as the page's own.

>>> [row.kind for row in ROWS]
['served', 'served', 'served', 'site', 'site', 'site', 'site', 'site']
>>> Figure(0.05, 0.04).line(ROWS[0])[:42]
'served, bytes of a second page for the sam'
>>> Figure(1.0, None, at_least=True, shown="works", goal_words="works").line(ROWS[-1])[-56:]
': works (one-widget page: not measured); goal works: met'
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.goals import report
from scripts.site.kernel_patch import SAID

REPO = Path(__file__).resolve().parents[1]
ONE_WIDGET = Path(__file__).resolve().parent / "one_widget.ipynb"
SITE_PY = REPO / ".venv-site" / "bin" / "python"
TIMEOUT = 180_000  # ms: a cold site page starts Python in the browser
#: Served pages: (address under the server, the selector of its first usable widget).
SERVED_LANDING = ("voila/render/index.ipynb", ".lnb-landing-language button")
SERVED_KIT = ("voila/render/play.ipynb", ".lnb-start-game")
SERVED_ONE = ("voila/render/one_widget.ipynb", ".bench-button")
#: Pages a class uses (issue 33 item 2): two lessons and the puzzle app, ready when usable.
CLASS_PAGES = (("08-factors-multiples-primes.ipynb", ".lnb-exercise button"),
               ("09-undo-a-program.ipynb", ".lnb-exercise button"),
               ("puzzles.ipynb", ".lnb-puzzle-heading"))
LOADS = 3  # timed loads of each page (the median counts)
SITE_KIT = ("voici/render/index.html", ".lnb-landing-language button")
SITE_ONE = ("voici/render/one_widget.html", ".bench-button")


#: A live widget matching the selector is shown and can be pressed: not the page's drawing
#: before Python (``.lnb-sketch``, which keeps the apps' classes), not disabled.
USABLE = """s => [...document.querySelectorAll(s)].some(
  e => !e.closest(".lnb-sketch") && !e.disabled && e.getClientRects().length > 0)"""


@dataclass
class Traffic:
    """Bytes and requests one page's load put on the network (compressed, with headers)."""

    bytes: int = 0
    requests: int = 0
    from_cache: int = 0

    def __str__(self) -> str:
        return (f"{self.bytes / 1e6:.3f} MB in {self.requests} requests "
                f"({self.from_cache} answered from the browser's cache)")


@dataclass
class Figure:
    """A row's value for the kit's page and for the one-widget page (None: not measured)."""

    value: float
    baseline: float | None
    detail: str = ""
    #: This run's goal when it is more than the row's bound (an "or": the larger bound),
    #: and whether it is a lower bound (a "works": 1 if it does, else 0, at least 1).
    bound: float | None = None
    at_least: bool = False
    #: The value and the goal in words, when a number would not say them.
    shown: str = ""
    goal_words: str = ""

    def goal(self, row: Row) -> float:
        """The bound this figure is held to (``bound``, else the row's goal)."""
        return row.goal if self.bound is None else self.bound

    def is_met(self, row: Row) -> bool:
        """The goal met: the value within :meth:`goal`, from above or (``at_least``) below."""
        return self.value >= self.goal(row) if self.at_least else self.value <= self.goal(row)

    def line(self, row: Row) -> str:
        """The row as printed: figure, kit, one-widget page, goal.

        >>> Figure(1.5, None).line(Row("x", "site", 2, "MB", lambda _: Figure(0, 0)))
        'x: 1.50 MB (one-widget page: not measured); goal <= 2.00 MB: met'
        """
        base = "not measured" if self.baseline is None else f"{self.baseline:.2f} {row.unit}"
        met = "met" if self.is_met(row) else "NOT MET"
        value = self.shown or f"{self.value:.2f} {row.unit}"
        goal = self.goal_words or f"<= {row.goal:.2f} {row.unit}"
        return f"{row.figure}: {value} (one-widget page: {base}); goal {goal}: {met}"


@dataclass(frozen=True)
class Row:
    """One figure of the issue: its words, its kind of page, its goal (an upper bound)."""

    figure: str
    kind: str  # "served" or "site"
    goal: float
    unit: str
    measure: Callable[[Any], Figure]


@contextlib.contextmanager
def pupil(pw: Any, folder: Path) -> Iterator[Any]:
    """A pupil's browser: Debian's Chromium with a profile (and so a cache) on disk."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from browser_harness import pupil_browser

    with pupil_browser(pw, folder) as context:
        yield context


def open_page(page: Any, url: str, ready: str) -> Traffic:
    """Open ``url`` in ``page`` until ``ready`` is visible and enabled and the network is
    quiet; the traffic of that load."""
    finished: list[Any] = []

    def listener(request: Any) -> None:
        finished.append(request)

    page.on("requestfinished", listener)
    page.goto(url, timeout=TIMEOUT)
    page.wait_for_function(USABLE, arg=ready, timeout=TIMEOUT)
    page.wait_for_load_state("networkidle", timeout=TIMEOUT)
    page.remove_listener("requestfinished", listener)
    traffic = Traffic()
    for request in finished:
        if not request.url.startswith("http"):
            continue
        sizes = request.sizes()
        response = request.response()
        sent = sizes["responseBodySize"] + sizes["responseHeadersSize"]
        traffic.requests += 1
        if response is not None and response.status == 200 and sent <= 0:
            traffic.from_cache += 1
        traffic.bytes += max(sent, 0) + max(sizes["requestHeadersSize"], 0)
    return traffic


@dataclass
class Served:
    """The kit's server on a copy of ``lessons/`` with the one-widget page, and Playwright."""

    base: str
    pw: Any
    folder: Path
    root: str = ""
    notes: list[str] = field(default_factory=list)

    def second_page(self, second: tuple[str, str]) -> Traffic:
        """A new pupil opens the landing page, then ``second``: the second page's traffic."""
        profile = Path(tempfile.mkdtemp(prefix="pupil-", dir=self.folder))
        with pupil(self.pw, profile) as browser:
            page = browser.new_page()
            first = open_page(page, self.base + SERVED_LANDING[0], SERVED_LANDING[1])
            self.notes.append(f"served, first page ({SERVED_LANDING[0]}): {first}")
            then = open_page(page, self.base + second[0], second[1])
            self.notes.append(f"served, then {second[0]}: {then}")
            page.close(run_before_unload=True)
        return then


def usable_after(page: Any, url: str, ready: str) -> float:
    """Seconds from ``page.goto(url)`` until ``ready`` is visible and enabled; the page is
    then closed (its kernel freed, as a closed tab does)."""
    began = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=TIMEOUT)
    page.wait_for_function(USABLE, arg=ready, timeout=TIMEOUT)
    return time.perf_counter() - began


def median_usable(browser: Any, base: str, which: tuple[str, str]) -> float:
    """The median of :data:`LOADS` loads of one page in a pupil's warm browser."""
    import statistics

    times = []
    for _ in range(LOADS):
        page = browser.new_page()
        times.append(usable_after(page, base + which[0], which[1]))
        page.close(run_before_unload=True)
    return statistics.median(times)


def served_lesson_not_preheated(served: Served) -> Figure:
    """A lesson (09) usable, as a multiple of the one-widget page, neither preheated."""
    profile = Path(tempfile.mkdtemp(prefix="pupil-", dir=served.folder))
    with pupil(served.pw, profile) as browser:
        page = browser.new_page()
        open_page(page, served.base + SERVED_LANDING[0], SERVED_LANDING[1])  # a warm cache
        page.close(run_before_unload=True)
        one = median_usable(browser, served.base, SERVED_ONE)
        lesson = median_usable(browser, served.base, (f"voila/render/{CLASS_PAGES[1][0]}",
                                                      CLASS_PAGES[1][1]))
    served.notes.append(f"served, not preheated: {CLASS_PAGES[1][0]} usable after "
                        f"{lesson:.2f} s, one-widget page {one:.2f} s (medians of {LOADS})")
    return Figure(lesson / one, 1.0)


def served_class_preheated(served: Served) -> Figure:
    """Each page a class uses (:data:`CLASS_PAGES`) usable, preheated as ``make serve CLASS=1
    PAGES=...`` does, as a multiple of the one-widget page not preheated; the worst page.

    Preheating keeps its own pause (``KitPreheat.quiet``, 10 s after the server's start and
    after each page opened), as ``make serve`` has it: with a shorter one, the kernels that
    refill a pool after a load start while the next loads are timed, on the same two cores."""
    from widgets.serve import parse_args, server_for

    pages = [name for name, _ in CLASS_PAGES]
    home = Path(tempfile.mkdtemp(prefix="class-", dir=served.folder))
    args = parse_args(["--root", served.root, "--no-browser", "--class-size", "1",
                       "--class-pages", *pages])
    server = server_for(args, port=None, home=home, log=home / "voila.log", cwd=REPO,
                        startup_timeout=90)
    with server:
        began = time.perf_counter()
        for name in pages:  # every class page's pool filled (3 kernels: the class + 2)
            wanted = f"Kernel pool of {name} is filled"
            while wanted not in server.log_tail(5000):
                if time.perf_counter() - began > TIMEOUT / 1000:
                    raise RuntimeError(f"{name} was not preheated: {server.log_tail(40)}")
                time.sleep(0.5)
        served.notes.append(f"served, class pages preheated after "
                            f"{time.perf_counter() - began:.0f} s ({', '.join(pages)})")
        profile = Path(tempfile.mkdtemp(prefix="pupil-", dir=served.folder))
        with pupil(served.pw, profile) as browser:
            page = browser.new_page()
            open_page(page, server.url(SERVED_LANDING[0]), SERVED_LANDING[1])
            page.close(run_before_unload=True)
            one = median_usable(browser, served.base, SERVED_ONE)  # the other server's
            ratios = {}
            for name, ready in CLASS_PAGES:
                seconds = median_usable(browser, server.url(""), (f"voila/render/{name}", ready))
                ratios[name] = seconds / one
                served.notes.append(f"served, preheated: {name} usable after {seconds:.2f} s "
                                    f"= {ratios[name]:.2f}x the one-widget page ({one:.2f} s)")
    worst = max(ratios, key=ratios.__getitem__)
    return Figure(ratios[worst], 1.0, f"worst: {worst}")


def served_second_page(served: Served) -> Figure:
    """Bytes of a second page (the game, then the one-widget page) after the landing page."""
    kit = served.second_page(SERVED_KIT)
    one = served.second_page(SERVED_ONE)
    return Figure(kit.bytes / 1e6, one.bytes / 1e6, f"{kit}; one-widget page: {one}")


#: The page's first heading in sight: a markdown cell's, nothing drawn over it (as
#: tests/browser/test_site.py checks the text before Python).
TEXT_SHOWN = """() => {
  const heading = [...document.querySelectorAll("#rendered_cells h1")]
    .find(h => h.getBoundingClientRect().height > 0);
  if (!heading) { return false; }
  const box = heading.getBoundingClientRect();
  const seen = document.elementFromPoint(box.left + 4, box.top + box.height / 2);
  return seen !== null && heading.contains(seen);
}"""
SITE_NEXT = ("voici/render/play.html", ".lnb-start-game")
OFFLINE_LINE = ".lnb-offline-ready"
OFFLINE_WAIT = 120_000  # ms: an offline page that is not usable by then does not work


@dataclass
class Visit:
    """One site page's load by a pupil: seconds to its text and to its first usable widget,
    and what the host sent for it (bytes, answers); None where not measured."""

    text: float | None
    usable: float | None
    sent: tuple[int, int] = (0, 0)


def site_load(page: Any, url: str, ready: str, timeout: int = TIMEOUT) -> Visit:
    """Seconds from asking for ``url`` to its text in sight, and to ``ready`` usable."""
    began = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=timeout)
    page.wait_for_function(TEXT_SHOWN, timeout=timeout)
    text = time.perf_counter() - began
    page.wait_for_function(USABLE, arg=ready, timeout=timeout)
    return Visit(text, time.perf_counter() - began)


def python_starts(page: Any) -> list[str]:
    """What the kernel's workers of ``page`` say about their Python's start (from the snapshot
    or afresh, ``scripts/site/kernel_patch.py``), as they say it (a list that grows)."""
    said: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda message: said.append(
        message.text) if message.text.startswith("lnb-python:") else None))
    return said


def snapshot_kept(page: Any, said: list[str]) -> str:
    """What the first page's kernel said of the snapshot it makes once the page is usable
    (kept, or why not), waited on: a pupil's next page starts from it when it is kept."""
    done = (SAID["kept"], SAID["none"])
    deadline = time.perf_counter() + TIMEOUT / 1000
    while not [line for line in said if line.startswith(done)]:
        if time.perf_counter() > deadline:
            return "not made in time"
        page.wait_for_timeout(100)  # Playwright's events are delivered meanwhile
    return next(line for line in said if line.startswith(done))


@dataclass
class Site:
    """The built site (with ``.gz``/``.br`` files) behind a precompressed-files host."""

    base: str
    pw: Any
    folder: Path
    root: Path
    tally: Any = None
    notes: list[str] = field(default_factory=list)
    _visits: dict[str, Visit] | None = None

    def first_visit(self, which: tuple[str, str]) -> Visit:
        """A new pupil's first page: its times, and the bytes the host sent until the page
        says it works offline (everything its first visit fetched)."""
        if not (self.root / which[0]).is_file():
            raise RuntimeError(f"the site in {self.root} has no {which[0]} (build it with "
                               f"--extra {ONE_WIDGET})")
        profile = Path(tempfile.mkdtemp(prefix="pupil-", dir=self.folder))
        with pupil(self.pw, profile) as browser:
            page = browser.new_page()
            self.tally.taken()
            visit = site_load(page, self.base + which[0], which[1])
            page.locator(OFFLINE_LINE).wait_for(timeout=TIMEOUT)
            visit.sent = self.tally.taken()
        return visit

    def visits(self) -> dict[str, Visit]:
        """The run's visits (measured once, for every site row): ``one`` and ``kit`` (first
        visits of the one-widget and landing pages), ``next`` (the game after the landing
        page, cached), ``offline`` (the landing page again, the network cut; ``usable`` None
        if it never was)."""
        if self._visits is not None:
            return self._visits
        from playwright.sync_api import Error as PlaywrightError

        found = {"one": self.first_visit(SITE_ONE)}
        if not (self.root / SITE_KIT[0]).is_file():
            raise RuntimeError(f"the site in {self.root} has no {SITE_KIT[0]}")
        profile = Path(tempfile.mkdtemp(prefix="pupil-", dir=self.folder))
        with pupil(self.pw, profile) as browser:
            page = browser.new_page()
            said = python_starts(page)
            self.tally.taken()
            found["kit"] = site_load(page, self.base + SITE_KIT[0], SITE_KIT[1])
            usable = time.perf_counter()
            page.locator(OFFLINE_LINE).wait_for(timeout=TIMEOUT)
            found["kit"].sent = self.tally.taken()
            kept = snapshot_kept(page, said)
            self.notes.append(f"site, the landing page's Python snapshot: {kept} "
                              f"{time.perf_counter() - usable:.2f} s after it was usable")
            found["next"] = site_load(page, self.base + SITE_NEXT[0], SITE_NEXT[1])
            found["next"].sent = self.tally.taken()
            self.notes.append(f"site, how each page's Python started: {'; '.join(said)}")
            browser.set_offline(True)
            try:
                found["offline"] = site_load(page, self.base + SITE_KIT[0], SITE_KIT[1],
                                             timeout=OFFLINE_WAIT)
            except PlaywrightError as error:
                found["offline"] = Visit(None, None)
                self.notes.append(f"site, offline: the landing page did not work: "
                                  f"{str(error).splitlines()[0]}")
            found["offline"].sent = self.tally.taken()
        for name, visit in found.items():
            times = ", ".join(f"{what} after {t:.2f} s" for what, t in
                              (("text", visit.text), ("usable", visit.usable)) if t is not None)
            self.notes.append(f"site, {name}: {times or 'never usable'}; the host sent "
                              f"{visit.sent[0] / 1e6:.3f} MB in {visit.sent[1]} answers")
        self._visits = found
        return found


def site_text_visible(site: Site) -> Figure:
    """Seconds from a cold landing page's address to its text in sight (one-widget page too)."""
    found = site.visits()
    return Figure(found["kit"].text or 0.0, found["one"].text)


def site_cold_usable(site: Site) -> Figure:
    """A cold landing page's first usable widget, as a multiple of the one-widget page's."""
    found = site.visits()
    kit, one = found["kit"].usable or 0.0, found["one"].usable or 1.0
    return Figure(kit / one, 1.0, f"{kit:.2f} s / {one:.2f} s")


def site_next_page(site: Site) -> Figure:
    """The next page (the game, after the landing page) usable: met at <= 2 s or <= 0.3x
    the cold (landing) page."""
    found = site.visits()
    seconds, cold = found["next"].usable or 0.0, found["kit"].usable or 1.0
    ratio = seconds / cold
    bound = max(2.0, 0.3 * cold)  # within 2 s, or within 0.3x the cold page: the larger
    return Figure(seconds, None, bound=bound,
                  shown=f"{seconds:.2f} s = {ratio:.2f}x the cold landing page ({cold:.2f} s)",
                  goal_words=f"<= 2.00 s, or <= 0.30x the cold page (here {bound:.2f} s)")


def site_offline(site: Site) -> Figure:
    """The landing page again with the network cut: 1 if it becomes usable, else 0."""
    visit = site.visits()["offline"]
    works = visit.usable is not None
    shown = f"works (usable after {visit.usable:.2f} s)" if works else "does NOT work"
    return Figure(float(works), None, at_least=True, shown=shown, goal_words="works")


def site_first_visit(site: Site) -> Figure:
    """Compressed bytes the host sent for a first visit (until "Works offline now"): the
    landing page, and the one-widget page."""
    found = site.visits()
    return Figure(found["kit"].sent[0] / 1e6, found["one"].sent[0] / 1e6)


ROWS: tuple[Row, ...] = (
    Row("served, bytes of a second page for the same pupil", "served", 0.2, "MB",
        served_second_page),
    Row("served, a lesson usable / one-widget page, not preheated", "served", 1.2, "x",
        served_lesson_not_preheated),
    Row("served, every page a class uses usable / one-widget page, class preheated", "served",
        0.5, "x", served_class_preheated),
    Row("site, cold: text of the page visible", "site", 1.0, "s", site_text_visible),
    Row("site, cold: first usable widget / one-widget site page", "site", 1.2, "x",
        site_cold_usable),
    Row("site, next page (cached), usable", "site", 2.0, "s", site_next_page),
    Row("site, compressed bytes of the first visit", "site", 8.0, "MB", site_first_visit),
    Row("site, second visit with the network off (1: works)", "site", 1.0, "", site_offline),
)


#: The kit's own packages, which every lesson page's kernel imports (the one-widget page's none).
KIT_PACKAGES = ("lnb", "widgets", "classroom")


def compile_kit() -> None:
    """Write the kit's compiled modules (``__pycache__``), as installing the kit does and as a
    checkout's first run does: where ``PYTHONDONTWRITEBYTECODE`` is set (this machine, the
    CI's) and no test wrote them, every kernel compiled the kit's modules it imports again, a
    cost only the lesson pages paid (lesson 09's kernel compiled 44 modules, 0.2 s on a busy
    machine), not a school's server after its first page.

    >>> compile_kit()  # the files already current: nothing written
    """
    import compileall

    for package in KIT_PACKAGES:
        compileall.compile_dir(REPO / package, quiet=2)


@contextlib.contextmanager
def served_kind(pw: Any, folder: Path) -> Iterator[Served]:
    """The kit's server on ``lessons/`` plus the one-widget page (the kit's modules compiled
    first: :func:`compile_kit`)."""
    from benchmarks.voila_timing import start_server

    compile_kit()
    root = folder / "served"
    shutil.copytree(REPO / "lessons", root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    shutil.copy2(ONE_WIDGET, root / ONE_WIDGET.name)
    with start_server(root, pool_size=0) as base:
        yield Served(base, pw, folder, str(root))


@contextlib.contextmanager
def site_kind(pw: Any, folder: Path, built: Path | None) -> Iterator[Site]:
    """The site (built now with the one-widget page, or a copy of ``built``)."""
    from benchmarks.static_host import Tally, serving

    root = folder / "site"
    if built is not None and not (built / SITE_ONE[0]).is_file():
        print(f"  {built} has no {SITE_ONE[0]} (`make site` leaves it out): building the "
              f"site with it", flush=True)
        built = None
    if built is None:
        began = time.perf_counter()
        subprocess.run([str(SITE_PY), "-m", "scripts.site.build", "--out", str(root),
                        "--extra", str(ONE_WIDGET)], cwd=REPO, check=True)
        print(f"  site build: {time.perf_counter() - began:.0f} s", flush=True)
    else:
        shutil.copytree(built, root)
        if not any(root.rglob("*.gz")):
            from scripts.site.precompress import precompress

            print(f"  {built} has no .gz files: precompressed a copy: "
                  f"{precompress(root).line()}", flush=True)
    tally = Tally()
    with serving(root, tally) as base:
        yield Site(base, pw, folder, root, tally)


def run(kinds: set[str], built: Path | None) -> list[tuple[Row, Figure]]:
    """Measure every row of ``kinds``; print each beside its goal as it comes."""
    from playwright.sync_api import sync_playwright

    done = []
    with tempfile.TemporaryDirectory(prefix="lnb-pages-") as tmp, sync_playwright() as pw:
        for kind, opened in (("served", lambda: served_kind(pw, Path(tmp))),
                             ("site", lambda: site_kind(pw, Path(tmp), built))):
            rows = [row for row in ROWS if row.kind == kind]
            if kind not in kinds or not rows:
                continue
            with opened() as session:
                for row in rows:
                    figure = row.measure(session)
                    done.append((row, figure))
                    print("  " + figure.line(row), flush=True)
                for line in session.notes:
                    print("    " + line, flush=True)
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=os.environ.get("LNB_BENCH_SITE") or None,
                        help="a built site to measure instead of building one")
    parser.add_argument("--skip", action="append", choices=("served", "site"),
                        default=[k for k in os.environ.get("LNB_BENCH_SKIP", "").split(",") if k])
    args = parser.parse_args(argv or [])
    done = run({"served", "site"} - set(args.skip), args.site)
    print("\npages: figures beside their goals (the one-widget page measured in the same run)")
    for row, figure in done:
        report(row.figure, figure.value, figure.goal(row), row.unit, figure.at_least)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
