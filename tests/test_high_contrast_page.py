"""*High contrast* covers the whole page (issue 26): not only the app whose switch was pressed,
but the class panel and the table entry under it and the notebook's own text (the tips).

The kit's stylesheet is read with tinycss2 and its selectors are matched with soupsieve
against a page made of the real widgets' classes (as ipywidgets draws them): a rule of the
high-contrast theme must reach each part with the switch on, and none with it off.
"""

from __future__ import annotations

import html
import re

import ipywidgets as w
import pytest
import soupsieve as sv
import tinycss2
from bs4 import BeautifulSoup, Tag

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from widgets.babbage.game_app import GameApp
from widgets.babbage.room_entry import TableEntry
from widgets.core.style import stylesheet
from widgets.core.theme import HIGH_CONTRAST

TIPS = ("<h2>Tips</h2><ul><li>A grey button cannot be used now.</li>"
        "<li>Made a mistake? Press <b>Undo</b>. <a href='lesson.ipynb'>Lesson 1</a></li></ul>")


def _drawn(widget: w.Widget) -> str:
    """``widget`` as ipywidgets draws it in the page: its classes on the element, the parts
    the stock widgets' CSS reaches (a button, an input, the HTML's content box)."""
    classes = " ".join(["lm-Widget", "jupyter-widgets", *widget._dom_classes])
    if isinstance(widget, w.Button):
        return f"<button class='jupyter-button widget-button {classes}'>x</button>"
    if isinstance(widget, w.Text | w.Password):
        return (f"<div class='widget-inline-hbox widget-text {classes}'>"
                "<input type='text'></div>")
    if isinstance(widget, w.HTML):
        return (f"<div class='widget-inline-hbox widget-html {classes}'>"
                f"<div class='widget-html-content'>{html.escape(widget.value[:40])}</div></div>")
    if isinstance(widget, w.Box):
        kind = "widget-hbox" if isinstance(widget, w.HBox) else "widget-vbox"
        inner = "".join(_drawn(child) for child in widget.children)
        return f"<div class='widget-container widget-box {kind} {classes}'>{inner}</div>"
    return f"<div class='{classes}'></div>"


def _page(app: w.DOMWidget, entry: TableEntry) -> BeautifulSoup:
    """play.ipynb's page: the game app (its root only), the table entry, the tips below."""
    root = " ".join(app._dom_classes)
    return BeautifulSoup(
        "<html><body class='jp-Notebook'><div class='jp-Cell jp-CodeCell'>"
        f"<div class='jp-OutputArea'><div class='{root}'></div>{_drawn(entry)}</div></div>"
        "<div class='jp-Cell jp-MarkdownCell'>"
        f"<div class='jp-RenderedHTMLCommon jp-RenderedMarkdown'>{TIPS}</div></div>"
        "</body></html>", "html.parser")


def _rules() -> list[tuple[list[str], set[str]]]:
    """The stylesheet's rules as (selectors, properties set), @media blocks left out."""
    css = re.search(r"<style>(.*)</style>", stylesheet().value, re.S)
    assert css is not None
    rules = []
    for rule in tinycss2.parse_stylesheet(css.group(1), skip_comments=True,
                                          skip_whitespace=True):
        if rule.type != "qualified-rule":
            continue
        selectors = _split(tinycss2.serialize(rule.prelude))
        names = {d.lower_name for d in tinycss2.parse_declaration_list(
            rule.content, skip_comments=True, skip_whitespace=True) if d.type == "declaration"}
        rules.append((selectors, names))
    return rules


def _split(prelude: str) -> list[str]:
    """A selector list split at its top-level commas."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0:
            parts.append(prelude[start:i].strip())
            start = i + 1
    parts.append(prelude[start:].strip())
    return parts


def _themed(page: BeautifulSoup, element: Tag, wanted: set[str], *,
            inherited: bool) -> list[str]:
    """The high-contrast selectors that set one of ``wanted`` on ``element`` (or, when the
    property is ``inherited``, on an element around it)."""
    around = [element, *element.parents] if inherited else [element]
    found = []
    for selectors, names in _rules():
        if not names & wanted:
            continue
        for selector in selectors:
            if HIGH_CONTRAST not in selector or "::" in selector:
                continue
            try:
                matched = sv.select(selector, page)
            except sv.SelectorSyntaxError:
                continue
            if any(el in matched for el in around):
                found.append(selector)
    return found


#: The parts of the page: (CSS selector in the page, properties, inherited from around).
PARTS = {
    "the class panel's button": (".lnb-class-panel button", {"color", "background"}, False),
    "the class panel's words": (".lnb-class-panel .lnb-who .widget-html-content",
                                {"color"}, True),
    "the table entry's buttons": (".lnb-table-entry .lnb-entry-row button",
                                  {"color", "background"}, False),
    "the table code box": (".lnb-table-code input",
                           {"--jp-widgets-input-background-color"}, True),
    "the tips' words": (".jp-RenderedMarkdown li", {"color"}, True),
    "the tips' heading": (".jp-RenderedMarkdown h2", {"color"}, False),
    "the tips' link": (".jp-RenderedMarkdown a", {"color"}, False),
    "the page": ("body", {"background", "background-color"}, True),
}


@pytest.fixture
def page_parts() -> tuple[GameApp, TableEntry]:
    store = ProgressStore(":memory:")
    return GameApp(), TableEntry(RoomStore(store), Classroom(store))


@pytest.mark.parametrize("part", PARTS)
def test_high_contrast_reaches_every_part_of_the_page(
        part: str, page_parts: tuple[GameApp, TableEntry]) -> None:
    app, entry = page_parts
    where, wanted, inherited = PARTS[part]
    off = _page(app, entry)
    element = off.select_one(where)
    assert element is not None, where
    assert _themed(off, element, wanted, inherited=inherited) == [], "themed while off"
    app.contrast_toggle.value = True
    on = _page(app, entry)
    element = on.select_one(where)
    assert _themed(on, element, wanted, inherited=inherited), f"{part}: not themed"
