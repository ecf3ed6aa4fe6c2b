"""The teacher's docs in 简体中文 (``docs/zh-CN/``) keep up with the English ones.

A Chinese page has the same ``##`` and ``###`` headings, counted, as its English twin, so an
English section added without its Chinese one fails here; and every local link of a Chinese page
points at a file and, with ``#``, at a heading that exists.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
ZH = DOCS / "zh-CN"
# The English docs a Chinese teacher needs, each with a twin in docs/zh-CN/.
TWINNED = ("install.md", "deploy.md", "classroom.md", "rooms.md")
LINK = re.compile(r"\]\(([^)\s]+)\)")


def outline(text: str) -> Counter[str]:
    """How many headings of each level outside code blocks.

    >>> sorted(outline("# T\\n## a\\n```\\n## not\\n```\\n### b\\n## c\\n").items())
    [('#', 1), ('##', 2), ('###', 1)]
    """
    counts: Counter[str] = Counter()
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"(#{1,6}) \S", line)):
            counts[match.group(1)] += 1
    return counts


def anchors(text: str) -> set[str]:
    """The ids GitHub gives a page's headings.

    >>> sorted(anchors("## 全校共用一个数据库\\n## BinderHub（不用账号，什么都不保存）\\n"))
    ['binderhub不用账号什么都不保存', '全校共用一个数据库']
    """
    found = set()
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#{1,6} (.+)", line)):
            title = match.group(1).strip().lower()
            found.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return found


@pytest.mark.parametrize("name", TWINNED)
def test_every_english_teachers_doc_has_a_chinese_twin_with_its_headings(name: str) -> None:
    twin = ZH / name
    assert twin.exists(), f"docs/{name} has no Chinese twin: translate it into docs/zh-CN/{name}"
    english, chinese = (outline(p.read_text(encoding="utf-8")) for p in (DOCS / name, twin))
    for level in ("##", "###"):
        assert english[level] == chinese[level], (
            f"docs/{name} has {english[level]} '{level}' headings, docs/zh-CN/{name} "
            f"{chinese[level]}: translate the English sections added or removed since"
        )


@pytest.mark.parametrize("page", sorted(ZH.glob("*.md")), ids=lambda p: p.name)
def test_local_links_of_the_chinese_docs_reach_their_file_and_heading(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        assert file.exists(), f"{page.name} links to {target}, which is not a file"
        if anchor and file.suffix == ".md":
            assert anchor in anchors(file.read_text(encoding="utf-8")), (
                f"{page.name} links to {target}: {file.name} has no heading with that id"
            )


def test_english_docs_link_to_their_chinese_twin() -> None:
    for name in TWINNED:
        if (ZH / name).exists():
            assert f"(zh-CN/{name})" in (DOCS / name).read_text(encoding="utf-8"), (
                f"docs/{name} does not link to zh-CN/{name}: add a line '简体中文：[zh-CN/{name}]'"
            )
