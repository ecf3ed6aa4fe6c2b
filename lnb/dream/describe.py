"""Each action in words for people (a button's label, a log line), translated when shown.

The text form (``Ada: place 1 B3``) is for records; :func:`describe` is for pupils: it names
the cards, places and Gears by their names, not their ids.

>>> from lnb.core.i18n import use_language
>>> from lnb.dream.actions import Place, TakePartner, Visit
>>> from lnb.dream.edition import Edition
>>> ed = Edition.load("classroom")
>>> str(describe(Place("Ada", 1, "B3"), ed))
'move the die of Store slot 1 to Mill cell B3'
>>> str(describe(TakePartner("Ada", "faraday", "hand", "clerk"), ed))
'take Michael Faraday and remove Clerk from your hand'
>>> with use_language("zh-CN"):
...     str(describe(Visit("Ada", "bath"), ed))
'到巴斯放一个圆片'

The cards, places and Gears in words (a card of a display, a place of the map), never by id:

>>> str(partner_text(ed.partner("boole")))
'lower the die by 1 (not a 1) · 2 Prestige · 2 Innovation'
>>> str(assignment_text(ed.assignment("a14")))
'blue or green column · discard 2 Partner cards · 4 Prestige and 1 Innovation'
>>> str(program_text(ed.program("p07"))), str(place_text(ed.location("bath")))
('a + b + c = 10 · 3 Prestige', 'Small City · 2 away · £3')
>>> str(gear_text(ed.gear("barrel")))
'1 Coal and 2 Brass · 1 Prestige · £1 more on each Workshop turn'
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text, lazy_ngettext
from lnb.dream import actions as a
from lnb.dream.dice import colour_name
from lnb.dream.edition import (
    Area,
    Assignment,
    Colour,
    Edition,
    Effect,
    Gear,
    Institution,
    Location,
    Partner,
    ProgramCard,
    Science,
)

if TYPE_CHECKING:
    from lnb.dream.state import State

_AREAS = {Area.STUDY: N_("Ada's Study"), Area.MEETINGS: N_("Meetings"),
          Area.TRAVEL: N_("Travel"), Area.INSTITUTIONS: N_("Institutions")}


_GAINS = {
    "money": N_("£{n}"), "coal": N_("{n} Coal"), "brass": N_("{n} Brass"),
    "innovation": N_("{n} Innovation"),
    "prestige": N_("{n} Prestige"), "research": N_("{n} Research on any track"),
    "play": N_("play a Partner from your hand"),
    "program": N_("take a Program"), "assignment": N_("take an Assignment"),
    "partner": N_("take a Partner"),
}


def _gain(key: str, n: int) -> Text:
    if key == "books":
        return lazy_ngettext("{n} Book", "{n} Books", n, n=n)
    if key == "draw":
        return lazy_ngettext("draw {n} card", "draw {n} cards", n, n=n)
    return Text(_GAINS[key], n=n)


@lru_cache(maxsize=1024)  # an effect's words are made once (shown in any language)
def effect_text(effect: Effect) -> Listing:
    """What an effect gives, in words (a list shown in the current language).

    >>> str(effect_text(Effect.of({"coal": 1, "research_blue": 2, "pay": {"money": 2},
    ...                            "then": {"prestige": 2}})))
    '1 Coal, 2 Research on the blue track, and pay £2 for 2 Prestige'
    """
    words: list[object] = []
    for key, n in effect.items:
        if key.startswith("research_"):
            words.append(Text(N_("{n} Research on the {track} track"), n=n,
                              track=colour_name(Colour(key.removeprefix("research_")))))
        else:
            words.append(_gain(key, n))
    if effect.pay:
        cost = Listing([_gain(k, n) for k, n in effect.pay])
        gain = effect_text(effect.then) if effect.then else Listing([])
        words.append(Text(N_("pay {cost} for {gain}"), cost=cost, gain=gain))
    return Listing(words)


def cost_text(pay: tuple[tuple[str, int], ...]) -> Listing:
    """What a payment costs, in words (nothing: an empty list).

    >>> str(cost_text((("money", 1), ("coal", 2))))
    '£1 and 2 Coal'
    """
    return Listing([_gain(k, n) for k, n in pay])


def area_name(area: Area) -> Text:
    """An area's name, shown in the current language."""
    return Text(_AREAS[area])


def describe(action: a.Action, edition: Edition) -> Text:
    """What ``action`` does, in words (see the module's examples)."""
    ed = edition
    if isinstance(action, a.Collect):
        return Text(N_("take the die of Workshop space {space}"), space=action.space)
    if isinstance(action, a.Place):
        return Text(N_("move the die of Store slot {slot} to Mill cell {cell}"),
                    slot=action.slot, cell=action.cell)
    if isinstance(action, a.ChooseArea):
        return Text(N_("take the main action of {area}"), area=area_name(Area(action.area)))
    if isinstance(action, a.TakeProgram):
        from lnb.dream.mill import rule_text

        return Text(N_("take the Program {rule} for line {line}"),
                    rule=rule_text(ed.program(action.program)), line=action.line)
    if isinstance(action, a.TakeAssignment):
        return Text(N_("take the Assignment ({effect}) into the {column} column"),
                    effect=effect_text(ed.assignment(action.assignment).effect),
                    column=colour_name(Colour(action.column)))
    if isinstance(action, a.TakePartner):
        template = (N_("take {name} and remove {removed} from your hand")
                    if action.pile == "hand" else
                    N_("take {name} and remove {removed} from your discard pile"))
        return Text(template, name=ed.partner(action.partner).name,
                    removed=ed.partner(action.remove).name)
    if isinstance(action, a.Visit):
        return Text(N_("place a disc on {place}"), place=ed.location(action.place).name)
    if isinstance(action, a.Join):
        return Text(N_("place a disc in the {place}"),
                    place=ed.institution(action.institution).name)
    if isinstance(action, a.MoveDisc):
        kind, _sep, key = action.place.partition(":")
        place = ed.location(key).name if kind == "map" else ed.institution(key).name
        return Text(N_("move your disc from {place}"), place=place)
    if isinstance(action, a.Play):
        return Text(N_("play {name}"), name=ed.partner(action.card).name)
    if isinstance(action, a.Research):
        return Text(N_("1 Research on the {track} track"),
                    track=colour_name(Colour(action.track)))
    if isinstance(action, a.Discard):
        return Text(N_("discard {name}"), name=ed.partner(action.card).name)
    if isinstance(action, a.Bonus):
        return Text(N_("spend 2 Innovation for the bonus: {effect}"),
                    effect=effect_text(ed.bonus(action.bonus)))
    if isinstance(action, a.Pay):
        return Text(N_("pay"))
    if isinstance(action, a.Publish):
        return Text(N_("spend a Book to publish"))
    if isinstance(action, a.Build):
        return Text(N_("build the Gear {name}"), name=ed.gear(action.gear).name)
    if isinstance(action, a.TurnDie):
        return turn_text(action, ed)
    return Text(N_("pass"))


def turn_text(action: a.TurnDie, edition: Edition) -> Text:
    """The Mill turn in words: which die, to what face, for what cost.

    >>> ed = Edition.load("classroom-3")
    >>> str(turn_text(a.TurnDie("Ada", "B3", 5), ed)), str(turn_text(a.TurnDie("Ada", "S2", 1), ed))
    ('turn the die in Mill cell B3 to 5 for £1', 'turn the die of Store slot 2 to 1 for £1')
    """
    if action.where.startswith("S"):
        where = Text(N_("the die of Store slot {slot}"), slot=action.where[1:])
    else:
        where = Text(N_("the die in Mill cell {cell}"), cell=action.where)
    if edition.mill_turn:
        return Text(N_("turn {die} to {face} for {cost}"), die=where, face=action.face,
                    cost=cost_text(edition.mill_turn))
    return Text(N_("turn {die} to {face}"), die=where, face=action.face)


def removal_text(action: a.TakePartner, edition: Edition) -> Text:
    """The second half of taking a Partner: the card it replaces, for a row of choices once
    the Partner is chosen (:func:`describe` says the whole action).

    >>> ed = Edition.load("classroom")
    >>> str(removal_text(a.TakePartner("Ada", "faraday", "discard", "clerk"), ed))
    'remove Clerk from your discard pile'
    """
    template = (N_("remove {removed} from your hand") if action.pile == "hand" else
                N_("remove {removed} from your discard pile"))
    return Text(template, removed=edition.partner(action.remove).name)


#: What a main action asks, by its area: the area named and what to take (issue 31).
_MAIN_ASKS = {
    Area.STUDY: N_("{area}: take a Program or an Assignment card below, or pass"),
    Area.MEETINGS: N_("{area}: take a Partner card below, or pass"),
    Area.TRAVEL: N_("{area}: go to a University or a Small City below, or pass"),
    Area.INSTITUTIONS: N_("{area}: join one of London's Institutions below, or pass"),
}
#: What a card an effect gives asks, by its display.
_TAKE_ASKS = {"program": N_("take a Program card below, or pass"),
              "assignment": N_("take an Assignment card below, or pass"),
              "partner": N_("take a Partner card below, or pass")}


def decision_text(step: tuple[object, ...] | None, prompts: dict[str, str]) -> Text:
    """What a step (a :attr:`~lnb.dream.state.State.pending` entry) asks of the player, in
    words: a main action names its area and what to take; ``prompts`` (the library's
    ``PROMPTS``) says the others.

    >>> from lnb.dream.state import PROMPTS
    >>> str(decision_text(("main", "meetings", 3), PROMPTS))
    'Meetings: take a Partner card below, or pass'
    >>> str(decision_text(("take", "program"), PROMPTS))
    'take a Program card below, or pass'
    >>> str(decision_text(("turn",), PROMPTS))
    'take a die from the Workshop or move a die from the Store into the Mill'
    """
    if not step:
        return Text("")
    kind = str(step[0])
    if kind == "main" and len(step) > 1:
        area = Area(step[1])
        return Text(_MAIN_ASKS[area], area=area_name(area))
    if kind == "take" and len(step) > 1 and step[1] in _TAKE_ASKS:
        return Text(_TAKE_ASKS[str(step[1])])
    return Text(prompts[kind])


# ------------------------------------------------------------------ cards, places and Gears

_SCIENCES = {Science.MATHEMATICS: N_("Mathematics"), Science.PHYSICS: N_("Physics"),
             Science.ASTRONOMY: N_("Astronomy"), Science.ENGINEERING: N_("Engineering")}
_KINDS = {"university": N_("University"), "city": N_("Small City")}
_LASTING = {"workshop_money": N_("£1 more on each Workshop turn"),
            "travel_reach": N_("Travel reaches 1 space further"),
            "publish_prestige": N_("1 Prestige more each time you publish"),
            "institution_bonus": N_("1 more from each Institution you join")}
_RESOURCES = {"money": N_("£"), "coal": N_("Coal"), "brass": N_("Brass"), "books": N_("Books")}


class _Dots:
    """Parts of a card's text joined with `` · `` (a card's lines, not a sentence)."""

    def __init__(self, *parts: object) -> None:
        self.parts = [p for p in parts if p is not None and str(p)]

    def __str__(self) -> str:
        return " · ".join(str(p) for p in self.parts)


def _card(*parts: object) -> Text:
    return Text("{card}", card=_Dots(*parts))


def science_name(science: Science | None) -> Text:
    """A Partner's Science, or *Sponsor* for none.

    >>> str(science_name(None)), str(science_name(Science.PHYSICS))
    ('Sponsor', 'Physics')
    """
    return Text(N_("Sponsor") if science is None else _SCIENCES[science])


def resource_name(resource: str) -> Text:
    """A resource's name (``money`` is £)."""
    return Text(_RESOURCES[resource])


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def requirement_text(partner: Partner) -> Text:
    """What the Workshop turn's die must show to play the card, or what playing it costs.

    >>> ed = Edition.load("classroom")
    >>> str(requirement_text(ed.partner("babbage"))), str(requirement_text(ed.partner("airy")))
    ('a die showing 5 or 6', 'pay £ equal to the die')
    """
    if partner.cost == "lower":
        return Text(N_("lower the die by 1 (not a 1)"))
    if partner.cost == "pay":
        return Text(N_("pay £ equal to the die"))
    return Text(N_("a die showing {faces}"),
                faces=Listing([str(f) for f in partner.faces], "or"))


def _prestige(n: int) -> Text | None:
    return _gain("prestige", n) if n else None


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def partner_text(partner: Partner) -> Text:
    """A Partner card's requirement or cost, Prestige and effect (its name and who they were
    are :attr:`Partner.name` and :attr:`Partner.who`)."""
    return _card(requirement_text(partner), _prestige(partner.prestige),
                 effect_text(partner.effect))


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def assignment_text(card: Assignment) -> Text:
    """An Assignment's columns, the Partner cards it asks you to discard, and its effect."""
    columns = (Text(N_("{colours} column"), colours=Listing(
        [colour_name(c) for c in card.colours], "or")) if card.colours
        else Text(N_("any column")))
    discard = (lazy_ngettext("discard {n} Partner card", "discard {n} Partner cards",
                             card.discard, n=card.discard) if card.discard else None)
    return _card(columns, discard, effect_text(card.effect))


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def program_text(card: ProgramCard) -> Text:
    """A Program punch card: what its line must make true, and its Prestige."""
    from lnb.dream.mill import rule_text

    return _card(rule_text(card), _prestige(card.prestige))


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def place_text(location: Location) -> Text:
    """A place of the map: University or Small City, how far a die must reach, its reward."""
    return _card(Text(_KINDS.get(location.kind, N_("Small City"))),
                 Text(N_("{distance} away"), distance=location.distance),
                 effect_text(location.reward))


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def institution_text(institution: Institution) -> Text:
    """What joining an Institution gives: a resource by the die's value.

    >>> str(institution_text(Edition.load("classroom").institution("royal_institution")))
    'Coal: the die ÷ 2, rounded up'
    """
    if institution.divide == 1:
        return Text(N_("{resource}: the die's value"),
                    resource=resource_name(institution.resource))
    return Text(N_("{resource}: the die ÷ {divide}, rounded up"),
                resource=resource_name(institution.resource), divide=institution.divide)


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def gear_text(gear: Gear) -> Text:
    """A Gear's cost, Prestige and lasting bonus."""
    cost = Listing([_gain(r, n) for r, n in gear.cost])
    lasting = Text(_LASTING[gear.lasting]) if gear.lasting else None
    return _card(cost, _prestige(gear.prestige), lasting)


# ------------------------------------------------------------------ at a live table


def table_text(action: a.Action, state: State | None = None) -> Text:
    """``action`` as everyone at a live table may read it (the ``describe`` hook of Ada's
    Dream's :class:`~lnb.core.game.GameType`): who did what, in words, with the data of the
    table's own edition, ``state``'s (without it, the default edition's).

    Ada's Dream is played in the open: the board, the displays, the map and every move are
    everyone's. Only a hand and the draw pile are private, and no action names a card of
    them before it leaves the hand (a Partner played or discarded, one removed for a new
    Partner), when it is shown on the table anyway. So each move is told in full.

    >>> from lnb.dream.actions import Collect, Play
    >>> str(table_text(Collect("Ada", 3)))
    'Ada: take the die of Workshop space 3'
    >>> str(table_text(Play("Bea", "babbage")))
    'Bea: play Charles Babbage'
    >>> from lnb.dream.state import Game
    >>> old = Game(["Ada", "Bea"], "classroom", seed=1).new_initial_state()
    >>> str(table_text(a.Bonus("Bea", "partner"), old))  # classroom-3's is a Program
    'Bea: spend 2 Innovation for the bonus: take a Partner'
    >>> new = Game(["Ada", "Bea"], "classroom-3", seed=1).new_initial_state()
    >>> str(table_text(a.TurnDie("Ada", "B3", 5), new))
    'Ada: turn the die in Mill cell B3 to 5 for £1'
    """
    edition = state.edition if state is not None else Edition.load()
    return Text(N_("{player}: {action}"), player=action.player,
                action=describe(action, edition))
