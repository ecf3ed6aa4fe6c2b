"""A table: seats played by people or computer players, driven until a person must act.

The same loop serves every front end: the game app, ``simulate``, and a test. Computers act
as soon as it is their turn; a timed phase where everyone writes at once (Lovelace &
Babbage's Program phase) is a hot-seat race (:class:`lnb.core.race.Race`): computers write at
once and finish at their think times, people write in turn, each on their own clock, and
the table hands the game each finish as soon as its place in the order is certain. Who is
stopped by the minute is decided once, by the race.

A game plugs in with :class:`TableRules`: which phase is the race, which action finishes,
which one stops the laggards, and which phases show their automatic steps one at a time.

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

from collections.abc import Mapping
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


class TableRules(Protocol):
    """What a game tells its table about its timed race and its pace."""

    def racing(self, state: Any) -> bool:
        """True in the phase where everyone writes at once against the clock."""
        ...

    def race_key(self, state: Any) -> Any:
        """Tells one race from the next (e.g. the Round number)."""
        ...

    def seconds(self, state: Any, timed: bool) -> float | None:
        """The race's length (None: untimed)."""
        ...

    def is_finish(self, action: Any) -> bool:
        """True for a computer's "I'm done" (it has written its work)."""
        ...

    def finish(self, player: str, seconds: float) -> Any:
        """The action: ``player`` is done after ``seconds``."""
        ...

    def time_up(self) -> Any:
        """The action: the minute is over, the others are stopped."""
        ...

    def has_finished(self, state: Any, player: str) -> bool:
        """True once ``player`` finished (or was stopped) in this race."""
        ...

    def write(self, player: str, work: Any) -> Any:
        """The action: ``player`` hands in ``work`` (written so far)."""
        ...

    def paced(self, state: Any) -> bool:
        """True where automatic steps are shown one at a time (``advance`` stops there)."""
        ...

    def forced(self, state: Any, player: str, actions: list[Any]) -> Any | None:
        """The one action a person has no real choice about (None: they must choose)."""
        ...


class Table:
    """One game's seats: ``computers`` maps seat names to computer players; every other
    seat is a person. ``think`` fixes the computers' think seconds (tests, demos)."""

    def __init__(self, state: Any, computers: Mapping[str, ComputerPlayer],
                 rules: TableRules, *, timed: bool = True,
                 think: float | None = None) -> None:
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
        who = getattr(action, "player", None)
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
