"""Kinds of mistake on reviewed moments (lnb.core.review): each game's reviewer classifies a
costly choice from the board and the actions, and every kind reads in both languages."""

from __future__ import annotations

import random

import pytest

from lnb.core.i18n import use_language
from lnb.core.review import OTHER, declare_kind, kind_named, kinds, review
from lnb.dream.actions import parse_action as dream_action
from lnb.dream.review import classify as dream_classify
from lnb.dream.state import Game as DreamGame
from lnb.museum.actions import parse_action as museum_action
from lnb.museum.records import write as museum_write
from lnb.museum.review import _gaps
from lnb.museum.review import classify as museum_classify
from lnb.museum.state import Game as MuseumGame


def test_every_kind_reads_in_both_languages() -> None:
    found = kinds()
    assert {"other", "museum.hole", "museum.write", "dream.false-line"} <= set(found)
    for key, kind in found.items():
        assert kind.key == key and str(kind.text) == kind.words
        with use_language("zh-CN"):
            chinese = str(kind.text)
        assert chinese != kind.words and not chinese.isascii(), key


def test_a_key_declared_twice_with_other_words_is_refused() -> None:
    with pytest.raises(ValueError, match=r"'museum\.hole' is declared twice"):
        declare_kind("museum.hole", "a hole")
    assert declare_kind("museum.hole", kind_named("museum.hole").words) is \
        kind_named("museum.hole")


def test_a_key_no_game_declares_reads_as_another_choice() -> None:
    gone = kind_named("museum.gone")
    assert gone.key == "museum.gone" and gone.text == OTHER.text


def test_museum_kinds_come_from_the_board() -> None:
    state = MuseumGame(seed=0).new_initial_state()
    hole, fine = museum_action("place 4a r0 @C9"), museum_action("place 4a r0 @C1")
    after = state.clone()
    after.apply_action(hole)
    assert _gaps(after) & ~_gaps(state)  # C9 leaves a square only a 1 fills
    assert museum_classify(state, hole, fine).key == "museum.hole"
    assert museum_classify(state, fine, museum_action("place 5b r0 @D4")).key == \
        "museum.smaller"
    assert museum_classify(state, museum_action("place 4a r0 @E1"), fine).key == "museum.spot"
    assert state.history == []  # classifying changed nothing


#: A museum game of seed 0 (the greedy player's, with some random choices) up to two wild
#: shapes in hand.
WILDS = ("place 5b r3 @M1", "place 4a r0 @J1", "place 6b r2f @K2", "place 4a r2f @F1",
         "write 5 on binoculars", "place 2b r2 @B2", "place 5b r1 @M4", "write 3 on key",
         "place 5b r0 @K4", "place 5b r3f @L6", "place 2b r0 @B10", "place 3b r0f @F8",
         "place 5b r2f @G4", "place 2b r3 @K10", "write 4 on stopwatch", "place 3b r1f @J7",
         "write 1 on key", "place 3a r2 @E11", "place 6b r2 @I6", "place 7b r3 @I2",
         "place 1b r1 @J5", "place 4a r0 @K8", "place 1b r0 @N8", "write 3 on stopwatch")


def test_museum_kinds_of_abilities_and_writing() -> None:
    state = MuseumGame(seed=0).new_initial_state()
    for action in WILDS[:3]:
        state.apply_action(action)
    assert museum_classify(state, museum_action("place 4a r0 @C1"),
                           museum_action("write 4 on binoculars")).key == "museum.write"
    for action in WILDS[3:]:
        state.apply_action(action)
    assert state.wilds == 2
    assert museum_classify(state, museum_action("place 3a r0 @B4"),
                           museum_action("wild 0a r0 @C3")).key == "museum.ability"
    assert museum_classify(state, museum_action("wild 0a r0 @C3"),
                           museum_action("wild 0a r0 @C3")).key != "museum.ability"


def test_a_reviewed_museum_game_gives_each_moment_a_declared_kind() -> None:
    state = MuseumGame(seed=3).new_initial_state()
    state.apply_action("place 4a r0 @C1")
    moment = review("museum", museum_write(state)).moments["solo"][0]
    assert moment.kind.key == "museum.smaller"  # the planner draws the 5b, a bigger shape
    data = moment.as_dict()
    assert data["kind"] == "museum.smaller" and data["kind_words"] == str(moment.kind.text)


def _random_dream(count: int) -> DreamGame:
    state = DreamGame(["Ada", "Bea"], "classroom", seed=0).new_initial_state()  # its moments below
    rng = random.Random(0)
    for _ in range(count):
        state.apply_action(rng.choice(state.legal_actions(state.names[state.current])))
    return state


@pytest.mark.parametrize(("count", "played", "best", "key"), [
    (1, "Ada: pass", "Ada: play stoker", "dream.pass"),
    (10, "Ada: assignment a01 yellow", "Ada: program p01 1", "dream.program"),
    (27, "Ada: place 1 A1", "Ada: place 1 B2", "dream.off-line"),
    (41, "Ada: place 1 B2", "Ada: collect 1", "dream.false-line"),
    (91, "Bea: program p01 3", "Bea: program p01 1", "dream.dead-program"),
    (0, "Ada: collect 1", "Ada: collect 2", "dream.workshop-die"),
    (8, "Ada: collect 1", "Ada: place 1 A1", "dream.collected"),
    (8, "Ada: place 1 A1", "Ada: collect 1", "dream.placed"),
    (8, "Ada: place 1 A1", "Ada: place 1 B2", "dream.mill-cell"),  # no Program yet
])
def test_dream_kinds_come_from_the_mill(count: int, played: str, best: str, key: str) -> None:
    state = _random_dream(count)
    assert dream_classify(state, dream_action(played), dream_action(best)).key == key
