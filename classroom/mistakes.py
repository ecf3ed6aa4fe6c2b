"""The teacher's pooled mistakes: each pupil's costliest kinds of mistake across their finished
games, and the class's pooled (issue 32, item 4). Names no game: it loops over the games'
hooks.

A finished game is a table that is over (:mod:`classroom.rooms`) or a pupil's finished map
in a class room (:mod:`classroom.museum_rooms`), of a game with a ``review`` hook
(:mod:`lnb.core.review`). A review costs about a second of CPU, so each finished game is
reviewed once, by :func:`review_waiting` (the dashboard's button, with its progress), and
what it found is kept in the table ``game_mistakes`` (one row per game and pupil: each kind
of mistake with how often and how many points it cost, as JSON; made on first use, on
either engine). :func:`class_mistakes` only reads what is kept, and says how many finished
games wait for their review. A daily challenge keeps only scores (no moves): it is not
reviewed.

Everything is read with the teacher key (checked by
:meth:`classroom.identity.Classroom.check_teacher`: a wrong one raises its ``IdentityError``);
a pupil is named by their name in the class list, as the dashboard names them elsewhere.

>>> from classroom.identity import Classroom
>>> from classroom.museum_rooms import MuseumRooms
>>> from classroom.store import Store
>>> room = Classroom(Store(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> ali = room.join(made.code, "Ali", made.cards[0].secret).pupil
>>> [len(class_mistakes(room, made.code, made.teacher_key).pupils),
...  len(waiting(room, made.code, made.teacher_key))]
[0, 0]
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from classroom.engines import Connection
from classroom.identity import Classroom
from classroom.museum_rooms import HOOK as CLASS_ROOM_HOOK
from classroom.museum_rooms import MuseumRooms
from classroom.rooms import RoomStore
from classroom.store import Store, StoreConflict
from lnb.core.game import games, get
from lnb.core.messages import Text
from lnb.core.review import Kind, Review, kind_named, review

LOG = logging.getLogger(__name__)
TABLE = ("CREATE TABLE IF NOT EXISTS game_mistakes ("
         " source TEXT NOT NULL,"
         " pupil TEXT NOT NULL,"
         " game TEXT NOT NULL,"
         " kinds TEXT NOT NULL,"
         " failed INTEGER NOT NULL DEFAULT 0,"
         " at REAL NOT NULL,"
         " PRIMARY KEY (source, pupil))")
#: How many moments a review keeps per person here: all of them (the kinds count every
#: costly choice, not only the three a pupil reads).
EVERY = 10_000
#: The row that marks a game reviewed when none of its players is a pupil (computers only).
NOBODY = ""


@dataclass(frozen=True)
class KindTally:
    """One kind of mistake added up: how many costly choices (``count``), the points they
    cost, and (pooled for the class) how many pupils made it.

    >>> t = KindTally("other", 2, 9)
    >>> t.kind.key, str(t.text), t.pupils
    ('other', 'another choice', 1)
    """

    key: str
    count: int
    points: int
    pupils: int = 1

    @property
    def kind(self) -> Kind:
        return kind_named(self.key)

    @property
    def text(self) -> Text:
        """The kind's words, in the language of the moment it is shown."""
        return self.kind.text


@dataclass(frozen=True)
class PupilMistakes:
    """A pupil's kinds of mistake over their reviewed games, costliest first."""

    name: str
    games: int
    kinds: tuple[KindTally, ...]


@dataclass(frozen=True)
class ClassMistakes:
    """The class's pupils' mistakes (pupils in the class list's order; those with a
    reviewed game), the kinds pooled for the class (costliest first) and how many finished
    games still wait for their review."""

    pupils: tuple[PupilMistakes, ...]
    pooled: tuple[KindTally, ...]
    waiting: int


@dataclass(frozen=True)
class FinishedGame:
    """A finished game of the class to review: ``source`` names it in the store
    (``table:<code>``, ``room:<code>:<pupil>``); ``load()`` gives its record and which
    pupil played each reviewed name (``{name: pupil key}``)."""

    source: str
    game: str
    load: Callable[[], tuple[Any, dict[str, str]]] = field(repr=False, compare=False)


def costliest(totals: Mapping[str, tuple[int, int]]) -> tuple[KindTally, ...]:
    """Kinds by the points they cost, then how often (``{key: (count, points)}``).

    >>> [t.key for t in costliest({"a": (1, 2), "b": (3, 5), "c": (4, 2)})]
    ['b', 'c', 'a']
    """
    return tuple(sorted((KindTally(k, c, p) for k, (c, p) in totals.items()),
                        key=lambda t: (-t.points, -t.count, t.key)))


def tally(reviewed: Review) -> dict[str, dict[str, tuple[int, int]]]:
    """Each reviewed person's kinds: ``{name: {kind key: (count, points)}}``."""
    found: dict[str, dict[str, tuple[int, int]]] = {}
    for name in reviewed.players:
        kinds: dict[str, tuple[int, int]] = {}
        for moment in reviewed.moments.get(name, ()):
            count, points = kinds.get(moment.kind.key, (0, 0))
            kinds[moment.kind.key] = (count + 1, points + moment.cost)
        found[name] = kinds
    return found


# -- the store ---------------------------------------------------------------------------------

class _Table:
    """The ``game_mistakes`` table of one store, made on first use (two kernels of
    PostgreSQL making it at the same moment: one clashes, and finds it made when it tries
    again)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.made = False

    def ensure(self) -> None:
        if not self.made:
            try:
                self.store.write(lambda conn: conn.execute(TABLE), keep=False)
            except StoreConflict:
                self.store.write(lambda conn: conn.execute(TABLE), keep=False)
            self.made = True


def _ensure(store: Store) -> None:
    store.owner("game_mistakes", _Table).ensure()


def _reviewed(conn: Connection) -> set[str]:
    return {str(r[0]) for r in conn.execute("SELECT DISTINCT source FROM game_mistakes")}


def _keep(store: Store, game: FinishedGame, rows: Mapping[str, dict[str, tuple[int, int]]],
          failed: bool, now: float) -> None:
    def work(conn: Connection) -> None:
        conn.execute("DELETE FROM game_mistakes WHERE source = ?", (game.source,))
        for pupil, kinds in (rows.items() if rows else [(NOBODY, {})]):
            conn.execute("INSERT INTO game_mistakes (source, pupil, game, kinds, failed, at) "
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         (game.source, pupil, game.game,
                          json.dumps({k: list(v) for k, v in sorted(kinds.items())}),
                          int(failed), now))

    store.write(work, keep=False)


# -- finished games ----------------------------------------------------------------------------

def finished_games(classroom: Classroom, class_code: str, teacher_key: str
                   ) -> tuple[FinishedGame, ...]:
    """The class's finished games of games with a review (the teacher key checked): its
    tables that are over, then its pupils' finished maps in class rooms."""
    info = classroom.check_teacher(class_code, teacher_key)
    return _finished(classroom.store, info.code)


def _finished(store: Store, class_code: str) -> tuple[FinishedGame, ...]:
    reviewable = {g.name for g in games() if g.has("review")}
    found: list[FinishedGame] = []
    tables = RoomStore(store)
    rows = store.read_shared(lambda conn: conn.execute(
        "SELECT code, game FROM rooms WHERE class_code = ? AND status = ? ORDER BY created, "
        "code", (class_code, "over")).fetchall())
    for code, game in rows:
        if game in reviewable:
            found.append(FinishedGame(f"table:{code}", str(game),
                                      lambda c=str(code): _table(tables, c)))
    for game in games():
        if game.has(CLASS_ROOM_HOOK) and game.name in reviewable:
            rooms = MuseumRooms(store)
            maps = store.read_shared(lambda conn: conn.execute(
                "SELECT p.code, p.pupil FROM museum_room_pupils p JOIN museum_rooms r "
                "ON r.code = p.code WHERE r.class_code = ? AND p.finished = 1 "
                "ORDER BY r.created, p.joined", (class_code,)).fetchall())
            for code, pupil in maps:
                found.append(FinishedGame(
                    f"room:{code}:{pupil}", game.name,
                    lambda c=str(code), p=str(pupil), g=game.name, r=rooms: _room_map(r, g, c, p)))
            break  # the store keeps the class rooms of the one game that gives the hook
    return tuple(found)


def _table(tables: RoomStore, code: str) -> tuple[Any, dict[str, str]]:
    """A table's record and its pupils by player name (computers' seats left out)."""
    play = tables.play(code)
    seats = {name: seat for name, seat in zip(play.state.names, play.setup.players,
                                              strict=False)}
    return play.to_record(), {name: s.pupil for name, s in seats.items() if s.pupil}


def _room_map(rooms: MuseumRooms, game: str, code: str, pupil: str
              ) -> tuple[Any, dict[str, str]]:
    """A pupil's map in a class room as a record of its game, and the pupil."""
    state = rooms.my_map(code, pupil)  # type: ignore[arg-type]
    record = get(game).records.write(state)
    return record, {str(name): pupil for name in state.names}


def waiting(classroom: Classroom, class_code: str, teacher_key: str
            ) -> tuple[FinishedGame, ...]:
    """The class's finished games not reviewed yet (the teacher key checked)."""
    info = classroom.check_teacher(class_code, teacher_key)
    return _waiting(classroom.store, info.code)


def _waiting(store: Store, class_code: str) -> tuple[FinishedGame, ...]:
    found = _finished(store, class_code)
    _ensure(store)
    done = store.read_shared(_reviewed)
    return tuple(g for g in found if g.source not in done)


def review_waiting(classroom: Classroom, class_code: str, teacher_key: str, *,
                   progress: Callable[[int, int], None] | None = None,
                   most: int | None = None, clock: Callable[[], float] = time.time) -> int:
    """Review the class's finished games not reviewed yet (at most ``most``), keeping each
    one's kinds as soon as it is done; ``progress(done, total)`` after each. How many were
    reviewed. A game whose record cannot be read or reviewed is kept as failed (never tried
    again)."""
    todo = list(waiting(classroom, class_code, teacher_key))[:most]
    for done, game in enumerate(todo, start=1):
        rows: dict[str, dict[str, tuple[int, int]]] = {}
        failed = False
        try:
            record, pupils = game.load()
            by_name = tally(review(game.game, record, keep=EVERY))
            rows = {pupils[name]: kinds for name, kinds in by_name.items() if name in pupils}
            if not rows and len(by_name) == len(pupils) == 1:  # one player, named otherwise
                rows = {next(iter(pupils.values())): next(iter(by_name.values()))}
        except Exception:  # a damaged record, or a review that breaks: kept as failed
            LOG.warning("finished game %s cannot be reviewed", game.source, exc_info=True)
            failed = True
        _keep(classroom.store, game, rows, failed, clock())
        if progress is not None:
            progress(done, len(todo))
    return len(todo)


def class_mistakes(classroom: Classroom, class_code: str, teacher_key: str,
                   most: int | None = None) -> ClassMistakes:
    """What the reviews kept of the class (the teacher key checked; nothing is reviewed
    here): each pupil's kinds (the ``most`` costliest), the class's pooled, and how many
    finished games wait."""
    info = classroom.check_teacher(class_code, teacher_key)
    left = len(_waiting(classroom.store, info.code))
    pupils = classroom.store.read_shared(lambda conn: [(str(k), str(n)) for k, n in conn.execute(
        "SELECT pupil, name FROM class_pupils WHERE class_code = ? ORDER BY rowid",
        (info.code,)).fetchall()])
    rows: list[Sequence[Any]] = classroom.store.read_shared(lambda conn: conn.execute(
        "SELECT m.pupil, m.kinds FROM game_mistakes m JOIN class_pupils c ON c.pupil = m.pupil "
        "WHERE m.failed = 0 AND c.class_code = ?", (info.code,)).fetchall())
    games_of: dict[str, int] = {}
    kinds_of: dict[str, dict[str, tuple[int, int]]] = {}
    for pupil, kinds in rows:
        games_of[pupil] = games_of.get(pupil, 0) + 1
        mine = kinds_of.setdefault(pupil, {})
        with suppress(ValueError, TypeError, AttributeError):  # a damaged row adds nothing
            for key, (count, points) in json.loads(kinds).items():
                had = mine.get(key, (0, 0))
                mine[key] = (had[0] + int(count), had[1] + int(points))
    shown = tuple(PupilMistakes(name, games_of[key], costliest(kinds_of[key])[:most])
                  for key, name in pupils if key in games_of)
    return ClassMistakes(shown, pooled(kinds_of.values()), left)


def pooled(each: Iterable[Mapping[str, tuple[int, int]]]) -> tuple[KindTally, ...]:
    """The kinds of several pupils added up, with how many pupils made each.

    >>> [(t.key, t.count, t.points, t.pupils) for t in pooled([{"a": (1, 2)},
    ...                                                       {"a": (2, 3), "b": (1, 9)}])]
    [('b', 1, 9, 1), ('a', 3, 5, 2)]
    """
    totals: dict[str, tuple[int, int, int]] = {}
    for kinds in each:
        for key, (count, points) in kinds.items():
            c, p, n = totals.get(key, (0, 0, 0))
            totals[key] = (c + count, p + points, n + 1)
    return tuple(sorted((KindTally(k, c, p, n) for k, (c, p, n) in totals.items()),
                        key=lambda t: (-t.points, -t.count, t.key)))


__all__ = ["ClassMistakes", "FinishedGame", "KindTally", "PupilMistakes", "class_mistakes",
           "costliest", "finished_games", "pooled", "review_waiting", "tally", "waiting"]
