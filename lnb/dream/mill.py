"""The Mill: a 3×3 grid of dice whose lines are equations, and the Programs that score them.

Cells are named like the kit's board: a row letter and a column number (``A1`` top left, ``C3``
bottom right). A *line* is a row (``A``, ``B``, ``C``, read left to right) or a column (``1``,
``2``, ``3``, read downwards). A Program punch card beside a line scores its Prestige when the
line is full and its three dice satisfy the card; until then the line is an equation that is
*not yet* true (it still can be) or *false* (no dice can make it true any more).

>>> from lnb.dream.edition import Colour, ProgramCard, Rule
>>> card = ProgramCard("p01", Rule.SUM, None, 5)
>>> y = Colour.YELLOW
>>> print(equation(card, (Die(y, 2), Die(y, 3), None)).text)
2 + 3 = □
>>> equation(card, (Die(y, 2), Die(y, 3), None)).status
<Status.NOT_YET: 'not yet'>
>>> equation(card, (Die(y, 2), Die(y, 3), Die(y, 5))).status
<Status.TRUE: 'true'>
>>> equation(card, (Die(y, 5), Die(y, 3), None)).status  # 5 + 3 = 8 is no die
<Status.FALSE: 'false'>
>>> count_ways(card)
(15, 216)
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.dream.dice import Die, colour_name
from lnb.dream.edition import Colour, ProgramCard, Rule

ROWS = ("A", "B", "C")
COLUMNS = ("1", "2", "3")
#: The nine cells, row by row.
CELLS = tuple(f"{r}{c}" for r in ROWS for c in COLUMNS)
#: The six lines: three rows, then three columns.
LINES = (*ROWS, *COLUMNS)
EMPTY = "□"


def line_cells(line: str) -> tuple[str, str, str]:
    """The cells of a line, in reading order.

    >>> line_cells("B"), line_cells("3")
    (('B1', 'B2', 'B3'), ('A3', 'B3', 'C3'))
    """
    if line in ROWS:
        return tuple(f"{line}{c}" for c in COLUMNS)  # type: ignore[return-value]
    return tuple(f"{r}{line}" for r in ROWS)  # type: ignore[return-value]


def lines_through(cell: str) -> tuple[str, str]:
    """The row and the column a cell is on.

    >>> lines_through("B3")
    ('B', '3')
    """
    return cell[0], cell[1]


class Status(enum.Enum):
    """How a Program's line stands: true (full and satisfied), not yet, or false."""

    TRUE = "true"
    NOT_YET = "not yet"
    FALSE = "false"


_NUMERIC_COLOUR_FREE = frozenset(Rule) - {Rule.ONE_COLOUR, Rule.THREE_COLOURS}


def satisfies(card: ProgramCard, dice: Sequence[Die]) -> bool:
    """True when three dice (in reading order) satisfy the card.

    >>> from lnb.dream.edition import ProgramCard, Rule
    >>> r = Colour.RED
    >>> satisfies(ProgramCard("x", Rule.PRODUCT, None, 6), [Die(r, 2), Die(r, 3), Die(r, 6)])
    True
    >>> satisfies(ProgramCard("x", Rule.DIFFERENCE, None, 5), [Die(r, 2), Die(r, 5), Die(r, 3)])
    False
    """
    a, b, c = (d.face for d in dice)
    return _holds(card.rule, card.value, (a, b, c), tuple(d.colour for d in dice))


def _holds(rule: Rule, n: int | None, faces: tuple[int, int, int],
           colours: tuple[Colour, ...]) -> bool:
    a, b, c = faces
    if rule is Rule.SUM:
        return a + b == c
    if rule is Rule.DIFFERENCE:
        return a - b == c
    if rule is Rule.PRODUCT:
        return a * b == c
    if rule is Rule.TOTAL:
        return a + b + c == n
    if rule is Rule.AT_LEAST:
        return a + b + c >= (n or 0)
    if rule is Rule.EVEN:
        return a % 2 == b % 2 == c % 2 == 0
    if rule is Rule.ODD:
        return a % 2 == b % 2 == c % 2 == 1
    if rule is Rule.ASCENDING:
        return a < b < c
    if rule is Rule.DESCENDING:
        return a > b > c
    if rule is Rule.SAME:
        return a == b == c
    if rule is Rule.RUN:
        return b == a + 1 and c == b + 1
    if rule is Rule.ONE_COLOUR:
        return len(set(colours)) == 1
    return len(set(colours)) == 3  # THREE_COLOURS


def possible(card: ProgramCard, dice: Sequence[Die | None]) -> bool:
    """True when some dice in the empty cells would make the line true."""
    missing = [i for i, d in enumerate(dice) if d is None]
    if card.rule in _NUMERIC_COLOUR_FREE:
        for faces in itertools.product(range(1, 7), repeat=len(missing)):
            full = [d.face if d is not None else 0 for d in dice]
            for i, f in zip(missing, faces, strict=False):
                full[i] = f
            if _holds(card.rule, card.value, tuple(full), ()):  # type: ignore[arg-type]
                return True
        return False
    for colours in itertools.product(Colour, repeat=len(missing)):
        full_c = [d.colour if d is not None else Colour.GREY for d in dice]
        for i, col in zip(missing, colours, strict=False):
            full_c[i] = col
        if _holds(card.rule, None, (1, 1, 1), tuple(full_c)):
            return True
    return False


_TEMPLATES = {
    Rule.SUM: N_("{a} + {b} = {c}"),
    Rule.DIFFERENCE: N_("{a} − {b} = {c}"),
    Rule.PRODUCT: N_("{a} × {b} = {c}"),
    Rule.TOTAL: N_("{a} + {b} + {c} = {n}"),
    Rule.AT_LEAST: N_("{a} + {b} + {c} ≥ {n}"),
    Rule.EVEN: N_("{a}, {b}, {c}: all even"),
    Rule.ODD: N_("{a}, {b}, {c}: all odd"),
    Rule.ASCENDING: N_("{a} < {b} < {c}"),
    Rule.DESCENDING: N_("{a} > {b} > {c}"),
    Rule.SAME: N_("{a} = {b} = {c}"),
    Rule.RUN: N_("{a}, {b}, {c}: one more each time"),
    Rule.ONE_COLOUR: N_("{a}, {b}, {c}: one colour"),
    Rule.THREE_COLOURS: N_("{a}, {b}, {c}: three colours"),
}


@lru_cache(maxsize=1024)  # a card's words are made once (shown in any language)
def rule_text(card: ProgramCard) -> Text:
    """What the card asks, with the letters a, b, c for the dice.

    >>> str(rule_text(ProgramCard("p07", Rule.TOTAL, 10, 3)))
    'a + b + c = 10'
    """
    return Text(_TEMPLATES[card.rule], a="a", b="b", c="c", n=card.value)


@dataclass(frozen=True)
class LineEquation:
    """One line of a Mill with its Program: the dice (None: empty), how it stands, and the
    equation written with the dice's faces (or colours) and □ for an empty cell."""

    line: str
    card: ProgramCard
    dice: tuple[Die | None, ...]
    status: Status
    text: Text


def _shown(die: Die | None, rule: Rule) -> object:
    if die is None:
        return EMPTY
    if rule in (Rule.ONE_COLOUR, Rule.THREE_COLOURS):
        return colour_name(die.colour)
    return die.face


def line_status(card: ProgramCard, dice: Sequence[Die | None]) -> Status:
    """How a line stands under its card: true, not yet (it still can be), or false."""
    if all(d is not None for d in dice):
        return Status.TRUE if satisfies(card, dice) else Status.FALSE  # type: ignore[arg-type]
    return Status.NOT_YET if possible(card, dice) else Status.FALSE


def equation(card: ProgramCard, dice: Sequence[Die | None], line: str = "") -> LineEquation:
    """A line's equation: its status and its text (see the module's examples)."""
    dice = tuple(dice)
    status = line_status(card, dice)
    a, b, c = (_shown(d, card.rule) for d in dice)
    return LineEquation(line, card, dice, status, Text(_TEMPLATES[card.rule], a=a, b=b, c=c,
                                                       n=card.value))


def count_ways(card: ProgramCard) -> tuple[int, int]:
    """How many of all the rolls of three dice (in order) satisfy the card, and of how many:
    faces 1–6 for a number rule, the five colours (all equally likely) for a colour rule."""
    if card.rule in _NUMERIC_COLOUR_FREE:
        rolls = list(itertools.product(range(1, 7), repeat=3))
        return sum(_holds(card.rule, card.value, r, ()) for r in rolls), len(rolls)
    colours = list(itertools.product(Colour, repeat=3))
    return sum(_holds(card.rule, None, (1, 1, 1), c) for c in colours), len(colours)
