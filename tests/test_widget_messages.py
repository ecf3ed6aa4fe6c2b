"""The kit's most made widgets are made with their classes and words, not set after.

A lesson page makes hundreds of widgets before Voila's scripts start; every trait set after
a widget is made is one more message from the kernel through the server to the page (lesson
09: 210 of them, about a third of its messages). Here the messages a widget sends while it
is made are counted on the comm itself.
"""

from __future__ import annotations

import collections
from collections.abc import Callable

import pytest

from tests.widget_comms import sending_comms
from widgets.babbage.algebra_view import AlgebraView
from widgets.babbage.exercise import Exercise, number
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> collections.Counter[str]:
    """Counts each kind of message the widgets made in the test publish."""
    counts = sending_comms(monkeypatch)
    stylesheet()  # the page's shared style sheet, made once per kernel, before
    counts.clear()
    return counts


MADE: dict[str, Callable[[], object]] = {
    "an exercise": lambda: Exercise("What is 55 + 5?", number(60),
                                    hints=["Count on 5 from 55."], title="Adding"),
    "a status line": StatusLine,
    "a status line's button": lambda: StatusLine().button("lnb-go", lambda: None,
                                                          width="auto"),
}


@pytest.mark.parametrize("name", MADE)
def test_a_widget_is_made_with_its_classes_and_words(
        name: str, sent: collections.Counter[str]) -> None:
    MADE[name]()
    assert sent["comm_open"] > 0
    assert sent["update"] == 0, f"{name} sent {sent['update']} updates while it was made"


def test_the_algebra_view_only_sends_its_first_table(sent: collections.Counter[str]) -> None:
    view = AlgebraView()
    assert view.table.value and sent["update"] == 2  # the table and its check line, drawn
