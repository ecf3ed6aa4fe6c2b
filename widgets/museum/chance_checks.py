"""The check kinds of the lesson *Chance as a fraction, a decimal and a percentage*: a chance
typed in the form a question asks for (``chance-form``) and the count a chance predicts in many
rolls (``chance-expected``), with the typical wrong answers diagnosed.

A chance's three forms are one value: 1/6 = 0.1666… ≈ 0.17 ≈ 16.7%. A fraction may be
unsimplified (``2/12`` is right, and the verdict says its simplest form: a hint, not an
error); a decimal or a percentage is right when it is the exact value rounded correctly to as
many places as were typed, at least the ``places`` asked for (0.17, 0.167, 0.1667 are all right
for "two decimal places"). What went wrong is named by :func:`diagnose` as a key with fields
(``upside-down``, ``times-100-forgotten``, ``rounded-too-early``, ``cut-off``, …; nobody parses
the message), then said to the pupil:

>>> check = chance_form("16.7%", chance="1/6", form="percent", places=1)
>>> check("16.7%").correct, check("16.67").correct, check("0.167").message
(True, True, 'Not yet: 0.167 is the chance as a decimal. A percentage is the decimal × 100: \
move the point two places to the right.')
>>> check("17%").message
'Not yet: 17% was rounded too early: 0.17 × 100 = 17. Work out the percentage first, then \
round it, to 1 decimal place.'
>>> chance_form("1/2", chance="1/2")("3/6").message
'Yes! 3/6 is right. In its simplest form it is 1/2: divide the top and the bottom by 3.'

Importing this module registers the kinds with the exercise bank
(:func:`widgets.lessons.bank.register_kinds`); the lesson imports :func:`exercise` from here:

>>> exercise("museum-chance-three-ways", "six-fraction").submit("6/1").message
'Not yet: 6/1 is upside down: the outcomes that count go on top, all the outcomes underneath. \
A chance is never more than 1.'
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from lnb.core.i18n import N_, _, gettext, ngettext
from widgets.babbage.exercise import EMPTY, Check, Verdict, number, read_number, register_diagnoses
from widgets.lessons.bank import exercise, register_kinds

#: The forms a chance is written in, and the word each is called in a message.
FORMS = {"fraction": N_("fraction"), "decimal": N_("decimal"), "percent": N_("percentage")}
_EXAMPLES = {"fraction": "2/3", "decimal": "0.25", "percent": "25%"}
_LEADING = ("≈", "~", "约", "大约", "about", "approx", "approximately")
_CHINESE_FRACTION = re.compile(r"^(\d+)分之(\d+)$")


@dataclass(frozen=True)
class Typed:
    """A chance as typed: its ``value``, its ``form`` (``fraction``, ``decimal`` or
    ``percent``), a fraction's ``top`` and ``bottom``, a decimal's or percentage's
    ``places`` (digits after the point), the ``text`` as typed (tidied) and whether it
    ended in ``…`` (``recurring``: the digits go on, as in 0.1666…)."""

    value: Fraction
    form: str
    text: str
    places: int = 0
    top: int | None = None
    bottom: int | None = None
    recurring: bool = False


def read_typed(text: str) -> Typed | None:
    """The chance in ``text`` (``1/6``, ``6分之1``, ``0.17``, ``16.7%``, ``≈ 17 %``), or
    None when it is none of them.

    >>> read_typed("2/12").value, read_typed(" 6分之1 ").top, read_typed("0.170").places
    (Fraction(1, 6), 1, 3)
    >>> read_typed("≈ 16.7 %").form, read_typed("1/0"), read_typed("a lot")
    ('percent', None, None)
    """
    plain = unicodedata.normalize("NFKC", text).strip().lower()
    for lead in _LEADING:
        if plain.startswith(lead):
            plain = plain[len(lead):]
    plain = plain.replace(" ", "")
    recurring = bool(re.search(r"\d\.{3}%?$", plain))
    plain = re.sub(r"(?<=\d)\.{3}(?=%?$)", "", plain)
    plain = plain.rstrip("。.")
    if (m := _CHINESE_FRACTION.match(plain)) and int(m.group(1)):
        top, bottom = int(m.group(2)), int(m.group(1))
        return Typed(Fraction(top, bottom), "fraction", f"{top}/{bottom}", top=top,
                     bottom=bottom)
    if (m := re.fullmatch(r"(\d+)/(\d+)", plain)) and int(m.group(2)):
        top, bottom = int(m.group(1)), int(m.group(2))
        return Typed(Fraction(top, bottom), "fraction", plain, top=top, bottom=bottom)
    if (m := re.fullmatch(r"(\d*)(?:\.(\d+))?%", plain)) and (m.group(1) or m.group(2)):
        return Typed(Fraction(plain[:-1] if m.group(1) else "0" + plain[:-1]) / 100,
                     "percent", plain, places=len(m.group(2) or ""), recurring=recurring)
    if (m := re.fullmatch(r"(\d*)(?:\.(\d+))?", plain)) and (m.group(1) or m.group(2)):
        return Typed(Fraction(plain if m.group(1) else "0" + plain), "decimal", plain,
                     places=len(m.group(2) or ""), recurring=recurring)
    return None


def rounded(value: Fraction, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimal places, a half rounded up (as pupils learn).

    >>> rounded(Fraction(1, 6), 2), rounded(Fraction(1, 8), 2), rounded(Fraction(50, 3), 0)
    (Fraction(17, 100), Fraction(13, 100), Fraction(17, 1))
    """
    scale = 10 ** places
    return Fraction(math.floor(value * scale + Fraction(1, 2)), scale)


def cut_off(value: Fraction, places: int) -> Fraction:
    """``value`` with the digits after ``places`` dropped (not rounded).

    >>> cut_off(Fraction(1, 6), 2)
    Fraction(4, 25)
    """
    scale = 10 ** places
    return Fraction(math.floor(value * scale), scale)


@dataclass(frozen=True)
class Diagnosis:
    """What a check found in an answer: ``key`` names it (``right``, ``not-simplified``,
    ``upside-down``…; :data:`KEYS`), ``fields`` are what its message needs."""

    key: str
    fields: dict[str, Any] = field(default_factory=dict)

    @property
    def correct(self) -> bool:
        return self.key in ("right", "not-simplified")


#: Every diagnosis key :func:`diagnose` gives, each reachable (tests/test_chance_lesson.py).
KEYS = ("right", "not-simplified", "unreadable", "upside-down", "other-form",
        "times-100-forgotten", "percent-as-decimal", "bar-is-not-point", "rounded-too-early",
        "too-few-places", "cut-off", "more-than-one", "not-it")
#: What a wrong answer's key means for the teacher (kept with the answer as
#: ``Verdict.diagnosis`` and pooled on the dashboard); ``not-it`` names no misconception.
DIAGNOSES = {
    "unreadable": N_("not a fraction, a decimal or a percentage"),
    "upside-down": N_("a chance upside down: all the outcomes over the ones that count"),
    "other-form": N_("the right chance, in another form than the one asked for"),
    "times-100-forgotten": N_("a percentage without the × 100: the decimal given"),
    "percent-as-decimal": N_("a decimal asked for, the percentage's number given"),
    "bar-is-not-point": N_("a fraction read as a decimal point: 1/6 taken for 1.6"),
    "rounded-too-early": N_("rounded too early: the decimal rounded before the × 100"),
    "too-few-places": N_("rounded to too few decimal places"),
    "cut-off": N_("digits cut off instead of rounded"),
    "more-than-one": N_("a chance of more than 1 (100%)"),
    "times-the-bottom": N_("multiplied by the chance's bottom instead of dividing by it"),
    "percent-for-count": N_("the chance's percentage given for a count of rolls"),
    "all-the-rolls": N_("all the rolls given, not the share expected"),
}


def _same(typed: Typed, target: Fraction) -> bool:
    """Whether ``typed`` is ``target`` in its own form: a fraction equal to it, a decimal or
    a percentage rounded or cut off to the places typed (a whole number: equal to it)."""
    if typed.form == "fraction":
        return typed.value == target
    scale = 100 if typed.form == "percent" else 1
    if typed.places == 0:
        return typed.value == target
    return typed.value * scale in (rounded(target * scale, typed.places),
                                   cut_off(target * scale, typed.places))


def diagnose(text: str, chance: Fraction, form: str = "fraction", places: int = 2
             ) -> Diagnosis:
    """What ``text`` is, as an answer to "``chance`` as a ``form``" (to at least ``places``
    decimal places for a decimal or a percentage).

    >>> one_sixth = Fraction(1, 6)
    >>> [diagnose(t, one_sixth).key for t in ("1/6", "2/12", "6/1", "0.17", "7/6", "1/3")]
    ['right', 'not-simplified', 'upside-down', 'other-form', 'more-than-one', 'not-it']
    >>> [diagnose(t, one_sixth, "decimal").key for t in ("0.17", "0.1667", "16.7", "1.6",
    ...                                                  "0.2", "0.16", "6")]
    ['right', 'right', 'percent-as-decimal', 'bar-is-not-point', 'too-few-places', 'cut-off', \
'upside-down']
    >>> [diagnose(t, one_sixth, "percent", 1).key for t in ("16.7%", "16.7", "0.17", "17%",
    ...                                                     "17.0%", "16.6%", "600%")]
    ['right', 'right', 'times-100-forgotten', 'rounded-too-early', 'rounded-too-early', \
'cut-off', 'upside-down']
    """
    typed = read_typed(text)
    if typed is None:
        return Diagnosis("unreadable", {"example": _EXAMPLES[form]})
    said = {"typed": typed.text}
    if chance and typed.value and (_same(typed, 1 / chance) or (form == "percent"
                                   and typed.form == "decimal" and typed.places == 0
                                   and typed.value == 100 / chance)):
        return Diagnosis("upside-down", said)
    other = {**said, "form": typed.form, "wanted": form}
    if form == "fraction":
        if typed.form == "fraction" and typed.value == chance:
            if typed.top == chance.numerator:
                return Diagnosis("right", said)
            return Diagnosis("not-simplified", {**said, "simple": f"{chance.numerator}/"
                             f"{chance.denominator}", "factor": typed.top // chance.numerator
                             if chance.numerator else typed.bottom})
        if typed.form != "fraction" and _same(typed, chance):
            return Diagnosis("other-form", other)
        return _beyond(typed, said)
    if typed.form == "fraction":
        return Diagnosis("other-form", other) if typed.value == chance else _beyond(typed, said)
    if form == "decimal":
        if typed.form == "percent":
            return Diagnosis("other-form", other) if _same(typed, chance) else _beyond(
                typed, said)
        if typed.value > 1 and _same(typed, 100 * chance):
            return Diagnosis("percent-as-decimal", said)
        return _rounding(typed.value, typed.places, chance, places, said, typed.recurring)
    # a percentage (its % sign may be left out)
    if typed.form == "decimal" and typed.value < 1 and _same(typed, chance):
        return Diagnosis("times-100-forgotten", said)
    if typed.form == "percent" and typed.value < Fraction(1, 100) and _same(
            Typed(typed.value * 100, "decimal", typed.text, typed.places), chance):
        return Diagnosis("times-100-forgotten", said)
    percent = typed.value * 100 if typed.form == "percent" else typed.value
    exact = chance * 100
    for early in range(1, typed.places + 3):  # the decimal rounded to `early` places, × 100
        if percent == rounded(chance, early) * 100 and (
                percent != rounded(exact, typed.places) or typed.places < places):
            return Diagnosis("rounded-too-early", {
                **said, "decimal": _decimal(rounded(chance, early), early),
                "percent": _decimal(percent, max(early - 2, 0)), "places": places})
    return _rounding(percent, typed.places, exact, places, said, typed.recurring, scale=100)


def _rounding(value: Fraction, typed_places: int, exact: Fraction, places: int,
              said: dict[str, Any], recurring: bool = False, scale: int = 1) -> Diagnosis:
    """A decimal (``scale`` 1) or a percentage (100) typed to ``typed_places``: right when
    rounded right to at least ``places`` (or, ``recurring``, its digits exact beyond them);
    else too few places, cut off, or beyond."""
    if recurring and typed_places > places and value == cut_off(exact, typed_places):
        return Diagnosis("right", said)
    if value == rounded(exact, typed_places):
        if typed_places >= places:
            return Diagnosis("right", said)
        return Diagnosis("too-few-places", {**said, "places": places})
    if value == cut_off(exact, typed_places) and typed_places >= 1:
        return Diagnosis("cut-off", said)
    digits = re.fullmatch(r"(\d+)\.(\d+)", said["typed"].rstrip("%"))
    if digits and scale == 1 and int(digits.group(2)) and Fraction(
            int(digits.group(1)), int(digits.group(2))) == exact:
        return Diagnosis("bar-is-not-point", {**said, "top": digits.group(1),
                                              "bottom": digits.group(2)})
    return _beyond(Typed(value / scale, "decimal", said["typed"]), said)


def _beyond(typed: Typed, said: dict[str, Any]) -> Diagnosis:
    if typed.value > 1:
        return Diagnosis("more-than-one", said)
    return Diagnosis("not-it", said)


def _decimal(value: Fraction, places: int) -> str:
    return f"{float(value):.{places}f}"


def message(found: Diagnosis, explain: str = "") -> str:
    """The sentence a pupil reads for ``found`` (in the page's language)."""
    f = found.fields
    if found.key == "right":
        said = str(explain).strip()
        return _("Yes! {explain}").format(explain=said) if said else _("Yes!")
    if found.key == "not-simplified":
        return _("Yes! {typed} is right. In its simplest form it is {simple}: divide the top "
                 "and the bottom by {factor}.").format(**f)
    if found.key == "unreadable":
        return _("Type a chance, like {example}.").format(**f)
    why = {
        "upside-down": lambda: _(
            "{typed} is upside down: the outcomes that count go on top, all the outcomes "
            "underneath. A chance is never more than 1.").format(**f),
        "other-form": lambda: _(
            "{typed} is the right chance, written as a {form}. This question asks for it as "
            "a {wanted}.").format(typed=f["typed"], form=gettext(FORMS[f["form"]]),
                                  wanted=gettext(FORMS[f["wanted"]])),
        "times-100-forgotten": lambda: _(
            "{typed} is the chance as a decimal. A percentage is the decimal × 100: move the "
            "point two places to the right.").format(**f),
        "percent-as-decimal": lambda: _(
            "{typed} is the percentage, not the decimal: a chance as a decimal is between 0 "
            "and 1. Divide by 100.").format(**f),
        "bar-is-not-point": lambda: _(
            "{top}/{bottom} is not {typed}: the bar means divide, {top} ÷ {bottom}.").format(
            **f),
        "rounded-too-early": lambda: ngettext(
            "{typed} was rounded too early: {decimal} × 100 = {percent}. Work out the "
            "percentage first, then round it, to {places} decimal place.",
            "{typed} was rounded too early: {decimal} × 100 = {percent}. Work out the "
            "percentage first, then round it, to {places} decimal places.",
            f["places"]).format(**f),
        "too-few-places": lambda: ngettext(
            "{typed} is rounded to too few places: give {places} decimal place.",
            "{typed} is rounded to too few places: give {places} decimal places.",
            f["places"]).format(**f),
        "cut-off": lambda: _(
            "{typed} cuts the digits off. Round instead: look at the next digit; 5 or more "
            "rounds up.").format(**f),
        "more-than-one": lambda: _(
            "a chance is never more than 1 (100%): it cannot happen more often than "
            "always."),
        "not-it": lambda: _(
            "{typed} is not it. A chance is the outcomes that count over all the outcomes: "
            "count both first.").format(**f),
    }[found.key]
    return _("Not yet: {why}").format(why=why())


def chance_form(answer: str, explain: str = "", *, chance: str | None = None,
                form: str = "fraction", places: int = 2) -> Check:
    """A chance written as a ``form`` (``fraction``, ``decimal`` or ``percent``; a decimal
    or a percentage to at least ``places`` decimal places). ``chance`` is the exact value
    (``"1/6"``; by default ``answer``, for a fraction); ``answer`` is one right answer as
    typed. The check's :attr:`diagnosis` is the last answer's :class:`Diagnosis`.

    >>> check = chance_form("0.17", chance="1/6", form="decimal")
    >>> check("1.6").message
    'Not yet: 1/6 is not 1.6: the bar means divide, 1 ÷ 6.'
    >>> check.diagnosis.key
    'bar-is-not-point'
    """
    if form not in FORMS:
        raise ValueError(f"form is one of {', '.join(FORMS)}, not {form!r}")
    exact = Fraction(chance if chance is not None else answer)

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        found = diagnose(text, exact, form, places)
        check.diagnosis = found  # type: ignore[attr-defined]
        key = None if found.correct or found.key not in DIAGNOSES else found.key
        return Verdict(found.correct, message(found, explain), key)

    check.expected = answer  # type: ignore[attr-defined]
    check.diagnosis = None  # type: ignore[attr-defined]
    return check


def expected_count(answer: int, explain: str = "", *, rolls: int, chance: str) -> Check:
    """How many times an outcome of chance ``chance`` is expected in ``rolls`` rolls (about
    ``rolls × chance``): × the bottom instead of ÷, the percentage, and all the rolls are
    diagnosed.

    >>> check = expected_count(100, rolls=600, chance="1/6")
    >>> check("100").correct, check("3600").message
    (True, 'Not yet: 3600 is 600 × 6. The chance is 1/6 of the rolls: 600 ÷ 6.')
    """
    exact = Fraction(chance)
    plain = number(answer, explain)

    def check(text: str) -> Verdict:
        value = read_number(text)
        why: Callable[[], str] | None = None
        key = None
        if value is not None and value != answer:
            if exact.numerator == 1 and value == rolls * exact.denominator:
                key = "times-the-bottom"
                why = lambda: _("{value} is {rolls} × {bottom}. The chance is 1/{bottom} of "  # noqa: E731
                                "the rolls: {rolls} ÷ {bottom}.").format(
                    value=value, rolls=rolls, bottom=exact.denominator)
            elif value in (round(100 * exact), math.floor(100 * exact)):
                key = "percent-for-count"
                why = lambda: _("{value} is the chance as a percentage. The count is that "  # noqa: E731
                                "share of all {rolls} rolls.").format(value=value, rolls=rolls)
            elif value == rolls:
                key = "all-the-rolls"
                why = lambda: _("{value} is all the rolls. Only some of them are the "  # noqa: E731
                                "outcome you want.").format(value=value)
        if why is not None:
            return Verdict(False, _("Not yet: {why}").format(why=why()), key)
        return plain(text)

    check.expected = answer  # type: ignore[attr-defined]
    return check


#: The lesson's check kinds, by the name its exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "chance-form": chance_form,
    "chance-expected": expected_count,
}

register_kinds(KINDS)
register_diagnoses(DIAGNOSES)

__all__ = ["DIAGNOSES", "FORMS", "KEYS", "KINDS", "Diagnosis", "Typed", "chance_form", "cut_off",
           "diagnose", "exercise", "expected_count", "message", "read_typed", "rounded"]
