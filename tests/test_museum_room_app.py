"""The museum room's page without a browser (widgets.museum.room_app, room_entry): a pupil's
moves go to their own map in the store, the hold puts the dice away, the host's controls,
the class's panel, a second page of the same pupil (a reload) shows their map at once."""

from __future__ import annotations

import pytest

from classroom.identity import Pupil
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from lnb.museum.bots import make_bot
from widgets.museum.room_app import MuseumRoomApp, map_svg
from widgets.museum.room_entry import RoomEntry

ADA, BO = Pupil.from_nickname("ada"), Pupil.from_nickname("bo")


@pytest.fixture
def rooms() -> MuseumRooms:
    return MuseumRooms(ProgressStore(":memory:"))


def test_a_pupils_moves_go_to_their_own_map_and_a_reload_shows_it(rooms: MuseumRooms) -> None:
    code = rooms.open_room(None, seed=1).code
    page = MuseumRoomApp(rooms, code, poll=False)
    assert page.main.layout.display == "none"  # no map before joining
    page.enter(ADA, "Ada")
    assert page.main.layout.display is None
    page.act("place 6b r0 @A4")
    assert page.undo_button.disabled is False
    page.undo()
    assert rooms.my_map(code, ADA).history == []
    page.act("place 6b r0 @A4")
    again = MuseumRoomApp(rooms, code, poll=False)
    again.enter(ADA)
    assert again.state.text() == page.state.text() and again.member_name == "Ada"
    assert rooms.room(code).pupils == 1


def test_the_hold_puts_the_dice_away_until_the_release(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(None, seed=1)
    host = MuseumRoomApp(rooms, opened.code, host_key=opened.host_key, poll=False)
    assert host.controls_row.layout.display is None and host.is_host
    pupil = MuseumRoomApp(rooms, opened.code, poll=False)
    pupil.enter(BO, "Bo")
    assert pupil.controls_row.layout.display == "none" and not pupil.is_host
    host.hold_turn.value = 1
    host.hold_button.click()
    pupil.sync()
    assert pupil.side.layout.display == "none" and "held at turn 1" in pupil.reason.value
    pupil.status.guarded(pupil.act)("place 6b r0 @A4")  # a stale click: refused, said
    assert pupil.status.kind == "error" and rooms.my_map(opened.code, BO).history == []
    host.sync()
    assert "Bo" in host.live.value and "turn 1" in host.live.value
    host.release_button.click()
    pupil.sync()
    assert pupil.side.layout.display is None and "held" not in pupil.reason.value


def test_the_end_shows_the_class_best_maps_names_only_when_shown(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(None, seed=4)
    page = MuseumRoomApp(rooms, opened.code, poll=False)
    page.enter(ADA, "Ada")
    bot = make_bot("greedy", seed=1)
    state = page.state
    while not state.is_terminal():
        state = rooms.place(opened.code, ADA, bot.choose_action(state), len(state.history))
    page.sync()
    assert page.state.is_terminal() and page.verdict_box.layout.display is None
    assert "best maps" in page.best.value and "a pupil of the class" in page.best.value
    host = MuseumRoomApp(rooms, opened.code, host_key=opened.host_key, poll=False)
    host.names_toggle.value = True
    host.end_button.click()
    page.sync()
    assert "Ada" in page.best.value and rooms.room(opened.code).over


def test_the_entry_opens_and_joins_rooms(rooms: MuseumRooms) -> None:
    from classroom.identity import Classroom

    entry = RoomEntry(rooms, Classroom(rooms.store, failure_delay=0))  # type: ignore[arg-type]
    entry.pupil = ADA
    entry.open_button.click()
    assert entry.status.kind == "error"  # no name yet
    entry.name_box.value = "Ada"
    entry.open_button.click()
    code = entry.answer.value.split("room=")[1][:4]
    assert rooms.is_host(code, ADA) and rooms.is_member(code, ADA)
    entry.pupil, entry.name_box.value, entry.code_box.value = BO, "Bo", code.lower()
    entry.join_button.click()
    assert rooms.is_member(code, BO) and not rooms.is_host(code, BO)


def test_a_map_picture_has_a_square_per_square_of_the_map() -> None:
    assert map_svg("#.*\n  #").count("<rect") == 4


def test_the_host_is_proposed_the_next_turn_until_they_type_one(rooms: MuseumRooms) -> None:
    opened = rooms.open_room(None, seed=1)
    host = MuseumRoomApp(rooms, opened.code, host_key=opened.host_key, poll=False)
    rooms.join(opened.code, ADA, "Ada")
    rooms.place(opened.code, ADA, "place 6b r0 @A4", 0)
    rooms.place(opened.code, ADA, "place 2a r0 @C1", 1)
    host.sync()
    assert host.hold_turn.value == 3  # Ada is on turn 2: the next turn to come
    host.hold_turn.value = 6  # typed by the host: kept through the polls
    rooms.join(opened.code, BO, "Bo")
    host.sync()
    assert host.hold_turn.value == 6


def test_another_pupil_on_the_same_page_does_not_get_the_first_ones_map(
        rooms: MuseumRooms) -> None:
    code = rooms.open_room(None, seed=1).code
    page = MuseumRoomApp(rooms, code, poll=False)
    page.enter(ADA, "Ada")
    page._pupil_changed(BO, "device")
    assert page.member is None and page.main.layout.display == "none"
    page._pupil_changed(ADA, "device")
    assert page.member == ADA and page.main.layout.display is None
