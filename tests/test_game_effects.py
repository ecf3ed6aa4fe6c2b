"""RULES.md §3: the eight Subroutine effects, each with a small record.

Each test completes a Subroutine in Round 1 (a program reaching its number) and activates it
in Round 2.
"""

from __future__ import annotations

import pytest
from game_kit import claims_of, make_record, player_json

from lnb.babbage.errors import RecordError
from lnb.babbage.game import Activate, Finish, Game, GameOptions, Phase, Target
from lnb.babbage.records import replay, write

R1 = [58, 40, 46, 95, 98]
# Programs from 55 reaching Ada's and Babbage's Subroutines.
REACH = {23: "B2- B3- A2-", 68: "B3+ A2+ A1+", 31: "B2- A2- A2-", 14: "B2- B2- A1-",
         86: "B2+ B3+ A1+", 49: "B3- A2+ A2+", 59: "A2+ A2+", 93: "B2+ B3+ A3+ A2+ A1+"}


ALTERNATES = {"Ada": [31, 23], "Bea": [74, 37]}


def completing(sub, name="Ada", round2=None, activate=None, players=2, more=None):
    """A record where ``name`` completes ``sub`` in Round 1 and activates it in Round 2."""
    r1 = R1 if players == 2 else [*R1, 77]
    rounds = {1: {"patrons": r1, "plays": {name: {"target": sub, "program": REACH[sub]}}},
              2: round2 or {}}
    play2 = rounds[2].setdefault("plays", {}).setdefault(name, {})
    play2["activate"] = [sub] if activate is None else activate
    for number, entry in (more or {}).items():
        rounds.setdefault(number, {}).update(entry)
    others = [s for s in ALTERNATES[name] if s != sub]
    for number in (2, 3, 4):
        play = rounds.setdefault(number, {}).setdefault("plays", {}).setdefault(name, {})
        play.setdefault("target", others[0])
    return make_record(players, rounds)


def test_sigma_applies_one_marked_row_twice():
    record = completing(23, round2={"patrons": [11, 15, 24, 27, 29],
                                    "plays": {"Ada": {"program": "B2+Σ"}}})
    result = replay(record)
    row = next(e for e in result.to_dict()["events"] if e["round"] == 2)
    assert (row["before"], row["result"], row["text"]) == (23, 63, "23 + 20 + 20 = 63")


def test_sigma_row_needs_sigma_activated():
    record = completing(23, round2={"plays": {"Ada": {"program": "B2+Σ"}}}, activate=[])
    record["rounds"][1]["plays"]["Ada"]["activate"] = []
    with pytest.raises(RecordError, match=r"Round 2, Ada: row 1 'B2\+Σ': a Σ row needs SIGMA"):
        replay(record)


def test_sigma_marks_one_row_only():
    record = completing(23, round2={"plays": {"Ada": {"program": "A1+Σ A1+Σ"}}})
    with pytest.raises(RecordError, match=r"Round 2, Ada: row 2 .*one Σ row only"):
        replay(record)


def test_near_claims_a_patron_one_away():
    record = completing(68, round2={"patrons": [70, 11, 12, 15, 18],
                                    "plays": {"Ada": {"program": "A1+"}}})  # 69
    assert claims_of(replay(record), 2, "Ada") == [
        {"kind": "patron", "patron": 70, "took": "Science", "place": 1, "effects": ["NEAR"]}]


def test_near_gives_way_to_an_exact_match_and_is_spent_only_when_it_claims():
    # 68 → 69 (exact: Wellington), 64, 59, 61 (NEAR: Nightingale 62).
    record = completing(68, round2={"patrons": [69, 62, 11, 12, 15],
                                    "plays": {"Ada": {"program": "A1+ A3- A3- A2+"}}})
    claims = claims_of(replay(record), 2, "Ada")
    assert [(c["patron"], c.get("effects")) for c in claims] == [(69, None), (62, ["NEAR"])]


def test_near_is_once_a_round():
    # 63 claims 62 with NEAR; 69 is one from 70 but NEAR is spent.
    record = completing(68, round2={"patrons": [62, 70, 11, 12, 15],
                                    "plays": {"Ada": {"program": "A3- A3+ A1+"}}})
    assert [c["patron"] for c in claims_of(replay(record), 2, "Ada")] == [62]


def test_near_touching_two_patrons_takes_the_lower_unless_picked():
    round2 = {"patrons": [62, 64, 11, 12, 15], "plays": {"Ada": {"program": "A3-"}}}  # 63
    assert claims_of(replay(completing(68, round2=round2)), 2, "Ada")[0]["patron"] == 62
    round2["plays"]["Ada"]["picks"] = [64, "Engineering"]
    claim = claims_of(replay(completing(68, round2=round2)), 2, "Ada")[0]
    assert (claim["patron"], claim["took"]) == (64, "Engineering")


def test_near_aimed_at_a_patron_waits_for_it():
    round2 = {"patrons": [62, 70, 11, 12, 15], "plays": {"Ada": {"program": "A3- A3+ A1+"}}}
    record = completing(68, round2=round2, activate=[{"id": 68, "patron": 70}])
    assert [c["patron"] for c in claims_of(replay(record), 2, "Ada")] == [70]
    assert write(replay(record).state)["rounds"][1]["plays"]["Ada"]["activate"] == [
        {"id": 68, "patron": 70}]


def test_extra_gives_two_more_operations():
    seven = " ".join(["A1-"] * 7)  # 31 → 24 passes no revealed Patron
    ok = completing(31, round2={"patrons": [11, 12, 15, 18, 21],
                                "plays": {"Ada": {"program": seven}}})
    assert len([e for e in replay(ok).events if e.round == 2]) == 7
    over = completing(31, round2={"patrons": [11, 12, 15, 18, 21],
                                  "plays": {"Ada": {"program": seven + " A1-"}}})
    with pytest.raises(RecordError, match=r"Round 2, Ada: row 8 .*over the limit of 7"):
        replay(over)


def test_slow_takes_one_operation_from_every_opponent():
    record = completing(14, round2={"plays": {"Bea": {"program": "A1+ A1+ A1+ A1+ A1+"}}})
    with pytest.raises(RecordError, match=r"Round 2, Bea: row 5 .*over the limit of 4"):
        replay(record)
    record["rounds"][1]["plays"]["Bea"]["program"] = "A1+ A1+ A1+ A1+"
    result = replay(record)
    assert len([e for e in result.events if e.round == 2 and e.player == "Bea"]) == 4


def test_slow_and_extra_limits_shown_by_the_state():
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville")])
    state = game.new_initial_state()
    state.players["Ada"].completed += [(14, 1), (31, 1)]  # as if completed in Round 1
    for round_no in (1, 2):
        for name, sub in (("Ada", 86), ("Bea", 93), ("Cy", 79)):
            state.apply_action(Target(name, sub))
        if round_no == 1:
            for name in state.current_players():
                state.apply_action(Finish(name))
    assert state.round == 2 and state.phase is Phase.ACTIVATE
    assert [s.target for s in state.activatable("Ada")] == [14, 31]
    while state.phase is Phase.ACTIVATE:
        name = state.current_players()[0]
        state.apply_action(Activate(name, (14, 31) if name == "Ada" else ()))
    assert [state.program_limit(n) for n in ("Ada", "Bea", "Cy")] == [7, 4, 4]


def test_double_records_the_influence_twice():
    record = completing(86, round2={"patrons": [83, 11, 12, 15, 18],
                                    "plays": {"Ada": {"program": "A2- A1-"}}})  # 84 83
    result = replay(record)
    assert claims_of(result, 2, "Ada") == [
        {"kind": "patron", "patron": 83, "took": "Art", "place": 1, "influence": {"Art": 2},
         "effects": ["DOUBLE"]}]
    assert player_json(result, "Ada")["influence"] == {"Art": 2}


def test_double_aimed_at_a_patron_skips_the_others():
    # 84, 83 (Fox Talbot, single), 78, 80 (Prince Albert, double).
    round2 = {"patrons": [83, 80, 11, 12, 15], "plays": {"Ada": {"program": "A2- A1- A3- A2+"}}}
    record = completing(86, round2=round2, activate=[{"id": 86, "patron": 80}])
    assert player_json(replay(record), "Ada")["influence"] == {"Art": 1, "Politics": 2}


def test_both_takes_both_types_and_flips_the_patron():
    # Ada 49 → 51 → 53 first; Bea 55 → 54 → 53 second gets nothing in a 2-player game.
    round2 = {"patrons": [53, 11, 12, 15, 18],
              "plays": {"Ada": {"program": "A2+ A2+"}, "Bea": {"program": "A1- A1-"}}}
    result = replay(completing(49, round2=round2))
    assert claims_of(result, 2, "Ada") == [
        {"kind": "patron", "patron": 53, "took": "Engineering", "place": 1,
         "influence": {"Engineering": 1, "Politics": 1}, "effects": ["BOTH"]}]
    assert claims_of(result, 2, "Bea") == []


def test_both_leaves_failed_experiments_with_three_players():
    round2 = {"patrons": [53, 11, 12, 15, 18, 21],
              "plays": {"Ada": {"program": "A2+ A2+"}, "Bea": {"program": "A1- A1-"},
                        "Cy": {"program": "A1- A1-"}}}
    result = replay(completing(49, round2=round2, players=3))
    assert claims_of(result, 2, "Bea") == [
        {"kind": "failed_experiment", "patron": 53, "place": 2}]
    assert claims_of(result, 2, "Cy") == [
        {"kind": "failed_experiment", "patron": 53, "place": 3}]


def test_both_with_double_takes_one_type_twice_and_the_other_once():
    more = {2: {"patrons": [11, 12, 15, 18, 21],
                "plays": {"Ada": {"target": 86, "program": "B2+ B3+ A3+ A1+ A1+",
                                  "activate": []}}},
            3: {"patrons": [83, 24, 27, 29, 33],
                "plays": {"Ada": {"activate": [49, 86], "program": "A2- A1-",
                                  "picks": ["Science"]}}}}
    record = completing(49, more=more)
    record["rounds"][1]["plays"]["Ada"]["activate"] = []
    result = replay(record)
    assert player_json(result, "Ada")["influence"] == {"Art": 1, "Science": 2}


def test_reserve_patron_is_claimed_twice_by_its_owner_only():
    round2 = {"patrons": [11, 12, 15, 18, 21],
              "plays": {"Bea": {"program": "B3- A3- A1+ A1-"},  # 49 44 45 44
                        "Ada": {"program": "B3- A1-"}}}          # 45 44
    record = completing(59, name="Bea", round2=round2, activate=[{"id": 59, "patron": 44}],
                        more={3: {"patrons": [44, 24, 27, 29, 33]}})
    result = replay(record)
    assert claims_of(result, 2, "Bea") == [
        {"kind": "patron", "patron": 44, "took": "Engineering", "place": 1,
         "effects": ["RESERVE"]},
        {"kind": "patron", "patron": 44, "took": "Commerce", "place": 2,
         "effects": ["RESERVE"]}]
    assert claims_of(result, 2, "Ada") == []


def test_reserve_must_name_its_patron_in_a_record():
    record = completing(59, name="Bea")
    with pytest.raises(RecordError, match=r"Round 2, Bea: RESERVE 59 must name the Patron"):
        replay(record)


def test_choice_lets_the_second_claimer_take_the_type_already_taken():
    # Ada reaches 90 in Round 1, 91 in Round 2 (first: Art); Bea 93 → 92 → 91 second.
    more = {1: {"patrons": R1, "plays": {"Bea": {"target": 93, "program": REACH[93]},
                                         "Ada": {"program": "B2+ B3+ A3+"}}}}
    round2 = {"patrons": [91, 11, 12, 15, 18],
              "plays": {"Ada": {"program": "A1+"}, "Bea": {"program": "A1- A1-"}}}
    plain = completing(93, name="Bea", round2=round2, more=more, activate=[])
    plain["rounds"][1]["plays"]["Bea"]["picks"] = ["Art"]  # no choice: the pick is unused
    assert player_json(replay(plain), "Bea")["influence"] == {"Politics": 1}
    chosen = completing(93, name="Bea", round2=round2, more=more)
    chosen["rounds"][1]["plays"]["Bea"]["picks"] = ["Art"]
    result = replay(chosen)
    assert player_json(result, "Bea")["influence"] == {"Art": 1}
    assert claims_of(result, 2, "Bea")[0]["effects"] == ["CHOICE"]


def test_a_subroutine_is_activated_once():
    record = completing(14, more={3: {"plays": {"Ada": {"activate": [14]}}}})
    with pytest.raises(RecordError, match=r"Round 3, Ada: .*cannot activate Subroutine 14"):
        replay(record)


def test_nothing_is_activated_in_round_one():
    record = make_record(2, {1: {"plays": {"Ada": {"activate": [14]}}}})
    with pytest.raises(RecordError, match=r"Round 1, Ada: Subroutines are activated from Rou"):
        replay(record)


def test_a_subroutine_completed_in_round_4_is_never_activated():
    record = make_record(2, {4: {"patrons": [58, 11, 12, 15, 18],
                                 "plays": {"Ada": {"target": 23, "program": REACH[23]}}}})
    state = replay(record).state
    assert state.is_terminal()
    assert state.players["Ada"].completed == [(23, 4)]
    assert state.activatable("Ada") == ()
    assert state.legal_actions() == []


def test_no_take_that_removes_the_pairs():
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
                GameOptions(take_that=False))
    state = game.new_initial_state()
    assert [a.subroutine for a in state.legal_actions("Ada")] == [23, 31, 68, 86]
    record = completing(14)
    record["options"]["take_that"] = False
    with pytest.raises(RecordError, match=r"Round 1, Ada: Ada cannot target Subroutine 14"):
        replay(record)
