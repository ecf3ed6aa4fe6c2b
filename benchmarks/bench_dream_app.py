"""The Dream app's redraw after a click (``DreamApp.refresh``), in-process, on a fixed game.

``python -m benchmarks dream_app`` plays one seeded solo game against the greedy computer
(:data:`SEED`, the default edition), one legal action a decision chosen by a seeded random,
and at every decision of the person times the app's redraw of the new state twice, in turn
in either order (the first of the two draws what the click changed):

- **fast**: the app as it is (one :class:`~lnb.dream.refusals.Refusals` a redraw: the legal
  actions and the step's verbs worked out once for all its buttons);
- **plain** (the reference, in the same process, on the same states): every button asks
  :func:`lnb.dream.refusals.why_not` alone, as the app did before (issue 28: each of a game's
  ~150 browser decisions waited on this redraw).

The row: the fast redraw's median in this machine's processor milliseconds beside the goal
of 10 ms (absolute: the machine moves it). Notes: its 95th percentile, the fast median over
the plain one (the reference: what the one look at the rules saves; the other cuts, one
message per changed widget and words made once, serve both), and how many messages a redraw
after a click sends to the page (one per widget that changed, none for a hidden part's
words; counted through a comm that serializes them as the kernel's session does).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: The game: its seed, and the seed of the choices made for the person.
SEED = 4
#: The goal for the median redraw, in milliseconds (issue 28's helper brief).
GOAL_MS = 10.0
#: How many decisions at most (a whole game is about 90).
DECISIONS = 300


class PlainRefusals:
    """The reference: each action's reason asked of the plain rule alone (``why_not``)."""

    def __init__(self, state: Any) -> None:
        self.state = state

    def why_not(self, action: Any) -> Any:
        from lnb.dream.refusals import why_not

        return why_not(self.state, action)

    def reason(self, action: Any) -> str | None:
        error = self.why_not(action)
        return None if error is None else str(error)


@contextmanager
def plain_rule() -> Iterator[None]:
    """Draw with :class:`PlainRefusals` in the block."""
    import widgets.dream.app as app_module

    fast = app_module.Refusals
    app_module.Refusals = PlainRefusals  # type: ignore[misc, assignment]
    try:
        yield
    finally:
        app_module.Refusals = fast  # type: ignore[misc]


def timed(call: Callable[[], None]) -> float:
    """The processor seconds ``call`` took (this process's: the other work on a busy
    machine's cores is not counted, as the wall clock would count it)."""
    began = time.process_time()
    call()
    return time.process_time() - began


def play(measure: Callable[[Any, int], None], drawn: bool = True) -> int:
    """Play the fixed game, calling ``measure(app, decision)`` before each decision of the
    person; the number of decisions. ``drawn`` False: a click's move is made without its
    redraw (``measure`` then makes the first redraw of the new state)."""
    from lnb.core.i18n import set_default_language
    from widgets.dream.app import DreamApp

    set_default_language("en")
    app = DreamApp(seed=SEED)
    chooser = random.Random(SEED)
    decisions = 0
    while not app.state.is_terminal() and decisions < DECISIONS:
        measure(app, decisions)
        legal = app.state.legal_actions(app.person)
        refresh = app.refresh
        if not drawn:
            app.refresh = lambda: None
        try:
            app.act(chooser.choice(legal))
        finally:
            app.refresh = refresh
        decisions += 1
    return decisions


def redraw_times() -> tuple[list[float], list[float]]:
    """The fast and the plain redraws' seconds at every decision of the game."""
    fast: list[float] = []
    plain: list[float] = []

    def measure(app: Any, decision: int) -> None:
        def with_plain() -> None:
            with plain_rule():
                app.refresh()

        runs = [(fast, app.refresh), (plain, with_plain)]
        for into, call in runs if decision % 2 else runs[::-1]:
            into.append(timed(call))

    play(measure, drawn=False)
    return fast, plain


def messages_per_click() -> list[int]:
    """How many messages each redraw after a click sends (through a comm that serializes
    them as the kernel's session does, signed with a key)."""
    import comm
    from comm.base_comm import BaseComm
    from jupyter_client.session import Session

    session = Session(key=b"benchmark")
    sent = [0]

    class KernelComm(BaseComm):  # type: ignore[misc]
        def publish_msg(self, msg_type: str, data: Any = None, metadata: Any = None,
                        buffers: Any = None, **keys: Any) -> None:
            content = dict(data=data or {}, comm_id=self.comm_id, **keys)
            session.serialize(session.msg(msg_type, content, metadata=metadata or {}))
            sent[0] += 1

    counts: list[int] = []

    def measure(app: Any, decision: int) -> None:
        if decision:
            return
        refresh = app.refresh  # the app's redraw, as its clicks call it

        def counted() -> None:
            before = sent[0]
            refresh()
            counts.append(sent[0] - before)

        app.refresh = counted

    made = comm.create_comm
    comm.create_comm = lambda *args, **kwargs: KernelComm(*args, **kwargs)
    try:
        play(measure)
    finally:
        comm.create_comm = made
    return counts


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    from benchmarks.goals import note, report

    print("playing the fixed game twice over (fast and plain redraws in turn)...", flush=True)
    fast, plain = redraw_times()
    fast_ms = statistics.median(fast) * 1000
    plain_ms = statistics.median(plain) * 1000
    print(f"  {len(fast)} decisions: fast median {fast_ms:.1f} ms, p95 "
          f"{percentile(fast, 0.95) * 1000:.1f} ms; plain median {plain_ms:.1f} ms, p95 "
          f"{percentile(plain, 0.95) * 1000:.1f} ms", flush=True)
    report("Dream app redraw median here (ms)", fast_ms, GOAL_MS, " ms", absolute=True)
    note(f"Dream app redraw, fast / the plain rule per button (the reference, same states, "
         f"same run): {fast_ms / plain_ms:.2f}x")
    note(f"Dream app redraw p95 here: {percentile(fast, 0.95) * 1000:.1f} ms (plain rule: "
         f"{percentile(plain, 0.95) * 1000:.1f} ms)")
    counts = messages_per_click()
    note(f"a Dream redraw after a click sends {statistics.median(counts):.0f} messages "
         f"(median; at most {max(counts)}) to the page")


if __name__ == "__main__":
    main()
