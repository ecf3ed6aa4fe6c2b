"""How good a position is, for the computer players: fast bit-mask features of a museum.

A position is the filled squares (a bit mask), the die-icons written, and what is left to
play. Its value is the score so far plus what it promises: evidence nearly surrounded, rooms
nearly full, abilities unlocked or half written; minus holes that only a single square could
fill. All features are a few bit operations, so a player can weigh thousands of placements.

>>> from lnb.museum.museum import Museum
>>> f = features(Museum.standard())
>>> p = f.museum.placements("4b")[0]  # the 2x2 square on E1: the edge above, D2 beside
>>> str(p), f.contact(p, f.museum.evidence_mask)
('4b r0 @E1', 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from lnb.museum.museum import Ability, Museum, Placement

#: The value of an unlocked ability's effect, before the end of the game shrinks it.
EFFECT_VALUE = {"return": 7.0, "wild": 8.0, "reroll": 2.5, "shapes": 8.0}


@dataclass(frozen=True)
class Weights:
    """The tunable weights of :func:`Features.value`."""

    evidence_decay: float = 0.72
    room_share: float = 0.8
    room_power: float = 2.0
    isolated: float = 1.6
    dead_end: float = 0.35
    first_icon: float = 0.8
    wild: float = 3.6
    gift: float = 4.0
    reroll: float = 0.6


class Features:
    """The masks a museum's evaluation needs, made once per museum."""

    def __init__(self, museum: Museum) -> None:
        self.museum = m = museum
        w, h = m.width, m.height
        full = (1 << (w * h)) - 1
        self.full = full
        right = left = down = up = 0
        for i in range(w * h):
            r, c = divmod(i, w)
            if not m.inside(i):
                continue
            if c + 1 < w and m.inside(i + 1) and not m.wall_between(i, i + 1):
                right |= 1 << i
            if c > 0 and m.inside(i - 1) and not m.wall_between(i, i - 1):
                left |= 1 << i
            if r + 1 < h and m.inside(i + w) and not m.wall_between(i, i + w):
                down |= 1 << i
            if r > 0 and m.inside(i - w) and not m.wall_between(i, i - w):
                up |= 1 << i
        self.right, self.left, self.down, self.up = right, left, down, up
        self.inside = m.inside_mask
        self.rooms = [(m.rooms[rid].points, mask, mask.bit_count())
                      for rid, mask in m.room_masks.items()]
        self.rings = [(e.id, m.ring_masks[e.id], e.ability) for e in m.evidence]
        self._perimeter: dict[int, tuple[int, int]] = {}
        self._tables: dict[str, list[tuple[int, int, float, Placement]]] = {}
        self._promise: dict[Weights, tuple[list[Any], list[Any]]] = {}

    def open_neighbours(self, empty: int) -> tuple[int, int, int, int]:
        """For each direction, the squares whose neighbour that way is empty and open."""
        w = self.museum.width
        return ((empty >> 1) & self.right, (empty << 1) & self.left,
                (empty >> w) & self.down, (empty << w) & self.up)

    def perimeter(self, p: Placement) -> tuple[int, int]:
        """Squares around a placement it could touch (no wall between), and how many of its
        sides face a wall or the museum's edge."""
        found = self._perimeter.get(p.mask)
        if found is not None:
            return found
        mask = p.mask
        w = self.museum.width
        around = (((mask & self.right) << 1) | ((mask & self.left) >> 1)
                  | ((mask & self.down) << w) | ((mask & self.up) >> w)) & ~mask
        closed = sum((mask & ~side).bit_count()
                     for side in (self.right, self.left, self.down, self.up))
        found = (around, closed)
        self._perimeter[p.mask] = found
        return found

    def table(self, sid: str) -> list[tuple[int, int, float, Placement]]:
        """For each placement of a shape: its mask, the squares around it, its closed sides
        plus a little for its size (larger shapes first among equals), the placement."""
        found = self._tables.get(sid)
        if found is None:
            found = []
            for p in self.museum.placements(sid):
                around, closed = self.perimeter(p)
                found.append((p.mask, around, closed + 0.3 * p.mask.bit_count(), p))
            self._tables[sid] = found
        return found

    def contact(self, p: Placement, filled: int) -> int:
        """How snugly a placement fits: its sides against walls, edges or filled squares."""
        around, closed = self.perimeter(p)
        return closed + (around & filled).bit_count()

    def _tables_for(self, weights: Weights) -> tuple[list[Any], list[Any]]:
        """Per evidence and per room, the promise by the number of squares still empty."""
        found = self._promise.get(weights)
        if found is None:
            rings = []
            for eid, ring, ability in self.rings:
                worth = 2.0 + 0.3 * (ability.points + EFFECT_VALUE.get(ability.effect, 0.0))
                rings.append((eid, ring, ability,
                              [worth * weights.evidence_decay ** k for k in range(9)]))
            rooms = []
            for points, mask, size in self.rooms:
                rooms.append((mask, [points * weights.room_share * (1 - k / size)
                                     ** weights.room_power for k in range(size + 1)],
                              points))
            found = self._promise[weights] = (rings, rooms)
        return found

    def value(self, filled: int, icons: dict[str, tuple[int, ...]], unlocked: frozenset[str],
              wilds: int, gifts: int, rerolls: int, left: int,
              weights: Weights = Weights()) -> float:
        """The value of a position: points scored plus promise, ``left`` dice still to play."""
        rings, rooms = self._tables_for(weights)
        empty = self.inside & ~filled
        time = min(1.0, left / 12.0)
        total = 0.0
        promise = 0.0
        for eid, ring, ability, by_missing in rings:
            missing = (ring & empty).bit_count()
            if missing:
                promise += by_missing[missing]
                continue
            total += 2.0
            if eid in unlocked:
                total += ability.points
                continue
            written = icons.get(eid)
            later = min(1.0, left / 14.0)
            worth = ability.points + EFFECT_VALUE.get(ability.effect, 0.0) * later
            if written:
                total += worth * weights.first_icon * _pair_chance(ability, written[0], left)
            else:
                total += worth * 0.25 * later
        for mask, by_missing, points in rooms:
            missing = (mask & empty).bit_count()
            if missing:
                promise += by_missing[missing]
            else:
                total += points
        w = self.museum.width
        a = (empty >> 1) & self.right
        b = (empty << 1) & self.left
        c = (empty >> w) & self.down
        d = (empty << w) & self.up
        some = a | b | c | d
        two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
        isolated = (empty & ~some).bit_count()
        dead = (empty & some & ~two).bit_count()
        total += promise * time
        total -= weights.isolated * isolated * (0.5 + 0.5 * time)
        total -= weights.dead_end * dead * time
        total += (weights.wild * wilds + weights.gift * gifts) * min(1.0, left / 4.0)
        total += weights.reroll * min(rerolls, left)
        return total


def _pair_chance(ability: Ability, first: int, left: int) -> float:
    """The chance that one of the next few dice completes a pair after ``first``."""
    good = sum(1 for v in range(1, 7) if ability.accepts(first, v)) / 6.0
    tries = max(0, min(left, 6))
    return 1.0 - (1.0 - good) ** tries


@cache
def features(museum: Museum) -> Features:
    """The features of a museum (made once)."""
    return Features(museum)
