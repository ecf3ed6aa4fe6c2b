"""Today's challenge in a class (issue 15 item 3): each finished daily game is kept as the
pupil's score, and a pupil who joined their class sees the class's scores as a histogram over
the verdict chart's bands, beside par and their own best; nobody's name is shown."""

from __future__ import annotations

import datetime
import json
import re

import pytest

from classroom.identity import Classroom, NewClass, Pupil
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from lnb.core.i18n import use_language
from lnb.museum import daily_seed, par, verdict
from lnb.museum.bots import make_bot
from widgets.museum.app import MuseumApp

DAY = datetime.date(2026, 12, 1)


@pytest.fixture
def room(store: ProgressStore) -> Classroom:
    return Classroom(store, failure_delay=0)


@pytest.fixture
def made(room: Classroom) -> NewClass:
    return room.new_class("7B", ["Ali", "Bea", "Cy"])


def app_on_a_device(store: ProgressStore, room: Classroom) -> MuseumApp:
    app = MuseumApp(seed=1, store=store, classroom=room, today=lambda: DAY)
    app.identity.browser_key.value = json.dumps({"key": Pupil.new_browser_key()})
    return app


def joined(store: ProgressStore, room: Classroom, made: NewClass, name: str) -> MuseumApp:
    app = app_on_a_device(store, room)
    secret = next(c.secret for c in made.cards if c.pupil_name == name)
    app.identity.join_class(made.code, name, secret)
    assert app.identity.session is not None, app.status.text
    return app


def play_to_the_end(app: MuseumApp, bot: str | None) -> int:
    """Play the app's game to its end: by a computer player, or (None) always the last
    legal action (a poor game)."""
    player = make_bot(bot) if bot is not None else None
    while not app.state.is_terminal():
        app.act(player.choose_action(app.state) if player is not None
                else app.state.legal_actions()[-1])
    return app.state.score().total


def test_a_finished_daily_game_is_the_pupils_score_and_the_class_sees_it(
        store: ProgressStore, room: Classroom, made: NewClass) -> None:
    ali = joined(store, room, made, "Ali")
    ali.daily_challenge()
    assert ali.state.seed == daily_seed(DAY)
    assert "Nobody of your class has finished" in ali.class_view.value
    first = play_to_the_end(ali, "greedy")
    assert ali.identity.session is not None
    assert DailyScores(store, "museum").best(ali.identity.session.pupil, DAY).best == first  # type: ignore[union-attr]
    assert "1 pupil of your class finished" in ali.class_view.value
    assert f"your best {first}" in ali.class_view.value
    assert f"par {par(DAY)}" in ali.class_view.value

    bea = joined(store, room, made, "Bea")
    bea.daily_challenge()
    before = bea.class_view.value  # Ali's game; the scores wait until Bea finished hers
    assert "1 pupil of your class finished" in before and "lnb-class-scores" not in before
    second = play_to_the_end(bea, "planner")
    view = bea.class_view.value
    assert "2 pupils of your class finished" in view
    assert "Ali" not in view and "Bea" not in view  # scores only, never whose
    expected = [0] * 6
    for score in (first, second):
        expected[verdict(score).band] += 1
    shown = [int(n) for n in re.findall(r"(\d+) pupils?(?=<)", view.split("</caption>")[1])]
    assert shown == expected


def test_the_best_game_of_the_day_counts_and_another_class_is_not_seen(
        store: ProgressStore, room: Classroom, made: NewClass) -> None:
    other = room.new_class("8C", ["Dan"])
    dan = app_on_a_device(store, room)
    dan.identity.join_class(other.code, "Dan", other.cards[0].secret)
    dan.daily_challenge()
    play_to_the_end(dan, "planner")
    cy = joined(store, room, made, "Cy")
    cy.daily_challenge()
    low = play_to_the_end(cy, None)
    cy.daily_challenge()  # again, the same dice
    high = play_to_the_end(cy, "planner")
    assert cy.identity.session is not None
    kept = DailyScores(store, "museum").best(cy.identity.session.pupil, DAY)
    assert kept is not None and (kept.best, kept.plays) == (max(low, high), 2)
    assert "1 pupil of your class finished" in cy.class_view.value  # Dan is in another class


def test_a_pupil_without_a_class_keeps_their_score_and_is_told_how_to_see_the_class(
        store: ProgressStore, room: Classroom) -> None:
    app = app_on_a_device(store, room)
    app.daily_challenge()
    assert "Join your class" in app.class_view.value
    score = play_to_the_end(app, "greedy")
    device = app.identity.device
    assert device is not None
    assert DailyScores(store, "museum").best(device, DAY).best == score  # type: ignore[union-attr]
    assert "Join your class" in app.class_view.value


def test_a_game_finished_before_the_browser_said_who_it_is_is_kept_when_it_does(
        store: ProgressStore, room: Classroom) -> None:
    app = MuseumApp(seed=1, store=store, classroom=room, today=lambda: DAY)
    app.daily_challenge()
    score = play_to_the_end(app, "greedy")
    key = Pupil.new_browser_key()
    app.identity.browser_key.value = json.dumps({"key": key})
    assert DailyScores(store, "museum").best(Pupil.from_browser_key(key), DAY).best == score  # type: ignore[union-attr]


def test_an_ordinary_game_keeps_no_score_and_shows_no_class_view(
        store: ProgressStore, room: Classroom, made: NewClass) -> None:
    app = joined(store, room, made, "Ali")
    app.new_game(seed=5)
    play_to_the_end(app, "greedy")
    assert app.class_view.layout.display == "none"
    assert store.dump()["game_scores"] == []


def test_the_class_view_speaks_chinese(store: ProgressStore, room: Classroom,
                                       made: NewClass) -> None:
    app = joined(store, room, made, "Ali")
    app.daily_challenge()
    play_to_the_end(app, "greedy")
    with use_language("zh-CN"):
        app.relabel()
        view = app.class_view.value
    assert "pupil" not in view and "par" not in view
    assert re.search(r"[\u4e00-\u9fff]", view)
