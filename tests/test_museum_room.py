"""The museum room's rules (lnb.museum.room): the same dice for the class, each pupil's map
replayed, the teacher's hold, the class's standings, histogram and best maps."""

from __future__ import annotations

import pytest

from lnb.museum.bots import make_bot
from lnb.museum.room import (
    CAPACITY,
    MuseumRoom,
    RoomRuleError,
    best_maps,
    histogram,
    progress,
    standings,
    turn_counts,
)
from lnb.museum.state import Game


def finished(room: MuseumRoom, bot: str = "greedy", seed: int = 0):
    player = make_bot(bot, seed=seed)
    state = room.new_state()
    while not state.is_terminal():
        state = room.play(state, player.choose_action(state))
    return state


@pytest.mark.parametrize("seed", [1, 7, 12345])
def test_the_rooms_dice_are_a_museum_games_of_that_seed(seed: int) -> None:
    room = MuseumRoom(seed=seed)
    alone = Game(seed=seed).new_initial_state()
    player = make_bot("greedy", seed=3)
    while not alone.is_terminal():
        alone.apply_action(player.choose_action(alone))
    assert len(alone.rolls) >= 15
    for turn, dice in enumerate(alone.rolls, start=1):
        assert room.roll(turn, len(dice)) == dice
    assert room.rolls(3) == [tuple(d) for d in alone.rolls[:3]]


def test_two_pupils_see_the_same_dice_whatever_they_play() -> None:
    room = MuseumRoom(seed=42)
    one, two = finished(room, "greedy"), finished(room, "planner")
    turns = min(len(one.rolls), len(two.rolls))
    pairs = zip(one.rolls[:turns], two.rolls[:turns], strict=True)
    same = [a == b for a, b in pairs if len(a) == len(b)]
    assert same and all(same)


def test_a_pupils_moves_replay_to_their_map() -> None:
    room = MuseumRoom(seed=9)
    state = finished(room)
    again = room.replay(str(a) for a in state.history)
    assert again.text() == state.text() and again.score() == state.score()
    half = room.replay([str(a) for a in state.history[:10]])
    rest = room.replay([str(a) for a in state.history[10:]], start=half)
    assert rest.score() == state.score() and len(half.history) == 10


def test_a_move_that_does_not_apply_is_refused_with_its_index() -> None:
    room = MuseumRoom(seed=1)
    with pytest.raises(RoomRuleError) as caught:
        room.replay(["place 6b r0 @A4", "place 6b r0 @A4"])
    assert caught.value.reason == "bad-move" and caught.value.entry == 1
    assert caught.value.fields["move"] == "place 6b r0 @A4"


def test_play_leaves_the_state_as_it_was_and_refusals_carry_the_games_reason() -> None:
    room = MuseumRoom(seed=1)
    state = room.new_state()
    after = room.play(state, "place 6b r0 @A4")
    assert state.history == [] and len(after.history) == 1
    with pytest.raises(Exception) as caught:
        room.play(after, "place 6b r0 @A4")
    assert getattr(caught.value, "reason", None) is not None
    assert len(after.history) == 1


def test_the_hold_stops_the_pupils_who_reached_it_and_the_release_lets_them_on() -> None:
    room = MuseumRoom(seed=5)
    player = make_bot("greedy", seed=1)
    state = room.new_state()
    held = room.holding(3)
    while not held.is_held(state):
        state = held.play(state, player.choose_action(state))
    assert state.turn == 3 and not room.is_held(state)
    action = player.choose_action(state)
    with pytest.raises(RoomRuleError) as caught:
        held.play(state, action)
    assert (caught.value.reason, caught.value.hold, caught.value.turn) == ("held", 3, 3)
    assert held.holding(2).is_held(state)  # a hold behind a pupil holds them too
    assert not held.holding(4).is_held(state)
    assert held.released().play(state, action).history[-1] == action


def test_a_finished_map_takes_no_more_moves_and_is_never_held() -> None:
    room = MuseumRoom(seed=2)
    state = finished(room)
    assert not room.holding(1).is_held(state)
    with pytest.raises(RoomRuleError) as caught:
        room.play(state, "skip 1")
    assert caught.value.reason == "game-over"


@pytest.mark.parametrize("bad", [0, -1, "3", True])
def test_a_bad_hold_is_refused_saying_what_a_turn_is(bad: object) -> None:
    with pytest.raises(RoomRuleError) as caught:
        MuseumRoom(seed=1, hold=bad)  # type: ignore[arg-type]
    assert caught.value.reason == "bad-hold" and "whole number" in str(caught.value)


def test_capacity_is_one_to_a_class() -> None:
    assert MuseumRoom(seed=1).capacity == CAPACITY == 32
    with pytest.raises(RoomRuleError) as caught:
        MuseumRoom(seed=1, capacity=33)
    assert caught.value.reason == "bad-capacity"


def test_setup_round_trips() -> None:
    room = MuseumRoom(seed=11, hold=6, capacity=20)
    assert MuseumRoom.from_setup(room.setup()) == room


def test_standings_histogram_and_best_maps_from_the_states() -> None:
    room = MuseumRoom(seed=3)
    maps = {"Al": finished(room, "greedy", 1), "Bo": finished(room, "planner"),
            "Cy": room.new_state()}
    rows = [progress(name, s) for name, s in maps.items()]
    ranked = standings(rows)
    assert [s.progress.score for s in ranked] == sorted((p.score for p in rows), reverse=True)
    assert ranked[0].rank == 1 and ranked[-1].progress.name == "Cy"
    assert sum(histogram(rows)) == 3 and sum(histogram(rows, finished_only=True)) == 2
    assert turn_counts(rows) == {0: 2, 1: 1}
    hidden = best_maps(list(maps.items()))
    assert len(hidden) == 2 and all(m.name is None for m in hidden)
    assert hidden[0].score >= hidden[1].score
    shown = best_maps(list(maps.items()), show_names=True, count=1)
    best = max(("Al", "Bo"), key=lambda n: (maps[n].score().total, n == "Al"))
    assert [m.name for m in shown] == [best] and shown[0].map_text == maps[best].text()
