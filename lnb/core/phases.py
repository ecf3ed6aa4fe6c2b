"""Phases as a table, for any game of the kit: who acts in each phase, and one settle step.

A game declares one ``PhaseRule`` per phase: the actions allowed, who acts, and ``waits``,
the question "does this phase still need someone to act?". ``PhaseTable.settle(state)`` then
moves a state through every phase that needs nobody (reveals, a Round's end) until one does;
the game's ``enter`` hook does the work of arriving in a phase. A rule ``inside`` another is a
pause of it (a wrong Result to debug inside the resolution): it is entered when its ``waits``
holds, and left back to the phase it paused, without entering that one again.

>>> import enum
>>> class P(enum.Enum):
...     DEAL = "deal"
...     PLAY = "play"
...     OVER = "over"
>>> class Toy:
...     def __init__(self):
...         self.phase, self.round, self.cards, self.log = P.DEAL, 1, 0, []
>>> def enter(toy, phase):
...     toy.log.append(phase.value)
...     if phase is P.DEAL:
...         toy.round += 1
...     if phase is P.PLAY:
...         toy.cards = 2
>>> table = PhaseTable(
...     (PhaseRule(P.DEAL, (), "nobody", "cards are dealt"),
...      PhaseRule(P.PLAY, (str,), "the player", "play a card", waits=lambda t: t.cards > 0),
...      PhaseRule(P.OVER, (), "nobody", "the game is over")),
...     cycle=(P.DEAL, P.PLAY), rounds=2, final=P.OVER, enter=enter)
>>> toy = Toy()
>>> table.settle(toy)
>>> toy.phase, toy.round, toy.log
(<P.PLAY: 'play'>, 1, ['play'])
>>> toy.cards = 0
>>> table.settle(toy)
>>> toy.phase, toy.round, toy.log
(<P.PLAY: 'play'>, 2, ['play', 'deal', 'play'])
>>> toy.cards = 0
>>> table.settle(toy)
>>> toy.phase, table.next_phase(P.PLAY, 1), table[P.PLAY].text
(<P.OVER: 'over'>, <P.DEAL: 'deal'>, 'play a card')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class Phased(Protocol):
    """What the table needs of a game state: its current phase and Round number."""

    phase: Any
    round: int


def nobody(state: Any) -> bool:
    """The ``waits`` of a phase nobody acts in: it is passed through at once."""
    return False


@dataclass(frozen=True)
class PhaseRule:
    """One row of a phase table.

    ``actions``: the action types allowed; ``acting``: who acts, in words; ``text``: what
    happens, for a pupil; ``first_round``: the first Round the phase is played in;
    ``waits(state)``: True while someone still has to act in it; ``inside``: the phase this
    one pauses (None: a phase of its own).
    """

    phase: Hashable
    actions: tuple[type, ...]
    acting: str
    text: str
    first_round: int = 1
    waits: Callable[[Any], bool] = nobody
    inside: Hashable | None = None

    def allows(self, action: object) -> bool:
        """True when ``action`` is of a type this phase allows."""
        return isinstance(action, self.actions)


@dataclass(frozen=True)
class PhaseTable:
    """A game's phases: the rules, the phases of one Round in order (``cycle``), how many
    Rounds, the phase the game ends in (``final``), and ``enter(state, phase)``, the game's
    work of arriving in a phase (called before ``state.phase`` is set to it)."""

    rules: Iterable[PhaseRule] | Mapping[Hashable, PhaseRule]
    cycle: tuple[Hashable, ...]
    rounds: int
    final: Hashable
    enter: Callable[[Any, Any], None] = field(compare=False)
    _pauses: dict[Hashable, tuple[PhaseRule, ...]] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    _after: dict[tuple[Hashable, int], Hashable] = field(
        default_factory=dict, init=False, compare=False, repr=False)
    """``next_phase`` answers, by (phase, Round): settle asks them at every phase's end."""

    def __post_init__(self) -> None:
        rules = self.rules.values() if isinstance(self.rules, Mapping) else self.rules
        by_phase = {rule.phase: rule for rule in rules}
        missing = [p for p in (*self.cycle, self.final) if p not in by_phase]
        if missing:
            raise ValueError(f"phase table: no rule for {missing}; give one PhaseRule each")
        object.__setattr__(self, "rules", by_phase)
        for rule in by_phase.values():
            if rule.inside is not None:
                self._pauses[rule.inside] = (*self._pauses.get(rule.inside, ()), rule)

    def __getitem__(self, phase: Hashable) -> PhaseRule:
        return self.rules[phase]  # type: ignore[index]

    def pauses(self, phase: Hashable) -> tuple[PhaseRule, ...]:
        """The rules that pause ``phase`` (in the order declared)."""
        return self._pauses.get(phase, ())

    def next_phase(self, phase: Hashable, round_no: int) -> Hashable:
        """The phase after ``phase`` in Round ``round_no``: the next one of the cycle played
        in that Round; after the cycle the next Round's first phase (or ``final`` after the
        last Round). A pause goes back to the phase it paused."""
        rule = self[phase]
        if rule.inside is not None:
            return rule.inside
        if phase == self.final:
            return self.final
        index = self.cycle.index(phase)
        for later in self.cycle[index + 1:]:
            if round_no >= self[later].first_round:
                return later
        return self.cycle[0] if round_no < self.rounds else self.final

    def settle(self, state: Phased) -> None:
        """Advance ``state`` through the phases that need nobody until one does (or the game
        is over): a pause that waits is entered, a pause that no longer waits is left."""
        rules, pauses, after, enter = self.rules, self._pauses, self._after, self.enter
        while True:
            phase = state.phase
            rule = rules[phase]  # type: ignore[index]
            if rule.inside is not None:
                if rule.waits(state):
                    return
                state.phase = rule.inside
                continue
            for pause in pauses.get(phase, ()):  # the first pause that waits is entered
                if pause.waits(state):
                    self._go(state, pause.phase)
                    return
            if rule.waits(state) or phase == self.final:
                return
            key = (phase, state.round)
            later = after.get(key)
            if later is None:
                later = after[key] = self.next_phase(phase, state.round)
            enter(state, later)  # what _go does
            state.phase = later

    def _go(self, state: Phased, phase: Hashable) -> None:
        self.enter(state, phase)
        state.phase = phase
