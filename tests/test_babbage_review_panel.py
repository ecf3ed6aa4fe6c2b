"""The Review panel of Lovelace & Babbage's game app (widgets/babbage/review_view.py), driven
without a browser: after a game played here or a finished game loaded, each person's costliest
programs as the library reviews them, and Try it again opening that Round's programs."""

from __future__ import annotations

import html
import json

from lnb.babbage.bots import make_bot
from lnb.babbage.game import Game, Phase
from lnb.babbage.records import record_of
from lnb.babbage.simulate import play_game
from lnb.core.i18n import use_language
from lnb.core.review import review
from tests.test_widgets_game import BOT, YOU, play_round_by_clicks
from widgets.babbage.game_app import GameApp


def finished_record() -> dict:
    """A whole game: Ada (a person, playing like a beginner) and Bea (a computer)."""
    game = Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")], seed=3)
    state = play_game({"Ada": make_bot("beginner", 1), "Bea": make_bot("greedy", 1)}, game)
    record = record_of(state)
    record["players"][1]["computer"] = "greedy"
    return record


def test_a_loaded_game_is_reviewed_and_a_program_tried_again() -> None:
    record = finished_record()
    app = GameApp(seed=1)
    app.load_text(json.dumps(record))
    panel = app.game_review
    assert app.loaded and panel in app.body.children and panel.layout.display is None
    panel.review_button.click()
    result = review("babbage", record)
    assert result.players == ("Ada",)  # Bea is marked "computer": not reviewed
    expected = result.moments["Ada"]
    assert len(panel.tries) == len(expected) > 0
    shown = [html.unescape(row.children[0].value) for row in panel.moments.children]
    assert shown == [str(m.words) for m in expected]  # one person: no name headings
    with use_language("zh-CN"):
        app.relabel()
        chinese = [html.unescape(row.children[0].value) for row in panel.moments.children]
        assert chinese[0] != shown[0] and "回合" in chinese[0]
        assert panel.tries[0].description != "Try it again"
    app.relabel()
    moment = expected[-1]
    panel.tries[-1].click()
    state = app.state
    assert not app.loaded and state.round == moment.where["round"]
    assert state.phase is Phase.PROGRAM and app._person == "Ada"
    assert len(state.history) == moment.where["round"] - 1
    assert f"Round {moment.where['round']} again" in app.status.text
    assert app.game_review not in app.body.children  # the branch is being played
    assert app.computers["Bea"].kind == "greedy"  # the same computer plays Bea


def test_the_game_over_screen_offers_the_review_of_the_person() -> None:
    app = GameApp([YOU, BOT], seed=11)
    assert app.game_review.layout.display == "none"
    for _ in range(4):
        play_round_by_clicks(app)
        app.next_button.click()
    assert app.state.is_terminal() and app.game_review in app.body.children
    assert app.game_review.layout.display is None
    app.game_review.review_button.click()
    assert {m.who for m in app.game_review.shown()} == {"You"}  # not the computer's
    assert len(app.game_review.tries) == len(app.game_review.shown()) > 0
