"""Lovelace & Babbage's game actions as text: ``action_text`` / ``parse_action`` round-trip
every action of many random games (every rule option, Debug rows, seconds, aims, names that
need quoting), read the JSON form the live rooms stored until now, and refuse bad text with
fields that say what was wrong."""

from __future__ import annotations

import random

import pytest
from game_checks import PLAYERS
from hypothesis import given, settings
from hypothesis import strategies as st
from room_rows_of_today import action_to_json

from lnb.babbage.errors import BadInputError, LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.actions import ACTION_TYPES, VERBS, action_text, parse_action
from lnb.babbage.game.random_play import finish_written, random_action
from lnb.core.game import get
from lnb.core.testing import playthrough

SAMPLES = [
    Target("Ada", 23), Target("Ada", 3), Activate("Ada", (5, 12)), Activate("Ada"),
    Activate("Ada", (5, 5)), WriteProgram("Ada", "A3+ A4/", ((68, 58),)),
    WriteProgram("Ada", "A3+ A4/", ((68, 58), (12, 7))), WriteProgram("Ada", ""),
    WriteProgram("Ada", "", ((68, 58),)), WriteProgram("Ada", "A3+ 60, B1+Σ 61"),
    WriteProgram("Ada", "B1+Σ A4/"), Finish("Ada"), Finish("Ada", 12.5), Finish("Ada", 12),
    Finish("Ada", 0.1 + 0.2), Finish("Ada", 1e-07), Finish("Ada", -3.0), TimeUp(),
    ResolveRow("Ada", patron=58, take="Art"), ResolveRow("Ada"), ResolveRow("Ada", patron=5),
    ResolveRow("Ada", take="Science"), ResolveRow("Ada", take="two words"),
    ResolveRow("Ada", take='"quoted"'), Debug("Ada", "A4/ 30"), Debug("Ada"),
    Recompute("Ada"), Finish("Ada Lovelace"), Finish("Ada: the first"), Finish(" Ada"),
    Finish('"Ada"'), Finish("{Ada}"), Finish("time up"), Finish("阿达"), Finish("A\nB"),
    Target("aims", 3), Finish("Ada", float("inf")),
]


@pytest.mark.parametrize("action", SAMPLES, ids=repr)
def test_each_kind_of_action_round_trips(action) -> None:
    text = action_text(action)
    assert "\n" not in text
    back = parse_action(text)
    assert back == action and type(back) is type(action)
    if isinstance(action, Finish):
        assert type(back.seconds) is type(action.seconds)  # 12 stays an int, 12.0 a float
    assert parse_action(action_to_json(action)) == action  # the rooms' stored form


def test_every_action_type_has_a_text_form() -> None:
    assert set(VERBS) | {TimeUp} == set(ACTION_TYPES)
    assert {type(a) for a in SAMPLES} == set(ACTION_TYPES)


def test_the_text_form_is_compact_and_untranslated() -> None:
    from lnb.core.i18n import use_language

    with use_language("zh-CN"):
        assert action_text(Target("Ada", 3)) == "Ada: target 3"
        assert action_text(WriteProgram("Ada", "A3+ B2x")) == "Ada: write A3+ B2x"
    assert action_text(Finish("Ada", 12.5)) == "Ada: finish 12.5"
    assert action_text(TimeUp()) == "time up"
    assert action_text(Activate("Bea", (12, 5))) == "Bea: activate 5 12"
    assert action_text(Debug("Bea", "A4/ 30")) == "Bea: debug A4/ 30"
    assert action_text(Recompute("Bea")) == "Bea: recompute"
    assert action_text(ResolveRow("Bea", take="two words")) == 'Bea: resolve take "two words"'


def test_the_game_type_hooks_are_these() -> None:
    babbage = get("babbage")
    action = WriteProgram("Ada", "A3+ A4/", ((68, 58),))
    assert babbage.action_text(action) == action_text(action)
    assert babbage.parse_action(babbage.action_text(action)) == action


def test_a_written_line_is_read_leniently() -> None:
    assert parse_action("  Ada :   TARGET   03 ") == Target("Ada", 3)
    assert parse_action("Time   Up") == TimeUp()
    assert parse_action("Ada: write a3+, b4S\tA4÷ AIMS 68:58") == \
        WriteProgram("Ada", "A3+ B4s A4/", ((68, 58),))
    assert parse_action("Ada: resolve take Art patron 58") == \
        ResolveRow("Ada", patron=58, take="Art")


def _random_games(count: int):
    """The actions of ``count`` random games, 2–4 players, every option, as played."""
    for seed in range(count):
        rng = random.Random(seed)
        options = GameOptions(take_that=seed % 3 != 0, mental_arithmetic=seed % 2 == 1,
                              operation_limit=(None, 3, 6)[seed % 3])
        game = Game(PLAYERS[: 2 + seed % 3], options, seed=seed)
        played: list = []

        def choose(state, r, played=played):
            action = random_action(state, r)
            played.append(action)
            return action

        def after(state, action, played=played):
            before = len(state.events)
            finish_written(state, action)
            if isinstance(action, WriteProgram):
                played.append(Finish(action.player))
            assert len(state.events) >= before

        playthrough(game.new_initial_state, choose, seed, after=after)
        yield rng, played


def _varied(action, rng: random.Random):
    """``action`` with the fields random play leaves out: a clock's seconds, aims."""
    if isinstance(action, Finish):
        return Finish(action.player, rng.choice([None, rng.random() * 90, rng.randint(0, 90)]))
    if isinstance(action, WriteProgram) and rng.random() < 0.3:
        aims = tuple((rng.randint(0, 99), rng.randint(0, 99)) for _ in range(rng.randint(1, 2)))
        return WriteProgram(action.player, action.program, aims)
    return action


def test_every_action_of_random_games_round_trips() -> None:
    kinds: set[type] = set()
    mental = resolves_with_choice = 0
    for rng, played in _random_games(40):
        for action in played:
            for one in (action, _varied(action, rng)):
                text = action_text(one)
                assert parse_action(text) == one, text
                assert parse_action(action_to_json(one)) == one
                kinds.add(type(one))
                if isinstance(one, (WriteProgram, Debug)) and any(
                        w is not None for w in one.program.written):
                    mental += 1
                if isinstance(one, ResolveRow) and (one.patron, one.take) != (None, None):
                    resolves_with_choice += 1
    assert kinds == set(ACTION_TYPES)  # Debug and Recompute rows, TimeUp: every kind met
    assert mental > 0 and resolves_with_choice > 0


@settings(max_examples=200, deadline=None)
@given(st.text(min_size=1).filter(lambda s: s.strip()), st.text(min_size=1),
       st.one_of(st.none(), st.floats(allow_nan=False), st.integers(-10**6, 10**6)))
def test_any_name_take_and_seconds_round_trip(name, take, seconds) -> None:
    for action in (Finish(name, seconds), ResolveRow(name, patron=7, take=take),
                   Activate(name, (1, 2)), Debug(name, "A3+")):
        assert parse_action(action_text(action)) == action


OLD_ROWS = [  # what room_moves.action holds in today's stores
    ('{"player": "Ada", "subroutine": 23, "type": "Target"}', Target("Ada", 23)),
    ('{"player": "Bea", "subroutines": [5, 12], "type": "Activate"}', Activate("Bea", (5, 12))),
    ('{"player": "Bea", "subroutines": [], "type": "Activate"}', Activate("Bea")),
    ('{"aims": [[68, 58]], "player": "Ada", "program": "A3+ A4/", "type": "WriteProgram"}',
     WriteProgram("Ada", "A3+ A4/", ((68, 58),))),
    ('{"aims": [], "player": "Ada", "program": "A3+ 60, B1+Σ 61", "type": "WriteProgram"}',
     WriteProgram("Ada", "A3+ 60, B1+Σ 61")),
    ('{"player": "Ada", "seconds": 12.5, "type": "Finish"}', Finish("Ada", 12.5)),
    ('{"player": "Ada", "seconds": null, "type": "Finish"}', Finish("Ada")),
    ('{"type": "TimeUp"}', TimeUp()),
    ('{"patron": 58, "player": "Ada", "take": "Art", "type": "ResolveRow"}',
     ResolveRow("Ada", 58, "Art")),
    ('{"player": "Ada", "program": "A4/ 30", "type": "Debug"}', Debug("Ada", "A4/ 30")),
    ('{"player": "Ada", "type": "Recompute"}', Recompute("Ada")),
]


@pytest.mark.parametrize(("row", "action"), OLD_ROWS)
def test_rows_the_rooms_stored_as_json_still_load(row, action) -> None:
    assert parse_action(row) == action
    assert parse_action(action_to_json(action)) == action


@pytest.mark.parametrize(("text", "entry", "expected_part"), [
    ("Ada target 3", "player", "name: verb ..."),
    (": target 3", "player", "name: verb ..."),
    ("Ada: jump 3", "verb", "target"),
    ("Ada:", "verb", "recompute"),
    ("Ada: target", "subroutine", "Ada: target 23"),
    ("Ada: target three", "subroutine", "Ada: target 23"),
    ("Ada: target 3 4", "subroutine", "Ada: target 23"),
    ("Ada: activate 5 x", "subroutines", "Ada: activate 5 12"),
    ("Ada: write A3+ aims 68", "aims", "aims 68:58"),
    ("Ada: write A3+ aims", "aims", "aims 68:58"),
    ("Ada: finish soon", "seconds", "Ada: finish"),
    ("Ada: finish 1_0", "seconds", "Ada: finish"),
    ("Ada: resolve patron", "patron", "Ada: resolve"),
    ("Ada: resolve patron x", "patron", "Ada: resolve"),
    ("Ada: resolve claim 5", "resolve", "Ada: resolve"),
    ("Ada: resolve patron 5 patron 6", "patron", "Ada: resolve"),
    ('Ada: resolve take "Art', "take", "Ada: resolve"),
    ("Ada: recompute now", "recompute", "Ada: recompute"),
    ('"Ada: finish', "player", '"name": verb ...'),
    ('"Ada" finish', "player", '"name": verb ...'),
    ("{", "json", "Finish"),
    ('{"type": "Jump"}', "json", "Target"),
    ('{"type": "Target", "player": "Ada"}', "json", "subroutine"),
    ('{"type": "Target", "player": "Ada", "subroutine": 3, "x": 1}', "json", "subroutine"),
    ("[]", "player", "name: verb ..."),
])
def test_bad_text_says_what_is_wrong_in_fields(text, entry, expected_part) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_action(text)
    err = caught.value
    assert (err.reason, err.entry, err.action) == ("bad-action", entry, text)
    assert expected_part in err.expected
    assert text[:20] in str(err)  # a long line is shown cut in the middle


@pytest.mark.parametrize(("text", "entry", "reason", "row"), [
    ("Ada: write A3+ A9+", "program", None, 2),  # the row's own error, and its row
    ("Ada: debug 30", "program", "no-operation", 1),
    ("Ada: resolve patron 120", "patron", "bad-action", None),  # the action's own check
    ('{"type": "Finish", "player": "Ada", "seconds": "soon"}', "seconds", "bad-action", None),
])
def test_a_field_the_action_refuses_keeps_its_own_error_fields(text, entry, reason,
                                                               row) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_action(text)
    err = caught.value
    assert (err.entry, err.action, err.row) == (entry, text, row)
    if reason is not None:
        assert err.reason == reason
    assert err.reason is not None


@pytest.mark.parametrize("value", [None, 3, b"Ada: finish", Finish("Ada")])
def test_only_text_is_an_action_line(value) -> None:
    with pytest.raises(BadInputError) as caught:
        parse_action(value)
    assert (caught.value.reason, caught.value.entry) == ("bad-action", "text")


def test_action_text_refuses_what_is_not_an_action() -> None:
    with pytest.raises(LnbError) as caught:
        action_text("Ada: finish")
    assert caught.value.reason == "not-an-action"
