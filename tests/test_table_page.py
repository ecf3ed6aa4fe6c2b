"""The live table's page is not Lovelace & Babbage's: the fourth game (Nim, tests/nim_game.py,
declared in one file) is played to the end on :class:`widgets.classroom.table_page.TablePage`
with the base :class:`~widgets.classroom.table_page.TableView` (the moves said as text, the
seat's legal actions as buttons): two pupils' pages of one class, the lobby, a refused
stale click, the record to download. No Nim widget exists anywhere."""

from __future__ import annotations

from collections.abc import Iterator

import nim_game
import pytest
from clock import Clock

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from lnb.core.game import GameType, register, unregister
from widgets.classroom.table_page import TablePage, TableView


class NimView(TableView):
    """Nim at a table: the base view, named."""

    game = nim_game.NAME
    bot = "perfect"


@pytest.fixture(autouse=True)
def nim() -> Iterator[GameType]:
    register(nim_game.GAME)
    yield nim_game.GAME
    unregister(nim_game.NAME)


def buttons(page: TablePage) -> list[str]:
    return [b.description for b in page.view.actions.children]


def test_nim_is_played_to_the_end_on_the_table_page() -> None:
    clock = Clock()
    store = ProgressStore(":memory:")
    classroom, rooms = Classroom(store, failure_delay=0), RoomStore(store, clock=clock)
    made = classroom.new_class("7B", ["Ada", "Bea"])
    ada_card, bea_card = made.cards
    host = classroom.join(made.code, "Ada", ada_card.secret).pupil
    code = rooms.open_room(host, made.code, seats=2, game="nim", options={"pile": 5},
                           seed=3).code
    pages = []
    for name, card in (("Ada", ada_card), ("Bea", bea_card)):
        page = TablePage(rooms, code, view=NimView, classroom=classroom, clock=clock,
                         poll=False)
        page.panel.join_class(made.code, name, card.secret)
        pages.append(page)
    ada, bea = pages
    assert "Nim · table" in ada.header.value
    ada.sync(force=True)
    assert "Lobby" in ada.phase_title.value and "Bea" in ada.seats_view.value
    ada.start()
    for page in pages:
        page.sync(force=True)
    assert ada.phase_title.value == "<b>Nim</b>"
    assert buttons(ada) == ["Ada: take 1", "Ada: take 2", "Ada: take 3"]
    assert buttons(bea) == [] and bea.waiting.value == "Waiting for Ada"
    stale = bea.play  # Bea's page as it was before Ada's move
    ada.view.actions.children[0].click()  # Ada takes 1: 4 left
    assert ada.status.kind != "error", ada.status.text
    bea.play = stale  # Bea's page has not polled yet: a move it offers now is stale
    bea.act(nim_game.Take("Bea", 1))
    assert bea.status.kind == "error" and "moved on" in bea.status.text, bea.status.text
    assert buttons(bea) == ["Bea: take 1", "Bea: take 2", "Bea: take 3"]  # redrawn as it is
    bea.view.actions.children[2].click()  # Bea takes 3: 1 left
    ada.sync(force=True)
    assert "Bea: take 3" in ada.view.log.value
    ada.view.actions.children[0].click()  # Ada takes the last counter and wins
    for page in pages:
        page.sync(force=True)
        assert page.play is not None and page.play.finished
        assert page.record_box in page.body.children
        assert f"table-{code}-Ada-Bea" in page.record_box.value
        assert buttons(page) == []
    record = rooms.record(code)
    assert record["actions"] == ["Ada: take 1", "Bea: take 3", "Ada: take 1"]
    store.close()
