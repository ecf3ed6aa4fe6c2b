"""A class's predictions of one moment (:mod:`lnb.core.predict`), as a live predict room
keeps them (:mod:`classroom.predict_rooms` stores them): each pupil's last answer until the
reveal, then how many were right and how the answers spread. Pure data: no store, no page.
A pupil sees only their own answer (:meth:`Poll.mine`); the room sees only the counts.

What a pupil may answer is checked here, once for every page (:func:`checked_answer`): a
whole number where the moment asks for one, one of its choices' keys where it has choices.

>>> from lnb.core.predict import Moment
>>> poll = Poll(Moment(0, "55 - 50?", 5, "Result 05"))
>>> poll.answer("pupil:1", "5"); poll.answer("pupil:2", "50"); poll.answer("pupil:2", " 05")
>>> poll.mine("pupil:2"), poll.answered
('5', 2)
>>> poll.answer("pupil:3", "five")
Traceback (most recent call last):
...
lnb.core.errors.BadInputError: 'five' is not a whole number: type the number you predict, \
e.g. 42
>>> poll.reveal()
Tally(answered=2, right=2, spread=(('5', 2),))
>>> poll.answer("pupil:3", "5")
Traceback (most recent call last):
...
lnb.core.predict_poll.PollError: the answer is revealed: predictions are closed for this \
moment
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from lnb.core.errors import BadInputError, GameError
from lnb.core.i18n import N_
from lnb.core.messages import Listing
from lnb.core.predict import Moment

__all__ = [
    "ANSWER_LIMIT",
    "Poll",
    "PollError",
    "Tally",
    "at_end",
    "at_start",
    "checked_answer",
    "moved_on",
    "no_such_room",
    "not_host",
    "nothing_to_predict",
    "other_class",
    "revealed",
    "room_over",
    "spread",
]

#: An answer is at most this many characters (a number or a choice's key is short).
ANSWER_LIMIT = 20


class PollError(GameError):
    """A predict room refuses: the answer is revealed, the room moved on, an unknown code...
    ``reason`` says which; the facts are fields (``code``, ``moment``...)."""


def revealed() -> PollError:
    """An answer after the reveal."""
    return PollError(N_("the answer is revealed: predictions are closed for this moment"),
                     reason="revealed")


def moved_on(code: str, moment: int, now: int) -> PollError:
    """An answer to a moment the room has left (moments counted from 1)."""
    return PollError(N_("Room {code} has moved on to moment {now}: your screen now shows it, "
                        "predict that one."), code=code, moment=moment, now=now,
                     reason="moved-on")


def at_end(code: str) -> PollError:
    """*Next* at the last moment."""
    return PollError(N_("Room {code} is at its last moment: there is no next one."),
                     code=code, reason="at-end")


def at_start(code: str) -> PollError:
    """*Back* at the first moment."""
    return PollError(N_("Room {code} is at its first moment: there is none before it."),
                     code=code, reason="at-start")


def no_such_room(code: str) -> PollError:
    """No predict room has this code."""
    return PollError(N_("No predict room {code}: check the code on the board."), code=code,
                     reason="no-such-room")


def other_class(code: str) -> PollError:
    """A pupil of another class (or of none) answering in a class's room."""
    return PollError(N_("Predict room {code} belongs to another class: join your own class "
                        "with your card first (Join my class)."), code=code,
                     reason="other-class")


def not_host(code: str) -> PollError:
    """Reveal, next or end by someone who does not run the room."""
    return PollError(N_("Only the teacher who opened predict room {code} can reveal or move "
                        "on: open it again from the dashboard."), code=code, reason="not-host")


def room_over(code: str) -> PollError:
    """An answer after the room was ended."""
    return PollError(N_("Predict room {code} is over: thank you for predicting."), code=code,
                     reason="room-over")


def nothing_to_predict() -> PollError:
    """A record with no moment opened as a room."""
    return PollError(N_("This record has nothing to predict yet: choose a game that went on "
                        "longer."), reason="nothing-to-predict")


def checked_answer(moment: Moment, given: object) -> str:
    """``given`` (what a pupil typed or chose) as kept: a whole number written plainly
    (``" 05"`` -> ``"5"``, full-width digits too) or a choice's key. ``BadInputError`` with
    ``text`` (what was typed) and ``reason``: ``empty``, ``too-long``, ``not-a-number``,
    ``not-a-choice`` (``expected`` the keys).

    >>> checked_answer(Moment(0, "q", 3, "3"), "０３")
    '3'
    >>> checked_answer(Moment(0, "q", "b", "B", choices=(("a", "A"), ("b", "B"))), "c")
    Traceback (most recent call last):
    ...
    lnb.core.errors.BadInputError: 'c' is none of the choices: choose one of a or b
    """
    text = str(given).strip()
    if not text:
        raise BadInputError(N_("type your prediction first"), reason="empty")
    if len(text) > ANSWER_LIMIT:
        raise BadInputError(N_("a prediction is at most {limit} characters: a number or "
                               "one of the choices"), limit=ANSWER_LIMIT, reason="too-long",
                            text=text[:ANSWER_LIMIT])
    if moment.choices:
        keys = [str(key) for key, _words in moment.choices]
        if text not in keys:
            raise BadInputError(N_("{text!r} is none of the choices: choose one of {keys}"),
                                text=text, keys=Listing(keys, "or"), expected=tuple(keys),
                                reason="not-a-choice")
        return text
    try:
        return str(int(text))
    except ValueError:
        raise BadInputError(N_("{text!r} is not a whole number: type the number you predict, "
                               "e.g. 42"), text=text, reason="not-a-number") from None


def spread(moment: Moment, answers: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """How the answers spread: each choice's key in order with its count; for a number,
    each number given, the most given first (ties: the smaller first).

    >>> spread(Moment(0, "q", 3, "3"), ["4", "3", "4", "10"])
    (('4', 2), ('3', 1), ('10', 1))
    """
    counts = Counter(answers)
    if moment.choices:
        return tuple((str(key), counts.get(str(key), 0)) for key, _words in moment.choices)

    def order(item: tuple[str, int]) -> tuple[int, int, str]:
        value, count = item
        number = int(value) if value.lstrip("-").isdigit() else 0
        return (-count, number, value)

    return tuple(sorted(counts.items(), key=order))


@dataclass(frozen=True)
class Tally:
    """How many pupils answered, how many of them were right, and how the answers spread
    (:func:`spread`)."""

    answered: int
    right: int
    spread: tuple[tuple[str, int], ...] = ()


@dataclass
class Poll:
    """The predictions of one ``moment``: pupil key -> their last answer (see the module)."""

    moment: Moment
    answers: dict[str, str] = field(default_factory=dict)
    revealed: bool = False

    def answer(self, pupil: str, given: str) -> None:
        """Keep ``pupil``'s answer (a later one replaces it); refused after the reveal
        (:class:`PollError`, reason ``revealed``) and when it is no answer to the moment
        (``BadInputError``, see :func:`checked_answer`)."""
        if self.revealed:
            raise revealed()
        self.answers[pupil] = checked_answer(self.moment, given)

    def mine(self, pupil: str) -> str | None:
        """``pupil``'s own answer (None before they answer): never another pupil's."""
        return self.answers.get(pupil)

    @property
    def answered(self) -> int:
        """How many pupils have answered."""
        return len(self.answers)

    def tally(self) -> Tally:
        """The counts so far (a page shows how many are right only once revealed)."""
        given = list(self.answers.values())
        return Tally(len(given), sum(self.moment.right(a) for a in given),
                     spread(self.moment, given))

    def reveal(self) -> Tally:
        """Close the predictions and give how many were right."""
        self.revealed = True
        return self.tally()
