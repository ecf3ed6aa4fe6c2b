"""What the teacher's dashboard keeps beside the pupils' progress (schema 4 of
:mod:`classroom.storefile`): each checked wrong answer's rows, when each pupil's page
was last active, and the puzzle set a class was given for a day.

Every statement is one small function of a connection (``_insert_wrong``, ``_class_wrong``...),
in SQL both engines run (:mod:`classroom.engines`); :class:`ClassWork` runs the writes
in the store's transactions and the reads with :meth:`classroom.store.Store.read` (no
write lock). Only pupils of a class are recorded (a device's work is nobody's to
read); what a class did is read only with its teacher key
(:meth:`~classroom.identity.Classroom.check_teacher`); a pupil reads only their own
class's puzzle set.

>>> import datetime
>>> from classroom.identity import Classroom
>>> from classroom.store import Store
>>> room = Classroom(Store(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> ali, bea = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
>>> work, day = ClassWork(room.store, clock=lambda: 1000.0), datetime.date(2026, 12, 1)
>>> for pupil in (ali, bea, ali):
...     work.record_wrong_answer(pupil, "P1-0J6Y-91VC-7", "A3+ B1- A1+", day)
>>> work.wrong_answers(room, made.code, made.teacher_key)
(WrongAnswer(puzzle='P1-0J6Y-91VC-7', rows='A3+ B1- A1+', pupils=2, times=3),)
>>> work.seen(ali)
>>> work.online(room, made.code, made.teacher_key)
('Ali',)
"""

from __future__ import annotations

import datetime
import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from classroom.engines import Connection
from classroom.identity import Classroom, Pupil
from classroom.store import Store
from classroom.storefile import seal

LOG = logging.getLogger("classroom")
#: A page active this many seconds ago still counts as online.
ONLINE_SECONDS = 5 * 60
#: Rows longer than this are not kept (a real answer has at most a few dozen characters).
ROWS_MAX = 400


@dataclass(frozen=True)
class WrongAnswer:
    """One wrong program of a class: the puzzle, its rows as checked, how many pupils
    checked it and how many times in all (no names)."""

    puzzle: str
    rows: str
    pupils: int
    times: int


# -- the statements --------------------------------------------------------------------------

_WRONG = "SELECT pupil, puzzle, rows, times, last_day, digest FROM wrong_answers"


def _sound_wrong(row: Sequence[object]) -> bool:
    """A wrong-answer row as the kit wrote it (its digest matches, its count a count)."""
    times = row[3]
    return seal("wrong_answers", row[:5]) == row[5] and isinstance(times, int) and times >= 1


def _insert_wrong(conn: Connection, pupil: str, puzzle: str, rows: str,
                  day: datetime.date) -> None:
    found = conn.execute(_WRONG + " WHERE pupil = ? AND puzzle = ? AND rows = ?",
                         (pupil, puzzle, rows)).fetchone()
    times = found[3] + 1 if found is not None and _sound_wrong(found) else 1
    values = (pupil, puzzle, rows, times, day.isoformat())
    conn.execute("INSERT INTO wrong_answers VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT "
                 "(pupil, puzzle, rows) DO UPDATE SET times = excluded.times, "
                 "last_day = excluded.last_day, digest = excluded.digest",
                 (*values, seal("wrong_answers", values)))


def _class_wrong(conn: Connection, class_code: str) -> list[tuple[object, ...]]:
    return conn.execute(
        "SELECT w.pupil, w.puzzle, w.rows, w.times, w.last_day, w.digest FROM wrong_answers w "
        "JOIN class_pupils c ON c.pupil = w.pupil WHERE c.class_code = ?",
        (class_code,)).fetchall()


def _mark_seen(conn: Connection, pupil: str, at: float) -> None:
    conn.execute("INSERT INTO presence (pupil, seen) VALUES (?, ?) ON CONFLICT (pupil) "
                 "DO UPDATE SET seen = CASE WHEN excluded.seen > presence.seen THEN excluded.seen "
                 "ELSE presence.seen END", (pupil, at))


def _class_seen(conn: Connection, class_code: str,
                since: float) -> list[tuple[str, float]]:
    return conn.execute(
        "SELECT c.name, p.seen FROM presence p JOIN class_pupils c ON c.pupil = p.pupil "
        "WHERE c.class_code = ? AND p.seen >= ? ORDER BY c.rowid", (class_code, since)
    ).fetchall()


def _put_set(conn: Connection, class_code: str, day: datetime.date,
             codes: Sequence[str]) -> None:
    values = (class_code, day.isoformat(), " ".join(codes))
    conn.execute("INSERT INTO class_sets VALUES (?, ?, ?, ?) ON CONFLICT (class_code, day) "
                 "DO UPDATE SET codes = excluded.codes, digest = excluded.digest",
                 (*values, seal("class_sets", values)))


def _get_set(conn: Connection, class_code: str,
             day: datetime.date) -> tuple[object, ...] | None:
    return conn.execute("SELECT class_code, day, codes, digest FROM class_sets "
                        "WHERE class_code = ? AND day = ?",
                        (class_code, day.isoformat())).fetchone()


def _class_of(pupil: Pupil) -> str | None:
    """The class code in a class pupil's key (``class:<code>:<id>``), else None."""
    kind, _, rest = pupil.key.partition(":")
    return rest.partition(":")[0] if kind == "class" and rest else None


# -- the store's side ------------------------------------------------------------------------

class ClassWork:
    """The dashboard's tables in ``store``'s file. ``clock`` gives the time (tests)."""

    def __init__(self, store: Store, *,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock

    def _write(self, work: Callable[[Connection], None]) -> None:
        """A pupil's page writes without ever failing the pupil (a problem is logged)."""
        try:
            with self.store.transaction() as conn:
                work(conn)
        except sqlite3.Error:
            LOG.exception("the dashboard's tables could not be written")

    # -- written by the pupil's page ---------------------------------------------------------
    def record_wrong_answer(self, pupil: Pupil | None, puzzle: str, rows: str,
                            day: datetime.date) -> None:
        """A checked wrong answer's rows (``str`` of the program), for a class pupil only."""
        rows = " ".join(rows.split())
        if pupil is None or _class_of(pupil) is None or not rows or len(rows) > ROWS_MAX:
            return
        key = pupil.key
        self._write(lambda conn: _insert_wrong(conn, key, puzzle, rows, day))

    def seen(self, pupil: Pupil | None) -> None:
        """A class pupil's page is active now (who is online)."""
        if pupil is None or _class_of(pupil) is None:
            return
        key, now = pupil.key, self.clock()
        self._write(lambda conn: _mark_seen(conn, key, now))

    def todays_set(self, pupil: Pupil | None, day: datetime.date) -> tuple[str, ...]:
        """The puzzle codes the pupil's own class was given for ``day`` (none: ``()``)."""
        code = _class_of(pupil) if pupil is not None else None
        if code is None:
            return ()
        row = self.store.read(lambda conn: _get_set(conn, code, day))
        if row is None or seal("class_sets", row[:3]) != row[3]:
            return ()
        return tuple(str(row[2]).split())

    # -- read and written with the teacher key ------------------------------------------------
    def wrong_answers(self, classroom: Classroom, class_code: str, teacher_key: str,
                      most: int = 10) -> tuple[WrongAnswer, ...]:
        """The class's most common wrong programs: by how many pupils checked them, then how
        often (at most ``most``)."""
        info = classroom.check_teacher(class_code, teacher_key)
        rows = [r for r in self.store.read(lambda conn: _class_wrong(conn, info.code))
                if _sound_wrong(r)]
        pupils: dict[tuple[str, str], set[str]] = {}
        times: dict[tuple[str, str], int] = {}
        for pupil, puzzle, text, count, _day, _digest in rows:
            key = (str(puzzle), str(text))
            pupils.setdefault(key, set()).add(str(pupil))
            times[key] = times.get(key, 0) + int(count)  # type: ignore[call-overload]
        ranked = sorted(pupils, key=lambda k: (-len(pupils[k]), -times[k], k))
        return tuple(WrongAnswer(k[0], k[1], len(pupils[k]), times[k]) for k in ranked[:most])

    def online(self, classroom: Classroom, class_code: str, teacher_key: str,
               seconds: float = ONLINE_SECONDS) -> tuple[str, ...]:
        """The names of the class's pupils whose page was active in the last ``seconds``."""
        info = classroom.check_teacher(class_code, teacher_key)
        since = self.clock() - seconds
        rows = self.store.read(lambda conn: _class_seen(conn, info.code, since))
        return tuple(name for name, _seen in rows)

    def class_set(self, classroom: Classroom, class_code: str, teacher_key: str,
                  day: datetime.date) -> tuple[str, ...]:
        """The puzzle codes the class was given for ``day``, as the teacher sees them."""
        info = classroom.check_teacher(class_code, teacher_key)
        row = self.store.read(lambda conn: _get_set(conn, info.code, day))
        if row is None or seal("class_sets", row[:3]) != row[3]:
            return ()
        return tuple(str(row[2]).split())

    def assign(self, classroom: Classroom, class_code: str, teacher_key: str,
               codes: Sequence[str], day: datetime.date) -> None:
        """Give the class the puzzles ``codes`` for ``day`` (a set given again replaces it)."""
        info = classroom.check_teacher(class_code, teacher_key)
        with self.store.transaction() as conn:
            _put_set(conn, info.code, day, list(codes))


__all__ = ["ONLINE_SECONDS", "ClassWork", "WrongAnswer"]
