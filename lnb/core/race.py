"""The 60-second race when people share one screen (hot-seat), as data a UI can drive.

At the table everyone writes at once; on one screen people write in turn. So each person
writes on their own clock, from 0 when their turn starts, and computers finish at their think
times on the same scale: everyone races as if they had written at the same time.

- The minute starts, for the person writing, at the earliest finish known by then: the
  computers' think times and the finishes of the people who wrote before them.
- A person still writing when that minute is over is stopped; their rows so far stand.
- Computers still thinking a minute after the earliest finish of all are stopped.
- The finishing order is by those times; a tie goes to the one who finished first on the
  screen (computers before people).

So nobody who writes later gets less than a full minute after the first finish they race
against. (A person who wrote earlier is never stopped afterwards by a quicker later one.)

>>> race = Race(persons=("Ada", "Bea"), computers={"Babbage": 30.0}, seconds=60)
>>> race.current, race.minute_starts(), race.bell()
('Ada', 30.0, 90.0)
>>> race.finish(42.0)  # Ada presses "I'm done" 42 s into her turn
>>> race.current, race.certain_until(35.0)  # Bea writes last: what is past is certain
('Bea', [('Babbage', 30.0)])
>>> race.finish(12.0)  # Bea is quicker
>>> race.done, race.finishers(), race.stopped()
(True, [('Bea', 12.0), ('Babbage', 30.0), ('Ada', 42.0)], [])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from lnb.core.errors import GameError
from lnb.core.i18n import N_


class Race:
    """One Program phase's race: people write in turn, computers at their think times.

    ``persons`` in the order they write, ``computers`` maps a name to its think seconds,
    ``seconds`` is the Round's length (None: no time limit).
    """

    def __init__(self, persons: Sequence[str], computers: Mapping[str, float],
                 seconds: float | None = 60) -> None:
        self.persons = tuple(persons)
        self.computers = dict(computers)
        self.seconds = seconds
        self.times: dict[str, float] = {}  # people who pressed "I'm done", on their own clock
        self.stopped_persons: list[str] = []

    @property
    def current(self) -> str | None:
        """The person writing now (None when everyone has written)."""
        for name in self.persons:
            if name not in self.times and name not in self.stopped_persons:
                return name
        return None

    @property
    def done(self) -> bool:
        """Everyone has written (finished or been stopped)."""
        return self.current is None

    def _known(self) -> list[tuple[str, float]]:
        """Finishes known now, in finishing order: computers (at their think times, stopped
        ones included) and the people who pressed "I'm done"."""
        entries = list(self.computers.items()) + list(self.times.items())
        return sorted(entries, key=lambda e: e[1])  # stable: computers first, then turn order

    def minute_starts(self) -> float | None:
        """When, on the writing person's clock, the minute starts (None: nobody to race
        against yet, the minute starts when this person finishes)."""
        known = self._known()
        return known[0][1] if known else None

    def bell(self) -> float | None:
        """When, on the writing person's clock, time is up (None: no bell yet, or untimed)."""
        start = self.minute_starts()
        if start is None or self.seconds is None:
            return None
        return start + self.seconds

    def finish(self, at: float) -> None:
        """The writing person pressed "I'm done" ``at`` seconds into their turn."""
        name = self._writing()
        if at < 0:
            raise GameError(N_("{player} cannot finish at {at} s: a turn starts at 0 s"), at=at,
                            player=name, reason="negative-time")
        self.times[name] = float(at)

    def stop(self) -> None:
        """Time is up for the writing person: their rows so far stand."""
        self.stopped_persons.append(self._writing())

    def _writing(self) -> str:
        name = self.current
        if name is None:
            raise GameError(N_("everyone has already written their program this Round"),
                            reason="race-over")
        return name

    def finishers(self) -> list[tuple[str, float]]:
        """Everyone who finished, in finishing order, with their time (final only when
        :attr:`done`): the people who pressed "I'm done" and the computers that finished
        before the bell of the earliest finish of all."""
        known = self._known()
        if not known or self.seconds is None:
            return [(n, t) for n, t in known]
        bell = known[0][1] + self.seconds
        return [(n, t) for n, t in known if n in self.times or t <= bell]

    def stopped(self) -> list[str]:
        """People and computers stopped by the bell (final only when :attr:`done`)."""
        finished = {n for n, _ in self.finishers()}
        people = [n for n in self.persons if n in self.stopped_persons]
        return people + [n for n in self.computers if n not in finished]

    def certain_until(self, now: float) -> list[tuple[str, float]]:
        """Finishes at or before ``now`` on the writing person's clock whose place in the
        order is already certain: only while the last person writes (anyone still to write
        could be quicker), or all of them once everyone has written."""
        if self.done:
            return self.finishers()
        if self.current != self.persons[-1]:
            return []
        bell = self.bell()
        return [(n, t) for n, t in self._known() if t <= now and (bell is None or t <= bell)]

    def seen_by(self, now: float) -> list[str]:
        """Who has finished by ``now`` on the writing person's clock, in order (for the
        screen: as if everyone had been writing at once)."""
        return [n for n, t in self.finishers() if t <= now]
