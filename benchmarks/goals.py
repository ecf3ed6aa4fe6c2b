"""The figures that have goals (issue 13's engine, the static site's, the live tables'): each
benchmark reports its rows here, ``python -m benchmarks`` prints them all at the end beside
their goals.

>>> g = Goal("import lnb / python -c pass", 1.31, 1.5, "x")
>>> g.met, g.line().split()[-5:]
(True, ['1.31x', 'goal', '<=', '1.50x', 'met'])
"""

from __future__ import annotations

from dataclasses import dataclass

RESULTS: list[Goal] = []

#: How much slower this machine ran than the issue's, when measured (``bench_bots``: the old
#: planner's median decision here over its 15.4 ms there); None until then.
SLOWER: float | None = None


@dataclass(frozen=True)
class Goal:
    """One measured figure, its goal, and whether the goal is an upper (``<=``) or a lower
    (``>=``) bound."""

    figure: str
    value: float
    goal: float
    unit: str
    at_least: bool = False

    @property
    def met(self) -> bool:
        return self.value >= self.goal if self.at_least else self.value <= self.goal

    def line(self) -> str:
        sign = ">=" if self.at_least else "<="
        unit = self.unit
        return (f"{self.figure:<62} {self.value:9.2f}{unit:<4} goal {sign} {self.goal:.2f}{unit}"
                f"  {'met' if self.met else 'NOT MET'}")


def report(figure: str, value: float, goal: float, unit: str = "x",
           at_least: bool = False) -> Goal:
    """Print one figure beside its goal and keep it for the final table."""
    result = Goal(figure, value, goal, unit, at_least)
    RESULTS.append(result)
    print("  " + result.line(), flush=True)
    return result


def summary() -> str:
    """Every figure reported so far, one a line."""
    lines = ["figures and their goals (ratios against references measured in the same run):"]
    lines += ["  " + g.line() for g in RESULTS]
    met = sum(g.met for g in RESULTS)
    lines.append(f"  {met} of {len(RESULTS)} goals met")
    per_second = [g for g in RESULTS if g.unit == "/s"]
    if SLOWER is not None and per_second:
        lines.append(f"  the old planner decided {SLOWER:.1f}x slower here than on the "
                     "issue's machine; this run's figures per second at that machine's speed "
                     "(for information, not goals):")
        lines += [f"    {g.figure}: {g.value * SLOWER:.0f}{g.unit}" for g in per_second]
    return "\n".join(lines)
