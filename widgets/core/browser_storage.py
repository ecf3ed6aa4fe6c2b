"""The browser's own storage (``localStorage``) seen from the kernel: a tiny ``anywidget``
bridge, for the static site where there is no server to keep anything.

``localStorage`` is on the page; the kernel may be in a web worker (the static site's Pyodide
kernel), so the values arrive only once the page has made the widget's model. The protocol
(``browser_storage.js``) is state, not messages, so nothing is lost whichever side is first:

* the page, once per model: ``found`` = every ``{key: text}`` it keeps under :attr:`prefix`,
  ``problem`` = ``""``, ``"unavailable"`` (storage refused) or later ``"full"`` (a value
  could not be written; ``""`` again once every value is), then ``loaded = True``;
* the kernel: ``writes`` = ``{key: text or None}``, the latest value of every key it wrote
  (``None`` forgets it); the page writes them when it makes the model and on every change;
* another tab of the site changes a value: the page sends ``found`` with it (the browser's
  ``storage`` event), and from then on :meth:`BrowserStorage.get` gives the newer value; the
  key leaves ``writes``, so this kernel's older value is not written over the other tab's
  when this kernel writes another key.

:meth:`BrowserStorage.when_loaded` runs a callback once the page's values are in.

>>> storage = BrowserStorage()
>>> storage.get("a"), storage.loaded
(None, False)
>>> seen = []
>>> storage.when_loaded(lambda: seen.append(storage.get("a")))
>>> storage.set_state({"found": {"a": "1", 7: "bad"}, "loaded": True})  # what the page sends
>>> seen, storage.names()
(['1'], ['a'])
>>> storage.put("b", "2"); storage.writes
{'b': '2'}
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

HERE = Path(__file__).resolve().parent
PREFIX = "lnb-kit/"
LOG = logging.getLogger("widgets.core")


class BrowserStorage(anywidget.AnyWidget):
    """Text values under string keys in the page's ``localStorage`` (see the module)."""

    _esm = HERE / "browser_storage.js"

    prefix = t.Unicode(PREFIX).tag(sync=True)
    found = t.Dict().tag(sync=True)
    loaded = t.Bool(False).tag(sync=True)
    writes = t.Dict().tag(sync=True)
    problem = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._waiting: list[Callable[[], None]] = []
        self._latest: dict[str, str | None] = {}  # what this kernel or another tab wrote last
        self._in = bool(self.loaded)  # the page's first values are in (later ones: other tabs)
        self.observe(self._loaded, "loaded")
        self.observe(self._page_changed, "found")

    def get(self, key: str) -> str | None:
        """The value of ``key``: the latest written (by this kernel or another tab), else what
        the page had."""
        if key in self._latest:
            return self._latest[key]
        value = self.found.get(key)
        return value if isinstance(value, str) else None

    def names(self) -> list[str]:
        """Every key with a value, sorted."""
        names = {k for k, v in self.found.items() if isinstance(k, str) and isinstance(v, str)}
        names.update(k for k, v in self._latest.items() if v is not None)
        names.difference_update(k for k, v in self._latest.items() if v is None)
        return sorted(names)

    def put(self, key: str, value: str | None) -> None:
        """Keep ``value`` under ``key`` in the page (``None`` forgets it)."""
        self._latest[key] = value
        self.writes = {**self.writes, key: value}

    def when_loaded(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the page's values are in (now, if they are)."""
        if self.loaded:
            callback()
        else:
            self._waiting.append(callback)

    def when_problem_changes(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` whenever the page starts or stops refusing values (``problem``: a
        full storage says so after a write, and takes it back once every value is written)."""
        def changed(_change: dict[str, Any]) -> None:
            try:
                callback()
            except Exception:  # a callback's failure must not reach the page's comm
                LOG.exception("a callback watching the browser's storage failed")

        self.observe(changed, "problem")

    def _page_changed(self, change: dict[str, Any]) -> None:
        """The page sent values: what it had (once), or what another tab wrote since."""
        if not self._in:
            return  # the first values (in the message that sets ``loaded`` too): ``found``
        old, new = change["old"] or {}, change["new"] or {}
        theirs = set()
        for key, value in new.items():
            if isinstance(key, str) and old.get(key) != value:
                self._latest[key] = value if isinstance(value, str) else None
                theirs.add(key)
        if theirs & set(self.writes):  # the page rewrites every key in writes on a change
            self.writes = {k: v for k, v in self.writes.items() if k not in theirs}

    def _loaded(self, change: dict[str, object]) -> None:
        if not change["new"]:
            return
        self._in = True
        waiting, self._waiting = self._waiting, []
        for callback in waiting:
            try:
                callback()
            except Exception:  # one app's failure must not keep the others waiting
                LOG.exception("a callback waiting for the browser's storage failed")


__all__ = ["PREFIX", "BrowserStorage"]
