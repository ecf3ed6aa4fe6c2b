"""*Open a table* / *Join a table* on Lovelace & Babbage's page (``play.ipynb``): the kit's
generic entry (:class:`widgets.classroom.table_entry.TableEntry`) for this game's tables.

A table of another game typed here is refused with where to open it
(:func:`widgets.classroom.table_entry.other_game`).

>>> from classroom.identity import Classroom
>>> from classroom.rooms import RoomStore
>>> from classroom.store import Store
>>> store = Store(":memory:")
>>> entry = TableEntry(RoomStore(store), Classroom(store, failure_delay=0))
>>> entry.game, entry.page
('babbage', 'play.ipynb')
"""

from __future__ import annotations

from typing import Any

from classroom.identity import Classroom
from classroom.rooms import RoomStore
from widgets.classroom.table_entry import CSS
from widgets.classroom.table_entry import TableEntry as AnyGameEntry

GAME = "babbage"


class TableEntry(AnyGameEntry):
    """The entry of Lovelace & Babbage's tables (``game="babbage"``, on ``play.ipynb``)."""

    def __init__(self, rooms: RoomStore, classroom: Classroom, **options: Any) -> None:
        options.setdefault("game", GAME)
        super().__init__(rooms, classroom, **options)


__all__ = ["CSS", "TableEntry"]
