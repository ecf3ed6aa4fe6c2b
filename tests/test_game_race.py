"""The hot-seat race (lnb.core.race): people write in turn, each on their own clock."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lnb.babbage.game import Race


def test_a_later_person_gets_a_full_minute_after_the_first_finish() -> None:
    race = Race(("Ada", "Bea"), {"Babbage": 10.0}, seconds=60)
    assert race.bell() == 70.0  # Ada races against Babbage's 10 s
    race.finish(50.0)
    assert race.current == "Bea"
    assert race.minute_starts() == 10.0 and race.bell() == 70.0  # Bea's own clock, from 0
    race.finish(69.0)
    assert race.finishers() == [("Babbage", 10.0), ("Ada", 50.0), ("Bea", 69.0)]
    assert race.stopped() == []


def test_a_quicker_later_person_finishes_first() -> None:
    race = Race(("Ada", "Bea"), {"Babbage": 30.0}, seconds=60)
    race.finish(42.0)
    race.finish(12.0)
    assert [n for n, _ in race.finishers()] == ["Bea", "Babbage", "Ada"]


def test_the_bell_stops_a_person_and_late_computers() -> None:
    race = Race(("Ada", "Bea"), {"Babbage": 100.0}, seconds=60)
    assert race.minute_starts() == 100.0  # Ada's minute starts at Babbage's finish
    race.finish(5.0)
    assert race.bell() == 65.0  # Bea races against Ada's 5 s
    race.stop()
    assert race.done
    assert race.finishers() == [("Ada", 5.0)]
    assert race.stopped() == ["Bea", "Babbage"]


def test_untimed_nobody_is_stopped() -> None:
    race = Race(("Ada",), {"Babbage": 500.0, "Mary": 2.0}, seconds=None)
    assert race.bell() is None
    race.finish(300.0)
    assert [n for n, _ in race.finishers()] == ["Mary", "Ada", "Babbage"]
    assert race.stopped() == []


def test_people_only_the_first_writer_races_nobody() -> None:
    race = Race(("Ada", "Bea"), {}, seconds=60)
    assert race.minute_starts() is None and race.bell() is None
    race.finish(80.0)
    assert race.bell() == 140.0


def test_nothing_is_certain_while_someone_is_still_to_write() -> None:
    race = Race(("Ada", "Bea"), {"Babbage": 3.0}, seconds=60)
    assert race.certain_until(50.0) == []  # Bea may yet beat Babbage's 3 s
    race.finish(20.0)
    assert race.certain_until(2.0) == []
    assert race.certain_until(25.0) == [("Babbage", 3.0), ("Ada", 20.0)]
    assert race.seen_by(10.0) == ["Babbage"]


def test_ties_go_to_who_finished_first_on_the_screen() -> None:
    race = Race(("Ada", "Bea"), {"Babbage": 7.0}, seconds=60)
    race.finish(7.0)
    race.finish(7.0)
    assert [n for n, _ in race.finishers()] == ["Babbage", "Ada", "Bea"]


def test_mistakes_are_refused_in_words() -> None:
    race = Race(("Ada",), {}, seconds=60)
    with pytest.raises(ValueError, match="a turn starts at 0 s"):
        race.finish(-1.0)
    race.finish(1.0)
    with pytest.raises(ValueError, match="everyone has already written"):
        race.stop()


times = st.floats(min_value=0, max_value=200, allow_nan=False)


@given(persons=st.lists(st.one_of(times, st.none()), min_size=1, max_size=4),
       computers=st.lists(times, max_size=3), seconds=st.sampled_from([None, 30, 60]))
def test_everyone_finishes_or_is_stopped_once_in_time_order(
        persons: list[float | None], computers: list[float], seconds: int | None) -> None:
    names = [f"P{i}" for i in range(len(persons))]
    race = Race(names, {f"C{i}": t for i, t in enumerate(computers)}, seconds=seconds)
    shown: list[tuple[str, float]] = []
    for at in persons:
        bell = race.bell()
        if at is None or (bell is not None and at > bell):
            if bell is None:  # nobody to race against: this person finishes after all
                race.finish(at or 0.0)
            else:
                race.stop()
        else:
            if race.current == names[-1]:
                shown = race.certain_until(at)
            race.finish(at)
    order = race.finishers()
    everyone = [n for n, _ in order] + race.stopped()
    assert sorted(everyone) == sorted(names + [f"C{i}" for i in range(len(computers))])
    assert [t for _, t in order] == sorted(t for _, t in order)
    assert order[: len(shown)] == shown  # what was settled early is the start of the order
    if seconds is not None and order:
        bell = order[0][1] + seconds
        assert all(t <= bell for n, t in order if n.startswith("C"))
