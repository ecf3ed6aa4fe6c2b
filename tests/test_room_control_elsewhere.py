"""A table of another game opened by address on a game's table page (e.g.
``play.ipynb?room=<a Nim table>``): the page says where to open it, draws nothing else and
seats nobody (widgets.classroom.table_page.TablePage, for every game)."""

from __future__ import annotations

from classroom.identity import Classroom
from classroom.progress import ProgressStore
from classroom.rooms import RoomStore
from widgets.babbage.room_app import RoomApp


def test_another_games_table_is_named_not_drawn(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with ProgressStore(tmp_path / "p.sqlite3", backups=False) as store:
        classroom = Classroom(store, failure_delay=0)
        made = classroom.new_class("7B", ["Ali"])
        card = made.cards[0]
        rooms = RoomStore(store)
        code = rooms.open_room(None, made.code, seats=2, game="dream").code
        page = RoomApp(rooms, code, classroom=classroom, poll=False)
        page.panel.join_class(made.code, "Ali", card.secret)
        assert "is a table of Ada" in page.phase_title.value
        assert page.body.children == ()
        assert page.seat is None and rooms.room(code).players == ()
