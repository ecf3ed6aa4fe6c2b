"""One record contract in every game (issue 27): ``GameType.records`` gives ``write``,
``dumps``, ``load`` and ``replay``, and they mean the same in each game.

A seeded game's record, written, turned into text and loaded back from a dict, from JSON text
and from a file ``Path``, replays to the same final state (the same scores, the same record);
bad sources are refused with the same ``RecordError`` reason in every game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lnb.core.errors import RecordError
from lnb.core.game import GameType, games
from lnb.core.records import Replayed

GAMES = {game.name: game for game in games() if game.name in ("babbage", "museum", "dream")}


def played(game: GameType, seed: int) -> Any:
    """A whole game of ``game``, every seat played by its weakest computer player (seeded)."""
    names = ["Ada", "Bea", "Cy", "Di"][:game.seats[0]] if game.seats[0] > 1 else ["solo"]
    state = game.new_state(names, seed=seed)
    kind = game.bots.names[0]
    bots = {name: game.make_bot(kind, seed + i) for i, name in enumerate(state.names)}
    for _ in range(10_000):
        if state.is_terminal():
            return state
        who = state.current_players()
        if not who:  # only the table acts (the timer running out)
            state.apply_action(state.legal_actions()[0])
        for name in who:
            if not state.is_terminal() and name in state.current_players():
                state.apply_action(bots[name].choose_action(state, name))
    raise AssertionError(f"{game.name}: the game did not end")


@pytest.fixture(scope="module", params=sorted(GAMES))
def game(request: pytest.FixtureRequest) -> GameType:
    return GAMES[request.param]


@pytest.fixture(scope="module")
def finished(game: GameType) -> tuple[Any, dict[str, Any]]:
    state = played(game, seed=3)
    return state, game.records.write(state)


def test_every_game_gives_the_four_names(game: GameType) -> None:
    records = game.records
    for name in ("load", "replay", "write", "dumps"):
        assert callable(getattr(records, name)), (game.name, name)
    assert not hasattr(game.new_state(["Ada", "Bea"][:game.seats[1]], seed=1), "to_record")


@pytest.mark.parametrize("form", ["dict", "text", "path", "loaded"])
def test_a_written_record_replays_to_the_same_game(game: GameType, finished, form: str,
                                                   tmp_path: Path) -> None:
    state, record = finished
    records = game.records
    text = records.dumps(record)
    assert isinstance(text, str) and json.loads(text) == json.loads(json.dumps(record))
    path = tmp_path / "game.json"
    path.write_text(text, "utf-8")
    source = {"dict": json.loads(text), "text": text, "path": path,
              "loaded": records.load(text)}[form]
    replayed = records.replay(source)
    assert isinstance(replayed, Replayed)
    assert replayed.finished and replayed.state.is_terminal()
    assert replayed.state.returns() == state.returns()
    assert records.write(replayed.state) == record


def test_load_gives_the_same_record_from_every_source(game: GameType, finished,
                                                      tmp_path: Path) -> None:
    _, record = finished
    records = game.records
    text = records.dumps(record)
    path = tmp_path / "game.json"
    path.write_text(text, "utf-8")
    loaded = [records.load(source) for source in (json.loads(text), text, path)]
    assert loaded[0] == loaded[1] == loaded[2]
    assert type(loaded[0]) is type(loaded[1]) is type(loaded[2])


BAD_SOURCES = {
    "a number": (lambda tmp: 5, "bad-type"),
    "a missing Path": (lambda tmp: tmp / "no-such-game.json", "unreadable"),
    "a str that looks like a path": (lambda tmp: str(tmp / "game.json"), "invalid-json"),
    "a list": (lambda tmp: [], "bad-type"),
}


@pytest.mark.parametrize("bad", BAD_SOURCES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_bad_sources_are_refused_for_the_same_reason_in_every_game(name: str, bad: str,
                                                                   tmp_path: Path) -> None:
    make, reason = BAD_SOURCES[bad]
    (tmp_path / "game.json").write_text("{}", "utf-8")  # the str names a file: still text
    records = GAMES[name].records
    for read in (records.load, records.replay):
        with pytest.raises(RecordError) as refused:
            read(make(tmp_path))
        assert refused.value.reason == reason, (name, bad, read.__name__)
        assert refused.value.entry in (None, "record"), refused.value.entry


def test_a_bad_action_reads_the_same_in_both_games_of_actions() -> None:
    """The museum and Ada's Dream replay their ``actions`` with one loop: an entry that is
    not text, and one after the game's end, are refused in the same words."""
    for name in ("museum", "dream"):
        game = GAMES[name]
        state = played(game, seed=3)
        record = game.records.write(state)
        not_text = {**record, "actions": [5]}
        with pytest.raises(RecordError) as refused:
            game.records.replay(not_text)
        assert (refused.value.entry, refused.value.reason) == ("actions[0]", "wrong-type")
        assert str(refused.value).startswith("actions[0]: 5 must be an action as text, e.g. ")
        after = {**record, "actions": [*record["actions"], record["actions"][-1]]}
        after.pop("rolls", None)
        after.pop("score", None)
        with pytest.raises(RecordError) as refused:
            game.records.replay(after)
        last = len(record["actions"])
        assert (refused.value.entry, refused.value.reason) == (f"actions[{last}]", "after-end")
        assert str(refused.value).endswith(": the game was over already")
        with pytest.raises(RecordError) as refused:
            game.records.replay({**record, "actions": "all of them"})
        assert (refused.value.entry, refused.value.reason) == ("actions", "not-list")
