"""Consulting Mathematician (the museum), as the rest of the kit sees it
(:class:`lnb.core.game.GameType`).

>>> from lnb.core.game import get
>>> get("museum").new_state(["solo"], seed=4).names
('solo',)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lnb.core.game import GameType
from lnb.core.i18n import lazy_pgettext


def new_state(names: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None) -> Any:
    """A new museum game (one map: ``names`` is ``["solo"]``; ``options``: ``edition``)."""
    from lnb.museum.state import Game

    return Game(dict(options or {}).get("edition", "standard"), seed=seed).new_initial_state()


GAME = GameType(
    name="museum",
    title=lazy_pgettext("game title", "Consulting Mathematician"),
    seats=(1, 1),
    record_format="lnb-museum/1",
    hooks={
        "new_state": "lnb.museum.define:new_state",
        "parse_action": "lnb.museum.actions:parse_action",
        "action_text": "builtins:str",
        "why_not": "lnb.museum.refusals:why_not",
        "bots": "lnb.museum.bots:REGISTRY",
        "table_rules": "lnb.museum.table:RULES",
        "records": "lnb.museum.records",
        "commands": "lnb.museum.define:COMMANDS",
        "show_replay": "lnb.museum.command:show_replay",
        # a whole class at one seed, each on their own map: the rules' module (MuseumRoom,
        # Progress, the refusals...; classroom.museum_rooms keeps the rooms in the store)
        "class_room": "lnb.museum.room",
        "class_room_page": "widgets.museum.room_app:PAGE",  # its page (the dashboard's links)
        # a daily challenge (classroom.scores keeps the pupils' best): the day's par
        "daily_challenge": "lnb.museum.daily:par",
        # the review after a game (lnb.core.review): each decision against the planner's
        "review": "lnb.museum.review:review_hook",
        # pause and predict (lnb.core.predict): the moments of a record the class predicts
        "predict": "lnb.museum.predict:moments",
    },
    domains={"museum": ("lnb/museum",), "museum_widgets": ("widgets/museum",)},
)
COMMANDS = ("lnb.cli.museum", "lnb.cli.review")
