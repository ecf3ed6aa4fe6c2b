"""A lesson's later parts (widgets/lessons/later.py): built once the page has taken the
kernel's widgets (asked for them, then closed ipywidgets' control comm), in order, and before
any other code runs; never while a page may still be waiting for the widgets they point at.
Real ipywidgets (its control comm, as a page's widget manager uses it), a real event loop and
IPython's own shell."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine, Iterator
from typing import Any, TypeVar

import ipywidgets as w
import pytest
from comm import create_comm
from IPython.core.interactiveshell import InteractiveShell
from ipywidgets.widgets import widget as widget_module

from widgets.lessons import later as later_module
from widgets.lessons.later import IDLE, LATE, Later, build_waiting, later

DEADLINE = 30.0  # s: a part never built fails the test, not the run
T = TypeVar("T")


class SkippingLoop(asyncio.SelectorEventLoop):
    """A real event loop whose clock a test can move ahead (:func:`skip`): the timers due by
    then run at once, the others keep their place."""

    skipped = 0.0

    def time(self) -> float:
        return super().time() + self.skipped


async def skip(seconds: float) -> None:
    """Move the running :class:`SkippingLoop`'s clock ``seconds`` ahead; return once every
    timer due by then has run (a marker due at the new time has: the loop runs its timers in
    the order they are due)."""
    loop = asyncio.get_running_loop()
    assert isinstance(loop, SkippingLoop), "run the test's coroutine with run_skipping"
    loop.skipped += seconds
    marker = loop.create_future()
    loop.call_at(loop.time(), marker.set_result, None)
    await asyncio.wait_for(marker, DEADLINE)


def run_skipping(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a :class:`SkippingLoop`."""
    with asyncio.Runner(loop_factory=SkippingLoop) as runner:
        return runner.run(coroutine)


async def built_in_time(parts: list[Later]) -> None:
    """Wait (the loop running, as a kernel's does) until every part is built."""
    deadline = time.monotonic() + DEADLINE
    while any(part.waiting for part in parts):
        assert time.monotonic() < deadline, "the parts were never built"
        await asyncio.sleep(IDLE / 3)


@pytest.fixture
def no_page(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No page has asked for this kernel's widgets yet (as when Voila runs a notebook), and
    the kernel has only this test's widgets (the page's question serializes every widget;
    other tests of the worker leave theirs, some holding widgets closed since)."""
    monkeypatch.setattr(widget_module, "_instances", {})
    kept = w.Widget._control_comm
    w.Widget._control_comm = None
    yield
    w.Widget._control_comm = kept
    later_module._waiting.clear()  # a failed test's parts wait no more


def ask_for_the_widgets() -> tuple[list[dict[str, Any]], Any]:
    """What a page's widget manager does once the page's scripts run: open ipywidgets'
    control comm and ask for every widget's state; the messages the kernel sent back, and
    the comm (the page closes it once it has the answer: :func:`take`)."""
    sent: list[dict[str, Any]] = []
    control = create_comm(target_name="jupyter.widget.control")
    control.publish_msg = lambda msg_type, data=None, metadata=None, buffers=None, **keys: \
        sent.append({"type": msg_type, "data": data})
    w.Widget.handle_control_comm_opened(control, {"metadata": {"version": "1.0.0"}})
    w.Widget._handle_control_comm_msg({"content": {"data": {"method": "request_states"}}})
    return sent, control


def take(control: Any) -> None:
    """The page has the answer and closes the control comm (its ``comm_close`` arrives)."""
    control.handle_close({"content": {"data": {}}})


def test_parts_wait_for_the_page_to_take_the_widgets_then_come_in_order(no_page: None) -> None:
    made: list[str] = []

    def part(name: str) -> w.Widget:
        made.append(name)
        return w.Label(name)

    async def page() -> list[Later]:
        parts = [later(part, "first"), later(part, "second")]
        assert [p.children for p in parts] == [(), ()] and made == []
        assert all("lnb-later" in p._dom_classes for p in parts)
        await skip(60.0)  # the kernel idle for a minute: no page has asked, nothing built
        assert made == [] and all(p.waiting for p in parts)
        sent, control = ask_for_the_widgets()
        states = [m for m in sent if m["type"] == "comm_msg"]
        # the page gets the widgets made so far (the empty boxes), the parts come after
        assert [m["data"]["method"] for m in states] == ["update_states"]
        assert all(p.model_id in states[0]["data"]["states"] for p in parts)
        await skip(3 * IDLE)  # the answer is out, the page has not taken it: still nothing
        assert made == [] and all(p.waiting for p in parts)
        take(control)
        await built_in_time(parts)
        return parts

    parts = run_skipping(page())
    assert made == ["first", "second"]
    assert [p.children[0].value for p in parts] == ["first", "second"]


def test_a_page_that_never_says_it_took_the_widgets_gets_the_parts_late(no_page: None) -> None:
    async def page() -> Later:
        part = later(w.Label, "late")
        ask_for_the_widgets()  # the page gave up on the answer: it asks for each model instead
        await skip(LATE - IDLE)
        assert part.waiting
        await skip(2 * IDLE)
        assert not part.waiting
        return part

    assert run_skipping(page()).children[0].value == "late"


def test_a_page_already_shown_gets_its_parts_once_the_kernel_is_idle(no_page: None) -> None:
    async def page() -> Later:
        take(ask_for_the_widgets()[1])  # a notebook open in JupyterLab: it asked long ago
        part = later(w.Label, "now")
        assert part.waiting
        await built_in_time([part])
        return part

    assert asyncio.run(page()).children[0].value == "now"


def test_other_code_sees_the_page_whole(no_page: None) -> None:
    shell = InteractiveShell.instance()
    shell.user_ns["later"] = later
    shell.user_ns["w"] = w

    async def page() -> None:
        # cells of parts asked for later keep them waiting...
        assert shell.run_cell('box = later(w.Label, "a")').success
        assert shell.run_cell('later(w.Label, "b")').success
        assert shell.user_ns["box"].waiting and len(later_module._waiting) == 2
        # ...and any other code first builds them
        result = shell.run_cell("seen = [c.value for c in box.children]")
        assert result.success and shell.user_ns["seen"] == ["a"]
        assert not later_module._waiting

    asyncio.run(page())


def test_a_part_that_fails_leaves_the_others_built(no_page: None) -> None:
    def broken() -> w.Widget:
        raise ValueError("no such exercise")

    async def page() -> tuple[Later, Later]:
        bad, good = later(broken), later(w.Label, "fine")
        with pytest.raises(ValueError, match="no such exercise"):
            build_waiting()
        return bad, good

    bad, good = asyncio.run(page())
    assert bad.children == () and not bad.waiting
    assert good.children[0].value == "fine"


def test_without_an_event_loop_a_part_is_built_at_once() -> None:
    part = later(w.Button, description="Go")
    assert not part.waiting and part.built().description == "Go"


def test_a_kernel_no_page_asks_keeps_its_parts_until_code_runs(no_page: None) -> None:
    # a preheated kernel waiting for its pupil, or a page connected but not asking yet: a
    # part built now would reach that page before the models it points at
    async def page() -> Later:
        part = later(w.Label, "kept")
        await skip(600.0)
        assert part.waiting
        build_waiting()  # what any other code run in the kernel does first
        return part

    assert run_skipping(page()).children[0].value == "kept"
