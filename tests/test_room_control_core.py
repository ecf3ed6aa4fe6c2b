"""The teacher's table actions in the room rules (lnb.core.rooms, lnb.core.table): pause and
resume shift the race's deadline and the time-outs by the paused time and refuse every move
meanwhile; a seat's time allowance (×1, ×2, ×5, no limit) lengthens its own race; the replay
of the stored moves gives the same table."""

from __future__ import annotations

import pytest

from lnb.babbage.game import Finish, GameOptions, Phase, Recompute, TimeUp, WriteProgram
from lnb.core.game import get
from lnb.core.rooms import (
    Allow,
    Move,
    Pause,
    Resume,
    RoomError,
    RoomPlay,
    action_text,
    describe,
    parse_action,
)
from lnb.core.table import ALLOWANCES
from tests.test_rooms import T0, act, run, setup_of, step, to_program


def teacher(play: RoomPlay, action, at: float) -> Move:
    """The teacher's table move (seat None) at ``at``."""
    return play.apply(Move(play.next_seq, None, action, at, "teacher:C"))


def replayed(play: RoomPlay) -> RoomPlay:
    """The play as the store gives it back: every action through its text form."""
    game = play.game
    moves = [Move(m.seq, m.seat, parse_action(game, action_text(game, m.action)), m.at, m.by)
             for m in play.moves]
    return RoomPlay.from_moves(play.setup, moves)


@pytest.mark.parametrize("action", [Pause(), Resume(), Allow(0, 2.0), Allow(3, 5.0),
                                    Allow(1, None), Allow(2, 1.0)])
def test_a_table_action_round_trips_as_text(action) -> None:
    game = get("babbage")
    assert parse_action(game, action_text(game, action)) == action
    assert str(describe(game, action))  # everyone may read it


def test_a_game_action_is_still_the_games_text() -> None:
    game = get("babbage")
    assert parse_action(game, action_text(game, TimeUp())) == TimeUp()


def test_pause_freezes_the_race_and_resume_shifts_its_deadline() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    act(play, play_target(play, "Bea"), T0)
    to_program(play)
    act(play, Finish("Ada"), T0 + 10)
    assert play.race_deadline == T0 + 70
    teacher(play, Pause(), T0 + 20)
    assert play.paused and play.seconds_left(T0 + 50) == 50  # frozen at the pause
    assert play.due(T0 + 500, present={"Ada", "Bea"}) == []  # nothing happens while paused
    with pytest.raises(RoomError) as caught:
        act(play, Finish("Bea"), T0 + 30)
    assert caught.value.reason == "paused" and caught.value.player == "Bea"
    with pytest.raises(RoomError) as again:
        teacher(play, Pause(), T0 + 31)
    assert again.value.reason == "already-paused"
    teacher(play, Resume(), T0 + 120)  # paused 100 s
    assert not play.paused and play.race_deadline == T0 + 170
    assert play.seconds_left(T0 + 120) == 50
    assert play.due(T0 + 169.9, present={"Ada", "Bea"}) == []
    assert play.due(T0 + 170, present={"Ada", "Bea"}) == [TimeUp()]
    finish = act(play, Finish("Bea"), T0 + 125)
    # the finish's seconds leave the pause out: 125 - 1 (the race's start) - 100 paused
    assert finish.action.seconds == 24.0
    with pytest.raises(RoomError) as not_paused:
        teacher(play, Resume(), T0 + 126)
    assert not_paused.value.reason == "not-paused"
    same = replayed(play)
    assert same.race_deadline == play.race_deadline and same.state.order == play.state.order
    assert [m.action for m in same.moves] == [m.action for m in play.moves]


def play_target(play: RoomPlay, name: str):
    from lnb.babbage.game import Target
    return Target(name, play.state.targetable(name)[0].target)


def test_an_allowance_lengthens_a_seats_race_only() -> None:
    play = RoomPlay.from_moves(setup_of(None, None, None), [])
    teacher(play, Allow(1, 2.0), T0)
    teacher(play, Allow(2, None), T0)
    act(play, play_target(play, "Bea"), T0)
    act(play, play_target(play, "Cy"), T0)
    to_program(play)
    act(play, Finish("Ada"), T0 + 10)
    assert play.allowances == {1: 2.0, 2: None} and play.allowance(0) == 1.0
    assert [play.deadline_for(s) for s in (0, 1, 2)] == [T0 + 70, T0 + 130, None]
    here = {"Ada", "Bea", "Cy"}
    # at the ×1 deadline: Bea (×2) and Cy (no limit) still write, the race goes on
    assert play.due(T0 + 70, here) == []
    write = WriteProgram("Bea", "A3+")
    play.check(Move(play.next_seq, 1, write, T0 + 100, "pupil"))  # her own minute runs
    # at Bea's deadline her draft is handed in; Cy still writes
    assert play.due(T0 + 129.9, here, {1: "A3+"}) == []
    assert play.due(T0 + 130, here, {1: "A3+"}) == [write]
    step(play, T0 + 130, here, {1: "A3+"})
    assert play.due(T0 + 131, here, {1: "A3+"}) == []  # handed in once
    with pytest.raises(RoomError) as late:
        act(play, Finish("Bea"), T0 + 130)
    assert late.value.reason == "time-up"
    act(play, Finish("Cy"), T0 + 900)  # no limit: finishes whenever
    assert play.due(T0 + 900, here) == [TimeUp()]
    step(play, T0 + 900, here)
    assert play.state.phase is not Phase.PROGRAM
    assert play.state.order[:2] == ("Ada", "Cy")
    assert replayed(play).state.order == play.state.order


def test_without_allowances_the_race_ends_as_before() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    teacher(play, Allow(1, 1.0), T0)  # ×1 is no change
    act(play, play_target(play, "Bea"), T0)
    to_program(play)
    act(play, Finish("Ada"), T0 + 10)
    assert play.allowances == {}
    assert play.due(T0 + 70, {"Ada", "Bea"}, {1: "A3+"}) == [WriteProgram("Bea", "A3+"),
                                                              TimeUp()]


def test_a_time_out_gets_the_allowance_and_the_pause() -> None:
    setup = setup_of(None, "greedy", options=GameOptions(mental_arithmetic=True))
    play = RoomPlay.from_moves(setup, [])
    teacher(play, Allow(0, 5.0), T0)
    act(play, play_target(play, "Ada"), T0)
    step(play, T0, present={"Ada"})
    act(play, WriteProgram("Ada", "A3+ 99"), T0 + 1)  # 55 + 5 is not 99
    act(play, Finish("Ada"), T0 + 2)
    run(play, now=T0 + 2, present={"Ada"}, until=lambda p: p.state.phase is Phase.DEBUG)
    since = play.phase_since
    assert play.due(since + 299.9, present={"Ada"}) == []
    teacher(play, Pause(), since + 100)
    teacher(play, Resume(), since + 150)
    assert play.due(since + 349.9, present={"Ada"}) == []
    assert play.due(since + 350, present={"Ada"}) == [Recompute("Ada")]


def test_a_bad_allowance_or_seat_is_refused_with_fields() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    with pytest.raises(RoomError) as bad:
        teacher(play, Allow(0, 3.0), T0)
    assert bad.value.reason == "bad-allowance" and bad.value.expected == ALLOWANCES
    with pytest.raises(RoomError) as seat:
        teacher(play, Allow(7, 2.0), T0)
    assert seat.value.reason == "no-such-seat"
    with pytest.raises(RoomError) as pupil:
        play.apply(Move(play.next_seq, 0, Pause(), T0, "class:C:0"))
    assert pupil.value.reason == "not-your-seat"
    assert play.moves == []


def test_a_table_renamed_for_the_projector_is_the_same_game() -> None:
    play = RoomPlay.from_moves(setup_of("greedy", "beginner", "planner"), [])
    run(play)
    names = {"Ada": "Pupil 1", "Bea": "Pupil 2", "Cy": "Pupil 3"}
    hidden = play.renamed(names)
    assert hidden.state.names == ("Pupil 1", "Pupil 2", "Pupil 3")
    assert hidden.state.returns() == {names[n]: v for n, v in play.state.returns().items()}
    assert '"Ada"' not in play.game.records.dumps(hidden.to_record())
