"""The teacher's dashboard lists the class's game tables playing now (issue 17): each with its
code, players, Round and a link to watch it on the projector; another class's tables, tables
over and tables untouched for an hour are not listed. On both store engines (the ``store``
fixture of tests/store_engines.py)."""

from __future__ import annotations

import asyncio
from urllib.parse import parse_qs, urlparse

import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import LIVE_SECONDS, RoomStore
from lnb.core.i18n import use_language
from widgets.classroom import dashboard
from widgets.classroom.dashboard import Dashboard


def class_table(rooms: RoomStore, room: Classroom, class_code: str, names: list[str]) -> str:
    """A started table of the class's pupils ``names`` (joined with their cards), and a
    computer in the last seat; returns the room's code."""
    sessions = []
    for name in names:
        card = next(c for c in room_cards[class_code] if c.pupil_name == name)
        sessions.append(room.join(class_code, name, card.secret))
    setup = rooms.open_room(sessions[0].pupil, class_code, seats=len(names) + 1)
    for session in sessions:
        rooms.take_seat(setup.code, session.pupil, session.pupil_name)
    rooms.give_to_computer(setup.code, len(names), "greedy")
    rooms.start(setup.code)
    return setup.code


room_cards: dict[str, tuple] = {}


def test_the_dashboard_lists_the_class_tables_with_a_link_to_watch(store: ProgressStore) -> None:
    clock = Clock(2_000_000.0)
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea", "Cy"])
    other = room.new_class("8C", ["Dan", "Eve"])
    room_cards.update({made.code: made.cards, other.code: other.cards})
    rooms = RoomStore(store, clock=clock)
    ours = class_table(rooms, room, made.code, ["Ali", "Bea"])
    theirs = class_table(rooms, room, other.code, ["Dan", "Eve"])
    waiting = rooms.open_room(None, made.code, seats=2).code  # opened, nobody seated yet

    board = Dashboard(room, clock=clock)
    board.open_class(made.code, made.teacher_key)
    shown = board.rooms_view.value
    assert ours in shown and waiting in shown and theirs not in shown
    listed = {r.code: r for r in board.rooms}
    assert set(listed) == {ours, waiting}
    assert listed[ours].round == 1 and listed[waiting].round == 0
    assert {"Ali", "Bea"} <= set(listed[ours].seats)
    assert "Round 1" in shown and "Waiting to start" in shown
    links = [part.split("'")[0] for part in shown.split("href='")[1:]]
    watched = {parse_qs(urlparse(link.replace("&amp;", "&")).query)["room"][0]: link
               for link in links}
    assert set(watched) == {ours, waiting}
    query = parse_qs(urlparse(watched[ours].replace("&amp;", "&")).query)
    assert query["view"] == ["projector"] and urlparse(watched[ours]).path == "play.ipynb"

    with use_language("zh_CN"):  # the link opens the projector page in the dashboard's language
        board.relabel()
        assert "lang=zh-CN" in board.rooms_view.value

    clock.now += LIVE_SECONDS + 60  # an hour with no move: not playing now
    board.refresh()
    assert board.rooms == () and ours not in board.rooms_view.value
    assert "No table is open" in board.rooms_view.value


def test_a_wrong_teacher_key_shows_no_tables(store: ProgressStore) -> None:
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea"])
    room_cards[made.code] = made.cards
    code = class_table(RoomStore(store), room, made.code, ["Ali", "Bea"])
    board = Dashboard(room)
    board.open_class(made.code, "not the key")
    assert board.rooms == () and code not in board.rooms_view.value


def test_an_opened_class_shows_a_new_table_by_itself_and_stops_when_closed(
        store: ProgressStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The teacher presses nothing: a table opened after the class was shown appears on the
    next reading (every REFRESH_SECONDS, here a few hundredths); closing the dashboard stops
    the loop."""
    monkeypatch.setattr(dashboard, "REFRESH_SECONDS", 0.05)
    clock = Clock(2_000_000.0)
    room = Classroom(store, failure_delay=0)
    made = room.new_class("7B", ["Ali", "Bea"])
    room_cards[made.code] = made.cards
    rooms = RoomStore(store, clock=clock)
    board = Dashboard(room, clock=clock)

    async def watch() -> tuple[str, str, bool, bool]:
        board.open_class(made.code, made.teacher_key)
        before = board.rooms_view.value
        code = class_table(rooms, room, made.code, ["Ali"])
        for _ in range(100):
            await asyncio.sleep(0.02)
            if code in board.rooms_view.value:
                break
        running = board.poller is not None and board.poller.running
        board.close()
        await asyncio.sleep(0.1)
        return before.count(code), board.rooms_view.value, running, board.poller.running

    before, after, running, still = asyncio.run(watch())
    assert before == 0 and running
    assert "Ali" in after and "Round 1" in after
    assert not still
