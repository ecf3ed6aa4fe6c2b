"""The daily challenges' scores: each pupil's best of the day, and their class's, anonymous.

A game with a daily challenge (the museum's: everyone gets the same dice on a day) keeps one
row per pupil, game and day in the progress store's file (table ``game_scores``, schema 3 of
:mod:`classroom.storefile`): the best score and how many games were finished. A
class sees only the scores, never whose they are (:meth:`DailyScores.class_scores`), and
only a pupil who joined that class with their card can ask for them.

While the file cannot be used the store carries on in memory (see
:class:`classroom.store.Store`); a score finished meanwhile is kept here
and written to the file with the next score once the file is back.

>>> import datetime
>>> from classroom.identity import Pupil
>>> from classroom.store import Store
>>> scores = DailyScores(Store(":memory:"), "museum")
>>> sam, day = Pupil.from_nickname("sam"), datetime.date(2026, 12, 1)
>>> scores.record(sam, day, 48)
GameScore(game='museum', day=datetime.date(2026, 12, 1), best=48, plays=1)
>>> scores.record(sam, day, 41).best, scores.record(sam, day, 63).plays
(48, 3)
>>> scores.best(sam, day).best, scores.best(sam, day + datetime.timedelta(1))
(63, None)
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from classroom.engines import Connection
from classroom.identity import Pupil
from classroom.store import Store
from classroom.storefile import seal

_SELECT = "SELECT pupil, game, day, best, plays, digest FROM game_scores"
#: The most a score can be (a museum game scores about 130 at most): a larger one is damage.
SCORE_MAX = 10_000


@dataclass(frozen=True)
class GameScore:
    """A pupil's day of one game's challenge: their ``best`` score and how many ``plays``."""

    game: str
    day: datetime.date
    best: int
    plays: int


def _sound(row: tuple[object, ...]) -> bool:
    """A row as written by the kit (its digest matches, its numbers are numbers)."""
    best, plays = row[3], row[4]
    return (seal("game_scores", row[:5]) == row[5]
            and isinstance(best, int) and 0 <= best <= SCORE_MAX
            and isinstance(plays, int) and plays >= 1)


class DailyScores:
    """The scores of ``game``'s daily challenge, in ``store``'s file."""

    def __init__(self, store: Store, game: str) -> None:
        self.store = store
        self.game = game
        self._pending: list[tuple[Pupil, datetime.date, int]] = []

    def record(self, pupil: Pupil, day: datetime.date, score: int) -> GameScore:
        """One finished game of ``day``'s challenge; the pupil's day so far (best kept)."""
        if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= SCORE_MAX:
            raise ValueError(f"a score is a whole number from 0 to {SCORE_MAX}, not {score!r}")
        result = self._write(pupil, day, score)
        if self.store.problem is not None:  # kept in memory only: written again later
            self._pending.append((pupil, day, score))
        elif self._pending:  # the file is back: what was kept meanwhile goes into it
            pending, self._pending = self._pending, []
            for earlier in pending:
                self._write(*earlier)
        return result

    def _write(self, pupil: Pupil, day: datetime.date, score: int) -> GameScore:
        with self.store.transaction() as conn:
            row = conn.execute(_SELECT + " WHERE pupil = ? AND game = ? AND day = ?",
                               (pupil.key, self.game, day.isoformat())).fetchone()
            best, plays = (max(row[3], score), row[4] + 1) if row and _sound(row) else (score, 1)
            values = (pupil.key, self.game, day.isoformat(), best, plays)
            conn.execute("INSERT INTO game_scores VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT "
                         "(pupil, game, day) DO UPDATE SET best = excluded.best, plays = "
                         "excluded.plays, digest = excluded.digest",
                         (*values, seal("game_scores", values)))
        return GameScore(self.game, day, best, plays)

    def best(self, pupil: Pupil, day: datetime.date) -> GameScore | None:
        """The pupil's day of the challenge, or None before their first finished game."""
        row = self.store.read(lambda conn: conn.execute(
            _SELECT + " WHERE pupil = ? AND game = ? AND day = ?",
            (pupil.key, self.game, day.isoformat())).fetchone())
        if row is None or not _sound(row):
            return None
        return GameScore(self.game, day, row[3], row[4])

    def class_scores(self, class_code: str, day: datetime.date) -> tuple[int, ...]:
        """The best score of every pupil of the class who finished ``day``'s challenge,
        lowest first, without names (a damaged row is left out)."""
        def read(conn: Connection) -> list[tuple[object, ...]]:
            return conn.execute(
                "SELECT g.pupil, g.game, g.day, g.best, g.plays, g.digest FROM game_scores g "
                "JOIN class_pupils c ON c.pupil = g.pupil "
                "WHERE c.class_code = ? AND g.game = ? AND g.day = ?",
                (class_code, self.game, day.isoformat())).fetchall()

        rows = self.store.read(read)
        return tuple(sorted(int(row[3]) for row in rows if _sound(row)))  # type: ignore[call-overload]
