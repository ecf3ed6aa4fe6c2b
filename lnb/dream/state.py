"""Game and State: a whole game of Ada's Dream driven by explicit actions.

``Game`` holds one table's rules (edition, players, seed); ``State`` is one playthrough. A turn
is a short series of decisions (the turn type, then whatever it asks: an area for a grey die,
the main action's choice, a Research track, a card to discard, Publish or Gear...), each one
action; the state keeps the steps still to come in :attr:`State.pending` and stops at the next
one somebody must decide. One loop serves every player, bot and widget::

    while not state.is_terminal():
        state.apply_action(choose(state.legal_actions()))

Chance (Workshop rolls, the displays' decks, each player's shuffles) comes only from the game's
seeded :class:`~lnb.dream.chance.DreamChance`, so a seed and the actions replay the same game.

>>> game = Game(["Ada", "Bea"], edition="classroom", seed=3)
>>> state = game.new_initial_state()
>>> state.current_player, state.step
('Ada', 'turn')
>>> [str(a) for a in state.legal_actions()][:3]
['Ada: collect 1', 'Ada: collect 2', 'Ada: collect 3']
>>> state.apply_action(Collect("Ada", 1))
>>> state.step, state.player("Ada").store[0] is not None
('workshop_play', True)
>>> state.apply_action(Place("Ada", 1, "A1"))
Traceback (most recent call last):
...
lnb.dream.errors.IllegalActionError: Ada must now play a Partner card whose requirement the die meets, or pass
"""  # noqa: E501

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from lnb.core.chance import SeededChance
from lnb.dream.actions import (
    Action,
    Bonus,
    Build,
    ChooseArea,
    Collect,
    Discard,
    Join,
    MoveDisc,
    Pass,
    Pay,
    Place,
    Play,
    Publish,
    Research,
    TakeAssignment,
    TakePartner,
    TakeProgram,
    TurnDie,
    Visit,
    action_sort_key,
)
from lnb.dream.chance import Chance, DreamChance
from lnb.dream.dice import Die
from lnb.dream.edition import (
    COLOURS,
    DEFAULT_EDITION,
    RESOURCES,
    Area,
    Colour,
    Edition,
    Effect,
    Partner,
)
from lnb.dream.errors import N_, BadInputError
from lnb.dream.mill import CELLS, LINES, LineEquation, Status, equation, line_cells, line_status
from lnb.dream.player import PlayerState
from lnb.dream.refusals import PROMPTS, Step, legal, refusal

#: The displays: Programs and Assignments in Ada's Study, Partners in the Meetings area.
DISPLAYS = ("programs", "assignments", "partners")
FORMAT = "lnb-dream/1"


@dataclass
class Turn:
    """The turn being played: its kind (``workshop``/``actions``), the area it uses, the
    Store slot of a Workshop turn's active die, and the die an Actions turn placed."""

    kind: str | None = None
    area: Area | None = None
    slot: int | None = None
    die: Die | None = None
    grey: bool = False


class Game:
    """One table: the players in seat order (the first plays first), edition and seed."""

    def __init__(self, players: Sequence[str], edition: str | Edition = DEFAULT_EDITION,
                 seed: int | None = None) -> None:
        names = list(players)
        if not 2 <= len(names) <= 4 or not all(isinstance(n, str) and n.strip()
                                               and ":" not in n for n in names):
            raise BadInputError(N_("give 2 to 4 players by name (solo: add a computer "
                                   "player)"), reason="players")
        twice = next((n for n in names if names.count(n) > 1), None)
        if twice is not None:
            raise BadInputError(N_("{player!r} is named twice; names must differ"),
                                player=twice, reason="duplicate-player")
        self.names = tuple(names)
        self.edition = edition if isinstance(edition, Edition) else Edition.load(edition)
        if seed is None:
            seed = SeededChance().rng.randrange(10**9)
        self.seed = seed

    def new_initial_state(self, chance: Chance | None = None) -> State:
        """The game before its first turn."""
        return State(self, chance or DreamChance(self.seed))

    def __repr__(self) -> str:
        return f"Game({list(self.names)!r}, edition={self.edition.name!r}, seed={self.seed})"


class State:
    """One playthrough (see the module's example)."""

    def __init__(self, game: Game, chance: Chance) -> None:
        ed = game.edition
        self.game = game
        self.edition = ed
        self.chance = chance
        self.players = {name: PlayerState.new(name, ed, seat)
                        for seat, name in enumerate(game.names)}
        self.current = 0
        self.workshop: list[Die] = [chance.roll(ed.dice) for _ in range(ed.workshop_spaces)]
        self.decks = {"programs": chance.shuffled([p.id for p in ed.programs]),
                      "assignments": chance.shuffled([a.id for a in ed.assignments]),
                      "partners": chance.shuffled([p.id for p in ed.partners])}
        self.displays: dict[str, list[str | None]] = {
            kind: [None] * ed.display_spaces for kind in DISPLAYS}
        self.gone: dict[str, list[str]] = {kind: [] for kind in DISPLAYS}
        for kind in DISPLAYS:
            self._slide(kind)
        for p in self.players.values():
            p.deck = chance.shuffled(list(ed.starting_supply))
            for _ in range(ed.hand_size):
                self._draw(p)
        self.tokens_taken = dict.fromkeys(COLOURS, 0)
        self.turn = Turn()
        self.pending: list[Step] = [("turn",)]
        self.ending = False
        self.over = False
        self.history: list[Action] = []

    # ----------------------------------------------------------------- reading
    @property
    def names(self) -> tuple[str, ...]:
        return self.game.names

    @property
    def current_player(self) -> str | None:
        """Whose turn it is (None once the game is over)."""
        return None if self.over else self.names[self.current]

    def current_players(self) -> tuple[str, ...]:
        return () if self.over else (self.names[self.current],)

    def player(self, name: str) -> PlayerState:
        """A player's board; an unknown name raises ``BadInputError``."""
        if name not in self.players:
            raise BadInputError(N_("no player named {player!r} at this table"), player=name,
                                reason="unknown-player")
        return self.players[name]

    @property
    def step(self) -> str | None:
        """The kind of decision asked now (a key of :data:`PROMPTS`), None at the end."""
        return self.pending[0][0] if self.pending and not self.over else None

    def is_terminal(self) -> bool:
        return self.over

    def active_die(self) -> Die | None:
        """The die this turn uses: the Workshop turn's collected die or the placed one."""
        p = self.players[self.names[self.current]]
        if self.turn.kind == "workshop" and self.turn.slot is not None:
            return p.store[self.turn.slot]
        return self.turn.die

    def statuses(self, name: str) -> tuple[tuple[str, Status], ...]:
        """How each Mill line with a Program stands (:meth:`equations` without the text)."""
        p = self.player(name)
        return tuple((line, line_status(self.edition.program(p.programs[line]),
                                        [p.mill.get(c) for c in line_cells(line)]))
                     for line in LINES if line in p.programs)

    def equations(self, name: str) -> tuple[LineEquation, ...]:
        """Each Mill line with a Program, as an equation that is true, not yet, or false."""
        p = self.player(name)
        return tuple(equation(self.edition.program(p.programs[line]),
                              [p.mill.get(c) for c in line_cells(line)], line)
                     for line in LINES if line in p.programs)

    # ----------------------------------------------------------------- legal actions
    def legal_actions(self, player: str | None = None) -> list[Action]:
        """The actions allowed now (sorted); for another player than the current, none.
        What each decision allows is :mod:`lnb.dream.refusals`' table (with why not)."""
        if self.over:
            return []
        name = self.names[self.current]
        if player is not None and player != name:
            return []
        actions = legal(self, name, self.pending[0])
        return sorted(actions, key=action_sort_key)

    def reach(self, p: PlayerState, face: int) -> int:
        """How far a die of ``face`` travels (a Gear may add one)."""
        return face + sum(1 for g in p.gears if self.edition.gear(g).lasting == "travel_reach")

    # ----------------------------------------------------------------- applying
    def apply_action(self, action: Action) -> None:
        """Apply one legal action; anything else raises ``IllegalActionError`` (saying why)
        and leaves the state as it was."""
        if not isinstance(action, Action):
            raise BadInputError(N_("{text!r} is not an action of Ada's Dream"),
                                text=action, reason="bad-action")
        if self.over or action.player != self.names[self.current] \
                or action not in legal(self, action.player, self.pending[0]):
            raise refusal(self, action)
        step = self.pending.pop(0)
        new = self._resolve(self.players[action.player], step, action)
        self.pending[:0] = new
        self.history.append(action)
        self._settle()

    def _settle(self) -> None:
        """Run the automatic steps until a decision waits (or the game is over); a choice
        with nothing to choose (a full set of tracks) is dropped."""
        while self.pending and not self.over:
            step = self.pending[0]
            kind = step[0]
            p = self.players[self.names[self.current]]
            if kind in PROMPTS:
                if legal(self, p.name, step):
                    return
                self.pending.pop(0)
                continue
            self.pending.pop(0)
            self.pending[:0] = self._auto(p, step)

    def _auto(self, p: PlayerState, step: Step) -> list[Step]:
        kind = step[0]
        if kind == "effect":
            return self._effect(p, step[1])
        if kind == "advanced":
            area = Area(step[1])
            track = self.edition.track(area.colour)
            rule = self.edition.area(area)
            out: list[Step] = []
            for level, effect in zip(track.levels, rule.advanced, strict=False):
                if p.research[area.colour] >= level:
                    out.append(("effect", effect))
            return out
        if kind == "to_discard":
            p.playing.remove(step[1])
            p.discard.append(step[1])
            return []
        if kind == "cleanup":
            if self.turn.kind == "workshop":
                self._draw(p)
            if len(p.hand) > self.edition.hand_size:
                return [("discard_down",)]
            return []
        if kind == "next":
            self._next_turn(p)
            return []
        if kind == "placed":  # after the Mill turn: the action of the die as it now shows
            return self._die_action(p.mill[step[1]])
        raise AssertionError(kind)  # pragma: no cover

    def _resolve(self, p: PlayerState, step: Step, action: Action) -> list[Step]:
        kind = step[0]
        ed = self.edition
        if isinstance(action, Pass):
            return []
        if isinstance(action, Collect):
            return self._collect(p, action.space - 1)
        if isinstance(action, Place):
            return self._place(p, action.slot - 1, action.cell)
        if isinstance(action, ChooseArea):
            self.turn.area = Area(action.area)
            return [("main", action.area, step[1])]
        if isinstance(action, Play):
            return self._play(p, action.card, free=kind == "play_free")
        if isinstance(action, TakeProgram):
            self._take(kind == "main", "programs", action.program)
            p.programs[action.line] = action.program
            return []
        if isinstance(action, TakeAssignment):
            card = ed.assignment(action.assignment)
            self._take(kind == "main", "assignments", card.id)
            p.columns[Colour(action.column)].append(card.id)
            out: list[Step] = [("discard", card.discard)] if card.discard else []
            return [*out, ("effect", card.effect)]
        if isinstance(action, TakePartner):
            self._take(kind == "main", "partners", action.partner)
            pile = p.hand if action.pile == "hand" else p.discard
            pile.remove(action.remove)
            p.removed.append(action.remove)
            p.hand.append(action.partner)
            return []
        if isinstance(action, Visit):
            loc = ed.location(action.place)
            return [*self._disc(p, f"map:{loc.id}"), ("effect", loc.reward)]
        if isinstance(action, Join):
            inst = ed.institution(action.institution)
            face = step[2]
            bonus = sum(1 for g in p.gears if ed.gear(g).lasting == "institution_bonus")
            setattr(p, inst.resource, p.resource(inst.resource) + inst.gives(face) + bonus)
            return self._disc(p, f"inst:{inst.id}")
        if isinstance(action, MoveDisc):
            p.places.remove(action.place)
            p.places.append(step[1])
            return []
        if isinstance(action, Research):
            rest = [("research", step[1] - 1)] if step[1] > 1 else []
            return [*self._research(p, Colour(action.track), 1), *rest]
        if isinstance(action, Discard):
            p.hand.remove(action.card)
            p.discard.append(action.card)
            if kind == "discard" and step[1] > 1:
                return [("discard", step[1] - 1)]
            if kind == "discard_down" and len(p.hand) > ed.hand_size:
                return [("discard_down",)]
            return []
        if isinstance(action, Pay):
            effect: Effect = step[1]
            p.pay(effect.pay)
            return [("effect", effect.then)] if effect.then else []
        if isinstance(action, Bonus):
            p.innovation -= ed.bonus_cost
            return [("effect", ed.bonus(action.bonus)), *self._innovation(p, step[1])]
        if isinstance(action, Publish):
            p.books -= 1
            assert self.turn.area is not None
            p.prestige += sum(1 for g in p.gears if ed.gear(g).lasting == "publish_prestige")
            return [("effect", ed.area(self.turn.area).publish)]
        if isinstance(action, Build):
            gear = ed.gear(action.gear)
            p.pay(gear.cost)
            p.gears.append(gear.id)
            return []
        if isinstance(action, TurnDie):
            p.pay(ed.mill_turn or ())
            die = Die(p.die_at(action.where).colour, action.face)
            p.put_die(action.where, die)
            if self.turn.kind == "actions":
                self.turn.die = die
            return []
        raise AssertionError(action)  # pragma: no cover

    # ----------------------------------------------------------------- the two turns
    def _collect(self, p: PlayerState, space: int) -> list[Step]:
        die = self.workshop[space]
        self.workshop[space] = self.chance.roll(self.edition.dice)
        slot = p.store.index(None)
        p.store[slot] = die
        self.turn = Turn("workshop", die.colour.area, slot)
        p.money += sum(1 for g in p.gears if self.edition.gear(g).lasting == "workshop_money")
        out: list[Step] = []
        if "store" in self.edition.mill_turn_at:  # the Mill turn of a die going to the Store
            out.append(("mill_turn", f"S{slot + 1}"))
        if die.colour is not Colour.GREY:
            out += self._research(p, die.colour, len(p.columns[die.colour]))
        return [*out, ("workshop_play",), ("end",), ("cleanup",), ("next",)]

    def _place(self, p: PlayerState, slot: int, cell: str) -> list[Step]:
        die = p.store[slot]
        assert die is not None
        p.store[slot] = None
        p.mill[cell] = die
        if len(p.mill) == len(CELLS):
            self.ending = True
        area = die.colour.area
        self.turn = Turn("actions", area, None, die, grey=area is None)
        tail: list[Step] = [("end",), ("cleanup",), ("next",)]
        if "mill" in self.edition.mill_turn_at:  # the Mill turn first, then the die's action
            return [("mill_turn", cell), ("placed", cell), *tail]
        return [*self._die_action(die), *tail]

    def _die_action(self, die: Die) -> list[Step]:
        """An Actions turn's die: its area's main and advanced actions (grey: an area first)."""
        area = die.colour.area
        if area is None:
            return [("area", die.face)]
        return [("main", area.value, die.face), ("advanced", area.value)]

    def _next_turn(self, p: PlayerState) -> None:
        p.turns += 1
        turns = {q.turns for q in self.players.values()}
        if self.ending and len(turns) == 1:
            self.over = True
            self.pending = []
            return
        self.current = (self.current + 1) % len(self.names)
        self.turn = Turn()
        self.pending = [("turn",)]

    # ----------------------------------------------------------------- effects
    def _effect(self, p: PlayerState, effect: Effect) -> list[Step]:
        """Apply what an effect gives at once; return the choices it asks, in order."""
        out: list[Step] = []
        for key, n in effect.items:
            if key in RESOURCES:
                setattr(p, key, p.resource(key) + n)
            elif key == "prestige":
                p.prestige += n
            elif key == "innovation":
                out += self._innovation(p, n)
            elif key == "research":
                out.append(("research", n))
            elif key.startswith("research_"):
                out += self._research(p, Colour(key.removeprefix("research_")), n)
            elif key == "draw":
                for _ in range(n):
                    self._draw(p)
            elif key == "play":
                out += [("play_free",)] * n
            else:  # program, assignment, partner: taken from a display
                out += [("take", key)] * n
        if effect.pay:
            out.append(("pay", effect))
        return out

    def _innovation(self, p: PlayerState, n: int) -> list[Step]:
        """Innovation goes up one at a time, never above 6; reaching 6 offers a bonus at once
        (the rest of the gain waits for that choice)."""
        for i in range(n):
            if p.innovation >= 6:
                return []
            p.innovation += 1
            if p.innovation == 6:
                return [("bonus", n - i - 1)]
        return []

    def _research(self, p: PlayerState, colour: Colour, n: int) -> list[Step]:
        """``n`` Research on one colour's track: Breakthroughs on the way, the scoring token
        at the top; Research beyond a full track is lost."""
        track = self.edition.track(colour)
        out: list[Step] = []
        for _ in range(n):
            if p.research[colour] >= track.spaces:
                break
            p.research[colour] += 1
            space = p.research[colour]
            mark = track.at(space)
            if mark is not None:
                out += self._effect(p, mark.reward)
            if space == track.spaces and colour not in p.tokens:
                tokens = self.edition.scoring_tokens
                p.tokens[colour] = tokens[min(self.tokens_taken[colour], len(tokens) - 1)]
                self.tokens_taken[colour] += 1
        return out

    def _play(self, p: PlayerState, card: str, free: bool) -> list[Step]:
        partner: Partner = self.edition.partner(card)
        if not free:
            assert self.turn.slot is not None
            die = p.store[self.turn.slot]
            assert die is not None
            if partner.cost == "lower":
                p.store[self.turn.slot] = die.lowered()
            elif partner.cost == "pay":
                p.money -= die.face
        p.hand.remove(card)
        p.playing.append(card)
        return [("effect", partner.effect), ("to_discard", card)]

    def _disc(self, p: PlayerState, place: str) -> list[Step]:
        if p.discs > 0:
            p.discs -= 1
            p.places.append(place)
            return []
        return [("move_disc", place)]

    # ----------------------------------------------------------------- cards
    def _draw(self, p: PlayerState) -> None:
        if not p.deck:
            if not p.discard:
                return
            p.deck = self.chance.shuffled(p.discard)
            p.discard = []
        p.hand.append(p.deck.pop(0))

    def _take(self, main: bool, kind: str, item: str) -> None:
        """Take ``item`` from a display: on a main action the rightmost item then leaves the
        game; the rest slide right and the empty spaces on the left refill."""
        row = self.displays[kind]
        row[row.index(item)] = None
        if main and row[-1] is not None:
            self.gone[kind].append(row[-1])  # type: ignore[arg-type]
            row[-1] = None
        self._slide(kind)

    def _slide(self, kind: str) -> None:
        row = self.displays[kind]
        items = [x for x in row if x is not None]
        empty = len(row) - len(items)
        fresh = [self.decks[kind].pop(0) for _ in range(min(empty, len(self.decks[kind])))]
        row[:] = [None] * (empty - len(fresh)) + fresh[::-1] + items

    # ----------------------------------------------------------------- scores
    def score_sheet(self) -> Any:
        """Every player's Prestige by part (see :mod:`lnb.dream.scoring`)."""
        from lnb.dream.scoring import score_sheet

        return score_sheet(self)

    def returns(self) -> dict[str, int]:
        """Each player's total Prestige (so far, before the end)."""
        return {row.player: row.total for row in self.score_sheet().rows}

    def clone(self, chance: Chance | None = None) -> State:
        """An independent copy; with ``chance`` it draws from there (a bot's look-ahead
        must not see the real rolls)."""
        twin = State.__new__(State)
        twin.game, twin.edition = self.game, self.edition
        twin.chance = chance if chance is not None else copy.deepcopy(self.chance)
        twin.players = {n: p.copy() for n, p in self.players.items()}
        twin.current = self.current
        twin.workshop = list(self.workshop)
        twin.decks = {k: list(v) for k, v in self.decks.items()}
        twin.displays = {k: list(v) for k, v in self.displays.items()}
        twin.gone = {k: list(v) for k, v in self.gone.items()}
        twin.tokens_taken = dict(self.tokens_taken)
        twin.turn = copy.copy(self.turn)
        twin.pending = list(self.pending)
        twin.ending, twin.over = self.ending, self.over
        twin.history = list(self.history)
        return twin

    def __repr__(self) -> str:
        return (f"<State of {self.game!r}: {len(self.history)} actions, "
                f"{'over' if self.over else self.current_player}>")
