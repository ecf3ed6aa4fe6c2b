"""A site page shows its text at once, and a progress bar while Python starts (issue 33).

Voici renders every markdown cell into the page when it builds it, but hides them all
(``#rendered_cells``, ``display: none``) behind a spinner until its scripts and theme are
loaded, then covers them with its empty JupyterLab shell until every cell has run.
:func:`show_text_at_once` shows them from the first paint (the page carries the notebook's
styles inline) and keeps them in sight until the shell takes them;
:func:`starting_bar` adds a bar fixed at the bottom of the window (over nothing the page
draws) saying that Python is starting, with a progress bar, until the page's first widget is
drawn.

>>> page = ('<div id="loading" style="display: flex;">x</div>'
...         '<div id="rendered_cells" style="display: none">')
>>> show_text_at_once(page)
'<div id="loading" style="display: none;">x</div><div id="rendered_cells">'
>>> "progress" in starting_bar("zh-CN")
True

:func:`with_sketches` gives the page its drawing before Python is ready (the board, the map,
the Mill), made ahead of time for the static site (``python -m widgets.serving.sketches``,
stored in ``widgets/serving/data/sketches/static/``): the kit's template shows it in each
cell, greyed, until the live widgets are drawn in its place.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SKETCHES = REPO / "widgets" / "serving" / "data" / "sketches" / "static"
SKETCH_CSS = REPO / "widgets" / "core" / "sketch.css"
NOTEBOOK = re.compile(r'"notebookPath": "([^"]+)"')

HIDDEN_CELLS = '<div id="rendered_cells" style="display: none">'
SPINNER = '<div id="loading" style="display: flex;">'
#: What the bar says while Python starts, by language.
STARTING_WORDS = {"en": "Python is starting in your browser (the first page takes longest)…",
                  "zh-CN": "正在你的浏览器里启动 Python（打开第一个页面最慢）……"}

#: Picks the words of the page's language: the address's ``?lang=``, the page's own (a lesson
#: of ``zh-CN/``), else ``<html lang>``; and removes ``box`` once the first widget is drawn.
SCRIPT = """\
<script>(function () {
  "use strict";
  var words = __WORDS__;
  var language = __LANGUAGE__;
  var box = __BOX__;
  if (!box) { return; }
  var asked = /[?&]lang=([^&#]*)/.exec(location.search);
  var lang = (asked && asked[1].replace(/_/g, "-")) || language ||
    document.documentElement.lang || "en";
  box.querySelector("[class$=-text]").textContent =
    words[lang] || (/^zh/.test(lang) ? words["zh-CN"] : words.en);
  var bar = box.querySelector("progress");
  if (bar) { bar.removeAttribute("value"); }
  var done = function () { return document.querySelector(".jupyter-widgets"); };
  var watch = new MutationObserver(function () {
    if (done()) { watch.disconnect(); box.remove(); }
  });
  watch.observe(document.documentElement, { childList: true, subtree: true });
})();</script>
"""
BAR = """\
<div class="lnb-starting" role="status" style="position:fixed;left:0;right:0;bottom:0;
z-index:1000;display:flex;align-items:center;gap:0.8em;padding:0.4em 1em;
background:#eef1fb;border-top:1px solid #9fa8da;font:14px/1.4 sans-serif;color:#1a237e">
<progress class="lnb-starting-bar" style="flex:0 0 10em"></progress>
<span class="lnb-starting-text"></span></div>
"""


#: Voici attaches its (empty, grey) JupyterLab shell over the page a second or so after it
#: (with no margin around the page, so the text does not move when the shell takes it)
#: opens, and moves the cells into it only once every cell has run: until then the shell is
#: not drawn, so the text stays in sight.
SHELL_STYLE = ("<style>body { margin: 0; } body > #main:not(:has(#rendered_cells)) "
               "{ visibility: hidden !important; }</style>")


def show_text_at_once(html: str) -> str:
    """``html`` (a Voici page) with its rendered cells shown from the first paint, Voici's
    spinner hidden, and its shell not drawn over them while it is empty."""
    html = (html.replace(HIDDEN_CELLS, '<div id="rendered_cells">', 1)
            .replace(SPINNER, '<div id="loading" style="display: none;">', 1))
    return html.replace("</head>", SHELL_STYLE + "\n</head>", 1)


def _script(language: str | None, box: str) -> str:
    return (SCRIPT.replace("__WORDS__", json.dumps(STARTING_WORDS, ensure_ascii=False))
            .replace("__LANGUAGE__", json.dumps(language)).replace("__BOX__", box))


def starting_bar(language: str | None) -> str:
    """The bar (and its script) for a page in ``language`` (None: the page's ``?lang=`` or
    ``<html lang>``); it goes when the first widget is drawn."""
    return BAR + _script(language, "document.currentScript.previousElementSibling")


#: The kit template's own bar (the served kit's, ``widgets/serving/data/voila/templates/kit``):
#: the element holding its words, whose parent is the bar.
TEMPLATE_TEXT = 'class="kit-loading-text"'
#: Voici calls ``display_cells`` once its theme is loaded, which removes the template's bar
#: (``#loading``) before Python is ready: on the site the cells show from the start, so it
#: has nothing left to do. Voici's theme styles ``#loading`` as a spinner over the window:
#: the bar keeps its own place, along the bottom.
KEEP_BAR = """\
<script>(function () {
  "use strict";
  window.display_cells = function () {};
  var box = document.querySelector(".kit-loading-text").parentNode;
  ["top", "height", "width", "margin"].forEach(function (name) {
    box.style.setProperty(name, "auto", "important");
  });
  box.style.setProperty("display", "block", "important");
  box.style.setProperty("text-align", "left", "important");
})();</script>
"""


def first_paint(html: str, language: str | None) -> str:
    """:func:`show_text_at_once`, and :func:`starting_bar` first in the page's body; a page
    whose template gave it its own bar (the served kit's, :data:`TEMPLATE_TEXT`) keeps that
    one instead, saying that Python is starting, until the first widget is drawn (Voici,
    unlike Voila, draws the widgets after the page's scripts are done).

    >>> kept = first_paint('<body><div><span class="kit-loading-text"></span></div></body>',
    ...                    None)
    >>> kept.count("lnb-starting"), kept.count("display_cells = function () {}")
    (0, 1)
    """
    html = with_sketches(show_text_at_once(html))
    if TEMPLATE_TEXT in html and "</body>" in html:
        at = html.rindex("</body>")
        box = 'document.querySelector(".kit-loading-text").parentNode'
        return html[:at] + KEEP_BAR + _script(language, box) + html[at:]
    start = html.find("<body")
    end = html.find(">", start) + 1 if start >= 0 else 0
    if not end:
        return html
    return html[:end] + "\n" + starting_bar(language) + html[end:]


def with_sketches(html: str, folder: Path = SKETCHES) -> str:
    """``html`` with its page's stored drawings (``window.kitSketches``, read by the kit's
    template) before ``</head>``; unchanged when none is stored.

    >>> page = '<head></head><script>{"notebookPath": "play.ipynb"}</script>'
    >>> "window.kitSketches" in with_sketches(page), with_sketches("<head></head>")
    (True, '<head></head>')
    """
    found = NOTEBOOK.search(html)
    path = folder / f"{found.group(1)}.json" if found else None
    if path is None or not path.is_file() or "</head>" not in html:
        return html
    stored = json.loads(path.read_text(encoding="utf-8"))
    css = SKETCH_CSS.read_text(encoding="utf-8") + stored.get("css", "")
    data = json.dumps({"css": css, "cells": stored.get("cells", {})},
                      ensure_ascii=False).replace("</", "<\\/")
    return html.replace("</head>", f"<script>window.kitSketches = {data};</script>\n</head>", 1)
