"""Saved games: the ``lnb-museum/1`` record, its writer and a reader that replays it.

The envelope is the kit's (:mod:`lnb.core.records`: format, edition, options, players, seed);
the game is its seed and its actions in text form, in order. The dice come from the seed, so
a record replays to the same map and score every time. ``rolls`` (each turn's dice, written
by the writer) is a check: a record whose rolls differ from its seed's, or that has fewer or
more turns of them than its actions play, is refused.

>>> from lnb.museum.state import Game
>>> state = Game(seed=1).new_initial_state()
>>> state.apply_action("place 6b r0 @A4")
>>> record = write_record(state)
>>> record["format"], record["seed"], record["actions"], record["rolls"][:1]
('lnb-museum/1', 1, ['place 6b r0 @A4'], [[2, 6]])
>>> read_record(record).text() == state.text()
True
>>> bad = {**record, "actions": ["place 6b r0 @A4", "place 6b r0 @A4"]}
>>> read_record(bad)
Traceback (most recent call last):
...
lnb.core.errors.RecordError: actions[1] 'place 6b r0 @A4': no die showing 6 in hand (you hold 2)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from lnb.core.errors import LnbError, RecordError
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.records import (
    check_edition,
    check_format,
    check_object,
    check_seed,
    parse_record_text,
    read_record_file,
    short,
)
from lnb.museum.museum import editions
from lnb.museum.state import FORMAT, Game, State


def write_record(state: State, player: str = "solo") -> dict[str, Any]:
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


def dumps(record: Mapping[str, Any]) -> str:
    """A record as JSON text (one action a line is not needed: compact, sorted keys)."""
    return json.dumps(record, ensure_ascii=False, indent=1) + "\n"


def read_record(source: Mapping[str, Any] | str | Path) -> State:
    """Replay a record (its data, its JSON text, or a file as a ``Path``: a ``str`` is never
    a file name) to its state; a record that breaks a rule is refused with a
    :class:`RecordError` naming the entry (``actions[3]``)."""
    data = _load(source)
    data = check_object(data, "record")
    check_format(data, FORMAT)
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
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError(Text(N_("actions: must be a list of actions as text, not {value}"),
                               value=short(actions)), entry="actions", reason="not-list")
    state = Game(edition, seed).new_initial_state()
    for index, text in enumerate(actions):
        entry = f"actions[{index}]"
        if not isinstance(text, str):
            raise RecordError(Text(N_("{entry}: {value} must be an action as text, e.g. "
                                      "'place 3a r1f @C5'"), entry=entry, value=short(text)),
                              entry=entry, reason="wrong-type")
        if state.is_terminal():
            raise RecordError(Text(N_("{entry} {value}: the game was over already"),
                                   entry=entry, value=short(text)),
                              entry=entry, text=text, reason="after-end")
        try:
            state.apply_action(text)
        except LnbError as exc:
            where = Text(N_("{entry} {value}: "), entry=entry, value=short(text))
            raise exc.as_family(RecordError, where, entry=entry, text=text) from None
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
    return state


def _load(source: Mapping[str, Any] | str | Path) -> Any:
    """A record's data: a dict as it is, a ``str`` as JSON text (always text, never a file
    name: an upload is content), a ``Path`` (the ``lnb`` command's) read at most
    :data:`lnb.core.records.RECORD_BYTES` bytes."""
    if isinstance(source, Mapping):
        return source
    if isinstance(source, Path):
        return parse_record_text(read_record_file(source))
    if isinstance(source, str):
        return parse_record_text(source)
    return source  # check_object says what it should have been


def replay(source: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """A record's outcome: the score and its parts, the verdict band, whether it ended."""
    state = read_record(source)
    score = state.score()
    return {"finished": state.is_terminal(), "score": score.as_dict(),
            "verdict": state.verdict().band, "map": state.text().splitlines()}
