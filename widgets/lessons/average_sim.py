"""A simulation that checks an average: it runs a trial again and again (trial ``k`` is seeded
by ``k``, so the lesson shows the same every time) and shows the running average beside the
exact one, in a table and a small line chart, closer and closer as the trials grow.

>>> sim = AverageSimulation(lambda k: k % 2, Fraction(1, 2), what="heads")
>>> sim.run(10); sim.trials, sim.average()
(10, Fraction(1, 2))
>>> sim.run(5); sim.average(), [n for n, _avg in sim.checkpoints]
(Fraction(7, 15), [10, 15])
>>> sim.reset(); sim.trials, sim.average()
(0, None)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from fractions import Fraction

import ipywidgets as w

from lnb.core.i18n import _
from widgets.core.relabel import Text, register, text_of
from widgets.lessons.expected import decimal

CSS = """
.lnb-average-sim table { border-collapse: collapse; margin: 4px 0; }
.lnb-average-sim td, .lnb-average-sim th { padding: 2px 10px; border-bottom: 1px solid #ddd;
                                           text-align: right; }
.lnb-average-sim .lnb-sim-exact { color: #283593; font-weight: bold; }
.lnb-average-sim svg { max-width: 100%; height: auto; display: block; }
.lnb-average-sim .lnb-sim-key { font-size: 13px; color: #444; margin: 2px 0; }
"""


class AverageSimulation(w.VBox):
    """Buttons that run 10, 100 or 1000 more trials (and start again); the running average of
    ``trial(k)`` over the trials so far, after each run, beside the ``exact`` average.
    ``what`` names what is averaged (a :data:`Text`, shown in the page's language)."""

    def __init__(self, trial: Callable[[int], int | Fraction], exact: Fraction, *,
                 what: Text, steps: Sequence[int] = (10, 100, 1000)) -> None:
        self.trial = trial
        self.exact = Fraction(exact)
        self.what = what
        self.steps = tuple(steps)
        self.trials = 0
        self.total = Fraction(0)
        self.checkpoints: list[tuple[int, Fraction]] = []
        self.path: list[tuple[int, Fraction]] = []
        self.buttons = [w.Button(layout=w.Layout(width="auto")) for _n in self.steps]
        for n, button in zip(self.steps, self.buttons, strict=True):
            button.on_click(lambda _b, n=n: self.run(n))
            button.add_class(f"lnb-sim-run-{n}")
        self.again = w.Button(layout=w.Layout(width="auto"))
        self.again.on_click(lambda _b: self.reset())
        self.again.add_class("lnb-sim-reset")
        self.view = w.HTML()
        super().__init__([w.HBox([*self.buttons, self.again]), self.view])
        self.add_class("lnb-average-sim")
        self.add_class("lnb-widget")
        register(self)
        self.relabel()

    # ------------------------------------------------------------------ running
    def run(self, count: int) -> None:
        """Run ``count`` more trials and redraw."""
        for _i in range(count):
            self.total += Fraction(self.trial(self.trials))
            self.trials += 1
            if self.trials & (self.trials - 1) == 0 or self.trials % 50 == 0:
                self.path.append((self.trials, self.total / self.trials))
        if not self.path or self.path[-1][0] != self.trials:
            self.path.append((self.trials, self.total / self.trials))
        self.checkpoints.append((self.trials, self.total / self.trials))
        self.refresh()

    def reset(self) -> None:
        """Forget every trial."""
        self.trials, self.total = 0, Fraction(0)
        self.checkpoints, self.path = [], []
        self.refresh()

    def average(self) -> Fraction | None:
        """The average of the trials so far (None before the first)."""
        return self.total / self.trials if self.trials else None

    # ------------------------------------------------------------------ drawing
    def relabel(self) -> None:
        for n, button in zip(self.steps, self.buttons, strict=True):
            button.description = _("Run {count} more").format(count=n)
        self.again.description = _("Start again")
        self.refresh()

    def refresh(self) -> None:
        if self.exact.denominator == 1:
            exact = _("Exact average: {value}").format(value=self.exact.numerator)
        else:
            exact = _("Exact average: {fraction} ≈ {decimal}").format(
                fraction=_fraction(self.exact), decimal=decimal(self.exact))
        if not self.trials:
            told = _("No trials yet: press a button to run some.")
            self.view.value = (f"<style>{CSS}</style><p class='lnb-sim-exact'>"
                               f"{html.escape(exact)}</p><p>{html.escape(told)}</p>")
            return
        head = "".join(f"<th>{html.escape(h)}</th>" for h in (
            _("trials"), _("average {what}").format(what=text_of(self.what)),
            _("gap to the exact average")))
        rows = "".join(f"<tr><td>{n}</td><td>{decimal(avg)}</td>"
                       f"<td>{decimal(abs(avg - self.exact))}</td></tr>"
                       for n, avg in self.checkpoints[-8:])
        self.view.value = (f"<style>{CSS}</style><p class='lnb-sim-exact'>{html.escape(exact)}"
                           f"</p><table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody>"
                           f"</table>{self._chart()}")

    def _chart(self, width: int = 420, height: int = 140) -> str:
        """The running average (orange) against the number of trials (log scale), with the
        exact average as a dashed blue line."""
        import math

        points = self.path or [(self.trials, self.total / self.trials)]
        values = [float(v) for _n, v in points] + [float(self.exact)]
        low, high = min(values), max(values)
        span = (high - low) or 1.0
        last = math.log10(max(points[-1][0], 10))

        def xy(n: int, v: float) -> str:
            x = 10 + (width - 20) * math.log10(n) / last
            y = height - 10 - (height - 20) * (v - low) / span
            return f"{x:.1f},{y:.1f}"

        line = " ".join(xy(n, float(v)) for n, v in points)
        exact_y = xy(1, float(self.exact)).split(",")[1]
        label = html.escape(_("running average; dashed: the exact average"))
        ends = html.escape(_("from 1 trial (left) to {count} (right)").format(
            count=points[-1][0]))
        return (f"<svg viewBox='0 0 {width} {height}' width='{width}' height='{height}' "
                f"role='img' aria-label='{label}'><title>{label}</title>"
                f"<line x1='10' x2='{width - 10}' y1='{exact_y}' y2='{exact_y}' "
                f"stroke='#283593' stroke-dasharray='6 4' stroke-width='2'/>"
                f"<polyline points='{line}' fill='none' stroke='#ef6c00' stroke-width='2'/>"
                f"</svg><p class='lnb-sim-key'><span style='color:#ef6c00'>━</span> {label}; "
                f"{ends}</p>")


def _fraction(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else \
        f"{value.numerator}/{value.denominator}"


__all__ = ["AverageSimulation"]
