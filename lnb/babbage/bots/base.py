"""What every bot shares: the protocol, phase dispatch, seeded choices and a Round's goals.

A bot reads the public ``State`` (board, Patrons, its start value, limit, Subroutines) and
answers with one action; it never changes the state itself.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from lnb.babbage.edition import Effect
from lnb.babbage.game import (
    Action,
    Activate,
    Finish,
    Phase,
    Recompute,
    ResolveRow,
    State,
    Target,
    WriteProgram,
)
from lnb.babbage.game.scoring import subroutine_points
from lnb.babbage.programs import Program, ProgramRow


class Bot(Protocol):
    """The protocol of a computer player."""

    def choose_action(self, state: State, player: str) -> Action:
        """The action ``player`` takes now (one of the legal ones)."""
        ...

    def think_seconds(self, state: State, player: str) -> float:
        """Seconds the bot "thinks" before finishing its program this Round."""
        ...


@dataclass(frozen=True)
class Goal:
    """Something a row's Result can earn this Round: a Patron (``slot`` value) or the
    targeted Subroutine; ``worth`` is the bot's estimate in points."""

    value: int
    worth: float
    kind: str  # "patron" or "subroutine"


def standing(count: int, others: list[int], points: Sequence[int] = (9, 4)) -> float:
    """Estimated majority points for ``count`` marks of a type against the others' counts:
    the places it covers, shared with those tied (``points`` are the edition's, most first).

    >>> standing(3, [1, 2]), standing(2, [2]), standing(1, [2, 2]), standing(0, [])
    (9.0, 6.5, 0.0, 0.0)
    """
    if count <= 0:
        return 0.0
    higher = sum(o > count for o in others)
    equal = sum(o == count for o in others)
    covered = points[higher:higher + equal + 1]
    return sum(covered) / (equal + 1)


def type_gain(state: State, player: str, kind: str, marks: int = 1) -> float:
    """Estimated majority points gained by ``marks`` more marks of ``kind``."""
    mine = state.player(player).influence.get(kind, 0)
    others = [p.influence.get(kind, 0) for n, p in state.players.items() if n != player]
    points = state.edition.majority_points
    return standing(mine + marks, others, points) - standing(mine, others, points)


def round_goals(state: State, player: str, careful: bool = True) -> list[Goal]:
    """Patrons still open to ``player`` this Round and its targeted Subroutine, with worths.

    A reserved Patron appears twice (it may be claimed twice). ``careful`` values a Patron by
    the majority it helps; otherwise every claim counts the same.
    """
    goals: list[Goal] = []
    players = len(state.players)
    gains: dict[str, float] = {}  # type -> type_gain, worked out once a type

    def gain_of(kind: str) -> float:
        found = gains.get(kind)
        if found is None:
            found = gains[kind] = type_gain(state, player, kind)
        return found

    for slot in state.patrons:
        if player in slot.claimers:
            continue
        if slot.flipped:
            if players >= 3:
                goals.append(Goal(slot.value, 1.0, "patron"))
            continue
        gain = max(gain_of(t) for t in slot.patron.types) if careful else 0.0
        # Later Rounds: a mark is worth less guessing, more majority maths.
        goals.append(Goal(slot.value, 2.0 + 0.5 * gain, "patron"))
    for slot in state.reserved:
        if slot.owner == player:
            left = 2 - slot.claimers.count(player)
            goals.extend(Goal(slot.value, 2.5, "patron") for _ in range(left))
    p = state.player(player)
    if p.target is not None and not p.play.completed:
        points = subroutine_points(len(p.completed) + 1, state.edition.subroutine_points)
        effect = 2.0 if state.round < 4 else 0.0
        goals.append(Goal(p.target, points + effect, "subroutine"))
    return goals


def with_true_results(program: Program, state: State, player: str) -> Program:
    """``program`` with each row's true Result written after it (mental-arithmetic play)."""
    trace = program.run(state.board, state.start_value(player), limit=None)
    return Program(tuple(ProgramRow(r.operation, r.result) for r in trace.rows))


EFFECT_PREFERENCE = (Effect.EXTRA, Effect.SIGMA, Effect.NEAR, Effect.DOUBLE, Effect.SLOW,
                     Effect.BOTH, Effect.RESERVE, Effect.CHOICE)


class BotBase:
    """Phase dispatch and seeded randomness; subclasses decide targets, programs and takes."""

    name = "bot"
    strength = 0

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        # (game id, round, player) -> (the game itself, program, aims)
        self._programs: dict[tuple[int, int, str], tuple[Any, Program, tuple[tuple[int, int], ...]]]
        self._programs = {}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    def rng(self, state: State, player: str, what: str) -> random.Random:
        """A generator fixed by the bot's seed, the game's seed, player, Round and purpose."""
        return random.Random(
            f"{self.name}:{self.seed}:{state.game.seed}:{player}:{state.round}:{what}"
        )

    # -- the protocol ---------------------------------------------------------------------

    def choose_action(self, state: State, player: str) -> Action:
        """One legal action for ``player`` in the current phase."""
        phase = state.phase
        if phase is Phase.TARGET:
            return Target(player, self.choose_target(state, player))
        if phase is Phase.ACTIVATE:
            return Activate(player, self.choose_activation(state, player))
        if phase is Phase.PROGRAM:
            program, aims = self.planned(state, player)
            play = state.player(player).play
            if play.program != program or play.aims != aims:
                return WriteProgram(player, program, aims)
            return Finish(player, seconds=round(self.think_seconds(state, player), 1))
        if phase is Phase.RESOLUTION:
            actions = [a for a in state.legal_actions(player) if isinstance(a, ResolveRow)]
            return self.choose_resolution(state, player, actions)
        if phase is Phase.DEBUG:
            return Recompute(player)
        actions = state.legal_actions(player)
        if not actions:
            from lnb.babbage.errors import GameError

            raise GameError(f"{player} has nothing to do in the {phase.value} phase")
        return actions[0]

    def think_seconds(self, state: State, player: str) -> float:
        """Seconds before finishing this Round's program (subclasses set the pace)."""
        return 10.0

    # -- decisions (defaults; subclasses refine) -------------------------------------------

    def planned(
        self, state: State, player: str
    ) -> tuple[Program, tuple[tuple[int, int], ...]]:
        """This Round's program and aims, computed once per Round. In mental-arithmetic play
        each row carries its true Result (a bot never miscalculates)."""
        key = (id(state.game), state.round, player)
        cached = self._programs.get(key)
        if cached is None or cached[0] is not state.game:  # the game is held: no id reuse
            if len(self._programs) > 64:
                self._programs.clear()
            program, aims = self.write_program(state, player)
            if state.options.mental_arithmetic:
                program = with_true_results(program, state, player)
            cached = self._programs[key] = (state.game, program, aims)
        return cached[1], cached[2]

    def write_program(
        self, state: State, player: str
    ) -> tuple[Program, tuple[tuple[int, int], ...]]:
        raise NotImplementedError

    def choose_target(self, state: State, player: str) -> int:
        return state.targetable(player)[0].target

    def choose_activation(self, state: State, player: str) -> tuple[int, ...]:
        """Activate every completed, unused Subroutine (its effect only helps this Round)."""
        return tuple(s.target for s in state.activatable(player))

    def choose_resolution(
        self, state: State, player: str, actions: list[ResolveRow]
    ) -> ResolveRow:
        """The claim that helps this player's majorities most."""
        return self.best_take(state, player, actions)

    # -- shared helpers ---------------------------------------------------------------------

    def best_take(self, state: State, player: str, actions: list[ResolveRow]) -> ResolveRow:
        """The claim whose Influence type helps this player's majorities most."""
        def gain(a: ResolveRow) -> tuple[float, int]:
            g = type_gain(state, player, a.take) if a.take else 0.0
            return (g, -actions.index(a))

        return max(actions, key=gain)
