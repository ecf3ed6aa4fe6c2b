"""Set up a position by hand: the dice in hand, the Reserve and Used, filled squares, evidence
collected, die-icons written, wild shapes and re-rolls left; and dice that come out as
scripted. For tests, lessons and the app's worked examples.

>>> state = scenario(hand=(3, 4), filled="A4 B4 C4", reserve=2, used=2, rolls=[(6, 6)])
>>> state.hand, state.reserve, state.used, state.is_filled("B4"), state.dice_count()
((3, 4), 2, 2, True, 6)
>>> state.apply_action("write 3 on key")
Traceback (most recent call last):
...
lnb.core.errors.GameError: the key is not collected yet: surround it first
>>> state.apply_action("place 3a r0 @C5"); state.apply_action("place 4b r0 @F1")
>>> state.hand, state.reserve, state.used
((6, 6), 0, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lnb.core.errors import GameError
from lnb.core.i18n import N_
from lnb.museum.museum import Museum
from lnb.museum.state import Game, State


class ScriptedChance:
    """Dice that come out as given, roll after roll; one more roll than scripted is refused.

    Like the seeded dice, a roll is drawn once per key (``turn 3``, ``reroll 1``): a clone of
    the state, or an undo replaying it, that rolls the same key gets the same dice.

    >>> chance = ScriptedChance([(2, 3), (6,)])
    >>> chance.roll("turn 2", 2), chance.roll("reroll 1", 1), chance.roll("turn 2", 2)
    ((2, 3), (6,), (2, 3))
    """

    def __init__(self, rolls: Iterable[Sequence[int]]) -> None:
        self.rolls = [tuple(r) for r in rolls]
        self.seed = 0
        self.drawn: dict[str, tuple[int, ...]] = {}

    def roll(self, key: str, count: int) -> tuple[int, ...]:
        if count == 0:
            return ()
        values = self.drawn.get(key)
        if values is None:
            if not self.rolls:
                raise GameError(N_("the scenario scripted no more dice ({key})"), key=key,
                                reason="no-dice")
            values = self.rolls.pop(0)
        if len(values) != count:
            raise GameError(N_("the scenario scripted {values} for {key}, which rolls {count}"),
                            values=values, key=key, count=count, reason="bad-script")
        self.drawn[key] = values
        return values


def _squares(text: str | Iterable[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def scenario(*, hand: Sequence[int] = (1, 2), reserve: int | None = None,
             used: int | None = None, filled: str | Iterable[str] = (),
             collected: Iterable[str] = (), icons: dict[str, Sequence[int]] | None = None,
             unlocked: Iterable[str] = (), wilds: int = 0, rerolls: int = 0,
             gifts: Sequence[str] = (), boxes: int = 0, rolls: Iterable[Sequence[int]] = (),
             edition: str = "standard") -> State:
    """A state with these facts (the rest as at the start). ``collected`` evidence gets its
    eight neighbours filled; ``reserve`` and ``used`` default to what makes six dice;
    ``rolls`` are the dice of the next turns and re-rolls, in order."""
    state = Game(edition, seed=0).new_initial_state()
    m: Museum = state.museum
    state.chance = ScriptedChance(rolls)  # type: ignore[assignment]
    state.hand = tuple(sorted(hand))
    if reserve is None:
        reserve = m.dice - len(state.hand) - (used or 0)
    if used is None:
        used = m.dice - len(state.hand) - reserve
    if reserve + used + len(state.hand) != m.dice or min(reserve, used) < 0:
        raise GameError(N_("the scenario has {reserve} + {hand} + {used} dice, not {dice}"),
                        reserve=reserve, hand=len(state.hand), used=used, dice=m.dice,
                        reason="bad-scenario")
    state.reserve, state.used, state.boxes_checked = reserve, used, boxes
    for name in _squares(filled):
        state.filled |= 1 << m.index(name)
    for eid in collected:
        state.filled |= m.ring_masks[eid]
    state.sheet.collected.extend(e.id for e in m.evidence if m.surrounded(e.id, state.filled))
    for eid, values in (icons or {}).items():
        state.sheet.icons[eid] = tuple(values)
    state.sheet.unlocked.extend(unlocked)
    state.wilds, state.rerolls, state.gifts = wilds, rerolls, tuple(gifts)
    state.rolls = [state.hand]
    state.start = state.clone()  # what undone() replays from
    return state
