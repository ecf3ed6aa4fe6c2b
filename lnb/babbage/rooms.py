"""Live game rooms: one table of Lovelace & Babbage played from several devices, as data.

A room is its setup (seats, seed, options) and the list of its moves; replaying the moves
gives the game's ``State``. This module is pure (no store, no UI): the store is
``classroom.rooms.RoomStore``, the UI ``widgets.babbage.room_app``. See docs/rooms.md.

API (the UI builds on exactly this):

- ``RoomSeat(index, name, character, pupil=None, computer=None)`` (frozen): one seat;
  ``pupil`` the pupil key holding it (``Pupil.key``), ``computer`` a bot kind
  (``"beginner"``, ``"greedy"``, ``"planner"``) or None; ``.taken`` (a pupil or a computer).
- ``RoomSetup(code, seats, seed, options=GameOptions(), grace_seconds=20.0,
  pace_seconds=1.5, status="open", class_code=None, host=None, started=None)`` (frozen):
  ``.race_seconds`` (= ``options.timer_seconds``, 60), ``.players`` (the taken seats, in seat
  order: the game's players), ``.seat(index)``, ``.seat_named(name)``, ``.seat_of(pupil_key)``
  (None if the pupil has no seat), ``.game()`` (the ``Game``), ``.to_json()`` /
  ``RoomSetup.from_json(code, text, seats, ...)`` (what ``rooms.setup`` holds).
- ``Move(seq, seat, action, at, by=None)`` (frozen): ``seq`` from 1, ``seat`` the seat index
  (None for the table's ``TimeUp``), ``action`` a ``lnb.babbage.game`` action, ``at`` epoch
  seconds, ``by`` the pupil key or ``"computer"`` (:data:`COMPUTER`: the table's moves).
  ``action_to_json(action)`` / ``action_from_json(text)`` are what ``room_moves.action``
  holds.
- ``RoomPlay.from_moves(setup, moves)``: the replay. Read ``.state`` (the ``State``),
  ``.moves``, ``.seq`` (the last move's seq, 0 before any; ``.version`` is the same),
  ``.next_seq`` (= seq + 1: what a new move's ``seq`` must be), ``.phase_since`` (epoch
  seconds the current phase began), ``.program_since`` (when this Round's Program phase
  began, else None), ``.race_deadline`` (first Finish's ``at`` + race_seconds, else None),
  ``.seconds_left(now)`` (None before the first Finish), ``.waiting_on`` (names the table
  waits for), ``.finished`` (True at game over).
  ``.check(move)`` raises what ``.apply(move)`` would, changing nothing: ``RoomError``
  reason ``"table-moved-on"`` when ``move.seq`` is stale and the action no longer fits (a
  stale Target, WriteProgram or Finish still fits when its seat made no move since and the
  Round and phase are the same: it is applied as the next seq); fields ``seat``, ``player``,
  ``moves`` (what the table did since, as everyone may read it, see ``describe``),
  ``meanwhile`` (the last three joined), ``seq``, ``expected_seq``; ``"time-up"`` for a
  pupil's WriteProgram or Finish at or after the race's deadline; ``"not-your-seat"`` when
  the action's player is not the move's seat; ``"room-over"`` after the game; or the game's
  own ``GameError`` for an action that is simply not legal.
  ``.apply(move) -> Move`` checks and applies one move (the play moves on; returns the move
  as applied); ``.stamp(action, at)`` fills a ``Finish``'s seconds (since the Program phase
  began); ``.extended(moves)`` a new play with more moves (this one unchanged);
  ``.with_setup(setup)``, ``.copy()``; ``.seat_index(name)``; ``.bot(name)`` (the seat's bot).
  ``.due(now, present, drafts={})`` -> list of actions the table makes now: computer seats'
  and absent seats' moves (absent: a pupil's seat whose name is not in ``present``), a
  pupil's activation with nothing to activate (the step is skipped, as at one screen), paced
  (a resolution row of theirs, or a row with nothing to choose, ``pace_seconds`` after the
  move before; a computer finishes its program ``think_seconds`` after the Program phase
  began; a pupil deciding about a Debug has ``race_seconds``, then ``Recompute``), and at
  the race deadline each unfinished seat's ``WriteProgram`` of its draft (``drafts``: seat
  index -> program text; ``.legal_start(name, text)``, the longest legal start of it) then
  ``TimeUp``.
  ``.to_record()`` (lnb-game/1 as ``GameApp.record_json()`` saves it: computer seats carry
  ``"computer": kind``, ``"untimed": false``; the Rounds finished so far),
  ``.frames()`` (``(move, state)`` after each move, for a replay: the state is one object
  moving on, ``clone()`` it to keep it), ``.upto(seq)`` (the play after ``seq`` moves).
- ``describe(action)``: a move as everyone may read it (a Target's Subroutine stays secret,
  a program is not shown).
- ``RoomError`` (a ``GameError``): every refusal, with ``reason`` and the facts as fields;
  the helpers ``no_such_room(code)``, ``table_full(code)``, ``seat_taken(code, seat, name)``,
  ``game_started(code)``, ``not_your_seat(code, seat)``, ``too_few_players(code, count)``,
  ``room_over(code)``, ``not_open(code)``, ``not_started(code)``, ``no_such_seat(code, seat,
  seats)``, ``bad_code(text)``, ``bad_seat_count(count)``, ``unknown_bot(kind)``,
  ``same_character(characters)``, ``busy(code)``, ``no_free_code()``, ``time_is_up(code,
  player)``, ``table_moved_on(...)`` make the errors (messages for pupils, in the ``lnb``
  catalog).
- ``CODE_ALPHABET`` (the class codes' unambiguous letters), ``CODE_LENGTH`` (4),
  ``normalize_room_code(text)``, ``ABSENT_BOT`` (the bot kind that plays an absent seat).

>>> from lnb.babbage.game import Target
>>> setup = RoomSetup("K7QX", (RoomSeat(0, "Ada", "Ada Lovelace", pupil="class:C:1"),
...                            RoomSeat(1, "Babbage", "Charles Babbage", computer="greedy")),
...                   seed=4, status="playing", started=1000.0)
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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.bots import REGISTRY, make_bot
from lnb.babbage.bots.base import BotBase
from lnb.babbage.errors import GameError, LnbError
from lnb.babbage.game import (
    Action,
    Finish,
    Game,
    GameOptions,
    Phase,
    Recompute,
    State,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.actions import ACTION_TYPES
from lnb.babbage.game.state import MAX_PLAYERS, MIN_PLAYERS
from lnb.babbage.programs import Program
from lnb.babbage.table import RULES as TABLE_RULES
from lnb.core.i18n import N_, format_list
from lnb.core.messages import Text

#: Room codes use the class codes' letters and digits nobody confuses
#: (``classroom.identity.ALPHABET``: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G).
CODE_ALPHABET = "ACDEFHJKMNPQRTUVWXY34679"
CODE_LENGTH = 4
#: The bot that plays a seat whose pupil is away (no heartbeat within the grace period).
ABSENT_BOT = "greedy"
#: Who made a move the table made (a computer seat's, an absent seat's, the race's end).
COMPUTER = "computer"
GAME = "babbage"
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
    lnb.babbage.rooms.RoomError: 'K0QX' is not a table code: a code is 4 letters and digits \
like K7QX (no 0, 1, 2, 5, 8, O, I, L, Z, S, B or G).
    """
    code = re.sub(r"[^0-9A-Za-z]", "", str(text)).upper()
    if not _CODE_RE.match(code):
        raise bad_code(text)
    return code


def bad_code(text: object) -> RoomError:
    return RoomError(N_("{text!r} is not a table code: a code is 4 letters and digits like K7QX "
                        "(no 0, 1, 2, 5, 8, O, I, L, Z, S, B or G)."), text=str(text)[:20],
                     reason="bad-code", expected=CODE_LENGTH)


def no_such_room(code: str) -> RoomError:
    return RoomError(N_("No table {code}: check the code on the board."), code=code,
                     reason="no-such-room")


def table_full(code: str) -> RoomError:
    return RoomError(N_("Table {code} is full: every seat is taken. Ask for another table's "
                        "code."), code=code, reason="table-full")


def seat_taken(code: str, seat: int, name: str) -> RoomError:
    return RoomError(N_("Seat {number} at table {code} is taken by {name}: choose another "
                        "seat."), code=code, seat=seat, number=seat + 1, name=name,
                     reason="seat-taken")


def no_such_seat(code: str, seat: object, seats: int) -> RoomError:
    return RoomError(N_("Table {code} has no seat {seat!r}: its seats are numbered 0 to "
                        "{last}."), code=code, seat=seat, last=seats - 1, seats=seats,
                     reason="no-such-seat", expected=(0, seats - 1))


def game_started(code: str) -> RoomError:
    return RoomError(N_("The game at table {code} has started: only its players can come back "
                        "to it. Ask for another table's code."), code=code,
                     reason="game-started")


def not_open(code: str) -> RoomError:
    return RoomError(N_("The game at table {code} has started: its seats can no longer "
                        "change."), code=code, reason="not-open")


def not_started(code: str) -> RoomError:
    return RoomError(N_("The game at table {code} has not started yet: wait until its host "
                        "presses Start."), code=code, reason="not-started")


def room_over(code: str) -> RoomError:
    return RoomError(N_("The game at table {code} is over: open its record to see how it "
                        "went."), code=code, reason="room-over")


def not_your_seat(code: str, seat: int | None) -> RoomError:
    return RoomError(N_("That seat at table {code} is not yours: play from your own seat."),
                     code=code, seat=seat, reason="not-your-seat")


def too_few_players(code: str, count: int) -> RoomError:
    return RoomError(N_("Table {code} has {count} players: a game needs 2 to 4. Give an empty "
                        "seat to a computer, or wait for another player."), code=code,
                     count=count, reason="too-few-players", expected=(MIN_PLAYERS, MAX_PLAYERS))


def bad_seat_count(count: object) -> RoomError:
    return RoomError(N_("{count!r} seats: a table has 2 to 4 seats."), count=count,
                     reason="bad-seat-count", expected=(MIN_PLAYERS, MAX_PLAYERS))


def unknown_bot(kind: object) -> RoomError:
    return RoomError(N_("{kind!r} is not a computer player; choose {bots}."), kind=kind,
                     bots=format_list(REGISTRY.names, style="or"), reason="unknown-bot",
                     expected=REGISTRY.names)


def time_is_up(code: str, player: str | None) -> RoomError:
    return RoomError(N_("Time is up at table {code}: the rows written when the minute ended "
                        "stand."), code=code, player=player, reason="time-up")


def same_character(characters: Sequence[str]) -> RoomError:
    return RoomError(N_("characters {characters}: each seat needs its own character"),
                     characters=format_list(characters), reason="same-character")


def busy(code: str) -> RoomError:
    return RoomError(N_("Table {code} is very busy just now: try again."), code=code,
                     reason="busy")


def no_free_code() -> RoomError:
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
    """One seat: its index (0-based), the player's name and character, and who holds it (a
    pupil's key, or a computer's bot kind; neither: empty)."""

    index: int
    name: str
    character: str
    pupil: str | None = None
    computer: str | None = None

    @property
    def taken(self) -> bool:
        """True when a pupil or a computer holds the seat."""
        return self.pupil is not None or self.computer is not None


@dataclass(frozen=True)
class RoomSetup:
    """A table: its code, seats, seed, rule options, timings and status.

    ``grace_seconds``: a pupil's seat without a heartbeat for that long is played by a
    computer while the table waits on it; ``pace_seconds``: a resolution row the table makes
    by itself waits that long after the move before; ``started``: epoch seconds of the start.
    """

    code: str
    seats: tuple[RoomSeat, ...]
    seed: int
    options: GameOptions = field(default_factory=GameOptions)
    grace_seconds: float = 20.0
    pace_seconds: float = 1.5
    status: str = "open"
    class_code: str | None = None
    host: str | None = None
    started: float | None = None

    @property
    def race_seconds(self) -> int:
        """The race's length after the first *I'm done* (the options' timer, 60)."""
        return self.options.timer_seconds

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

    def game(self) -> Game:
        """The ``Game`` of this table: its taken seats, options and seed."""
        return Game([(s.name, s.character) for s in self.players], self.options,
                    seed=self.seed)

    def to_json(self) -> str:
        """What ``rooms.setup`` keeps (the seats' holders are in ``room_seats``)."""
        return json.dumps({
            "seed": self.seed, "options": self.options.to_dict(),
            "characters": [s.character for s in self.seats],
            "grace_seconds": self.grace_seconds, "pace_seconds": self.pace_seconds,
            "started": self.started,
        }, sort_keys=True)

    @classmethod
    def from_json(cls, code: str, text: str, seats: Iterable[RoomSeat], *,
                  status: str = "open", class_code: str | None = None,
                  host: str | None = None) -> RoomSetup:
        """The setup ``to_json`` wrote, with the seats read from ``room_seats``."""
        data = json.loads(text)
        return cls(code, tuple(sorted(seats, key=lambda s: s.index)), int(data["seed"]),
                   GameOptions.from_dict(data.get("options", {})),
                   float(data.get("grace_seconds", 20.0)), float(data.get("pace_seconds", 1.5)),
                   status, class_code, host, data.get("started"))


@dataclass(frozen=True)
class Move:
    """One move of a room: ``seq`` from 1, the seat index (None: the table's), the action,
    when (epoch seconds) and by whom (a pupil's key, or ``"computer"``)."""

    seq: int
    seat: int | None
    action: Action
    at: float
    by: str | None = None


# ------------------------------------------------------------------------- actions as JSON

_TYPES = {t.__name__: t for t in ACTION_TYPES}


def action_to_json(action: Action) -> str:
    """An action as ``room_moves.action`` keeps it.

    >>> from lnb.babbage.game import Activate
    >>> action_to_json(WriteProgram("Ada", "A3+ A4/"))
    '{"aims": [], "player": "Ada", "program": "A3+ A4/", "type": "WriteProgram"}'
    >>> action_from_json(action_to_json(Activate("Bea", (5, 12)))) == Activate("Bea", (5, 12))
    True
    """
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Program):
            value = str(value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        data[f.name] = value
    if isinstance(action, TimeUp):
        data.pop("player", None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


def action_from_json(text: str) -> Action:
    """The action ``action_to_json`` wrote (``bad-move`` error for anything else)."""
    try:
        data = json.loads(text)
        kind = _TYPES[data.pop("type")]
        if "aims" in data:
            data["aims"] = tuple(tuple(a) for a in data["aims"])
        if "subroutines" in data:
            data["subroutines"] = tuple(data["subroutines"])
        return kind(**data)  # type: ignore[no-any-return]
    except LnbError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError):
        raise RoomError(N_("move {text!r} cannot be read"), text=str(text)[:60],
                        reason="bad-move") from None


def describe(action: Action) -> Text:
    """A move as every player may read it: a Target's Subroutine and a program being written
    stay secret.

    >>> from lnb.babbage.game import ResolveRow
    >>> str(describe(Target("Bea", 23))), str(describe(ResolveRow("Bea", take="Art")))
    ('Bea chose a target', 'Bea resolves a row, taking Art')
    """
    if isinstance(action, Target):
        return Text(N_("{player} chose a target"), player=action.player)
    if isinstance(action, WriteProgram):
        return Text(N_("{player} wrote a program"), player=action.player)
    return Text("{action}", action=_Said(action))


class _Said:
    """An action's own sentence, in the language of the moment it is shown."""

    def __init__(self, action: Action) -> None:
        self.action = action

    def __format__(self, spec: str) -> str:
        return str(self.action)


# ------------------------------------------------------------------------- the replay

_INDEPENDENT = (Target, WriteProgram, Finish)
"""Actions a seat makes on its own while others make theirs (a stale one still counts)."""


class RoomPlay:
    """A room's game replayed from its moves (see the module's API list)."""

    def __init__(self, setup: RoomSetup, state: State,
                 bots: dict[tuple[int, str], BotBase]) -> None:
        self.setup = setup
        self.state = state
        self.moves: list[Move] = []
        self._bots = bots
        self._before: list[tuple[int, Phase]] = []  # (round, phase) before each move
        self.phase_since: float = setup.started or 0.0
        self.program_since: float | None = None
        self.race_deadline: float | None = None
        self._names = {s.name: s.index for s in setup.players}
        if state.phase is Phase.PROGRAM:  # (never at the start; kept for odd setups)
            self.program_since = self.phase_since

    # -- making ---------------------------------------------------------------------------
    @classmethod
    def from_moves(cls, setup: RoomSetup, moves: Iterable[Move]) -> RoomPlay:
        """Replay ``moves`` (in seq order) on ``setup``'s game."""
        play = cls(setup, setup.game().new_initial_state(), {})
        for move in moves:
            play.apply(move)
        return play

    def copy(self) -> RoomPlay:
        """An independent copy (the State cloned; the bots shared)."""
        new = RoomPlay.__new__(RoomPlay)
        new.__dict__.update(self.__dict__)
        new.state = self.state.clone()
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

    def upto(self, seq: int) -> RoomPlay:
        """The play after its first ``seq`` moves."""
        return RoomPlay.from_moves(self.setup, self.moves[:seq])

    def frames(self) -> Iterator[tuple[Move, State]]:
        """Each move with the state after it (one State moving on: clone it to keep it)."""
        play = RoomPlay(self.setup, self.setup.game().new_initial_state(), self._bots)
        for move in self.moves:
            play.apply(move)
            yield move, play.state

    # -- reading --------------------------------------------------------------------------
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
        return self.state.is_terminal()

    @property
    def waiting_on(self) -> tuple[str, ...]:
        """Names of the players the table waits for (in the race: everyone still writing)."""
        return self.state.current_players()

    def seconds_left(self, now: float) -> float | None:
        """Seconds of the race left at ``now`` (None before the first *I'm done*)."""
        if self.race_deadline is None:
            return None
        return max(0.0, self.race_deadline - now)

    def seat_index(self, name: str) -> int:
        """The seat index of player ``name``."""
        return self.setup.seat_named(name).index

    # -- checking and applying ------------------------------------------------------------
    def stamp(self, action: Action, at: float) -> Action:
        """``action`` as a move made at ``at``: a ``Finish`` gets its seconds since this
        Program phase began (the room's clock), unless it has them."""
        if isinstance(action, Finish) and action.seconds is None and self.program_since:
            return Finish(action.player, seconds=round(max(0.0, at - self.program_since), 1))
        return action

    def _check_seat(self, move: Move) -> None:
        action = move.action
        if isinstance(action, TimeUp):
            if move.seat is not None:
                raise not_your_seat(self.setup.code, move.seat)
            return
        if move.seat is None or self._names.get(action.player) != move.seat:
            raise not_your_seat(self.setup.code, move.seat)

    def _stale(self, move: Move) -> bool:
        """True when ``move`` (whose seq is behind) no longer fits: raises the
        table-moved-on error; False when it is independent of the moves since."""
        since = self.moves[move.seq - 1:] if move.seq >= 1 else self.moves
        seen = self._before[move.seq - 1] if 1 <= move.seq <= len(self._before) else None
        now = (self.state.round, self.state.phase)
        independent = (isinstance(move.action, _INDEPENDENT) and seen == now
                       and all(m.seat != move.seat for m in since))
        if independent:
            return False
        raise table_moved_on(move.seat, getattr(move.action, "player", None),
                             [describe(m.action) for m in since], move.seq, self.next_seq)

    def check(self, move: Move) -> None:
        """Raise if ``move`` cannot be the next move (nothing changes): ``table-moved-on``
        for a stale seq whose action no longer fits, the game's error for an illegal action."""
        self.copy().apply(move)

    def apply(self, move: Move) -> Move:
        """Check and apply one move; on an error nothing changes. A stale ``move.seq`` whose
        action is independent of what happened since is applied as the next move: the move
        applied (with its seq renumbered then) is returned. A pupil's program or *I'm done*
        at or after the race's deadline is refused (``time-up``): the table's ``TimeUp``
        (with the drafts) comes first, whoever appends it."""
        if self.state.is_terminal():
            raise room_over(self.setup.code)
        self._check_seat(move)
        if move.seq != self.next_seq:
            if move.seq > self.next_seq or move.seq < 1:
                raise table_moved_on(move.seat, getattr(move.action, "player", None), [],
                                     move.seq, self.next_seq)
            self._stale(move)
            move = dataclasses.replace(move, seq=self.next_seq)
        if (self.race_deadline is not None and move.at >= self.race_deadline
                and move.by != COMPUTER and isinstance(move.action, (WriteProgram, Finish))
                and self.state.phase is Phase.PROGRAM):
            raise time_is_up(self.setup.code, move.action.player)  # the bell rang first
        before = (self.state.round, self.state.phase)
        self.state.apply_action(move.action)  # an illegal action raises, changes nothing
        self.moves.append(move)
        self._before.append(before)
        after = (self.state.round, self.state.phase)
        if isinstance(move.action, Finish) and self.race_deadline is None \
                and self.state.phase is Phase.PROGRAM:
            self.race_deadline = move.at + self.setup.race_seconds
        if after != before:
            self.phase_since = move.at
            if after[1] is Phase.PROGRAM:
                self.program_since = move.at
                self.race_deadline = None
            elif before[1] is Phase.PROGRAM:
                self.program_since = None
                self.race_deadline = None
        return move

    # -- the table's own moves ------------------------------------------------------------
    def bot(self, name: str) -> BotBase:
        """The bot that plays ``name``'s seat for the table (its computer, or
        :data:`ABSENT_BOT` while its pupil is away), seeded by the room's seed + seat."""
        seat = self.setup.seat_named(name)
        kind = seat.computer or ABSENT_BOT
        key = (seat.index, kind)
        found = self._bots.get(key)
        if found is None:
            found = self._bots[key] = make_bot(kind, seed=self.setup.seed + seat.index)
        return found

    def _auto(self, name: str, present: set[str] | frozenset[str]) -> bool:
        seat = self.setup.seat_named(name)
        return seat.computer is not None or name not in present

    def _last_at(self) -> float:
        return self.moves[-1].at if self.moves else (self.setup.started or 0.0)

    def due(self, now: float, present: Iterable[str] = (),
            drafts: Mapping[int, str] | None = None) -> list[Action]:
        """The actions the table makes at ``now`` (epoch seconds), in order; ``present`` are
        the names of the seats whose pupils are here (the others, and computers, are played
        by their bot); ``drafts`` the seats' unfinished programs (seat index -> text).

        Targets, activations and programs of bot-played seats come at once (and a pupil's
        activation when they have nothing to activate: the step is skipped); their *I'm done*
        ``think_seconds`` after the Program phase began; at the race deadline each seat still
        writing hands in its draft (the longest legal start of it) and then time is up. In
        the resolution a row the table makes (a bot's, or one with nothing to choose) comes
        ``pace_seconds`` after the move before, one at a time. A pupil deciding whether to
        Debug a wrong Result has ``race_seconds``; then the rows stand (``Recompute``).
        """
        state = self.state
        if state.is_terminal() or self.setup.status == "open":
            return []
        here = frozenset(present)
        phase = state.phase
        if phase is Phase.TARGET:
            return [self.bot(n).choose_action(state, n) for n in state.current_players()
                    if self._auto(n, here)]
        if phase is Phase.ACTIVATE:
            waiting = state.current_players()
            if not waiting:
                return []
            name = waiting[0]
            if self._auto(name, here):
                return [self.bot(name).choose_action(state, name)]
            forced = TABLE_RULES.forced(state, name, state.legal_actions(name))
            return [forced] if forced is not None else []  # nothing to activate: skipped
        if phase is Phase.PROGRAM:
            return self._due_in_race(now, here, drafts or {})
        turn = state.turn()
        if turn is None or now < self._last_at() + self.setup.pace_seconds:
            return []
        name = turn[0]
        if self._auto(name, here):
            return [self.bot(name).choose_action(state, name)]
        if phase is Phase.DEBUG:  # a pupil deciding about a wrong Result has the minute
            if now >= self.phase_since + self.setup.race_seconds:
                return [Recompute(name)]  # time is up: the rows stand as written
            return []
        forced = TABLE_RULES.forced(state, name, state.legal_actions(name))
        return [forced] if forced is not None else []  # a row with nothing to choose

    def _due_in_race(self, now: float, here: frozenset[str],
                     drafts: Mapping[int, str]) -> list[Action]:
        state = self.state
        writing = [n for n in state.names if state.player(n).play.token is None]
        if self.race_deadline is not None and now >= self.race_deadline:
            out: list[Action] = []
            for name in writing:
                seat = self.setup.seat_named(name)
                text = drafts.get(seat.index)
                if seat.computer is None and text is not None:
                    program = self.legal_start(name, text)
                    play = state.player(name).play
                    if program != play.program:
                        out.append(WriteProgram(name, program, play.aims))
            out.append(TimeUp())
            return out
        since = self.program_since if self.program_since is not None else self._last_at()
        writes: list[Action] = []
        finishes: list[tuple[float, int, Action]] = []
        for i, name in enumerate(writing):
            if not self._auto(name, here):
                continue
            bot = self.bot(name)
            program, aims = bot.planned(state, name)
            play = state.player(name).play
            if play.program != program or play.aims != aims:
                writes.append(WriteProgram(name, program, aims))
            think = round(bot.think_seconds(state, name), 1)
            if now >= since + think:
                finishes.append((think, i, Finish(name, seconds=think)))
        return writes + [a for _, _, a in sorted(finishes)]

    def legal_start(self, name: str, text: str) -> Program:
        """The longest start of the program ``text`` that ``name`` may hand in now (what
        a pupil's draft gives when time is up: rows after one that cannot be read or is
        not allowed are left out).

        >>> setup = RoomSetup("K7QX", (RoomSeat(0, "Ada", "Ada Lovelace", pupil="p"),
        ...     RoomSeat(1, "Bea", "Charles Babbage", pupil="q")), seed=1, status="playing")
        >>> str(RoomPlay.from_moves(setup, []).legal_start("Ada", "A3+ A9+ A4/"))
        'A3+'
        """
        words = [w for w in re.split(r"[\s,]+", str(text)) if w][:64]
        rules = self.state.writing_rules(name)
        for k in range(len(words), 0, -1):
            try:
                candidate = Program.parse(" ".join(words[:k]))
                rules.check(candidate)
            except LnbError:
                continue
            return candidate
        return Program()

    # -- the record -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The game's ``lnb-game/1`` record so far (the Rounds finished), as the game app
        saves it: each computer seat with ``"computer": kind``, ``"untimed": false``."""
        from lnb.babbage.records import write

        record = write(self.state)
        kinds = {s.name: s.computer for s in self.setup.players if s.computer}
        for player in record["players"]:
            if player["name"] in kinds:
                player["computer"] = kinds[player["name"]]
        record["untimed"] = False
        return record

    def __repr__(self) -> str:
        return f"<RoomPlay {self.setup.code}: {len(self.moves)} moves, {self.state!r}>"
