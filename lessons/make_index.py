"""Generate the lessons' navigation: ``index.ipynb`` and the links at the end of each lesson.

Navigation is generated, never kept by hand. Each notebook's first Markdown cell gives its
title (the ``# `` line) and summary (the *What you'll do* line). The numbered lessons
(``01-…ipynb``) come in order, then the apps (``play.ipynb``, ``puzzles.ipynb``), then the
teacher's guide. The last cell of every lesson and of the guide (id ``nav``) links the
previous lesson, the index and the next one.

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

HERE = Path(__file__).resolve().parent
INDEX = "index.ipynb"
GUIDE = "teachers-guide.ipynb"
APPS = ("play.ipynb", "puzzles.ipynb")
NAV_ID = "nav"
LESSON_NAME = re.compile(r"^\d\d-[a-z0-9-]+\.ipynb$")
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}


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


def index_notebook(root: Path) -> nbformat.NotebookNode:
    """The landing page, linking every lesson, app and the teacher's guide."""
    lines = [
        "# Lovelace & Babbage: lessons",
        "",
        "Arithmetic with a number engine, for pupils of about 11 to 14. "
        "Work through the lessons in order, or pick one. Every lesson has something to "
        "click, questions that answer back, and hints when you are stuck.",
        "",
        "## Lessons",
        "",
    ]
    for number, name in enumerate(lessons(root), start=1):
        e = entry(root, name)
        lines.append(f"{number}. **[{e.title}]({e.path})**: {e.summary}")
    apps = [entry(root, name) for name in APPS if (root / name).is_file()]
    if apps:
        lines += ["", "## Play", ""]
        lines += [f"- **[{e.title}]({e.path})**: {e.summary}" for e in apps]
    if (root / GUIDE).is_file():
        e = entry(root, GUIDE)
        lines += ["", "## For teachers", "", f"- **[{e.title}]({e.path})**: {e.summary}"]
    lines += [
        "",
        "---",
        "*This page is made by `lessons/make_index.py` from the first cell of each lesson.*",
    ]
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell("\n".join(lines), id="index")]
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": {"name": "python"}}
    return nb


def nav_text(root: Path, name: str) -> str:
    """The links at the end of one lesson: previous, all lessons, next."""
    order = lessons(root) + ([GUIDE] if (root / GUIDE).is_file() else [])
    i = order.index(name)
    parts = []
    if i > 0:
        e = entry(root, order[i - 1])
        parts.append(f"[← {e.title}]({e.path})")
    parts.append(f"[All lessons]({INDEX})")
    if i + 1 < len(order):
        e = entry(root, order[i + 1])
        parts.append(f"[{e.title} →]({e.path})")
    return "---\n" + " · ".join(parts)


def with_nav(root: Path, name: str) -> nbformat.NotebookNode:
    """The lesson with its last cell set to the generated navigation."""
    nb = nbformat.read(root / name, as_version=4)
    cell = nbformat.v4.new_markdown_cell(nav_text(root, name), id=NAV_ID)
    if nb.cells and nb.cells[-1].get("id") == NAV_ID:
        nb.cells[-1] = cell
    else:
        nb.cells.append(cell)
    return nb


def generated(root: Path = HERE) -> dict[Path, str]:
    """Every generated file's path and its text (the index and each lesson with its nav)."""
    out = {root / INDEX: nbformat.writes(index_notebook(root))}
    for name in lessons(root) + ([GUIDE] if (root / GUIDE).is_file() else []):
        out[root / name] = nbformat.writes(with_nav(root, name))
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
