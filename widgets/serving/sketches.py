"""Each page's drawing before Python is ready, made ahead of time (issue 33, item 1).

For every page that shows widgets, in each language and on each host (the served kit, the
static site), the page's notebook runs in a real kernel as Voila runs it
(:func:`widgets.serving.page_runner.open_page`), and :func:`widgets.core.sketch.sketch` draws every
widget each cell displayed. The drawings are stored in ``data/sketches/<host>/<page>.json``
as ``{"key", "css", "cells": {language: {cell index: html}}}`` (``css``: the style sheets
the drawings had, once for the page) (the cell index Voila's
template gives, ``cell-index``, counting from 1); the kit's template shows them in place
until the live widgets are drawn (:func:`page_sketches`, from the ``page_config_hook``), and
the site's build writes them into each page (``scripts/site/first_paint.py``).

A page's ``key`` hashes its notebook, the kit's files the pages' kernels imported
(``sources.json``) and its data files (:data:`DATA`):
``python -m widgets.serving.sketches`` remakes only the pages whose key changed
(``--check``: says which are stale, makes nothing).

>>> stored_path("zh-CN/01-first-program.ipynb", "static").relative_to(SKETCHES).as_posix()
'static/zh-CN/01-first-program.ipynb.json'
>>> sorted(page_sketches("no-such-page.ipynb"))
[]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from pathlib import Path
from typing import Any

from widgets.serving import CONFIG_DIR, DATA_DIR, page_runner

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
SKETCHES = DATA_DIR / "sketches"
HOSTS = ("served", "static")
#: The kit's own packages: only their files key the drawings (:func:`sources_hash`).
KIT_PACKAGES = ("lnb", "widgets", "classroom")
STYLE = re.compile(r"<style\b[^>]*>(.*?)</style\s*>", re.S | re.I)
#: What a drawing is made of besides the code the pages import (``sources.json``, the kit's
#: files the kernels imported): editions, catalogs, the apps' scripts and styles. A change
#: to any remakes every page's drawing (most pages import most of them).
DATA = ("lnb/**/*.json", "lnb/**/*.toml", "lnb/**/*.po", "widgets/**/*.js", "widgets/**/*.css")


def removed_tags(host: str) -> frozenset[str]:
    """The tags of the cells ``host`` leaves out of a page: the served kit's Voila removes
    the lessons' pin cells (``voila.json``), so its ``cell-index`` counts without them; the
    site keeps every cell.

    >>> sorted(removed_tags("served")), sorted(removed_tags("static"))
    (['pin'], [])
    """
    if host != "served":
        return frozenset()
    config = json.loads((CONFIG_DIR / "voila.json").read_text(encoding="utf-8"))
    return frozenset(config.get("TagRemovePreprocessor", {}).get("remove_cell_tags", ()))


def shown_indices(cells: list[Any], removed: frozenset[str]) -> list[int | None]:
    """For each code cell of a notebook, its ``cell-index`` on a page that leaves out the
    cells tagged ``removed`` (counting every kept cell from 1), or None if it is left out.

    >>> md, code, pin = ({"cell_type": "markdown"}, {"cell_type": "code"},
    ...                  {"cell_type": "code", "metadata": {"tags": ["pin"]}})
    >>> shown_indices([md, code, pin, md, code], frozenset({"pin"}))
    [2, None, 4]
    """
    shown, indices = 0, []
    for cell in cells:
        dropped = bool(removed & set(cell.get("metadata", {}).get("tags", ())))
        shown += not dropped
        if cell["cell_type"] == "code":
            indices.append(None if dropped else shown)
    return indices


def stored_path(page: str, host: str) -> Path:
    """Where the drawings of ``lessons/<page>`` on ``host`` are kept."""
    return SKETCHES / host / f"{page}.json"


@cache
def _read(path: Path, stamp: float) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def page_sketches(page: str, host: str = "served") -> dict[str, dict[str, str]]:
    """``{language: {cell index: html}}`` for ``lessons/<page>`` ({} when none is stored)."""
    path = stored_path(page, host)
    if not path.is_file():
        return {}
    return dict(_read(path, path.stat().st_mtime).get("cells", {}))


# -- in the page's kernel -------------------------------------------------------------------

def kernel_sketches(cells: dict[str, list[str]]) -> str:
    """(Kernel side.) JSON of ``{"cells": {index: html}, "files": [...]}``: the drawing of
    the widgets each cell displayed (``cells``: cell index → model ids) and the kit's files
    the kernel imported."""
    from ipywidgets.widgets.widget import _instances

    from widgets.core.sketch import frame, sketch

    drawn = {}
    for index, ids in cells.items():
        parts = [sketch(_instances[m]) for m in ids if m in _instances]
        if any(parts):
            drawn[index] = frame(parts)
    files = sorted({Path(module.__file__).resolve().relative_to(REPO).as_posix()
                    for module in list(sys.modules.values())
                    if getattr(module, "__file__", None)
                    and Path(module.__file__).resolve().is_relative_to(REPO)
                    and _kits_own(Path(module.__file__).resolve().relative_to(REPO))})
    return json.dumps({"cells": drawn, "files": files})


# -- ahead of time ----------------------------------------------------------------------------

def _kits_own(path: Path) -> bool:
    """Whether a file (relative to the checkout) is the kit's own code, not an installed
    library's: a library's version may differ from one install to the next, and the drawings
    stay what they are.

    >>> _kits_own(Path("widgets/core/sketch.py")), _kits_own(Path(".venv/lib/x.py"))
    (True, False)
    """
    return bool(path.parts) and path.parts[0] in KIT_PACKAGES


def imported() -> list[str]:
    """The kit's files the pages' kernels imported when they were drawn (``sources.json``)."""
    path = SKETCHES / "sources.json"
    return list(json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else []


@cache
def sources_hash(files: tuple[str, ...] | None = None) -> str:
    """The hash of the kit's files the pages import (default: :func:`imported`) and its data
    files (:data:`DATA`), as they are now."""
    digest = hashlib.sha256()
    paths = [REPO / name for name in (imported() if files is None else files)
             if _kits_own(Path(name))]
    paths += [path for pattern in DATA for path in sorted(REPO.glob(pattern))]
    for path in paths:
        if SKETCHES not in path.parents and path != Path(__file__).resolve():
            digest.update(path.relative_to(REPO).as_posix().encode())
            digest.update(path.read_bytes() if path.is_file() else b"(gone)")
    return digest.hexdigest()


def key_of(page: str) -> str:
    """The hash of the page's notebook and the kit's sources, as they are now."""
    digest = hashlib.sha256((LESSONS / page).read_bytes())
    digest.update(sources_hash().encode())
    return digest.hexdigest()


def is_current(page: str, host: str) -> bool:
    """Whether the stored drawings of the page were made from the kit as it is now."""
    path = stored_path(page, host)
    if not path.is_file():
        return False
    return json.loads(path.read_text(encoding="utf-8")).get("key") == key_of(page)


def every_page() -> list[str]:
    """The pages that show widgets: English ones, then the translated lessons."""
    return page_runner.widget_pages() + page_runner.translated_lessons()


def languages_of(page: str) -> tuple[str, ...]:
    """The languages a page is shown in: a translated lesson its own, others each."""
    folder = page.split("/")[0] if "/" in page else ""
    return (folder,) if folder else ("en", "zh-CN")


def draw(page: str, language: str, host: str, home: Path) -> dict[str, Any]:
    """Run the page in a fresh kernel and draw what each cell displayed."""
    import nbformat

    nb = nbformat.read(LESSONS / page, as_version=4)
    code = shown_indices(nb.cells, removed_tags(host))
    with page_runner.open_page(page, language, home, host=host) as opened:
        cells: dict[str, list[str]] = {}
        for index, cell in zip(code, opened.client.nb.cells[:opened.cells], strict=True):
            ids = [out["data"]["application/vnd.jupyter.widget-view+json"]["model_id"]
                   for out in cell.get("outputs", ())
                   if "application/vnd.jupyter.widget-view+json" in out.get("data", {})]
            if ids and index is not None:
                cells[str(index)] = ids
        printed = opened.run("from widgets.serving.sketches import kernel_sketches as _ks\n"
                             f"print(_ks({json.dumps(cells)}))")
    return dict(json.loads(printed.strip().splitlines()[-1]))


def make(page: str, host: str) -> tuple[dict[str, Any], list[str]]:
    """Draw the page in each of its languages on ``host``: what to store (but its key) and
    the kit's files its kernels imported."""
    cells: dict[str, dict[str, str]] = {}
    files: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="lnb-sketch-") as home:
        for language in languages_of(page):
            found = draw(page, language, host, Path(home))
            cells[language] = found["cells"]
            files |= set(found["files"])
    return {"css": shared_styles(cells), "cells": cells}, sorted(files)


def store(page: str, host: str, drawn: dict[str, Any]) -> Path:
    """Store a page's drawings with its key (the kit as it is now)."""
    path = stored_path(page, host)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"key": key_of(page), **drawn}, ensure_ascii=False, indent=0,
                               sort_keys=True) + "\n", encoding="utf-8")
    return path


def shared_styles(cells: dict[str, dict[str, str]]) -> str:
    """Take the style sheets out of the drawings (the kit's, drawn in every cell): their
    rules once, for the whole page.

    >>> cells = {"en": {"2": "<div><style>a{}</style>x</div>", "3": "<style>a{}</style>y"}}
    >>> shared_styles(cells), cells
    ('a{}', {'en': {'2': '<div>x</div>', '3': 'y'}})
    """
    found: list[str] = []
    for drawn in cells.values():
        for index, html in drawn.items():
            for rules in STYLE.findall(html):
                if rules not in found:
                    found.append(rules)
            drawn[index] = STYLE.sub("", html)
    return "\n".join(found)


def page_css(page: str, host: str = "served") -> str:
    """The rules of the style sheets the page's drawings had ('' when none is stored)."""
    path = stored_path(page, host)
    if not path.is_file():
        return ""
    return str(_read(path, path.stat().st_mtime).get("css", ""))


def stale(pages: list[str], hosts: tuple[str, ...]) -> Iterator[tuple[str, str]]:
    """(page, host) of every drawing that is missing or not current."""
    for page in pages:
        for host in hosts:
            if not is_current(page, host):
                yield page, host


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="*", help="pages under lessons/ (default: every page)")
    parser.add_argument("--host", choices=HOSTS, action="append",
                        help="served or static (default: both)")
    parser.add_argument("--check", action="store_true", help="only say which are stale")
    parser.add_argument("--workers", type=int, default=2, help="kernels at a time")
    parser.add_argument("--again", action="store_true",
                        help="draw every page again, current or not (after a change to this "
                             "module, which no key holds)")
    args = parser.parse_args(argv)
    pages, hosts = args.pages or every_page(), tuple(args.host or HOSTS)
    todo = ([(page, host) for page in pages for host in hosts] if args.again
            else list(stale(pages, hosts)))
    if args.check:
        for page, host in todo:
            print(f"stale: {host} {page}")
        return 1 if todo else 0
    with ThreadPoolExecutor(max_workers=max(1, args.workers)) as pool:
        made = list(pool.map(lambda job: make(*job), todo))
    # the files every page imported, then each page's key from them (a page drawn earlier
    # whose key changes with a file listed now is drawn again on the next run)
    listed = sorted(name for name in set(imported()).union(*(files for _drawn, files in made))
                    if _kits_own(Path(name)))
    SKETCHES.mkdir(parents=True, exist_ok=True)
    (SKETCHES / "sources.json").write_text(json.dumps(listed, indent=0) + "\n",
                                           encoding="utf-8")
    sources_hash.cache_clear()
    for (page, host), (drawn, _files) in zip(todo, made, strict=True):
        print(f"drew {store(page, host, drawn).relative_to(REPO)}", flush=True)
    print(f"sketches: {len(todo)} drawn, the rest current")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
