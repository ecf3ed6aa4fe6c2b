"""The widgets' states handed to a page (widgets.serving.hand_over): the same answer as
ipywidgets' own, from one walk, and from what is kept while nothing changed."""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import pytest
from ipywidgets import Widget
from ipywidgets.widgets import widget as widget_module

from tests.widget_comms import sending_comms
from widgets.serving import hand_over

REQUEST = {"content": {"data": {"method": "request_states"}}}


class ControlComm:
    """A control comm that keeps what is sent on it."""

    def __init__(self) -> None:
        self.sent: list[tuple[dict[str, Any], list[bytes]]] = []

    def send(self, data: dict[str, Any], buffers: Any = None) -> None:
        self.sent.append((data, [bytes(b) for b in buffers or []]))

    def on_msg(self, callback: Any) -> None:
        self.callback = callback


@pytest.fixture
def control(monkeypatch: pytest.MonkeyPatch) -> ControlComm:
    """The page's control comm; the kernel has only this test's widgets (the answer
    serializes every widget: other tests of the worker leave theirs, some holding widgets
    closed since)."""
    monkeypatch.setattr(widget_module, "_instances", {})
    sending_comms(monkeypatch)
    comm = ControlComm()
    monkeypatch.setattr(Widget, "_control_comm", comm)
    hand_over.uninstall()
    yield comm
    hand_over.uninstall()


def answer(comm: ControlComm) -> tuple[dict[str, Any], list[bytes]]:
    Widget._handle_control_comm_msg(REQUEST)
    return comm.sent.pop()


def ipywidgets_answer(comm: ControlComm) -> tuple[dict[str, Any], list[bytes]]:
    """What ipywidgets itself answers now (the hand-over undone for the question)."""
    was = hand_over._installed
    hand_over.uninstall()
    try:
        return answer(comm)
    finally:
        if was:
            hand_over.install()


def page_widgets() -> tuple[w.Widget, ...]:
    button = w.Button(description="go")
    image = w.Image(value=b"\x89PNG\r\n", format="png")
    slider = w.IntSlider(value=3, max=9)
    return w.VBox([button, w.HBox([image, slider])]), button, image, slider


def test_the_same_answer_as_ipywidgets(control: ControlComm) -> None:
    _, _, image, slider = page_widgets()
    before = ipywidgets_answer(control)
    hand_over.install()
    assert answer(control) == before
    assert [image.model_id, "state", "value"] in before[0]["buffer_paths"]
    alone = w.Label("gone soon")
    assert alone.model_id in answer(control)[0]["states"]
    slider.value = 7
    gone = alone.model_id
    alone.close()
    image.value = b"GIF89a"
    now = answer(control)
    assert now == ipywidgets_answer(control)
    assert now[0]["states"][slider.model_id]["state"]["value"] == 7
    assert gone not in now[0]["states"] and b"GIF89a" in now[1]


def test_one_walk_then_only_what_changed(control: ControlComm,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    box, button, image, slider = page_widgets()
    walked: list[str] = []
    get_state = Widget.get_state

    def counted(self: Widget, *args: Any, **kwargs: Any) -> Any:
        walked.append(self.model_id)
        return get_state(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "get_state", counted)
    ipywidgets_answer(control)
    mine = {box.model_id, button.model_id, image.model_id, slider.model_id}
    assert sum(m in mine for m in walked) == 2 * len(mine)  # ipywidgets walks twice
    assert hand_over.prepare() >= len(mine)
    walked.clear()
    answer(control)
    assert not walked  # prepared: nothing serialized when the page asks
    slider.value = 5  # sent to the page at once (one get_state of "value")
    walked.clear()
    answer(control)
    assert walked == [slider.model_id]


def test_other_questions_as_ipywidgets(control: ControlComm) -> None:
    hand_over.install()
    with pytest.raises(RuntimeError, match="Unknown front-end"):
        Widget._handle_control_comm_msg({"content": {"data": {"method": "nonsense"}}})


def test_a_wrapper_of_the_answer_still_sees_the_question(control: ControlComm,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """What wraps ipywidgets' answer (widgets.lessons.later builds its parts once a page asked)
    is still called: the hand-over keeps states, it does not replace the answer."""
    asked: list[str] = []
    own = Widget._handle_control_comm_msg.__func__

    def wrapped(cls: type[Widget], msg: dict[str, Any]) -> None:
        own(cls, msg)
        asked.append(msg["content"]["data"]["method"])

    monkeypatch.setattr(Widget, "_handle_control_comm_msg", classmethod(wrapped))
    page_widgets()
    hand_over.prepare()
    answer_sent = answer(control)
    assert asked == ["request_states"] and answer_sent[0]["method"] == "update_states"
