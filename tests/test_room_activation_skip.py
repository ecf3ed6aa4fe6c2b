"""An activation step with nothing to activate is skipped (issue 26, trial defect 9): at a
live table (``RoomPlay.due``, i.e. ``Table.due``) and at one screen
(``BabbageRules.forced``), one rule in ``lnb``. A seat with completed, unused Subroutines is
still asked."""

from __future__ import annotations

from lnb.babbage.game import Activate, Phase
from lnb.babbage.table import RULES, babbage_table
from lnb.core.rooms import COMPUTER, Move, RoomPlay, RoomSeat, RoomSetup

NAMES = ("Ada", "Bea", "Cy")


def at_an_activation(seed: int) -> RoomPlay | None:
    """A three-pupil table played by the table (everyone away) up to its first activation
    step in Round 2 or later; None when the game ends first."""
    seats = tuple(RoomSeat(i, n, c, pupil=f"class:C:{i}") for i, (n, c) in enumerate(
        zip(NAMES, ("Ada Lovelace", "Charles Babbage", "Luigi Federico Menabrea"), strict=True)))
    setup = RoomSetup("K7QX", seats, seed=seed, game="babbage", status="playing",
                      started=1000.0)
    play = RoomPlay.from_moves(setup, [])
    now = 1000.0
    for _ in range(2000):
        state = play.state
        if state.phase is Phase.ACTIVATE or play.finished:
            return None if play.finished else play
        due = play.due(now, present=())
        if not due:
            now += 5.0
            continue
        for action in due:
            seat = None if not getattr(action, "player", None) else play.seat_index(
                action.player)
            play.apply(Move(play.next_seq, seat, play.stamp(action, now), now, COMPUTER))
    raise AssertionError("the table never reached an activation")


def test_a_pupil_with_nothing_to_activate_is_skipped_and_others_are_asked() -> None:
    skipped = asked = 0
    for seed in range(12):
        play = at_an_activation(seed)
        if play is None:
            continue
        state = play.state
        while state.phase is Phase.ACTIVATE:
            name = play.waiting_on[0]
            due = play.due(play.last_at, present=set(NAMES))  # every pupil is here
            if state.activatable(name):
                assert due == [], (seed, name, due)  # their choice: the table waits
                asked += 1
                action = Activate(name, ())
            else:
                assert due == [Activate(name, ())], (seed, name, due)  # made by the table
                assert RULES.forced(state, name, state.legal_actions(name)) == due[0]
                skipped += 1
                action = due[0]
            play.apply(Move(play.next_seq, play.seat_index(name), action,
                            play.last_at, COMPUTER))
    assert skipped and asked, (skipped, asked)  # both cases were met


def test_one_screen_skips_it_too() -> None:
    """The one-screen table (``lnb.core.table.Table`` with Babbage's rules, every seat a
    person) makes an empty activation by itself and waits for a person who has something
    to activate: the same rule as the live table's."""
    skipped = asked = 0
    for seed in range(12):
        play = at_an_activation(seed)
        if play is None:
            continue
        state = play.state.clone()
        table = babbage_table(state, {})
        while state.phase is Phase.ACTIVATE:
            name = table.waiting_for()[0]
            if state.activatable(name):
                assert table.step() is None  # a person's choice
                asked += 1
                state.apply_action(Activate(name, ()))
            else:
                assert table.step() == Activate(name, ())
                skipped += 1
    assert skipped and asked, (skipped, asked)
