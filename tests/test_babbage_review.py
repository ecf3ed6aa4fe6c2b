"""Lovelace & Babbage's review (lnb.babbage.review, issue 32 item 1): each program against
the planner's from the same position and cards, judged at the end of its Round by the rules.

The property: the review's best choice is really that good. For every kept moment of many
seeded games, the record with the suggested program in place (and nothing else changed but
the picks its rows made) replays, by the records module from scratch, to at least the points
the review claims; the record as written replays to the points it says were played.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from lnb.babbage.bots import make_bot
from lnb.babbage.game import Game, GameOptions
from lnb.babbage.game.actions import parse_action
from lnb.babbage.game.random_play import play_random_game
from lnb.babbage.records import record_of, replay
from lnb.babbage.simulate import play_game
from lnb.cli import main
from lnb.core.i18n import use_language
from lnb.core.review import KEEP, review

PEOPLE = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville"),
          ("Di", "Luigi Federico Menabrea")]
KINDS = ("beginner", "greedy", "planner")
KINDS_OF_MISTAKE = {"babbage.remainder", "babbage.wrong-result", "babbage.subroutine",
                    "babbage.short", "babbage.one-row", "babbage.fewer"}


def bot_game(seed: int) -> dict:
    """A whole game of 2-4 computer players of mixed strengths (seeded)."""
    rng = random.Random(seed)
    people = PEOPLE[:rng.randint(2, 4)]
    bots = {name: make_bot(rng.choice(KINDS), seed) for name, _ in people}
    return record_of(play_game(bots, Game(people, seed=seed)))


def random_game(seed: int) -> dict:
    """A whole game of random programs, in mental-arithmetic play (wrong Results, Debugs)."""
    game = Game(PEOPLE[:3], GameOptions(mental_arithmetic=True), seed=seed)
    return record_of(play_random_game(game, seed))


def points(record: dict, rounds: int, who: str) -> int:
    """``who``'s points on the score sheet after the record's first ``rounds`` Rounds."""
    cut = dict(record, rounds=record["rounds"][:rounds])
    return replay(cut).sheet.player(who).total


RECORDS = [bot_game(seed) for seed in range(1, 9)] + [random_game(seed) for seed in (1, 2)]


def record_id(record: dict) -> str:
    """``bots-3`` (computer players, seed 3) or ``mental-1`` (random mental arithmetic)."""
    mental = record["options"].get("mental_arithmetic")
    return f"{'mental' if mental else 'bots'}-{record['seed']}"


@pytest.mark.parametrize("record", RECORDS, ids=record_id)
def test_the_suggested_program_replays_to_what_the_review_claims(record: dict) -> None:
    kept = copy.deepcopy(record)
    result = review("babbage", record)
    assert record == kept  # the record is never changed
    assert result.finished and result.players == tuple(p["name"] for p in record["players"])
    reviewer = result.reviewer
    for moment in result.every():
        number, who = moment.where["round"], moment.who
        best = parse_action(moment.best)
        assert moment.cost == moment.best_points - moment.played_points > 0
        assert moment.horizon == "round"
        assert moment.kind.key in KINDS_OF_MISTAKE
        if any(r.written is not None for r in best.program.rows):  # mental arithmetic
            wrong = [e for e in replay(record).events if e.round == number
                     and e.player == who and e.written not in (None, e.result)]
            assert bool(wrong) == (moment.kind.key in ("babbage.remainder",
                                                       "babbage.wrong-result"))
        assert parse_action(moment.played) == reviewer.actions[moment.index]
        assert points(record, number, who) == moment.played_points
        what_if = reviewer.what_if(moment.index)
        assert points(what_if, number, who) >= moment.best_points
        # The same position and cards: only this person's program (and its picks) changed.
        assert what_if["rounds"][:number - 1] == record["rounds"][:number - 1]
        mine, theirs = what_if["rounds"][number - 1], record["rounds"][number - 1]
        assert mine["level"] == theirs["level"] and mine["patrons"] == theirs["patrons"]
        assert mine["plays"][who]["program"] == str(best.program)
        for name, play in theirs["plays"].items():
            if name != who:
                assert mine["plays"][name]["program"] == play["program"]
                assert mine["plays"][name]["finished"] == play["finished"]
        # Try it again: the branch is that position, and the suggested program is legal there.
        branch = result.branch(moment)
        assert branch.round == number and branch.phase.value == "program"
        branch.apply_action(best)


def test_a_costly_program_is_told_in_words_in_both_languages() -> None:
    result = review("babbage", RECORDS[0])
    moments = list(result.every())
    assert moments and all(len(result.moments[n]) <= KEEP for n in result.players)
    moment = moments[0]
    english = str(moment.words)
    assert english.startswith(f"Round {moment.where['round']}, row {moment.where['row']}: ")
    assert str(parse_action(moment.best).program) in english
    assert f"({moment.best_points} " in english
    with use_language("zh_CN"):
        chinese = str(moment.words)
    assert chinese != english and f"第 {moment.where['round']} 回合" in chinese


def test_lnb_babbage_review_prints_the_review_and_json(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORDS[0]))
    assert main(["babbage", "review", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "babbage" and data["finished"] is True
    moment = next(m for p in data["players"] for m in p["moments"])
    assert moment["cost"] == moment["best_points"] - moment["played_points"] > 0
    assert main(["review", str(path)]) == 0  # the format says the game
    assert capsys.readouterr().out.startswith(f"{RECORDS[0]['players'][0]['name']}:\n")
    museum = tmp_path / "museum.json"
    museum.write_text(json.dumps({"format": "lnb-museum/1", "seed": 1, "actions": []}))
    assert main(["babbage", "review", str(museum)]) == 2
    assert "'lnb-museum/1'" in capsys.readouterr().err
