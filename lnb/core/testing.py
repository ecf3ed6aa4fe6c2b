"""A property-test harness every game's tests use: seeded random playthroughs and fuzzed
records. It imports no test framework at import time (hypothesis only inside
:func:`json_values`), so it is usable from a notebook or a benchmark too.

>>> from lnb.babbage.game import Finish, Game, WriteProgram
>>> from lnb.babbage.game.random_play import random_action
>>> def finish(state, action):  # a program written is handed in at once
...     if isinstance(action, WriteProgram):
...         state.apply_action(Finish(action.player))
>>> steps = []
>>> state = playthrough(lambda: Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage")],
...                                  seed=2).new_initial_state(),
...                     random_action, seed=2, after=finish,
...                     check=lambda s: steps.append(s.phase))
>>> state.is_terminal(), len(steps) > 10
(True, True)
>>> record = {"a": [1, {"b": 2}]}
>>> [p for p in paths(record)]
[(), ('a',), ('a', 0), ('a', 1), ('a', 1, 'b')]
>>> mutated(record, 2, "x", delete=False), record
({'a': [1, 'x']}, {'a': [1, {'b': 2}]})
>>> answers = iter([None, 0, "ready"])
>>> wait_until(lambda: next(answers), "the third answer")
'ready'
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable, Iterator
from typing import Any, TypeVar

from lnb.core.errors import LnbError

T = TypeVar("T")

#: Seconds after which :func:`wait_until` gives up by default: only a server or page that
#: stopped answering takes this long, never a slow one on a busy machine.
STUCK = 120.0


def wait_until(condition: Callable[[], T], what: str, timeout: float = STUCK, *,
               details: Callable[[], str] | None = None) -> T:
    """Call ``condition()`` until it returns something true, and return that: the one wait
    of every test that waits for a state (a server's log line, a kernel gone, a page ready).

    The calls are paced (every 0.05 s at first, at most every 0.5 s): a pace, not a wait for
    anything. ``timeout`` (seconds) is the deadline of a server or page that stopped
    answering, not of a slow one: past it, ``AssertionError`` "gave up ... waiting until
    ``what``" with ``details()`` (e.g. a server log's tail). An exception raised by
    ``condition`` is not caught (a server that exited fails at once).
    """
    deadline = time.monotonic() + timeout
    pace = 0.05
    while not (result := condition()):
        if time.monotonic() > deadline:
            extra = details() if details is not None else ""
            raise AssertionError(
                f"gave up after {timeout:.0f} s waiting until {what}\n{extra}".rstrip())
        time.sleep(pace)  # the pace of the polling, not a wait for anything
        pace = min(pace * 1.5, 0.5)
    return result


def playthrough(new_state: Callable[[], Any], choose: Callable[[Any, random.Random], Any],
                seed: int | None, check: Callable[[Any], None] | None = None,
                max_steps: int = 10_000, after: Callable[[Any, Any], None] | None = None
                ) -> Any:
    """Play one game from ``new_state()`` to its end with ``choose(state, rng)`` (seeded);
    ``check(state)`` runs after every action (assert invariants there), ``after(state,
    action)`` may apply follow-up actions. A game that does not end in ``max_steps``
    raises ``AssertionError``."""
    rng = random.Random(seed)
    state = new_state()
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        action = choose(state, rng)
        state.apply_action(action)
        if after is not None:
            after(state, action)
        if check is not None:
            check(state)
    raise AssertionError(f"seed {seed}: the game did not end in {max_steps} actions")


def paths(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, the root first (keys and list indexes)."""
    yield path
    if isinstance(node, dict):
        for key, value in node.items():
            yield from paths(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from paths(value, (*path, i))


def mutated(record: Any, where: int, value: Any, delete: bool) -> Any:
    """A deep copy of ``record`` with the value at one place (chosen by ``where``) replaced
    by ``value``, or deleted from its object when ``delete``."""
    record = copy.deepcopy(record)
    places = list(paths(record))[1:]
    if not places:
        return value
    path = places[where % len(places)]
    parent = record
    for key in path[:-1]:
        parent = parent[key]
    if delete and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return record


def refuses_cleanly(load: Callable[[Any], Any], data: Any,
                    family: type[Exception] = LnbError) -> Exception | None:
    """Run ``load(data)``: None when it is accepted, the error when it is refused with the
    library's own family; any other exception propagates (the test fails)."""
    try:
        load(data)
    except family as exc:
        assert str(exc).strip(), f"an empty message for {type(exc).__name__}"
        assert "Traceback" not in str(exc)
        return exc
    return None


def json_values(samples: tuple[Any, ...] = ()) -> Any:
    """A hypothesis strategy of small JSON values (with a game's own ``samples`` mixed in)."""
    from hypothesis import strategies as st

    leaves = (st.none() | st.booleans() | st.integers(-5, 120) | st.text(max_size=8)
              | st.floats(allow_nan=False, width=16))
    if samples:
        leaves = leaves | st.sampled_from(samples)
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                    max_size=4),
        max_leaves=10,
    )
