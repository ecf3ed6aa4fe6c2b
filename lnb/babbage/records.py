"""Game records ``lnb-game/1`` (GAME-RECORD.md): save a game, replay or resume a record.

The kit's record contract (:mod:`lnb.core.records`): ``load(source)`` (a dict, JSON text or a
``Path``) gives a checked :class:`Record`, ``replay(source_or_record)`` a
:class:`ReplayResult` (``.state``, ``.finished``, the score sheet and the events),
``write(state)`` the record of a game (its ``history`` with the envelope: the Rounds are the
State's own :class:`~lnb.babbage.game.history.RoundEntry` values, turned into JSON here) and
``dumps(record)`` its text.

Replay rebuilds the game from the record alone (its levels, Patrons and RESERVE draws instead
of random draws); a record that breaks the rules raises one ``RecordError`` naming the Round,
the player and the row, and nothing is half-applied.

**Unfinished games.** A record with fewer than four Rounds (0 to 3) is a game saved between
Rounds (``State.at_round_boundary()``: after a Round's rows are resolved, or before the first
Round); ``record_of`` and ``save`` refuse a game in the middle of a Round. ``replay`` of an
unfinished record returns the State at the next Round's Subroutine phase: the deck without
the Patrons already used, the tokens still to draw, last Round's order, start values,
completed and activated Subroutines, Debugs used. The game then goes on through the normal
actions; its later draws come from ``lnb.babbage.game.chance.resumed_generator(seed, rounds)``
(the record's ``seed``), so a record always resumes the same way. ``ReplayResult.finished``
tells which it was; for an unfinished game the scores are those so far and ``winners`` names
the current leader (same tie-breakers).

**Extra fields** (the format allows more fields; this library reads these): ``seat_order``
(Round 1's random seat order), ``seed`` (the game's seed), ``options.timer_seconds`` and
``options.operation_limit``, ``plays.NAME.stopped`` (stopped by the timer). Other fields are
kept in ``Record.data`` and ignored, e.g. the game app's ``players[i].computer`` (which bot
plays that seat; absent: a person). See docs/records.md.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.game.random_play import play_random_game
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=5)
>>> state = play_random_game(game, seed=5)
>>> result = replay(write(state))
>>> result.finished, result.to_dict()["winners"] == list(state.score_sheet().winners)
(True, True)
>>> saved = {**write(state), "rounds": write(state)["rounds"][:2]}
>>> resumed = replay(saved).state
>>> resumed.round, resumed.phase.name, len(resumed.history)
(3, 'TARGET', 2)
>>> replay({"format": "lnb-game/1", "players": []})
Traceback (most recent call last):
...
lnb.core.errors.RecordError: players: give 2 to 4 players, each {"name": ..., "character": ...}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lnb.babbage.components import Component
from lnb.babbage.edition import EDITIONS, Edition, Effect
from lnb.babbage.errors import LnbError, RecordError
from lnb.babbage.game.actions import (
    Activate,
    Debug,
    Finish,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.chance import RandomChance, ResumedChance, ScriptedChance, resumed_generator
from lnb.babbage.game.events import RowEvent
from lnb.babbage.game.history import Play, RoundEntry
from lnb.babbage.game.options import GameOptions
from lnb.babbage.game.phases import Phase, phase_name
from lnb.babbage.game.scoring import ScoreSheet, as_counts
from lnb.babbage.game.state import ROUNDS, Game, State
from lnb.babbage.programs import Program
from lnb.core.i18n import N_, _
from lnb.core.messages import Text, lazy_ngettext
from lnb.core.records import Replayed, clean_name, dumps, read_envelope, read_source, short

#: The option names a record may give, with their types (others are ignored).
OPTION_TYPES: dict[str, type | tuple[type, ...]] = {
    "take_that": bool, "mental_arithmetic": bool, "handicap": dict, "timer_seconds": int,
    "operation_limit": (int, type(None)),
}
FORMAT = "lnb-game/1"


# ------------------------------------------------------------------------- reading


def _at(where: str, key: str) -> Text:
    """Where in a record: ``Round 2, Ada: activate id`` (``key`` is the record's own word)."""
    return Text(N_("{where}: {key}"), where=where, key=key)


def _in_round(number: int, name: str | None = None, row: int | None = None) -> Text:
    """``Round 2``, ``Round 2, Bea``, ``Round 2, Bea, row 3``."""
    where = Text(N_("Round {round}"), round=number)
    if name:
        where = Text(N_("{where}, {player}"), where=where, player=name)
    if row is not None:
        where = Text(N_("{where}, row {row}"), where=where, row=row)
    return where


def _int(value: Any, where: str, low: int = 0, high: int = 99) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RecordError(N_("{where}: {value!r} must be a whole number from {low} to {high}"),
                          where=where, value=value, low=low, high=high, reason="bad-number",
                          expected=(low, high))
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(N_("{where}: {value!r} must be a list"), where=where, value=value,
                          reason="wrong-type", expected="a list")
    return value


def _dict(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(N_("{where}: must be an object {{...}}, not {value!r}"), where=where,
                          value=value, reason="wrong-type", expected="an object")
    return value


def _program(value: Any, where: str) -> Program:
    if not isinstance(value, str):
        raise RecordError(N_("{where}: the program must be text like 'A3+ A4/', not "
                             "{value!r}"), where=where, value=value, reason="wrong-type",
                          expected="text like 'A3+ A4/'")
    try:
        return Program.parse(value)
    except LnbError as exc:
        raise exc.as_family(RecordError, Text(N_("{where}: "), where=where)) from None


def _debugs(value: Any, where: str, most: int) -> tuple[Program, ...]:
    """A play's ``debug``: omitted (no Debug), one rewrite as text, or a list of rewrites
    (a wrong Result inside the first rewrite debugged again), at most ``most`` of them."""
    if value is None:
        return ()
    if isinstance(value, str):
        return (_program(value, where),)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise RecordError(N_("{where}: {value!r} must be a rewrite like 'A4/ 30, A1- 29', or "
                             "a list of rewrites (each text) when a rewrite is debugged again"),
                          where=where, value=value, entry="debug", reason="bad-debug",
                          text=repr(value), expected="a str, or a list of str")
    if len(value) > most:
        raise RecordError(N_("{where}: {count} rewrites given; a game has at most {most} "
                             "Debugs, so give at most {most}"), where=where, count=len(value),
                          most=most, entry="debug",
                          reason="too-many-debugs", text=repr(value), expected=most)
    return tuple(_program(v, where) for v in value)


def _play(raw: Any, where: str, max_debugs: int = 2) -> Play:
    raw = _dict(raw, where)
    target = _int(raw.get("target"), _at(where, "target"))
    activate = []
    for item in _list(raw.get("activate", []), _at(where, "activate")):
        if isinstance(item, dict):
            patron = item.get("patron")
            activate.append((_int(item.get("id"), _at(where, "activate id")),
                             None if patron is None
                             else _int(patron, _at(where, "activate patron"))))
        else:
            activate.append((_int(item, _at(where, "activate")), None))
    program = _program(raw.get("program", ""), where)
    finished = _int(raw.get("finished"),
                    Text(N_("{where}: finished (the order token)"), where=where), 1, 4)
    picks = []
    for pick in _list(raw.get("picks", []), _at(where, "picks")):
        if isinstance(pick, bool) or not isinstance(pick, (str, int)):
            raise RecordError(N_("{where}: pick {pick!r} must be an Influence type like 'Art' "
                                 "(or a Patron's value when NEAR touches two)"), where=where,
                              pick=pick, entry="picks", reason="bad-pick")
        picks.append(pick)
    debug = _debugs(raw.get("debug"), _at(where, "debug"), max_debugs)
    stopped = raw.get("stopped", False)
    if not isinstance(stopped, bool):
        raise RecordError(N_("{where}: stopped must be true or false, not {value!r}"),
                          where=where, value=stopped, entry="stopped", reason="wrong-type")
    return Play(target, tuple(activate), program, finished, tuple(picks), debug, stopped)


def _round(raw: Any, number: int, edition: Edition) -> RoundEntry:
    where = _in_round(number)
    raw = _dict(raw, where)
    tokens = _list(raw.get("level", []), _at(where, "level"))
    try:
        level = tuple(Component.parse_token(t) for t in tokens)
    except LnbError as exc:
        raise RecordError(N_("{where}: level: {why}"), where=where, why=exc, entry="level",
                          reason=exc.reason) from None
    if number == 1 and level:
        raise RecordError(N_("{where}: level must be [] (tokens are revealed from Round 2)"),
                          where=where, entry="level", reason="level-in-round-1")
    patrons = []
    for value in _list(raw.get("patrons"), _at(where, "patrons")):
        value = _int(value, _at(where, "patrons"))
        try:
            edition.patron(value)
        except LnbError as exc:
            raise RecordError(N_("{where}: unknown Patron {value:02d}: {why}"), where=where,
                              value=value, why=exc, entry="patrons",
                              reason="unknown-patron") from None
        patrons.append(value)
    plays_raw = _dict(raw.get("plays"), _at(where, "plays"))
    plays: dict[str, Play] = {}
    for raw_name, play in plays_raw.items():
        name = clean_name(str(raw_name))  # as the players' names are cleaned
        try:
            plays[name] = _play(play, _in_round(number, name), edition.max_debugs)
        except RecordError as exc:
            raise exc.with_context(player=name) from None
    return RoundEntry(level, tuple(patrons), plays)


@dataclass(frozen=True)
class Record:
    """A record checked for shape (the rules are checked by replaying it)."""

    edition: Edition
    options: GameOptions
    players: tuple[tuple[str, str], ...]
    seats: tuple[str, ...] | None
    rounds: tuple[RoundEntry, ...]
    seed: int | None
    data: Mapping[str, Any]

    @property
    def finished(self) -> bool:
        """True for a whole game (four Rounds), False for one saved between Rounds."""
        return len(self.rounds) == ROUNDS


def load(source: str | Path | Mapping[str, Any]) -> Record:
    """Read a record from its JSON text (a ``str`` is always text, never a file name: an
    upload is content), a file (a ``Path``, as the ``lnb`` command gives, read at most
    :data:`lnb.core.records.RECORD_BYTES` bytes) or a dict, and check its shape. Players'
    names are cleaned (:func:`lnb.core.records.clean_name`) everywhere the record names them.
    Anything unreadable raises ``RecordError``.

    >>> load("null")
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: record: must be an object {...}, not None
    >>> load("no-such-game.json")
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: not a game record: invalid JSON (line 1, column 1)
    >>> load(Path("no-such-game.json"))
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: cannot read no-such-game.json: No such file or directory
    >>> load(5)
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: record: give JSON text, a file Path or a dict, not 5
    """
    envelope = read_envelope(read_source(source), format=FORMAT, editions=EDITIONS,
                             options=OPTION_TYPES, strict_options=False)
    data = dict(envelope.data)
    data["players"] = [dict(p) for p in envelope.players]  # the names as cleaned
    edition = Edition.load(envelope.edition)
    players = tuple((p["name"], p["character"]) for p in envelope.players)
    opts = envelope.options
    handicap = _dict(opts.get("handicap", {}), "options: handicap")
    try:
        options = GameOptions(
            take_that=opts.get("take_that", True),
            mental_arithmetic=opts.get("mental_arithmetic", False),
            handicap=handicap,
            timer_seconds=opts.get("timer_seconds", 60),
            operation_limit=opts.get("operation_limit"),
        )
    except LnbError as exc:
        raise exc.as_family(RecordError, Text(N_("{where}: "), where="options"),
                            entry="options") from None
    seats = data.get("seat_order")
    if seats is not None and (not isinstance(seats, list)
                              or not all(isinstance(s, str) for s in seats)):
        raise RecordError(N_("seat_order: {value} must list the player names"),
                          value=short(seats), entry="seat_order", reason="wrong-type")
    seed = envelope.seed
    rounds_raw = _list(data.get("rounds"), "rounds")
    if len(rounds_raw) > ROUNDS:
        raise RecordError(N_("rounds: {count} given; a game has at most {most} (fewer: a game "
                             "saved between Rounds)"), count=len(rounds_raw), most=ROUNDS,
                          entry="rounds", reason="too-many-rounds", expected=ROUNDS)
    rounds: list[RoundEntry] = []
    for i, r in enumerate(rounds_raw, start=1):
        try:
            rounds.append(_round(r, i, edition))
        except RecordError as exc:
            raise exc.with_context(round=i) from None
    seats = None if seats is None else [clean_name(s) for s in seats]
    return Record(edition, options, players, None if seats is None else tuple(seats),
                  tuple(rounds), seed, data)


# ------------------------------------------------------------------------- replaying


@dataclass(frozen=True)
class ReplayResult(Replayed):
    """A replayed game (:class:`lnb.core.records.Replayed`): the state it reached, its score
    sheet and its events; ``finished`` when the record is a whole game.

    For an unfinished record ``state`` waits at the next Round's Subroutine phase and
    ``sheet`` is the standing so far.
    """

    state: State
    sheet: ScoreSheet
    events: tuple[RowEvent, ...]

    def to_dict(self) -> dict[str, Any]:
        """The JSON ``lnb replay --json`` prints (GAME-RECORD.md) and ``finished``;
        ``influence`` lists only the types a player has, ``score.debugs`` is negative
        (−3 each). Unfinished: the scores so far, ``winners`` the current leader."""
        types = self.state.edition.influence_types
        players = []
        for p in self.state.players.values():
            s = self.sheet.player(p.name)
            players.append({
                "name": p.name,
                "influence": as_counts(p.influence, types),
                "failed_experiments": p.failed_experiments,
                "subroutines": len(p.completed),
                "engine_rows": dict(p.engine_rows),
                "debugs": p.debugs,
                "score": s.to_dict(),
            })
        return {"players": players, "winners": list(self.sheet.winners),
                "events": [e.to_dict() for e in self.events], "finished": self.finished}

    def text(self) -> str:
        """Every resolved row, then the score sheet."""
        lines = [*(e.describe() for e in self.events), "", self.sheet.text()]
        if not self.finished:
            lines.append(_("Unfinished: {played} of {rounds} Rounds played; the game resumes at "
                           "Round {round}.").format(played=len(self.state.history),
                                                    rounds=ROUNDS, round=self.state.round))
        return "\n".join(lines)


def replay(record: str | Path | Mapping[str, Any] | Record) -> ReplayResult:
    """Replay a record: a finished one to its final scores, an unfinished one to the next
    Round's Subroutine phase (ready to play on); raise ``RecordError`` (nothing
    half-applied: the caller gets a new State or an error)."""
    rec = record if isinstance(record, Record) else load(record)
    try:
        game = Game(rec.players, rec.options, seed=rec.seed, edition=rec.edition)
    except LnbError as exc:
        raise exc.as_family(RecordError, Text(N_("{where}: "), where="players"),
                            entry="players") from None
    levels = {i: r.level for i, r in enumerate(rec.rounds, start=1)}
    patrons = {i: r.patrons for i, r in enumerate(rec.rounds, start=1)}
    reserves: dict[tuple[int, str, int], int | None] = {}
    for i, r in enumerate(rec.rounds, start=1):
        for name, play in r.plays.items():
            for sub, patron in play.activate:
                reserves[(i, name, sub)] = patron
    played = len(rec.rounds)
    chance = ResumedChance(ScriptedChance(rec.seats, levels, patrons, reserves), played,
                           RandomChance(resumed_generator(rec.seed, played)))
    state = game.new_initial_state(chance)
    for number, entry in enumerate(rec.rounds, start=1):
        _Round(state, number, entry).play()
    # Four full Rounds end the game; fewer leave it at the next Round's Subroutine phase.
    assert state.is_terminal() == rec.finished and state.round == min(played + 1, ROUNDS)
    return ReplayResult(state, state.score_sheet(), tuple(state.events))


class _Round:
    """Drives one Round of a record through the State's actions."""

    def __init__(self, state: State, number: int, entry: RoundEntry) -> None:
        self.state = state
        self.number = number
        self.entry = entry
        self.picks = {n: list(p.picks) for n, p in entry.plays.items()}
        self.debugs_done: dict[str, int] = {}

    def fail(self, name: str | None, message: str, row: int | None = None,
             fields: Mapping[str, Any] | None = None) -> RecordError:
        """``Round 2, Bea, row 3: message``; ``fields`` (an error's) are kept, with this
        Round, player and row (the program row the error names when no row is given)."""
        where = _in_round(self.number, name, row)
        known = {k: v for k, v in (fields or {}).items() if v is not None}
        known.update(round=self.number, player=name,
                     row=row if row is not None else known.get("row"))
        return RecordError(Text(N_("{where}: {message}"), where=where, message=message),
                           **known)

    def refused(self, name: str | None, exc: LnbError, row: int | None = None) -> RecordError:
        """The State's (or the edition's) error as a ``RecordError`` naming this Round, with
        its fields; an error that names this player (``player``) gives its ``detail``, the
        explanation without the name, so the name is not said twice."""
        detail = exc.fields.get("detail") if name and exc.player == name else None
        return self.fail(name, detail or exc, row, exc.fields)

    def apply(self, action: Any, name: str | None, row: int | None = None) -> None:
        try:
            self.state.apply_action(action)
        except RecordError:
            raise
        except LnbError as exc:
            raise self.refused(name, exc, row) from None

    def play(self) -> None:
        state, plays = self.state, self.entry.plays
        for name in state.names:
            if name not in plays:
                raise self.fail(None, Text(N_("player {name} is missing from plays"), name=name))
        for name in plays:
            if name not in state.players:
                raise self.fail(None, Text(N_("{name!r} in plays is not a player of this game"),
                                           name=name))
        for name in state.names:
            self.apply(Target(name, plays[name].target), name)
        if self.number == 1:
            for name in state.names:
                if plays[name].activate:
                    raise self.fail(name, Text(N_("Subroutines are activated from Round 2 on")))
        while state.phase is Phase.ACTIVATE:
            name = state.current_players()[0]
            self.apply(Activate(name, tuple(s for s, _ in plays[name].activate)), name)
        self.program_phase()
        self.resolution_phase()

    def program_phase(self) -> None:
        state, plays = self.state, self.entry.plays
        tokens = sorted(p.finished for p in plays.values())
        if tokens != list(range(1, len(plays) + 1)):
            raise self.fail(None, Text(N_("finished tokens {tokens} must be 1 to {most}, one "
                                          "each"), tokens=tokens, most=len(plays)))
        for name in state.names:
            play = plays[name]
            aims = []
            for sub, patron in play.activate:
                try:
                    effect = state.player(name).character.subroutine(sub).effect
                except LnbError as exc:
                    raise self.refused(name, exc) from None
                if patron is not None and effect is not Effect.RESERVE:
                    aims.append((sub, patron))
            self.apply(WriteProgram(name, play.program, tuple(aims)), name)
        ordered = sorted(state.names, key=lambda n: plays[n].finished)
        for name in ordered:
            if not plays[name].stopped:
                self.apply(Finish(name), name)
        if state.phase is Phase.PROGRAM:
            self.apply(TimeUp(), None)
        for name in state.names:
            got = next(t for t, n in enumerate(state.order, start=1) if n == name)
            if got != plays[name].finished:
                raise self.fail(name, Text(N_(
                    "finished {finished}, but the timer gives token {token}: stopped players "
                    "take the remaining tokens in last Round's order"),
                    finished=plays[name].finished, token=got))

    def resolution_phase(self) -> None:
        state, plays = self.state, self.entry.plays
        while state.round == self.number and state.phase in (Phase.RESOLUTION, Phase.DEBUG):
            turn = state.turn()
            assert turn is not None
            name, row = turn
            play = plays[name]
            if state.phase is Phase.DEBUG:
                done = self.debugs_done.get(name, 0)
                if done < len(play.debug):
                    self.debugs_done[name] = done + 1
                    self.apply(Debug(name, play.debug[done]), name, row)
                else:
                    self.apply(Recompute(name), name, row)
                continue
            self.apply(self.resolve_action(name, row), name, row)
        for name, play in plays.items():
            done = self.debugs_done.get(name, 0)
            if len(play.debug) > done:
                if not state.options.mental_arithmetic:
                    raise self.fail(name, Text(N_("a debug is given, but Debug belongs to "
                                                  "mental-arithmetic play")))
                if done == 0:
                    raise self.fail(name, Text(N_(
                        "a debug is given, but no Debug was possible (no wrong Result, or the "
                        "game's Debugs are used up)")))
                raise self.fail(name, lazy_ngettext(
                    "{count} rewrites are given, but only {done} Debug was possible (the "
                    "rewrite has no wrong Result, or the game's Debugs are used up)",
                    "{count} rewrites are given, but only {done} Debugs were possible (the "
                    "rewrite has no wrong Result, or the game's Debugs are used up)", done,
                    count=len(play.debug), done=done))

    def resolve_action(self, name: str, row: int) -> ResolveRow:
        """The action this Round's ``picks`` give for ``name``'s row (the State's own
        ``row_choices``: the NEAR fork, then the type), using up the picks it reads."""
        queue = self.picks[name]
        try:
            action, used = self.state.row_choices(name).action(queue)
        except LnbError as exc:
            raise self.fail(name, exc.fields.get("detail") or exc, row) from None
        del queue[:used]
        return action


# ------------------------------------------------------------------------- writing


def round_json(entry: RoundEntry) -> dict[str, Any]:
    """A Round of the history (:class:`~lnb.babbage.game.history.RoundEntry`) as its
    ``rounds`` entry: levels and Patrons revealed, and each player's target, activations (with
    the Patron an aimed effect or a RESERVE names), program as written, order token, picks,
    Debug rewrites (one as text, two as a list) and whether the timer stopped them."""
    plays: dict[str, Any] = {}
    for name, play in entry.plays.items():
        out: dict[str, Any] = {
            "target": play.target,
            "activate": [sub if patron is None else {"id": sub, "patron": patron}
                         for sub, patron in play.activate],
            "program": str(play.program),
            "finished": play.finished,
        }
        if play.picks:
            out["picks"] = list(play.picks)
        if play.debug:
            rewrites = [str(r) for r in play.debug]
            out["debug"] = rewrites[0] if len(rewrites) == 1 else rewrites
        if play.stopped:
            out["stopped"] = True
        plays[name] = out
    return {"level": [str(t) for t in entry.level], "patrons": list(entry.patrons),
            "plays": plays}


def write(state: State) -> dict[str, Any]:
    """The game so far as an ``lnb-game/1`` record (the Rounds finished; see ``record_of``
    for the check that no Round is under way)."""
    return {
        "format": FORMAT,
        "edition": state.edition.name,
        "options": state.options.to_dict(),
        "players": [{"name": n, "character": p.character.name}
                    for n, p in state.players.items()],
        "seat_order": list(state.seats),
        "seed": state.game.seed,
        "rounds": [round_json(entry) for entry in state.history],
    }


# ------------------------------------------------------------------------- saving


def record_of(state: State) -> dict[str, Any]:
    """The record of a game between Rounds or finished; mid-Round raises ``RecordError``.

    >>> from lnb.babbage.game import Game, Target
    >>> state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=1
    ...              ).new_initial_state()
    >>> record_of(state)["rounds"]
    []
    >>> state.apply_action(Target("Ada", 14)); state.apply_action(Target("Bea", 12))
    >>> record_of(state)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    lnb.core.errors.RecordError: Round 1 is under way (program phase): save the game after this ...
    """
    if not state.at_round_boundary():
        raise RecordError(N_("Round {round} is under way ({phase}): save the game after this "
                             "Round's rows are resolved"), round=state.round,
                          phase=phase_name(state.phase), reason="mid-round")
    return write(state)


def save(state: State, path: str | Path) -> None:
    """Write the game's record as JSON: a finished game, or one between Rounds (an
    unfinished record); mid-Round raises ``RecordError`` and writes nothing."""
    Path(path).write_text(dumps(record_of(state)), "utf-8")
