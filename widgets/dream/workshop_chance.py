"""The lesson *Is a re-roll worth it?* on Ada's Dream's side: the Workshop rolls each die's
colour by the edition's weights (not all colours equally likely), and a die taken from it is
replaced by a fresh roll. The chance that a fresh die can be played in an area (its colour's,
or grey: any area, :attr:`lnb.dream.edition.Colour.area`), how many of the Workshop's dice can
on average, a simulation over real set-ups of the game, and the lesson's check kinds.

>>> area_chance("travel"), expected_dice("travel")
(Fraction(1, 3), Fraction(2, 1))
>>> workshop_trial("travel")(0) in range(7)
True
>>> area_check("1/3", area="travel")("2/5").message[:58]
'Not yet: 2/5 counts every colour as equally likely, but th'
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction

import ipywidgets as w

from lnb.core.i18n import N_, _
from lnb.dream.describe import area_name
from lnb.dream.dice import colour_name
from lnb.dream.edition import Area, Colour, Edition
from lnb.dream.state import Game
from widgets.babbage.exercise import Check, register_diagnoses
from widgets.core.relabel import register
from widgets.lessons.average_sim import AverageSimulation
from widgets.lessons.bank import register_kinds
from widgets.lessons.expected import Named, near, value_check


def serves(colour: Colour, area: str) -> bool:
    """Whether a die of ``colour`` can be played in ``area`` (grey: in any area).

    >>> serves(Colour.BLUE, "travel"), serves(Colour.GREY, "travel"), serves(Colour.RED, "travel")
    (True, True, False)
    """
    return colour.area in (None, Area(area))


def area_chance(area: str) -> Fraction:
    """The chance a fresh Workshop die can be played in ``area``: its colours' weights out of
    all the weights (:attr:`Edition.dice`)."""
    weights = Edition.load().dice
    return Fraction(sum(n for c, n in weights if serves(c, area)), sum(n for _c, n in weights))


def expected_dice(area: str) -> Fraction:
    """How many of the Workshop's dice can be played in ``area``, on average."""
    return Edition.load().workshop_spaces * area_chance(area)


def workshop_trial(area: str) -> Callable[[int], int]:
    """Trial ``k``: set up a game of seed ``k`` (two players) and count the Workshop's dice
    that can be played in ``area``."""
    def trial(seed: int) -> int:
        state = Game(["Ada", "Bea"], seed=seed).new_initial_state()
        return sum(1 for die in state.workshop if serves(die.colour, area))
    return trial


def simulation(area: str = "travel") -> AverageSimulation:
    """Set up game after game; the average number of Workshop dice for ``area``."""
    return AverageSimulation(workshop_trial(area), expected_dice(area),
                             what=lambda: _("dice for {area}").format(
                                 area=area_name(Area(area))))


class _WeightsView(w.HTML):
    """The edition's colour weights: each colour, its weight, its chance and its area."""

    def __init__(self) -> None:
        super().__init__()
        self.add_class("lnb-widget")
        register(self)
        self.relabel()

    def relabel(self) -> None:
        weights = Edition.load().dice
        total = sum(n for _c, n in weights)
        anywhere = _("any area")
        rows = "".join(
            f"<tr><td>{html.escape(str(colour_name(c)))}</td><td>{n}</td>"
            f"<td>{html.escape(anywhere if c.area is None else str(area_name(c.area)))}</td>"
            f"</tr>" for c, n in weights)
        head = "".join(f"<th style='padding:2px 10px'>{html.escape(h)}</th>" for h in (
            _("colour"), _("weight"), _("played in")))
        note = _("The weights add up to {total}: a colour of weight 2 comes up 2 times in "
                 "{total}, on average.").format(total=total)
        self.value = (f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
                      f"<p>{html.escape(note)}</p>")


def weights_view() -> w.HTML:
    """The Workshop's colour weights (edition data), in the page's language."""
    return _WeightsView()


# -- checks ----------------------------------------------------------------------------------

def _equal_colours(area: str) -> Fraction:
    colours = [c for c, _n in Edition.load().dice]
    return Fraction(sum(1 for c in colours if serves(c, area)), len(colours))


def _without_grey(area: str) -> Fraction:
    weights = Edition.load().dice
    return Fraction(sum(n for c, n in weights if c.area is not None and serves(c, area)),
                    sum(n for _c, n in weights))


def area_check(answer: str, explain: object = "", *, area: str) -> Check:
    """The chance a fresh Workshop die can be played in ``area`` (:func:`area_chance`).
    Diagnosed: colours counted as equally likely (the chances forgotten), grey forgotten,
    upside down."""
    def diagnose(v: Fraction, typed: str) -> Named | None:
        if near(v, _equal_colours(area)):
            return Named("without-chances", _(
                "{typed} counts every colour as equally likely, but the colours have weights: "
                "grey comes up half as often as each other colour. Use the weights.").format(
                    typed=typed))
        if near(v, _without_grey(area)):
            return Named("forgot-grey", _(
                "{typed} forgets grey: a grey die can be played in any area, Travel "
                "too.").format(typed=typed))
        if v > 1:
            return Named("chance-over-one", _(
                "a chance is never more than 1: the dice that fit go on top, all the weights "
                "underneath."))
        return None

    return value_check(answer, explain, diagnose=diagnose)


def count_check(answer: int | str, explain: object = "", *, area: str) -> Check:
    """How many of the Workshop's dice can be played in ``area`` on average
    (:func:`expected_dice`). Diagnosed: colours counted as equally likely, the best case (all
    of them), grey forgotten, one die's chance given for all of them."""
    spaces = Edition.load().workshop_spaces

    def diagnose(v: Fraction, typed: str) -> Named | None:
        if near(v, spaces * _equal_colours(area)):
            return Named("without-chances", _(
                "{typed} counts every colour as equally likely: the colours have weights, grey "
                "comes up half as often.").format(typed=typed))
        if near(v, spaces):
            return Named("best-case", _(
                "{typed} is the best case: every die fitting. On average only some of them "
                "do.").format(typed=typed))
        if near(v, spaces * _without_grey(area)):
            return Named("forgot-grey", _(
                "{typed} forgets grey: a grey die can be played in any area.").format(
                    typed=typed))
        if near(v, area_chance(area)):
            return Named("one-die-only", _(
                "{typed} is the chance for one die. There are {spaces} dice in the Workshop: "
                "multiply.").format(typed=typed, spaces=spaces))
        return None

    return value_check(str(answer), explain, diagnose=diagnose)


#: The misconceptions the kinds name (:attr:`Verdict.diagnosis`); ``without-chances`` and
#: ``best-case`` mean what they mean in :mod:`widgets.museum.reroll`.
DIAGNOSES = {
    "without-chances": N_("averaged the values without their chances"),
    "best-case": N_("compared the best case, not the average"),
    "forgot-grey": N_("forgot that a grey die goes to any area"),
    "chance-over-one": N_("a chance more than 1"),
    "one-die-only": N_("gave one die's chance for all the dice"),
}
register_diagnoses(DIAGNOSES)

#: The lesson's Ada's Dream check kinds, by the name its exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "dream-workshop-chance": area_check,
    "dream-workshop-count": count_check,
}

register_kinds(KINDS)

__all__ = ["DIAGNOSES", "KINDS", "area_chance", "area_check", "count_check", "expected_dice",
           "serves", "simulation", "weights_view", "workshop_trial"]
