"""A live table's round played by its pages in the kernel, on each store engine (SQLite and
PostgreSQL, ``tests/store_engines.py``): what ``tests/browser/test_rooms_in_browser.py`` plays
in a browser on SQLite only. Three pupils of one class, each on their own page
(:class:`widgets.babbage.room_app.RoomApp`), and a computer seat: the host gives seat 4 to a
computer, frees it, gives it again and starts; each pupil targets; Ali is done first; Bea's
rows are kept as her draft and a page opened again finds her seat and them; Cy is still
writing at the bell and his rows stand; every page says time is up; the Round is resolved
(a choice made on the chooser's page) and every page shows the same rows and scores under
Round 1's heading; the room's record holds the players; in Round 2 only a pupil with a
completed Subroutine is asked to activate. A clock moved by hand; no browser.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.babbage.game import Phase
from lnb.babbage.table import legal_start
from widgets.babbage.room_app import RoomApp

PUPILS = ("Ali", "Bea", "Cy")
T0 = 1_800_000_000.0
BELL = "Time is up! The rows written so far stand."


class Clock:
    """The time the store and the pages read, moved by the test."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def buttons(box: Any, css: str) -> list[Any]:
    """The buttons of ``box`` carrying the class ``css``."""
    return [b for b in box.children if css in getattr(b, "_dom_classes", ())]


@pytest.fixture
def table(store_url: str) -> Iterator[tuple[Clock, RoomStore, str, dict[str, RoomApp], Any]]:
    """Class 7B on a fresh store of this engine; Ali's table of four seats, Ali, Bea and Cy
    seated on their pages; the page of a class's pupil opening it again (``reopen(name)``)."""
    clock = Clock()
    with ProgressStore(store_url, backups=False) as store:
        classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
        made = classroom.new_class("7B", list(PUPILS))
        cards = {c.pupil_name: c for c in made.cards}
        host = classroom.join(made.code, "Ali", cards["Ali"].secret).pupil
        code = rooms.open_room(host, made.code, seats=4).code

        def reopen(name: str) -> RoomApp:
            page = RoomApp(rooms, code, classroom=classroom, clock=clock, poll=False)
            page.panel.join_class(made.code, name, cards[name].secret)
            return page

        yield clock, rooms, code, {name: reopen(name) for name in PUPILS}, reopen


def sync(pages: Any, clock: Clock, seconds: float = 0.5) -> None:
    """The clock moves on; every page polls."""
    clock.now += seconds
    for page in pages:
        page.sync()


def test_a_round_at_a_table_of_three_pupils_and_a_computer(table) -> None:  # type: ignore[no-untyped-def]
    clock, rooms, code, pages, reopen = table
    ali, bea, cy = (pages[n] for n in PUPILS)
    assert [ali.seat, bea.seat, cy.seat] == [0, 1, 2]
    sync((ali, bea, cy), clock)  # the lobby as it is now: three seated
    assert not buttons(bea.lobby_buttons, "lnb-room-free")  # only the host frees seats

    # the host gives seat 4 to a computer, frees it, gives it again, starts
    buttons(ali.lobby_buttons, "lnb-room-computer")[0].click()
    assert rooms.room(code).seat(3).computer is not None
    frees = buttons(ali.lobby_buttons, "lnb-room-free")
    assert [b.description for b in frees] == ["Free seat 2", "Free seat 3", "Free seat 4"]
    frees[-1].click()
    assert not rooms.room(code).seat(3).taken
    buttons(ali.lobby_buttons, "lnb-room-computer")[0].click()
    ali.start_button.click()
    assert ali.status.kind != "error", ali.status.text

    # each pupil targets; Round 1 asks nobody to activate: the race follows
    everyone = (ali, bea, cy)
    for page in everyone:
        page.sync(force=True)
        next(iter(page.subs_view.target_buttons.values())).click()
    for _ in range(20):
        sync(everyone, clock)
        if all(p.play.state.phase is Phase.PROGRAM for p in everyone):
            break
        assert not any(p.play.state.phase is Phase.ACTIVATE and p.me in p.play.waiting_on
                       for p in everyone), "asked to activate in Round 1"
    assert all(p.builder in p.race_panel.children for p in everyone)

    # the race: Ali is done first, the minute runs on the other pages
    state = rooms.play(code).state
    ali._program_done(legal_start(state, "Ali", "A3+"))
    sync(everyone, clock)
    assert bea.timer.running and cy.timer.running
    race_end = rooms.play(code).race_deadline
    assert race_end is not None
    bea._written(legal_start(state, "Bea", "A4/"))  # she stops typing: the draft is kept
    sync(everyone, clock, 1)
    assert bea.kept_draft() == "A4/"
    bea = reopen("Bea")  # her page loaded again mid-race
    assert bea.seat == 1
    assert str(bea.builder.program) == "A4/"  # her unfinished program is back
    assert bea.timer.running and bea.timer.play.value == round(clock.now - (race_end - 60))
    everyone = (ali, bea, cy)
    bea._program_done(legal_start(state, "Bea", "A4/"))
    cy._written(legal_start(state, "Cy", "A3+"))  # still writing at the bell
    while clock.now < race_end:
        sync(everyone, clock, 1.5)
    sync(everyone, clock)
    for page in everyone:
        assert page.status.text == BELL, page.status.text
    assert str(rooms.play(code).state.player("Cy").play.program) == "A3+"  # his rows stand

    # the Resolution: a choice only on the chooser's page; every page sees the same
    for _ in range(200):
        sync(everyone, clock, 2)
        if all(p.play.state.round == 2 for p in everyone):
            break
        for page in everyone:
            offered = buttons(page.choice_box, "lnb-choice")
            if offered:
                assert page.play.state.turn()[0] == page.me
                offered[0].click()
    assert all(p.play.state.round == 2 for p in everyone)
    projector = RoomApp(rooms.for_watcher(rooms.watch_token(code, ali.pupil)), code,
                        projector=True, clock=clock, poll=False)
    looked = (*everyone, projector)
    for page in looked:
        assert "Round 2 of 4" in page.phase_title.value
        assert "Round 1: how it went" in page.last_round.value
    assert len({p.resolution.table.value for p in looked}) == 1
    assert len({p.scores.table.value for p in looked}) == 1
    assert projector.builder not in projector.body.children
    record = rooms.record(code)
    assert [p["name"] for p in record["players"]][:3] == list(PUPILS)

    # Round 2: only a pupil with a completed Subroutine is asked to activate
    for page in everyone:
        next(iter(page.subs_view.target_buttons.values())).click()
    asked: set[str] = set()
    for _ in range(40):
        sync(everyone, clock)
        play = rooms.play(code)
        if play.state.phase is Phase.PROGRAM:
            break
        for page in everyone:
            if play.state.phase is Phase.ACTIVATE and page.me in play.waiting_on:
                assert play.state.activatable(page.me), page.me
                assert page.subs_view.ticks, page.me
                asked.add(page.me)
                page.subs_view.activate_button.click()
            elif page.me not in asked:
                assert page.subs_view.activate_button not in page.subs_view.buttons.children
    assert rooms.play(code).state.phase is Phase.PROGRAM
