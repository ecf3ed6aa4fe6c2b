"""Ada's Dream's page ``dream.ipynb``: the game on one screen, or a live table (``?room=K7QX``).

Without ``?room=`` the page is the Dream app (:class:`widgets.dream.app.DreamApp`, as always)
and, under it, *Open a table* / *Join a table* for a pupil of a class
(:class:`widgets.classroom.table_entry.TableEntry` for Ada's Dream's tables: their links are
``dream.ipynb?room=K7QX``). With ``?room=K7QX`` it is that table's page
(:class:`widgets.dream.room_app.DreamRoomApp`); ``&view=projector&watch=…`` the table for the
big screen. Rooms and classes are kept in the server's store (:mod:`widgets.core.host`); on the
static site there are no tables (the page says they need the served kit).

>>> import os
>>> os.environ.pop("VOILA_PREHEAT", None) and None
>>> PAGE, is_room_page({"room": "K7QX"}), is_room_page({"seed": "7"})
('dream.ipynb', True, False)
"""

from __future__ import annotations

import ipywidgets as w

from widgets.babbage.play_page import is_room_page
from widgets.core.page_request import page_query
from widgets.dream.room_app import PAGE  # the page of Ada's Dream's tables


def dream_page(store: object | None = None) -> w.Widget:
    """Show the page the address asks for and return its app: the Dream app, or a table's
    page (under Voila it first waits for the page's request; outside Voila the Dream app)."""
    from IPython.display import HTML, display

    from classroom.rooms import RoomStore
    from widgets.classroom.panel import browser_key_script
    from widgets.classroom.table_entry import TableEntry
    from widgets.core.host import current
    from widgets.core.server_note import shown_instead
    from widgets.dream.app import DreamApp
    from widgets.dream.room_app import room_page

    query = page_query()
    host = current()
    message = host.needs_server("rooms")  # "" on the served kit
    if is_room_page(query) and (note := shown_instead("rooms", query)) is not None:
        return note  # the static site: no tables
    if message:
        app = DreamApp()
        app.open_page(query)
        display(app)
        return app
    progress = store if store is not None else host.progress_store()
    classroom, rooms = host.classroom(progress), RoomStore(progress)
    if is_room_page(query):
        room = room_page(query, rooms, classroom)
        room.open_page(query)
        room.show()
        return room
    app = DreamApp()
    app.open_page(query)
    entry = TableEntry(rooms, classroom, game="dream", page=PAGE)
    follow_the_switch(app)
    display(app, entry, HTML(browser_key_script()))
    return app


def follow_the_switch(app: w.Widget) -> None:
    """The Dream app's language switch relabels the rest of the page too (the entry under
    it: every widget registered with :func:`widgets.core.relabel.register`)."""
    from widgets.core.relabel import relabel_all

    switch = app.language  # type: ignore[attr-defined]
    relabel_app = switch.on_change

    def relabel_page(language: str) -> None:
        relabel_app(language)
        relabel_all()

    switch.on_change = app.handled(relabel_page)  # type: ignore[attr-defined]


__all__ = ["PAGE", "dream_page", "is_room_page"]
