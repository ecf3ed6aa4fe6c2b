"""Ada's Dream's errors: the kit's family (:mod:`lnb.core.errors`), each carrying fields.

Each is a subclass of the core class of the same name; its template (marked with ``N_``) is
kept as a :class:`~lnb.core.messages.Text` over the fields, so the message is in the language
of the moment it is shown.

>>> from lnb.core.i18n import use_language
>>> err = IllegalActionError(N_("the game is over"), player="Ada", reason="game-over")
>>> str(err), err.reason, isinstance(err, GameError)
('the game is over', 'game-over', True)
>>> with use_language("zh-CN"):
...     str(err)
'游戏已经结束'
"""

from __future__ import annotations

from typing import Any

from lnb.core import errors as core
from lnb.core.errors import EditionError, GameError, LnbError
from lnb.core.i18n import N_
from lnb.core.messages import Text

__all__ = ["N_", "BadInputError", "EditionError", "GameError", "IllegalActionError",
           "InvalidActionError", "LnbError", "RecordError"]


class _Translated(LnbError):
    """Keeps a plain template as a :class:`Text` over the fields (translated when shown)."""

    def __init__(self, message: str = "", /, **fields: Any) -> None:
        if not isinstance(message, Text):
            message = Text(message, **fields)
        super().__init__(message, **fields)


class InvalidActionError(_Translated):
    """Badly written: the text is not an action of Ada's Dream (``reason="bad-action"``)."""


class IllegalActionError(_Translated, GameError):
    """Well written but not allowed now; ``reason`` says why as a short key."""


class BadInputError(_Translated, core.BadInputError):
    """A value of the wrong kind handed to Ada's Dream (a name, a die, a bot's name)."""


class RecordError(_Translated, core.RecordError):
    """A record of Ada's Dream that is malformed or breaks the rules."""
