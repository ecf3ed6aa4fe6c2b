"""A class's predictions of one moment (:mod:`lnb.core.predict`), as a live room would keep
them: each pupil's last answer until the reveal, then how many were right. Pure data: no
store and no page yet (the live room's part of issue 32 item 3 is still to come). A pupil
sees only their own answer (:meth:`Poll.mine`); the room sees only the counts.

>>> from lnb.core.predict import Moment
>>> poll = Poll(Moment(0, "55 - 50?", 5, "Result 05"))
>>> poll.answer("pupil:1", "5"); poll.answer("pupil:2", "50"); poll.answer("pupil:2", " 05")
>>> poll.mine("pupil:2"), poll.answered
('05', 2)
>>> poll.reveal()
Tally(answered=2, right=2)
>>> poll.answer("pupil:3", "5")
Traceback (most recent call last):
...
lnb.core.errors.GameError: the answer is revealed: predictions are closed for this moment
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lnb.core.errors import BadInputError, GameError
from lnb.core.i18n import N_
from lnb.core.predict import Moment

__all__ = ["ANSWER_LIMIT", "Poll", "Tally"]

#: An answer is at most this many characters (a number or a choice's key is short).
ANSWER_LIMIT = 20


@dataclass(frozen=True)
class Tally:
    """How many pupils answered, and how many of them were right."""

    answered: int
    right: int


@dataclass
class Poll:
    """The predictions of one ``moment``: pupil key -> their last answer (see the module)."""

    moment: Moment
    answers: dict[str, str] = field(default_factory=dict)
    revealed: bool = False

    def answer(self, pupil: str, given: str) -> None:
        """Keep ``pupil``'s answer (a later one replaces it); refused after the reveal
        (``GameError``, reason ``revealed``) and when empty or too long (``BadInputError``,
        reasons ``empty`` / ``too-long``)."""
        if self.revealed:
            raise GameError(N_("the answer is revealed: predictions are closed for this "
                               "moment"), reason="revealed")
        text = str(given).strip()
        if not text:
            raise BadInputError(N_("type your prediction first"), reason="empty")
        if len(text) > ANSWER_LIMIT:
            raise BadInputError(N_("a prediction is at most {limit} characters: a number or "
                                   "one of the choices"), limit=ANSWER_LIMIT, reason="too-long")
        self.answers[pupil] = text

    def mine(self, pupil: str) -> str | None:
        """``pupil``'s own answer (None before they answer): never another pupil's."""
        return self.answers.get(pupil)

    @property
    def answered(self) -> int:
        """How many pupils have answered."""
        return len(self.answers)

    def tally(self) -> Tally:
        """The counts so far (how many are right is shown only once revealed)."""
        return Tally(self.answered, sum(self.moment.right(a) for a in self.answers.values()))

    def reveal(self) -> Tally:
        """Close the predictions and give how many were right."""
        self.revealed = True
        return self.tally()
