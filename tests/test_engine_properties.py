"""Property tests: no run leaves 00–99; any text raises only the library's own errors."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lnb import Board, LnbError, Operation, Program, legal_operations
from lnb.babbage.components import Component
from lnb.babbage.operations import SIGMA_MARKS

TOKENS = [str(c) for c in Board.standard().levels["A"]] + [
    "+-3", "+-9", "+-30", "x/3", "x/7", "swap", "copy>", "copy<", "=13", "=89",
]
boards = st.lists(st.sampled_from(TOKENS), min_size=12, max_size=12).map(
    lambda t: Board.standard({"C": t[0:4], "D": t[4:8], "E": t[8:12]})
)
rows = st.builds(
    lambda lv, r, f, s: f"{lv}{r}{f}{'Σ' if s else ''}",
    st.sampled_from("ABCDE"), st.integers(1, 4), st.sampled_from("+-x/sc="), st.booleans(),
)


@settings(max_examples=300, deadline=None)
@given(board=boards, start=st.integers(0, 99), choices=st.lists(st.integers(0, 10**6), max_size=8))
def test_legal_rows_never_leave_the_range(board: Board, start: int, choices: list[int]) -> None:
    value = start
    for choice in choices:
        ops = legal_operations(value, board, sigma=True)
        assert ops, "Set To, Swap or ±1 always leaves a legal row"
        value = ops[choice % len(ops)].apply(value, board).result
        assert 0 <= value <= 99


@settings(max_examples=300, deadline=None)
@given(board=boards, start=st.integers(0, 99), program=st.lists(rows, max_size=7))
def test_any_program_runs_in_range_or_raises_a_library_error(
    board: Board, start: int, program: list[str]
) -> None:
    try:
        trace = Program.parse(" ".join(program)).run(board, start=start, limit=7)
    except LnbError as exc:
        assert str(exc)
        return
    assert all(0 <= r.result <= 99 for r in trace.rows)
    assert trace.result == (trace.rows[-1].result if trace.rows else start)


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_parsing_any_text_raises_only_library_errors(text: str) -> None:
    for parse in (Program.parse, Operation.parse, Component.parse_token):
        try:
            parse(text)
        except LnbError as exc:
            assert str(exc), "every library error has a message"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["A3+", "b4s", "C2/", "60", "7", ",", " ", "\n", "Σ", "!", "x"]),
                max_size=10))
def test_parsing_program_like_text(words: list[str]) -> None:
    text = " ".join(words)
    try:
        program = Program.parse(text)
    except LnbError:
        return
    assert Program.parse(str(program)) == program
    assert all(w not in SIGMA_MARKS for w in str(program).split())
