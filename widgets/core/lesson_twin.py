"""A lesson shown in a language it is not written in says so at its top, and links its twin.

A lesson's words are its notebook's (English in ``lessons/``, 简体中文 in ``lessons/zh-CN/``);
its widgets follow the page's language (``?lang=``, the pupil's remembered choice, the
browser). So ``02-place-value.ipynb?lang=zh-CN`` would show Chinese buttons inside English
text. :func:`lesson_note` gives that page a note in the page's language, before the lesson's
first widget: where the lesson is written in that language too (its twin, ``zh-CN/…``), a link
to it; where it is not, that the lesson's text stays in the language it is written in. The
pupil stays on the page they opened (nothing moves under them) and is one click from the
lesson they can read.

A page is a lesson when its notebook has the navigation cell ``lessons/make_index.py`` writes
into every lesson (id ``nav``); the apps (the game, the puzzles, the dashboard) are wholly
in every language and say nothing.

>>> from lnb.core.i18n import use_language
>>> page = {"SCRIPT_NAME": "/voila/render/02-place-value.ipynb"}
>>> with use_language("zh-CN"):
...     note = lesson_note(page, LESSONS)
>>> 'href="zh-CN/02-place-value.ipynb?lang=zh-CN"' in note, "简体中文" in note
(True, True)
>>> lesson_note(page, LESSONS) is None  # English, as the lesson is written
True
"""

from __future__ import annotations

import html
import json
import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from lnb.core.i18n import PSEUDO, SOURCE, _, available_languages, current_language, tag
from widgets.core.remembered import language_name

#: The kit's lessons folder (the pages the kit serves).
LESSONS = Path(__file__).resolve().parents[2] / "lessons"
#: The id of the navigation cell every lesson has (``lessons/make_index.py``'s ``NAV_ID``).
NAV_ID = "nav"


def written_in(folder: Path) -> str:
    """The language of the lessons in ``folder``: a translation's folder is named by its
    language's tag (``zh-CN``), any other holds the English lessons.

    >>> written_in(LESSONS / "zh-CN"), written_in(LESSONS)
    ('zh_CN', 'en')
    """
    by_tag = {tag(language): language for language in available_languages()
              if language not in (SOURCE, PSEUDO)}
    return by_tag.get(folder.name, SOURCE)


def is_lesson(notebook: Path) -> bool:
    """Whether ``notebook`` is a lesson (it has the navigation cell), not an app.

    >>> is_lesson(LESSONS / "03-multiply-divide.ipynb"), is_lesson(LESSONS / "puzzles.ipynb")
    (True, False)
    """
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return False
    return any(isinstance(cell, dict) and cell.get("id") == NAV_ID for cell in cells)


def twin_of(folder: Path, name: str, language: str) -> str | None:
    """The link from a lesson in ``folder`` to the same lesson written in ``language``
    (relative to the page, with its ``?lang=``), or None when there is none.

    >>> twin_of(LESSONS, "01-first-program.ipynb", "zh_CN")
    'zh-CN/01-first-program.ipynb?lang=zh-CN'
    >>> twin_of(LESSONS / "zh-CN", "01-first-program.ipynb", "en")
    '../01-first-program.ipynb?lang=en'
    >>> twin_of(LESSONS, "no-such-lesson.ipynb", "zh_CN") is None
    True
    """
    root, up = (folder, "") if written_in(folder) == SOURCE else (folder.parent, "../")
    inside = "" if language == SOURCE else f"{tag(language)}/"
    if not (root / inside / name).is_file():
        return None
    return f"{up}{inside}{name}?lang={tag(language)}"


def lesson_note(environ: Mapping[str, str] = os.environ, folder: Path | None = None
                ) -> str | None:
    """The note for this page (HTML, in the page's language), or None: the page is not a
    lesson, or it is shown in the language it is written in.

    ``environ`` is the page request's (Voila's ``SCRIPT_NAME``: ``/voila/render/NB``);
    ``folder`` the notebook's folder (a page's kernel runs there: the working directory).

    >>> from lnb.core.i18n import use_language
    >>> with use_language("zh-CN"):
    ...     print(lesson_note({"SCRIPT_NAME": "/voila/render/lessons/no-twin.ipynb"}, LESSONS))
    None
    """
    language = current_language()
    name = PurePosixPath(environ.get("SCRIPT_NAME", "")).name
    folder = Path.cwd() if folder is None else folder
    if language == PSEUDO or not name.endswith(".ipynb") or language == written_in(folder):
        return None
    if not is_lesson(folder / name):
        return None
    link = twin_of(folder, name, language)
    name_of = language_name(language)
    if link is None:
        if written_in(folder) != SOURCE:  # a translation always has its English lesson
            return None
        text = html.escape(_("This lesson is not written in {language} yet: its text is in "
                             "English, its buttons and feedback in {language}.").format(
            language=name_of))
    else:
        text = "{said} <a href=\"{href}\">{go}</a>".format(
            said=html.escape(_("This lesson is written in {language} too.").format(
                language=name_of)),
            href=html.escape(link), go=html.escape(_("Open it in {language} →").format(
                language=name_of)))
    return (f'<div class="lnb-lesson-twin" lang="{tag(language)}" role="note" style="'
            "border: 2px solid #1f6feb; border-radius: 6px; padding: 0.6em 0.9em; "
            f'margin: 0.4em 0 1em; font-size: 1.1em; background: #eef5ff">{text}</div>')


def show_lesson_note(environ: Mapping[str, str] = os.environ) -> None:
    """Display :func:`lesson_note` where the page is (a lesson's first code cell imports the
    kit's widgets), if there is one."""
    note = lesson_note(environ)
    if note is not None:
        from IPython.display import HTML, display

        display(HTML(note))
