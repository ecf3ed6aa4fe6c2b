"""The table (lnb.core.table) with Lovelace & Babbage's rules: people and computers, the race."""

from __future__ import annotations

import pytest

from lnb.babbage.bots import make_bot
from lnb.babbage.game import Game, GameOptions, Phase, Target
from lnb.babbage.records import replay, write
from lnb.babbage.simulate import play_game
from lnb.babbage.table import babbage_table
from lnb.core.errors import GameError

PAIRS = [("Ada", "Ada Lovelace"), ("Bea", "Charles Babbage"), ("Cy", "Mary Somerville")]


def table_for(computers: dict[str, str], seed: int = 4, timed: bool = True,
              think: float | None = None, players: int = 3):
    game = Game(PAIRS[:players], seed=seed)
    bots = {n: make_bot(k, seed=i) for i, (n, k) in enumerate(computers.items())}
    return babbage_table(game.new_initial_state(), bots, timed=timed, think=think)


def to_program_phase(table) -> None:
    """People target their first Subroutine; computers act by themselves."""
    table.advance()
    while table.state.phase is Phase.TARGET:
        name = table.waiting_for()[0]
        table.act(table.state.legal_actions(name)[0])
        table.advance()
    assert table.state.phase is Phase.PROGRAM


def test_computers_act_until_a_person_must() -> None:
    table = table_for({"Bea": "greedy", "Cy": "planner"})
    table.advance()
    assert table.waiting_for() == ("Ada",)
    assert table.state.player("Bea").target is not None  # the computers have targeted
    assert table.state.player("Ada").target is None


def test_a_computer_seat_cannot_be_played_by_a_person() -> None:
    table = table_for({"Bea": "greedy"})
    table.advance()
    with pytest.raises(GameError) as err:
        table.act(Target("Bea", table.state.targetable("Bea")[0].target))
    assert err.value.player == "Bea"


def test_unknown_computer_seat_is_refused() -> None:
    game = Game(PAIRS[:2], seed=1)
    with pytest.raises(GameError) as err:
        babbage_table(game.new_initial_state(), {"Zed": make_bot("greedy")})
    assert err.value.player == "Zed"


def test_people_write_in_turn_and_race_as_if_at_once() -> None:
    table = table_for({"Cy": "greedy"}, think=30.0)
    to_program_phase(table)
    table.advance()  # the race starts: Cy writes at once and thinks 30 s
    assert table.writer == "Ada" and table.waiting_for() == ("Ada",)
    assert not table.tick(10.0) and table.tick(31.0)  # Ada's minute starts at Cy's 30 s
    table.finish(42.0, "A3+")
    assert table.writer == "Bea"
    table.finish(12.0, "A2+")  # Bea is quicker on her own clock
    table.advance()
    state = table.state
    assert state.phase is Phase.RESOLUTION
    assert state.order == ("Bea", "Cy", "Ada")
    assert state.stopped == ()


def test_the_minute_stops_a_slow_person_and_the_rows_stand() -> None:
    table = table_for({"Cy": "greedy"}, think=5.0)
    to_program_phase(table)
    table.advance()
    table.write("A3+ A3+")
    table.time_up()  # Ada still writing when her minute (from Cy's 5 s) is over
    table.finish(3.0, "A2+")
    table.advance()
    state = table.state
    assert state.order == ("Bea", "Cy", "Ada") and state.stopped == ("Ada",)
    assert str(state.player("Ada").play.written_program) == "A3+ A3+"


def test_untimed_nobody_is_stopped() -> None:
    table = table_for({"Cy": "greedy"}, think=500.0, timed=False)
    to_program_phase(table)
    table.advance()
    assert table.race is not None and table.race.seconds is None
    table.finish(900.0, "A3+")
    table.finish(1.0, "A2+")
    table.advance()
    assert table.state.order == ("Bea", "Cy", "Ada") and table.state.stopped == ()


def test_resolution_is_paced_and_step_takes_one_row() -> None:
    table = table_for({"Bea": "greedy", "Cy": "greedy"})
    to_program_phase(table)
    table.advance()
    table.finish(20.0, "A3+ A4/")
    table.advance()
    assert table.state.phase is Phase.RESOLUTION
    events = len(table.state.events)
    table.advance()  # paced: nothing happens
    assert len(table.state.events) == events
    table.step()
    assert len(table.state.events) == events + 1


def test_writing_when_nobody_writes_is_refused() -> None:
    table = table_for({"Bea": "greedy"})
    table.advance()
    with pytest.raises(GameError) as err:
        table.write("A3+")
    assert err.value.reason == "not-writing"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_computers_only_play_to_the_end_and_replay(seed: int) -> None:
    game = Game(PAIRS, GameOptions(), seed=seed)
    bots = {"Ada": make_bot("planner", seed), "Bea": make_bot("greedy", seed),
            "Cy": make_bot("beginner", seed)}
    state = play_game(bots, game)
    assert state.is_terminal()
    again = replay(write(state))
    assert again.to_dict()["players"] == replay(write(state)).to_dict()["players"]
    assert [p.total for p in again.state.score_sheet().players] == \
        [p.total for p in state.score_sheet().players]
