"""The State API that bots and widgets use: phases, legal actions, the 60-second race,
errors that change nothing, seeded chance."""

from __future__ import annotations

import json
import random

import pytest

from lnb.babbage.errors import GameError, IllegalOperationError, LnbError
from lnb.babbage.game import (
    Activate,
    Finish,
    Game,
    GameOptions,
    Phase,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.game.actions import action_sort_key
from lnb.babbage.game.random_play import play_random_game, random_action
from lnb.babbage.records import write

PLAYERS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville")]


def new_state(seed=1, players=PLAYERS, **options):
    return Game(players, GameOptions(**options), seed=seed).new_initial_state()


def to_program_phase(state):
    for name in state.names:
        state.apply_action(state.legal_actions(name)[0])
    assert state.phase is Phase.PROGRAM


def snapshot(state):
    return (json.dumps(write(state), sort_keys=True), state.phase, state.round,
            repr(state.legal_actions()), [e.to_dict() for e in state.events],
            {n: (p.start, dict(p.influence), p.play.program, p.play.token)
             for n, p in state.players.items()})


def test_game_checks_its_players():
    with pytest.raises(GameError, match="2 to 4 players"):
        Game([("Ada", "Ada Lovelace")])
    with pytest.raises(GameError, match="already played"):
        Game([("Ada", "Ada Lovelace"), ("Bea", "Ada Lovelace")])
    with pytest.raises(GameError, match="given twice"):
        Game([("Ada", "Ada Lovelace"), ("Ada", "Charles Babbage")])
    with pytest.raises(GameError, match="no character named"):
        Game([("Ada", "Ada Lovelace"), ("Bea", "Charles Darwin")])
    with pytest.raises(GameError, match="not an Influence type"):
        Game(PLAYERS, GameOptions(handicap={"Ada": ["Music"]}))


def test_round_one_reveals_patrons_by_player_count():
    for count, revealed in ((2, 5), (3, 6), (4, 7)):
        players = [*PLAYERS, ("Di", "Luigi Federico Menabrea")][:count]
        state = new_state(players=players)
        to_program_phase(state)
        assert len(state.patrons) == revealed
        assert len(state.deck) == 28 - revealed


def test_legal_actions_are_sorted_and_only_the_players_own():
    state = new_state()
    actions = state.legal_actions()
    assert actions == sorted(actions, key=lambda a: (type(a).__name__, repr(a)))
    assert {a.player for a in state.legal_actions("Bea")} == {"Bea"}
    assert [a.subroutine for a in state.legal_actions("Ada")] == [14, 23, 31, 49, 68, 86]


def test_same_seed_same_game():
    game = Game(PLAYERS, seed=11)
    one = write(play_random_game(game, seed=5))
    two = write(play_random_game(game, seed=5))
    assert one == two
    other = write(play_random_game(Game(PLAYERS, seed=12), seed=5))
    assert [r["patrons"] for r in other["rounds"]] != [r["patrons"] for r in one["rounds"]]


def test_levels_show_at_most_two_set_to_tokens():
    for seed in range(60):
        state = play_random_game(Game(PLAYERS[:2], seed=seed), seed=seed)
        for level in "CDE":
            assert state.board.set_to_count(level) <= 2


def test_finishing_order_and_the_timer():
    state = new_state()
    to_program_phase(state)
    assert not state.timer_started
    with pytest.raises(GameError, match="timer starts when the first player finishes"):
        state.apply_action(TimeUp())
    state.apply_action(WriteProgram("Bea", "A3+"))
    state.apply_action(Finish("Bea", seconds=12.5))
    assert state.timer_started and state.finished == ("Bea",)
    assert state.finish_seconds == {"Bea": 12.5}
    with pytest.raises(GameError, match="already finished"):
        state.apply_action(Finish("Bea"))
    with pytest.raises(GameError, match="has finished"):
        state.apply_action(WriteProgram("Bea", "A3-"))
    state.apply_action(TimeUp())
    # Stopped players take the remaining tokens in last Round's order (Round 1: seat order).
    seats = [n for n in state.seats if n != "Bea"]
    assert state.order == ("Bea", *seats)
    assert state.stopped == tuple(seats)
    assert state.phase is Phase.RESOLUTION


def test_everyone_finishing_ends_the_program_phase_without_the_timer():
    state = new_state()
    to_program_phase(state)
    for name in ("Cy", "Ada", "Bea"):
        state.apply_action(Finish(name))
    assert state.order == ("Cy", "Ada", "Bea") and state.stopped == ()


def test_bad_actions_raise_and_change_nothing():
    rng = random.Random(3)
    state = new_state(seed=3)
    bad = [Finish("Ada"), Target("Ada", 12), Target("Zed", 14), ResolveRow("Ada"),
           WriteProgram("Ada", "A3+"), Activate("Ada", (14,))]
    checked = 0
    while not state.is_terminal():
        before = snapshot(state)
        for action in bad:
            try:
                state.clone().apply_action(action)
                continue  # allowed here (e.g. rewriting a program)
            except LnbError:
                pass
            with pytest.raises(LnbError):
                state.apply_action(action)
            assert snapshot(state) == before
            checked += 1
        action = random_action(state, rng)
        state.apply_action(action)
        if isinstance(action, WriteProgram):
            state.apply_action(Finish(action.player))
    assert checked > 20


def test_write_program_is_checked_row_by_row():
    state = new_state()
    to_program_phase(state)
    with pytest.raises(IllegalOperationError, match=r"row 2 'C1\+': level C is not revealed"):
        state.apply_action(WriteProgram("Ada", "A3+ C1+"))
    with pytest.raises(IllegalOperationError, match=r"row 6 'A1\+': over the limit of 5"):
        state.apply_action(WriteProgram("Ada", "A1+ " * 6))
    with pytest.raises(IllegalOperationError, match=r"row 1 'B1\+'.*leaves 00–99"):
        state.apply_action(WriteProgram("Ada", "B1+"))
    with pytest.raises(IllegalOperationError, match="mental-arithmetic"):
        state.apply_action(WriteProgram("Ada", "A3+ 60"))
    assert state.players["Ada"].play.program.rows == ()


def test_next_operations_lists_the_legal_next_rows():
    state = new_state()
    to_program_phase(state)
    ops = state.next_operations("Ada", "B1-")  # from 05
    assert all(op.is_legal(5, state.board) for op in ops)
    assert "A3-" in [str(o) for o in state.next_operations("Ada")]
    assert state.next_operations("Ada", "A1+ A1+ A1+ A1+ A1+") == []


def test_clone_is_independent():
    state = new_state()
    copy = state.clone()
    copy.apply_action(Target("Ada", 14))
    assert state.players["Ada"].target is None and copy.players["Ada"].target == 14
    assert copy.edition is state.edition


def test_resolution_actions_offer_each_choice():
    state = new_state(players=PLAYERS[:2], seed=2)
    to_program_phase(state)
    value = state.patrons[0].value
    program = _program_to(state, "Ada", value)
    state.apply_action(WriteProgram("Ada", program))
    state.apply_action(Finish("Ada"))
    state.apply_action(TimeUp())
    while state.turn() != ("Ada", len(program.split())):
        state.apply_action(state.legal_actions()[0])
    kinds = state.patrons[0].patron.types
    assert state.legal_actions() == sorted((ResolveRow("Ada", None, t) for t in kinds),
                                           key=action_sort_key)
    with pytest.raises(GameError, match="cannot be taken"):
        state.apply_action(ResolveRow("Ada", None, "Nonsense"))
    state.apply_action(ResolveRow("Ada", None, kinds[1]))
    assert state.players["Ada"].influence[kinds[1]] == 1


def _program_to(state, name, value):
    """A shortest program from the start to ``value`` (breadth-first over legal rows)."""
    start = state.start_value(name)
    frontier = {start: ""}
    for _ in range(5):
        nxt = {}
        for v, prog in frontier.items():
            for op in state.next_operations(name, prog):
                r = op.apply(v, state.board).result
                text = f"{prog} {op}".strip()
                if r == value:
                    return text
                nxt.setdefault(r, text)
        frontier = nxt
    raise AssertionError("unreachable")
