"""Properties over thousands of random seeded games, and fuzzed records.

Random legal players (``lnb.game.random_play``) play whole games with every option; each game
is checked for the invariants of the rules and replayed from its saved record.
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections import defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lnb.errors import LnbError
from lnb.game import Game, GameOptions
from lnb.game.random_play import play_random_game
from lnb.records import replay

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
           ("Di", "Luigi Federico Menabrea")]
GAMES = 2000


def options_for(seed: int) -> GameOptions:
    rng = random.Random(seed)
    handicap = {"Bea": rng.sample(["Art", "Science", "Commerce"], rng.randint(1, 2))} \
        if rng.random() < 0.2 else {}
    return GameOptions(take_that=rng.random() < 0.8, mental_arithmetic=rng.random() < 0.3,
                       handicap=handicap)


def check_invariants(state) -> None:
    types = state.edition.influence_types
    marks: dict[str, dict[str, int]] = {n: dict.fromkeys(types, 0) for n in state.names}
    for name in state.names:
        for kind in state.options.handicap_for(name):
            marks[name][kind] += 1
    per_patron: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for event in state.events:
        assert 0 <= event.before <= 99
        assert event.void or 0 <= event.result <= 99
        patron_claims = [c for c in event.claims if c.kind in ("patron", "failed_experiment")]
        assert len(patron_claims) <= 1  # one Patron per row
        assert sum(c.kind == "engine" for c in event.claims) <= 1  # engine bonus once per row
        for claim in event.claims:
            if claim.kind == "patron":
                taken = dict(claim.influence) if claim.influence else {claim.took: 1}
                for kind, n in taken.items():
                    marks[event.player][kind] += n
                per_patron[(event.round, claim.patron)].append(
                    {"player": event.player, "types": set(taken), "effects": claim.effects})
    for (_, _), claims in per_patron.items():
        if "RESERVE" in claims[0]["effects"]:
            assert len(claims) <= 2 and len({c["player"] for c in claims}) == 1
            continue
        assert len(claims) <= 2  # first and second only take Primary Influence
        assert len({c["player"] for c in claims}) == len(claims)
        if len(claims) == 2 and "CHOICE" not in claims[1]["effects"]:
            assert not claims[0]["types"] & claims[1]["types"]  # each type at most once
    sheet = state.score_sheet()
    for name, player in state.players.items():
        assert player.influence == marks[name]
        assert len(set(player.completed_subroutines)) == len(player.completed) <= 4
        assert player.debugs <= state.edition.max_debugs
        score = sheet.player(name)
        assert score.total == sum(score.parts.values())
    assert sorted(sheet.ranking) == sorted(state.names) and sheet.winners == sheet.ranking[:1]


def test_random_games_keep_the_rules_and_replay_to_the_same_result():
    claims = 0
    for seed in range(GAMES):
        players = PLAYERS[:2 + seed % 3]
        state = play_random_game(Game(players, options_for(seed), seed=seed), seed=seed)
        assert state.is_terminal()
        check_invariants(state)
        record = json.loads(json.dumps(state.to_record()))
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
        out.append(json.loads(json.dumps(state.to_record())))
    return out


RECORDS = _records()
JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 120) | st.text(max_size=8)
    | st.sampled_from(["A3+", "B2+Σ", "Art", "=42", "x/3", "A3+ 60, A4/ 31"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=10,
)


def _paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*path, i))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(RECORDS) - 1), st.integers(0, 10**6), JSON, st.booleans())
def test_fuzzed_records_raise_only_library_errors(which, where, value, delete):
    record = copy.deepcopy(RECORDS[which])
    paths = list(_paths(record))[1:]
    path = paths[where % len(paths)]
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    with contextlib.suppress(LnbError):  # anything else fails the test
        replay(record)


@settings(max_examples=100, deadline=None)
@given(JSON)
def test_arbitrary_json_is_refused_with_a_library_error(value):
    with pytest.raises(LnbError):
        replay({"format": "lnb-game/1", "players": value, "rounds": value})
