"""Errors as data: every error the rules raise is of the ``LnbError`` family and carries its
facts as fields (row, text, expected, reason, player, round...), so no caller parses a message.

Also the small input fixes that go with it: records with a byte-order mark, digits other than
0–9, and ``lnb replay FILE | head -1``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from game_kit import make_record
from hypothesis import given
from hypothesis import strategies as st

from lnb.babbage import records
from lnb.babbage.board import Board
from lnb.babbage.components import Component, Kind
from lnb.babbage.errors import (
    GameError,
    InvalidOperationError,
    LevelNotRevealedError,
    LnbError,
    OutOfRangeError,
    OverLimitError,
    RecordError,
    WrongFunctionError,
)
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.random_play import play_random_game
from lnb.babbage.hints import check_answer
from lnb.babbage.operations import Operation
from lnb.babbage.programs import Program
from lnb.babbage.puzzles import Puzzle

PAIRS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")]
BOARD = Board.standard()  # A: ±1 ±2 ±5 ×÷2, B: ±50 ±20 ±10 Swap; C–E hidden


@pytest.fixture(scope="module")
def finished_record() -> dict:
    return records.write(play_random_game(Game(PAIRS, seed=5), seed=5))


# ------------------------------------------------------------------ engine errors' fields


def test_a_wrong_function_names_row_text_and_the_right_spellings():
    with pytest.raises(WrongFunctionError) as info:
        Program.parse("A3+ A4+").run(BOARD)
    err = info.value
    assert (err.row, err.text, err.reason) == (2, "A4+", "wrong-function")
    assert err.expected == ("A4x", "A4/")
    assert err.fields["detail"] == "A4 is ×÷2, write A4x or A4/"
    assert str(err) == "row 2 'A4+': A4 is ×÷2, write A4x or A4/"


def test_out_of_range_gives_the_allowed_range_and_the_result():
    with pytest.raises(OutOfRangeError) as info:
        Program.parse("B1+").run(BOARD, start=55)
    err = info.value
    assert (err.row, err.text, err.reason, err.expected) == (1, "B1+", "out-of-range", (0, 99))
    assert (err.fields["value"], err.fields["result"]) == (55, 105)
    assert err.fields["detail"].startswith("55 + 50 = 105 leaves 00–99")


def test_a_hidden_level_names_the_revealed_ones():
    with pytest.raises(LevelNotRevealedError) as info:
        Program.parse("A3+ C1+").run(BOARD)
    err = info.value
    assert (err.row, err.text, err.reason) == (2, "C1+", "level-not-revealed")
    assert err.expected == ("A", "B")
    assert err.fields["level"] == "C"
    assert err.fields["detail"] == "level C is not revealed yet; use a level on the board: A, B"


def test_over_the_limit_names_the_first_extra_row_and_the_limit():
    with pytest.raises(OverLimitError) as info:
        Program.parse("A1+ A1+ A1+ A1+ A1+ A1+ A1+").run(BOARD, limit=5)
    err = info.value
    assert (err.row, err.text, err.reason, err.expected) == (6, "A1+", "over-limit", 5)
    assert err.fields["extra"] == 2


def test_a_rack_that_does_not_exist():
    with pytest.raises(InvalidOperationError) as info:
        Program.parse("A3+ A9+")
    err = info.value
    assert (err.row, err.text, err.reason, err.expected) == (2, "A9+", "bad-rack", (1, 2, 3, 4))
    assert str(err).startswith("row 2 'A9+': rack 9 does not exist")


@pytest.mark.parametrize(("text", "reason"), [
    ("F3+", "bad-level"), ("A3", "missing-function"), ("A3%", "bad-function"),
    ("A3+?", "unexpected-text"), ("33", "no-operation"), ("+", "bad-notation"),
])
def test_every_badly_written_row_has_a_reason(text: str, reason: str):
    with pytest.raises(InvalidOperationError) as info:
        Program.parse(text)
    assert info.value.reason == reason
    assert info.value.row == 1


@pytest.mark.parametrize(("text", "says", "reason"), [
    ("A3+A4/", "two rows are stuck together: put a space between them, like A3+ A4/",
     "unexpected-text"),
    ("A3++", "a row ends with its sign, so '+' after A3+ is one thing too many: write A3+",
     "unexpected-text"),
    ("A3", "the sign is missing: after A3 write what to do", "missing-function"),
    ("A3%", "'%' is not a sign a row can use", "bad-function"),
    ("+", "a row is a letter for the level (A to E), a number for the rack (1 to 4)",
     "bad-notation"),
    ("33", "a program starts with a row like A3+", "no-operation"),
])
def test_a_typo_says_what_was_expected_in_plain_words(text: str, says: str, reason: str):
    with pytest.raises(InvalidOperationError) as info:
        Program.parse(text)
    err = info.value
    assert says in err.fields["detail"] and says in str(err)
    assert err.reason == reason and err.expected is not None and err.row == 1
    assert "(the SIGMA row)" not in str(err) and "may follow" not in str(err)


def test_written_results_carry_fields():
    with pytest.raises(InvalidOperationError) as info:
        Program.parse("A3+ 60 61")
    assert (info.value.row, info.value.text, info.value.reason) == (1, "A3+ 60 61", "two-results")
    with pytest.raises(InvalidOperationError) as info:
        Program.parse("A3+ 160")
    assert (info.value.reason, info.value.expected) == ("out-of-range", (0, 99))


def test_bad_tokens_and_components_carry_fields():
    with pytest.raises(InvalidOperationError) as info:
        Component.parse_token("+-x")
    assert (info.value.text, info.value.reason) == ("+-x", "bad-token")
    with pytest.raises(InvalidOperationError) as info:
        Component(Kind.MUL_DIV, 12)
    assert (info.value.text, info.value.reason, info.value.expected) == ("x/12", "out-of-range",
                                                                          (2, 9))
    with pytest.raises(InvalidOperationError) as info:
        Board.standard(levels={"C": "+-7,x/3"})
    assert (info.value.reason, info.value.expected, info.value.fields["level"]) == (
        "token-count", 4, "C")


@pytest.mark.parametrize("call", [
    lambda: Component(Kind.ADD_SUB, "5"),
    lambda: Component("x/"),
    lambda: BOARD.component("A", 9),
    lambda: Board.standard(levels={3: "+-7,x/3,swap,=42"}),
    lambda: Board.standard(levels={"C": 7}),
    lambda: Component.parse_token("+-5").apply("+", 5),
    lambda: Program.parse("A3+").run(BOARD, start="55"),
    lambda: Program.parse("A3+").run(BOARD, limit="5"),
    lambda: Program().with_row(5),
    lambda: Program().with_row("A3+", written="60"),
])
def test_wrong_types_handed_to_the_engine_raise_the_family(call):
    with pytest.raises(LnbError) as info:
        call()
    assert info.value.reason


def test_the_builder_reason_has_no_row_prefix():
    from widgets.babbage.program_builder import illegal_reason

    assert illegal_reason(Operation.parse("A4+"), 55, BOARD) == "A4 is ×÷2, write A4x or A4/."
    assert illegal_reason(Operation.parse("C1+"), 55, BOARD).startswith("Level C is not")


def test_check_answer_takes_the_row_from_the_error():
    feedback = check_answer(Puzzle(start=55, targets=(30,), limit=3), "A3+ A9+")
    assert feedback.row == 2 and not feedback.solved
    assert feedback.message.startswith("Row 2 'A9+': rack 9 does not exist")


# ------------------------------------------------------------------ digits other than 0–9


@pytest.mark.parametrize("text", ["A٣+", "A３+", "Ａ３＋", "B۲x"])
def test_unicode_digits_in_a_row_are_badly_written(text: str):
    with pytest.raises(InvalidOperationError) as info:
        Operation.parse(text)
    assert info.value.reason in ("bad-digits", "bad-notation")
    with pytest.raises(InvalidOperationError):
        Program.parse(f"A3+ {text}")


def test_a_unicode_digit_names_the_plain_spelling():
    with pytest.raises(InvalidOperationError) as info:
        Program.parse("A1+ A٣+")
    assert (info.value.row, info.value.reason, info.value.expected) == (2, "bad-digits", "A3+")
    assert "digits 0 to 9" in str(info.value)


@pytest.mark.parametrize("written", ["٦٠", "６０", "6０"])
def test_unicode_digits_in_a_written_result_are_badly_written(written: str):
    with pytest.raises(InvalidOperationError) as info:
        Program.parse(f"A3+ {written}")
    err = info.value
    assert (err.row, err.text, err.reason, err.expected) == (1, f"A3+ {written}", "bad-digits",
                                                             "60")


def test_unicode_digits_in_a_token_are_refused():
    with pytest.raises(InvalidOperationError):
        Component.parse_token("+-٧")


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_the_family(text: str):
    try:
        program = Program.parse(text)
    except LnbError as exc:
        assert exc.message
        return
    assert all(r.written is None or 0 <= r.written <= 99 for r in program.rows)
    assert Program.parse(str(program)) == program


@given(st.text(alphabet="ABCDEFab0123456789٣３+-x/sc=*÷Σ! ,²", max_size=20))
def test_near_miss_text_parses_or_raises_the_family(text: str):
    try:
        Program.parse(text)
    except LnbError as exc:
        assert exc.message


# ------------------------------------------------------------------ actions check themselves


@pytest.mark.parametrize(("make", "entry"), [
    (lambda: Target(None, 23), "player"),
    (lambda: Target("", 23), "player"),
    (lambda: Target("Ada", "23"), "subroutine"),
    (lambda: Target("Ada", True), "subroutine"),
    (lambda: Finish(None), "player"),
    (lambda: Finish("Ada", seconds="soon"), "seconds"),
    (lambda: WriteProgram(None, "A3+"), "player"),
    (lambda: WriteProgram("Ada", 5), "program"),
    (lambda: WriteProgram("Ada", "A3+", aims=(68, 58)), "aims"),
    (lambda: Activate("Ada", 5), "subroutines"),
    (lambda: Activate("Ada", "5"), "subroutines"),
    (lambda: Activate("Ada", ("5",)), "subroutines"),
    (lambda: ResolveRow("Ada", patron="58"), "patron"),
    (lambda: ResolveRow("Ada", patron=100), "patron"),
    (lambda: ResolveRow("Ada", take=3), "take"),
    (lambda: Debug(7, "A3+"), "player"),
    (lambda: Debug("Ada", None), "program"),
    (lambda: Recompute(None), "player"),
    (lambda: TimeUp("Ada"), "player"),
])
def test_an_action_refuses_bad_fields_when_made(make, entry: str):
    with pytest.raises(GameError) as info:
        make()
    err = info.value
    assert (err.entry, err.reason) == (entry, "bad-action")
    assert err.expected is not None or entry == "player"
    assert entry in str(err)


def test_activate_with_a_bare_number_says_to_pass_a_tuple():
    with pytest.raises(GameError, match=r"pass a tuple .* like \(5,\)") as info:
        Activate("Ada", 5)
    assert info.value.player == "Ada"


def test_resolve_row_patron_must_be_a_number():
    with pytest.raises(GameError, match="Patron's value as a whole number 0 to 99") as info:
        str(ResolveRow("Ada", patron="58"))
    assert (info.value.fields["value"], info.value.expected) == ("58", (0, 99))


def test_apply_action_refuses_what_is_not_an_action():
    state = Game(PAIRS, seed=1).new_initial_state()
    for thing in (None, "Target Ada 23", 5):
        with pytest.raises(GameError, match="is not an action") as info:
            state.apply_action(thing)
        assert info.value.reason == "not-an-action"

    class MyTarget(Target):
        pass

    with pytest.raises(GameError, match="is not an action"):
        state.apply_action(MyTarget("Ada", 23))
    with pytest.raises(GameError) as info:
        state.apply_action(Finish("Ada"))
    assert (info.value.reason, info.value.player, info.value.round) == ("wrong-phase", "Ada", 1)
    state.apply_action(Target("Ada", 23))  # nothing was half-applied
    assert state.players["Ada"].play.target == 23


# ------------------------------------------------------------------ games and options


def test_options_as_a_dict_are_read_as_game_options():
    game = Game(PAIRS, {"take_that": False}, seed=3)
    assert game.options == GameOptions(take_that=False)
    with pytest.raises(GameError, match="unknown option 'take_this'") as info:
        Game(PAIRS, {"take_this": False})
    assert info.value.reason == "unknown-option"
    assert "take_that" in info.value.expected


def test_options_of_another_type_are_refused_naming_game_options():
    with pytest.raises(GameError, match="GameOptions") as info:
        Game(PAIRS, ["take_that"])
    assert info.value.entry == "options"


@pytest.mark.parametrize("seed", ["abc", 1.5, True])
def test_a_seed_must_be_an_int(seed):
    with pytest.raises(GameError, match="seed") as info:
        Game(PAIRS, seed=seed)
    assert (info.value.entry, info.value.reason) == ("seed", "bad-seed")


@pytest.mark.parametrize("field", ["take_that", "mental_arithmetic"])
def test_options_must_be_booleans_when_made(field: str):
    with pytest.raises(GameError, match=f"{field} 'yes': give True or False") as info:
        GameOptions(**{field: "yes"})
    assert (info.value.entry, info.value.reason) == (field, "bad-option")


def test_game_players_errors_carry_fields():
    with pytest.raises(GameError) as info:
        Game([("Ada", "Ada Lovelace"), ("Ada", "Charles Babbage")])
    assert (info.value.player, info.value.reason) == ("Ada", "same-name")
    with pytest.raises(GameError) as info:
        Game([("Ada", "Ada Lovelace"), ("Bea", "Nobody")])
    assert info.value.player == "Bea"


# ------------------------------------------------------------------ records


@pytest.mark.parametrize("source", [None, 5, 3.5, b"{}", ["format"]])
def test_load_and_replay_refuse_what_is_not_a_record(source):
    with pytest.raises(RecordError, match="give JSON text, a file Path or a dict") as info:
        records.load(source)
    assert (info.value.entry, info.value.reason) == ("record", "bad-type")
    with pytest.raises(RecordError):
        records.replay(source)


def test_a_record_with_a_byte_order_mark_loads(tmp_path: Path, finished_record: dict):
    text = json.dumps(finished_record)
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert records.replay(path).finished
    assert records.replay("\ufeff" + text).finished


def test_a_replayed_rule_break_carries_round_player_row_and_the_engine_facts():
    record = make_record(2, {2: {"plays": {"Bea": {"program": "A3+ A3+ C9+"}}}})
    with pytest.raises(RecordError) as info:
        records.replay(record)
    err = info.value
    assert (err.round, err.player, err.row) == (2, "Bea", 3)
    assert (err.text, err.reason, err.expected) == ("C9+", "bad-rack", (1, 2, 3, 4))


def test_a_states_error_naming_the_player_is_not_said_twice():
    state = Game(PAIRS, seed=1).new_initial_state()
    entry = records.load(make_record(2)).rounds[0]
    exc = GameError("Ada: Subroutine 68 is not an activated NEAR", player="Ada",
                    detail="Subroutine 68 is not an activated NEAR")
    err = records._Round(state, 1, entry).refused("Ada", exc)
    assert str(err) == "Round 1, Ada: Subroutine 68 is not an activated NEAR"
    assert (err.round, err.player) == (1, "Ada")


# ------------------------------------------------------------------ the command line


@pytest.fixture()
def record_file(tmp_path: Path, finished_record: dict) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record), "utf-8")
    return path


def test_replay_into_head_exits_quietly(record_file: Path):
    done = subprocess.run(
        ["bash", "-c", f'set -o pipefail; "{sys.executable}" -m lnb.cli replay "{record_file}" '
         "| head -1"], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.startswith("Round 1 ")


@pytest.mark.parametrize("args", [["replay"], ["replay", "--json"], ["board"],
                                  ["run", "A3+ A4/"]])
def test_output_to_a_closed_pipe_exits_quietly(record_file: Path, args: list[str]):
    argv = [*args[:1], str(record_file), *args[1:]] if args[0] == "replay" else args
    proc = subprocess.Popen([sys.executable, "-m", "lnb.cli", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the command writes a line
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0, err
    assert err == b""


# ------------------------------------------------------------------ messages are templates


def test_a_message_is_a_template_over_the_fields_translated_when_shown():
    from lnb.core import i18n

    with pytest.raises(InvalidOperationError) as info:
        Program.parse("A3+ A9+")
    err = info.value
    assert err.template.template == "{where}{detail}" and err.fields["detail"].template == (
        "rack {rack} does not exist; racks are numbered 1 to 4, e.g. {example}")
    assert err.fields["detail"].values == {"rack": "9", "example": "A3+"}
    with i18n.use_language("zh-CN"):
        assert str(err) == "第 2 行 'A9+'：第 9 列不存在；列的编号是 1 到 4，例如 A3+"
        assert (err.row, err.text, err.reason, err.expected) == (2, "A9+", "bad-rack",
                                                                 (1, 2, 3, 4))
    assert str(err) == "row 2 'A9+': rack 9 does not exist; racks are numbered 1 to 4, e.g. A3+"


def test_a_record_error_names_round_and_player_in_the_language_shown():
    from lnb.core import i18n

    record = make_record(2, {2: {"plays": {"Bea": {"program": "A3+ A3+ C9+"}}}})
    with pytest.raises(RecordError) as info:
        records.replay(record)
    with i18n.use_language("zh-CN"):
        assert str(info.value).startswith("第 2 回合，Bea：第 3 行 'C9+'：")
    assert (info.value.round, info.value.player, info.value.row) == (2, "Bea", 3)
