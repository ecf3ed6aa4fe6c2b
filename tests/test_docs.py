"""The docs a teacher reads: the rules and the record format live inside the project, equal to
the project's own sources where those are beside the checkout, and every local link works."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"


@pytest.mark.parametrize("copy,source", [("docs/rules.md", "RULES.md"),
                                         ("docs/game-record.md", "GAME-RECORD.md")])
def test_the_rules_in_docs_are_the_projects(copy: str, source: str) -> None:
    text = (ROOT / copy).read_text("utf-8")
    first, _, body = text.partition("\n")
    assert first.startswith("<!--") and body.startswith("# ")
    if (SHARED / source).exists():  # beside a checkout of the project (and in CI)
        assert body == (SHARED / source).read_text("utf-8")


def test_local_links_in_readme_and_docs_point_at_files() -> None:
    missing = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)#\s]+)[^)]*\)", page.read_text("utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (page.parent / target).exists():
                missing.append(f"{page.name}: {target}")
    assert not missing


def glossary_rows() -> list[tuple[str, list[str]]]:
    """(section, cells) of every table row of docs/glossary.md under its ``## `` section."""
    rows, section = [], ""
    for line in (ROOT / "docs/glossary.md").read_text("utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        elif line.startswith("| ") and not line.startswith(("| English |", "| --- |")):
            rows.append((section, [c.strip() for c in line.strip().strip("|").split("|")]))
    return rows


def test_the_glossary_gives_one_word_per_term_in_each_game() -> None:
    """Every row is English | 简体中文 | notes, with both words; within one game's section an
    English term has one Chinese word (a pupil meets one word for one thing)."""
    seen: dict[tuple[str, str], str] = {}
    for section, cells in glossary_rows():
        assert len(cells) == 3 and cells[0] and cells[1], (section, cells)
        key = (section, cells[0].lower())
        assert seen.setdefault(key, cells[1]) == cells[1], f"{section}: {cells[0]} twice"
    sections = {section for section, _cells in glossary_rows()}
    assert {"Lovelace & Babbage", "Ada Lovelace: Consulting Mathematician (咨询数学家)",
            "Ada's Dream (艾达之梦)"} <= sections


def test_translating_names_every_catalog_of_the_kit() -> None:
    from lnb.core.i18n import DOMAINS

    text = (ROOT / "docs/translating.md").read_text("utf-8")
    for part, folders in DOMAINS.items():
        assert f"`{part}`" in text, part
        assert all(f"`{folder}`" in text for folder in folders), part
