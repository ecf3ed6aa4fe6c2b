"""The app's keys and its voice: ONE small widget (``anywidget``, inline ESM, no CDN).

The page sends the keys the app uses (``1``–``9``, ``q w e``, ``a b c``, ``p``, ``escape``);
:attr:`KeyBridge.on_key` is told of each. :attr:`KeyBridge.live` is read out by screen readers
(an ``aria-live`` region): the app puts there what just happened.

>>> keys = KeyBridge()
>>> pressed = []
>>> keys.on_key = pressed.append
>>> keys.handle({"event": "key", "key": "Q"}); pressed
['q']
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from widgets.core.page_messages import PageMessages

HERE = Path(__file__).resolve().parent


class KeyBridge(PageMessages, anywidget.AnyWidget):
    """Keys from the page to ``on_key``; ``live`` said to screen readers."""

    _esm = HERE / "keys_esm.js"
    live = t.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_key: Callable[[str], None] | None = None
        self.on_error: Callable[[BaseException], None] | None = None
        self.add_class("lnb-dream-keys")
        self.on_msg(self.page_message)

    def handle(self, content: dict[str, Any]) -> None:
        """Act on one message of the page (also what tests call)."""
        if content.get("event") == "key" and self.on_key is not None:
            self.on_key(str(content.get("key", "")).lower())

