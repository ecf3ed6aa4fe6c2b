"""The museum's upper bound (lnb.museum.bound) is never below what play reaches: exhaustive
search on small end-game positions, and the bots on many seeds (deterministic seeds)."""

from __future__ import annotations

import random

import pytest

from lnb.museum import Game
from lnb.museum.bots import make_bot
from lnb.museum.bound import upper_bound
from lnb.museum.scenario import scenario
from lnb.museum.state import MuseumChance, State


def _key(s: State) -> tuple:
    return (s.filled, s.hand, s.reserve, s.used, s.boxes_checked, s.turn, s.rerolls_made,
            s.wilds, s.rerolls, s.gifts, s.pending_return, tuple(sorted(s.sheet.icons.items())),
            tuple(s.sheet.unlocked))


def exhaustive_best(state: State, memo: dict | None = None) -> int:
    """The best final score of any play from ``state`` (every legal action, memoised)."""
    memo = {} if memo is None else memo
    if state.is_terminal():
        return state.score().total
    key = _key(state)
    if key not in memo:
        found = []
        for action in state.legal_actions():
            after = state.clone()
            after.apply_action(action)
            found.append(exhaustive_best(after, memo))
        memo[key] = max(found)
    return memo[key]


def end_game(seed: int) -> State:
    """A small position near the end of the game, from a seeded generator: a map filled but
    for a few holes in two rooms, the last time box, one or two turns to go, the seed's dice."""
    rng = random.Random(seed)
    base = Game(seed=seed).new_initial_state()
    m = base.museum
    rooms = rng.sample(sorted(m.room_masks), 2)
    holes = set()
    for rid in rooms:
        squares = [i for i in range(m.width * m.height) if m.room_masks[rid] >> i & 1]
        holes.update(rng.sample(squares, rng.randint(2, 5)))
    filled = [str(m.square(i)) for i in range(m.width * m.height)
              if m.inside(i) and not m.evidence_at(i) and i not in holes]
    hand = tuple(rng.randint(1, 6) for _ in range(2))
    reserve = rng.choice((0, 0, 2))
    extras = rng.choice((0, 1)) if not reserve else 0  # a wild shape or a re-roll, one turn
    state = scenario(hand=hand, reserve=reserve, used=6 - 2 - reserve, boxes=4, filled=filled,
                     wilds=extras, rerolls=rng.choice((0, extras)))
    state.chance = MuseumChance(seed)  # the seed's dice: the bound reads them ahead
    return state


@pytest.mark.parametrize("seed", [0, 4, 5, 6, 7, 8, 9, 10, 11])  # each searched in seconds
def test_bound_never_below_the_exhaustive_best(seed: int) -> None:
    state = end_game(seed)
    best = exhaustive_best(state.clone())
    assert best <= upper_bound(state), (seed, state.text())


def test_the_bound_is_exact_when_one_hole_and_one_die_are_left() -> None:
    # Lobby's last empty square, a 1 in hand and every ability unlocked: the monomino
    # completes the room, nothing else can score; the bound says so exactly.
    m = Game().museum
    lobby = m.room_masks["lobby"]
    hole = next(i for i in range(m.width * m.height) if lobby >> i & 1)
    filled = [str(m.square(i)) for i in range(m.width * m.height)
              if m.inside(i) and not m.evidence_at(i) and i != hole]
    state = scenario(hand=(1,), reserve=0, used=5, boxes=4, filled=filled,
                     unlocked=[e.id for e in m.evidence])
    assert exhaustive_best(state.clone()) == upper_bound(state) == state.score().total + 10


def test_a_finished_game_is_bounded_by_its_own_score() -> None:
    state = Game(seed=5).new_initial_state()
    bot = make_bot("greedy", seed=0)
    while not state.is_terminal():
        state.apply_action(bot.choose_action(state))
    assert upper_bound(state) == state.score().total


@pytest.mark.parametrize("seed", [3, 17, 2026, 90210])
def test_bound_never_below_the_bots_nor_along_their_games(seed: int) -> None:
    start = Game(seed=seed).new_initial_state()
    bound = upper_bound(start)
    for name in ("greedy", "planner"):
        state, bot = start.clone(), make_bot(name, seed=0)
        seen = []
        while not state.is_terminal():
            if len(state.history) % 25 == 12:
                seen.append(upper_bound(state))
            state.apply_action(bot.choose_action(state))
        final = state.score().total
        assert final <= bound, (name, seed)
        assert all(final <= b for b in seen), (name, seed, seen, final)
        assert all(later <= bound for later in seen)


def test_the_daily_command_prints_par_the_bound_and_the_gap(capsys: pytest.CaptureFixture) -> None:
    from lnb.cli import main
    from lnb.museum.daily import bound, par

    assert main(["museum", "daily", "--date", "2026-12-01", "--bound"]) == 0
    out = capsys.readouterr().out
    assert f"par {par('2026-12-01')}" in out
    assert f"bound {bound('2026-12-01')}" in out
    assert f"gap {bound('2026-12-01') - par('2026-12-01')}" in out
    assert par("2026-12-01") <= bound("2026-12-01")


def test_the_museum_app_shows_par_the_bound_and_the_gap_of_the_day() -> None:
    import datetime
    import html

    from classroom.progress import ProgressStore
    from lnb.museum.daily import bound, par
    from widgets.museum.app import MuseumApp

    day = datetime.date(2026, 12, 1)
    app = MuseumApp(seed=1, today=lambda: day, store=ProgressStore(":memory:"))
    app.daily_button.click()
    most, planner = bound(day), par(day)
    assert html.escape(
        f"The best score possible today is at most {most} points (a proof, not a guess); "
        f"the kit's planner scored {planner}, {most - planner} fewer.") in app.challenge.value
