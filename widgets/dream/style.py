"""The look of Ada's Dream's app: dice in their colours, cards, the Mill's grid, the tracks.

Colours are chosen for contrast (white on the dark dice, dark on yellow); a die that can be
taken keeps its colour (the rule outweighs the kit theme's button colour), a disabled one
keeps it too but with the kit's dashed border (:mod:`widgets.core.style`); the
high-contrast theme draws everything black on white with thick borders.
"""

CSS = """
.lnb-dream-app .widget-hbox { flex-wrap: wrap; }
.lnb-dream-app .lnb-title-row { justify-content: space-between; align-items: center; }
.lnb-dream-app .jupyter-button { width: auto; min-width: 44px; min-height: 44px; }
/* the kit's touch size, every button (over the kit's 28 px for buttons of every app) */
.lnb-dream-app button, :is(.lnb-app, .lnb-widget).lnb-dream-app button.jupyter-button {
  min-height: 44px; }
.lnb-dream-setup .widget-inline-hbox { height: auto; }
.lnb-dream-setup :is(select, input) { min-height: 44px; }
.lnb-dream-main { align-items: flex-start; column-gap: 18px; row-gap: 8px; }
.lnb-dream-main > .lnb-dream-board { flex: 1 1 420px; min-width: 0; max-width: 560px; }
.lnb-dream-main > .lnb-dream-shared { flex: 2 1 480px; min-width: 0; }
.lnb-dream-main > .lnb-dream-decision { flex: 1 1 440px; min-width: 0; row-gap: 6px; }
.lnb-dream-main > .lnb-dream-millside { flex: 0 1 470px; min-width: 0; }
.lnb-dream-millside .lnb-dream-mill-grid {
  grid-template-columns: repeat(3, 84px) minmax(150px, 1fr); }
.lnb-dream-app .lnb-dream-millside .lnb-dream-mill { width: 84px; min-height: 44px;
  padding: 0 4px; line-height: 1.15; }
.lnb-dream-app .lnb-dream-millside .lnb-dream-line { padding: 0 6px; line-height: 1.15; }
.lnb-dream-millside .lnb-dream-part { margin-top: 4px; }
.lnb-dream-millside .lnb-dream-equations p,
.lnb-dream-millside .lnb-dream-eq-list { margin: 2px 0; }
.lnb-dream-millside .lnb-dream-section h3 { font-size: 17px; margin: 0; }
.lnb-dream-millside .lnb-dream-resources { font-size: 14px; }
.lnb-dream-slot .lnb-dream-card-text { line-height: 1.2; }
.lnb-dream-slot .lnb-dream-part { margin-top: 2px; }
.lnb-dream-slot .lnb-dream-map .lnb-dream-card { flex: 1 1 104px; padding: 2px 4px; }
.lnb-dream-slot .lnb-dream-map .lnb-dream-card-text { font-size: 13px; }
.lnb-dream-app .lnb-dream-slot .lnb-dream-map .lnb-dream-card button { font-size: 14px;
  padding: 0 2px; line-height: 1.15; }
.lnb-dream-app .lnb-dream-slot .lnb-dream-displays .lnb-dream-card button {
  font-size: 14px; padding: 0 4px; line-height: 1.15; margin: 1px 0; }
.lnb-dream-slot .lnb-dream-displays .lnb-dream-card .widget-vbox { row-gap: 2px; }
.lnb-dream-recent { font-size: 15px; }
.lnb-dream-app .lnb-dream-choices button { font-size: 15px; line-height: 1.2; }
.lnb-dream-millside > .lnb-dream-board { flex: 0 1 auto; min-width: 0; }
.lnb-dream-millside > .lnb-dream-recent { flex: 1 1 240px; min-width: 0; }
@media (max-width: 1100px) {
  /* a tablet's play view keeps the decision and the Mill on one screen: its buttons are
     36 px tall at least (a finger's tap), the rest of the app's 44 */
  .lnb-dream-app .lnb-dream-main button,
  :is(.lnb-app, .lnb-widget).lnb-dream-app .lnb-dream-main button.jupyter-button {
    min-height: 36px; }
  .lnb-dream-choices:not(:empty) { row-gap: 2px; padding: 2px 8px; }
  .lnb-dream-main > .lnb-dream-millside { flex: 1 1 100%; flex-direction: row;
                                           flex-wrap: wrap; column-gap: 16px; }
  .lnb-dream-millside .lnb-dream-mill-grid {
    grid-template-columns: repeat(3, 94px) minmax(120px, 1fr); }
  .lnb-dream-app .lnb-dream-millside .lnb-dream-mill { width: 94px; font-size: 14px;
    padding: 0 2px; }
  .lnb-dream-slot .lnb-dream-card { padding: 2px 5px; }
  .lnb-dream-slot .lnb-dream-cards { column-gap: 6px; row-gap: 6px; }
  .lnb-dream-millside > .lnb-dream-recent { flex: 1 1 200px; }
  .lnb-dream-app .lnb-dream-slot .lnb-dream-displays .lnb-dream-card button {
    font-size: 13px; padding: 0 1px; line-height: 1.1; }
  .lnb-dream-app .lnb-dream-choices button.jupyter-button { margin-top: 0; margin-bottom: 0; } }
/* a Partner's life (not a rule) is read in the Cards panel; the play view keeps the rule (and
   the choices above the fold) */
.lnb-dream-slot .lnb-dream-card-text i, .lnb-dream-slot .lnb-dream-card-text i + br {
  display: none; }
.lnb-dream-recent ul { margin: 2px 0; padding-left: 1.2em; }
/* the others' last moves: one line each (the rest of a line behind an ellipsis; every word
   is still in the page for a screen reader, and the whole log is in the Log panel) */
.lnb-dream-recent, .lnb-dream-recent .widget-html-content { min-width: 0; max-width: 100%;
                                                          overflow: hidden; }
.lnb-dream-recent ul { list-style-position: inside; padding-left: 0.2em; }
.lnb-dream-recent li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
                      line-height: 1.35; }
.lnb-dream-panels { column-gap: 6px; row-gap: 4px; margin-top: 8px; padding-top: 6px;
                    border-top: 2px solid #9fa8da; }
.lnb-dream-app button.lnb-dream-panel.mod-primary { background: #283593; color: #ffffff; }
.lnb-dream-panel-body { border: 2px solid #9fa8da; border-radius: 8px; padding: 4px 8px;
                        margin-top: 4px; }
.lnb-dream-section h3, .lnb-dream-app h3 { margin: 4px 0; }
.lnb-dream-part { font-weight: bold; margin-top: 8px; }
.lnb-dream-turn { font-size: 18px; padding: 4px 10px; border-radius: 6px;
                  background: #e8eaf6; border-left: 6px solid #283593; }
.lnb-dream-top { position: sticky; top: 0; z-index: 5; background: var(--lnb-bg, #ffffff);
                 padding-bottom: 2px; }
.lnb-dream-prompt { font-size: 19px; }
.lnb-dream-prompt p { margin: 2px 0; }
.lnb-dream-help { color: #424242; font-size: 15px; }
.lnb-dream-choices:not(:empty) { background: #fff9c4; border-radius: 6px; padding: 4px 8px;
                                 column-gap: 6px; row-gap: 4px; }
.lnb-dream-row { column-gap: 4px; row-gap: 4px; }
/* the Workshop's six dice all one width, the widest die's words ("yellow 6"; one character a
   colour in Chinese), and six of them on one line from a tablet's width up: the row's height
   never depends on the roll, between turns nor from the page's drawing (made from another
   roll) to the live page, and the decision below stays where it was */
.lnb-dream-app button.jupyter-button.lnb-dream-workshop { min-width: 7.2em; padding: 0 4px;
  font-size: 15px; }
.lnb-dream-app:lang(zh) button.jupyter-button.lnb-dream-workshop { min-width: 5em; }
.lnb-dream-app button.lnb-legal { border: 3px solid #1a237e; font-weight: bold; }
.lnb-dream-app button.lnb-legal:not(.lnb-selected) { box-shadow: 0 0 0 3px #f9a825; }
.lnb-dream-app button.lnb-legal:not([class*="lnb-die-"]):not(.mod-primary) {
  background: #e8eaf6; color: #1b1b2f; }
.lnb-dream-app .lnb-selected { box-shadow: 0 0 0 4px #1a237e; }
.lnb-dream-app button.jupyter-button.lnb-die-yellow { background: #fdd835; color: #1b1b1b; }
.lnb-dream-app button.jupyter-button.lnb-die-red { background: #c62828; color: #ffffff; }
.lnb-dream-app button.jupyter-button.lnb-die-blue { background: #1565c0; color: #ffffff; }
.lnb-dream-app button.jupyter-button.lnb-die-green { background: #2e7d32; color: #ffffff; }
.lnb-dream-app button.jupyter-button.lnb-die-grey { background: #616161; color: #ffffff; }
.lnb-dream-app button:is(.lnb-die-yellow, .lnb-die-red, .lnb-die-blue, .lnb-die-green,
  .lnb-die-grey):is(:disabled, [aria-disabled="true"]) { background-image: none !important; }
.lnb-dream-app button.lnb-die-yellow:is(:disabled, [aria-disabled="true"]) {
  background-color: #fdd835 !important; color: #1b1b1b !important; }
.lnb-dream-app button.lnb-die-red:is(:disabled, [aria-disabled="true"]) {
  background-color: #c62828 !important; color: #ffffff !important; }
.lnb-dream-app button.lnb-die-blue:is(:disabled, [aria-disabled="true"]) {
  background-color: #1565c0 !important; color: #ffffff !important; }
.lnb-dream-app button.lnb-die-green:is(:disabled, [aria-disabled="true"]) {
  background-color: #2e7d32 !important; color: #ffffff !important; }
.lnb-dream-app button.lnb-die-grey:is(:disabled, [aria-disabled="true"]) {
  background-color: #616161 !important; color: #ffffff !important; }
.lnb-dream-app button.lnb-dream-filled { text-decoration: none !important;
  border-style: solid !important; font-weight: bold; }
.lnb-dream-app button.lnb-dream-built { text-decoration: none !important;
  border: 3px solid #1b5e20 !important; background: #e8f5e9 !important; color: #1b5e20 !important; }
.lnb-dream-mill-grid { grid-template-columns: repeat(3, 100px) minmax(110px, 1fr);
                       grid-gap: 4px; align-items: stretch; max-width: 480px; }
.lnb-dream-app .lnb-dream-mill { width: 100px; min-height: 56px; font-size: 15px;
                                 overflow-wrap: normal; }
.lnb-dream-app .lnb-dream-line { width: auto; font-size: 15px; }
.lnb-dream-eq-list { margin: 4px 0; padding-left: 1.2em; }
.lnb-eq-true { color: #1b5e20; }
.lnb-eq-false { color: #8a1c12; }
.lnb-dream-bar { margin: 2px 0; }
.lnb-dream-box { display: inline-block; min-width: 1.6em; text-align: center; margin: 0 1px;
                 border: 2px solid #9fa8da; border-radius: 4px; }
.lnb-dream-box.lnb-on { background: #283593; color: #ffffff; border-color: #283593; }
.lnb-dream-track-table { border-collapse: collapse; font-size: 15px; margin-top: 6px; }
.lnb-dream-track-table caption { text-align: left; font-weight: bold; }
.lnb-dream-track-table th[scope='row'] { text-align: left; font-weight: normal; padding: 2px 6px;
                                          max-width: 16em; }
.lnb-dream-track-table td { width: 1.7em; height: 1.7em; text-align: center; padding: 0;
                            border: 1px solid #9fa8da; }
.lnb-dream-track-table td.lnb-here { background: #283593; color: #ffffff; }
.lnb-track-mark { font-size: 12px; font-weight: bold; display: block; line-height: 1; }
.lnb-track-yellow th[scope='row'] { border-left: 6px solid #fdd835; }
.lnb-track-red th[scope='row'] { border-left: 6px solid #c62828; }
.lnb-track-blue th[scope='row'] { border-left: 6px solid #1565c0; }
.lnb-track-green th[scope='row'] { border-left: 6px solid #2e7d32; }
.lnb-dream-cards { column-gap: 8px; row-gap: 8px; align-items: stretch; }
.lnb-dream-card { flex: 1 1 150px; max-width: 230px; min-width: 0; border: 2px solid #9fa8da;
                  border-radius: 8px; padding: 4px 8px; background: #f4f6fb;
                  justify-content: space-between; overflow-wrap: anywhere; }
.lnb-dream-card-text { font-size: 15px; line-height: 1.3; }
.lnb-dream-card .widget-vbox { row-gap: 4px; }
.lnb-dream-app .lnb-dream-card button { width: 100%; font-size: 15px; margin: 2px 0; }
.lnb-dream-discs { color: #283593; font-weight: bold; }
.lnb-dream-others { column-gap: 12px; row-gap: 8px; }
.lnb-dream-other { border: 2px solid #bdbdbd; border-radius: 8px; padding: 4px 8px;
                   font-size: 15px; }
.lnb-dream-other h4 { margin: 2px 0; }
.lnb-dream-other-body { display: flex; column-gap: 10px; align-items: flex-start; }
.lnb-dream-mini td { padding: 1px; }
.lnb-die { display: inline-block; min-width: 1.5em; height: 1.5em; line-height: 1.5em;
           text-align: center; border-radius: 4px; font-weight: bold; margin: 1px;
           border: 1px solid #424242; }
.lnb-die-empty { background: #ffffff; color: #757575; }
span.lnb-die-yellow { background: #fdd835; color: #1b1b1b; }
span.lnb-die-red { background: #c62828; color: #ffffff; }
span.lnb-die-blue { background: #1565c0; color: #ffffff; }
span.lnb-die-green { background: #2e7d32; color: #ffffff; }
span.lnb-die-grey { background: #616161; color: #ffffff; }
.lnb-dream-log ol { margin: 2px 0; padding-left: 1.6em; font-size: 15px; }
.lnb-dream-score { border: 3px solid #283593; border-radius: 10px; padding: 8px 12px;
                   background: #fff8e1; color: #1b1b2f; }
.lnb-dream-final { border-collapse: collapse; font-size: 17px; margin: 2px 0 4px; }
.lnb-dream-final caption { text-align: left; font-weight: bold; font-size: 20px; }
.lnb-dream-final th, .lnb-dream-final td { border: 1px solid #9fa8da; padding: 2px 10px; }
.lnb-dream-final td { text-align: right; font-variant-numeric: tabular-nums; min-width: 3em; }
.lnb-dream-final tbody th { text-align: left; font-weight: normal; }
.lnb-dream-final .lnb-winner { background: #ffe082; font-weight: bold; }
.lnb-dream-final tr[data-key='total'] > * { border-top: 3px solid #283593; font-weight: bold; }
.lnb-dream-final tr[data-key='money'] > * { font-style: italic; }
.lnb-dream-score .lnb-dream-verdict { font-weight: bold; font-size: 20px; margin: 4px 0; }
.lnb-sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
          white-space: nowrap; }
.lnb-high-contrast .lnb-dream-card, .lnb-high-contrast .lnb-dream-other,
.lnb-high-contrast .lnb-dream-score, .lnb-high-contrast .lnb-dream-turn {
  background: #ffffff; color: #000000; border: 3px solid #000000; }
.lnb-high-contrast .lnb-dream-track-table td { border: 2px solid #000000; }
.lnb-high-contrast .lnb-dream-final :is(th, td) { border: 2px solid #000000; }
.lnb-high-contrast .lnb-dream-final .lnb-winner { background: #ffffff; color: #000000;
  text-decoration: underline; }
.lnb-dream-app.lnb-high-contrast .lnb-legal:not(.lnb-selected) {
  box-shadow: 0 0 0 4px #000000; }
"""
