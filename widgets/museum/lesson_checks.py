"""The museum lessons' check kinds: a whole-number answer checked, and a wrong one diagnosed
from the library (the ways a shape lies, the outcomes of two dice that meet an ability's
condition, a room's squares) or from plain counting of squares and rectangles.

Each kind is a constructor ``kind(answer, explain="", **options) -> Check`` (the exercise
bank's ``check = "museum-…"`` names it, ``options`` are its keyword arguments); :data:`KINDS`
maps the names to them, and importing this module registers them with the bank
(:func:`widgets.lessons.bank.register_check`). A museum lesson imports :func:`exercise` from
here, so its kinds are known:

>>> exercise("museum-chance", "doubles").submit("12").message
'Not yet: 12 counts each double twice. 3-3 turned round is still 3-3: one outcome.'

>>> check = ways(1, shape="##/##")
>>> check("1").correct, check("8").message
(True, 'Not yet: 8 is too many: some ways look the same. r1 (turned 90° clockwise) looks \
the same as r0 (not turned).')
>>> outcomes(6, sums=[7])("3").message
'Not yet: 3 counts 1-6 and 6-1 as one outcome. With a first and a second die they are two.'
>>> largest_area(25, perimeter=20)("24").message
'Not yet: 4 × 6 has a perimeter of 20 and an area of 24. Try a rectangle closer to a square.'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from fractions import Fraction

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, _, ngettext
from lnb.museum.museum import Museum
from lnb.museum.shapes import Orientation, Shape
from widgets.babbage.exercise import Check, Verdict, number, read_number
from widgets.lessons.bank import exercise, register_kinds
from widgets.museum.lesson_views import OUTCOMES, perimeter, polyominoes, room_facts, way_caption

Diagnosis = Callable[[int], "str | None"]


def _diagnosed(expected: int, explain: str, diagnose: Diagnosis) -> Check:
    """A whole-number check whose wrong answers ``diagnose`` explains when it can (else *too
    big* / *too small*)."""
    plain = number(expected, explain)

    def check(text: str) -> Verdict:
        value = read_number(text)
        if value is not None and value != expected:
            why = diagnose(value)
            if why:
                return Verdict(False, _("Not yet: {why}").format(why=why))
        return plain(text)

    check.expected = expected  # type: ignore[attr-defined]
    return check


# -- turning and flipping --------------------------------------------------------------------

def ways(answer: int, explain: str = "", *, shape: str) -> Check:
    """How many different ways ``shape`` lies (:meth:`Shape.orientations`). Too many: the
    first way that looks like an earlier one is named; the turns only: the flips are missing.

    >>> ways(4, shape=".##/##.")("2").message
    'Not yet: 2 counts the turns only. Flipped, this shape lies 2 new ways too.'
    """
    piece = Shape.parse(shape)
    total = len(piece.orientations())
    turned = len({piece.oriented(o).cells for o in Orientation.all() if not o.flipped})

    def diagnose(value: int) -> str | None:
        if value > 8:
            return _("a shape can lie at most 8 ways: 4 turns, each with or without a flip.")
        if value > total:
            seen: dict[frozenset, Orientation] = {}
            for o in Orientation.all():
                first = seen.setdefault(piece.oriented(o).cells, o)
                if first != o:
                    return _("{value} is too many: some ways look the same. {way} ({caption}) "
                             "looks the same as {first} ({first_caption}).").format(
                        value=value, way=o, caption=way_caption(o), first=first,
                        first_caption=way_caption(first))
        if value == turned < total:
            return _("{value} counts the turns only. Flipped, this shape lies {more} new ways "
                     "too.").format(value=value, more=total - turned)
        if 0 < value < total:
            return _("{value} is too few: draw it after each quarter turn, then flipped, and "
                     "count the ways that look new.").format(value=value)
        return None

    return _diagnosed(answer, explain, diagnose)


def symmetry(shape: Shape | str) -> tuple[int, int]:
    """A shape's lines of symmetry (the flips that leave it as it was) and its order of
    rotational symmetry (the turns of 0°, 90°, 180° and 270° that do).

    >>> symmetry("##/##"), symmetry(".##/##."), symmetry("###/.#.")
    ((4, 4), (0, 2), (1, 1))
    """
    piece = Shape.parse(shape) if isinstance(shape, str) else shape
    same = [o for o in Orientation.all() if piece.oriented(o).cells == piece.cells]
    return sum(1 for o in same if o.flipped), sum(1 for o in same if not o.flipped)


def symmetry_count(answer: int, explain: str = "", *, shape: str, kind: str = "lines"
                   ) -> Check:
    """A shape's lines of symmetry (``kind="lines"``) or order of rotational symmetry
    (``kind="turns"``): the other count, the ways it lies, and (for lines) the two diagonals
    of a square left out are diagnosed.

    >>> symmetry_count(4, shape="##/##")("2").message
    'Not yet: 2 counts the lines across the middle. The two diagonals are mirror lines too.'
    >>> symmetry_count(0, shape=".##/##.")("2").message
    'Not yet: 2 is its order of rotational symmetry: half a turn leaves it the same. Is there a \
mirror line that does?'
    """
    piece = Shape.parse(shape)
    lines, turns = symmetry(piece)
    ways_ = len(piece.orientations())

    def diagnose(value: int) -> str | None:
        if kind == "lines":
            if value == turns != lines:
                return _("{value} is its order of rotational symmetry: half a turn leaves it the "
                         "same. Is there a mirror line that does?").format(value=value) \
                    if turns == 2 else _("{value} counts the turns that leave it the same. A "
                                         "line of symmetry is a mirror line.").format(value=value)
            if lines == 4 and value == 2:
                return _("{value} counts the lines across the middle. The two diagonals are "
                         "mirror lines too.").format(value=value)
        elif value == lines != turns:
            return _("{value} counts its mirror lines. The order of rotational symmetry counts "
                     "the turns (0°, 90°, 180°, 270°) after which it looks the same.").format(
                value=value)
        elif turns == 1 and value == 0:
            return _("a shape always looks the same after a turn of 0° (or a whole turn): the "
                     "order is at least 1.")
        if value == ways_ and ways_ not in (lines, turns):
            return _("{value} is how many different ways it lies. Symmetry counts the turns or "
                     "flips that leave it looking the same.").format(value=value)
        return None

    return _diagnosed(answer, explain, diagnose)


def count_polyominoes(answer: int, explain: str = "", *, size: int, kind: str = "free"
                      ) -> Check:
    """How many free (or fixed) polyominoes of ``size`` squares there are; the other count,
    the one-sided count and "every shape lies 8 ways" are diagnosed.

    >>> count_polyominoes(5, size=4)("19").message
    'Not yet: 19 counts the fixed ones: a shape turned or flipped is counted again.'
    >>> count_polyominoes(19, size=4, kind="fixed")("40").message
    'Not yet: not every shape lies 8 ways: a shape with symmetry lies fewer.'
    """
    free, fixed = polyominoes(size)
    one_sided = len({min((s.oriented(o) for o in Orientation.all() if not o.flipped),
                         key=lambda t: t.text) for s in fixed})

    def diagnose(value: int) -> str | None:
        if kind == "free" and value == len(fixed):
            return _("{value} counts the fixed ones: a shape turned or flipped is counted "
                     "again.").format(value=value)
        if kind == "free" and value == one_sided:
            return _("{value} counts a shape and its mirror image as two. A flip makes them the "
                     "same free shape.").format(value=value)
        if kind == "fixed" and value == len(free):
            return _("{value} counts each shape once. A fixed one may not be turned or flipped, "
                     "so each way a shape lies counts.").format(value=value)
        if kind == "fixed" and value in (8 * len(free), 4 * len(free)):
            return _("not every shape lies 8 ways: a shape with symmetry lies fewer.")
        return None

    return _diagnosed(answer, explain, diagnose)


# -- area and perimeter ----------------------------------------------------------------------

def _measures(area: int, edge: int, width: int, height: int, value: int) -> str | None:
    """What a wrong area or perimeter ``value`` may be of a shape of ``area`` squares,
    ``edge`` square sides round it, inside a ``width`` × ``height`` rectangle."""
    if value == area:
        return _("{value} is the area: the squares it covers. The perimeter counts the square "
                 "sides all the way round its edge.").format(value=value)
    if value == 4 * area and area > 1:
        return _("{value} counts all 4 sides of every square, also where two squares touch. "
                 "Those sides are inside the shape, not on its edge.").format(value=value)
    if 2 * value == edge:
        return _("{value} is half the way round. Go all the way round the edge.").format(
            value=value)
    return None


def shape_perimeter(answer: int, explain: str = "", *, shape: str) -> Check:
    """The perimeter of ``shape`` (in square sides): its area, every side of every square or
    half the way round are diagnosed.

    >>> shape_perimeter(12, shape="#####")("5").message
    'Not yet: 5 is the area: the squares it covers. The perimeter counts the square sides all \
the way round its edge.'
    """
    piece = Shape.parse(shape)
    edge = perimeter(piece.cells)
    return _diagnosed(answer, explain, lambda value: _measures(
        piece.size, edge, piece.width, piece.height, value))


def room_measure(answer: int, explain: str = "", *, room: str, measure: str = "area",
         museum: Museum | None = None) -> Check:
    """A room's ``measure`` (``area``, ``perimeter`` or ``to_fill``, as
    :func:`~widgets.museum.lesson_views.room_facts` gives it), wrong answers diagnosed.

    >>> room_measure(25, room="fibonacci")("30").message
    'Not yet: 30 is the whole 6 × 5 rectangle around the room. Take away the squares that are \
not in it.'
    >>> room_measure(13, room="pascal", measure="to_fill")("14").message
    'Not yet: 14 is the whole room. Its 1 evidence square is filled already.'
    """
    facts = next((f for f in room_facts(museum) if f["id"] == room), None)
    if facts is None:
        known = tuple(f["id"] for f in room_facts(museum))
        raise BadInputError(N_("no room {text!r} in the museum: choose one of {choices}"),
                            text=room, choices=", ".join(known), expected=known,
                            reason="unknown-room")
    width, height = facts["width"], facts["height"]

    def diagnose(value: int) -> str | None:
        if measure == "to_fill":
            if value == facts["area"]:
                return ngettext("{value} is the whole room. Its {count} evidence square is filled "
                                "already.", "{value} is the whole room. Its {count} evidence "
                                "squares are filled already.", facts["evidence"]).format(
                    value=value, count=facts["evidence"])
            if value == facts["area"] + facts["evidence"]:
                return _("take the evidence squares away from the area; do not add them.")
            return None
        if measure == "area":
            if value == width * height:
                return _("{value} is the whole {width} × {height} rectangle around the room. "
                         "Take away the squares that are not in it.").format(
                    value=value, width=width, height=height)
            if value == facts["perimeter"]:
                return _("{value} is the perimeter: the sides round its edge. The area counts "
                         "the squares inside.").format(value=value)
            if value == facts["to_fill"]:
                return _("{value} leaves out the evidence squares. They are part of the room's "
                         "area too.").format(value=value)
            if value == width + height:
                return _("{value} adds the length and the width. An area multiplies them: "
                         "{width} × {height} for the whole rectangle.").format(
                    value=value, width=width, height=height)
            return None
        if value == width * height:
            return _("{value} is the area of the rectangle around the room. The perimeter "
                     "counts the sides round its edge.").format(value=value)
        return _measures(facts["area"], facts["perimeter"], width, height, value)

    return _diagnosed(answer, explain, diagnose)


def rectangles(*, perimeter: int | None = None, area: int | None = None
               ) -> list[tuple[int, int]]:
    """The rectangles of whole squares (length ≥ width) with that perimeter or that area.

    >>> rectangles(perimeter=12), rectangles(area=12)
    ([(5, 1), (4, 2), (3, 3)], [(12, 1), (6, 2), (4, 3)])
    """
    if perimeter is not None:
        half = perimeter // 2
        return [(half - w, w) for w in range(1, half // 2 + 1)] if perimeter % 2 == 0 else []
    assert area is not None
    return [(area // w, w) for w in range(1, int(area ** 0.5) + 1) if area % w == 0]


def largest_area(answer: int, explain: str = "", *, perimeter: int) -> Check:
    """The largest area of a rectangle with this ``perimeter``: the area of another rectangle
    of that perimeter, length + width, and a square that is not whole are diagnosed."""
    found = rectangles(perimeter=perimeter)

    def diagnose(value: int) -> str | None:
        for length, width in found:
            if length * width == value:
                return _("{width} × {length} has a perimeter of {perimeter} and an area of "
                         "{value}. Try a rectangle closer to a square.").format(
                    width=width, length=length, perimeter=perimeter, value=value)
        if value == perimeter // 2:
            return _("{value} is the length plus the width. The area is the length times the "
                     "width.").format(value=value)
        if value == perimeter:
            return _("{value} is the perimeter. The area counts the squares inside.").format(
                value=value)
        return None

    return _diagnosed(answer, explain, diagnose)


def smallest_perimeter(answer: int, explain: str = "", *, area: int) -> Check:
    """The smallest perimeter of a rectangle covering ``area`` squares; the perimeter of
    another such rectangle and half the way round are diagnosed.

    >>> smallest_perimeter(20, area=24)("28").message
    'Not yet: 2 × 12 covers 24 squares with a perimeter of 28. Try a rectangle closer to a \
square.'
    """
    found = rectangles(area=area)

    def diagnose(value: int) -> str | None:
        for length, width in found:
            if 2 * (length + width) == value:
                return _("{width} × {length} covers {area} squares with a perimeter of "
                         "{value}. Try a rectangle closer to a square.").format(
                    width=width, length=length, area=area, value=value)
            if length + width == value:
                return _("{value} is half the way round {width} × {length}. Go all the way "
                         "round.").format(value=value, width=width, length=length)
        if value == area:
            return _("{value} is the area. The perimeter counts the sides round the "
                     "edge.").format(value=value)
        return None

    return _diagnosed(answer, explain, diagnose)


# -- two dice --------------------------------------------------------------------------------

def event(*, doubles: bool = False, consecutive: bool = False, sums: Sequence[int] = (),
          evidence: str | None = None, museum: Museum | None = None
          ) -> Callable[[int, int], bool]:
    """The condition two dice must meet: doubles, consecutive values, one of ``sums``, or a
    piece of evidence's ability (the library's :meth:`accepts`).

    >>> sum(1 for a, b in OUTCOMES if event(evidence="teapot")(a, b))
    16
    """
    if evidence is not None:
        return (museum or Museum.standard()).evidence_by_id(evidence).ability.accepts
    if doubles:
        return lambda a, b: a == b
    if consecutive:
        return lambda a, b: abs(a - b) == 1
    wanted = set(sums)
    return lambda a, b: a + b in wanted


def outcomes(answer: int, explain: str = "", *, doubles: bool = False,
             consecutive: bool = False, sums: Sequence[int] = (), evidence: str | None = None
             ) -> Check:
    """How many of the 36 outcomes of two dice meet a condition (:func:`event`). Counting a
    pair like 2-5 once, a double twice, the sums instead of outcomes, or 6 and 1 as
    consecutive is diagnosed.

    >>> outcomes(6, doubles=True)("12").message
    'Not yet: 12 counts each double twice. 3-3 turned round is still 3-3: one outcome.'
    >>> outcomes(10, consecutive=True)("12").message
    'Not yet: 6 and 1 are not consecutive here. Leave out 6-1 and 1-6.'
    """
    condition = event(doubles=doubles, consecutive=consecutive, sums=sums, evidence=evidence)
    met = [(a, b) for a, b in OUTCOMES if condition(a, b)]
    unordered = [(a, b) for a, b in met if a <= b]
    pair = next(((a, b) for a, b in unordered if a < b), None)
    doubles_met = [a for a, b in unordered if a == b]
    double = doubles_met[(len(doubles_met) - 1) // 2] if doubles_met else None
    distinct_sums = {a + b for a, b in met}

    def diagnose(value: int) -> str | None:
        if value > 36:
            return _("two dice have only 36 outcomes.")
        if pair is not None and value == len(unordered):
            return _("{value} counts {a}-{b} and {b}-{a} as one outcome. With a first and a "
                     "second die they are two.").format(value=value, a=pair[0], b=pair[1])
        if double is not None and value == 2 * len(unordered):
            return _("{value} counts each double twice. {d}-{d} turned round is still {d}-{d}: "
                     "one outcome.").format(value=value, d=double)
        if consecutive and value == len(met) + 2:
            return _("6 and 1 are not consecutive here. Leave out 6-1 and 1-6.")
        if len(distinct_sums) > 1 and value == len(distinct_sums) and not doubles:
            return _("{value} counts the sums. Each sum comes from several outcomes: count "
                     "those.").format(value=value)
        return None

    return _diagnosed(answer, explain, diagnose)


_CHINESE_FRACTION = re.compile(r"^(\d+)\s*分之\s*(\d+)$")


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().strip("。.").replace(" ", "")


def read_chance(text: str) -> tuple[Fraction, str, tuple[int, int] | None] | None:
    """A chance typed as a fraction (``4/9``, ``9分之4``), a decimal (``0.44``) or a
    percentage (``44%``): its value, which of the three it was written as, and for a fraction
    its top and bottom as typed; None if it is none of them.

    >>> read_chance("16/36"), read_chance("9分之4")[2], read_chance("44%")
    ((Fraction(4, 9), 'fraction', (16, 36)), (4, 9), (Fraction(11, 25), 'percent', None))
    """
    typed = _plain(text)
    if (m := _CHINESE_FRACTION.match(typed)) and int(m.group(1)):
        top, bottom = int(m.group(2)), int(m.group(1))
        return Fraction(top, bottom), "fraction", (top, bottom)
    if (m := re.fullmatch(r"(\d+)/(\d+)", typed)) and int(m.group(2)):
        top, bottom = int(m.group(1)), int(m.group(2))
        return Fraction(top, bottom), "fraction", (top, bottom)
    if re.fullmatch(r"\d+(\.\d+)?%", typed):
        return Fraction(typed[:-1]) / 100, "percent", None
    if re.fullmatch(r"\d*\.\d+|\d+", typed):
        return Fraction(typed), "decimal", None
    return None


def fraction(answer: str, explain: str = "", *, out_of: int = 36) -> Check:
    """A chance as a fraction in its simplest form (``answer``, e.g. ``"4/9"``; ``9分之4``
    is the same): the same fraction not simplified, the count alone, the chance as a decimal
    or a percentage, a fraction upside down and more than 1 are diagnosed.

    >>> check = fraction("4/9")
    >>> check("4/9").correct, check("9分之4").correct, check(" 16/36 ").message
    (True, True, 'Not yet: 16/36 is right, but not in its simplest form: divide the top and \
the bottom by 4.')
    >>> check("0.44").message
    'Not yet: 0.44 is about the right chance, as a decimal. Write it as a fraction, like 2/3.'
    """
    wanted = Fraction(answer)
    example = "2/3" if wanted != Fraction(2, 3) else "3/4"

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, _("Type your answer first."))
        read = read_chance(text)
        if read is None:
            return Verdict(False, _("Type a fraction, like {example}.").format(example=example))
        value, kind, parts = read
        if parts == (wanted.numerator, wanted.denominator):
            said = str(explain).strip()
            return Verdict(True, _("Yes! {explain}").format(explain=said) if said else _("Yes!"))
        return Verdict(False, _("Not yet: {why}").format(why=diagnose(value, kind, parts,
                                                                    _plain(text))))

    def diagnose(value: Fraction, kind: str, parts: tuple[int, int] | None, typed: str) -> str:
        if parts is not None and value == wanted:
            return _("{typed} is right, but not in its simplest form: divide the top and the "
                     "bottom by {factor}.").format(typed=typed,
                                                   factor=parts[0] // wanted.numerator)
        if kind == "decimal" and value == wanted * out_of:
            return _("{typed} counts the outcomes. A chance is that count out of all "
                     "{total}.").format(typed=typed, total=out_of)
        if kind == "decimal" and abs(value - wanted) < Fraction(1, 100):
            return _("{typed} is about the right chance, as a decimal. Write it as a fraction, "
                     "like {example}.").format(typed=typed, example=example)
        if kind == "percent" and abs(value - wanted) < Fraction(1, 100):
            return _("{typed} is about the right chance, as a percentage. Write it as a "
                     "fraction, like {example}.").format(typed=typed, example=example)
        if value > 1 and 1 / value == wanted:
            return _("{typed} is upside down: the outcomes that unlock it go on top, all the "
                     "outcomes underneath.").format(typed=typed)
        if value > 1:
            return _("a chance is never more than 1: it cannot happen more often than "
                     "always.")
        return _("{typed} is not it. Count the outcomes that unlock it and put them over "
                 "all {total}.").format(typed=typed, total=out_of)

    check.expected = answer  # type: ignore[attr-defined]
    return check


#: The museum's check kinds, by the name an exercise bank gives them.
KINDS: dict[str, Callable[..., Check]] = {
    "museum-ways": ways,
    "museum-polyominoes": count_polyominoes,
    "museum-symmetry": symmetry_count,
    "museum-perimeter": shape_perimeter,
    "museum-room": room_measure,
    "museum-largest-area": largest_area,
    "museum-smallest-perimeter": smallest_perimeter,
    "museum-outcomes": outcomes,
    "museum-fraction": fraction,
}


register_kinds(KINDS)

__all__ = [
    "KINDS",
    "count_polyominoes",
    "event",
    "exercise",
    "fraction",
    "largest_area",
    "outcomes",
    "read_chance",
    "rectangles",
    "room_measure",
    "shape_perimeter",
    "smallest_perimeter",
    "symmetry",
    "symmetry_count",
    "ways",
]
