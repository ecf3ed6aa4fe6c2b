"""The landing page in every language of the kit (lessons/make_index.py, lessons/index.ipynb).

The browser side (a block shown per ``<html lang>``, the switch) is in
tests/browser/test_pages.py; here the generated notebook itself.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

from lnb.core.i18n import available_languages, tag, use_language
from widgets.core.remembered import language_name

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
spec = importlib.util.spec_from_file_location("make_index", LESSONS / "make_index.py")
assert spec is not None and spec.loader is not None
make_index = importlib.util.module_from_spec(spec)
sys.modules.setdefault("make_index", make_index)
spec.loader.exec_module(make_index)

INDEX = nbformat.read(LESSONS / make_index.INDEX, as_version=4)
HAN = re.compile(r"[\u4e00-\u9fff]")


def block(language: str) -> str:
    cell_id = "index" if language == "en" else f"index-{tag(language)}"
    return next(c.source for c in INDEX.cells if c.id == cell_id)


def test_one_block_per_language_and_the_switch_last() -> None:
    assert [c.id for c in INDEX.cells] == [
        "index", *(f"index-{tag(lang)}" for lang in available_languages() if lang != "en"),
        make_index.SWITCH_ID]
    for language in available_languages():
        text = block(language)
        assert f'<div class="lnb-lang-block" lang="{tag(language)}">' in text
        assert text.rstrip().endswith("</div>")
    switch = INDEX.cells[-1]
    assert switch.cell_type == "code" and switch.outputs == []
    assert "LanguageSwitch(" in switch.source and "page_language()" in switch.source


def test_every_block_links_the_page_in_the_other_languages() -> None:
    for shown in available_languages():
        text = block(shown)
        for language in available_languages():
            if language == shown:
                assert f"**{language_name(language)}**" in text
            else:
                assert f'href="index.ipynb?lang={tag(language)}"' in text


def test_a_translated_lesson_is_beside_the_english_one_and_instead_of_it() -> None:
    folder = LESSONS / "zh-CN"
    translations = sorted(p.name for p in folder.glob("*.ipynb"))
    assert translations, "no lesson in lessons/zh-CN"
    english, chinese = block("en"), block("zh_CN")
    for name in translations:
        title = make_index.entry(LESSONS, name).title
        assert re.search(rf"\[{re.escape(title)}\]\({re.escape(name)}\)\*\* · "
                         rf'<a href="zh-CN/{re.escape(name)}\?lang=zh-CN" lang="zh-CN">'
                         "简体中文</a>", english)
        chinese_title = make_index.entry(LESSONS, f"zh-CN/{name}").title
        assert f"[{chinese_title}](zh-CN/{name}?lang=zh-CN)" in chinese
        assert f"]({name}" not in chinese  # not the English one as well


def test_the_chinese_block_speaks_chinese() -> None:
    text = block("zh_CN")
    with use_language("zh-CN"):
        descriptions = [game.description for game in make_index.GAMES]
        for words in ("Three games about Ada Lovelace: lessons and apps", "Lessons",
                      "For teachers", *descriptions):
            translated = make_index._(words)
            assert translated != words and HAN.search(translated)
            assert translated in text
    # the lessons not yet translated are said to be in English, and open with ?lang=zh-CN
    for name in make_index.lessons(LESSONS):
        if not (LESSONS / "zh-CN" / name).is_file():
            assert f"]({name}?lang=zh-CN)**（英文）" in text
    for name in [app for game in make_index.GAMES for app in game.apps]:
        assert f"]({name}?lang=zh-CN)**：" in text


@pytest.mark.parametrize("name", [app for game in make_index.GAMES for app in game.apps])
def test_the_apps_titles_are_in_the_catalog(name: str) -> None:
    """The apps' notebooks are English only: their title and summary are translated by the
    lessons catalog (make_index.APP_WORDS), which must follow a changed title."""
    e = make_index.entry(LESSONS, name)
    assert e.title in make_index.APP_WORDS and e.summary in make_index.APP_WORDS
    with use_language("zh-CN"):
        assert HAN.search(make_index._(e.title)) and HAN.search(make_index._(e.summary))


def test_the_page_shows_one_block_for_the_page_language() -> None:
    css = make_index.language_css(LESSONS)
    for language in available_languages():
        assert (f"html:lang({tag(language)}) .lnb-lang-block:not(:lang({tag(language)})) "
                "{ display: none; }") in css
    assert block("en").startswith(css)


ALL_APPS = [app for game in make_index.GAMES for app in game.apps]
LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")


def links(text: str) -> list[str]:
    """Every link of a block (Markdown and HTML), as written."""
    return [a or b for a, b in LINK.findall(text)]


@pytest.mark.parametrize("language", available_languages())
def test_every_link_of_the_page_opens_an_existing_notebook(language: str) -> None:
    found = links(block(language))
    assert len(found) > 15
    for link in found:
        path, _, query = link.partition("?")
        assert path.endswith(".ipynb") and (LESSONS / path).is_file(), f"{link}: no such notebook"
        if language != "en" and path != make_index.INDEX:
            assert query == f"lang={tag(language)}", f"{link} loses the page's language"


def test_each_game_is_a_section_with_its_description_its_apps_and_its_lessons() -> None:
    for language in available_languages():
        text = block(language)
        with use_language(language):
            heads = [text.index(f"## {make_index._(game.title)}\n") for game in make_index.GAMES]
            assert heads == sorted(heads), "the games in GAMES's order"
            for i, game in enumerate(make_index.GAMES):
                end = heads[i + 1] if i + 1 < len(heads) else text.index("## " + make_index._(
                    "For teachers"))
                section = text[heads[i]:end]
                assert f"\n\n{make_index._(game.description)}\n\n" in section
                names = list(dict.fromkeys(  # a lesson and its translation beside it: once
                    p.partition("?")[0].rsplit("/", 1)[-1] for p in links(section)))
                assert [n for n in names if n in game.apps] == list(game.apps)
                assert [n for n in names if n not in game.apps] == make_index.game_lessons(
                    LESSONS, game)
    assert ALL_APPS == ["play.ipynb", "puzzles.ipynb", "museum.ipynb", "museum-room.ipynb",
                        "dream.ipynb"]
    assert make_index.game_lessons(LESSONS, make_index.GAMES[1]) == [
        "museum-turn-and-flip.ipynb", "museum-area.ipynb", "museum-chance.ipynb",
        "museum-chance-three-ways.ipynb", "museum-reroll.ipynb"]


@pytest.mark.parametrize("name", sorted(p.name for p in (LESSONS / "zh-CN").glob("*.ipynb")))
def test_a_translated_lessons_navigation_keeps_its_language(name: str) -> None:
    nb = nbformat.read(LESSONS / "zh-CN" / name, as_version=4)
    nav = nb.cells[-1]
    assert nav.id == make_index.NAV_ID
    found = links(nav.source)
    assert "../index.ipynb?lang=zh-CN" in found and "全部课程" in nav.source
    for link in found:
        path, _, query = link.partition("?")
        assert query == "lang=zh-CN" and (LESSONS / "zh-CN" / path).resolve().is_file(), link
