"""Game and State: a whole game of Lovelace & Babbage driven by explicit actions.

``Game`` holds the rules of one table (edition, options, players, seed); ``State`` is one
playthrough. One loop serves every player, bot and widget (OpenSpiel style)::

    while not state.is_terminal():
        action = choose(state.legal_actions())
        state.apply_action(action)

Chance (seat order, level tokens with the Set-To redraw, Patrons, RESERVE draws) comes only
from the game's seeded generator, so a seed and the actions replay the same game.

>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7)
>>> state = game.new_initial_state()
>>> state.round, state.phase
(1, <Phase.TARGET: 'target'>)
>>> state.legal_actions("Ada")[:2]
[Target(player='Ada', subroutine=14), Target(player='Ada', subroutine=23)]
>>> state.apply_action(Target("Ada", 23))
>>> state.apply_action(Target("Bea", 37))
>>> state.phase, len(state.patrons), state.program_limit("Ada"), state.start_value("Ada")
(<Phase.PROGRAM: 'program'>, 5, 5, 55)
>>> state.apply_action(WriteProgram("Ada", "A3+ A4/"))
>>> state.apply_action(Finish("Ada"))
>>> state.apply_action(TimeUp())
>>> state.phase, state.order, state.stopped
(<Phase.RESOLUTION: 'resolution'>, ('Ada', 'Bea'), ('Bea',))
>>> state.apply_action(ResolveRow("Ada"))
>>> print(state.events[-1].describe())
Round 1 Ada row 1: A3+ 55 + 5 = 60
"""

from __future__ import annotations

import copy
import itertools
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from lnb.babbage.board import Board
from lnb.babbage.components import Component
from lnb.babbage.edition import Character, Edition, Effect, Subroutine
from lnb.babbage.errors import GameError, LnbError
from lnb.babbage.game.actions import (
    EMPTY_PROGRAM,
    Action,
    Activate,
    Debug,
    Finish,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
    action_sort_key,
)
from lnb.babbage.game.chance import Chance, RandomChance
from lnb.babbage.game.choices import RowChoices
from lnb.babbage.game.events import ENGINE, SUBROUTINE, Claim, RowEvent
from lnb.babbage.game.history import RoundEntry, round_entry
from lnb.babbage.game.options import GameOptions
from lnb.babbage.game.phases import (  # noqa: F401 (ROUNDS: re-exported)
    ROUNDS,
    RULES,
    TABLE,
    Phase,
    phase_name,
)
from lnb.babbage.game.resolution import (
    AIMABLE,
    PRIMARY,
    EffectUse,
    PatronSlot,
    RowOption,
    effects_used,
    row_options,
)
from lnb.babbage.game.scoring import ScoreSheet, Tally, score
from lnb.babbage.game.writing import WritingRules
from lnb.babbage.operations import Operation, legal_operations
from lnb.babbage.programs import Program, Trace
from lnb.core.i18n import N_
from lnb.core.messages import Text

MIN_PLAYERS, MAX_PLAYERS = 2, 4


class _Memo(dict):  # type: ignore[type-arg]
    """What a State worked out and may read again until it changes (``clone()`` starts
    afresh: a copy keeps nothing of it)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Memo:
        return _Memo()


_SHARED: dict[int, tuple[Any, Any]] = {}
"""Values worked out once for every State of the process, by the id of the object they
belong to (kept with it, so that the id is not used again): an edition's starting
``Board`` (which memoises its legal rows), a character's Targets."""


def _shared(owner: Any, key: Any, make: Any) -> Any:
    """The value ``make()`` for (``owner``, ``key``), worked out once."""
    slot = (id(owner), key)
    found = _SHARED.get(slot)  # type: ignore[call-overload]
    if found is None or found[0] is not owner:
        if len(_SHARED) > 4096:
            _SHARED.clear()
        found = _SHARED[slot] = (owner, make())  # type: ignore[index]
    return found[1]
ONCE_A_ROUND = (Effect.SIGMA, Effect.NEAR, Effect.DOUBLE, Effect.BOTH, Effect.CHOICE)


@dataclass
class RoundPlay:
    """What one player does in the current Round (reset at each Round's start)."""

    target: int | None = None
    activated: tuple[int, ...] | None = None
    uses: list[EffectUse] = field(default_factory=list)
    extra: int = 0
    slow: int = 0
    limit: int = 0
    program: Program = EMPTY_PROGRAM
    aims: tuple[tuple[int, int], ...] = ()
    token: int | None = None
    stopped: bool = False
    seconds: float | None = None
    trace: Trace | None = None
    first_wrong: int | None = None
    recomputed: bool = False
    rewrites: tuple[Program, ...] = ()
    debug_rows: tuple[int, ...] = ()
    written_program: Program = EMPTY_PROGRAM
    completed: bool = False
    picks: list[str | int] = field(default_factory=list)

    @property
    def sigma_rows(self) -> int:
        """How many Σ rows this player may write (activated SIGMA)."""
        if not self.uses:  # the usual case: nothing activated this Round
            return 0
        return sum(1 for u in self.uses if u.effect is Effect.SIGMA)

    @property
    def rewrite(self) -> Program | None:
        """The last Debug's rewrite this Round (None without a Debug); all of them, in
        order, are ``rewrites`` (the rows each Debug wrote from the row in ``debug_rows``)."""
        return self.rewrites[-1] if self.rewrites else None


@dataclass
class PlayerState:
    """One player: who they are and everything they gathered (read it, do not change it).

    ``completed`` lists (Subroutine number, Round completed); ``used`` the activated ones;
    ``claimed_from`` the Patrons claimed from in earlier Rounds (never again, RULES.md §4.4).
    """

    name: str
    character: Character
    start: int
    influence: dict[str, int]
    failed_experiments: int = 0
    completed: list[tuple[int, int]] = field(default_factory=list)
    used: list[int] = field(default_factory=list)
    engine_rows: dict[str, int] = field(default_factory=dict)
    engine: int = 0
    debugs: int = 0
    claimed_from: set[int] = field(default_factory=set)
    play: RoundPlay = field(default_factory=RoundPlay)

    @property
    def completed_subroutines(self) -> tuple[int, ...]:
        """Numbers of the completed Subroutines, in the order completed."""
        return tuple(s for s, _ in self.completed)

    @property
    def target(self) -> int | None:
        """The Subroutine targeted this Round (None before targeting)."""
        return self.play.target

    @property
    def limit(self) -> int:
        """Operation limit this Round (after EXTRA and SLOW)."""
        return self.play.limit


class Game:
    """A table of 2–4 players, an edition, rule options and a seed.

    ``players`` are (name, character) pairs in seat order; characters are distinct.
    ``options`` is a ``GameOptions`` or a dict of its fields (``{"take_that": False}``, read by
    ``GameOptions.from_dict``: an unknown name is refused); ``seed`` an int or None. Anything
    else raises ``GameError`` when the game is made.
    """

    def __init__(
        self,
        players: Sequence[tuple[str, str]],
        options: GameOptions | Mapping[str, Any] | None = None,
        seed: int | None = None,
        edition: Edition | None = None,
    ) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise GameError(N_("seed {seed!r}: give a whole number like 7, or None for a "
                               "random game"), seed=seed, entry="seed", reason="bad-seed",
                            expected="an int or None")
        if edition is not None and not isinstance(edition, Edition):
            raise GameError(N_("edition {edition!r}: give an Edition, e.g. Edition.load()"),
                            edition=edition, entry="edition", reason="bad-edition",
                            expected="an Edition")
        self.edition = edition or Edition.load()
        if options is None:
            options = GameOptions()
        elif isinstance(options, Mapping):
            options = GameOptions.from_dict(options)
        elif not isinstance(options, GameOptions):
            raise GameError(N_("options {options!r}: give GameOptions(...) or a dict like "
                               "{{'take_that': False}}"), options=options, entry="options",
                            reason="bad-options",
                            expected="GameOptions or a dict")
        self.options = options
        self.seed = seed
        self.players: tuple[tuple[str, Character], ...] = tuple(self._check_players(players))
        for name in dict(self.options.handicap):
            if name not in self.names:
                raise GameError(N_("handicap for {player!r}: no such player; players are "
                                   "{players}"), players=", ".join(self.names),
                                entry="handicap", player=name,
                                reason="no-such-player", expected=self.names)
            for kind in self.options.handicap_for(name):
                if kind not in self.edition.influence_types:
                    raise GameError(N_("handicap for {player}: {text!r} is not an Influence "
                                       "type; choose from {types}"),
                                    types=", ".join(self.edition.influence_types),
                                    entry="handicap", player=name, text=kind,
                                    reason="bad-influence",
                                    expected=tuple(self.edition.influence_types))

    def _check_players(self, players: Sequence[tuple[str, str]]) -> Iterable[tuple[str, Character]]:
        try:
            pairs = [(p[0], p[1]) for p in players]
        except (TypeError, IndexError, KeyError):
            raise GameError(N_("players: give (name, character) pairs, e.g. "
                               "[('Ada', 'Ada Lovelace'), ('Bea', 'Charles Babbage')]"),
                            entry="players", reason="bad-players",
                            expected="(name, character) pairs") from None
        if not MIN_PLAYERS <= len(pairs) <= MAX_PLAYERS:
            raise GameError(N_("{count} players given; a game has 2 to 4 players"),
                            count=len(pairs), entry="players", reason="player-count",
                            expected=(MIN_PLAYERS, MAX_PLAYERS))
        seen_names: set[str] = set()
        seen_chars: set[str] = set()
        for name, char in pairs:
            if not isinstance(name, str) or not name.strip():
                raise GameError(N_("player name {text!r}: give a non-empty name like 'Ada'"),
                                entry="players", reason="bad-name", text=name,
                                expected="a non-empty str")
            if name in seen_names:
                raise GameError(N_("player name {player!r} is given twice; names must differ"),
                                entry="players", player=name, reason="same-name")
            try:
                character = self.edition.character(char)
            except LnbError as exc:
                raise exc.as_family(GameError, Text(N_("player {player}: "), player=name),
                                    player=name, detail=Text("{why}", why=exc)) from None
            if character.name in seen_chars:
                detail = Text(N_("{character} is already played; each character once"),
                              character=character.name)
                raise GameError(Text(N_("player {player}: {detail}"), player=name,
                                     detail=detail), entry="players", player=name,
                                text=character.name, reason="same-character", detail=detail)
            seen_names.add(name)
            seen_chars.add(character.name)
            yield name, character

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seat order (as given)."""
        return tuple(n for n, _ in self.players)

    @property
    def patrons_revealed(self) -> int:
        """How many Patrons each Round reveals (5/6/7 for 2/3/4 players)."""
        return self.edition.patrons_revealed.get(len(self.players), 5)

    def new_initial_state(self, chance: Chance | None = None) -> State:
        """The game's start: Round 1, Subroutine phase. ``chance`` replaces the seeded draws
        (a replayed record passes its own)."""
        return State(self, chance or RandomChance(self.seed))

    def __repr__(self) -> str:
        who = ", ".join(f"{n} ({c.name})" for n, c in self.players)
        return f"<Game {who}; seed {self.seed}>"


class State:
    """One playthrough: the Round, phase, board, Patrons, players and events so far.

    Read ``round``, ``phase``, ``board``, ``patrons``, ``reserved``, ``players``,
    ``order``, ``events``; act with ``apply_action`` (bad actions raise ``GameError`` or an
    ``IllegalOperationError`` and change nothing).
    """

    def __init__(self, game: Game, chance: Chance) -> None:
        ed = game.edition
        self.game = game
        self.edition = ed
        self.options = game.options
        self._chance = chance
        self.round = 1
        self.phase = Phase.TARGET
        self.board = _shared(ed, "board", lambda: Board.standard(edition=ed))  # never changed
        self.players: dict[str, PlayerState] = {}
        for name, character in game.players:
            influence = dict.fromkeys(ed.influence_types, 0)
            for kind in self.options.handicap_for(name):
                influence[kind] += 1
            self.players[name] = PlayerState(
                name, character, ed.start_value, influence,
                engine_rows=dict.fromkeys(ed.token_levels, 0))
        self.seats: tuple[str, ...] = tuple(chance.seat_order(game.names))
        self.last_order: tuple[str, ...] = self.seats
        self.order: tuple[str, ...] = ()
        self.stopped: tuple[str, ...] = ()
        self.finish_seconds: dict[str, float | None] = {}
        self._pool: list[Component] = list(ed.tokens)
        self._deck: list[int] = list(_shared(ed, "deck", lambda: sorted(
            p.value for p in ed.patrons)))
        self._table: dict[int, PatronSlot] = {}
        self.events: list[RowEvent] = []
        self.history: list[RoundEntry] = []  # the finished Rounds (lnb.babbage.game.history)
        self._turn = (0, 0)
        self._level: tuple[Component, ...] = ()
        self._revealed: tuple[int, ...] = ()
        # "targets": per completed Subroutines; "choices": until the next action; "lengths":
        # of the traces in token order, until the order or a trace changes
        self._memo = _Memo()

    # ----------------------------------------------------------------- reading the state

    @property
    def names(self) -> tuple[str, ...]:
        """Player names in seat order as given to the Game."""
        return tuple(self.players)

    @property
    def patrons(self) -> tuple[PatronSlot, ...]:
        """The Patrons revealed this Round (with who claimed what), in value order."""
        return tuple(s for v, s in sorted(self._table.items()) if s.owner is None)

    @property
    def reserved(self) -> tuple[PatronSlot, ...]:
        """Patrons drawn by RESERVE into a player's own display this Round."""
        return tuple(s for v, s in sorted(self._table.items()) if s.owner is not None)

    @property
    def revealed_level(self) -> tuple[str, ...]:
        """This Round's level tokens as a record spells them (empty in Round 1)."""
        return tuple(map(str, self._level))

    @property
    def revealed_patrons(self) -> tuple[int, ...]:
        """The values of the Patrons revealed this Round, in the order drawn."""
        return self._revealed

    @property
    def deck(self) -> tuple[int, ...]:
        """Values of the Patrons still in the deck."""
        return tuple(self._deck)

    @property
    def tokens_to_draw(self) -> tuple[Component, ...]:
        """The level tokens not yet revealed (the bag later levels draw from)."""
        return tuple(self._pool)

    def player(self, name: str) -> PlayerState:
        """One player's state; an unknown name raises ``GameError``."""
        try:
            return self.players[name]
        except (KeyError, TypeError):
            raise GameError(N_("no player named {player!r}; players are {players}"),
                            player=name, players=", ".join(self.players),
                            reason="no-such-player", expected=tuple(self.players)) from None

    def start_value(self, name: str) -> int:
        """The value ``name`` starts this Round's program from."""
        return self.player(name).start

    def program_limit(self, name: str) -> int:
        """How many Operations ``name`` may write this Round (EXTRA +2, each SLOW −1)."""
        p = self.player(name)
        if self.phase in (Phase.TARGET, Phase.ACTIVATE):
            return self._limit_for(p)
        return p.play.limit

    def sigma_rows(self, name: str) -> int:
        """How many Σ rows ``name`` may write this Round (1 with SIGMA activated)."""
        return self.player(name).play.sigma_rows

    def writing_rules(self, name: str) -> WritingRules:
        """What ``name`` may write now: the Round's program, or in the Debug phase the
        rewrite from the wrong row (``WriteProgram`` and ``Debug`` check exactly these).

        >>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7)
        >>> state = game.new_initial_state()
        >>> rules = state.writing_rules("Ada")
        >>> rules.start, rules.limit, rules.sigma_rows, rules.mental
        (55, 5, 0, False)
        """
        p = self.player(name)
        mental = self.options.mental_arithmetic
        debug = self.debug_from()
        if debug is not None and debug[0] == name:
            row = debug[1]
            kept = p.play.program.truncated(row - 1)
            return WritingRules(self.board, debug[2], p.play.limit, p.play.sigma_rows, mental,
                                first_row=row,
                                sigma_used=sum(1 for op in kept.operations if op.sigma))
        return WritingRules(self.board, p.start, self.program_limit(name), p.play.sigma_rows,
                            mental)

    def debugs_left(self, name: str) -> int:
        """How many more Debugs ``name`` may choose this game (the edition's limit).

        >>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7)
        >>> game.new_initial_state().debugs_left("Ada")
        2
        """
        return max(0, self.edition.max_debugs - self.player(name).debugs)

    def is_terminal(self) -> bool:
        """True once Round 4 is resolved."""
        return self.phase is Phase.GAME_OVER

    def at_round_boundary(self) -> bool:
        """True between Rounds: before a Round draws or decides anything that its record
        keeps (Target phase, or Activate before anyone declared), and once the game is over.

        Only then does its record (``lnb.babbage.records.write``, from ``history``) hold the
        whole game so far; Targets chosen in a Round
        not yet played are not part of it (they are chosen again after resuming).
        """
        if self.phase in (Phase.TARGET, Phase.GAME_OVER):
            return True
        return self.phase is Phase.ACTIVATE and all(
            p.play.activated is None for p in self.players.values())

    @property
    def timer_started(self) -> bool:
        """True once a player has finished this Program phase (the UI runs the timer)."""
        return self.phase is Phase.PROGRAM and any(
            p.play.token is not None for p in self.players.values())

    @property
    def finished(self) -> tuple[str, ...]:
        """Players who have taken an order token this Program phase, in token order."""
        got = [(p.play.token, n) for n, p in self.players.items() if p.play.token is not None]
        return tuple(n for _, n in sorted(got))

    def current_players(self) -> tuple[str, ...]:
        """Who may act now (empty when only the table may act or the game is over)."""
        return tuple(sorted({a.player for a in self.legal_actions() if a.player is not None},
                            key=self.names.index))

    def turn(self) -> tuple[str, int] | None:
        """In the Resolution phase: (player, row number) to resolve next."""
        if self.phase not in (Phase.RESOLUTION, Phase.DEBUG):
            return None
        found = self._find_turn(self._turn)
        if found is None:
            return None
        k, i = found
        return self.order[i], k + 1

    def rows_left(self) -> bool:
        """True while a row waits to be resolved (what ``turn() is not None`` says, without
        making the (player, row) pair: the phase table asks it after every action)."""
        return (self.phase in (Phase.RESOLUTION, Phase.DEBUG)
                and self._find_turn(self._turn) is not None)

    def debug_from(self) -> tuple[str, int, int] | None:
        """In the Debug phase: (player, wrong row, true value before it) — the rewrite
        starts from that value."""
        turn = self.turn()
        if self.phase is not Phase.DEBUG or turn is None:
            return None
        trace = self.players[turn[0]].play.trace
        assert trace is not None
        return turn[0], turn[1], trace.rows[turn[1] - 1].before

    # ----------------------------------------------------------------- legal actions

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every action that may be applied now, sorted; only ``player``'s when given.

        Writing a program is not listed (there are too many programs): in the Program phase
        an unfinished player may always apply ``WriteProgram``; build one row by row from
        ``next_operations``.
        """
        if player is not None:
            self.player(player)
        actions = _LEGAL[self.phase](self)
        if player is not None:
            actions = [a for a in actions if a.player == player]
        if len(actions) > 1 and self.phase not in _LISTED_SORTED:
            actions.sort(key=action_sort_key)
        return actions

    def _legal_target(self) -> list[Action]:
        """Targets of the players who have none yet, sorted: every player's Targets are
        sorted once for the Subroutines completed so far, and a sorted list stays sorted
        when some are left out."""
        players = self.players
        key = tuple([tuple(p.completed) for p in players.values()])
        cached = self._memo.get("targets")
        if cached is None or cached[0] != key:
            keyed = [pair for p in players.values() for pair in self._keyed_targets(p)]
            keyed.sort(key=_first)  # (a C-level key: no call per Target)
            cached = self._memo["targets"] = (key, [a for _, a in keyed])
        return [a for a in cached[1] if players[a.player].play.target is None]

    def _keyed_targets(self, p: PlayerState) -> list[tuple[tuple[int, str], Target]]:
        """``p``'s Targets with their ``action_sort_key``, kept while ``p`` completes none."""
        done = tuple(sorted(s for s, _ in p.completed))
        return _shared(p.character, ("targets", p.name, done, self.options.take_that),
                       lambda: [(action_sort_key(a), a) for a in
                                (Target(p.name, s.target) for s in self.targetable(p.name))])

    def targetable(self, name: str) -> tuple[Subroutine, ...]:
        """Subroutines ``name`` may target: uncompleted, and not take-that cards when the
        no-take-that option is on."""
        p = self.player(name)
        done = {s for s, _ in p.completed}
        take_that = self.options.take_that
        return tuple([s for s in _by_target(p.character)
                      if s.target not in done and (take_that or not s.take_that)])

    def activatable(self, name: str) -> tuple[Subroutine, ...]:
        """Completed, unused Subroutines ``name`` may activate (completed in earlier Rounds)."""
        p = self.player(name)
        return tuple(p.character.subroutine(s) for s, r in sorted(p.completed)
                     if r < self.round and s not in p.used)

    def _activator(self) -> str | None:
        for name in self.last_order:
            if self.players[name].play.activated is None:
                return name
        return None

    def _legal_activate(self) -> list[Action]:
        name = self._activator()
        if name is None:
            return []
        return list(activations(name, tuple(s.target for s in self.activatable(name))))

    def _legal_program(self) -> list[Action]:
        """Finish for every unfinished player, then TimeUp once the timer runs: sorted (every
        player's Finish is sorted once; TimeUp sorts after every Finish)."""
        players = self.players
        every = _finishes(tuple(players))
        actions: list[Action] = [a for a in every if players[a.player].play.token is None]
        if actions and len(actions) < len(every):  # the timer runs once a player finished
            actions.append(_TIME_UP)
        return actions

    def _legal_resolution(self) -> list[Action]:
        found = self._find_turn(self._turn)
        if found is None:
            return []
        choices = self.row_choices(self.order[found[1]])
        if not choices.options:  # what choices.actions() gives: one plain ResolveRow
            action = _PLAIN_ROWS.get(choices.player)
            if action is None:
                if len(_PLAIN_ROWS) > 4096:
                    _PLAIN_ROWS.clear()
                action = _PLAIN_ROWS[choices.player] = ResolveRow(choices.player)
            return [action]
        return list(choices.actions())

    def _legal_debug(self) -> list[Action]:
        """Debug, then Recompute (in the order of their kinds)."""
        turn = self.turn()
        if turn is None:
            return []
        return [Debug(turn[0], Program()), Recompute(turn[0])]

    def next_operations(self, name: str, program: Program | str = "") -> list[Operation]:
        """Operations ``name`` may write as the next row after ``program`` this Round
        (limit, revealed levels, 00–99 and the Σ row all checked); empty at the limit."""
        p = self.player(name)
        if isinstance(program, str):
            program = Program.parse(program)
        limit = self.program_limit(name)
        if len(program) >= limit:
            return []
        value = program.final(self.board, p.start, limit=limit) if len(program) else p.start
        used = sum(1 for op in program.operations if op.sigma)
        return legal_operations(value, self.board, sigma=used < p.play.sigma_rows)

    def row_choices(self, name: str) -> RowChoices:
        """The choices of ``name``'s next row now: the Patrons it may claim (two: a NEAR
        fork), the types it may take from each, and ``resolve(patron=, take=)`` or a record's
        ``action(picks)`` to build the ``ResolveRow`` (empty when it is not ``name``'s row or
        it claims nothing). Legal actions, ``apply_action`` and a record's replay ask this.

        >>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=7)
        >>> state = game.new_initial_state()
        >>> state.row_choices("Ada").patrons
        ()
        """
        memo = self._memo.get("choices")
        if memo is not None and memo[0] == name and memo[1] == self._turn:
            return memo[2]  # nothing changed since: the memo is dropped after every action
        found = (self._find_turn(self._turn)
                 if self.phase in (Phase.RESOLUTION, Phase.DEBUG) else None)  # as turn()
        if found is None or self.order[found[1]] != name:
            choices = RowChoices(name, None)
        else:
            options = self._row_options(name, found)
            if options:
                choices = RowChoices.of(name, found[0] + 1, options, self._table)
            else:  # what .of gives without options (a frozen value: made once)
                key = (name, found[0] + 1)
                choices = _NO_CHOICES.get(key)
                if choices is None:
                    if len(_NO_CHOICES) > 4096:
                        _NO_CHOICES.clear()
                    choices = _NO_CHOICES[key] = RowChoices(name, found[0] + 1)
        self._memo["choices"] = (name, self._turn, choices)
        return choices

    def row_options(self, name: str) -> list[RowOption]:
        """The ways ``name``'s next row may claim a Patron now (empty: it claims none)."""
        found = self._find_turn(self._turn)
        if found is None or self.order[found[1]] != name:
            return []
        return self._row_options(name, found)

    def _row_options(self, name: str, found: tuple[int, int]) -> list[RowOption]:
        play = self.players[name].play
        row = play.trace.rows[found[0]]  # type: ignore[union-attr]
        if row.void:
            return []
        result, table = row.result, self._table
        if result not in table and (
                (result - 1 not in table and result + 1 not in table)
                or not any(u.effect is Effect.NEAR and not u.spent for u in play.uses)):
            return []  # no Patron at the Result, none beside it or no NEAR to claim it
        return row_options(self._table, name, row.result, play.uses, len(self.players),
                           self.players[name].claimed_from)

    # ----------------------------------------------------------------- applying actions

    def apply_action(self, action: Action) -> None:
        """Apply one action; on a bad action raise ``GameError`` (or the program's own
        ``IllegalOperationError``) and leave the state unchanged."""
        rule = RULES[self.phase]
        apply = _APPLY.get(type(action))
        if apply is None:
            raise GameError(N_("{action} is not an action; make one of {kinds}, e.g. "
                               "Target('Ada', 23)"), action=repr(action),
                            kinds=", ".join(t.__name__ for t in _APPLY), reason="not-an-action",
                            expected=tuple(t.__name__ for t in _APPLY))
        if type(action) not in rule.actions and not isinstance(action, rule.actions):
            allowed = ", ".join(t.__name__ for t in rule.actions) or Text(N_("nothing"))
            raise GameError(N_("{action} is not possible in the {phase} of Round {round}: "
                               "{rule} (allowed: {allowed})"), action=repr(action),
                            phase=phase_name(self.phase), rule=rule.text, allowed=allowed,
                            player=action.player, round=self.round, reason="wrong-phase",
                            expected=tuple(t.__name__ for t in rule.actions))
        player = action.player
        if player is not None and player not in self.players:
            self.player(player)  # raises the unknown name's error
        try:
            apply(self, action)
            TABLE.settle(self)  # what self._settle() does
        finally:
            self._memo.pop("choices", None)

    def _apply_target(self, action: Target) -> None:
        p = self.players[action.player]
        if p.play.target is not None:
            raise GameError(N_("{player} already targets Subroutine {target:02d} this Round"),
                            player=p.name, target=p.play.target, reason="already-targets")
        wanted = action.subroutine
        for s in _by_target(p.character):  # the usual case: a Subroutine it may target
            if s.target == wanted:
                if (self.options.take_that or not s.take_that) and all(
                        c != wanted for c, _ in p.completed):
                    self._commit_target(p, wanted)
                    return
                break
        allowed = [s.target for s in self.targetable(p.name)]
        if action.subroutine in p.completed_subroutines:
            raise GameError(N_("{player} cannot target Subroutine {subroutine:02d}: it is "
                               "already completed; choose one of {choices}"), player=p.name,
                            subroutine=action.subroutine,
                            choices=", ".join(f"{s:02d}" for s in allowed),
                            reason="already-completed", expected=tuple(allowed))
        if action.subroutine not in allowed:
            raise GameError(N_("{player} cannot target Subroutine {subroutine!r}; choose one of "
                               "{choices}"), player=p.name, subroutine=action.subroutine,
                            choices=", ".join(f"{s:02d}" for s in allowed),
                            reason="not-targetable", expected=tuple(allowed))
        self._commit_target(p, action.subroutine)

    def _commit_target(self, p: PlayerState, subroutine: int) -> None:
        """``p`` targets ``subroutine`` this Round (``_apply_target`` checked it may)."""
        p.play.target = subroutine

    def _apply_activate(self, action: Activate) -> None:
        name = self._activator()
        if action.player != name:
            raise GameError(N_("{player} cannot activate now: {first} declares first (last "
                               "Round's order)"), player=action.player, first=name,
                            reason="not-your-turn")
        allowed = {s.target: s for s in self.activatable(name)}
        if len(set(action.subroutines)) != len(action.subroutines):
            raise GameError(N_("{player} activates a Subroutine twice: {subroutines}"),
                            player=name, subroutines=action.subroutines, reason="twice")
        for sub in action.subroutines:
            if sub not in allowed:
                choices = ", ".join(f"{s:02d}" for s in allowed) or Text(N_("none"))
                raise GameError(N_("{player} cannot activate Subroutine {subroutine!r}: only "
                                   "completed, unused Subroutines from earlier Rounds "
                                   "({choices})"), player=name, subroutine=sub,
                                choices=choices, reason="not-activatable",
                                expected=tuple(allowed))
        self._activate(name, action.subroutines, allowed)

    def _activate(self, name: str, subroutines: tuple[int, ...],
                  allowed: Mapping[int, Subroutine]) -> None:
        """``name`` activates ``subroutines`` (checked: distinct, each in ``allowed``, the
        Subroutines ``name`` may activate by number): RESERVE draws, then the commit."""
        p = self.players[name]
        deck = list(self._deck)
        draws: list[tuple[int, int | None]] = []
        for sub in subroutines:
            if allowed[sub].effect is Effect.RESERVE:
                value = self._chance.reserve(self.round, name, sub, deck)
                if value is not None:
                    deck.remove(value)
                draws.append((sub, value))
        # Commit (nothing below raises).
        p.play.activated = subroutines
        p.used.extend(subroutines)
        for sub in subroutines:
            effect = allowed[sub].effect
            if effect in ONCE_A_ROUND:
                p.play.uses.append(EffectUse(sub, effect))
            elif effect is Effect.EXTRA:
                p.play.extra += 1
            elif effect is Effect.SLOW:
                p.play.slow += 1
        for sub, value in draws:
            p.play.uses.append(EffectUse(sub, Effect.RESERVE, aim=value))
            if value is not None:
                self._table[value] = PatronSlot(self.edition.patron(value), owner=name)
        self._deck = deck

    def _check_program(self, p: PlayerState, program: Program, start: int, limit: int,
                       first_row: int = 1, sigma_used: int = 0) -> None:
        WritingRules(self.board, start, limit, p.play.sigma_rows, self.options.mental_arithmetic,
                     first_row, sigma_used).check(program)

    def _apply_write(self, action: WriteProgram) -> None:
        p = self.players[action.player]
        if p.play.token is not None:
            raise GameError(N_("{player} has finished; the program cannot change now"),
                            player=p.name, reason="finished")
        self._check_program(p, action.program, p.start, p.play.limit)
        self._check_aims(p, action.aims)
        self._commit_program(p, action.program, action.aims)

    def _commit_program(self, p: PlayerState, program: Program,
                        aims: tuple[tuple[int, int], ...] = ()) -> None:
        """``p``'s program (and aims) this Round, as written (``_apply_write`` checked it)."""
        p.play.program = program
        p.play.aims = aims

    def _check_aims(self, p: PlayerState, aims: tuple[tuple[int, int], ...]) -> None:
        seen = set()
        for sub, patron in aims:
            use = next((u for u in p.play.uses if u.subroutine == sub), None)
            if use is None or use.effect not in AIMABLE:
                detail = Text(N_("Subroutine {subroutine:02d} is not an activated NEAR, DOUBLE, "
                                 "BOTH or CHOICE this Round; only those name a Patron"),
                              subroutine=sub)
                raise GameError(Text(N_("{player}: {detail}"), player=p.name, detail=detail),
                                player=p.name, round=self.round,
                                reason="not-aimable", text=f"{sub:02d}", detail=detail)
            slot = self._table.get(patron)
            if slot is None or slot.owner not in (None, p.name):
                detail = Text(N_("Subroutine {subroutine:02d} names Patron {patron:02d}, which is "
                                 "not on the table this Round"), subroutine=sub, patron=patron)
                raise GameError(Text(N_("{player}: {detail}"), player=p.name, detail=detail),
                                player=p.name, round=self.round,
                                reason="patron-not-on-table", text=f"{patron:02d}",
                                detail=detail)
            if slot.owner == p.name and use.effect in (Effect.BOTH, Effect.CHOICE):
                revealed = [v for v, s in sorted(self._table.items()) if s.owner is None]
                detail = Text(N_("Subroutine {subroutine:02d} ({effect}) names Patron "
                                 "{patron:02d}, your own reserved Patron; {effect} does not "
                                 "apply there (RESERVE already gives both types, one a claim); "
                                 "name a revealed Patron: {choices}"), subroutine=sub,
                              effect=use.effect.value, patron=patron,
                              choices=", ".join(f"{v:02d}" for v in revealed)
                              or Text(N_("none")))
                raise GameError(Text(N_("{player}: {detail}"), player=p.name, detail=detail),
                                player=p.name, round=self.round,
                                reason="own-reserved-patron", text=f"{sub:02d}",
                                expected=tuple(revealed), detail=detail)
            if sub in seen:
                detail = Text(N_("Subroutine {subroutine:02d} names two Patrons"), subroutine=sub)
                raise GameError(Text(N_("{player}: {detail}"), player=p.name, detail=detail),
                                player=p.name, round=self.round,
                                reason="two-aims", text=f"{sub:02d}", detail=detail)
            seen.add(sub)

    def _apply_finish(self, action: Finish) -> None:
        p = self.players[action.player]
        if p.play.token is not None:
            raise GameError(N_("{player} has already finished (order token {token})"),
                            player=p.name, token=p.play.token, reason="finished")
        self._commit_finish(p, action.seconds)

    def _commit_finish(self, p: PlayerState, seconds: float | None) -> None:
        """``p`` is done: the next order token (``len(self.finished) + 1``) and the time."""
        p.play.token = _tokens_taken(self.players) + 1
        p.play.seconds = seconds
        self.finish_seconds[p.name] = seconds

    def _apply_time_up(self, action: TimeUp) -> None:
        if not self.timer_started:
            raise GameError(N_("time cannot be up: the timer starts when the first player "
                               "finishes"), reason="timer-not-started")
        token = _tokens_taken(self.players)  # len(self.finished)
        stopped = []
        for name in self.last_order:
            p = self.players[name]
            if p.play.token is None:
                token += 1
                p.play.token = token
                p.play.stopped = True
                stopped.append(name)
        self.stopped = tuple(stopped)

    def _apply_resolve(self, action: ResolveRow) -> None:
        found = self._find_turn(self._turn)
        assert found is not None
        k, i = found
        name = self.order[i]
        if action.player != name:
            raise GameError(N_("it is {turn}'s turn to resolve row {row}, not {player}'s"),
                            turn=name, row=k + 1, player=action.player, reason="not-your-turn")
        self._resolve(name, k, i, self.row_choices(name), action)

    def _resolve(self, name: str, k: int, i: int, choices: RowChoices,
                 action: ResolveRow) -> None:
        """Resolve ``name``'s row ``k + 1`` (place ``i`` in the order) as ``action`` chooses
        among the row's ``choices``; a choice it does not offer raises ``GameError`` before
        anything changes."""
        chosen = choices.option(action.patron, action.take)
        if chosen is not None:
            self.players[name].play.picks.extend(choices.picks(chosen.patron, chosen.take))
        self._commit_row(name, k, i, chosen)

    def _commit_row(self, name: str, k: int, i: int, chosen: RowOption | None) -> None:
        """Resolve row ``k + 1`` of ``name`` (place ``i`` in the order) claiming ``chosen``
        (None: the row claims no Patron): Subroutine, Patron, engine bonus, the event, and
        the turn moves on. Nothing here raises (``_apply_resolve`` checked the action)."""
        p = self.players[name]
        play = p.play
        row = play.trace.rows[k]  # type: ignore[union-attr]
        claims: list[Claim] = []
        primary = completes = False
        if not row.void:
            if row.result == play.target and not play.completed:
                completes = True
                play.completed = True
                p.completed.append((play.target, self.round))
                sub = p.character.subroutine(play.target)
                claims.append(Claim._of(SUBROUTINE, subroutine=sub.target, effect=sub.effect.value))
            if chosen is not None and chosen.plan is not None:
                plan = chosen.plan
                slot = self._table[plan.patron]
                claim = slot.commit(name, plan, chosen.take, effects_used(plan))
                if plan.kind == PRIMARY:
                    primary = True
                    for kind, n in claim.influence or ((claim.took, 1),):
                        p.influence[kind] += n
                else:
                    p.failed_experiments += 1
                claims.append(claim)
            # The engine bonus is looked up only for a row that claims (most rows do not).
            if primary or completes:
                level = row.operation.level
                bonus = self.edition.engine_bonus.get(level)
                if bonus:
                    p.engine += bonus
                    p.engine_rows[level] += 1
                    claims.append(Claim._of(ENGINE, level=level, points=bonus))
        self.events.append(RowEvent.resolved(
            self.round, name, row, tuple(claims),
            debugged=bool(play.debug_rows) and row.row >= play.debug_rows[0]))
        self._turn = (k, i + 1)

    def _apply_debug(self, action: Debug) -> None:
        name, row = self.turn()  # type: ignore[misc]
        if action.player != name:
            raise GameError(N_("it is {turn} who decides about row {row}, not {player}"),
                            turn=name, row=row, player=action.player, reason="not-your-turn")
        p = self.players[name]
        play = p.play
        trace = play.trace
        assert trace is not None
        kept = play.program.truncated(row - 1)
        before = trace.rows[row - 1].before
        sigma_used = sum(1 for op in kept.operations if op.sigma)
        self._check_program(p, action.program, before, play.limit, first_row=row,
                            sigma_used=sigma_used)
        p.debugs += 1
        play.rewrites = (*play.rewrites, action.program)
        play.debug_rows = (*play.debug_rows, row)
        play.program = Program(kept.rows + action.program.rows)
        play.trace = self._trace(play.program, p.start)
        self._memo.pop("lengths", None)
        # A wrong Result inside the rewrite may be debugged again (RULES.md §4.5, D).
        play.first_wrong = _first_wrong(play.trace)

    def _apply_recompute(self, action: Recompute) -> None:
        name, row = self.turn()  # type: ignore[misc]
        if action.player != name:
            raise GameError(N_("it is {turn} who decides about row {row}, not {player}"),
                            turn=name, row=row, player=action.player, reason="not-your-turn")
        self.players[name].play.recomputed = True

    # ----------------------------------------------------------------- the flow

    def _trace(self, program: Program, start: int) -> Trace:
        return program.run(self.board, start, limit=None, void_out_of_range=True)

    def _find_turn(self, at: tuple[int, int]) -> tuple[int, int] | None:
        """The first (row index, place in the order) from ``at`` on, row by row and in token
        order, whose player has that row; None when every row is resolved."""
        # The memo (dropped whenever the order or a trace changes) keeps the traces' lengths
        # in token order, and the last ``at`` asked with its answer (asked again and again
        # until the next row is resolved: ``_turn`` is a new tuple then).
        memo = self._memo.get("lengths")
        if memo is None:
            players = self.players
            memo = self._memo["lengths"] = [[
                0 if (t := players[x].play.trace) is None else len(t.rows) for x in self.order
            ], None, None]
        elif memo[1] is at:
            return memo[2]  # type: ignore[no-any-return]
        lengths = memo[0]
        k, i = at
        found = None
        for j in range(i, len(lengths)):
            if lengths[j] > k:
                found = k, j
                break
        else:
            k += 1  # the next row: a player who has it is the first of the order who does
            for j, length in enumerate(lengths):
                if length > k:
                    found = k, j
                    break
        memo[1], memo[2] = at, found
        return found

    def _settle(self) -> None:
        """Advance through phases that need nobody (reveals, Round end) until someone acts:
        the one generic step of ``lnb.core.phases`` over the phase table (``phases.TABLE``)."""
        TABLE.settle(self)

    def enter_phase(self, phase: Phase) -> None:
        """The work of arriving in ``phase``: the phase table's ``enter`` hook (it sets
        ``self.phase`` after). Players act through ``apply_action``, never through this."""
        enter = _ENTER.get(phase)
        if enter is not None:
            enter(self)

    def _enter_target(self) -> None:
        self._end_round()
        self.round += 1
        for p in self.players.values():
            p.play = RoundPlay()
        self._memo.pop("lengths", None)

    def _enter_activate(self) -> None:
        pass

    def _limit_for(self, p: PlayerState) -> int:
        base = self.options.operation_limit
        if base is None:
            base = self.edition.operation_limit
        slow = 0
        for o in self.players.values():  # every other player's SLOW
            if o is not p:
                slow += o.play.slow
        return max(0, base + 2 * p.play.extra - slow)

    def _enter_program(self) -> None:
        ed = self.edition
        if self.round >= 2:
            level = ed.token_levels[self.round - 2]
            tokens = self._chance.level(self.round, level, self._pool, ed.max_set_to_per_level)
            pool = self._pool
            for t in tokens:
                # ``pool.remove(t)``: the first token equal to ``t`` leaves (equal tokens are
                # interchangeable), found without a dataclass ``__eq__`` call per token.
                kind, n = t.kind, t.n
                for j, x in enumerate(pool):
                    if x is t or (x.kind is kind and x.n == n and type(x) is type(t)):
                        del pool[j]
                        break
                else:
                    pool.remove(t)  # raises as it did
            self.board = self.board.with_level(level, tokens)
            self._level = tuple(tokens)
        values = self._chance.patrons(self.round, self._deck, self.game.patrons_revealed)
        for v in values:
            self._deck.remove(v)
            self._table[v] = PatronSlot(ed.patron(v))
        self._revealed = tuple(values)
        # What _limit_for(p) gives each player, with the SLOWs summed once for all of them.
        base = self.options.operation_limit
        if base is None:
            base = self.edition.operation_limit
        plays = [p.play for p in self.players.values()]
        slow = sum([play.slow for play in plays])
        for play in plays:
            play.limit = max(0, base + 2 * play.extra - (slow - play.slow))
        self.stopped = ()
        self.finish_seconds = {}

    def _enter_resolution(self) -> None:
        tokens = sorted([(p.play.token or 0, n) for n, p in self.players.items()])
        self.order = tuple([n for _, n in tokens])
        for p in self.players.values():
            for sub, patron in p.play.aims:
                for use in p.play.uses:
                    if use.subroutine == sub:
                        use.aim = patron
            p.play.written_program = p.play.program
            p.play.trace = self._trace(p.play.program, p.start)
            p.play.first_wrong = (_first_wrong(p.play.trace)
                                  if self.options.mental_arithmetic else None)
        self._turn = (0, 0)
        self._memo.pop("lengths", None)

    def _enter_game_over(self) -> None:
        self._end_round()

    def _end_round(self) -> None:
        """Log the Round in ``history``; start values, reserves back, Patrons leave."""
        self.history.append(round_entry(self.players, self._level, self._revealed))
        players = self.players
        for p in players.values():
            if p.play.trace is not None:
                p.start = p.play.trace.result
        deck = self._deck
        for value, slot in self._table.items():  # (a slot's key is its Patron's value)
            for name in slot.claimers:
                players[name].claimed_from.add(value)
            if slot.owner is not None:  # a reserved Patron goes back (the deck is sorted)
                deck.append(value)
        deck.sort()
        self._table = {}
        self.last_order = self.order
        self._level = ()
        self._revealed = ()

    # ----------------------------------------------------------------- results

    def tallies(self) -> list[Tally]:
        """What each player gathered so far (the input of scoring), in seat order."""
        return [Tally(p.name, dict(p.influence), p.failed_experiments, len(p.completed),
                      dict(p.engine_rows), p.engine, p.debugs) for p in self.players.values()]

    def score_sheet(self) -> ScoreSheet:
        """The score sheet (final once the game is over; the standing before that)."""
        return score(self.tallies(), self.last_order, self.edition, final=self.is_terminal())

    def returns(self) -> dict[str, int]:
        """Each player's total score (OpenSpiel's name for it)."""
        return {p.name: p.total for p in self.score_sheet().players}

    def clone(self) -> State:
        """An independent copy (for bots that look ahead); the edition is shared."""
        memo = {id(self.edition): self.edition, id(self.game): self.game,
                id(self.board): self.board}  # a Board never changes (it memoises answers)
        return copy.deepcopy(self, memo)

    def __repr__(self) -> str:
        return f"<State Round {self.round}, {self.phase.value} phase, {len(self.events)} events>"


_first = operator.itemgetter(0)  # the first of a pair


_LISTED: dict[Any, tuple[Action, ...]] = {}
"""Sorted listings of actions (frozen values) shared by every State: a player's activations
by the Subroutines they may activate, every player's Finish by the names."""


def activations(name: str, subs: tuple[int, ...]) -> tuple[Activate, ...]:
    """Every ``Activate`` of ``name`` with some of ``subs``, sorted (``action_sort_key``)."""
    key = ("activate", name, subs)
    found = _LISTED.get(key)
    if found is None:
        if len(_LISTED) > 4096:
            _LISTED.clear()
        found = _LISTED[key] = tuple(sorted(
            (Activate(name, combo) for n in range(len(subs) + 1)
             for combo in itertools.combinations(subs, n)), key=action_sort_key))
    return found


def _finishes(names: tuple[str, ...]) -> tuple[Action, ...]:
    """Every player's ``Finish``, sorted (``action_sort_key``)."""
    key = ("finish", names)
    found = _LISTED.get(key)
    if found is None:
        if len(_LISTED) > 4096:
            _LISTED.clear()
        found = _LISTED[key] = tuple(sorted((Finish(n) for n in names), key=action_sort_key))
    return found


def _tokens_taken(players: Mapping[str, PlayerState]) -> int:
    """How many players hold an order token (``len(state.finished)``)."""
    taken = 0
    for p in players.values():
        if p.play.token is not None:
            taken += 1
    return taken


def _by_target(character: Character) -> list[Subroutine]:
    """A character's Subroutines by their numbers (sorted once per process)."""
    return _shared(character, "by target",  # type: ignore[no-any-return]
                   lambda: sorted(character.subroutines, key=lambda s: s.target))


def _first_wrong(trace: Trace) -> int | None:
    for row in trace.rows:
        if row.void or not row.correct:
            return row.row
    return None


_LEGAL = {
    Phase.TARGET: State._legal_target,
    Phase.ACTIVATE: State._legal_activate,
    Phase.PROGRAM: State._legal_program,
    Phase.RESOLUTION: State._legal_resolution,
    Phase.DEBUG: State._legal_debug,
    Phase.GAME_OVER: lambda state: [],
}

_TIME_UP = TimeUp()  # a frozen value: listed as it is
_NO_CHOICES: dict[tuple[str, int], RowChoices] = {}  # (player, row) -> a row's empty choices
_PLAIN_ROWS: dict[str, ResolveRow] = {}  # player -> ResolveRow(player), made once

_LISTED_SORTED = frozenset((Phase.TARGET, Phase.ACTIVATE, Phase.PROGRAM, Phase.DEBUG))
"""Phases whose actions are listed already in ``action_sort_key`` order."""

_APPLY = {
    Target: State._apply_target,
    Activate: State._apply_activate,
    WriteProgram: State._apply_write,
    Finish: State._apply_finish,
    TimeUp: State._apply_time_up,
    ResolveRow: State._apply_resolve,
    Debug: State._apply_debug,
    Recompute: State._apply_recompute,
}

_ENTER = {
    Phase.TARGET: State._enter_target,
    Phase.ACTIVATE: State._enter_activate,
    Phase.PROGRAM: State._enter_program,
    Phase.RESOLUTION: State._enter_resolution,
    Phase.GAME_OVER: State._enter_game_over,
}
