"""Where the page's language choice travels: the ``lnb-lang`` cookie the page keeps, the
header the kit's server makes of it, and the names the kernel reads them under.

The page (:func:`widgets.core.language.page_script`) keeps the pupil's pick in the cookie
:data:`COOKIE` (a year, this site only); the kit's server (:mod:`widgets.serving.guard`)
copies it into the request header :data:`HEADER`, and Voila passes that header and
``Accept-Language`` to the kernel (``VoilaConfiguration.http_header_envs``) as
:data:`SAVED_ENV` and :data:`BROWSER_ENV`. No widget library is imported here (the server
imports it).

>>> SAVED_ENV, BROWSER_ENV
('HTTP_X_LNB_LANGUAGE', 'HTTP_ACCEPT_LANGUAGE')
>>> remembered_tag("zh_CN"), remembered_tag("en-XA"), remembered_tag("<script>")
('zh-CN', 'en-XA', None)
>>> language_name("zh_CN"), language_name("en_XA")
('简体中文', 'English')
"""

from __future__ import annotations

from collections.abc import Mapping

from lnb.core.i18n import PSEUDO, SOURCE, choose_language, normalize, tag

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


def request_language(environ: Mapping[str, str]) -> str:
    """The language a page request asks for, as Voila puts it into the kernel's environment:
    ``?lang=`` (``QUERY_STRING``), then the remembered choice, then ``Accept-Language``.

    >>> request_language({"QUERY_STRING": "code=P1&lang=zh-CN", BROWSER_ENV: "en"})
    'zh_CN'
    >>> request_language({SAVED_ENV: "zh-CN", BROWSER_ENV: "en"}), request_language({})
    ('zh_CN', 'en')
    """
    return choose_language(environ.get("QUERY_STRING", ""), environ.get(SAVED_ENV) or None,
                           environ.get(BROWSER_ENV) or None)


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
