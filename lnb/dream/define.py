"""Ada's Dream, as the rest of the kit sees it (:class:`lnb.core.game.GameType`).

>>> from lnb.core.game import get
>>> get("dream").new_state(["Ada", "Bea"], seed=5).names
('Ada', 'Bea')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lnb.core.game import GameType
from lnb.core.i18n import lazy_pgettext


def new_state(names: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None) -> Any:
    """A new game for 2 to 4 players (``options``: ``edition``)."""
    from lnb.dream.edition import DEFAULT_EDITION
    from lnb.dream.state import Game

    edition = dict(options or {}).get("edition", DEFAULT_EDITION)
    return Game(list(names), edition, seed=seed).new_initial_state()


GAME = GameType(
    name="dream",
    title=lazy_pgettext("game title", "Ada's Dream"),
    seats=(2, 4),
    record_format="lnb-dream/1",
    hooks={
        "new_state": "lnb.dream.define:new_state",
        "parse_action": "lnb.dream.actions:parse_action",
        "action_text": "builtins:str",
        "why_not": "lnb.dream.refusals:why_not",
        "describe": "lnb.dream.describe:table_text",
        "bots": "lnb.dream.bots:REGISTRY",
        "table_rules": "lnb.dream.table:RULES",
        "records": "lnb.dream.records",
        "commands": "lnb.dream.define:COMMANDS",
        "show_replay": "lnb.dream.command:show_replay",
        "table_page": "widgets.dream.room_app:PAGE",
        # the review after a game (lnb.core.review): each decision against the planner's
        "review": "lnb.dream.review:review_hook",
        # pause and predict (lnb.core.predict): the moments of a record the class predicts
        "predict": "lnb.dream.predict:moments",
    },
    domains={"dream": ("lnb/dream",), "dream_widgets": ("widgets/dream",)},
)
COMMANDS = ("lnb.cli.dream", "lnb.cli.review")
