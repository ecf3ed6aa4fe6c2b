"""The browser tests' shared kit server and the named states a page is waited for.

:func:`shared_kit` is the one kit server on ``lessons/`` (:func:`browser_harness.lessons_kit`:
its own progress file, each page run when opened) for every test of a pytest process that
asks for it: the page pass (``test_pages.py``) and the interaction tests of the same pages
(lessons, accessibility, look, 简体中文, high contrast) reuse it instead of starting their own.

:func:`wait_page_ready` waits for the named states of a page that is ready, never for a
fixed time.
"""

from __future__ import annotations

import contextlib

import pytest
from browser_harness import VoilaServer, lessons_kit, settle_layout

_KIT = pytest.StashKey[VoilaServer]()

#: A generous deadline (ms) for "the page stopped answering", not for "slow".
WAIT = 90_000


def shared_kit(request: pytest.FixtureRequest) -> VoilaServer:
    """The process's kit server on ``lessons/``, started on first use, stopped when the
    session ends (``config.add_cleanup``)."""
    config = request.config
    if _KIT not in config.stash:
        stack = contextlib.ExitStack()
        home = request.getfixturevalue("tmp_path_factory").mktemp("kit-home")
        config.stash[_KIT] = stack.enter_context(lessons_kit(home))
        config.add_cleanup(stack.close)
    return config.stash[_KIT]


#: The page is ready: Voila ran every cell (its spinner is gone, the cells are shown), every
#: widget output is drawn and no drawing of the page before Python is left, the fonts are
#: in, each language switch shows ``lang`` and its page script ran (aria-pressed set, the
#: browser's languages reported), and <html lang> is ``lang`` where a switch is.
READY = """([lang, exercises, formulas, widgets]) => {
  if (document.readyState !== "complete" || document.getElementById("loading")) return false;
  if (document.fonts.status !== "loaded") return false;
  const cells = document.getElementById("rendered_cells");
  if (!cells || cells.style.display === "none") return false;
  if (widgets && !document.querySelector(".jupyter-widgets")) return false;
  if (document.querySelector("#rendered_cells .lnb-sketch")) return false;
  const views = document.querySelectorAll(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.widget-view+json"]');
  if ([...views].some((view) => !view.querySelector(".jupyter-widgets"))) return false;
  if (document.querySelectorAll(".lnb-exercise").length < exercises) return false;
  if (formulas && !document.querySelector("mjx-container")) return false;
  const switches = [...document.querySelectorAll(".lnb-language")];
  for (const s of switches) {
    if (!s.classList.contains("lnb-lang-is-" + lang)) return false;
    if ([...s.querySelectorAll("button")].some((b) => !b.hasAttribute("aria-pressed")))
      return false;
    const report = s.querySelector(".lnb-language-report input");
    if (report && !report.value) return false;
  }
  if (switches.length && document.documentElement.lang !== lang) return false;
  return true;
}"""


def wait_page_ready(page, lang: str = "en", exercises: int = 0,  # type: ignore[no-untyped-def]
                    formulas: bool = False, timeout: float = WAIT,
                    widgets: bool = True) -> None:
    """Wait for :data:`READY` (``exercises``: how many ``.lnb-exercise`` the page makes;
    ``formulas``: a typeset formula is expected; ``widgets``: the page shows widgets), then
    for the layout on screen (:func:`browser_harness.settle_layout`). The wait lasts as long
    as the page makes progress (:func:`page_progress.wait_progressing`: a page slowed by a
    busy machine is waited on; one that shows no sign of life for ``timeout`` ms fails)."""
    from page_progress import wait_progressing

    wait_progressing(page, READY, "it is ready (its widgets drawn, in its language)",
                     arg=[lang, exercises, formulas, widgets], stall=timeout / 1000)
    settle_layout(page)
