"""Small views for the museum's lessons: a shape's eight orientations, the dice wheel, the 36
outcomes of two dice, a bar chart (matplotlib when installed, else HTML), the rooms' areas and
perimeters. Each asks :mod:`lnb.museum` and draws; the counts are the library's or plain
counting of cells.

>>> perimeter(Shape.parse("####").cells), perimeter(Shape.parse("##/##").cells)
(10, 8)
>>> exact_counts(lambda a, b: a == b)
6
>>> sum_counts()[7], sum(sum_counts().values())
(6, 36)
"""

from __future__ import annotations

import html
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from itertools import product
from typing import Any

import ipywidgets as w

from lnb.core.i18n import _, ngettext
from lnb.museum.museum import Museum
from lnb.museum.shapes import Orientation, Shape
from widgets.museum.pictures import CSS as PICTURE_CSS
from widgets.museum.pictures import shape_svg

CSS = """
.lnb-lesson-view { margin: 4px 0; }
.lnb-orientations { display: flex; flex-wrap: wrap; gap: 10px; }
.lnb-orientations figure { margin: 0; padding: 6px; border: 2px solid #9fa8da; border-radius: 8px;
                           text-align: center; min-width: 70px; }
.lnb-orientations figure.lnb-same { border-style: dashed; border-color: #bbb; color: #595959; }
.lnb-orientations figcaption { font-size: 15px; }
.lnb-lesson-view table { border-collapse: collapse; }
.lnb-lesson-view td, .lnb-lesson-view th { padding: 2px 8px; border-bottom: 1px solid #ddd;
                                           text-align: center; }
.lnb-dice-grid td { width: 2.2em; }
.lnb-dice-grid td.lnb-double { background: #fff3c4; font-weight: bold; }
.lnb-chart-row { display: flex; align-items: center; gap: 6px; margin: 1px 0; }
.lnb-chart-label { min-width: 5.5em; text-align: right; }
.lnb-chart-bar { display: inline-block; height: 14px; border-radius: 3px; }
.lnb-chart-exact { background: #283593; }
.lnb-chart-sim { background: #ef6c00; }
""" + PICTURE_CSS


def _view(body: str) -> w.HTML:
    view = w.HTML(f"<style>{CSS}</style>{body}")
    view.add_class("lnb-lesson-view")
    view.add_class("lnb-widget")
    return view


def _caption(orientation: Orientation) -> str:
    turns = ngettext("{count} quarter turn", "{count} quarter turns", orientation.turns).format(
        count=orientation.turns)
    return _("flipped, {turns}").format(turns=turns) if orientation.flipped else turns


def orientations_view(shape: Shape | str) -> w.HTML:
    """The eight ways a shape can lie (each orientation of :meth:`Orientation.all`); a way that
    looks like an earlier one is drawn dashed and says which."""
    piece = Shape.parse(shape) if isinstance(shape, str) else shape
    seen: dict[frozenset[tuple[int, int]], Orientation] = {}
    figures = []
    for orientation in Orientation.all():
        lying = piece.oriented(orientation)
        first = seen.setdefault(lying.cells, orientation)
        same = first != orientation
        note = (_("looks the same as {orientation}").format(orientation=first) if same
                else _("new"))
        words = html.escape(_caption(orientation))
        caption = f"<b>{orientation}</b>: {words}<br>{html.escape(note)}"
        figures.append(f"<figure class='{'lnb-same' if same else ''}'>"
                       f"{shape_svg(lying, 14, label=_caption(orientation))}"
                       f"<figcaption>{caption}</figcaption></figure>")
    count = len(piece.orientations())
    head = ngettext("{count} different way to lie", "{count} different ways to lie",
                    count).format(count=count)
    return _view(f"<p><b>{html.escape(head)}</b></p>"
                 f"<div class='lnb-orientations'>{''.join(figures)}</div>")


def wheel_view(museum: Museum | None = None) -> w.HTML:
    """Every shape of the dice wheel: its id, its picture, its area and how many ways it lies."""
    museum = museum or Museum.standard()
    rows = []
    for sid in museum.wheel.ids:
        shape = museum.wheel[sid]
        spoke = int(sid[0])
        where = (_("a die showing {value}").format(value=spoke) if 1 <= spoke <= 6
                 else _("the centre: wild shapes only") if spoke == 0
                 else _("a spoke without a value: the key's or the apple's ability"))
        rows.append(f"<tr><td><b>{sid}</b></td><td>{shape_svg(shape, 12)}</td>"
                    f"<td>{shape.size}</td><td>{len(shape.orientations())}</td>"
                    f"<td>{html.escape(where)}</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("shape"), _("picture"), _("squares (area)"), _("different ways to lie"),
        _("taken with")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


# -- two dice -------------------------------------------------------------------------------

OUTCOMES: tuple[tuple[int, int], ...] = tuple(product(range(1, 7), repeat=2))


def exact_counts(condition: Callable[[int, int], bool]) -> int:
    """How many of the 36 outcomes of two dice meet ``condition``."""
    return sum(1 for a, b in OUTCOMES if condition(a, b))


def sum_counts() -> dict[int, int]:
    """For each sum 2–12, how many of the 36 outcomes give it."""
    counts = Counter(a + b for a, b in OUTCOMES)
    return {total: counts[total] for total in range(2, 13)}


def simulate_sums(rolls: int, seed: int = 0) -> dict[int, int]:
    """Roll two dice ``rolls`` times (seeded, so the lesson shows the same every time)."""
    rng = random.Random(seed)
    counts = Counter(rng.randint(1, 6) + rng.randint(1, 6) for _ in range(rolls))
    return {total: counts[total] for total in range(2, 13)}


def dice_grid() -> w.HTML:
    """The 36 outcomes as a 6 × 6 table of sums (doubles marked)."""
    head = "".join(f"<th>{b}</th>" for b in range(1, 7))
    rows = []
    for a in range(1, 7):
        cells = "".join(f"<td class='{'lnb-double' if a == b else ''}'>{a + b}</td>"
                        for b in range(1, 7))
        rows.append(f"<tr><th>{a}</th>{cells}</tr>")
    caption = _("First die down the side, second die along the top; each box is the sum. "
                "Doubles are shaded.")
    return _view(f"<p>{html.escape(caption)}</p><table class='lnb-dice-grid'><thead><tr>"
                 f"<th></th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def bar_chart(exact: Mapping[int, int], simulated: Mapping[int, int], rolls: int) -> Any:
    """The exact share of each sum (out of 36) beside the simulated share: a matplotlib
    figure when matplotlib is installed, else an HTML chart."""
    keys = sorted(exact)
    exact_share = [exact[k] / 36 for k in keys]
    sim_share = [simulated.get(k, 0) / rolls for k in keys]
    exact_word, sim_word = _("exact (out of 36)"), _("simulated ({rolls} rolls)").format(
        rolls=rolls)
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        plt = None
    if plt is not None:
        figure, axes = plt.subplots(figsize=(7, 3.5))
        width = 0.4
        axes.bar([k - width / 2 for k in keys], exact_share, width, label=exact_word)
        axes.bar([k + width / 2 for k in keys], sim_share, width, label=sim_word)
        axes.set_xticks(keys)
        axes.set_xlabel(_("sum of two dice"))
        axes.set_ylabel(_("share of the rolls"))
        axes.legend()
        plt.close(figure)
        return figure
    top = max(exact_share + sim_share) or 1
    rows = []
    for k, e, s in zip(keys, exact_share, sim_share, strict=True):
        label = html.escape(_("sum {total}").format(total=k))
        rows.append(
            f"<div class='lnb-chart-row'><span class='lnb-chart-label'>{label}</span>"
            f"<span class='lnb-chart-bar lnb-chart-exact' style='width:{e / top * 240:.0f}px' "
            f"title='{html.escape(exact_word)}'></span> {exact[k]}/36 "
            f"<span class='lnb-chart-bar lnb-chart-sim' style='width:{s / top * 240:.0f}px' "
            f"title='{html.escape(sim_word)}'></span> {simulated.get(k, 0)}/{rolls}</div>")
    key = (f"<p><span class='lnb-chart-bar lnb-chart-exact' style='width:24px'></span> "
           f"{html.escape(exact_word)} &nbsp; <span class='lnb-chart-bar lnb-chart-sim' "
           f"style='width:24px'></span> {html.escape(sim_word)}</p>")
    return _view(key + "".join(rows))


def ability_chances(museum: Museum | None = None) -> w.HTML:
    """Each ability's condition and how many of the 36 outcomes meet it (asked of the
    library's :meth:`Ability.accepts`)."""
    museum = museum or Museum.standard()
    rows = []
    for e in museum.evidence:
        count = exact_counts(e.ability.accepts)
        rows.append(f"<tr><td>{html.escape(e.name)}</td>"
                    f"<td style='text-align:left'>{html.escape(e.ability.describe())}</td>"
                    f"<td>{count}/36</td></tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("evidence"), _("its ability"), _("outcomes that unlock it")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


# -- area and perimeter ---------------------------------------------------------------------

def perimeter(cells: Iterable[tuple[int, int]]) -> int:
    """The number of square sides on the outside of a group of cells."""
    own = set(cells)
    return sum(1 for r, c in own for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
               if near not in own)


def room_facts(museum: Museum | None = None) -> list[dict[str, Any]]:
    """Each room: its name, points, area (squares), evidence squares, squares to fill and
    perimeter (in square sides)."""
    museum = museum or Museum.standard()
    facts = []
    for room in museum.rooms.values():
        cells = [(s.row, s.col) for s in room.squares]
        evidence = sum(1 for s in room.squares if museum.evidence_at(s) is not None)
        facts.append({"id": room.id, "name": room.name, "points": room.points,
                      "area": len(cells), "evidence": evidence,
                      "to_fill": museum.room_masks[room.id].bit_count(),
                      "perimeter": perimeter(cells)})
    return facts


def rooms_view(museum: Museum | None = None) -> w.HTML:
    """The rooms' areas, squares to fill and perimeters as a table."""
    rows = "".join(
        f"<tr><td style='text-align:left'>{html.escape(f['name'])}</td><td>{f['points']}</td>"
        f"<td>{f['area']}</td><td>{f['evidence']}</td><td>{f['to_fill']}</td>"
        f"<td>{f['perimeter']}</td></tr>" for f in room_facts(museum))
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("room"), _("points"), _("area (squares)"), _("evidence squares"),
        _("squares to fill"), _("perimeter (square sides)")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")
