"""Rule options of one game: take-that, mental arithmetic, handicap, timer and limit.

>>> opts = GameOptions(handicap={"Bea": ["Art"]})
>>> opts.handicap_for("Bea"), opts.handicap_for("Ada")
(('Art',), ())
>>> opts.to_dict()
{'take_that': True, 'mental_arithmetic': False, 'handicap': {'Bea': ['Art']}}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.errors import GameError

DEFAULT_TIMER_SECONDS = 60


@dataclass(frozen=True)
class GameOptions:
    """The optional rules of RULES.md §4–§5.

    - ``take_that``: False removes each character's take-that pair (they cannot be targeted).
    - ``mental_arithmetic``: players write their Results; wrong ones offer Debug.
    - ``handicap``: name -> one or two Influence marks the player starts with.
    - ``timer_seconds``: the Program-phase timer the UI runs after the first player finishes.
    - ``operation_limit``: None means the edition's limit (5 in the standard edition).
    """

    take_that: bool = True
    mental_arithmetic: bool = False
    handicap: Mapping[str, Sequence[str]] | tuple[tuple[str, tuple[str, ...]], ...] = ()
    timer_seconds: int = DEFAULT_TIMER_SECONDS
    operation_limit: int | None = None
    _handicap: dict[str, tuple[str, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        raw = self.handicap
        items = raw.items() if isinstance(raw, Mapping) else raw
        normal: dict[str, tuple[str, ...]] = {}
        try:
            for name, types in items:
                if isinstance(types, str) or not all(isinstance(t, str) for t in types):
                    raise TypeError
                normal[str(name)] = tuple(types)
        except (TypeError, ValueError):
            raise GameError(
                f"handicap {raw!r}: give a mapping of player name to one or two Influence "
                "types, e.g. {'Bea': ['Art']}"
            ) from None
        for name, types in normal.items():
            if not 1 <= len(types) <= 2:
                raise GameError(
                    f"handicap for {name}: {len(types)} marks given; a handicap is 1 or 2 "
                    "Influence marks, e.g. ['Art'] or ['Art', 'Science']"
                )
        object.__setattr__(self, "handicap", tuple(sorted(normal.items())))
        object.__setattr__(self, "_handicap", normal)
        if (isinstance(self.timer_seconds, bool) or not isinstance(self.timer_seconds, int)
                or self.timer_seconds <= 0):
            raise GameError(f"timer_seconds {self.timer_seconds!r}: give a whole number like 60")
        limit = self.operation_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise GameError(f"operation_limit {limit!r}: give a whole number like 5, or None")

    def handicap_for(self, name: str) -> tuple[str, ...]:
        """The Influence marks ``name`` starts with (empty without a handicap)."""
        return self._handicap.get(name, ())

    def to_dict(self) -> dict[str, Any]:
        """The ``options`` object of a game record (non-default extras only)."""
        data: dict[str, Any] = {
            "take_that": self.take_that,
            "mental_arithmetic": self.mental_arithmetic,
        }
        if self._handicap:
            data["handicap"] = {n: list(t) for n, t in self._handicap.items()}
        if self.timer_seconds != DEFAULT_TIMER_SECONDS:
            data["timer_seconds"] = self.timer_seconds
        if self.operation_limit is not None:
            data["operation_limit"] = self.operation_limit
        return data
