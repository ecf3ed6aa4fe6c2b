"""Pause and predict: a replay of any game's record that stops before each thing the class
can work out, so everyone predicts it before it is revealed (issue 32).

A game gives a ``predict`` hook, ``hook(source) -> Sequence[Moment]``: the moments of one
record, in the order they were played (Lovelace & Babbage: the Engine's Result of each row;
the museum: the points each placement or written number adds; Ada's Dream: what each die put
in the Mill does to its equations). Each :class:`Moment` holds the question in words
(translated when shown), the choices (none: the answer is a whole number), the true answer
and the words that tell it, and what the game shows after it. This module names no game: the
record's ``format`` names it (:attr:`lnb.core.game.GameType.record_format`).

>>> from lnb.museum.state import Game
>>> from lnb.museum.records import write
>>> state = Game(seed=3).new_initial_state()
>>> state.apply_action("place 5b r3 @M1")
>>> found = predictions(write(state))
>>> found.game, len(found.moments), found.moments[0].choices, found.moments[0].answer
('museum', 1, (), 0)
>>> found.moments[0].right("0"), found.moments[0].right(" 3 "), found.moments[0].right("x")
(True, False, False)
>>> predictions('{"format": "chess/1"}')
Traceback (most recent call last):
...
lnb.core.errors.RecordError: format: 'chess/1' is no game of the kit's records; a record's \
format is one of: lnb-game/1, lnb-museum/1, lnb-dream/1
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lnb.core.errors import RecordError
from lnb.core.game import GameType, games
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.core.records import read_source, short

__all__ = ["Later", "Moment", "Predictions", "game_of_record", "predictions"]


class Later:
    """Words made when shown (in the language of that moment) by ``make()``.

    >>> str(Later(lambda: "Result 42"))
    'Result 42'
    """

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return str(self.make())


@dataclass(frozen=True)
class Moment:
    """One thing to predict: ``question`` (words, translated when shown); ``choices`` the
    answers to choose from as ``(key, words)`` (empty: a whole number is the answer);
    ``answer`` the true one (a key of ``choices``, or the number); ``answer_text`` it in
    words; ``after`` what the game shows once it is revealed; ``index`` where in the record
    (the game's own count: its actions, or its resolved rows); ``who`` whose move it was.

    >>> m = Moment(0, "2 + 3?", 5, "5", choices=())
    >>> m.right("5"), m.right("５"), m.right("five"), m.kind
    (True, True, False, 'number')
    """

    index: int
    question: Any
    answer: Any
    answer_text: Any
    after: Any = ""
    who: str = ""
    choices: tuple[tuple[str, Any], ...] = ()

    @property
    def kind(self) -> str:
        """``"number"`` (type a whole number) or ``"choice"`` (pick one of ``choices``)."""
        return "choice" if self.choices else "number"

    def right(self, given: Any) -> bool:
        """True if ``given`` (what a pupil typed or chose) is the answer; anything that is no
        answer at all (empty, not a number) is simply not right."""
        if self.choices:
            return str(given).strip() == str(self.answer)
        try:
            return int(str(given).strip()) == int(self.answer)
        except ValueError:
            return False

    def as_dict(self) -> dict[str, Any]:
        """The moment as JSON data, its words in the current language."""
        return {"index": self.index, "who": self.who, "question": str(self.question),
                "kind": self.kind, "choices": [[k, str(w)] for k, w in self.choices],
                "answer": self.answer, "answer_text": str(self.answer_text),
                "after": str(self.after)}


@dataclass(frozen=True)
class Predictions:
    """A record's moments to predict, and its game's name."""

    game: str
    moments: tuple[Moment, ...]

    def as_dict(self) -> dict[str, Any]:
        """JSON data: the game and every moment."""
        return {"game": self.game, "moments": [m.as_dict() for m in self.moments]}


def game_of_record(record: Any) -> GameType:
    """The game whose records have ``record``'s format; ``RecordError`` (entry ``format``,
    reason ``unknown-format``) naming the formats the kit reads when none has it."""
    every = [g for g in games() if g.record_format]
    found = record.get("format") if isinstance(record, Mapping) else None
    for game in every:
        if game.record_format == found:
            return game
    known = ", ".join(g.record_format for g in every)
    if not isinstance(record, Mapping):
        raise RecordError(Text(N_("record: this is no game record (a record is a JSON object "
                                  "whose format is one of: {formats})"), formats=known),
                          entry="record", reason="not-object", expected=known)
    raise RecordError(Text(N_("format: {value} is no game of the kit's records; a record's "
                              "format is one of: {formats}"), value=short(found), formats=known),
                      entry="format", reason="unknown-format", value=found, expected=known)


def predictions(source: Mapping[str, Any] | str | Path) -> Predictions:
    """The moments to predict of a record of any game (its data, its JSON text, or a file
    as a ``Path``: a ``str`` is never a file name); ``RecordError`` for a broken record or one
    of no game; ``GameError`` (reason ``no-hook``) for a game that gives no moments."""
    record = read_source(source)
    game = game_of_record(record)
    moments: Sequence[Moment] = game.hook("predict")(record)
    return Predictions(game.name, tuple(moments))
