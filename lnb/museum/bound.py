"""An honest par: a proven upper bound on the score any play can still reach from a position
(the daily challenge's start, or any state), with the dice the seed will roll.

The bound solves a **relaxation**: a problem every real play is a solution of, but easier,
so its best is at least the real best.

*Proof sketch.* The final score is 2 per collected evidence, each complete room's points and
the bonuses of unlocked abilities. Every square filled from now on was drawn by a shape, so

    squares still to fill  <=  cells of the shapes drawn from now on.                  (1)

*The right side.* Which dice come is fixed by the seed: turn *n* rolls ``turn n``'s dice
whatever happened before (:class:`~lnb.museum.state.MuseumChance`; a one-die roll is the first
of the two), re-roll *k* rolls ``reroll k``'s. The turns still to come are at most
ceil(Reserve / 2) this cycle, 3 a cycle for the cycles left, and ceil(k / 2) more per return of
k dice (a roll takes 2 dice unless 1 is left); the dice still to use are the hand, the Reserve,
6 a cycle left and the returned ones. Each die ends placed (one shape, at most its value's
largest wheel shape: 2, 3, 4, 4, 5, 5 cells for 1-6) or written, and its final value is one of
the rolls above (each roll's value serves one die at most). So the dice draw at most the
largest (dice to use - dice written) of those rolls' cells. Wild shapes add 5 cells each (the
wheel's largest), the key's and apple's shapes their cells. A scripted position
(:mod:`lnb.museum.scenario`), whose dice cannot be read ahead, counts each future die as 5.

*The left side*, for a set E of evidence to collect and R of rooms to complete, is the empty
squares of R's rooms and of E's rings outside R. Where two rings share a square, only the
first evidence (map order) pays for it: the cost only goes down, so it stays a relaxation.

Unlocking an ability needs its evidence collected and its die-icons left written; it gives its
points, or its wild shapes' or gift shapes' cells, or more re-rolls (their rolls join the
pool), or returned dice (more dice to use, more turns to roll). The order of events, which
values an ability accepts, geometry and walls are ignored.

Every real play picks some E, R and abilities that satisfy (1) with these counts, so the best
of the relaxation (every R, at most 2**9; E and its abilities as a knapsack per R, keyed by
dice written, re-rolls and returns) is at least the real best. :func:`upper_bound` returns it;
``tests/test_museum_bound.py`` checks it against exhaustive search on small end-game positions
and against the bots on many seeds. On the standard map it is about 105 at a game's start,
where the planner scores about 55: most of the gap is geometry the relaxation ignores.

>>> from lnb.museum import Game
>>> state = Game(seed=1).new_initial_state()
>>> bound = upper_bound(state)
>>> 40 <= bound <= 130
True
>>> state.apply_action("place 6b r0 @A4")
>>> upper_bound(state) <= bound   # a move can only close doors
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from math import ceil

from lnb.museum.museum import Ability, Museum
from lnb.museum.state import MuseumChance, Score, State

#: Cells the largest wheel shape has (a wild shape's most).
_UNKNOWN_DIE = 5


@cache
def _largest(museum: Museum) -> tuple[int, ...]:
    """Cells of each value's largest shape, indexed by value (0 unused); [7]: any shape."""
    wheel = museum.wheel
    sizes = [0] + [max(wheel[s].size for s in wheel.shapes_for(v)) for v in range(1, 7)]
    return (*sizes, max(wheel[s].size for s in wheel.ids))


class _Dice:
    """The dice a state may roll, read ahead from its seed (unknown ones: 5 cells each)."""

    def __init__(self, state: State, cells: tuple[int, ...]) -> None:
        self.chance = state.chance if isinstance(state.chance, MuseumChance) else None
        self.cells = cells

    def of(self, key: str) -> list[int]:
        """Budget cells of each die of roll ``key`` (``turn 3``, ``reroll 1``; two dice)."""
        if self.chance is None:
            return [_UNKNOWN_DIE, _UNKNOWN_DIE]
        return [self.cells[v] for v in self.chance.roll(key, 2)]


@dataclass(frozen=True)
class _Option:
    """One way to take an evidence: budget cells it gives (negated), points, dice it writes,
    and the re-rolls, returned dice and extra turns its ability brings."""

    cost: int
    points: int
    writes: int = 0
    rerolls: int = 0
    returned: int = 0
    turns: int = 0


def upper_bound(state: State) -> int:
    """At least the best final score any play can reach from ``state`` (see the module's
    proof); the score itself once the game is over."""
    if state.is_terminal():
        return state.score().total
    m = state.museum
    cells = _largest(m)
    dice = _Dice(state, cells)
    per = m.per_turn
    cycles = len(m.time_boxes) - state.boxes_checked - 1
    returnable = state.returnable if state.pending_return else 0
    to_use = len(state.hand) + state.reserve + cycles * m.dice + returnable
    turns = ceil(state.reserve / per) + cycles * ceil(m.dice / per) + ceil(returnable / per)
    first, made = state.turn + 1, state.rerolls_made
    free = cells[7] * state.wilds + sum(m.wheel[s].size for s in state.gifts)

    @cache
    def budget(writes: int, rerolls: int, returned: int, extra: int) -> int | None:
        """Cells the placed dice can draw at most: the largest of the rolls that may come."""
        rolled = [cells[v] for v in state.hand]
        for n in range(first, first + turns + extra):
            rolled.extend(dice.of(f"turn {n}"))
        for k in range(made + 1, made + state.rerolls + rerolls + 1):
            rolled.extend(dice.of(f"reroll {k}"))
        placed = to_use + returned - writes
        return None if placed < 0 else free + sum(sorted(rolled, reverse=True)[:placed])

    # ---- each evidence: its options (collect; collect and unlock)
    owned = 0
    rings: list[int] = []
    options: list[list[_Option]] = []
    for e in m.evidence:
        ring = m.ring_masks[e.id] & ~state.filled & ~owned
        owned |= ring
        rings.append(ring)
        collect = _Option(0, 0 if e.id in state.collected else Score.per_evidence)
        found = [collect]
        ab = e.ability
        if e.id not in state.unlocked and _can_pair(ab, state.icons(e.id)):
            give = {"wild": cells[7] * ab.amount,
                    "shapes": sum(m.wheel[s].size for s in ab.shapes)}.get(ab.effect, 0)
            found.append(_Option(
                -give, collect.points + ab.points, 2 - len(state.icons(e.id)),
                ab.amount if ab.effect == "reroll" else 0,
                ab.amount if ab.effect == "return" else 0,
                ceil(ab.amount / per) if ab.effect == "return" else 0))
        options.append(found)
    # ---- every set of rooms, then the evidence as a knapsack (one per distinct need)
    points_of = {r.id: r.points for r in m.rooms.values()}
    rooms = [(mask & ~state.filled, points_of[rid]) for rid, mask in m.room_masks.items()]
    done = sum(p for mask, p in rooms if not mask)
    todo = [(mask, p) for mask, p in rooms if mask]
    best = 0
    solved: dict[tuple[int, ...], list[tuple[int, int]]] = {}
    for pick in range(1 << len(todo)):
        covered, area, points = 0, 0, done
        for i, (mask, p) in enumerate(todo):
            if pick >> i & 1:
                covered |= mask
                area += mask.bit_count()
                points += p
        need = tuple((ring & ~covered).bit_count() for ring in rings)
        front = solved.get(need)
        if front is None:
            front = solved[need] = _knapsack(need, options, budget)
        fit = [p for over, p in front if over + area <= 0]
        if fit:
            best = max(best, points + max(fit))
    now = state.score()
    return best + now.bonus_points + now.evidence_points


def _can_pair(ability: Ability, icons: tuple[int, ...]) -> bool:
    """True when the die-icons left can still be written (so the ability unlocked)."""
    if len(icons) >= 2:
        return True
    if icons:
        return any(ability.accepts(icons[0], b) for b in range(1, 7))
    return any(ability.accepts(a, b) for a in range(1, 7) for b in range(1, 7))


def _knapsack(need: tuple[int, ...], options: list[list[_Option]],
              budget: Callable[[int, int, int, int], int | None]) -> list[tuple[int, int]]:
    """(over, points): the most points a choice of evidence and abilities gets, and how far
    their rings' ``need`` squares, less the shapes they give, go over the dice's budget."""
    Key = tuple[int, int, int, int]
    front: dict[Key, dict[int, int]] = {(0, 0, 0, 0): {0: 0}}  # key -> cost -> most points
    for squares, found in zip(need, options, strict=True):
        new: dict[Key, dict[int, int]] = {k: dict(v) for k, v in front.items()}
        for opt in found:
            for (w, r, d, t), costs in front.items():
                key = (w + opt.writes, r + opt.rerolls, d + opt.returned, t + opt.turns)
                into = new.setdefault(key, {})
                for c, p in costs.items():
                    c2 = c + squares + opt.cost
                    if into.get(c2, -1) < p + opt.points:
                        into[c2] = p + opt.points
        front = {k: _pareto(v) for k, v in new.items()}
    result = []
    for key, costs in front.items():
        cap = budget(*key)
        if cap is not None:
            result.extend((c - cap, p) for c, p in costs.items())
    return result


def _pareto(costs: dict[int, int]) -> dict[int, int]:
    """Only the entries no cheaper entry beats on points."""
    kept: dict[int, int] = {}
    top = -1
    for c in sorted(costs):
        if costs[c] > top:
            kept[c] = top = costs[c]
    return kept
