"""The score sheet: every point explained, with a bar chart drawn in HTML (no matplotlib).

It draws an ``lnb`` :class:`~lnb.babbage.game.scoring.ScoreSheet`; it never scores anything itself.

>>> from lnb.babbage.edition import Edition
>>> from lnb.babbage.game.scoring import Tally, score
>>> sheet = score([Tally("Ada", {"Art": 3}, 0, 2, {"C": 1}, 1, 0),
...                Tally("Bea", {"Art": 1}, 1, 0, {}, 0, 0)], ["Ada", "Bea"], Edition.load())
>>> view = ScoreSheetView(sheet)
>>> view.totals()
{'Ada': 14, 'Bea': 5}
>>> "Ada wins" in view.headline.value
True
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from lnb.core.i18n import _, format_list, lazy_gettext, ngettext
from widgets.core.relabel import register
from widgets.core.style import stylesheet
from widgets.core.titles import title_html

if TYPE_CHECKING:  # pragma: no cover
    from lnb.babbage.game.scoring import ScoreSheet

PARTS = (
    ("influence", lazy_gettext("Influence"), "#5c6bc0"),
    ("failed_experiments", lazy_gettext("Failed Experiments"), "#8d6e63"),
    ("subroutines", lazy_gettext("Subroutines"), "#43a047"),
    ("engine", lazy_gettext("Engine"), "#fb8c00"),
)

TIE_CLASS = " class='lnb-tie'"


class ScoreSheetView(w.VBox):
    """Final (or so-far) scores: a headline, a bar chart, a table, and each player's lines."""

    def __init__(self, sheet: ScoreSheet | None = None) -> None:
        self.sheet = sheet
        self.headline = w.HTML("")
        self.headline.add_class("lnb-score-headline")
        self.chart = w.HTML("")
        self.chart.add_class("lnb-chart")
        self.table = w.HTML("")
        self.table.add_class("lnb-score-table")
        self.details = w.HTML("")
        self.details.add_class("lnb-score-details")
        super().__init__([stylesheet(), self.headline, self.chart, self.table, self.details])
        self.add_class("lnb-scoreboard")
        self.add_class("lnb-widget")
        self.refresh(sheet)
        register(self)

    def relabel(self) -> None:
        """Draw the same sheet in the current language."""
        self.refresh()

    def totals(self) -> dict[str, int]:
        """Each player's total, in seat order."""
        return {p.name: p.total for p in self.sheet.players} if self.sheet else {}

    def refresh(self, sheet: ScoreSheet | None = None) -> None:
        """Redraw from ``sheet`` (the last one when None)."""
        if sheet is not None:
            self.sheet = sheet
        sheet = self.sheet
        if sheet is None:
            self.headline.value = "<i>{}</i>".format(html.escape(_("No scores yet.")))
            self.chart.value = self.table.value = self.details.value = ""
            return
        names = format_list(sheet.winners)
        count = len(sheet.winners)
        if sheet.final:
            line = ngettext("{names} wins!", "{names} win!", count).format(names=names)
        else:
            line = ngettext("{names} wins so far!", "{names} win so far!", count).format(
                names=names)
        self.headline.value = title_html(line)
        self.chart.value = self._chart(sheet)
        self.table.value = self._table(sheet)
        self.details.value = self._details(sheet)

    def _chart(self, sheet: ScoreSheet) -> str:
        top = max([p.total for p in sheet.players] + [1])
        rows = []
        for p in sorted(sheet.players, key=lambda p: p.rank):
            bars = []
            for key, label, colour in PARTS:
                points = p.parts[key]
                if points > 0:
                    width = 24 * points / top
                    tip = _("{part}: {points}").format(part=label, points=points)
                    bars.append(f"<span class='lnb-bar' title='{html.escape(tip, quote=True)}' "
                                f"style='width:{width:.2f}em;background:{colour}'></span>")
            lost = -p.debugs
            minus = (" <span class='lnb-muted'>{}</span>".format(html.escape(
                ngettext("(−{count} Debug)", "(−{count} Debugs)", lost).format(count=lost)))
                if lost else "")
            rows.append(f"<div><span class='lnb-bar-label'><bdi>{html.escape(p.name)}</bdi></span>"
                        f"{''.join(bars)} <b class='lnb-total'>{p.total}</b>{minus}</div>")
        legend = " ".join(f"<span class='lnb-bar' style='width:1em;background:{c}'></span> "
                          f"{html.escape(str(t))}" for _key, t, c in PARTS)
        return "".join(rows) + f"<div class='lnb-muted'>{legend}</div>"

    def _table(self, sheet: ScoreSheet) -> str:
        titles = (_("Place"), _("Player"), _("Influence"), _("Failed Exp."), _("Subroutines"),
                  _("Engine"), _("Debugs"), _("Total"))
        head = "<tr>" + "".join(f"<th>{html.escape(t)}</th>" for t in titles) + "</tr>"
        rows = []
        for p in sorted(sheet.players, key=lambda p: p.rank):
            rows.append(
                f"<tr class='lnb-score-row'><td>{p.rank}</td>"
                f"<td><bdi>{html.escape(p.name)}</bdi></td>"  # a name's direction stays its own
                f"<td>{p.influence}</td><td>{p.failed_experiments}</td><td>{p.subroutines}</td>"
                f"<td>{p.engine}</td><td>{p.debugs}</td><td><b>{p.total}</b></td></tr>")
        return f"<table class='lnb-table'>{head}{''.join(rows)}</table>"

    def _details(self, sheet: ScoreSheet) -> str:
        majorities = "".join(f"<li>{html.escape(str(m.text))}</li>" for m in sheet.majorities)
        parts = ["<b>{}</b><ul>{}</ul>".format(html.escape(_("Influence majorities")), majorities)]
        for p in sorted(sheet.players, key=lambda p: p.rank):
            # A player level on points with another has the tie-break's line last (scoring).
            tied = sum(o.total == p.total for o in sheet.players) > 1
            last = len(p.lines) - 1
            lines = "".join(
                f"<li{TIE_CLASS if tied and i == last else ''}>{html.escape(str(line))}</li>"
                for i, line in enumerate(p.lines))
            title = ngettext("{name}: {total} point", "{name}: {total} points", p.total).format(
                name=p.name, total=p.total)
            parts.append(f"<b>{html.escape(title)}</b><ul>{lines}</ul>")
        return "".join(parts)
