"""The standard edition loads and matches RULES.md; a broken edition names the entry."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources

import pytest

from lnb import Edition, EditionError
from lnb.babbage.components import Kind


def raw() -> dict:
    data = resources.files("lnb.babbage.data").joinpath("standard.json")
    return json.loads(data.read_text("utf-8"))


def test_standard_edition_matches_the_rules() -> None:
    ed = Edition.load()
    assert [str(c) for c in ed.board["A"]] == ["+-1", "+-2", "+-5", "x/2"]
    assert [str(c) for c in ed.board["B"]] == ["+-50", "+-20", "+-10", "swap"]
    kinds = Counter(c.kind for c in ed.tokens)
    assert kinds == {Kind.ADD_SUB: 8, Kind.MUL_DIV: 6, Kind.SWAP: 3, Kind.COPY_RIGHT: 2,
                     Kind.COPY_LEFT: 2, Kind.SET_TO: 5}
    assert len(ed.patrons) == 28 and len({p.value for p in ed.patrons}) == 28
    assert ed.influence_types == ("Art", "Science", "Engineering", "Politics", "Commerce")
    assert {ch.name: [s.target for s in ch.subroutines] for ch in ed.characters} == {
        "Ada Lovelace": [14, 49, 23, 31, 68, 86],
        "Charles Babbage": [12, 59, 37, 74, 25, 93],
        "Mary Somerville": [8, 62, 41, 17, 79, 35],
        "Luigi Federico Menabrea": [16, 47, 53, 28, 71, 94],
    }
    take_that = sorted(s.target for ch in ed.characters for s in ch.subroutines if s.take_that)
    assert take_that == [8, 12, 14, 16, 47, 49, 59, 62]
    assert ed.patron(44).types == ("Engineering", "Commerce")


@pytest.mark.parametrize(
    ("mutate", "entry"),
    [
        (lambda d: d["patrons"][3].update(types=["Art", "Music"]), "Charlotte Brontë"),
        (lambda d: d["patrons"][0].update(value=120), "patrons[0]"),
        (lambda d: d["tokens"].__setitem__(5, "+-x"), "tokens[5]"),
        (lambda d: d["board"]["A"].pop(), "board.A"),
        (lambda d: d["characters"][1]["subroutines"][0].update(effect="FLY"), "Charles Babbage"),
        (lambda d: d.pop("influence_types"), "influence_types"),
        (lambda d: d["patrons"][1].update(value=11), "repeated: [11]"),
    ],
)
def test_broken_edition_names_the_entry(mutate, entry: str) -> None:
    data = raw()
    mutate(data)
    with pytest.raises(EditionError, match=entry.replace("[", r"\[").replace("]", r"\]")):
        Edition.from_json(json.dumps(data), source="broken.json")


def test_not_json() -> None:
    with pytest.raises(EditionError, match=r"broken\.json: not valid JSON"):
        Edition.from_json("{", source="broken.json")
    with pytest.raises(EditionError, match="no edition named 'retail'"):
        Edition.load("retail")
