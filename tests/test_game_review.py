"""The review after a game (:mod:`lnb.core.review`) and the museum's ``review`` hook
(:mod:`lnb.museum.review`): the claims it makes hold when the branch is played, the record is
never changed, the command prints it, bad input is refused with a clear message."""

from __future__ import annotations

import copy
import json
import random

import pytest

from lnb.cli import main
from lnb.core.errors import GameError
from lnb.core.game import GameType, get, register, unregister
from lnb.core.i18n import use_language
from lnb.core.review import KEEP, Moment, costliest, review
from lnb.museum.bots import make_bot
from lnb.museum.records import write
from lnb.museum.state import Game, State


def pupil_game(seed: int, moves: int | None = None, slips: float = 0.3) -> State:
    """A pupil who mostly plays like the greedy player and now and then anything legal."""
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    state = Game(seed=seed).new_initial_state()
    while not state.is_terminal() and (moves is None or len(state.history) < moves):
        legal = state.legal_actions()
        state.apply_action(rng.choice(legal) if rng.random() < slips
                           else greedy.choose_action(state))
    return state


def planner_to_end(state: State) -> int:
    """The score the planner reaches from ``state`` (played on a copy)."""
    planner = make_bot("planner")
    play = state.clone()
    while not play.is_terminal():
        play.apply_action(planner.choose_action(play))
    return play.score().total


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_the_branch_with_the_suggested_move_scores_what_the_review_claims(seed: int) -> None:
    record = write(pupil_game(seed, moves=8, slips=0.6))
    kept = copy.deepcopy(record)
    result = review("museum", record)
    moments = result.moments["solo"]
    assert record == kept  # the record is never changed
    assert moments, "a pupil who plays at random half the time makes costly choices"
    assert len(moments) <= KEEP and [m.index for m in moments] == sorted(m.index for m in moments)
    for moment in moments:
        assert moment.cost == moment.best_points - moment.played_points > 0
        branch = result.branch(moment)
        assert [str(a) for a in branch.history] == record["actions"][:moment.index]
        best = branch.clone()
        best.apply_action(moment.best)
        assert planner_to_end(best) >= moment.best_points
        played = branch.clone()
        played.apply_action(moment.played)
        assert planner_to_end(played) == moment.played_points
        assert moment.played == record["actions"][moment.index]


def test_a_whole_game_keeps_the_three_costliest_and_a_planner_game_none() -> None:
    result = review("museum", write(pupil_game(11)))
    moments = result.moments["solo"]
    assert result.finished and len(moments) == KEEP
    assert min(m.cost for m in moments) > 0
    planner = make_bot("planner")
    state = Game(seed=11).new_initial_state()
    while not state.is_terminal():
        state.apply_action(planner.choose_action(state))
    assert review("museum", write(state)).moments["solo"] == ()
    assert "no choice cost points" in review("museum", write(state)).text()


def test_costliest_keeps_the_dearest_in_the_order_played() -> None:
    ms = [Moment("a", {}, "", "x", "y", best, 0, i) for i, best in enumerate([3, 0, 5, 3, 1])]
    assert [m.index for m in costliest(ms)] == [0, 2, 3]
    assert [m.index for m in costliest(ms, keep=1)] == [2]
    assert costliest([ms[1]]) == ()


def test_the_words_are_the_pupils_language() -> None:
    state = Game(seed=3).new_initial_state()
    state.apply_action("place 4a r0 @C1")
    moment = review("museum", write(state)).moments["solo"][0]
    english = str(moment.words)
    assert english.startswith("Turn 1, dice 4 and 5: you chose shape 4a with your 4 on C1")
    assert f"{moment.cost} more points" in english
    with use_language("zh-CN"):
        chinese = str(moment.words)
    assert chinese != english and "第 1 轮" in chinese and "得分" in chinese


def test_the_command_prints_the_review_and_json(tmp_path, capsys) -> None:
    state = Game(seed=3).new_initial_state()
    state.apply_action("place 4a r0 @C1")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(write(state)))
    assert main(["museum", "review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (moment,) = data["players"][0]["moments"]
    assert data["game"] == "museum" and data["players"][0]["name"] == "solo"
    assert moment["index"] == 0 and moment["played"] == "place 4a r0 @C1"
    assert moment["cost"] == moment["best_points"] - moment["played_points"] > 0
    assert main(["museum", "review", str(path)]) == 0
    assert capsys.readouterr().out.startswith("solo:\n  Turn 1, dice 4 and 5: you chose")


def test_bad_records_are_refused_with_what_was_wrong(tmp_path, capsys) -> None:
    other = tmp_path / "dream.json"
    other.write_text(json.dumps({"format": "lnb-dream/1", "seed": 1, "actions": []}))
    assert main(["museum", "review", str(other)]) == 2
    err = capsys.readouterr().err
    assert "'lnb-dream/1'" in err and "'lnb-museum/1'" in err
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps({"format": "lnb-museum/1", "seed": 1,
                                   "actions": ["place 4a r0 @C1"]}))
    assert main(["museum", "review", str(changed)]) == 2
    assert "actions[0] 'place 4a r0 @C1'" in capsys.readouterr().err


def test_a_game_without_a_review_says_so() -> None:
    museum = get("museum")
    plain = GameType("museum-plain", "plain", (1, 1),
                     {k: v for k, v in museum.hooks.items() if k != "review"})
    register(plain)
    try:
        with pytest.raises(GameError) as caught:
            review("museum-plain", write(Game(seed=1).new_initial_state()))
        assert caught.value.reason == "no-hook"
    finally:
        unregister("museum-plain")


# -- Ada's Dream: judged at the end of the turn, with the same dice for both choices --------

def dream_game(seed: int) -> dict:
    """A record of a whole game: Ada picks at random, Bea is the greedy computer player."""
    from lnb.dream.bots import make_bot as dream_bot
    from lnb.dream.records import write as dream_write
    from lnb.dream.state import Game as DreamGame

    bots = {"Ada": dream_bot("random", seed), "Bea": dream_bot("greedy", seed)}
    state = DreamGame(["Ada", "Bea"], seed=seed).new_initial_state()
    while not state.is_terminal():
        name = state.current_player
        state.apply_action(bots[name].choose_action(state, name))
    return dream_write(state, {"Bea": "greedy"})


def turn_end_worth(state, action, who: str, look: str) -> int:
    """What ``who``'s board is worth at the end of the turn after ``action`` and greedy play,
    every look drawing from the chance ``look`` (as the review documents)."""
    from lnb.dream.bots import GreedyBot, evaluate
    from lnb.dream.chance import DreamChance

    class Same(GreedyBot):
        def _look(self, s):
            return s.clone(DreamChance(look))

    bot = Same(0)
    twin = state.clone(DreamChance(look))
    twin.apply_action(action)
    for _ in range(40):
        if twin.is_terminal() or twin.current_player != who:
            break
        twin.apply_action(bot.choose_action(twin, who))
    return round(evaluate(twin, who))


@pytest.mark.parametrize("seed", [3, 8])
def test_a_dream_review_holds_when_its_branch_is_played(seed: int) -> None:
    from lnb.dream.records import _parse
    from lnb.dream.review import look_seed

    record = dream_game(seed)
    kept = copy.deepcopy(record)
    result = review("dream", record)
    assert record == kept and result.finished
    assert result.players == ("Ada",) and "Bea" not in result.moments  # a computer's seat
    moments = result.moments["Ada"]
    assert 0 < len(moments) <= KEEP
    for moment in moments:
        assert moment.horizon == "turn" and moment.cost > 0
        branch = result.branch(moment)
        assert [str(a) for a in branch.history] == record["actions"][:moment.index]
        look = look_seed(record["seed"], moment.index)
        best, played = _parse(moment.best), _parse(moment.played)
        assert best in branch.legal_actions("Ada")
        assert turn_end_worth(branch, best, "Ada", look) >= moment.best_points
        assert turn_end_worth(branch, played, "Ada", look) == moment.played_points
        assert "ahead" in str(moment.words) and str(moment.words).startswith("Your turn ")


def test_lnb_review_finds_the_game_by_the_records_format(tmp_path, capsys) -> None:
    state = Game(seed=3).new_initial_state()
    state.apply_action("place 4a r0 @C1")
    path = tmp_path / "museum.json"
    path.write_text(json.dumps(write(state)))
    assert main(["review", str(path)]) == 0
    assert capsys.readouterr().out.startswith("solo:\n  Turn 1, dice 4 and 5: you chose")
    babbage = tmp_path / "babbage.json"
    babbage.write_text(json.dumps({"format": "lnb-game/1", "players": []}))
    assert main(["review", str(babbage)]) == 2  # Lovelace & Babbage's review reads it
    assert "players: give 2 to 4 players" in capsys.readouterr().err
