"""Widgets of the teaching kit: the board, the program builder, the timer, the game app.

Exports are lazy, so ``import widgets`` (e.g. for ``widgets.serve``) imports no ipywidgets.

>>> import widgets
>>> sorted(widgets.__all__)[:3]
['BoardView', 'GameApp', 'PatronsView']
"""

from __future__ import annotations

import sys as _sys

from lnb.core.exports import lazy_exports

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


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)
