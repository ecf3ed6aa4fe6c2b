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

#: Lines about this run's machine (how much slower it ran the old code than the issue's
#: machine did), printed with the absolute figures.
NOTES: list[str] = []


@dataclass(frozen=True)
class Goal:
    """One measured figure, its goal, and whether the goal is an upper (``<=``) or a lower
    (``>=``) bound. An ``absolute`` figure is in this machine's own units (milliseconds,
    games a second), which its speed at the moment moves: it is printed beside its goal,
    apart from the goals measured as ratios to a reference run in the same run."""

    figure: str
    value: float
    goal: float
    unit: str
    at_least: bool = False
    absolute: bool = False

    @property
    def met(self) -> bool:
        return self.value >= self.goal if self.at_least else self.value <= self.goal

    def line(self) -> str:
        sign = ">=" if self.at_least else "<="
        unit = self.unit
        return (f"{self.figure:<62} {self.value:9.2f}{unit:<4} goal {sign} {self.goal:.2f}{unit}"
                f"  {'met' if self.met else 'NOT MET'}")


def report(figure: str, value: float, goal: float, unit: str = "x",
           at_least: bool = False, absolute: bool = False) -> Goal:
    """Print one figure beside its goal and keep it for the final table."""
    result = Goal(figure, value, goal, unit, at_least, absolute)
    RESULTS.append(result)
    print("  " + result.line(), flush=True)
    return result


def note(line: str) -> None:
    """Print a line about this run's machine and keep it for the final table."""
    NOTES.append(line)
    print("  " + line, flush=True)


def summary() -> str:
    """Every figure reported so far, one a line: the goals, then the absolute figures."""
    goals = [g for g in RESULTS if not g.absolute]
    lines = ["figures and their goals (ratios against references measured in the same run):"]
    lines += ["  " + g.line() for g in goals]
    lines.append(f"  {sum(g.met for g in goals)} of {len(goals)} goals met")
    absolute = [g for g in RESULTS if g.absolute]
    if absolute:
        lines.append("the same figures in this machine's own units, beside the goals the issue "
                     "set on its machine (for information: the machine's speed moves them; "
                     "the ratios above are their measure):")
        lines += ["  " + g.line() for g in absolute]
        lines += ["  " + line for line in NOTES]
    return "\n".join(lines)
