"""Where the page's language choice travels: the ``lnb-lang`` cookie the page keeps, the
header the kit's server makes of it, and the names the kernel reads them under.

The page (:func:`widgets.core.language.page_script`) keeps the pupil's pick in the cookie
:data:`COOKIE` (a year, this site only); the kit's server (:mod:`widgets.serving.guard`)
copies it into the request header :data:`HEADER`, and Voila passes that header and
``Accept-Language`` to the kernel (``VoilaConfiguration.http_header_envs``) as
:data:`SAVED_ENV` and :data:`BROWSER_ENV`. This page's choice (:class:`PageChoice`, one kernel
is one page) is kept here: :func:`choose_page` makes it from the request,
:func:`remember_choice` keeps what the page reported or the pupil picked. No widget library
is imported here (the server and ``widgets.core``'s import import it).

>>> SAVED_ENV, BROWSER_ENV
('HTTP_X_LNB_LANGUAGE', 'HTTP_ACCEPT_LANGUAGE')
>>> remembered_tag("zh_CN"), remembered_tag("en-XA"), remembered_tag("<script>")
('zh-CN', 'en-XA', None)
>>> language_name("zh_CN"), language_name("en_XA")
('简体中文', 'English')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lnb.core.i18n import (
    PSEUDO,
    SOURCE,
    choose_language,
    from_query,
    normalize,
    set_default_language,
    tag,
)

COOKIE = "lnb-lang"
HEADER = "X-Lnb-Language"
BROWSER_HEADER = "Accept-Language"


#: Each language's name in its own script (never translated: a pupil looks for their own).
NAMES = {"en": "English", "zh_CN": "简体中文"}


def language_name(language: str) -> str:
    """A language's name in its own script (the catalog name itself when the kit has none);
    the pseudo-language is shown as English."""
    if language == PSEUDO:
        return NAMES[SOURCE]
    return NAMES.get(language, language)


def env_name(header: str) -> str:
    """The environment variable Voila gives a request header (RFC 3875 style)."""
    return "HTTP_" + header.upper().replace("-", "_")


SAVED_ENV = env_name(HEADER)
BROWSER_ENV = env_name(BROWSER_HEADER)


def remembered_tag(value: str | None) -> str | None:
    """The web tag of a remembered choice the kit speaks (None for anything else).

    >>> remembered_tag("fr"), remembered_tag(None)
    (None, None)
    """
    language = normalize(value) if value else None
    return tag(language) if language else None


@dataclass(frozen=True)
class PageChoice:
    """What the page's language was chosen from: the address's ``?lang=`` (a catalog name
    or None), the remembered choice and the browser's languages (as the request sent them or
    the page reported them), and the language they give.

    >>> PageChoice(asked=None, saved="zh-CN", browser="en").language
    'zh_CN'
    >>> PageChoice(asked="en_XA", saved="zh-CN").language
    'en_XA'
    """

    asked: str | None = None
    saved: str | None = None
    browser: str | tuple[str, ...] | None = None

    @property
    def language(self) -> str:
        """The catalog name these give (see :func:`lnb.core.i18n.choose_language`)."""
        if self.asked:
            return self.asked
        return choose_language(None, self.saved, self.browser)


_page = [PageChoice()]


def page_choice() -> PageChoice:
    """This page's choice (one kernel is one page), as last made or reported."""
    return _page[0]


def remember_choice(choice: PageChoice) -> None:
    """Keep ``choice`` as this page's (what the page reported, a pupil's pick)."""
    _page[0] = choice


def choose_page(query: Mapping[str, str] | None, environ: Mapping[str, str]) -> str:
    """Choose this page's language from its address's parameters (``query``; None reads
    ``QUERY_STRING``) and the request in ``environ``; make it the process language.

    >>> choose_page({"lang": "zh-CN"}, {BROWSER_ENV: "en"}), page_choice().asked
    ('zh_CN', 'zh_CN')
    >>> choose_page(None, {"QUERY_STRING": "code=P1", SAVED_ENV: "en", BROWSER_ENV: "zh"})
    'en'
    """
    asked = from_query(environ.get("QUERY_STRING", "") if query is None else dict(query))
    remember_choice(PageChoice(asked=asked, saved=environ.get(SAVED_ENV) or None,
                               browser=environ.get(BROWSER_ENV) or None))
    return set_default_language(page_choice().language)


def in_page_kernel(environ: Mapping[str, str]) -> bool:
    """Whether this is the kernel of a page Voila has served (its request is in the
    environment; a preheated kernel gets it later, see :mod:`widgets.core.page_request`).

    >>> in_page_kernel({"SERVER_SOFTWARE": "voila/0.5.13", "VOILA_PREHEAT": "False"})
    True
    >>> in_page_kernel({"SERVER_SOFTWARE": "voila/0.5.13", "VOILA_PREHEAT": "True"})
    False
    """
    return (environ.get("SERVER_SOFTWARE", "").startswith("voila/")
            and environ.get("VOILA_PREHEAT", "False") == "False")
