"""The dashboard covers the class rooms and the daily challenge, in the kernel (no browser):
the opened class's museum room is listed with its pupils and turns; *Hold at turn N* holds
the class (the pupil's room page then puts the dice away), *Release the class* lets it go on;
each pupil's map opens on the projector by its link, named "Pupil N" unless the teacher
ticks *Show names on the projector*, and follows the pupil's moves; today's challenge lists
the class's pupils' best scores with the par. On SQLite (the store figures run on both
engines: tests/test_dashboard_games.py)."""

from __future__ import annotations

import datetime
from urllib.parse import parse_qs, urlparse

import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.museum_rooms import MuseumRooms
from classroom.progress import ProgressStore
from classroom.scores import DailyScores
from widgets.classroom.dashboard import Dashboard
from widgets.museum.room_app import MapProjector

T0 = 1_800_000_000.0
DAY = datetime.date(2026, 12, 1)


def links(board: Dashboard, css: str) -> list[dict[str, str]]:
    """The query of every link of class ``css`` in the class rooms' rows."""
    found = []
    for row in board.games_box.rows.children:
        for part in row.links.value.split("<a ")[1:]:
            if f"class='{css}'" in part:
                href = part.split("href='")[1].split("'")[0].replace("&amp;", "&")
                found.append({k: v[0] for k, v in parse_qs(urlparse(href).query).items()})
    return found


@pytest.mark.parametrize("store_engine", ["sqlite"])
def test_the_dashboard_runs_a_class_room_and_shows_a_map_and_the_daily_scores(
        store: ProgressStore) -> None:
    clock = Clock(T0)
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali, bea = (classroom.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
    rooms = MuseumRooms(store, clock=clock)
    code = rooms.open_room(None, made.code, seed=1).code
    rooms.join(code, ali, "Ali")
    clock.now += 1
    rooms.join(code, bea, "Bea")
    rooms.place(code, bea, "place 6b r0 @A4", expected=0)
    DailyScores(store, "museum").record(ali, DAY, 48)

    board = Dashboard(classroom, today=lambda: DAY, clock=clock)
    board.open_class(made.code, made.teacher_key)
    box = board.games_box
    assert box.layout.display is None and [r.code for r in box.rooms] == [code]
    (row,) = box.rows.children
    words = row.summary.value
    assert code in words and "2 pupils" in words and "turn 1" in words and "not held" in words
    assert "Ali" in box.daily.value and ">48<" in box.daily.value and "par" in box.daily.value

    # hold, as the teacher: the room holds at the turn after the furthest pupil's
    row.hold_button.click()
    assert rooms.room(code).hold == 2 and "held at turn 2" in row.summary.value
    assert row.hold_button.disabled and not row.release_button.disabled
    row.release_button.click()
    assert rooms.room(code).hold is None and row.release_button.disabled

    # the host link runs the room; each pupil's map on the projector, names hidden
    (host,) = links(board, "lnb-class-room-host")
    assert host["room"] == code and rooms.is_host(code, host["host"])
    maps = links(board, "lnb-map-projector-link")
    assert [m["pupil"] for m in maps] == ["1", "2"]
    assert all(m["names"] == "hidden" and m["view"] == "projector" for m in maps)
    shown = MapProjector(rooms, code, int(maps[1]["pupil"]), maps[1]["watch"], poll=False)
    assert "Pupil 2" in shown.head.value and "Bea" not in shown.head.value
    assert shown.map is not None and len(shown.map.pieces) == 1
    before = shown.drawn
    rooms.place(code, bea, "place 2a r0 @C1", expected=1)
    shown.sync()
    assert shown.drawn > before and len(shown.map.pieces) == 2  # it follows her moves

    box.open_button.click()  # a second room, opened from the dashboard
    assert len(box.rooms) == 2 and "write its code on the board" in board.status.text
    assert {r.pupils for r in box.rooms} == {(), ("Ali", "Bea")}
    assert rooms.room(box.rooms[0].code).class_code == made.code

    board.rooms_box.names_box.value = True  # the teacher shows the names
    assert all("names" not in m for m in links(board, "lnb-map-projector-link"))
    named = MapProjector(rooms, code, 2, maps[1]["watch"], hide_names=False, poll=False)
    assert "Bea" in named.head.value
    wrong = MapProjector(rooms, code, 2, "a guess", poll=False)
    assert wrong.status.kind == "error" and wrong.map is None


@pytest.mark.parametrize("store_engine", ["sqlite"])
def test_pings_read_the_class_at_most_every_push_gap(store: ProgressStore) -> None:
    """A busy class room pings at every move: the dashboard reads the class again at most
    every PUSH_GAP seconds, and a ping in between is read at the end of the gap."""
    from types import SimpleNamespace

    from widgets.classroom import dashboard

    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali"])
    board = Dashboard(classroom, today=lambda: DAY)
    board.open_class(made.code, made.teacher_key)
    reads: list[int] = []
    board.refresh = lambda: (reads.append(1), setattr(board, "_changed", False),  # type: ignore[method-assign]
                             setattr(board, "_read_at", dashboard.time.monotonic()))
    board.poller = SimpleNamespace(woken=True)  # type: ignore[assignment]
    board.poll()
    board.poll()
    assert reads == []  # just read when it opened: the pings wait
    board.poller = SimpleNamespace(woken=False)  # type: ignore[assignment]
    board._read_at -= dashboard.PUSH_GAP
    board.poll()
    assert reads == [1]  # the pings' change, read once the gap is over
    board._read_at -= dashboard.PUSH_GAP
    board.poll()
    assert reads == [1]  # no ping since: nothing until REFRESH_SECONDS
    board.poller = None


@pytest.mark.parametrize("store_engine", ["sqlite"])
def test_each_table_is_watched_on_its_own_games_page(store: ProgressStore) -> None:
    """The tables' list names each table's game, and its Watch link opens the table's own
    game's page (a Dream table's is not Lovelace & Babbage's play.ipynb)."""
    from classroom.rooms import RoomStore
    from lnb.core.game import get

    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea"])
    ali, bea = (classroom.join(made.code, c.pupil_name, c.secret).pupil for c in made.cards)
    rooms = RoomStore(store)
    pages = {}
    for game, pupil in (("dream", ali), ("babbage", bea)):
        table = rooms.open_room(pupil, made.code, seats=2, game=game)
        pages[table.code] = get(game).hook("table_page") if get(game).has("table_page") \
            else "play.ipynb"
    board = Dashboard(classroom, today=lambda: DAY)
    board.open_class(made.code, made.teacher_key)
    shown = board.rooms_view.value
    assert str(get("dream").title).replace("'", "&#x27;") in shown
    for code, page in pages.items():
        assert f"href='{page}?room={code}&amp;view=projector" in shown, (code, page)
    assert len(set(pages.values())) == 2
