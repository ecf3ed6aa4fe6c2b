"""Review benchmark (issue 32 item 1): the review of a whole game
(:func:`lnb.core.review.review`, every decision judged against the kit's best) for each game
of the kit: a 4-player Lovelace & Babbage game, a museum game and a 4-player Ada's Dream game,
each as CPU seconds and as a ratio to replaying the same record in the same run. Goal: a
review in at most 2 s each (CPU seconds: the machine is shared). Run alone:
``python -m benchmarks.bench_review``.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from benchmarks.goals import note, report

SEEDS = (1, 2, 3)
GOAL = 2.0  # CPU seconds a review may take


def babbage_record(seed: int) -> dict:
    """A whole 4-player Lovelace & Babbage game: a beginner, two greedy players, a planner."""
    from lnb.babbage.bots import make_bot
    from lnb.babbage.game import Game
    from lnb.babbage.records import record_of
    from lnb.babbage.simulate import play_game

    people = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"),
              ("Cy", "Mary Somerville"), ("Di", "Luigi Federico Menabrea")]
    kinds = ("beginner", "greedy", "greedy", "planner")
    bots = {name: make_bot(kind, seed) for (name, _c), kind in zip(people, kinds, strict=True)}
    return record_of(play_game(bots, Game(people, seed=seed)))


def museum_record(seed: int) -> dict:
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


def dream_record(seed: int) -> dict:
    """A whole 4-player Ada's Dream game: two people (choosing at random) and two greedy
    computer players (not reviewed)."""
    from lnb.dream.bots import make_bot
    from lnb.dream.records import write
    from lnb.dream.state import Game

    kinds = {"Ada": "random", "Bea": "greedy", "Cy": "random", "Di": "greedy"}
    bots = {name: make_bot(kind, seed) for name, kind in kinds.items()}
    state = Game(list(kinds), seed=seed).new_initial_state()
    while not state.is_terminal():
        name = state.current_player
        state.apply_action(bots[name].choose_action(state, name))
    return write(state, {"Bea": "greedy", "Di": "greedy"})


#: The rows: (game, what a record is, how to make one).
ROWS: tuple[tuple[str, str, Callable[[int], dict]], ...] = (
    ("babbage", "4-player Lovelace & Babbage game", babbage_record),
    ("museum", "museum game", museum_record),
    ("dream", "4-player Ada's Dream game", dream_record),
)


def timed(work: Callable[[], object]) -> float:
    """The CPU seconds of ``work()`` (this process's: the machine is shared, and the wall
    clock counts the other programs' turns too)."""
    began = time.process_time()
    work()
    return time.process_time() - began


def main() -> None:
    from lnb.core.game import get
    from lnb.core.review import review

    for game, what, make in ROWS:
        replay = get(game).records.replay
        reviews, ratios = [], []
        for seed in SEEDS:
            record = make(seed)
            replayed = min(timed(lambda: replay(record)) for _ in range(5))  # noqa: B023
            reviewed = timed(lambda: review(game, record))  # noqa: B023
            reviews.append(reviewed)
            ratios.append(reviewed / replayed)
        note(f"{game} review / replay of the same record: median "
             f"{statistics.median(ratios):.0f}x ({len(SEEDS)} whole games)")
        report(f"{game} review of a whole {what}, CPU s, slowest of {len(SEEDS)} "
               f"(goal <= {GOAL:g} s)", max(reviews), GOAL, "s", absolute=True)


if __name__ == "__main__":
    main()
