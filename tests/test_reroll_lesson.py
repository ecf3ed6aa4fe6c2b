"""The lesson *Is a re-roll worth it?* answers back, in-process: each exercise of its bank
(``widgets/lessons/exercises/museum-reroll.toml``) accepts its answer in both languages (as a
fraction and as a decimal), with its explanation; every diagnosis of its kinds is reached (the
chances forgotten, the cost of the re-roll forgotten, the best case compared, grey forgotten…);
the answers agree with the library (the museum's wheel and re-roll, Ada's Dream's colour
weights); the simulations re-roll in a real position with the game's own seeded dice and come
close to the exact average; nothing that answers a question shows before it is answered.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from lnb.core.i18n import use_language
from lnb.dream.edition import Colour, Edition
from lnb.museum.actions import Reroll
from lnb.museum.state import MuseumChance
from widgets.babbage.exercise import diagnosis_words
from widgets.dream import workshop_chance
from widgets.lessons import expected
from widgets.lessons.bank import bank
from widgets.lessons.expected import decimal, read_value, value_check
from widgets.museum import reroll
from widgets.museum.lesson_views import Reveal
from widgets.museum.reroll import exercise

LESSON = "museum-reroll"
RIGHT = {"die-average": ["23/6", "46/12", "3.83", "3.833"], "gain-1": ["11/6", "1.83"],
         "keep-3": ["keep"], "travel-chance": ["1/3", "3/9", "0.33"],
         "travel-dice": ["2", "2.0"]}


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_exercise_says_nothing_first_then_not_yet_then_yes(language: str) -> None:
    not_yet = "还不对" if language == "zh_CN" else "Not yet"
    with use_language(language):
        for entry in bank(LESSON).entries:
            ex = exercise(LESSON, entry.id)
            assert ex.status.text == "" and ex.hint_list.value == "", entry.id
            verdict = ex.submit("999")
            assert not verdict.correct and not_yet in verdict.message, (entry.id, verdict)
            for typed in RIGHT[entry.id]:
                verdict = ex.submit(typed)
                assert verdict.correct, (entry.id, typed, verdict.message)
                assert str(entry.text("explain", language)).strip() in verdict.message


def test_the_bank_answers_are_the_librarys() -> None:
    answers = bank(LESSON)
    assert Fraction(answers.answer("die-average")) == reroll.fresh_average() == Fraction(23, 6)
    assert Fraction(answers.answer("gain-1")) == reroll.reroll_gain(1)
    assert reroll.reroll_gain(3) == Fraction(-1, 6) and answers.answer("keep-3") == "keep"
    assert Fraction(answers.answer("travel-chance")) == workshop_chance.area_chance("travel")
    assert answers.answer("travel-dice") == workshop_chance.expected_dice("travel")
    weights = dict(Edition.load().dice)
    assert workshop_chance.area_chance("travel") == Fraction(
        weights[Colour.BLUE] + weights[Colour.GREY], sum(weights.values()))


@pytest.mark.parametrize(("ident", "typed", "said"), [
    ("die-average", "7/2", "averages the numbers without their chances"),
    ("die-average", "3.5", "without their chances: some sizes come from two faces of six "
                           "(4, 5 squares)"),
    ("die-average", "5", "5 is the best case"),
    ("die-average", "2", "2 is the worst case"),
    ("die-average", "23", "adds up the six faces' squares"),
    ("die-average", "3.8", "3.8 is close: give the average as a fraction, or as a decimal"),
    ("die-average", "383/100", "close: write the fraction exactly"),
    ("gain-1", "23/6", "You forgot the cost of the re-roll: the 1 you give up was sure to be "
                       "worth 2 squares"),
    ("gain-1", "3.83", "forgot the cost"),
    ("gain-1", "3", "compares the best case (5 squares) with the 2 you give up"),
    ("gain-1", "3/2", "uses an average without the chances"),
    ("gain-1", "-11/6", "the wrong way round"),
    ("gain-1", "−1.83", "the wrong way round"),
    ("keep-3", "re-roll", "a better roll would give 5 squares, more than your 4, but that is "
                          "the best case. On average a fresh die gives 23/6 ≈ 3.83 squares: "
                          "re-rolling loses 1/6"),
    ("keep-3", "maybe", "type keep or re-roll"),
    ("travel-chance", "2/5", "counts every colour as equally likely"),
    ("travel-chance", "0.4", "counts every colour as equally likely"),
    ("travel-chance", "2/9", "forgets grey"),
    ("travel-chance", "3", "a chance is never more than 1"),
    ("travel-dice", "12/5", "counts every colour as equally likely"),
    ("travel-dice", "6", "6 is the best case"),
    ("travel-dice", "4/3", "forgets grey"),
    ("travel-dice", "1/3", "is the chance for one die. There are 6 dice"),
    ("travel-dice", "3", "3 is not the average. Multiply each value by its chance"),
])
def test_each_wrong_answer_is_diagnosed(ident: str, typed: str, said: str) -> None:
    verdict = exercise(LESSON, ident, "en").submit(typed)
    assert not verdict.correct and verdict.message.startswith("Not yet: ")
    assert said in verdict.message, verdict.message


#: One wrong answer for each diagnosis key the lesson's checks give (kept for the dashboard).
REACHED = {
    "without-chances": ("die-average", "7/2"), "best-case": ("gain-1", "3"),
    "worst-case": ("die-average", "2"), "total-not-shared": ("die-average", "23"),
    "forgot-cost": ("gain-1", "23/6"), "wrong-way-round": ("gain-1", "-11/6"),
    "kept-below-average": None, "not-keep-or-reroll": ("keep-3", "maybe"),
    "forgot-grey": ("travel-chance", "2/9"), "chance-over-one": ("travel-chance", "3"),
    "one-die-only": ("travel-dice", "1/3"), "average-inexact": ("die-average", "383/100"),
    "average-rounded": ("die-average", "3.8"), "not-the-average": ("travel-dice", "3"),
    "not-a-value": ("gain-1", "lots"),
}


def test_every_diagnosis_key_is_reached_and_means_something() -> None:
    keys = {*reroll.DIAGNOSES, *workshop_chance.DIAGNOSES, *expected.DIAGNOSES}
    assert set(REACHED) == keys
    for key, (ident, typed) in ((k, v) for k, v in REACHED.items() if v):
        assert exercise(LESSON, ident, "en").submit(typed).diagnosis == key, (key, typed)
    assert reroll.decide("re-roll", kept=1)("keep").diagnosis == "kept-below-average"
    assert exercise(LESSON, "keep-3", "en").submit("re-roll").diagnosis == "best-case"
    assert exercise(LESSON, "travel-chance", "en").submit("2/5").diagnosis == "without-chances"
    with use_language("zh_CN"):
        assert all(diagnosis_words(k) != reroll.DIAGNOSES.get(k, k) for k in keys), [
            k for k in keys if diagnosis_words(k) == reroll.DIAGNOSES.get(k, k)]


def test_a_diagnosis_speaks_chinese_and_the_chinese_words_decide() -> None:
    with use_language("zh_CN"):
        ex = exercise(LESSON, "gain-1")
        assert "你忘了重掷的代价" in ex.submit("23/6").message
        assert exercise(LESSON, "travel-chance").submit("2/5").message.startswith("还不对")
        keep = exercise(LESSON, "keep-3")
        assert "最好的情况" in keep.submit("重掷").message
        assert keep.submit("保留").correct
        assert exercise(LESSON, "die-average").submit("6分之23").correct


def test_decide_knows_when_a_reroll_pays_and_refuses_a_wrong_answer() -> None:
    pays = reroll.decide("re-roll", kept=1)
    assert pays("reroll").correct and pays("Re-roll!").correct
    said = pays("keep").message
    assert said.startswith("Not yet: your 1 is worth 2 squares for sure") and "11/6" in said
    with pytest.raises(ValueError, match="says keep for a 3"):
        reroll.decide("re-roll", kept=3)
    assert pays("").message == "Type your answer first."


def test_reading_an_average() -> None:
    assert read_value("1/3") == read_value("3/9") == read_value("3分之1") == Fraction(1, 3)
    assert read_value("-1/6") == read_value("−1/6") == Fraction(-1, 6)
    assert read_value("1/0") is None and read_value("a/b") is None and read_value("") is None
    assert decimal(Fraction(11, 6)) == "1.83" and decimal(Fraction(-1, 6)) == "-0.17"
    check = value_check("11/6")
    assert check("x").message == "Type a fraction, like 5/3, or a decimal, like 1.67."
    assert not check("1.8").correct and not check("22/13").correct


def test_a_reroll_in_the_lessons_position_uses_the_games_seeded_dice() -> None:
    start = reroll.position(1)
    assert start.hand == (1, reroll.OTHER) and start.rerolls == 1
    assert Reroll((1,)) in start.legal_actions()
    for seed in range(20):
        new = reroll.rerolled(start, 1, seed)
        assert (new,) == MuseumChance(seed).roll("reroll 1", 1)
    assert start.hand == (1, reroll.OTHER) and start.rerolls == 1  # not changed
    gains = {reroll.reroll_trial(1)(seed) for seed in range(60)}
    assert gains == {s - 2 for s in reroll.die_squares().values()}


@pytest.mark.parametrize(("sim", "exact"), [
    (lambda: reroll.simulation(1), Fraction(11, 6)),
    (lambda: workshop_chance.simulation("travel"), Fraction(2)),
])
def test_a_simulation_runs_from_its_buttons_and_comes_close(sim, exact: Fraction) -> None:
    shown = sim()
    assert shown.exact == exact and shown.trials == 0 and "No trials yet" in shown.view.value
    run_10, run_100, run_1000 = shown.buttons
    run_10.click()
    run_100.click()
    run_1000.click()
    assert shown.trials == 1110 and [n for n, _a in shown.checkpoints] == [10, 110, 1110]
    assert abs(shown.average() - exact) < Fraction(15, 100)
    assert "1110" in shown.view.value and "<polyline" in shown.view.value
    shown.again.click()
    assert shown.trials == 0 and shown.average() is None


def test_the_simulation_and_the_planner_wait_for_their_questions() -> None:
    gain_1 = exercise(LESSON, "gain-1", "en")
    sim = reroll.simulation(1)
    waiting = Reveal(sim, after=[gain_1])
    assert not waiting.shown and sim not in waiting.children
    gain_1.submit("11/6")
    assert waiting.shown and waiting.children == (sim,)
    planner = reroll.planner_view(1, 3).value
    assert "<td>3 + 4</td><td><b>keeps its dice</b></td><td><code>place 3" in planner
    assert planner.count("Its rule") == 1
    with use_language("zh_CN"):
        assert "规划者" in reroll.planner_view(3).value
        assert "任何区域" in workshop_chance.weights_view().value
