"""Events: each resolved row, with its arithmetic and what it claimed, for a UI to replay.

>>> claim = Claim("patron", patron=60, took="Art", place=1)
>>> claim.to_dict()
{'kind': 'patron', 'patron': 60, 'took': 'Art', 'place': 1}
>>> Claim("engine", level="C", points=1).text()
'engine bonus +1 (level C)'
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from lnb.babbage.numbers import ordinal
from lnb.babbage.words import effect_name, type_name
from lnb.core.i18n import _
from lnb.core.lazy import LazyField

if TYPE_CHECKING:
    from lnb.babbage.programs import TraceRow

# Claim kinds, in the order they are listed in an event.
SUBROUTINE = "subroutine"
PATRON = "patron"
FAILED_EXPERIMENT = "failed_experiment"
ENGINE = "engine"


@dataclass(frozen=True)
class Claim:
    """Something a row won: a completed Subroutine, Influence from a Patron, a Failed
    Experiment or an engine bonus.

    ``influence`` lists the marks taken when more than ``took`` once (BOTH, DOUBLE);
    ``effects`` the Subroutine effects the claim used (NEAR, DOUBLE, BOTH, CHOICE, RESERVE).
    """

    kind: str
    patron: int | None = None
    took: str | None = None
    place: int | None = None
    subroutine: int | None = None
    effect: str | None = None
    level: str | None = None
    points: int | None = None
    influence: tuple[tuple[str, int], ...] = ()
    effects: tuple[str, ...] = ()

    @classmethod
    def _of(cls, kind: str, **given: Any) -> Claim:
        """``Claim(kind, **given)`` without the frozen ``__init__``'s ``setattr`` per field:
        the same fields in the same order (a claim is made for every row that wins
        something). Only the game's own code calls it, with field names it knows."""
        claim = object.__new__(cls)
        values = claim.__dict__
        values.update(_CLAIM_DEFAULTS)  # every field, in the order __init__ sets them
        values["kind"] = kind
        values.update(given)
        return claim

    def to_dict(self) -> dict[str, Any]:
        """JSON form; only the fields this kind of claim uses."""
        data: dict[str, Any] = {"kind": self.kind}
        for key in ("subroutine", "effect", "patron", "took", "place", "level", "points"):
            value = getattr(self, key)
            if value is not None:
                data[key] = value
        if self.influence:
            data["influence"] = dict(self.influence)
        if self.effects:
            data["effects"] = list(self.effects)
        return data

    def text(self) -> str:
        """One line for a pupil: ``Patron 60: Art (1st)``."""
        if self.kind == SUBROUTINE:
            return _("Subroutine {subroutine:02d} completed ({effect})").format(
                subroutine=self.subroutine, effect=effect_name(self.effect))
        if self.kind == ENGINE:
            return _("engine bonus +{points} (level {level})").format(points=self.points,
                                                                     level=self.level)
        place = ordinal(self.place or 0)
        if self.kind == FAILED_EXPERIMENT:
            return _("Patron {patron:02d}: Failed Experiment ({place})").format(
                patron=self.patron, place=place)
        comma = _(", ")
        marks = comma.join(f"{type_name(t)} ×{n}" if n > 1 else type_name(t)
                           for t, n in self.influence) or (type_name(self.took) if self.took
                                                         else str(self.took))
        if self.effects:
            return _("Patron {patron:02d}: {marks} ({place}) [{effects}]").format(
                patron=self.patron, marks=marks, place=place,
                effects=comma.join(effect_name(e) for e in self.effects))
        return _("Patron {patron:02d}: {marks} ({place})").format(patron=self.patron,
                                                                  marks=marks, place=place)


_CLAIM_DEFAULTS = {f.name: f.default for f in fields(Claim)}  # (``kind`` has none: set)


@dataclass(frozen=True)
class RowEvent:
    """One resolved row: who, which row, its Operation and arithmetic, and its claims.

    In mental-arithmetic play ``written`` is the Result the player wrote; a ``void`` row left
    00–99 when recomputed and claimed nothing.
    """

    round: int
    player: str
    row: int
    operation: str = LazyField(lambda e: str(e.__dict__["_row"].operation))  # see resolved
    before: int
    result: int
    text: str = LazyField(lambda e: e.__dict__["_row"].text)
    claims: tuple[Claim, ...] = ()
    written: int | None = None
    void: bool = False
    debugged: bool = field(default=False)

    @classmethod
    def resolved(cls, round_no: int, player: str, row: TraceRow, claims: tuple[Claim, ...],
                 debugged: bool) -> RowEvent:
        """The event of a trace's ``row`` resolved: its Operation and arithmetic as text are
        written when first read (the same text as ``RowEvent(..., str(row.operation), ...,
        row.text, ...)``)."""
        event = object.__new__(cls)  # what made(cls, ...) does, without its call per row
        event.__dict__.update(round=round_no, player=player, row=row.row, before=row.before,
                              result=row.result, claims=claims, written=row.written,
                              void=row.void, debugged=debugged, _row=row)
        return event

    def to_dict(self) -> dict[str, Any]:
        """The JSON form listed under ``events`` by ``lnb replay --json``."""
        data: dict[str, Any] = {
            "round": self.round,
            "player": self.player,
            "row": self.row,
            "operation": self.operation,
            "before": self.before,
            "result": self.result,
            "text": self.text,
            "claims": [c.to_dict() for c in self.claims],
        }
        if self.written is not None:
            data["written"] = self.written
        if self.void:
            data["void"] = True
        if self.debugged:
            data["debugged"] = True
        return data

    def describe(self) -> str:
        """One line: ``Round 1 Ada row 1: A3+ 55 + 5 = 60 → Patron 60: Art (1st)``."""
        head = _("Round {round} {player} row {row}: {operation} {arithmetic}").format(
            round=self.round, player=self.player, row=self.row, operation=self.operation,
            arithmetic=self.text)
        if self.void:
            head = _("{line} (void: leaves 00–99)").format(line=head)
        if self.written is not None and self.written != self.result and not self.void:
            head = _("{line} (wrote {written:02d})").format(line=head, written=self.written)
        if self.claims:
            head += " → " + _("; ").join(c.text() for c in self.claims)
        return head
