"""Progress and daily scores kept in the browser's own storage, for the static site (no
server, no ``sqlite3``), behind the methods the apps call on the server's store.

:class:`BrowserProgressStore` has :class:`~classroom.progress.ProgressStore`'s
``load`` / ``record_attempt`` / ``record_hint`` / ``problem`` / ``notices`` / ``saving``, and
makes the same :class:`~classroom.progress.Progress` with the same pure functions
(:func:`~classroom.progress.with_attempt`, :func:`~classroom.progress.with_hint`);
each pupil's progress is one JSON text under ``progress/<pupil key>``. :class:`BrowserScores`
is :class:`~classroom.scores.DailyScores` for one device (no class: no class scores).
:class:`NoClassroom` and :class:`NoClassWork` stand where the served kit's classes and
teacher's tables are: they say the served kit is needed, and keep nothing.

The storage is any object with ``get``/``put``/``keys``/``loaded``/``when_loaded``/``problem``:
:class:`widgets.core.browser_storage.BrowserStorage` on the site, :class:`MemoryStorage`
(a dict) elsewhere. Until the page's values are in, changes are kept in order and applied on
top of them when they arrive, so a pupil's first move is never lost.

>>> import datetime
>>> from classroom.identity import Pupil
>>> store = BrowserProgressStore(MemoryStorage())
>>> me = Pupil("device:" + "a" * 32, "this browser")
>>> day = datetime.date(2025, 3, 3)
>>> _ = store.record_attempt(me, "P1-X", solved=True, rows=4, difficulty=2, day=day)
>>> again = BrowserProgressStore(store.storage)  # a reload: a new store, the same storage
>>> again.load(me).get("P1-X").best_rows, again.load(me).streak
(4, 1)
"""

from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from classroom.identity import Pupil
from classroom.progress import Progress, ProgressChanges, PuzzleProgress
from classroom.scores import SCORE_MAX, GameScore
from lnb.core.i18n import _

LOG = logging.getLogger("classroom")
FORMAT = 1  # the version of the JSON kept for each pupil
DAYS_KEPT = 60  # a pupil's daily scores of older days are forgotten
Change = Callable[[Progress], Progress]


class Storage(Protocol):
    """What the stores need of the browser's storage (see the module)."""

    loaded: bool
    problem: str

    def get(self, key: str) -> str | None: ...
    def put(self, key: str, value: str | None) -> None: ...
    def names(self) -> list[str]: ...
    def when_loaded(self, callback: Callable[[], None]) -> None: ...
    def when_problem_changes(self, callback: Callable[[], None]) -> None: ...


class MemoryStorage:
    """A storage in this kernel's memory: loaded from the start (tests, pending work).

    >>> s = MemoryStorage({"a": "1"}); s.put("b", "2"); s.names(), s.get("a")
    (['a', 'b'], '1')
    """

    loaded = True
    problem = ""

    def __init__(self, values: dict[str, str] | None = None) -> None:
        self.values = dict(values or {})

    def get(self, key: str) -> str | None:
        """The value kept under ``key``, if any."""
        return self.values.get(key)

    def put(self, key: str, value: str | None) -> None:
        """Keep ``value`` (``None``: forget the key)."""
        if value is None:
            self.values.pop(key, None)
        else:
            self.values[key] = value

    def names(self) -> list[str]:
        """Every key kept, sorted."""
        return sorted(self.values)

    def when_loaded(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` now (a memory is always loaded)."""
        callback()

    def when_problem_changes(self, callback: Callable[[], None]) -> None:
        """Nothing to watch: a memory never refuses a value."""


# -- a pupil's progress as JSON ---------------------------------------------------------------

def progress_json(progress: Progress) -> str:
    """The JSON text kept for ``progress`` (the pupil's key is the storage key, not in it).

    >>> from classroom.progress import with_attempt
    >>> p = with_attempt(Progress(Pupil("device:x", "me")), "P1", solved=False,
    ...                  day=datetime.date(2025, 3, 3))
    >>> progress_json(p)
    '{"format":1,"puzzles":[["P1",null,1,0,null,"2025-03-03",null]],"streak":0,"best_streak":0,"last_day":null}'
    """
    puzzles = [[p.puzzle, p.difficulty, p.attempts, p.hints, p.best_rows,
                p.first_day.isoformat(), p.solved_day.isoformat() if p.solved_day else None]
               for p in progress.puzzles]
    return json.dumps({"format": FORMAT, "puzzles": puzzles, "streak": progress.streak,
                       "best_streak": progress.best_streak,
                       "last_day": progress.last_day.isoformat() if progress.last_day else None},
                      separators=(",", ":"))


#: The largest count (tries, hints, rows, days of a streak) read back from a browser: more
#: than a pupil can make (274 years of daily puzzles), so anything above it was typed into the
#: browser's storage by hand and the entry is taken as damaged (a streak of 10²⁰ days was shown).
MOST = 100_000


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MOST


def _day(value: object) -> datetime.date | None:
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


def _puzzle(row: object) -> PuzzleProgress | None:
    if not isinstance(row, list) or len(row) != 7:
        return None
    code, difficulty, attempts, hints, best, first, solved = row
    if (not isinstance(code, str) or not code or not _count(attempts) or not _count(hints)
            or (difficulty is not None and not _count(difficulty))
            or (best is not None and not _count(best)) or _day(first) is None
            or (solved is not None and _day(solved) is None)):
        return None
    return PuzzleProgress(code, difficulty, attempts, hints, best, _day(first),  # type: ignore[arg-type]
                          _day(solved))


def read_progress(pupil: Pupil, text: str | None) -> tuple[Progress, bool]:
    """The progress in ``text`` (None: a new pupil) and whether all of it could be read
    (a damaged entry is left out; the streak of a damaged head starts again).

    >>> p, whole = read_progress(Pupil("device:x", "me"), '{"format":1,"puzzles":[[1]]}')
    >>> p.puzzles, whole
    ((), False)
    """
    if text is None:
        return Progress(pupil), True
    try:
        data: Any = json.loads(text)
    except ValueError:
        return Progress(pupil), False
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return Progress(pupil), False
    rows = data.get("puzzles") if isinstance(data.get("puzzles"), list) else []
    puzzles = tuple(p for p in map(_puzzle, rows) if p is not None)
    whole = len(puzzles) == len(rows) and isinstance(data.get("puzzles"), list)
    streak, best, last = data.get("streak"), data.get("best_streak"), data.get("last_day")
    if _count(streak) and _count(best) and (last is None or _day(last) is not None):
        return Progress(pupil, puzzles, streak, best, _day(last)), whole
    return Progress(pupil, puzzles), False


# -- the stores -------------------------------------------------------------------------------

def _problem(storage: Storage) -> str | None:
    if storage.problem == "unavailable":
        return _("this browser does not let the page keep anything: private browsing, or "
                 "site data switched off")
    if storage.problem == "full":
        return _("this browser's storage for the site is full: clear old site data to save "
                 "again")
    return None


class BrowserProgressStore(ProgressChanges):
    """Pupils' progress in the browser's storage, with the methods the apps call on the
    server's :class:`~classroom.progress.ProgressStore` (see the module)."""

    in_memory_by_choice = False

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.notices: list[str] = []
        self._journal: list[tuple[Pupil, Change]] = []
        self._known: dict[str, Progress] = {}
        storage.when_loaded(self._loaded)

    # -- what the apps read -----------------------------------------------------------------
    @property
    def problem(self) -> str | None:
        """Why the browser keeps nothing now (None while it keeps progress); the apps say
        that progress is then kept until the page is closed."""
        return _problem(self.storage)

    def when_problem_changes(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` whenever ``problem`` changes: the page tells it after a write,
        so an app shows (and takes back) its warning then, not at the next save."""
        self.storage.when_problem_changes(callback)

    @property
    def saving(self) -> bool:
        """False while progress can only be kept in this page."""
        return self.problem is None

    @property
    def ready(self) -> bool:
        """True once the page's stored values are in."""
        return bool(self.storage.loaded)

    def when_ready(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the page's values are in (now, if they are)."""
        self.storage.when_loaded(callback)

    # -- reading and writing ----------------------------------------------------------------
    def load(self, pupil: Pupil) -> Progress:
        """Everything ``pupil`` has done (empty for a new pupil)."""
        if not self.ready:
            return self._known.get(pupil.key, Progress(pupil))
        progress = self._read(pupil)
        self._known[pupil.key] = progress
        return progress

    def pupil_count(self) -> int:
        """How many pupils of this browser have any progress."""
        return sum(1 for key in self.storage.names() if key.startswith("progress/"))

    def close(self) -> None:
        """Nothing to close (the page keeps the values)."""

    # -- inside -------------------------------------------------------------------------------
    def _key(self, pupil: Pupil) -> str:
        return f"progress/{pupil.key}"

    def _read(self, pupil: Pupil) -> Progress:
        progress, whole = read_progress(pupil, self.storage.get(self._key(pupil)))
        if not whole:
            note = _("the progress this browser kept was damaged: what could be read is kept")
            if note not in self.notices:
                self.notices.append(note)
            LOG.warning("damaged progress in the browser's storage for %s", pupil.key)
        return progress

    def _change(self, pupil: Pupil, change: Change) -> Progress:
        if not self.ready:  # the page's values are not in yet: keep the change in order
            self._journal.append((pupil, change))
            progress = change(self._known.get(pupil.key, Progress(pupil)))
        else:
            progress = change(self._read(pupil))
            self.storage.put(self._key(pupil), progress_json(progress))
        self._known[pupil.key] = progress
        return progress

    def _loaded(self) -> None:
        """The page's values are in: the changes kept meanwhile go on top of them."""
        journal, self._journal = self._journal, []
        done: dict[str, Progress] = {}
        for pupil, change in journal:
            done[pupil.key] = change(done.get(pupil.key) or self._read(pupil))
        for key, progress in done.items():
            self.storage.put(f"progress/{key}", progress_json(progress))
            self._known[key] = progress


class BrowserScores:
    """A game's daily challenge scores kept in the browser, with the methods of
    :class:`~classroom.scores.DailyScores` (a device has no class: no class scores).

    >>> scores = BrowserScores(BrowserProgressStore(MemoryStorage()), "museum")
    >>> me, day = Pupil("device:" + "b" * 32, "me"), datetime.date(2025, 3, 3)
    >>> scores.record(me, day, 40).best, scores.record(me, day, 31).plays
    (40, 2)
    >>> scores.best(me, day).best, scores.class_scores("7B", day)
    (40, ())
    """

    def __init__(self, store: BrowserProgressStore, game: str) -> None:
        self.store = store
        self.game = game

    def _key(self, pupil: Pupil) -> str:
        return f"scores/{self.game}/{pupil.key}"

    def _days(self, pupil: Pupil) -> dict[str, list[int]]:
        try:
            data = json.loads(self.store.storage.get(self._key(pupil)) or "{}")
        except ValueError:
            return {}
        if not isinstance(data, dict):
            return {}
        return {day: value for day, value in data.items()
                if _day(day) is not None and isinstance(value, list) and len(value) == 2
                and all(_count(v) for v in value)}

    def record(self, pupil: Pupil, day: datetime.date, score: int) -> GameScore:
        """One finished game of ``day``'s challenge; the pupil's day so far (best kept)."""
        if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score <= SCORE_MAX:
            raise ValueError(f"a score is a whole number from 0 to {SCORE_MAX}, not {score!r}")
        days = self._days(pupil)
        best, plays = days.get(day.isoformat(), [score, 0])
        days[day.isoformat()] = [max(best, score), plays + 1]
        kept = dict(sorted(days.items())[-DAYS_KEPT:])
        self.store.storage.put(self._key(pupil), json.dumps(kept, separators=(",", ":")))
        return GameScore(self.game, day, *days[day.isoformat()])

    def best(self, pupil: Pupil, day: datetime.date) -> GameScore | None:
        """The pupil's day of the challenge, or None before their first finished game."""
        found = self._days(pupil).get(day.isoformat())
        return None if found is None else GameScore(self.game, day, *found)

    def class_scores(self, class_code: str, day: datetime.date) -> tuple[int, ...]:
        """No class on the static site: no class scores."""
        return ()


class NoClassroom:
    """Where the served kit's :class:`~classroom.identity.Classroom` is: no class can
    be joined here; :attr:`needs_server` says so and how to get the served kit."""

    def __init__(self, store: BrowserProgressStore, needs_server: Callable[[], str]) -> None:
        self.store = store
        self._needs_server = needs_server

    @property
    def needs_server(self) -> str:
        """The sentence that says a class needs the served kit."""
        return self._needs_server()

    def resume(self, token: str) -> None:
        """No session can be resumed here: refused as a store that cannot be used now, so the
        browser keeps its token for the served kit (a ``None`` would make it forget it)."""
        from classroom.identity import IdentityError

        raise IdentityError(self.needs_server, reason="no-store")


class NoClassWork:
    """Where the teacher's tables are: nothing is kept for a teacher on the static site."""

    def __init__(self, store: object = None) -> None:
        self.store = store

    def record_wrong_answer(self, pupil: object, puzzle: str, rows: str,
                            day: datetime.date) -> None:
        """Nothing is kept (no teacher reads it)."""

    def seen(self, pupil: object) -> None:
        """Nothing is kept (nobody sees who is online)."""

    def todays_set(self, pupil: object, day: datetime.date) -> tuple[str, ...]:
        """No class, no set of the day."""
        return ()


__all__ = ["BrowserProgressStore", "BrowserScores", "MemoryStorage", "NoClassWork",
           "NoClassroom", "Storage", "progress_json", "read_progress"]
