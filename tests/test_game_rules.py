"""RULES.md §4: claims, Subroutines, engine bonus and the order of resolution, each rule with
a small record replayed through the library."""

from __future__ import annotations

import pytest
from game_kit import claims_of, make_record, player_json

from lnb.babbage.errors import RecordError
from lnb.babbage.records import replay, write

R1 = [58, 11, 12, 15, 18]  # 58 is Alfred, Lord Tennyson: Art, Science


def two_reach_58(**plays):
    base = {"Ada": {"program": "A1+ A2+"}, "Bea": {"program": "A2+ A1+"}}
    for name, extra in plays.items():
        base.setdefault(name, {}).update(extra)
    return {1: {"patrons": R1, "plays": base}}


def test_first_claimer_takes_the_type_printed_first_by_default_second_takes_the_other():
    result = replay(make_record(2, two_reach_58()))
    assert claims_of(result, 1, "Ada") == [
        {"kind": "patron", "patron": 58, "took": "Art", "place": 1}]
    assert claims_of(result, 1, "Bea") == [
        {"kind": "patron", "patron": 58, "took": "Science", "place": 2}]


def test_picks_choose_the_first_claimers_type():
    result = replay(make_record(2, two_reach_58(Ada={"picks": ["Science"]})))
    assert player_json(result, "Ada")["influence"] == {"Science": 1}
    assert player_json(result, "Bea")["influence"] == {"Art": 1}


def test_token_order_decides_who_is_first():
    result = replay(make_record(2, two_reach_58(Ada={"finished": 2}, Bea={"finished": 1})))
    assert claims_of(result, 1, "Bea")[0]["place"] == 1
    assert claims_of(result, 1, "Ada")[0]["place"] == 2


def test_rows_interleave_row_by_row_in_token_order():
    result = replay(make_record(2, two_reach_58()))
    order = [(e["player"], e["row"]) for e in result.to_dict()["events"] if e["round"] == 1]
    assert order == [("Ada", 1), ("Bea", 1), ("Ada", 2), ("Bea", 2)]


def test_a_player_out_of_rows_is_skipped():
    result = replay(make_record(2, two_reach_58(Ada={"program": "A3+"})))
    order = [(e["player"], e["row"]) for e in result.to_dict()["events"] if e["round"] == 1]
    assert order == [("Ada", 1), ("Bea", 1), ("Bea", 2)]
    assert claims_of(result, 1, "Bea")[0]["place"] == 1


def test_third_claimer_gets_a_failed_experiment_with_three_players():
    plays = {name: {"program": "A1+ A2+"} for name in ("Ada", "Bea", "Cy")}
    result = replay(make_record(3, {1: {"patrons": [*R1, 21], "plays": plays}}))
    assert claims_of(result, 1, "Cy") == [
        {"kind": "failed_experiment", "patron": 58, "place": 3}]
    assert player_json(result, "Cy")["score"]["failed_experiments"] == 1


def test_a_player_claims_each_patron_once():
    # Ada reaches 58 twice: the second time claims nothing.
    result = replay(make_record(2, two_reach_58(Ada={"program": "A1+ A2+ A1+ A1-"})))
    assert [c["patron"] for c in claims_of(result, 1, "Ada")] == [58]


def test_the_start_value_never_claims():
    # Round 1 ends at 62 (not revealed then); Round 2 reveals 62 and Ada writes no rows.
    rounds = {1: {"patrons": R1, "plays": {"Ada": {"program": "B3+ A1- A1- A1-"}}},
              2: {"patrons": [62, 21, 24, 27, 29]}}
    result = replay(make_record(2, rounds))
    assert result.state.players["Ada"].influence["Science"] == 0
    assert claims_of(result, 2, "Ada") == []


def test_revealed_patrons_leave_after_their_round():
    record = make_record(2, {1: {"patrons": R1}, 2: {"patrons": [58, 21, 24, 27, 29]}})
    with pytest.raises(RecordError, match=r"Round 2: patrons: Patron 58 is not in the deck"):
        replay(record)


def test_targeted_subroutine_is_completed_by_an_exact_result():
    # 55 → 35 → 25 → 23: Ada's SIGMA Subroutine.
    rounds = {1: {"patrons": R1, "plays": {"Ada": {"target": 23, "program": "B2- B3- A2-"}}}}
    result = replay(make_record(2, rounds))
    assert claims_of(result, 1, "Ada") == [
        {"kind": "subroutine", "subroutine": 23, "effect": "SIGMA"}]
    assert player_json(result, "Ada")["subroutines"] == 1
    assert player_json(result, "Ada")["score"]["subroutines"] == 2


def test_at_most_one_subroutine_a_round():
    rounds = {1: {"patrons": R1,
                  "plays": {"Ada": {"target": 23, "program": "B2- B3- A2- A1+ A1-"}}}}
    result = replay(make_record(2, rounds))
    assert len(claims_of(result, 1, "Ada")) == 1


def test_a_completed_subroutine_cannot_be_targeted_again():
    rounds = {1: {"patrons": R1, "plays": {"Ada": {"target": 23, "program": "B2- B3- A2-"}}},
              2: {"plays": {"Ada": {"target": 23}}}}
    with pytest.raises(RecordError, match=r"Round 2, Ada: .*Subroutine 23: it is already comp"):
        replay(make_record(2, rounds))


def test_engine_bonus_needs_a_level_c_component_and_a_claim():
    # Round 2, C = ±7 ×÷3 Swap Set 42: 55 + 20 = 75, − 5 = 70, + 2 = 72, C2/ → 24 (Patron).
    rounds = {2: {"patrons": [24, 11, 12, 15, 18],
                  "plays": {"Ada": {"program": "B2+ A3- A2+ C2/"}}}}
    result = replay(make_record(2, rounds))
    claims = claims_of(result, 2, "Ada")
    assert claims[0]["patron"] == 24
    assert claims[1] == {"kind": "engine", "level": "C", "points": 1}
    assert player_json(result, "Ada")["engine_rows"] == {"C": 1, "D": 0, "E": 0}
    assert player_json(result, "Ada")["score"]["engine"] == 1


def test_no_engine_bonus_for_a_claim_made_on_levels_a_and_b():
    rounds = {2: {"patrons": [24, 11, 12, 15, 18],
                  "plays": {"Ada": {"program": "B2- B3- A1-"}}}}  # 35 25 24
    result = replay(make_record(2, rounds))
    assert [c["kind"] for c in claims_of(result, 2, "Ada")] == ["patron"]


def test_engine_bonus_once_per_row_even_with_subroutine_and_patron():
    # Round 4, E = Set 13, ±9, ×÷5, ±15: Bea 55 + 5 = 60, E3/ → 12: her SLOW Subroutine
    # and Sir David Brewster at once; the level E bonus (4) counts once.
    rounds = {4: {"patrons": [11, 12, 15, 18, 21],
                  "plays": {"Bea": {"target": 12, "program": "A3+ E3/"}}}}
    result = replay(make_record(2, rounds))
    claims = claims_of(result, 4, "Bea")
    assert [c["kind"] for c in claims] == ["subroutine", "patron", "engine"]
    assert claims[2]["points"] == 4
    assert player_json(result, "Bea")["engine_rows"]["E"] == 1
    assert player_json(result, "Bea")["score"]["engine"] == 4


def test_a_failed_experiment_earns_no_engine_bonus():
    # Three players reach 24 on row 4 with C2/ (72 ÷ 3); Cy is third.
    plays = {name: {"program": "B2+ A3- A2+ C2/"} for name in ("Ada", "Bea", "Cy")}
    result = replay(make_record(3, {2: {"patrons": [24, 11, 12, 15, 18, 21], "plays": plays}}))
    assert [c["kind"] for c in claims_of(result, 2, "Cy")] == ["failed_experiment"]
    assert [c["kind"] for c in claims_of(result, 2, "Bea")] == ["patron", "engine"]


def test_next_round_starts_from_the_last_result():
    rounds = {1: {"patrons": R1, "plays": {"Ada": {"program": "A3+ A4/"}}}}
    result = replay(make_record(2, rounds))
    first_round_2 = [e for e in result.to_dict()["events"] if e["round"] == 2]
    assert write(result.state)["rounds"][0]["plays"]["Ada"]["program"] == "A3+ A4/"
    assert first_round_2 == []  # nobody wrote rows in Round 2
    # Start value shows in the next program's first row.
    rounds[2] = {"plays": {"Ada": {"program": "A1+"}}}
    result = replay(make_record(2, rounds))
    row = next(e for e in result.to_dict()["events"] if e["round"] == 2)
    assert (row["before"], row["result"]) == (30, 31)
