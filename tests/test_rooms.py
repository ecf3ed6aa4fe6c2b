"""The rules of a live room (lnb.core.rooms, at a table of Lovelace & Babbage): replay is the
record, the table's due moves, the real-time race and its deadline, pacing, deterministic
bots, stale moves refused."""

from __future__ import annotations

import json

import pytest

from lnb.babbage import records
from lnb.babbage.game import (
    Activate,
    Debug,
    Finish,
    GameOptions,
    Phase,
    Recompute,
    ResolveRow,
    Target,
    TimeUp,
    WriteProgram,
)
from lnb.babbage.table import describe, legal_start
from lnb.core.errors import GameError, LnbError
from lnb.core.game import get
from lnb.core.i18n import use_language
from lnb.core.rooms import (
    Move,
    RoomError,
    RoomPlay,
    RoomSeat,
    RoomSetup,
    normalize_room_code,
)

T0 = 1_000_000.0


def setup_of(*kinds: str | None, seed: int = 11, **extra) -> RoomSetup:
    """A started table: a seat per kind (None: a pupil named by the character)."""
    chars = ("Ada Lovelace", "Charles Babbage", "Mary Somerville", "Luigi Federico Menabrea")
    names = ("Ada", "Bea", "Cy", "Di")
    seats = tuple(RoomSeat(i, names[i], chars[i], pupil=None if k else f"class:C:{i}",
                           computer=k) for i, k in enumerate(kinds))
    return RoomSetup("K7QX", seats, seed, "babbage", status="playing", started=T0, **extra)


def step(play: RoomPlay, now: float, present=(), drafts=None) -> list[Move]:
    """Append what is due at ``now``, as a store would (until nothing more is due)."""
    made = []
    while True:
        due = play.due(now, present, drafts)
        if not due:
            return made
        for action in due:
            seat = play.seat_for(action)
            made.append(play.apply(Move(play.next_seq, seat, play.stamp(action, now), now,
                                        "computer")))
        if play.finished:
            return made


def run(play: RoomPlay, now: float = T0, present=(), until=None, dt: float = 0.25,
        limit: float = 5000.0) -> float:
    """Poll every ``dt`` seconds until ``until(play)`` (default: game over); the time then."""
    until = until or (lambda p: p.finished)
    while not until(play):
        step(play, now, present)
        now += dt
        assert now < T0 + limit, "the table got stuck"
    return now


def act(play: RoomPlay, action, at: float, seq: int | None = None) -> Move:
    seat = play.seat_for(action)
    return play.apply(Move(play.next_seq if seq is None else seq, seat,
                           play.stamp(action, at), at, "pupil"))


def test_a_game_of_computers_replays_to_its_record() -> None:
    setup = setup_of("greedy", "planner", "beginner")
    play = RoomPlay.from_moves(setup, [])
    run(play)
    assert play.state.is_terminal() and play.waiting_on == ()
    record = play.to_record()
    assert record["format"] == "lnb-game/1" and len(record["rounds"]) == 4
    assert [p.get("computer") for p in record["players"]] == ["greedy", "planner", "beginner"]
    assert record["untimed"] is False
    # the record is what the game app saves: records reads it, the scores are the room's
    replayed = records.replay(json.loads(records.dumps(record)))
    assert replayed.finished and replayed.state.returns() == play.state.returns()
    # the moves alone replay the same game
    again = RoomPlay.from_moves(setup, play.moves)
    assert again.state.returns() == play.state.returns() and again.to_record() == record
    assert [m.seq for m in play.moves] == list(range(1, len(play.moves) + 1))
    frames = list(play.frames())
    assert len(frames) == len(play.moves) and frames[-1][1].is_terminal()
    assert play.upto(3).seq == 3 and not play.upto(3).finished


def test_the_record_grows_round_by_round() -> None:
    play = RoomPlay.from_moves(setup_of("greedy", "greedy"), [])
    assert play.to_record()["rounds"] == []
    run(play, until=lambda p: p.state.round == 2)
    assert len(play.to_record()["rounds"]) == 1
    assert not records.replay(play.to_record()).finished


def test_bots_are_deterministic_for_a_seed() -> None:
    one = RoomPlay.from_moves(setup_of("greedy", "planner", "beginner"), [])
    two = RoomPlay.from_moves(setup_of("greedy", "planner", "beginner"), [])
    run(one)
    run(two)
    assert [(m.seat, m.action, m.at) for m in one.moves] == [
        (m.seat, m.action, m.at) for m in two.moves]
    other = RoomPlay.from_moves(setup_of("greedy", "planner", "beginner", seed=12), [])
    run(other)
    assert [m.action for m in other.moves] != [m.action for m in one.moves]


def test_computers_target_at_once_and_a_present_pupil_is_waited_for() -> None:
    play = RoomPlay.from_moves(setup_of(None, "greedy"), [])
    assert play.waiting_on == ("Ada", "Bea")
    due = play.due(T0, present={"Ada"})
    assert [type(a) for a in due] == [Target] and due[0].player == "Bea"
    step(play, T0, present={"Ada"})
    assert play.waiting_on == ("Ada",) and play.due(T0 + 500, present={"Ada"}) == []


def test_an_absent_pupils_seat_is_played_by_a_bot_until_they_return() -> None:
    play = RoomPlay.from_moves(setup_of(None, "greedy"), [])
    step(play, T0, present=set())  # Ada's heartbeat is gone: her seat is played for her
    assert play.state.phase is Phase.PROGRAM
    assert {m.seat for m in play.moves} == {0, 1}  # targets and programs of both seats
    assert all(m.by == "computer" for m in play.moves)
    # she comes back: her seat is hers at once, the table finishes nothing for her
    assert [a.player for a in play.due(T0 + 100, present={"Ada"})] == ["Bea"]
    assert {a.player for a in play.due(T0 + 100, present=set())} == {"Ada", "Bea"}


def test_a_room_that_is_open_makes_no_moves() -> None:
    import dataclasses

    setup = dataclasses.replace(setup_of("greedy", "greedy"), status="open")
    assert RoomPlay.from_moves(setup, []).due(T0 + 100) == []


def to_program(play: RoomPlay, ada_present: bool = True) -> None:
    """Targets made (Ada's by hand), the Program phase begun at T0 + 1."""
    sub = play.state.targetable("Ada")[0].target
    act(play, Target("Ada", sub), T0 + 1)
    step(play, T0 + 1, present={"Ada"} if ada_present else set())
    assert play.state.phase is Phase.PROGRAM and play.program_since == T0 + 1


def test_the_first_finish_starts_the_minute_and_time_up_hands_in_the_draft() -> None:
    play = RoomPlay.from_moves(setup_of(None, None, "greedy"), [])
    act(play, Target("Bea", play.state.targetable("Bea")[0].target), T0)
    to_program(play)
    assert play.race_deadline is None and play.seconds_left(T0 + 5) is None
    act(play, WriteProgram("Ada", "A3+"), T0 + 5)
    finish = act(play, Finish("Ada"), T0 + 7.5)
    assert finish.action.seconds == 6.5  # since the Program phase began
    assert play.race_deadline == T0 + 7.5 + 60 and play.seconds_left(T0 + 17.5) == 50
    present = {"Ada", "Bea"}
    # before the deadline: only the computer's moves (its program, its finish when thought)
    before = step(play, T0 + 67, present)
    assert all(not isinstance(m.action, TimeUp) for m in before)
    assert all(m.action.player == "Cy" for m in before)
    # Bea wrote a draft on her screen; its illegal last row is left out at the deadline
    drafts = {1: "A3+ A9+"}
    due = play.due(T0 + 67.5, present, drafts)
    assert due == [WriteProgram("Bea", "A3+"), TimeUp()]
    step(play, T0 + 67.5, present, drafts)
    bea = play.state.player("Bea").play
    assert play.state.phase is Phase.RESOLUTION and bea.stopped and str(bea.program) == "A3+"
    assert play.state.order[0] == "Ada"  # the first to finish keeps token 1
    assert play.race_deadline is None and play.program_since is None


def test_a_finish_after_the_bell_is_refused() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    act(play, Target("Bea", play.state.targetable("Bea")[0].target), T0)
    to_program(play)
    act(play, Finish("Ada"), T0 + 10)
    with pytest.raises(RoomError) as caught:
        act(play, Finish("Bea"), T0 + 70)  # the minute ended; nobody appended TimeUp yet
    assert caught.value.reason == "time-up" and caught.value.player == "Bea"
    act(play, Finish("Bea"), T0 + 69.9)  # just before the bell it counts
    assert play.state.order == ("Ada", "Bea")


def test_a_pupil_who_finished_is_never_moved_by_a_later_finisher() -> None:
    play = RoomPlay.from_moves(setup_of(None, None, None), [])
    for name in ("Bea", "Cy"):
        act(play, Target(name, play.state.targetable(name)[0].target), T0)
    to_program(play)
    act(play, Finish("Cy"), T0 + 40)
    act(play, Finish("Ada"), T0 + 50)
    act(play, Finish("Bea"), T0 + 55)
    assert play.state.order == ("Cy", "Ada", "Bea")
    assert play.state.finish_seconds == {"Cy": 39.0, "Ada": 49.0, "Bea": 54.0}


def test_resolution_rows_come_at_the_tables_pace() -> None:
    play = RoomPlay.from_moves(setup_of("greedy", "greedy", pace_seconds=2.0), [])
    run(play, until=lambda p: p.state.phase is Phase.RESOLUTION)
    last = play.moves[-1].at
    assert play.due(last + 1.9) == []
    made = step(play, last + 2.0)
    assert len(made) == 1 and isinstance(made[0].action, ResolveRow)
    assert play.due(last + 3.9) == [] and len(step(play, last + 4.0)) == 1


def test_a_present_pupil_chooses_their_rows_but_rows_without_choice_resolve() -> None:
    play = RoomPlay.from_moves(setup_of(None, "greedy"), [])
    # let Ada act through a whole Round by hand wherever she has a choice
    now = T0
    for _ in range(400):
        state = play.state
        if state.round > 1:
            break
        waiting = play.waiting_on
        if state.phase is Phase.TARGET and "Ada" in waiting:
            act(play, Target("Ada", state.targetable("Ada")[0].target), now)
        elif state.phase is Phase.PROGRAM and "Ada" in waiting:
            act(play, Finish("Ada"), now)
        elif state.phase is Phase.RESOLUTION and state.turn()[0] == "Ada" and len(
                state.legal_actions("Ada")) > 1:
            assert play.due(now + 100, present={"Ada"}) == []  # her choice: the table waits
            act(play, state.legal_actions("Ada")[-1], now)
        else:
            step(play, now, present={"Ada"})
        now += 0.5
    assert play.state.round == 2


def test_a_stale_move_is_refused_with_what_the_table_did() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    seen = play.next_seq  # both pupils see the table at seq 1
    sub = play.state.targetable("Bea")[0].target
    act(play, Target("Bea", sub), T0, seq=seen)
    # Ada's Target at the same instant still lands (independent of Bea's): nothing is lost
    landed = act(play, Target("Ada", play.state.targetable("Ada")[0].target), T0, seq=seen)
    assert landed.seq == 2 and play.state.phase is Phase.PROGRAM
    # a second Target of Ada's from the same old screen: the table moved on
    with pytest.raises(RoomError) as caught:
        act(play, Target("Ada", sub), T0 + 1, seq=seen)
    err = caught.value
    assert err.reason == "table-moved-on" and err.seat == 0 and err.player == "Ada"
    assert [str(m) for m in err.moves] == ["Bea chose a target", "Ada chose a target"]
    assert err.seq == seen and err.expected_seq == 3
    assert str(err) == ("The table moved on: Bea chose a target and Ada chose a target. Your "
                        "board now shows the new state.")
    with use_language("zh-CN"):
        assert "Bea" in str(err) and "moved on" not in str(err)
    assert play.seq == 2  # nothing changed


def test_a_stale_row_in_the_resolution_is_refused() -> None:
    play = RoomPlay.from_moves(setup_of("greedy", "greedy"), [])
    run(play, until=lambda p: p.state.phase is Phase.RESOLUTION)
    seen, (name, _row) = play.next_seq, play.state.turn()
    made = step(play, play.moves[-1].at + 1.5)  # the row is resolved for that seat meanwhile
    assert len(made) == 1
    with pytest.raises(RoomError) as caught:
        act(play, ResolveRow(name), made[0].at, seq=seen)
    assert caught.value.reason == "table-moved-on" and caught.value.player == name
    assert str(caught.value.moves[-1]).startswith(f"{name} resolves a row")
    assert play.seq == seen


def test_an_illegal_action_is_the_games_error_and_changes_nothing() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    with pytest.raises(GameError) as caught:
        act(play, Target("Ada", 99), T0)
    assert caught.value.reason == "not-targetable" and play.seq == 0
    with pytest.raises(RoomError) as wrong_seat:
        play.apply(Move(1, 1, Target("Ada", 14), T0, "pupil"))  # Ada's action from Bea's seat
    assert wrong_seat.value.reason == "not-your-seat"
    with pytest.raises(RoomError):
        play.check(Move(5, 0, Target("Ada", 14), T0))  # a seq from the future
    play.check(Move(1, 0, Target("Ada", play.state.targetable("Ada")[0].target), T0))
    assert play.seq == 0  # check changes nothing


def test_a_game_over_refuses_more_moves() -> None:
    play = RoomPlay.from_moves(setup_of("greedy", "greedy"), [])
    run(play)
    with pytest.raises(RoomError) as caught:
        act(play, Target("Ada", 14), T0 + 9999)
    assert caught.value.reason == "room-over"
    assert play.due(T0 + 9999) == []


@pytest.mark.parametrize("action", [
    Target("Ada", 23), Activate("Ada", (5, 12)), Activate("Ada"),
    WriteProgram("Ada", "A3+ A4/", ((68, 58),)), WriteProgram("Ada", "A3+ 60, B1+Σ 61"),
    Finish("Ada"), Finish("Ada", 12.5), TimeUp(), ResolveRow("Ada", patron=58, take="Art"),
    ResolveRow("Ada"), Debug("Ada", "A4/ 30"), Recompute("Ada"),
])
def test_every_action_round_trips_as_a_stored_move(action) -> None:
    game = get("babbage")  # a move is stored as the game's text form
    assert game.parse_action(game.action_text(action)) == action


def test_an_unreadable_move_is_an_error_with_fields() -> None:
    for text in ("{", '{"type": "Jump"}', '{"type": "Target", "player": "Ada"}', "[]"):
        with pytest.raises(LnbError) as caught:
            get("babbage").parse_action(text)
        assert caught.value.reason == "bad-action"


def test_describe_keeps_targets_and_programs_secret() -> None:
    assert str(describe(Target("Bea", 23))) == "Bea chose a target"
    assert str(describe(WriteProgram("Bea", "A3+"))) == "Bea wrote a program"
    assert "23" not in str(describe(Target("Bea", 23)))
    assert str(describe(Finish("Bea", 3.0))) == "Bea finishes"
    with use_language("zh-CN"):
        assert str(describe(Target("Bea", 23))) != "Bea chose a target"


def test_room_codes() -> None:
    assert normalize_room_code(" k7-qx ") == "K7QX"
    for bad in ("K7Q", "K7QXX", "K0QX", "", None, "ABCD"):  # B is not in the alphabet
        with pytest.raises(RoomError) as caught:
            normalize_room_code(bad)
        assert caught.value.reason == "bad-code"


def test_the_code_alphabet_is_the_class_codes() -> None:
    from classroom.identity import ALPHABET
    from lnb.core.rooms import CODE_ALPHABET

    assert CODE_ALPHABET == ALPHABET


def test_setup_json_round_trips() -> None:
    setup = setup_of(None, "planner", options=GameOptions(take_that=False, timer_seconds=45))
    again = RoomSetup.from_json(setup.code, setup.to_json(), setup.seats, game="babbage",
                                status="playing")
    assert again == setup and again.race_seconds == 45


def test_a_legal_start_of_a_draft() -> None:
    play = RoomPlay.from_moves(setup_of(None, None), [])
    for name in ("Ada", "Bea"):
        act(play, Target(name, play.state.targetable(name)[0].target), T0)
    assert str(legal_start(play.state, "Ada", "A3+ A4/")) == "A3+ A4/"
    assert str(legal_start(play.state, "Ada", "A3+ A9+ A4/")) == "A3+"
    assert str(legal_start(play.state, "Ada", "nonsense")) == ""
    assert str(legal_start(play.state, "Ada", "A3+ " * 9)) == " ".join(["A3+"] * 5)


def test_a_pupil_deciding_about_a_wrong_result_has_the_minute() -> None:
    setup = setup_of(None, "greedy", options=GameOptions(mental_arithmetic=True))
    play = RoomPlay.from_moves(setup, [])
    act(play, Target("Ada", play.state.targetable("Ada")[0].target), T0)
    step(play, T0, present={"Ada"})
    act(play, WriteProgram("Ada", "A3+ 99"), T0 + 1)  # 55 + 5 is not 99
    act(play, Finish("Ada"), T0 + 2)
    run(play, now=T0 + 2, present={"Ada"}, until=lambda p: p.state.phase is Phase.DEBUG)
    since = play.phase_since
    assert play.state.turn()[0] == "Ada" and play.waiting_on == ("Ada",)
    assert play.due(since + 59.9, present={"Ada"}) == []
    assert play.due(since + 60, present={"Ada"}) == [Recompute("Ada")]
    assert play.due(since + 1.5, present=set()) == [Recompute("Ada")]  # away: the bot's way
