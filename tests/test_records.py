"""Game records lnb-game/1: golden records scored by hand, refusals naming Round, player and
row, save/load round trips, and ``lnb replay``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from game_kit import make_record

from lnb.babbage.errors import RecordError
from lnb.babbage.game import Game, Target
from lnb.babbage.game.random_play import play_random_game
from lnb.babbage.records import load, replay, save, write
from lnb.cli import main

RECORDS = Path(__file__).parent / "records"
GOLDEN = sorted(p for p in RECORDS.glob("*.json") if not p.name.endswith(".expected.json"))

DOC_EXAMPLE = {
    "format": "lnb-game/1", "edition": "standard",
    "options": {"take_that": True, "mental_arithmetic": False, "handicap": {"Bea": ["Art"]}},
    "players": [{"name": "Ada", "character": "Ada Lovelace"},
                {"name": "Bea", "character": "Charles Babbage"}],
    "rounds": [{"level": [], "patrons": [58, 17, 33, 71, 90], "plays": {}}] * 4,
}


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_golden_records_replay_to_their_hand_scored_result(path):
    expected = json.loads(path.with_suffix(".expected.json").read_text("utf-8"))
    result = replay(path).to_dict()
    assert result["players"] == expected["players"]
    assert result["winners"] == expected["winners"]


def test_golden_records_exist():
    assert GOLDEN


def test_the_format_documents_example_names_patrons_the_edition_lacks():
    with pytest.raises(RecordError, match=r"Round 1: unknown Patron 17"):
        replay(DOC_EXAMPLE)


def test_an_illegal_row_is_refused_naming_round_player_and_row():
    record = make_record(2, {2: {"plays": {"Bea": {"program": "A3+ A3+ C9+"}}}})
    with pytest.raises(RecordError, match=r"^Round 2, Bea: row 3 'C9\+': rack 9 does not"):
        replay(record)
    record = make_record(2, {2: {"plays": {"Bea": {"program": "A3+ A3+ D1+"}}}})
    with pytest.raises(RecordError, match=r"^Round 2, Bea: row 3 'D1\+': level D is not rev"):
        replay(record)


def test_a_player_missing_from_a_round_is_refused():
    record = make_record(2)
    del record["rounds"][2]["plays"]["Bea"]
    with pytest.raises(RecordError, match=r"^Round 3: player Bea is missing"):
        replay(record)


def test_a_bad_pick_is_refused_naming_the_row():
    rounds = {1: {"patrons": [58, 11, 12, 15, 18],
                  "plays": {"Ada": {"program": "A1+ A2+", "picks": ["Politics"]}}}}
    with pytest.raises(RecordError, match=r"^Round 1, Ada, row 2: pick 'Politics' cannot be"):
        replay(make_record(2, rounds))


def test_order_tokens_must_be_one_each():
    record = make_record(2, {1: {"plays": {"Ada": {"finished": 2}}}})
    with pytest.raises(RecordError, match=r"^Round 1: finished tokens \[2, 2\]"):
        replay(record)


def test_stopped_players_take_tokens_in_last_rounds_order():
    record = make_record(3, {1: {"plays": {"Cy": {"finished": 1}, "Ada": {"finished": 3},
                                           "Bea": {"finished": 2}}},
                             2: {"plays": {"Ada": {"stopped": True, "finished": 2},
                                           "Cy": {"stopped": True, "finished": 3},
                                           "Bea": {"finished": 1}}}})
    with pytest.raises(RecordError, match=r"^Round 2, Ada: finished 2, but the timer gives"):
        replay(record)
    record["rounds"][1]["plays"]["Ada"]["finished"] = 3
    record["rounds"][1]["plays"]["Cy"]["finished"] = 2
    assert write(replay(record).state)["rounds"][1]["plays"]["Cy"]["stopped"] is True


def test_records_have_at_most_four_rounds_and_the_right_format():
    record = make_record(2)
    record["rounds"].append(record["rounds"][0])
    with pytest.raises(RecordError, match="5 given; a game has at most 4"):
        replay(record)
    record["rounds"] = record["rounds"][:3]  # fewer: an unfinished game (test_game_resume)
    assert not replay(record).finished
    with pytest.raises(RecordError, match="this library reads 'lnb-game/1'"):
        replay({**make_record(2), "format": "lnb-game/2"})
    with pytest.raises(RecordError, match="invalid JSON"):
        load("{not json")


def test_save_load_replay_round_trip(tmp_path):
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville")],
                seed=9)
    state = play_random_game(game, seed=9)
    path = tmp_path / "game.json"
    save(state, path)
    result = replay(path)
    assert result.to_dict()["players"] == replay(write(state)).to_dict()["players"]
    assert [p.total for p in result.sheet.players] == \
        [p.total for p in state.score_sheet().players]
    assert load(path).players == tuple((n, p.character.name) for n, p in state.players.items())


def test_a_game_in_the_middle_of_a_round_is_not_saved(tmp_path):
    state = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")]).new_initial_state()
    state.apply_action(Target("Ada", 14))
    state.apply_action(Target("Bea", 12))
    with pytest.raises(RecordError, match=r"Round 1 is under way.*after this Round's rows"):
        save(state, tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()


def test_cli_replay_prints_the_documented_json(capsys):
    path = GOLDEN[0]
    assert main(["replay", str(path), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert set(printed) == {"players", "winners", "events", "finished"}
    assert printed["finished"] is True
    assert printed["players"] == json.loads(
        path.with_suffix(".expected.json").read_text("utf-8"))["players"]
    event = printed["events"][0]
    assert {"round", "player", "row", "operation", "before", "result", "claims"} <= set(event)


def test_cli_replay_prints_events_and_the_score_sheet(capsys):
    assert main(["replay", str(GOLDEN[0])]) == 0
    out = capsys.readouterr().out
    assert "Round 1 Bea row 2: A2+ 56 + 2 = 58 → Patron 58: Art (1st)" in out
    assert "Winner: Bea" in out


def test_cli_replay_refuses_a_bad_record_with_one_line(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(DOC_EXAMPLE), "utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("lnb replay: Round 1: unknown Patron 17") and err.count("\n") == 1


def test_unreadable_files_are_refused_in_words(tmp_path):
    from lnb.babbage.errors import RecordError
    from lnb.babbage.records import load

    binary = tmp_path / "game.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(RecordError, match="not UTF-8 text"):
        load(binary)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    with pytest.raises(RecordError, match="not a game record"):
        load(deep)


def test_a_seed_that_is_not_a_whole_number_is_refused():
    from lnb.babbage.errors import RecordError
    from lnb.babbage.records import load

    with pytest.raises(RecordError, match=r"seed: 1\.5 must be a whole number"):
        load({"format": "lnb-game/1", "seed": 1.5,
              "players": [{"name": "Ada", "character": "Ada Lovelace"},
                          {"name": "Bea", "character": "Charles Babbage"}], "rounds": []})
