"""Where a class-preheated page's time goes: ``python -m benchmarks.served_timeline [PAGE...]``.

A diagnosis, not a row of ``python -m benchmarks pages``: the same servers and pupil as its
class-preheated row (:func:`benchmarks.bench_pages.served_class_preheated`: a server with
the class pages preheated, a pupil's Chromium with a warm cache from the landing page), and
for each page :data:`LOADS` loads, each printed as a timeline on the page's own clock
(``performance.now()``, 0 = the page asked for):

* the page's HTML, then Voila's and the extensions' scripts in *waves* (requests that
  overlap or follow within :data:`GAP` ms), with how many came from the browser's cache;
* the kernel's websocket (made, open), the messages in and out in groups (their type; a
  comm message's ``method``);
* the first live widget drawn, the bar gone, the page usable (the benchmark's ``USABLE``);
* the main thread's long tasks (over 50 ms) between them, as Chromium reports them.

``--one`` also times the one-widget page, not preheated, on the benchmark's other server.

>>> waves([(0.0, 5.0, "a", 0), (2.0, 9.0, "b", 10), (50.0, 60.0, "c", 0)], gap=20)
[(0.0, 9.0, ['a', 'b'], 1), (50.0, 60.0, ['c'], 1)]
>>> groups([(1.0, "in", "status"), (2.0, "in", "status"), (90.0, "out", "comm_msg")], gap=20)
['1-2 in status x2', '90 out comm_msg']
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from benchmarks.bench_pages import (
    CLASS_PAGES,
    ONE_WIDGET,
    REPO,
    SERVED_LANDING,
    SERVED_ONE,
    TIMEOUT,
    USABLE,
    compile_kit,
    open_page,
    pupil,
)

LOADS = 3
GAP = 25.0  # ms: requests or messages this close belong to one wave

#: Runs in every page before its own scripts: the websocket's messages and the page's
#: milestones, on the page's clock, kept in ``window.__lnbTimeline``.
WATCH = r"""
(() => {
  const T = window.__lnbTimeline = { marks: [], ws: [], long: [] };
  const mark = (what) => T.marks.push([performance.now(), what]);
  // a message's type (a comm message's method, a status's state, a stream's first words),
  // reading only the head of a long content (the widgets' states: hundreds of kB)
  const describe = (data) => {
    try {
      let header, content;
      if (typeof data === "string") {
        const msg = JSON.parse(data); header = msg.header; content = JSON.stringify(msg.content);
      } else {
        if (!(data instanceof ArrayBuffer)) { return "binary"; }
        const view = new DataView(data);
        const count = Number(view.getBigUint64(0, true));
        const offsets = [];
        for (let i = 1; i <= count; i++) { offsets.push(Number(view.getBigUint64(8 * i, true))); }
        const text = (n, most) => new TextDecoder().decode(new Uint8Array(data, offsets[n],
          Math.min(most, (offsets[n + 1] || data.byteLength) - offsets[n])));
        header = JSON.parse(text(1, 1e6)); content = text(4, 400);
      }
      let what = header.msg_type;
      const found = /"(method|execution_state)":\s*"(\w+)"/.exec(content);
      if (found) { what += ":" + found[2]; }
      if (what === "stream") { what += " " + JSON.stringify(content.slice(0, 120)); }
      const size = typeof data === "string" ? data.length : data.byteLength;
      return size > 20000 ? what + ` (${Math.round(size / 1000)} kB)` : what;
    } catch (e) { return "?"; }
  };
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!/channels/.test(String(url))) { return; }
      mark("websocket made");
      this.addEventListener("open", () => mark("websocket open"));
      this.addEventListener("message", (e) => T.ws.push([performance.now(), "in",
                                                         describe(e.data)]));
    }
    send(data) { T.ws.push([performance.now(), "out", describe(data)]); return super.send(data); }
  };
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) =>
      T.long.push([e.startTime, e.duration]))).observe({ type: "longtask", buffered: true });
  } catch (e) { /* no long tasks reported */ }
  const live = () => [...document.querySelectorAll(".jupyter-widgets")]
    .some((e) => !e.closest(".lnb-sketch"));
  let widget = false, bar = false;
  const look = () => {
    if (!widget && live()) { widget = true; mark("first live widget in the page"); }
    if (!bar && document.body && document.getElementById("rendered_cells") &&
        !document.getElementById("loading")) { bar = true; mark("progress bar gone"); }
    if (!(widget && bar)) { requestAnimationFrame(look); }
  };
  requestAnimationFrame(look);
})();
"""

#: What the page recorded, with its resources, paints and navigation timing.
COLLECT = """() => ({
  T: window.__lnbTimeline,
  resources: performance.getEntriesByType("resource").map(e => [e.startTime, e.responseEnd,
    e.name, e.transferSize]),
  paints: performance.getEntriesByType("paint").map(e => [e.startTime, e.name]),
  nav: (() => { const n = performance.getEntriesByType("navigation")[0];
    return n ? [n.responseStart, n.responseEnd, n.domInteractive, n.domContentLoadedEventEnd,
                n.loadEventEnd] : []; })(),
})"""


def waves(resources: list[tuple[float, float, str, int]], gap: float = GAP
          ) -> list[tuple[float, float, list[str], int]]:
    """Requests grouped in waves (one starts within ``gap`` ms of the wave's last end or
    start): (start, end, names, how many came from the cache: no bytes transferred)."""
    found: list[tuple[float, float, list[str], int]] = []
    for start, end, name, size in sorted(resources):
        if found and start <= max(found[-1][1], found[-1][0]) + gap:
            first, last, names, cached = found[-1]
            found[-1] = (first, max(last, end), [*names, name], cached + (size == 0))
        else:
            found.append((start, end, [name], int(size == 0)))
    return found


def groups(messages: list[tuple[float, str, str]], gap: float = GAP) -> list[str]:
    """Websocket messages in runs of the same direction and type, ``gap`` ms apart at most."""
    runs: list[list[Any]] = []
    for at, way, what in sorted(messages):
        if runs and runs[-1][2] == way and runs[-1][3] == what and at - runs[-1][1] <= gap:
            runs[-1][1] = at
            runs[-1][4] += 1
        else:
            runs.append([at, at, way, what, 1])
    return [(f"{a:.0f}" if b == a else f"{a:.0f}-{b:.0f}") + f" {way} {what}"
            + (f" x{n}" if n > 1 else "") for a, b, way, what, n in runs]


def short(url: str) -> str:
    """The file name of an address (no query)."""
    return url.split("?", 1)[0].rstrip("/").rsplit("/", 1)[-1][:40]


def timeline(found: dict[str, Any], usable: float) -> list[str]:
    """The lines of one load's timeline, in time order."""
    lines: list[tuple[float, str]] = []
    nav = found["nav"]
    if nav:
        lines.append((nav[0], f"HTML first byte; all of it at {nav[1]:.0f}, DOM interactive "
                              f"{nav[2]:.0f}, DOMContentLoaded {nav[3]:.0f}, load {nav[4]:.0f}"))
    for start, end, names, cached in waves([tuple(r) for r in found["resources"]]):
        sample = ", ".join(short(n) for n in names[:3]) + (", ..." if len(names) > 3 else "")
        lines.append((start, f"wave of {len(names)} requests until {end:.0f} "
                             f"({cached} from the cache): {sample}"))
    lines += [(at, f"paint: {name}") for at, name in found["paints"]]
    T = found["T"] or {"marks": [], "ws": [], "long": []}
    lines += [(at, what) for at, what in T["marks"]]
    for text in groups([tuple(m) for m in T["ws"]]):
        lines.append((float(text.split(" ", 1)[0].split("-")[0]), "ws " + text))
    lines += [(at, f"long task {length:.0f} ms (until {at + length:.0f})")
              for at, length in T["long"]]
    lines.append((usable, "USABLE"))
    busy = sum(length for _, length in T["long"])
    lines.append((usable + 0.001, f"long tasks: {len(T['long'])}, {busy:.0f} ms in all"))
    return [f"{at:8.0f}  {text}" for at, text in sorted(lines)]


#: A style sheet put in the page before its own (an A/B of a rule): ``--style``.
STYLE = """css => new MutationObserver((changes, watch) => {
  if (!document.head) { return; }
  const sheet = document.createElement("style");
  sheet.textContent = css;
  document.head.prepend(sheet);
  watch.disconnect();
}).observe(document, { childList: true, subtree: true })"""


def load(browser: Any, url: str, ready: str, style: str = "") -> tuple[float, list[str]]:
    """One load of ``url`` until usable, on the page's clock: (ms, timeline lines); ``style``:
    a style sheet put first in the page's head."""
    page = browser.new_page()
    page.add_init_script(WATCH)
    if style:
        page.add_init_script(f"({STYLE})({json.dumps(style)})")
    page.goto(url, wait_until="commit", timeout=TIMEOUT)
    page.wait_for_function(USABLE, arg=ready, timeout=TIMEOUT, polling="raf")
    usable = page.evaluate("performance.now()")
    time.sleep(0.3)  # let the resource entries of the last requests land (a diagnosis)
    found = page.evaluate(COLLECT)
    page.close(run_before_unload=True)
    return usable, timeline(found, usable)


@contextlib.contextmanager
def class_server(folder: Path, pages: list[str]) -> Iterator[Any]:
    """The benchmark's class-preheated server on a copy of ``lessons/``, its pools filled."""
    from widgets.serve import parse_args, server_for

    root = folder / "served"
    if not root.exists():
        shutil.copytree(REPO / "lessons", root,
                        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "kernel-ipc-*"))
        shutil.copy2(ONE_WIDGET, root / ONE_WIDGET.name)
    home = Path(tempfile.mkdtemp(prefix="class-", dir=folder))
    args = parse_args(["--root", str(root), "--no-browser", "--class-size", "1",
                       "--class-pages", *pages])
    server = server_for(args, port=None, home=home, log=home / "voila.log", cwd=REPO,
                        startup_timeout=90)
    with server:
        began = time.perf_counter()
        for name in pages:
            while f"Kernel pool of {name} is filled" not in server.log_tail(5000):
                if time.perf_counter() - began > TIMEOUT / 1000:
                    raise RuntimeError(f"{name} was not preheated: {server.log_tail(40)}")
                time.sleep(0.5)
        print(f"class pages preheated after {time.perf_counter() - began:.0f} s", flush=True)
        yield server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="class pages (default: the benchmark's)")
    parser.add_argument("--loads", type=int, default=LOADS)
    parser.add_argument("--style", default="",
                        help="a style sheet put first in each page (every other load: an A/B)")
    parser.add_argument("--one", action="store_true",
                        help="also the one-widget page, not preheated")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    ready = dict(CLASS_PAGES)
    pages = args.pages or [name for name, _ in CLASS_PAGES]
    compile_kit()
    with tempfile.TemporaryDirectory(prefix="lnb-timeline-") as tmp, sync_playwright() as pw, \
            class_server(Path(tmp), pages) as server, pupil(pw, Path(tmp) / "pupil") as browser:
        page = browser.new_page()
        open_page(page, server.url(SERVED_LANDING[0]), SERVED_LANDING[1])
        page.close(run_before_unload=True)
        todo = [(name, server.url(f"voila/render/{name}"), ready.get(name, ".jupyter-widgets"))
                for name in pages]
        if args.one:
            todo.insert(0, (SERVED_ONE[0], server.url(SERVED_ONE[0]), SERVED_ONE[1]))
        for name, url, selector in todo:
            for n in range(args.loads):
                styled = bool(args.style) and n % 2 == 1
                usable, lines = load(browser, url, selector, args.style if styled else "")
                print(f"\n== {name}, load {n + 1}{' (styled)' if styled else ''}: usable at "
                      f"{usable:.0f} ms", flush=True)
                print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
