"""The build's one error: what failed, and what to do about it.

>>> str(SiteBuildError("pyodide", "0.28.0 is not 0.29.0", "pin pyodide 0.29.0"))
'pyodide: 0.28.0 is not 0.29.0 (pin pyodide 0.29.0)'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class SiteBuildError(Exception):
    """A step of ``make site`` that cannot go on: ``step`` names it, ``problem`` says what is
    wrong, ``remedy`` what to do."""

    step: str
    problem: str
    remedy: str = ""

    def __str__(self) -> str:
        return f"{self.step}: {self.problem}" + (f" ({self.remedy})" if self.remedy else "")
