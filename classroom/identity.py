"""Classes, pupils and their cards: who may open which progress.

A teacher makes a class (``kit-class new "7B" --pupils names.txt``): it gets a short class
code, a teacher key (shown once) and one card per pupil with a short secret (two easy words,
or a picture and a number for young pupils). A pupil joins with the class code, their name
and their card; the kernel then uses that pupil's progress (``class:<code>:<id>``) and gives
the browser a session token to remember (never the secret). Without a class, progress stays
on the device (:meth:`Pupil.from_browser_key`): a :class:`Pupil` is whose work it is.

Only salted hashes of secrets and keys are stored (``hashlib.scrypt``), compared in
constant time; wrong tries are slowed down (``failure_delay``) and limited per pupil name
(``max_failures`` a minute) and per device (``max_device_failures``), never per class: one
pupil's typos never refuse a classmate's right card. A try is counted (reserved) in the same
transaction that checks the count, so pages trying at once cannot pass the limit
(:func:`reserve_tries`). The tables live in the progress store's file.

>>> from classroom.store import Store
>>> room = Classroom(Store(":memory:"), failure_delay=0)
>>> made = room.new_class("7B", ["Ali", "Bea"])
>>> bea = made.cards[1]
>>> session = room.join(made.code.lower(), " bea ", bea.secret.upper())
>>> session.pupil_name, session.pupil.key.startswith(f"class:{made.code}:")
('Bea', True)
>>> room.join(made.code, "Bea", "wrong words")
Traceback (most recent call last):
...
classroom.identity.IdentityError: That is not Bea's card in class 7B: check the two words on your card and try again.
>>> room.resume(session.token) == session
True
"""  # noqa: E501

from __future__ import annotations

import datetime
import functools
import hashlib
import hmac
import math
import re
import secrets
import sqlite3
import time
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from classroom.engines import Connection
from classroom.store import ProgressError, Store, StoreAway
from classroom.storefile import add_note, key_digest, seal
from classroom.words import PICTURES, WORDS
from lnb.core.errors import LnbError
from lnb.core.i18n import _, format_list

#: Class codes and teacher keys use letters and digits nobody confuses (no 0/O, 1/I/L, 2/Z,
#: 5/S, 8/B, 6/G).
ALPHABET = "ACDEFHJKMNPQRTUVWXY34679"
CODE_LENGTH = 6
NAME_MAX = 40
SESSION_DAYS = 30
SCRYPT = {"n": 2**14, "r": 8, "p": 1}
_NAME_RE = re.compile(r"^[\w .'-]+$")
NICKNAME_MAX = 20
_NICKNAME_RE = re.compile(r"^[\w .'-]+$")
_KEY_RE = re.compile(r"^[A-Za-z0-9_-]{22,86}$")
KEY_MIN_DISTINCT = 10  # a random 22-character key has ~18 different characters


def normalize_nickname(text: str) -> str:
    """The form a nickname is stored under: trimmed, single spaces, case-folded.

    >>> normalize_nickname("  Ada   LOVELACE ")
    'ada lovelace'
    >>> normalize_nickname("Sam!")
    Traceback (most recent call last):
    ...
    classroom.store.ProgressError: nickname 'Sam!' has '!'; use letters, digits, spaces, . ' - or _
    """
    if not isinstance(text, str):
        raise ProgressError(_("a nickname is text like 'sam', not {value!r}").format(value=text))
    name = " ".join(unicodedata.normalize("NFKC", text).split()).casefold()
    if not name:
        raise ProgressError(_("the nickname is empty; type a nickname like 'sam' and press "
                              "Enter"))
    if len(name) > NICKNAME_MAX:
        raise ProgressError(
            _("nickname {name!r} is {length} characters long; use at most {most}").format(
                name=text.strip(), length=len(name), most=NICKNAME_MAX))
    if not _NICKNAME_RE.match(name):
        bad = "".join(sorted({c for c in name if not _NICKNAME_RE.match(c)}))
        raise ProgressError(
            _("nickname {name!r} has {bad!r}; use letters, digits, spaces, . ' - or _").format(
                name=text.strip(), bad=bad))
    return name


def device_key(browser_key: str) -> str:
    """The pupil key stored for a browser's key: a hash, so the file never holds the key.

    >>> device_key("x" * 22).startswith("device:"), len(device_key("x" * 22))
    (True, 39)
    """
    return "device:" + key_digest(browser_key)


@dataclass(frozen=True)
class Pupil:
    """Whose progress it is: ``key`` is ``device:<hash of a browser key>``,
    ``class:<class code>:<id>`` (a pupil of a :class:`Classroom`), or, for tools and
    tests only, ``nick:<nickname>`` (the apps never open progress by a nickname).

    >>> Pupil.from_nickname("Sam").key
    'nick:sam'
    >>> key = Pupil.new_browser_key()
    >>> Pupil.from_browser_key(key).key == device_key(key)
    True
    """

    key: str
    label: str

    @classmethod
    def from_nickname(cls, text: str) -> Pupil:
        """A pupil named by a nickname (normalised, see :func:`normalize_nickname`), for
        tools and tests: anyone can type a nickname, so no app opens progress with it."""
        name = normalize_nickname(text)
        return cls(f"nick:{name}", name)

    @classmethod
    def from_browser_key(cls, key: str) -> Pupil:
        """A pupil known by the long random key their browser keeps (128 bits or more).

        >>> Pupil.from_browser_key("a" * 22)
        Traceback (most recent call last):
        ...
        classroom.store.ProgressError: browser key 'aaaaaaaaaa...' is not a key this kit made; it is 22 to 86 random letters, digits, - or _ (the page makes a new one when it is cleared)
        """  # noqa: E501
        text = key.strip() if isinstance(key, str) else ""
        if not _KEY_RE.match(text) or len(set(text)) < KEY_MIN_DISTINCT:
            shown = repr(text[:10] + "...") if len(text) > 10 else repr(key)
            raise ProgressError(
                _("browser key {key} is not a key this kit made; it is 22 to 86 random "
                  "letters, digits, - or _ (the page makes a new one when it is cleared)").format(
                      key=shown), text=text[:10], reason="weak-browser-key")
        return cls(device_key(text), _("this browser"))

    @staticmethod
    def new_browser_key() -> str:
        """A fresh random key (43 URL-safe characters, 256 bits) for a browser to keep."""
        return secrets.token_urlsafe(32)


class IdentityError(LnbError):
    """A class, name, card or teacher key that does not open anything (``reason`` says
    which: unknown-class, unknown-pupil, wrong-secret, too-many-tries, wrong-teacher-key,
    bad-name, no-store). A ``too-many-tries`` refusal says for what (``scope``: ``name`` or
    ``device``) and in how many seconds a try is checked again (``wait``)."""


@dataclass(frozen=True)
class TryLimit:
    """At most ``most`` wrong tries within the window for one ``bucket`` (``name:<class
    code>:<name>``, ``device:<device key>``, ``table:<pupil key>``...). The wrong tries are
    rows of the store's ``join_failures`` table, whose ``class_code`` column holds the
    bucket."""

    bucket: str
    most: int


@dataclass(frozen=True)
class Full:
    """A limit with no room for a try now, and the seconds until it has room again."""

    limit: TryLimit
    wait: float


def full_limit(conn: Connection, limits: Sequence[TryLimit], now: float,
               window: float) -> Full | None:
    """The first of ``limits`` that has ``most`` tries within ``window`` seconds before
    ``now`` (see :class:`Full`); None when every one has room."""
    for limit in limits:
        times = [float(r[0]) for r in conn.execute(
            "SELECT at FROM join_failures WHERE class_code = ? AND at > ? ORDER BY at",
            (limit.bucket, now - window)).fetchall()]
        if len(times) >= limit.most:
            return Full(limit, max(0.0, times[len(times) - limit.most] + window - now))
    return None


def reserve_tries(conn: Connection, limits: Sequence[TryLimit], now: float,
                  window: float) -> Full | tuple[int, ...]:
    """Count a try in every one of ``limits`` unless one is full: the :class:`Full` one
    (nothing counted), else the ids of the rows counted (:func:`release_tries` takes
    them back for a right try). Called inside one store transaction (one writer at a time on
    both engines), the check and the count cannot be interleaved with another page's."""
    full = full_limit(conn, limits, now, window)
    if full is not None:
        return full
    conn.execute("DELETE FROM join_failures WHERE at < ?", (now - 3600,))
    return tuple(int(conn.execute(
        "INSERT INTO join_failures (class_code, at) VALUES (?, ?) RETURNING rowid",
        (limit.bucket, now)).fetchone()[0]) for limit in limits)


def release_tries(conn: Connection, ids: Iterable[int]) -> None:
    """Take back the tries :func:`reserve_tries` counted (the try was right)."""
    for row in ids:
        conn.execute("DELETE FROM join_failures WHERE rowid = ?", (row,))


def class_of(pupil: Pupil | str | None) -> str | None:
    """The class code of a class pupil's key (``class:<code>:<id>``, made only by
    :meth:`Classroom.join`'s session), else None (a device, nobody).

    >>> class_of(Pupil("class:KM7Q4X:ab12", "Ali")), class_of("device:1f2e"), class_of(None)
    ('KM7Q4X', None, None)
    """
    key = pupil.key if isinstance(pupil, Pupil) else pupil
    if not isinstance(key, str) or not key.startswith("class:"):
        return None
    return key.split(":")[1] or None


@dataclass(frozen=True)
class Card:
    """What is printed for one pupil: the class, their name and their secret."""

    class_code: str
    class_name: str
    pupil_name: str
    secret: str

    @property
    def picture(self) -> str | None:
        """The picture of a young pupil's card (``"cat 42"`` is 🐱 42), else None.

        >>> Card("C", "7B", "Ali", "cat 42").picture, Card("C", "7B", "Ali", "red sun").picture
        ('🐱', None)
        """
        word, _, number = self.secret.partition(" ")
        return PICTURES.get(word) if number.isdigit() else None


@dataclass(frozen=True)
class NewClass:
    """A class just made: its code, the teacher key (shown only now) and the cards."""

    code: str
    name: str
    teacher_key: str
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class ClassInfo:
    """A class as anyone may see it: code, name, when made, the pupils' names."""

    code: str
    name: str
    created: str
    pupils: tuple[str, ...]


@dataclass(frozen=True)
class Session:
    """A pupil who joined: the token their browser keeps and whose progress it opens."""

    token: str
    pupil: Pupil
    class_code: str
    class_name: str
    pupil_name: str


def normalize_code(text: str) -> str:
    """A typed class code as stored: capitals, no spaces or dashes.

    >>> normalize_code(" km7-q4x ")
    'KM7Q4X'
    """
    return re.sub(r"[^0-9A-Za-z]", "", str(text)).upper()


def shown_code(code: str) -> str:
    """A code as printed, in groups of three: ``KM7-Q4X``.

    >>> shown_code("KM7Q4X")
    'KM7-Q4X'
    """
    return "-".join(code[i:i + 3] for i in range(0, len(code), 3))


def name_key(text: str) -> str:
    """The form a pupil's name is compared in: trimmed, single spaces, case-folded.

    >>> name_key("  Ada   LOVELACE "), name_key("Zoë")
    ('ada lovelace', 'zoë')
    """
    name = " ".join(unicodedata.normalize("NFKC", str(text)).split()).casefold()
    if not name:
        raise IdentityError(_("The name is empty: type your name as it is on your card."),
                            reason="bad-name")
    if len(name) > NAME_MAX or not _NAME_RE.match(name):
        raise IdentityError(
            _("The name {name!r} is not one a class can have: use at most {most} "
              "letters, digits, spaces, . ' or -.").format(name=text.strip(), most=NAME_MAX),
            text=text, reason="bad-name")
    return name


def secret_key(text: str) -> str:
    """A typed secret as compared: words in lower case, any spacing or dashes.

    >>> secret_key(" Tiger-LEMON "), secret_key("cat42")
    ('tiger lemon', 'cat 42')
    """
    text = unicodedata.normalize("NFKC", str(text)).casefold()
    text = re.sub(r"(?<=[a-z])(?=\d)", " ", text)
    return " ".join(re.findall(r"[a-z]+|\d+", text))


def hash_secret(text: str) -> str:
    """A salted scrypt hash of ``text`` (``scrypt$n$r$p$salt$hash``), for storing."""
    salt = secrets.token_bytes(16)
    digest = hashlib.scrypt(text.encode("utf-8"), salt=salt, dklen=32, **SCRYPT)
    return f"scrypt${SCRYPT['n']}${SCRYPT['r']}${SCRYPT['p']}${salt.hex()}${digest.hex()}"


def check_secret(text: str, stored: str) -> bool:
    """Whether ``text`` matches a hash made by :func:`hash_secret` (constant time).

    >>> stored = hash_secret("tiger lemon")
    >>> check_secret("tiger lemon", stored), check_secret("tiger melon", stored)
    (True, False)
    """
    try:
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        found = hashlib.scrypt(text.encode("utf-8"), salt=bytes.fromhex(salt), n=int(n),
                               r=int(r), p=int(p), dklen=len(digest) // 2)
    except (ValueError, TypeError, AttributeError):
        return False
    return hmac.compare_digest(found.hex(), digest)


def new_code(length: int = CODE_LENGTH) -> str:
    """A random code of unambiguous letters and digits."""
    return "".join(secrets.choice(ALPHABET) for _ in range(length))


def new_secret(pictures: bool = False) -> str:
    """Two easy words (``"tiger lemon"``), or a picture's word and a number (``"cat 42"``)."""
    if pictures:
        return f"{secrets.choice(sorted(PICTURES))} {secrets.randbelow(90) + 10}"
    first = secrets.choice(WORDS)
    second = secrets.choice([w for w in WORDS if w != first])
    return f"{first} {second}"


def read_names(lines: Iterable[str]) -> list[str]:
    """Pupils' names from a text file's lines: one a line, blank lines and ``#`` skipped;
    the same name twice is refused (make them differ: "Sam K", "Sam L").

    >>> read_names(["Ali", "", "# comment", "  Bea  "])
    ['Ali', 'Bea']
    """
    names: list[str] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(lines, start=1):
        text = " ".join(line.split())
        if not text or text.startswith("#"):
            continue
        key = name_key(text)
        if key in seen:
            raise IdentityError(
                _("line {number}: {name!r} is already on line {first}; give the two pupils "
                  "different names (e.g. add an initial)").format(
                      number=number, name=text, first=seen[key]),
                row=number, text=text, reason="bad-name")
        seen[key] = number
        names.append(text)
    return names


class Classroom:
    """Classes and their pupils, kept in ``store``'s file.

    ``failure_delay`` seconds are waited after a wrong card or teacher key. A pupil name of
    a class gets at most ``max_failures`` wrong tries in ``window`` seconds, and a device
    (the browser key a page sends) ``max_device_failures``: more are refused without
    checking until the window has room again. A right card is never refused because of
    other names' or other devices' wrong tries. ``clock`` gives the time (tests).
    """

    def __init__(self, store: Store, *, failure_delay: float = 1.0,
                 max_failures: int = 5, max_device_failures: int = 10,
                 window: float = 60.0, session_days: float = SESSION_DAYS,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.failure_delay = failure_delay
        self.max_failures = max_failures
        self.max_device_failures = max_device_failures
        self.window = window
        self.session_days = session_days
        self.clock = clock

    # -- storage ---------------------------------------------------------------------------
    @contextmanager
    def _conn(self, *, pupil: bool = False) -> Iterator[Connection]:
        """One transaction on the store's file; refused while the file cannot be used (the
        memory a session falls back on has no classes). The refusal names the file for the
        teacher; a ``pupil``'s says what it means for their work, and never the file."""
        with self.store.transaction() as conn:
            if self.store.problem is not None:
                if pupil:
                    raise IdentityError(self.store.problem_for_pupils(joined=False) or "",
                                        reason="no-store", kind=self.store.problem_kind)
                raise IdentityError(
                    _("The class list cannot be read right now (the progress file cannot be "
                      "used): ask your teacher. For the teacher: {problem}").format(
                          problem=self.store.problem),
                    reason="no-store", kind=self.store.problem_kind)
            yield conn

    # -- the teacher's side ------------------------------------------------------------------
    def new_class(self, name: str, pupils: Sequence[str], *, pictures: bool = False) -> NewClass:
        """Make a class of ``pupils`` (names); its code, teacher key and cards."""
        title = " ".join(str(name).split())
        if not title or len(title) > NAME_MAX:
            raise IdentityError(_("a class name is 1 to {most} characters, like '7B'").format(
                most=NAME_MAX), text=name, reason="bad-name")
        names = read_names(pupils)
        if not names:
            raise IdentityError(_("the class has no pupils; give one name a line"),
                                reason="bad-name")
        teacher_key = "-".join(new_code(4) for _ in range(4))
        cards = [(n, new_secret(pictures)) for n in names]
        hashes = [(n, hash_secret(secret_key(s))) for n, s in cards]
        teacher_hash = hash_secret(normalize_code(teacher_key))
        created = datetime.date.today().isoformat()
        with self._conn() as conn:
            code = new_code()
            while conn.execute("SELECT 1 FROM classes WHERE code = ?", (code,)).fetchone():
                code = new_code()
            row = (code, title, teacher_hash, created)
            conn.execute("INSERT INTO classes (code, name, teacher_hash, created, digest) "
                         "VALUES (?, ?, ?, ?, ?)", (*row, seal("classes", row)))
            for pupil_name, stored in hashes:
                _write_pupil(conn, f"class:{code}:{secrets.token_hex(6)}", code, pupil_name,
                             stored, created)
        return NewClass(code, title, teacher_key,
                        tuple(Card(code, title, n, s) for n, s in cards))

    def classes(self) -> tuple[ClassInfo, ...]:
        """Every class: code, name, when made and its pupils' names (no secrets)."""
        with self._conn() as conn:
            rows = conn.execute("SELECT code, name, created FROM classes ORDER BY created, "
                                "name").fetchall()
            return tuple(ClassInfo(code, name, created, tuple(
                r[0] for r in conn.execute("SELECT name FROM class_pupils WHERE class_code = ? "
                                           "ORDER BY rowid", (code,))))
                for code, name, created in rows)

    def check_teacher(self, class_code: str, teacher_key: str) -> ClassInfo:
        """The class, if ``teacher_key`` is its teacher's (else :class:`IdentityError`,
        reason ``unknown-class`` or ``wrong-teacher-key``, after ``failure_delay``)."""
        code = normalize_code(class_code)
        with self._conn() as conn:
            row = conn.execute("SELECT name, teacher_hash, created FROM classes WHERE code = ?",
                               (code,)).fetchone()
        if row is None:
            self._wait()
            raise IdentityError(
                _("There is no class {code}: check the class code.").format(
                    code=shown_code(code)),
                text=shown_code(code), reason="unknown-class")
        if not check_secret(normalize_code(teacher_key), row[1]):
            self._wait()
            raise IdentityError(
                _("That is not the teacher key of class {code}: it was printed when the class "
                  "was made (kit-class new).").format(code=shown_code(code)),
                text=shown_code(code), reason="wrong-teacher-key")
        return next(c for c in self.classes() if c.code == code)

    def _wait(self) -> None:
        """The pause after a wrong card or key (a page cannot try faster than this)."""
        if self.failure_delay:
            time.sleep(self.failure_delay)

    def reset_secret(self, class_code: str, pupil_name: str, teacher_key: str, *,
                     pictures: bool = False) -> Card:
        """A new card for one pupil (the old secret and their sessions stop working)."""
        info = self.check_teacher(class_code, teacher_key)
        key = name_key(pupil_name)
        with self._conn() as conn:
            row = conn.execute("SELECT pupil, name, created FROM class_pupils "
                               "WHERE class_code = ? AND name_key = ?",
                               (info.code, key)).fetchone()
            if row is None:
                raise IdentityError(
                    _("There is no pupil {name!r} in class {klass}: the class has "
                      "{pupils}.").format(name=pupil_name.strip(), klass=info.name,
                                         pupils=format_list(info.pupils)),
                    text=pupil_name, reason="unknown-pupil")
            secret = new_secret(pictures)
            _write_pupil(conn, row[0], info.code, row[1], hash_secret(secret_key(secret)),
                         row[2])
            conn.execute("DELETE FROM sessions WHERE pupil = ?", (row[0],))
            add_note(conn, f"class {info.name} ({info.code}): {row[1]} was given a new card")
        return Card(info.code, info.name, row[1], secret)

    def class_pupils(self, class_code: str, teacher_key: str) -> list[Pupil]:
        """The class's pupils, in the class list's order, labelled by name (only with the
        class's teacher key); their progress is :func:`classroom.progress.class_progress`."""
        info = self.check_teacher(class_code, teacher_key)
        with self._conn() as conn:
            rows = conn.execute("SELECT pupil, name FROM class_pupils WHERE class_code = ? "
                                "ORDER BY rowid", (info.code,)).fetchall()
        return [Pupil(key, name) for key, name in rows]

    # -- the pupil's side --------------------------------------------------------------------
    def join(self, class_code: str, pupil_name: str, secret: str, *,
             device: Pupil | str | None = None) -> Session:
        """Check a pupil's card; their session (a new token) or a plain refusal. ``device``
        is the page's browser key (its own limit of wrong tries)."""
        code = normalize_code(class_code)
        key = name_key(pupil_name)
        now = self.clock()
        if self._read_only():
            return self._join_read_only(code, class_code, pupil_name, secret, device, now)
        try:
            with self._conn(pupil=True) as conn:
                counted = reserve_tries(conn, self._join_limits(code, key, device), now,
                                        self.window)
                if isinstance(counted, Full):
                    self._too_many(counted, pupil_name)
                klass = conn.execute("SELECT name FROM classes WHERE code = ?",
                                     (code,)).fetchone()
                row = None if klass is None else conn.execute(
                    "SELECT pupil, class_code, name, name_key, secret_hash, created, digest "
                    "FROM class_pupils WHERE class_code = ? AND name_key = ?",
                    (code, key)).fetchone()
        except IdentityError as exc:  # the file turned out read-only just now
            if exc.reason != "no-store" or not self._read_only():
                raise
            return self._join_read_only(code, class_code, pupil_name, secret, device, now)
        stored = row[4] if row is not None else _dummy_hash()
        right = check_secret(secret_key(secret), stored) and row is not None
        if right and seal("class_pupils", row[:6]) != row[6]:
            right = False
            with self._conn(pupil=True) as conn:
                add_note(conn, f"class {code}: the card of {row[2]} is damaged in the file; "
                               "give them a new card (kit-class reset-secret)")
        if not right:  # the try stays counted
            self._wait()
            self._refuse(code, class_code, pupil_name, klass, row)
        token = secrets.token_urlsafe(32)
        with self._conn(pupil=True) as conn:
            release_tries(conn, counted)
            conn.execute("INSERT INTO sessions (token_hash, pupil, created, expires) "
                         "VALUES (?, ?, ?, ?)", (_token_hash(token), row[0], now,
                                                 now + self.session_days * 86400))
            conn.execute("DELETE FROM sessions WHERE expires < ?", (now,))
        return Session(token, Pupil(row[0], f"{row[2]} ({klass[0]})"), code, klass[0], row[2])

    def _read_only(self) -> bool:
        """Whether the store's file can be read but not written (a read-only file or file
        system, a full disk): joining then reads the class from the file and keeps the
        session to write."""
        return (self.store.problem is not None and self.store.path is not None
                and self.store.problem_kind in ("read-only", "cannot-write", "full"))

    def _join_read_only(self, code: str, class_code: str, pupil_name: str, secret: str,
                        device: Pupil | str | None, now: float) -> Session:
        """:meth:`join` while the file cannot be written (safety trial D7: nobody could join,
        and the work landed on the browser's key). The card is checked against the file,
        read read-only; the wrong tries are counted in this kernel (the file takes no
        count); the session is kept and written with the pupil's work once the file can be
        written, so the work is the class pupil's from the start."""
        key = name_key(pupil_name)
        counted = reserve_tries(self._local_tries, self._join_limits(code, key, device), now,
                                self.window)
        if isinstance(counted, Full):
            self._too_many(counted, pupil_name)
        assert self.store.path is not None
        klass, row = _read_card(self.store.path, code, key)
        stored = row[4] if row is not None else _dummy_hash()
        right = (check_secret(secret_key(secret), stored) and row is not None
                 and seal("class_pupils", row[:6]) == row[6])
        if not right:  # the try stays counted
            self._wait()
            self._refuse(code, class_code, pupil_name, klass, row)
        release_tries(self._local_tries, counted)
        token = secrets.token_urlsafe(32)
        values = (_token_hash(token), row[0], now, now + self.session_days * 86400)
        with suppress(StoreAway):  # kept: written once the file can be written
            self.store.write(lambda conn: conn.execute(
                "INSERT INTO sessions (token_hash, pupil, created, expires) "
                "VALUES (?, ?, ?, ?)", values))
        return Session(token, Pupil(row[0], f"{row[2]} ({klass[0]})"), code, klass[0], row[2])

    @functools.cached_property
    def _local_tries(self) -> _LocalTries:
        """This kernel's own count of wrong tries, while the file takes none."""
        return _LocalTries()

    def _join_limits(self, code: str, key: str,
                     device: Pupil | str | None) -> tuple[TryLimit, ...]:
        """The limits a try at name ``key`` of class ``code`` counts in: the name's, and the
        device's when the page said which device it is."""
        limits = [TryLimit(f"name:{code}:{key}", self.max_failures)]
        device_id = device.key if isinstance(device, Pupil) else device
        if device_id:
            limits.append(TryLimit(f"device:{device_id}", self.max_device_failures))
        return tuple(limits)

    @staticmethod
    def _too_many(full: Full, pupil_name: str) -> NoReturn:
        """Refuse a try a limit has no room for (nothing checked)."""
        seconds = max(1, math.ceil(full.wait))
        if full.limit.bucket.startswith("device:"):
            raise IdentityError(
                _("Too many wrong tries on this device in the last minute: wait a minute, "
                  "then try again (carefully)."),
                reason="too-many-tries", scope="device", wait=seconds)
        raise IdentityError(
            _("Too many wrong tries for the name {name!r} in the last minute: wait a "
              "minute, then try again (carefully).").format(name=pupil_name.strip()),
            text=pupil_name, reason="too-many-tries", scope="name", wait=seconds)

    @staticmethod
    def _refuse(code: str, class_code: str, pupil_name: str, klass: Sequence[str] | None,
                row: Sequence[str] | None) -> NoReturn:
        """Say why a card was wrong: no such class, nobody of that name, a wrong secret."""
        if klass is None:
            if not code:
                raise IdentityError(_("The class code is empty: type the class code on "
                                      "your card."), text=class_code, reason="unknown-class")
            raise IdentityError(
                _("There is no class {code}: check the class code on your card.").format(
                    code=shown_code(code)), text=class_code, reason="unknown-class")
        if row is None:
            raise IdentityError(
                _("There is nobody called {name!r} in class {klass}: type your name as it "
                  "is on your card.").format(name=pupil_name.strip(), klass=klass[0]),
                text=pupil_name, reason="unknown-pupil")
        raise IdentityError(
            _("That is not {name}'s card in class {klass}: check the two words on your "
              "card and try again.").format(name=row[2], klass=klass[0]),
            reason="wrong-secret")

    def resume(self, token: str) -> Session | None:
        """The session a browser remembered, if still valid (else None)."""
        if not isinstance(token, str) or not 20 <= len(token) <= 100:
            return None
        with self._conn(pupil=True) as conn:
            row = conn.execute(
                "SELECT p.pupil, p.class_code, p.name, c.name FROM sessions s "
                "JOIN class_pupils p ON p.pupil = s.pupil JOIN classes c ON c.code = "
                "p.class_code WHERE s.token_hash = ? AND s.expires > ?",
                (_token_hash(token), self.clock())).fetchone()
        if row is None:
            return None
        pupil, code, name, class_name = row
        return Session(token, Pupil(pupil, f"{name} ({class_name})"), code, class_name, name)

    def leave(self, token: str) -> None:
        """Forget a session (the browser goes back to its own progress)."""
        with self._conn(pupil=True) as conn:
            conn.execute("DELETE FROM sessions WHERE token_hash = ?", (_token_hash(token),))


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _write_pupil(conn: Connection, pupil: str, code: str, name: str, stored: str,
                 created: str) -> None:
    row = (pupil, code, name, name_key(name), stored, created)
    conn.execute(
        "INSERT INTO class_pupils (pupil, class_code, name, name_key, secret_hash, created, "
        "digest) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (pupil) DO UPDATE SET "
        "secret_hash = excluded.secret_hash, digest = excluded.digest",
        (*row, seal("class_pupils", row)))


@functools.cache
class _LocalTries:
    """A table ``join_failures`` in this kernel's memory, read as the store's connection is
    (each statement run to its end: an ``INSERT ... RETURNING`` left half-read is never
    written)."""

    def __init__(self) -> None:
        self._conn = sqlite3.connect(":memory:", check_same_thread=False,
                                     isolation_level=None)
        self._conn.execute("CREATE TABLE join_failures (class_code TEXT, at REAL)")

    def execute(self, sql: str, args: Sequence[object] = ()) -> _Rows:
        return _Rows(self._conn.execute(sql, args).fetchall())


@dataclass(frozen=True)
class _Rows:
    rows: list[tuple[object, ...]]

    def fetchone(self) -> tuple[object, ...] | None:
        return self.rows[0] if self.rows else None

    def fetchall(self) -> list[tuple[object, ...]]:
        return self.rows


def _read_card(path: Path, code: str, key: str) -> tuple[Sequence[str] | None,
                                                         Sequence[str] | None]:
    """Class ``code``'s name row and its pupil ``key``'s card row, read from the store's file
    without writing to it (``mode=ro``; on a read-only file system, ``immutable``)."""
    for flags in ("mode=ro", "immutable=1"):
        try:
            conn = sqlite3.connect(f"{Path(path).resolve().as_uri()}?{flags}", uri=True)
        except sqlite3.Error:
            continue
        try:
            klass = conn.execute("SELECT name FROM classes WHERE code = ?", (code,)).fetchone()
            row = None if klass is None else conn.execute(
                "SELECT pupil, class_code, name, name_key, secret_hash, created, digest FROM "
                "class_pupils WHERE class_code = ? AND name_key = ?", (code, key)).fetchone()
            return klass, row
        except sqlite3.Error:
            continue
        finally:
            conn.close()
    raise IdentityError(_("The class list cannot be read right now: ask your teacher."),
                        reason="no-store")


def _dummy_hash() -> str:
    """A hash to check an unknown name's secret against: the same work as a known one."""
    return hash_secret("not a secret anyone has")
