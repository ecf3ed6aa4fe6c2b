"""The teacher runs the room from the dashboard, in the kernel (no browser): *Pause all*
pauses both tables of the class, each pupil's table page says so and refuses a move with
the store's reason; a seat's allowance chosen in its menu reaches the table and is shown
there; *Resume all*; the projector link hides the names unless the teacher ticks *Show
names on the projector*, and the projector page then shows "Pupil 1" for the pupils. On
SQLite (the store tests run on both engines: tests/test_room_control_store.py)."""

from __future__ import annotations

import html
from urllib.parse import parse_qs, urlparse

import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Target
from widgets.babbage.room_app import RoomApp
from widgets.classroom.dashboard import Dashboard

T0 = 2_000_000.0


@pytest.mark.parametrize("store_engine", ["sqlite"])
def test_the_dashboard_pauses_both_tables_and_the_pages_say_so(store: ProgressStore) -> None:
    clock = Clock(T0)
    classroom = Classroom(store, failure_delay=0)
    made = classroom.new_class("7B", ["Ali", "Bea", "Cy", "Dan"])
    cards = {c.pupil_name: c for c in made.cards}
    rooms = RoomStore(store, clock=clock)
    pages: dict[str, RoomApp] = {}
    codes = []
    for pair in (("Ali", "Bea"), ("Cy", "Dan")):
        host = classroom.join(made.code, pair[0], cards[pair[0]].secret).pupil
        code = rooms.open_room(host, made.code, seats=2).code
        codes.append(code)
        for name in pair:
            page = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
            page.panel.join_class(made.code, name, cards[name].secret)
            pages[name] = page
        rooms.start(code)
    for page in pages.values():
        page.sync(force=True)

    board = Dashboard(classroom, clock=clock)
    board.open_class(made.code, made.teacher_key)
    box = board.rooms_box
    assert {t.code for t in box.tables} == set(codes)
    assert len(box.rows.children) == 2 and not box.pause_button.disabled
    assert box.resume_button.disabled

    clock.now += 3
    box.pause_button.click()
    assert all(rooms.play(code).paused for code in codes)
    assert box.pause_button.disabled and not box.resume_button.disabled
    assert "Paused" in board.status.text
    for page in pages.values():
        page.sync()
        assert page.paused_line in page.body.children
        assert "Paused by your teacher" in page.paused_line.value

    ali = pages["Ali"]
    target = ali.play.state.targetable(ali.me)[0].target
    seq = ali.play.next_seq
    ali.act(Target(ali.me, target))
    assert ali.status.kind == "error" and "paused" in ali.status.text
    assert ali.play.next_seq == seq  # nothing was made

    # Bea's seat gets ×5: her menu on the dashboard, shown on both pages of her table
    menu = box._menus[(codes[0], 1)]
    menu.value = "5"
    assert rooms.play(codes[0]).allowances == {1: 5.0}
    for name in ("Ali", "Bea"):
        pages[name].sync()
        shown = html.unescape(pages[name].allowances_line.value)
        assert pages[name].allowances_line in pages[name].body.children
        assert "Bea" in shown and "×5" in shown

    clock.now += 10  # (within the pages' grace: nobody is played by a computer)
    box.resume_button.click()
    assert not any(rooms.play(code).paused for code in codes)
    ali.sync()
    assert ali.paused_line not in ali.body.children
    ali.act(Target(ali.me, target))
    assert ali.status.kind != "error" and ali.play.next_seq > seq

    # the projector: names hidden unless the teacher shows them
    row = next(r for r in box.rows.children if r.lnb_code == codes[0])  # Ali's table
    links = [part.split("'")[0] for part in row.children[-1].value.split("href='")[1:]]
    query = parse_qs(urlparse(html.unescape(links[0])).query)
    assert query["names"] == ["hidden"] and query["view"] == ["projector"]
    board.rooms_box.names_box.value = True
    row = next(r for r in box.rows.children if r.lnb_code == codes[0])  # drawn again
    shown = row.children[-1].value
    assert "names=hidden" not in shown and "names=hidden" not in board.rooms_view.value
    code = query["room"][0]
    projector = RoomApp(rooms.for_watcher(query["watch"][0]), code, clock=clock,
                        projector=True, poll=False)
    projector.open_page({"names": "hidden"})
    names = projector.play.state.names
    assert set(names) == {"Pupil 1", "Pupil 2"}
    drawn = _text(projector)
    plain = RoomApp(rooms.for_watcher(query["watch"][0]), code, clock=clock, projector=True,
                    poll=False)
    assert "Waiting for Bea" in _text(plain)  # shown to the class: the teacher's choice
    assert "Waiting for Pupil 2" in drawn
    assert not any(name in drawn for name in ("Ali", "Bea", "Cy", "Dan"))


def _text(widget) -> str:  # type: ignore[no-untyped-def]
    """Every text value a widget tree draws."""
    parts = []
    for attr in ("value", "description"):
        value = getattr(widget, attr, None)
        if isinstance(value, str):
            parts.append(value)
    for child in getattr(widget, "children", ()):
        parts.append(_text(child))
    return "\n".join(parts)
