"""Widgets of the teaching kit: the board, the program builder, the timer, the game app.

Exports are lazy, so ``import widgets`` (e.g. for ``widgets.serve``) imports no ipywidgets.

>>> import widgets
>>> sorted(widgets.__all__)[:3]
['BoardView', 'GameApp', 'PatronsView']
"""

from __future__ import annotations

import importlib
import sys as _sys
from typing import Any

if _sys.platform == "emscripten":  # the static site: stand-ins for what Pyodide lacks
    from widgets.core.host import stand_ins as _stand_ins

    _stand_ins()

_EXPORTS = {
    "BoardView": "widgets.babbage.board",
    "GameApp": "widgets.babbage.game_app",
    "PatronsView": "widgets.babbage.patrons",
    "ProgramBuilder": "widgets.babbage.program_builder",
    "ResolutionView": "widgets.babbage.resolution",
    "ScoreSheetView": "widgets.babbage.scoreboard",
    "StatusLine": "widgets.core.status",
    "SubroutinesView": "widgets.babbage.subroutines",
    "Timer": "widgets.core.timer",
    "guarded": "widgets.core.status",
    "stylesheet": "widgets.core.style",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'widgets' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
