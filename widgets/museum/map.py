"""The museum map: ONE widget (``anywidget``, inline ESM and CSS, no CDN) drawing the rooms,
walls, doorways, evidence and filled squares as SVG, and the ghost of the shape being placed.

A room the library counts as filled is drawn
filled (its squares another colour, a ✓ before its points).

The page sends clicks, keys and hovers; this side asks :mod:`lnb.museum` whether the ghost
fits (:meth:`lnb.museum.State.check_placement`) and sends back the ghost: green where legal,
red with the library's reason where not. Keys (the map is focusable): arrows move the ghost,
R turns it, F flips it, Enter confirms, Escape cancels; a click or a tap anchors it.

>>> from lnb.museum import Game
>>> state = Game(seed=1).new_initial_state()
>>> view = MuseumMap(state)
>>> view.pick("6b")
>>> view.handle({"event": "anchor", "square": "C2"})
>>> view.ghost["legal"], view.reason
(False, 'square D2 holds evidence (crowbar) and is already filled')
>>> view.handle({"event": "anchor", "square": "A4"})
>>> view.ghost["legal"], view.placement().squares[:2]
(True, (Square.parse('A4'), Square.parse('B4')))
>>> view.handle({"event": "rotate"}); view.orientation
'r1'
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import traitlets as t

from lnb.core.errors import LnbError
from lnb.core.i18n import _, lazy_pgettext, ngettext
from lnb.museum import Orientation, PlacementError, Square, State
from lnb.museum.museum import Museum, Placement
from widgets.core.page_messages import PageMessages

HERE = Path(__file__).resolve().parent

#: A short mark drawn on each evidence square (its full name is read out).
GLYPHS = {
    "crowbar": lazy_pgettext("evidence mark", "Cr"),
    "binoculars": lazy_pgettext("evidence mark", "Bi"),
    "violin": lazy_pgettext("evidence mark", "Vi"),
    "bike": lazy_pgettext("evidence mark", "Bk"),
    "stopwatch": lazy_pgettext("evidence mark", "Sw"),
    "tophat": lazy_pgettext("evidence mark", "TH"),
    "cocktail": lazy_pgettext("evidence mark", "Co"),
    "teapot": lazy_pgettext("evidence mark", "Tp"),
    "ham": lazy_pgettext("evidence mark", "Hm"),
    "key": lazy_pgettext("evidence mark", "K"),
    "apple": lazy_pgettext("evidence mark", "Ap"),
    "eyeglasses": lazy_pgettext("evidence mark", "Eg"),
}


def orientation_words(orientation: Orientation) -> str:
    """How a shape lies, for people.

    >>> orientation_words(Orientation.parse("r0")), orientation_words(Orientation.parse("r3f"))
    ('not turned', 'flipped, then turned 3 quarter turns')
    """
    turns = orientation.turns
    if not turns:
        return _("flipped") if orientation.flipped else _("not turned")
    turned = ngettext("turned {count} quarter turn", "turned {count} quarter turns",
                      turns).format(count=turns)
    if orientation.flipped:
        return _("flipped, then {turned}").format(turned=turned)
    return turned


@cache
def room_label_square(museum: Museum, room_id: str) -> Square:
    """Where a room's name is written: a square of the room with room on its left and right
    and no evidence there (the name is about three squares wide), nearest the room's middle.

    >>> str(room_label_square(Museum.standard(), "newton"))
    'E3'
    """
    room = museum.rooms[room_id]
    squares = set(room.squares)
    rows = sum(s.row for s in squares) / len(squares)
    cols = sum(s.col for s in squares) / len(squares)

    def clear(s: Square, reach: int) -> bool:
        return all(Square(s.row, s.col + d) in squares
                   and museum.evidence_at(Square(s.row, s.col + d)) is None
                   for d in range(-reach, reach + 1))

    for reach in (2, 1, 0):
        free = [s for s in squares if clear(s, reach)]
        if free:
            return min(free, key=lambda s: ((s.row - rows) ** 2 + (s.col - cols) ** 2, s))
    return min(squares)


@cache
def wall_segments(museum: Museum) -> tuple[list[list[int]], list[list[int]]]:
    """The solid walls and the dashed doorways as segments ``[x1, y1, x2, y2]`` on the grid's
    corners: between two rooms (a doorway where the library says so) and around the museum."""
    walls: list[list[int]] = []
    doors: list[list[int]] = []
    for r in range(museum.height):
        for c in range(museum.width):
            here = Square(r, c)
            if not museum.inside(here):
                continue
            for dr, dc, seg in ((0, 1, [c + 1, r, c + 1, r + 1]), (1, 0, [c, r + 1, c + 1, r + 1]),
                                (0, -1, [c, r, c, r + 1]), (-1, 0, [c, r, c + 1, r])):
                there = Square(r + dr, c + dc)
                outside = not (0 <= there.row < museum.height and 0 <= there.col < museum.width
                               and museum.inside(there))
                if outside:
                    walls.append(seg)
                elif (dr, dc) in ((0, 1), (1, 0)) and museum.room_of(there) != museum.room_of(here):
                    (doors if museum.is_doorway(here, there) else walls).append(seg)
    return walls, doors


class MuseumMap(PageMessages, anywidget.AnyWidget):
    """The map of one game's museum. ``show(state)`` draws a state; ``pick(shape)`` starts
    placing a wheel shape (``None`` stops); ``on_confirm``/``on_cancel`` are told of Enter and
    Escape (the app's Confirm and Cancel)."""

    _esm = HERE / "map_esm.js"
    _css = HERE / "map.css"

    board = t.Dict().tag(sync=True)
    pieces = t.List().tag(sync=True)
    ghost = t.Dict().tag(sync=True)
    anchor = t.Unicode("").tag(sync=True)
    orientation = t.Unicode("r0").tag(sync=True)
    hovered = t.Unicode("").tag(sync=True)
    active = t.Bool(False).tag(sync=True)
    label = t.Unicode("").tag(sync=True)
    live = t.Unicode("").tag(sync=True)
    focus_request = t.Int(0).tag(sync=True)

    def __init__(self, state: State, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.shape: str | None = None
        self.reason = ""
        self.on_confirm: Callable[[], None] | None = None
        self.on_cancel: Callable[[], None] | None = None
        self.on_error: Callable[[BaseException], None] | None = None
        self.on_change: Callable[[], None] | None = None
        self.add_class("lnb-museum-map")
        self.on_msg(self.page_message)
        self.observe(self._moved, ["hovered", "anchor", "orientation"])
        self.show(state)

    # -- drawing ----------------------------------------------------------------------------
    def show(self, state: State) -> None:
        """Draw ``state`` (the board's words in the current language)."""
        self.state = state
        m = state.museum
        keys = list(m.rooms)
        cells = [-1] * (m.width * m.height)
        for index, room in enumerate(m.rooms.values()):
            for sq in room.squares:
                cells[m.index(sq)] = index
        walls, doors = wall_segments(m)
        done = {rid for rid, _points in state.score().rooms}  # the library's filled rooms
        rooms = []
        for rid in keys:
            room = m.rooms[rid]
            at = room_label_square(m, rid)
            points = ngettext("{count} point", "{count} points",
                              room.points).format(count=room.points)
            rooms.append({"name": room.name, "row": at.row, "col": at.col, "done": rid in done,
                          "points": f"✓ {points}" if rid in done else points})
        collected = set(state.collected)
        evidence = [{"index": m.index(e.square), "glyph": str(GLYPHS.get(e.id, e.id[:2])),
                     "collected": e.id in collected,
                     "name": (_("{evidence}, collected") if e.id in collected
                              else _("{evidence}, not collected yet")).format(evidence=e.name)}
                    for e in m.evidence]
        with self.hold_sync():
            self.board = {"width": m.width, "height": m.height, "cells": cells, "walls": walls,
                          "doors": doors, "rooms": rooms, "evidence": evidence}
            self.pieces = [[m.index(s) for s in drawn.squares] for drawn in state.placed]
            self.label = _("Museum map. Click or tap a square to put the shape there; arrow "
                           "keys move it, R turns it, F flips it, Enter places it, Escape "
                           "cancels.")
            self._preview()

    relabel = show

    def sketch(self) -> str:
        """The map as a still SVG of its own traits (the board and the placed pieces), as
        its script draws it, for the page's drawing before Python is ready
        (:mod:`widgets.core.sketch`)."""
        from html import escape

        b, size, margin = self.board, 10, 7
        if not b.get("width"):
            return ""
        tints = ["#e3f2fd", "#fce4ec", "#f1f8e9", "#fff8e1", "#ede7f6", "#e0f7fa", "#fbe9e7",
                 "#f9fbe7", "#e8eaf6", "#e0f2f1"]  # map_esm.js's TINTS
        at = lambda i: (margin + (i % b["width"]) * size, margin + (i // b["width"]) * size)  # noqa: E731
        parts = [f'<rect x="{at(i)[0]}" y="{at(i)[1]}" width="{size}" height="{size}" '
                 f'class="lnb-map-square" fill="{tints[room % len(tints)]}"/>'
                 for i, room in enumerate(b["cells"]) if room >= 0]
        parts += ['<g class="lnb-map-piece">' + "".join(
            f'<rect x="{at(i)[0]}" y="{at(i)[1]}" width="{size}" height="{size}"/>'
            for i in piece) + "</g>" for piece in self.pieces]
        for kind, lines in (("wall", b["walls"]), ("door", b["doors"])):
            parts += [f'<line x1="{margin + x1 * size}" y1="{margin + y1 * size}" '
                      f'x2="{margin + x2 * size}" y2="{margin + y2 * size}" '
                      f'class="lnb-map-{kind}"/>' for x1, y1, x2, y2 in lines]
        for room in b["rooms"]:
            x, y = margin + room["col"] * size + size / 2, margin + room["row"] * size + size / 2
            parts.append(f'<text x="{x}" y="{y - 0.6}" class="lnb-map-room">'
                         f'{escape(room["name"])}</text><text x="{x}" y="{y + 3.4}" '
                         f'class="lnb-map-points">{escape(room["points"])}</text>')
        width, height = margin + b["width"] * size + 1, margin + b["height"] * size + 1
        css = (HERE / "map.css").read_text(encoding="utf-8")
        return (f'<style>{css}</style><div class="lnb-map"><svg class="lnb-map-svg" '
                f'viewBox="0 0 {width} {height}" preserveAspectRatio="xMidYMid meet">'
                + "".join(parts) + "</svg></div>")

    def request_focus(self) -> None:
        """Ask the page to put the keyboard focus on the map (and to bring it, with the
        place controls above it, into sight): its keys work at once."""
        self.focus_request += 1

    def redraw(self) -> None:
        """Draw the same state again (after a relabel, or a change of the state)."""
        self.show(self.state)

    # -- the shape being placed ---------------------------------------------------------------
    def pick(self, shape: str | None) -> None:
        """Start placing ``shape`` (a wheel id such as ``3a``), not turned, on the square
        chosen before (if any); ``None`` stops."""
        with self.hold_trait_notifications():
            self.shape = shape
            self.active = shape is not None
            self.orientation = "r0"
            if shape is None:
                self.anchor = ""
        self._preview()

    def placement(self) -> Placement | None:
        """The library's placement of the ghost when it fits, else None."""
        if self.shape is None or not self.anchor:
            return None
        try:
            return self.state.check_placement(self.shape, self.orientation, self.anchor)
        except LnbError:
            return None

    def where(self) -> str:
        """The square the ghost is anchored on (the hovered one before a click)."""
        return self.anchor or self.hovered

    def _preview(self) -> None:
        at = self.where()
        if self.shape is None or not at:
            self.ghost, self.reason = {}, ""
            self.live = (_("Pick a shape, then a square.") if self.shape is None
                         else _("Shape {shape}: click or tap a square, or press an arrow key."
                                ).format(shape=self.shape))
            self._changed()
            return
        m = self.state.museum
        orientation = Orientation.parse(self.orientation)
        anchor = Square.parse(at)
        cells = m.cells_at(m.wheel[self.shape].oriented(orientation), anchor)
        ghost: dict[str, Any] = {"cells": [[s.row, s.col] for s in cells],
                                 "anchor": [anchor.row, anchor.col], "legal": True}
        how = orientation_words(orientation)
        try:
            self.state.check_placement(self.shape, orientation, anchor)
            self.reason = ""
            self.live = _("Shape {shape} at {square}, {how}: it fits. Press Enter to place it."
                          ).format(shape=self.shape, square=at, how=how)
        except PlacementError as err:
            self.reason = err.explain()
            ghost["legal"] = False
            try:
                bad = Square.parse(err.square or "")
                ghost["bad"] = [bad.row, bad.col]
            except LnbError:
                pass
            self.live = _("Shape {shape} at {square}, {how}: it does not fit: {reason}."
                          ).format(shape=self.shape, square=at, how=how, reason=self.reason)
        self.ghost = ghost
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    # -- what the page sends ------------------------------------------------------------------
    def handle(self, content: dict[str, Any]) -> None:
        """Act on one message of the page (also what tests call): ``anchor`` (a square),
        ``move`` (``dr``, ``dc``), ``rotate``, ``flip``, ``confirm``, ``cancel``."""
        event = content.get("event")
        if event == "anchor":
            square = Square.parse(str(content.get("square", "")))
            self.anchor = str(square)
        elif event == "move":
            self._move(int(content.get("dr", 0)), int(content.get("dc", 0)))
        elif event == "rotate":
            self.orientation = str(Orientation.parse(self.orientation).rotated())
        elif event == "flip":
            self.orientation = str(Orientation.parse(self.orientation).mirrored())
        elif event == "confirm" and self.on_confirm is not None:
            self.on_confirm()
        elif event == "cancel" and self.on_cancel is not None:
            self.on_cancel()

    def _move(self, dr: int, dc: int) -> None:
        m = self.state.museum
        if self.where():
            here = Square.parse(self.where())
            row = min(max(here.row + dr, 0), m.height - 1)
            col = min(max(here.col + dc, 0), m.width - 1)
        else:
            middle = Square(m.height // 2, m.width // 2)
            row, col = middle.row, middle.col
        self.anchor = str(Square(row, col))

    def _moved(self, _change: Any) -> None:
        """A square or a way to lie changed (the page's hover too): the ghost follows."""
        try:
            self._preview()
        except Exception as err:  # a bad square from the page: on the line, not the page
            self.ghost, self.reason = {}, ""
            if self.on_error is not None:
                self.on_error(err)

