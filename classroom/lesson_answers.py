"""Pupils' answers to lesson exercises: every answer a pupil checks (the lesson, the
exercise's id, the text, right or wrong, the kit's diagnosis key) is kept for that pupil, so a
lesson resumes where they left it and the teacher's dashboard shows who answered what.

Whose answers they are is the pupil's key (:class:`~classroom.identity.Pupil`), as for puzzle
progress: every query names it, and a teacher reads a class's answers only with the class's
teacher key (:meth:`~classroom.identity.Classroom.class_pupils`). :class:`LessonAnswers`
keeps them in the store's ``lesson_answers`` table (SQLite or PostgreSQL; made on first use,
so a store of an older kit gains it and loads as before); :class:`BrowserLessonAnswers` in
the browser's storage on the static site (one JSON text per pupil and lesson, under
``answers/<lesson>/<pupil key>``). :func:`answers_of` picks the one for a progress store.

>>> import datetime
>>> from classroom.progress import ProgressStore
>>> kept = LessonAnswers.of(ProgressStore(":memory:"))
>>> ada, at = Pupil("nick:ada", "Ada"), datetime.datetime(2026, 12, 6, 9, 30)
>>> _ = kept.record(ada, "02-place-value", "swap-07", "07", correct=False,
...                 diagnosis="start", at=at)
>>> _ = kept.record(ada, "02-place-value", "swap-07", "70", correct=True, at=at)
>>> work = summarise(kept.load(ada, "02-place-value"))["swap-07"]
>>> work.tries, work.right_at, work.status, work.last.answer
(2, 2, 'right-after', '70')
>>> kept.load(Pupil("nick:bea", "Bea"), "02-place-value")
()
"""

from __future__ import annotations

import datetime
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.engines import Connection, StoreConflict
from classroom.identity import Classroom, Pupil
from classroom.store import Store

#: The longest answer text kept (a longer one is cut: a pupil's answer is a number or a
#: few words or rows).
MOST_TEXT = 200
#: The most answers kept for one exercise of one pupil in the browser (the oldest go; the
#: count of tries is kept whole).
MOST_KEPT = 30
#: The statuses of a pupil's work on one exercise, as the dashboard shows them.
STATUSES = ("right-first", "right-after", "wrong", "not-tried")
TABLE = ("CREATE TABLE IF NOT EXISTS lesson_answers ("
         " pupil TEXT NOT NULL,"
         " lesson TEXT NOT NULL,"
         " exercise TEXT NOT NULL,"
         " seq INTEGER NOT NULL,"
         " answer TEXT NOT NULL,"
         " correct INTEGER NOT NULL,"
         " diagnosis TEXT,"
         " at TEXT NOT NULL,"
         " PRIMARY KEY (pupil, lesson, exercise, seq))")


@dataclass(frozen=True)
class LessonAnswer:
    """One answer checked: ``seq`` counts the pupil's tries at the exercise from 1; ``at`` is
    when (UTC, ISO text to the second); ``diagnosis`` the check's key of a wrong answer
    (None: right, or no misconception named)."""

    lesson: str
    exercise: str
    seq: int
    answer: str
    correct: bool
    diagnosis: str | None
    at: str

    @property
    def day(self) -> datetime.date:
        """The day it was answered."""
        return datetime.date.fromisoformat(self.at[:10])


@dataclass(frozen=True)
class ExerciseWork:
    """One pupil's work on one exercise: how many tries, the try that was first right
    (None: never), the last answer and the last right one."""

    exercise: str
    tries: int
    right_at: int | None
    last: LessonAnswer
    last_right: LessonAnswer | None = None

    @property
    def status(self) -> str:
        """``right-first``, ``right-after`` (N tries) or ``wrong`` (see :data:`STATUSES`)."""
        if self.right_at == 1:
            return "right-first"
        return "wrong" if self.right_at is None else "right-after"

    @property
    def shown(self) -> LessonAnswer:
        """The answer a resumed lesson shows: the last right one if any (answered right stays
        right: a wrong try after it does not take it back), else the last one."""
        return self.last_right or self.last


def summarise(answers: Iterable[LessonAnswer]) -> dict[str, ExerciseWork]:
    """Each exercise's :class:`ExerciseWork` from one pupil's answers (any order)."""
    found: dict[str, ExerciseWork] = {}
    for a in sorted(answers, key=lambda a: (a.exercise, a.seq)):
        old = found.get(a.exercise)
        tries = a.seq if old is None else max(old.tries, a.seq)
        right = old.right_at if old is not None else None
        if right is None and a.correct:
            right = a.seq
        last_right = a if a.correct else (old.last_right if old is not None else None)
        found[a.exercise] = ExerciseWork(a.exercise, tries, right, a, last_right)
    return found


def _clean(text: str) -> str:
    return str(text)[:MOST_TEXT]


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.timezone.utc)


def _stamp(at: datetime.datetime | None) -> str:
    return (at or _now()).replace(microsecond=0, tzinfo=None).isoformat(timespec="seconds")


# -- the served kit: a table in the store -----------------------------------------------------

_COLUMNS = "lesson, exercise, seq, answer, correct, diagnosis, at"


def _row(row: Sequence[Any]) -> LessonAnswer:
    lesson, exercise, seq, answer, correct, diagnosis, at = row[:7]
    return LessonAnswer(lesson, exercise, int(seq), answer, bool(correct), diagnosis, at)


class LessonAnswers:
    """The ``lesson_answers`` rows of ``store`` (one owner per store: :meth:`of`); the table
    is made on first use, in the store and in the memory it falls back on."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._made = False
        store.when_in_memory(lambda conn: conn.execute(TABLE))

    @classmethod
    def of(cls, store: Store) -> LessonAnswers:
        """The one owner of ``store``'s lesson answers (made on first use)."""
        return store.owner("lesson_answers", cls)

    def _ensure(self) -> None:
        """Make the table if the store has none yet (two kernels of PostgreSQL making it at
        the same moment: one of them clashes, and finds it made when it tries again)."""
        if not self._made:
            try:
                self.store.apply(lambda conn: conn.execute(TABLE))
            except StoreConflict:
                self.store.apply(lambda conn: conn.execute(TABLE))
            self._made = True

    def record(self, pupil: Pupil, lesson: str, exercise: str, answer: str, *, correct: bool,
               diagnosis: str | None = None,
               at: datetime.datetime | None = None) -> LessonAnswer:
        """Keep one checked answer of ``pupil``; the answer as kept (its ``seq``)."""
        self._ensure()
        stamp, text = _stamp(at), _clean(answer)

        def work(conn: Connection) -> LessonAnswer:
            last = conn.execute("SELECT max(seq) FROM lesson_answers WHERE pupil = ? AND "
                                "lesson = ? AND exercise = ?",
                                (pupil.key, lesson, exercise)).fetchone()[0]
            seq = int(last or 0) + 1
            conn.execute(f"INSERT INTO lesson_answers (pupil, {_COLUMNS}) VALUES "
                         "(?, ?, ?, ?, ?, ?, ?, ?)",
                         (pupil.key, lesson, exercise, seq, text, int(bool(correct)),
                          diagnosis, stamp))
            return LessonAnswer(lesson, exercise, seq, text, bool(correct), diagnosis, stamp)

        for _ in range(2):  # another page of the same pupil took the number: the next one
            try:
                return self.store.apply(work)
            except StoreConflict:
                continue
        return self.store.apply(work)

    def load(self, pupil: Pupil, lesson: str) -> tuple[LessonAnswer, ...]:
        """``pupil``'s answers to ``lesson``'s exercises, oldest first per exercise."""
        self._ensure()
        rows = self.store.read(lambda conn: conn.execute(
            f"SELECT {_COLUMNS} FROM lesson_answers WHERE pupil = ? AND lesson = ? "
            "ORDER BY exercise, seq", (pupil.key, lesson)).fetchall())
        return tuple(_row(r) for r in rows)

    def of_pupils(self, pupils: Sequence[Pupil],
                  lesson: str | None = None) -> dict[str, tuple[LessonAnswer, ...]]:
        """Each pupil's answers (to ``lesson``, or every lesson), by pupil key (for the
        teacher, after the class's key was checked: see :func:`class_answers`)."""
        self._ensure()
        keys = [p.key for p in pupils]
        if not keys:
            return {}
        marks = ", ".join("?" * len(keys))
        where = f"pupil IN ({marks})" + (" AND lesson = ?" if lesson is not None else "")
        params = (*keys, lesson) if lesson is not None else tuple(keys)
        rows = self.store.read(lambda conn: conn.execute(
            f"SELECT pupil, {_COLUMNS} FROM lesson_answers WHERE {where} "
            "ORDER BY pupil, lesson, exercise, seq", params).fetchall())
        found: dict[str, list[LessonAnswer]] = {k: [] for k in keys}
        for r in rows:
            found[r[0]].append(_row(r[1:]))
        return {k: tuple(v) for k, v in found.items()}


# -- the static site: the browser's storage ---------------------------------------------------

FORMAT = 1


class BrowserLessonAnswers:
    """Lesson answers in the browser's storage (the static site's
    :class:`~classroom.browser_store.BrowserProgressStore`'s ``storage``), with
    :class:`LessonAnswers`'s ``record`` and ``load``.

    >>> from classroom.browser_store import MemoryStorage
    >>> kept = BrowserLessonAnswers(MemoryStorage())
    >>> me = Pupil("device:" + "a" * 32, "this browser")
    >>> kept.record(me, "01-first-program", "half-55", "28", correct=False,
    ...             diagnosis="rounded-up").seq
    1
    >>> [a.diagnosis for a in BrowserLessonAnswers(kept.storage).load(me, "01-first-program")]
    ['rounded-up']
    """

    def __init__(self, storage: Any) -> None:
        self.storage = storage

    def _key(self, pupil: Pupil, lesson: str) -> str:
        return f"answers/{lesson}/{pupil.key}"

    def _rows(self, pupil: Pupil, lesson: str) -> list[list[Any]]:
        try:
            data = json.loads(self.storage.get(self._key(pupil, lesson)) or "{}")
        except ValueError:
            return []
        rows = data.get("answers") if isinstance(data, dict) else None
        if not isinstance(rows, list) or data.get("format") != FORMAT:
            return []
        return [r for r in rows if _good(r)]

    def record(self, pupil: Pupil, lesson: str, exercise: str, answer: str, *, correct: bool,
               diagnosis: str | None = None,
               at: datetime.datetime | None = None) -> LessonAnswer:
        """Keep one checked answer of ``pupil`` (see :meth:`LessonAnswers.record`)."""
        rows = self._rows(pupil, lesson)
        seq = max((r[1] for r in rows if r[0] == exercise), default=0) + 1
        made = LessonAnswer(lesson, exercise, seq, _clean(answer), bool(correct), diagnosis,
                            _stamp(at))
        rows.append([exercise, seq, made.answer, made.correct, diagnosis, made.at])
        mine = [r for r in rows if r[0] == exercise]
        if len(mine) > MOST_KEPT:  # the oldest go, but never the first right one
            first_right = next((r for r in mine if r[3]), None)
            drop = [r for r in mine[:len(mine) - MOST_KEPT] if r is not first_right]
            rows = [r for r in rows if not any(r is d for d in drop)]
        self.storage.put(self._key(pupil, lesson), json.dumps(
            {"format": FORMAT, "answers": rows}, separators=(",", ":"), ensure_ascii=False))
        return made

    def load(self, pupil: Pupil, lesson: str) -> tuple[LessonAnswer, ...]:
        """``pupil``'s answers to ``lesson`` kept in this browser (damaged ones left out)."""
        return tuple(LessonAnswer(lesson, r[0], r[1], r[2], r[3], r[4], r[5])
                     for r in sorted(self._rows(pupil, lesson), key=lambda r: (r[0], r[1])))


def _good(row: object) -> bool:
    if not isinstance(row, list) or len(row) != 6:
        return False
    exercise, seq, answer, correct, diagnosis, at = row
    return (isinstance(exercise, str) and isinstance(seq, int) and not isinstance(seq, bool)
            and 0 < seq <= 100_000 and isinstance(answer, str) and isinstance(correct, bool)
            and (diagnosis is None or isinstance(diagnosis, str)) and isinstance(at, str)
            and _is_time(at))


def _is_time(text: str) -> bool:
    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


def answers_of(store: Any) -> LessonAnswers | BrowserLessonAnswers:
    """Where a progress store keeps lesson answers: the store's table, or the browser's
    storage of the static site's store (puzzle progress is kept there the same way)."""
    storage = getattr(store, "storage", None)
    if storage is not None and not isinstance(store, Store):
        return BrowserLessonAnswers(storage)
    return LessonAnswers.of(store)


# -- the teacher's view ---------------------------------------------------------------------

@dataclass(frozen=True)
class PupilLesson:
    """One pupil's row of a lesson's table: their name and work per exercise id."""

    name: str
    work: dict[str, ExerciseWork]

    def status(self, exercise: str) -> str:
        """One of :data:`STATUSES` for ``exercise``."""
        found = self.work.get(exercise)
        return "not-tried" if found is None else found.status


@dataclass(frozen=True)
class LessonReport:
    """A class's answers to one lesson: the exercises (the bank's order, then any other
    answered), each pupil's row (the class list's order) and, per exercise, the diagnoses of
    the class's wrong answers pooled: ``(diagnosis or None, how many pupils)``, most first."""

    lesson: str
    exercises: tuple[str, ...]
    pupils: tuple[PupilLesson, ...]
    pooled: dict[str, tuple[tuple[str | None, int], ...]]

    def counts(self, exercise: str) -> dict[str, int]:
        """How many pupils have each status at ``exercise``."""
        found = Counter(p.status(exercise) for p in self.pupils)
        return {s: found.get(s, 0) for s in STATUSES}


def class_answers(classroom: Classroom, class_code: str, teacher_key: str,
                  lesson: str | None = None) -> list[tuple[Pupil, tuple[LessonAnswer, ...]]]:
    """Each pupil of the class and their answers (to ``lesson``, or all), only with the
    class's teacher key (a wrong key raises the identity's refusal)."""
    pupils = classroom.class_pupils(class_code, teacher_key)
    found = LessonAnswers.of(classroom.store).of_pupils(pupils, lesson)
    return [(p, found.get(p.key, ())) for p in pupils]


def lessons_answered(classroom: Classroom, class_code: str, teacher_key: str) -> tuple[str, ...]:
    """The lessons some pupil of the class answered, sorted."""
    return tuple(sorted({a.lesson for _, answers in class_answers(classroom, class_code,
                                                                   teacher_key)
                         for a in answers}))


def lesson_report(classroom: Classroom, class_code: str, teacher_key: str, lesson: str,
                  exercises: Sequence[str] = ()) -> LessonReport:
    """The class's answers to ``lesson`` (see :class:`LessonReport`); ``exercises`` are the
    bank's ids in lesson order (exercises answered but not in it come after)."""
    rows = class_answers(classroom, class_code, teacher_key, lesson)
    return report_of(lesson, [(p.label, answers) for p, answers in rows], exercises)


def report_of(lesson: str, rows: Sequence[tuple[str, Sequence[LessonAnswer]]],
              exercises: Sequence[str] = ()) -> LessonReport:
    """:class:`LessonReport` from each pupil's name and answers (what :func:`lesson_report`
    reads).

    >>> a = LessonAnswer("L", "x", 1, "28", False, "rounded-up", "2026-12-06T09:00:00")
    >>> b = LessonAnswer("L", "x", 2, "27", True, None, "2026-12-06T09:01:00")
    >>> c = LessonAnswer("L", "x", 1, "29", False, "rounded-up", "2026-12-06T09:00:00")
    >>> report = report_of("L", [("Ali", [a, b]), ("Bea", [c]), ("Cy", [])], ["x", "y"])
    >>> [p.status("x") for p in report.pupils], report.pooled["x"]
    (['right-after', 'wrong', 'not-tried'], (('rounded-up', 2),))
    """
    ids = list(exercises)
    pupils = []
    pooled: dict[str, Counter[str | None]] = {}
    for name, answers in rows:
        work = summarise(answers)
        pupils.append(PupilLesson(name, work))
        for ex in work:
            if ex not in ids:
                ids.append(ex)
        for ex, keys in _wrong_keys(answers).items():
            pooled.setdefault(ex, Counter()).update(keys)
    return LessonReport(lesson, tuple(ids), tuple(pupils),
                        {ex: tuple(sorted(c.items(), key=lambda kv: (-kv[1], str(kv[0]))))
                         for ex, c in pooled.items()})


def _wrong_keys(answers: Iterable[LessonAnswer]) -> dict[str, set[str | None]]:
    """Per exercise, the diagnoses of one pupil's wrong answers (each counted once per
    pupil: the pooled figure is how many pupils)."""
    found: dict[str, set[str | None]] = {}
    for a in answers:
        if not a.correct:
            found.setdefault(a.exercise, set()).add(a.diagnosis)
    return found


def report_csv(report: LessonReport) -> str:
    """The lesson's table as CSV: a row per pupil, per exercise its status and tries.

    >>> a = LessonAnswer("L", "x", 1, "27", True, None, "2026-12-06T09:00:00")
    >>> print(report_csv(report_of("L", [("Ali", [a]), ("Bea", [])], ["x"])), end="")
    pupil,x,x tries,x last answer
    Ali,right-first,1,27
    Bea,not-tried,0,
    """
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["pupil", *[f"{ex}{part}" for ex in report.exercises
                                for part in ("", " tries", " last answer")]])
    for p in report.pupils:
        cells: list[object] = [p.name]
        for ex in report.exercises:
            work = p.work.get(ex)
            cells += [p.status(ex), work.tries if work else 0, work.last.answer if work else ""]
        writer.writerow(cells)
    return out.getvalue()


__all__ = ["STATUSES", "BrowserLessonAnswers", "ExerciseWork", "LessonAnswer", "LessonAnswers",
           "LessonReport", "PupilLesson", "answers_of", "class_answers", "lesson_report",
           "lessons_answered", "report_csv", "report_of", "summarise"]
