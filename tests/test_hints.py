"""Hints escalate (each level says more) and the answer check explains wrong attempts."""

from __future__ import annotations

import random

import pytest

from lnb import Board, LnbError, Program
from lnb.babbage.hints import DIAGNOSES, LEVELS, check_answer, diagnose, hint, hints
from lnb.babbage.puzzles import DIFFICULTIES, Puzzle, generate
from lnb.babbage.solver import Solver


def random_prefix(p: Puzzle, rng: random.Random, rows: int) -> Program:
    """A legal prefix using the puzzle's allowed spaces (may or may not be a good start)."""
    table = p.search.table
    program, value = Program(), p.start
    for _ in range(rows):
        moves = table.moves(value)
        if not moves:
            break
        move = rng.choice(moves)
        program, value = program.with_row(move.operation), move.result
    return program


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_hints_are_monotone_and_level_three_solves(difficulty):
    rng = random.Random(difficulty)
    for seed in range(4):
        p = generate(difficulty, seed)
        for rows in range(p.limit + 1):
            prefix = random_prefix(p, rng, rows)
            one, two, three = hints(p, prefix)
            assert [h.level for h in (one, two, three)] == list(LEVELS)
            assert two.text.startswith(one.text) and len(two.text) > len(one.text)
            assert three.text.startswith(two.text) and len(three.text) > len(two.text)
            assert one.rows_needed == two.rows_needed == three.rows_needed
            assert one.undo == two.undo == three.undo
            assert one.next_row is None and one.program is None
            assert two.next_row == three.next_row is not None
            assert two.program is None
            kept = len(prefix) - three.undo
            assert three.program.operations[:kept] == prefix.operations[:kept]
            assert three.program.operations[kept] == two.next_row
            assert len(three.program) == kept + three.rows_needed
            assert check_answer(p, three.program).solved


def test_rows_needed_is_exact():
    p = Puzzle(55, (73,), limit=5, spaces={"A1", "A4", "B4", "B2"})
    for text in ["", "A1+", "A4/", "A4/ B4s"]:
        prefix = Program.parse(text)
        value = prefix.run(p.board, 55).result
        expected = Solver(p.board, value, spaces=p.spaces).solve_sequence([73]).length
        assert hint(p, prefix).rows_needed == expected


def test_following_level_two_hints_solves_in_the_fewest_rows():
    for seed in range(5):
        p = generate(4, seed)
        program = Program()
        while not check_answer(p, program).solved:
            program = program.with_row(hint(p, program, 2).next_row)
            assert len(program) <= p.solution.length
        assert len(program) == p.solution.length


def test_dead_end_rows_are_undone():
    p = Puzzle(55, (73,), limit=3, spaces={"A1", "A4", "B4"})  # needs A4/ B4s A1+
    h = hint(p, "A1+ A1+", level=2)
    assert h.undo == 2
    assert "Undo your rows" in h.text
    assert str(h.next_row) == "A4/"
    h = hint(p, "A4/ A1+", level=1)
    assert h.undo == 1 and "after row 1" in h.text


def test_undo_names_only_the_targets_not_yet_hit():
    """A target the pupil already hit is not one they "cannot reach" (the trial's 54 of
    "54, then 35, then 33" after A1-): the undo sentence names the rest, and the row limit."""
    p = Puzzle(55, (54, 2), limit=3)
    h = hint(p, "A1- A1+", level=1)
    assert h.undo == 1 and "after row 1" in h.text
    undo_sentence = h.text.split(". ")[0]
    assert "54" not in undo_sentence and "02" in undo_sentence
    assert "within 3 rows" in undo_sentence


def test_a_bad_row_in_the_prefix_is_explained_and_worked_around():
    p = Puzzle(55, (73,), limit=3, spaces={"A1", "A4", "B4"})
    h = hint(p, "A4/ A3+", level=2)
    assert "does not allow" in h.text
    assert h.undo == 1 and str(h.next_row) == "B4s"


def test_already_solved_and_impossible():
    p = Puzzle(55, (60,), limit=2)
    assert hint(p, "A3+").rows_needed == 0
    impossible = Puzzle(54, (55,), limit=5, spaces={"B1", "B2", "B3"})
    h = hint(impossible, "", level=3)
    assert h.rows_needed is None and "No program reaches 55" in h.text
    with pytest.raises(LnbError, match="hint level"):
        hint(p, "", level=4)


# -- check_answer -------------------------------------------------------------------------

PUZZLE = Puzzle(55, (73, 12), limit=6, spaces={"A1", "A2", "A4", "B2", "B4"})
BOARD = Board.standard()


def test_solved_answer():
    fb = check_answer(PUZZLE, PUZZLE.solution.program)
    assert fb.solved and fb.hit == (73, 12)
    assert fb.message.startswith("Solved in")


def test_row_that_leaves_the_range_is_named():
    fb = check_answer(PUZZLE, "B2+ A2- A4x")
    assert not fb.solved and fb.row == 3
    assert "73 × 2 = 146 leaves 00–99" in fb.message
    assert "Rows 1–2 were fine and reached 73" in fb.message
    assert fb.hit == (73,)


def test_how_close_the_result_came():
    fb = check_answer(PUZZLE, "B2+ A2- A4/ A2-")  # 75, 73, 36, 34
    assert not fb.solved
    assert (fb.closest, fb.off, fb.row) == (34, 22, 4)
    assert "hit 73 but not 12" in fb.message and "34 at row 4, 22 away" in fb.message
    fb = check_answer(PUZZLE, "A1+ A1+")
    assert fb.hit == () and fb.closest == 57 and fb.off == 16
    assert "never hit 73" in fb.message


def test_forbidden_space_sigma_and_limit():
    fb = check_answer(PUZZLE, "A3+")
    assert fb.row == 1 and "A3 (±5), which this puzzle does not allow" in fb.message
    fb = check_answer(PUZZLE, "A2- B2+Σ")
    assert fb.row == 2 and "Σ" in fb.message
    fb = check_answer(PUZZLE, "A1+ A1- A1+ A1- A1+ A1- A1+")
    assert fb.row == 7 and "allows 6" in fb.message


def test_written_results_and_bad_text():
    fb = check_answer(PUZZLE, "A2- 53, B2+ 74")
    assert fb.row == 2 and "you wrote 74, but 53 + 20 = 73" in fb.message
    fb = check_answer(PUZZLE, "A2- Q7")
    assert fb.row == 2 and not fb.solved and "level Q does not exist" in fb.message
    assert check_answer(PUZZLE, "").message.startswith("Write at least one row")


def test_shortest_puzzle_wants_the_fewest_rows():
    p = Puzzle(55, (73,), shortest=True)
    assert check_answer(p, "A2- B2+").solved
    fb = check_answer(p, "A1- A1- B2+")
    assert not fb.solved and "it can be done in 2 rows" in fb.message


# -- a wrong number, diagnosed with the engine (issue 12, item 5) --------------------------------

@pytest.mark.parametrize(("program", "given", "kind", "row", "says"), [
    ("A3+ A4/ B4s", 30, "stopped-early", 3, "30 is the number before the swap in row 3 (B4s)"),
    ("A3+ A4/ B4s", 60, "stopped-early", 2, "before the ÷2 in row 2 (A4/)"),
    ("A3+ A4/ B4s", 55, "start", 1, "55 is the start number"),
    ("A3+ A4/ B4s", 6, "row-left-out", 2, "without row 2 (A4/)"),
    ("A4/", 28, "rounded-up", 1, "never rounds up"),
    ("A4/ A4x", 55, "remainder-kept", 1, "drops it"),
    ("A3+", 6, "digits-swapped", 1, "wrong way round"),
])
def test_a_wrong_number_is_diagnosed(program, given, kind, row, says):
    d = diagnose(program, given)
    assert d is not None and (d.kind, d.row, d.given) == (kind, row, given)
    assert kind in DIAGNOSES and says in d.message
    assert d.expected == Program.parse(program).run(BOARD, 55).result
    assert f"{d.expected:02d}" not in d.message.replace(f"{given:02d}", "")  # not given away
    assert d.to_dict()["kind"] == kind


def test_no_diagnosis_for_a_right_answer_a_broken_program_or_no_reason():
    assert diagnose("A3+ A4/ B4s", 3) is None
    assert diagnose("A3+ A3+ A3+ A3+ A3+ A3+ A3+ A3+ A3+", 0) is None  # leaves 00–99
    assert diagnose("A3+ A4/ B4s", 82) is None


def test_a_wrongly_written_result_says_where_it_came_from():
    p = Puzzle(start=55, targets=(30,), limit=3)
    fb = check_answer(p, "A3+ 60, A4/ 60")
    assert fb.row == 2 and fb.diagnosis is not None and fb.diagnosis.kind == "stopped-early"
    assert "60 ÷ 2 = 30: that is the number before the row" in fb.message
    fb = check_answer(p, "A4/ 28")
    assert fb.diagnosis.kind == "rounded-up" and "never rounds up" in fb.message  # type: ignore[union-attr]
    assert fb.to_dict()["diagnosis"]["kind"] == "rounded-up"
    assert check_answer(p, "A3+ 61").diagnosis is None
