"""The lesson *Is a re-roll worth it?* on the museum's side: what a die is worth (the squares of
the bigger of its value's two shapes on the library's wheel), the average of a fresh die, what
re-rolling a die gains on average, a simulation that re-rolls in a real position of the game
(:func:`lnb.museum.scenario.scenario` and the game's own seeded dice), the planner's choice in
that position, and the check kinds of the lesson's exercises.

>>> die_squares()
{1: 2, 2: 3, 3: 4, 4: 4, 5: 5, 6: 5}
>>> fresh_average(), reroll_gain(1), reroll_gain(3)
(Fraction(23, 6), Fraction(11, 6), Fraction(-1, 6))
>>> reroll_trial(1)(0) in {squares - 2 for squares in die_squares().values()}
True
>>> exercise("museum-reroll", "die-average").submit("7/2").message[:60]
'Not yet: 7/2 averages the numbers without their chances: som'

Each kind is a constructor ``kind(answer, explain="", **options) -> Check`` (the bank's
``check = "museum-reroll-…"``); importing this module registers them
(:func:`widgets.lessons.bank.register_kinds`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import ipywidgets as w

from lnb.core.i18n import N_, _
from lnb.museum.actions import Action, Reroll
from lnb.museum.bots.planner import Planner
from lnb.museum.museum import Museum
from lnb.museum.scenario import scenario
from lnb.museum.state import MuseumChance, State
from widgets.babbage.exercise import EMPTY, Check, Verdict, register_diagnoses, trimmed
from widgets.core.relabel import register
from widgets.lessons.average_sim import AverageSimulation
from widgets.lessons.bank import exercise, register_kinds
from widgets.lessons.expected import Named, decimal, near, value_check

#: The other die in hand in the lesson's positions (it stays; only one die is re-rolled).
OTHER = 4


@cache
def die_squares() -> dict[int, int]:
    """For each value 1–6, the squares of the bigger of the two shapes the wheel gives it."""
    museum = Museum.standard()
    return {v: max(museum.wheel[sid].size for sid in museum.wheel.shapes_for(v))
            for v in range(1, 7)}


def fresh_average() -> Fraction:
    """What a fresh die is worth on average: each value's squares times its chance, 1/6."""
    return sum((Fraction(s, 6) for s in die_squares().values()), Fraction(0))


def reroll_gain(kept: int) -> Fraction:
    """What re-rolling a die showing ``kept`` gains on average: a fresh die's average less the
    squares the die would surely have given (the cost of the re-roll)."""
    return fresh_average() - die_squares()[kept]


def position(kept: int, other: int = OTHER) -> State:
    """The lesson's position: ``kept`` and ``other`` in hand, one re-roll left, an empty map."""
    return scenario(hand=(kept, other), rerolls=1)


def rerolled(state: State, kept: int, seed: int) -> int:
    """The value a die showing ``kept`` comes back with when ``state`` re-rolls it with the
    game's seeded dice of ``seed`` (the state itself is not changed)."""
    trial = state.clone()
    trial.chance = MuseumChance(seed)
    before = list(trial.hand)
    before.remove(kept)
    trial.apply_action(Reroll((kept,)))
    after = list(trial.hand)
    for value in before:
        after.remove(value)
    return after[0]


def reroll_trial(kept: int, other: int = OTHER) -> Callable[[int], int]:
    """Trial ``k``: re-roll the ``kept`` die of :func:`position` with seed ``k``; the squares
    gained (negative: lost)."""
    start, squares = position(kept, other), die_squares()
    return lambda k: squares[rerolled(start, kept, k)] - squares[kept]


def simulation(kept: int = 1) -> AverageSimulation:
    """Re-roll a die showing ``kept`` again and again; the average gain beside the exact."""
    return AverageSimulation(reroll_trial(kept), reroll_gain(kept),
                             what=lambda: _("squares gained"))


def planner_choice(kept: int, other: int = OTHER) -> Action:
    """What the kit's planner plays in :func:`position` (``lnb.museum.bots.planner``)."""
    return Planner().choose_action(position(kept, other))


# -- views -----------------------------------------------------------------------------------

CSS = """
.lnb-reroll-view table { border-collapse: collapse; }
.lnb-reroll-view td, .lnb-reroll-view th { padding: 2px 10px; border-bottom: 1px solid #ddd;
                                           text-align: center; }
"""


class _View(w.HTML):
    """An HTML view drawn again when the page's language changes."""

    def __init__(self, draw: Callable[[], str]) -> None:
        super().__init__()
        self.draw = draw
        self.add_class("lnb-reroll-view")
        self.add_class("lnb-widget")
        register(self)
        self.relabel()

    def relabel(self) -> None:
        self.value = f"<style>{CSS}</style>{self.draw()}"


def squares_view() -> w.HTML:
    """Each value of a die, its two shapes' sizes on the wheel, the bigger one and its chance."""
    def draw() -> str:
        museum = Museum.standard()
        rows = []
        for v, best in die_squares().items():
            sizes = ", ".join(str(museum.wheel[sid].size) for sid in museum.wheel.shapes_for(v))
            rows.append(f"<tr><td>{v}</td><td>{sizes}</td><td><b>{best}</b></td>"
                        f"<td>1/6</td></tr>")
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            _("die shows"), _("its shapes' squares"), _("worth (the bigger)"), _("chance")))
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    return _View(draw)


def planner_view(*kept: int, other: int = OTHER) -> w.HTML:
    """What the planner does with each ``kept`` die and ``other`` in hand and one re-roll (a
    row each: keeps or re-rolls, and its move), and its rule, once."""
    def draw() -> str:
        rows = []
        for value in kept:
            action = planner_choice(value, other)
            did = _("re-rolls") if isinstance(action, Reroll) else _("keeps its dice")
            rows.append(f"<tr><td>{value} + {other}</td><td><b>{html.escape(did)}</b></td>"
                        f"<td><code>{html.escape(str(action))}</code></td></tr>")
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            _("in hand"), _("the planner"), _("its move")))
        why = _("Its rule: re-roll a die only when the best thing it can do on this map gains "
                "less than an average die would. It judges the whole map, where each shape "
                "fits, not only the squares.")
        return (f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
                f"<p>{html.escape(why)}</p>")
    return _View(draw)


# -- checks ----------------------------------------------------------------------------------

def _distinct_average() -> Fraction:
    values = set(die_squares().values())
    return Fraction(sum(values), len(values))


def _twice() -> str:
    """The sizes two faces give (``4, 5``): an average without chances counts them once."""
    values = list(die_squares().values())
    return ", ".join(str(s) for s in sorted(set(values)) if values.count(s) > 1)


def die_average(answer: str, explain: object = "") -> Check:
    """The average worth of a fresh die (:func:`fresh_average`). Diagnosed: the values
    averaged without their chances (the faces 1–6, or each different size once), the best
    case, the worst case, the total not divided by 6.

    >>> die_average("23/6")("5").message
    'Not yet: 5 is the best case. The average weighs every face by its chance, the poor ones \
too.'
    """
    squares = die_squares()

    def diagnose(v: Fraction, typed: str) -> Named | None:
        if near(v, _distinct_average()) or near(v, Fraction(7, 2)):
            return Named("without-chances", _(
                "{typed} averages the numbers without their chances: some sizes come from two "
                "faces of six ({twice} squares), so they count twice. Multiply each face's "
                "squares by its chance, 1/6, and add.").format(typed=typed, twice=_twice()))
        if near(v, max(squares.values())):
            return Named("best-case", _(
                "{typed} is the best case. The average weighs every face by its chance, the "
                "poor ones too.").format(typed=typed))
        if near(v, min(squares.values())):
            return Named("worst-case", _(
                "{typed} is the worst case. The average weighs every face by its "
                "chance.").format(typed=typed))
        if near(v, sum(squares.values())):
            return Named("total-not-shared", _(
                "{typed} adds up the six faces' squares: now share them out over the 6 "
                "faces.").format(typed=typed))
        return None

    return value_check(answer, explain, diagnose=diagnose)


def gain(answer: str, explain: object = "", *, kept: int) -> Check:
    """What re-rolling a die showing ``kept`` gains on average (:func:`reroll_gain`).
    Diagnosed: the cost forgotten (the new die's average alone), the best case compared,
    the values averaged without their chances, the gain the wrong way round.

    >>> gain("11/6", kept=1)("23/6").message[:46]
    'Not yet: 23/6 is what the new die is worth on '
    """
    squares, fresh = die_squares(), fresh_average()
    cost = squares[kept]

    def diagnose(v: Fraction, typed: str) -> Named | None:
        if near(v, fresh):
            return Named("forgot-cost", _(
                "{typed} is what the new die is worth on average. You forgot the cost of the "
                "re-roll: the {kept} you give up was sure to be worth {cost} squares. Take them "
                "away.").format(typed=typed, kept=kept, cost=cost))
        if near(v, max(squares.values()) - cost):
            return Named("best-case", _(
                "{typed} compares the best case ({best} squares) with the {cost} you give up. A "
                "re-roll does not always give the best: use the average of a fresh "
                "die.").format(typed=typed, best=max(squares.values()), cost=cost))
        if near(v, _distinct_average() - cost) or near(v, Fraction(7, 2) - cost):
            return Named("without-chances", _(
                "{typed} uses an average without the chances: {twice} squares each come from "
                "two faces. Work out a fresh die's average first.").format(
                    typed=typed, twice=_twice()))
        if near(v, -(fresh - cost)):
            return Named("wrong-way-round", _(
                "{typed} is the wrong way round: take what you give up away from what you get "
                "on average.").format(typed=typed))
        return None

    return value_check(answer, explain, diagnose=diagnose)


def decide(answer: str, explain: object = "", *, kept: int) -> Check:
    """Keep a die showing ``kept`` or re-roll it: ``answer`` (``keep`` or ``re-roll``, its
    translations too) must be what :func:`reroll_gain` says. The other choice is diagnosed:
    re-rolling for the best case, or keeping a die worth less than the average.

    >>> decide("keep", kept=3)("re-roll").message[:61]
    'Not yet: a better roll would give 5 squares, more than your 4'
    """
    worth = reroll_gain(kept) > 0
    if (answer == "re-roll") != worth:
        raise ValueError(f"the average says {'re-roll' if worth else 'keep'} for a {kept}, "
                         f"not {answer!r}")
    squares = die_squares()
    keep_words = {"keep", "keep it", "k", trimmed(_("keep")), trimmed(_("keep it"))}
    roll_words = {"re-roll", "reroll", "roll", "roll again", "re-roll it",
                  trimmed(_("re-roll")), trimmed(_("roll again"))}

    def check(text: str) -> Verdict:
        typed = trimmed(text)
        if not typed:
            return Verdict(False, str(EMPTY))
        said = str(explain).strip()
        right, wrong = (roll_words, keep_words) if worth else (keep_words, roll_words)
        if typed in right:
            return Verdict(True, _("Yes! {explain}").format(explain=said) if said else _("Yes!"))
        if typed in wrong and not worth:
            key, why = "best-case", _(
                "a better roll would give {best} squares, more than your {worth}, but that is "
                "the best case. On average a fresh die gives {fresh} ≈ {decimal} squares: "
                "re-rolling loses {loss} of a square on average.").format(
                    best=max(squares.values()), worth=squares[kept],
                    fresh=_fraction_or_decimal(fresh_average()),
                    decimal=decimal(fresh_average()),
                    loss=_fraction_or_decimal(-reroll_gain(kept)))
        elif typed in wrong:
            key, why = "kept-below-average", _(
                "your {kept} is worth {worth} squares for sure, but a fresh die is worth "
                "{decimal} on average: re-rolling gains {gain}.").format(
                    kept=kept, worth=squares[kept], decimal=decimal(fresh_average()),
                    gain=_fraction_or_decimal(reroll_gain(kept)))
        else:
            key, why = "not-keep-or-reroll", _("type keep or re-roll.")
        return Verdict(False, _("Not yet: {why}").format(why=why), key)

    check.expected = answer  # type: ignore[attr-defined]
    return check


def _fraction_or_decimal(value: Fraction) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


#: The misconceptions the lesson's kinds name (:attr:`Verdict.diagnosis`), for the teacher.
DIAGNOSES = {
    "without-chances": N_("averaged the values without their chances"),
    "best-case": N_("compared the best case, not the average"),
    "worst-case": N_("gave the worst case, not the average"),
    "total-not-shared": N_("added the values up but did not share them out"),
    "forgot-cost": N_("forgot the cost of the re-roll (the die given up)"),
    "wrong-way-round": N_("took the average away from the cost: the wrong way round"),
    "kept-below-average": N_("kept a die worth less than a fresh one on average"),
    "not-keep-or-reroll": N_("answered neither keep nor re-roll"),
}
register_diagnoses(DIAGNOSES)

#: The lesson's museum check kinds, by the name its exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "museum-reroll-average": die_average,
    "museum-reroll-gain": gain,
    "museum-reroll-decide": decide,
}

register_kinds(KINDS)

__all__ = ["DIAGNOSES", "KINDS", "OTHER", "decide", "die_average", "die_squares", "exercise",
           "fresh_average", "gain", "planner_choice", "planner_view", "position", "reroll_gain",
           "reroll_trial", "rerolled", "simulation", "squares_view"]
