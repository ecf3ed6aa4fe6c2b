"""How the live rooms stored a Lovelace & Babbage move until issue 27 (``room_moves.action``
held JSON; ``lnb.babbage.rooms.action_to_json``, gone with that module): kept here only so
tests can write the rows a saved room of today holds and check they still read
(``GameType.parse_action`` reads them; the store now writes the game's text form).

>>> from lnb.babbage.game import WriteProgram
>>> action_to_json(WriteProgram("Ada", "A3+ A4/"))
'{"aims": [], "player": "Ada", "program": "A3+ A4/", "type": "WriteProgram"}'
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from lnb.babbage.game import TimeUp
from lnb.babbage.programs import Program


def action_to_json(action: Any) -> str:
    """An action as ``room_moves.action`` kept it until issue 27 (JSON with its type)."""
    data: dict[str, Any] = {"type": type(action).__name__}
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Program):
            value = str(value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        data[f.name] = value
    if isinstance(action, TimeUp):
        data.pop("player", None)
    return json.dumps(data, sort_keys=True, ensure_ascii=False)
