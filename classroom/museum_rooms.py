"""Museum rooms in the classroom store: a whole class plays one seed, each pupil on their own
map (the rules: the game's ``class_room`` hook, :func:`rules`, e.g. :mod:`lnb.museum.room`;
this module only keeps them, on either engine, and names no game).

A room is three tables this module makes on first use (in SQL both engines run, see
:mod:`classroom.engines`): ``museum_rooms`` (the code, the rules as JSON with the teacher's
hold, the class, the host's key as a hash, whether names are shown, the status and a
``version`` every change bumps), ``museum_room_pupils`` (who joined, and how far each has got:
turn, boxes, score, finished, moves; written with each move) and ``museum_room_moves`` (each
pupil's moves in order, in the game's text form). A page polls ``version(code)`` (one cheap
``SELECT``) and reads again when it changed.

A pupil only ever reads and writes their own map (:meth:`MuseumRooms.my_map`,
:meth:`~MuseumRooms.place`, :meth:`~MuseumRooms.undo`); the others' maps reach them only as
the class's progress, histogram and best maps (names hidden unless the host shows them:
:meth:`~MuseumRooms.class_view`). The host (the pupil who opened the room, or whoever holds
the key :meth:`~MuseumRooms.open_room` returned, e.g. the teacher's dashboard) holds the class
at a turn, releases it, shows the names and ends the room. Every refusal is a
:class:`lnb.museum.room.RoomRuleError` (or the game's own refusal) with ``reason`` and fields
(``no-such-room``, ``not-your-map``, ``other-class``, ``room-full``, ``room-over``,
``map-moved-on``, ``held``, ``game-over``, ``cannot-undo``, ``not-host``, ``bad-hold``).

>>> from classroom.store import Store
>>> from classroom.identity import Pupil
>>> rooms = MuseumRooms(Store(":memory:"), clock=lambda: 100.0)
>>> opened = rooms.open_room(None, seed=1)
>>> ada, bo = Pupil.from_nickname("ada"), Pupil.from_nickname("bo")
>>> rooms.join(opened.code, ada, "Ada").turn, rooms.join(opened.code, bo, "Bo").turn
(1, 1)
>>> rooms.place(opened.code, ada, "place 6b r0 @A4", expected=0).hand
(2,)
>>> rooms.hold(opened.code, 1, by=opened.host_key).hold
1
>>> rooms.place(opened.code, bo, "place 6b r0 @A4", expected=0)
Traceback (most recent call last):
...
lnb.museum.room.RoomRuleError: the class is held at turn 1: wait until the teacher lets it go on
>>> [(p.name, p.moves) for p in rooms.class_view(opened.code).pupils]
[('Ada', 1), ('Bo', 0)]
>>> rooms.my_map(opened.code, bo).history
[]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from classroom.engines import Connection
from classroom.identity import Classroom, IdentityError, Pupil, class_of, new_code, normalize_code
from classroom.notify import Waiter, class_channel, notifier_for, room_channel
from classroom.store import Store, StoreAway
from lnb.core.errors import GameError, LnbError
from lnb.core.game import GameType, games
from lnb.core.i18n import N_
from lnb.core.rooms import CODE_LENGTH, normalize_room_code

#: The game hook that gives a class room's rules: a module with ``MuseumRoom`` (the rules as
#: data: ``from_setup``, ``setup``, ``replay``, ``play``, ``undone``, ``holding``,
#: ``released``, ``is_held``), ``Progress``, ``CAPACITY``, ``histogram``, ``turn_counts``,
#: ``best_maps``, ``standings`` and the refusals (``no_such_room``...). This module names no
#: game: it asks the games for the hook (the museum gives it, ``lnb/museum/define.py``).
HOOK = "class_room"
#: A pupil's map, a best map, a pupil's progress, a room's rules: the game's own types.
State = Progress = BestMap = MuseumRoom = Any


def class_room_game() -> GameType:
    """The game whose class rooms the store keeps: the first that gives a ``class_room``
    hook.

    >>> class_room_game().has(HOOK)
    True
    """
    for game in games():
        if game.has(HOOK):
            return game
    raise GameError(N_("no game gives a {hook}"), hook=HOOK, reason="no-hook")


def rules() -> Any:
    """The class room's rules (the module the game's ``class_room`` hook names).

    >>> rules().CAPACITY
    32
    """
    return class_room_game().hook(HOOK)

#: The tables, made on first use by :func:`ensure_tables` (both engines).
TABLES: dict[str, str] = {
    "museum_rooms": "CREATE TABLE IF NOT EXISTS museum_rooms ("
                    " code TEXT PRIMARY KEY,"
                    " setup TEXT NOT NULL,"
                    " class_code TEXT,"
                    " host_pupil TEXT,"
                    " host_hash TEXT NOT NULL,"
                    " created REAL NOT NULL,"
                    " status TEXT NOT NULL,"
                    " show_names INTEGER NOT NULL DEFAULT 0,"
                    " version INTEGER NOT NULL DEFAULT 0)",
    "museum_room_pupils": "CREATE TABLE IF NOT EXISTS museum_room_pupils ("
                          " code TEXT NOT NULL,"
                          " pupil TEXT NOT NULL,"
                          " name TEXT NOT NULL,"
                          " joined REAL NOT NULL,"
                          " turn INTEGER NOT NULL DEFAULT 1,"
                          " boxes INTEGER NOT NULL DEFAULT 0,"
                          " score INTEGER NOT NULL DEFAULT 0,"
                          " finished INTEGER NOT NULL DEFAULT 0,"
                          " moves INTEGER NOT NULL DEFAULT 0,"
                          " PRIMARY KEY (code, pupil))",
    "museum_room_moves": "CREATE TABLE IF NOT EXISTS museum_room_moves ("
                         " code TEXT NOT NULL,"
                         " pupil TEXT NOT NULL,"
                         " n INTEGER NOT NULL,"
                         " action TEXT NOT NULL,"
                         " at REAL NOT NULL,"
                         " PRIMARY KEY (code, pupil, n))",
}
#: A room's statuses: pupils play while it is ``open``; ``over`` once the host ended it.
STATUSES = ("open", "over")
NAME_MAX = 40
#: What a room's projector token is made for (:func:`_class_key`).
WATCH = "lnb-museum-watch"
_ENSURED: set[str] = set()
_CACHE_LOCK = threading.Lock()
#: Each pupil's map as this process last replayed it: ``(place, code, pupil) -> State``.
_MAPS: dict[tuple[str, str, str], State] = {}


def ensure_tables(conn: Connection) -> None:
    """Make the museum rooms' tables if the store has none yet."""
    for statement in TABLES.values():
        conn.execute(statement)


def _hash(key: str) -> str:
    return hashlib.sha256(f"lnb-museum-room:{key}".encode()).hexdigest()


def _key(pupil: Pupil | str) -> str:
    return pupil.key if isinstance(pupil, Pupil) else str(pupil)


@dataclass(frozen=True)
class Teacher:
    """The teacher of class ``class_code``, known by their teacher key (the dashboard's): they
    run every museum room of their class (checked with
    :meth:`classroom.identity.Classroom.check_teacher`)."""

    class_code: str
    key: str = field(repr=False)


@dataclass(frozen=True)
class Opened:
    """A new room: its ``code`` (for the board), the ``host_key`` that runs it (hold,
    release, names, end: keep it secret) and its rules."""

    code: str
    host_key: str
    room: MuseumRoom


@dataclass(frozen=True)
class RoomInfo:
    """A room as everyone may read it: its rules (with the hold), class, status, whether
    names are shown, its version and how many pupils joined."""

    code: str
    room: MuseumRoom
    class_code: str | None
    status: str
    show_names: bool
    version: int
    pupils: int

    @property
    def hold(self) -> int | None:
        return self.room.hold

    @property
    def over(self) -> bool:
        return self.status == "over"


@dataclass(frozen=True)
class ClassView:
    """What a room shows of the class: each pupil's progress (``pupils``, in the order they
    joined; names only as the room shows them: see ``show_names``), the verdict-band
    histogram of the scores, how many are on each turn, and the best finished maps (names
    hidden unless shown)."""

    info: RoomInfo
    pupils: tuple[Progress, ...]
    histogram: tuple[int, ...]
    turns: dict[int, int]
    best: tuple[BestMap, ...]

    @property
    def finished(self) -> int:
        return sum(1 for p in self.pupils if p.finished)

    def standings(self) -> list[Any]:
        """The class by score (for the host: :func:`lnb.museum.room.standings`)."""
        return rules().standings(self.pupils)


@dataclass(frozen=True)
class WatchedMap:
    """One pupil's map as the projector shows it: the room, the pupil's ``number`` (from 1,
    in the order they joined; the projector says "Pupil 2" unless the names are shown),
    their ``name``, how many ``pupils`` the room has, and the map."""

    info: RoomInfo
    number: int
    name: str
    pupils: int
    state: State


class MuseumRooms:
    """The museum rooms of one classroom store (see the module's text)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._classes: dict[str, str | None] = {}  # each room's class (it never changes)
        place = self._where
        if place not in _ENSURED:
            with suppress(StoreAway):  # kept, and made once the store is back
                store.write(ensure_tables)
                _ENSURED.add(place)

    @property
    def _where(self) -> str:
        where = str(getattr(self.store, "where", None) or getattr(self.store, "path", None))
        return f"memory:{id(self.store)}" if where in (":memory:", "None") else where

    # -- push ---------------------------------------------------------------------------
    def waiter(self, code: str) -> Waiter:
        """What room ``code``'s pages wait on between two polls (:mod:`classroom.notify`;
        a room's code is no table's, so it shares the tables' channel name space)."""
        return Waiter(notifier_for(self.store), [room_channel(self._code(code))])

    def _announce(self, code: str) -> None:
        """Wake room ``code``'s pages and its class's dashboard after a committed change.
        Never raises (push is a shortcut: the pages' poll sees the change anyway)."""
        channels = [room_channel(code)]
        class_code = self._classes.get(code)
        if class_code:
            channels.append(class_channel(class_code))
        try:
            notifier_for(self.store).ping(channels)
        except Exception:
            return

    def _write(self, code: str, work: Callable[[Connection], Any]) -> Any:
        """One write transaction (refused, nothing kept, while the store is away), then the
        room's pages are woken."""
        result = self.store.write(work, keep=False)
        self._announce(code)
        return result

    # -- reading ------------------------------------------------------------------------
    @staticmethod
    def _code(code: str) -> str:
        return normalize_room_code(code)

    def _info(self, conn: Connection, code: str) -> tuple[RoomInfo, str | None, str]:
        row = conn.execute("SELECT setup, class_code, status, show_names, version, host_pupil, "
                           "host_hash FROM museum_rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise rules().no_such_room(code)
        count = conn.execute("SELECT count(*) FROM museum_room_pupils WHERE code = ?",
                             (code,)).fetchone()[0]
        info = RoomInfo(code, rules().MuseumRoom.from_setup(json.loads(row[0])), row[1],
                        row[2], bool(row[3]), int(row[4]), int(count))
        self._classes[code] = info.class_code
        return info, row[5], row[6]

    def room(self, code: str) -> RoomInfo:
        """The room (``no-such-room`` for an unknown code)."""
        code = self._code(code)
        return self.store.read_shared(lambda conn: self._info(conn, code)[0])

    def version(self, code: str) -> int:
        """The room's version: bumped by every join, move, undo, hold, release and end."""
        code = self._code(code)
        row = self.store.read_shared(lambda conn: conn.execute(
            "SELECT version FROM museum_rooms WHERE code = ?", (code,)).fetchone())
        if row is None:
            raise rules().no_such_room(code)
        return int(row[0])

    def _moves(self, conn: Connection, code: str, pupil: str, after: int = 0) -> list[str]:
        return [r[0] for r in conn.execute(
            "SELECT action FROM museum_room_moves WHERE code = ? AND pupil = ? AND n > ? "
            "ORDER BY n", (code, pupil, after)).fetchall()]

    def _map(self, conn: Connection, info: RoomInfo, pupil: str, count: int) -> State:
        """The pupil's map of ``count`` moves: the process's copy moved on, or replayed."""
        key = (self._where, info.code, pupil)
        with _CACHE_LOCK:
            cached = _MAPS.get(key)
        if cached is not None and len(cached.history) == count:
            return cached
        if cached is not None and len(cached.history) < count:
            state = info.room.replay(self._moves(conn, info.code, pupil,
                                                 len(cached.history)), start=cached)
        else:
            state = info.room.replay(self._moves(conn, info.code, pupil))
        with _CACHE_LOCK:
            _MAPS[key] = state
        return state.clone()

    def _joined(self, conn: Connection, code: str, pupil: str) -> tuple[str, int] | None:
        row = conn.execute("SELECT name, moves FROM museum_room_pupils WHERE code = ? AND "
                           "pupil = ?", (code, pupil)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def my_map(self, code: str, pupil: Pupil) -> State:
        """The pupil's own map (``not-in-room`` before they joined): what a reload shows."""
        code, key = self._code(code), _key(pupil)

        def work(conn: Connection) -> State:
            info = self._info(conn, code)[0]
            joined = self._joined(conn, code, key)
            if joined is None:
                raise rules().not_in_room(code)
            return self._map(conn, info, key, joined[1])

        return self.store.read_shared(work)

    def is_member(self, code: str, pupil: Pupil) -> bool:
        """True when the pupil has joined the room."""
        code, key = self._code(code), _key(pupil)
        return self.store.read_shared(lambda conn: self._joined(conn, code, key)) is not None

    def class_view(self, code: str, names: bool | None = None) -> ClassView:
        """The class as the room shows it: progress, histogram, turns and best maps. Names
        are the pupils' in ``pupils`` (who is here and how far they got); in the best maps
        only when the host shows them (``names`` True: the host's own view, always)."""
        code = self._code(code)

        def work(conn: Connection) -> ClassView:
            info = self._info(conn, code)[0]
            rows = conn.execute(
                "SELECT pupil, name, turn, boxes, score, finished, moves FROM "
                "museum_room_pupils WHERE code = ? ORDER BY joined, name", (code,)).fetchall()
            kit = rules()
            pupils = tuple(kit.Progress(str(r[1]), int(r[2]), int(r[3]), int(r[4]), bool(r[5]),
                                        int(r[6])) for r in rows)
            done = sorted((r for r in rows if r[5]), key=lambda r: (-int(r[4]), str(r[1])))
            best_rows = [r for r in done if int(r[4]) >= int(done[min(len(done), 3) - 1][4])] \
                if done else []
            states = [(str(r[1]), self._map(conn, info, str(r[0]), int(r[6])))
                      for r in best_rows[:3]]
            shown = info.show_names if names is None else names
            return ClassView(info, pupils, kit.histogram(pupils, finished_only=True),
                             kit.turn_counts(pupils), tuple(kit.best_maps(states,
                                                                          show_names=shown)))

        return self.store.read_shared(work)

    # -- opening and joining --------------------------------------------------------------
    def open_room(self, host: Pupil | None, class_code: str | None = None,
                  seed: int | None = None, edition: str = "standard",
                  capacity: int | None = None) -> Opened:
        """A new room (status ``open``) with a unique code (not a table's either) and the
        key that runs it; ``host`` (a pupil who opens it from the museum page) runs it too.
        ``class_code``: only that class's pupils join (None: anyone with the code)."""
        if seed is None:
            seed = secrets.randbelow(10 ** 9)
        kit = rules()
        room = kit.MuseumRoom(seed=seed, edition=edition,
                              capacity=kit.CAPACITY if capacity is None else capacity)
        room.game  # noqa: B018  (a bad edition or seed is refused here, before any write)
        host_key = secrets.token_urlsafe(16)
        for _try in range(20):
            code = new_code(CODE_LENGTH)

            def work(conn: Connection, code: str = code) -> bool:
                ensure_tables(conn)
                for table in ("museum_rooms", "rooms"):  # a table's code is taken too
                    if conn.execute(f"SELECT 1 FROM {table} WHERE code = ?",
                                    (code,)).fetchone():
                        return False
                conn.execute("INSERT INTO museum_rooms (code, setup, class_code, host_pupil, "
                             "host_hash, created, status, show_names, version) VALUES "
                             "(?, ?, ?, ?, ?, ?, ?, 0, 1)",
                             (code, json.dumps(room.setup()), class_code,
                              _key(host) if host is not None else None, _hash(host_key),
                              self.clock(), "open"))
                return True

            if self.store.write(work, keep=False):
                self._classes[code] = class_code
                self._announce(code)
                return Opened(code, host_key, room)
        raise rules().no_free_code()

    def join(self, code: str, pupil: Pupil, name: str) -> Progress:
        """The pupil joins (or comes back: their map as it was, the same name); refused:
        an unknown code, a pupil of another class (``other-class``), a full room
        (``room-full``), a room over (``room-over``, for a new pupil)."""
        code, key = self._code(code), _key(pupil)
        name = " ".join(str(name).split())[:NAME_MAX] or pupil.label or "?"

        def work(conn: Connection) -> Progress:
            ensure_tables(conn)  # a store replaced since (a backup restored) has none yet
            info = self._info(conn, code)[0]
            row = conn.execute("SELECT name, turn, boxes, score, finished, moves FROM "
                               "museum_room_pupils WHERE code = ? AND pupil = ?",
                               (code, key)).fetchone()
            if row is not None:
                return rules().Progress(str(row[0]), int(row[1]), int(row[2]), int(row[3]),
                                bool(row[4]), int(row[5]))
            if info.class_code is not None and class_of(pupil) != info.class_code:
                raise rules().other_class(code)
            if info.over:
                raise rules().room_over(code)
            if info.pupils >= info.room.capacity:
                raise rules().room_full(code, info.room.capacity)
            taken = {str(r[0]) for r in conn.execute(
                "SELECT name FROM museum_room_pupils WHERE code = ?", (code,)).fetchall()}
            unique, n = name, 2
            while unique in taken:
                unique, n = f"{name} {n}", n + 1
            conn.execute("INSERT INTO museum_room_pupils (code, pupil, name, joined) VALUES "
                         "(?, ?, ?, ?)", (code, key, unique, self.clock()))
            self._bump(conn, code)
            return rules().Progress(unique, 1, 0, 0, False, 0)

        return self._write(code, work)

    @staticmethod
    def _bump(conn: Connection, code: str) -> None:
        conn.execute("UPDATE museum_rooms SET version = version + 1 WHERE code = ?", (code,))

    # -- a pupil's own map ------------------------------------------------------------------
    def place(self, code: str, pupil: Pupil, action: Any, expected: int | None = None
              ) -> State:
        """Play ``action`` on the pupil's own map, in one transaction (their moves read,
        replayed, the room's rules and the game's checked, the move and their progress
        written, the version bumped); the map after it. ``expected``: how many moves the
        page's map had (another page of the same pupil played meanwhile: ``map-moved-on``).
        Refused: ``not-in-room``, ``room-over``, ``held``, ``game-over``, the game's own."""
        code, key = self._code(code), _key(pupil)
        tries = 0

        def work(conn: Connection) -> State:
            nonlocal tries
            tries += 1
            if tries > 1 and expected is not None:  # tried before: written, its answer lost?
                written = self._written_before(conn, code, key, action, expected)
                if written is not None:
                    return written
            info, state = self._mine(conn, code, key, expected)
            after = info.room.play(state, action)
            n = len(after.history)
            conn.execute("INSERT INTO museum_room_moves (code, pupil, n, action, at) VALUES "
                         "(?, ?, ?, ?, ?)", (code, key, n, str(after.history[-1]),
                                             self.clock()))
            self._progress(conn, code, key, after)
            self._remember(code, key, after)
            return after.clone()

        return self._write(code, work)

    def _written_before(self, conn: Connection, code: str, key: str, action: Any,
                        expected: int) -> State | None:
        """The map after ``action`` if an earlier try of the same :meth:`place` wrote it (its
        commit went through, its answer was lost): the pupil is not told their map moved on
        by their own move, and nothing is written twice. None when it was not written."""
        info = self._info(conn, code)[0]
        joined = self._joined(conn, code, key)
        if joined is None or joined[1] != expected + 1:
            return None
        moves = self._moves(conn, code, key)
        before = info.room.replay(moves[:expected])  # (the cache may hold the map after it)
        try:
            again = str(info.room.play(before, action).history[-1])
        except LnbError:  # not a move of that map: not this call's
            return None
        if moves[expected:] != [again]:
            return None
        self._bump(conn, code)  # wake the room's pages again: the first try's ping was lost
        return self._map(conn, info, key, joined[1])

    def undo(self, code: str, pupil: Pupil, expected: int | None = None) -> State:
        """Take back the pupil's last move if it is a shape placed in the turn they are on
        (no dice they have not seen); else ``cannot-undo``."""
        code, key = self._code(code), _key(pupil)

        def work(conn: Connection) -> State:
            info, state = self._mine(conn, code, key, expected)
            before = info.room.undone(state)
            conn.execute("DELETE FROM museum_room_moves WHERE code = ? AND pupil = ? AND n = ?",
                         (code, key, len(state.history)))
            self._progress(conn, code, key, before)
            self._remember(code, key, before)
            return before.clone()

        return self._write(code, work)

    def _mine(self, conn: Connection, code: str, key: str, expected: int | None
              ) -> tuple[RoomInfo, State]:
        info = self._info(conn, code)[0]
        joined = self._joined(conn, code, key)
        if joined is None:
            raise rules().not_in_room(code)
        if info.over:
            raise rules().room_over(code)
        if expected is not None and expected != joined[1]:
            raise rules().map_moved_on(code, expected, joined[1])
        return info, self._map(conn, info, key, joined[1])

    def _progress(self, conn: Connection, code: str, key: str, state: State) -> None:
        conn.execute("UPDATE museum_room_pupils SET turn = ?, boxes = ?, score = ?, "
                     "finished = ?, moves = ? WHERE code = ? AND pupil = ?",
                     (state.turn, state.boxes_checked, state.score().total,
                      int(state.is_terminal()), len(state.history), code, key))
        self._bump(conn, code)

    def _remember(self, code: str, key: str, state: State) -> None:
        with _CACHE_LOCK:
            _MAPS[(self._where, code, key)] = state

    # -- the host's controls ----------------------------------------------------------------
    def is_host(self, code: str, by: Pupil | Teacher | str | None) -> bool:
        """True when ``by`` runs the room: its host pupil, the key it was opened with, or
        the teacher of its class (:class:`Teacher`)."""
        code = self._code(code)
        teacher = self._teacher(by)

        def work(conn: Connection) -> bool:
            info, pupil, digest = self._info(conn, code)
            return _is_host(by, pupil, digest, info, teacher, _class_key(conn, info))

        return by is not None and self.store.read_shared(work)

    def _teacher(self, by: object) -> str | None:
        """The class whose teacher ``by`` is (their key checked), else None."""
        if not isinstance(by, Teacher):
            return None
        try:
            return Classroom(self.store).check_teacher(by.class_code, by.key).code
        except IdentityError:
            return None

    def teacher_key(self, code: str, teacher: Teacher) -> str:
        """The host key of a room of the teacher's class for the room's page (its link:
        ``museum-room.ipynb?room=CODE&host=KEY``), the same every time; ``not-host`` for
        anyone else's room."""
        code = self._code(code)
        checked = self._teacher(teacher)

        def work(conn: Connection) -> str:
            info, pupil, digest = self._info(conn, code)
            key = _class_key(conn, info)
            if key is None or not _is_host(teacher, pupil, digest, info, checked, key):
                raise rules().not_host(code)
            return key

        return self.store.read_shared(work)

    def teacher_links(self, teacher: Teacher) -> dict[str, tuple[str, str]]:
        """For the teacher's dashboard: each open room of the teacher's class, code ->
        (the host key of its page's link, the token of its projector view); the teacher key
        is checked once (a wrong one: ``{}``)."""
        class_code = self._teacher(teacher)
        if class_code is None:
            return {}

        def work(conn: Connection) -> dict[str, tuple[str, str]]:
            found = {}
            for (code,) in conn.execute("SELECT code FROM museum_rooms WHERE class_code = ? "
                                        "AND status <> ?", (class_code, "over")).fetchall():
                info = self._info(conn, str(code))[0]
                host, watch = _class_key(conn, info), _class_key(conn, info, WATCH)
                if host is not None and watch is not None:
                    found[info.code] = (host, watch)
            return found

        return self.store.read_shared(work)

    def watched_map(self, code: str, number: int, token: str) -> WatchedMap:
        """Pupil ``number`` of the room (from 1, in the order they joined) and their map,
        for the projector, read-only: ``token`` is the room's projector token
        (:meth:`teacher_links`; else ``not-host``); a number nobody has: ``not-your-map``."""
        code = self._code(code)

        def work(conn: Connection) -> WatchedMap:
            info = self._info(conn, code)[0]
            watch = _class_key(conn, info, WATCH)
            if watch is None or not hmac.compare_digest(str(token), watch):
                raise rules().not_host(code)
            rows = conn.execute("SELECT pupil, name, moves FROM museum_room_pupils WHERE "
                                "code = ? ORDER BY joined, name", (code,)).fetchall()
            if not 1 <= number <= len(rows):
                raise rules().not_in_room(code)
            pupil, name, moves = rows[number - 1]
            return WatchedMap(info, number, str(name), len(rows),
                              self._map(conn, info, str(pupil), int(moves)))

        return self.store.read_shared(work)

    def _control(self, code: str, by: Pupil | Teacher | str | None,
                 change: Callable[[Connection, RoomInfo], None]) -> RoomInfo:
        code = self._code(code)
        teacher = self._teacher(by)

        def work(conn: Connection) -> RoomInfo:
            info, pupil, digest = self._info(conn, code)
            if not _is_host(by, pupil, digest, info, teacher, _class_key(conn, info)):
                raise rules().not_host(code)
            change(conn, info)
            self._bump(conn, code)
            return self._info(conn, code)[0]

        return self._write(code, work)

    def hold(self, code: str, turn: int, by: Pupil | Teacher | str | None) -> RoomInfo:
        """Hold the class at ``turn``: no pupil plays it (or a later one) until released."""
        room = rules().MuseumRoom(seed=0, hold=turn)  # checks the turn (bad-hold) before any write
        return self._set_rules(code, by, lambda r: r.holding(room.hold or 1))

    def release(self, code: str, by: Pupil | Teacher | str | None) -> RoomInfo:
        """Let the class go on (no hold)."""
        return self._set_rules(code, by, lambda r: r.released())

    def _set_rules(self, code: str, by: Pupil | Teacher | str | None,
                   change: Callable[[MuseumRoom], MuseumRoom]) -> RoomInfo:
        def work(conn: Connection, info: RoomInfo) -> None:
            conn.execute("UPDATE museum_rooms SET setup = ? WHERE code = ?",
                         (json.dumps(change(info.room).setup()), info.code))
        return self._control(code, by, work)

    def show_names(self, code: str, shown: bool, by: Pupil | Teacher | str | None) -> RoomInfo:
        """Show (or hide again) the names on the class's best maps."""
        def work(conn: Connection, info: RoomInfo) -> None:
            conn.execute("UPDATE museum_rooms SET show_names = ? WHERE code = ?",
                         (int(bool(shown)), info.code))
        return self._control(code, by, work)

    def end(self, code: str, by: Pupil | Teacher | str | None) -> RoomInfo:
        """End the room: no more moves; everyone sees the class's best maps."""
        def work(conn: Connection, info: RoomInfo) -> None:
            conn.execute("UPDATE museum_rooms SET status = ? WHERE code = ?", ("over", info.code))
        return self._control(code, by, work)

    def open_rooms(self, class_code: str | None = None) -> list[RoomInfo]:
        """The rooms not over (of one class when given), newest first: for the dashboard."""
        query = "SELECT code FROM museum_rooms WHERE status <> ?"
        args: tuple[Any, ...] = ("over",)
        if class_code is not None:
            query += " AND class_code = ?"
            args += (class_code,)
        codes = self.store.read_shared(lambda conn: [r[0] for r in conn.execute(
            query + " ORDER BY created DESC, code", args).fetchall()])
        found = []
        for code in codes:
            with suppress(LnbError):
                found.append(self.room(code))
        return found


def _class_key(conn: Connection, info: RoomInfo, purpose: str = "lnb-museum-room"
               ) -> str | None:
    """The host key of a class's room for its teacher's link: an HMAC of the room's code
    under the class's teacher-key hash (a secret of the store's); None for a room of no
    class, or of a class no longer in the store. ``purpose`` :data:`WATCH`: the token of
    the room's projector view instead (it runs nothing)."""
    if info.class_code is None:
        return None
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?",
                       (info.class_code,)).fetchone()
    if row is None:
        return None
    return hmac.new(str(row[0]).encode(), f"{purpose}:{info.code}".encode(),
                    hashlib.sha256).hexdigest()[:32]


def _is_host(by: Pupil | Teacher | str | None, pupil: str | None, digest: str,
             info: RoomInfo, teacher: str | None, class_key: str | None) -> bool:
    if isinstance(by, Teacher):
        return teacher is not None and info.class_code is not None \
            and normalize_code(info.class_code) == teacher
    if isinstance(by, Pupil):
        return pupil is not None and by.key == pupil
    if not isinstance(by, str):
        return False
    return hmac.compare_digest(_hash(by), digest) or (
        class_key is not None and hmac.compare_digest(by, class_key))


def game_title() -> str:
    """The class room's game's title in the current language (the room's header)."""
    return str(class_room_game().title)


__all__ = ["ClassView", "MuseumRooms", "Opened", "RoomInfo", "Teacher", "WatchedMap",
           "class_room_game", "ensure_tables", "rules"]
