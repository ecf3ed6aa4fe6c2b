"""Honest par benchmark (issue 32 item 2): over 100 days of the museum's daily challenge, the
proven upper bound (:func:`lnb.museum.daily.bound`) against par, the planner's score
(:func:`lnb.museum.daily.par`). The issue's goal for the gap is "printed"; the bound must
never be below par (checked here on every day; the tests check it against exhaustive search).
About two minutes (a planner game and a bound a day): run by name,
``python -m benchmarks bound`` or ``python -m benchmarks.bench_bound [DAYS]``.
"""

from __future__ import annotations

import datetime as dt
import statistics
import sys
import time

from benchmarks.goals import note

FIRST = dt.date(2026, 12, 1)


def main(days: int = 100) -> None:
    from lnb.museum.daily import bound, par

    gaps, pars, bounds, seconds = [], [], [], []
    for n in range(days):
        day = FIRST + dt.timedelta(days=n)
        p = par(day)
        began = time.process_time()
        b = bound(day)
        seconds.append(time.process_time() - began)
        if b < p:
            raise AssertionError(f"{day}: the bound {b} is below par {p}: the proof is wrong")
        gaps.append(b - p)
        pars.append(p)
        bounds.append(b)
    note(f"museum daily, {days} days from {FIRST}: upper bound - planner's score, median "
         f"{statistics.median(gaps):g} points (min {min(gaps)}, max {max(gaps)}); par median "
         f"{statistics.median(pars):g}, bound median {statistics.median(bounds):g}; the bound "
         f"never below par (goal: printed)")
    note(f"museum bound: {statistics.median(seconds):.2f} CPU s a day (median)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
