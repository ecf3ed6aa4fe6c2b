"""A class at once: ``python -m benchmarks.classroom_load [--pupils 30] [--browser-pupils 5]``.

Starts the kit's server exactly as ``make serve`` does (``python -m widgets.serve`` with the
options of ``--serve-args``, none by default, through ``benchmarks.voila_timing.start_server``),
waits -- and says so -- until its preheated kernels have run their notebooks (the teacher
started the server a minute before the class), then every pupil opens the puzzle app at the
same moment: ``puzzles.ipynb?code=...`` (each with its own device key), and solves the shared
puzzle by clicks (A4/ B4s A1+, then *Check my answer*). ``--browser-pupils`` of them do it in
one headless Chromium (a browser context each: own storage, own kernel); the others do what
their page would do, without a browser to render it: fetch the page over HTTP, ask for the
widget state over the kernel's websocket, send the button clicks as comm messages, and on
leaving post Voila's shutdown request with the XSRF token. (In a classroom every pupil's
browser runs on their own device; here two cores would be rendering 30 pages.)

Printed: time to interactive (page requested → board buttons usable in Chromium, or page and
widget state received over the websocket; median and max), pupils served / solved / lost,
errors, memory per pupil (RSS of each pupil's kernel process, from ``/proc``) next to a
one-widget notebook's kernel, the progress rows saved, and the kernels left after every pupil
closed the page. Goals: all served, none lost, max under 10 s, no kernel left behind. Not part
of the test run (it takes a few minutes and all the CPU).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import json
import os
import re
import shlex
import shutil
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: python benchmarks/classroom_load.py
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psutil

from benchmarks.voila_timing import CHROMIUM, CHROMIUM_ARGS, REPO, start_server
from classroom.identity import Pupil
from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle
from widgets.classroom.panel import STORAGE_KEY
from widgets.serve import parse_args, pools_config

# Start 55, reach 73 within 3 rows using only A1, A4, B4: the clicks A4/ B4s A1+.
PUZZLE = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
CLICKS = (("A4-divide", "55 ÷ 2 = 27"), ("B4-swap", "27 ⇄ 72"), ("A1-add", "72 + 1 = 73"))
APP = "voila/render/puzzles.ipynb"
ONE_WIDGET = REPO / "benchmarks" / "one_widget.ipynb"
MB = 1024 * 1024


@dataclass
class PupilRun:
    """What happened to one pupil."""

    number: int
    browser: bool = True  # in Chromium; False: through the kernel's websocket
    interactive: float | None = None  # seconds from goto to usable board buttons
    solved: float | None = None  # seconds from goto to "Solved"
    page: float | None = None  # over the websocket: seconds until the whole page had come
    kernel_id: str | None = None
    error: str | None = None
    key: str | None = None  # the device key the page keeps (progress is saved under it)


def kernel_alive(base_url: str, kernel_id: str) -> bool:
    """Whether the server still runs a kernel: its process is still there (the kernels API
    answers only the browser that owns a kernel, so the benchmark looks at processes)."""
    proc = kernel_processes().get(kernel_id)
    return proc is not None and proc.is_running() and proc.status() != psutil.STATUS_ZOMBIE


def kernel_processes() -> dict[str, psutil.Process]:
    """Kernels of the servers this benchmark started, by id (from the connection file)."""
    found: dict[str, psutil.Process] = {}
    for proc in psutil.Process().children(recursive=True):
        try:
            cmd = proc.cmdline()
        except psutil.Error:
            continue
        for word in cmd:
            name = Path(word).name
            if name.startswith("kernel-") and name.endswith(".json"):
                found[name[len("kernel-"):-len(".json")]] = proc
    return found


def kernel_rss(kernel_ids: list[str]) -> dict[str, int]:
    """RSS in bytes (``/proc/<pid>/status`` VmRSS, via psutil) of each kernel's process."""
    procs = kernel_processes()
    rss: dict[str, int] = {}
    for kid in kernel_ids:
        with contextlib.suppress(KeyError, psutil.Error):
            rss[kid] = procs[kid].memory_info().rss
    return rss


def wait_for_pool(base_url: str, kernels: int, timeout: float = 300) -> tuple[int, float]:
    """Wait until ``kernels`` preheated kernels run and have finished their notebooks (the
    server's and kernels' CPU time stops growing): the teacher started the server before the
    class came.

    Returns the kernels found and the seconds waited.
    """
    began = time.monotonic()
    deadline = began + timeout
    while time.monotonic() < deadline and len(kernel_processes()) < kernels:
        time.sleep(1)

    def busy() -> float:  # CPU seconds of the server and its kernels so far
        total = 0.0
        for proc in psutil.Process().children(recursive=True):
            with contextlib.suppress(psutil.Error):
                times = proc.cpu_times()
                total += times.user + times.system
        return total

    last = busy()
    while time.monotonic() < deadline:
        time.sleep(2)
        now = busy()
        if now - last < 0.3:
            break
        last = now
    return len(kernel_processes()), time.monotonic() - began


async def one_pupil(browser, base_url: str, run: PupilRun, hold: asyncio.Event,  # type: ignore[no-untyped-def]
                    timeout: float) -> None:
    """Open the app, solve the puzzle by clicks, keep the page open until ``hold`` is set."""
    context = await browser.new_context(base_url=base_url,
                                        viewport={"width": 1100, "height": 900})
    page = await context.new_page()
    ms = timeout * 1000
    try:
        start = time.perf_counter()
        await page.goto(f"{APP}?code={PUZZLE.code}", wait_until="commit", timeout=ms)
        heading = page.locator(".lnb-puzzle-heading", has_text=PUZZLE.code)
        await heading.wait_for(timeout=ms)
        first = page.locator(f"button.lnb-op-{CLICKS[0][0]}")
        await first.wait_for(timeout=ms)
        await page.wait_for_function(
            "s => { const b = document.querySelector(s); return b && !b.disabled; }",
            arg=f"button.lnb-op-{CLICKS[0][0]}", timeout=ms)
        run.interactive = time.perf_counter() - start
        config = json.loads(await page.locator("#jupyter-config-data").text_content() or "{}")
        run.kernel_id = config.get("kernelId")
        for css, row in CLICKS:
            await page.locator(f"button.lnb-op-{css}").click(timeout=ms)
            await page.locator(".lnb-rows", has_text=row).wait_for(timeout=ms)
        await page.locator("button.lnb-done").click(timeout=ms)
        await page.locator(".lnb-status-text", has_text="Solved in 3 rows!").wait_for(timeout=ms)
        run.solved = time.perf_counter() - start
        kept = await page.evaluate(f"localStorage.getItem({json.dumps(STORAGE_KEY)})")
        run.key = json.loads(kept or "{}").get("key")
        body = await page.locator("body").inner_text()
        if "Traceback" in body or "Sorry, something went wrong" in body:
            run.error = "the page shows an error"
        await hold.wait()
    except Exception as exc:  # a lost pupil is a figure, not a crash
        run.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120]}"
        with contextlib.suppress(Exception):
            shown = " ".join((await page.locator("body").inner_text(timeout=5000)).split())
            run.error += f" | page ends: {shown[-160:]!r}"
        await hold.wait()
    finally:
        try:
            await page.close(run_before_unload=True)  # as when the pupil closes the tab
            await asyncio.sleep(0.5)
        finally:
            await context.close()


class KernelSocket:
    """A pupil's page without a browser: the kernel's websocket, spoken as Voila's page does."""

    def __init__(self, ws, session: str) -> None:  # type: ignore[no-untyped-def]
        self.ws, self.session = ws, session
        self.states: dict[str, dict] = {}

    async def send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        header = {"msg_id": uuid.uuid4().hex, "username": "pupil", "session": self.session,
                  "msg_type": msg_type, "version": "5.3",
                  "date": datetime.datetime.now(datetime.timezone.utc).isoformat()}
        await self.ws.send(json.dumps({"header": header, "parent_header": {},
                                       "metadata": metadata or {}, "content": content,
                                       "channel": "shell", "buffers": []}))

    async def comm_messages(self) -> AsyncIterator[dict]:
        """The ``data`` of every comm message from the kernel (others are skipped)."""
        async for raw in self.ws:
            if isinstance(raw, bytes):
                continue
            msg = json.loads(raw)
            if msg.get("msg_type") == "comm_msg" or msg.get("header", {}).get(
                    "msg_type") == "comm_msg":
                yield msg["content"]

    async def load_states(self) -> None:
        """Ask for every widget's state, as the page's widget manager does on load."""
        comm_id = uuid.uuid4().hex
        await self.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                      "data": {}}, {"version": "1.0.0"})
        await self.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        async for content in self.comm_messages():
            if content["data"].get("method") == "update_states":
                self.states = content["data"]["states"]
                return

    def model_with_class(self, css: str) -> str:
        """The id of the one widget carrying the CSS class ``css``."""
        found = [mid for mid, model in self.states.items()
                 if css in model["state"].get("_dom_classes", [])]
        if len(found) != 1:
            raise RuntimeError(f"{len(found)} widgets have the class {css!r}")
        return found[0]

    async def type_text(self, css: str, value: str) -> None:
        """Set the value of the text box with class ``css`` (what its view sends)."""
        await self.send("comm_msg", {"comm_id": self.model_with_class(css),
                                     "data": {"method": "update", "state": {"value": value},
                                              "buffer_paths": []}})

    async def click(self, css: str) -> None:
        """Click the button with class ``css`` (the message a button view sends)."""
        await self.send("comm_msg", {"comm_id": self.model_with_class(css),
                                     "data": {"method": "custom",
                                              "content": {"event": "click"}}})

    async def wait_for_text(self, text: str) -> None:
        """Until some widget's ``value`` changes to contain ``text``."""
        async for content in self.comm_messages():
            data = content.get("data", {})
            if data.get("method") == "update" and text in str(data.get("state", {})
                                                                .get("value", "")):
                return


def _get_page(url: str, timeout: float) -> tuple[str, str]:
    """The whole Voila page (it streams until the notebook has run) and its ``_xsrf`` cookie."""
    with urllib.request.urlopen(url, timeout=timeout) as resp:
        body = resp.read().decode("utf-8", "replace")
        cookies = resp.headers.get_all("Set-Cookie") or []
    xsrf = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")), "")
    return body, xsrf


async def open_page_kernel(base_url: str, url: str, timeout: float) -> tuple[str, str, Any]:
    """Open a Voila page over HTTP as a browser would, then its kernel's websocket:
    ``(kernel id, _xsrf cookie, connect)`` where ``async with connect as ws`` is the
    websocket of the page's kernel."""
    import websockets

    page, xsrf = await asyncio.to_thread(_get_page, url, timeout)
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page)
    if not found:
        raise RuntimeError("no kernelId in the page")
    kernel_id = found.group(1)
    ws_url = (base_url.replace("http", "ws", 1)
              + f"api/kernels/{kernel_id}/channels?session_id={uuid.uuid4().hex}")
    return kernel_id, xsrf, websockets.connect(
        ws_url, max_size=None, open_timeout=timeout,
        additional_headers={"Cookie": f"_xsrf={xsrf}"})


def _shutdown(base_url: str, kernel_id: str, xsrf: str) -> int:
    """What a closed page sends: ``POST voila/api/shutdown/<id>`` with the XSRF token."""
    body = urllib.parse.urlencode({"_xsrf": xsrf}).encode()
    req = urllib.request.Request(f"{base_url}voila/api/shutdown/{kernel_id}", data=body,
                                 headers={"Cookie": f"_xsrf={xsrf}"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as resp:
            return int(resp.status)
    except urllib.error.HTTPError as err:
        return int(err.code)


async def socket_pupil(base_url: str, run: PupilRun, hold: asyncio.Event,
                       timeout: float) -> None:
    """Open the page over HTTP, then solve by sending the clicks through the websocket."""

    url = f"{base_url}{APP}?code={PUZZLE.code}"
    run.key = Pupil.new_browser_key()  # what the page's script would make and send
    xsrf = ""
    try:
        start = time.perf_counter()
        run.kernel_id, xsrf, connect = await open_page_kernel(base_url, url, timeout)
        run.page = time.perf_counter() - start
        async with connect as ws:
            pupil = KernelSocket(ws, uuid.uuid4().hex)
            await asyncio.wait_for(pupil.load_states(), timeout)
            await pupil.type_text("lnb-browser-key", json.dumps({"key": run.key}))
            run.interactive = time.perf_counter() - start
            for css, _ in CLICKS:
                await pupil.click(f"lnb-op-{css}")
            await pupil.click("lnb-done")
            await asyncio.wait_for(pupil.wait_for_text("Solved in 3 rows!"), timeout)
            run.solved = time.perf_counter() - start
            await hold.wait()
    except Exception as exc:
        run.error = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"
        await hold.wait()
    finally:
        if run.kernel_id:
            status = await asyncio.to_thread(_shutdown, base_url, run.kernel_id, xsrf)
            if status >= 400 and not run.error:
                run.error = f"shutdown refused ({status})"


async def classroom(base_url: str, pupils: int, in_browser: int,
                    timeout: float) -> tuple[list[PupilRun], dict[str, int]]:
    """All pupils at once (``in_browser`` of them in Chromium, the rest over the websocket);
    kernel memory is measured while every page is still open."""
    from playwright.async_api import async_playwright

    runs = [PupilRun(n, browser=n <= in_browser) for n in range(1, pupils + 1)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        hold = asyncio.Event()
        tasks = [asyncio.create_task(one_pupil(browser, base_url, r, hold, timeout)
                                     if r.browser else socket_pupil(base_url, r, hold, timeout))
                 for r in runs]
        began = time.monotonic()
        while (time.monotonic() - began < timeout
               and not all(r.solved is not None or r.error for r in runs)):
            done = sum(r.solved is not None for r in runs)
            print(f"\r  {done}/{pupils} solved, {time.monotonic() - began:4.0f} s", end="",
                  flush=True)
            await asyncio.sleep(1)
        print()
        rss = kernel_rss([r.kernel_id for r in runs if r.kernel_id])
        hold.set()
        await asyncio.gather(*tasks)
        await browser.close()
    return runs, rss


async def one_widget_rss(base_url: str, timeout: float) -> int | None:
    """RSS of the kernel behind one ``one_widget.ipynb`` page (the baseline)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await (await browser.new_context(base_url=base_url)).new_page()
        await page.goto("voila/render/one_widget.ipynb", timeout=timeout * 1000)
        await page.locator(".bench-button").wait_for(timeout=timeout * 1000)
        config = json.loads(await page.locator("#jupyter-config-data").text_content() or "{}")
        await asyncio.sleep(1)
        rss = kernel_rss([config["kernelId"]]).get(config["kernelId"])
        await page.close(run_before_unload=True)
        await browser.close()
    return rss


def wait_kernels_gone(base_url: str, kernel_ids: list[str], timeout: float) -> list[str]:
    """Pupils' kernels still running after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    left = list(kernel_ids)
    while left and time.monotonic() < deadline:
        left = [k for k in left if kernel_alive(base_url, k)]
        time.sleep(0.5)
    return left


def main(argv: list[str] | None = None) -> int:
    """Run the class, print the figures; exit 1 if a goal is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--browser-pupils", type=int, default=5, metavar="N",
                        help="pupils in headless Chromium; the others drive the page's "
                             "websocket (2 cores cannot render 30 browsers as 30 laptops do)")
    parser.add_argument("--timeout", type=float, default=240,
                        help="seconds a pupil may take to solve before counting as lost")
    parser.add_argument("--close-wait", type=float, default=20,
                        help="seconds to wait for closed pages' kernels to go")
    parser.add_argument("--serve-args", default="", metavar="'ARGS'",
                        help="options of the serve command, as a teacher types them "
                             "(default none: `python -m widgets.serve` as `make serve` runs it)")
    args = parser.parse_args([] if argv is None else argv)
    serve_args = shlex.split(args.serve_args)
    if not Path(CHROMIUM).exists():
        print(f"classroom_load: {CHROMIUM} is missing (install Debian's chromium)")
        return 2
    work = Path(tempfile.mkdtemp(prefix="lnb-classroom-"))
    db = work / "progress.sqlite3"
    os.environ["LNB_PROGRESS_DB"] = str(db)  # the server (and its kernels) inherit it
    lessons = REPO / "lessons"
    options = parse_args(["--no-browser", *serve_args])
    first, _ = pools_config(options.pool_size, options.class_size, options.class_page)
    notebooks = [nb.name for nb in lessons.glob("*.ipynb")]
    preheated = sum(first.get(nb, first["default"])["pool_size"] for nb in notebooks
                    if not any(re.match(p, nb) or p in nb for p in options.preheat_denylist))
    print(f"server: python -m widgets.serve {' '.join(serve_args)} on {lessons} "
          f"({len(notebooks)} notebooks; {preheated} preheated kernels, "
          f"{first.get(options.class_page, first['default'])['pool_size']} of them for "
          f"{options.class_page}); {args.pupils} pupils: "
          f"{min(args.browser_pupils, args.pupils)} in headless Chromium, the rest over the "
          f"kernel websocket; {psutil.cpu_count()} CPUs; load average "
          f"{os.getloadavg()[0]:.1f}")
    with start_server(lessons, serve_args=serve_args) as base_url:
        print("  the teacher started the server before the class: waiting until its "
              "preheated kernels have run their notebooks ...", flush=True)
        ready, waited = wait_for_pool(base_url, preheated)
        print(f"  ready after {waited:.0f} s: {ready} preheated kernels; load average "
              f"{os.getloadavg()[0]:.1f}; the pupils arrive now")
        began = time.monotonic()
        in_browser = min(args.browser_pupils, args.pupils)
        runs, rss = asyncio.run(classroom(base_url, args.pupils, in_browser, args.timeout))
        wall = time.monotonic() - began
        kernel_ids = [r.kernel_id for r in runs if r.kernel_id]
        left = wait_kernels_gone(base_url, kernel_ids, args.close_wait)
    baseline_dir = work / "baseline"
    baseline_dir.mkdir()
    shutil.copy(ONE_WIDGET, baseline_dir / ONE_WIDGET.name)
    with start_server(baseline_dir, pool_size=1) as base_url:
        wait_for_pool(base_url, 1)
        one = asyncio.run(one_widget_rss(base_url, 60))

    served = [r for r in runs if r.interactive is not None]
    solved = [r for r in runs if r.solved is not None]
    errors = [r for r in runs if r.error]
    with ProgressStore(db) as store:
        saved = sum(
            1 for r in runs
            if r.key and (p := store.load(Pupil.from_browser_key(r.key)).get(PUZZLE.code))
            and p.solved
        )
    tti = [r.interactive for r in served if r.interactive is not None]
    done = [r.solved for r in solved if r.solved is not None]
    print(f"pupils: {args.pupils} opened, {len(served)} served, {len(solved)} solved, "
          f"{args.pupils - len(solved)} lost, {len(errors)} errors ({wall:.0f} s in all)")
    for r in errors[:10]:
        print(f"  pupil {r.number:02d}: {r.error}")
    if tti:
        print(f"time to interactive: median {statistics.median(tti):.1f} s, "
              f"max {max(tti):.1f} s, min {min(tti):.1f} s")
        for kind, flag in (("in Chromium (board buttons usable)", True),
                           ("over the websocket (page and widget state received)", False)):
            some = [r.interactive for r in served if r.browser is flag and r.interactive]
            if some:
                print(f"  {kind}: median {statistics.median(some):.1f} s, "
                      f"max {max(some):.1f} s ({len(some)} pupils)")
    pages = [r.page for r in served if r.page is not None]
    if pages:
        print(f"  of which the page over HTTP (the rest: widget state): median "
              f"{statistics.median(pages):.1f} s, max {max(pages):.1f} s")
    if done:
        print(f"time to solved (3 clicks + check): median {statistics.median(done):.1f} s, "
              f"max {max(done):.1f} s")
    if rss:
        per = sorted(rss.values())
        line = (f"memory per pupil (kernel RSS): median {statistics.median(per) / MB:.0f} MB, "
                f"max {per[-1] / MB:.0f} MB, all {sum(per) / MB:.0f} MB for {len(per)} kernels")
        if one:
            line += (f"; one-widget notebook's kernel {one / MB:.0f} MB "
                     f"(ratio {statistics.median(per) / one:.2f})")
        print(line)
        print("  per kernel (MB): " + " ".join(f"{v / MB:.0f}" for v in per))
    print(f"progress saved: {saved} of {args.pupils} pupils have the puzzle solved in {db}")
    print(f"kernels left {args.close_wait:.0f} s after all pages closed: {len(left)} "
          f"of {len(kernel_ids)}")
    goals = {
        "all served": len(served) == args.pupils,
        "none lost": len(solved) == args.pupils and saved == args.pupils,
        "max time to interactive under 10 s": bool(tti) and max(tti) < 10,
        "no kernel left behind": not left and len(kernel_ids) == args.pupils,
    }
    for goal, met in goals.items():
        print(f"  {'met   ' if met else 'MISSED'} {goal}")
    shutil.rmtree(work, ignore_errors=True)
    return 0 if all(goals.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
