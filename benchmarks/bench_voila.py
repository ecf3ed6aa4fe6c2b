"""The one-widget Voila baseline: ``python -m benchmarks.bench_voila``.

Prints how long ``one_widget.ipynb`` (a Button and a Label) takes to become usable and
to answer a click, in headless Chromium against the kit's own Voila server. The game
app's timings are meant to be read as ratios to these (see ``Timing.ratio_to``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from benchmarks.voila_timing import Timing, measure, open_browser, start_server

HERE = Path(__file__).resolve().parent
ONE_WIDGET = "voila/render/one_widget.ipynb"


def measure_baseline(browser: object, base_url: str, loads: int = 5, clicks: int = 10) -> Timing:
    """Timings of ``benchmarks/one_widget.ipynb`` on a server rooted at ``benchmarks/``."""
    return measure(browser, base_url, ONE_WIDGET, ready=".bench-button",
                   click=".bench-button", changed=".bench-label", loads=loads, clicks=clicks)


def main(argv: list[str] | None = None) -> int:
    """Start one server on ``benchmarks/``, measure the baseline, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--pool-size", type=int, default=1)
    args = parser.parse_args([] if argv is None else argv)  # `python -m benchmarks` calls main()
    with start_server(HERE, pool_size=args.pool_size) as base_url, open_browser() as browser:
        baseline = measure_baseline(browser, base_url, args.loads, args.clicks)
    print(f"voila baseline  {baseline}")
    print("  loads (ms): " + " ".join(f"{t * 1000:.0f}" for t in baseline.loads))
    print("  clicks (ms): " + " ".join(f"{t * 1000:.0f}" for t in baseline.clicks))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
