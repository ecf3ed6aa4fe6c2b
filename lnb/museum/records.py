"""Saved games: the ``lnb-museum/1`` record, its writer and a reader that replays it.

The envelope is the kit's (:mod:`lnb.core.records`: format, edition, options, players, seed);
the game is its seed and its actions in text form, in order. The dice come from the seed, so
a record replays to the same map and score every time. ``rolls`` (each turn's dice, written
by the writer) is a check: a record whose rolls differ from its seed's, or that has fewer or
more turns of them than its actions play, is refused.

>>> from lnb.museum.state import Game
>>> state = Game(seed=1).new_initial_state()
>>> state.apply_action("place 6b r0 @A4")
>>> record = write(state)
>>> record["format"], record["seed"], record["actions"], record["rolls"][:1]
('lnb-museum/1', 1, ['place 6b r0 @A4'], [[2, 6]])
>>> replay(record).state.text() == state.text()
True
>>> bad = {**record, "actions": ["place 6b r0 @A4", "place 6b r0 @A4"]}
>>> replay(bad)
Traceback (most recent call last):
...
lnb.core.errors.RecordError: actions[1] 'place 6b r0 @A4': no die showing 6 in hand (you hold 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lnb.core.errors import RecordError
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.records import (
    ActionsRecord,
    Replayed,
    check_actions,
    check_edition,
    check_format,
    check_object,
    check_seed,
    dumps,
    read_source,
    replay_actions,
)
from lnb.museum.museum import editions
from lnb.museum.state import FORMAT, Game, State

__all__ = ["EXAMPLE", "MuseumReplay", "dumps", "load", "replay", "rolls_of", "write"]

#: An action as a record writes it (shown when an entry is not text).
EXAMPLE = "place 3a r1f @C5"


def write(state: State, player: str = "solo") -> dict[str, Any]:
    """The record of a game (finished or not)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "edition": state.game.edition,
        "options": {},
        "players": [{"name": player}],
        "seed": state.seed,
        "actions": [str(a) for a in state.history],
        "rolls": [list(r) for r in rolls_of(state)],
    }
    if state.is_terminal():
        record["score"] = state.score().as_dict()
    return record


def rolls_of(state: State) -> list[tuple[int, ...]]:
    """The dice of every turn so far, as rolled (re-rolls are not turns)."""
    return list(state.rolls)


def load(source: Mapping[str, Any] | str | Path) -> ActionsRecord:
    """The checked record of ``source`` (its data, its JSON text, or a file as a ``Path``: a
    ``str`` is never a file name): format, edition, seed (needed: the dice come from it), one
    player, the actions as a list; each action is checked by :func:`replay`.

    >>> load('{"format": "lnb-museum/1", "seed": 3}').actions
    ()
    """
    data = check_object(read_source(source), "record")
    fmt = check_format(data, FORMAT)
    edition = check_edition(data, editions())
    seed = check_seed(data)
    if seed is None:
        raise RecordError(N_("seed: a museum record needs its seed (the dice come from it)"),
                          entry="seed", reason="missing")
    players = data.get("players", [{"name": "solo"}])
    if not (isinstance(players, list) and len(players) == 1 and isinstance(players[0], dict)
            and isinstance(players[0].get("name"), str)):
        raise RecordError(Text(N_("players: a museum game has one player, {shape}"),
                               shape='[{"name": ...}]'), entry="players", reason="players")
    options = data.get("options", {})
    return ActionsRecord(fmt, edition, dict(options) if isinstance(options, dict) else {},
                         (dict(players[0]),), seed, data, check_actions(data))


@dataclass(frozen=True)
class MuseumReplay(Replayed):
    """A replayed museum record: its ``state``, and :meth:`summary` of the outcome."""

    def summary(self) -> dict[str, Any]:
        """The score and its parts, the verdict band, whether it ended, the map as text."""
        state = self.state
        return {"finished": state.is_terminal(), "score": state.score().as_dict(),
                "verdict": state.verdict().band, "map": state.text().splitlines()}


def replay(source: Mapping[str, Any] | str | Path | ActionsRecord) -> MuseumReplay:
    """Replay a record (a checked one, or any ``source`` :func:`load` reads) to its state;
    a record that breaks a rule is refused with a :class:`RecordError` naming the entry
    (``actions[3]``); so is one whose ``rolls`` are not its seed's or whose ``score`` is not
    the one its actions make."""
    record = source if isinstance(source, ActionsRecord) else load(source)
    data = record.data
    state = replay_actions(Game(record.edition, record.seed).new_initial_state(),
                           record.actions, example=EXAMPLE)
    rolls = data.get("rolls")
    if rolls is not None:
        expected = [list(r) for r in rolls_of(state)]
        if not isinstance(rolls, list) or rolls != expected[:len(rolls)]:
            raise RecordError(N_("rolls: these are not the dice of this seed (the record was "
                                 "changed, or made by another program)"), entry="rolls",
                              reason="rolls")
        if len(rolls) != len(expected):  # a record cut short (or the dice of a longer game)
            raise RecordError(Text(N_("rolls: {given} turns of dice, but these actions play "
                                      "{played} (the record was cut short or changed)"),
                                   given=len(rolls), played=len(expected)),
                              entry="rolls", reason="rolls-count")
    score = data.get("score")
    if score is not None and score != (state.score().as_dict() if state.is_terminal() else None):
        raise RecordError(N_("score: not the score these actions make (the record was "
                             "changed)"), entry="score", reason="score")
    return MuseumReplay(state)
