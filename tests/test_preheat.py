"""Preheating in the background (:mod:`widgets.serving.preheat`): one kernel at a time, the
class page first, never within the quiet time after a page was opened, never after closing;
and a real server whose class pool fills one kernel after another, after the first page.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from widgets.serve import kit_voila_args
from widgets.serving.preheat import PreheatQueue
from widgets.serving.server import KitServer


async def holder(queue: PreheatQueue, name: str, log: list[str], priority: int = 1,
                 work: float = 0.0) -> None:
    """A preheating job: wait for the turn, note it, work, give the turn back."""
    await queue.turn(priority)
    log.append(f"{name} starts")
    await asyncio.sleep(work)
    log.append(f"{name} ends")
    queue.release()


def test_one_job_at_a_time_class_page_first() -> None:
    async def run() -> list[str]:
        queue, log = PreheatQueue(quiet=0), []
        await asyncio.gather(holder(queue, "a", log, 1, 0.05), holder(queue, "b", log, 1, 0.05),
                             holder(queue, "class", log, 0, 0.05))
        return log

    log = asyncio.run(run())
    # "a" took the free turn at once; then the class page's job, although it came last
    assert log == ["a starts", "a ends", "class starts", "class ends", "b starts", "b ends"]


def test_a_page_opened_postpones_the_next_job() -> None:
    async def run() -> tuple[float, float]:
        queue, log = PreheatQueue(quiet=0.4), []
        loop = asyncio.get_running_loop()
        began = loop.time()
        await holder(queue, "first", log)  # the server's start counts as a page opened
        first = loop.time() - began
        await asyncio.sleep(0.1)
        queue.page_opened()
        opened = loop.time()
        await holder(queue, "second", log)
        return first, loop.time() - opened

    first, second = asyncio.run(run())
    assert first >= 0.39 and second >= 0.39


def test_closing_cancels_the_waiting_jobs() -> None:
    async def run() -> tuple[list[str], bool, int]:
        queue, log = PreheatQueue(quiet=0), []
        await queue.turn()  # held
        waiting = asyncio.ensure_future(holder(queue, "late", log))
        await asyncio.sleep(0.01)
        assert queue.waiting() == 1
        queue.close()
        await asyncio.gather(waiting, return_exceptions=True)
        with pytest.raises(asyncio.CancelledError):
            await queue.turn()
        return log, waiting.cancelled(), queue.waiting()

    log, cancelled, left = asyncio.run(run())
    assert log == [] and cancelled and left == 0


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="process groups are POSIX")
def test_a_class_pool_fills_one_kernel_after_another_after_the_first_page(
        tmp_path: Path) -> None:
    root = tmp_path / "notebooks"
    root.mkdir()
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    # as the puzzle app does: run, then wait for the page's request (at once if not preheated)
    nb.cells = [nbformat.v4.new_code_cell("import time; time.sleep(1.5)"),
                nbformat.v4.new_code_cell("from widgets.core.page_request import wait_for_request"
                                          "\nwait_for_request(); print('warm')")]
    nbformat.write(nb, root / "class.ipynb")
    quiet = 4
    args = [*kit_voila_args(pool_size=0, class_size=1, class_page="class.ipynb"),
            f"--KitPreheat.quiet={quiet}"]
    server = KitServer(root, None, voila_args=args, home=tmp_path / "home",
                       log=tmp_path / "voila.log", startup_timeout=90)
    with server:
        ready = time.monotonic()
        # the first page, opened at once, gets its own kernel and is not kept waiting
        with urllib.request.urlopen(server.url("voila/render/class.ipynb"), timeout=60) as resp:
            assert "warm" in resp.read().decode()
        assert "Using pre-heated kernel" not in server.log_tail(200)  # its own, at once
        # the pool waits ``quiet`` seconds from the page's opening: on a busy machine the page
        # can take longer, and the pool's first kernel be started meanwhile (CI, load 30)
        assert len(server.kernel_ids()) in (1, 2), server.log_tail()
        counts: list[int] = []
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline and (not counts or counts[-1] < 4):
            counts.append(len(server.kernel_ids()))
            time.sleep(0.1)
        # 1 + SPARES preheated kernels, after the first page's, one by one: each notebook
        # runs 1.5 s before the next kernel starts
        assert counts[-1] == 4, (counts, server.log_tail())
        steps = [b - a for a, b in itertools.pairwise(counts) if b != a]
        assert steps == [1] * (4 - counts[0]), counts
        assert time.monotonic() - ready > quiet + 2 * 1.5
        # a later page takes a kernel warmed up for it
        with urllib.request.urlopen(server.url("voila/render/class.ipynb"), timeout=60) as resp:
            assert "warm" in resp.read().decode()
        assert "Using pre-heated kernel" in server.log_tail(200)
