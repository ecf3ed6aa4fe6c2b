"""End and Final Scoring: each player's Prestige, part by part, and the winners.

Parts (in the order of the scorepad): Prestige gained during the game, Partner cards (the
Prestige printed on the eight cards of your supply), Programs (each true line of the Mill),
Assignments (each scoring token × the Assignments in its colour's column), Institutions (the
majorities), Gears, Innovation (5 scores 2, 6 scores 4). Ties go to the most £, then share.

>>> from lnb.dream.state import Game
>>> sheet = Game(["Ada", "Bea"], seed=1).new_initial_state().score_sheet()
>>> [(row.player, row.total) for row in sheet.rows]
[('Ada', 0), ('Bea', 0)]
>>> print(sheet.lines()[0])
Prestige gained during the game: Ada 0, Bea 0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text
from lnb.dream.mill import Status

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.state import State

#: The parts of a score, in scorepad order, with their line's title.
PARTS = ("prestige", "partners", "programs", "assignments", "institutions", "gears",
         "innovation")
TITLES = {
    "prestige": N_("Prestige gained during the game"),
    "partners": N_("Partner cards"),
    "programs": N_("Programs (true lines of the Mill)"),
    "assignments": N_("Assignments × scoring tokens"),
    "institutions": N_("Institutions (majorities)"),
    "gears": N_("Gears"),
    "innovation": N_("Innovation"),
}


@dataclass(frozen=True)
class ScoreRow:
    """One player's score: the points of each part and the total; ``money`` breaks ties."""

    player: str
    parts: tuple[tuple[str, int], ...]
    money: int

    @property
    def total(self) -> int:
        return sum(points for _part, points in self.parts)

    def part(self, name: str) -> int:
        return dict(self.parts)[name]


@dataclass(frozen=True)
class ScoreSheet:
    """Every player's row in seat order, and the winners (final only at the game's end)."""

    rows: tuple[ScoreRow, ...]
    winners: tuple[str, ...]
    final: bool

    def lines(self) -> list[Text]:
        """The scorepad line by line: one line per part, then the totals and the winners."""
        out = []
        for part in PARTS:
            scores = Listing([f"{r.player} {r.part(part)}" for r in self.rows])
            out.append(Text(N_("{title}: {scores}"), title=Text(TITLES[part]),
                            scores=_Commas(scores)))
        out.append(Text(N_("Total: {scores}"),
                        scores=_Commas(Listing([f"{r.player} {r.total}" for r in self.rows]))))
        names = Listing(self.winners)
        out.append(Text(N_("Winners: {names}") if len(self.winners) > 1 else N_("Winner: {names}"),
                        names=names) if self.final else
                   Text(N_("Leading so far: {names}"), names=names))
        return out

    def text(self) -> str:
        return "\n".join(str(line) for line in self.lines())


class _Commas:
    """A list of scores joined with commas (not "and": it is a table row)."""

    def __init__(self, listing: Listing) -> None:
        self.items = listing.items

    def __str__(self) -> str:
        return ", ".join(str(i) for i in self.items)


def institution_points(state: State) -> dict[str, int]:
    """The majority points of the four Institutions: most discs first, then second; tied
    players share the points of the places they fill (rounded down)."""
    points = dict.fromkeys(state.names, 0)
    table = state.edition.majority
    for inst in state.edition.institutions:
        counts = {n: state.players[n].places.count(f"inst:{inst.id}") for n in state.names}
        ranked = sorted((c for c in set(counts.values()) if c > 0), reverse=True)
        place = 0
        for count in ranked:
            group = [n for n in state.names if counts[n] == count]
            share = sum(table[place:place + len(group)]) // len(group)
            for n in group:
                points[n] += share
            place += len(group)
            if place >= len(table):
                break
    return points


def score_sheet(state: State) -> ScoreSheet:
    """The score of every player now (final once the game is over)."""
    ed = state.edition
    majorities = institution_points(state)
    innovation = dict(ed.innovation_scores)
    rows = []
    for name in state.names:
        p = state.players[name]
        parts = {
            "prestige": p.prestige,
            "partners": sum(ed.partner(c).prestige for c in p.supply()),
            "programs": sum(ed.program(p.programs[line]).prestige
                            for line, status in state.statuses(name) if status is Status.TRUE),
            "assignments": sum(value * len(p.columns[c]) for c, value in p.tokens.items()),
            "institutions": majorities[name],
            "gears": sum(ed.gear(g).prestige for g in p.gears),
            "innovation": innovation.get(p.innovation, 0),
        }
        rows.append(ScoreRow(name, tuple((k, parts[k]) for k in PARTS), p.money))
    best = max((r.total, r.money) for r in rows)
    winners = tuple(r.player for r in rows if (r.total, r.money) == best)
    return ScoreSheet(tuple(rows), winners, state.over)
