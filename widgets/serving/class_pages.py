"""The pages of today's class, kept ready: their shares of preheated kernels, and the next page.

A teacher names the pages a class will open (``make serve CLASS=30 PAGES="09-undo-a-program.ipynb
puzzles.ipynb"``). :func:`class_pools` gives each its share of preheated kernels, in the
order named (the first page's kernels are started first), within a memory budget: a kernel
holds about :data:`KERNEL_MB` MB, so ``--preheat-memory MB`` caps how many are preheated in
all. :func:`check_pages` refuses a page that is not in the lessons folder, naming the pages
there are. :func:`next_page` reads a lesson's navigation (the last cell, id ``nav``, made by
``lessons/make_index.py``): the page its "next" link leads to, which the server preheats a
kernel of when a pupil opens the lesson (:mod:`widgets.serving.preheat`).

>>> from widgets.serving.lesson_folder import lessons_folder
>>> class_pools(["09-undo-a-program.ipynb", "puzzles.ipynb"], class_size=30, budget_mb=4000)
{'09-undo-a-program.ipynb': 32, 'puzzles.ipynb': 18}
>>> next_page(lessons_folder(), "08-factors-multiples-primes.ipynb")
'09-undo-a-program.ipynb'
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from lnb.core.errors import LnbError
from lnb.core.i18n import N_

KERNEL_MB = 80  # memory one preheated kernel holds, about (60-100 MB measured)
PREHEAT_MB = 4000  # default budget of preheated kernels: 50 kernels
SPARES = 2  # kernels of each class page beyond the class (reloads, latecomers)
NAV_ID = "nav"  # the navigation cell's id (lessons/make_index.py)
NEXT_LINK = re.compile(r"\[[^\]]*→\]\(([^)\s]+)\)")  # "[Title →](02-….ipynb?lang=…)"


class ClassPageError(LnbError):
    """A page named for the class is not served: fields ``page`` (as given) and ``pages``
    (the notebooks the lessons folder has), ``reason`` ``"no-such-page"``."""


def served_pages(root: Path) -> list[str]:
    """The notebooks under ``root`` a page may name, as paths relative to it.

    >>> from widgets.serving.lesson_folder import lessons_folder
    >>> "puzzles.ipynb" in served_pages(lessons_folder())
    True
    """
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*.ipynb")
                  if ".ipynb_checkpoints" not in path.parts)


def check_pages(root: Path, pages: Sequence[str]) -> list[str]:
    """``pages`` as served paths (``./`` and doubles dropped); raises :class:`ClassPageError`
    for the first one ``root`` does not have.

    >>> from widgets.serving.lesson_folder import lessons_folder
    >>> check_pages(lessons_folder(), ["./puzzles.ipynb", "puzzles.ipynb"])
    ['puzzles.ipynb']
    >>> check_pages(lessons_folder(), ["puzzle.ipynb"])
    Traceback (most recent call last):
    ...
    widgets.serving.class_pages.ClassPageError: there is no page puzzle.ipynb ...
    """
    there = served_pages(root)
    checked: list[str] = []
    for page in pages:
        name = posixpath.normpath(page.replace("\\", "/"))
        if name not in there:
            raise ClassPageError(
                N_("there is no page {page} in {folder}: name the class's pages as the "
                   "lessons folder has them, one of: {choices}"),
                page=page, pages=there, folder=str(root), choices=", ".join(there),
                reason="no-such-page")
        if name not in checked:
            checked.append(name)
    return checked


def class_pools(pages: Sequence[str], class_size: int, pool_size: int = 0,
                budget_mb: int = PREHEAT_MB) -> dict[str, int]:
    """Preheated kernels for each class page: the class plus the spares, in the order named,
    as far as the budget goes (``budget_mb // KERNEL_MB`` kernels in all, at least one per
    page); pages past the budget get none.

    >>> class_pools(["a.ipynb", "b.ipynb", "c.ipynb"], 30, budget_mb=800)
    {'a.ipynb': 10, 'b.ipynb': 0, 'c.ipynb': 0}
    >>> class_pools(["a.ipynb"], 0)
    {}
    """
    if class_size <= 0:
        return {}
    left = max(budget_mb // KERNEL_MB, 1)
    wanted = class_size + max(SPARES, pool_size)
    shares = {}
    for page in pages:
        shares[page] = min(wanted, left)
        left -= shares[page]
    return shares


def next_page(root: Path, notebook: str) -> str | None:
    """The page ``notebook``'s navigation leads to next (its last cell's "→" link), as a
    path under ``root``; None without one (or when the link leaves ``root``).

    >>> from widgets.serving.lesson_folder import lessons_folder
    >>> next_page(lessons_folder(), "zh-CN/08-factors-multiples-primes.ipynb")
    'zh-CN/09-undo-a-program.ipynb'
    >>> next_page(lessons_folder(), "puzzles.ipynb") is None
    True
    """
    path = root / notebook
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _next_of(str(path), stamp, notebook)


@lru_cache(maxsize=256)
def _next_of(path: str, stamp: int, notebook: str) -> str | None:
    import nbformat

    try:
        cells = nbformat.read(path, as_version=4).cells
    except (OSError, ValueError):
        return None
    if not cells or cells[-1].get("id") != NAV_ID:
        return None
    links = NEXT_LINK.findall(cells[-1].source)
    if not links:
        return None
    target = links[-1].split("?", 1)[0].split("#", 1)[0]
    found = posixpath.normpath(posixpath.join(posixpath.dirname(notebook), target))
    if found.startswith("../") or not found.endswith(".ipynb"):
        return None
    return found
