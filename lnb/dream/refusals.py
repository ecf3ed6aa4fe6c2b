"""What a player may do now, and why not: the rules of each decision written once.

Each step a player decides (:data:`STEPS`) says what it asks (its prompt), the verbs it takes
and its *candidates*: every action of those verbs that the moment offers (each Workshop space,
each Store slot and Mill cell, each card in hand, each display card, each place...). Each kind
of action has one *check*, which gives the reason a candidate or any other action of its verb
may not be taken now, the most telling first. So:

- :func:`legal` (the State's legal actions) is the candidates that pass their check;
- :func:`refusal` (what an illegal ``apply_action`` raises) is the check's reason, after the
  game being over, another player's turn and a verb the step does not take; an action that
  passes its check but is not offered now (a Program taken on a Travel action) is "not
  possible";
- :func:`why_not` (on an app's disabled button) is None for a legal action, else the refusal;
- :class:`Refusals` asks :func:`why_not` of many actions of one state (an app's every button):
  each player's legal actions and the verbs the step offers are worked out once, not per
  action, and the refusal is the same :func:`refusal`.

>>> from lnb.dream.state import Game
>>> from lnb.dream.actions import Collect, Place
>>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
>>> str(why_not(state, Place("Ada", 1, "A1")))
'Store slot 1 is empty'
>>> why_not(state, Collect("Bea", 2)).reason
'not-your-turn'
>>> why_not(state, Collect("Ada", 2)) is None
True
>>> [str(a) for a in legal(state, "Ada", ("turn",))][:2]
['Ada: collect 1', 'Ada: collect 2']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from lnb.core.i18n import current_language
from lnb.core.messages import Listing, Text
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
)
from lnb.dream.describe import cost_text
from lnb.dream.dice import colour_name
from lnb.dream.edition import COLOURS, Area, Colour
from lnb.dream.errors import N_, IllegalActionError
from lnb.dream.mill import CELLS, LINES

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.player import PlayerState
    from lnb.dream.state import State

#: A step waiting in :attr:`State.pending`: its kind, then what it carries.
Step = tuple[Any, ...]

#: Why an action may not be taken: the message's template, the reason and the fields.
Why = tuple[str, str, dict[str, object]]


@dataclass(frozen=True)
class StepRule:
    """One kind of decision: what it asks the player, the verbs it takes, and its candidates
    (``candidates(state, player, step)``: the actions of those verbs the moment offers)."""

    prompt: str
    verbs: tuple[str, ...]
    candidates: Callable[[State, str, Step], Iterable[Action]]


# ------------------------------------------------------------------------ the candidates
@lru_cache(maxsize=16384)
def _offer(cls: type[Action], player: str, *values: object) -> Action:
    """A candidate action, made once (actions are frozen values, so states share them):
    most candidates are refused, and making an action costs more than checking it."""
    return cls.trusted(player, *values)


def _turn(state: State, name: str, step: Step) -> Iterable[Action]:
    p = state.players[name]
    yield from (_offer(Collect, name, i + 1) for i in range(len(state.workshop)))
    yield from (_offer(Place, name, i + 1, c) for i in range(len(p.store)) for c in CELLS)


def _plays(state: State, name: str, step: Step) -> Iterable[Action]:
    yield from (_offer(Play, name, c) for c in sorted(set(state.players[name].hand)))
    yield _offer(Pass, name)


def _areas(state: State, name: str, step: Step) -> Iterable[Action]:
    return (_offer(ChooseArea, name, a.value) for a in Area)


def _main(state: State, name: str, step: Step) -> Iterable[Action]:
    area = Area(step[1])
    if area is Area.STUDY:
        yield from _display(state, name, "program")
        yield from _display(state, name, "assignment")
    elif area is Area.MEETINGS:
        yield from _display(state, name, "partner")
    elif area is Area.TRAVEL:
        yield from (_offer(Visit, name, loc.id) for loc in state.edition.map)
    else:
        yield from (_offer(Join, name, inst.id) for inst in state.edition.institutions)
    yield _offer(Pass, name)


def _take(state: State, name: str, step: Step) -> Iterable[Action]:
    yield from _display(state, name, step[1])
    yield _offer(Pass, name)


def _display(state: State, name: str, kind: str) -> Iterable[Action]:
    """A display's cards as the actions taking them (each line, column, card to remove)."""
    p = state.players[name]
    shown = [x for x in state.displays[f"{kind}s"] if x is not None]
    if kind == "program":
        return (_offer(TakeProgram, name, x, line) for x in shown for line in LINES)
    if kind == "assignment":
        ed = state.edition
        return (_offer(TakeAssignment, name, x, c.value) for x in shown
                for c in ed.assignment(x).columns())
    removable = sorted({("hand", c) for c in p.hand} | {("discard", c) for c in p.discard})
    return (_offer(TakePartner, name, x, pile, card) for x in shown for pile, card in removable)


def _research(state: State, name: str, step: Step) -> Iterable[Action]:
    return (_offer(Research, name, c.value) for c in COLOURS)


def _discards(state: State, name: str, step: Step) -> Iterable[Action]:
    return (_offer(Discard, name, c) for c in sorted(set(state.players[name].hand)))


def _pay(state: State, name: str, step: Step) -> Iterable[Action]:
    return (_offer(Pay, name), _offer(Pass, name))


def _bonus(state: State, name: str, step: Step) -> Iterable[Action]:
    yield from (_offer(Bonus, name, b) for b, _effect in state.edition.bonuses)
    yield _offer(Pass, name)


def _move_disc(state: State, name: str, step: Step) -> Iterable[Action]:
    return (_offer(MoveDisc, name, place) for place in sorted(set(state.players[name].places)))


def _turns(state: State, name: str, step: Step) -> Iterable[Action]:
    """The Mill turn: the die just placed one up and one down; pass only when a turn is
    possible (else the step has nothing to decide and is skipped)."""
    where = step[1]
    face = state.players[name].die_at(where).face
    turns = [_offer(TurnDie, name, where, f) for f in (face + 1, face - 1) if 1 <= f <= 6]
    p = state.players[name]
    yield from turns
    if any(_turn_die(state, p, step, t) is None for t in turns):
        yield _offer(Pass, name)


def _end(state: State, name: str, step: Step) -> Iterable[Action]:
    yield _offer(Publish, name)
    yield from (_offer(Build, name, g.id) for g in state.edition.gears)
    yield _offer(Pass, name)


#: Every decision a player is asked, by the step's kind.
STEPS: dict[str, StepRule] = {
    "turn": StepRule(N_("take a die from the Workshop or move a die from the Store into the "
                        "Mill"), ("collect", "place"), _turn),
    "workshop_play": StepRule(N_("play a Partner card whose requirement the die meets, or "
                                 "pass"), ("play", "pass"), _plays),
    "area": StepRule(N_("choose the area whose main action the grey die takes"), ("area",),
                     _areas),
    "main": StepRule(N_("take the main action of the area, or pass"),
                     ("program", "assignment", "partner", "visit", "join", "pass"), _main),
    "take": StepRule(N_("take a card from the display, or pass"),
                     ("program", "assignment", "partner", "pass"), _take),
    "research": StepRule(N_("choose a Research track"), ("research",), _research),
    "play_free": StepRule(N_("play a Partner card from your hand, or pass"), ("play", "pass"),
                          _plays),
    "discard": StepRule(N_("discard a Partner card"), ("discard",), _discards),
    "discard_down": StepRule(N_("discard down to five cards in hand"), ("discard",),
                             _discards),
    "pay": StepRule(N_("pay for the effect, or pass"), ("pay", "pass"), _pay),
    "bonus": StepRule(N_("spend 2 Innovation for a Workshop bonus, or pass"),
                      ("bonus", "pass"), _bonus),
    "move_disc": StepRule(N_("choose the disc to move on the main board"), ("move",),
                          _move_disc),
    "end": StepRule(N_("publish, build a Gear, or pass"), ("publish", "build", "pass"), _end),
    "mill_turn": StepRule(N_("turn the die you just moved one up or down, or pass"),
                          ("turn", "pass"), _turns),
}

#: What each step asks of the player, for prompts and refusals.
PROMPTS: dict[str, str] = {kind: rule.prompt for kind, rule in STEPS.items()}

#: The action types each step takes (for "wrong step").
STEP_ACTIONS: dict[str, tuple[str, ...]] = {kind: rule.verbs for kind, rule in STEPS.items()}


# ------------------------------------------------------------------------ the checks
def _collect(state: State, p: PlayerState, step: Step, action: Collect) -> Why | None:
    if None not in p.store:
        return N_("the Store is full: take an Actions turn"), "store-full", {}
    if not 1 <= action.space <= len(state.workshop):
        return N_("the Workshop has spaces 1 to {count}"), "no-space", {
            "count": len(state.workshop)}
    return None


def _place(state: State, p: PlayerState, step: Step, action: Place) -> Why | None:
    if not 1 <= action.slot <= len(p.store) or p.store[action.slot - 1] is None:
        return N_("Store slot {slot} is empty"), "empty-slot", {"slot": action.slot}
    if action.cell in p.mill:
        return N_("Mill cell {cell} already holds a die"), "cell-taken", {"cell": action.cell}
    return None


#: What each display take reads: the display and the action's field naming its card.
_DISPLAYS = {TakeProgram: ("programs", "program"), TakeAssignment: ("assignments", "assignment"),
             TakePartner: ("partners", "partner")}


def _in_display(state: State, action: Action) -> Why | None:
    kind, item = _DISPLAYS[type(action)]
    card = getattr(action, item)
    if card not in state.displays[kind]:
        return N_("{card!r} is not in the display"), "not-in-display", {"card": card}
    return None


def _take_program(state: State, p: PlayerState, step: Step, action: TakeProgram) -> Why | None:
    why = _in_display(state, action)
    if why is None and action.line in p.programs:
        return (N_("line {line} of the Mill already has a Program"), "line-taken",
                {"line": action.line})
    return why


def _take_assignment(state: State, p: PlayerState, step: Step, action: TakeAssignment
                     ) -> Why | None:
    why = _in_display(state, action)
    if why is not None:
        return why
    card = state.edition.assignment(action.assignment)
    if Colour(action.column) not in card.columns():
        return (N_("this Assignment goes in the {columns} column"), "wrong-column",
                {"columns": Listing([colour_name(c) for c in card.columns()], "or")})
    if len(p.hand) < card.discard:
        return (N_("this Assignment asks you to discard {count} Partner cards"),
                "cannot-discard", {"count": card.discard})
    return None


def _take_partner(state: State, p: PlayerState, step: Step, action: TakePartner) -> Why | None:
    why = _in_display(state, action)
    if why is not None:
        return why
    pile = p.hand if action.pile == "hand" else p.discard
    if action.remove not in pile:
        template = (N_("there is no {card!r} in your hand to remove")
                    if action.pile == "hand" else
                    N_("there is no {card!r} in your discard pile to remove"))
        return template, "not-in-pile", {"card": action.remove}
    return None


def _visit(state: State, p: PlayerState, step: Step, action: Visit) -> Why | None:
    try:
        loc = state.edition.location(action.place)
    except KeyError:
        return N_("{place!r} is not on the map"), "unknown-place", {"place": action.place}
    if f"map:{loc.id}" in p.places:
        return N_("you already have a disc on {place}"), "visited", {"place": loc.name}
    face = step[2]  # the main action's die (a Travel action is a main step)
    if loc.distance > state.reach(p, face):
        return (N_("{place} is {distance} away; the die shows {face}"), "too-far",
                {"place": loc.name, "distance": loc.distance, "face": face})
    return None


def _join(state: State, p: PlayerState, step: Step, action: Join) -> Why | None:
    if action.institution not in {i.id for i in state.edition.institutions}:
        return N_("{place!r} is not an Institution"), "unknown-place", {
            "place": action.institution}
    return None


def _move_disc_check(state: State, p: PlayerState, step: Step, action: MoveDisc
                     ) -> Why | None:
    if action.place not in p.places:
        return N_("you have no disc on {place!r}"), "no-disc", {"place": action.place}
    return None


def _in_hand(p: PlayerState, action: Play | Discard) -> Why | None:
    if action.card not in p.hand:
        return N_("{card!r} is not in your hand"), "not-in-hand", {"card": action.card}
    return None


def _play(state: State, p: PlayerState, step: Step, action: Play) -> Why | None:
    why = _in_hand(p, action)
    if why is not None or step[0] != "workshop_play":
        return why  # a free play takes any card in hand
    partner = state.edition.partner(action.card)
    die = state.active_die()
    face = die.face if die else 0
    if partner.cost == "lower":
        if die is not None and die.face > 1:
            return None
        return N_("a die showing 1 cannot be lowered"), "cannot-lower", {}
    if partner.cost == "pay":
        if die is not None and p.money >= die.face:
            return None
        return (N_("this card costs £{face} and you have £{money}"), "cannot-afford",
                {"face": face, "money": p.money})
    if die is not None and die.face in partner.faces:
        return None
    return (N_("this card needs a die showing {faces}; the die shows {face}"), "requirement",
            {"faces": Listing([str(f) for f in partner.faces], "or"), "face": face})


def _discard(state: State, p: PlayerState, step: Step, action: Discard) -> Why | None:
    return _in_hand(p, action)


def _research_check(state: State, p: PlayerState, step: Step, action: Research) -> Why | None:
    colour = Colour(action.track)
    if p.research[colour] >= state.edition.track(colour).spaces:
        return N_("the {track} Research track is full"), "track-full", {
            "track": colour_name(colour)}
    return None


def _bonus_check(state: State, p: PlayerState, step: Step, action: Bonus) -> Why | None:
    if action.bonus not in {b for b, _effect in state.edition.bonuses}:
        return N_("{bonus!r} is not a Workshop bonus"), "unknown-bonus", {"bonus": action.bonus}
    return None


def _pay_check(state: State, p: PlayerState, step: Step, action: Pay) -> Why | None:
    if not p.can_pay(step[1].pay):  # a pay step carries its effect
        return N_("you cannot pay for this effect"), "cannot-afford", {}
    return None


def _publish(state: State, p: PlayerState, step: Step, action: Publish) -> Why | None:
    if p.books < 1:
        return N_("publishing costs a Book and you have none"), "no-book", {}
    if state.turn.area is None:
        return N_("a grey die's Workshop turn used no area to publish in"), "no-area", {}
    return None


def _build(state: State, p: PlayerState, step: Step, action: Build) -> Why | None:
    ed = state.edition
    try:
        gear = ed.gear(action.gear)
    except KeyError:
        return N_("{gear!r} is not a Gear"), "unknown-gear", {"gear": action.gear}
    if gear.id in p.gears:
        return N_("you have built this Gear already"), "built", {}
    if p.open_gear_spaces(ed) <= 0:
        return (N_("no open Gear space: place a disc on the main board first"),
                "no-gear-space", {})
    if not p.can_pay(gear.cost):
        return (N_("this Gear costs {coal} Coal and {brass} Brass"), "cannot-afford",
                {"coal": dict(gear.cost).get("coal", 0), "brass": dict(gear.cost).get("brass", 0)})
    return None


def _turn_die(state: State, p: PlayerState, step: Step, action: TurnDie) -> Why | None:
    cost = state.edition.mill_turn
    if cost is None:
        return N_("this edition has no Mill turn"), "no-mill-turn", {}
    where = step[1] if step[0] == "mill_turn" else None
    if action.where != where or where is None:
        return (N_("only the die just moved may be turned, as it goes in"),
                "not-this-die", {})
    face = p.die_at(where).face
    if abs(action.face - face) != 1:
        return (N_("a die turns one up or one down: it shows {face}"),
                "one-step", {"face": face})
    if not p.can_pay(cost):
        return (N_("turning a die costs {cost}"), "cannot-afford",
                {"cost": cost_text(cost)})
    return None


def _always(state: State, p: PlayerState, step: Step, action: Action) -> Why | None:
    return None


#: Each kind of action's check: why it may not be taken now (None: nothing stops it).
CHECKS: dict[type[Action], Callable[[State, PlayerState, Step, Any], Why | None]] = {
    Collect: _collect, Place: _place, ChooseArea: _always, TakeProgram: _take_program,
    TakeAssignment: _take_assignment, TakePartner: _take_partner, Visit: _visit, Join: _join,
    MoveDisc: _move_disc_check, Play: _play, Research: _research_check, Discard: _discard,
    Bonus: _bonus_check, Pay: _pay_check, Publish: _publish, Build: _build, Pass: _always,
    TurnDie: _turn_die,
}


# ------------------------------------------------------------------------ legal and why not
def legal(state: State, name: str, step: Step) -> list[Action]:
    """The actions ``name`` may take at ``step``: its candidates that pass their check (in
    the candidates' order; :meth:`State.legal_actions` sorts them)."""
    p = state.players[name]
    return [a for a in STEPS[step[0]].candidates(state, name, step)
            if CHECKS[type(a)](state, p, step, a) is None]


def why_not(state: State, action: Action) -> IllegalActionError | None:
    """None when ``action`` is legal now, else the error saying why."""
    if action in state.legal_actions(action.player):
        return None
    return refusal(state, action)


class Refusals:
    """:func:`why_not` for many actions of one ``state``, which must not change meanwhile
    (an app's redraw asks it for every button): each player's legal actions, and the verbs
    the step offers, are worked out once; the refusal is :func:`refusal`'s, the same rule.

    >>> from lnb.dream.state import Game
    >>> from lnb.dream.actions import Collect, Place
    >>> state = Game(["Ada", "Bea"], seed=1).new_initial_state()
    >>> why = Refusals(state)
    >>> str(why.why_not(Place("Ada", 1, "A1"))), why.why_not(Collect("Ada", 2))
    ('Store slot 1 is empty', None)
    >>> why.why_not(Collect("Bea", 2)).reason
    'not-your-turn'
    """

    def __init__(self, state: State) -> None:
        self.state = state
        self._legal: dict[str, frozenset[Action]] = {}
        self._offered: frozenset[str] | None = None
        self._words: dict[tuple[object, ...], str] = {}

    def legal(self, player: str) -> frozenset[Action]:
        """What ``player`` may do now (:meth:`State.legal_actions`, as a set)."""
        if player not in self._legal:
            self._legal[player] = frozenset(self.state.legal_actions(player))
        return self._legal[player]

    def offered(self) -> frozenset[str]:
        """The verbs of the current step's candidates (:func:`refusal`'s "wrong step")."""
        if self._offered is None:
            self._offered = offered_verbs(self.state)
        return self._offered

    def why_not(self, action: Action) -> IllegalActionError | None:
        """None when ``action`` is legal now, else the error saying why (:func:`why_not`)."""
        if action in self.legal(action.player):
            return None
        return refusal(self.state, action, self.offered)

    def reason(self, action: Action) -> str | None:
        """``str(why_not(action))``: None when ``action`` is legal now, else the reason in
        the current language, each different one put in words once (forty buttons of a
        redraw may share "Ada must now choose a Research track").

        >>> from lnb.dream.state import Game
        >>> from lnb.dream.actions import Research
        >>> why = Refusals(Game(["Ada", "Bea"], seed=1).new_initial_state())
        >>> why.reason(Research("Ada", "red")) == str(why.why_not(Research("Ada", "red")))
        True
        """
        if action in self.legal(action.player):
            return None
        template, reason, fields = _refused(self.state, action, self.offered)
        values = {"player": action.player, "reason": reason, **fields}
        if "{text" in template:
            values["text"] = str(action)
        key = (current_language(), template, *sorted(values.items()))
        try:
            return self._words[key]
        except KeyError:
            words = self._words[key] = str(Text(template, **values))
            return words
        except TypeError:  # a value that is no key (a list): put in words each time
            return str(Text(template, **values))


def _error(template: str, action: Action, reason: str, **fields: object) -> IllegalActionError:
    return IllegalActionError(template, player=action.player, text=str(action), reason=reason,
                              **fields)


def offered_verbs(state: State) -> frozenset[str]:
    """The verbs of the candidates the current step offers its player (a step of Ada's Study
    taking Assignments offers no Program)."""
    step = state.pending[0]
    name = state.names[state.current]
    return frozenset(a.verb for a in STEPS[step[0]].candidates(state, name, step))


def refusal(state: State, action: Action,
            offered: Callable[[], frozenset[str]] | None = None) -> IllegalActionError:
    """The error for an action that is not legal now (the most telling reason first);
    ``offered``: the verbs the step offers, if known (:class:`Refusals`), else worked out."""
    template, reason, fields = _refused(state, action, offered)
    return _error(template, action, reason, **fields)


def _refused(state: State, action: Action,
             offered: Callable[[], frozenset[str]] | None = None) -> Why:
    """:func:`refusal`'s template, reason and fields (without the player's and the action's,
    which every refusal has)."""
    if state.over:
        return N_("the game is over"), "game-over", {}
    if action.player != state.current_player:
        return (N_("it is {current}'s turn, not {player}'s"), "not-your-turn",
                {"current": state.current_player})
    step = state.pending[0]
    kind = step[0]
    if action.verb not in STEP_ACTIONS[kind]:
        return (N_("{player} must now {prompt}"), "wrong-step",
                {"prompt": Text(PROMPTS[kind]), "expected": STEP_ACTIONS[kind]})
    verbs = offered() if offered is not None else offered_verbs(state)
    if action.verb not in verbs:  # e.g. a Program while the Assignments are taken from
        return (N_("{player} must now {prompt}"), "wrong-step",
                {"prompt": Text(PROMPTS[kind]), "expected": tuple(sorted(verbs))})
    why = CHECKS[type(action)](state, state.players[action.player], step, action)
    if why is not None:
        return why
    return N_("{player} cannot {text!r} now"), "not-possible", {}
