"""Records: a game saved as ``lnb-dream/1`` (the kit's envelope and the actions' text) and
replayed to the same State.

The envelope is the one every game of the kit shares (:mod:`lnb.core.records`): format,
edition, options, players (each ``{"name": ...}``; an app may add ``"computer": "greedy"``),
seed. Then ``actions``, one line each in the text form of :mod:`lnb.dream.actions`; ``scores``
is written for people and not read back.

>>> from lnb.dream.state import Game
>>> state = Game(["Ada", "Bea"], seed=4).new_initial_state()
>>> state.apply_action(state.legal_actions()[0])
>>> record = state.to_record()
>>> record["format"], record["actions"]
('lnb-dream/1', ['Ada: collect 1'])
>>> replay(record).history == state.history
True
>>> replay({**record, "actions": ["Bea: collect 1"]})
Traceback (most recent call last):
...
lnb.dream.errors.RecordError: actions[0] 'Bea: collect 1': it is Ada's turn, not Bea's
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lnb.core.errors import LnbError
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.records import (
    clean_name,
    parse_record_text,
    read_envelope,
    read_record_file,
    short,
)
from lnb.dream.actions import parse_action
from lnb.dream.edition import EDITIONS
from lnb.dream.errors import RecordError

if TYPE_CHECKING:  # pragma: no cover
    from lnb.dream.state import State

FORMAT = "lnb-dream/1"


def to_record(state: State, computers: dict[str, str] | None = None) -> dict[str, Any]:
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


def replay(data: Any) -> State:
    """The State a record (its data) describes, every action checked by the rules; a broken
    record raises ``RecordError`` naming the entry. Players' names are cleaned
    (:func:`lnb.core.records.clean_name`) in the players and in every action."""
    from lnb.dream.state import Game

    env = read_envelope(data, format=FORMAT, editions=EDITIONS, options={},
                        players=(2, 4), player_fields=("name",))
    if env.seed is None:
        raise RecordError(N_("seed: a record of Ada's Dream needs its seed"), entry="seed",
                          reason="missing")
    actions = env.data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(N_("actions: must be a list of lines like 'Ada: collect 3'"),
                          entry="actions", reason="not-list")
    try:
        game = Game([p["name"] for p in env.players], env.edition, seed=env.seed)
    except LnbError as exc:
        raise exc.as_family(RecordError, N_("players: "), entry="players") from None
    state = game.new_initial_state()
    for i, line in enumerate(actions):
        try:
            action = parse_action(line)
            state.apply_action(replace(action, player=clean_name(action.player)))
        except LnbError as exc:
            where = Text(N_("actions[{index}] {line!r}: "), index=i, line=line)
            raise exc.as_family(RecordError, where, entry=f"actions[{i}]") from None
    return state


def load(path: Path) -> State:
    """Replay a record file (a ``Path``, as the ``lnb`` command gives; read at most
    :data:`lnb.core.records.RECORD_BYTES` bytes). Text (an upload) goes to :func:`loads`."""
    if not isinstance(path, Path):
        raise RecordError(N_("record: give a file Path, not {value}"), value=short(path),
                          entry="record", reason="bad-type")
    return replay(parse_record_text(read_record_file(path)))


def loads(text: str) -> State:
    """Replay a record's JSON text (an upload's: never a file name)."""
    return replay(parse_record_text(text))
