"""A page of the kit run as Voila runs it, in a real kernel, without a browser.

:func:`open_page` starts a fresh Python kernel for one page (``lessons/<name>``), the kernel
the served kit starts (:func:`kit_kernel`), with the environment Voila gives the kernel of a
page request (``?lang=en-XA``: ``QUERY_STRING``, ``SERVER_SOFTWARE``, not preheated, run in
the notebook's folder: :func:`page_env`), and runs its code cells in order; :meth:`Page.run`
then runs more code in the same kernel (a click) and :attr:`Page.model_ids` holds the widget
views the page displayed. :func:`widget_pages` and :func:`translated_lessons` are the pages
that show widgets.

Used ahead of time by the drawings' generator (:mod:`widgets.serving.sketches`) and by the
tests, which read a page's words (``tests/page_trees.py``).

>>> page_env("zh-CN", Path("/tmp/h"), "code=1", STATIC, "puzzles.ipynb")["QUERY_STRING"]
'code=1&lang=zh-CN'
>>> widget_pages()[:3]
['index.ipynb', 'play.ipynb', 'puzzles.ipynb']
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
LESSONS = REPO / "lessons"
#: A notebook whose code shows the kit's widgets.
WIDGET_CODE = re.compile(r"from widgets[.\w]* import|import ipywidgets")
#: The environment a page's kernel gets from Voila (``SERVER_SOFTWARE`` makes importing
#: :mod:`widgets.core` choose the page's language from ``QUERY_STRING``).
VOILA_SOFTWARE = "voila/0.5.13"
#: Where the kit runs (:mod:`widgets.core.host`): the served kit, or the static site
#: (Pyodide in the browser: no classes, no tables, no dashboard; ``$LNB_HOST`` forces it).
SERVED, STATIC = "served", "static"
#: The colours of a kernel's traceback (taken out of a failure's message).
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def shows_widgets(path: Path) -> bool:
    """Whether the notebook's code shows the kit's widgets."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    return any(c.cell_type == "code" and WIDGET_CODE.search(c.source) for c in nb.cells)


def widget_pages() -> list[str]:
    """The landing page, the apps and every English lesson whose code shows widgets."""
    pages = ["index.ipynb", "play.ipynb", "puzzles.ipynb"]
    pages += [path.name for path in sorted(LESSONS.glob("*.ipynb"))
              if path.name not in pages and shows_widgets(path)]
    return pages


def every_page() -> list[str]:
    """:func:`widget_pages`, then the English pages that show no widget."""
    pages = widget_pages()
    return pages + [path.name for path in sorted(LESSONS.glob("*.ipynb"))
                    if path.name not in pages]


def translated_lessons() -> list[str]:
    """The lessons written in another language (``lessons/zh-CN/``) that show widgets, as
    paths under ``lessons/``."""
    return [path.relative_to(LESSONS).as_posix() for path in sorted(LESSONS.glob("*/*.ipynb"))
            if shows_widgets(path)]


class PageError(AssertionError):
    """A cell of the page (or code run in its kernel) raised: the page shows a traceback.

    >>> str(PageError("p.ipynb?lang=en (served)", ValueError("\\x1b[31mno\\x1b[0m")))
    'p.ipynb?lang=en (served): no'
    """

    def __init__(self, page: str, error: BaseException) -> None:
        super().__init__(f"{page}: {ANSI.sub('', str(error))}")
        self.page = page


class Page:
    """One page's kernel after its notebook ran (see :func:`open_page`)."""

    def __init__(self, client: Any, name: str, language: str, host: str = SERVED) -> None:
        self.client = client
        self.name = name
        self.language = language
        self.host = host
        self.model_ids: list[str] = []
        self.cells = len(client.nb.cells)  # the page's own (code run later comes after)

    def _take_views(self, outputs: list[Any]) -> None:
        for out in outputs:
            view = out.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view and view["model_id"] not in self.model_ids:
                self.model_ids.append(view["model_id"])

    def run(self, code: str) -> str:
        """Run ``code`` in the page's kernel (after its cells, as a pupil's click would);
        what it printed. Widgets it displays join the page."""
        import nbformat

        cell = nbformat.v4.new_code_cell(code)
        index = len(self.client.nb.cells)
        self.client.nb.cells.append(cell)
        try:
            self.client.execute_cell(cell, index)
        except Exception as exc:  # nbclient's CellExecutionError: the kernel's traceback
            raise PageError(f"{self.name}?lang={self.language} ({self.host})", exc) from None
        self._take_views(cell.outputs)
        return "".join(out.get("text", "") for out in cell.outputs
                       if out.get("output_type") == "stream" and out.get("name") == "stdout")

    def stderr(self) -> list[str]:
        """What the page's cells and the code run since wrote to stderr (a warning, an
        error: a page in the browser shows it)."""
        return [out.get("text", "") for cell in self.client.nb.cells
                for out in cell.get("outputs", ())
                if out.get("output_type") == "stream" and out.get("name") == "stderr"]


def page_env(language: str, home: Path, query: str = "", host: str = SERVED,
             path: str = "") -> dict[str, str]:
    """The environment of a page's kernel served for ``lessons/<path>?<query>&lang=<language>``
    (Voila's request variables; the kit's store in ``home``) on ``host``."""
    env = dict(os.environ)
    for name in ("VOILA_PREHEAT", "LNB_HOST", "HTTP_X_LNB_LANGUAGE", "HTTP_ACCEPT_LANGUAGE"):
        env.pop(name, None)
    env.update({
        "QUERY_STRING": "&".join(filter(None, [query, f"lang={language}"])),
        "SCRIPT_NAME": f"/voila/render/{path}",  # the page's address, as Voila gives it
        "SERVER_SOFTWARE": VOILA_SOFTWARE,
        "VOILA_PREHEAT": "False",
        "HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9",  # an English browser
        "LNB_PROGRESS_DB": str(home / "progress.sqlite3"),
    })
    env.pop("LNB_STORE", None)
    if host != SERVED:
        env["LNB_HOST"] = host
    return env


def kit_kernel():  # type: ignore[no-untyped-def]
    """A manager of the kernel the served kit starts (:mod:`widgets.serving.kernel`, its
    kernelspec first as on the kit's ``JUPYTER_PATH``): ipykernel's own loses the end of a
    page's burst of messages, Ada's Dream's app among them."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    from widgets.serving import DATA_DIR

    found = KernelSpecManager()
    found.kernel_dirs = [str(DATA_DIR / "kernels"), *found.kernel_dirs]
    return AsyncKernelManager(kernel_name="python3", kernel_spec_manager=found)


@contextmanager
def open_page(name: str, language: str, home: Path, before: str = "", host: str = SERVED,
              timeout: int = 120, page_type: type[Page] = Page) -> Iterator[Page]:
    """A fresh kernel that ran ``lessons/<name>`` for ``?lang=<language>``, its cells in
    order in the notebook's folder (a cell that raises raises :class:`PageError`); ``name``
    may be in a folder (``zh-CN/01-first-program.ipynb``) and have more of the address
    (``museum.ipynb?daily=1``).

    ``before`` is code run first (a test that breaks the kit on purpose: the checks must
    see it); ``host`` :data:`STATIC` runs the page as the static site would; ``page_type``
    is the :class:`Page` made (a subclass with more ways to read the page)."""
    import nbformat
    from nbclient import NotebookClient

    path, _mark, query = name.partition("?")
    nb = nbformat.read(LESSONS / path, as_version=4)
    nb.cells = [c for c in nb.cells if c.cell_type == "code"]
    if before:
        nb.cells.insert(0, nbformat.v4.new_code_cell(before))
    # iopub_timeout: a cell's outputs may come well after its reply on a busy machine (the
    # Dream's thousand messages: nbclient's 4 s lost them under load, CI), and a page whose
    # outputs do not come raises rather than being read without them
    client = NotebookClient(nb, km=kit_kernel(), timeout=timeout, kernel_name="python3",
                            iopub_timeout=timeout, raise_on_iopub_timeout=True,
                            shutdown_kernel="immediate",
                            resources={"metadata": {"path": str((LESSONS / path).parent)}})
    page = page_type(client, name, language, host)
    with client.setup_kernel(env=page_env(language, home, query, host, path),
                             cwd=str((LESSONS / path).parent)):
        for index, cell in enumerate(list(nb.cells)):
            try:
                client.execute_cell(cell, index)
            except Exception as exc:
                raise PageError(f"{name}?lang={language} ({host})", exc) from None
            page._take_views(cell.outputs)
        yield page
