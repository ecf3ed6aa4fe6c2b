"""The Review panel of Ada's Dream's app (widgets/dream/review_view.py), driven without a
browser: a finished game loaded, its people's costliest choices as the library reviews them,
and Try it again opening the game just before one, with the same computer player."""

from __future__ import annotations

import html
import json

from lnb.core.i18n import use_language
from lnb.core.review import review
from lnb.dream.bots import make_bot
from lnb.dream.records import write
from lnb.dream.state import Game
from widgets.dream.app import DreamApp


def finished_record(seed: int = 3) -> dict:
    """A whole game: Ada (a person choosing at random) and Bea (the greedy computer)."""
    bots = {"Ada": make_bot("random", seed), "Bea": make_bot("greedy", seed)}
    state = Game(["Ada", "Bea"], seed=seed).new_initial_state()
    while not state.is_terminal():
        name = state.current_player
        state.apply_action(bots[name].choose_action(state, name))
    return write(state, {"Bea": "greedy"})


def test_a_finished_game_is_reviewed_and_a_choice_tried_again() -> None:
    record = finished_record()
    app = DreamApp(["Ada", "Bea"], {"Bea": "greedy"}, seed=1)
    panel = app.review
    assert panel.layout.display == "none"  # not while the game goes on
    app.load_text(json.dumps(record))
    assert app.state.is_terminal() and panel.layout.display is None
    panel.review_button.click()
    result = review("dream", record)
    assert set(result.moments) == {"Ada"}  # Bea is the computer: not reviewed
    expected = result.moments["Ada"]
    assert len(panel.tries) == len(expected) > 0
    shown = [html.unescape(row.children[0].value) for row in panel.moments.children]
    assert shown == [str(m.words) for m in expected]
    with use_language("zh-CN"):
        app.relabel()
        chinese = [html.unescape(row.children[0].value) for row in panel.moments.children]
        assert chinese[0] != shown[0] and panel.tries[0].description == "再试一次"
    app.relabel()
    moment = expected[0]
    panel.tries[0].click()
    assert len(app.state.history) == moment.index and not app.state.is_terminal()
    assert app.kinds == {"Bea": "greedy"} and panel.layout.display == "none"
    assert "Trying again from just before Ada's choice" in app.status.text
