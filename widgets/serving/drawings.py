"""A served page's drawings before Python as files the browser caches (issue 33, "Fewer bytes").

The served kit's pages show a drawing of their first state while Python starts
(:mod:`widgets.serving.sketches` stores them). Carried in the page itself, in every language,
with their style sheets, they made each page about 0.12 MB bigger, twice (Voila writes the
page's configuration into the page, and the kit's template read it again), and never
compressed (a rendered page is not: BREACH). Instead the page's configuration names two
addresses (:func:`drawing_addresses`, as ``page_config["kitSketches"]``):

* ``voila/kit-drawings/<digest>/{lang}/<page>``: the page's drawings in one language,
  ``{"cells": {cell index: html}}``; the page fills in the language ``<html lang>`` names
  (the address's ``?lang=``, else the pupil's ``lnb-lang`` cookie), among ``languages``;
* ``voila/kit-drawings/css/<digest>.css``: the drawings' style sheet (``widgets/core/
  sketch.css`` and the page's own stored rules), one address for every page whose rules
  are the same, so a pupil's second page finds it in the browser's cache.

Both are gzip-compressed when the browser accepts it and cached for a year (``immutable``):
``<digest>`` changes with what the address holds (:class:`DrawingsHandler`,
:class:`DrawingCSSHandler`, the rules :func:`drawing_rules` gives). A pupil who switches the
language later sees the live widgets redrawn by Python: no drawing is needed then.

>>> found = drawing_addresses("play.ipynb", "/")
>>> sorted(found), found["languages"]
(['cells', 'css', 'languages'], ['en', 'zh-CN'])
>>> found["cells"].startswith("/voila/kit-drawings/"), found["cells"].endswith(
...     "/{lang}/play.ipynb")
(True, True)
>>> drawing_addresses("no-such-page.ipynb", "/")
{}
"""

from __future__ import annotations

import gzip
import hashlib
import json
from functools import lru_cache
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import HTTPError, RequestHandler

from widgets.core.sketch import SKETCH_CSS
from widgets.serving.sketches import SKETCHES, page_css, page_sketches, stored_path
from widgets.serving.static import IMMUTABLE, LEVEL, REVALIDATE, accepts_gzip

ROUTE = "voila/kit-drawings"
HOST = "served"
#: The style sheets served so far, by their digest (:func:`drawing_addresses` adds each).
_SHEETS: dict[str, str] = {}


def digest(data: str | bytes) -> str:
    """16 hex digits of ``data``'s SHA-256: the version in an address.

    >>> digest("a"), digest(b"a") == digest("a")
    ('ca978112ca1bbdca', True)
    """
    return hashlib.sha256(data.encode() if isinstance(data, str) else data).hexdigest()[:16]


def page_digest(page: str) -> str:
    """The version of a page's stored drawings ('' when none is stored)."""
    path = stored_path(page, HOST)
    if not path.is_file():
        return ""
    return _file_digest(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=256)
def _file_digest(path: str, stamp: int) -> str:
    return digest(Path(path).read_bytes())


def sheet(page: str) -> str:
    """The drawings' style sheet of a page: the kit's (``sketch.css``) and the page's own."""
    return SKETCH_CSS + page_css(page, HOST)


def drawing_addresses(page: str, base_url: str) -> dict[str, Any]:
    """What a page's configuration carries of its drawings: ``languages``, the ``cells``
    address (``{lang}`` to fill in) and the ``css`` address; {} when none is stored."""
    version = page_digest(page)
    languages = sorted(page_sketches(page, HOST)) if version else []
    if not languages:
        return {}
    css = sheet(page)
    css_version = digest(css)
    _SHEETS[css_version] = css
    return {"languages": languages,
            "cells": url_path_join(base_url, ROUTE, version, "{lang}", page),
            "css": url_path_join(base_url, ROUTE, "css", f"{css_version}.css")}


def _safe_page(page: str) -> bool:
    """Whether ``page`` names a stored page, not a path out of the drawings' folder.

    >>> _safe_page("play.ipynb"), _safe_page("../x.ipynb"), _safe_page("/etc/passwd")
    (True, False, False)
    """
    parts = Path(page).parts
    return bool(parts) and not Path(page).is_absolute() and ".." not in parts and \
        page.endswith(".ipynb")


def _find_sheet(version: str) -> str | None:
    """A style sheet by its digest: one served already, else any stored page's."""
    if version not in _SHEETS:
        for path in (SKETCHES / HOST).rglob("*.ipynb.json"):
            page = path.relative_to(SKETCHES / HOST).as_posix().removesuffix(".json")
            _SHEETS.setdefault(digest(sheet(page)), sheet(page))
            if version in _SHEETS:
                break
    return _SHEETS.get(version)


class _Cached(RequestHandler):
    """Sends a body gzip-compressed when asked, cached for a year when its address's
    version is the current one (else the browser asks again)."""

    def _send(self, body: bytes, content_type: str, current: bool) -> None:
        self.set_header("Content-Type", content_type)
        self.set_header("Vary", "Accept-Encoding")
        self.set_header("Cache-Control", IMMUTABLE if current else REVALIDATE)
        if accepts_gzip(self.request.headers.get("Accept-Encoding")):
            self.set_header("Content-Encoding", "gzip")
            body = _packed(body)
        self.finish(body)


@lru_cache(maxsize=256)
def _packed(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=LEVEL, mtime=0)


class DrawingsHandler(_Cached):
    """``GET voila/kit-drawings/<digest>/<language>/<page>``: one language's drawings."""

    def get(self, version: str, language: str, page: str) -> None:
        cells = page_sketches(page, HOST).get(language) if _safe_page(page) else None
        if cells is None:
            raise HTTPError(404)
        body = json.dumps({"cells": cells}, ensure_ascii=False).encode()
        self._send(body, "application/json; charset=UTF-8", version == page_digest(page))


class DrawingCSSHandler(_Cached):
    """``GET voila/kit-drawings/css/<digest>.css``: the drawings' style sheet."""

    def get(self, version: str) -> None:
        css = _find_sheet(version)
        if css is None:
            raise HTTPError(404)
        self._send(css.encode(), "text/css; charset=UTF-8", True)


def drawing_rules(base_url: str) -> list[tuple[str, type[RequestHandler]]]:
    """The handler rules of the two addresses, under ``base_url``.

    >>> [rule[0] for rule in drawing_rules("/")][0]
    '/voila/kit-drawings/css/([0-9a-f]{16})\\\\.css'
    """
    route = url_path_join(base_url, ROUTE)
    return [(route + r"/css/([0-9a-f]{16})\.css", DrawingCSSHandler),
            (route + r"/([0-9a-f]{16})/([A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*)/(.+)",
             DrawingsHandler)]
