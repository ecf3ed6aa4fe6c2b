"""Unfinished games: saved between Rounds, resumed from the record, played to the end.

A random seeded game is saved after Round 1, 2 or 3 (or before Round 1); replaying the record
must give back the same table (deck, tokens, order, starts, Subroutines, Debugs, events), the
resumed game must go on through the normal actions, and its final record must replay to its
own scores.
"""

from __future__ import annotations

import contextlib
import json
import random

import pytest
from game_checks import JSON, PLAYERS, check_invariants, mutated, options_for
from game_kit import make_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lnb.babbage.errors import LnbError, RecordError
from lnb.babbage.game import Activate, Finish, Game, Phase, Target, WriteProgram
from lnb.babbage.game.random_play import random_action
from lnb.babbage.programs import Program
from lnb.babbage.records import load, record_of, replay, save, write
from lnb.cli import main

SEEDS = range(36)


def play(state, rng, until_rounds=4):
    """Random legal actions until ``until_rounds`` Rounds are resolved."""
    while not state.is_terminal() and len(state.history) < until_rounds:
        action = random_action(state, rng)
        state.apply_action(action)
        if isinstance(action, WriteProgram):
            state.apply_action(Finish(action.player))
    return state


def game_for(seed):
    return Game(PLAYERS[:2 + seed % 3], options_for(seed), seed=seed)


def table(state):
    """Everything a resumed game must take over, as plain data."""
    players = {
        n: (p.start, p.influence, p.failed_experiments, p.completed, p.used, p.engine_rows,
            p.engine, p.debugs)
        for n, p in state.players.items()}
    return {"round": state.round, "phase": state.phase, "deck": state.deck,
            "tokens": sorted(str(t) for t in state.tokens_to_draw), "board": state.board.text(),
            "seats": state.seats, "last_order": state.last_order, "players": players,
            "events": tuple(state.events), "history": state.history,
            "sheet": [p.total for p in state.score_sheet().players]}


@pytest.mark.parametrize("rounds", [0, 1, 2, 3])
def test_a_game_saved_between_rounds_resumes_at_the_same_table(rounds):
    for seed in SEEDS:
        state = play(game_for(seed).new_initial_state(), random.Random(seed), rounds)
        assert state.at_round_boundary() and state.phase is Phase.TARGET
        record = json.loads(json.dumps(record_of(state)))
        assert len(record["rounds"]) == rounds and record["seed"] == seed
        result = replay(record)
        assert not result.finished
        assert table(result.state) == table(state)
        assert result.state.round == rounds + 1 and result.state.legal_actions()


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_a_resumed_game_finishes_and_its_record_replays_to_the_same_scores(rounds):
    for seed in SEEDS:
        saved = record_of(play(game_for(seed).new_initial_state(), random.Random(seed), rounds))
        resumed = play(replay(saved).state, random.Random(seed + 1000))
        assert resumed.is_terminal()
        check_invariants(resumed)
        final = json.loads(json.dumps(write(resumed)))
        assert final["rounds"][:rounds] == saved["rounds"] and final["seed"] == seed
        result = replay(final)
        assert result.finished and result.events == tuple(resumed.events)
        assert result.to_dict()["players"] == replay(write(resumed)).to_dict()["players"]
        assert [p.total for p in result.sheet.players] == \
            [p.total for p in resumed.score_sheet().players]


def test_a_record_resumes_the_same_way_every_time():
    for seed in range(12):
        saved = record_of(play(game_for(seed).new_initial_state(), random.Random(seed), 1))
        finals = [write(play(replay(saved).state, random.Random(7))) for _ in range(2)]
        assert finals[0] == finals[1]
    # The continuation's draws come from the record's seed: another seed, other Patrons.
    saved = record_of(play(game_for(3).new_initial_state(), random.Random(3), 1))
    other = {**saved, "seed": 4}
    assert {s.value for s in _program_phase(replay(saved).state).patrons} != \
        {s.value for s in _program_phase(replay(other).state).patrons}


def _program_phase(state):
    while state.phase in (Phase.TARGET, Phase.ACTIVATE):
        name = state.current_players()[0]
        if state.phase is Phase.TARGET:
            state.apply_action(Target(name, state.targetable(name)[0].target))
        else:
            state.apply_action(Activate(name, ()))
    return state


@pytest.mark.parametrize("rounds", [0, 2, 4])
def test_a_record_round_trips_through_save_and_load(tmp_path, rounds):
    state = play(game_for(5).new_initial_state(), random.Random(5), rounds)
    path = tmp_path / "game.json"
    save(state, path)
    text = path.read_text("utf-8")
    assert load(path).finished is (rounds == 4)
    again = replay(path).state
    assert record_of(again) == json.loads(text) == json.loads(json.dumps(write(state)))


def test_saving_mid_round_is_refused_and_writes_nothing(tmp_path):
    state = game_for(1).new_initial_state()  # three players
    play(state, random.Random(1), 1)
    state.apply_action(Target(state.names[0], state.targetable(state.names[0])[0].target))
    assert state.at_round_boundary()  # a Target is chosen again after resuming
    for name in state.names[1:]:
        state.apply_action(Target(name, state.targetable(name)[0].target))
    seen = set()
    path = tmp_path / "x.json"
    while len(state.history) < 2:
        if not state.at_round_boundary():
            seen.add(state.phase)
            with pytest.raises(RecordError, match=r"^Round 2 is under way \(\w+ phase\): save "
                               "the game after this Round's rows are resolved$"):
                save(state, path)
            assert not path.exists()
        if state.phase is Phase.PROGRAM:  # everyone writes one row, then finishes
            name = state.current_players()[0]
            row = state.next_operations(name)[0]
            mental = state.options.mental_arithmetic
            program = Program().with_row(row, row.apply(state.start_value(name),
                                                       state.board).result if mental else None)
            state.apply_action(WriteProgram(name, program))
            state.apply_action(Finish(name))
        else:
            state.apply_action(state.legal_actions()[0])
    assert {Phase.PROGRAM, Phase.RESOLUTION} <= seen
    save(state, path)
    assert len(load(path).rounds) == 2


def test_a_broken_unfinished_record_names_round_player_and_row():
    record = make_record(2, {2: {"plays": {"Bea": {"program": "A3+ A3+ C9+"}}}})
    record["rounds"] = record["rounds"][:2]
    with pytest.raises(RecordError, match=r"^Round 2, Bea: row 3 'C9\+': rack 9 does not"):
        replay(record)
    record["rounds"] = record["rounds"][:1]
    assert replay(record).state.round == 2
    with pytest.raises(RecordError, match=r"rounds: 5 given; a game has at most 4"):
        replay({**make_record(2), "rounds": make_record(2)["rounds"][:1] * 5})


def test_cli_replay_of_an_unfinished_record_prints_the_scores_so_far(tmp_path, capsys):
    state = play(game_for(2).new_initial_state(), random.Random(2), 2)
    path = tmp_path / "half.json"
    save(state, path)
    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["finished"] is False
    sheet = state.score_sheet()
    assert [p["score"]["total"] for p in printed["players"]] == [p.total for p in sheet.players]
    assert printed["winners"] == [sheet.ranking[0]]
    assert {e["round"] for e in printed["events"]} <= {1, 2}
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "(so far)" in out and "Unfinished: 2 of 4 Rounds played" in out


def _partial_records(count: int = 9) -> list[dict]:
    out = []
    for seed in range(count):
        state = play(game_for(seed).new_initial_state(), random.Random(seed), seed % 4)
        out.append(json.loads(json.dumps(record_of(state))))
    return out


PARTIAL = _partial_records()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(PARTIAL) - 1), st.integers(0, 10**6), JSON, st.booleans())
def test_fuzzed_partial_records_raise_only_library_errors(which, where, value, delete):
    record = mutated(PARTIAL[which], where, value, delete)
    with contextlib.suppress(LnbError):  # anything else fails the test
        state = replay(record).state
        # What replays also plays on to the end.
        assert play(state, random.Random(where)).is_terminal()
