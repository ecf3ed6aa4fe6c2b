"""Fair shares: move each player's Influence count and see the points of one majority.

The points come from :func:`lnb.babbage.game.scoring.score` (most = 9, second = 4, ties share the
places they cover, rounded down); this widget only draws them.

>>> view = MajorityView({"Ada": 3, "Bea": 3, "Cy": 1})
>>> view.points()
{'Ada': 6, 'Bea': 6, 'Cy': 0}
>>> for part in view.sentence.value.split("; "):
...     print(part)
Art: Ada (3 Influence), Bea (3 Influence) tie for 1st–2nd: 9 + 4 = 13
13 ÷ 2 = 6 r 1, so 6 points each
Cy (1 Influence) 3rd: 0 points
>>> view.sliders["Cy"].value = 3
>>> view.points()
{'Ada': 4, 'Bea': 4, 'Cy': 4}
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as w

from lnb.babbage.edition import Edition
from lnb.core.i18n import _, pgettext
from widgets.babbage.words import influence
from widgets.core.relabel import Relabelled, Text, text_of
from widgets.core.status import StatusLine
from widgets.core.style import stylesheet
from widgets.core.titles import title_html


class MajorityView(Relabelled, w.VBox):
    """One Influence type, a slider per player, and the points each one scores for it."""

    def __init__(self, counts: Mapping[str, int] | None = None, kind: str = "Art",
                 *, most: int = 8, title: Text = "") -> None:
        from lnb.babbage.game.scoring import Majority

        self.edition = Edition.load()
        self.kind = kind
        self.majority: Majority | None = None
        counts = dict(counts or {"Ada": 3, "Bea": 1, "Cy": 0})
        self.status = StatusLine(on_continue=self.refresh)
        self._title_text = title
        self.title = w.HTML("")
        self.marks = w.HTML("")
        self.sliders = {name: w.IntSlider(value=n, min=0, max=most, description=name)
                        for name, n in counts.items()}
        for name, slider in self.sliders.items():
            slider.add_class(f"lnb-count-{name}")
            slider.observe(self.status.guarded(lambda _: self.refresh()), "value")
        self.sentence = w.HTML("")
        self.sentence.add_class("lnb-majority-sentence")
        self.table = w.HTML("")
        self.table.add_class("lnb-majority-table")
        super().__init__([stylesheet(), self.title, self.marks,
                          *self.sliders.values(), self.sentence, self.table, self.status])
        self.add_class("lnb-majority")
        self.add_class("lnb-widget")
        self.labelled()

    def _label(self) -> None:
        self.title.value = title_html(text_of(self._title_text))
        self.marks.value = _("<b>{type}</b> marks").format(type=html.escape(influence(self.kind)))

    def points(self) -> dict[str, int]:
        """Each player's points for this type, as the library scores them."""
        return dict(self.majority.points) if self.majority else {}

    def refresh(self) -> None:
        """Score the counts on the sliders and redraw."""
        from lnb.babbage.game.scoring import Tally, score

        names = list(self.sliders)
        tallies = [Tally(name, {self.kind: int(self.sliders[name].value)}, 0, 0, {}, 0, 0)
                   for name in names]
        sheet = score(tallies, order=names, edition=self.edition, final=False)
        self.majority = next(m for m in sheet.majorities if m.type == self.kind)
        self.sentence.value = html.escape(str(self.majority.text))
        counts = dict(self.majority.counts)
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{counts[name]}</td><td><b>{points}</b></td></tr>"
            for name, points in self.majority.points
        )
        head = "".join(f"<th>{html.escape(t)}</th>"
                       for t in (_("player"), pgettext("Influence marks", "marks"), _("points")))
        self.table.value = f"<table class='lnb-table'><tr>{head}</tr>{rows}</table>"


__all__ = ["MajorityView"]
