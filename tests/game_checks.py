"""Checks shared by the game's property and resume tests: invariants, random options, and
fuzzing of records (the JSON strategy and mutations are the core harness's,
:mod:`lnb.core.testing`)."""

from __future__ import annotations

import random
from collections import defaultdict

from lnb.babbage.game import GameOptions
from lnb.core.testing import json_values, mutated

__all__ = ["JSON", "PLAYERS", "check_invariants", "mutated", "options_for"]

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
           ("Di", "Luigi Federico Menabrea")]


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


JSON = json_values(("A3+", "B2+Σ", "Art", "=42", "x/3", "A3+ 60, A4/ 31"))
