"""A computer's move told in words of its own (issue 31, item 4): :func:`lnb.dream.told.told`
over whole seeded games of every bot and every edition, in both languages."""

from __future__ import annotations

import re

from lnb.core.i18n import gettext, use_language
from lnb.core.messages import Listing, Text
from lnb.dream.actions import Action
from lnb.dream.bots import REGISTRY, make_bot
from lnb.dream.describe import describe
from lnb.dream.edition import EDITIONS
from lnb.dream.state import Game, State
from lnb.dream.told import told

#: Who a seat is in each language (as the app names a computer seat).
WHO = {"en": "Computer 1", "zh-CN": "电脑 1"}


def _games() -> list[tuple[str, str, int]]:
    """(edition, bot kind, seed): every edition with every bot, a few seeds for the fast
    bots (the planner looks ahead, so one game each)."""
    games = []
    for edition in EDITIONS.names:
        for kind in REGISTRY.names:
            seeds = (1,) if kind == "planner" else (1, 2)
            games += [(edition, kind, seed) for seed in seeds]
    return games


def _moves(edition: str, kind: str, seed: int) -> list[tuple[Action, State]]:
    """Every action of a seeded game of ``kind`` bots (2 seats), with the game before it."""
    state = Game(["Seat-x", "Seat-y"], edition=edition, seed=seed).new_initial_state()
    bots = {name: make_bot(kind, f"{seed}{name}") for name in state.names}
    moves = []
    while not state.is_terminal():
        action = bots[state.current_player].choose_action(state, state.current_player)
        moves.append((action, state.clone()))
        state.apply_action(action)
    return moves


def _untranslated(text: object) -> list[str]:
    """The templates in ``text`` (a :class:`Text` and the Texts and lists in it) that the
    current language's catalog lacks."""
    if isinstance(text, Listing):
        return [t for item in text.items for t in _untranslated(item)]
    if not isinstance(text, Text):
        return []
    words = re.sub(r"\{[^}]*\}", "", text.template)
    missing = [text.template] if re.search("[A-Za-z]", words) and (
        gettext(text.template) == text.template) else []
    return missing + [t for value in text.values.values() for t in _untranslated(value)]


def test_every_move_any_bot_plays_is_told_in_both_languages_not_as_its_button() -> None:
    verbs: set[str] = set()
    for edition, kind, seed in _games():
        for action, before in _moves(edition, kind, seed):
            verbs.add(action.verb)
            for language, who in WHO.items():
                with use_language(language):
                    said = str(told(action, before, before.edition, who))
                    button = str(describe(action, before.edition))
                where = f"{edition}/{kind}/{seed} {action} in {language}: {said!r}"
                assert said.startswith(who), where
                words = said.removeprefix(who).lstrip(" :：")  # not "Computer 1: <button>"
                assert words != button and not said.endswith(button), where
                assert action.player not in said, where  # the seat as shown, not its key
            with use_language("zh-CN"):  # every template translated (names may stay English)
                assert not _untranslated(told(action, before, before.edition, "电脑 1")), action
    # the games played every kind of move the bots make (a new kind would come untold)
    assert {"collect", "place", "area", "play", "pass", "publish", "visit", "join",
            "partner", "program", "assignment", "research", "discard", "build"} <= verbs, verbs


def test_a_move_is_told_from_the_game_before_it_which_it_leaves_unchanged() -> None:
    action, before = _moves("classroom", "greedy", 2)[34]
    seen = (len(before.history), before.step, before.players[action.player].copy())
    said = str(told(action, before, before.edition, "Computer 1"))
    assert said.startswith("Computer 1 ") and ": +" in said  # what it gained, after the words
    assert (len(before.history), before.step, before.players[action.player]) == seen
    before.apply_action(action)  # still legal: nothing of it was played
