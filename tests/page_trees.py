r"""A page of the kit built as Voila builds it, without a browser, and the words it shows.

:func:`open_page` runs one page (``lessons/<name>``) in a fresh kernel as Voila runs it
(the kit's runner, :mod:`widgets.serving.page_runner`, which the drawings' generator uses
too: Voila's environment for ``?lang=en-XA``, not preheated, in the notebook's folder);
:meth:`Page.texts` then reads, in the kernel, every widget tree the page displayed
(the outputs' widget views, in order) with :func:`widget_texts.visible_texts` and returns
``[kind, text, where]`` triples, as the browser test's ``COLLECT`` did from the page (a
lesson's own questions, ``.lnb-question``, are its notebook's words and are passed over).
:meth:`Page.run` runs more code in the same kernel (a click), :meth:`Page.switch_language`
presses the page's own language switch, :meth:`Page.outputs` reads what the page shows
besides widgets (a library object's Markdown or HTML, which the browser test never read).

The checks were the browser's (``tests/browser/test_pseudo_language.py``, gone: the browser
now keeps what needs pixels, ``tests/browser/test_pages.py``):
:func:`untranslated` (a word of 3+ Latin letters outside ⟦ ⟧, but for names and codes) and,
in 简体中文, :func:`marks_left` and :func:`english_left`.

>>> untranslated([["text", "⟦Check⟧ A3+", "lnb-x"], ["title", "Check it", "lnb-y"],
...               ["text", "Ada Lovelace P1-0J6Y-91VC-7", "lnb-z"]])
["title 'Check it' (lnb-y)"]
>>> english_left([["text", "检查 A3+ Ada", "a"], ["text", "检查 this", "b"]])
["text '检查 this' (b)"]
>>> marks_left([["text", "⟦You⟧ 检查", "a"], ["text", "⟦Check it⟧", "b"]])
["text '⟦Check it⟧' (b)"]
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from widgets.serving import page_runner
from widgets.serving.page_runner import (  # noqa: F401 (the tests' names for the runner's)
    ANSI,
    LESSONS,
    REPO,
    SERVED,
    STATIC,
    VOILA_SOFTWARE,
    WIDGET_CODE,
    PageError,
    every_page,
    kit_kernel,
    page_env,
    shows_widgets,
    translated_lessons,
    widget_pages,
)

TESTS = Path(__file__).resolve().parent
#: Widgets the page shows whose words are the notebook's own, not the kit's.
PASSED_OVER = frozenset({"lnb-question"})


# -- the rule (once tests/browser/test_pseudo_language.py's, now kept here only) -------------

#: Words that are never translated: each language's name in its own script, the game's
#: title and the people of the game (docs/glossary.md keeps them in Latin letters).
ALLOWED = frozenset({
    "English", "Lovelace", "Babbage", "Ada", "Charles", "Mary", "Somerville", "Luigi",
    "Federico", "Menabrea", "Sigma",
    "Bea", "Dot", "You",  # the lessons' players (Ada, Bea, Cy, Dot; "You" in lesson 07)
    "mod",  # the remainder in a formula, as mathematics writes it in every language
})


def _people() -> list[str]:
    """The people of the games, whole, longest first: Ada's Dream's Partners named in one
    language and Lovelace & Babbage's characters and patrons (names, shown as they are)."""
    from lnb.babbage.edition import Edition as BabbageEdition
    from lnb.dream.edition import Edition as DreamEdition

    babbage = BabbageEdition.load()
    names = {partner.name.english for partner in DreamEdition.load().partners
             if len(partner.name.texts) == 1}
    names |= {person.name for person in (*babbage.characters, *babbage.patrons)}
    return sorted(names, key=len, reverse=True)


@cache
def data() -> re.Pattern[str]:
    """Texts that are data, not words: puzzle and class codes (P1-0J6Y-91VC-7, KM7-Q4X), a
    puzzle's short code (38HJF: not in the browser test's list, whose random puzzle can show
    one with three letters), operations (A3+, B4s), addresses, file names and paths (a
    class's results, ``.csv``, and ``docs/classroom.md`` too), the command ``make serve``,
    the people (read once: the page's kernel never needs them)."""
    return re.compile(r"https?://\S+|\b[\w./-]+\.(?:json|html|ipynb|sqlite3|csv|md)\b"
                      r"|\b[A-Z0-9]{1,4}(?:-[A-Z0-9]{1,4}){1,4}\b|\b[A-E][1-4][^\s]?"
                      r"|\b[1-5D][0-9A-Z]{4}\b|\bmake serve\b"
                      + "".join(f"|{re.escape(name)}" for name in _people()))


MARKED = re.compile(r"⟦[^⟧]*⟧")
#: A name a seat was given when the game was set up in the pseudo-language (``⟦You⟧``,
#: ``⟦Computer 2⟧``): a name, kept as it was given when the language is switched.
NAME_MARKED = re.compile(r"⟦[A-Z][a-z]+(?: \d)?⟧")
WORD = re.compile(r"[A-Za-z]{3,}")
#: Keys as printed on a keyboard and a product's name, which the Chinese texts write as
#: they are (in the pseudo-language they are inside the marks with the sentence).
KEYS = frozenset({"Ctrl", "Enter", "Esc", "Escape", "Tab", "JupyterHub",
                  "sympy"})  # the computer algebra system the proofs name

Found = list[list[str]]  # [kind, text, where] of every text a page shows


def _words_left(found: Found, strip: re.Pattern[str], allowed: frozenset[str]) -> list[str]:
    out = []
    for kind, text, where in found:
        rest = data().sub(" ", strip.sub(" ", text))
        words = [word for word in WORD.findall(rest) if word not in allowed]
        line = f"{kind} {text!r} ({where})"
        if words and line not in out:
            out.append(line)
    return out


def untranslated(found: Found) -> list[str]:
    """The texts with a word left outside the marks, as ``kind 'text' (where)`` (the
    pseudo-language: every word the kit shows went through its catalog)."""
    return _words_left(found, MARKED, ALLOWED)


def english_left(found: Found) -> list[str]:
    """The texts with a word of 3+ Latin letters that is not a name or a code (简体中文: no
    English sentence left). A seat's name given in the pseudo-language is a name, and the
    keys are named as printed (:data:`KEYS`)."""
    return _words_left(found, NAME_MARKED, ALLOWED | KEYS)


def marks_left(found: Found) -> list[str]:
    """The texts still in the pseudo-language (a ⟦ mark that is not a seat's name)."""
    return [f"{kind} {text!r} ({where})" for kind, text, where in found
            if "⟦" in NAME_MARKED.sub("", text)]


# -- in the page's kernel -------------------------------------------------------------------

def _shown(model_ids: list[str]) -> list[Any]:
    """(Kernel side.) The live widgets of these views, the ones the kernel still has."""
    from ipywidgets.widgets.widget import _instances

    return [_instances[m] for m in model_ids if m in _instances]


def _more(widget: Any, name: str) -> Iterator[tuple[str, str]]:
    """(Kernel side.) What a widget drawn by its own script (``anywidget``) shows: the
    museum map's label, live line, rooms and evidence; another's labels and live line."""
    import anywidget

    if not isinstance(widget, anywidget.AnyWidget):
        return
    board = getattr(widget, "board", None)
    if isinstance(board, dict):
        for room in board.get("rooms", ()):
            yield f"{name}.room", f"{room['name']} {room['points']}"
        for ev in board.get("evidence", ()):
            yield f"{name}.evidence", f"{ev['glyph']} {ev['name']}"
    for trait in sorted(widget.trait_names(sync=True)):
        if trait in ("label", "live", "hover") or trait.endswith("_label"):
            value = getattr(widget, trait)
            if isinstance(value, str) and value:
                yield f"{name}.{trait}", value


def typeset(text: str) -> str:
    r"""What MathJax shows of the ``$...$`` and ``$$...$$`` parts of a text: its LaTeX
    commands are not words on the page (``\bmod`` shows *mod*), nor is a function's name in a
    formula (``\operatorname{swap}``: mathematics, written so in every language).

    >>> typeset(r"row $10 \left(x \bmod 10\right)$ and $$\frac{x}{2}$$")
    'row $10  (x mod 10 )$ and $$ {x}{2}$$'
    >>> typeset(r"$\operatorname{swap}(x)$ swap")
    '$ (x)$ swap'
    """
    def shown(math: re.Match[str]) -> str:
        named = re.sub(r"\\operatorname\{[A-Za-z]+\}", " ", math.group())
        return re.sub(r"\\([A-Za-z]+)",
                      lambda c: "mod" if c.group(1) in ("bmod", "pmod", "mod") else " ", named)

    return re.sub(r"\$\$.*?\$\$|\$[^$]*\$", shown, text, flags=re.S)


def kernel_texts(model_ids: list[str]) -> str:
    """(Kernel side.) JSON of ``[kind, text, where]`` for every text the page shows of the
    displayed widgets ``model_ids`` (``kind`` is the trait the text is in)."""
    from widget_texts import visible_texts

    found = []
    for widget in _shown(model_ids):
        for where, text in visible_texts(widget, more=_more, passed_over=PASSED_OVER):
            if where.rpartition("/")[2].startswith("HTMLMath"):
                text = typeset(text)
            text = re.sub(r"\s+", " ", text).strip()
            if text:
                path, _dot, kind = where.rpartition(".")
                found.append([kind, text, path])
    return json.dumps(found)


def kernel_switch(model_ids: list[str], language: str) -> list[str]:
    """(Kernel side.) Press ``language`` on the first language switch of the page (a
    pupil's click); the switch's classes then (its ``lnb-lang-is-<tag>`` sets the page's
    ``<html lang>``), [] when the page has none."""
    from widgets.core.language import LanguageSwitch

    def walk(widget: Any) -> Iterator[Any]:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    for top in _shown(model_ids):
        for widget in walk(top):
            if isinstance(widget, LanguageSwitch):
                widget.value = language
                return list(widget._dom_classes)
    return []


def kernel_exercises(model_ids: list[str]) -> int:
    """(Kernel side.) Answer every exercise of the page wrongly and press *Check*: a
    puzzle's exercise with the rows ``A1+`` (the engine's rows and the library's verdict),
    then its first hint (the library's words; a lesson's own hints are its notebook's);
    another with 98. The number of exercises answered."""
    from widgets.babbage.exercise import Exercise

    def walk(widget: Any) -> Iterator[Any]:
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    count = 0
    for top in _shown(model_ids):
        for widget in walk(top):
            if isinstance(widget, Exercise):
                puzzle = getattr(widget, "puzzle", None)
                widget.answer.value = "98" if puzzle is None else "A1+"
                widget.check_button.click()
                if puzzle is not None:
                    widget.hint_button.click()
                count += 1
    return count


# -- from the test's side ------------------------------------------------------------------

class Page(page_runner.Page):
    """One page's kernel after its notebook ran (:func:`open_page`), with the tests' ways
    to read it (:class:`widgets.serving.page_runner.Page`: :meth:`run`, :meth:`stderr`)."""

    def _call(self, function: str, *args: object) -> Any:
        call = ", ".join(json.dumps(arg) for arg in (self.model_ids, *args))
        printed = self.run(  # the tests' folder joins the path after the page's own cells
            f"import sys\nif {str(TESTS)!r} not in sys.path: sys.path.append({str(TESTS)!r})\n"
            f"import page_trees as _pt\nprint(_pt.json.dumps(_pt.{function}({call})))")
        return json.loads(printed.strip().splitlines()[-1])

    def texts(self) -> Found:
        """``[kind, text, where]`` of every text the page shows now."""
        return json.loads(self._call("kernel_texts"))

    def outputs(self) -> Found:
        """``[kind, text, "cell N"]`` of what the page's cells show besides widgets: rich
        displays (``text/markdown``, ``text/html`` but scripts and styles), as a library's
        object shows itself (a proof); what a cell prints is the notebook's own words."""
        from widget_texts import html_texts

        found = []
        for number, cell in enumerate(self.client.nb.cells[:self.cells], start=1):
            for out in cell.get("outputs", ()):
                data = out.get("data", {})
                if "application/vnd.jupyter.widget-view+json" in data:
                    continue
                texts = [("markdown", data["text/markdown"])] if "text/markdown" in data else \
                    [("html", text) for text in html_texts(data["text/html"])] \
                    if "text/html" in data else []
                for kind, text in texts:
                    text = re.sub(r"\s+", " ", typeset(text)).strip()
                    if text:
                        found.append([kind, text, f"cell {number}"])
        return found

    def switch_language(self, language: str) -> list[str]:
        """Press the page's own language switch; its classes then ([]: it has none)."""
        return list(self._call("kernel_switch", language))

    def answer_exercises(self) -> int:
        """Answer every exercise of the page wrongly and check it (see
        :func:`kernel_exercises`); how many there are."""
        return int(self._call("kernel_exercises"))


def open_page(name: str, language: str, home: Path, before: str = "", host: str = SERVED,
              timeout: int = 120) -> AbstractContextManager[Page]:
    """:func:`widgets.serving.page_runner.open_page`, whose page is a :class:`Page` (its
    words read in the kernel)."""
    return page_runner.open_page(name, language, home, before, host, timeout, page_type=Page)


# -- every page, two kernels at a time -------------------------------------------------------

@dataclass
class Reading:
    """What one page showed (``[kind, text, where]`` lists, see :meth:`Page.texts`)."""

    name: str
    language: str
    loaded: Found  #: its widgets once its cells ran
    outputs: Found  #: its outputs besides widgets (:meth:`Page.outputs`)
    acted: Found | None  #: its widgets after a step of play (None: nothing to click)
    switched: Found | None  #: after its own switch to ``switch_to`` (None: no switch)
    switch_classes: list[str]  #: the switch's classes after the pick
    stderr: list[str]  #: what the page wrote to stderr, all along


def read_page(name: str, language: str, home: Path, act: Callable[[Page], Found | None],
              switch_to: str | None = None, host: str = SERVED) -> Reading:
    """Open the page (:func:`open_page`), read it, play on it (``act(page)``: the texts it
    read, None when there is nothing to click), then press its switch to ``switch_to`` and
    read it."""
    with open_page(name, language, home, host=host) as page:
        loaded, outputs = page.texts(), page.outputs()
        acted = act(page)
        classes = page.switch_language(switch_to) if switch_to else []
        switched = page.texts() if classes else None
        return Reading(name, language, loaded, outputs, acted, switched, classes, page.stderr())


Key = tuple[str, str, str]  # a page's name, its language, its host


class Readings:
    """Pages read in a pool of ``workers`` threads (each page a kernel of its own), in the
    order the tests ask for them: asking for one also starts the next ``ahead``, so a
    kernel starts while another page's checks run (a test file runs on one pytest worker).

    ``plan`` is every (name, language, host) the tests will ask for, in their order;
    ``read`` reads one. Asking for one not in the plan reads it at once.
    """

    def __init__(self, plan: list[Key], read: Callable[[str, str, str], Reading],
                 workers: int = 2, ahead: int = 1) -> None:
        self.plan = plan
        self.read = read
        self.ahead = ahead
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="page")
        self.futures: dict[Key, Future[Reading]] = {}

    def _start(self, key: Key) -> Future[Reading]:
        if key not in self.futures:
            self.futures[key] = self.pool.submit(self.read, *key)
        return self.futures[key]

    def get(self, name: str, language: str, host: str = SERVED) -> Reading:
        """The page's reading (a page that raised raises here, with its traceback)."""
        key = (name, language, host)
        future = self._start(key)
        if key in self.plan:
            at = self.plan.index(key)
            for later in self.plan[at + 1:at + 1 + self.ahead]:
                self._start(later)
        return future.result()

    def close(self) -> None:
        """Stop: readings not started are dropped, the running ones finish."""
        self.pool.shutdown(wait=True, cancel_futures=True)
