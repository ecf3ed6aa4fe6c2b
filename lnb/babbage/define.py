"""Lovelace & Babbage, as the rest of the kit sees it (:class:`lnb.core.game.GameType`).

>>> from lnb.core.game import get
>>> state = get("babbage").new_state(["Ada", "Bea"], seed=3)
>>> state.names, [p.character.name for p in state.players.values()]
(('Ada', 'Bea'), ['Ada Lovelace', 'Charles Babbage'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lnb.core.game import GameType
from lnb.core.i18n import lazy_pgettext


def new_state(names: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None) -> Any:
    """A new game: the players take the edition's characters in seat order (``options``:
    :class:`~lnb.babbage.game.GameOptions`' fields, and ``characters``, one per player)."""
    from lnb.babbage.edition import Edition
    from lnb.babbage.game import Game, GameOptions

    given = dict(options or {})
    edition = Edition.load(given.pop("edition", "standard"))
    characters = given.pop("characters", None) or [c.name for c in edition.characters]
    pairs = list(zip(names, characters, strict=False))
    return Game(pairs, GameOptions(**given), seed=seed, edition=edition).new_initial_state()


GAME = GameType(
    name="babbage",
    title=lazy_pgettext("game title", "Lovelace & Babbage"),
    seats=(2, 4),
    record_format="lnb-game/1",
    hooks={
        "new_state": "lnb.babbage.define:new_state",
        "parse_action": "lnb.babbage.game.actions:parse_action",
        "action_text": "lnb.babbage.game.actions:action_text",
        "why_not": "lnb.babbage.refusals:why_not",
        "bots": "lnb.babbage.bots:REGISTRY",
        "table_rules": "lnb.babbage.table:RULES",
        "describe": "lnb.babbage.table:describe",
        "records": "lnb.babbage.records",
        "commands": "lnb.cli:COMMAND_MODULES",
        "show_replay": "lnb.cli.game:show_replay",
        "puzzles": "lnb.babbage.classroom_hooks:PUZZLES",
        # pause and predict (lnb.core.predict): the moments of a record the class predicts
        "predict": "lnb.babbage.predict:moments",
        # the review after a game (lnb.core.review): each program against the planner's
        # from the same position, at the end of its Round
        "review": "lnb.babbage.review:review_hook",
    },
    domains={"lnb": ("lnb/core", "lnb/babbage", "lnb/cli"),
             "babbage_widgets": ("widgets/babbage",)},
)
