"""Messages that are translated when they are shown: a template and the values that fill it.

A library error is made where the language may not be known yet (a kernel's callback, a test
in English); it is shown later, in the language of that moment. So the library keeps the
*template* (marked for the catalog with ``N_``) and its *values*, and renders them through
:func:`lnb.core.i18n.gettext` each time: :class:`Text` is that pair. As a ``str`` it is its
English text (it compares, hashes, slices and goes into JSON as English), so code and tests that
read it as data keep working; shown (``str()``, ``format()``, an f-string, ``%s``) it is in
the current language. A value may itself be a :class:`Text`, a :class:`Listing` (a list joined
as the language joins lists) or a lazy text: each is rendered in the same language.

``{name!r}`` in a template quotes the value as :func:`shown` does (cut in the
middle when long), so what a pupil typed is quoted back, never translated.

>>> from lnb.core.i18n import N_, use_language
>>> where = Text(N_("row {row} {text!r}: "), row=2, text="C2+")
>>> where == "row 2 'C2+': ", f"{where}"
(True, "row 2 'C2+': ")
>>> with use_language("zh-CN"):
...     f"{where}"
"第 2 行 'C2+'："
>>> with use_language("en-XA"):
...     str(Text(N_("choose {choices}"), choices=Listing(["A3+", "A4/"], "or")))
'⟦choose ⟧A3+ ⟦or⟧ A4/'
>>> lazy_ngettext("{count} row", "{count} rows", 3, count=3)
'3 rows'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from lnb.core import i18n

__all__ = ["Listing", "Text", "lazy_ngettext", "render", "shown", "translate"]


class Text(str):
    """A template and its values: English as a ``str``, the current language when shown.

    >>> t = Text("{value:02d} is out of range", value=7)
    >>> t, t.template, t.values
    ('07 is out of range', '{value:02d} is out of range', {'value': 7})
    """

    template: str
    values: dict[str, Any]
    plural: tuple[str, int] | None

    def __new__(cls, template: str, /, **values: Any) -> Text:
        return cls._make(template, values, None)

    @classmethod
    def _make(cls, template: str, values: Mapping[str, Any],
              plural: tuple[str, int] | None) -> Text:
        english = template if plural is None or plural[1] == 1 else plural[0]
        self = super().__new__(cls, render(english, values, english=True))
        self.template, self.values, self.plural = template, dict(values), plural
        return self

    def translated(self) -> str:
        """The text in the current language (what ``str()`` gives)."""
        if i18n.current_language() == i18n.SOURCE:
            return str.__str__(self)
        if self.plural is None:
            template = i18n.gettext(self.template)
        else:
            template = i18n.ngettext(self.template, *self.plural)
        return render(template, self.values, fallback=str.__str__(self))

    __str__ = translated

    def __format__(self, spec: str) -> str:
        return format(self.translated(), spec)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_text, (self.template, self.values, self.plural))


def _rebuild_text(template: str, values: Mapping[str, Any],
                  plural: tuple[str, int] | None) -> Text:
    return Text._make(template, values, plural)


def lazy_ngettext(singular: str, plural: str, n: int, /, **values: Any) -> Text:
    """A :class:`Text` whose form is chosen for ``n`` by the catalog's plural rule when shown
    (English has two forms, Chinese one); marked for the catalog by its name.

    >>> from lnb.core.i18n import use_language
    >>> one = lazy_ngettext("remove {extra} row", "remove {extra} rows", 1, extra=1)
    >>> with use_language("zh-CN"):
    ...     str(lazy_ngettext("{count} row", "{count} rows", 2, count=2))
    '2 行'
    >>> one
    'remove 1 row'
    """
    return Text._make(singular, values, (plural, n))


class Listing:
    """Items joined as the current language joins a list (``A, B, and C``; ``A、B和C``), or
    a choice with ``style="or"``; for a template's value.

    >>> str(Listing(["A", "B"])), str(Listing(["x", "y", "z"], "or"))
    ('A and B', 'x, y, or z')
    """

    __slots__ = ("items", "style")

    def __init__(self, items: Iterable[object], style: str = "standard") -> None:
        self.items = tuple(items)
        self.style = style

    def __str__(self) -> str:
        return i18n.format_list([_shown_as(item, english=False) for item in self.items],
                                self.style)

    def english(self) -> str:
        """The list joined in English."""
        words = [_shown_as(item, english=True) for item in self.items]
        last = {"standard": "and", "or": "or"}.get(self.style, "and")
        if len(words) < 3:
            return f" {last} ".join(words)
        return f"{', '.join(words[:-1])}, {last} {words[-1]}"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Listing({list(self.items)!r}, {self.style!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Listing) and (other.items, other.style) == (self.items,
                                                                               self.style)

    def __hash__(self) -> int:
        return hash((self.items, self.style))


def _shown_as(value: object, english: bool) -> object:
    """A value as it goes into a template: texts, lists and lazy texts in the language."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, Text):
        return str.__str__(value) if english else value.translated()
    if isinstance(value, Listing):
        return value.english() if english else str(value)
    if isinstance(value, i18n.LazyText):
        return value.message if english else str(value)
    if english and isinstance(value, Exception) and hasattr(value, "prefixes"):
        with i18n.use_language(i18n.SOURCE):  # an error of the family, quoted in another
            return str(value)
    return value


_PLAIN = frozenset({str, int, float, bool, type(None), tuple})
_QUOTED = re.compile(r"(?<!\{)\{(\w+)!r(:[^{}]*)?\}")


@lru_cache(maxsize=4096)
def _quoting(template: str) -> tuple[str, tuple[str, ...]]:
    """``template`` with each ``{name!r}`` as ``{name__r}``, and those names (a template is
    rewritten once: ``str.format`` is then enough, and fast).

    >>> _quoting("row {row} {text!r}: ")
    ('row {row} {text__r}: ', ('text',))
    """
    names: list[str] = []

    def plain(match: re.Match[str]) -> str:
        names.append(match.group(1))
        return "{" + match.group(1) + "__r" + (match.group(2) or "") + "}"

    return _QUOTED.sub(plain, template), tuple(dict.fromkeys(names))


def translate(template: str, values: Mapping[str, Any]) -> str:
    """``template`` in the current language, filled with ``values`` (the English template
    when the translation does not fit its values).

    >>> from lnb.core.i18n import use_language
    >>> with use_language("zh-CN"):
    ...     translate("row {row} {text!r}: ", {"row": 2, "text": "C2+"})
    "第 2 行 'C2+'："
    """
    if i18n.current_language() == i18n.SOURCE:
        return render(template, values, english=True)
    translated = i18n.gettext(template)
    if translated == template:
        return render(template, values)
    return render(translated, values, fallback=render(template, values))


def render(template: str, values: Mapping[str, Any], english: bool = False,
           fallback: str | None = None) -> str:
    """``template`` filled with ``values`` (each text or list in the current language, or in
    English with ``english=True``). A template that does not fit its values (a message written
    before the templates, holding a brace) is shown as it is, or as ``fallback``.

    >>> render("{row}: {text!r}", {"row": 3, "text": "A3+"}), render("{x} {", {})
    ("3: 'A3+'", '{x} {')
    """
    shown_values = {name: _shown_as(value, english) for name, value in values.items()}
    try:
        if "!r" in template:
            template, quoted = _quoting(template)
            for name in quoted:
                shown_values[name + "__r"] = _shown_as(shown(values[name]), english)
        return template.format_map(shown_values)
    except (KeyError, IndexError, ValueError, AttributeError, TypeError):
        return template if fallback is None else fallback


def shown(value: object, limit: int = 40, quote: bool = True) -> str:
    """``repr(value)`` for a message (without quotes: ``quote=False``), cut in the middle
    when it is long, so a pasted page of digits stays one short line.

    >>> shown("A3+"), shown("A3+", quote=False), shown("1" * 100)
    ("'A3+'", 'A3+', "'11111111111111111111…1111111111' (100 characters)")
    """
    text = value if isinstance(value, str) else None
    try:
        full = repr(value)
    except (ValueError, RecursionError):  # a huge int, a deep list
        return f"<{type(value).__name__}>"
    if text is not None and not quote:
        full = repr(text)[1:-1]
    if len(full) <= limit + 2:
        return full
    if text is None:
        return full[:limit] + "…"
    head, tail = repr(text[:20]), repr(text[-10:])
    cut = f"{head[:-1]}…{tail[1:]}" if quote else f"{head[1:-1]}…{tail[1:-1]}"
    return lazy_ngettext("{cut} ({count} character)", "{cut} ({count} characters)", len(text),
                         cut=cut, count=len(text))
