"""Puzzle sets and printable sheets for a class, and ``lnb puzzle sheet``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lnb.babbage.errors import LnbError, PuzzleCodeError
from lnb.babbage.hints import check_answer
from lnb.babbage.puzzle_sheet import PuzzleSet, code_link
from lnb.babbage.puzzles import Puzzle
from lnb.cli import main


def test_a_seed_makes_the_same_set_of_different_puzzles_of_one_difficulty() -> None:
    first = PuzzleSet.make(count=8, difficulty=3, seed="7B")
    assert first.codes == PuzzleSet.make(count=8, difficulty=3, seed="7B").codes
    assert first.codes != PuzzleSet.make(count=8, difficulty=3, seed="7C").codes
    assert len(set(first.codes)) == 8
    assert {p.difficulty for p in first.puzzles} == {3}
    assert [Puzzle.from_code(c) for c in first.codes] == list(first.puzzles)


def test_without_a_seed_the_chosen_seed_is_kept_to_make_it_again() -> None:
    made = PuzzleSet.make(count=2, difficulty=1)
    assert made.seed is not None
    assert PuzzleSet.make(count=2, difficulty=1, seed=made.seed).codes == made.codes


@pytest.mark.parametrize(("count", "difficulty", "says"), [
    (0, 2, "1 to 60 puzzles"), (61, 2, "1 to 60 puzzles"), (3, 6, "choose 1"),
])
def test_bad_requests_say_what_to_do(count: int, difficulty: int, says: str) -> None:
    with pytest.raises(LnbError, match=says):
        PuzzleSet.make(count, difficulty, seed=1)


def test_the_sheet_has_a_card_per_puzzle_and_answers_that_solve_them() -> None:
    made = PuzzleSet.make(count=4, difficulty=2, seed="sheet test")
    page = made.html(link="http://10.0.0.5:8866/voila/render/puzzles.ipynb?theme=light")
    assert page.count('class="puzzle"') == 4
    for puzzle in made.puzzles:
        assert puzzle.text().splitlines()[0] in page
        assert f"theme=light&amp;code={puzzle.shown_code}" in page
    answers = page.split("class='answers'")[1]
    programs = re.findall(r"<b>([^<]+)</b>", answers)
    assert len(programs) == 4
    for puzzle, program in zip(made.puzzles, programs, strict=True):
        assert check_answer(puzzle, program).solved, (puzzle.code, program)
    assert "class='answers'" not in made.html(answers=False)


def test_the_sheet_escapes_what_the_teacher_typed() -> None:
    made = PuzzleSet.make(count=1, difficulty=1, seed="<b>", title="7B <script>")
    page = made.html()
    assert "<script>" not in page and "7B &lt;script&gt;" in page and "seed &lt;b&gt;" in page


def test_a_set_from_codes_and_a_bad_code() -> None:
    codes = PuzzleSet.make(count=2, difficulty=4, seed=3).codes
    assert PuzzleSet.of_codes([c.lower() for c in codes]).codes == codes
    with pytest.raises(PuzzleCodeError, match="mistyped"):
        PuzzleSet.of_codes([codes[0][:-1] + ("0" if codes[0][-1] != "0" else "1")])


def test_code_links_replace_an_old_code() -> None:
    assert code_link("http://h/p.ipynb?code=OLD&x=1", "P1-AB") == "http://h/p.ipynb?x=1&code=P1-AB"


def test_cli_writes_the_sheet_and_lists_the_codes(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.html"
    assert main(["puzzle", "sheet", "--count", "3", "--difficulty", "2", "--seed", "S",
                 "-o", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["codes"] == list(PuzzleSet.make(3, 2, "S").codes)
    page = out.read_text(encoding="utf-8")
    assert printed["short_codes"] == list(PuzzleSet.make(3, 2, "S").shown_codes)
    assert all(code in page for code in printed["short_codes"])


def test_cli_refuses_a_bad_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "sheet", "--count", "0"]) == 2
    assert "1 to 60 puzzles" in capsys.readouterr().err
