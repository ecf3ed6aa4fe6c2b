"""The kernel's websocket opened early (issue 33, the kit template's early_kernel.html.j2):
one socket a page, made before Voila's scripts run and handed to them; the page works, and
a killed kernel still tells the page to reload."""

from __future__ import annotations

import pytest
from browser_harness import assert_no_traceback, kernel_id_of, open_voila
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

ONE_BUTTON = "voila/render/one_button.ipynb"
BUTTON = ".kit-test-button"
LABEL = ".kit-test-label"
WAIT = 60_000  # ms: only a page or server that stopped answering takes this long

#: Before the page's own scripts: every kernel socket made, and whether Voila's script tag
#: was in the page then (it is parsed after the early socket is made).
SOCKETS = r"""window.__kitSockets = [];
(() => {
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (/\/api\/kernels\/[^/?]+\/channels/.test(String(url))) {
        window.__kitSockets.push({
          voila: !!document.querySelector('script[src*="/voila.js"]'),
          protocols: [...(protocols || [])]});
      }
    }
  };
})();"""


def test_one_kernel_socket_made_early_and_handed_to_voila(page) -> None:  # type: ignore[no-untyped-def]
    page.add_init_script(SOCKETS)
    opened: list[str] = []
    page.on("websocket", lambda ws: opened.append(ws.url) if "/channels" in ws.url else None)
    open_voila(page, ONE_BUTTON, BUTTON)
    expect(page.locator(LABEL)).to_have_text("clicks: 0", timeout=WAIT)
    page.locator(BUTTON).click()
    page.locator(LABEL, has_text="clicks: 1").wait_for(timeout=WAIT)
    made = page.evaluate("() => window.__kitSockets")
    assert made == [{"voila": False, "protocols": ["v1.kernel.websocket.jupyter.org"]}], made
    assert len(opened) == 1 and kernel_id_of(page) in opened[0], opened
    assert_no_traceback(page)


def test_a_killed_kernel_still_tells_the_page_to_reload(page, voila_server) -> None:  # type: ignore[no-untyped-def]
    page.add_init_script(SOCKETS)
    open_voila(page, ONE_BUTTON, BUTTON)
    expect(page.locator(LABEL)).to_have_text("clicks: 0", timeout=WAIT)
    assert [s["voila"] for s in page.evaluate("() => window.__kitSockets")] == [False]
    voila_server.kernel_process(kernel_id_of(page)).kill()
    expect(page.locator("#kit-lost")).to_be_visible(timeout=WAIT)


def test_a_socket_not_asked_for_is_made_as_before(page) -> None:  # type: ignore[no-untyped-def]
    """Once the early socket is handed over, another socket for the kernel (a reconnection)
    is a new one."""
    page.add_init_script(SOCKETS)
    open_voila(page, ONE_BUTTON, BUTTON)
    kernel = kernel_id_of(page)
    made = page.evaluate("""kernel => {
      const url = location.origin.replace(/^http/, "ws") +
        "/api/kernels/" + kernel + "/channels?session_id=another";
      const socket = new WebSocket(url, ["v1.kernel.websocket.jupyter.org"]);
      socket.close();
      return window.__kitSockets.map(s => s.voila);
    }""", kernel)
    assert made == [False, True], made
