"""The museum app's Review panel (widgets/museum/review_view.py) without a browser: it shows
once the game is over, lists the library's costliest moments in the pupil's language, and
Try it again opens the branch at that position, the finished game unchanged."""

from __future__ import annotations

import html
import random

from lnb.core.i18n import use_language
from lnb.core.review import review
from lnb.museum.bots import make_bot
from lnb.museum.records import write
from widgets.museum.app import MuseumApp


def finished_app(seed: int = 4) -> MuseumApp:
    """An app whose game a careless pupil has just finished."""
    app = MuseumApp(seed=seed)
    rng, greedy = random.Random(seed), make_bot("greedy")
    while not app.state.is_terminal():
        state = app.state
        app.act(rng.choice(state.legal_actions()) if rng.random() < 0.3
                else greedy.choose_action(state))
    return app


def test_the_panel_reviews_the_finished_game_and_tries_again_from_a_moment() -> None:
    app = MuseumApp(seed=4)
    assert app.review.layout.display == "none"  # not before the game is over
    app = finished_app()
    panel, finished = app.review, app.state
    record = write(finished)
    assert panel.layout.display is None and panel.review_button.layout.display is None
    panel.review_button.click()
    expected = review("museum", record).moments["solo"]
    assert len(panel.tries) == len(expected) > 0
    shown = [html.unescape(row.children[0].value) for row in panel.moments.children]
    assert shown == [str(m.words) for m in expected]
    with use_language("zh-CN"):
        app.relabel()
        chinese = [html.unescape(row.children[0].value) for row in panel.moments.children]
        assert chinese[0] != shown[0] and "得分" in chinese[0]
        assert panel.tries[0].description != "Try it again"
    app.relabel()
    moment = expected[-1]
    panel.tries[-1].click()
    assert [str(a) for a in app.state.history] == record["actions"][:moment.index]
    assert app.state is not finished and write(finished) == record  # the game is unchanged
    assert not app.state.is_terminal() and app.daily is None
    assert panel.layout.display == "none"  # the branch is being played
    assert "Trying again from turn" in app.status.text
    app.act(moment.best)  # the suggested choice is legal there
    assert str(app.state.history[moment.index]) == moment.best
