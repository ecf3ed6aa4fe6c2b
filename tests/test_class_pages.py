"""The pages of today's class (``--class-pages``, ``make serve PAGES=…``): parsed, shared out
within the memory budget, refused clearly when a page is not there; the next page of a lesson."""

from __future__ import annotations

import json
import time
import urllib.request
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
from widgets.serving.server import KitServer


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
    status = serve.main(["--lang", "en", "--root", str(tmp_path), "--class-pages",
                         "puzzles.ipynb", "--no-browser"])
    assert status == 2
    assert 'give its size too, e.g. make serve CLASS=30 PAGES="puzzles.ipynb"' in (
        capsys.readouterr().err)
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


def _wait_for_log(server: KitServer, text: str, timeout: float) -> str:
    """Voila's log once it says ``text`` (else the failure shows the log)."""
    deadline = time.monotonic() + timeout
    while text not in (log := server.log_tail(2000)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert text in log, log
    return log


def test_a_real_server_keeps_the_named_pages_and_the_next_page_ready(tmp_path: Path) -> None:
    """Two class pages filled in the order named; a page takes its preheated kernel; a lesson
    opened has a kernel of its next page preheated, which that page then takes."""
    root = tmp_path / "notebooks"
    for name, nav in (("first.ipynb", None), ("lesson.ipynb", "---\n[Next →](after.ipynb)"),
                      ("after.ipynb", None), ("other.ipynb", None)):
        _notebook(root / name, nav)
        nb = nbformat.read(root / name, as_version=4)
        nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                     "name": "python3"}
        nb.cells.insert(0, nbformat.v4.new_code_cell(f"print('page {name}')"))
        nbformat.write(nb, root / name)
    args = serve.parse_args(["--root", str(root), "--class-size", "1",
                             "--preheat-memory", str(4 * KERNEL_MB),
                             "--class-pages", "first.ipynb", "lesson.ipynb",
                             "--", "--KitPreheat.quiet=0.5"])
    server = serve.server_for(args, port=None, home=tmp_path / "home",
                              log=tmp_path / "voila.log", startup_timeout=90)
    assert isinstance(server, KitServer)
    with server:
        filled = ("Kernel pool of first.ipynb is filled with 3 kernel(s)",
                  "Kernel pool of lesson.ipynb is filled with 1 kernel(s)")
        server_log = _wait_for_log(server, filled[1], timeout=120)
        assert server_log.index(filled[0]) < server_log.index(filled[1])
        assert len(server.kernel_ids()) == 4
        with urllib.request.urlopen(server.url("voila/render/lesson.ipynb"), timeout=60) as r:
            assert "page lesson.ipynb" in r.read().decode()
        assert "for lesson.ipynb" in server.log_tail(2000)  # "Using pre-heated kernel: … for"
        _wait_for_log(server, "Kernel pool of after.ipynb is filled with 1 kernel(s)", timeout=60)
        with urllib.request.urlopen(server.url("voila/render/after.ipynb"), timeout=60) as r:
            assert "page after.ipynb" in r.read().decode()
        assert "for after.ipynb" in server.log_tail(2000)
        assert "other.ipynb is filled" not in server.log_tail(2000)  # not a class page
