"""Small pictures as HTML text: a shape (SVG), a die, a row of dice. Looks only.

>>> shape_svg(Shape.parse("##/#.")).count("<rect")
3
>>> die_html(4)
'<span class="lnb-die" aria-hidden="true">4</span>'
"""

from __future__ import annotations

import html

from lnb.museum.shapes import Shape


def shape_svg(shape: Shape, cell: int = 12, label: str = "", colour: str = "#5c6bc0",
              rows: int = 0) -> str:
    """A shape as a small inline SVG (``label`` read out; without one it is decoration);
    ``rows``: the picture as tall as that many squares at least, the shape in its middle (so
    pictures of shapes of different heights line up as rows of one height).

    >>> 'height="14"' in shape_svg(Shape.parse("##")), 'height="38"' in shape_svg(
    ...     Shape.parse("##"), rows=3)
    (True, True)
    >>> 'y="12"' in shape_svg(Shape.parse("##"), rows=3)  # one square down: in the middle
    True
    """
    width, height = shape.width * cell, max(shape.height, rows) * cell
    top = (max(rows - shape.height, 0) * cell) // 2
    rects = "".join(f'<rect x="{c * cell}" y="{r * cell + top}" width="{cell}" '
                    f'height="{cell}" fill="{colour}" stroke="#1a237e" stroke-width="1.5"/>'
                    for r, c in sorted(shape.cells))
    named = (f'role="img" aria-label="{html.escape(label)}"' if label
             else 'aria-hidden="true"')
    return (f'<svg class="lnb-shape-pic" {named} width="{width + 2}" height="{height + 2}" '
            f'viewBox="-1 -1 {width + 2} {height + 2}">{rects}</svg>')


def die_html(value: int | None) -> str:
    """One die: its value, or blank (a die not rolled)."""
    if value is None:
        return '<span class="lnb-die lnb-die-blank" aria-hidden="true"></span>'
    return f'<span class="lnb-die" aria-hidden="true">{value}</span>'


CSS = """
.lnb-die { display: inline-block; min-width: 1.6em; height: 1.6em; line-height: 1.6em;
           margin: 1px 3px 1px 0; border: 2px solid #1b1b2f; border-radius: 6px;
           text-align: center; font-weight: bold; background: #ffffff; color: #1b1b2f; }
.lnb-die-blank { background: #e8eaf6; border-color: #9fa8da; }
.lnb-shape-pic { vertical-align: middle; margin: 2px 6px 2px 0; }
"""
