"""The line a page of the static site shows where a feature needs the served kit (a class, the
dashboard, live rooms): its words in the page's language, again after a language switch.

>>> from widgets.core import host
>>> _ = host.use(host.STATIC)
>>> note = ServerNote("rooms")
>>> note.value.startswith("Playing at a table with other pupils needs the served kit.")
True
>>> _ = host.use(host.SERVED)
"""

from __future__ import annotations

import html

import ipywidgets as w

from widgets.core.host import current
from widgets.core.relabel import register


class ServerNote(w.HTML):
    """Why ``feature`` is not on this page and how to get the served kit (empty where it
    works)."""

    def __init__(self, feature: str) -> None:
        super().__init__()
        self.feature = feature
        self.add_class("lnb-needs-server")
        self.relabel()
        register(self)

    def relabel(self) -> None:
        """The words again, in the language of the moment."""
        self.value = html.escape(current().needs_server(self.feature))


def shown_instead(feature: str, query: dict[str, str]) -> ServerNote | None:
    """On the static site, a page whose whole point is ``feature`` shows only its note (in the
    page's language, ``query``'s ``?lang=``) and returns it; elsewhere None, nothing shown."""
    from IPython.display import display

    from widgets.core.language import page_language

    if not current().needs_server(feature):
        return None
    page_language(query)
    note = ServerNote(feature)
    display(note)
    return note
