"""Many seeded games by one computer player: score distribution and verdict shares.

>>> summary = simulate(3, "greedy", seed=1)
>>> len(summary.scores), summary.games
(3, 3)
>>> print(summary.table().splitlines()[0])  # doctest: +ELLIPSIS
3 games, greedy, seeds 1–3
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from lnb.core.i18n import _, ngettext
from lnb.core.table import Table
from lnb.core.tally import progress_bar
from lnb.museum import words
from lnb.museum.define import GAME
from lnb.museum.state import Game, State, verdict


def play_game(bot: Any, game: Game) -> State:
    """One whole game by ``bot``, at a :class:`~lnb.core.table.Table` with the museum's table
    rules (the same loop as the app's and the live room's)."""
    state = game.new_initial_state()
    table = Table(state, dict.fromkeys(state.names, bot), GAME.table_rules, timed=False)
    table.advance(through_paced=True)
    return table.state


@dataclass(frozen=True)
class Summary:
    """Scores of ``games`` seeded games (seeds ``seed`` … ``seed + games - 1``)."""

    bot: str
    seed: int
    scores: tuple[int, ...]
    parts: tuple[tuple[int, int, int], ...]  # evidence, rooms, bonuses points
    rooms: tuple[tuple[str, ...], ...] = ()  # the rooms each game completed

    @property
    def games(self) -> int:
        return len(self.scores)

    def quantile(self, q: float) -> float:
        s = sorted(self.scores)
        if len(s) == 1:
            return float(s[0])
        return statistics.quantiles(s, n=100, method="inclusive")[max(0, min(98,
                                                                           int(q * 100) - 1))]

    def verdict_shares(self) -> list[tuple[int, float]]:
        """Each verdict band (by its index) and the share of games in it."""
        counts = [0] * len(words.VERDICTS)
        for score in self.scores:
            counts[verdict(score).band] += 1
        return [(band, count / self.games) for band, count in enumerate(counts)]

    def to_dict(self) -> dict[str, Any]:
        return {"bot": self.bot, "seed": self.seed, "games": self.games,
                "scores": list(self.scores), "median": statistics.median(self.scores),
                "mean": round(statistics.mean(self.scores), 2),
                "min": min(self.scores), "max": max(self.scores),
                "parts": {"evidence": _mean(p[0] for p in self.parts),
                          "rooms": _mean(p[1] for p in self.parts),
                          "bonuses": _mean(p[2] for p in self.parts)},
                "verdicts": {str(words.VERDICTS[b][0]): round(share, 4)
                             for b, share in self.verdict_shares()},
                "rooms_completed": self.room_shares()}

    def room_shares(self) -> dict[str, float]:
        """Each room (by id) and the share of games that completed it, most often first."""
        counts: dict[str, int] = {}
        for rooms in self.rooms:
            for room in rooms:
                counts[room] = counts.get(room, 0) + 1
        ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
        return {room: round(count / self.games, 4) for room, count in ordered}

    def table(self) -> str:
        """The summary for people: a line of figures, a histogram, the verdict shares."""
        data = self.to_dict()
        lines = [ngettext("{games} game, {bot}, seeds {first}–{last}",
                          "{games} games, {bot}, seeds {first}–{last}", self.games).format(
            games=self.games, bot=self.bot, first=self.seed, last=self.seed + self.games - 1),
            _("score: median {median}, mean {mean}, lowest {low}, highest {high}").format(
                median=data["median"], mean=data["mean"], low=data["min"], high=data["max"]),
            _("mean points: evidence {evidence}, rooms {rooms}, bonuses {bonuses}").format(
                **data["parts"]), ""]
        top = max(self.scores)
        for low in range(0, top + 1, 10):
            count = sum(1 for s in self.scores if low <= s < low + 10)
            bar = "#" * round(40 * count / self.games)
            lines.append(f"{low:3d}–{low + 9:<3d} {count:5d} {bar}")
        if self.rooms:
            lines.append("")
            lines.append(_("rooms completed:"))
            names = {r: str(words.ROOM_NAMES.get(r, r)) for r in data["rooms_completed"]}
            for room, share in data["rooms_completed"].items():
                lines.append(f"  {share * 100:5.1f}%  {names[room]}")
        lines.append("")
        lines.append(_("verdicts:"))
        for band, share in self.verdict_shares():
            low = words.VERDICTS[band][0]
            high = words.VERDICTS[band + 1][0] - 1 if band + 1 < len(words.VERDICTS) else None
            points = f"{low}–{high}" if high is not None else f"{low}+"
            lines.append(f"  {points:>6}  {share * 100:5.1f}%  {words.VERDICTS[band][1]}")
        return "\n".join(lines)


def _mean(values: Any) -> float:
    return round(statistics.mean(list(values)), 2)


def simulate(games: int, bot: str = "planner", seed: int = 1, edition: str = "standard",
             progress: Callable[[int, int], None] | None = None) -> Summary:
    """Play ``games`` games with seeds ``seed`` … by the bot named ``bot``."""
    from lnb.museum.bots import make_bot

    player = make_bot(bot, seed)
    scores, parts, rooms = [], [], []
    for number in range(games):
        state = play_game(player, Game(edition, seed + number))
        score = state.score()
        scores.append(score.total)
        parts.append((score.evidence_points, score.room_points, score.bonus_points))
        rooms.append(tuple(r for r, _points in score.rooms))
        if progress is not None:
            progress(number + 1, games)
    return Summary(bot, seed, tuple(scores), tuple(parts), tuple(rooms))


def run_cli(args: Any, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``lnb museum simulate``: progress (tqdm) on stderr, the summary on stdout."""
    import json

    out = out or sys.stdout
    err = err or sys.stderr
    with progress_bar(args.games, err, quiet=args.quiet) as bar:
        summary = simulate(args.games, args.bot, args.seed,
                           progress=lambda done, total: bar.update(1))
    if args.json:
        out.write(json.dumps(summary.to_dict(), ensure_ascii=False) + "\n")
    else:
        out.write(summary.table() + "\n")
    return 0
