"""Switching the language of a page without touching the pupil's work: one registry for every
game's widgets.

Every widget of the kit has a ``relabel()`` that sets its words again in the current language
(``lnb.core.i18n``) and leaves its state alone. A widget registers itself when it is made
(:func:`register`); :func:`relabel_all` relabels every one still open in this kernel (one
kernel is one page: a lesson's exercises follow the language picked on any switch of the page,
:func:`language_switch`). A text that must be remade in another language is kept as a
:data:`Text`: a string, or a function (or ``LazyText``) giving it in the language of the moment.
:class:`Relabelled` is the ``relabel()`` of a view whose words ``_label()`` sets and whose
drawing ``refresh()`` makes; :class:`Words` keeps what an app last said on its status line.

>>> from lnb.core.i18n import lazy_gettext
>>> text_of("Ada"), text_of(lambda: "Bea"), text_of(lazy_gettext("Undo"))
('Ada', 'Bea', 'Undo')
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any, Union

import ipywidgets as w

from lnb.core.i18n import LazyText

#: A text as given to a widget: as it is, or made in the current language each time it is shown.
Text = Union[str, LazyText, Callable[[], str]]  # noqa: UP007 (a runtime alias on Python 3.10)

LOG = logging.getLogger("widgets")
_LIVE: weakref.WeakSet[Any] = weakref.WeakSet()


def text_of(text: Text | None) -> str:
    """The words of a :data:`Text` now."""
    if text is None:
        return ""
    if callable(text) and not isinstance(text, LazyText):
        return str(text())
    return str(text)


def register(widget: Any) -> None:
    """Relabel ``widget`` whenever the page's language is switched."""
    _LIVE.add(widget)


def relabel_part(widget: Any) -> None:
    """Relabel a part made elsewhere (a core widget), when it knows how."""
    relabel = getattr(widget, "relabel", None)
    if callable(relabel):
        relabel()


def relabel_all() -> None:
    """Relabel every registered widget still on a page (closed ones are forgotten). One that
    fails is logged and the others are still relabelled: the pupil's work is never touched."""
    for widget in list(_LIVE):
        if getattr(widget, "comm", None) is None:
            _LIVE.discard(widget)
            continue
        try:
            widget.relabel()
        except Exception:
            LOG.exception("relabelling %s failed", type(widget).__name__)


def language_switch() -> w.Widget:
    """The page's language switch (``widgets.core.language.LanguageSwitch``): a pick sets the
    process language and relabels every widget of the page."""
    from widgets.core.language import LanguageSwitch

    return LanguageSwitch(on_change=lambda _language: relabel_all())


class Relabelled:
    """For a view with a ``status`` line (:class:`widgets.core.status.StatusLine`), a
    ``_label()`` that sets its words and a ``refresh()`` that draws it: :meth:`labelled` ends
    its ``__init__``, and :meth:`relabel` sets every word again in the current language,
    keeping what the pupil chose.

    >>> from widgets.core.status import StatusLine
    >>> class View(Relabelled):
    ...     def __init__(self):
    ...         self.status, self.drawn = StatusLine(), 0
    ...         self.labelled()
    ...     def _label(self): self.words = "Start"
    ...     def refresh(self): self.drawn += 1
    >>> view = View()
    >>> view.relabel()
    >>> view.words, view.drawn
    ('Start', 2)
    """

    status: Any

    def _label(self) -> None:  # pragma: no cover - each view has its own words
        raise NotImplementedError

    def refresh(self) -> None:  # pragma: no cover - each view draws itself
        raise NotImplementedError

    def labelled(self) -> None:
        """Set the words, draw (errors on the status line) and join the page's registry."""
        self._label()
        with self.status.guard():
            self.refresh()
        register(self)

    def relabel(self) -> None:
        """Every word in the current language, the status line's too; then draw again."""
        self._label()
        relabel_part(self.status)
        with self.status.guard():
            self.refresh()


class Words:
    """What an app last said on its status line, kept as a function of the language so a
    relabel says it again in the new one (unless the line says something else since).

    >>> from widgets.core.status import StatusLine
    >>> words = Words(StatusLine())
    >>> words.say("ok", lambda: "Solved!")
    >>> words.status.text, words.status.kind
    ('Solved!', 'ok')
    """

    def __init__(self, status: Any) -> None:
        self.status = status
        self._last: tuple[str, Callable[[], str], str] | None = None

    def say(self, kind: str, make: Callable[[], str]) -> None:
        """Show ``make()`` as ``kind`` (``info``, ``ok``, ``error``)."""
        self.status.show(make(), kind)
        self._last = (kind, make, self.status.text)

    def showing(self, make: Callable[[], str]) -> bool:
        """Whether the words ``make`` gave are what the line shows now (in any language).

        >>> from widgets.core.status import StatusLine
        >>> words, verdict = Words(StatusLine()), lambda: "Not yet"
        >>> words.say("error", verdict); words.showing(verdict)
        True
        >>> words.status.show("Row 2: bad"); words.showing(verdict)
        False
        """
        return (self._last is not None and self._last[1] is make
                and self.status.text == self._last[2])

    def again(self) -> bool:
        """Say the last words again in the current language, if they are still shown."""
        if self._last is None or self.status.text != self._last[2]:
            return False
        self.say(self._last[0], self._last[1])
        return True


__all__ = ["Relabelled", "Text", "Words", "language_switch", "register", "relabel_all",
           "relabel_part", "text_of"]
