"""A game's history: what each finished Round revealed and what each player did in it.

The State keeps one :class:`RoundEntry` per finished Round (``State.history``), built here
from its own data at each Round's end (:func:`round_entry`). A record of the game is this
history with its envelope: :mod:`lnb.babbage.records` turns it into JSON (``write``) and back
(``load``), and a record is replayed from these same values. The rules never call the file
format; the file format reads the rules' data.

>>> from lnb.babbage.game import Game
>>> from lnb.babbage.game.random_play import play_random_game
>>> state = play_random_game(Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
...                               seed=5), seed=5)
>>> first = state.history[0]
>>> len(state.history), first.level, sorted(first.plays)
(4, (), ['Ada', 'Bea'])
>>> first.plays["Ada"].finished in (1, 2), first.plays["Ada"].activate
(True, ())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lnb.babbage.components import Component
from lnb.babbage.edition import Effect
from lnb.babbage.programs import Program

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game.state import PlayerState


@dataclass(frozen=True)
class Play:
    """One player's part of one Round: the Subroutine targeted, the Subroutines activated
    (each with the Patron an aimed effect or a RESERVE names, else None), the program as
    written, the order token (``finished``), the picks made at resolution (Influence types, or
    a Patron's value where NEAR touches two), the Debug rewrites in order, and whether the
    timer stopped them."""

    target: int
    activate: tuple[tuple[int, int | None], ...]
    program: Program
    finished: int
    picks: tuple[str | int, ...] = ()
    debug: tuple[Program, ...] = ()
    stopped: bool = False

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return self  # a value: a State's copy shares it


@dataclass(frozen=True)
class RoundEntry:
    """One finished Round: the level tokens revealed (none in Round 1), the Patrons revealed
    (their values, in the order drawn) and each player's :class:`Play`, in seat order."""

    level: tuple[Component, ...]
    patrons: tuple[int, ...]
    plays: Mapping[str, Play]

    def __deepcopy__(self, memo: dict[int, Any]) -> RoundEntry:
        return self  # a value: a State's copy shares it


def play_of(player: PlayerState) -> Play:
    """The :class:`Play` of ``player`` in the Round that is ending."""
    play = player.play
    aims = dict(play.aims)
    activate: list[tuple[int, int | None]] = []
    for sub in play.activated or ():
        use = next((u for u in play.uses if u.subroutine == sub), None)
        if use is not None and use.effect is Effect.RESERVE and use.aim is not None:
            activate.append((sub, use.aim))
        else:
            activate.append((sub, aims.get(sub)))
    assert play.target is not None and play.token is not None  # every Round has both
    return Play(play.target, tuple(activate), play.written_program, play.token,
                tuple(play.picks), tuple(play.rewrites), play.stopped)


def round_entry(players: Mapping[str, PlayerState], level: tuple[Component, ...],
                patrons: tuple[int, ...]) -> RoundEntry:
    """The :class:`RoundEntry` of the Round that is ending (the State calls it then)."""
    return RoundEntry(tuple(level), tuple(patrons),
                      {name: play_of(p) for name, p in players.items()})
