"""Review benchmark (issue 32 item 1): the review of a whole museum game
(:func:`lnb.core.review.review`, the planner judging every decision) against replaying its
record. Goal: a review in at most 2 s (CPU seconds: the machine is shared). Run alone:
``python -m benchmarks.bench_review``.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks.goals import note, report

SEEDS = (1, 2, 3)


def pupil_record(seed: int) -> dict:
    """A whole museum game by a pupil who mostly plays like the greedy player."""
    from lnb.museum.bots import make_bot
    from lnb.museum.records import write
    from lnb.museum.state import Game

    rng = random.Random(seed)
    greedy = make_bot("greedy")
    state = Game(seed=seed).new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()) if rng.random() < 0.3
                           else greedy.choose_action(state))
    return write(state)


def timed(work) -> float:
    """The CPU seconds of ``work()`` (this process's: the machine is shared, and the wall
    clock counts the other programs' turns too)."""
    began = time.process_time()
    work()
    return time.process_time() - began


def main() -> None:
    from lnb.core.review import review
    from lnb.museum.records import replay

    reviews, ratios = [], []
    for seed in SEEDS:
        record = pupil_record(seed)
        replayed = min(timed(lambda: replay(record)) for _ in range(5))  # noqa: B023
        reviewed = timed(lambda: review("museum", record))  # noqa: B023
        reviews.append(reviewed)
        ratios.append(reviewed / replayed)
    note(f"museum review / replay of the same record: median {statistics.median(ratios):.0f}x "
         f"({len(SEEDS)} whole games)")
    report("museum review of a whole game, CPU s, slowest of 3 (goal <= 2 s)", max(reviews), 2.0,
           "s", absolute=True)


if __name__ == "__main__":
    main()
