"""The kit's Voila server in a real browser: widgets work, closed pages free kernels,
cross-site shutdowns are refused, and nothing is fetched from another host."""

from __future__ import annotations

import urllib.parse
import uuid

import pytest
from browser_harness import (
    VoilaServer,
    assert_local_only,
    assert_no_traceback,
    kernel_id_of,
    open_voila,
    requests_of,
    snap,
)
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ONE_BUTTON = "voila/render/one_button.ipynb"
BUTTON = ".kit-test-button"
LABEL = ".kit-test-label"
WAIT = 60_000  # ms: only a page or server that stopped answering takes this long


#: Recorded from the first parse on (issue 33): whether the page's heading was visible before
#: Voila's scripts had run (its theme loaded), what the progress bar said, and whether it was
#: still there once a widget was drawn.
WATCH_LOADING = """window.__kit = {textFirst: null, bar: [], barAtWidget: null};
new MutationObserver(() => {
  const h1 = document.querySelector("#rendered_cells h1");
  if (h1 && __kit.textFirst === null && h1.checkVisibility()) {
    __kit.textFirst = !window.themeLoaded && !document.querySelector(".jupyter-widgets");
  }
  const text = document.querySelector("#loading .kit-loading-text");
  if (text && text.textContent && !__kit.bar.includes(text.textContent)) {
    __kit.bar.push(text.textContent);
  }
  if (document.querySelector("#rendered_cells .jupyter-widgets") && __kit.barAtWidget === null) {
    __kit.barAtWidget = !!document.getElementById("loading");
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});"""


def test_text_first_then_click_updates_label(page) -> None:  # type: ignore[no-untyped-def]
    page.add_init_script(WATCH_LOADING)
    open_voila(page, ONE_BUTTON, BUTTON)
    expect(page.locator("#loading")).to_have_count(0, timeout=WAIT)  # gone once drawn
    seen = page.evaluate("() => window.__kit")
    assert seen["textFirst"] is True, f"the heading showed only with the widgets: {seen}"
    assert any(line.startswith("Getting the page ready: step") for line in seen["bar"]), seen
    assert "Drawing the page…" in seen["bar"], seen
    label = page.locator(LABEL)
    expect(label).to_have_text("clicks: 0", timeout=WAIT)
    page.locator(BUTTON).click()
    page.locator(LABEL, has_text="clicks: 1").wait_for(timeout=WAIT)
    page.locator(BUTTON).click()
    page.locator(LABEL, has_text="clicks: 2").wait_for(timeout=WAIT)
    assert_no_traceback(page)
    snap(page, "after-two-clicks")


def test_closed_page_frees_its_kernel(page, voila_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, ONE_BUTTON, BUTTON)
    kernel_id = kernel_id_of(page)
    assert voila_server.kernel_alive(kernel_id)
    page.close(run_before_unload=True)  # as when a pupil closes the tab
    voila_server.wait_kernel_gone(kernel_id, "after its page was closed")


def test_navigating_away_frees_the_kernel(page, voila_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, ONE_BUTTON, BUTTON)
    kernel_id = kernel_id_of(page)
    page.goto("voila/tree/")  # leaving the page (as with a link or the back button)
    voila_server.wait_kernel_gone(kernel_id, "after its page was left")


def _cross_site_attack(page, target: str) -> None:  # type: ignore[no-untyped-def]
    """From a page at http://evil.test/, fire a beacon and a form POST at ``target``."""
    html = f"""<!doctype html><body>
      <form id="f" method="POST" action="{target}">
        <input name="_xsrf" value="guessed"></form>
      <script>
        const data = new FormData(); data.append("_xsrf", document.cookie);
        navigator.sendBeacon("{target}", data);
        fetch("{target}", {{method: "POST", mode: "no-cors", credentials: "include",
                             body: data}}).catch(() => null)
          .then(() => document.getElementById("f").submit());  // once the fetch is answered
      </script></body>"""
    page.route("http://evil.test/**", lambda route: route.fulfill(
        status=200, content_type="text/html", body=html))
    with page.expect_navigation(url=target, timeout=WAIT):
        page.goto("http://evil.test/attack.html")


def test_cross_site_shutdown_is_refused(page, voila_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, ONE_BUTTON, BUTTON)  # the victim's page: the browser holds its cookies
    kernel_id = kernel_id_of(page)
    shutdown = f"voila/api/shutdown/{kernel_id}"

    attacker = page.context.new_page()
    _cross_site_attack(attacker, voila_server.url + shutdown)
    assert attacker.locator("body").inner_text() != ""  # the error page of the refused POST

    # The same requests without a browser: a foreign Origin, or no token at all.
    form = urllib.parse.urlencode({"_xsrf": "guessed"}).encode()
    foreign = {"Origin": "http://evil.test", "Content-Type": "application/x-www-form-urlencoded"}
    # jupyter_server answers a failed Origin check with 404, a missing/wrong token with 403.
    assert voila_server.status(shutdown, "POST", foreign, form) == 404
    assert voila_server.status(shutdown, "POST", {}, b"") == 403
    same_origin = {"Origin": voila_server.url.rstrip("/"),
                   "Content-Type": "application/x-www-form-urlencoded"}
    assert voila_server.status(shutdown, "POST", same_origin, form) == 403

    assert voila_server.kernel_alive(kernel_id), voila_server.log_tail(20)
    assert "Kernel shutdown: " + kernel_id not in voila_server.log_tail(200)
    assert_no_traceback(page)


def test_nothing_is_fetched_from_another_host(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, ONE_BUTTON, BUTTON)
    page.evaluate("document.fonts.ready")
    page.wait_for_load_state("networkidle")
    icon_font = page.locator(f"{BUTTON} i.fa").evaluate(
        "el => getComputedStyle(el, '::before').fontFamily")
    assert "Font Awesome" in icon_font  # the local copy is in use: icons still show
    assert any("/voila/" in url for url in requests_of(page))
    assert_local_only(page)


def test_tree_page_is_offline_too(page) -> None:  # type: ignore[no-untyped-def]
    response = page.goto("")
    # the classic tree: the server writes the list (no script that may list it late or never)
    assert response is not None and "one_button.ipynb" in response.text()
    page.get_by_text("one_button.ipynb").first.wait_for(timeout=WAIT)
    page.wait_for_load_state("networkidle")
    assert_local_only(page)


def test_traceback_check_catches_a_broken_page(page) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, "voila/render/broken.ipynb", ".jupyter-widgets")
    page.wait_for_load_state("networkidle")
    with pytest.raises(AssertionError):
        assert_no_traceback(page)


def test_foreign_request_check_can_fail(page) -> None:  # type: ignore[no-untyped-def]
    page.route("http://cdn.example/**", lambda route: route.fulfill(
        status=200, content_type="text/html", body="<p>not the server</p>"))
    page.goto("http://cdn.example/page.html")
    with pytest.raises(AssertionError, match=r"cdn\.example"):
        assert_local_only(page)


def test_error_page_is_offline_too(page, voila_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    response = page.goto("voila/render/no_such_page.ipynb")
    assert response is not None and response.status == 404
    page.wait_for_load_state("networkidle")
    assert_local_only(page)


def test_a_killed_kernel_tells_the_page_to_reload(page, voila_server: VoilaServer) -> None:  # type: ignore[no-untyped-def]
    open_voila(page, ONE_BUTTON, BUTTON)
    expect(page.locator(LABEL)).to_have_text("clicks: 0", timeout=WAIT)
    notice = page.locator("#kit-lost")
    expect(notice).to_have_count(0)  # a live page shows no notice
    voila_server.kernel_process(kernel_id_of(page)).kill()  # as the OOM killer would
    expect(notice).to_be_visible(timeout=WAIT)
    expect(notice).to_contain_text(
        "This page lost its connection to Python: reload the page (your saved work comes back)")
    snap(page, "kernel-lost")
    page.locator(".kit-lost-reload").click()  # the reload gives a working page again
    page.locator(BUTTON).first.wait_for(state="visible", timeout=WAIT)
    expect(notice).to_have_count(0)
    page.locator(BUTTON).click()
    page.locator(LABEL, has_text="clicks: 1").wait_for(timeout=WAIT)


MISSING_ONCE = "voila/render/missing_model.ipynb"
MISSING_ALWAYS = "voila/render/always_missing_model.ipynb"
PARTLY = "Part of this page did not load: reload the page (your saved work comes back)"


def page_loads(page) -> tuple[list[str], list[str]]:  # type: ignore[no-untyped-def]
    """The addresses ``page``'s main frame loads from now on, and the console lines it says."""
    loads: list[str] = []
    said: list[str] = []
    page.on("framenavigated",
            lambda frame: loads.append(frame.url) if frame == page.main_frame else None)
    page.on("console", lambda message: said.append(message.text))
    return loads, said


def test_a_page_missing_a_widget_model_reloads_once_and_comes_whole(page) -> None:  # type: ignore[no-untyped-def]
    # Now and then, on a loaded machine, a page drew "Error displaying widget: model not
    # found" where a widget belonged. The first load of this page misses its button's model.
    loads, said = page_loads(page)
    open_voila(page, f"{MISSING_ONCE}?miss={uuid.uuid4().hex}", ".kit-test-whole")
    assert len(loads) == 2, f"the page should have reloaded once by itself: {loads}"
    assert loads[0] == loads[1]
    # what the page knew of the missing model, for the next time it happens for real
    assert any(line.startswith("kit: 1 widget(s) of this page came without their model")
               and "(manager: no, comm: no)" in line and "restored: true" in line
               and line.endswith("reloading the page once") for line in said), said
    expect(page.locator("#kit-lost")).to_have_count(0)
    expect(page.get_by_text("model not found")).to_have_count(0)
    page.locator(".kit-test-whole").click()  # a whole page, in the pupil's hands


def test_a_page_missing_widget_models_again_asks_to_reload(page) -> None:  # type: ignore[no-untyped-def]
    loads, said = page_loads(page)
    page.goto(MISSING_ALWAYS, wait_until="domcontentloaded")
    notice = page.locator("#kit-lost")
    expect(notice).to_be_visible(timeout=WAIT)
    expect(notice).to_contain_text(PARTLY)
    assert len(loads) == 2, f"the page should have reloaded once, and only once: {loads}"
    assert any(line.endswith("asking the pupil to reload (reloaded lately, or no storage)")
               for line in said), said
    snap(page, "widgets-missing")
    page.locator(".kit-lost-reload").click()  # the pupil's reload: the notice again, no loop
    expect(notice).to_be_visible(timeout=WAIT)
    assert len(loads) == 3, loads


#: The addresses the page asked for at once (rel=preload), in document order, and whether
#: each came before Voila's own script tag (voila.js) in the page.
PRELOADS = """() => {
  const voila = document.querySelector('script[src*="/voila.js"]');
  return [...document.querySelectorAll('link[rel=preload]')].map(link => [
    link.getAttribute('href'),
    !!voila && !!(link.compareDocumentPosition(voila) & Node.DOCUMENT_POSITION_FOLLOWING)]);
}"""


def test_the_next_page_asks_at_once_for_what_the_last_one_loaded(page) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 (a page a class uses, preheated): the scripts the last page loaded are asked
    for as the next page starts, before Voila's own scripts ask for them in waves; an
    address of another host planted in the list is never asked for."""
    open_voila(page, ONE_BUTTON, BUTTON)
    page.wait_for_load_state("networkidle")
    page.evaluate("() => window.dispatchEvent(new Event('pagehide'))")  # as when it is left
    kept = page.evaluate("() => JSON.parse(localStorage.getItem('lnb-preload'))")
    assert any(address.endswith("/voila.js") for address in kept[0]), kept
    assert all(address.startswith("/") and "://" not in address for address in kept[0])
    planted = "//elsewhere.example/voila/static/x.js"
    page.evaluate("planted => localStorage.setItem('lnb-preload', JSON.stringify("
                  "[[planted, ...JSON.parse(localStorage.getItem('lnb-preload'))[0]]]))",
                  planted)
    open_voila(page, ONE_BUTTON, BUTTON)  # the next page
    asked = page.evaluate(PRELOADS)
    addresses = [address for address, _ in asked]
    assert set(kept[0]) <= set(addresses), sorted(set(kept[0]) - set(addresses))
    assert planted not in addresses
    assert all(before for _, before in asked), asked
    assert_local_only(page)
