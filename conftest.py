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
