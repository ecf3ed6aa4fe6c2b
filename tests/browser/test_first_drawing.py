"""A page's drawing before Python is ready, replaced in place (issue 33, item 1).

One load per kind of page on the served kit (the game, the museum, Ada's Dream, the puzzles,
a lesson): the stored drawing (``widgets/serving/data/sketches``) is in its cells before any
live widget, inert and hidden from screen readers, with nothing in it that takes a key; once
the live widgets are drawn the drawings are gone and each cell is as tall, within a few
pixels, as it was with its drawing (the template records what the cell took then,
``data-kit-sketch-height``), so the text below did not jump: at a laptop's 1280 px and at a
tablet's 768, where a drawing one box wider than the live page wrapped differently. The
stored drawings being current is ``tests/test_sketches.py``'s.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_harness import assert_no_traceback, lessons_kit, snap

from widgets.serving import sketches

pytestmark = pytest.mark.browser

WAIT = 90_000
#: One page of each kind, with its language and the window's width (a tablet's 768 px for
#: a lesson, whose formulas wrapped otherwise there, and for the Dream and the museum). Their
#: first state is a new roll of the dice on every visit, not the roll drawn: their dice rows
#: are as tall whatever the roll (the Dream's Workshop wrapped onto a second line or not,
#: 44 px, as its dice's words were long or short; the museum's choices were as tall as their
#: shapes, up to 16 px in all), in one column (768 px) as in two (1280 px).
PAGES = [("play.ipynb", "en", 1280), ("museum.ipynb", "zh-CN", 1280),
         ("dream.ipynb", "en", 1280), ("puzzles.ipynb", "zh-CN", 1280),
         ("zh-CN/03-multiply-divide.ipynb", "zh-CN", 1280),
         ("03-multiply-divide.ipynb", "en", 768), ("dream.ipynb", "en", 768),
         ("museum.ipynb", "en", 768)]
#: How much a cell may differ from its drawing, in px: heights are rounded (1 px either
#: way) and a formula drawn in MathML is within a pixel of MathJax's (widgets.core.
#: sketch_math). Each cell was drawn as tall as it is live when this was set (1280 and 768 px,
#: both languages: the game and the puzzles 0 px, the Dream and the museum 0 px at both,
#: lesson 03 within 1 px); before, the drawings were 15 px shorter (the cell's own box), the game's
#: 12 px more (its table entry's margin lost to ipywidgets' sheet), the Dream's 20 px more
#: (likewise) and lesson 03's up to 58 px taller at 768 px (wrapped one box wider; formulas
#: in TeX). The 40 px or 1% allowed before let all of these pass.
SLACK_PX = 4

#: The drawings on the page now, and whether anything in them can take the focus or a click.
DRAWINGS = """() => [...document.querySelectorAll('#rendered_cells .lnb-sketch')].map(d => ({
  cell: d.closest('[cell-index]').getAttribute('cell-index'),
  hidden: d.getAttribute('aria-hidden') === 'true' && d.inert === true,
  live: document.querySelector('#rendered_cells .jupyter-widgets') !== null,
  takes: [...d.querySelectorAll('button, input, select, textarea, a[href], [tabindex]')]
    .filter(e => { e.focus(); return document.activeElement === e; }).length,
  height: d.getBoundingClientRect().height,
}))"""
#: Once every drawing was replaced: each replaced cell's height then and now.
REPLACED = """() => [...document.querySelectorAll('[data-kit-sketch-height]')].map(c => [
  c.getAttribute('cell-index'), Number(c.getAttribute('data-kit-sketch-height')),
  Math.round(c.getBoundingClientRect().height)])"""


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    with lessons_kit(tmp_path_factory.mktemp("first-drawing")) as server:
        yield server


@pytest.mark.parametrize(("name", "language", "width"), PAGES)
def test_the_drawing_shows_first_and_the_live_page_takes_its_place(  # type: ignore[no-untyped-def]
        browser, kit, name: str, language: str, width: int) -> None:
    drawn_then_replaced(browser, kit, name, language, width)


def test_a_page_slower_than_the_timers_keeps_each_drawing_until_its_widget_comes(  # type: ignore[no-untyped-def]
        browser, kit) -> None:
    """The template's times are up as soon as the cells have run (``window.kitSettleMs``),
    as on a class's server so busy that Voila's scripts take longer than them: each drawing
    still stays until its cell's widget is drawn (before, a lesson's nine were dropped and
    the cells stood empty, then jumped: CI beside a second copy of itself)."""
    drawn_then_replaced(browser, kit, "03-multiply-divide.ipynb", "en", 768, settle_ms=1)


def drawn_then_replaced(browser, kit, name: str, language: str, width: int,  # type: ignore[no-untyped-def]
                        settle_ms: int | None = None) -> None:
    """Open ``name``: its drawings come first, inert, and each is replaced in place by its
    live widgets (``settle_ms``: the template's times, shortened)."""
    height = 800 if width > 1000 else 1024  # a laptop's window, a tablet's
    context = browser.new_context(base_url=kit.url, viewport={"width": width, "height": height})
    if settle_ms is not None:
        context.add_init_script(f"window.kitSettleMs = {settle_ms};")
    page = context.new_page()
    said: list[str] = []  # the kit's own console lines (a widget that came without its model)
    page.on("console", lambda message: said.append(message.text)
            if message.text.startswith("kit:") else None)
    try:
        page.goto(f"voila/render/{name}?lang={language}", wait_until="commit")
        page.wait_for_selector("#rendered_cells .lnb-sketch", timeout=WAIT)
        drawings = page.evaluate(DRAWINGS)
        assert drawings, f"{name}: no drawing before Python"
        for drawing in drawings:
            assert drawing["hidden"], f"{name}: cell {drawing['cell']} is not inert and hidden"
            assert drawing["takes"] == 0, f"{name}: cell {drawing['cell']} takes keys"
            assert drawing["height"] > 20, f"{name}: cell {drawing['cell']} drew nothing"
        assert not drawings[0]["live"], f"{name}: the live widgets came before the drawing"
        page.wait_for_function("() => window.kitSketchesLeft() === 0 && "
                               "!document.getElementById('loading') && "
                               "!document.querySelector('[data-kit-reserved]')", timeout=WAIT)
        replaced = page.evaluate(REPLACED)
        # every cell the page has a drawing for (Voila runs the cells one after another, so
        # the first look saw only the first ones) was drawn, then replaced by its widgets
        stored = sorted(sketches.page_sketches(name)[language], key=int)
        assert {d["cell"] for d in drawings} <= set(stored), (name, drawings, stored)
        assert sorted((cell for cell, _then, _now in replaced), key=int) == stored, \
            f"{name}: drawings of cells {stored}, replaced by live widgets: {replaced}"
        moved = [(cell, then, now) for cell, then, now in replaced
                 if abs(now - then) > SLACK_PX]
        if moved and not said:  # a widget without its model: the kit says which within 1 s
            with contextlib.suppress(Exception):
                page.wait_for_event("console", timeout=5_000,
                                    predicate=lambda message: message.text.startswith("kit:"))
        assert moved == [], \
            f"{name}: cells (index, drawing's height, live height): {moved}; the kit said {said}"
        assert_no_traceback(page)
    except Exception:
        snap(page, f"first-drawing-{Path(name).stem}-{width}")
        raise
    finally:
        context.close()
