"""One small CSS block shared by every widget: large, readable type for a projector.

Widgets mark their parts with ``lnb-...`` classes; :func:`stylesheet` is the one ``<style>``
element that dresses them (one shared widget, so showing it twice costs nothing; closing a
component leaves it open, see :mod:`widgets.core.shared`).

>>> sheet = stylesheet()
>>> sheet is stylesheet(), "lnb-board" in sheet.value
(True, True)
"""

from __future__ import annotations

import ipywidgets

from widgets.core.shared import shared_model

CSS = """
.lnb-app, .lnb-widget { font-size: 18px; line-height: 1.4; }
.lnb-app button, .lnb-widget button { font-size: 17px; }
.lnb-title { font-size: 24px; font-weight: bold; margin: 4px 0; }
.lnb-status { min-height: 1.6em; padding: 2px 8px; border-radius: 4px; }
.lnb-status-error { background: #fdecea; color: #8a1c12; }
.lnb-status-ok { background: #e8f5e9; color: #1b5e20; }
.lnb-status-sorry { background: #fff4e5; color: #663c00; }
.lnb-board { grid-gap: 4px; }
.lnb-level { font-weight: bold; font-size: 20px; align-self: center; }
.lnb-space { border: 2px solid #5c6bc0; border-radius: 6px; padding: 2px 4px;
             background: #f3f4fb; }
.lnb-space-locked { border-color: #bbb; background: #eee; color: #888; }
.lnb-space-used { border-color: #ef6c00; background: #fff3e0; }
.lnb-space-name { font-weight: bold; text-align: center; flex: 0 0 100%; }
.lnb-space.widget-hbox { flex-wrap: wrap; justify-content: center; align-content: flex-start; }
.lnb-levels-locked { grid-column: 1 / -1; border: 2px solid #bbb; border-radius: 6px;
                     background: #eee; color: #888; padding: 2px 8px; font-weight: bold; }
.lnb-fn button, button.lnb-fn { min-width: 40px; font-weight: bold; }
.lnb-rows table, .lnb-table { border-collapse: collapse; font-size: 20px; }
.lnb-rows td, .lnb-table td, .lnb-table th { padding: 2px 10px; border-bottom: 1px solid #ddd; }
.lnb-row-current td, td.lnb-row-current { background: #fff9c4; outline: 2px solid #f9a825; }
.lnb-claim { background: #c8e6c9; font-weight: bold; }
.lnb-void { color: #999; text-decoration: line-through; }
.lnb-start { color: #555; }
.lnb-bar { display: inline-block; height: 18px; background: #5c6bc0; border-radius: 3px; }
.lnb-bar-label { display: inline-block; min-width: 8em; }
.lnb-timer .widget-inline-hbox { align-items: center; }
.lnb-patron { border: 2px solid #8d6e63; border-radius: 6px; padding: 4px 8px;
              margin: 2px; background: #fbf7f2; }
.lnb-patron-value { font-size: 24px; font-weight: bold; }
.lnb-sub-done { background: #e8f5e9; }
.lnb-sub-target { background: #fff9c4; font-weight: bold; }
.lnb-muted { color: #777; }
"""


def stylesheet() -> ipywidgets.HTML:
    """The shared ``<style>`` widget (created on first use, then reused; made again only if
    it was closed, e.g. by ``Widget.close_all()``)."""
    return shared_model("stylesheet", _make_stylesheet)


def _make_stylesheet() -> ipywidgets.HTML:
    sheet = ipywidgets.HTML(f"<style>{CSS}</style>")
    sheet.add_class("lnb-style")
    return sheet
