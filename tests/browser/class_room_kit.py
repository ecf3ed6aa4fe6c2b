"""The start of every live-room browser test: a class in the kit's store, the kit served on
it, and each pupil's own browser holding their class session.

:func:`served_class` makes class 7B of ``pupils`` in a SQLite store (the file
:func:`browser_harness.lessons_kit` serves), joins every pupil (their session tokens, as a
browser keeps them after *Join my class*), lets the test ``prepare`` the store (open tables,
rooms), then serves the kit on it. :func:`shared_class` makes the class the same way in the
store of the process's server of the file's page (:func:`class_page_kit.shared_class_kit`: the
page's kernels preheated, the server shared by every file of that page on a worker) instead of
starting a server of its own: each file's class is a class of its own (its own code and
teacher key), so files sharing the server share nothing a page shows. :func:`pupil_page` is
one pupil's browser: a context of its own whose localStorage holds the session, at 1280×800.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browser_harness import VoilaServer, lessons_kit
from class_page_kit import shared_class_kit

from classroom.identity import Classroom, NewClass, Pupil
from classroom.progress import ProgressStore
from widgets.classroom.panel import STORAGE_KEY


@dataclass(frozen=True)
class ServedClass:
    """The kit served on a store holding a class: ``where`` the store's file, ``made`` the
    class, ``sessions`` each pupil's joined session (``.pupil``, ``.token``), ``prepared``
    what the test's ``prepare`` returned."""

    server: VoilaServer
    where: str
    made: NewClass
    sessions: Mapping[str, Any]
    prepared: Any = None

    @property
    def tokens(self) -> dict[str, str]:
        """Each pupil's session token, by name."""
        return {name: session.token for name, session in self.sessions.items()}


def _make_class(where: str, pupils: Sequence[str],
                prepare: Callable[[ProgressStore, NewClass, Mapping[str, Any]], Any] | None
                ) -> tuple[NewClass, dict[str, Any], Any]:
    """Class 7B of ``pupils`` in the store at ``where``, each joined, ``prepare`` run."""
    with ProgressStore(where) as store:
        classroom = Classroom(store, failure_delay=0)
        made = classroom.new_class("7B", list(pupils))
        sessions = {c.pupil_name: classroom.join(made.code, c.pupil_name, c.secret)
                    for c in made.cards}
        prepared = prepare(store, made, sessions) if prepare is not None else None
    return made, sessions, prepared


@contextlib.contextmanager
def served_class(home: Path, pupils: Sequence[str],
                 prepare: Callable[[ProgressStore, NewClass, Mapping[str, Any]], Any] | None
                 = None) -> Iterator[ServedClass]:
    """Class 7B of ``pupils`` in ``home``'s store, each joined; ``prepare(store, made,
    sessions)`` run on the store; the kit served on it while the block runs."""
    where = str(home / "progress.sqlite3")  # the file lessons_kit serves
    made, sessions, prepared = _make_class(where, pupils, prepare)
    with lessons_kit(home) as server:
        yield ServedClass(server, where, made, sessions, prepared)


def shared_class(request: pytest.FixtureRequest, page: str, pupils: Sequence[str],
                 prepare: Callable[[ProgressStore, NewClass, Mapping[str, Any]], Any] | None
                 = None) -> ServedClass:
    """Class 7B of ``pupils``, each joined, ``prepare(store, made, sessions)`` run, in the
    store of the process's kit server with ``page`` (``"play.ipynb"``) preheated
    (:func:`class_page_kit.shared_class_kit`, started on first use): a module fixture's
    ``served``, e.g. ``shared_class(request, "play.ipynb", ("Ali", "Bea"))``."""
    server, home = shared_class_kit(request, page)
    where = str(home / "progress.sqlite3")  # the server's LNB_PROGRESS_DB
    made, sessions, prepared = _make_class(where, pupils, prepare)
    return ServedClass(server, where, made, sessions, prepared)


def pupil_page(browser, server: VoilaServer, token: str | None,  # type: ignore[no-untyped-def]
               locale: str = "en-US"):
    """A page in a context of its own, at 1280×800, whose browser keeps the class session
    ``token`` (None: a browser that never joined); returns (context, page)."""
    context = browser.new_context(base_url=server.url, locale=locale,
                                  viewport={"width": 1280, "height": 800})
    if token is not None:
        kept = json.dumps({"key": Pupil.new_browser_key(), "session": token})
        context.add_init_script(
            f"if (!localStorage.getItem({json.dumps(STORAGE_KEY)}))"
            f" localStorage.setItem({json.dumps(STORAGE_KEY)}, {json.dumps(kept)});")
    return context, context.new_page()


__all__ = ["ServedClass", "pupil_page", "served_class", "shared_class"]
