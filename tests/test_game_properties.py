"""Properties over thousands of random seeded games, and fuzzed records.

Random legal players (``lnb.babbage.game.random_play``) play whole games with every option;
each game
is checked for the invariants of the rules and replayed from its saved record.
"""

from __future__ import annotations

import contextlib
import json

import pytest
from game_checks import JSON, PLAYERS, check_invariants, mutated, options_for
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lnb.babbage.errors import LnbError, RecordError
from lnb.babbage.game import Game
from lnb.babbage.game.random_play import play_random_game
from lnb.babbage.records import replay, write

GAMES = 2000


def test_random_games_keep_the_rules_and_replay_to_the_same_result():
    claims = 0
    for seed in range(GAMES):
        players = PLAYERS[:2 + seed % 3]
        state = play_random_game(Game(players, options_for(seed), seed=seed), seed=seed)
        assert state.is_terminal()
        check_invariants(state)
        record = json.loads(json.dumps(write(state)))
        result = replay(record)
        assert [p.total for p in result.sheet.players] == \
            [p.total for p in state.score_sheet().players]
        assert result.events == tuple(state.events)
        claims += sum(len(e.claims) for e in state.events)
    assert claims > GAMES  # the random players do reach Patrons and Subroutines


def _records(count: int = 12) -> list[dict]:
    out = []
    for seed in range(count):
        players = PLAYERS[:2 + seed % 3]
        state = play_random_game(Game(players, options_for(seed), seed=seed), seed=seed)
        out.append(json.loads(json.dumps(write(state))))
    return out


RECORDS = _records()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(RECORDS) - 1), st.integers(0, 10**6), JSON, st.booleans())
def test_fuzzed_records_raise_only_library_errors(which, where, value, delete):
    record = mutated(RECORDS[which], where, value, delete)
    with contextlib.suppress(LnbError):  # anything else fails the test
        replay(record)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_arbitrary_json_is_refused_with_a_library_error(value):
    with pytest.raises(LnbError):
        replay({"format": "lnb-game/1", "players": value, "rounds": value})


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(), JSON.map(json.dumps)))
def test_any_text_is_read_as_json_or_refused_in_words(text):
    """``load(str)``: JSON text only (never a path to open); nothing else escapes as an
    OSError."""
    with pytest.raises(LnbError):
        replay(text)


def test_a_record_file_loads_from_a_path_and_a_str_is_only_text(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORDS[0]), "utf-8")
    assert replay(path).sheet == replay(RECORDS[0]).sheet
    with pytest.raises(RecordError) as as_text:  # an upload is content, never a path
        replay(str(path))
    assert as_text.value.reason == "invalid-json"
    with pytest.raises(LnbError, match=r"gone\.json"):
        replay(tmp_path / "gone.json")
