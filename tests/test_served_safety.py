"""What the kit's server refuses, against a real Voila started by the serve command's
:class:`~widgets.serving.server.KitServer` (issue 11, "The server"):

* only the hosts the kit announces are served (DNS rebinding), the ``_xsrf`` cookie is
  ``SameSite=Strict``;
* a render another site asks for is refused, and a render no page joins frees its kernel;
* a page may see or shut down only its own kernel; a refusal says why in words; odd
  addresses (``/logout``, malformed ``voila/templates/...``) are not found, never a 500;
* one browser, and one network address, hold only so many pages; a page open but idle for
  long is culled;
* SIGHUP (a closed terminal) stops Voila and its kernels; a serve finding a kit server left
  on its port names it and says how to stop it.

Plain HTTP and websocket clients, no browser (the page's side is in
``tests/browser/test_serving.py``).
"""

from __future__ import annotations

import contextlib
import html
import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import nbformat
import psutil
import pytest
import requests
from websockets.sync.client import connect

from lnb.core.testing import wait_until
from widgets.serve import kit_voila_args, parse_args, server_for
from widgets.serving.guard import OTHERS_KERNEL
from widgets.serving.kernel import is_kit_kernel
from widgets.serving.owners import UNJOINED_TIMEOUT
from widgets.serving.server import KitServer, free_port, hermetic_environ, port_is_free

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.name != "posix", reason="signals and process groups")]

REPO = Path(__file__).resolve().parents[1]
PAGE = "voila/render/tiny.ipynb"
ALLOWED = "kit.school.example"
UNJOINED = 6  # seconds: the server's unjoined_timeout in these tests


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a tiny notebook and one that runs longer than ``UNJOINED``."""
    folder = tmp_path_factory.mktemp("notebooks")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell("print('tiny page')")]
    nbformat.write(nb, folder / "tiny.ipynb")
    nb.cells = [nbformat.v4.new_code_cell(f"import time; time.sleep({UNJOINED + 3}); "
                                          "print('slow page')")]
    nbformat.write(nb, folder / "slow.ipynb")
    return folder


@pytest.fixture(scope="module")
def server(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[KitServer]:
    """The serve command's server (``--allow-host``, a preheated kernel per notebook), with
    renders no page joins freed after ``UNJOINED`` seconds."""
    home = tmp_path_factory.mktemp("home")
    args = parse_args(["--root", str(root), "--pool-size", "1", "--class-size", "0",
                       "--allow-host", ALLOWED, "--preheat-denylist", "slow.ipynb", "--",
                       f"--KitKernelManager.unjoined_timeout={UNJOINED}"])
    with server_for(args, port=None, home=home, log=home / "voila.log",
                    startup_timeout=90) as running:
        yield running


def raw_get(server: KitServer, path: str, host: str) -> tuple[int, str]:
    """GET ``path`` with the ``Host`` header set to ``host`` (as a rebinding page's would)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    try:
        conn.putrequest("GET", "/" + path, skip_host=True)
        conn.putheader("Host", host)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, resp.read().decode("utf-8", "replace")
    finally:
        conn.close()


def render(server: KitServer, browser: requests.Session | None = None, page: str = PAGE,
           **headers: str) -> tuple[int, str]:
    """GET ``page`` as ``browser`` (its cookies) with ``headers``: status, kernel id."""
    resp = (browser or requests).get(server.url(page), timeout=60,
                                     headers={k.replace("_", "-"): v for k, v in headers.items()})
    found = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', resp.text)
    return resp.status_code, found.group(1) if found else ""


@contextlib.contextmanager
def joined(server: KitServer, kernel_id: str, browser: requests.Session | None = None,
           cookie: str | None = None) -> Iterator[None]:
    """The kernel's websocket open, as its page keeps it (with ``browser``'s cookie, or
    ``cookie`` as its ``_xsrf``)."""
    url = server.url(f"api/kernels/{kernel_id}/channels?session_id=test").replace("http", "ws", 1)
    if browser is not None:
        cookie = browser.cookies.get("_xsrf")
    headers = {"Cookie": f"_xsrf={cookie}"} if cookie else None
    with connect(url, open_timeout=30, additional_headers=headers):
        yield


def lan_addresses() -> list[str]:
    return [a.address for addrs in psutil.net_if_addrs().values() for a in addrs
            if a.family == socket.AF_INET and not a.address.startswith("127.")]


# -- 7. hosts and the cookie ---------------------------------------------------------------

def test_only_the_hosts_the_kit_announces_are_served(server: KitServer) -> None:
    kernels = server.kernel_ids()
    for path in ("", "voila/tree", PAGE, "voila/static/voila.js", "api/kernels/x-x-x-x-x"):
        status, body = raw_get(server, path, f"evil.example:{server.port}")
        assert status == 403, (path, status)
        if path in ("", PAGE):
            assert "--allow-host evil.example" in body
    assert server.kernel_ids() <= kernels  # the refused render took no kernel
    served = [f"127.0.0.1:{server.port}", f"localhost:{server.port}", f"[::1]:{server.port}",
              ALLOWED, f"{ALLOWED.upper()}:{server.port}",
              *[f"{address}:{server.port}" for address in lan_addresses()[:2]]]
    for host in served:
        status, body = raw_get(server, "voila/tree", host)
        assert status == 200 and "tiny.ipynb" in body, host


def test_the_xsrf_cookie_is_same_site_strict(server: KitServer) -> None:
    resp = requests.get(server.url(PAGE), timeout=60)
    cookies = resp.raw.headers.getlist("Set-Cookie")
    xsrf = [c for c in cookies if c.startswith("_xsrf=")]
    assert xsrf and "SameSite=Strict" in xsrf[0], cookies
    # The page reads the cookie (the closed page's shutdown request, the X-XSRFToken header).
    assert "HttpOnly" not in xsrf[0]


# -- 6. renders that drain the class's kernels --------------------------------------------

def test_renders_another_site_asks_for_are_refused(server: KitServer) -> None:
    before = server.kernel_ids()
    background = [
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image"},
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
         "Sec-Fetch-Dest": "iframe"},
        {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
         "Sec-Fetch-Dest": "document"},  # a page navigating by itself, no click
        {"Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"},
        {"Referer": "http://evil.example/attack.html"},
        {"Origin": "http://evil.example"},
    ]
    for _ in range(10 // len(background) + 1):
        for headers in background:
            status, kernel_id = render(server, **headers)
            assert (status, kernel_id) == (403, ""), headers
    assert server.kernel_ids() <= before, "a refused render took a kernel"
    assert "Refused a render asked for by another site" in server.log_tail(100)
    # A pupil's click on a link elsewhere: a page that opens the lesson again from here.
    click = requests.get(server.url(PAGE), timeout=60, headers={
        "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
        "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"})
    assert click.status_code == 200 and "location.replace" in click.text
    assert '"kernelId"' not in click.text and server.kernel_ids() <= before
    # The kit's own pages (and that second navigation), and an address typed in.
    for headers in ({"Sec-Fetch-Site": "same-origin", "Referer": server.url("voila/tree")},
                    {"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate"},
                    {"Sec-Fetch-Site": "none"}):
        status, kernel_id = render(server, **headers)
        assert status == 200 and kernel_id, headers


def test_a_render_no_page_joins_frees_its_kernel(server: KitServer) -> None:
    assert UNJOINED_TIMEOUT <= 60  # the served default: "within a minute"
    status, lonely = render(server)
    assert status == 200 and lonely in server.kernel_ids()
    browser = requests.Session()
    status, visited = render(server, browser)
    assert status == 200 and visited != lonely
    with joined(server, visited, browser):
        wait_until(lambda: lonely not in server.kernel_ids(),
                   f"kernel {lonely} is freed, {UNJOINED} s without a page", UNJOINED + 15,
                   details=lambda: server.log_tail(20))
        assert visited in server.kernel_ids()  # a page joined it: it stays
        time.sleep(1)
    assert f"Kernel {lonely}: no page joined it" in server.log_tail(200)
    assert visited in server.kernel_ids()  # a page that leaves without a word: culling's job


def test_a_notebook_that_runs_long_keeps_its_kernel_for_its_page(server: KitServer) -> None:
    browser = requests.Session()
    status, slow = render(server, browser, page="voila/render/slow.ipynb")  # runs now
    assert status == 200 and slow in server.kernel_ids()  # the wait starts when the page ends
    with joined(server, slow, browser):
        time.sleep(UNJOINED + 2)
        assert slow in server.kernel_ids()


# -- 8. someone else's kernel ---------------------------------------------------------------

def test_a_page_may_see_and_shut_down_only_its_own_kernel(server: KitServer) -> None:
    pupil, other = requests.Session(), requests.Session()
    status, kernel_id = render(server, pupil)
    assert status == 200 and kernel_id
    assert render(server, other)[0] == 200  # the other pupil's browser has its own cookie
    token = other.cookies["_xsrf"]
    with joined(server, kernel_id, pupil):
        kernel = server.url(f"api/kernels/{kernel_id}")
        shutdown = server.url(f"voila/api/shutdown/{kernel_id}")
        assert requests.get(kernel, timeout=30).status_code == 403
        assert other.get(kernel, timeout=30).status_code == 403
        assert other.delete(kernel, headers={"X-XSRFToken": token}, timeout=30).status_code == 403
        assert other.post(shutdown, data={"_xsrf": token}, timeout=30).status_code == 403
        assert requests.delete(kernel, timeout=30).status_code == 403
        assert kernel_id in server.kernel_ids()
        assert "Refused DELETE of kernel" in server.log_tail(50)
        # Its own page sees it, and frees it when closed (Voila's beacon).
        assert pupil.get(kernel, timeout=30).json()["id"] == kernel_id
        own = pupil.post(shutdown, data={"_xsrf": pupil.cookies["_xsrf"]}, timeout=30)
        assert own.status_code == 204
        wait_until(lambda: kernel_id not in server.kernel_ids(), "its kernel is shut down", 15)


def test_no_page_learns_or_joins_another_pages_kernel(server: KitServer) -> None:
    pupil, other = requests.Session(), requests.Session()
    status, kernel_id = render(server, pupil)
    assert status == 200 and kernel_id
    assert render(server, other)[0] == 200
    with joined(server, kernel_id, pupil):
        for listing in ("api/kernels", "api/sessions"):
            for who in (other, requests):
                resp = who.get(server.url(listing), timeout=30)
                assert resp.status_code in (200, 403, 404), listing
                assert kernel_id not in resp.text, f"{listing} shows another page's kernel"
        for cookie in (other.cookies["_xsrf"], None):  # another pupil, or no cookie at all
            with pytest.raises(Exception) as refused, joined(server, kernel_id, cookie=cookie):
                pass
            assert "403" in str(refused.value)


def test_a_refused_kernel_request_answers_its_reason_in_words(server: KitServer) -> None:
    resp = requests.get(server.url("voila/api/shutdown/x"), timeout=30)
    assert resp.status_code == 403
    assert resp.json()["message"] == OTHERS_KERNEL
    resp = requests.get(server.url("api/kernels/00000000-0000-0000-0000-000000000000"),
                        timeout=30)
    assert resp.status_code == 403 and resp.json()["message"] == OTHERS_KERNEL


@pytest.mark.parametrize("path", ["logout", "voila/templates/", "voila/templates/x",
                                  "voila/templates/..%2f", "voila/templates/%2e%2e/static/x",
                                  "voila/templates/kit/static/%2e%2e%2f%2e%2e%2fx",
                                  "voila/templates/kit/x"])
def test_odd_addresses_are_not_found_not_server_errors(server: KitServer, path: str) -> None:
    resp = requests.get(server.url(path), timeout=30)
    assert resp.status_code == 404, (path, resp.status_code, resp.text[:300])
    assert "Traceback" not in resp.text
    assert "Uncaught exception" not in server.log_tail(80)


def test_a_templates_own_files_are_still_served(server: KitServer) -> None:
    assert requests.get(server.url("voila/templates/kit/static/index.css"),
                        timeout=30).status_code == 200


# -- one browser's pages, and pages left open ------------------------------------------------

PER_BROWSER, PER_ADDRESS = 3, 5  # the limits of the ``capped`` server


@pytest.fixture
def capped(root: Path, tmp_path: Path) -> Iterator[KitServer]:
    """The serve command's server with small page limits (no preheated kernels, so every
    page's kernel is its own); renders no page joins keep their kernel."""
    args = parse_args(["--root", str(root), "--pool-size", "0", "--class-size", "0", "--",
                       f"--KitKernelManager.pages_per_browser={PER_BROWSER}",
                       f"--KitKernelManager.pages_per_address={PER_ADDRESS}",
                       "--KitKernelManager.unjoined_timeout=0"])
    with server_for(args, port=None, home=tmp_path, log=tmp_path / "voila.log",
                    startup_timeout=90) as running:
        yield running


def connections(server: KitServer, browser: requests.Session, kernel_id: str) -> int:
    """How many pages the server counts as connected to ``kernel_id`` (its owner asks)."""
    resp = browser.get(server.url(f"api/kernels/{kernel_id}"), timeout=30)
    return int(resp.json()["connections"])


def test_one_browser_holds_only_a_few_pages(capped: KitServer) -> None:
    pupil, other = requests.Session(), requests.Session()
    assert render(capped, pupil)[0] == 200  # the browser has its cookie now
    cookie = {"Cookie": f"_xsrf={pupil.cookies['_xsrf']}"}
    with ThreadPoolExecutor(2 * PER_BROWSER) as pool:  # many pages asked for at once
        statuses = list(pool.map(lambda _: requests.get(capped.url(PAGE), headers=cookie,
                                                        timeout=60).status_code,
                                 range(2 * PER_BROWSER)))
    assert sorted(statuses) == [200] * (PER_BROWSER - 1) + [429] * (PER_BROWSER + 1)
    more = [pupil.get(capped.url(PAGE), timeout=60) for _ in range(2)]
    assert {resp.status_code for resp in more} == {429}
    assert "Too many pages are open in this browser: close some tabs" in more[-1].text
    assert len(capped.kernel_ids()) == PER_BROWSER
    status, kernel_id = render(capped, other)  # another pupil still gets a page
    assert status == 200 and kernel_id in capped.kernel_ids()
    assert "Uncaught exception" not in capped.log_tail(200)


def test_a_page_left_without_a_word_makes_room_for_a_new_one(capped: KitServer) -> None:
    pupil = requests.Session()
    kernels = [render(capped, pupil)[1] for _ in range(PER_BROWSER)]
    with joined(capped, kernels[0], pupil):  # its page came, then left with no beacon
        wait_until(lambda: connections(capped, pupil, kernels[0]) == 1, "the page joined", 30)
    wait_until(lambda: connections(capped, pupil, kernels[0]) == 0, "the page is gone", 30)
    status, newest = render(capped, pupil)
    assert status == 200
    assert capped.kernel_ids() == {*kernels[1:], newest}


def test_one_network_address_holds_only_a_class_of_pages(capped: KitServer) -> None:
    browsers = [requests.Session() for _ in range(PER_ADDRESS + 1)]
    statuses = [render(capped, browser)[0] for browser in browsers]  # all from 127.0.0.1
    assert statuses == [200] * PER_ADDRESS + [429]
    resp = browsers[-1].get(capped.url(PAGE), timeout=60)
    assert "Too many pages are open from this computer's network" in html.unescape(resp.text)


def test_a_page_open_but_idle_for_long_is_culled(root: Path, tmp_path: Path) -> None:
    args = parse_args(["--root", str(root), "--pool-size", "0", "--class-size", "0",
                       "--cull-interval", "1", "--",
                       "--KitKernelManager.connected_idle_timeout=3"])
    with server_for(args, port=None, home=tmp_path, log=tmp_path / "voila.log",
                    startup_timeout=90) as server:
        pupil = requests.Session()
        status, kernel_id = render(server, pupil)
        assert status == 200
        with joined(server, kernel_id, pupil):
            wait_until(lambda: kernel_id not in server.kernel_ids(), "the idle kernel is culled",
                       60, details=lambda: server.log_tail(40))
        assert "its page is open but has done nothing" in server.log_tail(200)


# -- 10. a closed terminal, and what it leaves behind -----------------------------------------

def serve(root: Path, port: int, home: Path, out: Path) -> subprocess.Popen[bytes]:
    """``python -m widgets.serve`` on ``port`` in a session of its own, output to ``out``."""
    with out.open("wb") as sink:
        return subprocess.Popen(
            [sys.executable, "-m", "widgets.serve", "--root", str(root), "--no-browser",
             "--port", str(port), "--class-size", "0", "--pool-size", "1"],
            cwd=REPO, env=hermetic_environ(home, os.environ), stdin=subprocess.DEVNULL,
            stdout=sink, stderr=subprocess.STDOUT, start_new_session=True)


@dataclass
class Serving:
    """A running serve command, its output file, its port and its family (Voila and its
    kernels, read once a preheated kernel is up)."""

    proc: subprocess.Popen[bytes]
    out: Path
    port: int
    family: list[psutil.Process]


@contextlib.contextmanager
def serving_with_a_kernel(root: Path, tmp_path: Path) -> Iterator[Serving]:
    """``serve`` until it says the kit is running and its preheated kernel is up; whatever
    the test did, nothing of it is left running after."""
    port, out = free_port(), tmp_path / "serve.out"
    proc = serve(root, port, tmp_path / "home", out)
    running = Serving(proc, out, port, [])
    try:
        wait_until(lambda: "kit is running" in out.read_text(errors="replace")
                   or proc.poll() is not None, "the kit says it is running", 90,
                   details=lambda: out.read_text(errors="replace"))

        def kernel_started() -> bool:
            running.family[:] = psutil.Process(proc.pid).children(recursive=True)
            return any(is_kit_kernel(p.cmdline()) for p in running.family)

        wait_until(kernel_started, "a preheated kernel started", 60)
        yield running
    finally:
        if proc.poll() is None:
            proc.kill()
        for child in running.family:
            with contextlib.suppress(psutil.Error):
                child.kill()


def test_sighup_stops_voila_and_its_kernels(root: Path, tmp_path: Path) -> None:
    with serving_with_a_kernel(root, tmp_path) as running:
        assert not port_is_free(running.port)
        os.kill(running.proc.pid, signal.SIGHUP)  # the terminal was closed
        assert running.proc.wait(timeout=60) == 0, running.out.read_text(errors="replace")
        _, alive = psutil.wait_procs(running.family, timeout=15)
        assert not alive, f"left running: {[p.cmdline() for p in alive]}"
        assert port_is_free(running.port)


def test_a_killed_serve_leaves_no_voila_and_no_kernel(root: Path, tmp_path: Path) -> None:
    """SIGKILL gives the serve command no chance to stop Voila: Voila is stopped by the
    system instead (its death signal, asked for when it started), and shuts its kernels."""
    with serving_with_a_kernel(root, tmp_path) as running:
        os.kill(running.proc.pid, signal.SIGKILL)  # killed: no handler, no clean-up of its own
        running.proc.wait(timeout=30)
        _, alive = psutil.wait_procs(running.family, timeout=30)
        assert not alive, f"left running: {[p.cmdline() for p in alive]}"
        wait_until(lambda: port_is_free(running.port), "its port is free", 15)


def test_a_serve_finding_a_kit_server_on_its_port_names_it(root: Path, tmp_path: Path) -> None:
    left = KitServer(root, None, voila_args=kit_voila_args(pool_size=0),
                     home=tmp_path / "home", log=tmp_path / "left.log", startup_timeout=90)
    with left:
        assert left.proc is not None and left.port is not None
        done = subprocess.run(
            [sys.executable, "-m", "widgets.serve", "--root", str(root), "--no-browser",
             "--port", str(left.port), "--class-size", "0"],
            cwd=REPO, env=hermetic_environ(tmp_path / "home2", os.environ),
            capture_output=True, text=True, timeout=60)
        assert done.returncode == 1, done.stderr
        pid = left.proc.pid
        assert f"held by a kit server still running (PID {pid}" in done.stderr, done.stderr
        assert f"`kill {pid}`" in done.stderr and "--port N" in done.stderr
        os.kill(pid, signal.SIGTERM)  # what the message says to do
        assert left.proc.wait(timeout=60) is not None
        wait_until(lambda: port_is_free(left.port or 0), "its port is free", 15)
