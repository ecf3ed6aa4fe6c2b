"""Lovelace & Babbage's apps in 简体中文 and in the pseudo-language (issue 14), without a browser.

Every visible text of a widget tree is read as the page shows it: descriptions, tooltips,
placeholders, options, titles, the values of HTML and Label widgets (their words and their
``title`` attributes) and of text boxes. In ``zh-CN`` no English word may be left; in ``en-XA``
every word must be between ⟦ ⟧ (the catalog's marks), but for names and what a pupil types.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

import ipywidgets as w
import pytest
from message_checks import without_marks as outside_marks
from widget_texts import visible_texts

from classroom.progress import ProgressStore
from lnb.babbage.edition import Edition
from lnb.babbage.game import Phase
from lnb.babbage.puzzles import SHORT_EXAMPLE, Puzzle
from lnb.core.i18n import use_language
from widgets.babbage import words
from widgets.babbage.algebra_view import AlgebraView, BackwardsView
from widgets.babbage.exercise import Exercise, number
from widgets.babbage.game_app import GameApp, Seat
from widgets.babbage.majority_view import MajorityView
from widgets.babbage.program_builder import ProgramBuilder
from widgets.babbage.puzzle_app import PuzzleApp
from widgets.babbage.reach_grid import ReachGrid

EDITION = Edition.load()
#: Proper names the pages show as they are (people, the game's title, Σ's name).
NAMES = {word for name in (
    *(c.name for c in EDITION.characters), *(p.name for p in EDITION.patrons),
    "Lovelace & Babbage", "Babbage Ada Bea", "Sigma", "PDF", "English",
) for word in re.findall(r"[A-Za-z]+", name)}


# -- reading a page -------------------------------------------------------------------------

# visible_texts (tests/widget_texts.py) walks a widget tree as every app's language tests do;
# outside_marks (tests/message_checks.py) is a text without its ⟦ ⟧ parts.


def library_texts(widget: w.Widget) -> list[str]:
    """What the rules library wrote on this page (``lnb``'s own messages: the claims, the
    score sheet's lines, a puzzle's sentence, the solver's answer...), in the language of now.

    They are the library's to translate (its catalog, ``lnb``); the tests here take them out
    of the page and check every word around them, which is the apps' own."""
    found: list[str] = []
    state = getattr(widget, "state", None)
    if state is not None:
        for event in state.events:
            found += [str(claim.text()) for claim in event.claims]
        sheet = state.score_sheet()
        found += [str(m.text) for m in sheet.majorities]
        found += [str(line) for p in sheet.players for line in p.lines]
    puzzle = getattr(widget, "puzzle", None)
    if isinstance(puzzle, Puzzle):
        found += str(puzzle.text()).splitlines()
    if isinstance(widget, ReachGrid):
        found.append(str(widget.solver.solve(int(widget.target_box.value)).text()))
    if isinstance(widget, BackwardsView):
        from lnb.babbage.algebra import starts_reaching

        result = starts_reaching(widget.program_box.value, int(widget.target_box.value))
        found += [str(step.text()) for step in result.steps]
    if isinstance(widget, MajorityView) and widget.majority is not None:
        found.append(str(widget.majority.text))
    return sorted(found, key=len, reverse=True)


def _without(text: str, library: list[str]) -> str:
    for said in library:
        if said:
            text = text.replace(said, " ")
    text = re.sub(r"\bP\d-[0-9A-Z-]+", " ", text)  # puzzle codes, shown as typed
    text = re.sub(r"[\w.-]+\.json\b", " ", text)  # a file name (the pseudo-language's marks
    # cannot be in one: its words are checked in 简体中文, test_a_saved_game_in_chinese)
    return re.sub(r"\$[^$]*\$", " ", text)  # LaTeX: x, y, \frac...


def english_left(widget: w.Widget, allowed: set[str] = frozenset()) -> list[tuple[str, str]]:
    """Texts showing an ASCII word of 3+ letters that is not a name (zh-CN must have none)."""
    left = []
    library = library_texts(widget)
    for where, shown in visible_texts(widget):
        text = _without(shown, library)
        found = [word for word in re.findall(r"[A-Za-z]{3,}", text)
                 if word not in NAMES and word not in allowed]
        if found:
            left.append((where, shown))
    return left


def unmarked(widget: w.Widget, allowed: set[str] = frozenset()) -> list[tuple[str, str]]:
    """Texts with a word of 2+ letters outside ⟦ ⟧ that is not a name (en-XA must have none)."""
    left = []
    library = library_texts(widget)
    for where, shown in visible_texts(widget):
        text = _without(shown, library)
        found = [word for word in re.findall(r"[A-Za-z]{2,}", outside_marks(text))
                 if word not in NAMES and word not in allowed]
        if found:
            left.append((where, text))
    return left


# -- playing by clicks ----------------------------------------------------------------------

def play_a_round(app: GameApp, seen: list[GameApp] | None = None) -> None:
    """Target, write two rows, finish and resolve by clicks (checking the page each step)."""
    state = app.state
    check = (lambda: seen.append(app)) if seen is not None else (lambda: None)
    check()
    next(iter(app.subs_view.target_buttons.values())).click()
    if state.phase is Phase.ACTIVATE:
        check()
        app.subs_view.activate_button.click()
    assert state.phase is Phase.PROGRAM
    for _row in range(2):
        check()
        enabled = [b for s in app.builder.board_view.spaces.values()
                   for b in s.buttons.values() if not b.disabled]
        enabled[0].click()
    check()
    app.builder.done_button.click()
    while app.reviewing is None:
        check()
        choices = [c for c in app.choice_box.children if isinstance(c, w.Button)]
        if choices:
            choices[0].click()
        elif app.debug_box.children:
            app.keep_button.click()
        else:
            app.resolution.step_button.click()
    check()


@pytest.fixture
def chinese() -> Iterator[None]:
    with use_language("zh-CN"):
        yield


@pytest.fixture
def pseudo() -> Iterator[None]:
    with use_language("en-XA"):
        yield


# -- the edition's words --------------------------------------------------------------------

def test_every_word_of_the_edition_has_its_catalog_entry() -> None:
    assert {e.value for e in EDITION.effects} == set(words.EFFECT_TEXTS)
    for effect, english in EDITION.effects.items():  # the data's sentence is the msgid
        assert words.EFFECT_TEXTS[effect.value].message == english
    from lnb.babbage.bots import REGISTRY

    assert set(REGISTRY.names) == set(words.BOT_NAMES) == set(words.BOT_TEXTS)
    for name in REGISTRY.names:
        assert words.BOT_TEXTS[name].message == REGISTRY.kind(name).describe
    with use_language("zh-CN"):
        assert words.influence("Art") == "艺术" and words.effect_name("SLOW") == "减速"
        assert words.effect_text("SIGMA").startswith("一次")


# -- 简体中文 -------------------------------------------------------------------------------

def test_a_round_of_the_game_in_chinese_by_clicks(chinese: None) -> None:
    app = GameApp()
    assert english_left(app) == []  # the setup form
    assert app.setup.start_button.description == "开始游戏"
    app.setup.rows[1].children[1].value = "beginner"
    app.setup.start_button.click()
    assert app.state is not None and app.state.names == ("你", "电脑")
    pages: list[GameApp] = []
    play_a_round(app, pages)
    assert len(pages) > 4
    assert app.phase_title.value.startswith("<b>第 1 回合")
    assert english_left(app) == []  # the review: the Round's rows and the scores
    app.next_button.click()
    assert app.state.round == 2 and english_left(app) == []


def test_every_step_of_a_round_is_chinese(chinese: None) -> None:
    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  seed=5)
    seen: list[list[tuple[str, str]]] = []

    class Page(list):
        def append(self, item: GameApp) -> None:
            seen.append(english_left(item))

    play_a_round(app, Page())
    assert all(left == [] for left in seen), [left for left in seen if left][:3]


def test_the_puzzle_app_in_chinese_solves_a_puzzle(chinese: None) -> None:
    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    app.open_query({"code": "P1-0J6Y-91VC-7"})
    app.builder.board_view.button("A2-").click()
    app.builder.board_view.button("B2+").click()
    app.builder.done_button.click()
    assert app.status.kind == "ok" and app.progress.solved_count == 1
    app.hint_button.click()
    app.corner.selected_index = 0
    app.teacher.make()
    allowed = {"monday", *_code_words(app)}  # the example seed a teacher may type, and codes
    left = english_left(app, allowed)
    assert [where for where, text in left if "Start at" not in text] == []


# -- the pseudo-language: nothing bypasses the catalog --------------------------------------

def _lesson_widgets() -> list[w.Widget]:
    builder = ProgramBuilder(start=55, limit=5, title="⟦Write a program⟧")
    builder.type_rows("A3+ B4s")
    exercise = Exercise("⟦What is 55 + 5?⟧", number(60), hints=["⟦Count on.⟧"])
    exercise.submit("61")
    exercise.next_hint()
    puzzle = Exercise.for_puzzle(Puzzle(start=55, targets=(30,), limit=2))
    puzzle.submit("A3+ A4x")
    puzzle.next_hint()
    algebra = AlgebraView("A3+ A4/", start=55)
    back = BackwardsView("A3+ A4/ B4s", target=73)
    grid = ReachGrid(start=55, rows=2)
    grid.target_box.value = 73
    return [builder, exercise, puzzle, algebra, back, grid, MajorityView({"Ada": 3, "Bea": 3})]


def _code_words(app: PuzzleApp) -> set[str]:
    """Letters of the short puzzle codes the app shows (3K7QX): codes stay as typed."""
    sheet = app._teacher.puzzle_set if app._teacher is not None else None
    codes = [SHORT_EXAMPLE, *(sheet.shown_codes if sheet is not None else ())]
    return {word for code in codes for word in re.findall(r"[A-Za-z]{2,}", code)}


def _unmarked_but_library(widget: w.Widget, allowed: set[str] = frozenset()) -> list:
    return unmarked(widget, allowed)


def test_the_pseudo_language_marks_every_text_of_the_game(pseudo: None) -> None:
    app = GameApp()
    assert unmarked(app) == []
    app.setup.start_button.click()
    steps: list[list] = []

    class Page(list):
        def append(self, item: GameApp) -> None:
            steps.append(_unmarked_but_library(item))

    play_a_round(app, Page())
    assert all(left == [] for left in steps), [left for left in steps if left][:3]


def test_the_pseudo_language_marks_every_text_of_the_puzzle_app(pseudo: None) -> None:
    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    app.open_query({"code": "P1-0J6Y-91VC-7"})
    app.builder.type_rows("A2-")
    app.check()
    app.hint_button.click()
    app.identity.open_join()
    app.corner.selected_index = 0
    app.teacher.make()
    assert _unmarked_but_library(app, {"monday", *_code_words(app)}) == []


@pytest.mark.parametrize("index", range(7))
def test_the_pseudo_language_marks_every_text_of_the_lesson_widgets(pseudo: None,
                                                                     index: int) -> None:
    widget = _lesson_widgets()[index]
    assert _unmarked_but_library(widget) == []


# -- switching the language keeps the pupil's work --------------------------------------------

def test_switching_mid_game_keeps_the_program_the_scores_and_the_round() -> None:
    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  seed=5, think=600.0)
    play_a_round(app)
    scores = app.scores.totals()
    app.next_button.click()
    state = app.state
    next(iter(app.subs_view.target_buttons.values())).click()
    if state.phase is Phase.ACTIVATE:
        app.subs_view.activate_button.click()
    assert state.phase is Phase.PROGRAM
    enabled = [b for s in app.builder.board_view.spaces.values()
               for b in s.buttons.values() if not b.disabled]
    enabled[0].click()
    written = str(app.builder.program)
    clock = app.clock.value
    try:
        app.language.value = "zh_CN"  # the pupil's pick on the switch
        assert app.builder.done_button.description == "我写完了"
        assert app.phase_title.value.startswith("<b>第 2 回合")
        assert english_left(app) == []
        assert state is app.state and state.round == 2 and state.phase is Phase.PROGRAM
        assert str(app.builder.program) == written == str(state.player("Ada").play.program)
        assert app.clock.value == clock
        app.language.value = "en"
        assert app.builder.done_button.description == "I'm done"
        assert str(app.builder.program) == written
    finally:
        from lnb.core.i18n import set_default_language

        set_default_language(None)
    app.builder.done_button.click()
    while app.reviewing is None:
        choices = [c for c in app.choice_box.children if isinstance(c, w.Button)]
        (choices[0] if choices else app.keep_button if app.debug_box.children
         else app.resolution.step_button).click()
    assert app.reviewing == 2
    assert all(app.scores.totals()[n] >= scores[n] - 3 * 2 for n in scores)


def test_switching_keeps_ticked_subroutines_and_the_rows_resolved() -> None:
    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  seed=5, think=600.0)
    play_a_round(app)
    app.resolution.step_button.click()
    shown = app.resolution.shown
    with use_language("zh-CN"):
        app.relabel()
        assert app.resolution.shown == shown and app.reviewing == 1
        assert app.next_button.description == "下一回合"


def test_switching_the_puzzle_app_keeps_the_rows_and_the_hints() -> None:
    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    app.open_query({"code": "P1-0J6Y-91VC-7"})
    app.builder.type_rows("A2-")
    app.next_hint()
    app.builder.done_button.click()
    assert app.status.kind == "error"
    with use_language("zh-CN"):
        app.relabel()
        assert str(app.builder.program) == "A2-" and app.hint_level == 1
        assert app.builder.done_button.description == "检查我的答案"
        assert app.status.kind == "error" and not re.search(r"[A-Za-z]{4,}", app.status.text)
        assert "提示 1 / 3" in app.hints.value
    app.relabel()
    assert app.builder.done_button.description == "Check my answer"


def test_an_exercise_says_its_verdict_again_in_the_new_language() -> None:
    ex = Exercise("?", number(60))
    ex.submit("61")
    assert ex.status.text == "Not yet: 61 is too big."
    with use_language("zh-CN"):
        ex.relabel()
        assert ex.status.text == "还不对：61 太大了。" and ex.attempts == 1
        assert ex.check_button.description == "检查"


# -- relabel() re-sets every text: made in English, switched to the pseudo-language -----------

@pytest.mark.parametrize("index", range(7))
def test_relabel_marks_every_text_of_a_lesson_widget_made_in_english(index: int) -> None:
    widget = _lesson_widgets()[index]
    if isinstance(widget, Exercise):
        widget.submit(widget.answer.value or "60")  # a verdict to say again, maybe solved
    with use_language("en-XA"):
        widget.relabel()
        assert _unmarked_but_library(widget) == []


def test_relabel_marks_every_text_of_the_game_at_every_step() -> None:
    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  seed=5)
    steps: list[list] = []

    class Page(list):
        def append(self, item: GameApp) -> None:
            with use_language("en-XA"):
                item.relabel()
                steps.append(_unmarked_but_library(item))
            item.relabel()  # and back to English, still playable

    play_a_round(app, Page())
    app.save_button.click()
    with use_language("en-XA"):
        app.relabel()
        assert _unmarked_but_library(app) == [] and app.status.text.startswith("⟦")
    assert all(left == [] for left in steps), [left for left in steps if left][:3]


def test_relabel_marks_every_text_of_the_puzzle_app() -> None:
    app = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    app.open_query({"code": "P1-0J6Y-91VC-7"})
    app.builder.type_rows("A2- B2+")
    app.check()
    app.hint_button.click()
    app.identity.open_join()
    app.corner.selected_index = 0
    app.teacher.make()
    with use_language("en-XA"):
        app.relabel()
        assert _unmarked_but_library(app, {"monday", *_code_words(app)}) == []
    broken = PuzzleApp(ProgressStore(":memory:"), today=lambda: datetime.date(2025, 3, 3))
    broken.open_query({"code": "P1-XXXX"})
    with use_language("en-XA"):
        broken.relabel()
        assert broken.banner.value and _unmarked_but_library(broken, _code_words(broken)) == []


def test_a_saved_game_in_chinese(chinese: None) -> None:
    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  seed=5)
    play_a_round(app)
    app.save_button.click()
    assert "Ada-Bea-第1回合后.json" in app.download.value
    assert "第 1 回合后的游戏准备好了" in app.status.text
    assert english_left(app) == []


def _wrong_second_row() -> GameApp:
    """A mental-arithmetic game paused at Ada's wrong row 2 (60 ÷ 2 written as 31)."""
    from lnb.babbage.game import GameOptions

    app = GameApp([Seat("Ada"), Seat("Bea", computer=True, character="Charles Babbage")],
                  options=GameOptions(mental_arithmetic=True), seed=6)
    next(iter(app.subs_view.target_buttons.values())).click()
    app.builder.board_view.button("A3+").click()
    app.builder.answer.value = "60"
    app.builder.type_rows("A4/ 31")
    app.builder.done_button.click()
    for _step in range(10):
        if app.debug_box.children:
            break
        app.resolution.step_button.click()
    assert app.state.debug_from() == ("Ada", 2, 60)
    return app


def test_a_debug_in_mental_arithmetic_in_chinese(chinese: None) -> None:
    app = _wrong_second_row()
    assert english_left(app) == [] and "扣 3 分" in app.debug_text.value
    app.debug_button.click()
    assert "从第 2 行起重写" in app.debug_text.value and english_left(app) == []
    app.rewrite.board_view.button("A3-").click()
    assert app.rewrite.question.value.startswith("60 接着 A3-")
    assert english_left(app) == []


def test_relabel_marks_every_text_of_a_debug() -> None:
    app = _wrong_second_row()
    with use_language("en-XA"):
        app.relabel()
        assert _unmarked_but_library(app) == []
    app.debug_button.click()
    app.rewrite.board_view.button("A3-").click()
    with use_language("en-XA"):
        app.relabel()
        assert _unmarked_but_library(app) == []
        assert app.rewrite.question.value.startswith("60⟦ then ⟧A3-")
    app.relabel()
    assert str(app.rewrite.pending) == "A3-" and app.state.phase is Phase.DEBUG
