"""Ada Lovelace: Consulting Mathematician, the kit's second game: a solo roll-and-write where
dice buy polyominoes drawn on a museum map to surround evidence and fill rooms.

The API for the app is in docs/museum.md. The names below load when first used, so
``import lnb.museum`` stays light.

>>> from lnb.museum import Game
>>> state = Game(seed=1).new_initial_state()
>>> state.is_terminal(), len(state.hand), state.dice_count()
(False, 2, 6)
"""

from __future__ import annotations

from lnb.core.exports import lazy_exports

_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("Orientation", "Shape"), "lnb.museum.shapes"),
    **dict.fromkeys(("Ability", "Evidence", "Museum", "Placement", "Room", "Square", "Wheel"),
                    "lnb.museum.museum"),
    **dict.fromkeys(("Action", "Place", "Reroll", "Return", "Skip", "Wild", "Write",
                     "parse_action"), "lnb.museum.actions"),
    **dict.fromkeys(("FORMAT", "Game", "Score", "State", "Verdict", "verdict"),
                    "lnb.museum.state"),
    **dict.fromkeys(("PlacementError",), "lnb.museum.errors"),
    **dict.fromkeys(("replay",), "lnb.museum.records"),
    **dict.fromkeys(("museum_table",), "lnb.museum.table"),
    **dict.fromkeys(("daily_seed", "par"), "lnb.museum.daily"),
}


__getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)

__all__ = sorted(_EXPORTS)
