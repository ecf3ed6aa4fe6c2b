"""The class's pooled dice rolls (the lesson *Chance as a fraction, a decimal and a
percentage*): each pupil adds their own rolls of one die, and reads only the pooled counts of
each face, never whose they are.

Whose rolls are pooled is the pupil's key (:class:`~classroom.identity.Pupil`): a pupil of a
class (``class:<code>:<id>``, joined with their card) adds to their class's pool and reads
the class's counts; anyone else (this device, a hub login) has a pool of their own. Nothing a
pupil can type names a pool: it follows from their key alone.

:class:`RollTable` keeps the pools in the classroom's store (table ``roll_pool``, made on first
use, in SQL both engines run: one row per pool, pupil and face with its count);
:class:`BrowserRolls` keeps one pupil's rolls in the static site's browser storage (no server:
no class). :func:`roll_pool` picks the one for a store.

>>> from classroom.identity import Pupil
>>> from classroom.store import Store
>>> pool = RollTable(Store(":memory:"))
>>> ali, bo = Pupil("class:KM7Q4X:a1", "Ali"), Pupil("class:KM7Q4X:b2", "Bo")
>>> pool.add(ali, [6, 6, 1]).counts
(1, 0, 0, 0, 0, 2)
>>> pool.add(bo, [6, 3]).counts, pool.pooled(ali).total, pool.pooled(ali).pooled_by
((1, 0, 1, 0, 0, 3), 5, 'class')
>>> me = Pupil("device:" + "c" * 32, "this browser")
>>> pool.pooled(me).total, pool.add(me, [2]).pooled_by
(0, 'own')
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from contextlib import suppress
from dataclasses import dataclass
from fractions import Fraction

from classroom.engines import Connection
from classroom.identity import Pupil, class_of
from classroom.store import Store, StoreAway

#: The faces of one die.
FACES = (1, 2, 3, 4, 5, 6)
#: The most rolls one pupil may add at once (a button rolls 1, 10 or 100).
MOST_AT_ONCE = 1000
TABLE = ("CREATE TABLE IF NOT EXISTS roll_pool ("
         " pool TEXT NOT NULL,"
         " pupil TEXT NOT NULL,"
         " face INTEGER NOT NULL,"
         " count INTEGER NOT NULL,"
         " PRIMARY KEY (pool, pupil, face))")


@dataclass(frozen=True)
class Tally:
    """How many times each face came up in a pool (``counts[0]`` is the 1s), and whose the
    pool is: ``class`` (the pupil's class's) or ``own``.

    >>> t = Tally((1, 0, 0, 0, 0, 3), "own")
    >>> t.total, t.count(6), t.share(6)
    (4, 3, Fraction(3, 4))
    """

    counts: tuple[int, ...] = (0,) * len(FACES)
    pooled_by: str = "own"

    @property
    def total(self) -> int:
        return sum(self.counts)

    def count(self, face: int) -> int:
        """How many times ``face`` came up."""
        return self.counts[FACES.index(face)]

    def share(self, face: int) -> Fraction:
        """The frequency of ``face``: its count over all the rolls (0 before any roll)."""
        return Fraction(self.count(face), self.total) if self.total else Fraction(0)


def checked_faces(faces: Iterable[int]) -> list[int]:
    """``faces`` as a list, each a face of a die, at most :data:`MOST_AT_ONCE`.

    >>> checked_faces([1, 6])
    [1, 6]
    >>> checked_faces([7])
    Traceback (most recent call last):
    ...
    ValueError: a die's faces are 1 to 6, not 7
    """
    found = list(faces)
    if len(found) > MOST_AT_ONCE:
        raise ValueError(f"add at most {MOST_AT_ONCE} rolls at once, not {len(found)}")
    for face in found:
        if isinstance(face, bool) or face not in FACES:
            raise ValueError(f"a die's faces are 1 to 6, not {face!r}")
    return found


def pool_of(pupil: Pupil) -> tuple[str, str]:
    """The pool a pupil adds to and reads, and whose it is (``class`` or ``own``).

    >>> pool_of(Pupil("class:KM7Q4X:a1", "Ali")), pool_of(Pupil("hub:ana", "ana"))
    (('class:KM7Q4X', 'class'), ('own:hub:ana', 'own'))
    """
    code = class_of(pupil)
    return (f"class:{code}", "class") if code else (f"own:{pupil.key}", "own")


def _tally(rows: Iterable[tuple[object, object]], pooled_by: str) -> Tally:
    counts = dict.fromkeys(FACES, 0)
    for face, count in rows:
        if face in counts and isinstance(count, int) and count > 0:
            counts[face] += count  # type: ignore[index]
    return Tally(tuple(counts[f] for f in FACES), pooled_by)


class RollTable:
    """The pools in a classroom store (see the module's text)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        with suppress(StoreAway):  # made with the first roll once the store is back
            store.write(lambda conn: conn.execute(TABLE))

    def add(self, pupil: Pupil, faces: Iterable[int]) -> Tally:
        """Add the pupil's rolls to their pool; the pool's counts after. While the store is
        away the rolls are kept and written when it is back (:class:`StoreAway` says so)."""
        rolled = Counter(checked_faces(faces))
        pool, pooled_by = pool_of(pupil)

        def work(conn: Connection) -> Tally:
            conn.execute(TABLE)
            for face, count in sorted(rolled.items()):
                conn.execute("INSERT INTO roll_pool VALUES (?, ?, ?, ?) ON CONFLICT (pool, "
                             "pupil, face) DO UPDATE SET count = roll_pool.count + "
                             "excluded.count", (pool, pupil.key, face, count))
            return self._read(conn, pool, pooled_by)

        return self.store.write(work)

    def pooled(self, pupil: Pupil) -> Tally:
        """The counts of the pupil's pool (their class's, else their own)."""
        pool, pooled_by = pool_of(pupil)
        return self.store.read_shared(lambda conn: self._read(conn, pool, pooled_by))

    @staticmethod
    def _read(conn: Connection, pool: str, pooled_by: str) -> Tally:
        try:
            rows = conn.execute("SELECT face, SUM(count) FROM roll_pool WHERE pool = ? "
                                "GROUP BY face", (pool,)).fetchall()
        except Exception as exc:  # no table yet (a store made before the first roll)
            if "roll_pool" not in str(exc):
                raise
            if conn.in_transaction:
                raise
            rows = []
        return _tally(((r[0], int(r[1])) for r in rows), pooled_by)


class BrowserRolls:
    """One pupil's rolls in the browser's storage (the static site: no class), as JSON
    under ``rolls/<pupil key>``.

    >>> from classroom.browser_store import MemoryStorage
    >>> rolls = BrowserRolls(MemoryStorage())
    >>> me = Pupil("device:" + "a" * 32, "this browser")
    >>> rolls.add(me, [5, 5]).count(5), BrowserRolls(rolls.storage).pooled(me).total
    (2, 2)
    """

    def __init__(self, storage: object) -> None:
        self.storage = storage

    def _key(self, pupil: Pupil) -> str:
        return f"rolls/{pupil.key}"

    def pooled(self, pupil: Pupil) -> Tally:
        """The pupil's own counts (a damaged value counts as none)."""
        try:
            data = json.loads(self.storage.get(self._key(pupil)) or "{}")  # type: ignore[attr-defined]
        except ValueError:
            data = {}
        rows = data.items() if isinstance(data, dict) else ()
        return _tally(((int(k), v) for k, v in rows if str(k).isdigit()), "own")

    def add(self, pupil: Pupil, faces: Iterable[int]) -> Tally:
        """Add the pupil's rolls; their counts after."""
        rolled = Counter(checked_faces(faces))
        before = self.pooled(pupil)
        after = Tally(tuple(before.count(f) + rolled[f] for f in FACES), "own")
        self.storage.put(self._key(pupil), json.dumps(  # type: ignore[attr-defined]
            {str(f): after.count(f) for f in FACES if after.count(f)}))
        return after


def roll_pool(store: object) -> RollTable | BrowserRolls:
    """The pools of ``store``: a classroom store's table, or (the static site's
    :class:`~classroom.browser_store.BrowserProgressStore`) its browser storage."""
    storage = getattr(store, "storage", None)
    if storage is not None and not isinstance(store, Store):
        return BrowserRolls(storage)
    assert isinstance(store, Store)
    return store.owner("roll_pool", RollTable)


__all__ = ["FACES", "MOST_AT_ONCE", "BrowserRolls", "RollTable", "Tally", "checked_faces",
           "pool_of", "roll_pool"]
