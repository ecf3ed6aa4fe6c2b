"""How the kit is served: Voila config, the offline ``kit`` template and the XSRF fix.

``config/`` is put on ``JUPYTER_CONFIG_PATH`` (it holds ``voila.json``, and for a Jupyter
server, e.g. on Binder, ``jupyter_server_config.json`` and the kit's extension
:mod:`widgets.serving.extension`) and ``data/`` on ``JUPYTER_PATH`` (it holds the ``kit``
Voila template), by :func:`kit_environ` (``make serve``) or ``binder/start``. The
application run is :class:`widgets.serving.app.KitVoila` (the checks of
:mod:`widgets.serving.guard`, the kernel owners of :mod:`widgets.serving.owners`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent
CONFIG_DIR = HERE / "config"
DATA_DIR = HERE / "data"


def _prepend(entry: Path, current: str | None) -> str:
    parts = [p for p in (current or "").split(os.pathsep) if p and p != str(entry)]
    return os.pathsep.join([str(entry), *parts])


def kit_environ(environ: Mapping[str, str]) -> dict[str, str]:
    """Return a copy of ``environ`` with the kit's config and data dirs first on the paths."""
    env = dict(environ)
    env["JUPYTER_CONFIG_PATH"] = _prepend(CONFIG_DIR, env.get("JUPYTER_CONFIG_PATH"))
    env["JUPYTER_PATH"] = _prepend(DATA_DIR, env.get("JUPYTER_PATH"))
    return env
