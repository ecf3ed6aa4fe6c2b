"""Bots against bots: whole games at a table, win rates by player (strategy) and by seat.

The players sit in a new order each game (rotated), so each plays each seat equally often;
a shared win counts as a fraction. Game ``i`` is seeded ``seed + i``: the same command
always gives the same figures.

>>> summary = simulate(2, ["greedy:mill", "random"], seed=1)
>>> summary.games, [row.name for row in summary.rows]
(2, ['greedy/mill', 'random'])
>>> summary.rows[0].wins + summary.rows[1].wins
2.0
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.tally import Tally
from lnb.dream.bots import make_bot
from lnb.dream.decisions import Decisions, count_decisions
from lnb.dream.edition import DEFAULT_EDITION, Edition
from lnb.dream.errors import BadInputError
from lnb.dream.scoring import PARTS
from lnb.dream.state import Game, State
from lnb.dream.table import dream_table


class Row(Tally):
    """One player's (or seat's) line: games, wins, scores and the mean of each part, and its
    decisions (with how many touched the Mill, see :mod:`lnb.dream.decisions`)."""

    def __init__(self, name: str) -> None:
        super().__init__(name, parts=dict.fromkeys(PARTS, 0))
        self.decisions = Decisions()

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.name, "games": self.games, "wins": round(self.wins, 3),
                "win_rate": round(self.win_rate, 4), "mean_score": round(self.mean_score, 2),
                "mean_parts": {p: round(v / max(1, self.games), 2)
                               for p, v in self.parts.items()},
                "mean_decisions": round(self.decisions.decisions / max(1, self.games), 2),
                "mill_share": round(self.decisions.share, 4)}


@dataclass
class Summary:
    """The figures of a run: per player, per seat, and how long the games were."""

    games: int
    players: tuple[str, ...]
    rows: list[Row]
    seats: list[Row]
    turns: list[int] = field(default_factory=list)
    #: The winners' Prestige summed by part (a shared win counts each winner's share).
    winners: dict[str, float] = field(default_factory=lambda: dict.fromkeys(PARTS, 0.0))

    def winner_shares(self) -> dict[str, float]:
        """Each part's share of the winners' Prestige (0 to 1; all 0 before a point)."""
        total = sum(self.winners.values())
        return {p: v / total if total else 0.0 for p, v in self.winners.items()}

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "players": list(self.players),
                "by_player": [r.to_dict() for r in self.rows],
                "by_seat": [r.to_dict() for r in self.seats],
                "mean_turns": round(sum(self.turns) / max(1, len(self.turns)), 2),
                "winners_share_by_part": {p: round(v, 4)
                                          for p, v in self.winner_shares().items()}}

    def table(self) -> str:
        """The figures as a plain-text table."""
        head = str(Text(N_("{games} games of Ada's Dream; players sit in turn in every seat"),
                        games=self.games))
        lines = [head, ""]
        header = f"{'':<22}{'games':>6}{'wins':>8}{'win %':>7}{'mean':>7}  " + \
            " ".join(f"{p[:6]:>6}" for p in PARTS) + f"{'decide':>7}{'mill %':>7}"
        lines.append(header)
        for row in [*self.rows, *self.seats]:
            parts = " ".join(f"{row.parts[p] / max(1, row.games):>6.1f}" for p in PARTS)
            lines.append(f"{row.name:<22}{row.games:>6}{row.wins:>8.1f}"
                         f"{100 * row.win_rate:>6.1f}%{row.mean_score:>7.1f}  {parts}"
                         f"{row.decisions.decisions / max(1, row.games):>7.1f}"
                         f"{100 * row.decisions.share:>6.1f}%")
        shares = " ".join(f"{100 * v:>5.1f}%" for v in self.winner_shares().values())
        label = str(Text(N_("winners: share by part")))
        lines.append(f"{label:<52}  {shares}")
        turns = sum(self.turns) / max(1, len(self.turns))
        lines.append("")
        lines.append(str(Text(N_("turns per player: {turns:.1f} on average"), turns=turns)))
        lines.append(str(Text(N_("decide: decisions a game (two or more choices); mill %: "
                                 "their share that placed a die or a Program, lowered a "
                                 "die or chose its Mill turn"))))
        return "\n".join(lines)


def seat_names(kinds: Sequence[str]) -> list[str]:
    """Player names from kinds (a name holds no colon): ``greedy/mill``, or ``greedy#1``,
    ``greedy#2`` for twins.

    >>> seat_names(["greedy", "greedy:mill", "greedy"])
    ['greedy#1', 'greedy/mill', 'greedy#2']
    """
    names = []
    for i, kind in enumerate(kinds):
        twins = [k for k in kinds if k == kind]
        name = kind.replace(":", "/")
        names.append(name if len(twins) == 1 else f"{name}#{kinds[: i + 1].count(kind)}")
    return names


def play_game(kinds: Sequence[str], seed: int, rotate: int = 0,
              edition: str | Edition = DEFAULT_EDITION) -> tuple[State, list[str]]:
    """One whole game of bots (seated rotated by ``rotate``); the state and the seat order."""
    names = seat_names(kinds)
    seated = names[rotate % len(names):] + names[:rotate % len(names)]
    by_name = dict(zip(names, kinds, strict=True))
    bots = {n: make_bot(by_name[n], f"{seed}:{n}") for n in seated}
    table = dream_table(Game(seated, edition, seed=seed).new_initial_state(), bots)
    table.advance()
    return table.state, seated


def simulate(games: int, players: Sequence[str], seed: int = 0,
             progress: Callable[[int], None] | None = None,
             edition: str | Edition = DEFAULT_EDITION) -> Summary:
    """Play ``games`` games between ``players`` (bot names, 2 to 4) and sum them up."""
    if not 2 <= len(players) <= 4:
        raise BadInputError(N_("give 2 to 4 computer players, e.g. greedy,planner"),
                            reason="players")
    for kind in players:
        make_bot(kind)  # an unknown name fails before any game
    names = seat_names(players)
    rows = {n: Row(n) for n in names}
    seats = [Row(str(Text(N_("seat {seat}"), seat=i + 1))) for i in range(len(names))]
    summary = Summary(games, tuple(players), list(rows.values()), seats)
    for i in range(games):
        state, seated = play_game(players, seed + i, rotate=i, edition=edition)
        sheet = state.score_sheet()
        decided = count_decisions(state)
        for seat, name in enumerate(seated):
            row = next(r for r in sheet.rows if r.player == name)
            share = 1 / len(sheet.winners) if name in sheet.winners else 0.0
            for target in (rows[name], seats[seat]):
                target.add(row.total, row.parts, win=share)
                target.decisions.decisions += decided[name].decisions
                target.decisions.mill += decided[name].mill
            for part, points in row.parts:
                summary.winners[part] += share * points
        summary.turns.append(state.players[seated[0]].turns)
        if progress is not None:
            progress(i + 1)
    return summary


@dataclass
class RoundRobin:
    """Every pair of players head to head (two seats, ``games`` games a pair, seats
    alternating): each pair's summary and each player's win rate over all its games."""

    games: int
    pairs: list[Summary]

    def rates(self) -> dict[str, float]:
        """Each player's share of the games it played that it won."""
        wins: dict[str, list[float]] = {}
        for summary in self.pairs:
            for row in summary.rows:
                tally = wins.setdefault(row.name, [0.0, 0.0])
                tally[0] += row.wins
                tally[1] += row.games
        return {name: won / played for name, (won, played) in wins.items()}

    def to_dict(self) -> dict[str, Any]:
        return {"games_per_pair": self.games, "pairs": [s.to_dict() for s in self.pairs],
                "win_rates": {n: round(r, 4) for n, r in self.rates().items()}}

    def table(self) -> str:
        lines = [str(Text(N_("every pair head to head, {games} games a pair, seats "
                             "alternating"), games=self.games)), ""]
        for s in self.pairs:
            a, b = s.rows
            seats = " ".join(f"{100 * r.win_rate:5.1f}%" for r in s.seats)
            lines.append(f"{a.name:>18} {100 * a.win_rate:5.1f}%  {b.name:<18} "
                         f"{100 * b.win_rate:5.1f}%   {seats}   "
                         f"{a.mean_score:5.1f} {b.mean_score:5.1f}")
        lines.append("")
        for name, rate in self.rates().items():
            lines.append(f"{name:>18} {100 * rate:5.1f}%")
        return "\n".join(lines)


def round_robin(games: int, players: Sequence[str], seed: int = 0,
                edition: str | Edition = DEFAULT_EDITION) -> RoundRobin:
    """Each pair of ``players`` plays ``games`` games (:func:`simulate` with the same seed).

    >>> rr = round_robin(2, ["random", "random:mill", "random:partners"], seed=1)
    >>> len(rr.pairs), round(sum(rr.rates().values()), 6)
    (3, 1.5)
    """
    if len(set(players)) != len(players) or len(players) < 2:
        raise BadInputError(N_("give at least two different computer players"),
                            reason="players")
    pairs = [simulate(games, [a, b], seed=seed, edition=edition)
             for i, a in enumerate(players) for b in players[i + 1:]]
    return RoundRobin(games, pairs)
