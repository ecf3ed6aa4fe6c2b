"""A clock a test moves by hand, for the store's and rooms' ``clock=`` arguments.

>>> clock = Clock()
>>> clock.now += 60
>>> clock() - Clock()()
60.0
"""

from __future__ import annotations


class Clock:
    """Epoch seconds that move only when the test says: ``clock.now += 3600``."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
