"""``lnb-museum/1`` records: written, read back by replaying, and refused when bad."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnb.core.errors import RecordError
from lnb.core.testing import json_values, mutated, refuses_cleanly
from lnb.museum.bots import make_bot
from lnb.museum.records import dumps, replay, write
from lnb.museum.state import Game
from lnb.museum.table import museum_table


@pytest.fixture(scope="module")
def finished() -> dict:
    table = museum_table(Game(seed=11).new_initial_state(), make_bot("greedy"))
    table.advance()
    return write(table.state)


def test_a_record_follows_the_kits_envelope(finished) -> None:
    assert finished["format"] == "lnb-museum/1" and finished["edition"] == "standard"
    assert finished["seed"] == 11 and finished["players"] == [{"name": "solo"}]
    assert all(isinstance(a, str) for a in finished["actions"])
    assert finished["score"]["total"] == sum([2 * len(finished["score"]["evidence"]),
                                              *finished["score"]["rooms"].values(),
                                              *finished["score"]["bonuses"].values()])


def test_a_record_replays_to_the_same_game(finished, tmp_path) -> None:
    state = replay(finished).state
    assert state.is_terminal() and write(state) == finished
    path = tmp_path / "game.json"
    path.write_text(dumps(finished), "utf-8")
    assert write(replay(path).state) == finished
    with pytest.raises(RecordError) as as_text:  # a str is text, never a file name
        replay(str(path))
    assert as_text.value.reason == "invalid-json"
    assert replay(json.dumps(finished)).summary()["score"] == finished["score"]


def test_an_unfinished_record_resumes_where_it_stopped(finished) -> None:
    half = {**finished, "actions": finished["actions"][:10], "rolls": None}
    del half["score"]
    state = replay(half).state
    assert not state.is_terminal() and [str(a) for a in state.history] == half["actions"]
    again = replay(write(state)).state
    assert again.hand == state.hand and again.filled == state.filled


@pytest.mark.parametrize(("change", "entry", "reason"), [
    ({"format": "lnb-game/1"}, "format", "format"),
    ({"edition": "../etc"}, "edition", "unknown-edition"),
    ({"seed": None}, "seed", "missing"),
    ({"seed": "x"}, "seed", "wrong-type"),
    ({"players": [{"name": "A"}, {"name": "B"}]}, "players", "players"),
    ({"actions": "place 3a r0 @C5"}, "actions", "not-list"),
    ({"rolls": [[1, 1]]}, "rolls", "rolls"),
    ("rolls cut short", "rolls", "rolls-count"),
    ({"score": {"total": 120}}, "score", "score"),
])
def test_a_bad_envelope_is_refused_naming_the_entry(finished, change, entry, reason) -> None:
    if change == "rolls cut short":  # the first turns' dice only: right, but not all
        change = {"rolls": finished["rolls"][:2]}
    with pytest.raises(RecordError) as caught:
        replay({**finished, **change})
    assert (caught.value.entry, caught.value.reason) == (entry, reason)


def test_a_broken_action_is_refused_naming_it(finished) -> None:
    actions = list(finished["actions"])
    actions[3] = "place 0a r0 @A5"
    with pytest.raises(RecordError) as caught:
        replay({**finished, "actions": actions, "rolls": None})
    assert caught.value.entry == "actions[3]" and caught.value.reason == "wild-only"
    assert str(caught.value).startswith("actions[3] 'place 0a r0 @A5': ")
    actions[3] = 42
    with pytest.raises(RecordError) as caught:
        replay({**finished, "actions": actions})
    assert caught.value.entry == "actions[3]"
    with pytest.raises(RecordError) as caught:
        replay({**finished, "actions": [*finished["actions"], "skip 1"]})
    assert caught.value.reason == "after-end"
    with pytest.raises(RecordError) as caught:
        replay("{not json")
    assert caught.value.reason == "invalid-json"


SAMPLES = ("place 3a r0 @C5", "skip 1", "return 3", "reroll 2", -1, 10 ** 50, "standard")


@settings(max_examples=60, deadline=None)
@given(where=st.integers(0, 10_000), value=json_values(SAMPLES), delete=st.booleans())
def test_mutated_records_are_refused_cleanly_or_replay(finished, where, value, delete) -> None:
    refuses_cleanly(replay, mutated(finished, where, value, delete))


GOLDEN = Path(__file__).parent / "golden" / "museum_games.json"


def test_golden_games_replay_to_their_scores() -> None:
    """Planner games kept as records (wild shapes, re-rolls, returns, key and apple shapes
    among their actions): a change of the rules that changes any of them fails here."""
    games = json.loads(GOLDEN.read_text("utf-8"))
    kinds = {a.split()[0] for g in games for a in g["actions"]}
    assert {"place", "write", "wild", "reroll", "return"} <= kinds
    assert any(a.startswith(("place 7", "place 8")) for g in games for a in g["actions"])
    for record in games:
        state = replay(record).state
        assert state.is_terminal() and state.score().as_dict() == record["score"]
