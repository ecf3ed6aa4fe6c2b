"""The lesson *Chance as a fraction, a decimal and a percentage* answers back, in-process: each
exercise of its bank (``widgets/lessons/exercises/museum-chance-three-ways.toml``) accepts its
answer and the equivalent forms in both languages; every diagnosis of
:mod:`widgets.museum.chance_checks` is reachable and said in both languages; the rolls are
pooled per class (a pupil adds only their own and sees only counts), per pupil without a
class, and in the browser's storage on the static site (:mod:`classroom.roll_pool`,
:mod:`widgets.museum.chance_pool`); the exact chance shows only once its questions are
answered.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import Any

import pytest

from classroom.browser_store import BrowserProgressStore, MemoryStorage
from classroom.identity import Classroom, Pupil
from classroom.progress import ProgressStore
from classroom.roll_pool import BrowserRolls, RollTable, Tally, roll_pool
from lnb.core.i18n import use_language
from widgets.babbage.exercise import diagnosis_words
from widgets.core import host
from widgets.lessons.answers import LessonKeeper
from widgets.museum.chance_checks import KEYS, chance_form, diagnose, exercise, message
from widgets.museum.chance_pool import RollPool

LESSON = "museum-chance-three-ways"
CHINESE = re.compile(r"[\u4e00-\u9fff]")
SIXTH = Fraction(1, 6)


@pytest.mark.parametrize(("form", "places", "typed"), [
    ("fraction", 2, ["1/6", "6分之1", " 1/6 "]),
    ("decimal", 2, ["0.17", "0.167", "0.1667", ".17", "≈ 0.17", "约0.17", "0.1666…", "0.166..."]),
    ("percent", 1, ["16.7%", "16.7", "16.67%", "16.667 %", "约16.7%", "16.66…%"]),
])
def test_the_equivalent_forms_are_accepted(form: str, places: int, typed: list[str]) -> None:
    check = chance_form("x", chance="1/6", form=form, places=places)
    for text in typed:
        assert check(text).correct, (form, text, check(text).message)


# One answer for each diagnosis: (typed, chance, form, places) -> key.
REACHED = [
    ("1/6", SIXTH, "fraction", 2, "right"),
    ("2/12", SIXTH, "fraction", 2, "not-simplified"),
    ("a sixth", SIXTH, "fraction", 2, "unreadable"),
    ("6/1", SIXTH, "fraction", 2, "upside-down"),
    ("6", SIXTH, "decimal", 2, "upside-down"),
    ("600%", SIXTH, "percent", 1, "upside-down"),
    ("0.17", SIXTH, "fraction", 2, "other-form"),
    ("16.7%", SIXTH, "decimal", 2, "other-form"),
    ("1/6", SIXTH, "percent", 1, "other-form"),
    ("0.167", SIXTH, "percent", 1, "times-100-forgotten"),
    ("0.17%", SIXTH, "percent", 1, "times-100-forgotten"),
    ("16.7", SIXTH, "decimal", 2, "percent-as-decimal"),
    ("1.6", SIXTH, "decimal", 2, "bar-is-not-point"),
    ("17%", SIXTH, "percent", 1, "rounded-too-early"),
    ("17.0%", SIXTH, "percent", 1, "rounded-too-early"),
    ("22%", Fraction(13, 60), "percent", 1, "rounded-too-early"),
    ("0.2", SIXTH, "decimal", 2, "too-few-places"),
    ("0.16", SIXTH, "decimal", 2, "cut-off"),
    ("0.16…", SIXTH, "decimal", 2, "cut-off"),
    ("16.6%", SIXTH, "percent", 1, "cut-off"),
    ("7/6", SIXTH, "fraction", 2, "more-than-one"),
    ("1/3", SIXTH, "fraction", 2, "not-it"),
    ("50%", SIXTH, "percent", 1, "not-it"),
]


@pytest.mark.parametrize(("typed", "chance", "form", "places", "key"), REACHED)
def test_each_diagnosis(typed: str, chance: Fraction, form: str, places: int, key: str) -> None:
    found = diagnose(typed, chance, form, places)
    assert found.key == key, (typed, found)
    for language in ("en", "zh_CN"):
        with use_language(language):
            said = message(found)
        english_words = re.search(r"[A-Za-z]{3,}", said)
        assert said and bool(CHINESE.search(said)) == (language == "zh_CN"), said
        assert language == "en" or not english_words, said


def test_every_key_is_reached() -> None:
    assert {row[-1] for row in REACHED} == set(KEYS)


def test_an_unsimplified_fraction_is_right_with_a_hint_not_an_error() -> None:
    verdict = exercise(LESSON, "even-fraction").submit("3/6")
    assert verdict.correct and "1/2" in verdict.message and "3" in verdict.message


def test_the_expected_count_diagnoses() -> None:
    ex = exercise(LESSON, "expected-sixes")
    assert "600 ÷ 6" in ex.submit("3600").message
    assert "percentage" in ex.submit("17").message
    assert "all the rolls" in ex.submit("600").message
    assert "too big" in ex.submit("101").message


# -- the pool -----------------------------------------------------------------------------

def test_a_class_pools_its_rolls_and_another_class_and_a_device_do_not() -> None:
    pool = RollTable(ProgressStore(":memory:"))
    ali, bo = Pupil("class:AAAAAA:1", "Ali"), Pupil("class:AAAAAA:2", "Bo")
    other, device = Pupil("class:BBBBBB:1", "Cy"), Pupil("device:" + "d" * 32, "this browser")
    pool.add(ali, [6] * 4)
    pool.add(bo, [1, 2])
    pool.add(other, [3])
    pool.add(device, [5, 5])
    assert pool.pooled(bo) == Tally((1, 1, 0, 0, 0, 4), "class")
    assert pool.pooled(other) == Tally((0, 0, 1, 0, 0, 0), "class")
    assert pool.pooled(device) == Tally((0, 0, 0, 0, 2, 0), "own")
    with pytest.raises(ValueError, match="faces are 1 to 6"):
        pool.add(ali, [0])
    assert pool.pooled(ali).total == 6  # nothing of a refused roll was kept


def test_the_pool_on_both_engines_and_a_store_of_today_gains_its_table(make_store: Any) -> None:
    store = make_store()
    ali, bo = Pupil("class:AAAAAA:1", "Ali"), Pupil("class:AAAAAA:2", "Bo")
    assert RollTable(store).pooled(ali).total == 0  # a store with no roll yet
    RollTable(store).add(ali, [6, 6, 3])
    RollTable(store).add(ali, [6])
    again = RollTable(make_store())  # another kernel, the same store
    assert again.add(bo, [1]).counts == (1, 0, 1, 0, 0, 3)
    assert again.pooled(ali) == again.pooled(bo)
    assert store.problem is None


def test_the_static_site_keeps_a_pupils_rolls_in_the_browser() -> None:
    store = BrowserProgressStore(MemoryStorage())
    pool = roll_pool(store)
    assert isinstance(pool, BrowserRolls)
    me = Pupil("device:" + "e" * 32, "this browser")
    pool.add(me, [2, 2, 6])
    assert roll_pool(BrowserProgressStore(pool.storage)).pooled(me).counts == (0, 2, 0, 0, 0, 1)
    pool.storage.put(f"rolls/{me.key}", "not json")
    assert pool.pooled(me).total == 0


def test_the_widget_pools_a_class_and_shows_no_name_and_no_exact_chance_before() -> None:
    store = ProgressStore(":memory:")
    made = Classroom(store, failure_delay=0).new_class("7B", ["Ali", "Bo"])
    question = exercise(LESSON, "six-fraction")
    ali = RollPool(store=store, seed=1, after=[question])
    bo = RollPool(store=store, seed=2)
    ali.roll(10)  # before anyone is known: waits
    assert ali.waiting and ali.tally.total == 0
    ali.identity.join_class(made.code, "Ali", made.cards[0].secret)
    bo.identity.join_class(made.code, "Bo", made.cards[1].secret)
    bo.buttons[2].click()
    assert ali.tally.total == 10  # until Ali counts again
    ali.again.click()
    assert ali.tally.total == 110 and ali.tally.pooled_by == "class" and not ali.waiting
    assert "Bo" not in ali.table.value + ali.whose.value and "110" in ali.whose.value
    assert "16.7%" not in ali.table.value
    question.submit("1/6")
    assert "16.7%" in ali.table.value


def test_the_widget_on_the_static_site_keeps_the_pupils_own_rolls() -> None:
    before = host.current().kind
    host.use(host.STATIC)
    try:
        pool = RollPool(store=BrowserProgressStore(MemoryStorage()), seed=4)
        pool.identity.browser_key.value = json.dumps({"key": Pupil.new_browser_key()})
        pool.roll(10)
        assert pool.tally == Tally(pool.tally.counts, "own") and pool.tally.total == 10
        assert "browser" in pool.whose.value
        pool.identity.open_join()
        assert "served kit" in pool.status.text
    finally:
        host.use(before)


def test_a_wrong_answer_keeps_its_diagnosis_for_the_dashboard() -> None:
    assert exercise(LESSON, "six-percent").submit("0.167").diagnosis == "times-100-forgotten"
    assert exercise(LESSON, "six-fraction").submit("6/1").diagnosis == "upside-down"
    assert exercise(LESSON, "expected-sixes").submit("3600").diagnosis == "times-the-bottom"
    assert exercise(LESSON, "even-fraction").submit("3/6").diagnosis is None  # right
    with use_language("zh_CN"):
        assert CHINESE.search(diagnosis_words("rounded-too-early"))


def test_the_pool_follows_the_pages_own_class_panel() -> None:
    store = ProgressStore(":memory:")
    keeper = LessonKeeper(store, Classroom(store, failure_delay=0))
    made = keeper.classroom.new_class("7C", ["Di"])
    pool = RollPool(store=store, seed=5, panel=keeper.panel)
    assert keeper.panel not in pool.children
    pool.roll(1)
    keeper.panel.join_class(made.code, "Di", made.cards[0].secret)
    assert keeper.pupil == pool.identity.pupil
    assert pool.tally.pooled_by == "class" and pool.tally.total == 1
