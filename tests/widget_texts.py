r"""Reading a widget tree as the page shows it, for the language tests of every app
(``test_babbage_i18n.py``, ``test_museum_widgets.py``): descriptions, tooltips, placeholders,
options, tab titles, the values of HTML and Label widgets (their words and their ``title`` and
``aria-label`` attributes) and of text boxes; hidden parts and outputs are passed over.

>>> import ipywidgets as w
>>> page = w.VBox([w.HTML("<b title='Tip'>Hello</b>"), w.Button(description="Go"),
...                w.Label("gone", layout=w.Layout(display="none"))])
>>> [text.strip() for _where, text in visible_texts(page)]  # an HTML's empty placeholder first
['\u200b', 'Tip', 'Hello', 'Go']
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Collection, Iterator

import ipywidgets as w

#: More texts a widget of one app shows (its own traits), as (where, text).
More = Callable[[w.Widget, str], Iterator[tuple[str, str]]]


def html_texts(value: str) -> Iterator[str]:
    """The words of an HTML value, and its ``title`` and ``aria-label`` attributes (styles and
    scripts are not shown)."""
    value = re.sub(r"<(style|script)\b.*?</\1>", " ", value, flags=re.S | re.I)
    for _quote, attr in re.findall(r"""(?:title|aria-label)=(['"])(.*?)\1""", value, flags=re.S):
        yield html.unescape(attr)
    yield html.unescape(re.sub(r"<[^>]*>", " ", value))


def visible_texts(widget: w.Widget, where: str = "", more: More | None = None,
                  passed_over: Collection[str] = ()) -> Iterator[tuple[str, str]]:
    """(where, text) for every text the page shows of ``widget`` and its visible children;
    ``more`` adds what a widget shows of its own; a widget with one of the ``passed_over``
    classes (e.g. ``lnb-question``, a lesson's own words) is not read, nor its children.

    >>> question = w.HTML("Which?").add_class("lnb-question")
    >>> [text for _where, text in visible_texts(w.VBox([question, w.Button(description="Go")]),
    ...                                         passed_over={"lnb-question"})]
    ['Go']
    """
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return
    if passed_over and set(getattr(widget, "_dom_classes", ())) & set(passed_over):
        return
    if isinstance(widget, w.Output):
        return  # the hidden debug output, the language switch's script
    name = f"{where}/{type(widget).__name__}" + "".join(
        f".{c}" for c in getattr(widget, "_dom_classes", ())[:1])
    for attr in ("description", "tooltip", "placeholder"):
        text = getattr(widget, attr, None)
        if isinstance(text, str) and text:
            yield f"{name}.{attr}", text
    if isinstance(widget, (w.HTML, w.HTMLMath)):
        for text in html_texts(widget.value):
            yield f"{name}.value", text
    elif isinstance(widget, w.Label) or (isinstance(widget, w.Text)
                                         and not isinstance(widget, w.Password)):
        yield f"{name}.value", str(widget.value)
    for label in getattr(widget, "_options_labels", None) or ():
        yield f"{name}.options", str(label)
    for tip in getattr(widget, "tooltips", None) or ():
        if isinstance(tip, str):  # not an app's own list of widgets so named
            yield f"{name}.tooltips", tip
    for title in getattr(widget, "titles", None) or ():
        if title and isinstance(title, str):
            yield f"{name}.titles", title
    if more is not None:
        yield from more(widget, name)
    for child in getattr(widget, "children", ()):
        yield from visible_texts(child, name, more, passed_over)
