"""Lovelace & Babbage's table options, seat choice and a computer's seat taken back, on the
pages in the kernel (``widgets.babbage.room_app.RoomApp``, a SQLite store, a clock moved by
hand): the host sets mental arithmetic, take-that off and a 90-second race in the lobby; the
other pupil reads them and takes back a seat the host gave to a computer; both read the
options during play; a wrong written Result brings the Debug choice to its writer's page only,
and the rewrite handed in there is the seat's Debug (RULES.md §4.5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Debug, Phase
from lnb.babbage.programs import Program
from widgets.babbage.room_app import RoomApp

T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def buttons(box: Any, css: str) -> list[Any]:
    return [b for b in box.children if css in getattr(b, "_dom_classes", ())]


def control(page: RoomApp, key: str) -> Any:
    css = f"lnb-room-option-{key.replace('_', '-')}"
    found = [c for c in page.options_box.children if css in c._dom_classes]
    assert len(found) == 1, [c._dom_classes for c in page.options_box.children]
    return found[0]


def test_options_seats_and_a_debug_at_a_table(tmp_path: Path) -> None:
    clock = Clock()
    store = ProgressStore(tmp_path / "class.db", backups=False)
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    cards = {c.pupil_name: c for c in made.cards}
    host = classroom.join(made.code, "Ali", cards["Ali"].secret).pupil
    code = rooms.open_room(host, made.code, seats=3).code

    def page_of(name: str) -> RoomApp:
        page = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
        page.panel.join_class(made.code, name, cards[name].secret)
        return page

    ali, bea = page_of("Ali"), page_of("Bea")
    assert (ali.seat, bea.seat) == (0, 1)
    # the host's controls; the others read the options
    assert ali.options_box in ali.body.children and bea.options_box not in bea.body.children
    control(ali, "mental_arithmetic").value = True
    control(ali, "take_that").value = False
    control(ali, "timer_seconds").value = 90
    assert ali.status.kind != "error", ali.status.text
    assert rooms.room(code).options == {"mental_arithmetic": True, "take_that": False,
                                        "timer_seconds": 90}
    bea.sync()
    line = bea.options_line.value
    assert "Mental arithmetic (write your Results): on" in line
    assert "Take-that Subroutines: off" in line and "90 seconds" in line
    assert bea.options_line in bea.body.children

    # seat choice: Bea moves to the free seat 3, then takes back seat 1 from a computer
    assert [b.description for b in buttons(bea.seat_choice, "lnb-room-sit")] == [
        "Sit in seat 3"]
    buttons(bea.seat_choice, "lnb-room-sit")[0].click()
    assert bea.seat == 2 and not rooms.room(code).seat(1).taken
    ali.sync(force=True)
    buttons(ali.lobby_buttons, "lnb-room-computer")[0].click()  # seat 2 to a computer
    assert rooms.room(code).seat(1).computer is not None
    bea.sync(force=True)
    take = buttons(bea.seat_choice, "lnb-room-take-seat")
    assert [b.description for b in take] == ["Take seat 2 from the computer"]
    take[0].click()
    assert bea.status.kind == "ok" and bea.seat == 1
    assert rooms.room(code).seat(1).pupil is not None and not rooms.room(code).seat(2).taken
    ali.sync(force=True)
    ali.start_button.click()
    assert ali.status.kind != "error", ali.status.text
    # a change once started is refused with the table's words
    ali.set_option("take_that", True)
    assert ali.status.kind == "error" and "can no longer change" in ali.status.text

    # the options during play, on every page
    pages = (ali, bea)
    for page in pages:
        page.sync(force=True)
        assert page.options_line in page.body.children
        assert "90 seconds" in page.options_line.value
        next(iter(page.subs_view.target_buttons.values())).click()
    for _ in range(40):
        clock.now += 0.5
        for page in pages:
            page.sync()
        if all(p.play.state.phase is Phase.PROGRAM for p in pages):
            break
    assert ali.builder.mental  # the pupils write their Results
    state = rooms.play(code).state
    start = state.player("Bea").start
    wrong = (start + 5 + 1) % 100  # A3+ adds 5 (the standard board's A3); a wrong Result
    bea._program_done(Program.parse(f"A3+ {wrong:02d}"))
    ali._program_done(Program.parse(""))
    for _ in range(400):
        clock.now += 1
        for page in pages:
            page.sync()
        play = rooms.play(code)
        if play.state.phase is Phase.DEBUG or play.state.round > 1:
            break
        for page in pages:  # rows with choices: the chooser's page chooses
            offered = buttons(page.choice_box, "lnb-choice")
            if offered:
                offered[0].click()
    assert rooms.play(code).state.phase is Phase.DEBUG
    assert not buttons(ali.choice_box, "lnb-debug-start")  # only the writer's page
    assert "you wrote" in bea.debug_text.value
    assert "You have 90 seconds from when your row came up" in bea.debug_text.value
    buttons(bea.choice_box, "lnb-debug-start")[0].click()
    assert bea.rewrite in bea.choice_box.children[0].children  # under what to do
    state = rooms.play(code).state
    _name, _row, before = state.debug_from()
    right = Program.parse("A3+").final(state.board, before)
    rewritten = Program.parse(f"A3+ {right:02d}")
    bea._rewritten(rewritten)  # what its I'm done hands in
    assert bea.status.kind != "error", bea.status.text
    moves = [m.action for m in rooms.play(code).moves]
    assert Debug("Bea", rewritten) in moves
    assert rooms.play(code).state.debugs_left("Bea") == 1  # a Debug of hers: −3 points


def test_a_full_table_with_a_computer_lets_a_pupil_take_its_seat(tmp_path: Path) -> None:
    from widgets.babbage.room_entry import TableEntry

    clock = Clock()
    store = ProgressStore(tmp_path / "class.db", backups=False)
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    cards = {c.pupil_name: c for c in made.cards}
    host = classroom.join(made.code, "Ali", cards["Ali"].secret).pupil
    code = rooms.open_room(host, made.code, seats=2).code
    rooms.take_seat(code, host, "Ali")
    rooms.give_to_computer(code, 1, "greedy")
    entry = TableEntry(rooms, classroom)
    entry.panel.join_class(made.code, "Bea", cards["Bea"].secret)
    entry.code_box.value = code  # Join a table
    assert entry.status.kind == "info" and "some by computers" in entry.status.text
    assert "lnb-room-go" in entry.answer.value  # her browser goes to the table's page
    bea = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
    bea.panel.join_class(made.code, "Bea", cards["Bea"].secret)
    assert bea.seat is None and "take a computer&#x27;s seat" in bea.waiting.value
    take = buttons(bea.seat_choice, "lnb-room-take-seat")
    assert [b.description for b in take] == ["Take seat 2 from the computer"]
    take[0].click()
    assert bea.seat == 1 and rooms.room(code).seat(1).pupil is not None
    assert bea.me == "Bea"
