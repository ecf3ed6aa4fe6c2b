"""Generate the lessons' navigation: ``index.ipynb`` and the links at the end of each lesson.

Navigation is generated, never kept by hand. Each notebook's first Markdown cell gives its
title (the ``# `` line) and summary (the *What you'll do* line). The page lists the kit's
games (:data:`GAMES`), each with its one-line description, its apps and its lessons (for
Lovelace & Babbage the numbered ones, ``01-…ipynb``, in order), then the teacher's guide.
The last cell of every numbered lesson and of the guide (id ``nav``) links the previous
lesson, the index and the next one; a translated lesson's (``lessons/zh-CN/…``) links the
translated lessons around it and the index, each with its ``?lang=``. A game's own lesson
(``dream-mill.ipynb``) whose last cell has the id ``nav`` gets it generated the same way within
its game's lessons, the last of them linking the game's app (:func:`game_of`).

The landing page speaks every language of the kit: one Markdown cell per language (the page's
own words from the ``lessons`` catalog, ``make i18n PART=lessons``), each a block
``<div class="lnb-lang-block" lang="…">`` that the page shows only when ``<html lang>`` is its
language; a lesson translated into a language (``lessons/<tag>/<name>``, e.g.
``lessons/zh-CN/01-first-program.ipynb``) is listed beside the English one, and in that
language's block instead of it. Links (``index.ipynb?lang=zh-CN``) and the kit's language
switch (the last cell) choose the language; the apps are opened with the page's ``?lang=``.

Run after editing or adding a lesson::

    python lessons/make_index.py          # write index.ipynb and the nav cells
    python lessons/make_index.py --check  # exit 1 if anything is out of date (CI)

>>> summary_of("# Run it\\n\\n**What you'll do:** run a program.<br>\\n**What you'll learn:** x")
('Run it', 'Run a program.')
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

from lnb.core.i18n import N_, SOURCE, _, available_languages, tag, use_language
from widgets.core.remembered import language_name

HERE = Path(__file__).resolve().parent
INDEX = "index.ipynb"
GUIDE = "teachers-guide.ipynb"
DASHBOARD = "teacher.ipynb"
#: The teachers' apps, one notebook in every language, listed after the guide.
TEACHER_APPS = (DASHBOARD, "replay-predict.ipynb", "predict-room.ipynb")
APPS = ("play.ipynb", "puzzles.ipynb")


@dataclass(frozen=True)
class GameLine:
    """One game as the landing page lists it: its title (the libraries' ``game title``),
    its one-line description (the ``lessons`` catalog), its apps and its lessons, in order
    (none given: the numbered lessons, :func:`lessons`)."""

    title: str
    description: str
    apps: tuple[str, ...]
    lessons: tuple[str, ...] = ()


#: The kit's games, in the landing page's order.
GAMES = (
    GameLine(N_("Lovelace & Babbage"),
             N_("Program a number engine: arithmetic with whole numbers from 00 to 99, one "
                "row at a time."), APPS),
    GameLine(N_("Consulting Mathematician"),
             N_("Draw dice-chosen shapes on a museum's map: turning and flipping shapes, area "
                "and chance."), ("museum.ipynb", "museum-room.ipynb"),
             ("museum-turn-and-flip.ipynb", "museum-area.ipynb", "museum-chance.ipynb",
              "museum-chance-three-ways.ipynb", "museum-reroll.ipynb")),
    GameLine(N_("Ada's Dream"),
             N_("Take dice and place them in your Mill: make its equations true and plan a "
                "few turns ahead."), ("dream.ipynb",), ("dream-mill.ipynb",)),
)
NAV_ID = "nav"
LESSON_NAME = re.compile(r"^\d\d-[a-z0-9-]+\.ipynb$")
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}
#: The apps' titles and summaries (their notebooks' first cells, in English) for the catalog:
#: the landing page shows them translated (``_(title)``). A title changed in a notebook and
#: not here stays English on the other languages' pages (tests/test_landing_page.py says so).
APP_WORDS = (
    N_("Play Lovelace & Babbage"),
    N_("Play a whole game of four Rounds, against friends on this screen or against the "
       "computer."),
    N_("Puzzles: program the engine"),
    N_("Solve puzzles on the Engine board, at your own pace — pick a difficulty from 1 "
       "(easy) to 5 (hard), try today's puzzle, or type a code your teacher gave you."),
    N_("Play Consulting Mathematician"),
    N_("Play a whole solo game of *Ada Lovelace: Consulting Mathematician*: roll dice, take "
       "polyominoes and draw them on the museum's map to surround evidence and fill rooms."),
    N_("A museum room for the whole class"),
    N_("Play Consulting Mathematician with your whole class at once: everyone gets the same "
       "dice, turn by turn, and draws on their own map."),
    N_("The teacher's dashboard"),
    N_("Open your class with its class code and teacher key, and see each pupil's puzzles: "
       "solved or not, attempts, hints used, and rows used against the shortest possible "
       "program."),
    N_("Pause and predict"),
    N_("Replay a game on the projector: it stops before each Result of the Engine, each "
       "placement's points or each die put in the Mill, the class predicts, then you reveal "
       "the answer."),
    N_("Predict with your class"),
    N_("Pause and predict with every pupil's device: the projector replays a game, each pupil "
       "types their prediction, and the room shows how many were right before the answer."),
    N_("Play Ada's Dream"),
    N_("Play a whole game of *Ada's Dream* against the computer: take dice from the Workshop "
       "into your Store, move them into your Mill and take the action of each die's colour."),
)
SWITCH_ID = "language"
SWITCH_CODE = """from widgets.core.language import LanguageSwitch, page_language

page_language()  # ?lang=, else the pupil's remembered choice, else the browser's language
LanguageSwitch(on_change=lambda _language: None).add_class("lnb-landing-language")"""


@dataclass(frozen=True)
class Entry:
    """One notebook as the index lists it."""

    path: str
    title: str
    summary: str


def summary_of(first_cell: str) -> tuple[str, str]:
    """Title and one-sentence summary from a notebook's first Markdown cell."""
    lines = [line.strip() for line in first_cell.splitlines() if line.strip()]
    title = next((line[2:].strip() for line in lines if line.startswith("# ")), "")
    what = next((line for line in lines if line.lower().startswith("**what you'll do")), "")
    if not what:
        what = next((line for line in lines if not line.startswith("#")), "")
    text = re.sub(r"^\*\*[^*]+\*\*\s*", "", what)
    text = re.sub(r"<br\s*/?>$", "", text).strip()
    text = text[:1].upper() + text[1:]
    return title, text


def entry(root: Path, name: str) -> Entry:
    """Read one notebook's title and summary (the file name if it has no first cell)."""
    nb = nbformat.read(root / name, as_version=4)
    first = next((c.source for c in nb.cells if c.cell_type == "markdown"), "")
    title, summary = summary_of(first)
    return Entry(name, title or name.removesuffix(".ipynb"), summary)


def lessons(root: Path) -> list[str]:
    """The numbered lessons, in order."""
    return sorted(p.name for p in root.glob("*.ipynb") if LESSON_NAME.match(p.name))


def languages(root: Path) -> list[str]:
    """The landing page's languages: English, then every other language of the kit (catalog
    names, ``zh_CN``); the lessons translated into one are in ``root/<tag>/``.

    >>> languages(HERE)[:2]
    ['en', 'zh_CN']
    """
    return [SOURCE, *(language for language in available_languages() if language != SOURCE)]


def translated(root: Path, language: str, name: str) -> str | None:
    """The path of ``name`` translated into ``language`` (``zh-CN/01-….ipynb``), if it exists.

    >>> translated(HERE, "zh_CN", "01-first-program.ipynb")
    'zh-CN/01-first-program.ipynb'
    >>> translated(HERE, "en", "01-first-program.ipynb") is None
    True
    """
    if language == SOURCE:
        return None
    path = f"{tag(language)}/{name}"
    return path if (root / path).is_file() else None


def language_css(root: Path) -> str:
    """The page's rule: a language's block shows only when ``<html lang>`` is that language
    (before the page knows its language, ``<html lang="en">``: the English block).

    >>> print(language_css(HERE).splitlines()[1])
    html:lang(en) .lnb-lang-block:not(:lang(en)) { display: none; }
    """
    rules = [f"html:lang({tag(lang)}) .lnb-lang-block:not(:lang({tag(lang)})) "
             "{ display: none; }" for lang in languages(root)]
    return "\n".join(["<style>", *rules, "</style>"])


def language_links(root: Path, shown: str) -> str:
    """The line of links to the page in each language (the one shown in bold)."""
    links = []
    for language in languages(root):
        name = language_name(language)
        if language == shown:
            links.append(f"**{name}**")
        else:
            links.append(f'<a href="{INDEX}?lang={tag(language)}" lang="{tag(language)}">'
                         f"{name}</a>")
    return " · ".join(links)


def game_lessons(root: Path, game: GameLine) -> list[str]:
    """A game's lessons that exist, in order (Lovelace & Babbage's: the numbered ones).

    >>> game_lessons(HERE, GAMES[2])
    ['dream-mill.ipynb']
    """
    names = game.lessons or tuple(lessons(root))
    return [name for name in names if (root / name).is_file()]


def page_text(root: Path, language: str) -> str:
    """The landing page in one language: its own words from the ``lessons`` catalog, each
    game with its description, its apps (opened in that language) and its lessons (each in
    that language where it is translated)."""
    query = "" if language == SOURCE else f"?lang={tag(language)}"
    with use_language(language):
        lines = [
            language_links(root, language),
            "",
            "# " + _("Three games about Ada Lovelace: lessons and apps"),
            "",
            _("Arithmetic, shapes and chance with board games, for pupils of about 11 to 14. "
              "Each game has an app to play it and lessons to work through in order, or pick "
              "one. Every lesson has something to click, questions that answer back, and "
              "hints when you are stuck."),
        ]
        for game in GAMES:
            apps = [entry(root, name) for name in game.apps if (root / name).is_file()]
            names = game_lessons(root, game)
            if not apps and not names:
                continue
            lines += ["", "## " + _(game.title), "", _(game.description), ""]
            lines += ["- " + _("**[{title}]({path})**: {summary}").format(
                title=_(e.title), path=f"{e.path}{query}", summary=_(e.summary)) for e in apps]
            if names:
                lines += ["", "### " + _("Lessons"), ""]
                lines += [f"{number}. " + lesson_line(root, language, name, query)
                          for number, name in enumerate(names, start=1)]
        apps = [name for name in TEACHER_APPS if (root / name).is_file()]
        if (root / GUIDE).is_file() or apps:
            lines += ["", "## " + _("For teachers"), ""]
        if (root / GUIDE).is_file():
            lines += ["- " + lesson_line(root, language, GUIDE, query)]
        for name in apps:  # an app: one notebook in every language
            e = entry(root, name)
            lines += ["- " + _("**[{title}]({path})**: {summary}").format(
                title=_(e.title), path=f"{e.path}{query}", summary=_(e.summary))]
    return "\n".join(lines)


def lesson_line(root: Path, language: str, name: str, query: str) -> str:
    """One lesson's line: its title linked, then its summary. In English, the translations
    beside it (each named in its language); in another language, the translation if there
    is one, else the English lesson, said to be in English."""
    found = translated(root, language, name)
    if found is not None:
        e = entry(root, found)
        return _("**[{title}]({path})**: {summary}").format(title=e.title,
                                                           path=f"{e.path}{query}",
                                                           summary=e.summary)
    e = entry(root, name)
    if language != SOURCE:
        return _("**[{title}]({path})** (in English): {summary}").format(
            title=e.title, path=f"{e.path}{query}", summary=e.summary)
    beside = [f'<a href="{path}?lang={tag(lang)}" lang="{tag(lang)}">{language_name(lang)}</a>'
              for lang in languages(root)[1:] if (path := translated(root, lang, name))]
    also = "".join(f" · {link}" for link in beside)
    return f"**[{e.title}]({e.path})**{also}: {e.summary}"


def index_notebook(root: Path) -> nbformat.NotebookNode:
    """The landing page, linking every lesson, app and the teacher's guide, in each
    language of the kit, and the language switch."""
    cells = []
    for language in languages(root):
        head = language_css(root) + "\n\n" if language == SOURCE else ""
        text = (f'{head}<div class="lnb-lang-block" lang="{tag(language)}">\n\n'
                f"{page_text(root, language)}\n\n</div>")
        cell_id = "index" if language == SOURCE else f"index-{tag(language)}"
        cells.append(nbformat.v4.new_markdown_cell(text, id=cell_id))
    cells.append(nbformat.v4.new_code_cell(SWITCH_CODE, id=SWITCH_ID))
    nb = nbformat.v4.new_notebook()
    nb.cells = cells
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return nb


def game_of(name: str) -> GameLine | None:
    """The game whose own lessons (not the numbered ones) include ``name`` (a lesson's file
    name, or its translation's path ``zh-CN/…``), else None.

    >>> game_of("zh-CN/dream-mill.ipynb").apps, game_of("01-first-program.ipynb")
    (('dream.ipynb',), None)
    """
    bare = name.rsplit("/", 1)[-1]
    return next((game for game in GAMES if bare in game.lessons), None)


def nav_text(root: Path, name: str, language: str = SOURCE) -> str:
    """The links at the end of one lesson: previous, all lessons, next. A lesson translated
    into ``language`` (``name`` is then its path, ``zh-CN/01-….ipynb``) links the translated
    lessons around it and the index, each with ``?lang=`` (the page keeps its language). A
    game's own lesson links the lessons of its game around it; the last one, the game's app.

    >>> print(nav_text(HERE, "zh-CN/teachers-guide.ipynb", "zh_CN").split(" · ")[-1])
    [全部课程](../index.ipynb?lang=zh-CN)
    >>> print(nav_text(HERE, "dream-mill.ipynb"))
    ---
    [All lessons](index.ipynb) · [Play Ada's Dream →](dream.ipynb)
    """
    game = game_of(name)
    order = (game_lessons(root, game) if game is not None
             else lessons(root) + ([GUIDE] if (root / GUIDE).is_file() else []))
    query, up = "", ""
    if language != SOURCE:
        order = [found for lesson in order if (found := translated(root, language, lesson))]
        query, up = f"?lang={tag(language)}", "../"
    i = order.index(name)
    def link(path: str) -> str:  # a sibling of the lesson, in its language
        return path.rsplit("/", 1)[-1] + query

    parts = []
    with use_language(language):
        if i > 0:
            e = entry(root, order[i - 1])
            parts.append(f"[← {e.title}]({link(e.path)})")
        everything = _("All lessons")
        parts.append(f"[{everything}]({up}{INDEX}{query})")
        if i + 1 < len(order):
            e = entry(root, order[i + 1])
            parts.append(f"[{e.title} →]({link(e.path)})")
        elif game is not None:  # the game's apps: one notebook for every language
            parts += [f"[{_(e.title)} →]({up}{e.path}{query})"
                      for e in (entry(root, app) for app in game.apps)
                      if (root / e.path).is_file()]
    return "---\n" + " · ".join(parts)


def has_nav(root: Path, name: str) -> bool:
    """Whether a notebook's last cell is a navigation cell (id ``nav``)."""
    nb = nbformat.read(root / name, as_version=4)
    return bool(nb.cells) and nb.cells[-1].get("id") == NAV_ID


def with_nav(root: Path, name: str, language: str = SOURCE) -> nbformat.NotebookNode:
    """The lesson with its last cell set to the generated navigation."""
    nb = nbformat.read(root / name, as_version=4)
    cell = nbformat.v4.new_markdown_cell(nav_text(root, name, language), id=NAV_ID)
    if nb.cells and nb.cells[-1].get("id") == NAV_ID:
        nb.cells[-1] = cell
    else:
        nb.cells.append(cell)
    return nb


def generated(root: Path = HERE) -> dict[Path, str]:
    """Every generated file's path and its text (the index and each lesson with its nav,
    the translated lessons too)."""
    out = {root / INDEX: nbformat.writes(index_notebook(root))}
    order = lessons(root) + ([GUIDE] if (root / GUIDE).is_file() else [])
    order += [name for game in GAMES if game.lessons for name in game_lessons(root, game)
              if has_nav(root, name)]  # a game's own lesson: once it has a nav cell
    for name in order:
        out[root / name] = nbformat.writes(with_nav(root, name))
    for language in languages(root)[1:]:
        for name in order:
            if (found := translated(root, language, name)) is not None:
                out[root / found] = nbformat.writes(with_nav(root, found, language))
    return {path: text if text.endswith("\n") else text + "\n" for path, text in out.items()}


def stale(root: Path = HERE) -> list[Path]:
    """Files whose committed text differs from the generated one."""
    return [path for path, text in generated(root).items()
            if not path.is_file() or path.read_text(encoding="utf-8") != text]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report stale files")
    parser.add_argument("--root", type=Path, default=HERE, help="the lessons folder")
    args = parser.parse_args(argv)
    if args.check:
        out_of_date = stale(args.root)
        for path in out_of_date:
            print(f"{path.name} is out of date: run python lessons/make_index.py")
        return 1 if out_of_date else 0
    for path, text in generated(args.root).items():
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
