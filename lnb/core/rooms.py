"""Live game rooms: one table of any game played from several devices, as data.

A room is its setup (the game, seats, seed, options) and the list of its moves; replaying
the moves gives the game's ``State``. This module is pure (no store, no UI) and names no
game: it asks the room's :class:`~lnb.core.game.GameType` (``setup.game``), and the game's
:class:`~lnb.core.table.TableRules` say what is particular (a race, a time-out, which
actions are independent). The one driver is :class:`~lnb.core.table.Table` in its clock
mode. The store is ``classroom.rooms.RoomStore``. See docs/rooms.md.

API (the store and the pages build on exactly this):

- ``RoomSeat(index, name, character, pupil=None, computer=None)`` (frozen): one seat;
  ``character`` the game's role for it ("" in a game without), ``pupil`` the pupil key
  holding it, ``computer`` a bot kind of the game or None; ``.taken``.
- ``RoomSetup(code, seats, seed, game, options={}, grace_seconds=20.0, pace_seconds=1.5,
  status="open", class_code=None, host=None, started=None)`` (frozen): ``game`` is the
  game's name (:func:`lnb.core.game.get`; ``.game_type`` the ``GameType``), ``options``
  its options as JSON values; ``.race_seconds`` (the race's length, None without one),
  ``.players`` (the taken seats in seat order: the game's players), ``.seat(index)``,
  ``.seat_named(name)``, ``.seat_of(pupil_key)``, ``.new_state()``, ``.to_json()`` /
  ``RoomSetup.from_json(code, text, seats, game=..., ...)`` (what ``rooms.setup`` holds).
- ``Move(seq, seat, action, at, by=None)`` (frozen): ``seq`` from 1, ``seat`` the seat index
  (None for the table's own, e.g. a race's end), ``action`` the game's action (stored as
  ``GameType.action_text``, read with ``GameType.parse_action``), ``at`` epoch seconds,
  ``by`` the pupil key or ``"computer"`` (:data:`COMPUTER`: the table's moves).
- ``RoomPlay.from_moves(setup, moves)``: the replay. ``.state``, ``.moves``, ``.seq`` (0
  before any; ``.version`` the same), ``.next_seq``, ``.phase_since``, ``.race_since`` (=
  ``.program_since``: when this race began, else None), ``.race_deadline`` (first finish +
  the race's length, else None), ``.seconds_left(now)``, ``.waiting_on``, ``.finished``,
  ``.last_at`` (the last move's time, else the start).
  ``.check(move)`` raises what ``.apply(move)`` would, changing nothing: ``RoomError``
  ``"table-moved-on"`` for a stale ``move.seq`` whose action no longer fits (an action the
  game calls independent, ``TableRules.independent``, still fits when its seat made no move
  since and the phase is the same: it is applied as the next seq), fields ``seat``,
  ``player``, ``moves`` (what the table did since, as everyone may read it:
  ``GameType.describe``), ``meanwhile``, ``seq``, ``expected_seq``; ``"time-up"`` for a
  pupil's race action at or after the deadline; ``"not-your-seat"``; ``"room-over"``; or
  the game's own error for an illegal action.
  ``.apply(move) -> Move``; ``.stamp(action, at)`` (a race finish gets its seconds);
  ``.extended(moves)``, ``.with_setup(setup)``, ``.copy()``; ``.seat_index(name)``,
  ``.seat_for(action)``; ``.bot(name)``; ``.due(now, present, drafts={})`` -> the actions
  the table makes now (:meth:`lnb.core.table.Table.due`: computer and absent seats, forced
  and paced steps, time-outs, the race's finishes and, at its deadline, the drafts then its
  end; ``drafts``: seat index -> text); ``.to_record()`` (the game's record so far, computer
  seats marked, ``TableRules.record``), ``.frames()``, ``.upto(seq)``.
- ``RoomError`` (a ``GameError``) and its factories (``no_such_room``, ``table_full``,
  ``seat_taken``, ``game_started``, ``not_your_seat``, ``too_few_players``, ``room_over``,
  ``not_open``, ``not_started``, ``no_such_seat``, ``bad_code``, ``bad_seat_count``,
  ``unknown_bot``, ``busy``, ``no_free_code``, ``time_is_up``, ``table_moved_on``).
- ``CODE_ALPHABET``, ``CODE_LENGTH`` (4), ``normalize_room_code(text)``, ``ABSENT_BOT``.

>>> setup = RoomSetup("K7QX", (RoomSeat(0, "Ada", "Ada Lovelace", pupil="class:C:1"),
...                            RoomSeat(1, "Babbage", "Charles Babbage", computer="greedy")),
...                   seed=4, game="babbage", status="playing", started=1000.0)
>>> play = RoomPlay.from_moves(setup, [])
>>> play.state.phase.name, play.waiting_on, play.next_seq
('TARGET', ('Ada', 'Babbage'), 1)
>>> play.due(1000.5, present={"Ada"})  # doctest: +ELLIPSIS
[Target(player='Babbage', subroutine=...)]
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.core.errors import GameError
from lnb.core.game import GameType, get
from lnb.core.i18n import N_, format_list
from lnb.core.messages import Text
from lnb.core.players import ComputerPlayer
from lnb.core.table import ALLOWANCES, Table, TableClock, TableRules

#: Room codes use the class codes' letters and digits nobody confuses
#: (``classroom.identity.ALPHABET``: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G).
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY34679"
CODE_LENGTH = 4
#: The bot that plays a seat whose pupil is away (no heartbeat within the grace period),
#: when the game has one of that name (else its first).
ABSENT_BOT = "greedy"
#: Who made a move the table made (a computer seat's, an absent seat's, the race's end).
COMPUTER = "computer"
STATUSES = ("open", "playing", "over")
_CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")


# ------------------------------------------------------------------------- errors


class RoomError(GameError):
    """A room refuses: unknown code, full table, taken seat, the table moved on... The
    ``reason`` says which; the facts are fields (``code``, ``seat``, ``player``...)."""


def normalize_room_code(text: object) -> str:
    """A typed room code as stored: capitals, no spaces or dashes; ``bad-code`` if it
    cannot be one.

    >>> normalize_room_code(" k7-qx ")
    'K7QX'
    >>> normalize_room_code("K0QX")
    Traceback (most recent call last):
    ...
    lnb.core.rooms.RoomError: 'K0QX' is not a table code: a code is 4 letters and digits \
like K7QX (no 0, 1, 2, 5, 8, O, I, L, Z, S, B or G).
    """
    code = re.sub(r"[^0-9A-Za-z]", "", str(text)).upper()
    if not _CODE_RE.match(code):
        raise bad_code(text)
    return code


def bad_code(text: object) -> RoomError:
    """A typed table code that cannot be one."""
    return RoomError(N_("{text!r} is not a table code: a code is 4 letters and digits like K7QX "
                        "(no 0, 1, 2, 5, 8, O, I, L, Z, S, B or G)."), text=str(text)[:20],
                     reason="bad-code", expected=CODE_LENGTH)


def no_such_room(code: str) -> RoomError:
    """No table has this code."""
    return RoomError(N_("No table {code}: check the code on the board."), code=code,
                     reason="no-such-room")


def table_full(code: str) -> RoomError:
    """Every seat of the table is taken."""
    return RoomError(N_("Table {code} is full: every seat is taken. Ask for another table's "
                        "code."), code=code, reason="table-full")


def seat_taken(code: str, seat: int, name: str) -> RoomError:
    """The seat is someone else's."""
    return RoomError(N_("Seat {number} at table {code} is taken by {name}: choose another "
                        "seat."), code=code, seat=seat, number=seat + 1, name=name,
                     reason="seat-taken")


def no_such_seat(code: str, seat: object, seats: int) -> RoomError:
    """A seat number the table does not have."""
    return RoomError(N_("Table {code} has no seat {seat!r}: its seats are numbered 0 to "
                        "{last}."), code=code, seat=seat, last=seats - 1, seats=seats,
                     reason="no-such-seat", expected=(0, seats - 1))


def game_started(code: str) -> RoomError:
    """A new pupil after the start."""
    return RoomError(N_("The game at table {code} has started: only its players can come back "
                        "to it. Ask for another table's code."), code=code,
                     reason="game-started")


def not_open(code: str) -> RoomError:
    """A seat change after the start."""
    return RoomError(N_("The game at table {code} has started: its seats can no longer "
                        "change."), code=code, reason="not-open")


def not_started(code: str) -> RoomError:
    """A move before the start."""
    return RoomError(N_("The game at table {code} has not started yet: wait until its host "
                        "presses Start."), code=code, reason="not-started")


def room_over(code: str) -> RoomError:
    """A move after the game's end."""
    return RoomError(N_("The game at table {code} is over: open its record to see how it "
                        "went."), code=code, reason="room-over")


def not_your_seat(code: str, seat: int | None) -> RoomError:
    """A move from a seat that is not the mover's."""
    return RoomError(N_("That seat at table {code} is not yours: play from your own seat."),
                     code=code, seat=seat, reason="not-your-seat")


def too_few_players(code: str, count: int, seats: tuple[int, int] = (2, 4)) -> RoomError:
    """Start pressed with fewer players than the game needs (``seats``: fewest, most)."""
    return RoomError(N_("Table {code} has {count} players: a game needs {least} to {most}. "
                        "Give an empty seat to a computer, or wait for another player."),
                     code=code, count=count, least=seats[0], most=seats[1],
                     reason="too-few-players", expected=tuple(seats))


def bad_seat_count(count: object, seats: tuple[int, int] = (2, 4)) -> RoomError:
    """A table of a number of seats the game is not played with."""
    return RoomError(N_("{count!r} seats: a table of this game has {least} to {most} seats."),
                     count=count, least=seats[0], most=seats[1], reason="bad-seat-count",
                     expected=tuple(seats))


def unknown_bot(kind: object, bots: Sequence[str]) -> RoomError:
    """A computer player the game does not have (``bots``: the ones it has)."""
    return RoomError(N_("{kind!r} is not a computer player; choose {bots}."), kind=kind,
                     bots=format_list(bots, style="or"), reason="unknown-bot",
                     expected=tuple(bots))


def time_is_up(code: str, player: str | None) -> RoomError:
    """A pupil's race action at or after the race's deadline."""
    return RoomError(N_("Time is up at table {code}: the rows written when the minute ended "
                        "stand."), code=code, player=player, reason="time-up")


def paused(code: str, seat: int | None, player: str | None) -> RoomError:
    """A pupil's move while the teacher has paused the table."""
    return RoomError(N_("Your teacher has paused table {code}: wait until they resume it."),
                     code=code, seat=seat, player=player, reason="paused")


def already_paused(code: str) -> RoomError:
    """*Pause* on a table already paused."""
    return RoomError(N_("Table {code} is already paused."), code=code, reason="already-paused")


def not_paused(code: str) -> RoomError:
    """*Resume* on a table that is not paused."""
    return RoomError(N_("Table {code} is not paused: there is nothing to resume."), code=code,
                     reason="not-paused")


def bad_allowance(code: str, factor: object) -> RoomError:
    """A time allowance the table does not offer."""
    return RoomError(N_("{factor!r} is not a time allowance: choose ×1, ×2, ×5 or no limit."),
                     code=code, factor=factor, reason="bad-allowance",
                     expected=tuple(ALLOWANCES))


def busy(code: str) -> RoomError:
    """Every retry of a move clashed with another kernel's."""
    return RoomError(N_("Table {code} is very busy just now: try again."), code=code,
                     reason="busy")


def no_free_code() -> RoomError:
    """No unused table code was found."""
    return RoomError(N_("No free table code was found: try again."), reason="no-free-code")


def table_moved_on(seat: int | None, player: str | None, meanwhile: Sequence[str],
                   seq: int, expected_seq: int) -> RoomError:
    """The action came too late: the table did ``meanwhile`` since the caller looked."""
    shown = list(meanwhile)[-3:]
    return RoomError(N_("The table moved on: {meanwhile}. Your board now shows the new state."),
                     meanwhile=Text("{items}", items=_Joined(shown)), seat=seat, player=player,
                     moves=tuple(meanwhile), seq=seq, expected_seq=expected_seq,
                     reason="table-moved-on")


class _Joined:
    """Descriptions joined as the language of the moment joins a list (when shown)."""

    def __init__(self, items: Sequence[object]) -> None:
        self.items = tuple(items)

    def __format__(self, spec: str) -> str:
        return format_list([str(i) for i in self.items])

    def __str__(self) -> str:
        return self.__format__("")




# ------------------------------------------------------------------------- values


@dataclass(frozen=True)
class RoomSeat:
    """One seat: its index (0-based), the player's name and character (the game's role for
    the seat, "" in a game without), and who holds it (a pupil's key, or a computer's bot
    kind; neither: empty)."""

    index: int
    name: str
    character: str = ""
    pupil: str | None = None
    computer: str | None = None

    @property
    def taken(self) -> bool:
        """True when a pupil or a computer holds the seat."""
        return self.pupil is not None or self.computer is not None


def _json_values(options: Any) -> dict[str, Any]:
    """Options as plain JSON values (a game's options object, through its ``to_dict``)."""
    if hasattr(options, "to_dict"):
        options = options.to_dict()
    return json.loads(json.dumps(dict(options or {}), sort_keys=True))  # type: ignore[no-any-return]


@dataclass(frozen=True)
class RoomSetup:
    """A table: its code, seats, seed, game (its name), options, timings and status.

    ``grace_seconds``: a pupil's seat without a heartbeat for that long is played by a
    computer while the table waits on it; ``pace_seconds``: a paced step the table makes by
    itself waits that long after the move before; ``started``: epoch seconds of the start.
    """

    code: str
    seats: tuple[RoomSeat, ...]
    seed: int
    game: str
    options: Mapping[str, Any] = field(default_factory=dict)
    grace_seconds: float = 20.0
    pace_seconds: float = 1.5
    status: str = "open"
    class_code: str | None = None
    host: str | None = None
    started: float | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", _json_values(self.options))

    @property
    def game_type(self) -> GameType:
        """The game played at this table."""
        return get(self.game)

    @property
    def rules(self) -> TableRules:
        """The game's table rules."""
        return self.game_type.table_rules  # type: ignore[no-any-return]

    @property
    def race_seconds(self) -> float | None:
        """The race's length after the first finish (None: the game has no race)."""
        return self.rules.race_seconds(self.options)

    @property
    def players(self) -> tuple[RoomSeat, ...]:
        """The taken seats in seat order: the game's players."""
        return tuple(s for s in self.seats if s.taken)

    def seat(self, index: int) -> RoomSeat:
        """The seat ``index`` (``no-such-seat`` error otherwise)."""
        for s in self.seats:
            if s.index == index:
                return s
        raise no_such_seat(self.code, index, len(self.seats))

    def seat_named(self, name: str) -> RoomSeat:
        """The taken seat whose player is ``name``."""
        for s in self.players:
            if s.name == name:
                return s
        raise GameError(N_("no player named {player!r} at table {code}"), player=name,
                        code=self.code, reason="no-such-player")

    def seat_of(self, pupil: str) -> RoomSeat | None:
        """The seat ``pupil`` (a pupil's key) holds, or None."""
        return next((s for s in self.seats if s.pupil == pupil), None)

    def new_state(self) -> Any:
        """The game's first state for this table's players (their characters, when the
        game has any, go to the game as ``options["characters"]``)."""
        options = dict(self.options)
        if any(s.character for s in self.players):
            options["characters"] = [s.character for s in self.players]
        return self.game_type.new_state([s.name for s in self.players], seed=self.seed,
                                        options=options)

    def to_json(self) -> str:
        """What ``rooms.setup`` keeps (the seats' holders are in ``room_seats``, the game in
        ``rooms.game``)."""
        return json.dumps({
            "seed": self.seed, "options": dict(self.options),
            "characters": [s.character for s in self.seats],
            "grace_seconds": self.grace_seconds, "pace_seconds": self.pace_seconds,
            "started": self.started,
        }, sort_keys=True)

    @classmethod
    def from_json(cls, code: str, text: str, seats: Iterable[RoomSeat], *, game: str,
                  status: str = "open", class_code: str | None = None,
                  host: str | None = None) -> RoomSetup:
        """The setup ``to_json`` wrote, with the seats read from ``room_seats``."""
        data = json.loads(text)
        return cls(code, tuple(sorted(seats, key=lambda s: s.index)), int(data["seed"]), game,
                   data.get("options", {}), float(data.get("grace_seconds", 20.0)),
                   float(data.get("pace_seconds", 1.5)), status, class_code, host,
                   data.get("started"))


@dataclass(frozen=True)
class Move:
    """One move of a room: ``seq`` from 1, the seat index (None: the table's), the action,
    when (epoch seconds) and by whom (a pupil's key, or ``"computer"``)."""

    seq: int
    seat: int | None
    action: Any
    at: float
    by: str | None = None


@dataclass(frozen=True)
class Pause:
    """The teacher pauses the table: its clock stands still, no move is made (a table move,
    seat None: ``str()`` is its text form, :func:`parse_action` reads it back)."""

    def __str__(self) -> str:
        return f"{ROOM_PREFIX}pause"


@dataclass(frozen=True)
class Resume:
    """The teacher lets the paused table go on: every clock mark moves on by the pause."""

    def __str__(self) -> str:
        return f"{ROOM_PREFIX}resume"


@dataclass(frozen=True)
class Allow:
    """The teacher gives seat ``seat`` a time allowance: its race and time-outs last
    ``factor`` times as long (one of :data:`~lnb.core.table.ALLOWANCES`; None: no limit).

    >>> str(Allow(1, 2.0)), str(Allow(0, None)), parse_action(None, "table! allow 1 x2")
    ('table! allow 1 x2', 'table! allow 0 none', Allow(seat=1, factor=2.0))
    """

    seat: int
    factor: float | None

    def __str__(self) -> str:
        if self.factor is None:
            return f"{ROOM_PREFIX}allow {self.seat} none"
        return f"{ROOM_PREFIX}allow {self.seat} x{self.factor:g}"


#: The table's own actions a teacher makes (not the game's): :class:`Pause`,
#: :class:`Resume`, :class:`Allow`. Their text starts with :data:`ROOM_PREFIX`.
ROOM_ACTIONS = (Pause, Resume, Allow)
ROOM_PREFIX = "table! "
_ROOM_RE = re.compile(r"^table! (pause|resume|allow (\d+) (?:x(\d+(?:\.\d+)?)|(none)))$")


def is_room_action(action: object) -> bool:
    """True for the teacher's table actions (pause, resume, a time allowance)."""
    return isinstance(action, ROOM_ACTIONS)


def action_text(game: GameType, action: Any) -> str:
    """A room move's action as text: a room action's own, else the game's
    (``GameType.action_text``). What the store keeps.

    >>> from lnb.core.game import get
    >>> action_text(get("babbage"), Pause())
    'table! pause'
    """
    if is_room_action(action):
        return str(action)
    return game.action_text(action)


def parse_action(game: GameType | None, text: str) -> Any:
    """The action :func:`action_text` wrote: a room action, else the game's
    (``GameType.parse_action``).

    >>> parse_action(None, "table! resume")
    Resume()
    """
    found = _ROOM_RE.match(str(text))
    if found is None:
        if game is None:
            raise GameError(N_("{text!r} is not a table action"), text=str(text)[:40],
                            reason="bad-action")
        return game.parse_action(text)
    word, seat, factor, _none = found.groups()
    if word == "pause":
        return Pause()
    if word == "resume":
        return Resume()
    return Allow(int(seat), float(factor) if factor is not None else None)


def describe(game: GameType, action: Any, state: Any = None) -> Any:
    """An action of a room's move as everyone at the table may read it (a room action's
    words, else ``GameType.describe``; ``state``: the table's game, for its edition's words).

    >>> from lnb.core.game import get
    >>> str(describe(get("babbage"), Allow(1, 5.0)))
    'Seat 2 has ×5 time'
    """
    if isinstance(action, Pause):
        return Text(N_("The teacher paused the table"))
    if isinstance(action, Resume):
        return Text(N_("The teacher resumed the table"))
    if isinstance(action, Allow):
        return allowance_words(action.factor, action.seat)
    return game.describe(action, state)


def allowance_words(factor: float | None, seat: int | None = None) -> Text:
    """A time allowance in words (a seat's, when given).

    >>> str(allowance_words(2.0)), str(allowance_words(None, 0))
    ('×2 time', 'Seat 1 has no time limit')
    """
    if seat is None:
        if factor is None:
            return Text(N_("no time limit"))
        return Text(N_("×{factor} time"), factor=f"{factor:g}")
    if factor is None:
        return Text(N_("Seat {number} has no time limit"), number=seat + 1)
    return Text(N_("Seat {number} has ×{factor} time"), number=seat + 1, factor=f"{factor:g}")


def renamed_move(move: Move, names: Mapping[str, str]) -> Move:
    """``move`` with every field of its action that names a player renamed (``names``: old
    -> new; a tuple of names too).

    >>> from lnb.babbage.game import Target
    >>> renamed_move(Move(1, 0, Target("Ali", 23), 0.0), {"Ali": "Pupil 1"}).action
    Target(player='Pupil 1', subroutine=23)
    """
    action = move.action
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return move
    changed: dict[str, Any] = {}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, str) and value in names:
            changed[f.name] = names[value]
        elif isinstance(value, tuple) and any(isinstance(v, str) and v in names
                                              for v in value):
            changed[f.name] = tuple(names.get(v, v) if isinstance(v, str) else v
                                    for v in value)
    if not changed:
        return move
    return dataclasses.replace(move, action=dataclasses.replace(action, **changed))


class _Said:
    """A move as everyone may read it, in the language of the moment it is shown."""

    def __init__(self, game: GameType, action: Any, state: Any = None) -> None:
        self.game, self.action, self.state = game, action, state

    def __format__(self, spec: str) -> str:
        return str(describe(self.game, self.action, self.state))

    def __str__(self) -> str:
        return self.__format__("")


def described(game: GameType, action: Any, state: Any = None) -> Text:
    """``action`` as every player at the table may read it (``GameType.describe``; shown in
    the language of the moment).

    >>> from lnb.core.game import get
    >>> from lnb.babbage.game import Target
    >>> str(described(get("babbage"), Target("Bea", 23)))
    'Bea chose a target'
    """
    return Text("{action}", action=_Said(game, action, state))


class _Bots:
    """The computer players of one table, made once each: a seat's own kind, or
    :data:`ABSENT_BOT` while its pupil is away, seeded by the room's seed + the seat."""

    def __init__(self, setup: RoomSetup, names: Mapping[str, int],
                 made: dict[tuple[int, str], ComputerPlayer]) -> None:
        self.game = setup.game_type
        self.seed = setup.seed
        self.kinds = {s.index: s.computer for s in setup.seats}
        self.names = dict(names)
        self.made = made
        kinds = self.game.bots.names
        self.absent_kind = ABSENT_BOT if ABSENT_BOT in kinds else kinds[0]

    def __call__(self, name: str) -> ComputerPlayer:
        """The computer player of ``name``'s seat."""
        index = self.names[name]
        kind = self.kinds.get(index) or self.absent_kind
        found = self.made.get((index, kind))
        if found is None:
            found = self.made[(index, kind)] = self.game.make_bot(kind, seed=self.seed + index)
        return found


# ------------------------------------------------------------------------- the replay


class RoomPlay:
    """A room's game replayed from its moves (see the module's API list)."""

    def __init__(self, setup: RoomSetup, state: Any,
                 bots: dict[tuple[int, str], ComputerPlayer]) -> None:
        self.setup = setup
        self.game = setup.game_type
        self.rules: TableRules = self.game.table_rules
        self.moves: list[Move] = []
        self._bots = bots
        self._before: list[Hashable] = []  # the phase before each move
        # the game's players are the taken seats, in order (a one-seat game may name its
        # player itself: the museum's is "solo")
        self._names = {n: s.index for n, s in zip(state.names, setup.players, strict=False)}
        player = _Bots(setup, self._names, bots)
        computers = {n: player(n) for n, i in self._names.items() if setup.seat(i).computer}
        start = setup.started or 0.0
        self.table = Table(state, computers, self.rules, absent=player,
                           clock=TableClock(last_at=start, phase_since=start,
                                            pace=setup.pace_seconds))

    # -- making ---------------------------------------------------------------------------
    @classmethod
    def from_moves(cls, setup: RoomSetup, moves: Iterable[Move]) -> RoomPlay:
        """Replay ``moves`` (in seq order) on ``setup``'s game."""
        play = cls(setup, setup.new_state(), {})
        for move in moves:
            play.apply(move)
        return play

    def copy(self) -> RoomPlay:
        """An independent copy (the State cloned; the bots shared)."""
        new = RoomPlay.__new__(RoomPlay)
        new.__dict__.update(self.__dict__)
        new.table = self.table.copy()
        new.moves = list(self.moves)
        new._before = list(self._before)
        return new

    def extended(self, moves: Iterable[Move]) -> RoomPlay:
        """A new play with ``moves`` applied after these (this one is unchanged)."""
        moves = list(moves)
        if not moves:
            return self
        new = self.copy()
        for move in moves:
            new.apply(move)
        return new

    def with_setup(self, setup: RoomSetup) -> RoomPlay:
        """The same play under a newer setup of the same table (a status changed): a new
        object sharing this one's State (neither is ever changed in place by the store)."""
        new = RoomPlay.__new__(RoomPlay)
        new.__dict__.update(self.__dict__)
        new.setup = setup
        new.moves = list(self.moves)
        new._before = list(self._before)
        return new

    def renamed(self, names: Mapping[str, str]) -> RoomPlay:
        """The same game with its players renamed (``names``: old -> new; e.g. the
        projector's "Pupil 1" for a pupil's name): the seats and every action's fields
        that name a player, replayed (the dice and the computers' seeds do not depend on
        names, so it is the same game)."""
        seats = tuple(dataclasses.replace(s, name=names.get(s.name, s.name))
                      for s in self.setup.seats)
        setup = dataclasses.replace(self.setup, seats=seats)
        return RoomPlay.from_moves(setup, (renamed_move(m, names) for m in self.moves))

    def upto(self, seq: int) -> RoomPlay:
        """The play after its first ``seq`` moves."""
        return RoomPlay.from_moves(self.setup, self.moves[:seq])

    def frames(self) -> Iterator[tuple[Move, Any]]:
        """Each move with the state after it (one State moving on: clone it to keep it)."""
        play = RoomPlay(self.setup, self.setup.new_state(), self._bots)
        for move in self.moves:
            play.apply(move)
            yield move, play.state

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The game's state after the moves."""
        return self.table.state

    @property
    def seq(self) -> int:
        """The last move's seq (0 before any)."""
        return self.moves[-1].seq if self.moves else 0

    version = seq

    @property
    def next_seq(self) -> int:
        """The seq the next move must have."""
        return self.seq + 1

    @property
    def finished(self) -> bool:
        """True once the game is over."""
        return bool(self.state.is_terminal())

    @property
    def waiting_on(self) -> tuple[str, ...]:
        """Names of the players the table waits for (in a race: everyone still writing)."""
        return tuple(self.state.current_players())

    @property
    def phase_since(self) -> float:
        """When the current phase began (epoch seconds)."""
        return self.table.clock.phase_since

    @property
    def race_since(self) -> float | None:
        """When this race began (None outside a race)."""
        return self.table.clock.race_since

    program_since = race_since

    @property
    def race_deadline(self) -> float | None:
        """The race's end: the first finish + the race's length (None before it)."""
        return self.table.clock.race_deadline

    @property
    def last_at(self) -> float:
        """When the last move was made (the start before any)."""
        return self.table.clock.last_at

    def seconds_left(self, now: float, seat: int | None = None) -> float | None:
        """Seconds of the race left at ``now`` (for ``seat``, its allowance applied; else
        ×1), frozen while paused (None before the first finish, or no limit)."""
        name = None if seat is None else self._name_of(seat)
        return self.table.clock.seconds_left(now, name)

    def deadline_for(self, seat: int) -> float | None:
        """When ``seat``'s race ends, its allowance applied (None: no deadline yet, or no
        limit)."""
        return self.table.clock.deadline_for(self._name_of(seat) or "")

    @property
    def paused(self) -> bool:
        """True while the teacher has paused the table."""
        return self.table.clock.paused

    @property
    def paused_at(self) -> float | None:
        """When the teacher paused the table (None: it runs)."""
        return self.table.clock.paused_at

    def allowance(self, seat: int) -> float | None:
        """Seat ``seat``'s time allowance (1.0 unless the teacher gave another; None: no
        limit)."""
        name = self._name_of(seat)
        return 1.0 if name is None else self.table.clock.allowance(name)

    @property
    def allowances(self) -> dict[int, float | None]:
        """The seats the teacher gave another allowance than ×1: seat index -> factor."""
        given = self.table.clock.allowances
        return {i: given[n] for n, i in self._names.items() if n in given}

    def _name_of(self, seat: int) -> str | None:
        return next((n for n, i in self._names.items() if i == seat), None)

    def seat_index(self, name: str) -> int:
        """The seat index of the game's player ``name``."""
        found = self._names.get(name)
        return found if found is not None else self.setup.seat_named(name).index

    def seat_for(self, action: Any) -> int | None:
        """The seat whose action it is (None: the table's own)."""
        actor = self.rules.actor(self.state, action)
        return None if actor is None else self.seat_index(actor)

    # -- checking and applying ------------------------------------------------------------
    def stamp(self, action: Any, at: float) -> Any:
        """``action`` as a move made at ``at``: a race finish gets its seconds since the race
        began (the room's clock), unless it has them."""
        return self.table.stamped(action, at)

    def _check_seat(self, move: Move) -> None:
        actor = self.rules.actor(self.state, move.action)
        if actor is None:
            if move.seat is not None:
                raise not_your_seat(self.setup.code, move.seat)
            return
        if move.seat is None or self._names.get(actor) != move.seat:
            raise not_your_seat(self.setup.code, move.seat)

    def _stale(self, move: Move) -> None:
        """Raise the table-moved-on error unless ``move`` (whose seq is behind) is
        independent of the moves since."""
        since = self.moves[move.seq - 1:] if move.seq >= 1 else self.moves
        seen = self._before[move.seq - 1] if 1 <= move.seq <= len(self._before) else None
        independent = (self.rules.independent(move.action)
                       and seen == self.rules.phase_key(self.state)
                       and all(m.seat != move.seat for m in since))
        if not independent:
            raise table_moved_on(move.seat, self.rules.actor(self.state, move.action),
                                 [described(self.game, m.action, self.state) for m in since],
                                 move.seq, self.next_seq)

    def check(self, move: Move) -> None:
        """Raise if ``move`` cannot be the next move (nothing changes): ``table-moved-on``
        for a stale seq whose action no longer fits, the game's error for an illegal action."""
        self.copy().apply(move)

    def apply(self, move: Move) -> Move:
        """Check and apply one move; on an error nothing changes. A stale ``move.seq`` whose
        action is independent of what happened since is applied as the next move: the move
        applied (with its seq renumbered then) is returned. A pupil's race action at or after
        the race's deadline is refused (``time-up``): the table's end of the race (with the
        drafts) comes first, whoever appends it."""
        if self.state.is_terminal():
            raise room_over(self.setup.code)
        if is_room_action(move.action):
            return self._apply_room(move)
        if self.table.clock.paused:
            raise paused(self.setup.code, move.seat, self.rules.actor(self.state, move.action))
        self._check_seat(move)
        if move.seq != self.next_seq:
            if move.seq > self.next_seq or move.seq < 1:
                raise table_moved_on(move.seat, self.rules.actor(self.state, move.action), [],
                                     move.seq, self.next_seq)
            self._stale(move)
            move = dataclasses.replace(move, seq=self.next_seq)
        if self.table.late(move.action, move.at, move.by == COMPUTER):
            raise time_is_up(self.setup.code, self.rules.actor(self.state, move.action))
        before = self.rules.phase_key(self.state)
        self.table.play(move.action, move.at)  # an illegal action raises, changes nothing
        self.moves.append(move)
        self._before.append(before)
        return move

    def _apply_room(self, move: Move) -> Move:
        """A teacher's table action: pause, resume, a seat's time allowance."""
        code, clock, action = self.setup.code, self.table.clock, move.action
        if move.seat is not None:
            raise not_your_seat(code, move.seat)
        if move.seq != self.next_seq:
            raise table_moved_on(None, None, [], move.seq, self.next_seq)
        if isinstance(action, Pause):
            if clock.paused:
                raise already_paused(code)
            clock.pause(move.at)
        elif isinstance(action, Resume):
            if not clock.paused:
                raise not_paused(code)
            clock.resume(move.at)
        else:
            if action.factor not in ALLOWANCES:
                raise bad_allowance(code, action.factor)
            name = self._name_of(action.seat)
            if name is None:
                raise no_such_seat(code, action.seat, len(self.setup.seats))
            if action.factor == 1.0:
                clock.allowances.pop(name, None)
            else:
                clock.allowances[name] = action.factor
        self._before.append(self.rules.phase_key(self.state))
        self.moves.append(move)
        return move

    # -- the table's own moves ------------------------------------------------------------
    def bot(self, name: str) -> ComputerPlayer:
        """The computer player of ``name``'s seat for the table (its computer, or
        :data:`ABSENT_BOT` while its pupil is away), seeded by the room's seed + seat."""
        return self.table.player_for(name)

    def due(self, now: float, present: Iterable[str] = (),
            drafts: Mapping[int, str] | None = None) -> list[Any]:
        """The actions the table makes at ``now`` (epoch seconds), in order
        (:meth:`lnb.core.table.Table.due`); ``present`` are the names of the seats whose
        pupils are here (the others, and computers, are played by their bot); ``drafts`` the
        seats' unfinished work in a race (seat index -> text). Nothing before the start."""
        if self.setup.status == "open" or self.state.is_terminal():
            return []
        here = set(present)
        names = {i: n for n, i in self._names.items()}
        present_names = [n for n, i in self._names.items() if self.setup.seat(i).name in here]
        work = {names[i]: text for i, text in (drafts or {}).items() if i in names}
        return self.table.due(now, present_names, work)

    def settle(self, at: float) -> list[Move]:
        """Apply the forced steps that follow the moves so far (:meth:`Table.forced_steps`,
        made by the table at ``at``, until none is left); the moves made."""
        made: list[Move] = []
        for _ in range(64):
            steps = [] if self.setup.status == "open" else self.table.forced_steps()
            if not steps:
                break
            for action in steps:
                made.append(self.apply(Move(self.next_seq, self.seat_for(action), action, at,
                                            COMPUTER)))
        return made

    # -- the record -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The game's record so far, each computer seat marked with its kind (the game's
        :meth:`~lnb.core.table.TableRules.record`, else ``records.write(state)``)."""
        computers = {n: self.setup.seat(i).computer for n, i in self._names.items()
                     if self.setup.seat(i).computer}
        record = self.rules.record(self.state, computers)  # type: ignore[arg-type]
        if record is None:
            record = self.game.records.write(self.state)
        return record

    def __repr__(self) -> str:
        return f"<RoomPlay {self.setup.code}: {len(self.moves)} moves, {self.state!r}>"
