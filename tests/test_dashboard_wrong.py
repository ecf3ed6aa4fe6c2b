"""The most common wrong programs (schema 4's ``wrong_answers``): the puzzle app keeps each
checked wrong answer's rows for a class pupil; the dashboard lists the class's most common
ones, each with the library's exact diagnosis (:func:`lnb.babbage.hints.wrong_turn`), checked
here against a brute force over the board's rows; a schema-3 file gets the new tables and
keeps its rows."""

from __future__ import annotations

import datetime
import itertools
import sqlite3
from pathlib import Path

import pytest

from classroom.dashboard_store import ClassWork, WrongAnswer
from classroom.identity import Classroom, IdentityError, Pupil
from classroom.progress import ProgressStore
from classroom.storefile import NEW_IN_4, SCHEMA_VERSION, TABLES_OF
from lnb.babbage.errors import LnbError
from lnb.babbage.hints import VERDICTS, wrong_turn
from lnb.babbage.programs import Program
from lnb.babbage.puzzles import Puzzle
from lnb.core.i18n import use_language
from tests.reference_solver import reference_moves
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.dashboard import Dashboard

DAY = datetime.date(2026, 12, 1)
CODE = "P1-0J6Y-91VC-7"  # start at 55, reach 73 in at most 5 rows
PUZZLE = Puzzle.from_code(CODE)


def reachable(puzzle: Puzzle, value: int, hit: int, rows: int) -> bool:
    """Whether some ``rows`` rows or fewer from ``value`` hit the targets after ``hit``
    (a brute force over the board's rows, independent of the solver)."""
    moves = reference_moves(puzzle.board, puzzle.spaces)
    states = {(value, hit)}
    for _ in range(rows + 1):
        if any(h == len(puzzle.targets) for _v, h in states):
            return True
        states = {(r, h + (h < len(puzzle.targets) and puzzle.targets[h] == r))
                  for v, h in states for _op, r in moves[v]}
    return False


def positions(puzzle: Puzzle, program: str) -> list[tuple[int, int]]:
    value, hit, out = puzzle.start, 0, [(puzzle.start, 0)]
    for op in Program.parse(program).operations:
        try:
            value = op.apply(value, puzzle.board).result
        except LnbError:
            break
        hit += hit < len(puzzle.targets) and puzzle.targets[hit] == value
        out.append((value, hit))
    return out


OPS = ("A1+", "A2-", "A3+", "A4/", "B1-", "B3+", "B4s")
PROGRAMS = [" ".join(p) for n in (2, 3) for p in itertools.product(OPS, repeat=n)]


def test_out_of_reach_names_the_first_row_after_which_no_program_can_hit_the_target() -> None:
    seen = 0
    limit = PUZZLE.row_limit
    for program in PROGRAMS:
        turn = wrong_turn(PUZZLE, program)
        assert turn.kind in VERDICTS
        if turn.kind != "out-of-reach":
            continue
        seen += 1
        steps = positions(PUZZLE, program)
        k = turn.row
        assert k is not None and k >= 1
        assert not reachable(PUZZLE, *steps[k], limit - k), program
        assert all(reachable(PUZZLE, *steps[j], limit - j) for j in range(k)), program
        assert f"After row {k} (" in turn.message
    assert seen > 20


def test_each_kind_of_wrong_program_is_said_exactly() -> None:
    assert wrong_turn(PUZZLE, "A2- B2+").kind == "solved"
    stopped = wrong_turn(PUZZLE, "A3+ A1+ A3+ A3+")
    assert (stopped.kind, stopped.row) == ("stopped-short", 4)
    assert reachable(PUZZLE, 71, 0, 1)
    rule = wrong_turn(PUZZLE, "A3+ A4x")
    assert (rule.kind, rule.row) == ("breaks-a-rule", 2) and "00–99" in rule.message
    lost = wrong_turn(PUZZLE, "A3+ B1- A4x A4x")  # lost after row 2, before row 4's error
    assert (lost.kind, lost.row) == ("out-of-reach", 2)
    long = wrong_turn(PUZZLE, "A1+ A1- A1+ A1- A1+ A1-")
    assert long.kind == "out-of-reach" or long.kind == "too-long"
    assert wrong_turn(PUZZLE, "").kind == "empty"
    with use_language("zh_CN"):
        assert "第 2 行" in wrong_turn(PUZZLE, "A3+ B1- A1+").message


def test_the_puzzle_app_keeps_a_class_pupils_wrong_rows_and_the_dashboard_ranks_them(
        store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    other = room.new_class("8C", ["Dan"])

    def app(klass, name: str) -> PuzzleApp:  # type: ignore[no-untyped-def]
        card = next(c for c in klass.cards if c.pupil_name == name)
        opened = PuzzleApp(store, classroom=room, today=lambda: DAY)
        opened.identity.join_class(klass.code, name, card.secret)
        opened.open_code(CODE)
        return opened

    def check(pupil_app: PuzzleApp, rows: str) -> None:
        pupil_app.open_code(CODE)
        pupil_app.builder.type_rows(rows)
        pupil_app.check()

    ali, bea, cy, dan = app(made, "Ali"), app(made, "Bea"), app(made, "Cy"), app(other, "Dan")
    for pupil_app in (ali, bea, cy):
        check(pupil_app, "A3+ B1- A1+")
    check(ali, "A3+ B1- A1+")
    check(bea, "A3+ A3+")
    check(bea, "A2- B2+")  # right: not kept
    for _ in range(3):
        check(dan, "A4/ A4/")  # another class's
    device = PuzzleApp(store, classroom=room, today=lambda: DAY)
    device.use_pupil(Pupil.from_browser_key(Pupil.new_browser_key()), "device")
    check(device, "A1+")  # a device's: nobody's to read, not kept
    assert ClassWork(store).wrong_answers(room, made.code, made.teacher_key) == (
        WrongAnswer(CODE, "A3+ B1- A1+", 3, 4), WrongAnswer(CODE, "A3+ A3+", 1, 1))
    with pytest.raises(IdentityError):
        ClassWork(store).wrong_answers(room, made.code, other.teacher_key)
    kept = store.read(lambda raw: raw.execute(
        "SELECT pupil, rows FROM wrong_answers").fetchall())
    assert len(kept) == 5 and all(pupil.startswith("class:") for pupil, _rows in kept)

    board = Dashboard(room)
    board.open_class(made.code, made.teacher_key)
    shown = board.wrong_view.value
    assert shown.index("A3+ B1- A1+") < shown.index("A3+ A3+")
    assert "3 pupils, 4 times" in shown and "1 pupil, 1 time" in shown
    assert wrong_turn(PUZZLE, "A3+ B1- A1+").message in shown
    assert "After row 2 (B1-) the Result is 10" in shown
    assert "A4/ A4/" not in shown and "rows'>A1+</td>" not in shown
    for name in ("Ali", "Bea", "Cy"):
        assert name not in shown  # counts only
    with use_language("zh_CN"):
        board.relabel()
        assert "最常见的错误程序" in board.wrong_view.value
        assert "第 2 行" in board.wrong_view.value


def test_a_schema_3_file_gets_the_dashboards_tables_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "progress.sqlite3"
    sam = Pupil.from_nickname("sam")
    with ProgressStore(path, backups=False) as store:
        store.record_attempt(sam, "P1", solved=True, rows=3, day=DAY)
        room = Classroom(store, failure_delay=0)
        made = room.new_class("7B", ["Ali"])
        before = store.dump()
    assert set(TABLES_OF[3]) | set(NEW_IN_4) == set(TABLES_OF[4])
    with sqlite3.connect(path) as raw:  # as the kit of schema 3 left it
        for table in NEW_IN_4:
            raw.execute(f"DROP TABLE {table}")
        raw.execute("DELETE FROM schema_version")
        raw.execute("INSERT INTO schema_version VALUES (3)")
        raw.execute("PRAGMA user_version = 3")
    with ProgressStore(path, backups=False) as store:
        assert store.dump() == before and store.notices == [] and store.saving
        room = Classroom(store, failure_delay=0)
        ali = room.join(made.code, "Ali", made.cards[0].secret).pupil
        work = ClassWork(store)
        work.record_wrong_answer(ali, CODE, "A1+", DAY)
        assert work.wrong_answers(room, made.code, made.teacher_key) == (
            WrongAnswer(CODE, "A1+", 1, 1),)
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 4
        assert raw.execute("SELECT version FROM schema_version ORDER BY version").fetchall() == [
            (3,), (SCHEMA_VERSION,)]


def test_a_damaged_wrong_answer_row_is_left_out_and_kept_aside(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea"])
    ali, bea = (room.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
    work = ClassWork(store)
    work.record_wrong_answer(ali, CODE, "A1+", DAY)
    work.record_wrong_answer(bea, CODE, "A3+", DAY)
    with store.transaction() as raw:  # a write that is not the kit's own
        raw.execute("UPDATE wrong_answers SET times = 99 WHERE rows = 'A3+'")  # not the kit's
    assert work.wrong_answers(room, made.code, made.teacher_key) == (
        WrongAnswer(CODE, "A1+", 1, 1),)
    with ProgressStore(store.target, backups=False) as again:  # the open repairs the file
        assert any("wrong_answers" in text for _at, text in again.teacher_notes())
        assert [row[2] for row in again.dump()["wrong_answers"]] == ["A1+"]
