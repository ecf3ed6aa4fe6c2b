"""Resolution phase: what one row's Result claims (RULES.md §4.4).

Pure rules on small values: the table of Patrons of a Round, the once-a-Round effects a
player holds, and the claim plans a Result opens. ``State`` asks for the options of the
row whose turn it is, lists them as legal actions, and commits the chosen one.

>>> from lnb.babbage.edition import Edition
>>> ed = Edition.load()
>>> table = {58: PatronSlot(ed.patron(58))}
>>> [(o.patron, o.take) for o in row_options(table, "Ada", 58, [], players=2)]
[(58, 'Art'), (58, 'Science')]
>>> table[58].commit("Ada", ClaimPlan(58, 1, "patron", ("Art", "Science")), "Art", []).to_dict()
{'kind': 'patron', 'patron': 58, 'took': 'Art', 'place': 1}
>>> [(o.patron, o.take) for o in row_options(table, "Bea", 58, [], players=2)]
[(58, 'Science')]
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field, fields, replace
from typing import Any

from lnb.babbage.edition import Effect, Patron
from lnb.babbage.game.events import FAILED_EXPERIMENT, PATRON, Claim

PRIMARY = PATRON
AIMABLE = (Effect.NEAR, Effect.DOUBLE, Effect.BOTH, Effect.CHOICE)


@dataclass
class EffectUse:
    """An activated once-a-Round effect: which Subroutine, its aimed Patron, whether spent."""

    subroutine: int
    effect: Effect
    aim: int | None = None
    spent: bool = False

    def fits(self, effect: Effect, patron: int) -> bool:
        return (not self.spent and self.effect is effect
                and (self.aim is None or self.aim == patron))


def find_use(uses: list[EffectUse], effect: Effect, patron: int) -> EffectUse | None:
    """The unspent use of ``effect`` that may apply at ``patron`` (an aimed one first)."""
    if not uses:
        return None  # the usual case: no effect activated this Round
    fitting = [u for u in uses if u.fits(effect, patron)]
    fitting.sort(key=lambda u: u.aim is None)
    return fitting[0] if fitting else None


@dataclass(frozen=True)
class ClaimPlan:
    """What claiming one Patron would give: its place, the kind of claim, the choice of type
    (``takes``; more than one is a choice), and the effects it would spend."""

    patron: int
    place: int
    kind: str
    takes: tuple[str | None, ...]
    double: EffectUse | None = None
    both: EffectUse | None = None
    choice: EffectUse | None = None
    near: EffectUse | None = None
    reserve: bool = False
    flips: bool = False

    @classmethod
    def _of(cls, patron: int, place: int, kind: str, takes: tuple[str | None, ...],
            **given: Any) -> ClaimPlan:
        """``ClaimPlan(patron, place, kind, takes, **given)`` without the frozen
        ``__init__``'s ``setattr`` per field: the same fields in the same order (a plan is
        made for every row that may claim). Only this module calls it, with known names."""
        plan = object.__new__(cls)
        values = plan.__dict__
        values.update(_PLAN_DEFAULTS)  # every field, in the order __init__ sets them
        values.update(patron=patron, place=place, kind=kind, takes=takes)
        values.update(given)
        return plan

    def marks(self, take: str | None, types: tuple[str, str]) -> tuple[tuple[str, int], ...]:
        """Influence marks this claim records for the chosen type."""
        if self.kind != PRIMARY:
            return ()
        n = 2 if self.double else 1
        if self.both:
            first = take or types[0]
            other = types[1] if first == types[0] else types[0]
            return ((first, n), (other, 1))
        return ((take or "", n),)


_PLAN_DEFAULTS = {f.name: f.default for f in fields(ClaimPlan)}  # (the first four: given)


@dataclass
class PatronSlot:
    """One Patron on the table this Round (revealed, or in a player's RESERVE display)."""

    patron: Patron
    owner: str | None = None
    claimers: list[str] = field(default_factory=list)
    taken: list[str] = field(default_factory=list)
    flipped: bool = False

    @property
    def value(self) -> int:
        return self.patron.value

    def plan(self, player: str, uses: list[EffectUse], players: int) -> ClaimPlan | None:
        """What ``player`` would get here now, or None when nothing is left for them."""
        t0, t1 = self.patron.types
        value = self.value
        if self.owner is not None:
            mine = self.claimers.count(player)
            if self.owner != player or mine >= 2:
                return None
            double = find_use(uses, Effect.DOUBLE, value)
            if mine == 0:
                return ClaimPlan._of(value, 1, PRIMARY, (t0, t1), double=double, reserve=True)
            other = t1 if self.taken[0] == t0 else t0
            return ClaimPlan._of(value, 2, PRIMARY, (other,), double=double, reserve=True)
        if player in self.claimers:
            return None
        place = len(self.claimers) + 1
        if self.flipped:
            if players < 3:
                return None
            return ClaimPlan._of(value, place, FAILED_EXPERIMENT, (None,))
        double = find_use(uses, Effect.DOUBLE, value)
        if place == 1:
            both = find_use(uses, Effect.BOTH, value)
            takes: tuple[str | None, ...] = (None,) if both and not double else (t0, t1)
            return ClaimPlan._of(value, 1, PRIMARY, takes, double=double, both=both,
                                 flips=both is not None)
        choice = find_use(uses, Effect.CHOICE, value)
        other = t1 if self.taken[0] == t0 else t0
        takes = (t0, t1) if choice else (other,)
        return ClaimPlan._of(value, 2, PRIMARY, takes, double=double, choice=choice, flips=True)

    def commit(self, player: str, plan: ClaimPlan, take: str | None,
               effects_used: list[str]) -> Claim:
        """Record the claim on the card and spend the effects it used; return the Claim."""
        self.claimers.append(player)
        for use in (plan.near, plan.double, plan.both, plan.choice):
            if use is not None:
                use.spent = True
        if plan.kind != PRIMARY:
            return Claim._of(FAILED_EXPERIMENT, patron=self.value, place=plan.place,
                         effects=tuple(effects_used))
        marks = plan.marks(take, self.patron.types)
        self.taken.extend(t for t, _ in marks)
        if plan.flips and self.owner is None:
            self.flipped = True
        show = marks if (len(marks) > 1 or marks[0][1] > 1) else ()
        return Claim._of(PATRON, patron=self.value, took=marks[0][0], place=plan.place,
                     influence=show, effects=tuple(effects_used))


@dataclass(frozen=True)
class RowOption:
    """One way to resolve a row: the Patron claimed and the type taken (None: no choice)."""

    patron: int | None
    take: str | None
    plan: ClaimPlan | None


def row_options(table: dict[int, PatronSlot], player: str, result: int,
                uses: list[EffectUse], players: int,
                claimed_before: Collection[int] = ()) -> list[RowOption]:
    """Every distinct way ``result`` may claim a Patron (empty: it claims none).

    An exact value wins over NEAR; NEAR may touch two Patrons and the player picks one.
    ``claimed_before``: Patrons ``player`` claimed from in earlier Rounds; a player never
    claims from the same Patron twice in a game (a reserved one that comes out again gives
    them nothing; RULES.md §4.4).

    >>> from lnb.babbage.edition import Edition
    >>> table = {58: PatronSlot(Edition.load().patron(58))}
    >>> row_options(table, "Ada", 58, [], players=3, claimed_before={58})
    []
    """
    candidates: list[ClaimPlan] = []
    slot = table.get(result)
    exact = (slot.plan(player, uses, players)
             if slot and result not in claimed_before else None)
    if exact is not None:
        candidates.append(exact)
    else:
        for value in (result - 1, result + 1):
            near_slot = table.get(value)
            if near_slot is None:
                continue
            near = find_use(uses, Effect.NEAR, value)
            if near is None or value in claimed_before:
                continue
            plan = near_slot.plan(player, uses, players)
            if plan is not None:
                candidates.append(replace(plan, near=near))
    options = []
    for plan in candidates:
        for take in plan.takes:
            options.append(RowOption(plan.patron, take, plan))
    return options


def effects_used(plan: ClaimPlan) -> list[str]:
    """Names of the effects a claim spends (and RESERVE for a reserved Patron)."""
    if plan.near is None and plan.both is None and plan.double is None and plan.choice is None:
        return [Effect.RESERVE.value] if plan.reserve else []  # (most claims use none)
    names = [e.value for e, use in ((Effect.NEAR, plan.near), (Effect.BOTH, plan.both),
                                    (Effect.DOUBLE, plan.double), (Effect.CHOICE, plan.choice))
             if use is not None and (plan.kind == PRIMARY or e is Effect.NEAR)]
    if plan.reserve:
        names.append(Effect.RESERVE.value)
    return names
