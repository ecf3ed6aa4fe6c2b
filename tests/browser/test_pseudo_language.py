"""Every app page in the pseudo-language finds no untranslated word; in 简体中文 it fits.

Each page of the kit (the landing page, the game, the puzzles, every lesson with widgets) is
opened in the kit's real Voila server and Chromium with ``?lang=en-XA``: every translated
string then shows between ⟦ ⟧ (:mod:`lnb.core.i18n`), so a word of three or more Latin letters
left outside the marks, in the widgets' visible text or their ``aria-label``, ``title`` and
``placeholder``, went round the catalog. A failure lists each such text and where it is (the
nearest ``lnb-`` class). Allowed: names (the kit's languages in their own script, people,
the game's title, the players of the lessons), codes and what a pupil typed. A lesson's own
questions (``.lnb-question``: the text its notebook gives an exercise) are the lesson's words,
in its notebook's language (a lesson in another language is its own notebook), so they are
left out.

Then the same page is switched to 简体中文 with its own language switch (every widget is
relabelled in place: no mark may be left) and photographed at 1280×800 and at 768×1024 into
``test-artifacts/`` (the CJK fonts are Debian's fonts-noto-cjk, ``scripts/ensure-chromium``):
no visible button or card of the widgets has words cut off or running out of it. One page load
serves both checks.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import nbformat
import pytest
from browser_harness import REPO, VoilaServer, assert_no_traceback, running_voila, snap

from lnb.dream.edition import Edition

pytestmark = pytest.mark.browser

LESSONS = REPO / "lessons"
WAIT = 90_000
WIDGET_CODE = re.compile(r"from widgets[.\w]* import|import ipywidgets")


def widget_pages() -> list[str]:
    """The landing page, the apps and every English lesson whose code shows widgets."""
    pages = ["index.ipynb", "play.ipynb", "puzzles.ipynb"]
    for path in sorted(LESSONS.glob("*.ipynb")):
        if path.name in pages:
            continue
        nb = nbformat.read(path, as_version=4)
        if any(c.cell_type == "code" and WIDGET_CODE.search(c.source) for c in nb.cells):
            pages.append(path.name)
    return pages


PAGES = widget_pages()
#: Pages whose untranslated words are known to come from outside these widgets, with where:
#: strict, so the day they are translated the mark must go.
KNOWN: dict[str, str] = {}
#: Apps still being written (not strict: their authors translate them as they go).
GROWING: dict[str, str] = {}
PSEUDO_PAGES = [
    pytest.param(name, marks=pytest.mark.xfail(strict=True, reason=KNOWN[name])) if name in KNOWN
    else pytest.param(name, marks=pytest.mark.xfail(strict=False, reason=GROWING[name]))
    if name in GROWING else name for name in PAGES]
#: What the page shows once it is ready (besides the widgets' views settling).
READY = {"index.ipynb": ".lnb-language", "play.ipynb": ".lnb-start-game",
         "puzzles.ipynb": ".lnb-puzzle-heading"}
#: Words that are never translated: each language's name in its own script, the game's
#: title and the people of the game (docs/glossary.md keeps them in Latin letters).
ALLOWED = frozenset({
    "English", "Lovelace", "Babbage", "Ada", "Charles", "Mary", "Somerville", "Luigi",
    "Federico", "Menabrea", "Sigma",
    "Bea", "Dot", "You",  # the lessons' players (Ada, Bea, Cy, Dot; "You" in lesson 07)
    "mod",  # the remainder in a formula, as mathematics writes it in every language
})
#: The people of Ada's Dream, whole: its edition's Partners named in one language (names).
PEOPLE = sorted((partner.name.english for partner in Edition.load().partners
                 if len(partner.name.texts) == 1), key=len, reverse=True)
#: Texts that are data, not words: puzzle and class codes (P1-0J6Y-91VC-7, KM7-Q4X),
#: operations (A3+, B4s), addresses, file names.
DATA = re.compile(r"https?://\S+|\b[\w.-]+\.(?:json|html|ipynb|sqlite3)\b"
                  r"|\b[A-Z0-9]{1,4}(?:-[A-Z0-9]{1,4}){1,4}\b|\b[A-E][1-4][^\s]?"
                  + "".join(f"|{re.escape(name)}" for name in PEOPLE))
MARKED = re.compile(r"⟦[^⟧]*⟧")
#: A name a seat was given when the game was set up in the pseudo-language (``⟦You⟧``,
#: ``⟦Computer 2⟧``): a name, kept as it was given when the language is switched.
NAME_MARKED = re.compile(r"⟦[A-Z][a-z]+(?: \d)?⟧")
WORD = re.compile(r"[A-Za-z]{3,}")

#: The page's visible texts inside the widgets (their text, aria-label, title, placeholder),
#: each with where it is: the nearest element's lnb- classes. Text is read per block (the
#: nearest element that is not inline), so a translated sentence with <b>words</b> in it is
#: read whole, marks and all.
COLLECT = r"""() => {
  const shown = (el) => !!el && (el.checkVisibility
      ? el.checkVisibility({checkVisibilityCSS: true})
      : !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length));
  const where = (el) => {
    const owner = el.closest('[class*="lnb-"]');
    if (!owner) return el.tagName.toLowerCase();
    return Array.from(owner.classList).filter((c) => c.startsWith("lnb-")).join(".");
  };
  const views = Array.from(document.querySelectorAll(".jp-OutputArea-output .jupyter-widgets"));
  const tops = views.filter((v) => !views.some((o) => o !== v && o.contains(v)));
  const out = [];
  const blockOf = (el, root) => {
    while (el !== root && el.parentElement && getComputedStyle(el).display === "inline") {
      el = el.parentElement;
    }
    return el;
  };
  for (const root of tops) {
    const blocks = new Map();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || !node.textContent.trim()) continue;
      if (el.closest("style, script, noscript, .lnb-question")) continue;
      const select = el.closest("select");
      if (!shown(select || el)) continue;
      const block = select ? el : blockOf(el, root);
      blocks.set(block, (blocks.get(block) || "") + node.textContent);
    }
    for (const [block, text] of blocks) {
      out.push(["text", text.replace(/\s+/g, " ").trim(), where(block)]);
    }
    for (const el of root.querySelectorAll("[aria-label], [title], [placeholder]")) {
      if (!shown(el)) continue;
      for (const name of ["aria-label", "title", "placeholder"]) {
        const value = (el.getAttribute(name) || "").trim();
        if (value) out.push([name, value, where(el)]);
      }
    }
  }
  return out;
}"""

#: Visible buttons and cards of the widgets whose words do not fit (cut off or running out).
CUT = """() => {
  const shown = (el) => el.checkVisibility ? el.checkVisibility({checkVisibilityCSS: true})
                                           : el.getClientRects().length > 0;
  const parts = ".jp-OutputArea-output .jupyter-widgets :is(button, .lnb-patron, " +
                ".lnb-sub-card, .lnb-target-card)";
  return Array.from(document.querySelectorAll(parts)).filter(shown).filter((el) =>
      el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
  ).map((el) => [el.className, (el.innerText || "").trim().slice(0, 60),
                 el.scrollWidth + "x" + el.scrollHeight + " in " +
                 el.clientWidth + "x" + el.clientHeight]);
}"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    """The kit's Voila server on ``lessons/`` (no preheating: each page runs when opened)."""
    home = tmp_path_factory.mktemp("pseudo-home")
    env = {"LNB_PROGRESS_DB": str(home / "progress.sqlite3")}
    with running_voila(LESSONS, home, pool_size=0, env=env) as server:
        yield server


@pytest.fixture
def new_page(browser, kit: VoilaServer) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    """A fresh page (own cookies, an English browser) on the module's server, 1280×800."""
    context = browser.new_context(base_url=kit.url, locale="en-US",
                                  viewport={"width": 1280, "height": 800})
    yield context.new_page()
    context.close()


def open_ready(page: Any, name: str, lang: str) -> None:
    """Open ``name`` with ``?lang=`` and wait until its widgets are drawn and stay still."""
    page.goto(f"voila/render/{name}?lang={lang}", wait_until="domcontentloaded", timeout=WAIT)
    page.locator(READY.get(name, ".jupyter-widgets")).first.wait_for(timeout=WAIT)
    if name not in READY:  # a lesson: its last cell (the navigation) is there
        page.locator(".jp-Cell").last.wait_for(state="attached", timeout=WAIT)
    settle(page)


def settle(page: Any, quiet: float = 1.2) -> None:
    """Wait until the widgets' text has not changed for ``quiet`` seconds (at most WAIT)."""
    deadline = time.monotonic() + WAIT / 1000
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = page.evaluate("() => document.querySelectorAll('.jupyter-widgets').length + ':' +"
                            " (document.querySelector('#rendered_cells, body') || {}).innerText"
                            "?.length")
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        page.wait_for_timeout(250)


def untranslated(found: list[list[str]]) -> list[str]:
    """The texts with a word left outside the marks, as ``kind 'text' (where)``.

    >>> untranslated([["text", "⟦Check⟧ A3+", "lnb-x"], ["title", "Check it", "lnb-y"],
    ...               ["text", "Ada Lovelace P1-0J6Y-91VC-7", "lnb-z"]])
    ["title 'Check it' (lnb-y)"]
    """
    out = []
    for kind, text, where in found:
        rest = DATA.sub(" ", MARKED.sub(" ", text))
        words = [word for word in WORD.findall(rest) if word not in ALLOWED]
        line = f"{kind} {text!r} ({where})"
        if words and line not in out:
            out.append(line)
    return out


def switch_to_chinese(page: Any, name: str) -> None:
    """Press the page's language switch (简体中文): every widget of the page is relabelled in
    place, so no pseudo-language mark may be left in them. A page without a switch (none on
    it) is opened again with ``?lang=zh-CN``."""
    chinese = page.locator(".lnb-language-buttons button", has_text="简体中文")
    if not chinese.count():
        open_ready(page, name, "zh-CN")
        return
    chinese.first.click()
    page.wait_for_function("document.documentElement.lang === 'zh-CN'", timeout=WAIT)
    settle(page)
    left = [(kind, text, where) for kind, text, where in page.evaluate(COLLECT)
            if "⟦" in NAME_MARKED.sub("", text)]
    assert not left, (f"{name}: the language switch left texts in the pseudo-language (not "
                      "relabelled):\n" + "\n".join(map(repr, left)))


@pytest.mark.parametrize("name", PSEUDO_PAGES)
def test_no_untranslated_text_and_chinese_fits(new_page: Any, name: str) -> None:
    """One page load for both checks: the page in the pseudo-language has no word outside
    the catalog; switched to 简体中文 (the page's own switch), nothing is cut off at either
    size."""
    open_ready(new_page, name, "en-XA")
    assert_no_traceback(new_page)
    found = new_page.evaluate(COLLECT)
    assert found, f"{name}: no widget text found"
    left = untranslated(found)
    marked = any("⟦" in text for _kind, text, _where in found)
    hint = "" if marked else " (nothing is marked: did the page choose its language?)"
    assert not left, (f"{name}?lang=en-XA: {len(left)} texts went round the catalog{hint}:\n"
                      + "\n".join(left))

    switch_to_chinese(new_page, name)
    assert_no_traceback(new_page)
    assert new_page.evaluate("document.documentElement.lang") == "zh-CN"
    cut = {}
    for width, height in ((1280, 800), (768, 1024)):
        new_page.set_viewport_size({"width": width, "height": height})
        new_page.wait_for_timeout(400)
        snap(new_page, f"{name.removesuffix('.ipynb')}-zh-CN-{width}x{height}")
        found = new_page.evaluate(CUT)
        if found:
            cut[f"{width}x{height}"] = found
    assert not cut, f"{name} in 简体中文: words do not fit:\n" + "\n".join(
        f"{size}: {c!r}" for size, items in cut.items() for c in items)
