"""What both museum players share: candidate uses of a die, ranked fast, and the position's
value after them (:mod:`lnb.museum.bots.evaluate`).

A *step* is one action with the position it leads to, computed on bit masks without copying
the state: ``(action, filled, icons, unlocked, wilds, gifts, rerolls, dice_used)``.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Any

from lnb.museum.actions import Action, Place, Reroll, Return, Skip, Wild, Write
from lnb.museum.bots.evaluate import Features, Weights, features
from lnb.museum.state import State


@dataclass(frozen=True)
class Node:
    """A position reached by some steps from the state (only what the value needs)."""

    filled: int
    icons: tuple[tuple[str, tuple[int, ...]], ...]
    unlocked: frozenset[str]
    wilds: int
    gifts: tuple[str, ...]
    rerolls: int
    left: int

    def icon_map(self) -> dict[str, tuple[int, ...]]:
        return dict(self.icons)


def dice_left(state: State) -> int:
    """Dice still to play in the game, those in hand included."""
    cycles = len(state.museum.time_boxes) - state.boxes_checked - 1
    return state.reserve + len(state.hand) + state.museum.dice * max(cycles, 0)


def node_of(state: State) -> Node:
    return Node(state.filled, tuple(sorted(state.sheet.icons.items())),
                frozenset(state.sheet.unlocked), state.wilds, state.gifts, state.rerolls,
                dice_left(state))


class BotBase:
    """A museum player: ``choose_action(state, player)`` and ``think_seconds``."""

    name = "bot"
    strength = 0
    width = 12  # placements of each shape kept after the fast ranking

    def __init__(self, seed: int | str = 0, weights: Weights | None = None) -> None:
        self.seed = seed
        self.weights = weights or Weights()

    def think_seconds(self, state: Any, player: str) -> float:
        return 1.0

    # ------------------------------------------------------------------ steps
    def value(self, f: Features, node: Node) -> float:
        return f.value(node.filled, node.icon_map(), node.unlocked, node.wilds,
                       len(node.gifts), node.rerolls, node.left, self.weights)

    @staticmethod
    def pool(f: Features, filled: int, sids: tuple[str, ...], size: int) -> list[Any]:
        """The ``size`` best-fitting placements of these shapes now (table rows), for a
        search to rank again deeper down instead of every placement."""
        ranked = []
        for sid in sids:
            ranked.extend((base + (around & filled).bit_count(), row)
                          for row in f.table(sid)
                          for mask, around, base, _p in (row,) if not mask & filled)
        return [row for _score, row in heapq.nlargest(size, ranked, key=_first)]

    def places(self, f: Features, node: Node, sids: tuple[str, ...], kind: type,
               width: int | None = None, pool: list[Any] | None = None
               ) -> list[tuple[Action, Node]]:
        """The best-fitting placements of these shapes (by contact), as steps; from ``pool``
        (rows of :meth:`Features.table`) when given."""
        filled = node.filled
        ranked = []
        rows = pool if pool is not None else [row for sid in sids for row in f.table(sid)]
        ranked.extend((base + (around & filled).bit_count(), p)
                      for mask, around, base, p in rows if not mask & filled)
        steps = []
        for _score, p in heapq.nlargest(width or self.width, ranked, key=_first):
            steps.append((kind(p.shape, p.orientation, p.anchor),
                          Node(filled | p.mask, node.icons, node.unlocked, node.wilds,
                               node.gifts, node.rerolls, node.left)))
        return steps

    def die_steps(self, f: Features, node: Node, value: int, width: int | None = None,
                  pool: list[Any] | None = None) -> list[tuple[Action, Node]]:
        """What a die of ``value`` can do from ``node`` (placements, writes; else skip)."""
        left = node.left - 1
        here = Node(node.filled, node.icons, node.unlocked, node.wilds, node.gifts,
                    node.rerolls, left)
        steps = self.places(f, here, f.museum.wheel.shapes_for(value), Place, width, pool)
        steps.extend(self.write_steps(f, here, value))
        if not steps:
            steps.append((Skip(value), here))
        return steps

    @staticmethod
    def write_steps(f: Features, node: Node, value: int) -> list[tuple[Action, Node]]:
        """The writes of a die of ``value`` from ``node`` (its die already counted as played),
        as the library's rules allow them and with what an unlock gives."""
        museum = f.museum
        icons = node.icon_map()
        steps: list[tuple[Action, Node]] = []
        for e in museum.evidence:
            written = icons.get(e.id, ())
            if not museum.surrounded(e.id, node.filled) \
                    or e.ability.write_refusal(written, value) is not None:
                continue
            after, gain = e.ability.written(written, value)
            new_icons = tuple(sorted({**icons, e.id: after}.items()))
            if gain is None:
                steps.append((Write(value, e.id), Node(
                    node.filled, new_icons, node.unlocked, node.wilds, node.gifts,
                    node.rerolls, node.left)))
            else:
                steps.append((Write(value, e.id), Node(
                    node.filled, new_icons, node.unlocked | {e.id}, node.wilds + gain.wilds,
                    (*node.gifts, *gain.gifts), node.rerolls + gain.rerolls,
                    node.left + gain.returns)))
        return steps

    def free_steps(self, f: Features, node: Node) -> list[tuple[Action, Node]]:
        """Uses of the wild shapes and the key's and apple's shapes (no die)."""
        steps = []
        for sid in dict.fromkeys(node.gifts):
            gifts = list(node.gifts)
            gifts.remove(sid)
            for action, child in self.places(f, node, (sid,), Place, 6):
                steps.append((action, Node(child.filled, child.icons, child.unlocked,
                                           child.wilds, tuple(gifts), child.rerolls,
                                           child.left)))
        if node.wilds:
            for action, child in self.places(f, node, f.museum.wheel.ids, Wild, 10):
                steps.append((action, Node(child.filled, child.icons, child.unlocked,
                                           child.wilds - 1, child.gifts, child.rerolls,
                                           child.left)))
        return steps

    # ------------------------------------------------------------------ choosing
    def choose_action(self, state: State, player: str = "solo") -> Action:
        if state.pending_return:
            return Return(state.returnable)
        return self.choose(state, features(state.museum), node_of(state))

    def choose(self, state: State, f: Features, node: Node) -> Action:  # pragma: no cover
        raise NotImplementedError

    def maybe_reroll(self, state: State, f: Features, node: Node,
                     best: dict[int, float], base: float) -> Reroll | None:
        """Re-roll the dice whose best use gains less than an average die would."""
        if not state.rerolls:
            return None
        weak = [v for v in state.hand if best.get(v, base) - base < 0.6]
        if not weak:
            return None
        return Reroll(tuple(weak[:2]))


def _first(item: tuple[float, Any]) -> float:
    return item[0]
