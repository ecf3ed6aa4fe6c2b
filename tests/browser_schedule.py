"""The browser pass's schedule, measured: files run longest first, by the last whole run.

With ``--dist loadfile`` a file's tests stay on one worker; started longest first, the long
files begin at once and the short ones fill in the end. The seconds are not kept by hand:
every run adds up each browser file's setup, call and teardown times (on the controller, as
xdist reports them), writes them to ``test-artifacts/browser-durations.json``, and, after a
run of every browser file with no failure, to :data:`DURATIONS` (committed, so a fresh clone
starts from the last measured run). A file not measured yet sits in the middle (the median).

>>> order_files(["b.py", "a.py", "new.py"], {"a.py": 30.0, "b.py": 10.0, "c.py": 20.0})
['a.py', 'new.py', 'b.py']
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

BROWSER = Path(__file__).parent / "browser"
DURATIONS = BROWSER / "durations.json"
ARTIFACT = Path(__file__).parent.parent / "test-artifacts" / "browser-durations.json"


def measured(path: Path = DURATIONS) -> dict[str, float]:
    """The file seconds of the last whole run (empty if none was kept)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): float(v) for k, v in data.get("seconds", {}).items()}


def order_files(files: Iterable[str], seconds: Mapping[str, float]) -> list[str]:
    """``files`` longest first; an unmeasured one counts as the median file; ties by name."""
    middle = statistics.median(seconds.values()) if seconds else 0.0
    return sorted(files, key=lambda name: (-seconds.get(name, middle), name))


def browser_file(nodeid: str) -> str | None:
    """The browser test file's name of a test id (None for any other test).

    >>> browser_file("tests/browser/test_site.py::test_x[en]"), browser_file("tests/test_a.py::t")
    ('test_site.py', None)
    """
    path = nodeid.split("::", 1)[0]
    return Path(path).name if Path(path).parent.name == "browser" else None


class Recorder:
    """Adds up each browser file's seconds as the reports come in; writes them at the end."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.failed = False

    @pytest.hookimpl
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        name = browser_file(report.nodeid)
        if name is None:
            return
        self.seconds[name] = self.seconds.get(name, 0.0) + float(report.duration)
        self.failed = self.failed or report.failed

    @pytest.hookimpl
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if not self.seconds or hasattr(session.config, "workerinput"):
            return
        table = {"seconds": {k: round(v, 1) for k, v in sorted(self.seconds.items())}}
        text = json.dumps(table, indent=1, sort_keys=True) + "\n"
        ARTIFACT.parent.mkdir(exist_ok=True)
        ARTIFACT.write_text(text, "utf-8")
        every = {p.name for p in BROWSER.glob("test_*.py")}
        if not self.failed and exitstatus == 0 and every <= set(self.seconds):
            DURATIONS.write_text(text, "utf-8")


def pytest_configure(config: pytest.Config) -> None:
    """Register the recorder (on the controller and on each worker)."""
    config.pluginmanager.register(Recorder(), "browser-schedule-recorder")
