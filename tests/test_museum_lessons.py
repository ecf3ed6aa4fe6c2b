"""The museum's lessons answer back, in-process: every exercise of their banks
(``widgets/lessons/exercises/museum-*.toml``) accepts its answer, which the library (or plain
counting) gives too, and diagnoses typical wrong answers in both languages; each lesson, run
cell by cell, prints nothing and shows no count or table that answers a question before the
question is answered (:class:`~widgets.museum.lesson_views.Reveal`), and shows it once the
questions are answered.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import ipywidgets as w
import nbformat
import pytest

from lnb.core.errors import BadInputError
from lnb.core.i18n import use_language
from lnb.museum.museum import Museum
from lnb.museum.shapes import Shape
from widgets.lessons.bank import bank, exercise
from widgets.museum.lesson_checks import KINDS, event, rectangles, symmetry
from widgets.museum.lesson_views import (
    OUTCOMES,
    Reveal,
    perimeter,
    polyominoes,
    room_facts,
    room_plan,
)

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NAMES = ("museum-turn-and-flip", "museum-area", "museum-chance")
ENTRIES = [(lesson, entry_id) for lesson in NAMES for entry_id in bank(lesson).ids]
FACTS = {f["id"]: f for f in room_facts()}


def computed(lesson: str, entry_id: str) -> int | str:
    """The answer of an exercise, worked out from the library and its options, not read from
    the bank."""
    entry = bank(lesson).entry(entry_id)
    o = entry.options
    if entry.check == "museum-ways":
        return len(Shape.parse(o["shape"]).orientations())
    if entry.check == "museum-symmetry":
        lines, turns = symmetry(o["shape"])
        return lines if o.get("kind", "lines") == "lines" else turns
    if entry.check == "museum-polyominoes":
        free, fixed = polyominoes(o["size"])
        return len(free if o.get("kind", "free") == "free" else fixed)
    if entry.check == "museum-perimeter":
        return perimeter(Shape.parse(o["shape"]).cells)
    if entry.check == "museum-room":
        return FACTS[o["room"]][o.get("measure", "area")]
    if entry.check == "museum-largest-area":
        return max(a * b for a, b in rectangles(perimeter=o["perimeter"]))
    if entry.check == "museum-smallest-perimeter":
        return min(2 * (a + b) for a, b in rectangles(area=o["area"]))
    if entry.check == "museum-fraction":
        condition = event(evidence="teapot")
        return str(Fraction(sum(1 for a, b in OUTCOMES if condition(a, b)), 36))
    if entry.check == "museum-outcomes":
        condition = event(**o)
        return sum(1 for a, b in OUTCOMES if condition(a, b))
    raise AssertionError(f"{lesson} {entry_id}: no computed answer for {entry.check}")


@pytest.mark.parametrize(("lesson", "entry_id"), ENTRIES)
def test_the_bank_answer_is_the_librarys_and_is_accepted_in_both_languages(
        lesson: str, entry_id: str) -> None:
    entry = bank(lesson).entry(entry_id)
    assert entry.check in KINDS
    assert entry.answer == computed(lesson, entry_id)
    for language, yes in (("en", "Yes!"), ("zh_CN", "对了！")):
        with use_language(language):
            ex = exercise(lesson, entry_id)
            typed = str(entry.answer)
            verdict = ex.submit(f" {typed}。" if language == "zh_CN" else typed)
            assert verdict.correct and verdict.message.startswith(yes), verdict.message
            assert ex.solved


def test_the_museum_banks_are_complete_in_chinese() -> None:
    for lesson in NAMES:
        assert bank(lesson).missing("zh_CN") == [], lesson


#: (lesson, id, wrong answer, words the English diagnosis says, words the Chinese one says)
DIAGNOSED = [
    ("museum-turn-and-flip", "square-ways", "8", "r1 (turned 90° clockwise) looks the same as "
     "r0 (not turned)", "和 r0（不旋转）看起来一样"),
    ("museum-turn-and-flip", "straight-ways", "4", "r2 (turned 180° clockwise) looks the same",
     "r2（顺时针旋转 180°）"),
    ("museum-turn-and-flip", "s-ways", "2", "counts the turns only", "只数了旋转"),
    ("museum-turn-and-flip", "s-ways", "9", "at most 8 ways", "最多有 8 种摆法"),
    ("museum-turn-and-flip", "t-lines", "4", "how many different ways it lies", "不同的摆法"),
    ("museum-turn-and-flip", "square-lines", "2", "The two diagonals are mirror lines too",
     "两条对角线也是镜像线"),
    ("museum-turn-and-flip", "s-turns", "0", "counts its mirror lines", "对称轴"),
    ("museum-turn-and-flip", "free-tetrominoes", "19", "counts the fixed ones", "固定骨牌"),
    ("museum-turn-and-flip", "free-tetrominoes", "7", "its mirror image", "镜像"),
    ("museum-turn-and-flip", "fixed-tetrominoes", "5", "counts each shape once", "只数了一次"),
    ("museum-turn-and-flip", "fixed-tetrominoes", "40", "not every shape lies 8 ways",
     "不是每个形状"),
    ("museum-area", "straight-5-perimeter", "5", "5 is the area", "5 是面积"),
    ("museum-area", "straight-5-perimeter", "20", "all 4 sides of every square", "4 条边"),
    ("museum-area", "fibonacci-area", "30", "the whole 6 × 5 rectangle", "6 × 5 长方形"),
    ("museum-area", "fibonacci-area", "22", "22 is the perimeter", "22 是周长"),
    ("museum-area", "fibonacci-area", "23", "leaves out the evidence squares", "漏掉了证物方格"),
    ("museum-area", "fibonacci-area", "11", "adds the length and the width", "长加宽"),
    ("museum-area", "lobby-perimeter", "21", "21 is the area", "21 是面积"),
    ("museum-area", "lobby-perimeter", "12", "half the way round", "半圈"),
    ("museum-area", "lobby-perimeter", "27", "area of the rectangle around", "长方形的面积"),
    ("museum-area", "pascal-to-fill", "14", "is the whole room", "是整个房间"),
    ("museum-area", "pascal-to-fill", "15", "do not add them", "不是加上"),
    ("museum-area", "largest-area-20", "24", "4 × 6 has a perimeter of 20 and an area of 24",
     "4 × 6 的周长是 20，面积是 24"),
    ("museum-area", "largest-area-20", "10", "the length plus the width", "长加宽"),
    ("museum-area", "largest-area-22", "28", "4 × 7 has a perimeter of 22", "4 × 7 的周长是 22"),
    ("museum-area", "smallest-perimeter-24", "22", "3 × 8 covers 24 squares", "3 × 8 有 24 个方格"),
    ("museum-area", "smallest-perimeter-24", "10", "half the way round 4 × 6", "4 × 6 的半圈"),
    ("museum-chance", "doubles", "12", "counts each double twice", "数了两次"),
    ("museum-chance", "consecutive", "5", "counts 1-2 and 2-1 as one outcome",
     "把 1-2 和 2-1 算成了一种结果"),
    ("museum-chance", "consecutive", "12", "6 and 1 are not consecutive", "6 和 1 不算相邻点数"),
    ("museum-chance", "sum-7", "3", "counts 1-6 and 6-1 as one outcome", "1-6 和 6-1"),
    ("museum-chance", "teapot", "3", "counts the sums", "数的是和"),
    ("museum-chance", "teapot", "9", "as one outcome", "算成了一种结果"),
    ("museum-chance", "teapot", "18", "counts each double twice", "数了两次"),
    ("museum-chance", "teapot", "40", "only 36 outcomes", "只有 36 种结果"),
    ("museum-chance", "teapot-fraction", "16/36", "divide the top and the bottom by 4",
     "把分子和分母都除以 4"),
    ("museum-chance", "teapot-fraction", "36分之16", "not in its simplest form", "最简分数"),
    ("museum-chance", "teapot-fraction", "44%", "as a percentage", "百分数"),
    ("museum-chance", "teapot-fraction", "16", "counts the outcomes", "是结果数"),
    ("museum-chance", "teapot-fraction", "9/4", "upside down", "写反了"),
]


@pytest.mark.parametrize(("lesson", "entry_id", "typed", "english", "chinese"), DIAGNOSED)
def test_a_typical_wrong_answer_is_diagnosed(lesson: str, entry_id: str, typed: str,
                                            english: str, chinese: str) -> None:
    for language, words, not_yet in (("en", english, "Not yet: "), ("zh_CN", chinese, "还不对：")):
        with use_language(language):
            ex = exercise(lesson, entry_id)
            verdict = ex.submit(typed)
            assert not verdict.correct and not ex.solved
            assert verdict.message.startswith(not_yet) and words in verdict.message, (
                language, verdict.message)
            assert ex.status.text == verdict.message


def test_a_wrong_answer_nothing_explains_still_says_which_way() -> None:
    ex = exercise("museum-chance", "teapot")
    assert ex.submit("17").message == "Not yet: 17 is too big."
    assert ex.submit("seventeen").message.startswith("Type a whole number")


def test_a_question_quoting_the_museum_quotes_it_right() -> None:
    """Pascal Parlour's question gives its area and evidence squares: the library's."""
    question = str(bank("museum-area").entry("pascal-to-fill").text("question", "en"))
    pascal = FACTS["pascal"]
    assert f"covers {pascal['area']} squares and holds {pascal['evidence']} evidence" in question
    chinese = str(bank("museum-area").entry("pascal-to-fill").text("question", "zh_CN"))
    assert f"有 {pascal['area']} 个方格，其中 {pascal['evidence']} 个是证物方格" in chinese


def test_an_unknown_room_is_refused_naming_the_rooms() -> None:
    with pytest.raises(BadInputError) as caught:
        room_plan("kitchen")
    assert caught.value.fields["reason"] == "unknown-room"
    assert "pascal" in caught.value.fields["expected"] and "'kitchen'" in str(caught.value)
    with pytest.raises(BadInputError):
        KINDS["museum-room"](3, room="kitchen")


# -- the lessons, run cell by cell -----------------------------------------------------------

def run_lesson(path: Path) -> tuple[list[Any], str]:
    """Run a lesson's code cells (not its pinned examples, nor a twin's language cell) as
    the page does; what each cell shows (its last expression) and everything printed."""
    nb = nbformat.read(path, as_version=4)
    namespace: dict[str, Any] = {}
    shown: list[Any] = []
    printed = io.StringIO()
    for cell in nb.cells:
        if cell.cell_type != "code" or "pin" in cell.metadata.get("tags", []) \
                or "page_language" in cell.source:
            continue
        tree = ast.parse(cell.source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with contextlib.redirect_stdout(printed):
            exec(compile(tree, str(path), "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last.value), str(path), "eval"), namespace)
                if value is not None:
                    shown.append(value)
    return shown, printed.getvalue()


def words_of(widget: Any) -> str:
    """The text a widget shows, its children's too."""
    own = re.sub(r"<style>.*?</style>", " ", str(getattr(widget, "value", "")), flags=re.S)
    own = re.sub(r"<[^>]+>", " ", own)
    return own + " ".join(words_of(child) for child in getattr(widget, "children", ()))


@pytest.mark.parametrize("path", [f"{n}.ipynb" for n in NAMES] + [f"zh-CN/{n}.ipynb"
                                                                      for n in NAMES])
def test_a_lesson_shows_no_answer_before_its_question_is_answered(path: str) -> None:
    language = "zh_CN" if path.startswith("zh-CN/") else "en"
    with use_language(language):
        shown, printed = run_lesson(LESSONS / path)
        assert printed == "", f"{path} prints {printed[:80]!r}"
        exercises = [s for s in shown if getattr(s, "exercise_id", None)]
        lesson = Path(path).stem
        assert [e.exercise_id for e in exercises] == list(bank(lesson).ids)
        reveals = [s for s in shown if isinstance(s, Reveal)]
        assert reveals, f"{path}: nothing waits for an answer"
        for reveal in reveals:  # each waits for questions asked above it
            assert not reveal.shown and reveal.children == (reveal.note,)
            above = shown[:shown.index(reveal)]
            assert all(any(ex is s for s in above) for ex in reveal.after)
        for ex in exercises:
            assert str(ex.check.expected) not in re.findall(r"\d+(?:/\d+)?", words_of(ex)), (
                f"{path} {ex.exercise_id}: the answer is on the exercise before it is answered")
            ex.submit(str(bank(lesson).entry(ex.exercise_id).answer))
        assert all(reveal.shown and reveal.children == (reveal.content,) for reveal in reveals)
        assert all(isinstance(reveal.content, w.Widget) for reveal in reveals)


def test_every_room_plan_is_the_rooms_own() -> None:
    museum = Museum.standard()
    for room_id, facts in FACTS.items():
        plan = room_plan(room_id, museum).value
        assert plan.count('fill="none"') == facts["width"] * facts["height"] - facts["area"]
        assert plan.count('fill="#1a237e"') == facts["evidence"]
