"""A table: seats played by people or computer players, driven until a person must act.

The same loop serves every front end: the game app, ``simulate``, and a test. Computers act
as soon as it is their turn; a timed phase where everyone writes at once (Lovelace &
Babbage's Program phase) is a hot-seat race (:class:`lnb.core.race.Race`): computers write at
once and finish at their think times, people write in turn, each on their own clock, and
the table hands the game each finish as soon as its place in the order is certain. Who is
stopped by the minute is decided once, by the race.

A game plugs in with :class:`TableRules` (a base whose defaults are a game with no race,
no pace and no forced step): which phase is the race, which action finishes, which one
stops the laggards, and which phases show their automatic steps one at a time.

The live table (:mod:`lnb.core.rooms`) drives the same ``Table`` in its *clock mode*: each
action has a time (:meth:`Table.play`), and :meth:`Table.due` says which actions the table
makes at a moment (computers', absent persons' through a computer player, forced and paced
steps, a person's time-out, the race's finishes and its end at the deadline). One driver
for the hot-seat apps, the simulations and the live rooms.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.table import babbage_table
>>> from lnb.babbage.bots import make_bot
>>> game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=3)
>>> table = babbage_table(game.new_initial_state(), {"Bea": make_bot("greedy", 1)})
>>> table.advance()
>>> table.waiting_for(), table.state.phase.name
(('Ada',), 'TARGET')
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from lnb.core.errors import GameError
from lnb.core.i18n import N_
from lnb.core.players import ComputerPlayer
from lnb.core.race import Race


class GameState(Protocol):
    """What a table needs of a game's state (the OpenSpiel-style loop)."""

    def is_terminal(self) -> bool: ...

    def legal_actions(self, player: str | None = None) -> list[Any]: ...

    def apply_action(self, action: Any) -> None: ...

    def current_players(self) -> tuple[str, ...]: ...

    @property
    def names(self) -> tuple[str, ...]: ...


class TableRules:
    """What a game tells its table: its timed race, its pace, its forced steps, and what a
    live table needs (the clock's hooks). The defaults are a game with no race, no pace and
    no forced step: a game overrides only what it has.

    >>> rules = TableRules()
    >>> rules.racing(None), rules.paced(None), rules.forced(None, "Ada", ["only"])
    (False, False, None)
    """

    # -- the race (a phase where everyone writes at once against the clock) -------------
    def racing(self, state: Any) -> bool:
        """True in the phase where everyone writes at once against the clock."""
        return False

    def race_key(self, state: Any) -> Any:
        """Tells one race from the next (e.g. the Round number)."""
        return None

    def seconds(self, state: Any, timed: bool) -> float | None:
        """The race's length (None: untimed)."""
        return None

    def race_seconds(self, options: Mapping[str, Any]) -> float | None:
        """The race's length for a game of ``options`` (a live table's setup; None: no race)."""
        return None

    def is_finish(self, action: Any) -> bool:
        """True for a computer's "I'm done" (it has written its work)."""
        return False

    def finish(self, player: str, seconds: float) -> Any:
        """The action: ``player`` is done after ``seconds``."""
        raise GameError(N_("this game has no race"), reason="no-race")

    def time_up(self) -> Any:
        """The action: the minute is over, the others are stopped."""
        raise GameError(N_("this game has no race"), reason="no-race")

    def has_finished(self, state: Any, player: str) -> bool:
        """True once ``player`` finished (or was stopped) in this race."""
        return True

    def write(self, player: str, work: Any) -> Any:
        """The action: ``player`` hands in ``work`` (written so far)."""
        raise GameError(N_("this game has no race"), reason="no-race")

    def hand_in(self, state: Any, player: str, draft: str) -> Any | None:
        """At the race's deadline: the action handing in what a person's ``draft`` (text)
        allows (None: nothing new to hand in)."""
        return None

    def stamp(self, action: Any, seconds: float) -> Any:
        """``action`` made ``seconds`` into the race (a finish gets its time)."""
        return action

    # -- pace, forced steps, time-outs ----------------------------------------------------
    def paced(self, state: Any) -> bool:
        """True where automatic steps are shown one at a time (``advance`` stops there)."""
        return False

    def forced(self, state: Any, player: str, actions: list[Any]) -> Any | None:
        """The one action a person has no real choice about (None: they must choose)."""
        return None

    def timeout(self, state: Any, player: str) -> tuple[float, Any] | None:
        """At a live table: a person deciding now has this many seconds from the phase's
        start, then the table makes the action (None: the table waits for them)."""
        return None

    # -- a live table ---------------------------------------------------------------------
    def actor(self, state: Any, action: Any) -> str | None:
        """The player whose action it is (None: the table's own, e.g. the race's end)."""
        return getattr(action, "player", None)

    def phase_key(self, state: Any) -> Hashable:
        """Tells one phase from the next (a live table's clock and stale-move rule)."""
        return None

    def independent(self, action: Any) -> bool:
        """True for an action a seat makes on its own while others make theirs: one sent
        from a screen the table has moved on from still counts if the phase is the same
        and the seat made no move since."""
        return False

    def table_options(self) -> Sequence[Any]:
        """The options a live table's host sets in the lobby
        (:class:`lnb.core.table_options.TableOption` each; none by default)."""
        return ()

    def checked_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """A live table's ``options`` checked and written out in full (JSON values); an
        unknown or wrong one raises the game's error."""
        return dict(options)

    def characters(self, count: int, wanted: Sequence[str] | None = None) -> tuple[str, ...]:
        """The characters of a live table's ``count`` seats (``wanted``, checked, or the
        game's defaults); "" for a game whose seats have none."""
        if wanted is not None and any(wanted):
            raise GameError(N_("this game has no characters"), reason="no-characters")
        return ("",) * count

    def record(self, state: Any, computers: Mapping[str, str]) -> dict[str, Any] | None:
        """The record of a game played at a live table (``computers``: seat name → kind);
        None: the game's records module writes it (``records.write(state)``)."""
        return None


#: The time allowances a teacher may give a seat at a live table: its race and its time-outs
#: last this many times as long (None: no time limit). WCAG 2.2.1 asks that a time limit
#: can be extended at least tenfold: "no limit" is that.
ALLOWANCES: tuple[float | None, ...] = (1.0, 2.0, 5.0, None)


@dataclass
class TableClock:
    """A live table's clock marks (epoch seconds): the last move, the current phase's and
    race's starts, the race's deadline (``race_length`` seconds after the first finish);
    ``pace`` is the seconds between paced steps. ``paused_at``: when the teacher paused the
    table (None: running); ``allowances``: a player's time allowance (name -> factor, None:
    no limit; a player not named has ×1).

    The deadline math, pure: a player's race ends ``race_length × factor`` after the first
    finish; a pause shifts every mark by the paused time, so nobody loses a second.

    >>> clock = TableClock(race_since=100.0)
    >>> clock.set_deadline(130.0, 60.0)   # the first finish, 30 s in; the minute runs
    >>> clock.allowances = {"Bea": 2.0, "Cy": None}
    >>> clock.deadline_for("Ada"), clock.deadline_for("Bea"), clock.deadline_for("Cy")
    (190.0, 250.0, None)
    >>> clock.pause(150.0); clock.seconds_left(170.0, "Ada")  # frozen while paused
    40.0
    >>> clock.resume(200.0); clock.deadline_for("Ada"), clock.race_since
    (240.0, 150.0)
    >>> clock.phase_since, clock.timeout_at("Bea", 60.0)  # a time-out from the phase's start, ×2
    (50.0, 170.0)
    """

    last_at: float = 0.0
    phase_since: float = 0.0
    race_since: float | None = None
    race_deadline: float | None = None
    pace: float = 1.5
    race_length: float | None = None
    paused_at: float | None = None
    allowances: dict[str, float | None] = field(default_factory=dict)

    @property
    def paused(self) -> bool:
        """True while the teacher has paused the table."""
        return self.paused_at is not None

    def allowance(self, name: str) -> float | None:
        """``name``'s time allowance (1.0 unless the teacher gave another; None: no limit)."""
        return self.allowances.get(name, 1.0)

    def set_deadline(self, at: float, seconds: float) -> None:
        """The race's first finish at ``at``: the race ends ``seconds`` later (×1)."""
        self.race_deadline, self.race_length = at + seconds, seconds

    def deadline_for(self, name: str) -> float | None:
        """When ``name``'s race ends (None: no deadline yet, or no limit for them)."""
        factor = self.allowance(name)
        if self.race_deadline is None or factor is None:
            return None
        return self.race_deadline + (self.race_length or 0.0) * (factor - 1.0)

    def seconds_left(self, now: float, name: str | None = None) -> float | None:
        """Seconds of ``name``'s race left at ``now`` (×1 without a name), frozen while
        paused (None: no deadline)."""
        deadline = self.race_deadline if name is None else self.deadline_for(name)
        if deadline is None:
            return None
        at = self.paused_at if self.paused_at is not None else now
        return max(0.0, deadline - at)

    def timeout_at(self, name: str, seconds: float) -> float | None:
        """When a time-out of ``seconds`` from the phase's start ends for ``name`` (their
        allowance applied; None: no limit)."""
        factor = self.allowance(name)
        return None if factor is None else self.phase_since + seconds * factor

    def pause(self, at: float) -> None:
        """The teacher pauses the table at ``at``: its clock stands still."""
        self.paused_at = at

    def resume(self, at: float) -> None:
        """The table goes on at ``at``: every mark moves on by the time it was paused."""
        if self.paused_at is None:
            return
        gone = max(0.0, at - self.paused_at)
        self.paused_at = None
        self.last_at += gone
        self.phase_since += gone
        if self.race_since is not None:
            self.race_since += gone
        if self.race_deadline is not None:
            self.race_deadline += gone


class Table:
    """One game's seats: ``computers`` maps seat names to computer players; every other
    seat is a person. ``think`` fixes the computers' think seconds (tests, demos).

    Two ways to drive it: :meth:`advance` (hot seat, simulations: steps until a person must
    act) and the clock mode of a live table, where every action has a time: :meth:`due`
    says which actions the table makes at a moment (``absent`` gives the computer player of
    a person who is away), :meth:`play` applies one and moves :attr:`clock` on.
    """

    def __init__(self, state: Any, computers: Mapping[str, ComputerPlayer],
                 rules: TableRules, *, timed: bool = True,
                 think: float | None = None,
                 absent: Callable[[str], ComputerPlayer] | None = None,
                 clock: TableClock | None = None) -> None:
        unknown = [n for n in computers if n not in state.names]
        if unknown:
            raise GameError(N_("computer seat {player!r} is not at this table; seats are "
                               "{seats}"), seats=", ".join(state.names), player=unknown[0],
                            reason="unknown-seat")
        self.state = state
        self.computers = dict(computers)
        self.rules = rules
        self.timed = timed
        self.think = think
        self.race: Race | None = None
        self._race_key: Any = None
        self.absent = absent
        self.clock = clock if clock is not None else TableClock()
        self._chosen: dict[str, Any] = {}  # clock mode: each computer's choice, once a move
        if self.clock.race_since is None and self.in_race():
            self.clock.race_since = self.clock.phase_since

    @property
    def persons(self) -> tuple[str, ...]:
        """Seats played by people, in seat order."""
        return tuple(n for n in self.state.names if n not in self.computers)

    # ----------------------------------------------------------------- who acts
    def waiting_for(self) -> tuple[str, ...]:
        """People who must act now (in the race: the person writing)."""
        if self.state.is_terminal():
            return ()
        if self.in_race():
            return () if self.race is None or self.race.current is None else (self.race.current,)
        return tuple(n for n in self.state.current_players() if n not in self.computers)

    def in_race(self) -> bool:
        """True while the game is in its race phase."""
        return not self.state.is_terminal() and self.rules.racing(self.state)

    def step(self) -> Any | None:
        """Take one step that needs no person: a computer's action, a person's forced one,
        or the start or end of the race. Returns the action applied (True for a race
        started), None when a person must act or the game is over."""
        state = self.state
        if state.is_terminal():
            return None
        if self.in_race():
            if self._race_key != self.rules.race_key(state):
                self._start_race()
                return True
            if self.race is not None and self.race.done:
                return self._close_race()
            return None
        for name in state.current_players():
            if name in self.computers:
                action = self.computers[name].choose_action(state, name)
                state.apply_action(action)
                return action
        for name in state.current_players():
            action = self.rules.forced(state, name, state.legal_actions(name))
            if action is not None:
                state.apply_action(action)
                return action
        return None

    def advance(self, through_paced: bool = False) -> None:
        """Step until a person must act; a paced phase's steps are taken too only with
        ``through_paced`` (a front end that shows each one calls :meth:`step`)."""
        while not self.state.is_terminal():
            if not through_paced and not self.in_race() and self.rules.paced(self.state):
                return
            if self.step() is None:
                return

    def act(self, action: Any) -> None:
        """A person's action: one for a seat the computer plays is refused here, anything
        else the game does not allow now is refused by the game."""
        who = self.rules.actor(self.state, action)
        if who in self.computers:
            raise GameError(N_("{player} is played by the computer"), player=who,
                            reason="computer-seat")
        self.state.apply_action(action)

    # ----------------------------------------------------------------- the race
    def _start_race(self) -> None:
        state = self.state
        self._race_key = self.rules.race_key(state)
        think: dict[str, float] = {}
        for name in state.names:
            computer = self.computers.get(name)
            if computer is None:
                continue
            for _ in range(8):  # write (maybe in steps) until the computer says it is done
                action = computer.choose_action(state, name)
                if self.rules.is_finish(action):
                    break
                state.apply_action(action)
            seconds = self.think if self.think is not None else computer.think_seconds(state,
                                                                                      name)
            think[name] = round(float(seconds), 1)
        self.race = Race(self.persons, think, self.rules.seconds(state, self.timed))

    def _close_race(self) -> Any:
        """Everyone has written: finishes in order, then the rest are stopped."""
        state, race = self.state, self.race
        assert race is not None
        last: Any = None
        for name, seconds in race.finishers():
            if self.in_race() and not self.rules.has_finished(state, name):
                last = self.rules.finish(name, seconds)
                state.apply_action(last)
        if self.in_race():
            last = self.rules.time_up()
            state.apply_action(last)
        return last if last is not None else True

    @property
    def writer(self) -> str | None:
        """The person writing in the race now."""
        return self.race.current if self.in_race() and self.race is not None else None

    def _writing(self) -> str:
        name = self.writer
        if name is None:
            raise GameError(N_("nobody is writing now"), reason="not-writing")
        return name

    def write(self, work: Any) -> None:
        """The writing person's work so far (checked by the game; kept if time runs out)."""
        self.state.apply_action(self.rules.write(self._writing(), work))

    def finish(self, at: float, work: Any = None) -> None:
        """The writing person is done ``at`` seconds into their turn (with ``work``)."""
        name = self._writing()
        if work is not None:
            self.state.apply_action(self.rules.write(name, work))
        assert self.race is not None
        self.race.finish(at)
        self.tick(0.0)  # the next person's clock starts at 0

    def time_up(self) -> None:
        """The writing person's minute is over: their work so far stands."""
        self._writing()
        assert self.race is not None
        self.race.stop()
        self.tick(0.0)

    def tick(self, now: float) -> bool:
        """At ``now`` on the writing person's clock: the finishes whose place is certain go
        to the game. True once the writer's minute has started (a front end starts its
        countdown then)."""
        if not self.in_race() or self.race is None:
            return False
        for name, seconds in self.race.certain_until(now):
            if self.in_race() and not self.rules.has_finished(self.state, name):
                self.state.apply_action(self.rules.finish(name, seconds))
        return self.minute_started(now)

    def minute_started(self, now: float) -> bool:
        """True once the writing person's minute has started (timed races only)."""
        if self.race is None or self.race.seconds is None or self.writer is None:
            return False
        start = self.race.minute_starts()
        return start is not None and now >= start

    def seen_by(self, now: float) -> list[str]:
        """Who has finished by ``now`` on the writer's clock, in order (for the screen)."""
        if self.race is None:
            return []
        return self.race.seen_by(now)

    # ----------------------------------------------------------------- the clock mode
    def copy(self) -> Table:
        """An independent table of a clone of the state (the computer players shared)."""
        new = Table.__new__(Table)
        new.__dict__.update(self.__dict__)
        new.state = self.state.clone()
        new.clock = replace(self.clock, allowances=dict(self.clock.allowances))
        new._chosen = dict(self._chosen)
        return new

    def play(self, action: Any, at: float) -> None:
        """Apply ``action`` made at ``at`` (epoch seconds) and move the clock on: the first
        finish of a timed race sets its deadline; a new phase starts at ``at``."""
        state, clock, rules = self.state, self.clock, self.rules
        before, racing = rules.phase_key(state), self.in_race()
        state.apply_action(action)  # an illegal action raises, changes nothing
        self._chosen = {}
        clock.last_at = at
        if rules.is_finish(action) and clock.race_deadline is None and self.in_race():
            seconds = rules.seconds(state, self.timed)
            if seconds is not None:
                clock.set_deadline(at, seconds)
        if rules.phase_key(state) != before:
            clock.phase_since = at
            if self.in_race():
                clock.race_since, clock.race_deadline, clock.race_length = at, None, None
            elif racing:
                clock.race_since, clock.race_deadline, clock.race_length = None, None, None

    def late(self, action: Any, at: float, by_table: bool) -> bool:
        """True for a person's race action at or after their race's deadline (their
        allowance applied; the table's end of the race comes first, whoever makes it)."""
        actor = self.rules.actor(self.state, action)
        if by_table or actor is None or not self.in_race():
            return False
        deadline = self.clock.deadline_for(actor)
        return deadline is not None and at >= deadline

    def stamped(self, action: Any, at: float) -> Any:
        """``action`` as made at ``at``: in the race, with its seconds since the race began
        (see :meth:`TableRules.stamp`)."""
        since = self.clock.race_since
        if since and self.in_race():
            return self.rules.stamp(action, round(max(0.0, at - since), 1))
        return action

    def _auto(self, name: str, here: frozenset[str]) -> bool:
        return name in self.computers or name not in here

    def player_for(self, name: str) -> ComputerPlayer:
        """The computer player of seat ``name``: its own, or the one of a person away."""
        found = self.computers.get(name)
        if found is not None:
            return found
        if self.absent is None:
            raise GameError(N_("{player} is played by a person"), player=name,
                            reason="person-seat")
        return self.absent(name)

    def _choice(self, name: str) -> Any:
        """The computer player's action for ``name`` now, asked once between two moves
        (however often the table is polled: a player drawing on its random numbers draws
        as many as at a hot-seat table, so the two give the same game)."""
        found = self._chosen.get(name)
        if found is None:
            found = self._chosen[name] = self.player_for(name).choose_action(self.state, name)
        return found

    def due(self, now: float, present: Iterable[str] = (),
            drafts: Mapping[str, str] | None = None) -> list[Any]:
        """The actions the table makes at ``now`` (epoch seconds), in order, without applying
        them: ``present`` are the persons who are here (the others, and the computers, are
        played by their computer player); ``drafts`` the persons' work in the race (name →
        text).

        Computers' (and absent persons') actions come at once, a person's forced action too;
        in a paced phase one comes ``clock.pace`` seconds after the move before; a person
        with a time-out (:meth:`TableRules.timeout`) has it from the phase's start (times
        their allowance, :attr:`TableClock.allowances`). In the race: the computers' work at
        once, each finish at its think time from the race's start; at each person's deadline
        (:meth:`TableClock.deadline_for`) their draft is handed in, and time is up once every
        person still writing is past theirs. Nothing while the table is paused.
        """
        state = self.state
        if state.is_terminal() or self.clock.paused:
            return []
        here = frozenset(present)
        if self.in_race():
            return self._due_in_race(now, here, drafts or {})
        if self.rules.paced(state) and now < self.clock.last_at + self.clock.pace:
            return []
        out: list[Any] = []
        for name in state.current_players():
            if self._auto(name, here):
                out.append(self._choice(name))
                continue
            forced = self.rules.forced(state, name, state.legal_actions(name))
            if forced is not None:
                out.append(forced)  # nothing to choose: made by the table
                continue
            timeout = self.rules.timeout(state, name)
            ends = None if timeout is None else self.clock.timeout_at(name, timeout[0])
            if timeout is not None and ends is not None and now >= ends:
                out.append(timeout[1])
        return out

    def forced_steps(self) -> list[Any]:
        """The persons' forced actions due now, outside a race and a paced phase (a live
        table makes them with the move that led to them: no screen ever asks a person for
        a step they have no choice in)."""
        state = self.state
        if state.is_terminal() or self.in_race() or self.rules.paced(state):
            return []
        out = []
        for name in state.current_players():
            if name not in self.computers:
                forced = self.rules.forced(state, name, state.legal_actions(name))
                if forced is not None:
                    out.append(forced)
        return out

    def _due_in_race(self, now: float, here: frozenset[str],
                     drafts: Mapping[str, str]) -> list[Any]:
        state, rules, clock = self.state, self.rules, self.clock
        writing = [n for n in state.names if not rules.has_finished(state, n)]
        if clock.race_deadline is not None and now >= clock.race_deadline:
            # the computers are stopped at the race's deadline (×1); each person's own
            # deadline (their allowance) hands in their draft; the race ends when every
            # person still writing is past theirs
            out: list[Any] = []
            ended = True
            for name in writing:
                if name in self.computers:
                    continue
                mine = clock.deadline_for(name)
                if mine is None or now < mine:
                    ended = False
                    continue
                text = drafts.get(name)
                if text is not None:
                    action = rules.hand_in(state, name, text)
                    if action is not None:
                        out.append(action)
            if ended:
                out.append(rules.time_up())
            return out
        since = clock.race_since if clock.race_since is not None else clock.last_at
        writes: list[Any] = []
        finishes: list[tuple[float, int, Any]] = []
        for i, name in enumerate(writing):
            if not self._auto(name, here):
                continue
            computer = self.player_for(name)
            action = self._choice(name)
            if not rules.is_finish(action):
                writes.append(action)
            think = round(float(computer.think_seconds(state, name)), 1)
            if now >= since + think:
                finishes.append((think, i, rules.finish(name, think)))
        finishes.sort(key=lambda f: (f[0], f[1]))
        return writes + [a for _, _, a in finishes]
