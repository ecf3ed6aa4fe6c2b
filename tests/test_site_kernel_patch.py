"""The site's snapshot patch of the kernel's worker (scripts/site/kernel_patch.py) on a small
folder laid out as the site's: the worker's start replaced, its key following the site's lock;
a bundle without the text it replaces stops the build with a clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.site.errors import SiteBuildError
from scripts.site.kernel_patch import KERNEL_STATIC, ORIGINAL, SAID, patch, snapshot_key


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
