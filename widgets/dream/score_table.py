"""The final scoring drawn as a table (the solo/hot-seat app's and a live table's end): a row
per scoring line, a column per player, the winners' columns marked, the verdict under it.
Every number and word is :func:`lnb.dream.final_table.final_table`'s.

>>> from lnb.dream.state import Game
>>> from lnb.dream.final_table import final_table
>>> page = score_table_html(final_table(Game(["Ada", "Bea"], seed=1).new_initial_state()))
>>> "<th scope='col' class='lnb-winner' data-player='Bea'>" in page
True
>>> page.count("<tr")  # the names, 7 scoring lines, the total, the £ that break the tie
10
>>> read_cells(page)[("total", "Ada")]
0
"""

from __future__ import annotations

import html
import re

from lnb.core.i18n import _
from lnb.dream.final_table import FinalTable
from widgets.dream.words import esc


def score_table_html(table: FinalTable) -> str:
    """``table`` as HTML: a caption, a header of names (★ the winners), one row per line."""
    caption = _("Final scoring") if table.final else _("The score so far")
    head = "".join(
        f"<th scope='col'{_won(table, name)} data-player='{esc(name)}'>"
        f"{'★ ' if name in table.winners else ''}{esc(name)}</th>" for name in table.players)
    body = []
    for row in table.all_rows():
        cells = "".join(f"<td{_won(table, name)} data-player='{esc(name)}'>{value}</td>"
                        for name, value in zip(table.players, row.cells, strict=True))
        body.append(f"<tr class='lnb-score-{row.key}' data-key='{row.key}'>"
                    f"<th scope='row'>{esc(row.title)}</th>{cells}</tr>")
    return (f"<table class='lnb-dream-final'><caption>{esc(caption)}</caption>"
            f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
            f"<p class='lnb-winner lnb-dream-verdict'>{esc(table.verdict)}</p>")


def read_cells(page: str) -> dict[tuple[str, str], int]:
    """The numbers of a drawn table by (row key, player): what a test compares with the
    library's :class:`~lnb.dream.final_table.FinalTable`."""
    cells = {}
    for key, row in re.findall(r"<tr class='lnb-score-\w+' data-key='(\w+)'>(.*?)</tr>", page):
        for name, value in re.findall(r"<td[^>]*data-player='([^']*)'>(-?\d+)</td>", row):
            cells[key, html.unescape(name)] = int(value)
    return cells


def _won(table: FinalTable, name: str) -> str:
    return " class='lnb-winner'" if name in table.winners else ""
