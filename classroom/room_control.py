"""The teacher runs the room: pause and resume every table of a class, a seat's time
allowance, the tables' state for the dashboard. Names no game.

Everything is a table move (seat None, by the teacher) of :mod:`lnb.core.rooms`
(:class:`~lnb.core.rooms.Pause`, :class:`~lnb.core.rooms.Resume`,
:class:`~lnb.core.rooms.Allow`) written through :meth:`classroom.rooms.RoomStore.act_table`:
the room's replay knows when it was paused and for how long (the race's deadline and the
time-outs move on by the paused time; no pupil's move is accepted meanwhile: ``RoomError``
reason ``paused``) and which seat has which allowance. So a reload, another kernel and the
record all see the same.

- ``RoomControl(rooms, class_code)``: the class's tables (the teacher key is checked by the
  caller: the dashboard opens a class with it; :meth:`RoomControl.for_teacher` checks it).
- ``tables() -> list[TableControl]``: the class's tables playing now (in the order they
  started: rows do not move as pupils play), each with its code,
  ``paused``, its seats (index, name, pupil or computer) and their allowances.
- ``pause_all(now=None) -> list[str]`` / ``resume_all(now=None) -> list[str]``: the codes of
  the tables paused / resumed (a table already so, or over meanwhile, is left as it is).
- ``set_allowance(code, seat, factor, now=None)``: a seat's allowance, one of
  :data:`lnb.core.table.ALLOWANCES` (1.0, 2.0, 5.0, None: no limit).
- ``teacher_key(class_code)``: who the teacher's moves are "by" in the store.

>>> from classroom.progress import ProgressStore
>>> from classroom.rooms import RoomStore
>>> control = RoomControl(RoomStore(ProgressStore(":memory:")), "KM7Q4X")
>>> control.tables(), control.pause_all()
([], [])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.identity import Classroom
from classroom.rooms import RoomStore
from lnb.core.errors import LnbError
from lnb.core.rooms import Allow, Move, Pause, Resume, RoomError, no_such_room

#: The table moves that are no change (a race between two teachers' clicks, a game that just
#: ended): left as they are.
_NO_CHANGE = ("already-paused", "not-paused", "room-over", "not-started")


def teacher_key(class_code: str) -> str:
    """Who a class's teacher's table moves are by (``Move.by``).

    >>> teacher_key("KM7Q4X")
    'teacher:KM7Q4X'
    """
    return f"teacher:{class_code}"


@dataclass(frozen=True)
class SeatControl:
    """A seat as the teacher's controls show it: index, name, who holds it, its allowance
    (1.0, 2.0, 5.0; None: no limit)."""

    index: int
    name: str
    pupil: bool
    allowance: float | None


@dataclass(frozen=True)
class TableControl:
    """A table playing now: its code, game, whether it is paused and its seats."""

    code: str
    game: str
    paused: bool
    seats: tuple[SeatControl, ...]


class RoomControl:
    """The teacher's controls over the tables of class ``class_code`` (see the module)."""

    def __init__(self, rooms: RoomStore, class_code: str) -> None:
        self.rooms = rooms
        self.class_code = class_code

    @classmethod
    def for_teacher(cls, rooms: RoomStore, classroom: Classroom, class_code: str,
                    key: str) -> RoomControl:
        """The controls of the class whose teacher key is ``key`` (else the classroom's
        ``IdentityError``)."""
        info = classroom.check_teacher(class_code, key)
        return cls(rooms, info.code)

    @property
    def by(self) -> str:
        """Who the moves are by."""
        return teacher_key(self.class_code)

    def _codes(self) -> list[str]:
        return [r.code for r in self.rooms.live_rooms(self.class_code) if r.status == "playing"]

    def tables(self) -> list[TableControl]:
        """The class's tables playing now, in the order they started (then by code): a
        row does not move when a pupil plays (the dashboard's rows stay under the mouse)."""
        out: list[tuple[float, TableControl]] = []
        for code in self._codes():
            try:
                play = self.rooms.play(code)
            except LnbError:  # ended or unreadable meanwhile: not listed
                continue
            if play.finished:
                continue
            seats = tuple(SeatControl(s.index, s.name, s.pupil is not None,
                                      play.allowance(s.index))
                          for s in play.setup.players)
            out.append((play.setup.started or 0.0,
                        TableControl(code, play.setup.game, play.paused, seats)))
        return [t for _started, t in sorted(out, key=lambda p: (p[0], p[1].code))]

    def paused(self) -> bool:
        """True when every table playing is paused (and there is one)."""
        tables = self.tables()
        return bool(tables) and all(t.paused for t in tables)

    def pause_all(self, now: float | None = None) -> list[str]:
        """Pause every table of the class playing now; the codes paused."""
        return self._all(Pause(), now)

    def resume_all(self, now: float | None = None) -> list[str]:
        """Resume every paused table of the class; the codes resumed."""
        return self._all(Resume(), now)

    def _all(self, action: Any, now: float | None) -> list[str]:
        done = []
        for code in self._codes():
            try:
                self.rooms.act_table(code, [action], self.by, now)
            except RoomError as exc:
                if exc.reason in _NO_CHANGE:
                    continue
                raise
            done.append(code)
        return done

    def set_allowance(self, code: str, seat: int, factor: float | None,
                      now: float | None = None) -> Move:
        """Give seat ``seat`` of table ``code`` (one of the class's) the allowance
        ``factor`` (``bad-allowance`` for another, ``no-such-seat`` for a seat nobody
        holds)."""
        setup = self.rooms.room(code)
        if setup.class_code != self.class_code:
            raise no_such_room(setup.code)
        return self.rooms.act_table(setup.code, [Allow(int(seat), factor)], self.by, now)[-1]

    def __repr__(self) -> str:
        return f"<RoomControl of class {self.class_code}>"


__all__ = ["RoomControl", "SeatControl", "TableControl", "teacher_key"]
