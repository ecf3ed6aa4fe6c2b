"""The teacher's dashboard drawn as HTML from its figures (:mod:`dashboard_figures`): the
class list with each pupil's puzzles. Every word a teacher reads comes from the catalog.

>>> from widgets.classroom.dashboard_figures import ClassReport, PupilResults, PuzzleResult
>>> import datetime
>>> row = PuzzleResult("P1-0J6Y-91VC-7", 1, True, 2, 1, 3, 2, datetime.date(2026, 12, 1))
>>> shown = class_table_html(ClassReport("KM7Q4X", "7B", (PupilResults("Ali", (row,)),
...                                                       PupilResults("Bea", ()))))
>>> "3 (shortest 2)" in shown, "No puzzle tried yet" in shown, "lnb-pupil" in shown
(True, True, True)
"""

from __future__ import annotations

import html

from lnb.core.i18n import _, ngettext
from widgets.classroom.dashboard_figures import ClassReport, PuzzleResult
from widgets.classroom.identity import shown_code

CSS = """
.lnb-dashboard table.lnb-class-list { border-collapse: collapse; margin: 6px 0; }
.lnb-dashboard .lnb-class-list th, .lnb-dashboard .lnb-class-list td {
  padding: 2px 8px; border-bottom: 1px solid #c5cae9; text-align: left; vertical-align: top; }
.lnb-dashboard .lnb-class-list th.lnb-pupil { font-weight: bold; }
.lnb-dashboard .lnb-class-list td.lnb-num { text-align: right; }
.lnb-dashboard .lnb-code { font-family: monospace; }
.lnb-dashboard .lnb-solved { color: #1b5e20; font-weight: bold; }
.lnb-dashboard .lnb-unsolved { color: #8a1c12; }
.lnb-high-contrast .lnb-dashboard .lnb-solved, .lnb-high-contrast .lnb-dashboard .lnb-unsolved {
  color: inherit; }
"""


def _cell(text: str, css: str = "") -> str:
    attr = f" class='{css}'" if css else ""
    return f"<td{attr}>{html.escape(text)}</td>"


def rows_text(result: PuzzleResult) -> str:
    """The rows of a pupil's best answer beside the shortest: ``3 (shortest 2)``."""
    if result.shortest is None:
        return "—" if result.best_rows is None else str(result.best_rows)
    if result.best_rows is None:
        return _("— (shortest {shortest})").format(shortest=result.shortest)
    return _("{rows} (shortest {shortest})").format(rows=result.best_rows,
                                                    shortest=result.shortest)


def class_heading_html(report: ClassReport) -> str:
    """The class's name, code and size."""
    return "<h3 class='lnb-class-heading'>{}</h3>".format(html.escape(ngettext(
        "Class {name} ({code}): {count} pupil", "Class {name} ({code}): {count} pupils",
        len(report.pupils)).format(name=report.name, code=shown_code(report.code),
                                   count=len(report.pupils))))


def class_table_html(report: ClassReport) -> str:
    """The class list: each pupil (solved count) and, a line each, their puzzles."""
    head = "".join(f"<th scope='col'>{html.escape(t)}</th>" for t in (
        _("Pupil"), _("Puzzle"), _("Solved"), _("Attempts"), _("Hints used"),
        _("Rows used (shortest possible)")))
    body = []
    for pupil in report.pupils:
        span = max(len(pupil.puzzles), 1)
        solved_count = ngettext("{count} solved", "{count} solved", pupil.solved_count).format(
            count=pupil.solved_count)
        name = (f"<th scope='row' class='lnb-pupil' rowspan='{span}'>"
                f"{html.escape(pupil.name)}<br><small>{html.escape(solved_count)}</small></th>")
        if not pupil.puzzles:
            none = _("No puzzle tried yet")
            body.append(f"<tr class='lnb-pupil-row'>{name}<td colspan='5' class='lnb-muted'>"
                        f"{html.escape(none)}</td></tr>")
            continue
        for i, p in enumerate(pupil.puzzles):
            solved = (_cell(_("yes"), "lnb-solved") if p.solved
                      else _cell(_("not yet"), "lnb-unsolved"))
            cells = (f"<td class='lnb-code'>{html.escape(p.puzzle)}</td>{solved}"
                     f"{_cell(str(p.attempts), 'lnb-num')}{_cell(str(p.hints), 'lnb-num')}"
                     f"{_cell(rows_text(p))}")
            body.append(f"<tr class='lnb-pupil-row'>{name if i == 0 else ''}{cells}</tr>")
    return (f"<table class='lnb-class-list'><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(body)}</tbody></table>")


__all__ = ["CSS", "class_heading_html", "class_table_html", "rows_text"]
