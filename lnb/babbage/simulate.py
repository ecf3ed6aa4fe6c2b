"""Bots against bots: whole games through the public actions, and a summary table.

In the Program phase each bot "thinks" for ``think_seconds``: the fastest finishes first and
takes order token 1, which starts the timer; a bot still thinking when it runs out is stopped
(``TimeUp``) with the program it wrote. The race is the table's (:mod:`lnb.babbage.table`),
the same one the game app runs.

>>> summary = simulate(2, ["planner", "beginner"], seed=1)
>>> summary.games, [row.bot for row in summary.rows]
(2, ['planner', 'beginner'])
>>> print(summary.table().splitlines()[-2])
strength 1, beginner: a new player: short programs to the nearest Patron, ...
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from lnb.babbage.bots import REGISTRY, BotBase, make_bot
from lnb.babbage.edition import Edition
from lnb.babbage.errors import LnbError
from lnb.babbage.game import Game, State
from lnb.babbage.table import babbage_table
from lnb.core.i18n import N_
from lnb.core.tally import Tally, progress_bar

PARTS = ("influence", "failed_experiments", "subroutines", "engine", "debugs")


def seat_names(kinds: Sequence[str]) -> list[str]:
    """Player names from bot kinds: ``planner``, or ``planner-1``, ``planner-2`` for twins."""
    names = []
    for i, kind in enumerate(kinds):
        twins = [k for k in kinds if k == kind]
        names.append(kind if len(twins) == 1 else f"{kind}-{kinds[: i + 1].count(kind)}")
    return names


def play_game(bots: dict[str, BotBase], game: Game) -> State:
    """Play one whole game; each player's actions come from its bot, at a
    :class:`~lnb.core.table.Table` (the same loop as the game app's)."""
    table = babbage_table(game.new_initial_state(), bots)
    table.advance(through_paced=True)
    return table.state


class BotRow(Tally):
    """One bot's line of the summary (:class:`lnb.core.tally.Tally`; ``bot`` is its name)."""

    def __init__(self, bot: str) -> None:
        super().__init__(bot, parts=dict.fromkeys(PARTS, 0))

    @property
    def bot(self) -> str:
        return self.name

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot, "games": self.games, "wins": self.wins,
            "win_rate": round(self.win_rate, 4), "mean_score": round(self.mean_score, 3),
            "mean_parts": {p: round(self.mean_part(p), 3) for p in PARTS},
        }


@dataclass
class Summary:
    """Win rates (shared wins split), mean scores and their parts, per seat's bot."""

    games: int
    players: tuple[str, ...]
    seed: int | str
    rows: list[BotRow]
    #: The bot kind of each seat (``players`` are seat names such as ``planner-1``).
    kinds: tuple[str, ...] = ()

    def row(self, bot: str) -> BotRow:
        return next(r for r in self.rows if r.bot == bot)

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "players": list(self.players), "seed": self.seed,
                "bots": [r.to_dict() for r in self.rows]}

    def table(self) -> str:
        """A plain-text table, one line a bot."""
        head = (f"{'bot':<12}{'win rate':>9}{'score':>8}" + "".join(
            f"{p.replace('failed_experiments', 'failed'):>12}" for p in PARTS))
        lines = [f"{self.games} games, seed {self.seed}", head]
        for r in self.rows:
            lines.append(f"{r.bot:<12}{r.win_rate:>9.1%}{r.mean_score:>8.1f}" + "".join(
                f"{r.mean_part(p):>12.2f}" for p in PARTS))
        return "\n".join([*lines, *strength_lines(self.kinds)])


def strength_lines(kinds: Sequence[str]) -> list[str]:
    """What each strength playing means, weakest first (the registry's sentences).

    >>> for line in strength_lines(["planner", "beginner", "planner"]):
    ...     print(line[:40])
    strength 1, beginner: a new player: shor
    strength 3, planner: searches whole prog
    """
    playing = sorted({REGISTRY.kind(k) for k in kinds}, key=lambda k: k.strength)
    return [f"strength {k.strength}, {k.name}: {k.describe}" for k in playing]


def simulate(
    games: int,
    players: Sequence[str] = ("planner", "greedy", "beginner"),
    seed: int | str = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Play ``games`` seeded games between bots (2–4, by kind); characters and seats rotate.

    ``progress(done, games)`` is called after each game.
    """
    kinds = [p.strip().lower() for p in players]
    for k in kinds:
        REGISTRY.kind(k)  # an unknown name is refused, listing the names
    if not 2 <= len(kinds) <= 4:
        raise LnbError(N_("{count} players given; a game has 2 to 4 players"),
                       count=len(kinds), reason="players")
    names = seat_names(kinds)
    characters = [c.name for c in Edition.load().characters]
    rows = {n: BotRow(n) for n in names}
    for g in range(games):
        game_seed = f"{seed}:{g}"
        bots = {n: make_bot(k, game_seed) for n, k in zip(names, kinds, strict=True)}
        # Rotate the characters so no bot keeps the same Subroutines.
        cast = [characters[(i + g) % len(characters)] for i in range(len(names))]
        game = Game(list(zip(names, cast, strict=True)), seed=_seed_int(game_seed))
        state = play_game(bots, game)
        sheet = state.score_sheet()
        for ps in sheet.players:
            share = 1 / len(sheet.winners) if ps.name in sheet.winners else 0.0
            rows[ps.name].add(ps.total, ps.parts, win=share)
        if progress is not None:
            progress(g + 1, games)
    return Summary(games, tuple(names), seed, list(rows.values()), tuple(kinds))


def _seed_int(text: str) -> int:
    """A stable integer seed from text (Python's own ``hash`` changes between runs)."""
    import zlib

    return zlib.crc32(text.encode("utf-8"))


def run_cli(args: Any, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``lnb simulate``: progress on stderr, the table (or JSON) on stdout."""
    import json

    seed: int | str = int(args.seed) if str(args.seed).lstrip("-").isdigit() else args.seed
    players = [p for p in args.players.split(",") if p.strip()]
    with progress_bar(args.games, err, quiet=args.quiet) as bar:
        summary = simulate(args.games, players, seed, lambda done, total: bar.update(1))
    if args.json:
        out.write(json.dumps(summary.to_dict(), ensure_ascii=False) + "\n")
    else:
        out.write(summary.table() + "\n")
    return 0
