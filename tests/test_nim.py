"""Nim's own rules (tests/nim_game.py): the fourth game plays by its rules, its perfect player
is perfect one against one, and its records refuse what is wrong with the kit's errors."""

from __future__ import annotations

import pytest
from nim_game import BOTS, RULES, Take, dumps, load, new_state, replay, write

from lnb.core.errors import BadInputError, GameError, RecordError
from lnb.core.table import Table


def test_taking_the_last_counter_wins():
    state = new_state(["Ada", "Bea"], options={"pile": 4, "most": 3})
    for action in (Take("Ada", 3), Take("Bea", 1)):
        state.apply_action(action)
    assert state.is_terminal() and state.winner == "Bea"
    assert state.returns() == {"Ada": 0, "Bea": 1} and state.legal_actions() == []


@pytest.mark.parametrize(("action", "reason"), [
    (Take("Bea", 1), "not-your-turn"), (Take("Ada", 4), "too-many"), (Take("Ada", 0), "too-many"),
    ("Ada: take 1", "bad-action")])
def test_an_illegal_action_is_refused_and_changes_nothing(action, reason):
    state = new_state(["Ada", "Bea"], options={"pile": 9})
    assert state.why_not(action).reason == reason
    with pytest.raises(GameError) as info:
        state.apply_action(action)
    assert info.value.reason == reason and state.pile == 9 and state.history == []


def test_a_pile_smaller_than_the_take_is_refused_with_what_it_holds():
    state = new_state(["Ada", "Bea"], options={"pile": 2})
    error = state.why_not(Take("Ada", 3))
    assert error.reason == "pile" and error.expected == 2


@pytest.mark.parametrize("options", [{"pile": 0}, {"pile": 100}, {"most": 10}, {"pile": "9"}])
def test_bad_options_are_refused(options):
    with pytest.raises(BadInputError):
        new_state(["Ada", "Bea"], options=options)


@pytest.mark.parametrize("seed", range(20))
def test_the_perfect_player_wins_one_against_one_from_a_winning_pile(seed):
    state = new_state(["Ada", "Bea"], seed=seed)
    if state.pile % (state.most + 1) == 0:
        state.apply_action(Take("Ada", 1))  # Ada moves first, from a lost pile
    first = state.player
    table = Table(state, {first: BOTS.make("perfect", seed),
                          next(n for n in state.names if n != first): BOTS.make("random", seed)},
                  RULES)
    table.advance()
    assert table.state.winner == first


def test_a_record_replays_and_refuses_a_changed_one():
    state = new_state(["Ada", "Bea", "Cy"], seed=3, options={"pile": 12})
    Table(state, {n: BOTS.make("random", 3) for n in state.names}, RULES).advance()
    record = write(state)
    assert replay(dumps(record)).state.returns() == state.returns()
    assert replay(record).finished
    with pytest.raises(RecordError) as info:
        replay({**record, "actions": [*record["actions"], "Ada: take 1"]})
    assert info.value.entry == f"actions[{len(record['actions'])}]"
    with pytest.raises(RecordError) as info:
        load({**record, "format": "lnb-game/1"})
    assert info.value.reason == "format"
    with pytest.raises(RecordError) as info:
        replay({**record, "options": {"pile": 500}})
    assert info.value.entry == "options"
