"""Computer players: random, greedy and a planner, each with a strategy (what it values most).

A bot reads the state and answers one legal action; it never changes the state (it looks
ahead on clones that draw from their own chance, so it cannot see the real rolls). A name is
``kind`` or ``kind:strategy``: ``greedy:mill`` values Programs above all.

>>> from lnb.dream.state import Game
>>> bot = make_bot("planner:partners", seed=1)
>>> bot.name, bot.strategy
('planner', 'partners')
>>> state = Game(["Ada", "Bea"], seed=2).new_initial_state()
>>> bot.choose_action(state, "Ada") in state.legal_actions("Ada")
True
>>> bot.reason is None  # a Workshop turn's collect: no die placed
True
>>> make_bot("greedy:nothing")
Traceback (most recent call last):
...
lnb.dream.errors.BadInputError: no strategy named 'nothing'; choose one of: balanced, mill, partners, research, engineers
"""  # noqa: E501

from __future__ import annotations

import random
from typing import Any

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.players import Registry
from lnb.dream.actions import Action
from lnb.dream.chance import DreamChance
from lnb.dream.edition import COLOURS
from lnb.dream.errors import BadInputError
from lnb.dream.mill import CELLS, Status, line_cells, satisfies
from lnb.dream.reasons import place_reason
from lnb.dream.state import State

#: Strategies: weights on the parts of the score and on what is worth building towards.
STRATEGIES: dict[str, dict[str, float]] = {
    "balanced": {},
    "mill": {"programs": 1.5, "mill_potential": 1.5},
    "partners": {"partners": 1.4, "prestige": 1.1},
    "research": {"assignments": 1.5, "research": 1.5},
    "engineers": {"gears": 1.4, "institutions": 1.3, "metal": 1.4},
}

RESOURCE_VALUE = {"money": 0.3, "coal": 0.55, "brass": 0.55, "books": 0.9}


def evaluate(state: State, name: str, weights: dict[str, float] | None = None) -> float:
    """What a position is worth to ``name``: the score now, plus what the resources, tracks,
    unfinished Programs and dice in the Store promise (less as the game nears its end)."""
    weights = weights or {}
    sheet = state.score_sheet()
    row = next(r for r in sheet.rows if r.player == name)
    value = sum(points * weights.get(part, 1.0) for part, points in row.parts)
    p = state.players[name]
    ed = state.edition
    left = max(0.0, 1.0 - len(p.mill) / len(CELLS))
    metal = weights.get("metal", 1.0)
    value += sum(p.resource(r) * v * (metal if r in ("coal", "brass") else 1.0)
                 for r, v in RESOURCE_VALUE.items()) * (0.4 + 0.6 * left)
    value += (0.5 * p.innovation + (0.8 if p.innovation >= 4 else 0.0)) * left
    research = weights.get("research", 1.0)
    for colour in COLOURS:
        track = ed.track(colour)
        pos = p.research[colour]
        towards = len(p.columns[colour]) * (2 if state.tokens_taken[colour] == 0 else 1)
        value += research * left * (0.35 * pos + 0.12 * pos * towards / track.spaces)
        value += research * left * 0.9 * len(p.columns[colour])
    potential = weights.get("mill_potential", 1.0)
    for line, status in state.statuses(name):
        if status is Status.NOT_YET:
            empty = sum(1 for c in line_cells(line) if c not in p.mill)
            value += potential * ed.program(p.programs[line]).prestige * \
                (0.55, 0.35, 0.22, 0.15)[empty] * (0.5 + 0.5 * left)
    value += 0.6 * sum(1 for d in p.store if d is not None) * left
    if ed.mill_turn_at:  # with the Mill turn, a Store die that completes a line is worth more
        value += potential * 0.3 * _fits(state, p)
    value += 0.25 * len(p.hand) * left
    value += 0.3 * p.open_gear_spaces(ed) * left
    return value


def _fits(state: State, p: Any) -> float:
    """The Prestige of the Program lines one empty cell from full that a die of the Store
    would make true (each line counted once)."""
    dice = [d for d in p.store if d is not None]
    if not dice:
        return 0.0
    total = 0.0
    for line, program in p.programs.items():
        cells = line_cells(line)
        empty = [c for c in cells if c not in p.mill]
        if len(empty) != 1:
            continue
        card = state.edition.program(program)
        if any(satisfies(card, [d if c == empty[0] else p.mill[c] for c in cells])
               for d in dice):
            total += card.prestige
    return total


def _keep_first(state: State, actions: list[Action]) -> list[Action]:
    """The Mill turn's choices with keeping the die (pass) first, so that a bot turns a die
    only when turning is worth more, not on a tie."""
    if state.step == "mill_turn":
        return sorted(actions, key=lambda a: a.verb != "pass")
    return actions


class DreamBot:
    """Base of the computer players: a kind, a strategy, a seeded generator."""

    name = "bot"
    strength = 0

    def __init__(self, seed: int | str = 0, strategy: str = "balanced") -> None:
        if strategy not in STRATEGIES:
            raise BadInputError(N_("no strategy named {text!r}; choose one of: {choices}"),
                                text=strategy, choices=", ".join(STRATEGIES),
                                expected=tuple(STRATEGIES), reason="unknown-strategy")
        self.seed = seed
        self.strategy = strategy
        self.weights = STRATEGIES[strategy]
        self.rng = random.Random(f"{self.name}:{strategy}:{seed}")
        #: Why it made its last choice (a placement), in words; None otherwise.
        self.reason: Text | None = None

    def choose_action(self, state: State, player: str) -> Action:
        """Its choice now; ``self.reason`` then says why, in words, when the choice puts a
        die in the Mill (:func:`lnb.dream.reasons.place_reason`), else None."""
        action = self._choose(state, player)
        self.reason = place_reason(state, action)
        return action

    def _choose(self, state: State, player: str) -> Action:
        raise NotImplementedError

    def think_seconds(self, state: State, player: str) -> float:
        return 1.0

    def _look(self, state: State) -> State:
        return state.clone(DreamChance(self.rng.randrange(2**31)))

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}, strategy={self.strategy!r})"


class RandomBot(DreamBot):
    """Any legal action, at random (but never passes up a main action it could take)."""

    name = "random"
    strength = 1

    def _choose(self, state: State, player: str) -> Action:
        actions = state.legal_actions(player)
        useful = [a for a in actions if a.verb != "pass"] or actions
        return self.rng.choice(useful)


class GreedyBot(DreamBot):
    """Each decision on its own: the action whose position is worth most right after it."""

    name = "greedy"
    strength = 2

    def _choose(self, state: State, player: str) -> Action:
        actions = _keep_first(state, state.legal_actions(player))
        if len(actions) == 1:
            return actions[0]
        return max(actions, key=lambda a: (self._after(state, a, player),
                                           -actions.index(a)))

    def _after(self, state: State, action: Action, player: str) -> float:
        """The position right after ``action``; when the Mill turn follows (the die just
        moved may be turned), after the best of its choices."""
        twin = self._look(state)
        twin.apply_action(action)
        if twin.step == "mill_turn" and twin.current_player == player:
            return max(self._after(twin, turn, player) for turn in twin.legal_actions())
        return evaluate(twin, player, self.weights)


class PlannerBot(GreedyBot):
    """Plans the whole turn: each choice of the turn's first decisions is followed to the
    end of the turn (the rest decided greedily) and judged there."""

    name = "planner"
    strength = 3
    #: The decisions it plans from (the others it takes greedily).
    PLANNED = ("turn", "mill_turn", "main", "area", "end")

    def _choose(self, state: State, player: str) -> Action:
        actions = _keep_first(state, state.legal_actions(player))
        if len(actions) == 1:
            return actions[0]
        if state.step not in self.PLANNED:
            return super()._choose(state, player)
        if state.step == "turn" and len(actions) > 12:
            # the 27 placements are many: keep each Store die's best three cells
            actions = self._shortlist(state, actions, player)
        return max(actions, key=lambda a: (self._turn_end(state, a, player),
                                           -actions.index(a)))

    def _shortlist(self, state: State, actions: list[Action], player: str) -> list[Action]:
        collects = [a for a in actions if a.verb == "collect"]
        places = [a for a in actions if a.verb == "place"]
        scored = sorted(places, key=lambda a: -self._after(state, a, player))
        by_slot: dict[Any, list[Action]] = {}
        for a in scored:
            by_slot.setdefault(a.arguments()[0], []).append(a)
        return collects + [a for group in by_slot.values() for a in group[:3]]

    def _turn_end(self, state: State, action: Action, player: str) -> float:
        twin = self._look(state)
        twin.apply_action(action)
        for _ in range(40):
            if twin.is_terminal() or twin.current_player != player:
                break
            twin.apply_action(GreedyBot._choose(self, twin, player))
        return evaluate(twin, player, self.weights)


REGISTRY = Registry("Ada's Dream")
REGISTRY.register("random", RandomBot, strength=1,
                  describe="any legal action at random (it never passes up a main action)")
REGISTRY.register("greedy", GreedyBot, strength=2,
                  describe="one decision at a time: whatever is worth most right after it")
REGISTRY.register("planner", PlannerBot, strength=3,
                  describe="plans each turn to its end before choosing the die and the action")


def make_bot(name: str, seed: int | str = 0) -> DreamBot:
    """A bot by ``kind`` or ``kind:strategy`` (an unknown one raises ``BadInputError``)."""
    kind, _sep, strategy = str(name).partition(":")
    factory = REGISTRY.kind(kind).factory
    return factory(seed, strategy or "balanced")  # type: ignore[call-arg,return-value]


