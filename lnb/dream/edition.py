"""The edition as data: Partners, Assignments, Programs, tracks, map, Institutions, Gears.

The classroom edition is ``lnb/dream/data/classroom.json``; another edition is another file,
chosen by name. A broken file fails at load time with a message naming the entry.

>>> ed = Edition.load("classroom")
>>> ed.name, len(ed.partners), len(ed.assignments), len(ed.programs), len(ed.map)
('classroom', 24, 16, 18, 12)
>>> ed.partner("faraday").name.english, ed.partner("faraday").science
('Michael Faraday', <Science.PHYSICS: 'physics'>)
>>> str(ed.partner("faraday").effect)
'coal 1, research_green 1, innovation 1'
>>> ed.track(Colour.YELLOW).levels
(3, 6)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from lnb.core.editions import EditionFolder, EditionReader, parse_json
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.dream.title import TITLE
from lnb.dream.words import Words

#: The editions of Ada's Dream the kit ships (``lnb/dream/data/*.json``).
EDITIONS = EditionFolder(Path(__file__).resolve().parent / "data",
                         game=TITLE)  # type: ignore[arg-type]  # shown translated

RESOURCES = ("money", "coal", "brass", "books")
#: The edition a new game plays unless told otherwise (a record names its own).
DEFAULT_EDITION = "classroom-3"


class Colour(enum.Enum):
    """A die's colour; each but grey belongs to one action area."""

    YELLOW = "yellow"
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    GREY = "grey"

    @property
    def area(self) -> Area | None:
        """The area of this colour (None for grey: any area's main action)."""
        return None if self is Colour.GREY else Area(_AREA_OF[self.value])

    def __str__(self) -> str:
        return self.value


#: The four colours that have an area, a Research track and an Assignment column.
COLOURS = (Colour.YELLOW, Colour.RED, Colour.BLUE, Colour.GREEN)
_AREA_OF = {"yellow": "study", "red": "meetings", "blue": "travel", "green": "institutions"}


class Area(enum.Enum):
    """An action area of the main board."""

    STUDY = "study"
    MEETINGS = "meetings"
    TRAVEL = "travel"
    INSTITUTIONS = "institutions"

    @property
    def colour(self) -> Colour:
        """The colour of this area's dice, track and Assignment column."""
        return next(c for c in COLOURS if _AREA_OF[c.value] == self.value)

    def __str__(self) -> str:
        return self.value


class Science(enum.Enum):
    """A Partner's Science (a Sponsor has none)."""

    MATHEMATICS = "mathematics"
    PHYSICS = "physics"
    ASTRONOMY = "astronomy"
    ENGINEERING = "engineering"


class Rule(enum.Enum):
    """What a Program asks of the three dice of its line (read left to right or downwards)."""

    SUM = "sum"                      # a + b = c
    DIFFERENCE = "difference"        # a − b = c
    PRODUCT = "product"              # a × b = c
    TOTAL = "total"                  # a + b + c = N
    AT_LEAST = "at_least"            # a + b + c ≥ N
    EVEN = "even"
    ODD = "odd"
    ASCENDING = "ascending"          # a < b < c
    DESCENDING = "descending"        # a > b > c
    SAME = "same"                    # a = b = c
    RUN = "run"                      # b = a + 1, c = b + 1
    ONE_COLOUR = "one_colour"
    THREE_COLOURS = "three_colours"


#: Words an effect may use: gains, choices, and what it lets you take.
EFFECT_KEYS = (*RESOURCES, "innovation", "prestige", "research",
               *(f"research_{c.value}" for c in COLOURS), "draw", "play", "program",
               "assignment", "partner")


@dataclass(frozen=True)
class Effect:
    """What a card, space or action gives, in a fixed order of ``items`` (key, amount);
    ``pay`` a payment that must be made for ``then`` (nothing unpaid).

    >>> Effect.of({"money": 2, "pay": {"money": 3}, "then": {"prestige": 2}})
    Effect(items=(('money', 2),), pay=(('money', 3),), then=Effect(items=(('prestige', 2),), pay=(), then=None))
    """  # noqa: E501

    items: tuple[tuple[str, int], ...] = ()
    pay: tuple[tuple[str, int], ...] = ()
    then: Effect | None = None

    @classmethod
    def of(cls, data: dict[str, Any]) -> Effect:
        """From an edition's object (keys are checked by the reader)."""
        items = tuple((k, int(v)) for k, v in data.items() if k not in ("pay", "then"))
        pay = tuple((k, int(v)) for k, v in data.get("pay", {}).items())
        then = cls.of(data["then"]) if "then" in data else None
        return cls(items, pay, then)

    def get(self, key: str) -> int:
        """The amount of ``key`` (0 when absent)."""
        return dict(self.items).get(key, 0)

    def __str__(self) -> str:
        text = ", ".join(f"{k} {v}" for k, v in self.items)
        if self.pay:
            paid = ", ".join(f"{k} {v}" for k, v in self.pay)
            text += f"{'; ' if text else ''}pay {paid}: {self.then}"
        return text


@dataclass(frozen=True)
class Partner:
    """A Partner card: who, their Science, requirement (faces) or cost (``lower``: the
    active die goes down by 1; ``pay``: £ equal to the active die), Prestige and effect."""

    id: str
    name: Words
    who: Words
    science: Science | None
    faces: tuple[int, ...]
    cost: str | None
    prestige: int
    effect: Effect


@dataclass(frozen=True)
class Assignment:
    """An Assignment: its colour columns (none: any), Partner cards to discard, effect."""

    id: str
    colours: tuple[Colour, ...]
    discard: int
    effect: Effect

    def columns(self) -> tuple[Colour, ...]:
        """The columns it may be tucked in."""
        return self.colours or COLOURS


@dataclass(frozen=True)
class ProgramCard:
    """A Program punch card: its rule (with a number for ``total``/``at_least``) and the
    Prestige it scores when its line of the Mill is full and true."""

    id: str
    rule: Rule
    value: int | None
    prestige: int


@dataclass(frozen=True)
class Breakthrough:
    """A ``!`` space of a Research track: its reward and its level (``I``, ``II`` or None)."""

    space: int
    level: str | None
    reward: Effect


@dataclass(frozen=True)
class Track:
    """One area's Research track: ``spaces`` above the bottom, the top takes a token."""

    colour: Colour
    spaces: int
    breakthroughs: tuple[Breakthrough, ...]

    @property
    def levels(self) -> tuple[int, ...]:
        """The spaces of levels I and II."""
        return tuple(b.space for b in self.breakthroughs if b.level)

    def at(self, space: int) -> Breakthrough | None:
        """The Breakthrough on ``space``, if any."""
        return next((b for b in self.breakthroughs if b.space == space), None)


@dataclass(frozen=True)
class Location:
    """A University or Small City of the map: the die must reach ``distance``."""

    id: str
    kind: str
    name: Words
    distance: int
    reward: Effect


@dataclass(frozen=True)
class Institution:
    """A London Institution: gives ``resource`` by the die's value ÷ ``divide`` (rounded
    up), and is scored by majority of discs."""

    id: str
    name: Words
    resource: str
    divide: int

    def gives(self, value: int) -> int:
        """The amount for a die showing ``value``.

        >>> Institution("x", Words.of("X"), "coal", 2).gives(5)
        3
        """
        return -(-value // self.divide)


@dataclass(frozen=True)
class Gear:
    """A Gear of the Player board: its cost, Prestige and lasting bonus (None: none)."""

    id: str
    name: Words
    cost: tuple[tuple[str, int], ...]
    prestige: int
    lasting: str | None


#: The lasting bonuses a Gear may give (their rules are code).
LASTING = ("workshop_money", "travel_reach", "publish_prestige", "institution_bonus")


@dataclass(frozen=True)
class AreaRule:
    """An area's advanced actions (I, II) and Publish action."""

    area: Area
    advanced: tuple[Effect, Effect]
    publish: Effect


@dataclass(frozen=True)
class Edition:
    """One edition of Ada's Dream, read from its data file."""

    name: str
    title: Words
    dice: tuple[tuple[Colour, int], ...]
    workshop_spaces: int
    store_slots: int
    hand_size: int
    discs: int
    display_spaces: int
    start: tuple[tuple[str, int], ...]
    seat_money: int
    bonus_cost: int
    innovation_scores: tuple[tuple[int, int], ...]
    majority: tuple[int, ...]
    scoring_tokens: tuple[int, ...]
    tracks: tuple[Track, ...]
    areas: tuple[AreaRule, ...]
    starting: tuple[Partner, ...]
    partners: tuple[Partner, ...]
    assignments: tuple[Assignment, ...]
    programs: tuple[ProgramCard, ...]
    map: tuple[Location, ...]
    institutions: tuple[Institution, ...]
    gears: tuple[Gear, ...]
    bonuses: tuple[tuple[str, Effect], ...]
    #: The Mill turn (``"mill_turn"`` in the file): what turning the die just moved one up
    #: or down costs (``()``: nothing); None: the edition has no Mill turn.
    mill_turn: tuple[tuple[str, int], ...] | None = None
    #: When the Mill turn is offered: as a die goes into the ``mill``, into the ``store``.
    mill_turn_at: tuple[str, ...] = ()

    @classmethod
    def load(cls, name: str = DEFAULT_EDITION) -> Edition:
        """An edition shipped with the package, by name (cached)."""
        return _load(EDITIONS.check(name))

    @cached_property
    def _index(self) -> dict[str, dict[str, Any]]:
        """Every card, place and Gear by kind and id (made once)."""
        kinds = {"partner": (*self.starting, *self.partners), "assignment": self.assignments,
                 "program": self.programs, "location": self.map,
                 "institution": self.institutions, "gear": self.gears}
        return {kind: {item.id: item for item in items} for kind, items in kinds.items()}

    def partner(self, key: str) -> Partner:
        """A Partner card (starting cards included) by id (``KeyError`` if none)."""
        return self._index["partner"][key]

    def assignment(self, key: str) -> Assignment:
        return self._index["assignment"][key]

    def program(self, key: str) -> ProgramCard:
        return self._index["program"][key]

    def location(self, key: str) -> Location:
        return self._index["location"][key]

    def institution(self, key: str) -> Institution:
        return self._index["institution"][key]

    def gear(self, key: str) -> Gear:
        return self._index["gear"][key]

    def bonus(self, key: str) -> Effect:
        return dict(self.bonuses)[key]

    def track(self, colour: Colour) -> Track:
        return next(t for t in self.tracks if t.colour is colour)

    def area(self, area: Area) -> AreaRule:
        return next(a for a in self.areas if a.area is area)

    @property
    def starting_supply(self) -> tuple[str, ...]:
        """The ids of a player's eight starting Partner cards (copies repeated)."""
        return self._starting_ids

    @property
    def _starting_ids(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.starting)


@cache
def _load(name: str) -> Edition:
    source = f"{name}.json"
    return DreamReader(parse_json(EDITIONS.read_text(name), source), source).read(name)


class DreamReader(EditionReader):
    """Reads and checks an Ada's Dream edition file."""

    def sub(self, key: str, kind: type = dict) -> Any:
        return self.get(key, kind)

    def effect(self, data: Any, entry: str) -> Effect:
        if not isinstance(data, dict):
            raise self.fail(entry, Text(N_("must be an object of gains, e.g. {example}"),
                                        example='{"money": 2}'))
        for key, value in data.items():
            if key in ("pay", "then"):
                continue
            if key not in EFFECT_KEYS:
                raise self.fail(f"{entry}.{key}", Text(N_("is not an effect; effects are "
                                                          "{choices}"),
                                                       choices=", ".join(EFFECT_KEYS)),
                                reason="unknown-effect")
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise self.fail(f"{entry}.{key}", Text(N_("must be a whole number from 1, not "
                                                          "{value!r}"), value=value))
        if ("pay" in data) != ("then" in data):
            raise self.fail(entry, N_('a payment needs both "pay" and "then"'))
        if "pay" in data:
            for key in data["pay"]:
                if key not in RESOURCES:
                    raise self.fail(f"{entry}.pay.{key}", N_("pay in money, coal, brass or books"))
            self.effect(data["then"], f"{entry}.then")
        return Effect.of(data)

    def partner(self, data: Any, entry: str) -> Partner:
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            raise self.fail(entry, N_('each card needs an "id"'))
        science = data.get("science")
        try:
            sci = None if science is None else Science(science)
        except ValueError:
            raise self.fail(f"{entry}.science", Text(N_("{science!r} is not a Science"),
                                                     science=science)) from None
        faces = tuple(data.get("faces", ()))
        cost = data.get("cost")
        if bool(faces) == (cost is not None) or cost not in (None, "lower", "pay") \
                or not all(isinstance(f, int) and 1 <= f <= 6 for f in faces):
            raise self.fail(entry, N_('give either "faces" (1 to 6) or a "cost" '
                                      '("lower" or "pay")'))
        return Partner(data["id"], Words.of(data["name"]), Words.of(data["who"]), sci, faces,
                       cost, int(data.get("prestige", 0)),
                       self.effect(data.get("effect", {}), f"{entry}.effect"))

    def read(self, name: str) -> Edition:
        data = self.data
        dice = self.sub("dice")
        research = self.sub("research")
        tracks = []
        for colour in COLOURS:
            spaces = research.get(colour.value, {})
            marks = []
            for space, mark in sorted(spaces.items(), key=lambda kv: int(kv[0])):
                marks.append(Breakthrough(int(space), mark.get("level"),
                                          self.effect(mark["reward"],
                                                      f"research.{colour}.{space}")))
            if len(marks) != 3 or [b.level for b in marks if b.level] != ["I", "II"]:
                raise self.fail(f"research.{colour}", N_("give three ! spaces, two of them "
                                                         "marked level I and II"))
            tracks.append(Track(colour, int(research["spaces"]), tuple(marks)))
        areas = []
        for area in Area:
            rule = self.sub("areas")[area.value]
            one, two = (self.effect(e, f"areas.{area}.advanced") for e in rule["advanced"])
            areas.append(AreaRule(area, (one, two), self.effect(rule["publish"],
                                                                 f"areas.{area}.publish")))
        starting = []
        for i, card in enumerate(self.sub("starting_partners", list)):
            partner = self.partner(card, f"starting_partners[{i}]")
            starting += [partner] * int(card.get("copies", 1))
        start = self.sub("start")
        edition = Edition(
            name=name, title=Words.of(data.get("title", name)),
            dice=tuple((Colour(k), int(v)) for k, v in dice.items()),
            workshop_spaces=self.get("workshop_spaces", int),
            store_slots=self.get("store_slots", int), hand_size=self.get("hand_size", int),
            discs=self.get("discs", int), display_spaces=self.get("display_spaces", int),
            start=tuple((r, int(start.get(r, 0))) for r in RESOURCES),
            seat_money=int(start.get("seat_money", 0)),
            bonus_cost=self.get("innovation_bonus_cost", int),
            innovation_scores=tuple(sorted((int(k), int(v)) for k, v in
                                           self.sub("innovation_scores").items())),
            majority=tuple(self.sub("institution_majority", list)),
            scoring_tokens=tuple(self.sub("scoring_tokens", list)),
            tracks=tuple(tracks), areas=tuple(areas), starting=tuple(starting),
            partners=tuple(self.partner(c, f"partners[{i}]")
                           for i, c in enumerate(self.sub("partners", list))),
            assignments=tuple(
                Assignment(a["id"], tuple(Colour(c) for c in a["colours"]),
                           int(a.get("discard", 0)),
                           self.effect(a["effect"], f"assignments[{i}].effect"))
                for i, a in enumerate(self.sub("assignments", list))),
            programs=tuple(self._program(p, i) for i, p in
                           enumerate(self.sub("programs", list))),
            map=tuple(Location(m["id"], m["kind"], Words.of(m["name"]), int(m["distance"]),
                               self.effect(m["reward"], f"map[{i}].reward"))
                      for i, m in enumerate(self.sub("map", list))),
            institutions=tuple(Institution(m["id"], Words.of(m["name"]), m["resource"],
                                           int(m["divide"]))
                               for m in self.sub("institutions", list)),
            gears=tuple(Gear(g["id"], Words.of(g["name"]), tuple(g["cost"].items()),
                             int(g["prestige"]), g.get("lasting"))
                        for g in self.sub("gears", list)),
            bonuses=tuple((b["id"], self.effect(b["effect"], f"workshop_bonuses[{i}]"))
                          for i, b in enumerate(self.sub("workshop_bonuses", list))),
            **self._mill_turn(data.get("mill_turn")),
        )
        self._check(edition)
        return edition

    def _mill_turn(self, data: Any) -> dict[str, Any]:
        """The Mill turn's cost (``{"pay": {"money": 1}}``; ``{}``: free) and ``"at"``, when
        it is offered (``["store", "mill"]``; default the Mill only); none when absent."""
        if data is None:
            return {}
        pay = data.get("pay", {}) if isinstance(data, dict) else None
        if not isinstance(pay, dict) or set(data) - {"pay", "at"}:
            raise self.fail("mill_turn", Text(N_("must be an object with what turning a die "
                                                 "costs, e.g. {example}"),
                                              example='{"pay": {"money": 1}}'))
        at = data.get("at", ["mill"])
        if not isinstance(at, list) or not at or not set(at) <= {"mill", "store"}:
            raise self.fail("mill_turn.at", N_('is a list of "mill" and "store"'))
        for key, value in pay.items():
            if key not in RESOURCES:
                raise self.fail(f"mill_turn.pay.{key}", N_("pay in money, coal, brass or books"))
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise self.fail(f"mill_turn.pay.{key}", Text(N_("must be a whole number from "
                                                                "1, not {value!r}"), value=value))
        return {"mill_turn": tuple((k, int(v)) for k, v in pay.items()),
                "mill_turn_at": tuple(at)}

    def _program(self, data: dict[str, Any], i: int) -> ProgramCard:
        try:
            rule = Rule(data["rule"])
        except (KeyError, ValueError):
            raise self.fail(f"programs[{i}].rule", Text(N_("is not a rule; rules are {choices}"),
                                                        choices=", ".join(r.value for r in Rule))
                            ) from None
        value = data.get("value")
        if (rule in (Rule.TOTAL, Rule.AT_LEAST)) != isinstance(value, int):
            raise self.fail(f"programs[{i}].value", N_("total and at_least need a number, "
                                                       "the other rules none"))
        return ProgramCard(data["id"], rule, value, int(data["prestige"]))

    def _check(self, ed: Edition) -> None:
        if len(ed.starting) != 8:
            raise self.fail("starting_partners", N_("the copies must make exactly eight cards"))
        kinds = (ed.partners, ed.assignments, ed.programs, ed.map, ed.institutions, ed.gears)
        for items, entry in zip(kinds, ("partners", "assignments", "programs", "map",
                                        "institutions", "gears"), strict=False):
            ids = [item.id for item in items]
            twice = next((x for x in ids if ids.count(x) > 1), None)
            if twice is not None:
                raise self.fail(entry, Text(N_("the id {twice!r} is used twice"), twice=twice),
                                reason="duplicate")
        for gear in ed.gears:
            if gear.lasting not in (None, *LASTING):
                raise self.fail(f"gears.{gear.id}.lasting",
                                Text(N_("is one of {choices}"), choices=", ".join(LASTING)))
        for inst in ed.institutions:
            if inst.resource not in RESOURCES:
                raise self.fail(f"institutions.{inst.id}.resource",
                                N_("is money, coal, brass or books"))
