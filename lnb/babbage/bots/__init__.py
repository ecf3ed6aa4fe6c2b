"""Computer players at three strengths, playing the full game through its public actions.

>>> from lnb.babbage.bots import make_bot
>>> bot = make_bot("planner", seed=1)
>>> bot.name, bot.strength
('planner', 3)

Every bot has ``choose_action(state, player) -> Action`` and ``think_seconds(state, player)``
(how long it pretends to think before finishing its program, so the 60-second race feels
real in the app). Both are deterministic for a seed.
"""

from __future__ import annotations

from lnb.babbage.bots.base import Bot, BotBase
from lnb.babbage.bots.beginner import Beginner
from lnb.babbage.bots.greedy import Greedy
from lnb.babbage.bots.planner import Planner
from lnb.core.players import Registry

REGISTRY = Registry("Lovelace & Babbage")
REGISTRY.register("beginner", Beginner, strength=1,
                  describe="a new player: short programs to the nearest Patron, with a "
                           "beginner's mistakes (wrong aims, forgotten Subroutines, "
                           "majorities missed)")
REGISTRY.register("greedy", Greedy, strength=2,
                  describe="short-sighted: the nearest Patron or Subroutine one row at a time, "
                           "blind to the other players' majorities")
REGISTRY.register("planner", Planner, strength=3,
                  describe="searches whole programs for the most points this Round and plays "
                           "for every majority")


def make_bot(kind: str, seed: int | str = 0) -> BotBase:
    """A bot by name: ``beginner``, ``greedy`` or ``planner`` (an unknown name raises
    ``BadInputError`` listing the names)."""
    return REGISTRY.make(kind, seed)  # type: ignore[return-value]


__all__ = ["REGISTRY", "Beginner", "Bot", "BotBase", "Greedy", "Planner", "make_bot"]
