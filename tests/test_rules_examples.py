"""Every worked example of RULES.md §1, §2 and §6, through the library and the `lnb` command."""

from __future__ import annotations

import json

import pytest

from lnb import Board, Operation, Program
from lnb.babbage.errors import InvalidOperationError, OutOfRangeError
from lnb.cli import main

COPY_BOARD = Board.standard({"C": "copy>,copy<,swap,=42"})


@pytest.mark.parametrize(
    ("start", "row", "result"),
    [
        (55, "A3+", 60),  # §1 Add/Sub
        (55, "A4/", 27),  # §1 Mul/Div floors
        (56, "B3-", 46),  # §1 the misprinted 56 − 10 = 46
        (55, "B2+Σ", 95),  # §3 SIGMA: B2+Σ adds 40
        (64, "B4s", 46),
        (7, "B4s", 70),
        (70, "B4s", 7),
    ],
)
def test_worked_examples_on_the_standard_board(start: int, row: str, result: int) -> None:
    step = Operation.parse(row).apply(start, Board.standard())
    assert step.result == result


@pytest.mark.parametrize(
    ("start", "row", "result"),
    [(64, "C1c", 66), (7, "C1c", 0), (64, "C2c", 44), (7, "C2c", 77), (12, "C4=", 42)],
)
def test_copy_and_set_to_examples(start: int, row: str, result: int) -> None:
    assert Operation.parse(row).apply(start, COPY_BOARD).result == result


def test_program_arithmetic_is_written_as_a_pupil_would() -> None:
    trace = Program.parse("A3+ A4/ B4s").run(Board.standard(), start=55)
    assert [r.text for r in trace.rows] == ["55 + 5 = 60", "60 ÷ 2 = 30", "30 ⇄ 03"]
    trace = Program.parse("A4/").run(Board.standard(), start=55)
    assert trace.rows[0].text == "55 ÷ 2 = 27 r 1"
    trace = Program.parse("B3-").run(Board.standard(), start=56)
    assert trace.rows[0].text == "56 − 10 = 46"
    trace = Program.parse("B4s").run(Board.standard(), start=64)
    assert trace.rows[0].text == "64 ⇄ 46"


def test_written_result_outside_range_is_rejected_at_row_2() -> None:
    with pytest.raises(InvalidOperationError, match=r"^row 2 'A4x 120': .*120 leaves 00–99"):
        Program.parse("A3+ 60, A4x 120")


def test_result_leaving_range_cannot_be_written() -> None:
    with pytest.raises(OutOfRangeError, match=r"row 2 'B1\+'"):
        Program.parse("A3+ B1+").run(Board.standard(), start=55)


def test_a_player_with_no_rows_keeps_the_start() -> None:
    assert Program.parse("").run(Board.standard(), start=42).result == 42


def test_cli_answers_the_examples(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "A3+", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == {
        "start": 55,
        "rows": [
            {"row": 1, "operation": "A3+", "before": 55, "result": 60, "text": "55 + 5 = 60"}
        ],
        "result": 60,
    }
    assert main(["run", "C3s", "--start", "64", "--level", "C=+-7,x/3,swap,=42", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["result"] == 46
    assert main(["run", "A3+ 60, A4x 120"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and "row 2" in captured.err
