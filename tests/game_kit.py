"""Helpers for the game tests: small hand-written records with sensible defaults.

A test names only what it is about (a Round's Patrons, one player's program); every other
Round gets Patrons from the rest of the deck, empty programs and targets nobody reaches.
"""

from __future__ import annotations

import copy
from typing import Any

from lnb.babbage.edition import Edition

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
           ("Di", "Luigi Federico Menabrea")]
# Targets no default program reaches.
QUIET_TARGETS = {"Ada": 86, "Bea": 93, "Cy": 79, "Di": 94}
LEVELS = {1: [], 2: ["+-7", "x/3", "swap", "=42"], 3: ["copy>", "copy<", "+-30", "x/7"],
          4: ["=13", "+-9", "x/5", "+-15"]}
REVEALED = {2: 5, 3: 6, 4: 7}


def make_record(players: int = 2, rounds: dict[int, dict[str, Any]] | None = None,
                options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A 4-Round record; ``rounds[n]`` may give ``patrons`` and ``plays`` (per player, merged
    over the defaults: quiet target, no activation, empty program, tokens in seat order)."""
    rounds = copy.deepcopy(rounds or {})
    names = [n for n, _ in PLAYERS[:players]]
    used = {v for r in rounds.values() for v in r.get("patrons", [])}
    for r in rounds.values():
        for play in r.get("plays", {}).values():
            for item in play.get("activate", []):
                if isinstance(item, dict) and item.get("patron") is not None:
                    used.add(item["patron"])
    spare = [p.value for p in Edition.load().patrons if p.value not in used]
    out = []
    for number in range(1, 5):
        given = rounds.get(number, {})
        patrons = given.get("patrons")
        if patrons is None:
            patrons = [spare.pop(0) for _ in range(REVEALED[players])]
        plays = {}
        for seat, name in enumerate(names, start=1):
            play = {"target": QUIET_TARGETS[name], "activate": [], "program": "",
                    "finished": seat}
            play.update(given.get("plays", {}).get(name, {}))
            plays[name] = play
        out.append({"level": given.get("level", LEVELS[number]), "patrons": patrons,
                    "plays": plays})
    return {
        "format": "lnb-game/1",
        "edition": "standard",
        "options": {"take_that": True, "mental_arithmetic": False, **(options or {})},
        "players": [{"name": n, "character": c} for n, c in PLAYERS[:players]],
        "rounds": out,
    }


def claims_of(result: Any, round_no: int, player: str) -> list[dict[str, Any]]:
    """Every claim ``player`` made in Round ``round_no`` of a replay, in row order."""
    return [c for e in result.to_dict()["events"]
            if e["round"] == round_no and e["player"] == player for c in e["claims"]]


def player_json(result: Any, name: str) -> dict[str, Any]:
    """One player's entry of ``ReplayResult.to_dict()``."""
    return next(p for p in result.to_dict()["players"] if p["name"] == name)
