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


def test_the_store_never_leaves_a_skipped_activation_pending(tmp_path) -> None:
    """Through the store (``RoomStore``), a pupil's activation that is followed by a pupil
    with nothing to activate is written with that skip, in one transaction: a page reading
    the room between two polls never sees a pupil asked to activate nothing (the rooms
    browser test's flake: "asked to activate nothing")."""
    from clock import Clock

    from classroom.identity import Pupil
    from classroom.progress import ProgressStore
    from classroom.rooms import RoomStore

    followed = 0
    for seed in range(12):
        play = at_an_activation(seed)
        if play is None:
            continue
        clock = Clock(1000.0)
        with ProgressStore(tmp_path / f"rooms-{seed}.sqlite3", backups=False) as store:
            rooms = RoomStore(store, clock=clock)
            pupils = [Pupil(f"class:C:{i}", n) for i, n in enumerate(NAMES)]
            code = rooms.open_room(None, None, seats=3, seed=seed, characters=[
                "Ada Lovelace", "Charles Babbage", "Luigi Federico Menabrea"]).code
            for pupil in pupils:
                rooms.take_seat(code, pupil, pupil.label)
            rooms.start(code)
            game = play.game
            with store.transaction() as conn:  # the table's moves up to the activation
                for m in play.moves:
                    conn.execute('INSERT INTO room_moves (code, seq, seat, action, at, "by") '
                                 "VALUES (?, ?, ?, ?, ?, ?)", (code, m.seq, m.seat,
                                                               game.action_text(m.action),
                                                               m.at, m.by))
                conn.execute("UPDATE rooms SET version = version + 1 WHERE code = ?", (code,))
            clock.now = play.last_at
            for i, pupil in enumerate(pupils):
                rooms.heartbeat(code, i, pupil)
            rooms.advance(code)  # a first pupil with nothing to activate is skipped
            while (now := rooms.play(code)).state.phase is Phase.ACTIVATE:
                name = now.waiting_on[0]
                assert now.state.activatable(name), (seed, name)  # never asked for nothing
                seat = now.seat_index(name)
                rooms.act(code, now.next_seq, seat, Activate(name, ()), pupils[seat])
                after = rooms.moves(code, now.seq + 1)
                followed += sum(m.by == COMPUTER and isinstance(m.action, Activate)
                                for m in after)
    assert followed, "no pupil's activation was followed by a skipped one"
