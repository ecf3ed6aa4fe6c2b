"""The Dream app's redraw counter (the class ``lnb-shown-<n>``, :class:`widgets.dream.hold.
Redraws`) is the last message of an action, once per action: a page (and a browser test)
that sees the new number has been sent the whole redraw, the guide panel's lesson, the status
line, the Review panel and the focus included.

A guided game's start once drew the new game (a number, no guide yet), then the guide (the
next number): a page could see the first number without the first decision's lesson, which
the browser test then never saw (CI run 3). Here every message the app's widgets send is
recorded, in order, on a comm that sends as in a kernel.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from lnb.core.i18n import set_default_language
from tests.widget_comms import Message, counted_at, recording_comms
from widgets.dream.app import DreamApp


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_default_language("en")
    yield
    set_default_language("en")


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[Message]:
    """Every message the widgets made from now on send: (their comm's id, the state sent)."""
    return recording_comms(monkeypatch)


def one_action(app: DreamApp, messages: list[Message], press: Any, what: str) -> list[Message]:
    """Press (call ``press``); the messages it sent, checked to end with the one new number."""
    messages.clear()
    before, classes = app.shown, app._dom_classes
    press()
    assert app.shown == before + 1, f"{what}: {app.shown - before} redraws counted, not 1"
    found = counted_at(app, messages, classes)
    assert found == [len(messages) - 1], (
        f"{what}: the redraw number is not the last message, once: messages {found} of "
        f"{len(messages)}")
    return list(messages)


def test_a_guided_start_is_one_redraw_its_number_after_the_lesson(sent) -> None:
    app = DreamApp(seed=3)
    start = one_action(app, sent, app.guide_view.start_button.click, "the guided start")
    lessons = [i for i, (comm_id, state) in enumerate(start)
               if comm_id == app.guide_view.lessons.comm.comm_id
               and "lnb-guide-kind-workshop" in state.get("value", "")]
    assert lessons and lessons[-1] < len(start) - 1
    said = app.status.message.comm.comm_id  # the status line's words, before the number too
    assert any(comm_id == said for comm_id, _state in start[:-1])


def test_every_action_of_a_guided_game_ends_with_its_number(sent) -> None:
    """Do this to the final scoring; on the way a panel, a Help entry, a key and the
    language switch; at the end the Review panel's changes come before the number too."""
    app = DreamApp(seed=3)
    one_action(app, sent, app.guide_view.start_button.click, "the guided start")
    moves = 0
    while not app.state.is_terminal():
        assert moves < 200, "the guided game does not end"
        if moves == 2:
            one_action(app, sent, app.panel_buttons[0].click, "a panel opened")
            one_action(app, sent, app.panel_buttons[0].click, "a panel closed")
            one_action(app, sent, lambda: app.key_bridge.on_key("escape"), "Escape")
            for language in ("zh_CN", "en"):  # a pick of the switch
                one_action(app, sent, lambda lang=language: setattr(app.language, "value", lang),
                           f"the switch to {language}")
        helps = [b for b in app.guide_view.row.children if b in
                 app.guide_view.topic_buttons.values()]
        if helps and moves > 3:
            one_action(app, sent, helps[0].click, f"move {moves}: a Help entry")
        last = one_action(app, sent, app.guide_view.do_button.click, f"move {moves}: Do this")
        moves += 1
    assert moves > 40
    review = app.review.layout.comm.comm_id  # the Review panel shown, before the number
    assert (review, {"display": None}) in last[:-1], "the Review panel was not shown"
