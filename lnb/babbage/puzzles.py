"""Puzzles a pupil can do alone: always solvable, rated 1–5, shared as short codes.

A puzzle is a start value, a board (the standard levels A and B, perhaps token levels C–E),
the spaces the pupil may use, one or more targets to hit *in order* with the Results of one
program, and a row limit. A "shortest" puzzle asks for a program of the fewest rows.

>>> p = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
>>> print(p.text())
Start at 55. Reach 73 in at most 3 rows.
Use only A1 (±1), A4 (×÷2), B4 (Swap).
>>> p.solution.length, str(p.solution.program)
(3, 'A4/ B4s A1+')
>>> Puzzle.from_code(p.code) == p
True
>>> generate(3, seed=7).difficulty
3

Difficulty is computed, never chosen by hand, from measurable features of the puzzle
(see ``Features``). Points:

================================  ======
feature                           points
================================  ======
each row of the shortest program  +1 from the second row on
only one shortest program         +2 (two or three: +1)
needs ×÷ / Swap / Copy            +1 for each kind no program within the limit can avoid
dead ends                         +1 when at least a third of the first rows lead nowhere
no spare rows                     +1 when the limit equals the shortest length
(or a "shortest" puzzle)
more targets                      +1 for each target after the first
================================  ======

Difficulty 1: 0–2 points, 2: 3–4, 3: 5–6, 4: 7–8, 5: 9 or more.

Puzzle codes look like ``P1-XXXX-XXXX-XX``: the version ``P1``, then Crockford base-32 text
(digits and letters without I, L, O, U; case and hyphens do not matter) holding the puzzle and
a CRC-16 checksum. Any single mistyped character is detected and reported, never decoded into
another puzzle.

A generated puzzle also has a *short code* a pupil can copy from the board: five characters
such as ``3K7QX``. The first says what made it (``1``–``5``: ``generate`` at that difficulty;
``D``: the puzzle of a day), the next three are the seed (or the day), the last a check
character: any single mistyped character, and any two swapped ones, are refused. A short code
names the generator's seed, not the puzzle itself, so it opens the same puzzle on any copy of
the kit (no server keeps a list) as long as ``GENERATOR_VERSION`` stays; the long code
describes the puzzle and always opens it.

>>> q = generate(3, seed=1234)
>>> q.short_code
'316J6'
>>> Puzzle.from_code(q.short_code) == q, Puzzle.from_code(q.code) == q
(True, True)
"""

from __future__ import annotations

import binascii
import datetime as _dt
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from lnb.babbage.board import Board, parse_tokens
from lnb.babbage.components import Kind
from lnb.babbage.edition import LEVELS, RACKS, Edition
from lnb.babbage.errors import LnbError, PuzzleCodeError
from lnb.babbage.numbers import in_range, two_digits
from lnb.babbage.operations import Operation
from lnb.babbage.solver import Search, Solution, Solver, search
from lnb.core.i18n import N_, _, ngettext

MAX_TARGETS = 4
MAX_LIMIT = 16
TOKEN_LEVELS = ("C", "D", "E")
ALL_SPACES = tuple(f"{lv}{r}" for lv in LEVELS for r in RACKS)
DIFFICULTIES = (1, 2, 3, 4, 5)

# Kinds whose need is a difficulty feature, with the name a pupil reads.
NEEDED_KINDS = {"×÷": (Kind.MUL_DIV,), "Swap": (Kind.SWAP,), "Copy": (Kind.COPY_LEFT,
                                                                      Kind.COPY_RIGHT)}


@dataclass(frozen=True)
class Features:
    """What makes a puzzle hard, measured exactly.

    - ``length``: rows of a shortest program; ``count``: how many shortest programs exist;
    - ``needs``: kinds (×÷, Swap, Copy) that every program within the limit must use;
    - ``dead_ends``: share of the usable first rows after which the puzzle cannot be finished;
    - ``slack``: spare rows (limit minus shortest length; 0 for a "shortest" puzzle);
    - ``targets``: how many targets, in order.
    """

    length: int
    count: int
    needs: tuple[str, ...]
    dead_ends: float
    slack: int
    targets: int

    @property
    def points(self) -> int:
        """Difficulty points (table in the module docstring)."""
        points = max(self.length - 1, 0)
        points += 2 if self.count == 1 else 1 if self.count <= 3 else 0
        points += len(self.needs)
        points += 1 if self.dead_ends >= 1 / 3 else 0
        points += 1 if self.slack == 0 else 0
        points += self.targets - 1
        return points

    @property
    def difficulty(self) -> int:
        """1 (easy) to 5 (hard), from ``points``."""
        bounds = (2, 4, 6, 8)  # most points of difficulty 1, 2, 3, 4
        return 1 + sum(self.points > most for most in bounds)

    def to_dict(self) -> dict[str, Any]:
        return {
            "length": self.length, "count": self.count, "needs": list(self.needs),
            "dead_ends": round(self.dead_ends, 3), "slack": self.slack,
            "targets": self.targets, "points": self.points,
        }


@dataclass(frozen=True)
class Puzzle:
    """One puzzle; build it directly, with ``generate``, ``daily`` or ``from_code``.

    ``levels`` are token levels on top of the standard A and B, e.g.
    ``(("C", "+-7,x/3,swap,=42"),)``; ``spaces`` are the spaces the pupil may use (None: all
    revealed spaces).
    """

    start: int
    targets: tuple[int, ...]
    limit: int = 5
    levels: tuple[tuple[str, str], ...] = ()
    spaces: frozenset[str] | None = None
    shortest: bool = False
    _cache: dict[str, Any] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def __post_init__(self) -> None:
        targets = tuple(self.targets) if not isinstance(self.targets, int) else (self.targets,)
        object.__setattr__(self, "targets", targets)
        if not in_range(self.start):
            raise LnbError(N_("puzzle start {start!r}: a start value is 00 to 99"),
                           start=self.start, reason="bad-start", expected=(0, 99))
        if not 1 <= len(targets) <= MAX_TARGETS:
            raise LnbError(N_("a puzzle has 1 to {most} targets, not {count}"), most=MAX_TARGETS,
                           count=len(targets), reason="target-count",
                           expected=(1, MAX_TARGETS))
        for t in targets:
            if not isinstance(t, int) or not in_range(t):
                raise LnbError(N_("puzzle target {target!r}: a target is 00 to 99"), target=t,
                               reason="bad-target", expected=(0, 99))
        if not 1 <= self.limit <= MAX_LIMIT:
            raise LnbError(N_("puzzle limit {limit}: give 1 to {most} rows"), limit=self.limit,
                           most=MAX_LIMIT, reason="bad-limit", expected=(1, MAX_LIMIT))
        levels = []
        for level, tokens in self.levels:
            level = level.upper()
            if level not in TOKEN_LEVELS:
                raise LnbError(N_("puzzle level {level!r}: extra levels are C, D or E"),
                               level=level, reason="bad-level", expected=TOKEN_LEVELS)
            comps = parse_tokens(tokens, level)
            for c in comps:
                if str(c) not in CODE_TOKENS:
                    raise LnbError(
                        N_("level {level}: token {token!r} cannot be shared in a puzzle code; "
                           "use one of {tokens}"), level=level, token=str(c),
                        tokens=", ".join(CODE_TOKENS), reason="bad-token", expected=CODE_TOKENS,
                    )
            levels.append((level, ",".join(str(c) for c in comps)))
        levels.sort()
        if len({lv for lv, _ in levels}) != len(levels):
            raise LnbError(N_("a puzzle level is given twice"), reason="level-twice")
        object.__setattr__(self, "levels", tuple(levels))
        if self.spaces is not None:
            spaces = frozenset(s.strip().upper() for s in self.spaces)
            revealed = {f"{lv}{r}" for lv in self.board.revealed for r in RACKS}
            unknown = sorted(spaces - revealed)
            if unknown:
                raise LnbError(
                    N_("puzzle spaces {spaces} are not on the board; use spaces of levels "
                       "{levels}"), spaces=", ".join(unknown),
                    levels=", ".join(self.board.revealed), reason="bad-spaces",
                    expected=self.board.revealed,
                )
            if not spaces:
                raise LnbError(N_("a puzzle must allow at least one space"), reason="no-spaces")
            object.__setattr__(self, "spaces", None if spaces == revealed else spaces)

    # -- the board and its answers ------------------------------------------------------

    @cached_property
    def board(self) -> Board:
        """The standard board with the puzzle's token levels revealed."""
        return Board.standard(dict(self.levels))

    @property
    def allowed(self) -> tuple[str, ...]:
        """The spaces the pupil may use, in board order."""
        if self.spaces is None:
            return tuple(f"{lv}{r}" for lv, r, _ in self.board.spaces())
        return tuple(s for s in ALL_SPACES if s in self.spaces)

    def forbids(self, operation: Operation) -> str | None:
        """Why this puzzle does not allow ``operation`` (its space), or None when it does.

        >>> p = Puzzle(start=55, targets=(73,), limit=3, spaces=frozenset({"A1", "A4", "B4"}))
        >>> p.forbids(Operation.parse("A1+")) is None
        True
        >>> p.forbids(Operation.parse("A3+"))
        'This puzzle does not allow A3. Use only A1 (±1), A4 (×÷2), B4 (Swap).'
        """
        if self.spaces is None or operation.space in self.spaces:
            return None
        return _("This puzzle does not allow {space}. {allowed}").format(
            space=operation.space, allowed=self.spaces_text()).strip()

    @property
    def search(self) -> Search:
        """Exact distances from every position (rows still needed, shortest completions)."""
        return search(self.board, self.targets, self.spaces)

    @property
    def solution(self) -> Solution:
        """A shortest program (the first in board order), its length and how many there are."""
        if "solution" not in self._cache:
            self._cache["solution"] = self.search.solve(self.start, self.limit)
        return self._cache["solution"]

    @property
    def solvable(self) -> bool:
        """True when some program within the limit hits every target in order."""
        return self.solution.solved

    @property
    def row_limit(self) -> int:
        """Rows an answer may have: the shortest length for a "shortest" puzzle."""
        if self.shortest and self.solution.length is not None:
            return self.solution.length
        return self.limit

    @property
    def features(self) -> Features:
        """The measured features behind ``difficulty`` (the puzzle must be solvable)."""
        if "features" not in self._cache:
            self._cache["features"] = _features(self)
        return self._cache["features"]

    @property
    def difficulty(self) -> int:
        """1 to 5, computed from ``features``."""
        return self.features.difficulty

    # -- text -----------------------------------------------------------------------------

    def goal_text(self) -> str:
        """``Reach 73, then 12, in at most 4 rows.``

        >>> Puzzle(55, (73, 12), limit=4).goal_text()
        'Reach 73, then 12, in at most 4 rows.'
        """
        # TRANSLATORS: targets hit one after another, "30, then 73".
        goal = _(", then ").join(two_digits(t) for t in self.targets)
        if len(self.targets) > 1:
            # TRANSLATORS: the targets as a goal: a comma after "73, then 12" (Chinese: none).
            goal = _("{targets},").format(targets=goal)
        if self.shortest:
            return _("Reach {goal} in as few rows as possible.").format(goal=goal)
        return ngettext("Reach {goal} in at most {limit} row.",
                        "Reach {goal} in at most {limit} rows.", self.limit).format(
            goal=goal, limit=self.limit)

    def spaces_text(self) -> str:
        """Which spaces may be used, said the short way round; '' when all may."""
        if self.spaces is None:
            return ""
        board = self.board
        allowed = self.allowed
        everything = [f"{lv}{r}" for lv, r, _ in board.spaces()]
        forbidden = [s for s in everything if s not in allowed]

        def name(space: str) -> str:
            return _("{space} ({label})").format(
                space=space, label=board.component(space[0], int(space[1])).label)

        # TRANSLATORS: between the spaces of a list, "A1 (±1), A4 (×÷2)".
        comma = _(", ")
        if len(forbidden) < len(allowed):
            return _("Do not use {spaces}.").format(spaces=comma.join(map(name, forbidden)))
        return _("Use only {spaces}.").format(spaces=comma.join(map(name, allowed)))

    def summary(self) -> str:
        """What the puzzle asks, in a few signs (for a teacher's list).

        >>> Puzzle(62, (78,)).summary(), Puzzle(55, (54, 35, 33)).summary()
        ('62 → 78', '55 → 54, 35, 33')
        """
        return f"{two_digits(self.start)} → {', '.join(two_digits(t) for t in self.targets)}"

    def text(self) -> str:
        """The puzzle as a pupil reads it."""
        lines = [_("Start at {start}. {goal}").format(start=two_digits(self.start),
                                                     goal=self.goal_text())]
        spaces = self.spaces_text()
        if spaces:
            lines.append(spaces)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON for ``lnb puzzle show --json``."""
        data: dict[str, Any] = {
            "code": self.code,
            "short_code": self.short_code,
            "start": self.start,
            "targets": list(self.targets),
            "limit": self.limit,
            "shortest": self.shortest,
            "levels": {lv: tokens.split(",") for lv, tokens in self.levels},
            "spaces": list(self.allowed),
            "text": self.text(),
            "solvable": self.solvable,
        }
        if self.solvable:
            data["difficulty"] = self.difficulty
            data["features"] = self.features.to_dict()
        return data

    # -- codes ----------------------------------------------------------------------------

    @property
    def code(self) -> str:
        """The shareable code that rebuilds this puzzle: ``P1-....``."""
        return encode(self)

    @property
    def short_code(self) -> str | None:
        """The five-character code of a generated puzzle (``3K7QX``), or None for a puzzle
        made another way (it has only its long ``code``). A puzzle read from its long code
        knows its short one when this process made it (see ``_remember_short``)."""
        if "short_code" not in self._cache:
            self._cache["short_code"] = _SHORT_OF.get(self.code)
        return self._cache["short_code"]

    @property
    def shown_code(self) -> str:
        """The code to show a pupil: the short one when there is one, else the long one."""
        return self.short_code or self.code

    @classmethod
    def from_code(cls, code: str) -> Puzzle:
        """Rebuild a puzzle from its code, long or short; a mistyped code raises
        ``PuzzleCodeError``."""
        return decode(code)


def _features(puzzle: Puzzle) -> Features:
    sol = puzzle.solution
    if sol.length is None:
        raise LnbError(N_("puzzle {code} cannot be solved, so it has no difficulty"),
                       code=puzzle.code, reason="not-solvable")
    limit = sol.length if puzzle.shortest else puzzle.limit
    needs = []
    board = puzzle.board
    for name, kinds in NEEDED_KINDS.items():
        uses = [s for s in puzzle.allowed if board.component(s[0], int(s[1])).kind in kinds]
        if not uses:
            continue
        without = [s for s in puzzle.allowed if s not in uses]
        if not without or search(board, puzzle.targets, without).solve(
            puzzle.start, limit
        ).length is None:
            needs.append(name)
    s = puzzle.search
    firsts = s.table.moves(puzzle.start)
    dead = sum(
        1
        for m in firsts
        if (d := s.rows_needed(m.result, s.advance(0, m.result))) is None or d > limit - 1
    )
    return Features(
        length=sol.length,
        count=sol.count,
        needs=tuple(needs),
        dead_ends=dead / len(firsts) if firsts else 0.0,
        slack=limit - sol.length,
        targets=len(puzzle.targets),
    )


# -- the generator ------------------------------------------------------------------------

GENERATOR_VERSION = 1
_MAX_TRIES = 4000


def generate(difficulty: int, seed: int | str | None = None) -> Puzzle:
    """A solvable puzzle whose computed difficulty is ``difficulty`` (1–5), the same for a seed.

    Without a seed a random one is used.
    """
    if difficulty not in DIFFICULTIES:
        raise LnbError(N_("difficulty {difficulty!r}: choose 1 (easy) to 5 (hard)"),
                       difficulty=difficulty, reason="bad-difficulty", expected=DIFFICULTIES)
    if seed is None:
        seed = random.randrange(10**9)
    rng = random.Random(f"lnb-puzzle/{GENERATOR_VERSION}:{difficulty}:{seed}")
    for attempt in range(_MAX_TRIES):
        # Aim at the wanted difficulty first; widen the recipe when it keeps missing.
        aim = difficulty if attempt < 200 else rng.choice(DIFFICULTIES)
        puzzle = _candidate(rng, aim)
        if puzzle is not None and puzzle.solvable and puzzle.difficulty == difficulty:
            if isinstance(seed, int) and 0 <= seed < SHORT_SEEDS:
                _remember_short(puzzle, short_code(str(difficulty), seed))
            return puzzle
    # pragma: no cover (every difficulty is found within a few dozen tries)
    raise LnbError(N_("no puzzle of difficulty {difficulty} found for seed {seed!r}"),
                   difficulty=difficulty, seed=seed, reason="not-found")


def _candidate(rng: random.Random, aim: int) -> Puzzle | None:
    """A random puzzle roughly of difficulty ``aim`` (the caller measures it exactly)."""
    edition = Edition.load()
    levels: list[tuple[str, str]] = []
    level_count = rng.choice({1: (0, 0, 1), 2: (0, 1), 3: (0, 1, 1), 4: (1, 1, 2),
                              5: (1, 2, 2)}[aim])
    pool = [str(t) for t in edition.tokens]
    rng.shuffle(pool)
    for level in TOKEN_LEVELS[:level_count]:
        levels.append((level, ",".join(pool[:4])))
        pool = pool[4:]
    board = Board.standard(dict(levels))
    everything = [f"{lv}{r}" for lv, r, _ in board.spaces()]
    keep = {1: (6, 8), 2: (4, 8), 3: (3, 6), 4: (3, 5), 5: (3, 5)}[aim]
    size = min(len(everything), rng.randint(*keep))
    spaces = frozenset(rng.sample(everything, size))
    start = 55 if rng.random() < 0.5 else rng.randrange(100)
    ntargets = rng.choice({1: (1,), 2: (1, 1, 2), 3: (1, 2), 4: (1, 2, 2), 5: (2, 3)}[aim])
    limit = rng.choice({1: (3, 4, 5), 2: (3, 4, 5), 3: (4, 5), 4: (4, 5, 6), 5: (5, 6)}[aim])
    shortest = aim >= 3 and rng.random() < 0.25
    targets: list[int] = []
    value = start
    budget = limit
    for i in range(ntargets):
        share = max(1, budget // (ntargets - i))
        distances = Solver(board, value, spaces).distances()
        choices = [v for v, d in enumerate(distances) if d and 1 <= d <= share and v != value]
        if not choices:
            return None
        far = [v for v in choices if distances[v] == max(distances[c] for c in choices)]
        target = rng.choice(far if rng.random() < 0.2 * aim else choices)
        targets.append(target)
        budget -= distances[target] or 0
        value = target
    return Puzzle(start, tuple(targets), limit, tuple(levels), spaces, shortest)


def daily_difficulty(date: _dt.date) -> int:
    """The difficulty of the puzzle of ``date``: Monday 1 to Friday 5, weekends 3."""
    return (1, 2, 3, 4, 5, 3, 3)[date.weekday()]


def daily(date: _dt.date | None = None) -> Puzzle:
    """The puzzle of the day: Monday easy (1) to Friday hard (5), weekends 3.

    >>> daily(_dt.date(2025, 3, 3)).difficulty  # a Monday
    1
    """
    date = date or _dt.date.today()
    puzzle = generate(daily_difficulty(date), seed=f"daily:{date.isoformat()}")
    day = (date - DAY_ZERO).days
    if 0 <= day < SHORT_SEEDS:
        _remember_short(puzzle, short_code(DAILY_KIND, day))
    return puzzle


# -- codes --------------------------------------------------------------------------------

CODE_VERSION = "P1"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = {c: i for i, c in enumerate(CROCKFORD)} | {"O": 0, "I": 1, "L": 1}
_LOOKALIKES = str.maketrans("OIL", "011")
# Tokens a version-1 code can hold, in a fixed order (never reorder: codes depend on it).
CODE_TOKENS = (
    "+-1", "+-2", "+-3", "+-4", "+-5", "+-6", "+-7", "+-8", "+-9", "+-10", "+-15", "+-20",
    "+-30", "+-50", "x/2", "x/3", "x/4", "x/5", "x/6", "x/7", "swap", "copy>", "copy<",
    "=13", "=31", "=42", "=76", "=89",
)
_CHECK_CHARS = 4  # 20 bits: four zero bits and a CRC-16
_GROUP = 4


class _Bits:
    def __init__(self, value: int = 0, size: int = 0) -> None:
        self.value, self.size = value, size

    def put(self, number: int, width: int) -> None:
        assert 0 <= number < 1 << width
        self.value = (self.value << width) | number
        self.size += width

    def take(self, width: int) -> int:
        if width > self.size:
            raise PuzzleCodeError(N_("the code is too short: a character is missing"),
                                  reason="too-short")
        self.size -= width
        number = self.value >> self.size
        self.value &= (1 << self.size) - 1
        return number


def _header_bits(ntargets: int, nlevels: int, all_spaces: bool) -> int:
    """Payload bits implied by the header (so a missing or extra character is noticed)."""
    body = 2 + 3 + 1 + 1 + 4 + 7 + 7 * ntargets + 20 * nlevels
    return body + (0 if all_spaces else 8 + 4 * nlevels)


def _chars(bits: int) -> int:
    return -(-bits // 5)


def _checksum(payload: str) -> int:
    return binascii.crc_hqx(f"{CODE_VERSION}:{payload}".encode("ascii"), 0)


def encode(puzzle: Puzzle) -> str:
    """The puzzle's code (see the module docstring).

    >>> encode(Puzzle(start=55, targets=(73,)))
    'P1-0J6Y-91VC-7'
    """
    bits = _Bits()
    level_names = [lv for lv, _ in puzzle.levels]
    bits.put(len(puzzle.targets) - 1, 2)
    bits.put(sum(1 << (2 - TOKEN_LEVELS.index(lv)) for lv in level_names), 3)
    bits.put(puzzle.spaces is None, 1)
    bits.put(puzzle.shortest, 1)
    bits.put(puzzle.limit - 1, 4)
    bits.put(puzzle.start, 7)
    for t in puzzle.targets:
        bits.put(t, 7)
    for _level, tokens in puzzle.levels:
        for token in tokens.split(","):
            bits.put(CODE_TOKENS.index(token), 5)
    if puzzle.spaces is not None:
        for level in ("A", "B", *level_names):
            for rack in RACKS:
                bits.put(f"{level}{rack}" in puzzle.spaces, 1)
    pad = _chars(bits.size) * 5 - bits.size
    bits.put(0, pad)
    payload = "".join(
        CROCKFORD[(bits.value >> (5 * i)) & 31] for i in reversed(range(bits.size // 5))
    )
    check = _checksum(payload)
    text = payload + "".join(
        CROCKFORD[(check >> (5 * i)) & 31] for i in reversed(range(_CHECK_CHARS))
    )
    groups = [text[i : i + _GROUP] for i in range(0, len(text), _GROUP)]
    return "-".join([CODE_VERSION, *groups])


def decode(code: str) -> Puzzle:
    """The puzzle a code describes; ``PuzzleCodeError`` says which part is wrong.

    >>> decode("P1-0J6Y-91VC-7").targets
    (73,)
    >>> decode("P1-0J6Y-91VC-8")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lnb.babbage.errors.PuzzleCodeError: 'P1-0J6Y-91VC-8': a character of this code is mistyped (the code ...
    """  # noqa: E501
    if not isinstance(code, str):
        raise PuzzleCodeError(N_("a puzzle code is text like 'P1-0J6Y-91VC-7', not {code!r}"),
                              code=code, reason="not-text")
    shown = code.strip()
    text = "".join(shown.split()).upper()
    compact = text.replace("-", "")
    if 1 <= len(compact) <= SHORT_MOST and compact[:2].translate(_LOOKALIKES) != CODE_VERSION:
        return decode_short(shown)
    version, sep, body = text.partition("-")
    if not sep:
        version, body = text[:2], text[2:]
    version = version[:1] + version[1:].translate(_LOOKALIKES)
    if version != CODE_VERSION:
        if version[:1] == "P" and version[1:].isdigit():
            raise PuzzleCodeError(
                N_("{text!r}: version {version} is not known; this kit reads {known} codes (is "
                   "the kit older than the code?)"), version=version,
                known=CODE_VERSION, text=shown, reason="unknown-version",
            )
        raise PuzzleCodeError(
            N_("{text!r}: a puzzle code starts with {known}-, e.g. 'P1-0J6Y-91VC-7'"),
            known=CODE_VERSION, text=shown, reason="bad-version",
        )
    body = body.replace("-", "")
    for i, ch in enumerate(body, start=1):
        if ch not in _DECODE:
            raise PuzzleCodeError(
                N_("{text!r}: {character!r} (character {at} after {known}-) is not used in "
                   "puzzle codes; they use digits and letters except U"),
                character=ch, at=i, known=CODE_VERSION, text=shown, reason="bad-character",
            )
    canonical = "".join(CROCKFORD[_DECODE[c]] for c in body)
    if len(canonical) <= _CHECK_CHARS + 1:
        raise PuzzleCodeError(N_("{text!r}: the code is too short: characters are missing"),
                              text=shown, reason="too-short")
    payload, check_text = canonical[:-_CHECK_CHARS], canonical[-_CHECK_CHARS:]
    check = 0
    for ch in check_text:
        check = check * 32 + _DECODE[ch]
    if check != _checksum(payload):
        raise PuzzleCodeError(
            N_("{text!r}: a character of this code is mistyped (the code does not check "
               "out); check it letter by letter against the board"), text=shown,
            reason="bad-checksum",
        )
    bits = _Bits()
    for ch in payload:
        bits.put(_DECODE[ch], 5)
    ntargets = bits.take(2) + 1
    mask = bits.take(3)
    level_names = [lv for i, lv in enumerate(TOKEN_LEVELS) if mask & (1 << (2 - i))]
    all_spaces = bool(bits.take(1))
    expected = _chars(_header_bits(ntargets, len(level_names), all_spaces))
    if len(payload) != expected:
        if len(payload) < expected:
            wrong = N_("{text!r}: the code has the wrong length (missing characters); check the "
                       "code letter by letter")
        else:
            wrong = N_("{text!r}: the code has the wrong length (too many characters); check "
                       "the code letter by letter")
        raise PuzzleCodeError(wrong, text=shown, reason="bad-length")
    shortest = bool(bits.take(1))
    limit = bits.take(4) + 1
    start = bits.take(7)
    targets = tuple(bits.take(7) for _ in range(ntargets))
    levels = []
    for level in level_names:
        tokens = []
        for _rack in RACKS:
            index = bits.take(5)
            if index >= len(CODE_TOKENS):
                raise PuzzleCodeError(N_("{text!r}: level {level} holds an unknown token"),
                                      level=level, text=shown, reason="bad-token")
            tokens.append(CODE_TOKENS[index])
        levels.append((level, ",".join(tokens)))
    spaces = None
    if not all_spaces:
        spaces = frozenset(
            f"{level}{rack}"
            for level in ("A", "B", *level_names)
            for rack in RACKS
            if bits.take(1)
        )
    try:
        return Puzzle(start, targets, limit, tuple(levels), spaces, shortest)
    except LnbError as exc:
        raise PuzzleCodeError(N_("{text!r}: the code does not describe a puzzle ({why})"),
                              why=exc, text=shown,
                              reason="not-a-puzzle") from None


# -- short codes --------------------------------------------------------------------------

SHORT_SEEDS = 32**3  # seeds (or days) a short code can name: three characters
SHORT_LENGTH = 5
SHORT_MOST = 7  # a text this long or shorter (not starting with P1) is read as a short code
DAILY_KIND = "D"
DAY_ZERO = _dt.date(2024, 1, 1)  # day 0 of a daily puzzle's short code
SHORT_EXAMPLE = "3K7QX"
_SHORT_OF: dict[str, str] = {}  # long code -> short code, of puzzles made in this process
_SHORT_KEPT = 20_000
_GF_LOG: dict[int, int] = {}
_GF_EXP: list[int] = []


def _remember_short(puzzle: Puzzle, code: str) -> None:
    """``puzzle``'s short code, kept so its long code, read again, shows the short one (a
    teacher's dashboard lists the puzzles of the set it gave by their short codes)."""
    puzzle._cache["short_code"] = code
    if len(_SHORT_OF) >= _SHORT_KEPT:
        _SHORT_OF.clear()
    _SHORT_OF[puzzle.code] = code


def _gf_tables() -> None:
    """Logarithms in GF(32) (x⁵ + x² + 1), for the check character."""
    value = 1
    for power in range(31):
        _GF_EXP.append(value)
        _GF_LOG[value] = power
        value <<= 1
        if value & 32:
            value ^= 0b100101


_gf_tables()


def _gf_times_power(value: int, power: int) -> int:
    """``value`` × α^``power`` in GF(32)."""
    return 0 if value == 0 else _GF_EXP[(_GF_LOG[value] + power) % 31]


def _short_sum(values: Iterable[int]) -> int:
    """Σ α^(i+1)·vᵢ in GF(32): a codeword's sum is the version's constant. Each place has its
    own power, so a changed character or two swapped ones always change the sum."""
    total = 0
    for i, value in enumerate(values):
        total ^= _gf_times_power(value, i + 1)
    return total


def _short_constant() -> int:
    return GENERATOR_VERSION % 32


def short_code(kind: str, number: int) -> str:
    """The short code of ``generate(difficulty, number)`` (``kind`` is the difficulty, "1"
    to "5") or of the puzzle of day ``number`` after ``DAY_ZERO`` (``kind`` "D").

    >>> short_code("3", 1234)
    '316J6'
    """
    assert kind in {*map(str, DIFFICULTIES), DAILY_KIND} and 0 <= number < SHORT_SEEDS
    values = [_DECODE[kind], (number >> 10) & 31, (number >> 5) & 31, number & 31]
    # the check value c solves Σ + α⁵·c = constant
    rest = _short_sum(values) ^ _short_constant()
    check = 0 if rest == 0 else _GF_EXP[(_GF_LOG[rest] - SHORT_LENGTH) % 31]
    return "".join(CROCKFORD[v] for v in [*values, check])


def decode_short(code: str) -> Puzzle:
    """The puzzle a short code names; ``PuzzleCodeError`` says plainly what is wrong.

    >>> decode_short("316j6").start == generate(3, seed=1234).start
    True
    >>> decode_short("316J7")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lnb.babbage.errors.PuzzleCodeError: '316J7' is not a puzzle code: a character is mistyped...
    """
    shown = code.strip()
    text = "".join(shown.split()).upper().replace("-", "")
    for i, ch in enumerate(text, start=1):
        if ch not in _DECODE:
            raise PuzzleCodeError(
                N_("{text!r}: {character!r} (character {at}) is not used in puzzle codes; "
                   "they use digits and letters except U"),
                character=ch, at=i, text=shown, reason="bad-character")
    if len(text) != SHORT_LENGTH:
        raise PuzzleCodeError(
            N_("{text!r} has {count} characters, but a short puzzle code has {length}, like "
               "{example}: check it on the board"), text=shown, count=len(text),
            length=SHORT_LENGTH, example=SHORT_EXAMPLE, reason="bad-length")
    values = [_DECODE[ch] for ch in text]
    if _short_sum(values) != _short_constant():
        raise PuzzleCodeError(
            N_("{text!r} is not a puzzle code: a character is mistyped. Check it letter by "
               "letter against the board"), text=shown, reason="bad-check")
    kind = CROCKFORD[values[0]]
    number = (values[1] << 10) | (values[2] << 5) | values[3]
    if kind == DAILY_KIND:
        return daily(DAY_ZERO + _dt.timedelta(days=number))
    if not kind.isdigit() or int(kind) not in DIFFICULTIES:
        raise PuzzleCodeError(
            N_("{text!r} is not a puzzle code: a short code starts with 1 to 5 (the "
               "difficulty) or D (a day's puzzle)"), text=shown, reason="bad-kind")
    return generate(int(kind), seed=number)


def puzzles(difficulty: int, seeds: Iterable[int | str]) -> list[Puzzle]:
    """A worksheet: one generated puzzle per seed."""
    return [generate(difficulty, seed) for seed in seeds]
