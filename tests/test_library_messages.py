"""The library's messages are translated when shown (issue 14): every error of a catalogue of
bad inputs renders in the pseudo-language with no English word outside the marks, and in 简体中文
with Chinese characters; an error made in one language is shown in another; the fields stay
data; the pupil-facing texts (hints, puzzles, traces, scores, the printed sheet) follow."""

from __future__ import annotations

import dataclasses
import pickle
import re
from collections.abc import Callable

import pytest
from game_kit import make_record
from message_checks import CHINESE, Unmarked, assert_marked, assert_speaks_chinese
from message_checks import error_of as _error

from lnb.babbage import records
from lnb.babbage.board import Board
from lnb.babbage.components import Component, Function, Kind
from lnb.babbage.edition import Edition
from lnb.babbage.errors import LnbError
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    Game,
    GameOptions,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.actions import ACTION_TYPES
from lnb.babbage.hints import check_answer, diagnose, hint
from lnb.babbage.operations import Operation, describe_kind
from lnb.babbage.programs import Program
from lnb.babbage.puzzle_sheet import PuzzleSet
from lnb.babbage.puzzles import SHORT_EXAMPLE, Puzzle, decode, generate
from lnb.babbage.words import MARKED, effect_name, type_name
from lnb.core import i18n
from lnb.core.messages import Listing, Text, lazy_ngettext

PAIRS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")]
BOARD = Board.standard()
HUGE = "1" * 4301
RECORD = {"format": "lnb-game/1", "edition": "standard",
          "players": [{"name": "Ada", "character": "Ada Lovelace"},
                      {"name": "Bea", "character": "Charles Babbage"}], "rounds": []}


def _state():
    return Game(PAIRS, seed=1).new_initial_state()


def _targeted():
    state = _state()
    state.apply_action(Target("Ada", 14))
    state.apply_action(Target("Bea", 12))
    return state


#: Bad input of every kind the library meets: program text (the typos of
#: test_errors_as_data.py and the fuzz cases of test_bad_input_fuzz.py), rules broken, wrong
#: types, game actions, options, records, editions, puzzles and their codes.
BAD: dict[str, Callable[[], object]] = {
    **{f"program {text!r}": (lambda text=text: Program.parse(text).run(BOARD)) for text in [
        "F3+", "A3", "A3%", "A3+?", "33", "+", "A3+A4/", "A3++", "A9+", "A3+ A4+", "A3+ C1+",
        "B1+", "A1+ A1+ A1+ A1+ A1+ A1+ A1+", "A3+ 60 61", "A3+ 160", "A3+ 060", "A٣+",
        "A1+ A٣+", "A3+ ٦٠", f"A{HUGE}+", f"A3+ {HUGE}", "\x00",
    ]},
    "two sigma rows": lambda: Program.parse("B2+Σ A1+ A1+!").check_sigma(),
    "not text": lambda: Program.parse(5),
    "operation not text": lambda: Operation.parse(None),
    "bad start": lambda: Program.parse("A3+").run(BOARD, start="55"),
    "bad limit": lambda: Program.parse("A3+").run(BOARD, limit="5"),
    "bad written": lambda: Program().with_row("A3+", written="60"),
    "bad token": lambda: Component.parse_token("+-x"),
    "token too big": lambda: Component.parse_token("+-1234"),
    "component range": lambda: Component(Kind.MUL_DIV, 12),
    "component kind": lambda: Component("x/"),
    "component number": lambda: Component(Kind.ADD_SUB, "5"),
    "needs number": lambda: Component(Kind.ADD_SUB),
    "takes no number": lambda: Component(Kind.SWAP, 3),
    "not a function": lambda: Component.parse_token("+-5").apply("+", 5),
    "bad symbol": lambda: Function.from_symbol("%"),
    "no rack": lambda: BOARD.component("A", 9),
    "hidden level": lambda: BOARD.component("C", 1),
    "level count": lambda: Board.standard(levels={"C": "+-7,x/3"}),
    "level name": lambda: Board.standard(levels={3: "+-7,x/3,swap,=42"}),
    "level tokens": lambda: Board.standard(levels={"C": 7}),
    "level with no tokens": lambda: Board.standard(levels={"A": "+-7,x/3,swap,=42"}),
    "target none": lambda: Target(None, 23),
    "target text": lambda: Target("Ada", "23"),
    "finish seconds": lambda: Finish("Ada", seconds="soon"),
    "write not text": lambda: WriteProgram("Ada", 5),
    "write aims": lambda: WriteProgram("Ada", "A3+", aims=(68, 58)),
    "activate int": lambda: Activate("Ada", 5),
    "activate text": lambda: Activate("Ada", "5"),
    "activate texts": lambda: Activate("Ada", ("5",)),
    "resolve patron": lambda: ResolveRow("Ada", patron="58"),
    "resolve take": lambda: ResolveRow("Ada", take=3),
    "debug player": lambda: Debug(7, "A3+"),
    "recompute": lambda: Recompute(None),
    "time up": lambda: TimeUp("Ada"),
    "not an action": lambda: _state().apply_action("Target Ada 23"),
    "wrong phase": lambda: _state().apply_action(Finish("Ada")),
    "target twice": lambda: (_state().apply_action(Target("Ada", 14)),
                             _state().apply_action(Target("Ada", 14)),
                             _twice()),
    "not targetable": lambda: _state().apply_action(Target("Ada", 99)),
    "no such player": lambda: _state().player("Cy"),
    "time not up": lambda: _targeted().apply_action(TimeUp()),
    "program illegal": lambda: _targeted().apply_action(WriteProgram("Ada", "A3+ C1+")),
    "unknown option": lambda: Game(PAIRS, {"take_this": False}),
    "options type": lambda: Game(PAIRS, ["take_that"]),
    "seed": lambda: Game(PAIRS, seed="abc"),
    "option bool": lambda: GameOptions(take_that="yes"),
    "handicap": lambda: GameOptions(handicap={"Bea": []}),
    "timer": lambda: GameOptions(timer_seconds=0),
    "same name": lambda: Game([("Ada", "Ada Lovelace"), ("Ada", "Charles Babbage")]),
    "no character": lambda: Game([("Ada", "Ada Lovelace"), ("Bea", "Nobody")]),
    "same character": lambda: Game([("Ada", "Ada Lovelace"), ("Bea", "Ada Lovelace")]),
    "one player": lambda: Game([("Ada", "Ada Lovelace")]),
    "record type": lambda: records.load(5),
    "record null": lambda: records.load("null"),
    "record no file": lambda: records.load("no-such-game.json"),
    "record json": lambda: records.load("{"),
    "record digits": lambda: records.load('{"seed": ' + HUGE + "}"),
    "record edition": lambda: records.replay({**RECORD, "edition": "../../etc/s2"}),
    "record seed": lambda: records.replay({**RECORD, "seed": "x"}),
    "record format": lambda: records.replay({**RECORD, "format": "chess"}),
    "record rule": lambda: records.replay(make_record(2, {2: {"plays": {
        "Bea": {"program": "A3+ A3+ C9+"}}}})),
    "record target": lambda: records.replay(make_record(2, {1: {"plays": {
        "Ada": {"target": "x"}}}})),
    "record mid-round": lambda: records.record_of(_targeted()),
    "edition": lambda: Edition.load("nope"),
    "patron": lambda: Edition.load().patron(3),
    "hint level": lambda: hint(Puzzle(55, (30,), limit=3), "", level=7),
    "puzzle start": lambda: Puzzle(start=120, targets=(3,)),
    "puzzle limit": lambda: Puzzle(start=55, targets=(3,), limit=0),
    "puzzle level": lambda: Puzzle(55, (3,), levels=(("A", "+-1,+-2,+-5,x/2"),)),
    "puzzle spaces": lambda: Puzzle(55, (3,), spaces=frozenset({"C1"})),
    "difficulty": lambda: generate(9),
    "sheet count": lambda: PuzzleSet.make(0, 2, seed=1),
    **{f"code {code!r}": (lambda code=code: decode(code)) for code in [
        "P1-0J6Y-91VC-8", "P9-0J6Y-91VC-7", "X1-0J6Y", "P1-0J6U-91VC-7", "P1-0J", "P1-" + HUGE,
        "P1-0J6Y-91VC-71", 5,
    ]},
}


def _twice() -> None:
    state = _state()
    state.apply_action(Target("Ada", 14))
    state.apply_action(Target("Ada", 12))


#: What may stay unmarked: numbers, the notation pupils type (rows, spaces, tokens, levels),
#: a puzzle's code, names of people and of the record's own entries, and anything quoted back.
NOTATION = re.compile(r"[-+]?\d+|[A-Za-z]\d*[-+x/sc=÷×Σ!]?Σ?|[±×÷=⇄↦→←]+\d*|\d+[x/]|P1-.*|"
                      + re.escape(SHORT_EXAMPLE))
NAMES = {"Ada", "Bea", "Nobody", "Cy", "standard", "lnb-game", "None", "True", "False", "&",
         # the API's own names, which a message about a call names: actions and their fields
         *(t.__name__ for t in ACTION_TYPES),
         *(f.name for t in ACTION_TYPES for f in dataclasses.fields(t)),
         # people, as printed on the cards; the game's title stays in Latin letters
         *(word for c in Edition.load().characters for word in c.name.split()),
         "Lovelace", "Babbage",
         # the names a record or the options are written with (JSON keys, option names)
         *(f.name for f in dataclasses.fields(GameOptions)), "record", "format", "edition",
         "options", "players", "rounds", "seed", "seat_order", "level", "patrons", "plays",
         "target", "activate", "id", "patron", "program", "finished", "picks", "debug",
         "stopped"}
_unmarked = Unmarked(NOTATION, NAMES)


@pytest.mark.parametrize("case", list(BAD))
def test_every_error_is_marked_in_the_pseudo_language(case: str) -> None:
    assert_marked(_error(BAD[case]), _unmarked, case)


@pytest.mark.parametrize("case", list(BAD))
def test_every_error_speaks_chinese(case: str) -> None:
    err = _error(BAD[case])
    assert_speaks_chinese(err, case)
    assert err.reason or err.fields.get("detail") or err.entry or err.row, case  # still data


def test_an_error_made_in_english_is_shown_in_the_language_of_the_moment() -> None:
    with pytest.raises(LnbError) as info:
        Program.parse("A3+ A4+").run(BOARD)
    err = info.value
    with i18n.use_language("zh-CN"):
        assert str(err) == "第 2 行 'A4+'：A4 是 ×÷2，请写 A4x或A4/"
        assert err.fields["detail"] == "A4 is ×÷2, write A4x or A4/"  # as data: English
        assert f"{err.fields['detail']}" == "A4 是 ×÷2，请写 A4x或A4/"
    with i18n.use_language("zh-CN"), pytest.raises(LnbError) as made_in_chinese:
        Program.parse("A3+ A4+").run(BOARD)
    assert str(made_in_chinese.value) == "row 2 'A4+': A4 is ×÷2, write A4x or A4/"
    assert (err.row, err.text, err.expected) == (2, "A4+", ("A4x", "A4/"))


def test_an_error_keeps_its_template_through_pickle_and_context() -> None:
    err = _error(lambda: records.replay(make_record(2, {2: {"plays": {
        "Bea": {"program": "A3+ A3+ C9+"}}}})))
    again = pickle.loads(pickle.dumps(err))
    assert type(again) is type(err) and str(again) == str(err) and again.fields == err.fields
    with i18n.use_language("zh-CN"):
        assert str(again) == ("第 2 回合，Bea：第 3 行 'C9+'：第 9 列不存在；列的编号是 1 到 4，"
                              "例如 C3+")
    assert str(err) == ("Round 2, Bea: row 3 'C9+': rack 9 does not exist; racks are numbered 1 "
                        "to 4, e.g. C3+")


def test_plurals_and_lists_are_the_catalogs() -> None:
    rows = [lazy_ngettext("remove {n} row", "remove {n} rows", n, n=n) for n in (1, 2)]
    assert rows == ["remove 1 row", "remove 2 rows"]
    err = _error(lambda: Program.parse("A1+ A1+ A1+ A1+ A1+ A1+ A1+").run(BOARD, limit=5))
    assert str(err).endswith("remove 2 rows")
    one = _error(lambda: Program.parse("A1+ A1+ A1+").run(BOARD, limit=2))
    assert str(one).endswith("remove 1 row")
    with i18n.use_language("zh-CN"):
        assert str(one).endswith("请去掉 1 行") and str(err).endswith("请去掉 2 行")
        assert str(Listing(["A4x", "A4/"], "or")) == "A4x或A4/"
    assert Text("{a!r}", a="x" * 100).endswith("(100 characters)")


def test_a_template_that_does_not_fit_is_shown_as_written() -> None:
    assert str(LnbError("an old message with a {brace")) == "an old message with a {brace"
    assert str(LnbError("row {row}: {missing}", row=2)) == "row {row}: {missing}"


def test_every_word_of_the_edition_is_in_the_catalog() -> None:
    marked = {(text.context, text.message) for text in MARKED}
    edition = Edition.load()
    words = {("Influence type", t) for t in edition.influence_types}
    words |= {("Subroutine effect", str(e.value)) for e in edition.effects}
    assert words <= marked, words - marked
    with i18n.use_language("zh-CN"):
        assert [type_name(t) for t in edition.influence_types] == [
            "艺术", "科学", "工程", "政治", "商业"]
        assert effect_name("RESERVE") == "专属赞助人"


def test_the_pupils_texts_follow_the_language() -> None:
    puzzle = Puzzle(start=55, targets=(30,), limit=3)
    with i18n.use_language("zh-CN"):
        assert hint(puzzle, "A3+", level=2).text == (
            "从 60 出发，你还需要 1 行才能得到 30（你还剩 2 行）。下一行试试 A4/：60 ÷ 2 = 30。")
        assert check_answer(puzzle, "A3+ A4/").message == "用 2 行解出！"
        assert diagnose("A3+ A4/ B4s", 30).message == (
            "30 是第 3 行（B4s）的交换之前的数字。那一行也要做。")
        assert puzzle.text() == "从 55 出发。最多用 3 行得到 30。"
        trace = Program.parse("A3+ A4/ A4/").run(BOARD, start=55)
        assert trace.text().splitlines()[0] == "起始  55"
        assert trace.rows[2].text == "30 ÷ 2 = 15" and f"{trace.rows[1].text}" == "60 ÷ 2 = 30"
        assert str(describe_kind(Component.parse_token("swap"))) == "交换十位数与个位数"
        assert "（未开出）" in BOARD.text() and "交换" in BOARD.text()
    with i18n.use_language("en-XA"):
        for text in (hint(puzzle, "A3+", level=3).text, check_answer(puzzle, "A3+ A4x").message,
                     puzzle.text(), BOARD.text()):
            assert _unmarked(text) == [], text


def test_a_remainder_is_written_as_the_language_writes_it() -> None:
    step = Operation.parse("A4/").apply(55, BOARD)
    assert step.text == "55 ÷ 2 = 27 r 1"
    with i18n.use_language("zh-CN"):
        assert f"{step.text}" == "55 ÷ 2 = 27 余 1"


def test_the_score_sheet_and_the_replay_in_chinese() -> None:
    from lnb.babbage.game.random_play import play_random_game

    result = records.replay(records.write(play_random_game(Game(PAIRS, seed=5), seed=5)))
    english = result.text()
    with i18n.use_language("zh-CN"):
        sheet = result.state.score_sheet().text()
        lines = result.text().splitlines()
    assert sheet.startswith("影响标记多数：") and "胜者：" in sheet
    assert lines[0].startswith("第 1 回合 ") and "Round 1 " in english
    with i18n.use_language("en-XA"):
        assert _unmarked(result.state.score_sheet().text()) == []


def test_the_printed_sheet_speaks_the_teachers_language() -> None:
    made = PuzzleSet.make(count=2, difficulty=2, seed="zh")
    with i18n.use_language("zh-CN"):
        page = made.html()
    assert page.startswith("<!doctype html><html lang='zh-CN'>")
    for chinese in ("Lovelace &amp; Babbage 谜题 · 难度 2", "姓名：", "谜题 1", "谜题代码：",
                    "答案（给老师）", "从 "):
        assert chinese in page, chinese
    assert "Noto Sans CJK SC" in page and ":lang(zh)" in page
    english = made.html()
    assert english.startswith("<!doctype html><html lang='en'>") and "Puzzle 1" in english


def test_the_lessons_backward_steps_and_solver_answers_follow_the_language() -> None:
    """Lessons 04 and 05 show these in their widgets (BackwardsView, ReachGrid)."""
    from lnb.babbage.algebra import starts_reaching
    from lnb.babbage.solver import Solver

    backwards = [starts_reaching(p, t) for p, t in (("A3+ A4/ B4s", 73), ("A4/ A3+", 73),
                                                    ("A4/ A4/", 0), ("A4/ A4/ A4/", 1))]
    solver = Solver(BOARD, 55)
    answers = [solver.solve(t) for t in (73, 55, 7, 99)] + [
        solver.solve(73, limit=1), solver.solve_sequence([60, 30]),
        Solver(Board.of({"A": "+-10,+-20,+-30,+-50"}), 54).solve(55)]
    texts = [step.text() for b in backwards for step in b.steps] + [s.text() for s in answers]
    english = [str(text) for text in texts]
    with i18n.use_language("en-XA"):
        for text in [*texts, *(b.text() for b in backwards)]:
            assert "⟦" in str(text) and _unmarked(str(text)) == [], str(text)
    with i18n.use_language("zh-CN"):
        chinese = [str(text) for text in texts]
        working = str(backwards[0].text())
    for said in chinese:
        assert CHINESE.search(said) and not re.search(r"[a-z]{3,}", said), said
    assert working.splitlines() == ["第 3 行 B4s：要得到 73，之前需要 37。",
                                    "第 2 行 A4/：要得到 37，之前需要 74或75。",
                                    "第 1 行 A3+：要得到 74或75，之前需要 69或70。",
                                    "所以用 A3+ A4/ B4s，能得到 73 的起始数字是 69或70。"]
    assert [str(text) for text in texts] == english  # shown again in English, as English
    assert english[0] == "row 3 B4s: to get 73 you need 37 before."
