"""Live game rooms in the classroom store: tables, seats, moves, drafts (schema 5), of any
registered game (the ``rooms.game`` column names it: :func:`lnb.core.game.get`).

Every page has its own kernel; kernels share nothing but the store, so a room lives in four
tables (``rooms``, ``room_seats``, ``room_moves``, ``room_drafts``, see
:mod:`classroom.storefile`) and each kernel polls ``version(code)`` (one cheap
``SELECT``) and asks for ``play(code)`` when it changed. The rules are
:mod:`lnb.core.rooms` (asking the game's ``GameType``); this module only keeps them in the
store, and names no game. A move is kept as the game's text form (``GameType.action_text``;
rows written as JSON before are read by ``GameType.parse_action`` too). See docs/rooms.md.

API (the room UI builds on exactly this; every error is a ``lnb.core.rooms.RoomError``
with ``reason`` and fields, its message for pupils):

- ``RoomStore(store: Store, clock=time.time)`` (``classroom.store.Store``; a ``ProgressStore``
  is one)
- ``open_room(host: Pupil | None, class_code: str | None, seats: int = 4, options=None,
  characters=None, seed=None, game=None) -> RoomSetup``: a new table of ``game`` (a name;
  None: the first registered game, Lovelace & Babbage), status ``"open"``, a unique
  4-character code (unambiguous letters; retried on a clash); no seat taken yet (the host
  takes one with ``take_seat`` like everyone). The seats' characters and the options are
  checked by the game's table rules (``TableRules.characters``, ``checked_options``).
- ``take_seat(code, pupil: Pupil, name: str, seat: int | None = None) -> int``: the seat
  (the first free one when None); a pupil who has a seat gets the same one back (rejoin, also
  after the start). Refused: unknown code, a pupil not of the table's class (``other-class``;
  a table of no class takes anyone), a full table, a seat already taken, a new pupil after
  the start, a game over.
- ``free_seat(code, seat, by)``: before the start, the host ``by`` empties a seat (anyone
  else: ``not-host``); the room page's *Free this seat* button calls it.
- Seat choice and a computer's seat taken back (before the start): ``take_seat(..., seat=N)``
  sits the pupil in seat N when it is empty or a computer's (the computer leaves it); a pupil
  who has a seat moves to seat N (their old one is emptied). After the start a seated pupil
  asking for another seat gets ``not-open``; a pupil's seat is ``seat-taken``.
- ``set_options(code, options, by) -> RoomSetup``: before the start, the host ``by`` changes
  the table's options (merged over the ones it has, checked by the game's
  ``TableRules.checked_options``; anyone else: ``not-host-options``; after the start:
  ``not-open``). The options are the setup's: the play, the record and its replay use them.
- ``find_table(code, pupil) -> RoomSetup``: *Join a table*: a table of the pupil's class, at
  most ``CODE_TRIES`` wrong codes a minute per pupil (``too-many-tries``).
- ``watch_token(code, pupil) -> str`` (a pupil of the table's class), ``LiveRoom.watch``
  (the dashboard's), ``may_watch(code, token) -> bool``, ``for_watcher(token) -> RoomStore``
  (the projector view's rooms: ``room()`` raises ``not-a-watcher`` without the right token).
- ``leave_seat(code, pupil)`` (before the start), ``give_to_computer(code, seat, kind)``
  (an empty seat, before the start; kind one of the game's bots, e.g. ``greedy``),
  ``start(code) -> RoomSetup`` (at least the game's fewest players seated; empty seats are
  left out).
- ``room(code) -> RoomSetup`` (seats with their pupils, status; ``no-such-room`` error for an
  unknown code), ``version(code) -> int`` (bumped by every move, seat change and start; NOT
  by drafts and heartbeats), ``moves(code, after=0) -> list[Move]``,
  ``play(code) -> RoomPlay`` (replayed, cached per (code, version) in the process; a new
  object whenever the version changed: never changed under the caller's feet; a room not
  started raises ``not-started``: read ``room(code)`` in the lobby).
- ``act(code, seq_expected, seat, action, by) -> Move`` and ``act_all(code, seq_expected,
  seat, actions, by) -> list[Move]`` (e.g. ``[WriteProgram(...), Finish(...)]``, all or
  nothing): ONE transaction each: read the last seq, replay, check, insert, bump the version.
  ``seq_expected`` is ``play.next_seq`` as the caller saw it; ``by`` the pupil's key. A stale
  one is still accepted when the action is independent of what happened since (a Target,
  WriteProgram or Finish of another seat in the same phase); otherwise ``RoomError``
  reason ``"table-moved-on"`` (fields ``seat``, ``player``, ``moves``, ``meanwhile``); a
  program or *I'm done* after the race's deadline gives ``"time-up"``. A call tried again
  by the store (its commit's answer lost, or kept while the store was away) that finds its
  first try written returns those moves: written once, never refused as moved on.
- ``advance(code, now=None) -> list[Move]``: append the moves that are due now (computer and
  absent seats, paced; drafts then ``TimeUp`` at the race deadline) in one transaction; any
  kernel may call it on every poll: two kernels appending the same move clash on the key
  and the loser gets ``[]``. Nothing is due while the store is away and for
  ``SETTLE_SECONDS`` after it is back (every kernel first writes what it kept).
- ``save_draft(code, seat, program: str, by)``, ``draft(code, seat, by) -> str | None``
  (a seat's unfinished program; never in ``play`` nor shown to others: only the pupil ``by``
  holding the seat writes or reads it, anyone else gets ``not-your-seat``),
  ``heartbeat(code, seat, by) -> bool`` (False, and nothing counted, when the seat is not
  ``by``'s), ``present(code, within=None) -> set[str]`` (seat names seen within ``within``
  seconds, default the room's ``grace_seconds``; computers are never present).
- ``live_rooms(class_code=None) -> list[LiveRoom]``: rooms not over, touched in the last
  hour (``LiveRoom(code, class_code, seats, round, status, updated)``, most recently touched
  first; an open table has round 0 and the names of the seats taken so far), for the
  dashboard.
- ``waiter(code) -> Waiter`` (a table's page), ``class_waiter(class_code) -> Waiter`` (the
  class's dashboard): what a page's poll loop waits on (:mod:`classroom.notify`); every write
  that bumps a room's version (and opening a table) pings its room's channel and its class's
  after the commit (``announce(code, class_code)``: a module writing a room's rows itself
  calls it). A ping only wakes: pages read the store as before.
- ``act_table(code, actions, by) -> list[Move]``: the table's own moves (seat None) made by
  ``by`` (the teacher), all or nothing, in one transaction.
- ``record(code) -> dict``: the room's record in its game's format (``RoomPlay.to_record``;
  Lovelace & Babbage's ``lnb-game/1`` as ``GameApp.record_json()`` saves it, the Rounds
  finished so far); ``record_json(code) -> str`` the same as the text a download holds.
- While the store is away (a blip is waited out first; ``Store.read_shared`` and
  ``Store.write``): reads raise ``StoreAway`` (an ``LnbError``, reason
  ``store-away``, never ``no-such-room``); ``act``/``act_all`` keep the move and raise it
  with ``queued=True``; a seat's newest draft and heartbeat are kept without an error; lobby
  changes raise it with nothing kept; ``advance`` appends nothing. What was kept is written
  by the store once it is back, in order and once each.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import math
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

from classroom.identity import (
    Full,
    Pupil,
    TryLimit,
    class_of,
    new_code,
    release_tries,
    reserve_tries,
)
from classroom.notify import Waiter, class_channel, notifier_for, room_channel
from classroom.store import MAX_RETRY, Store, StoreAway, StoreConflict
from lnb.core.errors import LnbError
from lnb.core.game import games, get
from lnb.core.i18n import N_
from lnb.core.rooms import (
    CODE_LENGTH,
    COMPUTER,
    Move,
    RoomError,
    RoomPlay,
    RoomSeat,
    RoomSetup,
    action_text,
    bad_seat_count,
    busy,
    game_started,
    no_free_code,
    no_such_room,
    no_such_seat,
    normalize_room_code,
    not_open,
    not_started,
    not_your_seat,
    parse_action,
    room_over,
    seat_taken,
    table_full,
    too_few_players,
    unknown_bot,
)

#: A unique-key clash (two kernels appending the same seq, two rooms given one code), as the
#: store's engines raise it on SQLite and PostgreSQL alike.
CONFLICT: type[Exception] = StoreConflict
#: After the store was away, the table decides nothing for this long (every kernel's
#: background retry writes what it kept within MAX_RETRY seconds of the store's return).
SETTLE_SECONDS = MAX_RETRY + 2.0
#: Rooms touched within this many seconds are live (the dashboard's list).
LIVE_SECONDS = 3600.0
CACHE_ROOMS = 256
#: Wrong table codes a pupil may type in :data:`CODE_WINDOW` seconds (:meth:`RoomStore.find_table`).
CODE_TRIES = 5
CODE_WINDOW = 60.0
LOG = logging.getLogger("classroom")


@dataclass(frozen=True)
class LiveRoom:
    """A room on the teacher's dashboard: code, class, the players' names, the Round (0
    before the start; 1 all along in a game without Rounds), status and when it was last
    touched (epoch seconds); ``watch`` is the token of its projector link
    (:meth:`RoomStore.may_watch`: for the class's teacher's eyes only, the dashboard shows it
    after the teacher key); ``game`` the game's name (its page, its title)."""

    code: str
    class_code: str | None
    seats: tuple[str, ...]
    round: int
    status: str
    updated: float
    watch: str = ""
    game: str = ""


@dataclass(frozen=True)
class FinishedRoom:
    """A table of a class whose game is over (:meth:`RoomStore.finished_rooms`): its code,
    game, the players' names in seat order and when its last move was made (epoch seconds)."""

    code: str
    game: str
    seats: tuple[str, ...]
    finished: float


_CACHE: dict[tuple[str, str], tuple[int, RoomPlay]] = {}
_CACHE_LOCK = threading.Lock()


def _key(pupil: Pupil | str | None) -> str | None:
    return pupil.key if isinstance(pupil, Pupil) else pupil


def other_class(code: str, table_class: str | None, pupil_class: str | None) -> RoomError:
    """A pupil of another class (or of none) tries to sit at a class's table."""
    return RoomError(N_("Table {code} belongs to another class: only the pupils of its class "
                        "can sit at it. Check the code on the board, or open a table for "
                        "your class."), code=code, table_class=table_class,
                     pupil_class=pupil_class, reason="other-class")


def not_host(code: str, seat: int) -> RoomError:
    """Someone other than the table's host tries to free a seat."""
    return RoomError(N_("Only the pupil who opened table {code} can free its seats."),
                     code=code, seat=seat, reason="not-host")


def not_host_options(code: str) -> RoomError:
    """Someone other than the table's host tries to change its options."""
    return RoomError(N_("Only the pupil who opened table {code} can change its options."),
                     code=code, reason="not-host-options")


def not_a_watcher(code: str) -> RoomError:
    """The projector view of a class's table opened without its class's link."""
    return RoomError(N_("Only the teacher and the pupils of its class can watch table {code}: "
                        "open its projector view from the teacher's dashboard, or from the "
                        "game page after Join a table."), code=code, reason="not-a-watcher")


def too_many_codes(wait: float) -> RoomError:
    """A pupil typed :data:`CODE_TRIES` wrong table codes within the minute."""
    return RoomError(N_("Too many wrong table codes in the last minute: wait a minute, then "
                        "check the code on the board and try again."),
                     wait=max(1, math.ceil(wait)), reason="too-many-tries")


def may_see(setup: RoomSetup, pupil: Pupil | str | None) -> bool:
    """Whether ``pupil`` may see table ``setup`` on their own page: a pupil of its class (a
    table of no class: anyone). Anyone else's page shows nothing of it (the projector view
    has its token instead, :meth:`RoomStore.may_watch`)."""
    return setup.class_code is None or class_of(_key(pupil)) == setup.class_code


def _may_sit(setup: RoomSetup, key: str | None) -> None:
    """Raise ``other-class`` unless ``key`` is a pupil of the table's class (a table of no
    class takes anyone)."""
    if setup.class_code is not None and class_of(key) != setup.class_code:
        raise other_class(setup.code, setup.class_code, class_of(key))


def _watch_token(conn: Any, code: str, class_code: str | None) -> str:
    """The token of table ``code``'s projector link: an HMAC of the code under its class's
    teacher-key hash (a secret of the store's); "" for a table of no class, or of a class
    not (or no longer) in the store."""
    if class_code is None:
        return ""
    row = conn.execute("SELECT teacher_hash FROM classes WHERE code = ?",
                       (class_code,)).fetchone()
    if row is None:
        return ""
    return hmac.new(str(row[0]).encode("utf-8"), f"watch:{code}".encode(),
                    hashlib.sha256).hexdigest()[:24]


def _holds(setup: RoomSetup, seat: int, by: Pupil | str | None) -> None:
    """Raise ``not-your-seat`` unless the pupil ``by`` holds ``seat`` at the table."""
    try:
        holder = setup.seat(seat)
    except LnbError:
        raise not_your_seat(setup.code, seat) from None
    if holder.pupil is None or holder.pupil != _key(by):
        raise not_your_seat(setup.code, seat)


def _seat_name(seat: RoomSeat, kind: str | None = None) -> str:
    """A seat's name when none is given: its character's family name (``Charles Babbage``:
    Babbage); in a game without characters the computer's kind, else ``#`` and its number."""
    words = seat.character.split()
    return words[-1] if words else (kind or f"#{seat.index + 1}")


def _unique_name(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``... whichever no other seat has."""
    taken = set(taken)
    name, n = wanted, 1
    while name in taken:
        n += 1
        name = f"{wanted} {n}"
    return name


class RoomStore:
    """The rooms of one classroom store (see the module's API list)."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    # -- push ---------------------------------------------------------------------------
    def waiter(self, code: str) -> Waiter:
        """What table ``code``'s page waits on between two polls (its room's pings)."""
        return Waiter(notifier_for(self.store), [room_channel(self._code(code))])

    def class_waiter(self, class_code: str) -> Waiter:
        """What class ``class_code``'s dashboard waits on (every table of the class pings)."""
        return Waiter(notifier_for(self.store), [class_channel(class_code)])

    def announce(self, code: str, class_code: str | None = None) -> None:
        """Wake the pages of table ``code`` and the dashboard of ``class_code`` (call it after
        the commit of a write that bumped the room's version). Never raises."""
        channels = [room_channel(code)]
        if class_code:
            channels.append(class_channel(class_code))
        try:
            notifier_for(self.store).ping(channels)
        except Exception as exc:  # push is a shortcut: the pages' poll sees the write
            LOG.debug("room %s: no ping (%s)", code, exc)

    # -- reading ------------------------------------------------------------------------
    @property
    def _where(self) -> str:
        """The store's place (a file, a database): the process's cache is per place."""
        where = str(getattr(self.store, "where", None) or getattr(self.store, "path", None))
        return f"memory:{id(self.store)}" if where in (":memory:", "None") else where

    @staticmethod
    def _code(code: str) -> str:
        return normalize_room_code(code)

    def _setup(self, conn: Any, code: str) -> tuple[RoomSetup, int]:
        row = conn.execute("SELECT setup, status, class_code, host, version, game FROM rooms "
                           "WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise no_such_room(code)
        seats = [RoomSeat(int(i), name, "", pupil, computer) for i, name, pupil, computer in
                 conn.execute("SELECT seat, name, pupil, computer FROM room_seats WHERE code = ?"
                              " ORDER BY seat", (code,)).fetchall()]
        data = json.loads(row[0])
        characters = data.get("characters", [])
        seats = [replace(s, character=characters[s.index] if s.index < len(characters) else "")
                 for s in seats]
        setup = RoomSetup.from_json(code, row[0], seats, game=row[5], status=row[1],
                                    class_code=row[2], host=row[3])
        return setup, int(row[4])

    @staticmethod
    def _moves(conn: Any, setup: RoomSetup, after: int = 0) -> list[Move]:
        """The moves after seq ``after``, their actions read by the game (its text form, or
        the JSON rows of before)."""
        rows = conn.execute('SELECT seq, seat, action, at, "by" FROM room_moves WHERE code = ? '
                            "AND seq > ? ORDER BY seq", (setup.code, after)).fetchall()
        game = setup.game_type
        return [Move(int(seq), None if seat is None else int(seat), parse_action(game, action),
                     float(at), by) for seq, seat, action, at, by in rows]

    def _play_in(self, conn: Any, code: str, setup: RoomSetup, version: int) -> RoomPlay:
        """The room's play at ``version``: the process's cached one, moved on by the moves
        added since (a new object), or replayed from the start."""
        key = (self._where, code)
        with _CACHE_LOCK:
            hit = _CACHE.get(key)
        if hit is not None and hit[0] == version and hit[1].setup == setup:
            return hit[1]
        base = (hit[1] if hit is not None and hit[0] <= version
                and _same_table(hit[1].setup, setup) else None)
        if base is not None:
            play = base.extended(self._moves(conn, setup, base.seq))
            if play.setup != setup:
                play = play.with_setup(setup)
        else:
            play = RoomPlay.from_moves(setup, self._moves(conn, setup))
        self._remember(code, version, play)
        return play

    def _remember(self, code: str, version: int, play: RoomPlay) -> None:
        with _CACHE_LOCK:
            if len(_CACHE) > CACHE_ROOMS:
                _CACHE.clear()
            _CACHE[(self._where, code)] = (version, play)

    def _forget(self, code: str) -> None:
        with _CACHE_LOCK:
            _CACHE.pop((self._where, code), None)

    def room(self, code: str) -> RoomSetup:
        """The room's setup now: seats and who holds them, status (``no-such-room``)."""
        code = self._code(code)
        return self.store.read_shared(lambda conn: self._setup(conn, code))[0]

    def version(self, code: str) -> int:
        """The room's version: bumped by every move, seat change and start (one cheap read)."""
        code = self._code(code)
        row = self.store.read_shared(lambda conn: conn.execute(
            "SELECT version FROM rooms WHERE code = ?", (code,)).fetchone())
        if row is None:
            raise no_such_room(code)
        return int(row[0])

    def moves(self, code: str, after: int = 0) -> list[Move]:
        """The room's moves with seq above ``after``, in order."""
        code = self._code(code)

        def work(conn: Any) -> list[Move]:
            setup, _version = self._setup(conn, code)
            return self._moves(conn, setup, after)
        return self.store.read_shared(work)

    def play(self, code: str) -> RoomPlay:
        """The room's game replayed (cached per version in the process; a new object when
        the version changed, so a play in hand never changes)."""
        code = self._code(code)

        def work(conn: Any) -> RoomPlay:
            setup, version = self._setup(conn, code)
            if setup.status == "open":
                raise not_started(code)
            return self._play_in(conn, code, setup, version)
        return self.store.read_shared(work)

    def record(self, code: str) -> dict[str, Any]:
        """The room's record so far in its game's format (Lovelace & Babbage: the Rounds
        finished, as the game app's *Save* writes it), read by the game's records module."""
        return self.play(code).to_record()

    def record_json(self, code: str) -> str:
        """The record as the JSON text of a download."""
        play = self.play(code)
        return str(play.game.records.dumps(play.to_record()))

    # -- the lobby -----------------------------------------------------------------------
    def open_room(self, host: Pupil | None, class_code: str | None, seats: int = 4,
                  options: Any = None, characters: Sequence[str] | None = None,
                  seed: int | None = None, grace_seconds: float = 20.0,
                  pace_seconds: float = 1.5, game: str | None = None) -> RoomSetup:
        """A new table of ``game`` (None: the first registered game) with ``seats`` empty
        seats (the game's fewest to most) and a unique 4-character code."""
        kind = get(game) if game is not None else games()[0]
        least, most = kind.seats
        if isinstance(seats, bool) or not isinstance(seats, int) \
                or not least <= seats <= most:
            raise bad_seat_count(seats, kind.seats)
        rules = kind.table_rules
        if hasattr(options, "to_dict"):
            options = options.to_dict()
        options = rules.checked_options(dict(options or {}))  # the game's errors
        chars = rules.characters(seats, characters)
        seed = secrets.randbelow(1_000_000) if seed is None else seed
        now = self.clock()
        for _ in range(20):
            code = new_code(CODE_LENGTH)
            setup = RoomSetup(code, tuple(RoomSeat(i, "", c) for i, c in enumerate(chars)),
                              seed, kind.name, options, grace_seconds, pace_seconds, "open",
                              class_code, _key(host))
            def work(conn: Any, code: str = code, setup: RoomSetup = setup) -> bool:
                if conn.execute("SELECT 1 FROM rooms WHERE code = ?", (code,)).fetchone():
                    return False
                conn.execute("INSERT INTO rooms (code, game, setup, class_code, host, "
                             "created, status, version) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                             (code, kind.name, setup.to_json(), class_code, _key(host), now,
                              "open", 1))
                for s in setup.seats:
                    conn.execute("INSERT INTO room_seats (code, seat, name, pupil, computer,"
                                 " seen) VALUES (?, ?, ?, ?, ?, ?)",
                                 (code, s.index, "", None, None, None))
                return True
            try:
                if not self.store.write(work, keep=False):  # away: StoreAway, nothing kept
                    continue
            except CONFLICT:
                continue
            self.announce(code, class_code)
            return setup
        raise no_free_code()

    def _lobby(self, code: str, change: Callable[[Any, RoomSetup], Any]) -> Any:
        """Run ``change(conn, setup)`` in one transaction and bump the version (refused with
        ``store-away`` while the store is away: nothing in the lobby is decided later)."""
        code = self._code(code)
        seen: list[RoomSetup] = []

        def work(conn: Any) -> Any:
            setup, _version = self._setup(conn, code)
            seen[:] = [setup]
            result = change(conn, setup)
            if result is not _UNCHANGED:
                conn.execute("UPDATE rooms SET version = version + 1 WHERE code = ?", (code,))
            return result
        result = self.store.write(work, keep=False)
        if result is _UNCHANGED:
            return None
        self.announce(code, seen[0].class_code if seen else None)
        return result

    def take_seat(self, code: str, pupil: Pupil, name: str, seat: int | None = None) -> int:
        """Seat ``pupil`` (shown as ``name``) at the table; the seat's index. A pupil who
        has a seat gets it back (rejoin, also once the game has started). Only a pupil of
        the table's class sits at it (``other-class``)."""
        key = _key(pupil)
        now = self.clock()
        rejoined: list[int] = []

        def change(conn: Any, setup: RoomSetup) -> Any:
            _may_sit(setup, key)
            mine = setup.seat_of(key) if key else None
            if mine is not None and (seat is None or seat == mine.index):
                conn.execute("UPDATE room_seats SET seen = ? WHERE code = ? AND seat = ?",
                             (now, setup.code, mine.index))
                rejoined.append(mine.index)
                return _UNCHANGED
            if mine is not None and setup.status != "open":
                raise not_open(setup.code)  # another seat asked for once the game started
            if setup.status == "over":
                raise room_over(setup.code)
            if setup.status != "open":
                raise game_started(setup.code)
            if seat is None:
                free = [s for s in setup.seats if not s.taken]
                if not free:
                    raise table_full(setup.code)
                chosen = free[0]
            else:
                if isinstance(seat, bool) or not isinstance(seat, int) \
                        or not 0 <= seat < len(setup.seats):
                    raise no_such_seat(setup.code, seat, len(setup.seats))
                chosen = setup.seat(seat)
                if chosen.pupil is not None:  # a computer's seat may be taken back
                    raise seat_taken(setup.code, chosen.index, chosen.name)
            if mine is not None:  # a seated pupil moves: their old seat is emptied
                _empty(conn, setup.code, mine.index)
            wanted = " ".join(str(name or "").split()) or (pupil.label if isinstance(
                pupil, Pupil) else "") or _seat_name(chosen)
            shown = _unique_name(wanted, [s.name for s in setup.players
                                          if s.index not in (chosen.index, getattr(
                                              mine, "index", None))])
            conn.execute("UPDATE room_seats SET name = ?, pupil = ?, computer = NULL, seen = ? "
                         "WHERE code = ? AND seat = ?", (shown, key, now, setup.code,
                                                        chosen.index))
            return chosen.index
        result = self._lobby(code, change)
        return rejoined[0] if rejoined else int(result)

    def leave_seat(self, code: str, pupil: Pupil) -> None:
        """Before the start: ``pupil`` leaves their seat (nothing if they have none)."""
        key = _key(pupil)

        def change(conn: Any, setup: RoomSetup) -> Any:
            mine = setup.seat_of(key) if key else None
            if mine is None:
                return _UNCHANGED
            if setup.status != "open":
                raise not_open(setup.code)
            _empty(conn, setup.code, mine.index)
            return None
        self._lobby(code, change)

    def free_seat(self, code: str, seat: int, by: Pupil | str | None) -> None:
        """Before the start, the table's host ``by`` empties seat ``seat`` (a computer's, or
        a pupil's, e.g. someone who should not be there); anyone else gets ``not-host``.
        The room page's button calls exactly this."""
        key = _key(by)

        def change(conn: Any, setup: RoomSetup) -> Any:
            if setup.host is None or key != setup.host:
                raise not_host(setup.code, seat)
            if setup.status != "open":
                raise not_open(setup.code)
            if isinstance(seat, bool) or not isinstance(seat, int) \
                    or not 0 <= seat < len(setup.seats):
                raise no_such_seat(setup.code, seat, len(setup.seats))
            _empty(conn, setup.code, seat)
            return None
        self._lobby(code, change)

    def set_options(self, code: str, options: Any, by: Pupil | str | None) -> RoomSetup:
        """Before the start, the table's host ``by`` changes its options (``options`` merged
        over the table's, checked by the game's table rules); the table as it is now."""
        key = _key(by)
        if hasattr(options, "to_dict"):
            options = options.to_dict()

        def change(conn: Any, setup: RoomSetup) -> Any:
            if setup.host is None or key != setup.host:
                raise not_host_options(setup.code)
            if setup.status != "open":
                raise not_open(setup.code)
            merged = setup.rules.checked_options({**setup.options, **dict(options or {})})
            if merged == setup.options:
                return _UNCHANGED
            conn.execute("UPDATE rooms SET setup = ? WHERE code = ?",
                         (replace(setup, options=merged).to_json(), setup.code))
            return None
        self._lobby(code, change)
        return self.room(code)

    def give_to_computer(self, code: str, seat: int, kind: str = "greedy") -> None:
        """Before the start: an empty seat (or a computer's) is played by the bot ``kind``
        (one of the game's, exactly as its registry names it)."""

        def change(conn: Any, setup: RoomSetup) -> Any:
            bots = setup.game_type.bots.names
            if kind not in bots:
                raise unknown_bot(kind, bots)
            if setup.status != "open":
                raise not_open(setup.code)
            if isinstance(seat, bool) or not isinstance(seat, int) \
                    or not 0 <= seat < len(setup.seats):
                raise no_such_seat(setup.code, seat, len(setup.seats))
            chosen = setup.seat(seat)
            if chosen.pupil is not None:
                raise seat_taken(setup.code, chosen.index, chosen.name)
            others = [s.name for s in setup.players if s.index != seat]
            shown = _unique_name(_seat_name(chosen, kind), others)
            conn.execute("UPDATE room_seats SET name = ?, pupil = NULL, computer = ?, seen = NULL"
                         " WHERE code = ? AND seat = ?", (shown, kind, setup.code, seat))
            return None
        self._lobby(code, change)

    def start(self, code: str) -> RoomSetup:
        """Start the game (at least the game's fewest players seated; empty seats are left
        out). Starting a started game changes nothing."""
        now = self.clock()

        def change(conn: Any, setup: RoomSetup) -> Any:
            if setup.status != "open":
                return _UNCHANGED
            count = len(setup.players)
            if count < setup.game_type.seats[0]:
                raise too_few_players(setup.code, count, setup.game_type.seats)
            started = replace(setup, started=now, status="playing")
            started.new_state()  # the game's own checks (e.g. a handicap for a name not seated)
            conn.execute("UPDATE rooms SET setup = ?, status = ? WHERE code = ?",
                         (started.to_json(), "playing", setup.code))
            return None
        self._lobby(code, change)
        return self.room(code)

    # -- playing -------------------------------------------------------------------------
    def act(self, code: str, seq_expected: int, seat: int, action: Any,
            by: Pupil | str, now: float | None = None) -> Move:
        """One action of ``seat``'s pupil ``by``, in one transaction (see the module)."""
        return self.act_all(code, seq_expected, seat, [action], by, now)[-1]

    def act_all(self, code: str, seq_expected: int, seat: int, actions: Sequence[Any],
                by: Pupil | str, now: float | None = None) -> list[Move]:
        """Several actions of one seat, all or nothing, in one transaction."""
        code = self._code(code)
        key = _key(by)
        if not actions:
            return []
        at = self.clock() if now is None else now  # when it was pressed (kept if the store is away)
        tries = 0

        def work(conn: Any) -> tuple[list[Move], RoomPlay, int]:
            nonlocal tries
            tries += 1
            setup, version = self._setup(conn, code)
            if tries > 1:  # tried before: its commit may have been written, the answer lost
                play = self._play_in(conn, code, setup, version)
                done = _written_before(play, seq_expected, seat, key, at, actions)
                if done:  # (the version bumped again, so what is remembered stays true)
                    conn.execute("UPDATE rooms SET version = version + 1 WHERE code = ?",
                                 (code,))
                    return done, play, version
            _playing(setup)
            _holds(setup, seat, key)
            play = self._play_in(conn, code, setup, version)
            trial = play.copy()
            made = []
            expected = seq_expected
            for action in actions:
                move = trial.apply(Move(expected, seat, trial.stamp(action, at), at, key))
                made.append(move)
                expected = move.seq + 1
            # a step nobody has a choice in is made with the move that led to it: no page
            # ever draws it as a question (e.g. an activation with nothing to activate)
            self._insert(conn, code, made + trial.settle(at), trial)
            return made, trial, version
        for _attempt in range(5):
            try:
                made, trial, version = self.store.write(work)  # away: kept, StoreAway
            except CONFLICT:  # another kernel's move took the seq: read the room again
                self._forget(code)
                continue
            self._remember(code, version + 1, trial)
            self.announce(code, trial.setup.class_code)
            return made
        raise busy(code)

    def act_table(self, code: str, actions: Sequence[Any], by: str,
                  now: float | None = None) -> list[Move]:
        """The table's own moves (seat None) made by ``by`` (the teacher's key, e.g.
        ``"teacher:<class>"``), all or nothing, in one transaction: a room not playing raises
        ``not-started`` / ``room-over``; each action is applied by the room's play (which
        refuses what does not fit, e.g. resume while not paused)."""
        code = self._code(code)
        if not actions:
            return []
        at = self.clock() if now is None else now

        def work(conn: Any) -> tuple[list[Move], RoomPlay, int]:
            setup, version = self._setup(conn, code)
            _playing(setup)
            play = self._play_in(conn, code, setup, version)
            trial = play.copy()
            made = [trial.apply(Move(trial.next_seq, None, action, at, by))
                    for action in actions]
            self._insert(conn, code, made, trial)
            return made, trial, version
        for _attempt in range(5):
            try:
                made, trial, version = self.store.write(work, keep=False)
            except CONFLICT:  # another kernel's move took the seq: read the room again
                self._forget(code)
                continue
            self._remember(code, version + 1, trial)
            self.announce(code, trial.setup.class_code)
            return made
        raise busy(code)

    def _insert(self, conn: Any, code: str, made: Sequence[Move], play: RoomPlay) -> None:
        for m in made:
            conn.execute('INSERT INTO room_moves (code, seq, seat, action, at, "by") '
                         "VALUES (?, ?, ?, ?, ?, ?)",
                         (code, m.seq, m.seat, action_text(play.game, m.action), m.at, m.by))
        if play.finished:
            conn.execute("UPDATE rooms SET version = version + 1, status = ? WHERE code = ?",
                         ("over", code))
        else:
            conn.execute("UPDATE rooms SET version = version + 1 WHERE code = ?", (code,))

    def advance(self, code: str, now: float | None = None) -> list[Move]:
        """Append the moves due now (computer and absent seats, the race's end) in one
        transaction; ``[]`` when nothing is due or another kernel appended them first."""
        code = self._code(code)
        at = self.clock() if now is None else now
        if self._settling(at):
            return []

        def peek(conn: Any) -> bool:
            setup, version = self._setup(conn, code)
            if setup.status != "playing":
                return False
            play = self._play_in(conn, code, setup, version)
            return bool(play.due(at, self._present(conn, setup, at),
                                 self._drafts(conn, play, at)))
        if not self.store.read_shared(peek):
            return []

        def work(conn: Any) -> tuple[list[Move], RoomPlay | None, int]:
            setup, version = self._setup(conn, code)
            if setup.status != "playing":
                return [], None, version
            play = self._play_in(conn, code, setup, version)
            here = self._present(conn, setup, at)
            trial = play.copy()
            made: list[Move] = []
            for _ in range(64):  # each round of due moves may make more due at once
                due = trial.due(at, here, self._drafts(conn, trial, at))
                if not due:
                    break
                for action in due:
                    seat = trial.seat_for(action)
                    made.append(trial.apply(Move(trial.next_seq, seat,
                                                 trial.stamp(action, at), at, COMPUTER)))
                if trial.finished:
                    break
            if made:
                self._insert(conn, code, made, trial)
            return made, trial, version
        try:  # nothing is decided while the store is away: StoreAway, nothing kept
            made, trial, version = self.store.write(work, keep=False)
        except CONFLICT:  # another kernel appended them first
            self._forget(code)
            return []
        if made and trial is not None:
            self._remember(code, version + 1, trial)
            self.announce(code, trial.setup.class_code)
        return made

    def _settling(self, at: float) -> bool:
        """True while the store is away or came back less than :data:`SETTLE_SECONDS` ago:
        the table decides nothing then, so that every kernel first writes what its pupils
        did meanwhile (a kept *I'm done* before the bell is not beaten by ``TimeUp``)."""
        away = getattr(self.store, "away_during", None)
        return bool(away is not None and away(at - SETTLE_SECONDS, at) > 0)

    # -- drafts and presence ---------------------------------------------------------------
    def save_draft(self, code: str, seat: int, program: str, by: Pupil | str) -> None:
        """Keep ``seat``'s unfinished program (text), written by its pupil ``by``; the version
        is not bumped. While the store is away the newest draft is kept and written when it
        is back (no error: the page's reads say the store is away)."""
        code = self._code(code)
        at = self.clock()

        def work(conn: Any) -> None:
            setup, _version = self._setup(conn, code)
            _holds(setup, seat, by)
            conn.execute("INSERT INTO room_drafts (code, seat, program, at) VALUES (?, ?, ?, ?)"
                         " ON CONFLICT (code, seat) DO UPDATE SET program = excluded.program, "
                         "at = excluded.at", (code, seat, str(program), at))
        with suppress(StoreAway):  # away: the newest draft is kept and written when back
            self.store.write(work, merge=("draft", code, seat))

    def draft(self, code: str, seat: int, by: Pupil | str) -> str | None:
        """``seat``'s draft of this Program phase, for its pupil ``by`` (None: none, or one of
        an earlier phase)."""
        play = self.play(code)
        _holds(play.setup, seat, by)
        return self.store.read_shared(lambda conn: self._drafts(conn, play, None).get(seat))

    @staticmethod
    def _drafts(conn: Any, play: RoomPlay, at: float | None) -> dict[int, str]:
        """The drafts written in the current Program phase (needed only at its deadline
        when ``at`` is given)."""
        since = play.race_since
        if since is None or not play.table.in_race():
            return {}
        if at is not None and (play.race_deadline is None or at < play.race_deadline):
            return {}
        rows = conn.execute("SELECT seat, program FROM room_drafts WHERE code = ? AND at > ?",
                            (play.setup.code, since)).fetchall()
        return {int(seat): program for seat, program in rows}

    def heartbeat(self, code: str, seat: int, by: Pupil | str) -> bool:
        """``seat``'s pupil ``by`` is here now (the page calls it every ~2 s); no version
        bump. False, and nothing counted, when the seat is not ``by``'s. While the store is
        away, the newest heartbeat is kept (True, no error: the page's reads say the store is
        away) and written when it is back, as seen then (the page kept beating meanwhile)."""
        code = self._code(code)

        def work(conn: Any) -> bool:
            at = self.clock()
            seen = conn.execute("UPDATE room_seats SET seen = ? WHERE code = ? AND seat = ? "
                                "AND pupil = ? AND (seen IS NULL OR seen < ?)",
                                (at, code, seat, _key(by), at))
            return bool(seen.rowcount) or conn.execute(
                "SELECT 1 FROM room_seats WHERE code = ? AND seat = ? AND pupil = ?",
                (code, seat, _key(by))).fetchone() is not None
        try:
            return self.store.write(work, merge=("heartbeat", code, seat))
        except StoreAway:  # kept, written when the store is back (the page's reads say so)
            return True

    def present(self, code: str, within: float | None = None) -> set[str]:
        """Names of the seats whose pupils were seen within ``within`` seconds (default: the
        room's ``grace_seconds``)."""
        code = self._code(code)
        now = self.clock()

        def work(conn: Any) -> set[str]:
            setup, _version = self._setup(conn, code)
            return self._present(conn, setup, now, within)
        return self.store.read_shared(work)

    def _present(self, conn: Any, setup: RoomSetup, now: float,
                 within: float | None = None) -> set[str]:
        """The seats whose pupils were seen within the grace period, not counting the time
        the store was away (their heartbeats could not be written then): a pupil is never
        counted absent because of the store."""
        grace = setup.grace_seconds if within is None else within
        away = getattr(self.store, "away_during", None)
        rows = conn.execute("SELECT name, seen FROM room_seats WHERE code = ? AND pupil IS NOT "
                            "NULL AND seen IS NOT NULL", (setup.code,)).fetchall()
        return {name for name, seen in rows
                if now - float(seen) - (away(float(seen), now) if away else 0.0) <= grace}

    # -- who may find and watch a table -----------------------------------------------------
    def find_table(self, code: str, pupil: Pupil | str) -> RoomSetup:
        """Table ``code`` as ``pupil`` typed it (*Join a table*): a table of their class
        (``no-such-room`` for an unknown code and for another class's table alike). A pupil
        has :data:`CODE_TRIES` wrong codes in :data:`CODE_WINDOW` seconds; more are refused
        unchecked (``too-many-tries``, field ``wait``). The count and the try are one
        transaction, so pages trying at once cannot pass it."""
        code = self._code(code)  # a code that cannot be one: bad-code, not counted
        key = _key(pupil)
        now = self.clock()
        limit = TryLimit(f"table:{key}", CODE_TRIES)
        with self.store.transaction() as conn:
            counted = reserve_tries(conn, [limit], now, CODE_WINDOW)
            found = None
            if not isinstance(counted, Full):
                row = conn.execute("SELECT class_code FROM rooms WHERE code = ?",
                                   (code,)).fetchone()
                if row is not None and (row[0] is None or row[0] == class_of(key)):
                    release_tries(conn, counted)
                    found = code
        if isinstance(counted, Full):
            raise too_many_codes(counted.wait)
        if found is None:
            raise no_such_room(code)
        return self.room(found)

    def watch_token(self, code: str, pupil: Pupil | str) -> str:
        """The token of table ``code``'s projector link for ``pupil``, a pupil of its class
        (``other-class`` for anyone else); "" when the table has no class."""
        code = self._code(code)

        def work(conn: Any) -> str:
            setup, _version = self._setup(conn, code)
            _may_sit(setup, _key(pupil))
            return _watch_token(conn, code, setup.class_code)
        return self.store.read(work)

    def may_watch(self, code: str, token: str | None) -> bool:
        """Whether the projector view of table ``code`` may be shown with ``token`` (the
        ``watch`` of its link, given to its class's teacher by the dashboard and to its
        pupils by *Join a table*). A table of no class may be watched by anyone."""
        code = self._code(code)

        def work(conn: Any) -> bool:
            setup, _version = self._setup(conn, code)
            right = _watch_token(conn, code, setup.class_code)
            return setup.class_code is None or (bool(right) and hmac.compare_digest(
                str(token or ""), right))
        return self.store.read(work)

    def for_watcher(self, token: str | None) -> RoomStore:
        """These rooms as the projector view with ``token`` reads them: :meth:`room` raises
        ``not-a-watcher`` for a table the token does not open (see :meth:`may_watch`)."""
        return WatchedRooms(self.store, token, clock=self.clock)

    # -- the teacher's list ------------------------------------------------------------------
    def live_rooms(self, class_code: str | None = None) -> list[LiveRoom]:
        """Rooms not over and touched within the last hour (of one class, when given),
        most recently touched first."""
        now = self.clock()
        query = ("SELECT r.code, r.class_code, r.status, r.created, "
                 "(SELECT max(m.at) FROM room_moves m WHERE m.code = r.code), "
                 "(SELECT max(s.seen) FROM room_seats s WHERE s.code = r.code) "
                 "FROM rooms r WHERE r.status <> ?")
        args: tuple[Any, ...] = ("over",)
        if class_code is not None:
            query += " AND r.class_code = ?"
            args += (class_code,)
        rows = self.store.read_shared(lambda conn: conn.execute(query, args).fetchall())
        live = []
        for code, klass, status, created, moved, seen in rows:
            updated = max(float(x) for x in (created, moved, seen) if x is not None)
            if updated < now - LIVE_SECONDS:
                continue
            try:
                if status == "open":
                    setup, round_no = self.room(code), 0
                else:
                    play = self.play(code)
                    # a game without Rounds is in its first (and only) one
                    setup, round_no = play.setup, int(getattr(play.state, "round", 1))
            except LnbError as exc:  # a room that cannot be read is left out, and logged
                LOG.warning("room %s cannot be read: %s", code, exc)
                continue
            watch = self.store.read(lambda conn, c=code, k=klass: _watch_token(conn, c, k))
            live.append(LiveRoom(code, klass, tuple(s.name for s in setup.players),
                                 round_no, status, updated, watch, setup.game))
        return sorted(live, key=lambda r: (-r.updated, r.code))

    def finished_rooms(self, class_code: str, limit: int = 12) -> list[FinishedRoom]:
        """The class's tables whose game is over, the most recently finished first (at most
        ``limit``): e.g. one to replay on the projector (:meth:`record`, :meth:`play`)."""
        rows = self.store.read_shared(lambda conn: conn.execute(
            "SELECT r.code, r.created, (SELECT max(m.at) FROM room_moves m WHERE "
            "m.code = r.code) FROM rooms r WHERE r.status = ? AND r.class_code = ?",
            ("over", class_code)).fetchall())
        found = []
        for code, created, moved in sorted(rows, key=lambda r: -float(r[2] or r[1]))[:limit]:
            try:
                setup = self.room(code)
            except LnbError as exc:  # a room that cannot be read is left out, and logged
                LOG.warning("room %s cannot be read: %s", code, exc)
                continue
            found.append(FinishedRoom(code, setup.game, tuple(s.name for s in setup.players),
                                      float(moved or created)))
        return found


_UNCHANGED = object()


class WatchedRooms(RoomStore):
    """The rooms for a projector view: a table is read only with its link's token."""

    def __init__(self, store: Store, token: str | None,
                 clock: Callable[[], float] = time.time) -> None:
        super().__init__(store, clock=clock)
        self.token = token

    def room(self, code: str) -> RoomSetup:
        """The room's setup, if the token opens it (else ``not-a-watcher``)."""
        setup = super().room(code)
        if not self.may_watch(setup.code, self.token):
            raise not_a_watcher(setup.code)
        return setup


def _written_before(play: RoomPlay, seq_expected: int, seat: int, key: str | None, at: float,
                    actions: Sequence[Any]) -> list[Move]:
    """The moves of an earlier try of the same call (seat, pupil, the time it was pressed,
    the kinds of action, after the seq its caller saw), if that try was written; else []."""
    mine = [m for m in play.moves if m.seq >= seq_expected and m.seat == seat and m.by == key
            and m.at == at]
    if [type(m.action) for m in mine] == [type(a) for a in actions]:
        return mine
    return []


def _empty(conn: Any, code: str, seat: int) -> None:
    conn.execute("UPDATE room_seats SET name = ?, pupil = NULL, computer = NULL, seen = NULL "
                 "WHERE code = ? AND seat = ?", ("", code, seat))


def _playing(setup: RoomSetup) -> None:
    if setup.status == "open":
        raise not_started(setup.code)
    if setup.status == "over":
        raise room_over(setup.code)


def _same_table(a: RoomSetup, b: RoomSetup) -> bool:
    """True when a play of ``a`` is one of ``b`` (same game; only the status may differ)."""
    return (a.code == b.code and a.game == b.game and a.seed == b.seed
            and a.options == b.options
            and a.started == b.started
            and [(s.index, s.name, s.character, s.computer) for s in a.players]
            == [(s.index, s.name, s.character, s.computer) for s in b.players])
