"""Cut from the built site what no page loads.

>>> prune(Path("/nonexistent"))
0
"""

from __future__ import annotations

import shutil
from pathlib import Path

#: Paths under the site that the pages never load: JupyterLite's own apps (``build/``: Voici
#: has its bundle in ``voici/build/``), its docs, the labextensions Voici carries built in
#: (the widget manager) or that only JupyterLab uses (Voila's preview), Pyodide's ES module
#: (the kernel's worker loads ``pyodide.js``), the service worker no page registers
#: (scripts/site/pages.py). The browser test opens pages on what is left.
UNUSED = ("build", "doc", "jupyter-lite.ipynb", "extensions/@jupyter-widgets",
          "extensions/@voila-dashboards", "static/pyodide/pyodide.mjs", "service-worker.js")
#: File endings never loaded: source maps, and licence texts the bundles ship beside them.
UNUSED_SUFFIXES = (".map",)


def _size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def prune(out: Path) -> int:
    """Remove :data:`UNUSED` and files ending in :data:`UNUSED_SUFFIXES`; returns bytes cut."""
    if not out.exists():
        return 0
    cut = 0
    for name in UNUSED:
        path = out / name
        if path.exists():
            cut += _size(path)
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    for path in sorted(out.rglob("*")):
        if path.is_file() and path.name.endswith(UNUSED_SUFFIXES):
            cut += path.stat().st_size
            path.unlink()
    return cut
