"""Pupils' puzzle progress: one table owner of the classroom's store (:mod:`classroom.store`).
(The daily challenges' scores, in the same store, are :mod:`classroom.scores`.)

One row per (pupil, puzzle) and one per pupil (the streak), each sealed by a digest; a
damaged row is repaired when it is read (a copy kept in the file's ``set_aside`` table, a
note for the teacher). Whose progress it is, is the pupil's key
(:class:`~classroom.identity.Pupil`): ``device:<hash>`` for the long random key one browser
keeps (the file holds only its hash), ``class:<code>:<id>`` for a pupil of a class who
joined with their card. Every query is filtered by that key; nothing a pupil can type alone
(a nickname) opens a stored key.

:class:`ProgressTable` is the owner of those rows over any :class:`~classroom.store.Store`
(one per store: :meth:`ProgressTable.of`). :class:`ProgressStore` is a store opened with its
puzzle progress at hand, what the apps open (the static site's
:class:`~classroom.browser_store.BrowserProgressStore` has the same methods): while the store
is away, a pupil's progress goes on in memory and is written when it is back.

>>> import datetime, tempfile, pathlib
>>> folder = tempfile.mkdtemp()
>>> store = ProgressStore(pathlib.Path(folder) / "progress.sqlite3")
>>> sam = Pupil.from_browser_key(Pupil.new_browser_key())
>>> day = datetime.date(2024, 3, 4)
>>> _ = store.record_attempt(sam, "LB1-ABC", solved=False, day=day)
>>> progress = store.record_attempt(sam, "LB1-ABC", solved=True, rows=3, difficulty=2, day=day)
>>> progress.get("LB1-ABC").attempts, progress.solved_count, progress.streak_on(day)
(2, 1, 1)
>>> store.load(Pupil.from_browser_key(Pupil.new_browser_key())).puzzles
()
>>> store.saving, store.problem
(True, None)
>>> store.close()
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from classroom.engines import Connection
from classroom.identity import Classroom, Pupil
from classroom.store import Store
from classroom.storefile import add_note, drop_row, keep_row, seal, valid_day

__all__ = ["Progress", "ProgressChanges", "ProgressStore", "ProgressTable", "PuzzleProgress",
           "class_progress", "next_streak", "repair_rows", "streak_from_days", "with_attempt",
           "with_hint"]


@dataclass(frozen=True)
class PuzzleProgress:
    """One pupil's work on one puzzle."""

    puzzle: str
    difficulty: int | None
    attempts: int
    hints: int
    best_rows: int | None
    first_day: datetime.date
    solved_day: datetime.date | None

    @property
    def solved(self) -> bool:
        """True once any answer to the puzzle was right."""
        return self.solved_day is not None


@dataclass(frozen=True)
class Progress:
    """Everything one pupil has done: puzzles tried (oldest first) and the streak.

    The streak counts consecutive days with at least one puzzle solved; ``last_day`` is the
    last of those days.
    """

    pupil: Pupil
    puzzles: tuple[PuzzleProgress, ...] = ()
    streak: int = 0
    best_streak: int = 0
    last_day: datetime.date | None = None

    def get(self, puzzle: str) -> PuzzleProgress | None:
        """The record of one puzzle (by its code), if tried."""
        return next((p for p in self.puzzles if p.puzzle == puzzle), None)

    @property
    def solved(self) -> tuple[PuzzleProgress, ...]:
        """Puzzles solved, oldest first."""
        return tuple(p for p in self.puzzles if p.solved)

    @property
    def solved_count(self) -> int:
        """How many different puzzles were solved."""
        return len(self.solved)

    def streak_on(self, day: datetime.date) -> int:
        """The streak as seen on ``day``: it lapses when yesterday had no solve.

        >>> p = Progress(Pupil.from_nickname("sam"), streak=3, best_streak=3,
        ...              last_day=datetime.date(2024, 3, 4))
        >>> [p.streak_on(datetime.date(2024, 3, d)) for d in (4, 5, 6)]
        [3, 3, 0]
        """
        if self.last_day is None or (day - self.last_day).days > 1:
            return 0
        return self.streak

    def by_difficulty(self) -> dict[int, tuple[int, int]]:
        """``{difficulty: (solved, tried)}`` over the puzzles whose difficulty is known."""
        table: dict[int, tuple[int, int]] = {}
        for p in self.puzzles:
            if p.difficulty is not None:
                solved, tried = table.get(p.difficulty, (0, 0))
                table[p.difficulty] = (solved + p.solved, tried + 1)
        return dict(sorted(table.items()))


def next_streak(streak: int, last_day: datetime.date | None,
                day: datetime.date) -> tuple[int, datetime.date]:
    """The streak after a solve on ``day``: same day keeps it, the next day adds one.

    >>> d = datetime.date(2024, 3, 4)
    >>> next_streak(0, None, d), next_streak(2, d, d)[0], next_streak(2, d, d.replace(day=5))[0]
    ((1, datetime.date(2024, 3, 4)), 2, 3)
    >>> next_streak(5, d, d.replace(day=9))[0]
    1
    """
    if last_day is None:
        return 1, day
    gap = (day - last_day).days
    if gap <= 0:  # the same day (or a clock that went back): nothing changes
        return streak, last_day
    return (streak + 1 if gap == 1 else 1), day


def with_attempt(progress: Progress, puzzle: str, *, solved: bool, rows: int | None = None,
                 hints: int = 0, difficulty: int | None = None,
                 day: datetime.date) -> Progress:
    """``progress`` after one checked answer to ``puzzle`` (what the store saves).

    >>> p = with_attempt(Progress(Pupil("device:x", "me")), "P1", solved=True, rows=3,
    ...                  day=datetime.date(2024, 3, 4))
    >>> p.get("P1").attempts, p.get("P1").best_rows, p.streak
    (1, 3, 1)
    """
    progress = _touched(progress, puzzle, difficulty, day, attempts=1, hints=hints)
    if not solved:
        return progress
    old = progress.get(puzzle)
    assert old is not None
    best = old.best_rows
    if rows is not None and (best is None or rows < best):
        best = rows
    new = replace(old, solved_day=old.solved_day or day, best_rows=best)
    streak, last_day = next_streak(progress.streak, progress.last_day, day)
    return replace(progress, puzzles=tuple(new if p.puzzle == puzzle else p
                                           for p in progress.puzzles),
                   streak=streak, best_streak=max(progress.best_streak, streak),
                   last_day=last_day)


def with_hint(progress: Progress, puzzle: str, hints: int, *, difficulty: int | None = None,
              day: datetime.date) -> Progress:
    """``progress`` once ``hints`` hints were shown for ``puzzle`` (the most is kept)."""
    return _touched(progress, puzzle, difficulty, day, attempts=0, hints=hints)


def _touched(progress: Progress, puzzle: str, difficulty: int | None, day: datetime.date, *,
             attempts: int, hints: int) -> Progress:
    old = progress.get(puzzle)
    if old is None:
        new = PuzzleProgress(puzzle, difficulty, attempts, max(hints, 0), None, day, None)
        return replace(progress, puzzles=(*progress.puzzles, new))
    new = replace(old, attempts=old.attempts + attempts, hints=max(old.hints, hints),
                  difficulty=difficulty if difficulty is not None else old.difficulty)
    return replace(progress, puzzles=tuple(new if p.puzzle == puzzle else p
                                           for p in progress.puzzles))


def streak_from_days(days: Iterable[datetime.date]) -> tuple[int, int, datetime.date | None]:
    """``(streak, best streak, last day)`` from the days something was solved (a repair).

    >>> d = datetime.date(2024, 3, 4)
    >>> streak_from_days([d, d.replace(day=5), d.replace(day=9)])
    (1, 2, datetime.date(2024, 3, 9))
    """
    streak, best, last = 0, 0, None
    for day in sorted(set(days)):
        streak, last = next_streak(streak, last, day)
        best = max(best, streak)
    return streak, best, last


Change = Callable[[Progress], Progress]


class ProgressChanges:
    """What every progress store records, over its own ``_change(pupil, change)`` (the server's
    :class:`ProgressStore` and the static site's browser store write the same way).

    >>> class Kept(ProgressChanges):
    ...     def _change(self, pupil, change):
    ...         return change(Progress(pupil))
    >>> Kept().record_hint(Pupil("nick:ada", "Ada"), "P1", 2).puzzles[0].hints
    2
    """

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        raise NotImplementedError

    def when_problem_changes(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` whenever ``problem`` changes outside the store's own calls. The
        server's store changes it only inside them (the apps redraw after each): nothing to
        watch. The static site's browser store is told after the page's write."""

    def record_attempt(self, pupil: Pupil, puzzle: str, *, solved: bool, rows: int | None = None,
                       hints: int = 0, difficulty: int | None = None,
                       day: datetime.date | None = None) -> Progress:
        """One checked answer to ``puzzle`` (right or wrong); returns the new progress.

        ``rows`` is the length of a right answer (the best is kept), ``hints`` how many hints
        were shown so far (the most is kept). A solve extends the streak (:func:`next_streak`).
        """
        day = day or datetime.date.today()
        return self._change(pupil, lambda p: with_attempt(
            p, puzzle, solved=solved, rows=rows, hints=hints, difficulty=difficulty, day=day))

    def record_hint(self, pupil: Pupil, puzzle: str, hints: int, *,
                    difficulty: int | None = None, day: datetime.date | None = None) -> Progress:
        """``hints`` hints have now been shown for ``puzzle`` (the most is kept)."""
        day = day or datetime.date.today()
        return self._change(pupil, lambda p: with_hint(p, puzzle, hints, difficulty=difficulty,
                                                       day=day))


class ProgressTable(ProgressChanges):
    """The puzzle progress's rows (tables ``pupils`` and ``puzzles``) in ``store``: one
    table owner among the store's others. What this session has seen of each pupil's
    progress goes on in memory when the store falls back on it.

    >>> store = Store(":memory:")
    >>> table = ProgressTable.of(store)
    >>> table is ProgressTable.of(store), table.record_hint(Pupil("nick:ada", "Ada"), "P1", 2).puzzles[0].hints
    (True, 2)
    >>> ProgressTable.of(store).pupil_count()
    1
    """  # noqa: E501

    def __init__(self, store: Store) -> None:
        self.store = store
        self._known: dict[str, Progress] = {}
        store.when_in_memory(self._remember)

    @classmethod
    def of(cls, store: Store) -> ProgressTable:
        """The one puzzle progress owner of ``store`` (made on first use)."""
        return store.owner("progress", cls)

    def _remember(self, conn: Connection) -> None:
        for progress in self._known.values():
            _save(conn, Progress(progress.pupil), progress, datetime.date.today(), fresh=True)

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        with self.store.lock:
            progress = self.store.apply(lambda conn: _apply(conn, pupil, change))
            self._known[pupil.key] = progress
        return progress

    def load(self, pupil: Pupil) -> Progress:
        """Everything ``pupil`` has done (empty for a new pupil)."""
        progress = self.store.read(lambda conn: _read(conn, pupil, datetime.date.today())[0])
        self._known[pupil.key] = progress
        return progress

    def pupil_count(self) -> int:
        """How many pupils have any progress (for teachers; no pupil's data is exposed)."""
        return self.store.read(lambda conn: int(conn.execute("SELECT count(*) FROM pupils")
                                                .fetchone()[0]))


class ProgressStore(Store, ProgressChanges):
    """A :class:`~classroom.store.Store` opened with its puzzle progress at hand
    (:class:`ProgressTable`): what the apps open, the static site's
    :class:`~classroom.browser_store.BrowserProgressStore` standing in for it. It takes the
    store's arguments; the other table owners take it as the store it is."""

    @property
    def progress(self) -> ProgressTable:
        """The store's puzzle progress."""
        return ProgressTable.of(self)

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        return self.progress._change(pupil, change)

    def load(self, pupil: Pupil) -> Progress:
        """Everything ``pupil`` has done (empty for a new pupil)."""
        return self.progress.load(pupil)

    def pupil_count(self) -> int:
        """How many pupils have any progress (for teachers; no pupil's data is exposed)."""
        return self.progress.pupil_count()

    def __enter__(self) -> ProgressStore:
        return self


def class_progress(classroom: Classroom, class_code: str,
                   teacher_key: str) -> list[tuple[str, Progress]]:
    """Each pupil's name and progress, in the class list's order (only with the class's
    teacher key: :meth:`~classroom.identity.Classroom.class_pupils`)."""
    table = ProgressTable.of(classroom.store)
    return [(pupil.label, table.load(pupil))
            for pupil in classroom.class_pupils(class_code, teacher_key)]


# -- rows: read, checked, repaired, written -------------------------------------------------

_HEAD = "SELECT pupil, created, streak, best_streak, last_day, digest FROM pupils"
_ROWS = ("SELECT pupil, puzzle, difficulty, attempts, hints, best_rows, first_day, solved_day, "
         "digest, rowid FROM puzzles")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _clean_puzzle(row: tuple[Any, ...], day: datetime.date) -> tuple[PuzzleProgress | None,
                                                                      list[str]]:
    """A puzzle row as found; the record (None if beyond repair) and what was wrong."""
    _, code, difficulty, attempts, hints, best, first, solved = row[:8]
    if seal("puzzles", row[:8]) == row[8]:
        return PuzzleProgress(code, difficulty, attempts, hints, best, _day(first),
                              _day(solved)), []
    wrong = []
    if not isinstance(code, str) or not code:
        return None, ["the puzzle's code"]
    if difficulty is not None and not _count(difficulty):
        difficulty = None
        wrong.append("difficulty")
    if not _count(attempts):
        attempts = 0
        wrong.append("attempts")
    if not _count(hints):
        hints = 0
        wrong.append("hints")
    if best is not None and not _count(best):
        best = None
        wrong.append("best rows")
    if solved is not None and not valid_day(solved):
        solved = None
        wrong.append("the day it was solved")
    if not valid_day(first):
        first = solved or day.isoformat()
        wrong.append("the day it was first tried")
    return PuzzleProgress(code, difficulty, attempts, hints, best, _day(first),
                          _day(solved)), wrong or ["its check did not match its values"]


def _clean_head(head: tuple[Any, ...], puzzles: tuple[PuzzleProgress, ...],
                day: datetime.date) -> tuple[tuple[int, int, datetime.date | None, str],
                                             list[str]]:
    """``(streak, best, last_day, created)`` from a pupil row, and what was wrong."""
    _, created, streak, best, last = head[:5]
    if seal("pupils", head[:5]) == head[5]:
        return (streak, best, _day(last), created), []
    wrong = []
    if not valid_day(created):
        created = day.isoformat()
        wrong.append("the day it was made")
    if not (_count(streak) and _count(best)) or (last is not None and not valid_day(last)):
        streak, best, last_day = streak_from_days(
            p.solved_day for p in puzzles if p.solved_day is not None)
        wrong.append("the streak (counted again from the days puzzles were solved)")
        return (streak, best, last_day, created), wrong
    return (streak, best, _day(last), created), wrong or ["its check did not match its values"]


def _read(conn: Connection, pupil: Pupil,
          day: datetime.date) -> tuple[Progress, str | None]:
    """The pupil's progress and the day their row was made; damaged rows are repaired."""
    head = conn.execute(_HEAD + " WHERE pupil = ?", (pupil.key,)).fetchone()
    rows = conn.execute(_ROWS + " WHERE pupil = ? ORDER BY first_day, rowid",
                        (pupil.key,)).fetchall()
    repairs: list[tuple[str, tuple[Any, ...], list[str], int | None]] = []
    puzzles = []
    for row in rows:
        record, wrong = _clean_puzzle(row, day)
        if wrong:
            repairs.append(("puzzles", row, wrong, row[9]))
        if record is not None:
            puzzles.append(record)
    progress = Progress(pupil, tuple(puzzles))
    created = None
    if head is not None:
        (streak, best, last_day, created), wrong = _clean_head(head, progress.puzzles, day)
        if wrong:
            repairs.append(("pupils", head, wrong, None))
        progress = replace(progress, streak=streak, best_streak=best, last_day=last_day)
    if not repairs:
        return progress, created
    if not conn.in_transaction:
        conn.begin()
        try:
            result = _read(conn, pupil, day)
        except BaseException:
            conn.rollback()
            raise
        conn.commit()
        return result
    for table, row, wrong, rowid in repairs:
        keep_row(conn, table, row, "; ".join(wrong))
        if table == "puzzles":
            conn.execute("DELETE FROM puzzles WHERE rowid = ?", (rowid,))
    _save(conn, Progress(pupil), progress, day, fresh=True, created=created)
    what = "; ".join(f"{'its streak row' if t == 'pupils' else 'puzzle ' + str(r[1])}: "
                     f"{', '.join(wrong)}" for t, r, wrong, _ in repairs)
    add_note(conn, f"pupil {pupil.key}: damaged saved progress was repaired ({what}); the "
                   "rows as found are kept in the table set_aside")
    return progress, created or day.isoformat()


def _apply(conn: Connection, pupil: Pupil, change: Change) -> Progress:
    """Read, change and write one pupil's progress (the caller holds a transaction)."""
    day = datetime.date.today()
    before, created = _read(conn, pupil, day)
    after = change(before)
    _save(conn, before, after, day, fresh=created is None, created=created)
    return after


def _save(conn: Connection, before: Progress, after: Progress, day: datetime.date, *,
          fresh: bool = False, created: str | None = None) -> None:
    """Write what changed from ``before`` to ``after`` (every row if ``fresh``), sealed."""
    key = after.pupil.key
    head = (key, created or day.isoformat(), after.streak, after.best_streak,
            after.last_day.isoformat() if after.last_day else None)
    if fresh or (before.streak, before.best_streak, before.last_day) != (
            after.streak, after.best_streak, after.last_day):
        conn.execute(
            "INSERT INTO pupils (pupil, created, streak, best_streak, last_day, digest) "
            "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (pupil) DO UPDATE SET "
            "created = excluded.created, streak = excluded.streak, "
            "best_streak = excluded.best_streak, last_day = excluded.last_day, "
            "digest = excluded.digest", (*head, seal("pupils", head)))
    old = {p.puzzle: p for p in before.puzzles}
    for p in after.puzzles:
        if not fresh and old.get(p.puzzle) == p:
            continue
        row = (key, p.puzzle, p.difficulty, p.attempts, p.hints, p.best_rows,
               p.first_day.isoformat(), p.solved_day.isoformat() if p.solved_day else None)
        conn.execute(
            "INSERT INTO puzzles (pupil, puzzle, difficulty, attempts, hints, best_rows, "
            "first_day, solved_day, digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
            "ON CONFLICT (pupil, puzzle) DO UPDATE SET difficulty = excluded.difficulty, "
            "attempts = excluded.attempts, hints = excluded.hints, "
            "best_rows = excluded.best_rows, first_day = excluded.first_day, "
            "solved_day = excluded.solved_day, digest = excluded.digest",
            (*row, seal("puzzles", row)))


def repair_rows(conn: Connection, damaged: dict[str, list[int]], day: datetime.date) -> None:
    """Repair the damaged ``pupils`` and ``puzzles`` rows (``damaged``: ``{table: [rowid]}``,
    see :data:`classroom.store.REPAIRS`) inside the store's repair transaction: each pupil's
    progress is read again, repaired and written; a row naming no pupil is set aside."""
    keys = set()
    for table in ("pupils", "puzzles"):
        for rowid in damaged.get(table, ()):
            key = conn.execute(f"SELECT pupil FROM {table} WHERE rowid = ?",
                               (rowid,)).fetchone()[0]
            if isinstance(key, str) and key:
                keys.add(key)
            else:
                drop_row(conn, table, rowid, f"its pupil is {key!r}")
    for key in sorted(keys):
        _read(conn, Pupil(key, "?"), day)


def _day(text: str | None) -> datetime.date | None:
    return None if text is None else datetime.date.fromisoformat(text)
