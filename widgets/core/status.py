"""The status line: rules errors in plain words, anything unexpected as a short apology.

Under Voila an exception raised in a callback vanishes, and a traceback must never reach a
pupil. Every callback runs inside :meth:`StatusLine.guard` (or is wrapped by
:func:`guarded`): an :class:`lnb.LnbError` becomes its message on the status line; any other
exception is logged (with its traceback, in the hidden ``debug`` output and the
``widgets`` logger) and the pupil sees one short apology with a *Carry on* button.

What it shows is kept as given (an error, a lazy text, a string), so :meth:`StatusLine.relabel`
shows it again in the language just chosen; an error whose message is translated when shown
comes out in that language.

>>> status = StatusLine()
>>> with status.guard():
...     raise ValueError("boom")
>>> status.kind, status.carry_on.layout.display
('sorry', None)
>>> from lnb import Operation
>>> with status.guard():
...     Operation.parse("A9+")
>>> status.text
"'A9+': rack 9 does not exist; racks are numbered 1 to 4, e.g. A3+."
"""

from __future__ import annotations

import functools
import html
import logging
import traceback
from collections.abc import Callable
from types import TracebackType
from typing import Any, TypeVar

import ipywidgets as w

from lnb.core.errors import LnbError
from lnb.core.i18n import _, lazy_gettext

LOG = logging.getLogger("widgets")
APOLOGY = lazy_gettext("Sorry, something went wrong. Your game is safe: press Carry on and "
                       "try again.")
_ENDS = ".!?。！？"
F = TypeVar("F", bound=Callable[..., Any])


def plain_words(error: BaseException) -> str:
    """A rules error as one sentence: first letter up, a full stop at the end.

    >>> plain_words(ValueError("row 2 'A4x': 120 leaves 00–99"))
    "Row 2 'A4x': 120 leaves 00–99."
    >>> from lnb.core.i18n import use_language
    >>> with use_language("zh-CN"):
    ...     plain_words(ValueError("第 2 行"))
    '第 2 行。'
    """
    text = " ".join(str(error).split()) or _("That is not allowed here.")
    text = text[0].upper() + text[1:]
    return text if text[-1] in _ENDS else _("{sentence}.").format(sentence=text)


class StatusLine(w.HBox):
    """One line of text under a widget, plus a *Carry on* button shown after an apology."""

    def __init__(self, on_continue: Callable[[], None] | None = None) -> None:
        # Classes given as each part is made: a trait set after is one more message.
        self.message = w.HTML("", _dom_classes=("lnb-status-text",))
        self.carry_on = w.Button(description=_("Carry on"), icon="",
                                 layout=w.Layout(display="none"),
                                 _dom_classes=("lnb-carry-on",))
        self.carry_on.on_click(self._carry_on)
        self.debug = w.Output(layout=w.Layout(display="none"))
        self.on_continue = on_continue
        self.kind = ""
        self.text = ""
        self.shown: object = ""
        self.last_error: str = ""
        super().__init__([self.message, self.carry_on, self.debug],
                         _dom_classes=("lnb-status",))

    # -- what is shown ---------------------------------------------------------------
    def show(self, text: object, kind: str = "info") -> None:
        """Show ``text`` (a string, or a lazy text shown in the language of the moment);
        ``kind`` is ``info``, ``ok``, ``error`` or ``sorry``."""
        self.shown = text
        self._draw(str(text), kind)

    def relabel(self) -> None:
        """Show the line's texts again in the current language."""
        self.carry_on.description = _("Carry on")
        shown = self.shown
        text = plain_words(shown) if isinstance(shown, BaseException) else str(shown)
        self._draw(text, self.kind)

    def _draw(self, text: str, kind: str) -> None:
        if text == self.text and kind == self.kind:
            return
        for old in ("ok", "error", "sorry"):
            if old != kind:
                self.remove_class(f"lnb-status-{old}")
        if kind in ("ok", "error", "sorry"):
            self.add_class(f"lnb-status-{kind}")
        self.kind, self.text = kind, text
        self.message.value = html.escape(text)
        self.carry_on.layout.display = None if kind == "sorry" else "none"

    def info(self, text: object) -> None:
        """A neutral hint."""
        self.show(text, "info")

    def ok(self, text: object) -> None:
        """Good news."""
        self.show(text, "ok")

    def error(self, error: BaseException | object) -> None:
        """A rules error, in plain words."""
        if isinstance(error, BaseException):
            self.shown = error
            self._draw(plain_words(error), "error")
        else:
            self.show(error, "error")

    def sorry(self, error: BaseException) -> None:
        """Log an unexpected error with its traceback; show the pupil only an apology."""
        self.last_error = "".join(traceback.format_exception(error))
        LOG.error("unexpected error in a widget callback\n%s", self.last_error)
        self.debug.outputs = ({"output_type": "stream", "name": "stderr",
                               "text": self.last_error},)
        self.show(APOLOGY, "sorry")

    def clear(self) -> None:
        """Empty the line."""
        self.show("", "")

    def _carry_on(self, _: w.Button | None = None) -> None:
        self.clear()
        if self.on_continue is not None:
            with self.guard():
                self.on_continue()

    # -- catching ----------------------------------------------------------------------
    def button(self, css: str, action: Callable[[], None], *, style: str = "",
               width: str | None = None) -> w.Button:
        """A button with the class ``css`` whose click runs ``action``, its errors on this
        line (``style``: the button style; ``width`` e.g. ``"auto"``).

        >>> status = StatusLine()
        >>> button = status.button("lnb-go", lambda: 1 / 0)
        >>> button.click(); status.kind, "lnb-go" in button._dom_classes
        ('sorry', True)
        """
        made = w.Button(button_style=style, _dom_classes=(css,),
                        **({"layout": w.Layout(width=width)} if width else {}))
        made.on_click(self.guarded(lambda _button: action()))
        return made

    def guard(self) -> _Guard:
        """A context that turns any exception into text on this line (never re-raised)."""
        return _Guard(self)

    def guarded(self, func: F) -> F:
        """Wrap a callback so that its errors land on this line."""

        @functools.wraps(func)
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            with self.guard():
                return func(*args, **kwargs)
            return None

        return wrapper  # type: ignore[return-value]


class _Guard:
    """Context manager behind :meth:`StatusLine.guard`."""

    def __init__(self, status: StatusLine) -> None:
        self.status = status

    def __enter__(self) -> StatusLine:
        return self.status

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 tb: TracebackType | None) -> bool:
        if error is None:
            return False
        if not isinstance(error, Exception):
            return False  # KeyboardInterrupt, SystemExit: let them through
        try:
            if isinstance(error, LnbError):
                self.status.error(error)
            else:
                self.status.sorry(error)
        except Exception:  # the status line itself must never raise into the page
            LOG.exception("the status line failed while reporting an error")
        return True


def guarded(status: StatusLine) -> Callable[[F], F]:
    """Decorator form: ``@guarded(status)`` on a callback.

    >>> status = StatusLine()
    >>> @guarded(status)
    ... def click():
    ...     raise KeyError("x")
    >>> click(); status.kind
    'sorry'
    """
    return status.guarded
