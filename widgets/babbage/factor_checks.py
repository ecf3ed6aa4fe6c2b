"""The check kinds of the lesson *Factors, multiples and primes*: a list of numbers checked, and
the typical wrong answers diagnosed with the Engine's ×÷ rows (a ÷n row drops the remainder).

Each kind is a constructor ``kind(answer, explain="", **options) -> Check`` (the exercise bank's
``check = "factors"`` names it, ``options`` are its keyword arguments); :data:`KINDS` maps the
names to them and importing this module registers them with the bank
(:func:`widgets.lessons.bank.register_check`). The lesson imports :func:`exercise` from here,
so its kinds are known:

>>> exercise("08-factors-multiples-primes", "factors-24").submit("2, 3, 4, 6, 8, 12, 24").message
'Right so far, but 1 is a factor too: 1 × 24 = 24.'

The arithmetic a message shows is a row of the Engine where the Engine has the component (×÷2
to ×÷9, :func:`row`):

>>> factors([1, 2, 3, 6], of=6)("1, 2, 3, 6, 12").message
'Not yet: 12 is a multiple of 6, not a factor: 06 × 2 = 12. A factor of 6 goes into 6 with no \
remainder.'
>>> primes([2, 3, 5, 7], low=1, high=10)("1, 2, 3, 5, 7").message
'Not yet: 1 is not a prime. A prime has exactly two factors, 1 and itself; 1 has only one.'
>>> multiples([42, 48, 54, 60], of=6, low=40, high=60)("3, 42").message
'Not yet: 3 is a factor of 6, not a multiple. A multiple of 6 is 6 × a whole number: 12, 18, 24…'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from lnb import Board, run
from lnb.babbage.errors import LnbError
from lnb.core.i18n import _
from widgets.babbage.exercise import Check, Verdict, numbers, trimmed
from widgets.lessons.bank import exercise, register_kinds

_INT = re.compile(r"(?<!\d)-?\d+")
#: The ×÷ components a token can be (``x/2`` to ``x/9``).
ENGINE_DIVISORS = range(2, 10)


def row(value: int, n: int, function: str = "/") -> tuple[int, str]:
    """``value ÷ n`` (``function`` ``/``) or ``value × n`` (``x``) as one row of the Engine: its
    Result and its arithmetic (the library's, when ×÷n is a component; else written the same
    way). A ÷ row drops the remainder.

    >>> row(58, 6), row(13, 7, "x")
    ((9, '58 ÷ 6 = 09 r 4'), (91, '13 × 7 = 91'))
    >>> row(24, 12)
    (2, '24 ÷ 12 = 02')
    """
    if n in ENGINE_DIVISORS and 0 <= value <= 99 and (function == "/" or value * n <= 99):
        board = Board.of({"A": f"x/{n},+-1,+-2,+-5"})
        try:
            step = run(f"A1{function}", start=value, board=board).rows[0]
            return step.result, step.text
        except LnbError:  # pragma: no cover - the range is checked above
            pass
    if function == "x":
        return value * n, f"{value:02d} × {n} = {value * n:02d}"
    q, r = divmod(value, n)
    if not r:
        return q, f"{value:02d} ÷ {n} = {q:02d}"
    return q, _("{value} ÷ {n} = {q} r {r}").format(value=f"{value:02d}", n=n, q=f"{q:02d}", r=r)


def remainder(value: int, n: int) -> int:
    """What a ÷n row drops from ``value``: ``value`` less the Result × n.

    >>> remainder(58, 6), remainder(54, 6)
    (4, 0)
    """
    return value - row(value, n)[0] * n


def _typed(text: str) -> list[int] | None:
    found = _INT.findall(trimmed(text).replace("−", "-"))
    return sorted({int(v) for v in found}) if found else None


def _with_diagnosis(answer: Iterable[int], explain: str,
                    wrong: Callable[[int], str | None],
                    missing: Callable[[set[int], set[int]], str | None]) -> Check:
    """A check of a set of numbers (:func:`widgets.babbage.exercise.numbers`) whose first wrong
    number is explained by ``wrong(value)`` and whose missing numbers by
    ``missing(given, wanted)`` when they can."""
    wanted = set(answer)
    plain = numbers(sorted(wanted), explain)

    def check(text: str) -> Verdict:
        given = _typed(text)
        if given:
            for value in given:
                if value not in wanted and (why := wrong(value)):
                    return Verdict(False, _("Not yet: {why}").format(why=why))
            if not set(given) - wanted and (why := missing(set(given), wanted)):
                return Verdict(False, why)
        return plain(text)

    check.expected = sorted(wanted)  # type: ignore[attr-defined]
    return check


def factors(answer: Iterable[int], explain: str = "", *, of: int) -> Check:
    """The factors of ``of``. Diagnosed: a multiple given for a factor, a number bigger than
    ``of``, a number that leaves a remainder (its ÷ row shown), 1 or ``of`` itself missing, and
    the partner of a factor pair missing.

    >>> check = factors([1, 2, 3, 4, 6, 8, 12, 24], of=24)
    >>> check("1, 2, 3, 4, 5").message
    'Not yet: 24 ÷ 5 = 04 r 4: a remainder of 4, so 5 is not a factor of 24.'
    >>> check("1, 2, 3, 4, 6, 12, 24").message
    'Right so far, but 3 has a partner: 3 × 8 = 24, so 8 is a factor too.'
    """
    def wrong(value: int) -> str | None:
        if value > of and value % of == 0:
            return _("{value} is a multiple of {of}, not a factor: {row}. A factor of {of} "
                     "goes into {of} with no remainder.").format(
                         value=value, of=of, row=row(of, value // of, "x")[1])
        if value > of or value < 1:
            return _("{value} is not a factor of {of}: a factor of {of} is a whole number from "
                     "1 to {of}.").format(value=value, of=of)
        left = remainder(of, value)
        if left:
            return _("{row}: a remainder of {left}, so {value} is not a factor of {of}.").format(
                row=row(of, value)[1], left=left, value=value, of=of)
        return None

    def missing(given: set[int], wanted: set[int]) -> str | None:
        for end in (1, of):
            if end in wanted and end not in given:
                return _("Right so far, but {end} is a factor too: 1 × {of} = {of}.").format(
                    end=end, of=of)
        for value in sorted(given):
            partner = of // value
            if partner in wanted and partner not in given:
                return _("Right so far, but {value} has a partner: {value} × {partner} = {of}, "
                         "so {partner} is a factor too.").format(value=value, partner=partner,
                                                                of=of)
        return None

    return _with_diagnosis(answer, explain, wrong, missing)


def made_by(value: int) -> tuple[int, int] | None:
    """The smallest ``n`` of the Engine's ×÷ components and the start ``q`` (2 or more) whose
    row ``q × n`` makes ``value``, or None: ``value`` is then 0, 1 or a prime (every other
    number up to 99 has a factor from 2 to 7, as 11 × 11 is more than 99).

    >>> made_by(91), made_by(97), made_by(1)
    ((7, 13), None, None)
    """
    for n in ENGINE_DIVISORS:
        q = value // n
        if q >= 2 and row(q, n, "x")[0] == value:
            return n, q
    return None


def primes(answer: Iterable[int], explain: str = "", *, low: int, high: int) -> Check:
    """The primes from ``low`` to ``high``. Diagnosed: 1 given, a number some ×n row makes
    from a start of 2 or more (that row shown), a number out of the range, 2 missing.

    >>> check = primes([2, 3, 5, 7, 11, 13, 17, 19], low=1, high=20)
    >>> check("2, 3, 5, 7, 9, 11").message
    'Not yet: 9 is not a prime: 03 × 3 = 09, a ×3 row makes it from 3.'
    >>> check("3, 5, 7, 11, 13, 17, 19").message
    'Right so far, but one prime is even: 2. Its only factors are 1 and 2.'
    """
    def wrong(value: int) -> str | None:
        if value == 1:
            return _("1 is not a prime. A prime has exactly two factors, 1 and itself; 1 has "
                     "only one.")
        if not low <= value <= high:
            return _("{value} is not from {low} to {high}.").format(value=value, low=low,
                                                                   high=high)
        found = made_by(value)
        if found is not None:
            n, q = found
            return _("{value} is not a prime: {row}, a ×{n} row makes it from {q}.").format(
                value=value, row=row(q, n, "x")[1], n=n, q=q)
        if value == 0:
            return _("0 is not a prime: every number is a factor of 0.")
        return None

    def missing(given: set[int], wanted: set[int]) -> str | None:
        if 2 in wanted and 2 not in given:
            return _("Right so far, but one prime is even: 2. Its only factors are 1 and 2.")
        return None

    return _with_diagnosis(answer, explain, wrong, missing)


def multiples(answer: Iterable[int], explain: str = "", *, of: int, low: int,
              high: int) -> Check:
    """The multiples of ``of`` from ``low`` to ``high``: the Results of a ×``of`` row.
    Diagnosed: a factor given for a multiple, a number out of the range, a number a ÷ row
    leaves a remainder of (its row shown).

    >>> check = multiples([42, 48, 54, 60], of=6, low=40, high=60)
    >>> check("42, 46").message
    'Not yet: 46 ÷ 6 = 07 r 4: a remainder of 4, so no start × 6 makes 46.'
    """
    examples = ", ".join(str(of * k) for k in (2, 3, 4))

    def wrong(value: int) -> str | None:
        if 0 < value < of and of % value == 0:
            return _("{value} is a factor of {of}, not a multiple. A multiple of {of} is {of} × "
                     "a whole number: {examples}…").format(value=value, of=of, examples=examples)
        if not low <= value <= high:
            return _("{value} is not from {low} to {high}.").format(value=value, low=low,
                                                                   high=high)
        left = remainder(value, of)
        if left:
            return _("{row}: a remainder of {left}, so no start × {of} makes {value}.").format(
                row=row(value, of)[1], left=left, of=of, value=value)
        return None

    return _with_diagnosis(answer, explain, wrong, lambda _given, _wanted: None)


#: The lesson's check kinds, by the name an exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "factors": factors,
    "primes": primes,
    "multiples": multiples,
}


register_kinds(KINDS)

__all__ = ["KINDS", "exercise", "factors", "made_by", "multiples", "primes", "remainder", "row"]
