"""The site's snapshot patch of the kernel's worker (scripts/site/kernel_patch.py) on a small
folder laid out as the site's: the worker's start replaced, its key following the site's lock;
a bundle without the text it replaces stops the build with a clear message; the kit's modules
the snapshot holds read nothing of the page that keeps it (each page reads its own address)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scripts.site.errors import SiteBuildError
from scripts.site.kernel_patch import (
    KERNEL_STATIC,
    KIT_IMPORTS,
    ORIGINAL,
    SAID,
    patch,
    snapshot_key,
)

REPO = Path(__file__).resolve().parents[1]


def small_site(folder: Path, bundle: str, lock: str = '{"packages": {}}') -> Path:
    """A site with one kernel bundle and a ``pyodide-lock.json``; the bundle's path."""
    (folder / "static" / "pyodide").mkdir(parents=True)
    (folder / "static" / "pyodide" / "pyodide-lock.json").write_text(lock, encoding="utf-8")
    (folder / KERNEL_STATIC).mkdir(parents=True)
    path = folder / KERNEL_STATIC / "620.abc.js"
    path.write_text(bundle, encoding="utf-8")
    (folder / KERNEL_STATIC / "style.js").write_text("/* no worker */", encoding="utf-8")
    return path


def test_the_worker_start_is_replaced_with_the_sites_key(tmp_path: Path) -> None:
    bundle = small_site(tmp_path, "async initialize(e){" + ORIGINAL + ",done()}")
    line = patch(tmp_path)
    text = bundle.read_text(encoding="utf-8")
    key = snapshot_key(b'{"packages": {}}')
    assert ORIGINAL not in text and key in line
    assert f'"lnb-snapshot-" + "{key}"' in text and SAID["refused"] in text
    assert text.startswith("async initialize(e){await (async (kernel, options)")
    assert text.endswith("})(this, e),done()}")


def test_another_lock_is_another_key() -> None:
    assert snapshot_key(b'{"packages": {"a": 1}}') != snapshot_key(b'{"packages": {}}')


def test_a_bundle_without_the_text_stops_the_build(tmp_path: Path) -> None:
    small_site(tmp_path, "async initialize(e){await this.start(e)}")
    with pytest.raises(SiteBuildError) as refused:
        patch(tmp_path)
    assert refused.value.step == "kernel_patch"
    assert "is not there" in str(refused.value) and "kernel_patch.py" in refused.value.remedy


#: A site page's Python, in a fresh interpreter: with ``SNAPSHOT`` set, it first imports the
#: kit's modules as the first page does before keeping the snapshot (that page's address in
#: ``QUERY_STRING``), then takes the next page's address as the restored worker does; it
#: prints what the imports left, any widget they made, the language after them, then the
#: page's language and the game's drawing.
PAGE = """
import json, os, random
import ipywidgets
from ipywidgets.widgets.widget import _instances
made = len(_instances)
found = {}
if os.environ.get("SNAPSHOT"):
    from scripts.site.kernel_patch import imports_code
    scope = {}
    exec(imports_code(), scope)
    from lnb.core.i18n import current_language
    from widgets.core.remembered import PageChoice, page_choice
    found.update(left=scope["_lnb_left"], widgets=len(_instances) - made,
                 language=current_language(), blank=page_choice() == PageChoice())
    os.environ["QUERY_STRING"] = os.environ["NEXT_PAGE"]
    random.seed()
from widgets.babbage.game_app import GameApp
from widgets.core.language import page_language
from widgets.core.sketch import sketch
found.update(page=page_language(), drawing=sketch(GameApp(seed=3)))
print(json.dumps(found))
"""


def run_page(first: str, next_page: str, snapshot: bool) -> dict:
    """What :data:`PAGE` found on the static host (no served page's request around)."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("HTTP_", "VOILA_", "SERVER_", "QUERY_", "LNB_"))}
    env.update(LNB_HOST="static", QUERY_STRING=first if snapshot else next_page,
               NEXT_PAGE=next_page, SNAPSHOT="1" if snapshot else "")
    done = subprocess.run([sys.executable, "-c", PAGE], cwd=REPO, env=env, capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_kits_modules_in_the_snapshot_leave_the_page_to_its_own_address() -> None:
    """The first page (Chinese, seed 9) imports the kit; the next (English, then Chinese) is
    drawn as a page that imported the kit itself after reading its address."""
    kept = run_page("lang=zh-CN&seed=9", "lang=en&seed=3", snapshot=True)
    assert kept["left"] == "" and kept["widgets"] == 0
    assert kept["language"] == "en" and kept["blank"]  # the first page's address unread
    assert kept["page"] == "en"
    assert kept["drawing"] == run_page("", "lang=en&seed=3", snapshot=False)["drawing"]
    chinese = run_page("lang=en&seed=9", "lang=zh-CN&seed=3", snapshot=True)
    alone = run_page("", "lang=zh-CN&seed=3", snapshot=False)
    assert chinese["page"] == alone["page"] == "zh_CN"
    assert chinese["drawing"] == alone["drawing"] != kept["drawing"]
    assert "开始" in chinese["drawing"]


def test_the_kits_modules_in_the_snapshot_are_the_kits() -> None:
    """Each name imports on its own (a renamed module would silently leave the snapshot)."""
    for name in KIT_IMPORTS:
        top = name.split(".")[0]
        assert top == "anywidget" or (REPO / top).is_dir(), name
        assert importlib.util.find_spec(name) is not None, name
