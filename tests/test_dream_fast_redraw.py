"""The Dream app's fast redraw shows what the plain rule shows, button for button.

A redraw asks one :class:`lnb.dream.refusals.Refusals` of the state for every button's
reason (the legal actions and the step's verbs worked out once); the plain rule is
:func:`lnb.dream.refusals.why_not`, asked of each action alone. Over a seeded game played by
clicks (a Store die or a Program chosen first, as a pupil does), in English and in Chinese,
every button of the app (the hidden parts' too) has the same words, tooltip, state and
action both ways; and the library's two answers agree for every action a button asks about.
The words of a hidden part are kept back from the page until it is shown (one message per
widget changed): a panel opened sends them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import ipywidgets as w
import pytest

import widgets.dream.app as app_module
from lnb.core.i18n import set_default_language, use_language
from lnb.dream.actions import Place, TakeProgram
from lnb.dream.refusals import Refusals, why_not
from tests.widget_comms import sending_comms
from widgets.dream.app import DreamApp
from widgets.dream.buttons import pool_buttons


class PlainRefusals:
    """The plain rule: each action's reason asked of ``why_not`` alone."""

    asked: ClassVar[list[Any]] = []

    def __init__(self, state: Any) -> None:
        self.state = state

    def why_not(self, action: Any) -> Any:
        PlainRefusals.asked.append(action)
        return why_not(self.state, action)

    def reason(self, action: Any) -> str | None:
        error = self.why_not(action)
        return None if error is None else str(error)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language("en")
    yield
    set_default_language("en")


def drawn(app: DreamApp) -> list[tuple[Any, ...]]:
    """Every button of the app as drawn: words, tooltip, state, classes, action, choice."""
    return [(b.description, b.tooltip, b.disabled, b._dom_classes, b.lnb_action, b.lnb_value)
            for b in pool_buttons(app, app.workshop, app.board, app.displays, app.map)]


def both_ways(app: DreamApp, monkeypatch: pytest.MonkeyPatch) -> tuple[list, list]:
    """The app redrawn the fast way, then through the plain rule."""
    app.refresh()
    fast = drawn(app)
    with monkeypatch.context() as patch:
        patch.setattr(app_module, "Refusals", PlainRefusals)
        app.refresh()
    return fast, drawn(app)


def first_click(app: DreamApp, action: Any) -> None:
    """The first of a decision's two clicks (a Store die, a Program), if it has two."""
    if isinstance(action, Place):
        app.choose(("slot", action.slot))
    elif isinstance(action, TakeProgram):
        app.choose(("program", action.program))


def test_every_button_shows_the_plain_rules_reason_over_a_seeded_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = DreamApp(seed=8)
    chooser = random.Random(8)
    compared = 0
    for decision in range(400):
        if app.state.is_terminal():
            break
        action = chooser.choice(app.state.legal_actions(app.person))
        first_click(app, action)  # a die or a Program chosen: the Mill's buttons ask too
        PlainRefusals.asked = []
        with use_language("zh-CN" if decision % 3 == 0 else "en"):
            fast, plain = both_ways(app, monkeypatch)
        assert fast == plain, f"decision {decision}: {app.state.step}"
        assert PlainRefusals.asked  # the plain rule did draw the buttons
        why = Refusals(app.state)
        for asked in set(PlainRefusals.asked):  # the library's two answers, field for field
            quick, alone = why.why_not(asked), why_not(app.state, asked)
            assert (quick is None) == (alone is None), asked
            assert why.reason(asked) == (None if alone is None else str(alone)), asked
            if quick is not None:
                assert (str(quick), quick.reason, quick.fields) == \
                    (str(alone), alone.reason, alone.fields), asked
        compared += 1
        app.act(action)
    assert app.state.is_terminal() and compared > 40


def test_a_hidden_parts_words_reach_the_page_when_its_panel_opens(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sending_comms(monkeypatch)  # held and kept traits need a comm that sends
    app = DreamApp(seed=3)  # the first decision: a Workshop die (the map is in its panel)
    place = app.map.place_buttons[0]
    assert "map" not in app.holders(app.state.legal_actions("You"))
    app.workshop_buttons[0].click()  # a move: the map's buttons are redrawn, hidden
    assert place in app.kept.traits and "tooltip" in app.kept.traits[place]
    sent: list[set[str]] = []
    original = w.Button.send_state

    def recorded(self: w.Button, key: Any = None) -> None:
        if self is place:
            sent.append(set(key))
        original(self, key)

    w.Button.send_state = recorded  # type: ignore[method-assign]
    try:
        button = next(b for b in app.panel_buttons if b.lnb_value == ("panel", "map"))
        button.click()
    finally:
        w.Button.send_state = original  # type: ignore[method-assign]
    assert sent and "tooltip" in sent[0] and place not in app.kept.traits
