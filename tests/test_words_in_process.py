"""Every page of the kit has no untranslated word, read from its widget trees without a browser.

Each page the browser pass opens (``tests/browser/test_pages.py``: the landing page,
the game, the puzzles, every lesson whose code shows widgets: the three games' apps and
lessons) is run here as Voila runs it, in a fresh kernel of its own with ``?lang=en-XA``
(:mod:`page_trees`), and every text its widgets show is read from the kernel
(:mod:`widget_texts`): a word of three or more Latin letters outside the pseudo-language's
⟦ ⟧ marks went round the catalog. The same page is then switched to 简体中文 with its own
switch (no mark may be left, and no English word), and opened afresh with ``?lang=zh-CN``.
Names, codes and keys are allowed (:mod:`page_trees`); a lesson's own questions are its
notebook's words. Where a page's words change after a click (a game started, a move, a
wrong answer, a hint), the click is made and the page read again. As in the browser test, a
page may show no Python error (a cell that raises, stderr, a traceback in its texts), and
its switch must mark the page Chinese (``lnb-lang-is-zh-CN``, which sets ``<html lang>``).
What the pages show besides widgets (a proof's Markdown) is read too.

What needs pixels (Chinese that fits, layout) stays in the browser test.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from page_trees import (
    SERVED,
    STATIC,
    Found,
    Page,
    Reading,
    Readings,
    english_left,
    marks_left,
    open_page,
    read_page,
    translated_lessons,
    untranslated,
    widget_pages,
)

PSEUDO, CHINESE = "en-XA", "zh-CN"
#: The pages of the browser test, and two apps opened by an address that changes their words
#: (a shared puzzle's code, the museum's daily challenge).
PAGES = [*widget_pages(), "puzzles.ipynb?code=P1-0J6Y-91VC-7", "museum.ipynb?daily=1"]
#: The pages in 简体中文: every page above, and the lessons written in Chinese.
CHINESE_PAGES = PAGES + translated_lessons()
#: The apps whose words change on the static site (no classes, tables or dashboard there:
#: the apps that ask widgets.core.host).
STATIC_PAGES = ["play.ipynb", "puzzles.ipynb", "museum.ipynb", "teacher.ipynb"]
#: Static-site apps whose words stay in the pseudo-language after the page's own switch,
#: with where: strict, so the day it is relabelled the entry must go.
KNOWN_NOT_RELABELLED: dict[str, tuple[str, str]] = {}
#: Pages whose outputs besides widgets (a library object showing itself) have words outside
#: the catalog today, with where: strict, so the day they are translated the entry must go.
#: (The browser test reads the widgets only and never saw these.)
KNOWN_OUTPUTS: dict[str, str] = {}

#: A pupil's play where the page's words change, step by step (the page is read after
#: each), run in the page's kernel after its cells (``app`` is the page's app, as its
#: notebook names it).
ACTIONS: dict[str, list[str]] = {
    # the game: start it from the form (no timer), target a Patron, write two rows, finish
    # and resolve the round (choices, debugging, steps) until its review
    "play.ipynb": [
        "app.setup.timed.value = False\napp.setup.start_button.click()",
        "next(iter(app.subs_view.target_buttons.values())).click()\n"
        "if app.state.phase.name == 'ACTIVATE':\n    app.subs_view.activate_button.click()",
        *["[b for s in app.builder.board_view.spaces.values() for b in s.buttons.values()\n"
          " if not b.disabled][0].click()"] * 2,
        "app.builder.done_button.click()",
        "import ipywidgets as _w\n"
        "while app.reviewing is None:\n"
        "    _choices = [c for c in app.choice_box.children if isinstance(c, _w.Button)]\n"
        "    if _choices:\n        _choices[0].click()\n"
        "    elif app.debug_box.children:\n        app.keep_button.click()\n"
        "    else:\n        app.resolution.step_button.click()",
    ],
    # Ada's Dream: one move, a die of the Workshop, then the first choice it leaves
    "dream.ipynb": ["next(b for b in app.workshop_buttons if not b.disabled).click()",
                    "next(b for b in app.choice_buttons if not b.disabled).click()"],
    # the museum: pick a shape (the ghost and its help), then place one after the roll
    "museum.ipynb": ["app.pick(next(c for c in app.current_choices() if c.enabled and c.shape))",
                     "app.act(app.state.legal_actions()[0])"],
    # the teacher's dashboard: a wrong class code refused, then a class of two (named as
    # the lessons' players) made and opened with its code as printed and its teacher key
    "teacher.ipynb": ["dashboard.open_class('7B-NOPE', 'not the key')",
                      "_made = dashboard.classroom.new_class('7B', ['Bea', 'Dot'])\n"
                      "dashboard.code_box.value = _made.code[:3] + '-' + _made.code[3:]\n"
                      "dashboard.key_box.value = _made.teacher_key\n"
                      "dashboard.open_button.click()\n"
                      "assert dashboard.report is not None"],
    # the puzzles: one row, a wrong answer checked, a hint
    "puzzles.ipynb": ["next(b for s in app.builder.board_view.spaces.values()\n"
                      "     for b in s.buttons.values() if not b.disabled).click()",
                      "app.check()", "app.hint_button.click()"],
}


#: On the static site the dashboard needs the served kit: it only says so.
STATIC_ACTIONS = {"teacher.ipynb": ["dashboard.open_class('7B-NOPE', 'not the key')"]}


def act(page: Page) -> Found | None:
    """Play the page's steps (:data:`ACTIONS`; a lesson: a wrong answer to each of its
    exercises) and read it after each: every text seen, None when there is nothing to click.
    A page opened by another address (``museum.ipynb?daily=1``) plays as its notebook."""
    actions = {**ACTIONS, **STATIC_ACTIONS} if page.host == STATIC else ACTIONS
    steps = actions.get(page.name, actions.get(page.name.partition("?")[0]))
    if steps is None:
        return page.texts() if page.answer_exercises() else None
    found: Found = []
    seen: set[tuple[str, ...]] = set()
    for code in steps:
        page.run(code)
        for text in page.texts():
            if tuple(text) not in seen:
                seen.add(tuple(text))
                found.append(text)
    return found


def report(name: str, what: str, left: list[str]) -> str:
    """The failure: each text left and where it is."""
    return f"{name}: {len(left)} texts {what}:\n" + "\n".join(left)


#: What a Python error looks like in a page's text (as the browser test looks for it).
ERROR = re.compile(r"Traceback \(most recent call last\)|There was an error when executing"
                   r"|^\w*Error: ", re.MULTILINE)


def check_no_error(name: str, page: Reading, found: Found) -> None:
    """No stderr output and no traceback or ``...Error:`` in the page's texts."""
    assert not page.stderr, f"{name}: the page wrote to stderr:\n" + "".join(page.stderr)
    shown = [f"{kind} {text!r} ({where})" for kind, text, where in found if ERROR.search(text)]
    assert not shown, f"{name}: the page shows an error:\n" + "\n".join(shown)


def check_pseudo(name: str, found: Found) -> None:
    """No word outside the pseudo-language's marks (but names and codes)."""
    assert found, f"{name}: no widget text found"
    left = untranslated(found)
    marked = any("⟦" in text for _kind, text, _where in found)
    hint = "" if marked else " (nothing is marked: did the page choose its language?)"
    assert not left, report(name, "went round the catalog" + hint, left)


def check_outputs(name: str, page: str, left: list[str]) -> None:
    """What the page shows besides widgets: no text left (``left`` of its outputs), but on
    the :data:`KNOWN_OUTPUTS` pages, which must still have some (strict)."""
    known = KNOWN_OUTPUTS.get(page)
    if known is None:
        assert not left, f"{name}: outputs besides the widgets:\n" + "\n".join(left)
    else:
        assert left, f"{name}: {known} is translated now: take it out of KNOWN_OUTPUTS"


def check_chinese(name: str, found: Found) -> None:
    """No pseudo-language mark and no English word (but names, codes and keys)."""
    assert found, f"{name}: no widget text found"
    marks = marks_left(found)
    assert not marks, report(name, "are in the pseudo-language (not relabelled)", marks)
    left = english_left(found)
    assert not left, report(name, "still speak English", left)


#: What each test below reads of its page: (language, host).
READS = {"test_every_word_is_the_catalogs_and_the_switch_relabels_it": (PSEUDO, SERVED),
         "test_the_static_sites_apps_too": (PSEUDO, STATIC),
         "test_the_page_opened_in_chinese_speaks_chinese": (CHINESE, SERVED)}


@pytest.fixture(scope="module")
def readings(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Iterator[Readings]:
    """Every page of the tests below, read two kernels at a time in the order the tests
    run (shuffled or not)."""
    plan = [(item.callspec.params["name"], *READS[item.originalname])
            for item in request.session.items
            if isinstance(item, pytest.Function) and item.module is request.module
            and item.originalname in READS]

    def read(name: str, language: str, host: str) -> Reading:
        home = tmp_path_factory.mktemp("page")
        return read_page(name, language, home, act, host=host,
                         switch_to="zh_CN" if language == PSEUDO else None)

    pages = Readings(plan, read)
    yield pages
    pages.close()


@pytest.mark.parametrize("name", PAGES)
def test_every_word_is_the_catalogs_and_the_switch_relabels_it(name: str,
                                                                readings: Readings) -> None:
    """``?lang=en-XA``: no word outside the marks, after loading and after a step of play;
    then the page's own switch to 简体中文 leaves no mark and no English word."""
    page = readings.get(name, PSEUDO)
    check_pseudo(f"{name}?lang=en-XA", page.loaded)
    check_outputs(f"{name}?lang=en-XA", name, untranslated(page.outputs))
    if page.acted is not None:
        check_pseudo(f"{name}?lang=en-XA, after a step of play", page.acted)
    if page.switched is not None:
        switched = f"{name}?lang=en-XA switched to 简体中文"
        assert "lnb-lang-is-zh-CN" in page.switch_classes, (switched, page.switch_classes)
        check_chinese(switched, page.switched)
    check_no_error(f"{name}?lang=en-XA", page, page.loaded + (page.acted or [])
                   + (page.switched or []))


@pytest.mark.parametrize("name", STATIC_PAGES)
def test_the_static_sites_apps_too(name: str, readings: Readings) -> None:
    """The apps as the static site runs them (Pyodide: what needs the served kit says so),
    ``?lang=en-XA``, played and switched to 简体中文."""
    page = readings.get(name, PSEUDO, STATIC)
    where = f"{name}?lang=en-XA on the static site"
    check_pseudo(where, page.loaded)
    if page.acted is not None:
        check_pseudo(f"{where}, after a step of play", page.acted)
    if page.switched is not None:
        part, known = KNOWN_NOT_RELABELLED.get(name, ("", ""))
        if part:
            assert marks_left([t for t in page.switched if part in t[2]]), \
                f"{name}: {known} is relabelled now: take it out of KNOWN_NOT_RELABELLED"
        check_chinese(f"{where}, switched to 简体中文",
                      [t for t in page.switched if not part or part not in t[2]])
    check_no_error(where, page, page.loaded + (page.acted or []) + (page.switched or []))


@pytest.mark.parametrize("name", CHINESE_PAGES)
def test_the_page_opened_in_chinese_speaks_chinese(name: str, readings: Readings) -> None:
    """``?lang=zh-CN``: no English word and no mark, after loading and after a step of play."""
    page = readings.get(name, CHINESE)
    check_chinese(f"{name}?lang=zh-CN", page.loaded)
    check_outputs(f"{name}?lang=zh-CN", name, marks_left(page.outputs)
                  + english_left(page.outputs))
    if page.acted is not None:
        check_chinese(f"{name}?lang=zh-CN, after a step of play", page.acted)
    check_no_error(f"{name}?lang=zh-CN", page, page.loaded + (page.acted or []))


# -- the checks can fail (on the landing page: its kernel is the quickest) -------------------

#: Code run before the page's cells: the language switch's words lose their ``_()`` (as if
#: a copy of widgets/core/language.py had it removed), so they show English.
UNMARKED = "import widgets.core.language as language\nlanguage._ = str\n"
#: Code run after the page's cells: a widget's words set to an English literal.
LITERAL = ("from ipywidgets.widgets.widget import _instances\n"
           "from widgets.core.language import LanguageSwitch\n"
           "switch = next(x for x in list(_instances.values()) if isinstance(x, LanguageSwitch))\n"
           "switch.label.value = 'Choose your language'\n")


def test_a_string_without_its_catalog_call_is_found_with_where_it_is(tmp_path: Path) -> None:
    with open_page("index.ipynb", "en-XA", tmp_path, before=UNMARKED) as page:
        found = page.texts()
        assert any("lnb-language" in line for line in untranslated(found)), found
        with pytest.raises(AssertionError, match="went round the catalog"):
            check_pseudo("index.ipynb?lang=en-XA", found)


def test_an_english_literal_on_a_widget_is_found_in_both_languages(tmp_path: Path) -> None:
    for language, check in (("en-XA", check_pseudo), ("zh-CN", check_chinese)):
        with open_page("index.ipynb", language, tmp_path) as page:
            check(f"index.ipynb?lang={language}", page.texts())  # the page as it is passes
            page.run(LITERAL)
            with pytest.raises(AssertionError, match=r"'Choose your language' \(.*lnb-language"):
                check(f"index.ipynb?lang={language}", page.texts())


def test_a_page_left_in_the_pseudo_language_after_the_switch_is_found(tmp_path: Path) -> None:
    forgets = ("from widgets.core.language import LanguageSwitch\n"
               "LanguageSwitch.relabel = lambda self: None  # the switch forgets its words\n")
    with open_page("index.ipynb", "en-XA", tmp_path) as page:
        page.run(forgets)
        assert page.switch_language("zh_CN")
        with pytest.raises(AssertionError, match=r"pseudo-language.*\n.*⟦.*lnb-language"):
            check_chinese("index.ipynb?lang=en-XA switched to 简体中文", page.texts())


def test_a_warning_or_an_error_on_the_page_is_found(tmp_path: Path) -> None:
    with open_page("index.ipynb", "en-XA", tmp_path) as page:
        page.run("import warnings\nwarnings.warn('an old call')")
        reading = Reading("index.ipynb", PSEUDO, page.texts(), [], None, None, [], page.stderr())
    with pytest.raises(AssertionError, match=r"stderr:\n.*an old call"):
        check_no_error("index.ipynb", reading, reading.loaded)
    reading.stderr.clear()
    shown = [["value", "ValueError: no such seat", "/App/HTML"]]
    with pytest.raises(AssertionError, match=r"shows an error:\n.*ValueError"):
        check_no_error("index.ipynb", reading, shown)
