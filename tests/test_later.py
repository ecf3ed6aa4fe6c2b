"""A lesson's later parts (widgets/lessons/later.py): built once the kernel is idle, in order,
and before any other code runs; real ipywidgets, a real event loop and IPython's own shell."""

from __future__ import annotations

import asyncio
import time

import ipywidgets as w
import pytest
from IPython.core.interactiveshell import InteractiveShell

from widgets.lessons import later as later_module
from widgets.lessons.later import IDLE, Later, build_waiting, later

DEADLINE = 30.0  # s: a part never built fails the test, not the run


async def built_in_time(parts: list[Later]) -> None:
    """Wait (the loop running, as a kernel's does) until every part is built."""
    deadline = time.monotonic() + DEADLINE
    while any(part.waiting for part in parts):
        assert time.monotonic() < deadline, "the parts were never built"
        await asyncio.sleep(IDLE / 3)


def test_parts_wait_until_the_kernel_is_idle_then_come_in_order() -> None:
    made: list[str] = []

    def part(name: str) -> w.Widget:
        made.append(name)
        return w.Label(name)

    async def page() -> list[Later]:
        parts = [later(part, "first"), later(part, "second")]
        assert [p.children for p in parts] == [(), ()] and made == []
        assert all("lnb-later" in p._dom_classes for p in parts)
        await built_in_time(parts)
        return parts

    parts = asyncio.run(page())
    assert made == ["first", "second"]
    assert [p.children[0].value for p in parts] == ["first", "second"]


def test_other_code_sees_the_page_whole() -> None:
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


def test_a_part_that_fails_leaves_the_others_built() -> None:
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
