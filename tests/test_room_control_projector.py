"""The projector with the names hidden after the teacher's table moves (the flake of
tests/browser/test_room_control_in_browser.py, issue 29 item 4), on both engines.

The projector replays a table under "Pupil 1"... (:meth:`lnb.core.rooms.RoomPlay.renamed`,
moved on move by move as :class:`widgets.classroom.table_page` does). Interleaving *Pause
all*, an allowance, *Resume all* and a pupil's stale but independent move, the renamed replay
shows the same game as the plain one, whichever way it was built. What did differ was the
order of the teacher's rows: most recently touched first, so a pupil's move reordered them
and the test's "first row" was another table (waiting for its Pupil 1). The rows now keep
the order the tables were opened in.
"""

from __future__ import annotations

from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.room_control import RoomControl
from classroom.rooms import RoomStore
from lnb.babbage.game import Target
from lnb.core.rooms import RoomPlay, renamed_move

T0 = 2_000_000.0


def started_table(rooms: RoomStore, classroom: Classroom, made, names: list[str]) -> str:  # type: ignore[no-untyped-def]
    cards = {c.pupil_name: c for c in made.cards}
    sessions = [classroom.join(made.code, n, cards[n].secret) for n in names]
    setup = rooms.open_room(sessions[0].pupil, made.code, seats=len(names))
    for session in sessions:
        rooms.take_seat(setup.code, session.pupil, session.pupil_name)
    rooms.start(setup.code)
    return setup.code


def hidden(play: RoomPlay) -> dict[str, str]:
    return {s.name: f"Pupil {s.index + 1}" for s in play.setup.seats if s.pupil}


def same_game(plain: RoomPlay, renamed: RoomPlay) -> None:
    """The renamed play is the plain one under the projector's names."""
    names = hidden(plain)
    assert renamed.seq == plain.seq
    assert renamed.waiting_on == tuple(names.get(n, n) for n in plain.waiting_on)
    assert renamed.paused == plain.paused
    assert renamed.allowances == plain.allowances
    assert renamed.race_deadline == plain.race_deadline
    assert [str(m.action) for m in renamed.moves] == [
        str(renamed_move(m, names).action) for m in plain.moves]


def test_the_renamed_replay_follows_pause_allow_resume_and_a_stale_move(
        store: ProgressStore) -> None:
    clock = Clock(T0)
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Cy", "Dan"])
    rooms = RoomStore(store, clock=clock)
    first = started_table(rooms, classroom, made, ["Ali", "Bea"])
    second = started_table(rooms, classroom, made, ["Cy", "Dan"])
    control = RoomControl(rooms, made.code)
    order = [t.code for t in control.tables()]
    assert sorted(order) == sorted([first, second])

    start = rooms.play(first)
    projector = start.renamed(hidden(start))  # the projector opened before the teacher acts
    same_game(start, projector)
    stale_seq = start.next_seq  # a page that saw the table before the teacher's moves

    clock.now += 5
    control.pause_all()
    clock.now += 5
    control.set_allowance(first, 1, 2.0)
    clock.now += 20
    control.resume_all()
    ali = start.setup.seat(0)
    target = start.state.targetable(ali.name)[0].target
    clock.now += 2
    rooms.act(first, stale_seq, 0, Target(ali.name, target), ali.pupil)  # stale, independent

    plain = rooms.play(first)
    assert plain.waiting_on == ("Bea",) and not plain.paused
    names = hidden(plain)
    same_game(plain, plain.renamed(names))  # replayed from the start
    moved_on = projector.extended(renamed_move(m, names) for m in plain.moves[projector.seq:])
    same_game(plain, moved_on)  # moved on move by move, as the projector's page does
    replayed = RoomPlay.from_moves(plain.setup, rooms.moves(first))  # another kernel's
    same_game(plain, replayed.renamed(names))

    # the teacher's rows keep their order while the pupils play
    assert [t.code for t in control.tables()] == order
    clock.now += 1
    other = rooms.play(second)
    cy = other.setup.seat(0)
    rooms.act(second, other.next_seq, 0,
              Target(cy.name, other.state.targetable(cy.name)[0].target), cy.pupil)
    assert [t.code for t in control.tables()] == order
