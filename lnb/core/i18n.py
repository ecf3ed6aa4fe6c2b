"""One way to translate: gettext-style functions over the kit's catalogs, and the language choice.

Every pupil- and teacher-facing string goes through :func:`_` (plurals through
:func:`ngettext`, a word that needs its sense through :func:`pgettext`, a message made at import
time through :func:`lazy_gettext`). Messages are templates with named placeholders, filled
*after* translation, so a translator can move them: ``_("result {value:02d}").format(value=3)``.

The language is per context (a :mod:`contextvars` variable): :func:`use_language` switches it
for a block (the ``lnb`` command, a test), :func:`set_default_language` sets it for the whole
process (one kernel per pupil). Catalogs are ``lnb/locale/<lang>/LC_MESSAGES/<part>.po`` (one per
part of the kit, :data:`DOMAINS`), read with
Babel the first time a language is used (see docs/translating.md). The pseudo-language
``en-XA`` wraps the words of every translated string in ⟦ ⟧ (not its placeholders: what fills
them must be marked on its own), so a test can find text that bypassed ``_()``.

>>> with use_language("zh-CN"):
...     _("usage: ")
'用法：'
>>> with use_language("en-XA"):
...     _("result {value:02d}").format(value=3)
'⟦result ⟧03'
>>> ngettext("{count} row", "{count} rows", 2).format(count=2)
'2 rows'
>>> negotiate("fr-FR", "zh-Hans-CN;q=0.8"), from_accept_language("de, en;q=0.5")
('zh_CN', 'en')
"""

from __future__ import annotations

import contextvars
import gettext as _gettext
import io
import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

DOMAIN = "lnb"
#: The catalogs of the kit's shared parts, which name no game: the apps' common widgets with the
#: classroom and the serving pages, and the lessons. Each game declares its own catalogs
#: (:attr:`lnb.core.game.GameType.domains`).
CORE_DOMAINS: dict[str, tuple[str, ...]] = {
    "widgets": ("widgets/core", "classroom", "widgets/classroom", "widgets/serving",
                "widgets/serve.py"),
    "lessons": ("lessons/make_index.py", "widgets/lessons"),
}


def domains() -> dict[str, tuple[str, ...]]:
    """The kit's catalogs, one per part, each extracted from its own folders (``make i18n``),
    so the people translating one game never edit the catalog of another. All of a
    language's catalogs are read together: a message is looked up in each, in this order:
    the first game's library catalog (which holds ``lnb/core`` and ``lnb/cli`` too), the
    shared widgets, the first game's other catalogs, the lessons, then each other registered
    game's (:func:`lnb.core.game.games`). The games are asked only now, never on import.

    >>> list(domains())[:4], domains()["lessons"]
    (['lnb', 'widgets', 'babbage_widgets', 'lessons'], ('lessons/make_index.py', 'widgets/lessons'))
    """
    from lnb.core.game import games

    first, *others = games()
    own = list(first.domains.items())
    ordered = [*own[:1], ("widgets", CORE_DOMAINS["widgets"]), *own[1:],
               ("lessons", CORE_DOMAINS["lessons"])]
    ordered += [item for game in others for item in game.domains.items()]
    found: dict[str, tuple[str, ...]] = {}
    for name, folders in [*ordered, *CORE_DOMAINS.items()]:
        found.setdefault(name, tuple(folders))
    return found


class _Domains(Mapping[str, tuple[str, ...]]):
    """:func:`domains` as a mapping, worked out each time it is read (``DOMAINS["museum"]``)."""

    def __getitem__(self, name: str) -> tuple[str, ...]:
        return domains()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(domains())

    def __len__(self) -> int:
        return len(domains())

    def __repr__(self) -> str:
        return f"DOMAINS({domains()!r})"


#: The kit's catalogs, part name -> folders, in lookup order (see :func:`domains`).
DOMAINS: Mapping[str, tuple[str, ...]] = _Domains()
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
#: The language the messages are written in (no catalog needed).
SOURCE = "en"
#: The pseudo-language: English with every translated string between MARKS.
PSEUDO = "en_XA"
MARKS = ("⟦", "⟧")
#: Regions whose pupils read Traditional characters: they match only a Traditional catalog.
_TRADITIONAL = frozenset({"TW", "HK", "MO"})
_SCRIPT_REGION = {"Hans": "CN", "Hant": "TW"}

_language: contextvars.ContextVar[str | None] = contextvars.ContextVar("lnb_language",
                                                                       default=None)
_default = [SOURCE]


# -- the language of this context -------------------------------------------------------------

def current_language() -> str:
    """The catalog name in use here (``en``, ``zh_CN``, ``en_XA``...).

    >>> current_language()
    'en'
    """
    return _language.get() or _default[0]


def set_default_language(tag: str | None) -> str:
    """Set the language of the whole process (a pupil's kernel) from any tag; an unknown or
    empty tag gives English. Returns the catalog name chosen.

    >>> set_default_language("xx-YY"), set_default_language(None)
    ('en', 'en')
    """
    _default[0] = negotiate(tag) if tag else SOURCE
    return _default[0]


@contextmanager
def use_language(tag: str | None) -> Iterator[str]:
    """Speak ``tag`` (any form: ``zh-CN``, ``zh_CN.UTF-8``...) inside the ``with`` block, in
    this context only; an unknown tag gives English.

    >>> with use_language("zh_CN.UTF-8") as chosen:
    ...     chosen, current_language()
    ('zh_CN', 'zh_CN')
    >>> current_language()
    'en'
    """
    token = _language.set(negotiate(tag) if tag else SOURCE)
    try:
        yield current_language()
    finally:
        _language.reset(token)


# -- gettext-style functions ------------------------------------------------------------------

def gettext(message: str) -> str:
    """``message`` in the current language (itself when the catalog has no translation)."""
    return _translations(current_language()).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, chosen by the catalog's plural rule
    (English has two forms, Chinese one). Fill in the number afterwards.

    >>> with use_language("zh-CN"):
    ...     ngettext("expected %s argument", "expected %s arguments", 3) % 3
    '应有 3 个参数'
    """
    return _translations(current_language()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` names (the same English word may need two
    translations: ``pgettext("game title", "Lovelace & Babbage")``)."""
    return _translations(current_language()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context."""
    return _translations(current_language()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:  # the name pybabel looks for
    """Mark ``message`` for the catalog without translating it (it is translated where used)."""
    return message


@dataclass(frozen=True)
class LazyText:
    """A message translated each time it is shown, in the language of that moment; for
    messages made at import time (module constants, a table of titles).

    >>> title = lazy_gettext("usage: ")
    >>> with use_language("zh-CN"):
    ...     str(title), f"{title}lnb"
    ('用法：', '用法：lnb')
    >>> str(title)
    'usage: '
    """

    message: str
    context: str | None = None

    def __str__(self) -> str:
        if self.context is None:
            return gettext(self.message)
        return pgettext(self.context, self.message)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> str:
        """``str(self).format(...)``."""
        return str(self).format(*args, **kwargs)

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)


def lazy_gettext(message: str) -> LazyText:
    """A :class:`LazyText` of ``message``."""
    return LazyText(message)


def lazy_pgettext(context: str, message: str) -> LazyText:
    """A :class:`LazyText` of ``message`` in the sense ``context``."""
    return LazyText(message, context)


# -- numbers and lists, as the language writes them -------------------------------------------

def format_number(number: float) -> str:
    """``number`` with the current language's digit grouping and decimal sign (Babel).

    >>> format_number(12345.5)
    '12,345.5'
    """
    from babel.numbers import format_decimal

    return format_decimal(number, locale=_babel_locale())


def format_list(items: Iterable[object], style: str = "standard") -> str:
    """Items joined as the current language joins a list (``a, b, and c``; ``a、b和c``);
    ``style="or"`` for a choice (``a, b, or c``; ``a、b或c``). The kit's own rules
    (:data:`LIST_JOINS`, as CLDR writes them), so no language needs Babel: the static site's
    Python has none.

    >>> format_list(["Ada", "Bea", "Cy"]), format_list(["en", "zh-CN"], style="or")
    ('Ada, Bea, and Cy', 'en or zh-CN')
    >>> with use_language("zh-CN"):
    ...     format_list(["Ada", "Bea", "Cy"]), format_list(["en", "zh-CN"], style="or")
    ('Ada、Bea和Cy', 'en或zh-CN')
    >>> with use_language("en-XA"):
    ...     format_list(["en", "zh-CN"], style="or")
    'en ⟦or⟧ zh-CN'
    """
    words = [str(item) for item in items]
    joins = LIST_JOINS.get(_babel_locale(), {}).get(style)
    if joins is None:  # a language or style the kit has no rule for: Babel's (served kit)
        from babel.lists import format_list as babel_format_list

        return babel_format_list(words, style=style, locale=_babel_locale())
    between, last_of_many, last_of_two = joins
    if current_language() == PSEUDO:
        last_of_many, last_of_two = (_pseudo_join(last_of_many), _pseudo_join(last_of_two))
    if len(words) < 3:
        return last_of_two.join(words)
    return f"{between.join(words[:-1])}{last_of_many}{words[-1]}"


LIST_JOINS: dict[str, dict[str, tuple[str, str, str]]] = {
    SOURCE: {"standard": (", ", ", and ", " and "), "or": (", ", ", or ", " or ")},
    "zh_CN": {"standard": ("、", "和", "和"), "or": ("、", "或", "或")},
}
"""How each language of the kit joins a list, by style: what goes between two items, before the
last of three or more, and between the two of two (CLDR's patterns; a test checks them against
Babel's). A new catalog in ``lnb/locale`` needs its line here."""


def _pseudo_join(join: str) -> str:
    """``join`` with its word marked as translated (``" or "`` → ``" ⟦or⟧ "``)."""
    word = join.strip(" ,")
    return join.replace(word, f"{MARKS[0]}{word}{MARKS[1]}") if word else join


def _babel_locale() -> str:
    language = current_language()
    return SOURCE if language == PSEUDO else language


# -- choosing the language --------------------------------------------------------------------

@lru_cache(maxsize=1)
def available_languages() -> tuple[str, ...]:
    """The languages the kit speaks: English and every catalog in ``lnb/locale``.

    >>> available_languages()
    ('en', 'zh_CN')
    """
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE, *(name for name in found if name != SOURCE))


def tag(language: str) -> str:
    """The web's form of a catalog name (``zh_CN`` → ``zh-CN``), for a page's ``lang=``.

    >>> tag("zh_CN"), tag("en")
    ('zh-CN', 'en')
    """
    return language.replace("_", "-")


def normalize(text: str) -> str | None:
    """The catalog for one language tag of any form, or None when the kit has none for it.

    >>> [normalize(t) for t in ("zh", "zh-CN", "zh_CN.UTF-8", "zh-Hans", "ZH-cn", "C.UTF-8")]
    ['zh_CN', 'zh_CN', 'zh_CN', 'zh_CN', 'zh_CN', 'en']
    >>> [normalize(t) for t in ("en-GB", "en-XA", "zh-TW", "zh-Hant-CN", "fr", "", "*")]
    ['en', 'en_XA', None, None, None, None, None]
    """
    clean = text.strip().split(".", 1)[0].split("@", 1)[0].replace("_", "-")
    parts = [part for part in clean.split("-") if part]
    if not parts or not parts[0].isalpha() or len(parts[0]) > 8:
        return None
    if clean.upper() in ("C", "POSIX"):
        return SOURCE
    language = parts[0].lower()
    script = next((p.title() for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
    region = next((p.upper() for p in parts[1:] if len(p) == 2 or (len(p) == 3 and p.isdigit())),
                  None)
    if script and (region is None or script == "Hant"):
        region = _SCRIPT_REGION.get(script, region)
    known = (*available_languages(), PSEUDO)
    if region and f"{language}_{region}" in known:
        return f"{language}_{region}"
    if language in known:
        return language
    same = [name for name in known if name.split("_")[0] == language and name != PSEUDO]
    if language == "zh":  # Simplified and Traditional characters are read as two languages
        traditional = region in _TRADITIONAL
        same = [name for name in same if (name.partition("_")[2] in _TRADITIONAL) == traditional]
    return same[0] if same else None


def negotiate(*preferences: str | Iterable[str] | None) -> str:
    """The first language the kit speaks among ``preferences``, most wanted first (tags, or
    lists of tags such as the browser's ``navigator.languages``); English when none is.
    A ``;q=`` weight is ignored here (see :func:`from_accept_language`).

    >>> negotiate("fr", ["de-DE", "zh-SG"]), negotiate(None, "xx"), negotiate()
    ('zh_CN', 'en', 'en')
    """
    for preference in preferences:
        if not preference:
            continue
        for text in [preference] if isinstance(preference, str) else preference:
            found = normalize(str(text).split(";", 1)[0])
            if found:
                return found
    return SOURCE


def from_accept_language(header: str | None) -> str:
    """The language for an HTTP ``Accept-Language`` header (highest ``q`` first).

    >>> from_accept_language("en;q=0.4, zh-CN;q=0.9, fr")
    'zh_CN'
    >>> from_accept_language("zh-CN;q=0, en-US"), from_accept_language(None)
    ('en', 'en')
    """
    weighted = []
    for index, item in enumerate((header or "").split(",")):
        name, _sep, params = item.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        if name and weight > 0:
            weighted.append((-weight, index, name))
    return negotiate([name for _w, _i, name in sorted(weighted)])


def from_query(query: str | Mapping[str, object] | None) -> str | None:
    """The language a page address asks for with ``?lang=``, or None when it asks for none
    (or for one the kit does not speak). Takes a query string or parsed parameters.

    >>> from_query("?code=P1-0J6Y&lang=zh-CN"), from_query({"lang": ["en"]}), from_query("")
    ('zh_CN', 'en', None)
    """
    if query is None:
        return None
    if isinstance(query, str):
        from urllib.parse import parse_qs

        params: Mapping[str, object] = parse_qs(query.lstrip("?"))
    else:
        params = query
    value = params.get("lang")
    if isinstance(value, (list, tuple)):
        value = value[0] if value else None
    return normalize(str(value)) if value else None


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of a command's environment, as gettext reads it: ``LANGUAGE`` (a list
    like ``zh_CN:en``) unless the locale is ``C``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``.

    >>> from_environment({"LANG": "zh_CN.UTF-8"}), from_environment({"LC_ALL": "C", "LANG": "zh"})
    ('zh_CN', 'en')
    >>> from_environment({"LANGUAGE": "fr:zh_CN", "LANG": "en_US.UTF-8"}), from_environment({})
    ('zh_CN', 'en')
    """
    env = os.environ if environ is None else environ
    locale = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), "")
    if locale.split(".", 1)[0].upper() in ("C", "POSIX"):
        return SOURCE
    return negotiate(env.get("LANGUAGE", "").split(":"), locale)


def choose_language(query: str | Mapping[str, object] | None = None, saved: str | None = None,
                    browser: str | Iterable[str] | None = None) -> str:
    """An app's language: the page address's ``?lang=`` first, then the pupil's remembered
    choice, then the browser's languages (a list, or an ``Accept-Language`` header).

    >>> choose_language("?lang=zh-CN", saved="en"), choose_language("", "en", ["zh-CN"])
    ('zh_CN', 'en')
    >>> choose_language(None, None, "zh-CN,zh;q=0.9"), choose_language()
    ('zh_CN', 'en')
    """
    asked = from_query(query)
    if asked:
        return asked
    if saved and normalize(saved):
        return negotiate(saved)
    if isinstance(browser, str):
        return from_accept_language(browser)
    return negotiate(browser)


# -- catalogs ---------------------------------------------------------------------------------

class _Pseudo(_gettext.NullTranslations):
    """English, the words of each translated string between :data:`MARKS`; its placeholders
    (``{name}``, ``%(name)s``, ``%s``) stay outside, so an untranslated text put into a
    translated template still shows unmarked.

    >>> _Pseudo().gettext("{prog}: {message}"), _Pseudo().gettext("argument %(name)s: %s")
    ('{prog}⟦: ⟧{message}', '⟦argument ⟧%(name)s⟦: ⟧%s')
    """

    def gettext(self, message: str) -> str:
        parts = _PLACEHOLDER.split(message)  # words, placeholder, words, placeholder...
        return "".join(part if index % 2 or not part else f"{MARKS[0]}{part}{MARKS[1]}"
                       for index, part in enumerate(parts))

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return self.gettext(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


_PLACEHOLDER = re.compile(r"(\{\{|\}\}|\{[^{}]*\}|%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdrifgxX%])")
"""A placeholder, or an escaped brace (``{{``, ``}}``): both stay outside the marks."""


def _has_babel() -> bool:
    """Whether Babel can be imported (asked only when a .mo is older than its .po: importing
    ``importlib.util`` up front would cost ``import lnb`` what issue 13 took off it)."""
    import importlib.util

    return importlib.util.find_spec("babel") is not None


@cache
def _translations(language: str) -> _gettext.NullTranslations:
    """Every catalog of ``language`` (see :data:`DOMAINS`), chained as gettext fallbacks."""
    if language == PSEUDO:
        return _Pseudo()
    if language == SOURCE:
        return _gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    chain: _gettext.NullTranslations | None = None
    for domain in domains():
        po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
        if not po.exists():
            continue
        # A .mo older than its .po is made again, with Babel; where there is no Babel (the
        # static site's Python) the .mo the build compiled is the catalog.
        if mo.exists() and (mo.stat().st_mtime >= po.stat().st_mtime or not _has_babel()):
            with mo.open("rb") as stream:
                catalog = _gettext.GNUTranslations(stream)
        else:
            catalog = _gettext.GNUTranslations(compile_catalog(po))
        if chain is None:
            chain = catalog
        else:
            chain.add_fallback(catalog)
    return chain or _gettext.NullTranslations()


def compile_catalog(po: Path) -> io.BytesIO:
    """The ``.mo`` bytes of a ``.po`` catalog, made with Babel (fuzzy entries left out, as
    ``pybabel compile`` leaves them out), as a stream that :mod:`gettext` reads."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        catalog = read_po(stream, domain=po.stem)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return compiled
