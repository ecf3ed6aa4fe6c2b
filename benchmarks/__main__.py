"""Run the benchmarks: ``python -m benchmarks [NAME ...]`` (``make bench`` runs them all but
``voila``, whose one-widget baseline ``app`` measures again in its own server, ``site``,
which builds the static site once more, ``rooms``, eight live tables of four pupils at
once, minutes of all the CPU, ``pages``, pupils' browsers on the served kit and the
static site (issue 33; it builds the site too), and ``bound``, the museum daily's proven bound
over 100 days (issue 32, two minutes): run them by name).

Each ``benchmarks/bench_NAME.py`` has a ``main()`` that prints figures and ratios.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path

#: Benchmarks whose module is not ``bench_NAME.py``: name -> module.
MODULES = {"rooms": "benchmarks.classroom_rooms"}


def available() -> list[str]:
    """Names of the benchmark modules, in a stable order (the engine first)."""
    names = sorted(p.stem.removeprefix("bench_") for p in Path(__file__).parent.glob("bench_*.py"))
    return sorted([*names, *MODULES], key=lambda n: (n != "engine", n))


#: Run only when named (``make bench`` stays under 3 minutes; ``app`` has the same baseline).
BY_NAME_ONLY = ("voila", "site", "rooms", "pages", "bound")


def main(argv: list[str]) -> int:
    names = argv or [n for n in available() if n not in BY_NAME_ONLY]
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"benchmarks: unknown {unknown}; choose from {available()}", file=sys.stderr)
        return 2
    for name in names:
        print(f"\n== {name} ==", flush=True)
        began = time.perf_counter()
        importlib.import_module(MODULES.get(name, f"benchmarks.bench_{name}")).main()
        print(f"({name}: {time.perf_counter() - began:.1f} s)", flush=True)
    from benchmarks.goals import RESULTS, summary

    if RESULTS:
        print("\n" + summary())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
