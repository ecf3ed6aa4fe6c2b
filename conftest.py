"""Test-run setup shared by every test: hermetic Jupyter folders.

Kernels (nbval), Voila servers (browser tests) and IPython all read their configuration from
folders of this run only, so a teacher's own Jupyter settings never change a test's outcome.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

_HERMETIC = (
    "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
    "MPLCONFIGDIR",
)


def pytest_configure(config) -> None:
    """Point Jupyter and IPython at empty folders of this run (inherited by subprocesses)."""
    root = Path(tempfile.mkdtemp(prefix="lnb-test-jupyter-"))
    for name in _HERMETIC:
        folder = root / name.lower()
        folder.mkdir()
        os.environ[name] = str(folder)
    os.environ.setdefault("LNB_PROGRESS_DB", str(root / "progress.sqlite3"))
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"


def pytest_collection_modifyitems(config, items) -> None:
    """Under ``pytest -n``, keep each file's tests on one worker (a notebook's cells share one
    kernel) and every browser test on one worker (one Chromium and Voila at a time on a small
    machine): ``--dist loadgroup`` with a group per file unless a test names its own."""
    import pytest

    for item in items:
        if item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
