"""A still drawing of a widget tree, shown before Python is ready (issue 33, item 1).

:func:`sketch` walks a widget tree and writes the HTML the browser would draw for it, with
the classes ipywidgets and the kit give each part (``widget-hbox``, ``lnb-board``…) and the
layout's own styles, so the page's style sheets draw it alike; nothing in it can be pressed
(buttons and inputs take no keys, inside an ``inert`` frame) and :func:`frame` wraps it greyed,
inert and hidden from screen readers. A widget drawn by its own script (an ``anywidget``, the museum
map) is asked for its own drawing: its ``sketch()`` method (it reads its own traits, never
a rule), else an empty box of its size. :data:`SKETCH_CSS` is the part of ipywidgets' style
sheet a drawing needs before ipywidgets' scripts bring the whole of it.

Made ahead of time for every page (``python -m widgets.serving.sketches``), read by the kit's
template (``widgets/serving/data/voila/templates/kit``) and by the site's build.

>>> import ipywidgets as w
>>> box = w.HBox([w.Button(description="Go <now>"), w.Label("x")],
...              layout=w.Layout(width="50%")).add_class("lnb-app")
>>> print(sketch(box))  # doctest: +NORMALIZE_WHITESPACE
<div class="widget-container widget-box widget-hbox lnb-app" style="width: 50%"><button
type="button" tabindex="-1" class="widget-sketch jupyter-button
widget-button">Go &lt;now&gt;</button><div class="widget-sketch widget-inline-hbox
widget-label">x</div></div>
>>> sketch(w.Label("gone", layout=w.Layout(display="none")))
''
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from widgets.core.sketch_math import with_mathml

#: Layout traits that are not CSS properties of the element.
_NOT_CSS = frozenset({"keys", "comm", "log"})
#: Style traits of a widget, as CSS properties (the few the kit sets).
_STYLE_CSS = {"button_color": "background-color", "text_color": "color",
              "font_weight": "font-weight", "font_size": "font-size",
              "background": "background", "font_style": "font-style",
              "text_decoration": "text-decoration", "font_family": "font-family"}
#: Classes that make the page act on an element (the first widget drawn, a focus request):
#: a drawing never carries them.
_ACTIVE_CLASS = re.compile(r"^(jupyter-widgets|lnb-focus-\d+|mod-focus)$")
_SCRIPT = re.compile(r"<script\b.*?</script\s*>", re.S | re.I)
_STYLE = re.compile(r"<style\b.*?</style\s*>", re.S | re.I)

#: ipywidgets' own rules for the parts a drawing has (its ``--jp-widgets-*`` sizes), scoped
#: to the drawing: the same sizes the live widgets get once ipywidgets' scripts load
#: (``sketch.css``, which the site's build reads too).
SKETCH_CSS = (Path(__file__).with_name("sketch.css")).read_text(encoding="utf-8")


def _classes(widget: w.Widget, own: str) -> str:
    kit = [c for c in getattr(widget, "_dom_classes", ()) if not _ACTIVE_CLASS.match(c)]
    return " ".join([own, *kit]).strip()


def _style(widget: w.Widget) -> str:
    parts = []
    layout = getattr(widget, "layout", None)
    if isinstance(layout, w.Layout):
        for name in layout.keys:
            value = getattr(layout, name, None)
            if name.startswith("_") or name in _NOT_CSS or value in (None, ""):
                continue
            parts.append(f"{name.replace('_', '-')}: {value}")
    style = getattr(widget, "style", None)
    if isinstance(style, w.Widget):
        for name, css in _STYLE_CSS.items():
            value = getattr(style, name, None) if name in style.keys else None
            if isinstance(value, str) and value:
                parts.append(f"{css}: {value}")
    return "; ".join(parts)


def _tag(name: str, classes: str, style: str, inner: str, title: str = "") -> str:
    attrs = f' class="{html.escape(classes)}"' if classes else ""
    attrs += f' style="{html.escape(style)}"' if style else ""
    attrs += f' title="{html.escape(title)}"' if title else ""
    return f"<{name}{attrs}>{inner}</{name}>"


def _label(widget: w.Widget) -> str:
    """The description's label, hidden when there is none (a check box's: its indent, blank:
    its words are beside the box)."""
    if isinstance(widget, w.Checkbox):
        shown = "" if widget.indent else ' style="display: none"'
        return f'<label class="widget-label"{shown}>\u200b</label>'
    text = getattr(widget, "description", "") or ""
    shown = "" if text else ' style="display: none"'
    return f'<label class="widget-label"{shown}>{html.escape(text)}</label>'


#: What an ``anywidget`` with no ``sketch()`` draws: an empty box of its layout's size.
Own = Callable[[w.Widget], str]


def sketch(widget: w.Widget, widgets: dict[str, w.Widget] | None = None) -> str:
    """The still HTML of ``widget`` and its shown children ('' when it is hidden);
    ``widgets`` finds the widgets an ``Output`` shows (by model id; default: every live
    widget)."""
    layout = getattr(widget, "layout", None)
    if isinstance(layout, w.Layout) and layout.display == "none":
        return ""
    style = _style(widget)
    own = getattr(widget, "sketch", None)
    if callable(own):  # its script's element: no margin of ipywidgets' own (widget-sketch)
        return _tag("div", _classes(widget, ""), style, own())
    if hasattr(widget, "_esm"):  # drawn by its own script, which gave no drawing: its size
        return _tag("div", _classes(widget, ""), style, "")
    if isinstance(widget, w.Accordion):
        return _tag("div", _classes(widget, "widget-sketch jupyter-widget-Accordion "
                                            "widget-accordion widget-container"),
                    style, _collapses(widget, widgets))
    if isinstance(widget, w.Box):
        kind = ("widget-gridbox" if isinstance(widget, w.GridBox) else
                "widget-box widget-vbox" if isinstance(widget, w.VBox) else
                "widget-box widget-hbox" if isinstance(widget, w.HBox) else "widget-box")
        if isinstance(widget, (w.Tab, w.Stack)):
            index = widget.selected_index
            children = [widget.children[index]] if index is not None and \
                0 <= index < len(widget.children) else []
        else:
            children = list(widget.children)
        inner = "".join(sketch(child, widgets) for child in children)
        return _tag("div", _classes(widget, f"widget-container {kind}"), style, inner)
    if isinstance(widget, (w.HTML, w.HTMLMath)):
        # ipywidgets names an HTMLMath's content widget-htmlmath-content, which its style
        # sheet leaves alone (no 28 px lines, as an HTML's content has)
        # and MathJax typesets its formulas once the page's scripts load: MathML meanwhile
        kind = "widget-htmlmath" if isinstance(widget, w.HTMLMath) else "widget-html"
        value = _SCRIPT.sub("", widget.value)
        if isinstance(widget, w.HTMLMath):
            value = with_mathml(value)
        return _tag("div", _classes(widget, f"widget-sketch widget-inline-hbox {kind}"), style,
                    _label(widget) + f'<div class="{kind}-content">{value}</div>')
    if isinstance(widget, w.Label):
        return _tag("div", _classes(widget, "widget-sketch widget-inline-hbox widget-label"),
                    style, html.escape(widget.value))
    if isinstance(widget, (w.Button, w.ToggleButton)):
        icon = f'<i class="fa fa-{html.escape(widget.icon)}"></i>' if widget.icon else ""
        kind = "widget-button" if isinstance(widget, w.Button) else "widget-toggle-button"
        classes = f"widget-sketch jupyter-button {kind}" + (
            f" mod-{widget.button_style}" if widget.button_style else "") + (
            " mod-active" if isinstance(widget, w.ToggleButton) and widget.value else "")
        return _button(_classes(widget, classes), style, icon + html.escape(widget.description),
                       widget.tooltip or "", widget.disabled)
    if isinstance(widget, w.ToggleButtons):
        return _tag("div", _classes(widget, "widget-toggle-buttons"), style,
                    _label(widget) + _toggle_buttons(widget))
    if isinstance(widget, w.Output):
        return _tag("div", _classes(widget, "widget-sketch widget-output"), style,
                    _outputs(widget.outputs, widgets))
    return _tag("div", _classes(widget, f"widget-sketch {_control_class(widget)}"), style,
                _label(widget) + _control(widget))


def _collapses(accordion: w.Accordion, widgets: dict[str, w.Widget] | None) -> str:
    """An accordion's sections as ipywidgets draws them: each title's bar, and the open
    one's contents."""
    parts = []
    titles = list(accordion.titles)
    for index, child in enumerate(accordion.children):
        title = titles[index] if index < len(titles) and titles[index] else ""
        is_open = index == accordion.selected_index
        caret = "fa-caret-down" if is_open else "fa-caret-right"
        inner = (f'<div class="jupyter-widget-Collapse-header"><i class="fa fa-fw {caret}">'
                 f"</i><span>{html.escape(title)}</span></div>")
        if is_open:
            inner += f'<div class="jupyter-widget-Collapse-contents">{sketch(child, widgets)}</div>'
        parts.append(f'<div class="jupyter-widget-Collapse jupyter-widget-Accordion-child'
                     f'{" jupyter-widget-Collapse-open" if is_open else ""}">{inner}</div>')
    return "".join(parts)


def _toggle_buttons(widget: w.ToggleButtons) -> str:
    """A row of toggle buttons as ipywidgets draws them (each as wide as its style says)."""
    style = widget.style
    width = getattr(style, "button_width", "") or ""
    weight = getattr(style, "font_weight", "") or ""
    own = "; ".join(f"{name}: {value}" for name, value in
                    (("width", width), ("font-weight", weight)) if value)
    labels = getattr(widget, "_options_labels", ()) or ()
    tips = list(getattr(widget, "tooltips", ()) or ())
    icons = list(getattr(widget, "icons", ()) or ())
    buttons = []
    for i, label in enumerate(labels):
        icon = f'<i class="fa fa-{html.escape(icons[i])}"></i>' if i < len(icons) and icons[i] \
            else ""
        buttons.append(_button("widget-toggle-button jupyter-button"
                               + (" mod-active" if i == widget.index else ""), own,
                               html.escape(str(label)) + icon,
                               tips[i] if i < len(tips) else "", widget.disabled))
    return f'<div>{"".join(buttons)}</div>'


def _control_class(widget: w.Widget) -> str:
    if isinstance(widget, w.Textarea):
        return "widget-inline-hbox widget-textarea"
    if isinstance(widget, _TEXTS):
        return "widget-inline-hbox widget-text"
    if isinstance(widget, w.Dropdown):
        return "widget-inline-hbox widget-dropdown"
    if isinstance(widget, w.Checkbox):
        return "widget-inline-hbox widget-checkbox"
    if isinstance(widget, (w.IntSlider, w.FloatSlider)):
        return "widget-inline-hbox widget-slider widget-hslider"
    if isinstance(widget, (w.IntProgress, w.FloatProgress)):
        return "widget-inline-hbox widget-progress widget-hprogress"
    if isinstance(widget, w.Play):
        return "widget-inline-hbox widget-play"
    return "widget-inline-hbox"


#: Widgets drawn as one line of text input (``type="number"`` for the numbers).
_NUMBERS = (w.IntText, w.FloatText, w.BoundedIntText, w.BoundedFloatText)
_TEXTS = (w.Text, w.Password, *_NUMBERS)


def _button(classes: str, style: str, inner: str, title: str = "",
            off: bool = False) -> str:
    """A button that takes no keys (the drawing is ``inert`` too), with the page's classes;
    ``aria-disabled`` only where the live one is disabled (``off``), as the kit's page marks
    it: the kit draws a disabled button with a thicker, dashed border, so a drawing whose
    every button were ``disabled`` would be taller than the live page."""
    mark = ' aria-disabled="true"' if off else ""
    return _tag("button", classes, style, inner, title).replace(
        "<button", f'<button type="button" tabindex="-1"{mark}', 1)


def _control(widget: w.Widget) -> str:
    """A control's still face: its value or its placeholder, taking no keys."""
    if isinstance(widget, w.Checkbox):
        ticked = " checked" if widget.value else ""
        return (f'<label class="widget-label-basic"><input type="checkbox" tabindex="-1"'
                f'{ticked}><span>{html.escape(widget.description)}</span></label>')
    if isinstance(widget, w.Dropdown):
        shown = html.escape(str(widget.label or ""))
        return f'<select tabindex="-1"><option selected>{shown}</option></select>'
    value = getattr(widget, "value", None)
    text = html.escape("" if value is None else str(value))
    hint = html.escape(getattr(widget, "placeholder", "") or "")
    if isinstance(widget, w.Textarea):
        return f'<textarea class="widget-input" tabindex="-1" placeholder="{hint}" readonly>' \
               f"{text}</textarea>"
    if isinstance(widget, _TEXTS):
        kind = "number" if isinstance(widget, _NUMBERS) else \
            "password" if isinstance(widget, w.Password) else "text"
        shown = "" if kind == "password" else text
        return (f'<input type="{kind}" tabindex="-1" value="{shown}" '
                f'placeholder="{hint}" readonly>')
    if isinstance(widget, (w.IntSlider, w.FloatSlider)):
        readout = f'<div class="widget-readout">{text}</div>' if widget.readout else ""
        return '<div class="slider-container"></div>' + readout
    if isinstance(widget, (w.IntProgress, w.FloatProgress)):
        return '<div class="progress"></div>'
    if isinstance(widget, w.Play):
        icons = ("play", "pause", "stop") + (("retweet",) if widget.show_repeat else ())
        return "".join(_button("jupyter-button", "", f'<i class="fa fa-{icon}"></i>')
                       for icon in icons)
    return ""


def _outputs(outputs: tuple[dict[str, Any], ...],
             widgets: dict[str, w.Widget] | None) -> str:
    from ipywidgets.widgets.widget import _instances

    found = _instances if widgets is None else widgets
    parts = []
    for out in outputs:
        data = out.get("data", {})
        view = data.get("application/vnd.jupyter.widget-view+json")
        if view and view.get("model_id") in found:
            parts.append(sketch(found[view["model_id"]], widgets))
        elif "text/html" in data:
            parts.append(_SCRIPT.sub("", data["text/html"]))
    return "".join(parts)


def frame(drawings: list[str]) -> str:
    """The drawings of one cell's widgets, greyed, inert and hidden from screen readers.

    Each widget the cell displayed is in a box of its own, as each live one is in an output
    of its own (``lnb-drawn-output``: a table, as JupyterLab's ``jp-OutputArea-child``, and
    its cell, ``jp-OutputArea-output``): a widget's margins stay in its box, as they do live,
    instead of merging with its neighbour's. A style sheet drawn twice (the kit's, in each
    app) is kept once.

    >>> frame(["<style>a{}</style><p>x</p>", "<style>a{}</style>", ""])
    ... # doctest: +NORMALIZE_WHITESPACE
    '<div class="lnb-sketch" aria-hidden="true" inert><div class="lnb-drawn-output"><div
    class="lnb-drawn-out"><style>a{}</style><p>x</p></div></div></div>'
    """
    seen: set[str] = set()

    def once(found: re.Match[str]) -> str:
        sheet = found.group()
        if sheet in seen:
            return ""
        seen.add(sheet)
        return sheet

    kept = [_STYLE.sub(once, drawing) for drawing in drawings]
    inner = "".join(f'<div class="lnb-drawn-output"><div class="lnb-drawn-out">{drawing}'
                    "</div></div>" if drawing.strip() else drawing for drawing in kept)
    return '<div class="lnb-sketch" aria-hidden="true" inert>' + inner + "</div>"
