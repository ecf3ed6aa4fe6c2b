"""A player's (or a seat's) line of a simulation of many games, for every game of the kit:
games, wins (a shared win split between the winners), each game's total and the sum of each
scoring part.

>>> line = Tally("greedy", parts=dict.fromkeys(("patrons", "influence"), 0))
>>> line.add(10, {"patrons": 4, "influence": 6}, win=1.0)
>>> line.add(6, {"patrons": 6}, win=0.5)
>>> line.games, line.win_rate, line.mean_score, line.mean_part("patrons")
(2, 0.75, 8.0, 5.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field


@dataclass
class Tally:
    """``name``'s games so far; ``parts`` sums each scoring part (give it every part, at 0,
    to keep their order)."""

    name: str
    games: int = 0
    wins: float = 0.0
    totals: list[int] = field(default_factory=list)
    parts: dict[str, int] = field(default_factory=dict)

    def add(self, total: int, parts: Mapping[str, int] | Iterable[tuple[str, int]],
            win: float) -> None:
        """One more game: its total, its points by part, and the share of the win (0 to 1)."""
        self.games += 1
        self.wins += win
        self.totals.append(total)
        for part, points in (parts.items() if isinstance(parts, Mapping) else parts):
            self.parts[part] = self.parts.get(part, 0) + points

    @property
    def win_rate(self) -> float:
        """The share of its games it won (0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        """Its mean total (0 before any game)."""
        return sum(self.totals) / len(self.totals) if self.totals else 0.0

    def mean_part(self, part: str) -> float:
        """Its mean points of one part a game."""
        return self.parts.get(part, 0) / self.games if self.games else 0.0
