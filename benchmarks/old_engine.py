"""The game engine as issue 13 found it, played in the same run as the random games' reference.

Issue 13 measured 270–300 four-player random games a second and asked for 1,000: 3.7 times as
many, on the machine it measured. The old library is not kept in the tree: it is the project's
own history at ``BASE``, written out into a temporary folder (``git archive``) and played in a
child process, one run in turn with each of the library's, on the same seeds. Both play the
same games (the benchmark compares their records), so the ratio is the code's alone, whatever
the machine's speed at the time.

>>> BASE, round(ISSUE_GOAL / ISSUE_PER_SECOND, 2)
('e301932', 3.7)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from types import TracebackType

#: The last commit before issue 13's work: the engine the issue measured.
BASE = "e301932"
#: The issue's random games a second with that engine (the lower of its 270–300), and its goal.
ISSUE_PER_SECOND, ISSUE_GOAL = 270.0, 1000.0

ROOT = Path(__file__).resolve().parents[1]

#: The child: reads ``first count path`` lines, plays those seeded games with the old engine,
#: writes their records to ``path`` and answers the games per second.
CHILD = """
import json, sys, time
import lnb
from lnb.babbage.game import Game
from lnb.babbage.game.random_play import play_random_game
players = json.loads(sys.argv[1])
print("ready", lnb.__file__, flush=True)
for line in sys.stdin:
    first, count, path = line.split()
    first, count = int(first), int(count)
    records = []
    began = time.perf_counter()
    for seed in range(first, first + count):
        records.append(play_random_game(Game(players, seed=seed), seed=seed).to_record())
    rate = count / (time.perf_counter() - began)
    with open(path, "w") as out:
        json.dump(records, out)
    print(rate, flush=True)
"""


class Unavailable(Exception):
    """The old engine cannot be played here; ``reason`` says why (no git, a clone without the
    project's history)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def export(dest: Path) -> Path:
    """Write ``lnb`` as it was at ``BASE`` into ``dest``; return the folder to import it from."""
    try:
        tar = subprocess.run(["git", "-C", str(ROOT), "archive", BASE, "lnb"],
                             capture_output=True, check=False, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise Unavailable(f"git could not be run ({error})") from error
    if tar.returncode != 0:
        raise Unavailable(f"commit {BASE} is not in this clone's history (a shallow clone or "
                          f"a copy without .git: {tar.stderr.decode().strip()[:120]})")
    with tarfile.open(fileobj=BytesIO(tar.stdout)) as archive:
        archive.extractall(dest, filter="data")
    return dest


class OldEngine:
    """The old engine in a child process: ``with OldEngine(players) as old:`` then
    ``old.games_per_second(first, count)``. Raises ``Unavailable`` on entering when the old
    code cannot be had."""

    def __init__(self, players: list[tuple[str, str]]) -> None:
        self.players = players
        self._folder: tempfile.TemporaryDirectory[str] | None = None
        self._child: subprocess.Popen[str] | None = None

    def __enter__(self) -> OldEngine:
        self._folder = tempfile.TemporaryDirectory(prefix="lnb-old-engine-")
        try:  # (a failure here leaves no folder and no child behind: __exit__ is not called)
            folder = export(Path(self._folder.name))
            self._child = subprocess.Popen(
                [sys.executable, "-c", CHILD, json.dumps(self.players)], cwd=folder,
                env={**os.environ, "PYTHONPATH": str(folder)},
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
            ready = self._read()
            if not ready.startswith("ready ") or not Path(ready[6:]).is_relative_to(folder):
                raise Unavailable(f"the child imported another lnb: {ready!r}")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _read(self) -> str:
        assert self._child is not None and self._child.stdout is not None
        line = self._child.stdout.readline().strip()
        if not line:
            raise Unavailable(f"the old engine stopped (exit code {self._child.poll()})")
        return line

    def games_per_second(self, first: int, count: int) -> tuple[float, list[dict]]:
        """Play the seeded games ``first``.. (``count`` of them) with the old engine: games
        per second, and their records as JSON reads them."""
        assert self._child is not None and self._child.stdin is not None
        assert self._folder is not None
        path = Path(self._folder.name) / "records.json"
        self._child.stdin.write(f"{first} {count} {path}\n")
        self._child.stdin.flush()
        rate = float(self._read())
        return rate, json.loads(path.read_text())

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._child is not None:
            if self._child.stdin is not None:
                self._child.stdin.close()
            try:
                self._child.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self._child.kill()
                self._child.wait()
            if self._child.stdout is not None:
                self._child.stdout.close()
            self._child = None
        if self._folder is not None:
            self._folder.cleanup()
            self._folder = None


def as_json(records: list[dict]) -> list[dict]:
    """Records as the child's JSON gives them back (tuples as lists), to compare."""
    return json.loads(json.dumps(records))
