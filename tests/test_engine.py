"""Components, operations, boards and programs: parsing, legality, errors."""

from __future__ import annotations

import pytest

from lnb import (
    Board,
    Component,
    Function,
    IllegalOperationError,
    InvalidOperationError,
    LevelNotRevealedError,
    Operation,
    OverLimitError,
    Program,
    WrongFunctionError,
    legal_operations,
)
from lnb.babbage.board import parse_tokens
from lnb.babbage.components import Kind

FULL = Board.standard(
    {"C": "+-7,x/3,swap,=42", "D": "copy>,copy<,+-30,x/7", "E": "=13,+-9,x/5,+-15"}
)


def test_every_legal_operation_round_trips_through_text_and_repr() -> None:
    seen = 0
    for value in range(100):
        for op in legal_operations(value, FULL, sigma=True):
            assert Operation.parse(str(op)) == op
            assert eval(repr(op), {"Operation": Operation}) == op
            seen += 1
    assert seen > 2000


def test_legal_operations_are_sorted_and_exactly_those_that_apply() -> None:
    for value in range(100):
        ops = legal_operations(value, FULL)
        assert ops == sorted(ops, key=Operation.sort_key)
        every = [
            Operation(level, rack, f)
            for level, rack, comp in FULL.spaces()
            for f in comp.functions
        ]
        assert set(ops) == {op for op in every if op.is_legal(value, FULL)}


@pytest.mark.parametrize(
    "text",
    ["", "A", "A3", "F1+", "A5+", "A0+", "A3?", "A3+x", "33+", "+A3", "A3 +", "Σ", "A10+"],
)
def test_badly_written_operations(text: str) -> None:
    with pytest.raises(InvalidOperationError) as info:
        Operation.parse(text)
    assert repr(text.strip()) in str(info.value) or "row" in str(info.value)


def test_aliases_and_case() -> None:
    assert str(Operation.parse("a4*")) == "A4x"
    assert str(Operation.parse("A4×")) == "A4x"
    assert str(Operation.parse("A4÷")) == "A4/"
    assert str(Operation.parse("b3−")) == "B3-"
    assert str(Operation.parse("B2+!")) == "B2+Σ"


def test_wrong_function_names_the_component_and_the_fix() -> None:
    board = Board.standard({"C": "+-7,x/3,swap,=42"})
    with pytest.raises(WrongFunctionError) as info:
        Program.parse("A3+ A3+ C2+").run(board)
    assert str(info.value) == "row 3 'C2+': C2 is ×÷3, write C2x or C2/"


def test_hidden_level_is_not_allowed_now() -> None:
    with pytest.raises(LevelNotRevealedError, match="row 1 'D1\\+': level D is not revealed"):
        Program.parse("D1+").run(Board.standard())


def test_over_the_limit() -> None:
    program = Program.parse("A1+ " * 6)
    with pytest.raises(OverLimitError, match="row 6 'A1\\+': over the limit of 5"):
        program.run(Board.standard())
    assert program.run(Board.standard(), limit=7).result == 61
    assert isinstance(OverLimitError("x"), IllegalOperationError)


def test_void_rows_in_recomputation() -> None:
    trace = Program.parse("B1+ A1+").run(Board.standard(), start=60, void_out_of_range=True)
    assert [r.void for r in trace.rows] == [True, False]
    assert trace.result == 61


def test_written_results_are_kept_and_checked() -> None:
    trace = Program.parse("A3+ 60, A4/ 31").run(Board.standard())
    assert trace.rows[0].correct and not trace.rows[1].correct
    assert trace.first_mistake().row == 2
    assert str(Program.parse("a3+ 60 a4/ 30")) == "A3+ 60, A4/ 30"


def test_programs_are_immutable_values() -> None:
    p = Program.parse("A3+")
    q = p.with_row("A4/")
    assert str(p) == "A3+" and str(q) == "A3+ A4/"
    assert q.without_last() == p


@pytest.mark.parametrize(
    ("token", "kind", "n"),
    [("+-7", Kind.ADD_SUB, 7), ("x/3", Kind.MUL_DIV, 3), ("swap", Kind.SWAP, None),
     ("copy>", Kind.COPY_RIGHT, None), ("copy<", Kind.COPY_LEFT, None), ("=42", Kind.SET_TO, 42)],
)
def test_token_spelling(token: str, kind: Kind, n: int | None) -> None:
    comp = Component.parse_token(token)
    assert (comp.kind, comp.n) == (kind, n)
    assert str(comp) == token


@pytest.mark.parametrize("tokens", ["+-7,x/3,swap", "+-7,x/3,swap,=42,=13", "+-7,x/3,swap,=420"])
def test_bad_levels(tokens: str) -> None:
    with pytest.raises(InvalidOperationError):
        parse_tokens(tokens, "C")


def test_set_to_applies_even_from_any_value() -> None:
    comp = Component.parse_token("=13")
    assert all(comp.apply(Function.SET, v) == 13 for v in range(100))


def test_values_are_written_with_two_digits() -> None:
    trace = Program.parse("A1- A4/ B4s").run(Board.standard(), start=10)
    assert [r.text for r in trace.rows] == ["10 − 1 = 09", "09 ÷ 2 = 04 r 1", "04 ⇄ 40"]


def test_void_rows_show_their_arithmetic() -> None:
    trace = Program.parse("B1+").run(Board.standard(), start=60, void_out_of_range=True)
    assert trace.rows[0].text == "60 + 50 = 110" and trace.rows[0].void


@pytest.mark.parametrize(
    ("text", "fragment"),
    [("A3+ ²", "row 2 .².: a row is a letter for the level"), ("A3+ 060", "two digits, e.g. 60"),
     ("A3+ 160", "leaves 00–99")],
)
def test_written_results_are_plain_two_digit_numbers(text: str, fragment: str) -> None:
    with pytest.raises(InvalidOperationError, match=fragment):
        Program.parse(text)
