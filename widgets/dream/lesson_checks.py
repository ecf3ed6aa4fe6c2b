"""The checks of Ada's Dream's lessons: a pupil's answer about the Mill's Programs judged, and a
wrong one diagnosed, by asking :mod:`lnb.dream.mill` (``equation``, ``satisfies``,
``count_ways``); no rule is decided here.

Each check kind is a bank kind (``widgets/lessons/exercises/dream-mill.toml`` names it):

- ``dream-face``: the face that completes a line (``options.card``, ``options.dice`` with 0
  for the empty cell);
- ``dream-order``: the same three dice put in an order that makes a card true;
- ``dream-count``: how many of the rolls make a card true, in the order rolled
  (``options.order = "some"``: in the best order of the three dice);
- ``dream-card``: the card that scores the least Prestige on average;
- ``dream-mill``: a whole Mill (nine faces, row by row) whose Programs' lines must be true.

>>> check = count_check("p05", 14)
>>> check("14").correct, check("15").message
(True, 'Not yet: 15 is how many rolls make a + b = c true.')
>>> check("8").message
'Not yet: 8 counts 1, 2, 2 and 2, 1, 2 as one roll, but they are two different rolls: the \
first die is a, the second b.'
>>> face_check("p03", [0, 2, 3], 5)("1").message
'Not yet: 1 − 2 = 3 is false. In another order these dice make it true, but a line is read \
in its order: a is its first cell.'
>>> mill_check({"A": "p01", "1": "p05"}, None)("2 4 6 / 2 . . / 4 . .").correct
True
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, _, ngettext
from lnb.dream.dice import Die
from lnb.dream.edition import Colour, Edition, ProgramCard
from lnb.dream.mill import (
    CELLS,
    LINES,
    ROWS,
    LineEquation,
    Status,
    count_ways,
    equation,
    line_cells,
    rule_text,
    satisfies,
)
from widgets.babbage.exercise import EMPTY, Check, Verdict, read_number, trimmed
from widgets.core.relabel import Text, text_of

#: The die colour of a face typed by a pupil (the lessons' cards count faces, not colours).
FACE_COLOUR = Colour.GREY
FACES = range(1, 7)


#: The edition whose Program cards the Mill lesson counts: named, not the default, since the
#: lesson's text and its bank's answers quote this edition's Prestige (``a = b = c``, 7).
LESSON_EDITION = "classroom"


@lru_cache(maxsize=1)
def edition() -> Edition:
    """The lesson's edition, :data:`LESSON_EDITION` (read once).

    >>> edition().name, edition().program("p13").prestige
    ('classroom', 7)
    """
    return Edition.load(LESSON_EDITION)


def card(card_id: str) -> ProgramCard:
    """The edition's Program ``card_id`` (``p05``)."""
    return edition().program(card_id)


def dice(faces: Iterable[int | None]) -> tuple[Die | None, ...]:
    """Dice of the lessons' colour for faces (0 or None: an empty cell)."""
    return tuple(Die(FACE_COLOUR, f) if f else None for f in faces)


def untrue(card_id: str, answer: object, found: object) -> BadInputError:
    """The error of a bank answer the library does not find true for its card.

    >>> print(untrue("p05", 15, 14))
    the answer 15 is not what card p05 gives: the library finds 14
    """
    return BadInputError(N_("the answer {text} is not what card {value} gives: the library "
                            "finds {expected}"), text=answer, value=card_id, expected=found,
                         reason="answer-not-true")


def _yes(explain: Text | None) -> str:
    said = text_of(explain).strip()
    return _("Yes! {explain}").format(explain=said) if said else _("Yes!")


def _not_yet(why: str) -> Verdict:
    return Verdict(False, _("Not yet: {why}").format(why=why))


def ways_by_first_die(program: ProgramCard) -> dict[int, int]:
    """How many rolls in order make the card true, for each face of the first die.

    >>> ways_by_first_die(card("p05"))
    {1: 6, 2: 3, 3: 2, 4: 1, 5: 1, 6: 1}
    """
    return {a: sum(satisfies(program, dice((a, b, c)))  # type: ignore[arg-type]
                   for b, c in itertools.product(FACES, repeat=2)) for a in FACES}


def some_order_ways(program: ProgramCard) -> int:
    """How many of the 216 rolls can be put in some order that makes the card true.

    >>> some_order_ways(card("p01")), some_order_ways(card("p03")), some_order_ways(card("p11"))
    (45, 45, 120)
    """
    return sum(any(satisfies(program, order) for order in itertools.permutations(dice(faces)))
               for faces in itertools.product(FACES, repeat=3))


def _swapped_pair(program: ProgramCard) -> tuple[int, int, int] | None:
    """A roll a, b, c (a < b) that is true, and whose b, a, c is true too (2, 3, 6 for ×)."""
    for a, b, c in itertools.product(FACES, repeat=3):
        if a < b and satisfies(program, dice((a, b, c))) and satisfies(  # type: ignore[arg-type]
                program, dice((b, a, c))):  # type: ignore[arg-type]
            return a, b, c
    return None


def _unordered_count(program: ProgramCard) -> int:
    """The count of a pupil who takes a, b in one order only (a ≤ b)."""
    return sum(satisfies(program, dice((a, b, c)))  # type: ignore[arg-type]
               for a, b, c in itertools.product(FACES, repeat=3) if a <= b)


def count_check(card_id: str, expected: int, explain: Text | None = None,
                order: str = "rolled") -> Check:
    """How many rolls make the card true (``order="some"``: in some order of the dice).

    The expected count is the library's (a bank whose answer disagrees is refused at once):

    >>> count_check("p03", 45, order="some")("15").message
    'Not yet: 15 rolls make a − b = c true in the order they are rolled; you may choose the \
order, so more rolls work.'
    """
    program = card(card_id)
    in_order, total = count_ways(program)
    exact = some_order_ways(program) if order == "some" else in_order
    if exact != expected:
        raise untrue(card_id, expected, exact)
    by_first = ways_by_first_die(program)
    others = {count_ways(c)[0]: c for c in reversed(edition().programs)
              if c.rule is not program.rule and count_ways(c)[1] == total}

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        value = read_number(text)
        if value is None:
            return Verdict(False, _("Type a whole number of rolls."))
        if value == exact:
            return Verdict(True, _yes(explain))
        rule = str(rule_text(program))
        if value == total:
            return _not_yet(_("{total} is every roll of three dice; how many of them make "
                              "{rule} true?").format(total=total, rule=rule))
        if value > total:
            return _not_yet(_("three dice have only {total} rolls in all.").format(total=total))
        if order == "some":
            if value == in_order:
                return _not_yet(_("{value} rolls make {rule} true in the order they are "
                                  "rolled; you may choose the order, so more rolls work."
                                  ).format(value=value, rule=rule))
        else:
            pair = _swapped_pair(program)
            if pair is not None and value == _unordered_count(program):
                a, b, c = pair
                return _not_yet(_("{value} counts {a}, {b}, {c} and {b}, {a}, {c} as one roll, "
                                  "but they are two different rolls: the first die is a, the "
                                  "second b.").format(value=value, a=a, b=b, c=c))
            running = 0
            for first in FACES[:-1]:
                running += by_first[first]
                if value == running and any(by_first[f] for f in FACES if f > first):
                    counted = (_("{value} is the count for a = 1 only.") if first == 1 else
                               _("{value} is the count for a = 1 to {first}."))
                    return _not_yet(counted.format(value=value, first=first) + " " + _(
                        "Is there any way with a = {next}?").format(next=first + 1))
            if value in others:
                return _not_yet(_("{value} is how many rolls make {rule} true.").format(
                    value=value, rule=str(rule_text(others[value]))))
        if value > exact:
            return _not_yet(_("{value} is too many.").format(value=value))
        return _not_yet(_("{value} is too few.").format(value=value))

    return check


def line_text(found: LineEquation) -> str:
    """A line's equation as the library writes it."""
    return str(found.text)


def face_check(card_id: str, faces: Sequence[int], expected: int,
               explain: Text | None = None) -> Check:
    """The face that makes a line of ``faces`` (0: the empty cell) true under the card."""
    program = card(card_id)
    gap = list(faces).index(0)

    def filled(face: int) -> tuple[Die | None, ...]:
        return dice([face if i == gap else f for i, f in enumerate(faces)])

    if not satisfies(program, filled(expected)):  # type: ignore[arg-type]
        raise untrue(card_id, expected, [f for f in FACES if satisfies(program, filled(f))])  # type: ignore[arg-type]

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        value = read_number(text)
        if value is None:
            return Verdict(False, _("Type the face of a die, a number from 1 to 6."))
        if value not in FACES:
            return _not_yet(_("a die shows 1 to 6, never {value}.").format(value=value))
        found = equation(program, filled(value))
        if found.status is Status.TRUE:
            return Verdict(True, _yes(explain))
        why = _("{equation} is false.").format(equation=line_text(found))
        if any(satisfies(program, order) for order in itertools.permutations(filled(value))):
            why += " " + _("In another order these dice make it true, but a line is read in "
                           "its order: a is its first cell.")
        return _not_yet(why)

    return check


_INT = re.compile(r"\d+")


def order_check(card_id: str, faces: Sequence[int], explain: Text | None = None) -> Check:
    """The three ``faces`` in an order (typed ``5 3 2``) that makes the card true."""
    program = card(card_id)
    wanted = sorted(faces)
    if not any(satisfies(program, order) for order in itertools.permutations(dice(faces))):
        raise untrue(card_id, list(faces), [])
    listed = ", ".join(str(f) for f in wanted)

    def check(text: str) -> Verdict:
        if not text.strip():
            return Verdict(False, str(EMPTY))
        typed = [int(v) for v in _INT.findall(trimmed(text))]
        if len(typed) != 3:
            return Verdict(False, _("Type the three dice in their order, separated by spaces."))
        if sorted(typed) != wanted:
            return _not_yet(_("use the same three dice: {faces}.").format(faces=listed))
        found = equation(program, dice(typed))
        if found.status is Status.TRUE:
            return Verdict(True, _yes(explain))
        return _not_yet(_("{equation} is false.").format(equation=line_text(found)))

    return check


def average_prestige(program: ProgramCard) -> float:
    """The Prestige a card scores on average from a line of random dice.

    >>> round(average_prestige(card("p13")), 3)
    0.194
    """
    ways, total = count_ways(program)
    return program.prestige * ways / total


def least_card_check(explain: Text | None = None) -> Check:
    """The card (typed by its name, ``p07``) with the least Prestige on average."""
    programs = {c.id: c for c in edition().programs}
    least = min(average_prestige(c) for c in programs.values())

    def check(text: str) -> Verdict:
        typed = trimmed(text).replace(" ", "")
        if not typed:
            return Verdict(False, str(EMPTY))
        if typed not in programs:
            return _not_yet(_("{text} is no card's name: type a p and its number, as the "
                              "table writes it.").format(text=text.strip()))
        chosen = programs[typed]
        if average_prestige(chosen) <= least + 1e-9:
            return Verdict(True, _yes(explain))
        ways, total = count_ways(chosen)
        return _not_yet(_("{card} ({rule}) scores {prestige} × {ways}/{total} ≈ {average} "
                          "Prestige on average; another card scores less.").format(
                              card=chosen.id, rule=str(rule_text(chosen)),
                              prestige=chosen.prestige, ways=ways, total=total,
                              average=f"{average_prestige(chosen):.2f}"))

    return check


# -- a whole Mill --------------------------------------------------------------------------


@dataclass(frozen=True)
class LineReport:
    """One line of a pupil's Mill with its Program: the library's equation, and the cells
    that could make a false line true each by itself."""

    equation: LineEquation
    fixes: tuple[str, ...]

    @property
    def status(self) -> Status:
        return self.equation.status


def read_mill(text: str) -> dict[str, int | None] | None:
    """The nine cells of a Mill typed row by row (``2 4 6 / 2 . . / 4 . .``; ``.``, ``□`` or
    ``0``: empty), or None when it is not nine cells.

    >>> read_mill("1 2 3 / 4 5 6 / . . 6")["C1"], read_mill("1 2")
    (None, None)
    """
    tokens = re.findall(r"[1-6]|[0.□_-]", text)
    if len(tokens) != len(CELLS):
        return None
    return {cell: int(t) if t.isdigit() and t != "0" else None
            for cell, t in zip(CELLS, tokens, strict=True)}


def mill_text(faces: Mapping[str, int | None]) -> str:
    """A Mill as :func:`read_mill` reads it.

    >>> mill_text({"A1": 2, "C3": 4})
    '2 . . / . . . / . . 4'
    """
    return " / ".join(" ".join(str(faces.get(f"{r}{c}") or ".") for c in "123") for r in ROWS)


def mill_report(lines: Mapping[str, str], faces: Mapping[str, int | None]
                ) -> list[tuple[str, LineReport]]:
    """Each line with a Program (``lines``: line → card id), in the Mill's order, as the
    library judges it."""
    found = []
    for line in LINES:
        if line not in lines:
            continue
        program = card(lines[line])
        cells = line_cells(line)
        now = [faces.get(cell) for cell in cells]
        eq = equation(program, dice(now), line)
        fixes: list[str] = []
        if eq.status is Status.FALSE and all(now):
            for i, cell in enumerate(cells):
                for face in FACES:
                    tried = dice([face if j == i else f for j, f in enumerate(now)])
                    if satisfies(program, tried):  # type: ignore[arg-type]
                        fixes.append(cell)
                        break
        found.append((line, LineReport(eq, tuple(fixes))))
    return found


def line_name(line: str) -> str:
    """``A`` → row A; ``1`` → column 1."""
    return (_("row {line}") if line in ROWS else _("column {line}")).format(line=line)


def why_words(report: LineReport) -> str:
    """Why a line stands as it does, in words."""
    if report.status is Status.TRUE:
        return _("true")
    if report.status is Status.NOT_YET:
        return _("not yet: some dice in its empty cells would make it true")
    if not all(report.equation.dice):
        return _("false: no dice in its empty cells can make it true any more")
    if report.fixes:
        return _("false: another face in {cells} alone could make it true").format(
            cells=_(" or ").join(report.fixes))
    return _("false: more than one of its dice must change")


def mill_check(lines: Mapping[str, str], expected: Sequence[Sequence[int]] | None,
               explain: Text | None = None) -> Check:
    """A whole Mill, typed row by row, whose lines with a Program must all be true."""
    if expected is not None:
        faces = dict(zip(CELLS, [f for row in expected for f in row], strict=True))
        bad = [line for line, r in mill_report(lines, faces) if r.status is not Status.TRUE]
        if bad:
            raise untrue(", ".join(lines[line] for line in bad), list(expected),
                         [f"{line}: {r.status.value}" for line, r in mill_report(lines, faces)
                          if r.status is not Status.TRUE])

    def check(text: str) -> Verdict:
        faces = read_mill(text)
        if faces is None:
            return Verdict(False, _("Fill the Mill: a face from 1 to 6 in each cell."))
        if not any(faces.values()):
            return Verdict(False, _("Choose the faces of the Mill's cells first."))
        report = mill_report(lines, faces)
        true = sum(r.status is Status.TRUE for _line, r in report)
        if true == len(report):
            return Verdict(True, _yes(explain))
        return _not_yet(ngettext("{true} of the {count} equation is true.",
                                 "{true} of the {count} equations are true.",
                                 len(report)).format(true=true, count=len(report)))

    return check


def report_lines(lines: Mapping[str, str], faces: Mapping[str, int | None]) -> list[str]:
    """Each Program's line in words: ``row A: 2 + 4 = 6 — true``."""
    return [_("{line}: {equation} — {why}").format(line=line_name(line),
                                                   equation=line_text(r.equation),
                                                   why=why_words(r))
            for line, r in mill_report(lines, faces)]


__all__ = ["LineReport", "average_prestige", "count_check", "face_check", "least_card_check",
           "mill_check", "mill_report", "mill_text", "order_check", "read_mill", "report_lines",
           "some_order_ways", "ways_by_first_die"]
