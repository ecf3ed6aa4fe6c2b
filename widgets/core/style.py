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

from widgets.core.page_words import page_words_html
from widgets.core.shared import shared_model
from widgets.core.theme import HIGH_CONTRAST_CSS, LOOK_CSS, tokens_css

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
.lnb-game button { width: auto; min-width: 44px; height: auto; min-height: 44px; }
.lnb-game .widget-checkbox { width: auto; height: auto; min-height: 44px; }
.lnb-game .widget-checkbox label { min-height: 44px; display: flex; align-items: center; }
.lnb-game .widget-checkbox input[type='checkbox'] { width: 22px; height: 22px; flex-grow: 0; }
.lnb-game .widget-vbox > button { align-self: flex-start; }
.lnb-game .lnb-setup .widget-text, .lnb-game .lnb-setup .widget-dropdown,
.lnb-game .lnb-typed, .lnb-game .lnb-answer { height: auto; }
.lnb-game .lnb-setup .widget-text input, .lnb-game .lnb-setup .widget-dropdown select,
.lnb-game .lnb-typed input, .lnb-game .lnb-answer input { min-height: 44px; }
.lnb-game .lnb-choices, .lnb-game .lnb-files, .lnb-game .lnb-resolution > .widget-hbox,
.lnb-game .lnb-subroutines > .widget-hbox { flex-wrap: wrap; align-items: center; }
.lnb-game .lnb-phase { font-size: 18px; }
.lnb-choices:not(:empty) { background: #fff9c4; border-radius: 6px; padding: 4px 8px; }
.lnb-choice-prompt { font-size: 20px; }
.lnb-game .lnb-speed, .lnb-game .lnb-speed .btn-group { flex: 0 0 auto; flex-wrap: nowrap;
                                                       white-space: nowrap; }
.lnb-game .lnb-race-top { align-items: center; column-gap: 24px; flex-wrap: wrap; }
.lnb-race { column-gap: 16px; align-items: flex-start; }
.lnb-race > .lnb-builder { flex: 1 1 auto; min-width: 0; display: grid; column-gap: 16px;
                           grid-template-columns: minmax(24em, 1fr) auto; align-items: start;
                           grid-template-rows: auto auto auto auto auto auto 1fr;
                           grid-template-areas: "title title" "board head" "board status"
                                                "board type" "board mental" "board rows"
                                                "board ctrl"; }
.lnb-race > .lnb-builder > .lnb-style { display: none; }
.lnb-race > .lnb-builder > .lnb-builder-title { grid-area: title; }
.lnb-race > .lnb-builder > .lnb-board-view { grid-area: board; }
.lnb-race > .lnb-builder > .lnb-builder-header { grid-area: head; }
.lnb-race > .lnb-builder > .lnb-builder-typing { grid-area: type; }
.lnb-race > .lnb-builder > .lnb-mental { grid-area: mental; }
.lnb-race > .lnb-builder > .lnb-rows { grid-area: rows; }
.lnb-race > .lnb-builder > .lnb-builder-controls { grid-area: ctrl; flex-wrap: wrap; }
.lnb-race > .lnb-builder > .lnb-status { grid-area: status; min-height: 0; }
.lnb-race .lnb-rows td { padding: 0 8px; }
.lnb-target-card { flex: 0 0 auto; max-width: 14em; border: 2px solid #f9a825;
                   border-radius: 6px; padding: 4px 10px; background: #fffde7; }
.lnb-target-number { font-size: 32px; font-weight: bold; }
@media (max-width: 1000px) {
  .lnb-race { flex-wrap: wrap; }
  .lnb-race > .lnb-builder { display: flex; }
  .lnb-game .lnb-table { font-size: 16px; }
  .lnb-game .lnb-table td, .lnb-game .lnb-table th { padding: 2px 5px; }
}
.lnb-game.lnb-projector { font-size: 26px; --jp-widgets-font-size: 22px; }
.lnb-game.lnb-projector .lnb-phase { font-size: 26px; }
.lnb-game.lnb-projector button { font-size: 24px; }
.lnb-game.lnb-projector .lnb-space-name, .lnb-game.lnb-projector .lnb-level { font-size: 28px; }
.lnb-game.lnb-projector button.lnb-fn { font-size: 28px; min-width: 56px; min-height: 56px; }
.lnb-game.lnb-projector .lnb-table, .lnb-game.lnb-projector .lnb-rows table { font-size: 28px; }
.lnb-game.lnb-projector .lnb-patron-value, .lnb-game.lnb-projector .lnb-target-number {
  font-size: 40px; }
.lnb-game.lnb-projector .lnb-title { font-size: 32px; }
"""

# Keyboard and screen readers (issue 12): a 3 px focus ring in a colour a projector shows, and
# disabled controls that look disabled by more than their opacity (hatched, dashed, the
# not-allowed cursor), never struck through: a disabled button often carries words a pupil
# must still read (a true equation of the Mill, a card's text; issue 31). ``aria-disabled`` is
# how the kit's page keeps a disabled control focusable, so it can say why (see the kit's Voila
# template).
ACCESS_CSS = """
.lnb-app :is(button, input, select, textarea, [tabindex]):focus-visible,
.lnb-widget :is(button, input, select, textarea, [tabindex]):focus-visible,
.lnb-app .noUi-handle:focus, .lnb-widget .noUi-handle:focus {
  outline: 3px solid #e65100 !important; outline-offset: 2px !important;
  box-shadow: 0 0 0 5px #fff !important; }
.lnb-app button:is(:disabled, [aria-disabled="true"]),
.lnb-widget button:is(:disabled, [aria-disabled="true"]) {
  opacity: 1 !important; color: #4a4a4a !important; cursor: not-allowed !important;
  border: 2px dashed #8a8a8a !important; box-shadow: none !important;
  background: repeating-linear-gradient(135deg, #e6e6e6 0 6px, #d2d2d2 6px 12px) !important; }
.lnb-app button.mod-success, .lnb-widget button.mod-success { background-color: #2e7d32; }
.lnb-app button.mod-warning, .lnb-widget button.mod-warning { background-color: #bf360c; }
.lnb-muted { color: #595959; }
.lnb-reach-grid td[title="not yet"] { color: #767676 !important; }
.lnb-space-locked, .lnb-levels-locked { color: #4a4a4a; }
.lnb-board .widget-box, .lnb-board-readonly .widget-html-content { overflow: visible; }
"""


# Two scripts (issue 14): the kit's text falls back to the reader's CJK fonts
# (widgets.core.theme.TEXT_FONT); a button's or a card's words wrap onto a second line
# instead of running out of it or being cut (Chinese has no spaces: any character may break,
# but never before closing punctuation, line-break: strict).
LANGUAGE_CSS = """
.lnb-app, .lnb-widget, .lnb-app :is(button, input, select, textarea),
.lnb-widget :is(button, input, select, textarea) { font-family: var(--lnb-text-font); }
.lnb-app button.jupyter-button, .lnb-widget button.jupyter-button {
  white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height);
  line-height: 1.25; padding-top: 3px; padding-bottom: 3px; text-overflow: clip;
  overflow-wrap: anywhere; }
.lnb-game button.jupyter-button { min-height: 44px; }  /* a game's taps stay 44 px tall */
.lnb-app .widget-toggle-buttons .widget-toggle-button,
.lnb-widget .widget-toggle-buttons .widget-toggle-button { width: auto; min-width: 4em; }
.lnb-patron, .lnb-sub-card, .lnb-target-card, .lnb-status-text, .lnb-choices {
  overflow-wrap: anywhere; min-width: 0; }
:lang(zh) .lnb-app, :lang(zh) .lnb-widget { line-break: strict; word-break: normal; }
.lnb-language { align-items: center; flex-wrap: wrap; column-gap: 8px; }
.lnb-language .lnb-language-label { width: auto; }
.lnb-language.lnb-landing-language { position: fixed; top: 6px; right: 16px; z-index: 10;
  background: var(--lnb-bg); border: 1px solid var(--lnb-border);
  border-radius: var(--lnb-radius-s); padding: 2px 8px; }
"""


def stylesheet() -> ipywidgets.HTML:
    """The shared ``<style>`` widget (created on first use, then reused; made again only if
    it was closed, e.g. by ``Widget.close_all()``)."""
    return shared_model("stylesheet", _make_stylesheet)


def _make_stylesheet() -> ipywidgets.HTML:
    # The kit's look (widgets.core.theme) after the base block; the high-contrast theme after
    # the keyboard block, whose colours it replaces for that theme.
    sheet = ipywidgets.HTML(_sheet_html(), _dom_classes=("lnb-style",))
    return sheet


def _sheet_html() -> str:
    # The page template's own words ride along, in the current language (widgets.core.page_words).
    return (f"<style>{tokens_css()}{CSS}{LOOK_CSS}{LANGUAGE_CSS}{ACCESS_CSS}{HIGH_CONTRAST_CSS}"
            f"</style>{page_words_html()}")


def refresh_page_words() -> None:
    """Put the template's words in the current language into the stylesheet (after a
    language switch)."""
    sheet = stylesheet()
    html = _sheet_html()
    if sheet.value != html:
        sheet.value = html


def app_styles(name: str, css: str) -> ipywidgets.HTML:
    """An app's own ``<style>`` widget, one for every copy of the app in this kernel (its CSS
    never changes, so one model serves them all).

    >>> app_styles("demo", ".x { color: red; }") is app_styles("demo", ".x { color: red; }")
    True
    """
    return shared_model(f"styles:{name}", lambda: ipywidgets.HTML(f"<style>{css}</style>"))


def hidden_layout() -> ipywidgets.Layout:
    """The one ``display: none`` layout that hidden helper boxes share (a box that is shown
    later gets its own)."""
    return shared_model("hidden-layout", lambda: ipywidgets.Layout(display="none"))
