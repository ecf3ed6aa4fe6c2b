"""Pause and predict (lnb.core.predict): the moments of a record of each game, their answers
equal to what the game's own replay shows, and the refusals of records of no game."""

from __future__ import annotations

import json

import pytest

from lnb.core.errors import GameError, RecordError
from lnb.core.game import get
from lnb.core.i18n import use_language
from lnb.core.predict import predictions


def babbage_record() -> dict:
    from lnb.babbage.game import Game
    from lnb.babbage.records import write
    from lnb.babbage.simulate import play_game

    game = get("babbage")
    state = play_game({"Ada": game.make_bot("greedy", 1), "Bea": game.make_bot("greedy", 2)},
                      Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=2))
    return write(state)


def museum_record() -> dict:
    from lnb.museum.records import write
    from lnb.museum.simulate import play_game
    from lnb.museum.state import Game

    return write(play_game(get("museum").make_bot("greedy", 1), Game(seed=3)))


def dream_record() -> dict:
    from lnb.dream.records import write
    from lnb.dream.simulate import play_game

    return write(play_game(["greedy", "greedy"], 4)[0])


def test_babbage_moments_are_the_replays_rows() -> None:
    from lnb.babbage.records import replay

    record = babbage_record()
    found = predictions(json.dumps(record))  # an upload's text
    events = replay(record).to_dict()["events"]
    assert found.game == "babbage" and len(found.moments) == len(events) > 10
    for moment, event in zip(found.moments, events, strict=True):
        assert moment.answer == event["result"] and moment.kind == "number"
        assert f"{event['result']:02d}" in str(moment.answer_text)
        assert event["operation"] in str(moment.question)
        assert moment.right(str(event["result"])) and not moment.right(str(event["result"] + 1))


def test_museum_moments_add_up_to_the_replays_score() -> None:
    from lnb.museum.records import replay

    record = museum_record()
    found = predictions(record)
    final = replay(record).state.score().total
    assert found.game == "museum" and len(found.moments) > 10
    assert sum(m.answer for m in found.moments) == final > 0
    assert str(found.moments[-1].after) == f"The map now scores {final}."
    actions = record["actions"]
    assert all(actions[m.index] in str(m.question) for m in found.moments)


def test_dream_moments_are_the_mills_equations() -> None:
    from lnb.dream.mill import Status

    record = dream_record()
    found = predictions(record)
    assert found.game == "dream" and found.moments
    keys = {k for k, _ in found.moments[0].choices}
    assert keys == {s.value for s in Status}
    for m in found.moments:
        assert m.kind == "choice" and m.answer in keys and m.right(m.answer)
        assert record["actions"][m.index].startswith(f"{m.who}: place")


@pytest.mark.parametrize("make", [babbage_record, museum_record, dream_record])
def test_every_moment_is_json_in_both_languages(make) -> None:
    found = predictions(make())
    english = found.as_dict()
    with use_language("zh-CN"):
        chinese = found.as_dict()
    assert json.loads(json.dumps(english)) == english
    first_en, first_zh = english["moments"][0], chinese["moments"][0]
    assert first_en["answer"] == first_zh["answer"]
    assert first_en["question"] != first_zh["question"]


@pytest.mark.parametrize("source, entry, reason", [
    ('{"format": "chess/1"}', "format", "unknown-format"),
    ("[1, 2]", "record", "not-object"),
    ("not json", "record", "invalid-json"),
])
def test_a_record_of_no_game_is_refused_with_its_fields(source, entry, reason) -> None:
    with pytest.raises(RecordError) as caught:
        predictions(source)
    assert caught.value.fields.get("reason") == reason
    if reason != "invalid-json":
        assert caught.value.fields.get("entry") == entry
        assert "lnb-museum/1" in str(caught.value)


def test_a_broken_record_is_refused_as_its_replay_refuses_it() -> None:
    record = museum_record()
    record["actions"][3] = "place 9z r0 @A1"
    with pytest.raises(RecordError) as caught:
        predictions(record)
    assert "actions[3]" in str(caught.value)


def test_a_game_without_the_hook_says_so() -> None:
    from lnb.core.game import GameType, register, unregister

    base = get("museum")
    hooks = {k: v for k, v in base.hooks.items() if k != "predict"}
    register(GameType("quiet", "Quiet", (1, 1), hooks, record_format="quiet/1"))
    try:
        with pytest.raises(GameError) as caught:
            predictions({"format": "quiet/1"})
        assert caught.value.fields.get("reason") == "no-hook"
    finally:
        unregister("quiet")


def test_a_poll_of_a_dream_choice_counts_the_right_ones_and_closes() -> None:
    from lnb.core.errors import BadInputError
    from lnb.core.predict_poll import Poll

    moment = predictions(dream_record()).moments[0]
    wrong = next(k for k, _ in moment.choices if k != moment.answer)
    poll = Poll(moment)
    poll.answer("a", moment.answer)
    poll.answer("b", wrong)
    poll.answer("c", wrong)
    poll.answer("c", moment.answer)  # changed before the reveal
    for bad, reason in (("  ", "empty"), ("x" * 21, "too-long")):
        with pytest.raises(BadInputError) as caught:
            poll.answer("d", bad)
        assert caught.value.fields.get("reason") == reason
    assert poll.mine("b") == wrong and poll.mine("d") is None
    tally = poll.reveal()
    assert (tally.answered, tally.right) == (3, 2)
    with pytest.raises(GameError) as closed:
        poll.answer("b", moment.answer)
    assert closed.value.fields.get("reason") == "revealed" and poll.tally() == tally
