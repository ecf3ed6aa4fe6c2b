"""The museum's errors: the kit's family (:mod:`lnb.core.errors`), with fields.

A refused placement says which square and why; ``reason`` is one of ``outside``,
``evidence``, ``filled``, ``wall``, and the message is the translated template of that reason,
filled from the fields (``explain()`` makes it again in the language of the moment).

>>> err = PlacementError.make("wall", square="D5", beside="D6", room="Hall", other="Lobby")
>>> str(err), err.square, err.reason
('crosses the wall between Hall and Lobby at D5/D6 (not a doorway)', 'D5', 'wall')
>>> isinstance(err, GameError) and isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Any

from lnb.core.errors import BadInputError, GameError, LnbError, RecordError
from lnb.core.messages import Text
from lnb.museum import words

#: The names a refusal's fields give by id, shown in the language of the moment.
_NAMED = (("room", words.ROOM_NAMES), ("other", words.ROOM_NAMES),
          ("evidence", words.EVIDENCE_NAMES))


class PlacementError(GameError):
    """A shape that may not go there: ``square`` (text like ``'C4'``) and ``reason``."""

    @classmethod
    def make(cls, reason: str, **fields: Any) -> PlacementError:
        fields = {k: str(v) if v is not None else None for k, v in fields.items()}
        values: dict[str, Any] = {k: v for k, v in fields.items() if v is not None}
        for name, names in _NAMED:
            found = names.get(values.get(f"{name}_id") or "")
            if found is not None:
                values[name] = found
        return cls(Text(words.REASONS[reason].message, **values), reason=reason, **fields)

    def explain(self) -> str:
        """The message again, in the current language (rooms and evidence named in it too,
        from the ``room_id``, ``other_id`` and ``evidence_id`` fields)."""
        template = words.REASONS.get(self.reason or "")
        if template is None:
            return self.message
        fields = {k: v for k, v in self.fields.items() if v is not None}
        for name, names in _NAMED:
            found = names.get(fields.get(f"{name}_id") or "")
            if found is not None:
                fields[name] = str(found)
        return template.format(**fields)


__all__ = ["BadInputError", "GameError", "LnbError", "PlacementError", "RecordError"]
