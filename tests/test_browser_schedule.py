"""The browser pass's schedule comes from measured file times (tests/browser_schedule.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browser_schedule import BROWSER, DURATIONS, Recorder, measured, order_files


def test_the_committed_times_cover_every_browser_file() -> None:
    seconds = measured()
    files = {p.name for p in BROWSER.glob("test_*.py")}
    assert seconds, f"{DURATIONS} is missing or empty"
    assert set(seconds) <= files, f"times of files that are gone: {set(seconds) - files}"


def test_longest_first_and_an_unmeasured_file_in_the_middle() -> None:
    seconds = {"long.py": 300.0, "mid.py": 100.0, "short.py": 10.0}
    assert order_files(["short.py", "new.py", "mid.py", "long.py"], seconds) == [
        "long.py", "mid.py", "new.py", "short.py"]


class _Report:
    def __init__(self, nodeid: str, duration: float, failed: bool = False) -> None:
        self.nodeid, self.duration, self.failed = nodeid, duration, failed


def test_the_recorder_adds_each_files_phases_and_ignores_other_tests(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import browser_schedule

    monkeypatch.setattr(browser_schedule, "ARTIFACT", tmp_path / "artifact.json")
    recorder = Recorder()
    for nodeid, seconds in [("tests/browser/test_a.py::t[en]", 2.0),
                            ("tests/browser/test_a.py::t[zh]", 3.5),
                            ("tests/browser/test_b.py::u", 1.0),
                            ("tests/test_unit.py::v", 50.0)]:
        recorder.pytest_runtest_logreport(_Report(nodeid, seconds))  # type: ignore[arg-type]

    class _Session:
        config = object()

    recorder.pytest_sessionfinish(_Session(), 1)  # type: ignore[arg-type]
    written = json.loads((tmp_path / "artifact.json").read_text("utf-8"))
    assert written == {"seconds": {"test_a.py": 5.5, "test_b.py": 1.0}}
    assert DURATIONS.read_text("utf-8") != (tmp_path / "artifact.json").read_text("utf-8")
