"""An average (an expected value) typed by a pupil, and a check of it: a fraction (``23/6``,
``6分之23``), a decimal (``3.83``) or a whole number, negative too (``-1/6``). The exact
fraction and its decimal to two places (or closer) are both right; a lesson's ``diagnose``
names the misconception behind a wrong one: it gets the value typed, as a ``Fraction``, and
the text as typed, to quote, and gives a :class:`Named` (the key the verdict keeps for the
teacher's dashboard, :attr:`Verdict.diagnosis`, and the sentence the pupil reads).

>>> read_value("23/6"), read_value("−1/6"), read_value("6分之23"), read_value("seven")
(Fraction(23, 6), Fraction(-1, 6), Fraction(23, 6), None)
>>> best = lambda v, t: Named("best-case", f"{t} is the best case.") if v == 5 else None
>>> check = value_check("23/6", diagnose=best)
>>> check("46/12").correct, check("3.83").correct, check("3.833").correct
(True, True, True)
>>> check("5").message, check("5").diagnosis
('Not yet: 5 is the best case.', 'best-case')
>>> check("3.8").message, check("3.8").diagnosis
('Not yet: 3.8 is close: give the average as a fraction, or as a decimal to two places.', \
'average-rounded')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from lnb.core.i18n import N_, _
from widgets.babbage.exercise import EMPTY, Check, Verdict, register_diagnoses

_CHINESE_FRACTION = re.compile(r"^(-?)(\d+)分之(\d+)$")
_FRACTION = re.compile(r"^(-?\d+)/(\d+)$")
_DECIMAL = re.compile(r"^-?(\d+(\.\d*)?|\.\d+)$")
#: How far a decimal may be from the exact average and still be right (3.83 for 23/6).
CLOSE = Fraction(1, 100)

#: The diagnosis keys of an average's check (a lesson's ``diagnose`` adds its own), with what
#: they mean for the teacher (:func:`widgets.babbage.exercise.register_diagnoses`).
DIAGNOSES = {
    "average-inexact": N_("a fraction close to the average, but not equal to it"),
    "average-rounded": N_("the average rounded too far (give two decimal places)"),
    "not-the-average": N_("not the average: each value was not weighed by its chance"),
    "not-a-value": N_("not a fraction or a decimal"),
}


class Named(NamedTuple):
    """A wrong answer's diagnosis: its key (:data:`DIAGNOSES` or a lesson's) and sentence."""

    key: str
    why: str


def _plain(text: str) -> str:
    plain = unicodedata.normalize("NFKC", text).strip().strip("。")
    return plain.replace(" ", "").replace("−", "-").replace("－", "-")


def read_value(text: str) -> Fraction | None:
    """The number typed, exactly (a decimal is read as the fraction it writes), or None."""
    typed = _plain(text)
    if (m := _CHINESE_FRACTION.match(typed)) and int(m.group(2)):
        return Fraction(int(m.group(3)), int(m.group(2))) * (-1 if m.group(1) else 1)
    if (m := _FRACTION.match(typed)) and int(m.group(2)):
        return Fraction(int(m.group(1)), int(m.group(2)))
    if _DECIMAL.match(typed):
        return Fraction(typed)
    return None


def near(value: Fraction, target: Fraction | float) -> bool:
    """Whether ``value`` is ``target`` or a decimal of it to two places.

    >>> near(Fraction("3.83"), Fraction(23, 6)), near(Fraction("3.8"), Fraction(23, 6))
    (True, False)
    """
    return abs(value - Fraction(target)) < CLOSE


def decimal(value: Fraction, places: int = 2) -> str:
    """``value`` as a decimal rounded to ``places`` places (halves away from zero).

    >>> decimal(Fraction(23, 6)), decimal(Fraction(-1, 6)), decimal(Fraction(2))
    ('3.83', '-0.17', '2')
    """
    scaled = abs(value) * 10 ** places
    whole = int(scaled + Fraction(1, 2))
    sign = "-" if value < 0 and whole else ""
    text = f"{whole // 10 ** places}.{whole % 10 ** places:0{places}d}".rstrip("0").rstrip(".")
    return sign + text


def value_check(answer: str | int, explain: object = "", *,
                diagnose: Callable[[Fraction, str], Named | None] = lambda _v, _t: None
                ) -> Check:
    """Check an average: ``answer`` exactly (any equal fraction) or its decimal to two places
    is right; a wrong value is explained by ``diagnose`` when it can, else the pupil is asked
    to weigh each value by its chance."""
    wanted = Fraction(str(answer))

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        value = read_value(text)
        if value is None:
            return Verdict(False, _("Type a fraction, like 5/3, or a decimal, like 1.67."),
                           "not-a-value")
        if value == wanted or (near(value, wanted) and "/" not in text and "分之" not in text):
            said = str(explain).strip()
            return Verdict(True, _("Yes! {explain}").format(explain=said) if said else _("Yes!"))
        typed = _plain(text)
        found = diagnose(value, typed)
        if found is None and near(value, wanted):
            found = Named("average-inexact", _("{typed} is close: write the fraction "
                                               "exactly.").format(typed=typed))
        if found is None and abs(value - wanted) < Fraction(1, 10):
            found = Named("average-rounded", _("{typed} is close: give the average as a "
                                               "fraction, or as a decimal to two places.").format(
                                                   typed=typed))
        if found is None:
            found = Named("not-the-average", _("{typed} is not the average. Multiply each value "
                                               "by its chance, then add them up.").format(
                                                   typed=typed))
        return Verdict(False, _("Not yet: {why}").format(why=found.why), found.key)

    check.expected = str(answer)  # type: ignore[attr-defined]
    return check


register_diagnoses(DIAGNOSES)

__all__ = ["CLOSE", "DIAGNOSES", "Named", "decimal", "near", "read_value", "value_check"]
