"""The museum map and the dice wheel, read from an edition file (``lnb/museum/data``).

Squares are named like a spreadsheet's cells: the column's letter, then the row's number from
1 at the top (``C5``). Rooms are separated by walls; a doorway is a pair of squares side by side
in two rooms that a shape may cross between.

>>> m = Museum.standard()
>>> m.room_of("C5").name, m.room_of("C5").points
('Germain Gallery', 6)
>>> m.inside("A1"), m.inside("C1"), m.inside("P1")
(False, True, False)
>>> m.wall_between("E5", "F5"), m.wall_between("E4", "F4"), m.wall_between("C5", "D5")
(False, True, False)
>>> m.is_doorway("E5", "F5"), m.evidence_at("D2").id
(True, 'crowbar')
>>> len(m.evidence), len(m.rooms), [str(s) for s in m.neighbours("A2")][:3]
(12, 9, ['A1', 'B1', 'B2'])
>>> m.wheel.shapes_for(3)
('3a', '3b')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from lnb.core.editions import EditionFolder, EditionReader, parse_json
from lnb.core.errors import BadInputError, EditionError
from lnb.core.i18n import N_, LazyText, format_list
from lnb.core.messages import Listing, Text
from lnb.museum import words
from lnb.museum.shapes import Orientation, Shape

_SQUARE = re.compile(r"([A-Za-z])([1-9][0-9]?)")


@dataclass(frozen=True, order=True)
class Square:
    """A square of the map: ``row`` and ``col`` from 0 (``Square.parse("C5")`` is row 4,
    column 2).

    >>> Square.parse("c5"), str(Square(4, 2))
    (Square.parse('C5'), 'C5')
    """

    row: int
    col: int

    @classmethod
    def parse(cls, text: str | Square) -> Square:
        if isinstance(text, Square):
            return text
        found = _SQUARE.fullmatch(text.strip()) if isinstance(text, str) else None
        if found is None:
            raise BadInputError(Text(N_("square {text!r}: write a column letter and a row "
                                        "number, e.g. C5"), text=text),
                                text=str(text), reason="bad-square")
        return cls(int(found.group(2)) - 1, ord(found.group(1).upper()) - ord("A"))

    def __str__(self) -> str:
        return f"{chr(ord('A') + self.col)}{self.row + 1}"

    def __repr__(self) -> str:
        return f"Square.parse({str(self)!r})"


@dataclass(frozen=True)
class Room:
    """A named room, its points when every empty square in it is filled, and its squares."""

    id: str
    key: str
    points: int
    squares: tuple[Square, ...]
    given_name: str = field(repr=False, default="")

    @property
    def name(self) -> str:
        """The room's name in the current language."""
        found = words.ROOM_NAMES.get(self.id)
        return str(found) if found is not None else self.given_name


@dataclass(frozen=True)
class Gain:
    """What unlocking an ability gives: wild shapes, re-rolls, shapes to place once each, and
    how many Used dice may go back to the Reserve (an ability worth points gives none)."""

    wilds: int = 0
    rerolls: int = 0
    gifts: tuple[str, ...] = ()
    returns: int = 0


#: The die-icons each evidence has; writing the last one unlocks its ability.
ICONS = 2


@dataclass(frozen=True)
class Ability:
    """What two die-icons of one evidence need (``condition``: ``same``, ``consecutive`` or
    ``sum`` with ``sums``) and what they give (``effect``: ``return``, ``wild``, ``reroll``,
    ``shapes`` or ``points``)."""

    id: str
    condition: str
    effect: str
    amount: int = 0
    points: int = 0
    sums: tuple[int, ...] = ()
    shapes: tuple[str, ...] = ()

    def accepts(self, first: int, second: int) -> bool:
        """True when the two values meet the condition.

        >>> Ability("x", "consecutive", "wild").accepts(6, 1)
        False
        """
        if self.condition == "same":
            return first == second
        if self.condition == "consecutive":
            return abs(first - second) == 1
        return first + second in self.sums

    def can_start(self, first: int) -> bool:
        """True when some second die could complete the pair after ``first``."""
        return any(self.accepts(first, v) for v in range(1, 7))

    def write_refusal(self, icons: tuple[int, ...], value: int) -> str | None:
        """Why ``value`` may not be written on the next die-icon after ``icons`` (a reason:
        ``icons-full``, ``cannot-pair``, ``wrong-pair``), or None when it may.

        >>> same = Ability("x", "same", "return", amount=3)
        >>> same.write_refusal((), 4), same.write_refusal((4,), 5), same.write_refusal((4, 4), 4)
        (None, 'wrong-pair', 'icons-full')
        """
        if len(icons) >= ICONS:
            return "icons-full"
        if not icons and not self.can_start(value):
            return "cannot-pair"
        if icons and not self.accepts(icons[0], value):
            return "wrong-pair"
        return None

    def written(self, icons: tuple[int, ...], value: int) -> tuple[tuple[int, ...], Gain | None]:
        """The die-icons once ``value`` is written after ``icons`` (allowed by
        :meth:`write_refusal`), and what unlocking gives when that fills the last one (None
        before).

        >>> Ability("x", "consecutive", "wild", amount=2).written((3,), 4)
        ((3, 4), Gain(wilds=2, rerolls=0, gifts=(), returns=0))
        """
        after = (*icons, value)
        return after, self.gain() if len(after) == ICONS else None

    def gain(self) -> Gain:
        """What unlocking this ability gives now (its points count in the score instead)."""
        if self.effect == "return":
            return Gain(returns=self.amount)
        if self.effect == "wild":
            return Gain(wilds=self.amount)
        if self.effect == "reroll":
            return Gain(rerolls=self.amount)
        if self.effect == "shapes":
            return Gain(gifts=self.shapes)
        return Gain()

    def describe(self) -> str:
        """The condition and the effect, in the current language."""
        condition = self._condition_text()
        effect = words.EFFECTS[self.effect].format(amount=self.amount, points=self.points,
                                                   shapes=format_list(self.shapes))
        return words.ABILITY.format(condition=condition, effect=effect)

    def described(self) -> Text:
        """:meth:`describe` kept as a template and its values, shown in the language of the
        moment (for a message made now and shown later).

        >>> Ability("x", "same", "points", points=3).described()
        'two dice with the same value: 3 points at the end'
        """
        effect = Text(words.EFFECTS[self.effect].message, amount=self.amount,
                      points=self.points, shapes=Listing(self.shapes))
        condition, values = self._condition()
        if "sums" in values:
            values = {"sums": Listing(values["sums"], "or")}  # type: ignore[arg-type]
        return Text(words.ABILITY.message, condition=Text(condition.message, **values),
                    effect=effect)

    def _condition(self) -> tuple[LazyText, dict[str, object]]:
        """The condition as the rulebook words it: "sum 4 or less", "sum 10 or more", or the
        sums listed ("sum 8 or 9"): its words and their values."""
        sums = sorted(self.sums)
        run = sums == list(range(sums[0], sums[-1] + 1)) if sums else False
        if self.condition == "sum" and run and sums[0] == 2 and len(sums) > 1:
            return words.CONDITIONS["sum-at-most"], {"high": sums[-1]}
        if self.condition == "sum" and run and sums[-1] == 12 and len(sums) > 1:
            return words.CONDITIONS["sum-at-least"], {"low": sums[0]}
        return words.CONDITIONS[self.condition], {"sums": [str(s) for s in sums]}

    def _condition_text(self) -> str:
        """The condition in the current language."""
        words_of, values = self._condition()
        if "sums" in values:
            values = {"sums": format_list(values["sums"], "or")}  # type: ignore[arg-type]
        return words_of.format(**values)


@dataclass(frozen=True)
class Evidence:
    """A piece of evidence: its square (filled from the start) and its ability."""

    id: str
    square: Square
    ability: Ability

    @property
    def name(self) -> str:
        found = words.EVIDENCE_NAMES.get(self.id)
        return str(found) if found is not None else self.id


@dataclass(frozen=True)
class Wheel:
    """The dice wheel: shapes by spoke. Spokes ``1``–``6`` are the die values; ``7`` and ``8``
    are the two spokes without a value (they show the key's and the apple's shapes); ``0`` is
    the centre (the three special shapes). A die takes one of its value's two shapes; a wild
    shape is any shape of the wheel."""

    shapes: dict[str, Shape]

    def shapes_for(self, value: int) -> tuple[str, ...]:
        """The shape ids a die of ``value`` may take."""
        return tuple(sorted(sid for sid in self.shapes if sid[0] == str(value)))

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(sorted(self.shapes))

    def __getitem__(self, sid: str) -> Shape:
        return self.shapes[sid]


@dataclass(frozen=True)
class Placement:
    """A shape put on the map: its id, orientation, anchor square, squares and bit mask."""

    shape: str
    orientation: Orientation
    anchor: Square
    squares: tuple[Square, ...]
    mask: int

    def __str__(self) -> str:
        return f"{self.shape} {self.orientation} @{self.anchor}"


class Museum:
    """One edition's map, evidence and wheel (read once per edition name)."""

    def __init__(self, data: dict[str, Any], source: str = "standard.json") -> None:
        reader = EditionReader(data, source)
        self.name: str = reader.get("name", str)
        rows: list[str] = reader.get("map", list)
        if not rows or not all(isinstance(r, str) and len(r) == len(rows[0]) for r in rows):
            raise reader.fail("map", N_("give rows of equal length"))
        self.height, self.width = len(rows), len(rows[0])
        rooms_data: dict[str, Any] = reader.get("rooms", dict)
        self._key_at: list[str | None] = []
        for r, row in enumerate(rows):
            for key in row:
                if key == ".":
                    self._key_at.append(None)
                elif key in rooms_data:
                    self._key_at.append(key)
                else:
                    raise reader.fail("map", Text(N_("row {row} has {key!r}, which is no room"),
                                                  row=r + 1, key=key))
        self.rooms: dict[str, Room] = {}
        self._room_by_key: dict[str, Room] = {}
        for key, info in rooms_data.items():
            squares = tuple(self.square(i) for i, k in enumerate(self._key_at) if k == key)
            room = Room(info["id"], key, int(info["points"]), squares, info.get("name", ""))
            self.rooms[room.id] = room
            self._room_by_key[key] = room
        self.doorways: frozenset[frozenset[int]] = frozenset()
        doors = set()
        for text in reader.get("doorways", list):
            a, b = (self.index(s) for s in text.split("/"))
            if self.wall_between(a, b, doors=False) is False or not self._adjacent(a, b):
                raise reader.fail("doorways", Text(N_("{text} is not a wall between two rooms"),
                                                   text=text))
            doors.add(frozenset((a, b)))
        self.doorways = frozenset(doors)
        abilities = {}
        for aid, info in reader.get("abilities", dict).items():
            abilities[aid] = Ability(aid, info["condition"], info["effect"],
                                     int(info.get("amount", 0)), int(info.get("points", 0)),
                                     tuple(info.get("sums", ())), tuple(info.get("shapes", ())))
        self.abilities: dict[str, Ability] = abilities
        self.evidence: tuple[Evidence, ...] = tuple(
            Evidence(e["id"], Square.parse(e["square"]), abilities[e["ability"]])
            for e in reader.get("evidence", list))
        self._evidence_at = {self.index(e.square): e for e in self.evidence}
        self.wheel = Wheel({f"{spoke}{letter}": Shape.parse(text)
                            for spoke, texts in reader.get("wheel", dict).items()
                            for letter, text in zip("abc", texts, strict=False)})
        self.dice: int = reader.get("dice", int)
        self.per_turn: int = reader.get("per_turn", int)
        self.time_boxes: tuple[str, ...] = tuple(reader.get("time_boxes", list))

    # ------------------------------------------------------------------ making one
    @classmethod
    def standard(cls) -> Museum:
        """The kit's own museum (``standard.json``)."""
        return cls.named("standard")

    @staticmethod
    @cache
    def named(name: str) -> Museum:
        """An edition by name (read once)."""
        folder = editions()
        source = f"{name}.json"
        data = parse_json(folder.read_text(name), source)
        try:
            return Museum(data, source)
        except EditionError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise EditionError(N_("{entry}: a room, doorway, evidence or ability entry is "
                                  "broken ({problem})"), problem=repr(exc), entry=source,
                               reason="invalid") from None

    # ------------------------------------------------------------------ squares
    def index(self, square: str | Square | int) -> int:
        """The bit index of a square on the grid (row by row)."""
        if isinstance(square, int) and not isinstance(square, bool):
            return square
        sq = Square.parse(square)
        if not (0 <= sq.row < self.height and 0 <= sq.col < self.width):
            return -1
        return sq.row * self.width + sq.col

    def square(self, index: int) -> Square:
        return Square(index // self.width, index % self.width)

    def on_grid(self, square: str | Square) -> bool:
        return self.index(square) >= 0

    def inside(self, square: str | Square | int) -> bool:
        """True for a square of one of the rooms."""
        i = self.index(square)
        return i >= 0 and self._key_at[i] is not None

    def room_of(self, square: str | Square | int) -> Room | None:
        """The room the square is in (None outside the museum)."""
        i = self.index(square)
        key = self._key_at[i] if i >= 0 else None
        return None if key is None else self._room_by_key[key]

    def evidence_at(self, square: str | Square | int) -> Evidence | None:
        return self._evidence_at.get(self.index(square))

    def evidence_by_id(self, eid: str) -> Evidence | None:
        return next((e for e in self.evidence if e.id == eid), None)

    def _adjacent(self, a: int, b: int) -> bool:
        ra, ca = divmod(a, self.width)
        rb, cb = divmod(b, self.width)
        return abs(ra - rb) + abs(ca - cb) == 1

    def wall_between(self, a: str | Square | int, b: str | Square | int,
                     doors: bool = True) -> bool:
        """True when a solid wall separates two side-by-side squares of the museum (two
        rooms, no doorway between them). ``doors=False`` ignores doorways."""
        i, j = self.index(a), self.index(b)
        if not (self.inside(i) and self.inside(j)) or self._key_at[i] == self._key_at[j]:
            return False
        return not (doors and frozenset((i, j)) in self.doorways)

    def is_doorway(self, a: str | Square | int, b: str | Square | int) -> bool:
        return frozenset((self.index(a), self.index(b))) in self.doorways

    def neighbours(self, square: str | Square | int) -> tuple[Square, ...]:
        """The eight squares around one, diagonals too, those on the grid (reading order)."""
        sq = self.square(self.index(square))
        return tuple(Square(sq.row + dr, sq.col + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if (dr or dc) and 0 <= sq.row + dr < self.height
                     and 0 <= sq.col + dc < self.width)

    # ------------------------------------------------------------------ bit masks
    @cached_property
    def inside_mask(self) -> int:
        return sum(1 << i for i, k in enumerate(self._key_at) if k is not None)

    @cached_property
    def evidence_mask(self) -> int:
        return sum(1 << i for i in self._evidence_at)

    @cached_property
    def outside_mask(self) -> int:
        """The grid's squares outside the museum (they count as filled around evidence)."""
        return ((1 << (self.width * self.height)) - 1) & ~self.inside_mask

    @cached_property
    def room_masks(self) -> dict[str, int]:
        """Each room's squares to fill (its evidence squares are filled from the start)."""
        return {room.id: sum(1 << self.index(s) for s in room.squares) & ~self.evidence_mask
                for room in self.rooms.values()}

    @cached_property
    def ring_masks(self) -> dict[str, int]:
        """Each evidence's eight neighbours that are inside the museum (to be filled)."""
        return {e.id: sum(1 << self.index(s) for s in self.neighbours(e.square))
                & self.inside_mask for e in self.evidence}

    def surrounded(self, eid: str, filled: int) -> bool:
        """True when every neighbour of the evidence inside the museum is in ``filled``
        (the evidence is then collected).

        >>> m = Museum.standard()
        >>> m.surrounded("crowbar", m.evidence_mask), m.surrounded("crowbar", -1)
        (False, True)
        """
        return not self.ring_masks[eid] & ~filled

    def squares_of(self, mask: int) -> tuple[Square, ...]:
        return tuple(self.square(i) for i in range(self.width * self.height) if mask >> i & 1)

    # ------------------------------------------------------------------ placements
    def cells_at(self, shape: Shape, anchor: Square) -> list[Square]:
        """The squares a shape (already oriented) covers with its anchor cell on ``anchor``
        (some may be off the grid)."""
        return [Square(anchor.row + dr, anchor.col + dc) for dr, dc in shape.offsets()]

    @cache  # noqa: B019 - one museum per edition, kept for the process
    def placements(self, sid: str) -> tuple[Placement, ...]:
        """Every placement of a wheel shape that stays inside the museum, covers no evidence
        and crosses walls only through doorways (filled squares are the state's business),
        one per distinct orientation and anchor, in order of orientation then anchor."""
        found = []
        walls = self._walls
        for orientation, shape in self.wheel[sid].orientations().items():
            offsets = shape.offsets()
            pairs = [(i, j) for i, a in enumerate(offsets) for j, b in enumerate(offsets)
                     if i < j and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
            for anchor in range(self.width * self.height):
                if self._key_at[anchor] is None:
                    continue
                ar, ac = divmod(anchor, self.width)
                cells = []
                for dr, dc in offsets:
                    r, c = ar + dr, ac + dc
                    if not (0 <= r < self.height and 0 <= c < self.width) \
                            or self._key_at[r * self.width + c] is None \
                            or r * self.width + c in self._evidence_at:
                        break
                    cells.append(r * self.width + c)
                else:
                    if not any((cells[i], cells[j]) in walls for i, j in pairs):
                        found.append(Placement(sid, orientation, self.square(anchor),
                                               tuple(self.square(i) for i in cells),
                                               sum(1 << i for i in cells)))
        return tuple(found)

    @cached_property
    def _walls(self) -> frozenset[tuple[int, int]]:
        """Side-by-side squares with a solid wall between them, both ways round."""
        found = set()
        for i in range(self.width * self.height):
            for j in (i + 1, i + self.width):
                if j < self.width * self.height and self._adjacent(i, j) \
                        and self.wall_between(i, j):
                    found.update({(i, j), (j, i)})
        return frozenset(found)

    def __repr__(self) -> str:
        return f"Museum.named({self.name!r})"


def editions() -> EditionFolder:
    """The museum's edition files."""
    import lnb.museum.data as data

    return EditionFolder(Path(data.__file__).parent,
                         game=words.SHORT_TITLE)  # type: ignore[arg-type]  # shown translated
