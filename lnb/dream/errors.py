"""Ada's Dream's errors: the kit's family (:mod:`lnb.core.errors`), each carrying fields.

>>> err = IllegalActionError(N_("{player} cannot collect a die: the Store is full"),
...                          player="Ada", reason="store-full")
>>> str(err), err.reason, isinstance(err, GameError)
('Ada cannot collect a die: the Store is full', 'store-full', True)
"""

from __future__ import annotations

from lnb.core.errors import BadInputError, EditionError, GameError, LnbError, RecordError
from lnb.core.i18n import N_

__all__ = [
    "N_",
    "BadInputError",
    "EditionError",
    "GameError",
    "IllegalActionError",
    "InvalidActionError",
    "LnbError",
    "RecordError",
]


class InvalidActionError(LnbError):
    """Badly written: the text is not an action of Ada's Dream (``reason="bad-action"``)."""


class IllegalActionError(GameError):
    """Well written but not allowed now; ``reason`` says why as a short key."""
