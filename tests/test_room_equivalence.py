"""One driver: a game of computers played at a live room (``RoomStore.advance`` on a real
SQLite store, a clock moved by hand) reaches game over with the same record as the hot-seat
:class:`~lnb.core.table.Table` gives for the same seed and computer players (each seat's
bot seeded by the room's seed + the seat, as the room seeds them). For the museum (one
seat), Ada's Dream and Lovelace & Babbage (its race, paced resolution, Debug minute)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from clock import Clock

from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.game import get
from lnb.core.table import Table

#: game, the computers' kinds (one per seat), seed, options, seconds between polls
GAMES = [
    ("museum", ("greedy",), 4, {}, 1.0),
    ("museum", ("planner",), 9, {}, 1.0),
    ("dream", ("greedy", "planner"), 5, {}, 1.0),
    ("dream", ("random", "greedy", "planner"), 12, {}, 1.0),
    ("babbage", ("greedy", "planner"), 3, {}, 2.0),
    ("babbage", ("beginner", "greedy", "planner"), 8, {"mental_arithmetic": True}, 2.0),
]


def room_game(path: Path, game: str, kinds: tuple[str, ...], seed: int,
              options: dict[str, Any], dt: float) -> tuple[dict[str, Any], Any]:
    """The record of a room whose every seat is a computer, played through the store by
    polls ``dt`` seconds apart; and the room's setup."""
    clock = Clock()
    with ProgressStore(path, backups=False) as store:
        rooms = RoomStore(store, clock=clock)
        code = rooms.open_room(None, None, seats=len(kinds), seed=seed, game=game,
                               options=options).code
        for seat, kind in enumerate(kinds):
            rooms.give_to_computer(code, seat, kind)
        rooms.start(code)
        for _ in range(20_000):
            if rooms.play(code).finished:
                break
            clock.now += dt
            rooms.advance(code)
        play = rooms.play(code)
        assert play.finished, f"the {game} room got stuck: {play!r}"
        assert rooms.room(code).status == "over"
        return rooms.record(code), play.setup


def table_game(setup: Any) -> dict[str, Any]:
    """The same game at a hot-seat :class:`Table`: the setup's first state, each seat's
    bot seeded as the room seeds it, driven by ``advance`` to the end."""
    game = get(setup.game)
    state = setup.new_state()
    seats = dict(zip(state.names, setup.players, strict=True))
    computers = {name: game.make_bot(s.computer, seed=setup.seed + s.index)
                 for name, s in seats.items()}
    table = Table(state, computers, game.table_rules)
    table.advance(through_paced=True)
    assert state.is_terminal()
    kinds = {name: s.computer for name, s in seats.items()}
    record = game.table_rules.record(state, kinds)
    return record if record is not None else game.records.write(state)


@pytest.mark.parametrize(("game", "kinds", "seed", "options", "dt"), GAMES,
                         ids=[f"{g[0]}-{len(g[1])}-{g[2]}" for g in GAMES])
def test_a_room_of_computers_gives_the_tables_record(tmp_path: Path, game: str,
                                                     kinds: tuple[str, ...], seed: int,
                                                     options: dict[str, Any],
                                                     dt: float) -> None:
    record, setup = room_game(tmp_path / "class.sqlite3", game, kinds, seed, options, dt)
    assert record == table_game(setup)
    # and the record is one the game's records module reads back to the same end
    replayed = get(game).records.replay(record)
    assert replayed.finished
