"""The stores each host opens, registered with :mod:`widgets.core.host` when
:mod:`widgets.classroom` is imported (every app's page imports it for its class panel): the
served kit's store file (:class:`~classroom.progress.ProgressStore`,
:class:`~classroom.scores.DailyScores`, :class:`~classroom.identity.Classroom`,
:class:`~classroom.dashboard_store.ClassWork`), the static site's browser storage
(:mod:`classroom.browser_store` through :class:`widgets.core.browser_storage.BrowserStorage`).

>>> from widgets.core.host import SERVED, STATIC, Host
>>> type(Host(SERVED).memory_store()).__name__, type(Host(STATIC).memory_store()).__name__
('ProgressStore', 'BrowserProgressStore')
>>> type(Host(STATIC).classroom(Host(STATIC).memory_store())).__name__
'NoClassroom'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from classroom.browser_store import (
    BrowserProgressStore,
    BrowserScores,
    MemoryStorage,
    NoClassroom,
    NoClassWork,
)
from classroom.dashboard_store import ClassWork
from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from widgets.core.host import SERVED, STATIC, register_stores


def daily_scores(store: Any, game: str) -> DailyScores | BrowserScores:
    """``game``'s daily challenge scores in ``store``: the kind of store decides."""
    if isinstance(store, BrowserProgressStore):
        return BrowserScores(store, game)
    return DailyScores(store, game)


class ServedStores:
    """The served kit's: one store file (or database) for every pupil, classes, the
    teacher's tables."""

    def progress_store(self) -> ProgressStore:
        """The store of ``$LNB_STORE`` / ``$LNB_PROGRESS_DB`` (see :mod:`classroom.store`)."""
        return ProgressStore()

    def memory_store(self) -> ProgressStore:
        """A store in this kernel's memory only."""
        return ProgressStore(":memory:")

    def daily_scores(self, store: Any, game: str) -> DailyScores | BrowserScores:
        """``game``'s daily challenge scores in ``store``."""
        return daily_scores(store, game)

    def classroom(self, store: Any, needs_server: Callable[[], str]) -> Classroom:
        """The classes in ``store``."""
        return Classroom(store)

    def class_work(self, store: Any) -> ClassWork:
        """The teacher's tables in ``store``."""
        return ClassWork(store)


class StaticStores:
    """The static site's: this browser's storage, no classes, nothing kept for a teacher."""

    def progress_store(self) -> BrowserProgressStore:
        """This browser's storage (one bridge to the page per kernel, shared by every app
        of the page)."""
        from widgets.core.browser_storage import BrowserStorage
        from widgets.core.shared import shared_model
        from widgets.core.style import hidden_layout

        storage = shared_model("browser-storage",
                               lambda: BrowserStorage(layout=hidden_layout()))
        return BrowserProgressStore(storage)

    def memory_store(self) -> BrowserProgressStore:
        """A store in this kernel's memory only."""
        return BrowserProgressStore(MemoryStorage())

    def daily_scores(self, store: Any, game: str) -> DailyScores | BrowserScores:
        """``game``'s daily challenge scores in ``store``."""
        return daily_scores(store, game)

    def classroom(self, store: Any, needs_server: Callable[[], str]) -> NoClassroom:
        """A stand-in: *Join my class* says the served kit is needed (``needs_server``)."""
        return NoClassroom(store, needs_server)

    def class_work(self, store: Any) -> NoClassWork:
        """A stand-in that keeps nothing."""
        return NoClassWork(store)


register_stores(SERVED, ServedStores())
register_stores(STATIC, StaticStores())

__all__ = ["ServedStores", "StaticStores", "daily_scores"]
