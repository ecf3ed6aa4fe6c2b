"""Where a shape may go: the one place the museum decides whether a drawing is legal on the
map (the dice, gifts and wilds that pay for it are :mod:`lnb.museum.refusals`' business).

A shape must be on the wheel (:func:`on_wheel`); turned and anchored, it must cover only
squares inside the museum, holding no evidence and not filled yet, and cross no wall except
through a doorway (:func:`fit`). :func:`free` lists every placement of a shape that fits now.
The State asks here (:meth:`~lnb.museum.state.State.check_placement`), and so does every
refusal of a ``place`` or a ``wild``.

>>> from lnb.museum.state import Game
>>> state = Game(seed=1).new_initial_state()
>>> [str(s) for s in fit(state.museum, state.filled, "6b", "r0", "A4").squares]
['A4', 'B4', 'C4', 'D4', 'A5']
>>> fit(state.museum, state.filled, "6b", "r0", "C2")
Traceback (most recent call last):
...
lnb.museum.errors.PlacementError: square D2 holds evidence (crowbar) and is already filled
>>> on_wheel(state.museum, "9z")
Traceback (most recent call last):
...
lnb.core.errors.GameError: the wheel has no shape 9z
>>> len(free(state.museum, state.filled, "1a")) > 0
True
"""

from __future__ import annotations

from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.museum.errors import GameError, PlacementError
from lnb.museum.museum import Museum, Placement, Square
from lnb.museum.shapes import Orientation, Shape


def on_wheel(museum: Museum, shape: str) -> None:
    """Refuse a shape id the wheel does not have (``reason="no-shape"``)."""
    if shape not in museum.wheel.shapes:
        raise GameError(Text(N_("the wheel has no shape {shape}"), shape=shape),
                        reason="no-shape", text=shape)


def fit(museum: Museum, filled: int, shape: str | Shape, orientation: str | Orientation,
        anchor: str | Square) -> Placement:
    """The placement of a wheel shape (by id like ``3a``, or a :class:`Shape`) turned to
    ``orientation`` with its anchor cell on ``anchor``, on a map whose squares in the bit mask
    ``filled`` are drawn already; else :class:`PlacementError` with the first square that
    breaks a rule (reading order) and the reason: ``outside``, ``evidence``, ``filled`` or
    ``wall`` (an id not on the wheel: :func:`on_wheel`'s refusal). Dice are not checked."""
    m = museum
    sid = shape if isinstance(shape, str) else "?"
    if isinstance(shape, str):
        on_wheel(m, shape)
    piece = m.wheel[shape] if isinstance(shape, str) else shape
    o = Orientation.parse(orientation) if isinstance(orientation, str) else orientation
    oriented = piece.oriented(o)
    squares = m.cells_at(oriented, Square.parse(anchor))
    for sq in squares:
        i = m.index(sq)
        if i < 0 or not m.inside(i):
            raise PlacementError.make("outside", square=_name(sq))
        evidence = m.evidence_at(i)
        if evidence is not None:
            raise PlacementError.make("evidence", square=sq, evidence=evidence.name,
                                      evidence_id=evidence.id)
        if filled >> i & 1:
            raise PlacementError.make("filled", square=sq)
    for a in squares:
        for b in squares:
            if b > a and abs(a.row - b.row) + abs(a.col - b.col) == 1 \
                    and m.wall_between(a, b):
                room, other = m.room_of(a), m.room_of(b)
                raise PlacementError.make("wall", square=a, beside=b,
                                          room=room.name,  # type: ignore[union-attr]
                                          other=other.name,  # type: ignore[union-attr]
                                          room_id=room.id,  # type: ignore[union-attr]
                                          other_id=other.id)  # type: ignore[union-attr]
    indexes = [m.index(s) for s in squares]
    return Placement(sid, o, Square.parse(anchor), tuple(squares),
                     sum(1 << i for i in indexes))


def free(museum: Museum, filled: int, sid: str) -> list[Placement]:
    """Every placement of shape ``sid`` that fits on the map now (one per distinct
    orientation and anchor): the museum's static placements clear of ``filled``."""
    return [p for p in museum.placements(sid) if not p.mask & filled]


def _name(square: Square) -> str:
    """A square's name, or ``(row,column)`` counted from 1 when it is off the grid."""
    if square.col < 0 or square.col > 25 or square.row < 0:
        return f"({square.row + 1},{square.col + 1})"
    return str(square)
