"""The kit's visual language in one place: colours, type sizes, radii and spacing.

Every look of the kit is a CSS custom property (``--lnb-...``) declared here, twice: the
everyday theme and the high-contrast theme (the class :data:`HIGH_CONTRAST` on an app's root,
see :mod:`widgets.core.contrast`). The high-contrast theme covers the whole page holding such
an app (:data:`HIGH_CONTRAST_PAGE`): the widgets around the app (the class panel, the table
entry) and the notebook's own text (:data:`PAGE_CSS`). :mod:`widgets.core.style` puts
:func:`tokens_css` and :data:`LOOK_CSS` in the kit's one stylesheet. Only looks live here,
never a rule of a game.

Each kind of Engine component has its own colour (:data:`KINDS`), each Influence type its
chip colour (:data:`CHIPS`):

>>> kind_class("add-sub"), chip_class("Art")
('lnb-kind-add-sub', 'lnb-chip-art')
>>> round(contrast_ratio("#000000", "#ffffff"), 1)
21.0
>>> min(contrast_ratio(HIGH_CONTRAST_THEME[f], HIGH_CONTRAST_THEME[b]) for f, b in PAIRS) >= 7
True
"""

from __future__ import annotations

import html
import re

from lnb.core.fonts import CJK_FONTS, TEXT_FONT  # below the widgets and the classroom's cards

#: The class on an app's root that switches it to the high-contrast theme.
HIGH_CONTRAST = "lnb-high-contrast"
#: The page that holds an app in high contrast: the theme covers all of it, the widgets shown
#: beside the app and the notebook's text too (``:has``; a browser without it drops this
#: selector from the forgiving ``:is`` lists below and themes the app alone).
HIGH_CONTRAST_PAGE = f"html:has(.{HIGH_CONTRAST})"
#: Where the high-contrast theme applies: the app's root, or the page around it.
_HC = f":is(.{HIGH_CONTRAST}, {HIGH_CONTRAST_PAGE})"

#: The kinds of Engine component that get a colour of their own (both Copies share one).
KINDS = ("add-sub", "mul-div", "swap", "copy", "set-to")
#: The Influence types of the standard edition that get a chip colour (others: a plain chip).
CHIPS = ("art", "science", "engineering", "politics", "commerce")

#: Sizes and shapes, the same in both themes.
SCALE = {
    "text-s": "15px", "text-m": "18px", "text-l": "22px", "text-xl": "28px",
    "number-m": "22px", "number-l": "34px",
    "radius-s": "6px", "radius-m": "10px", "radius-l": "14px",
    "space-s": "4px", "space-m": "8px", "space-l": "14px",
    "number-font": ("'Atkinson Hyperlegible', Verdana, 'DejaVu Sans', system-ui, "
                    f"{CJK_FONTS}, sans-serif"),
    "text-font": TEXT_FONT,
}

#: The everyday theme: a light page, each kind a strong colour with white (or dark) ink.
LIGHT_THEME = {
    "bg": "#ffffff", "surface": "#f4f6fb", "text": "#1b1b2f", "muted": "#595959",
    "border": "#c5cae9", "accent": "#283593", "accent-ink": "#ffffff",
    "button": "#e8eaf6", "button-ink": "#1b1b2f",
    "card": "#ffffff", "card-border": "#9fa8da",
    "current": "#fff3c4", "current-ink": "#1b1b2f", "current-ring": "#f9a825",
    "claim": "#d7f5dc", "claim-ink": "#14532d",
    "used": "#ef6c00",
    "kind-add-sub": "#1565c0", "kind-add-sub-ink": "#ffffff", "kind-add-sub-tint": "#e6f0fc",
    "kind-mul-div": "#7b1fa2", "kind-mul-div-ink": "#ffffff", "kind-mul-div-tint": "#f5e8fa",
    "kind-swap": "#00695c", "kind-swap-ink": "#ffffff", "kind-swap-tint": "#e0f2ef",
    "kind-copy": "#ad1457", "kind-copy-ink": "#ffffff", "kind-copy-tint": "#fce8f1",
    "kind-set-to": "#ffb300", "kind-set-to-ink": "#1b1b2f", "kind-set-to-tint": "#fff6dc",
    "chip": "#eceff1", "chip-ink": "#263238",
    "chip-art": "#fde0ef", "chip-art-ink": "#880e4f",
    "chip-science": "#dcefff", "chip-science-ink": "#0d47a1",
    "chip-engineering": "#ffe9d6", "chip-engineering-ink": "#7a3400",
    "chip-politics": "#ece4ff", "chip-politics-ink": "#4527a0",
    "chip-commerce": "#dff5e3", "chip-commerce-ink": "#1b5e20",
}

#: The high-contrast theme: black page, white text, bright kinds with black ink.
HIGH_CONTRAST_THEME = {
    "bg": "#000000", "surface": "#000000", "text": "#ffffff", "muted": "#e0e0e0",
    "border": "#ffffff", "accent": "#ffff00", "accent-ink": "#000000",
    "button": "#000000", "button-ink": "#ffffff",
    "card": "#000000", "card-border": "#ffffff",
    "current": "#ffff00", "current-ink": "#000000", "current-ring": "#ffffff",
    "claim": "#00e676", "claim-ink": "#000000",
    "used": "#ffff00",
    "kind-add-sub": "#7cc4ff", "kind-add-sub-ink": "#000000", "kind-add-sub-tint": "#000000",
    "kind-mul-div": "#e3a8ff", "kind-mul-div-ink": "#000000", "kind-mul-div-tint": "#000000",
    "kind-swap": "#5ff5d2", "kind-swap-ink": "#000000", "kind-swap-tint": "#000000",
    "kind-copy": "#ff9fcf", "kind-copy-ink": "#000000", "kind-copy-tint": "#000000",
    "kind-set-to": "#ffd740", "kind-set-to-ink": "#000000", "kind-set-to-tint": "#000000",
    "chip": "#ffffff", "chip-ink": "#000000",
    "chip-art": "#ff9fcf", "chip-art-ink": "#000000",
    "chip-science": "#7cc4ff", "chip-science-ink": "#000000",
    "chip-engineering": "#ffd740", "chip-engineering-ink": "#000000",
    "chip-politics": "#e3a8ff", "chip-politics-ink": "#000000",
    "chip-commerce": "#00e676", "chip-commerce-ink": "#000000",
}

#: (text, background) token pairs: every text the kit writes on a themed background.
PAIRS = (
    ("text", "bg"), ("text", "surface"), ("text", "card"), ("muted", "bg"), ("muted", "card"),
    ("accent", "bg"), ("accent", "card"),
    ("accent-ink", "accent"), ("button-ink", "button"), ("claim-ink", "claim"),
    ("current-ink", "current"), ("chip-ink", "chip"),
    *((f"kind-{k}-ink", f"kind-{k}") for k in KINDS),
    *(("text", f"kind-{k}-tint") for k in KINDS),
    *((f"chip-{c}-ink", f"chip-{c}") for c in CHIPS),
)


def kind_class(kind: str) -> str:
    """The CSS class of one kind of component (on its board space and its buttons)."""
    return f"lnb-kind-{kind}"


def chip_class(name: str) -> str:
    """The CSS class of an Influence type's chip: its name in lower case, ``-`` for the rest."""
    return "lnb-chip-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def chip(name: str, extra: str = "") -> str:
    """A coloured chip naming ``name`` (an Influence type, an effect) as HTML.

    >>> chip("Art")
    "<span class='lnb-chip lnb-chip-art'>Art</span>"
    """
    css = f"lnb-chip {chip_class(name)}" + (f" {extra}" if extra else "")
    return f"<span class='{css}'>{html.escape(name)}</span>"


def _luminance(colour: str) -> float:
    value = colour.lstrip("#")
    channels = [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours, from 1 (same) to 21 (black on white).

    >>> round(contrast_ratio("#595959", "#ffffff"), 2)
    7.0
    """
    lighter, darker = sorted((_luminance(foreground), _luminance(background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def _declarations(tokens: dict[str, str]) -> str:
    return " ".join(f"--lnb-{name}: {value};" for name, value in tokens.items())


def tokens_css() -> str:
    """The custom properties of both themes, for the kit's stylesheet.

    A nested kit widget declares the everyday values again, so the high-contrast ones are
    declared on the root *and* on every kit widget inside it.

    >>> "--lnb-kind-swap: #00695c;" in tokens_css()
    True
    """
    return (f".lnb-app, .lnb-widget {{ {_declarations(SCALE)} {_declarations(LIGHT_THEME)} }}\n"
            f"{_HC}, {_HC} :is(.lnb-app, .lnb-widget) {{ "
            f"{_declarations(HIGH_CONTRAST_THEME)} }}\n")


_KIND_RULES = "".join(
    f".lnb-widget button.lnb-kind-{k} {{ background: var(--lnb-kind-{k}); "
    f"color: var(--lnb-kind-{k}-ink); border: 2px solid var(--lnb-kind-{k}); }}\n"
    f".lnb-board .lnb-space.lnb-kind-{k} {{ border-color: var(--lnb-kind-{k}); "
    f"background: var(--lnb-kind-{k}-tint); }}\n"
    for k in KINDS)
_CHIP_RULES = "".join(
    f".lnb-chip.lnb-chip-{c} {{ background: var(--lnb-chip-{c}); "
    f"color: var(--lnb-chip-{c}-ink); }}\n"
    for c in CHIPS)

#: The looks that use the tokens: app surface, board colours, big numbers, cards, chips, the
#: resolution's arriving rows. (Class names are those the widgets already carry.)
LOOK_CSS = """
.lnb-app { background: var(--lnb-bg); color: var(--lnb-text); border-radius: var(--lnb-radius-l);
           padding: 0 var(--lnb-space-l); font-variant-numeric: tabular-nums; }
.lnb-widget { color: var(--lnb-text); font-variant-numeric: tabular-nums; }
.lnb-app .widget-html-content, .lnb-widget .widget-html-content,
.lnb-app .widget-label, .lnb-widget .widget-label { color: inherit; }
.lnb-app .lnb-title, .lnb-widget .lnb-title { color: var(--lnb-accent);
                                              font-size: var(--lnb-text-xl); }
.lnb-app button.jupyter-button, .lnb-widget button.jupyter-button {
  border-radius: var(--lnb-radius-s); }
.lnb-app button.jupyter-button:where(:not(.mod-primary, .mod-success, .mod-info, .mod-warning,
  .mod-danger, .mod-active, .lnb-fn)),
.lnb-widget button.jupyter-button:where(:not(.mod-primary, .mod-success, .mod-info, .mod-warning,
  .mod-danger, .mod-active, .lnb-fn)) { background: var(--lnb-button);
                                        color: var(--lnb-button-ink); }
.lnb-app button.jupyter-button.mod-active, .lnb-widget button.jupyter-button.mod-active {
  background: var(--lnb-accent); color: var(--lnb-accent-ink); }
.lnb-board { grid-gap: var(--lnb-space-m); }
.lnb-board .lnb-space { border-width: 3px; border-radius: var(--lnb-radius-m); padding: 4px; }
.lnb-board .lnb-space.lnb-space-locked, .lnb-levels-locked {
  border-style: dashed; border-color: var(--lnb-muted); background: var(--lnb-surface); }
.lnb-board .lnb-space.lnb-space-used { outline: 4px solid var(--lnb-used); outline-offset: 1px; }
.lnb-space-name { font-family: var(--lnb-number-font); color: var(--lnb-text); }
.lnb-level { font-family: var(--lnb-number-font); color: var(--lnb-accent); font-size: 24px; }
.lnb-widget button.lnb-fn { font-size: 22px; line-height: 1; border-radius: var(--lnb-radius-s); }
.lnb-rows table, .lnb-table, .lnb-target-number, .lnb-patron-value, .lnb-sub-number,
.lnb-resolution-now, .lnb-resolution-progress {
  font-family: var(--lnb-number-font); font-variant-numeric: tabular-nums; }
.lnb-rows td, .lnb-table td, .lnb-table th { border-bottom-color: var(--lnb-border); }
.lnb-patrons-cards .widget-html-content > div, .lnb-sub-cards { display: flex; flex-wrap: wrap;
                                                                gap: var(--lnb-space-m); }
.lnb-patron, .lnb-sub-card { border: 3px solid var(--lnb-card-border); background: var(--lnb-card);
  color: var(--lnb-text); border-radius: var(--lnb-radius-l); padding: 4px 10px;
  margin: 0; line-height: 1.35; }
.lnb-patron-value, .lnb-sub-number { font-size: var(--lnb-number-l); font-weight: 800;
  line-height: 1; color: var(--lnb-accent); }
.lnb-patron small, .lnb-sub-card small { font-size: var(--lnb-text-s); }
.lnb-patron .lnb-chips { margin: 1px 0; }
/* Five Patrons share one row at 1280 px whatever their names and types (the widest card, two
   long chips such as Engineering and Commerce, is about 230 px of the row's 237 px a card). */
.lnb-patrons-cards .lnb-patron { padding: 4px 8px; }
.lnb-patron .lnb-chip { padding: 0 6px; margin-right: 3px; font-size: 14px; }
.lnb-sub-card { max-width: 15em; }
.lnb-sub-card.lnb-sub-done { border-color: var(--lnb-claim-ink); background: var(--lnb-claim);
                             color: var(--lnb-claim-ink); }
.lnb-sub-card.lnb-sub-target { border-color: var(--lnb-current-ring);
  background: var(--lnb-current); color: var(--lnb-current-ink); font-weight: normal; }
.lnb-sub-card.lnb-sub-done .lnb-sub-number, .lnb-sub-card.lnb-sub-target .lnb-sub-number {
  color: inherit; }
.lnb-chip { display: inline-block; padding: 0 8px; margin: 1px 4px 1px 0; border-radius: 999px;
            font-size: var(--lnb-text-s); font-weight: 700; background: var(--lnb-chip);
            color: var(--lnb-chip-ink); }
.lnb-target-card { border: 3px solid var(--lnb-current-ring); background: var(--lnb-current);
                   color: var(--lnb-current-ink); border-radius: var(--lnb-radius-l); }
.lnb-row-current td, td.lnb-row-current { background: var(--lnb-current);
  color: var(--lnb-current-ink); outline-color: var(--lnb-current-ring); }
.lnb-claim { background: var(--lnb-claim); color: var(--lnb-claim-ink); }
.lnb-resolution-now { font-size: var(--lnb-text-l); font-weight: 700; padding: 4px 10px;
  border-left: 6px solid var(--lnb-current-ring); background: var(--lnb-surface);
  border-radius: var(--lnb-radius-s); }
.lnb-resolution-table td.lnb-row-current { animation: lnb-arrive 0.6s ease-out; }
@keyframes lnb-arrive {
  from { transform: translateY(-10px) scale(1.08); opacity: 0;
         box-shadow: 0 0 0 6px var(--lnb-current-ring); }
  to { transform: none; opacity: 1; box-shadow: none; } }
@media (prefers-reduced-motion: reduce) {
  .lnb-resolution-table td.lnb-row-current { animation: none; } }
.lnb-chip.lnb-effect { background: var(--lnb-accent); color: var(--lnb-accent-ink); }
.lnb-contrast-toggle.jupyter-button { width: auto; }
.lnb-title-row { align-items: center; justify-content: space-between; flex-wrap: wrap; }
""" + _KIND_RULES + _CHIP_RULES

#: The page around an app in high contrast: Jupyter's own colours (the page, the notebook's
#: text, its links, code and tables: the tips under an app are Markdown, not widgets) in the
#: high-contrast theme's white on black, links in its yellow.
PAGE_CSS = f"""
{HIGH_CONTRAST_PAGE}, {HIGH_CONTRAST_PAGE} body {{ background: #000000; color: #ffffff;
  --jp-layout-color0: #000000; --jp-layout-color1: #000000; --jp-layout-color2: #000000;
  --jp-content-font-color0: #ffffff; --jp-content-font-color1: #ffffff;
  --jp-content-font-color2: #ffffff; --jp-content-font-color3: #e0e0e0;
  --jp-ui-font-color0: #ffffff; --jp-ui-font-color1: #ffffff; --jp-ui-font-color2: #ffffff;
  --jp-ui-font-color3: #e0e0e0; --jp-content-link-color: #ffff00;
  --jp-border-color0: #ffffff; --jp-border-color1: #ffffff; --jp-border-color2: #ffffff;
  --jp-rendermime-table-row-background: #000000;
  --jp-rendermime-table-row-hover-background: #333333;
  --jp-cell-editor-background: #000000; --jp-inverse-layout-color0: #ffffff; }}
{HIGH_CONTRAST_PAGE} :is(.jp-Notebook, .jp-Cell, .jp-OutputArea, .jp-OutputArea-output,
  .jp-RenderedHTMLCommon) {{ background: #000000; color: #ffffff; }}
{HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon :is(h1, h2, h3, h4, h5, h6, p, li, td, th, summary,
  strong, b, em, details, blockquote) {{ color: #ffffff; }}
{HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon a, {HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon a *
  {{ color: #ffff00; }}
{HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon :is(code, pre, kbd) {{ background: #000000;
  color: #ffffff; border: 1px solid #ffffff; }}
{HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon :is(table, tr, td, th) {{ background: #000000;
  border-color: #ffffff; }}
{HIGH_CONTRAST_PAGE} .jp-RenderedHTMLCommon hr, {HIGH_CONTRAST_PAGE} .lnb-table-entry {{
  border-color: #ffffff; }}
{HIGH_CONTRAST_PAGE} :is(.lnb-table-entry, .lnb-class-panel, .lnb-needs-server)
  :is(.widget-html-content, .widget-label) {{ color: #ffffff; }}
"""

#: What the high-contrast theme changes beyond the tokens: the stock widgets' own colours
#: (Jupyter's variables), and buttons, disabled ones included, in 7:1 contrast, in the app and
#: on the page around it. It comes after the keyboard block of :mod:`widgets.core.style`, so
#: it wins over that block's colours.
HIGH_CONTRAST_CSS = f"""
{_HC} {{ --jp-widgets-color: #ffffff; --jp-widgets-label-color: #ffffff;
  --jp-widgets-readout-color: #ffffff; --jp-ui-font-color1: #ffffff; --jp-content-font-color1: #fff;
  --jp-layout-color1: #000000; --jp-layout-color2: #000000; --jp-layout-color3: #333333;
  --jp-widgets-input-color: #ffffff; --jp-widgets-input-background-color: #000000;
  --jp-widgets-input-border-color: #ffffff; --jp-border-color1: #ffffff; }}
{_HC} .lnb-status, {_HC} .lnb-start {{ color: var(--lnb-text); }}
{_HC} .lnb-muted {{ color: var(--lnb-muted); }}
{_HC} .lnb-status-error, {_HC} .lnb-status-ok,
{_HC} .lnb-status-sorry {{ background: #000000; color: #ffffff;
  border: 2px solid #ffffff; }}
{_HC} button.jupyter-button {{ background: var(--lnb-button);
  color: var(--lnb-button-ink);
  border: 2px solid #ffffff; }}
{_HC} button.jupyter-button:is(.mod-primary, .mod-success, .mod-info, .mod-warning,
  .mod-danger, .mod-active) {{ background: var(--lnb-accent); color: var(--lnb-accent-ink); }}
{_HC} .lnb-widget button.lnb-fn {{ border-color: #ffffff; }}
{"".join(f"{_HC} .lnb-widget button.lnb-kind-{k} {{ background: var(--lnb-kind-{k}); "
         f"color: var(--lnb-kind-{k}-ink); }}" for k in KINDS)}
{_HC} button:is(:disabled, [aria-disabled="true"]) {{ color: #000000 !important;
  border-color: #ffffff !important;
  background: repeating-linear-gradient(135deg, #d9d9d9 0 6px, #bfbfbf 6px 12px) !important; }}
{_HC} .lnb-board .lnb-space {{ border-width: 3px; }}
{_HC} .lnb-rows td, {_HC} .lnb-table td, {_HC} .lnb-table th {{
  border-bottom-color: #ffffff; }}
{_HC} .lnb-bar {{ background: var(--lnb-accent); }}
{_HC} .lnb-choices:not(:empty) {{ background: #000000; border: 2px solid #ffff00; }}
{_HC} .lnb-void {{ color: var(--lnb-muted); }}
{_HC} :is(.lnb-space-locked, .lnb-levels-locked) {{ color: var(--lnb-muted); }}
{_HC} input::placeholder {{ color: var(--lnb-muted); opacity: 1; }}
{_HC} .lnb-timer-bar .progress {{ background: #000000; border: 2px solid #ffffff; }}
{_HC} .lnb-timer-bar .progress-bar {{ background: var(--lnb-accent); }}
""" + PAGE_CSS
