"""The page's side of widgets.core.browser_storage, as browser_storage.js does it, for tests
that run the static host in-process: a dict stands for the page's ``localStorage``; the page
sends what it keeps as the frontend's comm ``update`` message, and writes what the kernel puts
in ``writes`` (the trait the comm carries to the page), saying "full" in ``problem`` while a
value does not fit in ``room``; a value one tab writes reaches the others as the browser's
``storage`` event does."""

from __future__ import annotations

from typing import Any

from widgets.core.browser_storage import BrowserStorage


def page_update(widget: BrowserStorage, state: dict[str, Any]) -> None:
    """A comm message from the page that sets ``state`` (what ``model.save_changes()`` sends)."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state,
                                             "buffer_paths": []}}, "buffers": []})


class Page:
    """One browser's storage for the site: ``local`` is its ``localStorage``."""

    def __init__(self, local: dict[str, str] | None = None, *, usable: bool = True,
                 room: int | None = None, later: bool = False) -> None:
        self.local: dict[str, str] = {} if local is None else local
        self.usable = usable
        self.room = room  # the characters the browser keeps for the site (None: no limit)
        #: True: the kernel's writes reach the page only at ``deliver()``, after the kernel's
        #: callback has returned, as comm messages do (False: at once).
        self.later = later
        self._due: list[BrowserStorage] = []
        self.tabs: list[BrowserStorage] = []  # every model opened in this browser

    def open(self, widget: BrowserStorage) -> None:
        """The page makes the widget's model: it sends what it keeps, then writes the
        kernel's values now and on every change (``initialize`` in the .js)."""
        prefix = widget.prefix
        found = {k[len(prefix):]: v for k, v in self.local.items() if k.startswith(prefix)}
        page_update(widget, {"found": found if self.usable else {},
                             "problem": "" if self.usable else "unavailable", "loaded": True})
        self._write(widget)
        widget.observe(lambda _change: self._arrived(widget), "writes")
        self.tabs.append(widget)

    def _arrived(self, widget: BrowserStorage) -> None:
        if not self.later:
            self._write(widget)
        elif widget not in self._due:
            self._due.append(widget)

    def deliver(self) -> None:
        """The kernel's writes reach the page now (``later``)."""
        due, self._due = self._due, []
        for widget in due:
            self._write(widget)

    def _write(self, widget: BrowserStorage) -> None:
        """Every value in ``writes``; ``problem`` is "full" while one does not fit."""
        if not self.usable:
            return
        full = False
        for key, value in widget.writes.items():
            name = widget.prefix + key
            if self.local.get(name) == value:
                continue
            if value is None:
                self.local.pop(name, None)
            elif self.room is not None and self._used(without=name) + len(value) > self.room:
                full = True  # setItem's QuotaExceededError
                continue
            else:
                self.local[name] = value
            for other in self.tabs:  # the browser's storage event, in every other tab
                if other is not widget and other.comm is not None:
                    page_update(other, {"found": {**other.found, key: value}})
        problem = "full" if full else ""
        if widget.problem != problem:
            page_update(widget, {"problem": problem})

    def _used(self, without: str) -> int:
        return sum(len(k) + len(v) for k, v in self.local.items() if k != without)
