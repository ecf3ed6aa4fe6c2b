"""Predict rooms in the classroom store: pause and predict with the class's devices. The
teacher's projector replays a game's record (any game: :mod:`lnb.core.predict`) and stops
before each moment; each pupil types their prediction on their own device; the projector
shows how many answered, then on the reveal how many were right and how the answers spread.

Three tables this module makes on first use (SQL both engines run): ``predict_rooms`` (the
code, the record's game and JSON text, the class, the host key's hash, the status, the
moment shown ``at`` (from 0), whether it is ``revealed``, how many moments, a ``version``
every change bumps), ``predict_pupils`` (who opened the room's page) and ``predict_answers``
(each pupil's last answer to each moment). A page polls :meth:`PredictRooms.version` (one
cheap ``SELECT``, woken by the room's pings) and reads :meth:`PredictRooms.state` when it
changed.

A pupil reads only their own answer (:meth:`PredictRooms.state` with their key); the counts
are the class's. Answers close at the reveal; an answer to a moment the room has left is
refused (``moved-on``). The host (the key :meth:`PredictRooms.open_room` returned, or the
teacher of the room's class through :meth:`PredictRooms.class_token`) reveals, moves on and
ends the room. Every refusal is a :class:`lnb.core.predict_poll.PollError` (or the record's
or the answer's own ``RecordError`` / ``BadInputError``) with ``reason`` and fields.

>>> from classroom.store import Store
>>> from classroom.identity import Pupil
>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> for action in ("place 5b r3 @M1", "place 4a r0 @J1"):
...     state.apply_action(action)
>>> rooms = PredictRooms(Store(":memory:"), clock=lambda: 100.0)
>>> opened = rooms.open_room(write(state))
>>> ada, bo = Pupil.from_nickname("ada"), Pupil.from_nickname("bo")
>>> rooms.join(opened.code, ada); rooms.join(opened.code, bo)
>>> rooms.answer(opened.code, ada, "0", moment=0).mine
'0'
>>> rooms.answer(opened.code, bo, "seven", moment=0)
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: 'seven' is not a whole number: type the number you predict, \
e.g. 42
>>> seen = rooms.state(opened.code, bo)
>>> (seen.answered, seen.pupils, seen.mine, seen.right)
(1, 2, None, None)
>>> shown = rooms.reveal(opened.code, by=opened.host_key)
>>> (shown.answered, shown.right, shown.spread)
(1, 1, (('0', 1),))
>>> rooms.answer(opened.code, bo, "3", moment=0)
Traceback (most recent call last):
...
lnb.core.predict_poll.PollError: the answer is revealed: predictions are closed for this \
moment
>>> rooms.next(opened.code, by=opened.host_key).at, rooms.state(opened.code, ada).mine
(1, None)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from classroom.engines import Connection
from classroom.identity import Classroom, IdentityError, Pupil, class_of, new_code, normalize_code
from classroom.notify import Waiter, class_channel, notifier_for, room_channel
from classroom.rooms import FinishedRoom, RoomStore
from classroom.store import Store, StoreAway
from lnb.core import predict_poll as poll
from lnb.core.i18n import N_, _
from lnb.core.predict import Moment, Predictions, predictions
from lnb.core.records import read_source
from lnb.core.rooms import CODE_LENGTH, normalize_room_code
from lnb.core.rooms import no_such_room as room_error_no_table

__all__ = ["Opened", "PredictRooms", "RoomState", "ensure_tables"]

TABLES: dict[str, str] = {
    "predict_rooms": "CREATE TABLE IF NOT EXISTS predict_rooms ("
                     " code TEXT PRIMARY KEY,"
                     " game TEXT NOT NULL,"
                     " record TEXT NOT NULL,"
                     " class_code TEXT,"
                     " host_hash TEXT NOT NULL,"
                     " created REAL NOT NULL,"
                     " status TEXT NOT NULL,"
                     " at INTEGER NOT NULL DEFAULT 0,"
                     " revealed INTEGER NOT NULL DEFAULT 0,"
                     " total INTEGER NOT NULL,"
                     " version INTEGER NOT NULL DEFAULT 1)",
    "predict_pupils": "CREATE TABLE IF NOT EXISTS predict_pupils ("
                      " code TEXT NOT NULL,"
                      " pupil TEXT NOT NULL,"
                      " joined REAL NOT NULL,"
                      " PRIMARY KEY (code, pupil))",
    "predict_answers": "CREATE TABLE IF NOT EXISTS predict_answers ("
                       " code TEXT NOT NULL,"
                       " moment INTEGER NOT NULL,"
                       " pupil TEXT NOT NULL,"
                       " answer TEXT NOT NULL,"
                       " at REAL NOT NULL,"
                       " PRIMARY KEY (code, moment, pupil))",
}
#: What a class's teacher token is made for (:meth:`PredictRooms.class_token`).
PURPOSE = "lnb-predict-room"
_ENSURED: set[str] = set()
_LOCK = threading.Lock()
#: Each room's moments as this process last worked them out: ``(place, code) -> Predictions``.
_MOMENTS: dict[tuple[str, str], Predictions] = {}


def ensure_tables(conn: Connection) -> None:
    """Make the predict rooms' tables if the store has none yet."""
    for statement in TABLES.values():
        conn.execute(statement)


def _hash(key: str) -> str:
    return hashlib.sha256(f"{PURPOSE}:{key}".encode()).hexdigest()


def _key(pupil: Pupil | str) -> str:
    return pupil.key if isinstance(pupil, Pupil) else str(pupil)


@dataclass(frozen=True)
class Opened:
    """A new room: its ``code`` (for the board) and the ``host_key`` that runs it (keep it:
    the projector's link carries it)."""

    code: str
    host_key: str


@dataclass(frozen=True)
class RoomState:
    """A predict room as one page may read it: ``at`` the moment shown (from 0) of
    ``total``, the ``moment`` itself, whether it is ``revealed``, how many ``pupils`` opened
    the room and how many ``answered`` this moment; once revealed how many were ``right``
    and the ``spread`` of the answers (:func:`lnb.core.predict_poll.spread`; None / ``()``
    before); ``mine`` the reading pupil's own answer (None: none, or nobody asked)."""

    code: str
    game: str
    class_code: str | None
    status: str
    at: int
    total: int
    revealed: bool
    version: int
    moment: Moment
    pupils: int
    answered: int
    right: int | None
    spread: tuple[tuple[str, int], ...]
    mine: str | None

    @property
    def over(self) -> bool:
        return self.status == "over"

    @property
    def last(self) -> bool:
        """True at the last moment (no *Next*)."""
        return self.at + 1 >= self.total

    @property
    def mine_right(self) -> bool | None:
        """Whether the pupil's own answer was right (None before the reveal or without one)."""
        if not self.revealed or self.mine is None:
            return None
        return self.moment.right(self.mine)


class PredictRooms:
    """The predict rooms of one classroom store (see the module's text)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._classes: dict[str, str | None] = {}
        if self._where not in _ENSURED:
            with suppress(StoreAway):  # made by the first write once the store is back
                store.write(ensure_tables)
                _ENSURED.add(self._where)

    @property
    def _where(self) -> str:
        where = str(getattr(self.store, "where", None) or getattr(self.store, "path", None))
        return f"memory:{id(self.store)}" if where in (":memory:", "None") else where

    # -- push ---------------------------------------------------------------------------
    def waiter(self, code: str) -> Waiter:
        """What room ``code``'s pages wait on between two polls (:mod:`classroom.notify`)."""
        return Waiter(notifier_for(self.store), [room_channel(normalize_room_code(code))])

    def _announce(self, code: str) -> None:
        channels = [room_channel(code)]
        if self._classes.get(code):
            channels.append(class_channel(str(self._classes[code])))
        try:
            notifier_for(self.store).ping(channels)
        except Exception:  # push is a shortcut: the pages' poll sees the change anyway
            return

    def _write(self, code: str, work: Callable[[Connection], Any]) -> Any:
        result = self.store.write(work, keep=False)
        self._announce(code)
        return result

    # -- reading ------------------------------------------------------------------------
    def _row(self, conn: Connection, code: str) -> tuple[Any, ...]:
        row = conn.execute("SELECT game, record, class_code, host_hash, status, at, revealed, "
                           "total, version FROM predict_rooms WHERE code = ?",
                           (code,)).fetchone()
        if row is None:
            raise poll.no_such_room(code)
        self._classes[code] = row[2]
        return tuple(row)

    def _moments(self, code: str, record: str) -> Predictions:
        key = (self._where, code)
        with _LOCK:
            found = _MOMENTS.get(key)
        if found is None:
            found = predictions(record)
            with _LOCK:
                _MOMENTS[key] = found
        return found

    def version(self, code: str) -> int:
        """The room's version: bumped by every join, answer, reveal, next, back and end."""
        code = normalize_room_code(code)
        row = self.store.read_shared(lambda conn: conn.execute(
            "SELECT version FROM predict_rooms WHERE code = ?", (code,)).fetchone())
        if row is None:
            raise poll.no_such_room(code)
        return int(row[0])

    def moments(self, code: str) -> Predictions:
        """The room's game and moments (worked out once per process from its record)."""
        code = normalize_room_code(code)
        record = self.store.read_shared(lambda conn: self._row(conn, code)[1])
        return self._moments(code, record)

    def _state(self, conn: Connection, code: str, pupil: str | None) -> RoomState:
        game, record, class_code, _digest, status, at, shown, total, version = \
            self._row(conn, code)
        moment = self._moments(code, record).moments[int(at)]
        answers = [str(r[0]) for r in conn.execute(
            "SELECT answer FROM predict_answers WHERE code = ? AND moment = ?",
            (code, int(at))).fetchall()]
        pupils = conn.execute("SELECT count(*) FROM predict_pupils WHERE code = ?",
                              (code,)).fetchone()[0]
        mine = None
        if pupil is not None:
            row = conn.execute("SELECT answer FROM predict_answers WHERE code = ? AND "
                               "moment = ? AND pupil = ?", (code, int(at), pupil)).fetchone()
            mine = None if row is None else str(row[0])
        right = sum(moment.right(a) for a in answers)
        return RoomState(code, str(game), class_code, str(status), int(at), int(total),
                         bool(shown), int(version), moment, max(int(pupils), len(answers)),
                         len(answers), right if shown else None,
                         poll.spread(moment, answers) if shown else (), mine)

    def state(self, code: str, pupil: Pupil | str | None = None) -> RoomState:
        """The room now, with ``pupil``'s own answer (``no-such-room`` for an unknown code)."""
        code = normalize_room_code(code)
        key = None if pupil is None else _key(pupil)
        return self.store.read_shared(lambda conn: self._state(conn, code, key))

    # -- a finished game of the class ---------------------------------------------------
    def class_games(self, class_code: str) -> list[FinishedRoom]:
        """The class's tables whose game is over, newest first: records a room can replay."""
        return RoomStore(self.store).finished_rooms(class_code)

    def table_record(self, table: str, class_code: str) -> dict[str, Any]:
        """The record of the class's finished table ``table``, each pupil named *Pupil N* by
        seat (computers keep their names), as the projector shows a table; a table of another
        class (or none) is ``no-such-room``."""
        rooms = RoomStore(self.store)
        code = normalize_room_code(table)
        play = rooms.play(code)
        if play.setup.class_code != class_code:
            raise room_error_no_table(code)
        names = {s.name: _("Pupil {number}").format(number=s.index + 1)
                 for s in play.setup.seats if s.pupil is not None and s.name}
        return play.renamed(names).to_record()

    # -- opening, joining, answering ----------------------------------------------------
    def open_room(self, source: Mapping[str, Any] | str | Path,
                  class_code: str | None = None) -> Opened:
        """A new room replaying ``source`` (a record's data or JSON text, of any game), at
        its first moment; ``class_code``: only that class's pupils answer (None: anyone with
        the code). A record the library refuses raises its ``RecordError`` before anything is
        written; one with no moment ``nothing-to-predict``."""
        record = read_source(source)
        found = predictions(record)
        if not found.moments:
            raise poll.nothing_to_predict()
        text = json.dumps(record)
        host_key = secrets.token_urlsafe(16)
        for _try in range(20):
            code = new_code(CODE_LENGTH)

            def work(conn: Connection, code: str = code) -> bool:
                ensure_tables(conn)
                if conn.execute("SELECT 1 FROM predict_rooms WHERE code = ?",
                                (code,)).fetchone():
                    return False
                if conn.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone():
                    return False  # a table's code: the two would share a push channel
                conn.execute("INSERT INTO predict_rooms (code, game, record, class_code, "
                             "host_hash, created, status, at, revealed, total, version) "
                             "VALUES (?, ?, ?, ?, ?, ?, 'open', 0, 0, ?, 1)",
                             (code, found.game, text, class_code, _hash(host_key),
                              self.clock(), len(found.moments)))
                return True

            if self.store.write(work, keep=False):
                with _LOCK:
                    _MOMENTS[(self._where, code)] = found
                self._classes[code] = class_code
                self._announce(code)
                return Opened(code, host_key)
        raise poll.PollError(N_("No free room code was found: try again."), reason="no-free-code")

    def _may_answer(self, conn: Connection, code: str, pupil: Pupil | str) -> tuple[Any, ...]:
        row = self._row(conn, code)
        if row[2] is not None and class_of(pupil) != row[2]:
            raise poll.other_class(code)
        return row

    def join(self, code: str, pupil: Pupil | str) -> None:
        """The pupil opened the room's page: counted among those who may answer ("12 of
        27 answered"); again: nothing changes. ``other-class`` for a pupil of no class or
        another class in a class's room."""
        code, key = normalize_room_code(code), _key(pupil)

        def work(conn: Connection) -> bool:
            ensure_tables(conn)
            self._may_answer(conn, code, pupil)
            if conn.execute("SELECT 1 FROM predict_pupils WHERE code = ? AND pupil = ?",
                            (code, key)).fetchone():
                return False
            conn.execute("INSERT INTO predict_pupils (code, pupil, joined) VALUES (?, ?, ?)",
                         (code, key, self.clock()))
            self._bump(conn, code)
            return True

        if self.store.write(work, keep=False):
            self._announce(code)

    def answer(self, code: str, pupil: Pupil | str, given: str, *, moment: int) -> RoomState:
        """Keep ``pupil``'s answer to ``moment`` (the one their page shows, from 0; a later
        answer replaces theirs), in one transaction; the room after it. Refused: an unknown
        code, ``other-class``, ``room-over``, ``moved-on`` (the room shows another moment),
        ``revealed`` (answers close at the reveal) and a bad answer (``BadInputError``:
        ``not-a-number``, ``not-a-choice``, ``empty``, ``too-long``)."""
        code, key = normalize_room_code(code), _key(pupil)

        def work(conn: Connection) -> RoomState:
            row = self._may_answer(conn, code, pupil)
            status, at, shown = row[4], int(row[5]), bool(row[6])
            if status == "over":
                raise poll.room_over(code)
            if moment != at:
                raise poll.moved_on(code, moment + 1, at + 1)
            if shown:
                raise poll.revealed()
            text = poll.checked_answer(self._moments(code, row[1]).moments[at], given)
            conn.execute("INSERT INTO predict_answers (code, moment, pupil, answer, at) "
                         "VALUES (?, ?, ?, ?, ?) ON CONFLICT (code, moment, pupil) DO UPDATE "
                         "SET answer = excluded.answer, at = excluded.at",
                         (code, at, key, text, self.clock()))
            conn.execute("INSERT INTO predict_pupils (code, pupil, joined) VALUES (?, ?, ?) "
                         "ON CONFLICT (code, pupil) DO NOTHING", (code, key, self.clock()))
            self._bump(conn, code)
            return self._state(conn, code, key)

        return self._write(code, work)

    @staticmethod
    def _bump(conn: Connection, code: str) -> None:
        conn.execute("UPDATE predict_rooms SET version = version + 1 WHERE code = ?", (code,))

    # -- the host -----------------------------------------------------------------------
    def class_token(self, class_code: str, teacher_key: str, classroom: Classroom | None = None
                    ) -> str:
        """The token that opens and runs the predict rooms of class ``class_code`` (the
        dashboard's link carries it), once the teacher key is checked (``IdentityError``
        otherwise): an HMAC under the class's teacher-key hash, the same every time."""
        info = (classroom or Classroom(self.store)).check_teacher(class_code, teacher_key)
        token = self.store.read_shared(lambda conn: _class_token(conn, info.code))
        if token is None:  # (the class was just checked: only a race with its removal)
            raise IdentityError("unknown class", reason="unknown-class")
        return token

    def token_class(self, class_code: str, token: str) -> str | None:
        """The class whose predict rooms ``token`` runs (:meth:`class_token`), else None."""
        try:
            code = normalize_code(class_code)
        except (IdentityError, ValueError):
            return None
        made = self.store.read_shared(lambda conn: _class_token(conn, code))
        return code if made is not None and hmac.compare_digest(str(token), made) else None

    def is_host(self, code: str, by: str | None) -> bool:
        """True when ``by`` runs room ``code``: the key it was opened with, or its class's
        token."""
        code = normalize_room_code(code)

        def work(conn: Connection) -> bool:
            row = self._row(conn, code)
            return _is_host(conn, row, by)

        return by is not None and self.store.read_shared(work)

    def _control(self, code: str, by: str | None,
                 change: Callable[[Connection, tuple[Any, ...]], None]) -> RoomState:
        code = normalize_room_code(code)

        def work(conn: Connection) -> RoomState:
            row = self._row(conn, code)
            if not _is_host(conn, row, by):
                raise poll.not_host(code)
            change(conn, row)
            self._bump(conn, code)
            return self._state(conn, code, None)

        return self._write(code, work)

    def reveal(self, code: str, by: str | None) -> RoomState:
        """Close the answers to the moment shown and reveal it: the room's state then has
        how many were right and the spread."""
        def work(conn: Connection, row: tuple[Any, ...]) -> None:
            conn.execute("UPDATE predict_rooms SET revealed = 1 WHERE code = ?",
                         (normalize_room_code(code),))
        return self._control(code, by, work)

    def next(self, code: str, by: str | None) -> RoomState:
        """The next moment, answers open (``at-end`` at the last one)."""
        def work(conn: Connection, row: tuple[Any, ...]) -> None:
            if int(row[5]) + 1 >= int(row[7]):
                raise poll.at_end(normalize_room_code(code))
            conn.execute("UPDATE predict_rooms SET at = at + 1, revealed = 0 WHERE code = ?",
                         (normalize_room_code(code),))
        return self._control(code, by, work)

    def back(self, code: str, by: str | None) -> RoomState:
        """The moment before, revealed (the class has seen it; ``at-start`` at the first)."""
        def work(conn: Connection, row: tuple[Any, ...]) -> None:
            if int(row[5]) == 0:
                raise poll.at_start(normalize_room_code(code))
            conn.execute("UPDATE predict_rooms SET at = at - 1, revealed = 1 WHERE code = ?",
                         (normalize_room_code(code),))
        return self._control(code, by, work)

    def end(self, code: str, by: str | None) -> RoomState:
        """End the room: no more answers."""
        def work(conn: Connection, row: tuple[Any, ...]) -> None:
            conn.execute("UPDATE predict_rooms SET status = 'over', revealed = 1 WHERE "
                         "code = ?", (normalize_room_code(code),))
        return self._control(code, by, work)


def _class_token(conn: Connection, class_code: str) -> str | None:
    """The class's predict-room token: an HMAC of the class's code under its teacher-key hash
    (a secret of the store's); None for a class not in the store."""
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?",
                       (class_code,)).fetchone()
    if row is None:
        return None
    return hmac.new(str(row[0]).encode(), f"{PURPOSE}:{class_code}".encode(),
                    hashlib.sha256).hexdigest()[:32]


def _is_host(conn: Connection, row: tuple[Any, ...], by: str | None) -> bool:
    if not isinstance(by, str) or not by:
        return False
    if hmac.compare_digest(_hash(by), str(row[3])):
        return True
    token = _class_token(conn, str(row[2])) if row[2] is not None else None
    return token is not None and hmac.compare_digest(by, token)
