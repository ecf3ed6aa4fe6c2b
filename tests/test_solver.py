"""The solver against brute-force enumeration of every program on small boards."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lnb import Board, Operation, OutOfRangeError, Program
from lnb.babbage.edition import Edition
from lnb.babbage.solver import MoveTable, Solver, search

TOKENS = sorted({str(t) for t in Edition.load().tokens} | {"+-1", "+-2", "+-5", "x/2", "+-10"})


def all_operations(board: Board, sigma: bool) -> list[Operation]:
    """Every Operation a board could be asked for, legal or not (built from the components)."""
    ops = []
    for level, rack, comp in board.spaces():
        for function in comp.functions:
            ops.append(Operation(level, rack, function))
            if sigma:
                ops.append(Operation(level, rack, function, True))
    return ops


def brute_force(board, start, depth, sigma=False, spaces=None):
    """Every program up to ``depth`` rows, by depth-first enumeration with ``Operation.apply``.

    Returns {length: Counter(final value -> number of programs)} and the list of
    (program, results) pairs.
    """
    ops = [o for o in all_operations(board, sigma) if spaces is None or o.space in spaces]
    finals: dict[int, Counter] = {0: Counter({start: 1})}
    runs: list[tuple[tuple[Operation, ...], tuple[int, ...]]] = [((), ())]

    def walk(value, prefix, results, used):
        if len(prefix) == depth:
            return
        for op in ops:
            if op.sigma and used:
                continue
            try:
                result = op.apply(value, board).result
            except OutOfRangeError:
                continue
            program = (*prefix, op)
            finals.setdefault(len(program), Counter())[result] += 1
            runs.append((program, (*results, result)))
            walk(result, program, (*results, result), used or op.sigma)

    walk(start, (), (), False)
    return finals, runs


def shortest_from_brute(finals, target):
    for length in sorted(finals):
        if finals[length][target]:
            return length, finals[length][target]
    return None, 0


level = st.lists(st.sampled_from(TOKENS), min_size=4, max_size=4).map(",".join)


@settings(max_examples=25, deadline=None)
@given(tokens=level, start=st.integers(0, 99), sigma=st.booleans())
def test_single_target_matches_brute_force(tokens, start, sigma):
    board = Board.of({"C": tokens})
    depth = 4 if not sigma else 3
    finals, _ = brute_force(board, start, depth, sigma)
    solver = Solver(board, start, sigma=sigma)
    for target in range(100):
        want_length, want_count = shortest_from_brute(finals, target)
        got = solver.solve(target, limit=depth)
        assert (got.length, got.count) == (want_length, want_count), target
        if got.program is not None:
            trace = got.program.run(board, start, limit=depth)
            assert trace.result == target
            assert len(got.program) == got.length
            assert sum(op.sigma for op in got.program.operations) <= (1 if sigma else 0)
    for rows in range(depth + 1):
        want = {v for length, c in finals.items() if length <= rows for v in c}
        assert solver.reachable(rows) == want


@settings(max_examples=15, deadline=None)
@given(
    a=level,
    b=level,
    start=st.integers(0, 99),
    drop=st.sets(st.sampled_from(["A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"]), max_size=4),
)
def test_restricted_two_level_board_matches_brute_force(a, b, start, drop):
    board = Board.of({"A": a, "B": b})
    spaces = {"A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"} - drop
    finals, _ = brute_force(board, start, 3, spaces=spaces)
    solver = Solver(board, start, spaces=spaces)
    for target in range(100):
        got = solver.solve(target, limit=3)
        assert (got.length, got.count) == shortest_from_brute(finals, target)
        if got.program is not None:
            assert all(op.space in spaces for op in got.program.operations)


@settings(max_examples=15, deadline=None)
@given(tokens=level, start=st.integers(0, 99), data=st.data())
def test_targets_in_order_match_brute_force(tokens, start, data):
    board = Board.of({"C": tokens})
    _, runs = brute_force(board, start, 4)
    seen = sorted({r for _, res in runs for r in res} | {start, 0, 99})
    targets = data.draw(st.lists(st.sampled_from(seen), min_size=1, max_size=3))

    def hits_in_order(results):
        i = 0
        for r in results:
            if i < len(targets) and r == targets[i]:
                i += 1
        return i == len(targets)

    # Programs that hit the targets for the first time at their last row.
    lengths = Counter(
        len(p) for p, res in runs if res and hits_in_order(res) and not hits_in_order(res[:-1])
    )
    got = Solver(board, start).solve_sequence(targets, limit=4)
    if not lengths:
        assert got.length is None and got.count == 0
    else:
        shortest = min(lengths)
        assert (got.length, got.count) == (shortest, lengths[shortest])
        assert hits_in_order(got.program.run(board, start).results)


def test_start_counts_for_a_single_target_but_not_for_a_puzzle():
    board = Board.standard()
    assert Solver(board, 55).solve(55).length == 0
    assert str(Solver(board, 55).solve(55).program) == ""
    # B4 swaps 55 into 55: one row whose Result is the start.
    assert Solver(board, 55).solve_sequence([55]).length == 1


def test_unreachable_target_is_said_plainly():
    board = Board.of({"A": "+-10,+-20,+-30,+-50"})
    solver = Solver(board, 54)  # tens only: the units digit stays 4
    sol = solver.solve(55)
    assert sol.length is None and sol.count == 0 and sol.program is None
    assert sol.to_dict() == {"start": 54, "target": 55, "length": None, "count": 0,
                             "program": None}
    assert "No program reaches 55" in sol.text()
    assert 55 in solver.unreachable()


def test_limit_cuts_the_answer_but_not_the_shortest_length():
    solver = Solver(Board.standard(), 55)
    full = solver.solve(73)
    assert full.length == 2
    assert solver.solve(73, limit=2).length == 2
    cut = solver.solve(73, limit=1)
    assert cut.length is None and cut.limit == 1
    assert cut.to_dict() == {"start": 55, "target": 73, "length": None, "count": 0,
                             "program": None}


def test_full_standard_board_reaches_everything_from_55_within_three_rows():
    solver = Solver(Board.standard(), 55)
    assert solver.reachable(3) == frozenset(range(100))
    assert solver.reachable(2) != frozenset(range(100))


def test_shown_program_is_first_in_board_order():
    board = Board.standard()
    sol = Solver(board, 55).solve(73)
    candidates = []
    for a in MoveTable.of(board).moves(55):
        for b in MoveTable.of(board).moves(a.result):
            if b.result == 73:
                candidates.append((a.operation.sort_key(), b.operation.sort_key(),
                                   f"{a.operation} {b.operation}"))
    assert len(candidates) == sol.count
    assert str(sol.program) == min(candidates)[2]


def test_search_answers_from_any_position():
    s = search(Board.standard(), (60, 30))
    assert s.rows_needed(55) == 2
    assert s.rows_needed(60, hit=1) == 1
    assert s.rows_needed(30, hit=2) == 0
    assert [str(m.operation) for m in s.next_moves(60, hit=1)] == ["A4/"]
    assert Program.parse("A3+ A4/").run(Board.standard(), 55).results == (60, 30)


@pytest.mark.parametrize("spaces", [None, {"A1"}, {"B4", "A4"}])
def test_move_table_agrees_with_legal_operations(spaces):
    board = Board.standard({"C": "+-7,x/3,copy>,=42"})
    table = MoveTable.of(board, spaces)
    for value in range(100):
        for move in table.moves(value):
            assert move.operation.apply(value, board).result == move.result
            assert spaces is None or move.operation.space in spaces


# -- command line -------------------------------------------------------------------------


def test_cli_solve_json_and_exit_status(capsys):
    import json

    from lnb.cli import main

    assert main(["solve", "--start", "55", "--target", "73", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sol = Solver(Board.standard(), 55).solve(73)
    assert data == {"start": 55, "target": 73, "length": sol.length, "count": sol.count,
                    "program": str(sol.program)}
    assert main(["solve", "--start", "55", "--target", "73", "--limit", "1", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["length"] is None
    level = "C=x/3,swap,copy>,=42"
    assert main(["solve", "--start", "10", "--target", "99", "--level", level,
                 "--spaces", "C1,C2,C3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    board = Board.standard({"C": "x/3,swap,copy>,=42"})
    want = Solver(board, 10, spaces={"C1", "C2", "C3"}).solve(99)
    assert (data["length"], data["count"]) == (want.length, want.count)
    assert main(["solve", "--target", "12", "--target", "34", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["targets"] == [12, 34]
    assert main(["solve", "--reachable", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["values"] == sorted(
        Solver(Board.standard(), 55).reachable(1))
    assert main(["solve", "--start", "0", "--target", "99", "--level", "C=x/3,x/3,x/3,x/3",
                 "--spaces", "C1"]) == 1
    assert "No program reaches 99" in capsys.readouterr().out
    assert main(["solve", "--spaces", "Z9"]) == 2


def test_the_answer_has_one_source_for_the_library_and_the_command():
    import re

    from lnb.cli.solver import solution_text
    from lnb.core.i18n import use_language
    from lnb.core.messages import Text

    solver = Solver(Board.standard(), 55)
    answers = [solver.solve(73), solver.solve(55), solver.solve(73, limit=1),
               Solver(Board.of({"A": "+-10,+-20,+-30,+-50"}), 54).solve(55),
               solver.solve_sequence([60, 30]), solver.solve_sequence([99, 98, 97], limit=2),
               Solver(Board.of({"A": "+-5,x/2,swap,copy>"}), 55).solve(11)]
    english = [sol.text() for sol in answers]
    assert english[:3] == ["From 55 to 73: 2 rows (2 shortest programs), for example A2- B2+",
                           "55 is already 55: no row is needed.",
                           "No program reaches 73 from 55 within 1 row."]
    assert english[3:6] == ["No program reaches 55 from 54.",
                            "From 55 to 60 then 30: 2 rows (one shortest program), for example "
                            "A3+ A4/",
                            "No program reaches 99 then 98 then 97 from 55 within 2 rows."]
    assert all(isinstance(text, Text) for text in english)
    for language in ("en", "zh-CN", "en-XA"):
        with use_language(language):
            shown = [str(sol.text()) for sol in answers]
            assert shown == [solution_text(sol) for sol in answers]
            assert [f"{text}" for text in english] == shown  # made in English, shown now
        if language == "zh-CN":
            assert shown[4] == "从 55 到 60，然后 30：2 行（一个最短程序），例如 A3+ A4/"
            assert shown[1] == "55 已经是 55：一行也不需要。"
        if language == "en-XA":
            for text in shown:
                outside = re.sub(r"⟦[^⟧]*⟧", " ", text)
                assert not re.findall(r"[a-z]{2,}", outside), text


def test_a_solution_holds_no_text_until_asked():
    import dataclasses

    sol = Solver(Board.standard(), 55).solve(73)
    assert [f.name for f in dataclasses.fields(sol)] == [
        "start", "targets", "length", "count", "program", "limit"]
    assert sol.text() is not sol.text() and sol.text() == sol.text()
