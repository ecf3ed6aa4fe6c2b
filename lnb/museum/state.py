"""Consulting Mathematician as a ``Game`` and a ``State`` driven by actions (the OpenSpiel loop:
``legal_actions()`` → ``apply_action()`` → ``is_terminal()`` → ``score()``).

Six dice move between the Reserve, the pupil's hand and Used. A turn takes two dice from the
Reserve (one when one is left) and rolls them; the state rolls by itself, from its seeded
chance, whenever the hand is empty. When the hand and the Reserve are both empty, all six
return and the next time box is checked; checking the fifth ends the game.

>>> game = Game(seed=1)
>>> state = game.new_initial_state()
>>> state.hand, state.reserve, state.used, state.boxes_checked
((2, 6), 4, 0, 0)
>>> state.check_placement("6b", "r0", "C2")
Traceback (most recent call last):
...
lnb.museum.errors.PlacementError: square D2 holds evidence (crowbar) and is already filled
>>> state.apply_action("place 6b r0 @A4")
>>> [str(s) for s in state.placed[-1].squares]
['A4', 'B4', 'C4', 'D4', 'A5']
>>> state.check_placement("2a", "r1", "A6")
Traceback (most recent call last):
...
lnb.museum.errors.PlacementError: crosses the wall between Germain Gallery and Hall at A6/A7 ...
>>> state.hand, state.used, state.score().total
((2,), 1, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from lnb.core.chance import SeededChance
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.museum import placement, refusals, words
from lnb.museum.actions import Action, Place, Reroll, Return, Skip, Wild, Write, parse_action
from lnb.museum.errors import BadInputError
from lnb.museum.museum import Museum, Placement, Square
from lnb.museum.shapes import Orientation, Shape

FORMAT = "lnb-museum/1"


class MuseumChance(SeededChance):
    """The dice: each roll is drawn from its own generator named by the seed and the roll
    (``turn 3``, ``reroll 2``), so everyone playing one seed gets the same dice on every turn,
    whatever they re-rolled before."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.seed = seed

    def roll(self, key: str, count: int) -> tuple[int, ...]:
        rng = random.Random(f"{FORMAT}:{self.seed}:{key}")
        return tuple(rng.randint(1, 6) for _ in range(count))


@dataclass(frozen=True)
class Score:
    """A score and its parts: 2 points per collected evidence, each complete room's points,
    and the bonuses of unlocked abilities."""

    evidence: tuple[str, ...]
    rooms: tuple[tuple[str, int], ...]
    bonuses: tuple[tuple[str, int], ...]
    per_evidence: int = 2

    @property
    def evidence_points(self) -> int:
        return self.per_evidence * len(self.evidence)

    @property
    def room_points(self) -> int:
        return sum(p for _r, p in self.rooms)

    @property
    def bonus_points(self) -> int:
        return sum(p for _e, p in self.bonuses)

    @property
    def total(self) -> int:
        return self.evidence_points + self.room_points + self.bonus_points

    def as_dict(self) -> dict[str, Any]:
        return {"evidence": list(self.evidence), "rooms": dict(self.rooms),
                "bonuses": dict(self.bonuses), "total": self.total}


@dataclass(frozen=True)
class Verdict:
    """One band of the verdict chart: ``low``–``high`` points (``high`` None: and more)."""

    band: int
    low: int
    high: int | None
    title: str
    text: str


def verdict(points: int) -> Verdict:
    """The verdict chart's band for a score, told in the current language.

    >>> [verdict(p).band for p in (0, 29, 30, 49, 50, 74, 75, 120)]
    [0, 0, 1, 2, 3, 4, 5, 5]
    >>> verdict(62).title
    'Wrong man: Babbage'
    """
    bands = words.VERDICTS
    band = max(i for i, (low, _t, _x) in enumerate(bands) if points >= low)
    high = bands[band + 1][0] - 1 if band + 1 < len(bands) else None
    low, title, text = bands[band]
    return Verdict(band, low, high, str(title), str(text))


@dataclass(frozen=True)
class Drawn:
    """A shape on the map: the placement and what paid for it (``die``, ``wild``,
    ``key``/``apple``...)."""

    placement: Placement
    source: str

    @property
    def squares(self) -> tuple[Square, ...]:
        return self.placement.squares


class Game:
    """The rules and the parameters of one game: the edition and the seed."""

    def __init__(self, edition: str = "standard", seed: int | None = None) -> None:
        self.museum = Museum.named(edition)
        self.edition = edition
        if seed is None:
            seed = SeededChance(None).rng.randrange(10 ** 9)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise BadInputError(Text(N_("seed {seed!r}: give a whole number, or None for a "
                                        "fresh one"), seed=seed),
                                text=str(seed), reason="bad-seed")
        self.seed = seed

    def new_initial_state(self) -> State:
        return State(self)

    def __repr__(self) -> str:
        return f"Game(edition={self.edition!r}, seed={self.seed})"


@dataclass
class _Sheet:
    """What the pupil has written (cloned with the state)."""

    collected: list[str] = field(default_factory=list)
    icons: dict[str, tuple[int, ...]] = field(default_factory=dict)
    unlocked: list[str] = field(default_factory=list)


class State:
    """One playthrough. Read it through its properties; change it only by
    :meth:`apply_action` (a refused action leaves it as it was)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.museum: Museum = game.museum
        self.chance = MuseumChance(game.seed)
        self.filled: int = self.museum.evidence_mask
        self.reserve: int = self.museum.dice
        self.used: int = 0
        self.hand: tuple[int, ...] = ()
        self.boxes_checked: int = 0
        self.turn: int = 0
        self.rerolls_made: int = 0
        self.wilds: int = 0
        self.rerolls: int = 0
        self.gifts: tuple[str, ...] = ()
        self.pending_return: int = 0
        self.sheet = _Sheet()
        self.placed: list[Drawn] = []
        self.history: list[Action] = []
        self.log: list[tuple[str, str]] = []
        self.rolls: list[tuple[int, ...]] = []
        self.turn_start: int = 0
        self.start: State | None = None  # a position set up by hand (scenario) to replay from
        self._roll()

    # ------------------------------------------------------------------ reading
    @property
    def seed(self) -> int:
        return self.game.seed

    @property
    def collected(self) -> tuple[str, ...]:
        """Evidence collected, in the order it was surrounded."""
        return tuple(self.sheet.collected)

    @property
    def unlocked(self) -> tuple[str, ...]:
        """Evidence whose ability is unlocked, in order."""
        return tuple(self.sheet.unlocked)

    def icons(self, evidence: str) -> tuple[int, ...]:
        """The values written on an evidence's die-icons (0, 1 or 2 of them)."""
        return self.sheet.icons.get(evidence, ())

    def is_filled(self, square: str | Square) -> bool:
        i = self.museum.index(square)
        return i >= 0 and bool(self.filled >> i & 1)

    def is_terminal(self) -> bool:
        return self.boxes_checked >= len(self.museum.time_boxes)

    def current_players(self) -> tuple[str, ...]:
        return () if self.is_terminal() else ("solo",)

    @property
    def names(self) -> tuple[str, ...]:
        return ("solo",)

    def dice_count(self) -> int:
        """Reserve + hand + Used: always the edition's six."""
        return self.reserve + len(self.hand) + self.used

    def time_box(self) -> str | None:
        """The next box to check (None once the game is over)."""
        boxes = self.museum.time_boxes
        return None if self.is_terminal() else boxes[self.boxes_checked]

    # ------------------------------------------------------------------ placements
    def check_placement(self, shape: str | Shape, orientation: str | Orientation,
                        anchor: str | Square) -> Placement:
        """The placement of a wheel shape (by id like ``3a``, or a :class:`Shape`) turned to
        ``orientation`` with its anchor cell on ``anchor`` on this map, or
        :class:`PlacementError` with the first square that breaks a rule and the reason
        (:func:`lnb.museum.placement.fit`, which decides). Dice are not checked here."""
        return placement.fit(self.museum, self.filled, shape, orientation, anchor)

    def free_placements(self, sid: str) -> list[Placement]:
        """Every placement of shape ``sid`` that fits now (one per distinct orientation)."""
        return placement.free(self.museum, self.filled, sid)

    def _free(self, sid: str, kind: type) -> list[Action]:
        """The actions (``Place`` or ``Wild``) of every placement of ``sid`` that fits now."""
        filled = self.filled
        return [action for mask, action in _actions(self.museum, sid, kind)
                if not mask & filled]

    def die_uses(self, value: int) -> list[Action]:
        """What a die of ``value`` in hand can do now (places and writes)."""
        found: list[Action] = []
        for sid in self.museum.wheel.shapes_for(value):
            found.extend(self._free(sid, Place))
        found.extend(Write(value, e) for e in self.writable(value))
        return found

    def writable(self, value: int) -> list[str]:
        """Collected evidence whose next die-icon takes ``value`` (evidence order)."""
        return [e.id for e in self.museum.evidence if e.id in self.sheet.collected
                and e.ability.write_refusal(self.icons(e.id), value) is None]

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Everything allowed now, in a fixed order: returns; then per die value in hand its
        places and writes (or its skip); the ability shapes; re-rolls; wild shapes."""
        if self.is_terminal():
            return []
        if self.pending_return:
            return [Return(k) for k in range(self.returnable + 1)]
        found: list[Action] = []
        for value in sorted(set(self.hand)):
            uses = self.die_uses(value)
            found.extend(uses if uses else [Skip(value)])
        for sid in self.gifts:
            found.extend(self._free(sid, Place))
        if self.rerolls:
            found.extend(Reroll(v) for v in sorted(set(self.hand)))
            if len(self.hand) == 2:
                found.append(Reroll(self.hand))
        if self.wilds:
            for sid in self.museum.wheel.ids:
                found.extend(self._free(sid, Wild))
        return found

    # ------------------------------------------------------------------ acting
    def apply_action(self, action: Action | str) -> None:
        """Apply one action (or its text form); a refused one raises a :class:`GameError`
        (a :class:`PlacementError` for a shape that may not go there) and changes nothing.
        The refusal is :func:`lnb.museum.refusals.why_not`'s: the same checks."""
        if isinstance(action, str):
            action = parse_action(action)
        placement = refusals.check(self, action)
        if isinstance(action, Place):
            if action.value in (7, 8):
                self.gifts = tuple(g for g in self.gifts if g != action.shape)
                source = "ability"
            else:
                self._use_die(action.value)
                source = "die"
            self._draw(placement, source)  # type: ignore[arg-type]
        elif isinstance(action, Wild):
            self.wilds -= 1
            self._draw(placement, "wild")  # type: ignore[arg-type]
        elif isinstance(action, Write):
            self._apply_write(action)
        elif isinstance(action, Reroll):
            self._apply_reroll(action)
        elif isinstance(action, Return):
            self.used -= action.count
            self.reserve += action.count
            self.pending_return = 0
        else:  # Skip
            self._use_die(action.value)
        self.history.append(action)
        self._settle()

    @property
    def returnable(self) -> int:
        """How many Used dice an ability lets go back to the Reserve now (0: none)."""
        return min(self.pending_return, self.used)

    def _use_die(self, value: int) -> None:
        hand = list(self.hand)
        hand.remove(value)
        self.hand = tuple(hand)
        self.used += 1

    def _draw(self, placement: Placement, source: str) -> None:
        self.filled |= placement.mask
        self.placed.append(Drawn(placement, source))
        for e in self.museum.evidence:
            if e.id not in self.sheet.collected and self.museum.surrounded(e.id, self.filled):
                self.sheet.collected.append(e.id)
                self.log.append(("collected", e.id))

    def _apply_write(self, action: Write) -> None:
        eid = action.evidence
        ability = self.museum.evidence_by_id(eid).ability  # type: ignore[union-attr]
        icons, gain = ability.written(self.icons(eid), action.value)
        self._use_die(action.value)
        self.sheet.icons[eid] = icons
        if gain is not None:
            self.sheet.unlocked.append(eid)
            self.log.append(("unlocked", eid))
            if gain.returns and self.used:  # nothing to move when no die is Used
                self.pending_return = gain.returns
            self.wilds += gain.wilds
            self.rerolls += gain.rerolls
            self.gifts = (*self.gifts, *gain.gifts)

    def _apply_reroll(self, action: Reroll) -> None:
        hand = list(self.hand)
        for v in action.values:
            hand.remove(v)
        self.rerolls_made += 1
        self.rerolls -= 1
        new = self.chance.roll(f"reroll {self.rerolls_made}", len(action.values))
        self.hand = tuple(sorted((*hand, *new)))
        self.log.append(("rerolled", ",".join(str(v) for v in new)))

    def _settle(self) -> None:
        """After an action: a finished cycle returns the dice and checks a box; an empty hand
        rolls the next turn."""
        if self.pending_return or self.hand:
            return
        if not self.reserve:
            self.boxes_checked += 1
            self.log.append(("box", self.museum.time_boxes[self.boxes_checked - 1]))
            if self.is_terminal():
                return
            self.reserve, self.used = self.museum.dice, 0
        self._roll()

    def _roll(self) -> None:
        count = min(self.museum.per_turn, self.reserve)
        self.turn += 1
        self.reserve -= count
        self.hand = tuple(sorted(self.chance.roll(f"turn {self.turn}", count)))
        self.rolls.append(self.hand)
        self.turn_start = len(self.history)

    # ------------------------------------------------------------------ scoring
    def score(self) -> Score:
        """The score now, with its parts (rooms count once every empty square is filled)."""
        m = self.museum
        rooms = tuple((rid, m.rooms[rid].points) for rid, mask in m.room_masks.items()
                      if not mask & ~self.filled)
        bonuses = []
        for eid in self.sheet.unlocked:
            points = m.evidence_by_id(eid).ability.points  # type: ignore[union-attr]
            if points:
                bonuses.append((eid, points))
        order = [e.id for e in m.evidence]
        return Score(tuple(sorted(self.sheet.collected, key=order.index)), rooms,
                     tuple(bonuses))

    def returns(self) -> dict[str, int]:
        return {"solo": self.score().total}

    def verdict(self) -> Verdict:
        return verdict(self.score().total)

    # ------------------------------------------------------------------ copies
    def clone(self) -> State:
        """An independent copy (bots search on copies)."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.sheet = _Sheet(list(self.sheet.collected), dict(self.sheet.icons),
                           list(self.sheet.unlocked))
        new.placed = list(self.placed)
        new.history = list(self.history)
        new.log = list(self.log)
        new.rolls = list(self.rolls)
        return new

    def this_turn(self) -> list[Action]:
        """The actions of the turn being played (since its dice were rolled)."""
        return self.history[self.turn_start:]

    def undone(self, count: int = 1) -> State:
        """A new state: this game replayed without its last ``count`` actions (the dice come
        out the same, as they are drawn by turn). An app offers it within a turn only
        (:meth:`this_turn`), or the pupil would have seen the next dice.

        >>> state = Game(seed=1).new_initial_state()
        >>> state.apply_action("place 6b r0 @A4")
        >>> back = state.undone()
        >>> back.hand, back.history, len(back.this_turn()), len(state.this_turn())
        ((2, 6), [], 0, 1)
        """
        state = self.start.clone() if self.start is not None else self.game.new_initial_state()
        for action in self.history[: max(0, len(self.history) - count)]:
            state.apply_action(action)
        return state

    def text(self) -> str:
        """The map as text: ``#`` filled, ``*`` evidence, ``.`` empty, a space outside."""
        m = self.museum
        rows = []
        for r in range(m.height):
            row = []
            for c in range(m.width):
                i = r * m.width + c
                row.append(" " if not m.inside(i) else "*" if m.evidence_at(i) else
                           "#" if self.filled >> i & 1 else ".")
            rows.append("".join(row))
        return "\n".join(rows)


@cache
def _actions(museum: Museum, sid: str, kind: type) -> tuple[tuple[int, Action], ...]:
    """Each static placement of a shape as an action of ``kind``, with its mask (made once)."""
    return tuple((p.mask, kind(p.shape, p.orientation, p.anchor))
                 for p in museum.placements(sid))

