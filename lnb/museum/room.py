"""A museum room: a whole class plays one seed at once, each pupil on their own map.

A roll-and-write takes any number of players: everyone gets the same dice turn by turn (the
dice of a turn come from the seed and the turn's number, :class:`lnb.museum.state.MuseumChance`,
as in the daily challenge) and places on their own map. A :class:`MuseumRoom` is the room's
rules as data: the seed, the edition, the *hold* (the turn the class may not play yet: the
teacher's "wait for everyone at turn 7") and how many pupils it takes. It replays a pupil's
moves to their :class:`~lnb.museum.state.State`, checks a new move (the game's own refusal, or
``held``), and reads the class's progress, histogram and best maps from the states. It keeps
nothing: :mod:`classroom.museum_rooms` keeps the rooms in the store.

>>> room = MuseumRoom(seed=1)
>>> room.roll(1), room.roll(2)
((2, 6), (4, 6))
>>> state = room.play(room.new_state(), "place 6b r0 @A4")
>>> state.history, state.hand
([Place.parse('place 6b r0 @A4')], (2,))
>>> held = room.holding(1)
>>> held.play(state, "place 2a r0 @C1")
Traceback (most recent call last):
...
lnb.museum.room.RoomRuleError: the class is held at turn 1: wait until the teacher lets it go on
>>> held.is_held(state), held.released().is_held(state)
(True, False)
>>> progress("Ada", state).turn, standings([progress("Ada", state)])[0].rank
(1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from lnb.core.errors import LnbError
from lnb.core.i18n import N_
from lnb.museum.actions import Action, Place, Wild, parse_action
from lnb.museum.daily import band_counts
from lnb.museum.state import Game, MuseumChance, State

#: The most pupils one room takes (a class).
CAPACITY = 32
#: How many of the class's best maps are shown at the end.
BEST_SHOWN = 3


class RoomRuleError(LnbError):
    """A move or a room the rules refuse; ``reason`` says which (``held``, ``game-over``,
    ``bad-hold``, ``bad-capacity``, ``bad-move``), with fields (``turn``, ``hold``...)."""


@dataclass(frozen=True)
class MuseumRoom:
    """A museum room's rules: one ``seed`` for everyone, the ``edition``, the ``hold`` (None:
    nobody waits; a turn: no pupil plays that turn or a later one) and the ``capacity``.

    >>> MuseumRoom(seed=5, hold=0)
    Traceback (most recent call last):
    ...
    lnb.museum.room.RoomRuleError: hold 0: a turn is a whole number from 1 (or no hold)
    """

    seed: int
    edition: str = "standard"
    hold: int | None = None
    capacity: int = CAPACITY

    def __post_init__(self) -> None:
        if self.hold is not None and (not isinstance(self.hold, int)
                                      or isinstance(self.hold, bool) or self.hold < 1):
            raise RoomRuleError(N_("hold {hold!r}: a turn is a whole number from 1 (or no "
                                   "hold)"), hold=self.hold, text=str(self.hold),
                                reason="bad-hold")
        if not isinstance(self.capacity, int) or not 1 <= self.capacity <= CAPACITY:
            raise RoomRuleError(N_("capacity {capacity!r}: a room takes 1 to {most} pupils"),
                                capacity=self.capacity, most=CAPACITY,
                                text=str(self.capacity), reason="bad-capacity")

    @cached_property
    def game(self) -> Game:
        """The game every pupil of the room plays (its seed and edition)."""
        return Game(self.edition, self.seed)

    # -- the dice ------------------------------------------------------------------------
    def roll(self, turn: int, count: int | None = None) -> tuple[int, ...]:
        """The dice of ``turn`` (from 1) for everyone, sorted, as a museum game of this seed
        rolls them (``count`` dice: the edition's per turn unless given; a turn with one die
        left in the Reserve rolls one)."""
        count = self.game.museum.per_turn if count is None else count
        return tuple(sorted(MuseumChance(self.seed).roll(f"turn {turn}", count)))

    def rolls(self, turns: int) -> list[tuple[int, ...]]:
        """The dice of turns 1 to ``turns`` (the edition's count each).

        >>> MuseumRoom(seed=1).rolls(3)
        [(2, 6), (4, 6), (4, 6)]
        """
        return [self.roll(t) for t in range(1, turns + 1)]

    # -- a pupil's map -------------------------------------------------------------------
    def new_state(self) -> State:
        """A new map of this room's game (turn 1's dice in hand)."""
        return self.game.new_initial_state()

    def replay(self, actions: Iterable[Action | str], start: State | None = None) -> State:
        """A pupil's map: their moves (kept when they were checked) applied in order, from
        ``start`` (a new map when None; it is not changed). A move that does not apply is
        refused with ``bad-move`` and its index (``entry``), as a damaged record would be.

        >>> MuseumRoom(seed=1).replay(["place 6b r0 @A4", "place 2a r0 @C1"]).turn
        2
        >>> MuseumRoom(seed=1).replay(["skip 4"])
        Traceback (most recent call last):
        ...
        lnb.museum.room.RoomRuleError: move 1 'skip 4' cannot be played: no die showing 4 in hand (you hold 2, 6)
        """  # noqa: E501
        state = start.clone() if start is not None else self.new_state()
        base = len(state.history)
        for index, action in enumerate(actions):
            try:
                state.apply_action(action)
            except LnbError as exc:
                raise RoomRuleError(N_("move {number} {move!r} cannot be played: {why}"),
                                    number=base + index + 1, move=str(action), why=exc.message,
                                    entry=base + index, text=str(action),
                                    reason="bad-move") from exc
        return state

    def is_held(self, state: State) -> bool:
        """True when the pupil waits: the class is held at a turn they have reached."""
        return (self.hold is not None and not state.is_terminal()
                and state.turn >= self.hold)

    def check(self, state: State, action: Action | str) -> Action:
        """The action, parsed, if this pupil may play it now; else the reason: ``held``
        (the class waits at the hold), ``game-over``, or the game's own refusal."""
        if isinstance(action, str):
            action = parse_action(action)
        if state.is_terminal():
            raise RoomRuleError(N_("your map is finished: there is nothing more to play"),
                                reason="game-over", text=str(action))
        if self.is_held(state):
            raise RoomRuleError(N_("the class is held at turn {hold}: wait until the teacher "
                                   "lets it go on"), hold=self.hold, turn=state.turn,
                                text=str(action), reason="held")
        return action

    def play(self, state: State, action: Action | str) -> State:
        """A new state: ``state`` (not changed) after ``action``, or the reason it may not
        be played (:meth:`check`, then the game's refusal, which carries its fields)."""
        action = self.check(state, action)
        after = state.clone()
        after.apply_action(action)
        return after

    def undone(self, state: State) -> State:
        """A new state without the pupil's last move, if it is a shape placed in the turn
        they are on (taking it back shows no dice they have not seen); else ``cannot-undo``.

        >>> room = MuseumRoom(seed=1)
        >>> room.undone(room.play(room.new_state(), "place 6b r0 @A4")).history
        []
        >>> room.undone(room.new_state())
        Traceback (most recent call last):
        ...
        lnb.museum.room.RoomRuleError: only the last shape placed in this turn can be taken back
        """
        this_turn = state.this_turn()
        if state.is_terminal() or not this_turn or not isinstance(this_turn[-1], (Place, Wild)):
            raise RoomRuleError(N_("only the last shape placed in this turn can be taken back"),
                                turn=state.turn, reason="cannot-undo")
        return state.undone()

    # -- the teacher's hold --------------------------------------------------------------
    def holding(self, turn: int) -> MuseumRoom:
        """This room with the class held at ``turn`` (no pupil plays it, or a later one)."""
        return replace(self, hold=turn)

    def released(self) -> MuseumRoom:
        """This room with no hold."""
        return replace(self, hold=None)

    def setup(self) -> dict[str, Any]:
        """The room's rules as data (JSON), read back by :meth:`from_setup`.

        >>> MuseumRoom.from_setup(MuseumRoom(seed=3, hold=4).setup())
        MuseumRoom(seed=3, edition='standard', hold=4, capacity=32)
        """
        return {"seed": self.seed, "edition": self.edition, "hold": self.hold,
                "capacity": self.capacity}

    @classmethod
    def from_setup(cls, data: dict[str, Any]) -> MuseumRoom:
        return cls(seed=int(data["seed"]), edition=str(data.get("edition", "standard")),
                   hold=data.get("hold"), capacity=int(data.get("capacity", CAPACITY)))


@dataclass(frozen=True)
class Progress:
    """How far one pupil has got: the turn they are on, the time boxes checked, the score
    so far, whether they finished and how many moves they made."""

    name: str
    turn: int
    boxes: int
    score: int
    finished: bool
    moves: int

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "turn": self.turn, "boxes": self.boxes,
                "score": self.score, "finished": self.finished, "moves": self.moves}


def progress(name: str, state: State) -> Progress:
    """A pupil's progress, read from their map."""
    return Progress(name, state.turn, state.boxes_checked, state.score().total,
                    state.is_terminal(), len(state.history))


@dataclass(frozen=True)
class Standing:
    """A pupil's place in the class: ``rank`` 1 is the best score (ties share a rank)."""

    rank: int
    progress: Progress


def standings(pupils: Iterable[Progress]) -> list[Standing]:
    """The class by score, best first (ties share a rank, then by name).

    >>> rows = standings([Progress("Bo", 3, 1, 12, False, 5), Progress("Al", 4, 1, 12, False, 7),
    ...                   Progress("Cy", 2, 0, 4, False, 2)])
    >>> [(s.rank, s.progress.name) for s in rows]
    [(1, 'Al'), (1, 'Bo'), (3, 'Cy')]
    """
    ordered = sorted(pupils, key=lambda p: (-p.score, p.name))
    found: list[Standing] = []
    for index, pupil in enumerate(ordered):
        rank = found[-1].rank if found and found[-1].progress.score == pupil.score \
            else index + 1
        found.append(Standing(rank, pupil))
    return found


def histogram(pupils: Iterable[Progress], finished_only: bool = False) -> tuple[int, ...]:
    """How many pupils' scores fall in each band of the verdict chart (lowest first), of
    those who finished when ``finished_only``.

    >>> histogram([Progress("Al", 15, 5, 62, True, 40), Progress("Bo", 9, 3, 31, False, 20)])
    (0, 1, 0, 0, 1, 0)
    """
    return band_counts(p.score for p in pupils if p.finished or not finished_only)


def turn_counts(pupils: Iterable[Progress]) -> dict[int, int]:
    """How many pupils are on each turn (the finished ones under 0), for the live panel.

    >>> turn_counts([Progress("Al", 3, 1, 9, False, 5), Progress("Bo", 3, 1, 4, False, 6),
    ...              Progress("Cy", 15, 5, 40, True, 30)])
    {0: 1, 3: 2}
    """
    counts: dict[int, int] = {}
    for p in pupils:
        key = 0 if p.finished else p.turn
        counts[key] = counts.get(key, 0) + 1
    return dict(sorted(counts.items()))


@dataclass(frozen=True)
class BestMap:
    """One of the class's best finished maps: its place, score, the map as text, and the
    pupil's name only when the teacher shows names (else ``None``)."""

    rank: int
    score: int
    name: str | None
    map_text: str


def best_maps(finished: Sequence[tuple[str, State]], show_names: bool = False,
              count: int = BEST_SHOWN) -> list[BestMap]:
    """The ``count`` best finished maps of ``finished`` (``(name, state)`` pairs), best
    first; the names hidden unless ``show_names``.

    >>> room = MuseumRoom(seed=1)
    >>> [m.name for m in best_maps([("Al", room.new_state())])]
    []
    """
    done = [(name, s) for name, s in finished if s.is_terminal()]
    done.sort(key=lambda item: (-item[1].score().total, item[0]))
    shown = []
    for name, state in done[:count]:
        rank = 1 + sum(1 for _n, s in done if s.score().total > state.score().total)
        shown.append(BestMap(rank, state.score().total, name if show_names else None,
                             state.text()))
    return shown


# -- the refusals of a room in the store (classroom.museum_rooms), with their fields ---------
def no_such_room(code: str) -> RoomRuleError:
    """No museum room has this code."""
    return RoomRuleError(N_("No museum room {code}: check the code on the board."), code=code,
                         reason="no-such-room")


def not_in_room(code: str) -> RoomRuleError:
    """A pupil who has not joined reads or plays a map of the room."""
    return RoomRuleError(N_("You have not joined museum room {code}: join it with its code "
                            "first."), code=code, reason="not-your-map")


def other_class(code: str) -> RoomRuleError:
    return RoomRuleError(N_("Museum room {code} is another class's: join your class first, "
                            "or ask your teacher for your room's code."), code=code,
                         reason="other-class")


def room_full(code: str, capacity: int) -> RoomRuleError:
    return RoomRuleError(N_("Museum room {code} is full ({capacity} pupils): ask your teacher "
                            "to open another one."), code=code, capacity=capacity,
                         reason="room-full")


def room_over(code: str) -> RoomRuleError:
    return RoomRuleError(N_("Museum room {code} is over: nothing more can be played in it."),
                         code=code, reason="room-over")


def map_moved_on(code: str, expected: int, moves: int) -> RoomRuleError:
    """Another page of the same pupil played meanwhile: the page reads the map again."""
    return RoomRuleError(N_("Your map changed on another page ({moves} moves, this page had "
                            "{expected}): it is shown as it is now."), code=code,
                         expected=expected, moves=moves, reason="map-moved-on")


def not_host(code: str) -> RoomRuleError:
    return RoomRuleError(N_("Only the teacher or the pupil who opened museum room {code} can "
                            "do that."), code=code, reason="not-host")


def no_free_code() -> RoomRuleError:
    return RoomRuleError(N_("No free room code was found: try again."), reason="no-free-code")
