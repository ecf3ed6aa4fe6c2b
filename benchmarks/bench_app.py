"""The game app against the one-widget baseline, in one Voila server and one browser.

``python -m benchmarks.bench_app`` prints two ratios (goals: load ≤ 1.3×, click ≤ 2×):

- **load**: from opening ``lessons/play.ipynb`` to its first usable widget (the *Start the
  game* button), over the same for ``benchmarks/one_widget.ipynb``;
- **click**: from a click on a board button of the program builder to the new row's
  arithmetic on the page, over the baseline's click-to-new-label.

Both notebooks (and a small one that opens the app in the Program phase, so the builder is
on screen) are copied into one folder served by the kit's own Voila in the same run.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

import nbformat

from benchmarks.voila_timing import measure, open_browser, start_server

REPO = Path(__file__).resolve().parents[1]
GOALS = {"load": 1.3, "click": 2.0}
PROGRAM_PHASE = """\
from lnb.babbage.game import Target
from widgets.babbage.game_app import GameApp, Seat

app = GameApp([Seat("You"), Seat("Computer", computer=True, character="Charles Babbage")],
              seed=1, think=600.0)
app.act(Target("You", app.state.targetable("You")[0].target))
app"""


def build_root(folder: Path) -> None:
    """The three notebooks, side by side, in ``folder``."""
    shutil.copy(REPO / "benchmarks" / "one_widget.ipynb", folder / "one_widget.ipynb")
    shutil.copy(REPO / "lessons" / "play.ipynb", folder / "play.ipynb")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell(PROGRAM_PHASE)]
    nbformat.write(nb, folder / "app_program.ipynb")


def main(argv: list[str] | None = None) -> int:
    """Measure the baseline and the app; print figures and the two ratios."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=3)
    parser.add_argument("--pool-size", type=int, default=1)
    args = parser.parse_args([] if argv is None else argv)
    clicks = 5  # the builder's row limit: every click writes one more row
    with tempfile.TemporaryDirectory(prefix="lnb-bench-app-") as tmp:
        root = Path(tmp)
        build_root(root)
        print("starting Voila and Chromium...", flush=True)
        with start_server(root, pool_size=args.pool_size) as base_url, \
                open_browser() as browser:
            print("warming up (one load of each page, not counted)...", flush=True)
            for path, ready in (("one_widget.ipynb", ".bench-button"),
                                ("play.ipynb", ".lnb-start-game")):
                measure(browser, base_url, f"voila/render/{path}", ready=ready, click=ready,
                        changed=ready, loads=1, clicks=0)
            print("measuring the one-widget baseline...", flush=True)
            baseline = measure(browser, base_url, "voila/render/one_widget.ipynb",
                               ready=".bench-button", click=".bench-button",
                               changed=".bench-label", loads=args.loads, clicks=clicks)
            print("measuring the game app (setup page)...", flush=True)
            app = measure(browser, base_url, "voila/render/play.ipynb",
                          ready=".lnb-start-game", click=".lnb-seat-count button",
                          changed=".lnb-seat-count", loads=args.loads, clicks=0)
            print("measuring the program builder...", flush=True)
            builder = None
            try:
                builder = measure(browser, base_url, "voila/render/app_program.ipynb",
                                  ready=".lnb-op-A1-add", click=".lnb-op-A1-add",
                                  changed=".lnb-rows", loads=1, clicks=clicks)
            except Exception as exc:  # a page that never came: say so, and go on
                print(f"builder    not measured: {type(exc).__name__}: "
                      f"{str(exc).splitlines()[0]}", flush=True)
    print(f"baseline   {baseline}")
    print(f"app        load {app.load * 1000:.0f} ms (median of {len(app.loads)})")
    ratios = [("load", app.load / baseline.load)]
    if builder is not None:
        print(f"builder    {builder}")
        ratios.append(("click", builder.click / baseline.click))
    for name, ratio in ratios:
        verdict = "meets" if ratio <= GOALS[name] else "misses"
        print(f"{name} ratio  {ratio:.2f}x  ({verdict} the goal of {GOALS[name]}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
