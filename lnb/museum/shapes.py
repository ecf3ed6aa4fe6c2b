"""Polyominoes as values: cells, the eight orientations, a text form and a canonical form.

A shape's cells are ``(row, column)`` pairs. Its text form draws it row by row, ``#`` for a
cell and ``.`` for a gap, rows joined by ``/``. An :class:`Orientation` is ``r0``–``r3``
(quarter turns clockwise), with ``f`` when the shape is first flipped (mirrored left to right).

>>> t = Shape.parse("###/.#.")
>>> t.text, t.size
('###/.#.', 4)
>>> t.oriented(Orientation.parse("r1")).text
'.#/##/.#'
>>> t.oriented(Orientation.parse("r0f")) == t   # a T looks the same in a mirror
True
>>> len(t.orientations()), len(Shape.parse(".##/##.").orientations())
(4, 4)
>>> Shape.parse("##/##").canonical().text, Shape.parse("#./##").canonical().text
('##/##', '##/#.')
>>> [str(o) for o in Orientation.all()]
['r0', 'r1', 'r2', 'r3', 'r0f', 'r1f', 'r2f', 'r3f']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_
from lnb.core.messages import Text

Cell = tuple[int, int]

_ORIENTATION = re.compile(r"r([0-3])(f?)")


@dataclass(frozen=True, order=True)
class Orientation:
    """Flip first (mirror left to right) when ``flipped``, then turn ``turns`` quarter turns
    clockwise.

    >>> Orientation.parse("r3f"), str(Orientation(2, False))
    (Orientation.parse('r3f'), 'r2')
    """

    flipped: bool = False
    turns: int = 0

    def __init__(self, turns: int = 0, flipped: bool = False) -> None:
        if not isinstance(turns, int) or isinstance(turns, bool) or not 0 <= turns <= 3:
            raise BadInputError(Text(N_("an orientation turns 0 to 3 quarter turns, not "
                                        "{turns!r}"), turns=turns),
                                text=str(turns), reason="bad-orientation")
        object.__setattr__(self, "turns", turns)
        object.__setattr__(self, "flipped", bool(flipped))

    @classmethod
    def parse(cls, text: str) -> Orientation:
        """``r0``–``r3``, then ``f`` when flipped."""
        found = _ORIENTATION.fullmatch(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise BadInputError(Text(N_("orientation {text!r}: write r0, r1, r2 or r3, and f "
                                        "after it for a flipped shape (r1f)"), text=text),
                                text=str(text),
                                expected=tuple(str(o) for o in cls.all()),
                                reason="bad-orientation")
        return cls(int(found.group(1)), bool(found.group(2)))

    @staticmethod
    def all() -> tuple[Orientation, ...]:
        """The eight orientations, unflipped first."""
        return tuple(Orientation(t, f) for f in (False, True) for t in range(4))

    def __str__(self) -> str:
        return f"r{self.turns}{'f' if self.flipped else ''}"

    def __repr__(self) -> str:
        return f"Orientation.parse({str(self)!r})"

    def rotated(self, quarter: int = 1) -> Orientation:
        """This orientation turned ``quarter`` more quarter turns clockwise."""
        return Orientation((self.turns + quarter) % 4, self.flipped)

    def mirrored(self) -> Orientation:
        """This orientation and then a flip (left to right) of the result.

        >>> Orientation.parse("r1").mirrored()
        Orientation.parse('r3f')
        """
        return Orientation((-self.turns) % 4, not self.flipped)


def _normal(cells: frozenset[Cell] | set[Cell]) -> frozenset[Cell]:
    top = min(r for r, _c in cells)
    left = min(c for _r, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


@dataclass(frozen=True)
class Shape:
    """A polyomino: its cells, moved so the top row and the left column are 0."""

    cells: frozenset[Cell]

    def __post_init__(self) -> None:
        if not self.cells:
            raise BadInputError(N_("a shape has at least one cell"), reason="empty-shape")
        object.__setattr__(self, "cells", _normal(frozenset(self.cells)))

    @classmethod
    def parse(cls, text: str) -> Shape:
        """A shape from its text form (``#`` cells, ``.`` gaps, rows split by ``/``)."""
        if not isinstance(text, str) or not re.fullmatch(r"[#.]+(/[#.]+)*", text.strip()):
            raise BadInputError(Text(N_("shape {text!r}: draw it with # and . in rows split by "
                                        "/, e.g. '###/.#.'"), text=text),
                                text=str(text), reason="bad-shape")
        cells = {(r, c) for r, row in enumerate(text.strip().split("/"))
                 for c, ch in enumerate(row) if ch == "#"}
        if not cells:
            raise BadInputError(Text(N_("shape {text!r} has no cell"), text=text), text=text,
                                reason="empty-shape")
        shape = cls(frozenset(cells))
        if not shape.connected:
            raise BadInputError(Text(N_("shape {text!r}: its cells must touch side by side"),
                                     text=text), text=text, reason="not-connected")
        return shape

    @cached_property
    def size(self) -> int:
        """The number of cells (its area)."""
        return len(self.cells)

    @cached_property
    def height(self) -> int:
        return 1 + max(r for r, _c in self.cells)

    @cached_property
    def width(self) -> int:
        return 1 + max(c for _r, c in self.cells)

    @cached_property
    def text(self) -> str:
        """The text form, e.g. ``'###/.#.'``."""
        return "/".join("".join("#" if (r, c) in self.cells else "." for c in range(self.width))
                        for r in range(self.height))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Shape.parse({self.text!r})"

    @cached_property
    def connected(self) -> bool:
        """True when every cell is reached from every other through shared sides."""
        start = next(iter(self.cells))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in self.cells and near not in seen:
                    seen.add(near)
                    todo.append(near)
        return len(seen) == len(self.cells)

    def oriented(self, orientation: Orientation) -> Shape:
        """This shape flipped (when the orientation says so), then turned."""
        cells = self.cells
        if orientation.flipped:
            cells = frozenset((r, -c) for r, c in cells)
        for _ in range(orientation.turns):
            cells = frozenset((c, -r) for r, c in cells)  # a quarter turn clockwise
        return Shape(cells)

    def orientations(self) -> dict[Orientation, Shape]:
        """The distinct ways this shape can lie, each under its first orientation
        (r0, r1, ... r3f): a square has 1, a T 4, an L 8."""
        found: dict[Orientation, Shape] = {}
        seen: set[frozenset[Cell]] = set()
        for orientation in Orientation.all():
            shape = self.oriented(orientation)
            if shape.cells not in seen:
                seen.add(shape.cells)
                found[orientation] = shape
        return found

    def canonical(self) -> Shape:
        """The same free polyomino in one fixed orientation (the smallest text form), so two
        shapes are the same piece when their canonical forms are equal."""
        return min((self.oriented(o) for o in Orientation.all()), key=lambda s: s.text)

    def same_piece(self, other: Shape) -> bool:
        """True when ``other`` is this shape turned or flipped.

        >>> Shape.parse("#./##").same_piece(Shape.parse("##/.#"))
        True
        """
        return self.canonical() == other.canonical()

    @cached_property
    def anchor(self) -> Cell:
        """The cell a placement puts on its anchor square: the first cell of the top row."""
        return min(self.cells)

    def offsets(self) -> tuple[Cell, ...]:
        """The cells relative to :attr:`anchor`, in reading order."""
        ar, ac = self.anchor
        return tuple(sorted((r - ar, c - ac) for r, c in self.cells))
