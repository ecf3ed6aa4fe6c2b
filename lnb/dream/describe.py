"""Each action in words for people (a button's label, a log line), translated when shown.

The text form (``Ada: place 1 B3``) is for records; :func:`describe` is for pupils: it names
the cards, places and Gears by their names, not their ids.

>>> from lnb.core.i18n import use_language
>>> from lnb.dream.actions import Place, TakePartner, Visit
>>> from lnb.dream.edition import Edition
>>> ed = Edition.load()
>>> str(describe(Place("Ada", 1, "B3"), ed))
'move the die of Store slot 1 to Mill cell B3'
>>> str(describe(TakePartner("Ada", "faraday", "hand", "clerk"), ed))
'take Michael Faraday and remove Clerk from your hand'
>>> with use_language("zh-CN"):
...     str(describe(Visit("Ada", "bath"), ed))
'到巴斯放一个圆片'
"""

from __future__ import annotations

from lnb.core.i18n import N_
from lnb.core.messages import Listing, Text, lazy_ngettext
from lnb.dream import actions as a
from lnb.dream.dice import colour_name
from lnb.dream.edition import Area, Colour, Edition, Effect

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
        return Text(N_("take Assignment {card} into the {column} column"),
                    card=action.assignment, column=colour_name(Colour(action.column)))
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
    return Text(N_("pass"))
