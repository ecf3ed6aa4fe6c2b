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
