"""The daily challenge: one seed a day for everyone (the same dice on every turn), *par*,
the planner's score on it, and *the bound*, a proven upper bound on any play's score with the
day's dice (:mod:`lnb.museum.bound`).

>>> import datetime
>>> day = datetime.date(2026, 12, 1)
>>> daily_seed(day) == daily_seed("2026-12-01"), daily_seed(day) != daily_seed("2026-12-02")
(True, True)
>>> 0 <= par(day) <= bound(day) <= 130
True
"""

from __future__ import annotations

import datetime as _dt
import hashlib
from collections.abc import Iterable
from functools import lru_cache

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_
from lnb.core.messages import Text
from lnb.museum.words import VERDICTS


def _day(date: _dt.date | str | None) -> _dt.date:
    if date is None:
        return _dt.date.today()
    if isinstance(date, _dt.datetime):
        return date.date()
    if isinstance(date, _dt.date):
        return date
    try:
        return _dt.date.fromisoformat(str(date))
    except ValueError:
        raise BadInputError(Text(N_("date {date!r}: write it as YYYY-MM-DD, e.g. 2026-12-01"),
                                 date=date), text=str(date), reason="bad-date") from None


def daily_seed(date: _dt.date | str | None = None, edition: str = "standard") -> int:
    """The seed of a day's challenge (today without a date): the same on every machine."""
    digest = hashlib.sha256(f"lnb-museum/1:daily:{edition}:{_day(date)}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@lru_cache(maxsize=64)
def _par(day: _dt.date, edition: str) -> int:
    from lnb.museum.bots import make_bot
    from lnb.museum.state import Game

    state = Game(edition, daily_seed(day, edition)).new_initial_state()
    bot = make_bot("planner", seed=0)
    while not state.is_terminal():
        state.apply_action(bot.choose_action(state))
    return state.score().total


def par(date: _dt.date | str | None = None, edition: str = "standard") -> int:
    """The planner's score on a day's challenge (worked out once per date and process)."""
    return _par(_day(date), edition)


@lru_cache(maxsize=64)
def _bound(day: _dt.date, edition: str) -> int:
    from lnb.museum.bound import upper_bound
    from lnb.museum.state import Game

    return upper_bound(Game(edition, daily_seed(day, edition)).new_initial_state())


def bound(date: _dt.date | str | None = None, edition: str = "standard") -> int:
    """At least the best score any play can reach on a day's challenge (a proof, not a
    search: :func:`lnb.museum.bound.upper_bound`; worked out once per date and process)."""
    return _bound(_day(date), edition)


def band_counts(scores: Iterable[int]) -> tuple[int, ...]:
    """How many of ``scores`` fall in each band of the verdict chart, lowest band first (a
    class's histogram of a day's challenge).

    >>> band_counts([12, 35, 61, 70, 80])
    (1, 1, 0, 0, 2, 1)
    """
    from lnb.museum.state import verdict

    counts = [0] * len(VERDICTS)
    for score in scores:
        counts[verdict(score).band] += 1
    return tuple(counts)
