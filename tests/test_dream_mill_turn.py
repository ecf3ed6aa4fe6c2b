"""The Mill turn (issue 31 item 3, edition ``classroom-3``): the die a player just moved, into
the Store or into the Mill, may be turned one up or down for £1; the old editions have no such
step. Its refusals, words in both languages, the bots' reasons and records."""

from __future__ import annotations

import json

import pytest

from lnb.core.errors import EditionError
from lnb.core.i18n import use_language
from lnb.dream.actions import Collect, Pass, Place, TurnDie, parse_action
from lnb.dream.bots import make_bot
from lnb.dream.decisions import touches_mill
from lnb.dream.describe import describe
from lnb.dream.dice import Die
from lnb.dream.edition import Colour, DreamReader, Edition
from lnb.dream.errors import IllegalActionError
from lnb.dream.reasons import place_reason
from lnb.dream.records import replay, write
from lnb.dream.simulate import simulate
from lnb.dream.state import Game, State

B, R = Colour.BLUE, Colour.RED


def _new(edition: str = "classroom-3") -> State:
    return Game(["Ada", "Bea"], edition=edition, seed=3).new_initial_state()


def _placed(face: int = 3, money: int = 3) -> State:
    """Ada has just put a blue die showing ``face`` into Mill cell A3."""
    state = _new()
    ada = state.players["Ada"]
    ada.store[0], ada.money = Die(B, face), money
    ada.mill.update({"A1": Die(R, 2), "A2": Die(R, 2)})
    ada.programs["A"] = "p01"  # a + b = c
    state.apply_action(Place("Ada", 1, "A3"))
    return state


def test_old_editions_have_no_mill_turn_and_go_straight_to_the_action() -> None:
    for name in ("classroom", "classroom-2"):
        assert Edition.load(name).mill_turn is None
        state = _new(name)
        state.players["Ada"].store[0] = Die(B, 3)
        state.apply_action(Place("Ada", 1, "A3"))
        assert state.step == "main"
        state = _new(name)
        state.apply_action(Collect("Ada", 1))
        assert state.step != "mill_turn"


def test_a_die_put_in_the_mill_may_be_turned_for_a_pound_and_then_acts_with_its_new_face(
        ) -> None:
    state = _placed(face=3)
    assert state.step == "mill_turn"
    assert state.legal_actions() == [TurnDie("Ada", "A3", 2), TurnDie("Ada", "A3", 4),
                                     Pass("Ada")]
    assert all(touches_mill(state, a) for a in state.legal_actions())
    state.apply_action(parse_action("Ada: turn A3 4"))
    ada = state.players["Ada"]
    assert ada.mill["A3"] == Die(B, 4) and ada.money == 2
    assert dict(state.statuses("Ada"))["A"].value == "true"  # 2 + 2 = 4
    assert state.step == "main" and state.pending[0] == ("main", "travel", 4)
    assert "Ada: visit dublin" in [str(a) for a in state.legal_actions()]  # 4 away


def test_passing_keeps_the_die_and_a_turn_is_refused_with_its_reason() -> None:
    state = _placed(face=6)
    assert state.legal_actions() == [TurnDie("Ada", "A3", 5), Pass("Ada")]  # no 7
    for text, reason in (("Ada: turn A3 4", "one-step"), ("Ada: turn B1 5", "not-this-die"),
                         ("Ada: collect 1", "wrong-step")):
        with pytest.raises(IllegalActionError) as caught:
            state.apply_action(parse_action(text))
        assert caught.value.reason == reason
    state.apply_action(Pass("Ada"))
    assert state.players["Ada"].mill["A3"] == Die(B, 6) and state.players["Ada"].money == 3
    assert state.pending[0] == ("main", "travel", 6)


def test_without_a_pound_the_turn_is_no_decision_and_is_skipped() -> None:
    state = _placed(face=3, money=0)
    assert state.step == "main"
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(TurnDie("Ada", "A3", 4))
    assert caught.value.reason == "wrong-step"


def test_a_die_taken_into_the_store_may_be_turned_to_meet_a_partners_requirement() -> None:
    state = _new()
    state.workshop[0] = Die(R, 4)
    state.players["Ada"].hand = ["babbage", *state.players["Ada"].hand[1:]]  # a die of 5 or 6
    state.apply_action(Collect("Ada", 1))
    assert state.step == "mill_turn" and TurnDie("Ada", "S1", 5) in state.legal_actions()
    state.apply_action(TurnDie("Ada", "S1", 5))
    assert state.players["Ada"].store[0] == Die(R, 5) and state.step == "workshop_play"
    assert any(a.verb == "play" and a.arguments() == ("babbage",)
               for a in state.legal_actions())


def test_the_turn_in_words_and_the_reason_for_it_in_both_languages() -> None:
    state = _placed(face=3)
    ed = state.edition
    turn = TurnDie("Ada", "A3", 4)
    with use_language("en"):
        assert str(describe(turn, ed)) == "turn the die in Mill cell A3 to 4 for £1"
        assert str(describe(TurnDie("Ada", "S2", 1), ed)) == \
            "turn the die of Store slot 2 to 1 for £1"
        assert str(place_reason(state, turn)) == (
            "the blue 3 in A3 turned to 4: row A 2 + 2 = 4 is true, 8 Prestige")
        assert str(place_reason(state, Pass("Ada"))) == (
            "the blue 3 in A3 kept as it is: row A 2 + 2 = 3 can no longer come true")
    with use_language("zh-CN"):
        words = str(describe(turn, ed)) + str(place_reason(state, turn))
    assert "A3" in words and "£1" in words and "turn" not in words and "Prestige" not in words


def test_a_greedy_bot_turns_a_die_when_it_makes_its_equation_true_and_says_why() -> None:
    state = _new()
    ada = state.players["Ada"]
    ada.store[0] = Die(B, 3)
    ada.mill.update({"A1": Die(R, 2), "A2": Die(R, 2)})
    ada.programs["A"] = "p01"
    bot = make_bot("greedy", 1)
    action = bot.choose_action(state, "Ada")
    assert action == Place("Ada", 1, "A3")  # it sees the turn coming
    state.apply_action(action)
    assert bot.choose_action(state, "Ada") == TurnDie("Ada", "A3", 4)
    assert "is true" in str(bot.reason)


def test_the_review_sorts_a_mill_turn_by_what_it_does_to_the_lines() -> None:
    from lnb.dream.review import FALSE_LINE, PASSED, classify

    state = _placed(face=3)  # A: 2 + 2 = 3 is false; a turn to 4 makes it true
    best = TurnDie("Ada", "A3", 4)
    assert classify(state, TurnDie("Ada", "A3", 2), best) is FALSE_LINE
    assert classify(state, Pass("Ada"), best) is FALSE_LINE  # the 3 stays: still false
    state = _new()
    state.players["Ada"].money = 3
    state.apply_action(Collect("Ada", 1))
    assert state.step == "mill_turn"  # a Store die's turn: no line of the Mill changes
    assert classify(state, Pass("Ada"), TurnDie("Ada", "S1", 4)) is PASSED


def test_a_classroom_3_game_is_recorded_and_replayed_turns_and_all() -> None:
    state = _new()
    bots = {n: make_bot("greedy", 2) for n in state.names}
    turned = 0
    while not state.is_terminal() and len(state.history) < 150:
        action = bots[state.current_player].choose_action(state, state.current_player)
        turned += isinstance(action, TurnDie)
        state.apply_action(action)
    state.players["Ada"].money = 5  # (a sure turn for the record)
    while state.step != "mill_turn" and not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(next((a for a in actions if isinstance(a, (Collect, Place))),
                                actions[-1]))
    if state.step == "mill_turn":
        state.apply_action(state.legal_actions()[0])
    record = write(state)
    assert record["edition"] == "classroom-3"
    assert any(" turn " in line for line in record["actions"])
    again = replay(json.loads(json.dumps(record))).state
    assert again.history == state.history


@pytest.mark.parametrize(("value", "entry"), [({"pay": {"gold": 1}}, "mill_turn.pay.gold"),
                                              ({"at": ["hand"]}, "mill_turn.at"),
                                              ({"pay": {"money": 0}}, "mill_turn.pay.money"),
                                              ([], "mill_turn")])
def test_a_broken_mill_turn_in_an_edition_file_names_its_entry(value: object,
                                                               entry: str) -> None:
    from lnb.dream.edition import EDITIONS

    data = json.loads(EDITIONS.read_text("classroom-3"))
    data["mill_turn"] = value
    with pytest.raises(EditionError) as caught:
        DreamReader(data, "x.json").read("x")
    assert entry in str(caught.value)


def test_in_classroom_3_two_decisions_in_five_touch_the_mill_and_programs_score_most() -> None:
    """Seeded (the same figures every time): 8 greedy games; docs/dream.md has 2,000."""
    summary = simulate(8, ["greedy", "greedy"], seed=31, edition="classroom-3")
    mill = sum(r.decisions.mill for r in summary.rows) / sum(
        r.decisions.decisions for r in summary.rows)
    assert mill >= 0.40
    shares = summary.winner_shares()
    assert max(shares, key=shares.__getitem__) == "programs"
    assert shares["assignments"] > 0 and shares["innovation"] > 0
