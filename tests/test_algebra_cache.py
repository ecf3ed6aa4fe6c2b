"""sympy's answers kept in lnb/babbage/data/algebra.json are sympy's answers now, and a lesson's
algebra views opened from the file give what sympy gives (issue 33: lesson pages open without
importing sympy)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lnb import Board, Program
from lnb.babbage import algebra, algebra_cache
from lnb.babbage.algebra import program_formulas, starts_reaching
from lnb.babbage.algebra_cache import PATH, build, cached_program, dumps, wanted_now


def board_of(levels: dict[str, str]) -> Board:
    return Board.standard(levels=levels) if levels else Board.standard()


def test_the_file_is_what_sympy_gives_now() -> None:
    """`python -m lnb.babbage.algebra_cache` would write the file as it is."""
    assert PATH.read_text(encoding="utf-8") == dumps(build(wanted_now()))


def test_the_lessons_opening_programs_are_kept() -> None:
    """Every program lessons 08 and 09 open an algebra view with has its formulas in the file."""
    for text, levels in wanted_now():
        assert cached_program(Program.parse(text), board_of(levels)) is not None, text


@pytest.mark.parametrize(("text", "levels"), wanted_now())
def test_formulas_from_the_file_are_sympys(text: str, levels: dict[str, str]) -> None:
    board, program = board_of(levels), Program.parse(text)
    kept, worked = program_formulas(program, board), program_formulas(program, board,
                                                                         cached=False)
    assert kept.expression is None and worked.expression is not None  # one from each source
    assert kept.latex == worked.latex
    assert [kept.value(v) for v in range(100)] == [worked.value(v) for v in range(100)]


def test_working_backwards_from_the_file_is_sympys(monkeypatch: pytest.MonkeyPatch) -> None:
    """starts_reaching answers the same, step by step, with the file and with sympy alone."""
    asked = [(text, levels, target) for text, levels in wanted_now() for target in (0, 27, 50, 99)]
    kept = [starts_reaching(text, target, board_of(levels)) for text, levels, target in asked]
    monkeypatch.setattr(algebra_cache, "_data", lambda: {})
    algebra._row_solver.cache_clear()
    try:
        worked = [starts_reaching(text, target, board_of(levels))
                  for text, levels, target in asked]
    finally:
        algebra._row_solver.cache_clear()
    assert kept == worked
    assert any(answer.starts for answer in kept)


def test_a_program_not_in_the_file_asks_sympy() -> None:
    program = Program.parse("A3+ A4/ B4s")
    assert cached_program(program, Board.standard()) is None
    assert program_formulas(program, Board.standard()).expression is not None
    assert starts_reaching(program, 73).starts == (69, 70)


def test_lesson_views_open_without_sympy() -> None:
    """The views lessons 08 and 09 open with import no sympy (their answers come from the file);
    typing a program of one's own then asks sympy."""
    code = """
import json, sys
from lnb import Board
from widgets.babbage.algebra_view import AlgebraView, BackwardsView
from widgets.babbage.undo_view import UndoSteps
board = Board.standard(levels={"C": "x/3,x/4,x/5,x/6"})
views = [AlgebraView("A3+ C1x", start=10, board=board), BackwardsView("A3+ A4x", target=50),
         AlgebraView("C1/", start=31, board=board), UndoSteps("A3+ A4x", result=50, board=board)]
before = "sympy" in sys.modules
views[0].program_box.value = "A3+ A4/ B4s"
print(json.dumps([before, "sympy" in sys.modules, views[0].arithmetic(),
                  views[1].answer.value, views[0].check_line.value]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    before, after, rows, answer, check = json.loads(done.stdout)
    assert (before, after) == (False, True)
    assert rows == ["10 + 5 = 15", "15 ÷ 2 = 07 r 1", "07 ⇄ 70"]
    assert answer.startswith("<b>20</b> reaches 50.")
    assert "<b>70</b>" in check
