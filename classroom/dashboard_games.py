"""What the teacher's dashboard shows of the games beside the puzzles and the tables: each
game's class rooms (a whole class on one seed, each pupil on their own map: the game's
``class_room`` hook, kept by :mod:`classroom.museum_rooms`) and each game's daily challenge
scores of the class's pupils (the game's ``daily_challenge`` hook: the day's par; the scores
are :mod:`classroom.scores`'). Names no game: it loops over the games' hooks.

Everything is read with the teacher key (checked by
:meth:`classroom.identity.Classroom.check_teacher`: a wrong one raises its ``IdentityError``).

>>> import datetime
>>> from classroom.identity import Classroom
>>> from classroom.museum_rooms import MuseumRooms
>>> from classroom.scores import DailyScores
>>> from classroom.store import Store
>>> room = Classroom(Store(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> ali, bea = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
>>> opened = MuseumRooms(room.store).open_room(None, made.code, seed=1)
>>> _ = MuseumRooms(room.store).join(opened.code, ali, "Ali")
>>> [(r.code == opened.code, r.pupils, r.turns, r.hold) for r in
...  class_rooms(room, made.code, made.teacher_key)]
[(True, ('Ali',), (1, 1), None)]
>>> day = datetime.date(2026, 12, 1)
>>> _ = DailyScores(room.store, "museum").record(bea, day, 48)
>>> [(d.game, d.rows) for d in daily_scores(room, made.code, made.teacher_key, day)]
[('museum', (DailyRow(name='Bea', best=48, plays=1),))]
"""

from __future__ import annotations

import datetime
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from classroom.identity import Classroom
from classroom.museum_rooms import HOOK as CLASS_ROOM_HOOK
from classroom.museum_rooms import MuseumRooms, Teacher
from classroom.scores import _sound
from lnb.core.errors import LnbError
from lnb.core.game import games

#: The hook of a game with a daily challenge: ``par(day)``, the day's par score.
DAILY_HOOK = "daily_challenge"


@dataclass(frozen=True)
class ClassRoomRow:
    """A class room on the dashboard: its game's name, code, the pupils in the order they
    joined (the projector's "Pupil 1"... follow it), how many finished, the lowest and
    highest turn of those still playing (``(0, 0)``: none), the teacher's hold, the host
    key of its page's link and the token of its projector views."""

    game: str
    code: str
    pupils: tuple[str, ...]
    finished: int
    turns: tuple[int, int]
    hold: int | None
    host_key: str = ""
    watch: str = ""

    @property
    def next_turn(self) -> int:
        """The turn a hold stops the class at: the one after the furthest pupil's."""
        return min(99, self.turns[1] + 1) if self.turns[1] else 2


@dataclass(frozen=True)
class DailyRow:
    """A pupil's day of a daily challenge: their name, best score and finished games."""

    name: str
    best: int
    plays: int


@dataclass(frozen=True)
class DailyScores:
    """A game's daily challenge on ``day`` for the class: the ``par`` and each pupil's day
    (best first)."""

    game: str
    day: datetime.date
    par: int | None
    rows: tuple[DailyRow, ...]


def class_rooms(classroom: Classroom, class_code: str, teacher_key: str
                ) -> tuple[ClassRoomRow, ...]:
    """The class's open class rooms, newest first (the teacher key checked)."""
    info = classroom.check_teacher(class_code, teacher_key)
    rows: list[ClassRoomRow] = []
    for game in games():
        if not game.has(CLASS_ROOM_HOOK):
            continue
        rooms = MuseumRooms(classroom.store)
        links = rooms.teacher_links(Teacher(info.code, teacher_key))
        for room in rooms.open_rooms(info.code):
            with suppress(LnbError):  # ended or unreadable meanwhile: not listed
                view = rooms.class_view(room.code, names=True)
                playing = [p.turn for p in view.pupils if not p.finished]
                host, watch = links.get(room.code, ("", ""))
                rows.append(ClassRoomRow(game.name, room.code,
                                         tuple(p.name for p in view.pupils), view.finished,
                                         (min(playing), max(playing)) if playing else (0, 0),
                                         room.hold, host, watch))
        break  # the store keeps the rooms of the one game that gives the hook
    return tuple(rows)


def daily_scores(classroom: Classroom, class_code: str, teacher_key: str,
                 day: datetime.date) -> tuple[DailyScores, ...]:
    """Each daily challenge's scores of the class's pupils on ``day`` (the teacher key
    checked), a game each, in the games' order."""
    info = classroom.check_teacher(class_code, teacher_key)
    found = []
    for game in games():
        if not game.has(DAILY_HOOK):
            continue
        rows = classroom.store.read(lambda conn, g=game.name: _daily_rows(conn, info.code, g,
                                                                          day))
        par: int | None = None
        with suppress(LnbError, ValueError):
            par = int(game.hook(DAILY_HOOK)(day))
        found.append(DailyScores(game.name, day, par, rows))
    return tuple(found)


def _daily_rows(conn: Any, class_code: str, game: str, day: datetime.date
                ) -> tuple[DailyRow, ...]:
    rows = conn.execute(
        "SELECT g.pupil, g.game, g.day, g.best, g.plays, g.digest, c.name FROM game_scores g "
        "JOIN class_pupils c ON c.pupil = g.pupil "
        "WHERE c.class_code = ? AND g.game = ? AND g.day = ?",
        (class_code, game, day.isoformat())).fetchall()
    sound = [r for r in rows if _sound(tuple(r[:6]))]  # a damaged row is left out
    return tuple(sorted((DailyRow(str(r[6]), int(r[3]), int(r[4])) for r in sound),
                        key=lambda d: (-d.best, d.name)))


__all__ = ["ClassRoomRow", "DailyRow", "DailyScores", "class_rooms", "daily_scores"]
