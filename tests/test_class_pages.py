"""The pages of today's class (``--class-pages``, ``make serve PAGES=…``): parsed, shared out
within the memory budget, refused clearly when a page is not there; the next page of a lesson."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from widgets import serve
from widgets.serving.class_pages import (
    KERNEL_MB,
    ClassPageError,
    check_pages,
    class_pools,
    next_page,
)
from widgets.serving.lesson_folder import lessons_folder


def _notebook(path: Path, nav: str | None = None) -> None:
    nb = nbformat.v4.new_notebook()
    if nav is not None:
        nb.cells.append(nbformat.v4.new_markdown_cell(nav, id="nav"))
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)


def test_a_missing_page_is_refused_naming_it_and_the_pages_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _notebook(tmp_path / "puzzles.ipynb")
    _notebook(tmp_path / "09-undo-a-program.ipynb")
    status = serve.main(["--lang", "en", "--root", str(tmp_path), "--class-size", "30",
                         "--class-pages", "puzzles.ipynb", "09-undo.ipynb", "--no-browser"])
    err = capsys.readouterr().err
    assert status == 2
    assert "there is no page 09-undo.ipynb" in err
    assert "09-undo-a-program.ipynb, puzzles.ipynb" in err
    with pytest.raises(ClassPageError) as caught:
        check_pages(tmp_path, ["puzzles.ipynb", "09-undo.ipynb"])
    assert caught.value.page == "09-undo.ipynb"
    assert caught.value.pages == ["09-undo-a-program.ipynb", "puzzles.ipynb"]
    assert caught.value.reason == "no-such-page"


def test_the_pages_go_to_voila_in_order_within_the_budget() -> None:
    args = serve.parse_args(["--class-size", "30", "--preheat-memory", str(40 * KERNEL_MB),
                             "--class-pages", "09-undo-a-program.ipynb", "puzzles.ipynb",
                             "play.ipynb"])
    words = serve.command_for(args)
    first = json.loads(next(w for w in words if "kernel_pools_config=" in w).split("=", 1)[1])
    refill = json.loads(next(w for w in words if "refill_pools_config=" in w).split("=", 1)[1])
    assert list(first) == ["default", "09-undo-a-program.ipynb", "puzzles.ipynb", "play.ipynb"]
    assert [first[page]["pool_size"] for page in list(first)[1:]] == [32, 8, 0]
    assert refill == {"09-undo-a-program.ipynb": {"pool_size": 2},
                      "puzzles.ipynb": {"pool_size": 2}, "play.ipynb": {"pool_size": 0}}
    # Without --class-pages: the class page alone, as before.
    default = serve.command_for(serve.parse_args(["--class-size", "30"]))
    assert '{"default": {"pool_size": 0}, "puzzles.ipynb": {"pool_size": 32}}' in " ".join(
        default)
    assert class_pools(["a.ipynb"], 30, budget_mb=0) == {"a.ipynb": 1}


def test_the_next_page_is_the_navigations_next_link(tmp_path: Path) -> None:
    _notebook(tmp_path / "01-a.ipynb", "---\n[All lessons](index.ipynb) · [B →](02-b.ipynb)")
    _notebook(tmp_path / "zh-CN/01-a.ipynb",
              "---\n[全部课程](../index.ipynb?lang=zh-CN) · [乙 →](02-b.ipynb?lang=zh-CN)")
    _notebook(tmp_path / "02-b.ipynb", "---\n[← A](01-a.ipynb) · [All lessons](index.ipynb)")
    _notebook(tmp_path / "app.ipynb")
    _notebook(tmp_path / "escape.ipynb", "---\n[Out →](../../elsewhere.ipynb)")
    assert next_page(tmp_path, "01-a.ipynb") == "02-b.ipynb"
    assert next_page(tmp_path, "zh-CN/01-a.ipynb") == "zh-CN/02-b.ipynb"
    assert next_page(tmp_path, "02-b.ipynb") is None  # the last lesson
    assert next_page(tmp_path, "app.ipynb") is None  # no navigation
    assert next_page(tmp_path, "escape.ipynb") is None
    assert next_page(tmp_path, "missing.ipynb") is None
    # The kit's own lessons, as lessons/make_index.py links them.
    assert next_page(lessons_folder(), "dream-mill.ipynb") == "dream.ipynb"
