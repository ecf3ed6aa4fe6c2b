"""sympy's answers kept in lnb/babbage/data/cache/algebra.json are sympy's answers now, and a
lesson's algebra views opened from the file give what sympy gives (issue 33: lesson pages open
without importing sympy)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from lesson_code import LESSONS, cell_calls, read

from lnb import Board, Program
from lnb.babbage import algebra, algebra_cache
from lnb.babbage.algebra import program_formulas, starts_reaching
from lnb.babbage.algebra_cache import (
    PATH,
    build,
    cached_program,
    cached_proof,
    dumps,
    wanted_now,
    wanted_proofs_now,
)
from lnb.core.i18n import use_language

#: The views a lesson opens with a program: ``AlgebraView("A3+ C1x", ...)`` or
#: ``later(AlgebraView, "A3+ C1x", ...)``.
VIEWS = ("AlgebraView", "BackwardsView", "UndoSteps")


def board_of(levels: dict[str, str]) -> Board:
    return Board.standard(levels=levels) if levels else Board.standard()


def test_the_file_is_what_sympy_gives_now() -> None:
    """`python -m lnb.babbage.algebra_cache` would write the file as it is."""
    assert PATH.read_text(encoding="utf-8") == dumps(build(wanted_now(), wanted_proofs_now()))


def test_every_program_a_lesson_opens_a_view_with_is_kept() -> None:
    """A lesson that opens an algebra view with a program the file lacks would import sympy
    again when its page opens: `python -m lnb.babbage.algebra_cache` after adding it to
    ``wanted``."""
    kept = {text for text, _levels in wanted_now()}
    shown = {call.texts[0] for notebook in sorted(LESSONS.glob("*.ipynb"))
             for call in cell_calls(read(notebook), *VIEWS)
             if call.texts and call.texts[0] is not None}
    assert {"A3+ C1x", "A3+ A4x", "C4/ C4x"} <= shown
    assert shown <= kept, shown - kept


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


PROOFS = {"swap-difference-9": algebra.prove_swap_difference_multiple_of_9,
          "copy-11": algebra.prove_copy_multiple_of_11,
          "multiply-then-divide": algebra.prove_multiply_then_divide,
          "divide-then-multiply": algebra.prove_divide_then_multiply}


@pytest.mark.parametrize(("proof", "n"), wanted_proofs_now())
def test_proofs_from_the_file_are_sympys(proof: str, n: int) -> None:
    """A lesson's proof reads the same, in both languages, from the file and from sympy."""
    assert cached_proof(proof, n) is not None
    prove = PROOFS[proof]
    kept, worked = (prove(n, cached=c) if n else prove(cached=c) for c in (True, False))
    assert kept == worked and kept.holds
    for language in ("en", "zh-CN"):
        with use_language(language):
            assert kept.markdown() == worked.markdown()


def test_a_program_not_in_the_file_asks_sympy() -> None:
    program = Program.parse("A3+ A4/ B4s A4x")
    assert cached_program(program, Board.standard()) is None
    assert program_formulas(program, Board.standard()).expression is not None
    assert starts_reaching("A4x A3+", 73).starts == (34,)
    assert starts_reaching("B4s A4x", 74).starts == (73,)


def test_lesson_views_open_without_sympy() -> None:
    """The views and proofs lessons 02, 03, 04, 08 and 09 open with import no sympy (their
    answers come from the file); typing a program of one's own then asks sympy."""
    code = """
import json, sys
from lnb import Board
from widgets.babbage.algebra_view import AlgebraView, BackwardsView
from widgets.babbage.undo_view import UndoSteps
from lnb.babbage.algebra import prove_divide_then_multiply, prove_swap_difference_multiple_of_9
proofs = [prove_swap_difference_multiple_of_9().markdown(),
          prove_divide_then_multiply(2).markdown()]
board = Board.standard(levels={"C": "x/3,x/4,x/5,x/6"})
views = [AlgebraView("A3+ C1x", start=10, board=board), BackwardsView("A3+ A4x", target=50),
         AlgebraView("C1/", start=31, board=board), UndoSteps("A3+ A4x", result=50, board=board)]
before = "sympy" in sys.modules
views[0].program_box.value = "A3+ A4/ B4s A4x"
print(json.dumps([before, "sympy" in sys.modules, views[0].arithmetic(),
                  views[1].answer.value, views[0].check_line.value]))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    before, after, rows, answer, check = json.loads(done.stdout)
    assert (before, after) == (False, True)
    assert rows == ["10 + 5 = 15", "15 ÷ 2 = 07 r 1", "07 ⇄ 70", "70 → 140 leaves 00–99"]
    assert answer.startswith("<b>20</b> reaches 50.")
    assert "leaves 00–99" in check  # 140: the formula holds for no such start
