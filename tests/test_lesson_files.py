"""The lessons as files: generated navigation is up to date, each lesson keeps the house rules.

Running them is nbval's job (``pytest --nbval-lax lessons``); opening them in a browser is
``tests/browser/test_pages.py``'s (one load per page and language).
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
spec = importlib.util.spec_from_file_location("make_index", LESSONS / "make_index.py")
assert spec is not None and spec.loader is not None
make_index = importlib.util.module_from_spec(spec)
sys.modules["make_index"] = make_index
spec.loader.exec_module(make_index)

OURS = [*make_index.lessons(LESSONS), make_index.GUIDE]
WIDGET_MODULES = re.compile(r"from widgets[.\w]* import|import ipywidgets")
ARITHMETIC = re.compile(r"\d+ [+−×÷] \d+ = \d+")


def test_the_lessons_are_all_there() -> None:
    assert make_index.lessons(LESSONS) == [
        "01-first-program.ipynb", "02-place-value.ipynb", "03-multiply-divide.ipynb",
        "04-working-backwards.ipynb", "05-shortest-programs.ipynb", "06-fair-shares.ipynb",
        "07-playing-the-game.ipynb", "08-factors-multiples-primes.ipynb",
        "09-undo-a-program.ipynb",
    ]
    assert (LESSONS / make_index.GUIDE).is_file()


def test_committed_navigation_equals_the_generated_one() -> None:
    stale = make_index.stale(LESSONS)
    assert not stale, f"run python lessons/make_index.py: {[p.name for p in stale]} differ"


def test_the_index_links_every_lesson_app_and_guide() -> None:
    index = nbformat.read(LESSONS / make_index.INDEX, as_version=4)
    text = index.cells[0].source
    for name in [*OURS, *make_index.APPS]:
        if (LESSONS / name).is_file():
            title = make_index.entry(LESSONS, name).title
            assert f"[{title}]({name})" in text


def test_navigation_is_regenerated_when_a_title_changes(tmp_path: Path) -> None:
    for name in ["01-first-program.ipynb", "02-place-value.ipynb"]:
        (tmp_path / name).write_bytes((LESSONS / name).read_bytes())
    nb = nbformat.read(tmp_path / "02-place-value.ipynb", as_version=4)
    nb.cells[0].source = nb.cells[0].source.replace("# Swap and copy the digits", "# Swap it")
    nbformat.write(nb, tmp_path / "02-place-value.ipynb")
    assert make_index.main(["--root", str(tmp_path), "--check"]) == 1
    assert make_index.main(["--root", str(tmp_path)]) == 0
    assert make_index.stale(tmp_path) == []
    assert "[Swap it →](02-place-value.ipynb)" in (tmp_path / "01-first-program.ipynb").read_text()


@pytest.mark.parametrize("name", OURS)
def test_lesson_keeps_the_house_rules(name: str) -> None:
    nb = nbformat.read(LESSONS / name, as_version=4)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    heading = first.source.splitlines()[0]
    assert heading.startswith("# ") and heading[2].isupper()
    for part in ("**What you'll do:**", "**What you'll learn:**", "**What you'll need:**"):
        assert part in first.source, f"{name}: first cell lacks {part}"
    code = [c for c in nb.cells if c.cell_type == "code"]
    for cell in code:
        assert cell.outputs == [] and cell.execution_count is None, f"{name}: outputs stored"
    assert any(WIDGET_MODULES.search(c.source) for c in code), f"{name}: no widget"
    assert any("assert " in c.source for c in code), f"{name}: no pinned worked example"
    assert nb.cells[-1].id == make_index.NAV_ID


@pytest.mark.parametrize("name", [n for n in OURS if n.startswith("0")])
def test_pupil_lessons_have_exercises_and_visible_arithmetic(name: str) -> None:
    nb = nbformat.read(LESSONS / name, as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert "Exercise" in text or "exercise(" in text, f"{name}: no exercise"
    # a bank exercise's hints are in its bank file (tests/test_lesson_twins.py checks them)
    assert "hints=" in text or "for_puzzle" in text or "exercise(" in text, f"{name}: no hints"
    assert ARITHMETIC.search(text), f"{name}: no arithmetic written out like 55 + 5 = 60"


PIN = re.compile(r"^\s*assert\b", re.M)


@pytest.mark.parametrize("name", sorted(  # the translated lessons (lessons/zh-CN/...) too
    p.relative_to(LESSONS).as_posix() for p in LESSONS.rglob("*.ipynb")
    if not any(part.startswith(".") for part in p.relative_to(LESSONS).parts)))
def test_pinned_worked_examples_are_tagged_and_hidden(name: str) -> None:
    """A cell pinning a worked example with ``assert`` is for CI, not for pupils: tagged
    ``pin`` and its source hidden in JupyterLab (Voila shows no source at all); nbval still
    runs it."""
    nb = nbformat.read(LESSONS / name, as_version=4)
    for cell in nb.cells:
        pinned = cell.cell_type == "code" and bool(PIN.search(cell.source))
        tagged = "pin" in cell.metadata.get("tags", [])
        assert pinned == tagged, f"{name} cell {cell.id}: an assert cell is tagged pin, only"
        if pinned:
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, (
                f"{name} cell {cell.id}: hide its source (metadata jupyter.source_hidden)")
            assert "nbval-skip" not in cell.metadata.get("tags", [])


#: The pages with no twin in lessons/zh-CN (the apps, the rooms, the teacher's page) but the
#: landing page (``tests/test_landing_page.py``): one notebook for every language.
ONE_FOR_ALL = sorted(p.name for p in LESSONS.glob("*.ipynb")
                     if not (LESSONS / "zh-CN" / p.name).exists() and p.name != "index.ipynb")


def test_every_app_of_the_index_is_one_page_for_all_languages() -> None:
    assert {*make_index.APPS, "dream.ipynb", "museum.ipynb"} <= set(ONE_FOR_ALL)


@pytest.mark.parametrize("name", ONE_FOR_ALL)
def test_an_apps_page_speaks_every_language_of_the_kit(name: str) -> None:
    """What a pupil reads around an app (its Markdown) is a block per language, shown by
    ``<html lang>`` as on the landing page; the code cells are the same for all (the
    museum's page once had its words in English only)."""
    nb = nbformat.read(LESSONS / name, as_version=4)
    markdown = [c.source for c in nb.cells if c.cell_type == "markdown"]
    assert markdown and markdown[0].startswith(make_index.language_css(LESSONS))
    for text in markdown:
        tags = re.findall(r'<div class="lnb-lang-block" lang="([^"]+)">', text)
        assert tags == [make_index.tag(lang) for lang in make_index.languages(LESSONS)], text
        assert text.count("</div>") >= len(tags)
    chinese = "\n".join(text.split('lang="zh-CN">', 1)[1] for text in markdown)
    assert len(re.findall(r"[\u4e00-\u9fff]", chinese)) > 50
