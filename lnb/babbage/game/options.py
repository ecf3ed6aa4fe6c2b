"""Rule options of one game: take-that, mental arithmetic, handicap, timer and limit.

>>> opts = GameOptions(handicap={"Bea": ["Art"]})
>>> opts.handicap_for("Bea"), opts.handicap_for("Ada")
(('Art',), ())
>>> opts.to_dict()
{'take_that': True, 'mental_arithmetic': False, 'handicap': {'Bea': ['Art']}}
>>> GameOptions.from_dict(opts.to_dict()) == opts
True

Every option is checked when the options are made; a bad one raises ``GameError`` with
``entry`` (the option), ``expected`` and ``reason="bad-option"``:

>>> GameOptions(take_that="yes")
Traceback (most recent call last):
...
lnb.core.errors.GameError: take_that 'yes': give True or False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from lnb.babbage.errors import GameError
from lnb.core.i18n import N_

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
        for name in ("take_that", "mental_arithmetic"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise GameError(N_("{entry} {value!r}: give True or False"), value=value,
                                entry=name,
                                reason="bad-option", expected=(True, False))
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
                N_("handicap {value!r}: give a mapping of player name to one or two Influence "
                   "types, e.g. {{'Bea': ['Art']}}"), value=raw,
                entry="handicap", reason="bad-option", expected="{name: [type, ...]}",
            ) from None
        for name, types in normal.items():
            if not 1 <= len(types) <= 2:
                raise GameError(
                    N_("handicap for {player}: {count} marks given; a handicap is 1 or 2 "
                       "Influence marks, e.g. ['Art'] or ['Art', 'Science']"), count=len(types),
                    entry="handicap", player=name, reason="bad-option", expected=(1, 2),
                )
        object.__setattr__(self, "handicap", tuple(sorted(normal.items())))
        object.__setattr__(self, "_handicap", normal)
        if (isinstance(self.timer_seconds, bool) or not isinstance(self.timer_seconds, int)
                or self.timer_seconds <= 0):
            raise GameError(N_("timer_seconds {value!r}: give a whole number like 60"),
                            value=self.timer_seconds,
                            entry="timer_seconds", reason="bad-option",
                            expected="a whole number of seconds > 0")
        limit = self.operation_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise GameError(N_("operation_limit {value!r}: give a whole number like 5, or None"),
                            value=limit,
                            entry="operation_limit", reason="bad-option",
                            expected="a whole number >= 0, or None")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameOptions:
        """Options from a mapping with the fields' names (a record's ``options`` object, or
        ``{"take_that": False}``); an unknown name raises ``GameError`` naming the known ones.

        >>> GameOptions.from_dict({"take_that": False}).take_that
        False
        >>> GameOptions.from_dict({"take_this": False})
        Traceback (most recent call last):
        ...
        lnb.core.errors.GameError: options: unknown option 'take_this'; the options are \
take_that, mental_arithmetic, handicap, timer_seconds, operation_limit
        """
        if not isinstance(data, Mapping):
            raise GameError(N_("options {options!r}: give GameOptions(...) or a dict like "
                               "{{'take_that': False}}"), options=data, entry="options",
                            reason="bad-option", expected="GameOptions or a dict")
        known = [f.name for f in fields(cls) if f.init]
        for key in data:
            if key not in known:
                raise GameError(N_("options: unknown option {key!r}; the options are {known}"),
                                key=key, known=", ".join(known), entry=key, reason="unknown-option",
                                expected=tuple(known))
        return cls(**data)

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
