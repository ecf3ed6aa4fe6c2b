"""Messages from a widget's own page script (an ``anywidget``'s ``model.send``) to the kernel:
each one is handed to the widget's ``handle(content)``, and an error goes to its ``on_error``
(the app's status line), never as a traceback on the page.

>>> class Echo(PageMessages):
...     def handle(self, content):
...         raise ValueError(content["say"])
>>> echo, told = Echo(), []
>>> echo.on_error = told.append
>>> echo.page_message(None, {"say": "hello"}, []); told
[ValueError('hello')]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class PageMessages:
    """Mix into an ``anywidget.AnyWidget``; call ``self.on_msg(self.page_message)`` once."""

    on_error: Callable[[BaseException], None] | None = None

    def handle(self, content: dict[str, Any]) -> None:
        """Act on one message of the page (also what tests call)."""
        raise NotImplementedError

    def page_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The ``on_msg`` callback: a dict goes to :meth:`handle`; anything else is ignored."""
        try:
            if isinstance(content, dict):
                self.handle(content)
        except Exception as err:  # never a traceback on the page
            if self.on_error is not None:
                self.on_error(err)
