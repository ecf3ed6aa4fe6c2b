"""Nim, a fourth game declared in one file: the proof that the kit's game contract is real.

A pile of 1 to 99 counters; 2 to 4 players take 1 to 3 of them in turn (``options``:
``pile``, ``most`` up to 9); whoever takes the last counter wins. Everything a shared
service asks of a game is here: the state (the OpenSpiel loop), the action's text form
(``Ada: take 3``), why-not, computer players ("random", "perfect"), the table rules, and the
records module (``write``, ``load``, ``replay``, and the kit's ``dumps``). No other file of
the kit names Nim: a test registers :data:`GAME` and every service finds it (``lnb replay``,
the hot-seat :class:`~lnb.core.table.Table`, a live room). See docs/architecture.md.

Nothing is registered on import (a doctest run imports this file; a game left registered
would show up in every other test): use :func:`registered` (or ``register(GAME)`` and
``unregister("nim")`` in a fixture).

>>> with registered():
...     from lnb.core.game import get
...     nim = get("nim")
...     state = nim.new_state(["Ada", "Bea"], options={"pile": 5})
...     state.apply_action(nim.parse_action("Ada: take 3"))
...     print(state)
...     print(nim.why_not(state, Take("Bea", 3)))
pile 2, Bea to take 1-2
Bea cannot take 3: the pile holds 2
>>> from lnb.core.game import names
>>> "nim" in names()
False
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lnb.core.errors import BadInputError, GameError, LnbError, RecordError
from lnb.core.game import GameType, register, unregister
from lnb.core.i18n import N_
from lnb.core.players import Registry
from lnb.core.records import (
    Replayed,
    check_actions,
    check_format,
    check_object,
    check_players,
    check_seed,
    read_source,
    replay_actions,
    short,
)
from lnb.core.records import dumps as dumps  # the kit's JSON text, part of the records hook
from lnb.core.table import TableRules

NAME = "nim"
FORMAT = "lnb-nim/1"
#: The most counters a turn takes, unless the options say otherwise.
MOST = 3
#: The largest pile (a two-digit number, as the kit's other games' values).
LARGEST = 99


# ----------------------------------------------------------------------------- actions
@dataclass(frozen=True)
class Take:
    """``player`` takes ``count`` counters from the pile.

    >>> str(Take("Ada", 3)), parse_action("Ada: take 3") == Take("Ada", 3)
    ('Ada: take 3', True)
    """

    player: str
    count: int

    def __str__(self) -> str:
        return f"{self.player}: take {self.count}"


_TAKE = re.compile(r"(?P<player>.+): take (?P<count>[0-9]{1,2})")


def action_text(action: Take) -> str:
    """The action's text form (:func:`parse_action` reads it back)."""
    return str(action)


def parse_action(text: str) -> Take:
    """The action written as ``text`` (``"Ada: take 3"``).

    >>> parse_action("take 3")
    Traceback (most recent call last):
    ...
    lnb.core.errors.BadInputError: 'take 3' is not a Nim action; write e.g. 'Ada: take 3'
    """
    found = _TAKE.fullmatch(text.strip()) if isinstance(text, str) else None
    if found is None:
        raise BadInputError(N_("{text!r} is not a Nim action; write e.g. {example!r}"),
                            text=short(text, 40) if not isinstance(text, str) else text,
                            example="Ada: take 3", reason="bad-action")
    return Take(found["player"], int(found["count"]))


# ------------------------------------------------------------------------------ state
class State:
    """A Nim game under way: the OpenSpiel loop (``current_players``, ``legal_actions``,
    ``apply_action``, ``is_terminal``, ``returns``, ``clone``).

    >>> state = State(("Ada", "Bea", "Cy"), pile=4, most=3)
    >>> state.current_players(), [str(a) for a in state.legal_actions()]
    (('Ada',), ['Ada: take 1', 'Ada: take 2', 'Ada: take 3'])
    >>> state.apply_action(Take("Ada", 1)); state.apply_action(Take("Bea", 3))
    >>> state.is_terminal(), state.returns(), state.current_players()
    (True, {'Ada': 0, 'Bea': 1, 'Cy': 0}, ())
    """

    def __init__(self, names: Sequence[str], pile: int, most: int = MOST,
                 seed: int | None = None) -> None:
        self.names = tuple(names)
        self.start = pile
        self.pile = pile
        self.most = most
        self.seed = seed
        self.turn = 0
        self.history: list[Take] = []

    @property
    def player(self) -> str:
        """Whose turn it is (after the end: who took the last counter)."""
        return self.names[self.turn]

    def current_players(self) -> tuple[str, ...]:
        """The one player to act, none once the game is over."""
        return () if self.is_terminal() else (self.player,)

    def legal_actions(self, player: str | None = None) -> list[Take]:
        """What ``player`` (by default whoever is to act) may do now, fewest first."""
        who = self.player if player is None else player
        if self.is_terminal() or who != self.player:
            return []
        return [Take(who, n) for n in range(1, min(self.most, self.pile) + 1)]

    def why_not(self, action: Any) -> GameError | None:
        """None if ``action`` is legal now, else the error :meth:`apply_action` raises."""
        if not isinstance(action, Take):
            return GameError(N_("{text!r} is not a Nim action"), text=short(action, 40),
                             reason="bad-action")
        if self.is_terminal():
            return GameError(N_("the game is over"), player=action.player, reason="game-over")
        if action.player != self.player:
            return GameError(N_("it is {current}'s turn, not {player}'s"),
                             current=self.player, player=action.player, reason="not-your-turn")
        if not 1 <= action.count <= self.most:
            return GameError(N_("{player} cannot take {count}: take 1 to {most}"),
                             player=action.player, count=action.count, most=self.most,
                             expected=self.most, reason="too-many")
        if action.count > self.pile:
            return GameError(N_("{player} cannot take {count}: the pile holds {pile}"),
                             player=action.player, count=action.count, pile=self.pile,
                             expected=self.pile, reason="pile")
        return None

    def apply_action(self, action: Take) -> None:
        """Play ``action``; an illegal one raises ``GameError`` and changes nothing."""
        error = self.why_not(action)
        if error is not None:
            raise error
        self.pile -= action.count
        self.history.append(action)
        if self.pile:
            self.turn = (self.turn + 1) % len(self.names)

    def is_terminal(self) -> bool:
        """True once the pile is empty."""
        return self.pile == 0

    @property
    def winner(self) -> str | None:
        """Who took the last counter (None while the game goes on)."""
        return self.player if self.is_terminal() else None

    def returns(self) -> dict[str, int]:
        """1 for the winner, 0 for the others (all 0 while the game goes on)."""
        return {name: int(name == self.winner) for name in self.names}

    def clone(self) -> State:
        """An independent copy."""
        return copy.deepcopy(self)

    def __str__(self) -> str:
        if self.is_terminal():
            return f"{self.winner} took the last counter and wins"
        return f"pile {self.pile}, {self.player} to take 1-{min(self.most, self.pile)}"


def why_not(state: State, action: Any) -> GameError | None:
    """None if ``action`` is legal in ``state``, else why not (the contract's hook)."""
    return state.why_not(action)


def new_state(names: Sequence[str], seed: int | None = None,
              options: Mapping[str, Any] | None = None) -> State:
    """A new game: ``options`` may give ``pile`` (1-99; else drawn from the seed, 10-99)
    and ``most`` (1-9).

    >>> new_state(["Ada", "Bea"], seed=7).pile == new_state(["Ada", "Bea"], seed=7).pile
    True
    >>> new_state(["Ada"])
    Traceback (most recent call last):
    ...
    lnb.core.errors.BadInputError: Nim is for 2 to 4 players, not 1
    """
    given = dict(options or {})
    players = list(names)
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players) or not all(
            isinstance(n, str) and n.strip() for n in players):
        raise BadInputError(N_("Nim is for 2 to 4 players, not {count}"), count=len(players),
                            expected=(2, 4), reason="players")
    pile = given.get("pile", random.Random(seed).randint(10, LARGEST))
    most = given.get("most", MOST)
    if not (isinstance(pile, int) and 1 <= pile <= LARGEST):
        raise BadInputError(N_("a pile holds 1 to 99 counters, not {value}"), value=pile,
                            reason="pile")
    if not (isinstance(most, int) and 1 <= most <= 9):
        raise BadInputError(N_("a turn takes at most 1 to 9 counters, not {value}"),
                            value=most, reason="most")
    return State(players, pile, most, seed)


# -------------------------------------------------------------------- computer players
class RandomPlayer:
    """Takes a random legal count."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, state: State, player: str) -> Take:
        return self.rng.choice(state.legal_actions(player))

    def think_seconds(self, state: State, player: str) -> float:
        return 1.0


class PerfectPlayer:
    """Leaves the pile a multiple of ``most + 1`` when it can (perfect with two players)."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose_action(self, state: State, player: str) -> Take:
        legal = state.legal_actions(player)
        count = state.pile % (state.most + 1)
        return Take(player, count) if count else self.rng.choice(legal)

    def think_seconds(self, state: State, player: str) -> float:
        return 2.0


BOTS = Registry(NAME)
BOTS.register("random", RandomPlayer, strength=1, describe="takes a random count")
BOTS.register("perfect", PerfectPlayer, strength=2,
              describe="leaves a multiple of most + 1 (unbeatable one against one)")


# -------------------------------------------------------------------------- the table
#: The core's defaults, as they are: no race, no paced phase, no forced step.
RULES = TableRules()


# ------------------------------------------------------------------------ the records
def write(state: State) -> dict[str, Any]:
    """The record of a game (finished or not): its envelope and its actions as text.

    >>> state = new_state(["Ada", "Bea"], seed=1, options={"pile": 3})
    >>> state.apply_action(Take("Ada", 2))
    >>> write(state)["actions"], replay(dumps(write(state))).state.pile
    (['Ada: take 2'], 1)
    """
    return {"format": FORMAT, "seed": state.seed,
            "options": {"pile": state.start, "most": state.most},
            "players": [{"name": n} for n in state.names],
            "actions": [action_text(a) for a in state.history]}


def load(source: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """The checked record: ``source`` is a dict, JSON text (a ``str`` is never a file name)
    or a file (a ``Path``); ``RecordError`` says what is wrong (the kit's checks of
    :mod:`lnb.core.records`)."""
    data = check_object(read_source(source), "record")
    check_format(data, FORMAT)
    players = check_players(data, 2, 4, fields=("name",))
    return {**data, "players": [dict(p) for p in players], "seed": check_seed(data),
            "options": check_object(data.get("options", {}), "options"),
            "actions": list(check_actions(data))}


def replay(source: Mapping[str, Any] | str | Path) -> Replayed:
    """Replay a record's actions from its first state (:class:`lnb.core.records.Replayed`:
    ``.state``, ``.finished``); a bad one raises ``RecordError`` naming the entry
    (``actions[2]``)."""
    record = load(source)
    try:
        state = new_state([p["name"] for p in record["players"]], seed=record["seed"],
                          options=record["options"])
    except LnbError as exc:
        raise exc.as_family(RecordError, N_("options: "), entry="options") from None
    return Replayed(replay_actions(state, record["actions"], parse_action,
                                   example="Ada: take 3"))


# ------------------------------------------------------------------------ the game
def _hook(attribute: str) -> str:
    return f"{__name__}:{attribute}"


GAME = GameType(
    name=NAME,
    title="Nim",
    seats=(2, 4),
    record_format=FORMAT,
    hooks={
        "new_state": _hook("new_state"),
        "parse_action": _hook("parse_action"),
        "action_text": _hook("action_text"),
        "why_not": _hook("why_not"),
        "bots": _hook("BOTS"),
        "table_rules": _hook("RULES"),
        "records": __name__,
    },
)


@contextmanager
def registered() -> Iterator[GameType]:
    """Nim in the registry inside the ``with`` block (taken out again after it)."""
    register(GAME)
    try:
        yield GAME
    finally:
        unregister(NAME)
