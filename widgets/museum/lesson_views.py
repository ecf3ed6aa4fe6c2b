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

import functools
import html
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import Any

import ipywidgets as w
from IPython.display import display

from lnb.core.errors import BadInputError
from lnb.core.i18n import N_, _, ngettext
from lnb.museum.museum import Museum
from lnb.museum.shapes import Orientation, Shape
from widgets.core.relabel import register
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
.lnb-chart-row { display: flex; align-items: center; gap: 6px; margin: 1px 0; white-space: nowrap; }
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


def way_caption(orientation: Orientation) -> str:
    """How a way to lie is reached, in words: ``turned 90° clockwise``, ``flipped, not
    turned``.

    >>> way_caption(Orientation.parse("r1f"))
    'flipped, turned 90° clockwise'
    """
    turns = (_("turned {degrees}° clockwise").format(degrees=90 * orientation.turns)
             if orientation.turns else _("not turned"))
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
        words = html.escape(way_caption(orientation))
        caption = f"<b>{orientation}</b>: {words}<br>{html.escape(note)}"
        figures.append(f"<figure class='{'lnb-same' if same else ''}'>"
                       f"{shape_svg(lying, 14, label=way_caption(orientation))}"
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
    figure when matplotlib is installed, else an HTML chart whose labels give each share as
    a fraction and a percentage (1/36 ≈ 2.8% beside 114/3600 ≈ 3.2%: easy to compare)."""
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
            f"<span class='lnb-chart-bar lnb-chart-exact' style='width:{e / top * 150:.0f}px' "
            f"title='{html.escape(exact_word)}'></span> {exact[k]}/36 ≈ {100 * e:.1f}% "
            f"<span class='lnb-chart-bar lnb-chart-sim' style='width:{s / top * 150:.0f}px' "
            f"title='{html.escape(sim_word)}'></span> {simulated.get(k, 0)}/{rolls} ≈ "
            f"{100 * s:.1f}%</div>")
    key = (f"<p><span class='lnb-chart-bar lnb-chart-exact' style='width:24px'></span> "
           f"{html.escape(exact_word)} &nbsp; <span class='lnb-chart-bar lnb-chart-sim' "
           f"style='width:24px'></span> {html.escape(sim_word)}</p>")
    return _view(key + "".join(rows))


def chance_text(count: int, out_of: int = 36) -> str:
    """A chance as a fraction (simplified when it can be) and a percentage.

    >>> chance_text(6), chance_text(10), chance_text(1)
    ('6/36 = 1/6 ≈ 17%', '10/36 = 5/18 ≈ 28%', '1/36 ≈ 3%')
    """
    simple = Fraction(count, out_of)
    same = simple.numerator == count
    fraction = f"{count}/{out_of}" + ("" if same else f" = {simple.numerator}/{simple.denominator}")
    return f"{fraction} ≈ {round(100 * count / out_of)}%"


def tally_view(counts: Mapping[str, int], out_of: int = 36) -> w.HTML:
    """Counts of outcomes as a table: what was counted, how many, and the chance as a
    fraction and a percentage."""
    rows = "".join(f"<tr><td style='text-align:left'>{html.escape(label)}</td><td>{n}</td>"
                   f"<td>{html.escape(chance_text(n, out_of))}</td></tr>"
                   for label, n in counts.items())
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("outcomes"), _("how many"), _("chance")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


def largest_gap(rolls: int, seed: int = 0) -> float:
    """The largest difference, over the sums 2–12, between a sum's simulated share of
    ``rolls`` rolls and its exact share (out of 36).

    >>> largest_gap(36000, seed=7) < largest_gap(36, seed=7)
    True
    """
    exact, simulated = sum_counts(), simulate_sums(rolls, seed)
    return max(abs(simulated[k] / rolls - exact[k] / 36) for k in exact)


def closeness_view(rolls: Sequence[int] = (36, 360, 3600, 36000), seed: int = 0) -> w.HTML:
    """For more and more rolls (each simulation seeded), how far the simulated shares are
    from the exact ones at worst, in percentage points."""
    rows = "".join(f"<tr><td>{n}</td><td>{100 * largest_gap(n, seed):.1f}</td></tr>"
                   for n in rolls)
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("rolls"), _("largest gap to the exact share (percentage points)")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


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
    """Each room: its name, points, area (squares), evidence squares, squares to fill,
    perimeter (in square sides) and the width and height of the rectangle around it."""
    museum = museum or Museum.standard()
    facts = []
    for room in museum.rooms.values():
        cells = [(s.row, s.col) for s in room.squares]
        evidence = sum(1 for s in room.squares if museum.evidence_at(s) is not None)
        facts.append({"id": room.id, "name": room.name, "points": room.points,
                      "area": len(cells), "evidence": evidence,
                      "to_fill": museum.room_masks[room.id].bit_count(),
                      "perimeter": perimeter(cells),
                      "width": 1 + max(c for _r, c in cells) - min(c for _r, c in cells),
                      "height": 1 + max(r for r, _c in cells) - min(r for r, _c in cells)})
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


def room_plan(room: str, museum: Museum | None = None, cell: int = 22) -> w.HTML:
    """One room drawn square by square (evidence squares dark) inside the rectangle around
    it (the squares of that rectangle not in the room dashed), with the rectangle's size."""
    museum = museum or Museum.standard()
    found = museum.rooms.get(room)
    if found is None:
        raise BadInputError(N_("no room {text!r} in the museum: choose one of {choices}"),
                            text=room, choices=", ".join(museum.rooms),
                            expected=tuple(museum.rooms), reason="unknown-room")
    squares = {(s.row, s.col): museum.evidence_at(s) is not None for s in found.squares}
    top, left = min(r for r, _c in squares), min(c for _r, c in squares)
    height = 1 + max(r for r, _c in squares) - top
    width = 1 + max(c for _r, c in squares) - left
    rects = []
    for r in range(height):
        for c in range(width):
            where = (top + r, left + c)
            x, y = c * cell, r * cell
            if where not in squares:
                rects.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                             'fill="none" stroke="#9e9e9e" stroke-dasharray="3 3"/>')
            else:
                fill = "#1a237e" if squares[where] else "#c5cae9"
                rects.append(f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" '
                             f'fill="{fill}" stroke="#1a237e" stroke-width="1.5"/>')
    label = _("{room}: a plan inside a {width} × {height} rectangle").format(
        room=found.name, width=width, height=height)
    svg = (f'<svg role="img" aria-label="{html.escape(label)}" width="{width * cell + 2}" '
           f'height="{height * cell + 2}" viewBox="-1 -1 {width * cell + 2} {height * cell + 2}">'
           f'{"".join(rects)}</svg>')
    caption = _("{room} inside a {width} × {height} rectangle (dark: evidence squares; dashed: "
                "squares of the rectangle that are not in the room)").format(
        room=found.name, width=width, height=height)
    return _view(f"<figure style='margin:0'>{svg}<figcaption>{html.escape(caption)}"
                 "</figcaption></figure>")


def shapes_view(*texts: str, cell: int = 18) -> w.HTML:
    """Shapes side by side, each drawn square by square with its text form under it."""
    figures = "".join(
        f"<figure style='margin:0'>{shape_svg(Shape.parse(t), cell, label=t)}"
        f"<figcaption><code>{html.escape(t)}</code></figcaption></figure>" for t in texts)
    return _view(f"<div class='lnb-orientations'>{figures}</div>")


def rectangles_view(*, perimeter: int | None = None, area: int | None = None) -> w.HTML:
    """Every rectangle of whole squares with that perimeter (or area): its sides, perimeter
    and area; the largest area (or the smallest perimeter) in bold."""
    if perimeter is not None:
        half = perimeter // 2
        found = [(half - side, side) for side in range(1, half // 2 + 1)]
    else:
        assert area is not None
        found = [(area // side, side) for side in range(1, int(area ** 0.5) + 1)
                 if area % side == 0]
    score = (lambda lw: lw[0] * lw[1]) if perimeter is not None else (
        lambda lw: -2 * (lw[0] + lw[1]))
    best = max(found, key=score)
    rows = []
    for length, width in found:
        cells = (f"<td>{width} × {length}</td><td>{2 * (length + width)}</td>"
                 f"<td>{length * width}</td>")
        bold = " style='font-weight:bold'" if (length, width) == best else ""
        rows.append(f"<tr{bold}>{cells}</tr>")
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("rectangle"), _("perimeter (square sides)"), _("area (squares)")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


# -- counting polyominoes -------------------------------------------------------------------

def grow(shapes: Iterable[Shape]) -> set[Shape]:
    """Every shape made by adding one square beside a square of one of ``shapes``."""
    bigger = set()
    for shape in shapes:
        for r, c in shape.cells:
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near not in shape.cells:
                    bigger.add(Shape(shape.cells | {near}))
    return bigger


@functools.cache
def polyominoes(size: int) -> tuple[frozenset[Shape], frozenset[Shape]]:
    """The free and the fixed polyominoes of ``size`` squares.

    >>> [len(part) for part in polyominoes(4)]
    [5, 19]
    """
    fixed = {Shape.parse("#")}
    for _size in range(size - 1):
        fixed = grow(fixed)
    return frozenset(s.canonical() for s in fixed), frozenset(fixed)


def counts_view(free: Mapping[int, Iterable[Shape]], fixed: Mapping[int, Iterable[Shape]]
                ) -> w.HTML:
    """How many free and fixed polyominoes of each size a count found, as a table."""
    rows = "".join(f"<tr><td>{size}</td><td>{len(list(free[size]))}</td>"
                   f"<td>{len(list(fixed[size]))}</td></tr>" for size in sorted(free))
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (
        _("squares"), _("free polyominoes"), _("fixed polyominoes")))
    return _view(f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>")


# -- shown once answered --------------------------------------------------------------------

class Reveal(w.VBox):
    """A view that shows only once every exercise in ``after`` is solved (until then a
    short note says so): a count or a table that answers a question is not shown before the
    question is answered.

    >>> from widgets.babbage.exercise import Exercise, number
    >>> ex = Exercise("2 + 2?", number(4))
    >>> later = Reveal(w.HTML("4"), after=[ex])
    >>> later.shown
    False
    >>> _verdict = ex.submit("4")
    >>> later.shown, later.children[0].value
    (True, '4')
    """

    def __init__(self, content: Any, after: Sequence[w.Widget]) -> None:
        if not isinstance(content, w.Widget):  # a figure: shown in an output area
            shown = w.Output()
            with shown:
                display(content)
            content = shown
        self.content = content
        self.after = list(after)
        self.note = w.HTML("")
        self.note.add_class("lnb-reveal-note")
        super().__init__([self.note])
        self.add_class("lnb-reveal")
        self.add_class("lnb-widget")
        for exercise in self.after:
            exercise.observe(lambda _change: self._update(), "_dom_classes")
        self._update()
        register(self)

    @property
    def shown(self) -> bool:
        """Whether every exercise it waits for is solved (the content shown)."""
        return all(getattr(ex, "solved", False) or "lnb-solved" in ex._dom_classes
                   for ex in self.after)

    def _update(self) -> None:
        if self.shown:
            self.children = (self.content,)
        else:
            self.relabel()
            self.children = (self.note,)

    def relabel(self) -> None:
        """The note in the current language."""
        note = ngettext("This shows once you have answered the question above.",
                        "This shows once you have answered the {count} questions above.",
                        len(self.after)).format(count=len(self.after))
        self.note.value = f"<p><i>{html.escape(note)}</i></p>"
