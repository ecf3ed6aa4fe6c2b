"""Records: a game saved as ``lnb-dream/1`` (the kit's envelope and the actions' text) and
replayed to the same State.

The envelope is the one every game of the kit shares (:mod:`lnb.core.records`): format,
edition, options, players (each ``{"name": ...}``; an app may add ``"computer": "greedy"``),
seed. Then ``actions``, one line each in the text form of :mod:`lnb.dream.actions`; ``scores``
is written for people and not read back.

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=4).new_initial_state()
>>> state.apply_action(state.legal_actions()[0])
>>> record = write(state)
>>> record["format"], record["actions"]
('lnb-dream/1', ['Ada: collect 1'])
>>> replay(record).state.history == state.history
True
>>> replay({**record, "actions": ["Bea: collect 1"]})
Traceback (most recent call last):
...
lnb.core.errors.RecordError: actions[0] 'Bea: collect 1': it is Ada's turn, not Bea's
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lnb.core.errors import LnbError
from lnb.core.i18n import N_
from lnb.core.records import (
    ActionsRecord,
    Replayed,
    check_actions,
    clean_name,
    dumps,
    read_envelope,
    read_source,
    replay_actions,
)
from lnb.dream.actions import Action, parse_action
from lnb.dream.edition import EDITIONS
from lnb.dream.errors import RecordError

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.state import State

__all__ = ["EXAMPLE", "FORMAT", "dumps", "load", "replay", "write"]

FORMAT = "lnb-dream/1"

#: An action as a record writes it (shown when an entry is not text).
EXAMPLE = "Ada: collect 3"


def write(state: State, computers: dict[str, str] | None = None) -> dict[str, Any]:
    """The record of a game so far (``computers``: seats a computer plays, by kind)."""
    computers = computers or {}
    players = [{"name": n, **({"computer": computers[n]} if n in computers else {})}
               for n in state.names]
    return {
        "format": FORMAT,
        "edition": state.edition.name,
        "seed": state.game.seed,
        "options": {},
        "players": players,
        "actions": [str(a) for a in state.history],
        "finished": state.is_terminal(),
        "scores": state.returns(),
    }


def load(source: Mapping[str, Any] | str | Path) -> ActionsRecord:
    """The checked record of ``source`` (its data, its JSON text, or a file as a ``Path``: a
    ``str`` is never a file name): the envelope, with its seed (needed), 2 to 4 players
    (names cleaned: :func:`lnb.core.records.clean_name`), the actions as a list; each action
    is checked by :func:`replay`."""
    env = read_envelope(read_source(source), format=FORMAT, editions=EDITIONS, options={},
                        players=(2, 4), player_fields=("name",))
    if env.seed is None:
        raise RecordError(N_("seed: a record of Ada's Dream needs its seed"), entry="seed",
                          reason="missing")
    return ActionsRecord(env.format, env.edition, env.options, env.players, env.seed,
                         env.data, check_actions(env.data))


def _parse(text: str) -> Action:
    """An action line, its player's name cleaned as the players' names are."""
    action = parse_action(text)
    return replace(action, player=clean_name(action.player))


def replay(source: Mapping[str, Any] | str | Path | ActionsRecord) -> Replayed:
    """The game a record describes (a checked one, or any ``source`` :func:`load` reads),
    every action checked by the rules; a broken record raises ``RecordError`` naming the
    entry (``actions[3]``)."""
    from lnb.dream.state import Game

    record = source if isinstance(source, ActionsRecord) else load(source)
    try:
        game = Game([p["name"] for p in record.players], record.edition, seed=record.seed)
    except LnbError as exc:
        raise exc.as_family(RecordError, N_("players: "), entry="players") from None
    return Replayed(replay_actions(game.new_initial_state(), record.actions, _parse,
                                   example=EXAMPLE))
