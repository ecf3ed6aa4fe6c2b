"""The game page ``play.ipynb``: the game on one screen, or a live table (``?room=K7QX``).

Without ``?room=`` the page is the game app (:class:`widgets.babbage.game_app.GameApp`, as
always) and, under it, *Open a table* / *Join a table* for a pupil of a class
(:class:`widgets.babbage.room_entry.TableEntry`). With ``?room=K7QX`` it is that table's page
(:class:`widgets.babbage.room_app.RoomApp`); ``&view=projector`` the table for the big screen.
Every page keeps its rooms and classes in the server's store (``LNB_STORE`` /
``LNB_PROGRESS_DB``, through :mod:`widgets.core.host`); on the static site there are no tables
(the page says they need the served kit).

>>> import os
>>> os.environ.pop("VOILA_PREHEAT", None) and None
>>> is_room_page({"room": "K7QX"}), is_room_page({"projector": "1"})
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping

import ipywidgets as w

from widgets.core.page_request import page_query


def is_room_page(query: Mapping[str, str]) -> bool:
    """True when the address asks for a table (``?room=``)."""
    return bool(query.get("room", "").strip())


def play_page(store: object | None = None) -> w.Widget:
    """Show the page the address asks for and return its app (under Voila it first waits for
    the page's request; outside Voila it is the game app)."""
    from IPython.display import HTML, display

    from classroom.rooms import RoomStore
    from widgets.babbage.game_app import GameApp
    from widgets.babbage.room_app import room_page
    from widgets.babbage.room_entry import TableEntry
    from widgets.classroom.panel import browser_key_script
    from widgets.core.host import current
    from widgets.core.server_note import ServerNote, shown_instead

    query = page_query()
    host = current()
    message = host.needs_server("rooms")  # "" on the served kit
    if message:  # the static site: the game alone, and one line instead of tables
        note = shown_instead("rooms", query) if is_room_page(query) else None
        if note is not None:
            return note
        game = GameApp()
        game.open_page()  # the page's language: the note below speaks it
        display(game, ServerNote("rooms"))
        return game
    progress = store if store is not None else host.progress_store()
    classroom, rooms = host.classroom(progress), RoomStore(progress)
    if is_room_page(query):
        room = room_page(query, rooms, classroom)
        room.open_page(query)
        room.show()
        return room
    game = GameApp()
    game.open_page()  # ?projector=1 and the page's language
    entry = TableEntry(rooms, classroom)
    display(game, entry, HTML(browser_key_script()))
    return game


__all__ = ["is_room_page", "play_page"]
