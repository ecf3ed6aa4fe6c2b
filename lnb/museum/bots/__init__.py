"""Computer players of Consulting Mathematician, registered by name like Lovelace & Babbage's.

>>> from lnb.museum.bots import REGISTRY, make_bot
>>> REGISTRY.names, make_bot("planner", seed=1).name
(('greedy', 'planner'), 'planner')
"""

from __future__ import annotations

from lnb.core.players import Registry
from lnb.museum.bots.base import BotBase
from lnb.museum.bots.greedy import Greedy
from lnb.museum.bots.planner import Planner

REGISTRY = Registry("Consulting Mathematician")
REGISTRY.register("greedy", Greedy, strength=1,
                  describe="short-sighted: each die goes where it looks best at once")
REGISTRY.register("planner", Planner, strength=2,
                  describe="plans the whole turn: both dice in either order, the die-icons "
                           "and the wild shapes")


def make_bot(kind: str, seed: int | str = 0) -> BotBase:
    """A museum player by name (an unknown name raises ``BadInputError`` listing them)."""
    return REGISTRY.make(kind, seed)  # type: ignore[return-value]


__all__ = ["REGISTRY", "BotBase", "Greedy", "Planner", "make_bot"]
