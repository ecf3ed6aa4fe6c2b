"""A lesson opened in a language it is not written in says so at its top (issue 30 item 3):
``01-first-program.ipynb?lang=zh-CN`` links its Chinese twin, in Chinese; a lesson with no
twin says in Chinese that its text is English; the apps, and a lesson in its own language,
say nothing (:mod:`widgets.core.lesson_twin`)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from page_trees import open_page

from lnb.core.i18n import use_language
from widgets.core.lesson_twin import LESSONS, lesson_note


def note(name: str, language: str, folder: Path = LESSONS) -> str | None:
    """The note of ``folder/name`` shown in ``language``, as Voila's request names it."""
    with use_language(language):
        return lesson_note({"SCRIPT_NAME": f"/voila/render/{name}"}, folder)


def href(html: str) -> str:
    found = re.search(r'href="([^"]+)"', html)
    assert found, html
    return found.group(1)


def test_an_english_lesson_in_chinese_links_its_chinese_twin() -> None:
    shown = note("02-place-value.ipynb", "zh-CN")
    assert shown is not None and "这一课也有简体中文版" in shown and "打开简体中文版" in shown
    link = href(shown)
    assert link == "zh-CN/02-place-value.ipynb?lang=zh-CN"
    assert (LESSONS / link.partition("?")[0]).is_file()


def test_a_chinese_lesson_in_english_links_the_english_one() -> None:
    shown = note("02-place-value.ipynb", "en", LESSONS / "zh-CN")
    assert shown is not None and "This lesson is written in English too." in shown
    assert href(shown) == "../02-place-value.ipynb?lang=en"


def test_a_lesson_in_its_own_language_and_the_apps_say_nothing() -> None:
    assert note("02-place-value.ipynb", "en") is None
    assert note("02-place-value.ipynb", "zh-CN", LESSONS / "zh-CN") is None
    assert note("02-place-value.ipynb", "en-XA") is None  # the pseudo-language's tests
    for app in ("puzzles.ipynb", "play.ipynb", "museum.ipynb", "teacher.ipynb", "index.ipynb"):
        assert note(app, "zh-CN") is None, app
    assert note("", "zh-CN") is None and note("no-such-page.ipynb", "zh-CN") is None


def test_a_lesson_with_no_twin_says_in_chinese_that_it_is_english(tmp_path: Path) -> None:
    shutil.copy(LESSONS / "02-place-value.ipynb", tmp_path / "10-new-lesson.ipynb")
    (tmp_path / "zh-CN").mkdir()
    shown = note("10-new-lesson.ipynb", "zh-CN", tmp_path)
    assert shown is not None and "href" not in shown
    assert "这一课还没有简体中文版：课文是英文的，按钮和反馈是简体中文的。" in shown
    assert 'lang="zh-CN"' in shown
    assert note("10-new-lesson.ipynb", "en", tmp_path) is None


def test_the_page_shows_the_note_above_its_first_widget(tmp_path: Path) -> None:
    """The real page: a kernel runs lesson 01 as Voila serves ``?lang=zh-CN`` (its request's
    ``SCRIPT_NAME`` too); the lesson's first code cell shows the note."""
    name = "01-first-program.ipynb"
    with open_page(name, "zh-CN", tmp_path) as page:
        first = page.client.nb.cells[0]  # the lesson's first code cell
        shown = [out["data"]["text/html"] for out in first.outputs
                 if "text/html" in out.get("data", {})]
    assert any("这一课也有简体中文版" in html and href(html) == f"zh-CN/{name}?lang=zh-CN"
               for html in shown), first.outputs
