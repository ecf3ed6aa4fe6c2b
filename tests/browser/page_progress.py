"""Waits that last as long as a page makes progress (issue 28: a deadline is for a page that
stopped answering, not for a slow one).

A static-site page starts Python in the browser (Pyodide compiled, the kit's packages
loaded, every cell run): on a busy machine that takes as long as the processors allow, so no
fixed time fits it. :func:`wait_progressing` waits for a state while the page keeps showing
signs of life (a request made or answered, a console line of the page or its kernel's
worker, an error, its document changed: the starting bar's words, the cells drawn), and fails
only when nothing of the kind happened for :data:`STALL` seconds, saying what the page shows.

:class:`Progress` is the bookkeeping (no browser needed):

>>> progress = Progress(stall=60.0, changed=0.0)
>>> progress.alive(("requests", 3), now=50.0), progress.alive(("requests", 4), now=100.0)
(True, True)
>>> progress.alive(("requests", 4), now=159.0), progress.alive(("requests", 4), now=161.0)
(True, False)
"""

from __future__ import annotations

import collections
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

#: Seconds with no sign of life at all after which a page has stopped answering. Pyodide's
#: longest silent step (its WebAssembly compiled, the kit imported) takes a few seconds alone
#: and several times that on a machine that is busy with other work.
STALL = 90.0
#: Seconds in all after which a page that keeps changing (a clock ticking) but never reaches
#: the state waited for is given up on.
LONGEST = 900.0
#: How often (seconds) the wait looks at the page's signs of life.
LOOK = 2.0

#: The page's own look at itself (a string, never empty: the look answered): how many changes
#: its document has had since the first look (a ``MutationObserver``: nodes, attributes,
#: text), its size, the words of its status lines (the starting bar's among them).
LOOK_AT_PAGE = """() => {
  if (!window.lnbChanges) {
    window.lnbChanges = { count: 0 };
    new MutationObserver((changes) => { window.lnbChanges.count += changes.length; })
      .observe(document, { subtree: true, childList: true, attributes: true,
                           characterData: true });
  }
  return JSON.stringify([location.href, window.lnbChanges.count,
    document.getElementsByTagName("*").length,
    [...document.querySelectorAll("[role=status]")].map((s) => s.textContent).join("|")]);
}"""
#: What the page shows, for a failure's message.
SHOWN = """() => {
  const bar = document.querySelector(".lnb-starting");
  return (bar ? "[starting bar] " + bar.innerText + "\\n" : "")
    + (document.body ? document.body.innerText.slice(0, 1500) : "(no body)");
}"""


@dataclass
class Progress:
    """The last sign of life seen and when it changed; ``alive`` says whether the page still
    counts as answering (a sign changed within ``stall`` seconds)."""

    stall: float
    changed: float
    last: Any = None

    def alive(self, sign: Any, now: float) -> bool:
        if sign != self.last:
            self.last, self.changed = sign, now
        return now - self.changed <= self.stall


@dataclass
class Signs:
    """What a page has done so far, counted from Playwright's events (a dedicated worker's
    requests and console lines reach its page's events in Chromium)."""

    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    said: collections.deque[str] = field(default_factory=lambda: collections.deque(maxlen=12))

    def sign(self) -> tuple[tuple[str, int], ...]:
        return tuple(sorted(self.counts.items()))


_signs: dict[Any, Signs] = {}


def watch(page) -> Signs:  # type: ignore[no-untyped-def]
    """Start counting ``page``'s signs of life (once per page; call it before ``goto`` to see
    them all)."""
    if page not in _signs:
        signs = _signs[page] = Signs()
        for event in ("request", "requestfinished", "requestfailed", "response",
                      "framenavigated", "load"):
            page.on(event, lambda *_args, event=event: signs.counts.update((event,)))

        def console(message) -> None:  # type: ignore[no-untyped-def]
            signs.counts.update(("console",))
            signs.said.append(message.text[:500])

        def error(exc) -> None:  # type: ignore[no-untyped-def]
            signs.counts.update(("pageerror",))
            signs.said.append(f"page error: {exc}"[:200])

        page.on("console", console)
        page.on("pageerror", error)
        page.on("close", lambda *_args: _signs.pop(page, None))
    return _signs[page]


def said_by_pages() -> str:
    """The last console lines of every page watched and still open, each after its address
    (for a failed test's report); empty when none said anything."""
    return "\n".join(f"{page.url}: {line}" for page, signs in list(_signs.items())
                     for line in signs.said)


def _look(page, timeout: float) -> str:  # type: ignore[no-untyped-def]
    """The page's look at itself, or a marker when it did not answer within ``timeout``."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return str(page.wait_for_function(LOOK_AT_PAGE, timeout=timeout * 1000).json_value())
    except PlaywrightError:
        return "(the page did not answer)"


def shows(page) -> str:  # type: ignore[no-untyped-def]
    """What the page shows (its starting bar's words first), or why that is unknown."""
    from playwright.sync_api import Error as PlaywrightError

    try:
        return str(page.wait_for_function(SHOWN, timeout=LOOK * 1000).json_value())
    except PlaywrightError as exc:
        return f"(the page did not say: {exc.message.splitlines()[0]})"


def wait_progressing(page, until: str | Callable[[], Any], what: str,  # type: ignore[no-untyped-def]
                     arg: Any = None, *, stall: float = STALL, longest: float = LONGEST) -> Any:
    """Wait until ``until`` returns something true, and return that, for as long as the page
    shows signs of life (:func:`watch`): ``until`` is a page function (called with ``arg``)
    or a Python callable (called again after each console line of the page or each
    :data:`LOOK` seconds: e.g. a list of the lines said so far). ``AssertionError`` naming
    ``what`` and saying what the page shows when nothing changed for ``stall`` seconds, or
    when ``longest`` seconds passed in all."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    signs = watch(page)
    started = time.monotonic()
    progress = Progress(stall=stall, changed=started)
    while True:
        try:
            if callable(until):
                if found := until():
                    return found
                page.wait_for_event("console", timeout=LOOK * 1000)
                if time.monotonic() - started <= longest:
                    continue  # a line said: a sign of life
            else:
                return page.wait_for_function(until, arg=arg,
                                              timeout=LOOK * 1000).json_value()
        except PlaywrightTimeoutError:
            pass
        sign = (signs.sign(), _look(page, LOOK))
        now = time.monotonic()
        if not progress.alive(sign, now) or now - started > longest:
            why = (f"nothing changed for {stall:.0f} s (no request, console line or change "
                   "of its page)" if now - progress.changed > stall
                   else f"it kept changing for {longest:.0f} s without getting there")
            last = "\n".join(signs.said) or "(none)"
            raise AssertionError(
                f"the page stopped answering while waiting until {what}: {why}\n"
                f"its last console lines:\n{last}\nit shows:\n{shows(page)}")
