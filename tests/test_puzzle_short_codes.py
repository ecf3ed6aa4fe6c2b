"""Short puzzle codes (``3K7QX``): a pupil copies five characters from the board and gets the
very puzzle the teacher meant; a typo is refused in one clear sentence; long codes still open."""

from __future__ import annotations

import datetime as dt

import pytest

from lnb import PuzzleCodeError
from lnb.babbage.puzzle_sheet import PuzzleSet
from lnb.babbage.puzzles import (
    CROCKFORD,
    DAY_ZERO,
    DIFFICULTIES,
    SHORT_SEEDS,
    Puzzle,
    _short_constant,
    _short_sum,
    daily,
    decode,
    generate,
)

SEEDS = (0, 1, 31, 32, 1234, 20000, SHORT_SEEDS - 1)
TYPO = r"mistyped|starts with|too short"  # a P first is read as a long code: too short
DAYS = (DAY_ZERO, dt.date(2026, 12, 6), dt.date(2026, 12, 7), dt.date(2031, 2, 28))


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_short_code_round_trips_to_the_same_puzzle(difficulty):
    for seed in SEEDS:
        made = generate(difficulty, seed)
        code = made.short_code
        assert code is not None and len(code) == 5 and code[0] == str(difficulty)
        opened = Puzzle.from_code(code)
        assert opened == made and opened.code == made.code and opened.short_code == code
        # written as a pupil might copy it: lower case, spaces, a hyphen, O for 0, l for 1
        copied = f" {code[:3].lower()} -{code[3:]} ".replace("0", "O").replace("1", "l")
        assert decode(copied) == made


def test_daily_puzzles_have_a_short_code_that_opens_them():
    for day in DAYS:
        puzzle = daily(day)
        assert puzzle.short_code is not None and puzzle.short_code.startswith("D")
        assert Puzzle.from_code(puzzle.short_code) == puzzle


def test_short_codes_differ_for_different_puzzles():
    codes = {generate(d, s).short_code for d in DIFFICULTIES for s in SEEDS}
    codes |= {daily(day).short_code for day in DAYS}
    assert len(codes) == len(DIFFICULTIES) * len(SEEDS) + len(DAYS)


def test_old_long_codes_still_open_their_puzzle():
    assert decode("P1-0J6Y-91VC-7") == Puzzle(55, (73,))
    for difficulty in DIFFICULTIES:
        made = generate(difficulty, 1234)
        assert Puzzle.from_code(made.code) == made
        # a puzzle made by hand has only its long code, shown as it is
        assert Puzzle(55, (73,)).short_code is None
        assert Puzzle(55, (73,)).shown_code == "P1-0J6Y-91VC-7"
        assert made.shown_code == made.short_code


@pytest.mark.parametrize("seed", (7, 1234, SHORT_SEEDS - 1))
def test_every_mistyped_or_swapped_character_is_refused(seed):
    for code in [generate(d, seed).short_code for d in DIFFICULTIES] + [daily().short_code]:
        for i, ch in enumerate(code):
            for other in CROCKFORD:
                if other != ch:
                    with pytest.raises(PuzzleCodeError, match=TYPO):
                        decode(code[:i] + other + code[i + 1:])
            if i + 1 < len(code) and code[i + 1] != ch:
                with pytest.raises(PuzzleCodeError, match=TYPO):
                    decode(code[:i] + code[i + 1] + ch + code[i + 2:])


@pytest.mark.parametrize(
    ("typed", "words", "reason"),
    [
        ("316J7", "'316J7' is not a puzzle code: a character is mistyped. Check it letter by "
                  "letter against the board", "bad-check"),
        ("316J", "'316J' has 4 characters, but a short puzzle code has 5, like 3K7QX",
         "bad-length"),
        ("316J66", "has 6 characters, but a short puzzle code has 5", "bad-length"),
        ("31UJ6", r"'U' \(character 3\) is not used in puzzle codes", "bad-character"),
    ],
)
def test_a_typo_in_a_short_code_is_refused_in_one_clear_sentence(typed, words, reason):
    with pytest.raises(PuzzleCodeError, match=words) as caught:
        decode(typed)
    assert caught.value.reason == reason


def test_a_right_check_with_an_unknown_first_character_is_refused():
    body = [CROCKFORD.index("Z"), 1, 2, 3]
    check = next(c for c in range(32) if _short_sum([*body, c]) == _short_constant())
    typed = "".join(CROCKFORD[v] for v in [*body, check])
    with pytest.raises(PuzzleCodeError, match=r"starts with 1 to 5 .* or D") as caught:
        decode(typed)
    assert caught.value.reason == "bad-kind"


def test_a_teachers_sheet_has_short_codes_that_open_its_puzzles():
    made = PuzzleSet.make(count=3, difficulty=2, seed="7B monday")
    assert all(p.short_code for p in made.puzzles)
    assert [Puzzle.from_code(p.short_code) for p in made.puzzles] == list(made.puzzles)
    sheet = made.html(link="http://school/voila/render/puzzles.ipynb")
    for p in made.puzzles:
        assert p.short_code in sheet and f"?code={p.short_code}" in sheet
        assert p.short_code in made.text()
