"""Bots: legal through the public actions, deterministic for a seed, ordered by strength."""

from __future__ import annotations

import pytest

from lnb import LnbError
from lnb.babbage.bots import REGISTRY, Beginner, Greedy, Planner, make_bot
from lnb.babbage.bots.base import standing
from lnb.babbage.bots.planner import best_program
from lnb.babbage.game import (
    Activate,
    Finish,
    Game,
    GameOptions,
    Phase,
    ResolveRow,
    Target,
    WriteProgram,
)
from lnb.babbage.records import write
from lnb.babbage.simulate import play_game, simulate

PLAYERS = [("planner", "Ada Lovelace"), ("greedy", "Charles Babbage"),
           ("beginner", "Mary Somerville")]


def new_bots(seed):
    return {"planner": Planner(seed), "greedy": Greedy(seed), "beginner": Beginner(seed)}


def until_program_phase(state, bots) -> None:
    """Let the bots target and activate until the Program phase opens."""
    while state.phase is not Phase.PROGRAM:
        name = state.current_players()[0]
        state.apply_action(bots[name].choose_action(state, name))


def test_bots_play_whole_games_with_legal_actions_only():
    # apply_action raises on any illegal action, so finishing the game is the check;
    # every program a bot writes also fits its limit and runs on the board.
    for seed in range(3):
        game = Game(PLAYERS, seed=seed)
        state = game.new_initial_state()
        bots = new_bots(seed)
        while not state.is_terminal():
            name = state.current_players()[0]
            action = bots[name].choose_action(state, name)
            if isinstance(action, Target):
                assert action in state.legal_actions(name)
            if isinstance(action, WriteProgram):
                assert len(action.program) <= state.program_limit(name)
            state.apply_action(action)
        assert len(write(state)["rounds"]) == 4


def test_same_seed_same_game_different_seed_different_game():
    def record(seed, bot_seed):
        return write(play_game(new_bots(bot_seed), Game(PLAYERS, seed=seed)))

    assert record(5, 1) == record(5, 1)
    assert record(5, 1)["rounds"] != record(5, 2)["rounds"]


def test_think_seconds_are_deterministic_and_ordered_by_care():
    game = Game(PLAYERS, seed=4)
    state = game.new_initial_state()
    bots = new_bots(9)
    until_program_phase(state, bots)
    for name, bot in bots.items():
        t = bot.think_seconds(state, name)
        assert t == bot.think_seconds(state, name) == new_bots(9)[name].think_seconds(state, name)
        assert 0 < t < game.options.timer_seconds
    # The beginner thinks longest; the greedy player is quickest.
    assert bots["greedy"].think_seconds(state, "greedy") < 30
    assert bots["beginner"].think_seconds(state, "beginner") >= 25


def test_finish_carries_the_think_time():
    state = Game(PLAYERS, seed=1).new_initial_state()
    bots = new_bots(2)
    until_program_phase(state, bots)
    bot = bots["planner"]
    state.apply_action(bot.choose_action(state, "planner"))  # writes its program
    finish = bot.choose_action(state, "planner")
    assert isinstance(finish, Finish)
    assert finish.seconds == round(bot.think_seconds(state, "planner"), 1)


def test_planner_program_is_best_against_enumeration():
    """On Round 1 the planner's estimate equals the best over every program (brute force)."""
    from lnb.babbage.bots.base import round_goals

    state = Game(PLAYERS, seed=11).new_initial_state()
    bots = new_bots(0)
    until_program_phase(state, bots)
    goals = round_goals(state, "planner")
    ops, estimate = best_program(state, "planner")

    def value(results):
        left = list(goals)
        total = 0.0
        for r in results:
            for kind in ("patron", "subroutine"):
                for g in left:
                    if g.kind == kind and g.value == r:
                        total += g.worth
                        left.remove(g)
                        break
        return total

    best = 0.0
    start = state.start_value("planner")

    def walk(value_now, results, depth):
        nonlocal best
        best = max(best, value(results) - 0.001 * len(results))
        if depth == 3:
            return
        from lnb.babbage.operations import legal_operations

        for op in legal_operations(value_now, state.board):
            r = op.apply(value_now, state.board).result
            walk(r, (*results, r), depth + 1)

    walk(start, (), 0)
    # Within three rows nothing beats the planner's (five-row) plan.
    assert estimate >= best - 1e-9
    results = []
    v = start
    for op in ops:
        v = op.apply(v, state.board).result
        results.append(v)
    assert value(results) - 0.001 * len(ops) == pytest.approx(estimate)


def test_standing_estimate():
    assert standing(0, [3]) == 0
    assert standing(3, [1, 2]) == 9
    assert standing(2, [2]) == 6.5
    assert standing(1, [2]) == 4
    assert standing(1, [2, 3]) == 0


def test_make_bot():
    assert set(REGISTRY.names) == {"beginner", "greedy", "planner"}
    assert isinstance(make_bot(" Planner "), Planner)
    with pytest.raises(LnbError, match="no computer player named"):
        make_bot("grandmaster")


@pytest.fixture(scope="module")
def hundred_games():
    """100 seeded games of the three strengths, for the two tests below (they once played
    their own: 100 games, then twice 40 with other seeds)."""
    return simulate(100, ["planner", "greedy", "beginner"], seed="order")


@pytest.mark.slow
def test_strength_ordering_over_many_seeded_games(hundred_games):
    summary = hundred_games
    planner, greedy, beginner = (summary.row(b) for b in ("planner", "greedy", "beginner"))
    assert planner.win_rate > greedy.win_rate > beginner.win_rate
    assert planner.mean_score > greedy.mean_score > beginner.mean_score
    assert planner.games == greedy.games == beginner.games == 100


@pytest.mark.parametrize("kind", sorted(REGISTRY.names))
def test_bots_write_true_results_in_mental_arithmetic_play(kind):
    # The bots are the one place a computer writes its Results (the game app adds none).
    from lnb.babbage.game import GameOptions

    game = Game(PLAYERS[:2], GameOptions(mental_arithmetic=True), seed=3)
    state = game.new_initial_state()
    bots = {"planner": make_bot(kind, seed=1), "greedy": make_bot(kind, seed=2)}
    written = 0
    while not state.is_terminal():
        name = state.current_players()[0]
        action = bots[name].choose_action(state, name)
        if isinstance(action, WriteProgram):
            trace = action.program.run(state.board, state.start_value(name), limit=None)
            assert [r.written for r in trace.rows] == [r.result for r in trace.rows]
            written += len(trace.rows)
        state.apply_action(action)
    assert written and all(p.debugs == 0 for p in state.players.values())
    assert all(e.written == e.result for e in state.events)


SEATS4 = [*PLAYERS, ("beginner-2", "Luigi Federico Menabrea")]


@pytest.mark.parametrize("options", [GameOptions(), GameOptions(take_that=False),
                                     GameOptions(mental_arithmetic=True),
                                     GameOptions(operation_limit=2)],
                         ids=["standard", "no-take-that", "mental", "limit-2"])
def test_every_bot_action_is_legal_in_2_3_and_4_player_games(options):
    # Listed actions (Target, Activate, ResolveRow) must be among the legal ones; a program
    # must fit its limit and every row must be one next_operations offers; apply_action
    # refuses anything else.
    for seed, seats in enumerate((PLAYERS[:2], PLAYERS, SEATS4, PLAYERS)):
        state = Game(seats, options, seed=seed).new_initial_state()
        bots = {n: make_bot(n.split("-")[0], seed) for n, _ in seats}
        while not state.is_terminal():
            name = state.current_players()[0]
            action = bots[name].choose_action(state, name)
            if isinstance(action, (Target, Activate, ResolveRow)):
                assert action in state.legal_actions(name)
            if isinstance(action, WriteProgram):
                assert len(action.program) <= state.program_limit(name)
                for i, row in enumerate(action.program.rows):
                    written = action.program.operations[:i]
                    assert row.operation in state.next_operations(name, " ".join(
                        str(op) for op in written))
            state.apply_action(action)
        assert state.round == 4


def beginner_programs(games=8):
    """Every program the beginner writes in seeded 3-player games, with its limit."""
    out = []
    for seed in range(games):
        state = Game(PLAYERS, seed=seed).new_initial_state()
        bots = new_bots(seed)
        while not state.is_terminal():
            name = state.current_players()[0]
            action = bots[name].choose_action(state, name)
            if isinstance(action, WriteProgram) and name == "beginner":
                out.append((action.program, state.program_limit(name)))
            state.apply_action(action)
    return out


def test_beginner_writes_short_programs_that_still_aim_somewhere():
    programs = beginner_programs()
    lengths = [len(p) for p, _ in programs]
    assert all(0 < n <= limit for n, (_, limit) in zip(lengths, programs, strict=True))
    assert sum(lengths) / len(lengths) < 4  # the planner uses nearly all 5 rows
    assert min(lengths) < max(lengths)  # sometimes it stops early, sometimes not


def test_strengths_are_a_ladder_a_class_can_climb(hundred_games):
    """The beginner scores like a new player (near 20 in 3-player games); greedy sits in
    between, clear of both."""
    planner, greedy, beginner = (hundred_games.row(b).mean_score
                                 for b in ("planner", "greedy", "beginner"))
    assert 15 <= beginner <= 25
    assert beginner + 10 < greedy < planner - 5


def test_planner_decisions_are_todays():
    """The planner's programs in a game between planners are those it wrote before the
    beginner and the greedy player changed (issue 11 keeps its decisions)."""
    seats = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville")]
    state = Game(seats, seed=3).new_initial_state()
    bots = {n: Planner(3) for n, _ in seats}
    programs = []
    while not state.is_terminal():
        name = state.current_players()[0]
        action = bots[name].choose_action(state, name)
        if isinstance(action, WriteProgram):
            programs.append(f"{state.round}{name[0]} {action.program}")
        state.apply_action(action)
    assert programs == [
        "1A A1- B2+ A3- A1+", "1B A1- B2+ A3- A1+", "1C B2- A4x A1- A3+",
        "2A A2- C3s C2- C2- C2-", "2B A2- C3s C2- C1c A1+ C2+ C1c", "2C A3+ B1- A2+Σ B1+ C2+",
        "3A C2+ B3- D4/ B3+ D4/", "3B D4/ A1- A2+ D1s D3+Σ", "3C B1- A3+ C1c C2- D4x",
        "4A C2+ B1+ D1s D3- D4/", "4B E4- E3- A2- E2- E4-", "4C D4/ E2+ A3- E3- E4-",
    ]
