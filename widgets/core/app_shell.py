"""The frame every game page draws its game in, written once: the title row (the title, then
the language switch), the line that says the phase, the status line and the body; hidden, the
box where the page's clocks tick.

An app is an ipywidgets box that mixes in :class:`AppShell`: it makes its ``status`` line, then
calls :meth:`AppShell.make_shell`, and lays itself out with :meth:`AppShell.shell_children`
(what it shows between the title row and the phase line, and under the body, is its own).
:meth:`AppShell.open_language` is the language part of ``open_page``: the page's language
(``?lang=``, the pupil's choice, the browser's), a switch showing it, every word relabelled.
The game on one screen (:class:`widgets.babbage.game_app.GameApp`) and a live table's page
(:class:`widgets.classroom.table_page.TablePage`) are both built on it.

>>> import ipywidgets as w
>>> from widgets.core.status import StatusLine
>>> class Page(AppShell, w.VBox):
...     def __init__(self) -> None:
...         self.status = StatusLine()
...         self.make_shell()
...         super().__init__(self.shell_children("demo", ""))
...         self.add_class("lnb-app")
>>> page = Page()
>>> page.set_title("Lovelace & Babbage")
>>> page.children[2] is page.header_row, page.header_row.children[0] is page.header
(True, True)
>>> [c for c in page.children[3:]] == [page.phase_title, page.status, page.body, page.ticking]
True
>>> page._made("header"), page._made("scores")
(True, False)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import ipywidgets as w

from widgets.core.relabel import language_switch
from widgets.core.status import StatusLine
from widgets.core.style import app_styles, stylesheet
from widgets.core.titles import title_html


class AppShell:
    """The title row, the phase line, the status line, the body and the ticking box of an app
    (see the module's docstring). Put it before the widget class:
    ``class GameApp(AppShell, w.VBox)``."""

    status: StatusLine
    header: w.HTML
    language: w.Widget
    header_row: w.HBox
    phase_title: w.HTML
    body: w.VBox
    ticking: w.Box

    def make_shell(self, *plays: w.Widget) -> None:
        """Make the frame's parts; ``plays`` are the page's clocks (``ipywidgets.Play``).
        The browser ticks a Play only if its one view is on the page when it starts playing
        (a view drawn later stays still; two views stop each other): so each Play has its
        only view in :attr:`ticking`, hidden, whether its clock shows or not."""
        self.header = w.HTML("")
        self.language = language_switch()
        self.header_row = w.HBox([self.header, self.language])
        self.header_row.add_class("lnb-title-row")
        self.phase_title = w.HTML("")
        self.phase_title.add_class("lnb-phase")
        self.body = w.VBox([])
        self.body.add_class("lnb-body")
        self.ticking = w.Box(list(plays), layout=w.Layout(display="none"))
        self.ticking.add_class("lnb-ticking")

    def shell_children(self, name: str, css: str, *, top: Sequence[w.Widget] = (),
                       bottom: Sequence[w.Widget] = ()) -> list[w.Widget]:
        """The page's children: the kit's styles and the app's own (``css``, kept under
        ``name``), the title row, ``top``, the phase line, the status line, the body,
        ``bottom``, the ticking box."""
        return [stylesheet(), app_styles(name, css), self.header_row, *top,
                self.phase_title, self.status, self.body, *bottom, self.ticking]

    def set_title(self, text: str) -> None:
        """The page's title (as :func:`widgets.core.titles.title_html` sets it)."""
        self.header.value = title_html(text)

    def open_language(self, query: Mapping[str, str]) -> None:
        """The page's language from its address (``?lang=``), the pupil's choice or the
        browser's; the switch is made again showing it and every word of the page is
        relabelled."""
        from widgets.core.language import page_language
        from widgets.core.relabel import relabel_all

        page_language(query)
        old, self.language = self.language, language_switch()
        self.header_row.children = (self.header, self.language)
        old.close()
        relabel_all()

    def _made(self, part: str) -> bool:
        """Whether the part made when first needed (a ``cached_property``) is made yet."""
        return part in self.__dict__


__all__ = ["AppShell"]
