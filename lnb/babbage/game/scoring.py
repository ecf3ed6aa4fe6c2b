"""End scoring (RULES.md §5): a score sheet that explains every point.

>>> from lnb.babbage.edition import Edition
>>> ed = Edition.load()
>>> tallies = [
...     Tally("Ada", {"Art": 3, "Science": 1}, 0, 2, {"C": 1, "D": 0, "E": 1}, 5, 0),
...     Tally("Bea", {"Art": 3}, 1, 1, {"C": 0, "D": 0, "E": 0}, 0, 1),
... ]
>>> sheet = score(tallies, order=["Bea", "Ada"], edition=ed)
>>> [(p.name, p.influence, p.subroutines, p.debugs, p.total) for p in sheet.players]
[('Ada', 15, 4, 0, 24), ('Bea', 6, 2, -3, 6)]
>>> sheet.winners
('Ada',)
>>> for part in sheet.majorities[0].text.split("; "):
...     print(part)
Art: Ada (3 Influence), Bea (3 Influence) tie for 1st–2nd: 9 + 4 = 13
13 ÷ 2 = 6 r 1, so 6 points each
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.edition import Edition
from lnb.babbage.numbers import ordinal
from lnb.babbage.words import type_name
from lnb.core.i18n import N_, _, ngettext


@dataclass(frozen=True)
class Tally:
    """What a player gathered during the game (the input of scoring)."""

    name: str
    influence: Mapping[str, int]
    failed_experiments: int
    subroutines: int
    engine_rows: Mapping[str, int]
    engine: int
    debugs: int


@dataclass(frozen=True)
class Majority:
    """One Influence type: each player's count, points and a sentence saying why."""

    type: str
    counts: tuple[tuple[str, int], ...]
    points: tuple[tuple[str, int], ...]
    text: str


@dataclass(frozen=True)
class PlayerScore:
    """One player's score, part by part (``debugs`` is negative), and the tie-break key."""

    name: str
    influence_counts: Mapping[str, int]
    influence_points: Mapping[str, int]
    failed_experiments: int
    subroutine_count: int
    engine_rows: Mapping[str, int]
    debug_count: int
    influence: int
    subroutines: int
    engine: int
    debugs: int
    total: int
    rank: int = 0
    tiebreak: tuple[int, int, int] = (0, 0, 0)
    lines: tuple[str, ...] = field(default=(), compare=False)

    @property
    def parts(self) -> dict[str, int]:
        """The parts that add up to the total."""
        return {"influence": self.influence, "failed_experiments": self.failed_experiments,
                "subroutines": self.subroutines, "engine": self.engine, "debugs": self.debugs}

    def to_dict(self) -> dict[str, Any]:
        """``{"influence": 9, ..., "total": 18}`` as ``lnb replay --json`` prints it."""
        return {**self.parts, "total": self.total}


@dataclass(frozen=True)
class ScoreSheet:
    """Every player's score in seat order, the majorities, the ranking and the winners."""

    players: tuple[PlayerScore, ...]
    majorities: tuple[Majority, ...]
    ranking: tuple[str, ...]
    winners: tuple[str, ...]
    final: bool = True

    def player(self, name: str) -> PlayerScore:
        """One player's score."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def text(self) -> str:
        """The whole sheet as text: the majorities, then each player's lines."""
        out = [_("Influence majorities:")]
        out += [f"  {m.text}" for m in self.majorities]
        for p in sorted(self.players, key=lambda p: p.rank):
            out.append(ngettext("{rank}. {name}: {total} point", "{rank}. {name}: {total} points",
                                p.total).format(rank=p.rank, name=p.name, total=p.total))
            out += [f"     {line}" for line in p.lines]
        names = _(", ").join(self.winners)
        if self.final:
            said = ngettext("Winner: {names}", "Winners: {names}", len(self.winners))
        else:
            said = ngettext("Winner: {names} (so far)", "Winners: {names} (so far)",
                            len(self.winners))
        out.append(said.format(names=names))
        return "\n".join(out)


def split_places(groups: Sequence[Sequence[str]], points: Sequence[int]) -> dict[str, int]:
    """Points for groups of tied players in rank order: a group shares the places it covers,
    rounded down.

    >>> split_places([["A", "B"], ["C"]], [9, 4])
    {'A': 6, 'B': 6, 'C': 0}
    >>> split_places([["A"], ["B", "C", "D"]], [9, 4])
    {'A': 9, 'B': 1, 'C': 1, 'D': 1}
    """
    result: dict[str, int] = {}
    place = 0
    for group in groups:
        covered = list(points[place:place + len(group)])
        share = sum(covered) // len(group)
        for name in group:
            result[name] = share
        place += len(group)
    return result


def _holding(name: str, count: int) -> str:
    """A player and the Influence they have of one Type: ``Ada (3 Influence)``."""
    # TRANSLATORS: a player and the Influence they have of one Type, "Ada (3 Influence)".
    return ngettext("{name} ({count} Influence)", "{name} ({count} Influence)",
                    count).format(name=name, count=count)


def _majority(kind: str, tallies: Sequence[Tally], points: Sequence[int]) -> Majority:
    counts = [(t.name, t.influence.get(kind, 0)) for t in tallies]
    placed = sorted((c for c in counts if c[1] >= 1), key=lambda c: -c[1])
    groups: list[list[str]] = []
    last = None
    for name, n in placed:
        if groups and n == last:
            groups[-1].append(name)
        else:
            groups.append([name])
            last = n
    won = split_places(groups, points)
    sentences = []
    place = 0
    value = dict(counts)
    for group in groups:
        first, last = place + 1, place + len(group)
        covered = list(points[place:last])
        who = _(", ").join(_holding(n, value[n]) for n in group)
        if len(group) == 1:
            sentences.append(ngettext("{who} {place}: {points} point",
                                      "{who} {place}: {points} points", won[group[0]]).format(
                who=who, place=ordinal(first), points=won[group[0]]))
        else:
            total = sum(covered)
            rest = total % len(group)
            if rest:
                division = _("{total} ÷ {count} = {each} r {rest}").format(
                    total=total, count=len(group), each=won[group[0]], rest=rest)
            else:
                division = f"{total} ÷ {len(group)} = {won[group[0]]}"
            if len(covered) > 1:
                division = f"{' + '.join(str(x) for x in covered)} = {total}; {division}"
            sentences.append(ngettext(
                "{who} tie for {first}–{last}: {division}, so {each} point each",
                "{who} tie for {first}–{last}: {division}, so {each} points each",
                won[group[0]]).format(who=who, first=ordinal(first), last=ordinal(last),
                                      division=division, each=won[group[0]]))
        place = last
    if sentences:
        # TRANSLATORS: between the places of one majority, "… 1st: 9 points; Bea … 2nd: 4 points".
        text = _("{kind}: {places}").format(kind=type_name(kind),
                                            places=_("; ").join(sentences))
    else:
        text = _("{kind}: nobody has any").format(kind=type_name(kind))
    return Majority(kind, tuple(counts), tuple((n, won.get(n, 0)) for n, _ in counts), text)


def subroutine_points(count: int, table: Sequence[int]) -> int:
    """Points for ``count`` completed Subroutines (2, 2, 4, 8 for the 1st–4th).

    >>> [subroutine_points(n, [2, 2, 4, 8]) for n in range(5)]
    [0, 2, 4, 8, 16]
    """
    return sum(table[:count])


def score(tallies: Sequence[Tally], order: Sequence[str], edition: Edition,
          final: bool = True) -> ScoreSheet:
    """Score the players; ``order`` is the last Round's token order (the last tie-breaker)."""
    majorities = tuple(_majority(k, tallies, edition.majority_points)
                       for k in edition.influence_types)
    position = {name: i for i, name in enumerate(order)}
    scores = []
    for t in tallies:
        won = {m.type: dict(m.points)[t.name] for m in majorities}
        influence = sum(won.values())
        subs = subroutine_points(t.subroutines, edition.subroutine_points)
        debugs = -edition.debug_penalty * t.debugs
        total = influence + t.failed_experiments + subs + t.engine + debugs
        rows = sum(t.engine_rows.values())
        comma = _(", ")
        lines = [_("Influence {points}: {counts}").format(points=influence, counts=comma.join(
            f"{type_name(k)} {t.influence.get(k, 0)} → {won[k]}"
            for k in edition.influence_types if t.influence.get(k, 0)) or _("none"))]
        lines.append(_("Failed Experiments {points}: {count} × 1").format(
            points=t.failed_experiments, count=t.failed_experiments))
        lines.append(_("Subroutines {points}: {count} completed ({sum})").format(
            points=subs, count=t.subroutines,
            sum=" + ".join(str(x) for x in edition.subroutine_points[:t.subroutines]) or "0"))
        engine = comma.join(
            ngettext("{count} row on {level} × {bonus}", "{count} rows on {level} × {bonus}",
                     n).format(count=n, level=lv, bonus=edition.engine_bonus.get(lv, 0))
            for lv, n in t.engine_rows.items() if n)
        lines.append(_("Engine {points}: {rows}").format(points=t.engine,
                                                         rows=engine or _("no engine rows")))
        lines.append(_("Debugs {points}: {count} × −{penalty}").format(
            points=debugs, count=t.debugs, penalty=edition.debug_penalty))
        key = (t.subroutines + rows, -t.failed_experiments, -position.get(t.name, len(order)))
        scores.append(PlayerScore(
            name=t.name, influence_counts=dict(t.influence), influence_points=won,
            failed_experiments=t.failed_experiments, subroutine_count=t.subroutines,
            engine_rows=dict(t.engine_rows), debug_count=t.debugs, influence=influence,
            subroutines=subs, engine=t.engine, debugs=debugs, total=total, tiebreak=key,
            lines=tuple(lines)))
    ranked = sorted(scores, key=lambda s: (-s.total, *(-k for k in s.tiebreak)))
    rank_of = {s.name: i + 1 for i, s in enumerate(ranked)}
    players = tuple(_with_rank(s, rank_of[s.name], ranked) for s in scores)
    ranking = tuple(s.name for s in ranked)
    return ScoreSheet(players, majorities, ranking, ranking[:1], final)


def _with_rank(s: PlayerScore, rank: int, ranked: Sequence[PlayerScore]) -> PlayerScore:
    lines = list(s.lines)
    group = [o for o in ranked if o.total == s.total]
    if len(group) > 1:
        lines.append(tie_line(s, rank, group))
    return PlayerScore(**{**s.__dict__, "rank": rank, "lines": tuple(lines)})


_TIE_RULES = (
    (N_("the one with more Subroutines and engine rows together goes ahead"),
     lambda k: str(k[0])),
    (N_("the one with fewer Failed Experiments goes ahead"), lambda k: str(-k[1])),
    (N_("the one who came earlier in the last Round's order goes ahead"),
     lambda k: ordinal(1 - k[2])),
)


def tie_line(s: PlayerScore, rank: int, group: Sequence[PlayerScore]) -> str:
    """How a tie on points was broken, in a pupil's words: each rule in turn (RULES.md §5),
    with the numbers of the players still level, until ``s`` is on their own.

    >>> a = PlayerScore("Ada", {}, {}, 0, 2, {}, 0, 9, 4, 0, 0, 13, tiebreak=(5, 0, 0))
    >>> b = PlayerScore("Bea", {}, {}, 1, 1, {}, 0, 9, 2, 2, 0, 13, tiebreak=(3, -1, -1))
    >>> print(tie_line(a, 1, [a, b]))
    Level with Bea on 13 points, so the tie is broken: the one with more Subroutines and \
engine rows together goes ahead (Ada 5, Bea 3). Ada comes 1st.
    """
    others = [o.name for o in group if o.name != s.name]
    named = others[0] if len(others) == 1 else _("{names} and {last}").format(
        names=_(", ").join(others[:-1]), last=others[-1])
    level, said = list(group), []
    for i, (rule, value) in enumerate(_TIE_RULES):
        numbers = _(", ").join(f"{o.name} {value(o.tiebreak)}" for o in level)
        level = [o for o in level if o.tiebreak[i] == s.tiebreak[i]]
        said.append(_("{rule} ({numbers})").format(rule=_(rule), numbers=numbers))
        if len(level) == 1:
            break
    # TRANSLATORS: between the tie-break rules tried one after another.
    return ngettext("Level with {named} on {total} point, so the tie is broken: {rules}. "
                    "{name} comes {place}.", "Level with {named} on {total} points, so the tie "
                    "is broken: {rules}. {name} comes {place}.", s.total).format(
        named=named, total=s.total, rules=_("; still level, so ").join(said), name=s.name,
        place=ordinal(rank))


def as_counts(marks: Mapping[str, int], types: Sequence[str]) -> dict[str, int]:
    """Influence counts in the edition's type order, types with none left out."""
    return {k: marks[k] for k in types if marks.get(k, 0)}
