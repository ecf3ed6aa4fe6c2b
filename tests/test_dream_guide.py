"""The guided first game's library (``lnb.dream.guide``): each kind of decision explained
once, in both languages, a legal suggestion at every decision, a new kind of decision said
in the library's words rather than breaking."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from lnb.core.i18n import use_language
from lnb.dream.actions import Action
from lnb.dream.bots import make_bot
from lnb.dream.guide import GUIDED_SEED, KINDS, TOPICS, Guide, kind_of, lesson
from lnb.dream.state import Game, State


def guided_game(follow: bool, edition: str = "classroom") -> tuple[State, list[str], int]:
    """The guided game played to the end by the pupil (following the suggestions, or always
    their first legal action) against the greedy computer: the final state, the kinds
    explained in order, and the pupil's decisions."""
    state = Game(["You", "Computer"], edition, seed=GUIDED_SEED).new_initial_state()
    guide, computer = Guide(), make_bot("greedy", GUIDED_SEED)
    explained: list[str] = []
    decisions = 0
    while not state.is_terminal():
        if state.current_player != "You":
            state.apply_action(computer.choose_action(state, "Computer"))
            continue
        advice = guide.advise(state, "You")
        assert advice is not None and advice.move_text
        legal = state.legal_actions("You")
        assert advice.move in legal
        explained += [lesson.kind for lesson in advice.new]
        assert guide.advise(state, "You") == advice  # the same words when redrawn
        state.apply_action(advice.move if follow else legal[0])
        decisions += 1
    return state, explained, decisions


@pytest.mark.parametrize("edition", ["classroom", "classroom-3"])
def test_following_the_guide_every_kind_is_explained_once_and_the_pupil_wins(
        edition: str) -> None:
    state, explained, decisions = guided_game(follow=True, edition=edition)
    assert state.is_terminal() and decisions > 40
    assert len(explained) == len(set(explained))
    assert {"workshop", "mill", "play", "program", "publish", "research"} <= set(explained)
    assert len(explained) >= 12, explained
    totals = {row.player: row.total for row in state.score_sheet().rows}
    assert totals["You"] > totals["Computer"], totals  # a friendly first game


def test_a_pupil_who_ignores_the_guide_is_still_guided_once_per_kind() -> None:
    state, explained, _decisions = guided_game(follow=False)
    assert state.is_terminal()
    assert len(explained) == len(set(explained)) and {"workshop", "mill"} <= set(explained)


def test_an_editions_own_decision_the_mill_turn_is_explained_once() -> None:
    _state, explained, _decisions = guided_game(follow=True, edition="classroom-3")
    assert explained.count("mill_turn") == 1 and len(explained) == len(set(explained))


def test_nothing_to_advise_when_it_is_not_the_pupils_turn() -> None:
    state = Game(["You", "Computer"], seed=GUIDED_SEED).new_initial_state()
    assert Guide().advise(state, "Computer") is None


@dataclass(frozen=True)
class Swap(Action):
    """An action of a verb the guide has never met (a rule added later)."""

    verb: ClassVar[str] = "swap"


def test_a_new_kind_of_decision_is_said_in_the_librarys_words() -> None:
    state = Game(["You", "Computer"], seed=GUIDED_SEED).new_initial_state()
    kind = kind_of(state, Swap("You"))
    assert kind == "new:turn"
    said = lesson(kind, state)
    assert str(said.title) == "A new decision"
    assert str(said.words) == ("take a die from the Workshop or move a die from the Store "
                               "into the Mill")


def test_every_kind_and_help_entry_is_worded_in_both_languages() -> None:
    assert set(TOPICS) <= set(KINDS)
    for kind in KINDS:
        english = lesson(kind)
        title, words = str(english.title), str(english.words)
        with use_language("zh-CN"):
            assert str(english.title) != title and str(english.words) != words, kind
    with use_language("zh-CN"):
        assert "出版" in str(lesson("publish").title)
