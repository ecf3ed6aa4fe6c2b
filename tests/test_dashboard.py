"""The teacher's dashboard: only the teacher key opens a class; the figures (solved,
attempts, hints used, rows against the shortest) are those of answers this test made through
the puzzle app; no card secret and no other class is ever shown."""

from __future__ import annotations

import base64
import csv
import datetime
import io
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from classroom.dashboard_figures import class_report, shortest_rows
from classroom.identity import Classroom, IdentityError, NewClass
from classroom.progress import ProgressStore
from lnb.babbage.puzzles import Puzzle, generate
from lnb.core.i18n import use_language
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.classroom.dashboard import Dashboard

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
DAY = datetime.date(2026, 12, 1)
CODE = "P1-0J6Y-91VC-7"  # start at 55, reach 73 in at most 5 rows; shortest: A2- B2+
OTHER = generate(1, seed=3)


@dataclass
class Made:
    store: ProgressStore
    room: Classroom
    made: NewClass
    other: NewClass


def app_of(room: Classroom, made: NewClass, name: str) -> PuzzleApp:
    """A pupil's puzzle app, joined to their class with their card."""
    card = next(c for c in made.cards if c.pupil_name == name)
    app = PuzzleApp(room.store, classroom=room, today=lambda: DAY)
    app.identity.join_class(made.code, name, card.secret)
    assert app.pupil is not None and app.pupil.key.startswith(f"class:{made.code}:")
    return app


def answer(app: PuzzleApp, code: str, rows: str) -> None:
    app.open_code(code)
    app.builder.type_rows(rows)
    app.check()


@pytest.fixture
def made(store_url: str) -> Made:
    store = ProgressStore(store_url, backups=False)
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    other = room.new_class("8C", ["Dan"])
    ali = app_of(room, made, "Ali")
    answer(ali, CODE, "A4/ B4s")  # wrong: 72, one away
    ali.next_hint()
    answer(ali, CODE, "A1+ A2- B2+ A1-")  # right in 4 rows (the shortest has 2)
    bea = app_of(room, made, "Bea")
    answer(bea, CODE, "A2- B2+")  # right, a shortest program
    answer(bea, OTHER.code, "A1+")
    dan = app_of(room, other, "Dan")
    answer(dan, CODE, "A2- B2+")
    yield Made(store, room, made, other)
    store.close()


def test_the_shortest_possible_is_the_librarys() -> None:
    assert shortest_rows(CODE) == Puzzle.from_code(CODE).solution.length == 2
    assert shortest_rows(OTHER.code) == OTHER.solution.length


def test_a_wrong_teacher_key_is_refused_plainly_the_code_kept_the_key_emptied(
        made: Made) -> None:
    board = Dashboard(made.room)
    board.code_box.value = made.made.code.lower()
    board.key_box.value = made.other.teacher_key  # another class's key
    board.open_button.click()
    assert board.status.kind == "error"
    assert "not the teacher key of class" in board.status.text
    assert board.key_box.value == "" and board.code_box.value == made.made.code.lower()
    assert board.report is None and board.class_view.value == ""
    with pytest.raises(IdentityError):
        class_report(made.room, made.made.code, "")


def test_the_class_list_shows_each_pupils_puzzles_as_the_test_made_them(made: Made) -> None:
    board = Dashboard(made.room)
    board.code_box.value = made.made.code
    board.key_box.value = made.made.teacher_key
    board.open_button.click()
    assert board.status.kind == "ok" and board.key_box.value == ""
    report = board.report
    assert report is not None and report.name == "7B"
    figures = {pupil.name: [(p.puzzle, p.solved, p.attempts, p.hints, p.best_rows, p.shortest)
                            for p in pupil.puzzles] for pupil in report.pupils}
    assert figures == {
        "Ali": [(CODE, True, 2, 1, 4, 2)],
        "Bea": [(CODE, True, 1, 0, 2, 2), (OTHER.code, False, 1, 0, None,
                                           OTHER.solution.length)],
        "Cy": [],
    }
    assert [p.solved_count for p in report.pupils] == [1, 1, 0]
    assert report.pupils[0].puzzles[0].extra_rows == 2
    shown = board.class_view.value
    assert "4 (shortest 2)" in shown and "2 (shortest 2)" in shown
    assert f"— (shortest {OTHER.solution.length})" in shown and "No puzzle tried yet" in shown
    assert shown.index("Ali") < shown.index("Bea") < shown.index("Cy")
    assert "Dan" not in shown and "3 pupils" in board.heading.value


def test_the_dashboard_never_shows_a_card_secret(made: Made) -> None:
    board = Dashboard(made.room)
    board.open_class(made.made.code, made.made.teacher_key)
    page = board.heading.value + board.class_view.value + board.status.text
    for card in made.made.cards:
        assert card.secret not in page
    assert made.made.teacher_key not in page


def test_show_the_latest_reads_the_work_done_since(made: Made) -> None:
    board = Dashboard(made.room)
    board.open_class(made.made.code, made.made.teacher_key)
    answer(app_of(made.room, made.made, "Cy"), CODE, "A3+ A3+ A3+")
    assert "No puzzle tried yet" in board.class_view.value
    board.refresh_button.click()
    cy = board.report.pupils[2] if board.report else None
    assert cy is not None and [(p.solved, p.attempts) for p in cy.puzzles] == [(False, 1)]
    assert "No puzzle tried yet" not in board.class_view.value


def test_the_dashboard_speaks_chinese_and_keeps_the_class(made: Made) -> None:
    board = Dashboard(made.room)
    board.open_class(made.made.code, made.made.teacher_key)
    with use_language("zh_CN"):
        board.relabel()
        assert "教师面板" in board.title.value and board.open_button.description == "打开班级"
        assert "4 行（最短 2 行）" in board.class_view.value and "7B 班" in board.heading.value
        lengths = board.puzzles_view.value
        assert "最短程序" in lengths and "2 位学生尝试过" in lengths
        assert board.report is not None and board.report.name == "7B"
    board.relabel()
    assert "dashboard" in board.title.value and "教师" not in board.title.value


def test_the_landing_page_lists_the_dashboard_for_teachers() -> None:
    index = (LESSONS / "index.ipynb").read_text(encoding="utf-8")
    assert "(teacher.ipynb)" in index and (LESSONS / "teacher.ipynb").is_file()
    teachers = index[index.index("## For teachers"):]
    assert "teacher.ipynb" in teachers


def test_each_puzzle_has_a_histogram_of_the_class_lengths_beside_the_shortest(
        made: Made) -> None:
    board = Dashboard(made.room)
    board.open_class(made.made.code, made.made.teacher_key)
    report = board.report
    assert report is not None
    assert report.puzzle_codes() == (CODE, OTHER.code)  # the most tried first
    assert report.lengths(CODE) == (2, 4) and report.tried(CODE) == 2
    assert report.lengths(OTHER.code) == () and report.tried(OTHER.code) == 1
    shown = board.puzzles_view.value
    first, second = shown.split("<div class='lnb-lengths'>")[1:3]
    assert f"Puzzle 55 → 73 ({CODE}): 2 pupils tried it, 2 solved it" in first  # not Dan, of 8C
    bars = re.findall(r"<th scope='row'>(\d+) rows?</th><td>(.*?)</td>", first)
    assert [n for n, _ in bars] == ["2", "3", "4"]
    assert ["1 pupil" in cell and "lnb-bar" in cell for _, cell in bars] == [True, False, True]
    assert "0 pupils" in bars[1][1] and "shortest possible" in bars[0][1]
    assert "shortest possible" not in bars[2][1]
    assert (f"Puzzle {OTHER.summary()} ({OTHER.shown_code}): 1 pupil tried it, 0 solved it"
            in second)
    assert "lnb-bar" not in second and "Ali" not in shown and "Bea" not in shown


def downloaded(link_html: str) -> tuple[str, str]:
    """The file name and text of a download link made in the page."""
    name = re.search(r"download='([^']+)'", link_html)
    data = re.search(r"href='data:text/csv;base64,([^']+)'", link_html)
    assert name and data, link_html
    return name.group(1), base64.b64decode(data.group(1)).decode("utf-8")


def test_the_class_results_download_as_csv(made: Made) -> None:
    board = Dashboard(made.room, today=lambda: DAY)
    assert board.export.value == ""  # nothing before the teacher key
    board.open_class(made.made.code, made.made.teacher_key)
    name, text = downloaded(board.export.value)
    assert name == "results-7B-2026-12-01.csv"
    rows = list(csv.DictReader(io.StringIO(text)))
    assert [(r["pupil"], r["puzzle"], r["solved"], r["attempts"], r["hints used"],
             r["rows used"], r["shortest possible rows"], r["rows more than the shortest"])
            for r in rows] == [
        ("Ali", CODE, "yes", "2", "1", "4", "2", "2"),
        ("Bea", CODE, "yes", "1", "0", "2", "2", "0"),
        ("Bea", OTHER.code, "no", "1", "0", "", str(OTHER.solution.length), ""),
        ("Cy", "", "", "", "", "", "", ""),
    ]
    assert [r["first tried"] for r in rows] == [DAY.isoformat()] * 3 + [""]
    for card in [*made.made.cards, *made.other.cards]:
        assert card.secret not in text
    assert "Dan" not in text
    with use_language("zh_CN"):
        board.relabel()
        _name, chinese = downloaded(board.export.value)
        assert chinese.splitlines()[0].startswith("学生,谜题") and ",是," in chinese
