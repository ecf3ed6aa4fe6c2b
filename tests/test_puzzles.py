"""Puzzles: generation at each difficulty, features, daily puzzle, codes and their corruption."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnb import LnbError, PuzzleCodeError
from lnb.babbage.puzzles import (
    CODE_TOKENS,
    CROCKFORD,
    DIFFICULTIES,
    Features,
    Puzzle,
    daily,
    decode,
    encode,
    generate,
)
from lnb.babbage.solver import Solver
from lnb.cli import main

SEEDS = range(6)


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_generated_puzzles_are_solvable_and_rated_as_asked(difficulty):
    for seed in SEEDS:
        p = generate(difficulty, seed)
        assert p.solvable
        assert p.difficulty == difficulty
        # The shown solution really solves it, within the limit and with allowed spaces only.
        program = p.solution.program
        assert len(program) <= p.limit
        assert all(op.space in p.allowed for op in program.operations)
        results = program.run(p.board, p.start, limit=p.limit).results
        it = iter(results)
        assert all(any(r == t for r in it) for t in p.targets)


def test_generation_is_deterministic_for_a_seed_and_varies_with_it():
    assert generate(3, "abc") == generate(3, "abc")
    assert len({generate(2, s).code for s in range(8)}) > 4


def test_difficulty_rises_with_the_measured_features():
    easy = [generate(1, s).features for s in SEEDS]
    hard = [generate(5, s).features for s in SEEDS]
    assert max(f.points for f in easy) < min(f.points for f in hard)
    assert sum(f.length for f in hard) > sum(f.length for f in easy)


def test_features_are_measured_exactly():
    # Only ±1 and Swap: 55 -> 73 needs 55 -> ... the solver decides; check each feature.
    p = Puzzle(55, (73,), limit=3, spaces={"A1", "A4", "B4"})
    f = p.features
    solver = Solver(p.board, 55, spaces={"A1", "A4", "B4"})
    assert f.length == solver.solve(73).length == 3
    assert f.count == solver.solve(73).count
    # Without ×÷2, or without Swap, 73 cannot be reached in three rows.
    assert Solver(p.board, 55, spaces={"A1", "B4"}).solve(73, limit=3).length is None
    assert Solver(p.board, 55, spaces={"A1", "A4"}).solve(73, limit=3).length is None
    assert set(f.needs) == {"×÷", "Swap"}
    assert f.slack == 0 and f.targets == 1
    assert 0 < f.dead_ends <= 1


def test_points_table():
    f = Features(length=1, count=10, needs=(), dead_ends=0.0, slack=4, targets=1)
    assert (f.points, f.difficulty) == (0, 1)
    f = Features(length=3, count=1, needs=("Swap",), dead_ends=0.5, slack=0, targets=2)
    assert f.points == 2 + 2 + 1 + 1 + 1 + 1
    assert f.difficulty == 4
    assert Features(6, 1, ("×÷", "Swap"), 0.9, 0, 3).difficulty == 5


def test_unsolvable_puzzle_says_so():
    p = Puzzle(54, (55,), limit=5, spaces={"B1", "B2", "B3"})
    assert not p.solvable
    with pytest.raises(LnbError, match="cannot be solved"):
        _ = p.difficulty
    assert p.to_dict()["solvable"] is False


def test_shortest_puzzle_rows():
    p = Puzzle(55, (73,), limit=5, shortest=True)
    assert p.row_limit == 2
    assert p.features.slack == 0
    assert "as few rows as possible" in p.text()


def test_daily_puzzle_follows_the_weekday():
    monday = dt.date(2025, 3, 3)
    for i in range(7):
        day = monday + dt.timedelta(days=i)
        p = daily(day)
        assert p.difficulty == (1, 2, 3, 4, 5, 3, 3)[i]
        assert daily(day) == p
    assert daily(monday) != daily(monday + dt.timedelta(days=7))


def test_puzzle_validation_names_the_problem():
    with pytest.raises(LnbError, match="not on the board"):
        Puzzle(55, (73,), spaces={"C1"})
    with pytest.raises(LnbError, match="1 to 4 targets"):
        Puzzle(55, (1, 2, 3, 4, 5))
    with pytest.raises(LnbError, match="00 to 99"):
        Puzzle(155, (1,))
    with pytest.raises(LnbError, match="cannot be shared"):
        Puzzle(55, (1,), levels=(("C", "+-11,x/3,swap,=42"),))


# -- codes --------------------------------------------------------------------------------

level_tokens = st.lists(st.sampled_from(CODE_TOKENS), min_size=4, max_size=4).map(",".join)


@st.composite
def puzzles(draw):
    names = draw(st.sets(st.sampled_from("CDE")))
    levels = tuple((n, draw(level_tokens)) for n in sorted(names))
    spaces_all = [f"{lv}{r}" for lv in ("A", "B", *sorted(names)) for r in range(1, 5)]
    restrict = draw(st.booleans())
    spaces = draw(st.sets(st.sampled_from(spaces_all), min_size=1)) if restrict else None
    return Puzzle(
        start=draw(st.integers(0, 99)),
        targets=tuple(draw(st.lists(st.integers(0, 99), min_size=1, max_size=4))),
        limit=draw(st.integers(1, 16)),
        levels=levels,
        spaces=spaces,
        shortest=draw(st.booleans()),
    )


@settings(max_examples=300, deadline=None)
@given(puzzles())
def test_code_round_trip(p):
    code = p.code
    assert code.startswith("P1-")
    assert decode(code) == p
    # Case, hyphens and spaces do not matter; O and I/L read as 0 and 1.
    assert decode(code.lower()) == p
    assert decode(code.replace("-", "")) == p
    assert decode(" " + code.replace("0", "O").replace("1", "L") + " ") == p


def test_codes_are_short():
    assert len(Puzzle(55, (73,)).code) <= 16
    assert max(len(generate(d, s).code) for d in DIFFICULTIES for s in range(3)) <= 40


@pytest.mark.parametrize("seed", range(3))
def test_every_single_character_change_is_detected(seed):
    for difficulty in DIFFICULTIES:
        p = generate(difficulty, seed)
        code = p.code
        for i, ch in enumerate(code):
            for other in CROCKFORD + "-UP":
                if other == ch:
                    continue
                wrong = code[:i] + other + code[i + 1 :]
                with pytest.raises(PuzzleCodeError):
                    decode(wrong)


@pytest.mark.parametrize("seed", range(3))
def test_missing_extra_and_swapped_characters_are_detected(seed):
    for difficulty in DIFFICULTIES:
        code = generate(difficulty, seed).code
        body_positions = [i for i, c in enumerate(code) if i > 2 and c != "-"]
        for i in body_positions:
            with pytest.raises(PuzzleCodeError):
                decode(code[:i] + code[i + 1 :])
            with pytest.raises(PuzzleCodeError):
                decode(code[:i] + "7" + code[i:])
            j = i + 1
            if j < len(code) and code[j] != "-" and code[j] != code[i]:
                with pytest.raises(PuzzleCodeError):
                    decode(code[:i] + code[j] + code[i] + code[j + 1 :])


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("P9-0J6Y-91VC-7", "version P9 is not known"),
        ("Q1-0J6Y-91VC-7", "starts with P1-"),
        ("P1-0J6Y-91UC-7", "'U'"),
        ("P1-0J6Y-91VC-8", "a character of this code is mistyped"),
        ("P1-0J", "too short"),
        ("", "starts with P1-"),
    ],
)
def test_mistyped_codes_say_which_part_is_wrong(code, words):
    with pytest.raises(PuzzleCodeError, match=words):
        decode(code)


def test_encode_decode_of_a_known_puzzle():
    p = Puzzle(55, (73,))
    assert encode(p) == "P1-0J6Y-91VC-7"
    assert decode("p1 0j6y 91vc 7") == p


# -- command line -------------------------------------------------------------------------


def test_cli_puzzle_new_show_check_hint(capsys):
    assert main(["puzzle", "new", "--difficulty", "4", "--seed", "11", "--json"]) == 0
    made = json.loads(capsys.readouterr().out)
    assert made["difficulty"] == 4 and made["solvable"]
    code = made["code"]
    assert main(["puzzle", "show", code, "--json", "--solution"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["targets"] == made["targets"]
    program = shown["solution"]["program"]
    assert main(["puzzle", "check", code, program]) == 0
    assert "Solved" in capsys.readouterr().out
    assert main(["puzzle", "check", code, "A1+"]) == 1
    capsys.readouterr()
    assert main(["puzzle", "hint", code, "--level", "3", "--json"]) == 0
    h = json.loads(capsys.readouterr().out)
    assert h["rows_needed"] == made["features"]["length"]
    assert main(["puzzle", "show", code[:-1] + ("0" if code[-1] != "0" else "1")]) == 2
    assert "mistyped" in capsys.readouterr().err


def test_cli_puzzle_daily(capsys):
    assert main(["puzzle", "daily", "--date", "2025-03-07"]) == 0
    out = capsys.readouterr().out
    assert daily(dt.date(2025, 3, 7)).code in out
    assert "difficulty 5" in out
