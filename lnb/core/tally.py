"""What every game's simulation of many games shares: a player's (or a seat's) line — games,
wins (a shared win split between the winners), each game's total and the sum of each scoring
part — and the progress bar on stderr.

>>> line = Tally("greedy", parts=dict.fromkeys(("patrons", "influence"), 0))
>>> line.add(10, {"patrons": 4, "influence": 6}, win=1.0)
>>> line.add(6, {"patrons": 6}, win=0.5)
>>> line.games, line.win_rate, line.mean_score, line.mean_part("patrons")
(2, 0.75, 8.0, 5.0)
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # pragma: no cover
    from tqdm import tqdm


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


def progress_bar(total: int, out: TextIO | None = None, quiet: bool = False) -> tqdm:
    """The ecosystem's progress bar (tqdm) over ``total`` games on ``out`` (stderr); it says
    nothing with ``quiet`` or when ``out`` is not a terminal (a log, a pipe, a test). tqdm is
    imported only here: a simulation's library use stays light.

    >>> import io
    >>> with progress_bar(2, io.StringIO()) as bar:
    ...     bar.disable
    True
    """
    from tqdm import tqdm

    return tqdm(total=total, file=out if out is not None else sys.stderr, unit="game",
                disable=True if quiet else None)
