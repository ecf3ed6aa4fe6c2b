"""The lesson *Factors, multiples and primes* answers back, in-process: each exercise of its bank
(``widgets/lessons/exercises/08-factors-multiples-primes.toml``) accepts its answer in both
languages, with its explanation; the typical wrong answers (1 listed as a prime, a factor pair's
partner missed, a multiple given for a factor and a factor for a multiple, a remainder) are
diagnosed from the Engine's rows (:mod:`widgets.babbage.factor_checks`); the lesson's views show
no answer before its question is answered; the sieve (:class:`MultiplesGrid`) leaves the 25
primes up to 99.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from lnb import Board
from lnb.core.i18n import use_language
from widgets.babbage.algebra_view import AlgebraView
from widgets.babbage.factor_checks import KINDS, factors, made_by, multiples, primes, row
from widgets.babbage.multiples_grid import MultiplesGrid
from widgets.lessons.bank import bank

LESSON = "08-factors-multiples-primes"
LESSONS = Path(__file__).resolve().parents[1] / "lessons"
BOARD = Board.standard(levels={"C": "x/3,x/4,x/5,x/6", "D": "x/7,+-3,swap,+-9"})
CHINESE = re.compile(r"[\u4e00-\u9fff]")
PRIMES_TO_99 = [p for p in range(2, 100) if all(p % d for d in range(2, p))]


def test_the_banks_kinds_are_this_modules() -> None:
    kinds = {e.check for e in bank(LESSON).entries}
    assert {"factors", "primes", "multiples"} <= kinds
    assert set(KINDS) == {"factors", "primes", "multiples"}


FACTORS_24 = [1, 2, 3, 4, 6, 8, 12, 24]


@pytest.mark.parametrize(("typed", "said"), [
    ("1, 2, 3, 4, 6, 8, 12, 24, 48",
     "Not yet: 48 is a multiple of 24, not a factor: 24 × 2 = 48."),
    ("1, 2, 3, 4, 5", "Not yet: 24 ÷ 5 = 04 r 4: a remainder of 4, so 5 is not a factor"),
    ("2, 3, 4, 6, 8, 12, 24", "Right so far, but 1 is a factor too: 1 × 24 = 24."),
    ("1, 2, 3, 4, 6, 8, 12", "Right so far, but 24 is a factor too: 1 × 24 = 24."),
    ("1, 2, 3, 4, 8, 12, 24", "Right so far, but 4 has a partner: 4 × 6 = 24, so 6 is a"),
    ("1, 30", "Not yet: 30 is not a factor of 24: a factor of 24 is a whole number from 1"),
])
def test_factors_diagnoses_a_multiple_a_remainder_and_a_missed_pair(typed: str,
                                                                    said: str) -> None:
    verdict = factors(FACTORS_24, of=24)(typed)
    assert not verdict.correct and verdict.message.startswith(said), verdict.message


@pytest.mark.parametrize(("typed", "said"), [
    ("1, 2, 3, 5, 7, 11, 13, 17, 19", "Not yet: 1 is not a prime."),
    ("2, 3, 5, 7, 11, 13, 15", "Not yet: 15 is not a prime: 05 × 3 = 15, a ×3 row makes it"),
    ("3, 5, 7, 11, 13, 17, 19", "Right so far, but one prime is even: 2."),
    ("2, 3, 5, 7, 11, 13, 17, 19, 23", "Not yet: 23 is not from 1 to 20."),
    ("2, 3, 5, 7", "Right so far, but there are 4 more."),
])
def test_primes_diagnoses_one_a_made_number_and_a_missed_two(typed: str, said: str) -> None:
    verdict = primes(PRIMES_TO_99[:8], low=1, high=20)(typed)
    assert not verdict.correct and verdict.message.startswith(said), verdict.message


@pytest.mark.parametrize(("typed", "said"), [
    ("3, 42", "Not yet: 3 is a factor of 6, not a multiple."),
    ("42, 46", "Not yet: 46 ÷ 6 = 07 r 4: a remainder of 4, so no start × 6 makes 46."),
    ("42, 66", "Not yet: 66 is not from 40 to 60."),
    ("42, 48", "Right so far, but there are 2 more."),
])
def test_multiples_diagnoses_a_factor_and_a_remainder(typed: str, said: str) -> None:
    verdict = multiples([42, 48, 54, 60], of=6, low=40, high=60)(typed)
    assert not verdict.correct and verdict.message.startswith(said), verdict.message


def test_the_diagnoses_speak_chinese() -> None:
    with use_language("zh_CN"):
        messages = [factors(FACTORS_24, of=24)("1, 2, 3, 4, 5").message,
                    factors(FACTORS_24, of=24)("1, 2, 3, 4, 8, 12, 24").message,
                    primes(PRIMES_TO_99[:8], low=1, high=20)("1, 2").message,
                    multiples([42, 48, 54, 60], of=6, low=40, high=60)("3").message]
    for message in messages:
        assert CHINESE.search(message) and not re.search(r"[A-Za-z]{3,}", message), message
    assert "余" in messages[0]


def test_the_rows_are_the_engines() -> None:
    assert row(58, 6) == (9, "58 ÷ 6 = 09 r 4")
    assert row(13, 7, "x") == (91, "13 × 7 = 91")
    assert made_by(91) == (7, 13) and made_by(49) == (7, 7)
    assert [v for v in range(2, 100) if made_by(v) is None] == PRIMES_TO_99


def test_the_sieve_leaves_the_primes_and_speaks_chinese() -> None:
    grid = MultiplesGrid(BOARD)
    assert grid.unmarked() == list(range(2, 100)) and "Press" in grid.summary.value
    grid.press("A4", "C1", "C3", "D1")
    assert grid.unmarked() == PRIMES_TO_99 and "25 numbers" in grid.summary.value
    before = grid.unmarked()
    grid.press("C2", "C4")  # ×4 and ×6 mark nothing ×2 has not marked
    assert grid.unmarked() == before
    with use_language("zh_CN"):
        grid.relabel()
        assert CHINESE.search(grid.summary.value) and "25" in grid.summary.value
        assert CHINESE.search(grid.buttons[0].tooltip)


def test_the_lessons_views_show_no_answer_before_it_is_asked() -> None:
    """The views beside the questions start where they answer nothing: not at 58 (drop-58),
    not on a factor of 24, not on ÷7 from 91; the sieve (the primes question's tool) marks
    nothing before a button is pressed."""
    nb = nbformat.read(LESSONS / f"{LESSON}.ipynb", as_version=4)
    views = [c.source for c in nb.cells if c.cell_type == "code" and "AlgebraView(" in c.source
             and "pin" not in c.metadata.get("tags", [])]
    shown = []
    for source in views:
        call = source.splitlines()[-1]
        view = eval(call, {"AlgebraView": AlgebraView, "board": BOARD})
        shown += view.arithmetic()
    answers = re.compile(r"^58 ÷|^91 ÷ 7|= (42|48|54|60)$|^24 ÷ \d = \d\d$")
    assert not [s for s in shown if answers.search(s)], shown
    assert "24 ÷ 5 = 04 r 4" in shown
    cells = [c.source for c in nb.cells if c.cell_type == "code"]
    sieve = cells.index("MultiplesGrid(board)")
    assert cells[sieve + 1] == f'exercise("{LESSON}", "primes-to-20")'
    fresh = MultiplesGrid(BOARD)
    assert not any(fresh.made())
    assert "#ffd54f" not in fresh.grid.value and "font-weight:bold" not in fresh.grid.value
