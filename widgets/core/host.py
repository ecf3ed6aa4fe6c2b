"""Where the kit runs, chosen once at start-up: the served kit (Voila on a laptop or a
JupyterHub: a server keeps every pupil's progress and the classes) or the static site (Voici:
the page's own Python in a web worker, no server at all). Everything that differs sits here.

* The pupils' progress and the daily scores: the server's file, or the browser's own storage
  (through :mod:`widgets.core.browser_storage`). Which stores each host opens is not
  decided here: the package that builds the pages registers them (:func:`register_stores`,
  a :class:`Stores` for each kind), so ``widgets/core`` stands below the classroom and
  names none of its stores.
* Classes (*Join my class*), the teacher's dashboard and tables to play together need the
  server: on the site :func:`needs_server` says so plainly, and how to get the served kit.
* What Pyodide lacks: ``sqlite3``. The site never opens a store file; :func:`stand_ins`
  puts a stand-in module in its place (on Pyodide only), so the apps import as they are.
* The same on both (nothing to choose): the game's timer is a :class:`ipywidgets.Play`
  ticking in the page (no thread, no kernel loop; :mod:`widgets.core.timer`), and save and
  load are a download link made in the page and an upload widget
  (:mod:`widgets.core.saveload`): nothing is written to or read from a server's disk. The
  pupil's settings are the page's already: the language in the ``lnb-lang`` cookie
  (:mod:`widgets.core.remembered`), high contrast in ``localStorage`` (the page's script).

The host is the static site under Pyodide (``sys.platform == "emscripten"``), else the served
kit; ``$LNB_HOST`` (``served`` or ``static``) forces one, and :func:`use` sets it (tests).

>>> choose({}, "linux"), choose({}, "emscripten"), choose({ENV_VAR: "static"}, "linux")
('served', 'static', 'static')
>>> use(SERVED).needs_server("rooms")
''
>>> "make serve" in use(STATIC).needs_server("rooms")
True
>>> _ = use(choose())
"""

from __future__ import annotations

import os
import sys
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from lnb.core.i18n import _

ENV_VAR = "LNB_HOST"
SERVED, STATIC = "served", "static"
KINDS = (SERVED, STATIC)
#: What only the served kit has: classes, the teacher's dashboard, tables (rooms).
FEATURES = ("class", "dashboard", "rooms")
DOCS = "docs/classroom.md"


def choose(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """``static`` under Pyodide, else ``served``; ``$LNB_HOST`` forces either."""
    forced = environ.get(ENV_VAR, "").strip().lower()
    if forced in KINDS:
        return forced
    return STATIC if platform == "emscripten" else SERVED


class Stores(Protocol):
    """What one kind of host keeps things in: each method makes a store (or the stand-in
    that says the served kit is needed). Registered with :func:`register_stores`."""

    def progress_store(self) -> Any:
        """The pupils' progress (one per kernel, shared by every app of the page)."""

    def memory_store(self) -> Any:
        """A store in this kernel's memory only (work not yet given to a pupil)."""

    def daily_scores(self, store: Any, game: str) -> Any:
        """``game``'s daily challenge scores in ``store``."""

    def classroom(self, store: Any, needs_server: Callable[[], str]) -> Any:
        """The classes in ``store``; ``needs_server()`` is what a host without classes says."""

    def class_work(self, store: Any) -> Any:
        """The teacher's tables in ``store``."""


_stores: dict[str, Stores] = {}


def register_stores(kind: str, stores: Stores) -> None:
    """Make ``stores`` what a ``kind`` host (:data:`SERVED` or :data:`STATIC`) opens; the
    package that builds the pages does it when it is imported.

    >>> class Nothing:
    ...     def progress_store(self): return "nothing kept"
    >>> before = dict(_stores)
    >>> register_stores(SERVED, Nothing())
    >>> Host(SERVED).progress_store()
    'nothing kept'
    >>> _stores.clear(); _stores.update(before)
    """
    if kind not in KINDS:
        raise ValueError(f"host is {' or '.join(KINDS)}, not {kind!r}")
    _stores[kind] = stores


def _feature_words(feature: str) -> str:
    if feature == "class":
        return _("Joining a class needs the served kit.")
    if feature == "dashboard":
        return _("The teacher's dashboard needs the served kit.")
    if feature == "rooms":
        return _("Playing at a table with other pupils needs the served kit.")
    raise ValueError(f"feature is one of {', '.join(FEATURES)}, not {feature!r}")


@dataclass(frozen=True)
class Host:
    """One place the kit runs (``kind`` is :data:`SERVED` or :data:`STATIC`): what its apps
    keep things in, and what it cannot do."""

    kind: str

    @property
    def static(self) -> bool:
        """True on the static site (no server)."""
        return self.kind == STATIC

    def has(self, feature: str) -> bool:
        """Whether ``feature`` (one of :data:`FEATURES`) works here."""
        _feature_words(feature)
        return not self.static

    def needs_server(self, feature: str) -> str:
        """``""`` where ``feature`` works; on the static site, the sentences saying it needs
        the served kit and how to get it (a teacher runs ``make serve``, or the school's
        JupyterHub; :data:`DOCS`)."""
        words = _feature_words(feature)
        if not self.static:
            return ""
        return " ".join((words, _(
            "This page runs in your browser alone, with no server: what you do is kept in "
            "this browser only. A teacher gets the served kit by running make serve on a "
            "computer of the class, or from the school's JupyterHub (see {docs} in the "
            "kit).").format(docs=DOCS)))

    # -- the stores (registered: see :class:`Stores`) -----------------------------------
    @property
    def stores(self) -> Stores:
        """What this host keeps things in (:func:`register_stores`)."""
        if self.kind not in _stores:
            raise LookupError(f"no stores are registered for the {self.kind} host; the "
                              "package that builds the pages registers them (register_stores)")
        return _stores[self.kind]

    def progress_store(self) -> Any:
        """The pupils' progress: the server's file, or this browser's storage (one bridge
        to the page per kernel, shared by every app of the page)."""
        return self.stores.progress_store()

    def memory_store(self) -> Any:
        """A store in this kernel's memory only (work not yet given to a pupil)."""
        return self.stores.memory_store()

    def daily_scores(self, store: Any, game: str) -> Any:
        """``game``'s daily challenge scores in ``store`` (the kind of store decides)."""
        return self.stores.daily_scores(store, game)

    def classroom(self, store: Any) -> Any:
        """The classes in ``store`` (the served kit), or a stand-in that says joining a class
        needs the served kit (the site)."""
        return self.stores.classroom(store, lambda: self.needs_server("class"))

    def class_work(self, store: Any) -> Any:
        """The teacher's tables in ``store`` (wrong answers, who is online, today's set);
        on the site nothing is kept for a teacher."""
        return self.stores.class_work(store)


_current: list[Host] = []


def current() -> Host:
    """This kernel's host (chosen on first use by :func:`choose`)."""
    if not _current:
        _current.append(Host(choose()))
    return _current[0]


def use(kind: str) -> Host:
    """Make ``kind`` this kernel's host from now on (tests; the start-up choice otherwise)."""
    if kind not in KINDS:
        raise ValueError(f"host is {' or '.join(KINDS)}, not {kind!r}")
    _current[:] = [Host(kind)]
    return _current[0]


def needs_server(feature: str) -> str:
    """``""`` where ``feature`` works, else why not and how to get the served kit:
    ``message = needs_server("rooms"); if message: status.show(message, "sorry")``."""
    return current().needs_server(feature)


def is_static() -> bool:
    """True on the static site."""
    return current().static


# -- what Pyodide lacks ---------------------------------------------------------------------

class _Unavailable(Exception):
    """The stand-in's errors (``sqlite3.Error`` and its kin)."""


def sqlite3_stand_in() -> types.ModuleType:
    """A module named ``sqlite3`` for the static site, where Pyodide has none: its names
    exist (classes for annotations and ``except`` clauses), and calling any of its functions
    raises :class:`ImportError`, as importing the real module would (so a library that
    probes for sqlite3 by using it, as IPython's history does, finds none).

    >>> fake = sqlite3_stand_in()
    >>> issubclass(fake.OperationalError, fake.Error), fake.Connection.__name__
    (True, 'Connection')
    >>> fake.connect("x.sqlite3")
    Traceback (most recent call last):
    ...
    ImportError: sqlite3.connect: the static site has no database (no sqlite3 in the browser's Python); the served kit keeps files
    """  # noqa: E501
    module = types.ModuleType("sqlite3", "A stand-in: the static site has no sqlite3.")
    made: dict[str, type] = {}

    def kind(name: str) -> type:
        if name not in made:
            if name == "Error":
                bases: tuple[type, ...] = (_Unavailable,)
            elif name in ("DatabaseError", "Warning", "InterfaceError"):
                bases = (kind("Error"),)
            elif name.endswith("Error"):
                bases = (kind("DatabaseError"),)
            else:  # Connection, Cursor, Row...: names for annotations and isinstance
                bases = ()
            made[name] = type(name, bases, {"__module__": __name__})
        return made[name]

    kind("Error")

    def unusable(name: str) -> Callable[..., Any]:
        def call(*args: object, **kwargs: object) -> Any:
            raise ImportError(f"sqlite3.{name}: the static site has no database (no sqlite3 "
                              "in the browser's Python); the served kit keeps files")
        call.__name__ = name
        return call

    def __getattr__(name: str) -> Any:  # a module's own lookup (PEP 562)
        if name.startswith("__"):
            raise AttributeError(name)
        return unusable(name) if name[:1].islower() else kind(name)

    module.__getattr__ = __getattr__  # type: ignore[method-assign]
    module.sqlite_version = "0"  # type: ignore[attr-defined]
    module.__lnb_stand_in__ = True  # type: ignore[attr-defined]
    return module


def stand_ins(platform: str = sys.platform,
              importer: Callable[[str], object] | None = None) -> list[str]:
    """On Pyodide, put stand-ins where a module the kit imports is missing (``sqlite3``);
    returns the names stood in. Elsewhere nothing is done.

    >>> stand_ins("linux")
    []
    """
    if platform != "emscripten":
        return []
    load = importer or __import__
    done = []
    try:
        load("sqlite3")
    except ImportError:
        sys.modules["sqlite3"] = sqlite3_stand_in()
        done.append("sqlite3")
    return done


__all__ = ["DOCS", "ENV_VAR", "FEATURES", "KINDS", "SERVED", "STATIC", "Host", "Stores", "choose",
           "current", "is_static", "needs_server", "register_stores", "sqlite3_stand_in",
           "stand_ins", "use"]
