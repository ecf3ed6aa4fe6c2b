"""RULES.md §4.5: mental-arithmetic play — wrong Results found at resolution, Debug or
recompute (void rows), at most two Debugs a game."""

from __future__ import annotations

import pytest
from game_kit import claims_of, make_record, player_json

from lnb.babbage.errors import GameError, RecordError
from lnb.babbage.game import (
    Debug,
    Finish,
    Game,
    GameOptions,
    Phase,
    Recompute,
    Target,
    WriteProgram,
)
from lnb.babbage.programs import Program
from lnb.babbage.records import replay, write

MENTAL = {"mental_arithmetic": True}
R1 = [29, 40, 46, 95, 98]  # 29: Elizabeth Barrett Browning (Art, Politics)
WRONG = "A3+ 60, A4/ 31, A2- 29"  # 60 ÷ 2 is 30, not 31


def mental(plays, more=None):
    rounds = {1: {"patrons": R1, "plays": plays}, **(more or {})}
    return make_record(2, rounds, options=MENTAL)


def test_debug_rewrites_from_the_wrong_row_and_costs_three_points():
    result = replay(mental({"Ada": {"program": WRONG, "debug": "A4/ 30, A1- 29"}}))
    rows = [e for e in result.to_dict()["events"] if e["player"] == "Ada" and e["round"] == 1]
    assert [(r["operation"], r["result"], r.get("debugged", False)) for r in rows] == [
        ("A3+", 60, False), ("A4/", 30, True), ("A1-", 29, True)]
    assert claims_of(result, 1, "Ada")[0]["patron"] == 29
    ada = player_json(result, "Ada")
    assert (ada["debugs"], ada["score"]["debugs"]) == (1, -3)
    assert write(result.state)["rounds"][0]["plays"]["Ada"]["program"] == WRONG


def test_without_debug_the_results_are_recomputed():
    result = replay(mental({"Ada": {"program": WRONG}}))
    rows = [e for e in result.to_dict()["events"] if e["player"] == "Ada" and e["round"] == 1]
    assert [(r["written"], r["result"]) for r in rows] == [(60, 60), (31, 30), (29, 28)]
    assert claims_of(result, 1, "Ada") == []
    assert player_json(result, "Ada")["debugs"] == 0


def test_a_recomputed_row_leaving_00_99_is_void():
    # B1+ from 55 is 105: void, skipped; the next row starts again from 55.
    result = replay(mental({"Ada": {"program": "B1+ 05, A3+ 10"}},
                           more={2: {"plays": {"Ada": {"program": "A1+ 61"}}}}))
    rows = [e for e in result.to_dict()["events"] if e["player"] == "Ada"]
    assert rows[0]["void"] is True and rows[0]["claims"] == []
    assert (rows[1]["before"], rows[1]["result"]) == (55, 60)
    assert (rows[2]["round"], rows[2]["before"]) == (2, 60)


def test_at_most_two_debugs_a_game():
    more = {2: {"patrons": [11, 12, 15, 18, 21],
                "plays": {"Ada": {"program": "A1+ 99", "debug": "A1+ 30"}}},
            3: {"patrons": [24, 27, 33, 36, 37],
                "plays": {"Ada": {"program": "A1+ 99", "debug": "A1+ 31"}}}}
    record = mental({"Ada": {"program": "A3+ 61", "debug": "A3+ 60"}}, more)
    with pytest.raises(RecordError, match=r"Round 3, Ada: a debug is given, but no Debug"):
        replay(record)
    del record["rounds"][2]["plays"]["Ada"]["debug"]
    assert player_json(replay(record), "Ada")["debugs"] == 2


def test_a_debug_given_without_a_wrong_result_is_refused():
    record = mental({"Ada": {"program": "A3+ 60", "debug": "A3+ 60"}})
    with pytest.raises(RecordError, match=r"Round 1, Ada: a debug is given"):
        replay(record)


def test_mental_rows_carry_written_results():
    with pytest.raises(RecordError, match=r"Round 1, Ada: row 2 'A4/': write the Result"):
        replay(mental({"Ada": {"program": "A3+ 60, A4/"}}))


def test_the_rewrite_keeps_the_limit():
    record = mental({"Ada": {"program": WRONG, "debug": "A4/ 30, A1- 29, A1- 28, A1- 27, A1- 26"}})
    with pytest.raises(RecordError, match=r"Round 1, Ada, row 2: .*over the limit of 5"):
        replay(record)


def play_to_first_row(program: str) -> tuple:
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
                GameOptions(mental_arithmetic=True), seed=4)
    state = game.new_initial_state()
    state.apply_action(Target("Ada", 86))
    state.apply_action(Target("Bea", 93))
    state.apply_action(WriteProgram("Ada", program))
    state.apply_action(Finish("Ada"))
    state.apply_action(Finish("Bea"))
    return game, state


def test_the_choice_is_an_action_offered_at_the_wrong_row():
    _, state = play_to_first_row("A3+ 61, A4/ 30")
    assert state.phase is Phase.DEBUG
    assert state.legal_actions() == [Debug("Ada", Program()), Recompute("Ada")]
    assert state.debug_from() == ("Ada", 1, 55)
    with pytest.raises(GameError):
        state.apply_action(Recompute("Bea"))
    state.apply_action(Debug("Ada", "A3+ 60, A4/ 30"))
    assert state.phase is Phase.RESOLUTION
    assert state.players["Ada"].debugs == 1
