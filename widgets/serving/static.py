"""Static files as a web server sends them: gzip-compressed once, and cached by the browser.

Voila's static handlers (its scripts, the template's files, the labextensions, the themes)
send every file as it is on disk: a fresh page fetches about 5.4 MB in 99 requests, and with
no ``Cache-Control`` most of them again on the next page. :func:`compressed` gives such a
handler class (any tornado ``StaticFileHandler``) :class:`CompressedStatic`'s behaviour:

* a browser that accepts gzip gets the file gzip-compressed (``Content-Encoding: gzip``,
  ``Vary: Accept-Encoding``); each file is compressed once per server, then served from
  :data:`CACHE` (by path, modification time and size: a changed file is compressed again);
* a content-hashed file name (a labextension's ``568.a92ae44fc4b1e2d7b4d9.js``) may be
  cached for a year (``immutable``): its content never changes under that name; so may
  Voila's own scripts (``voila.js`` and its 80 chunks ``NNNN.voila.js``, whose names carry no
  hash): the pages load them from ``voila/static/v-TAG/`` (:func:`versioned_static`), where
  ``TAG`` (:func:`static_tag`) changes with any of their files;
* any other file carries an ``ETag`` and ``Cache-Control: no-cache`` (addresses with ``?v=``
  keep the long ``max-age`` tornado gives them): the next page asks, and gets a 304.

Only static files are compressed. The rendered pages carry the ``_xsrf`` token beside what
the pupil typed, so compressing them would let an attacker guess the token from their sizes
(BREACH): they are sent as they are.

>>> accepts_gzip("gzip, deflate, br"), accepts_gzip("br;q=1, gzip;q=0"), accepts_gzip(None)
(True, False, False)
>>> content_hashed("/voila/labextensions/x/static/568.a92ae44fc4b1e2d7b4d9.js")
True
>>> content_hashed("/voila/static/voila.js")
False
"""

from __future__ import annotations

import gzip
import hashlib
import os
import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from jupyter_server.utils import url_path_join
from tornado.web import StaticFileHandler

#: File endings worth compressing (text, and WebAssembly); images and fonts such as woff2
#: are compressed already.
COMPRESSIBLE = (".js", ".mjs", ".css", ".json", ".html", ".svg", ".txt", ".map", ".wasm",
                ".xml", ".ttf", ".otf", ".eot", ".ico")
MIN_SIZE = 1024  # bytes: smaller files gain less than gzip's own header costs
LEVEL = 6  # a web server's default: most of level 9's gain at a third of its time
#: A file name with a content hash (webpack's ``[name].[contenthash].js``, or the hash
#: alone): 8 hex digits or more, with a letter and a digit among them.
HASHED = re.compile(r"(?:^|[.-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*[0-9])[0-9a-f]{8,}\.[A-Za-z0-9]+$")
#: A folder of the address that names a version of what is under it (:func:`static_tag`).
VERSIONED = re.compile(r"/v-[0-9a-f]{16}/")
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # the browser keeps the file, and asks whether it changed (ETag)


def accepts_gzip(header: str | None) -> bool:
    """Whether an ``Accept-Encoding`` header accepts gzip (``gzip;q=0`` refuses it)."""
    for part in (header or "").lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() in ("gzip", "*"):
            quality = params.strip().removeprefix("q=")
            try:
                return not params.strip().startswith("q=") or float(quality) > 0
            except ValueError:
                return True
    return False


def content_hashed(path: str) -> bool:
    """Whether an address's file name carries a content hash, or its folder a version of
    the files under it (then what it names never changes).

    >>> [content_hashed(p) for p in ("/a/9834b82ad26e2a37583d.woff2", "/a/2.3dbf81c0.js",
    ...                              "/voila/static/v-0123456789abcdef/7883.voila.js")]
    [True, True, True]
    >>> [content_hashed(p) for p in ("/voila/static/7883.voila.js", "/a/facade.js")]
    [False, False]
    """
    return (HASHED.search(path.rsplit("/", 1)[-1]) is not None
            or VERSIONED.search(path) is not None)


def static_tag(folders: Iterable[str | Path]) -> str:
    """16 hex digits that change whenever a file in ``folders`` does (its name, size or
    modification time): the version of Voila's own scripts in their addresses.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "voila.js").write_text("one") and None
    >>> before = static_tag([folder])
    >>> (folder / "voila.js").write_text("three") and None
    >>> len(before), before != static_tag([folder])
    (16, True)
    """
    digest = hashlib.sha256()
    for folder in folders:
        root = Path(folder)
        for path in sorted(root.rglob("*")) if root.is_dir() else ():
            if path.is_file():
                stat = path.stat()
                digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}\n"
                              .encode())
    return digest.hexdigest()[:16]


def versioned_static(tag: str, hook: Callable[..., dict[str, Any]] | None = None
                     ) -> Callable[..., dict[str, Any]]:
    """A Voila ``page_config_hook`` that has pages load Voila's scripts from
    ``voila/static/v-TAG/`` (the address :func:`versioned_rule` serves), after ``hook``.

    >>> versioned_static("0123456789abcdef")({"fullStaticUrl": "/voila/static"}, base_url="/")
    {'fullStaticUrl': '/voila/static/v-0123456789abcdef'}
    """

    def page_config_hook(page_config: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        if hook is not None:
            page_config = hook(page_config, **kwargs)
        page_config["fullStaticUrl"] = url_path_join(kwargs.get("base_url", "/"),
                                                     f"voila/static/v-{tag}")
        return page_config

    return page_config_hook


def versioned_rule(rules: list[tuple[Any, ...]], tag: str) -> list[tuple[Any, ...]]:
    """``rules`` with, before Voila's ``voila/static/(.*)``, the same files at
    ``voila/static/v-TAG/(.*)``.

    >>> versioned_rule([("/voila/static/(.*)", StaticFileHandler, {"path": "/x"})], "ab")[0][0]
    '/voila/static/v-ab/(.*)'
    """
    found = []
    for rule in rules:
        pattern = rule[0]
        if isinstance(pattern, str) and pattern.endswith("/voila/static/(.*)"):
            found.append((pattern[: -len("(.*)")] + f"v-{tag}/(.*)", *rule[1:]))
        found.append(rule)
    return found


def compressible(path: str, size: int) -> bool:
    """Whether a file is worth sending compressed: text of at least :data:`MIN_SIZE` bytes.

    >>> compressible("a/voila.js", 50_000), compressible("a/x.woff2", 50_000)
    (True, False)
    >>> compressible("a/tiny.css", 100)
    False
    """
    return size >= MIN_SIZE and path.lower().endswith(COMPRESSIBLE)


class GzipCache:
    """Files gzip-compressed once each: by path, while its modification time and size stay.

    ``compressions`` counts the files compressed so far; ``limit`` bounds the bytes kept
    (the least recently served go first).

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "a.js").write_text("let x = 1;\\n" * 500) and None
    >>> cache = GzipCache()
    >>> first = cache.get(str(folder / "a.js"))
    >>> first == cache.get(str(folder / "a.js")), cache.compressions
    (True, 1)
    >>> gzip.decompress(first) == (folder / "a.js").read_bytes()
    True
    """

    def __init__(self, limit: int = 64_000_000) -> None:
        self.limit = limit
        self.compressions = 0
        self._kept: OrderedDict[str, tuple[tuple[int, int], bytes | None]] = OrderedDict()
        self._bytes = 0

    def get(self, path: str) -> bytes | None:
        """The file's gzip bytes, or None when compressing does not make it smaller."""
        stat = os.stat(path)
        key = (stat.st_mtime_ns, stat.st_size)
        kept = self._kept.get(path)
        if kept is not None and kept[0] == key:
            self._kept.move_to_end(path)
            return kept[1]
        with open(path, "rb") as file:
            data = file.read()
        packed: bytes | None = gzip.compress(data, compresslevel=LEVEL, mtime=0)
        self.compressions += 1
        if len(packed) >= len(data) * 0.95:  # type: ignore[arg-type]
            packed = None
        self._keep(path, key, packed)
        return packed

    def _keep(self, path: str, key: tuple[int, int], packed: bytes | None) -> None:
        old = self._kept.pop(path, None)
        if old is not None and old[1] is not None:
            self._bytes -= len(old[1])
        self._kept[path] = (key, packed)
        self._bytes += len(packed or b"")
        while self._bytes > self.limit and len(self._kept) > 1:
            _, (_, dropped) = self._kept.popitem(last=False)
            self._bytes -= len(dropped or b"")


#: The server's one cache: every static handler shares it.
CACHE = GzipCache()


class CompressedStatic(StaticFileHandler):
    """A static file handler that sends gzip when asked and lets the browser cache (module
    docstring). Put before a ``StaticFileHandler`` subclass: :func:`compressed`."""

    _kit_packed: bytes | None = None

    def set_headers(self) -> None:
        """The handler's headers, plus the encoding, the ETag and the caching."""
        self._kit_packed = self._packed()
        if self._kit_packed is not None:
            packed = self._kit_packed
            # get() reads the body through get_content (a classmethod): this request's
            # own reads the compressed bytes instead
            self.get_content = lambda _path, start=None, end=None: iter(  # type: ignore
                [packed[start:end]])
        super().set_headers()
        if self._kit_packed is not None:
            self.set_header("Content-Encoding", "gzip")
        if compressible(self.absolute_path or "", self._kit_size()):
            self.set_header("Vary", "Accept-Encoding")
        if content_hashed(self.request.path):
            self.set_header("Cache-Control", IMMUTABLE)
        elif "v" not in self.request.arguments:
            self.set_header("Cache-Control", REVALIDATE)

    def compute_etag(self) -> str | None:
        """An ETag from the file's modification time and size (no read of the file), one
        for each encoding."""
        if self.absolute_path is None:
            return None
        stat = os.stat(self.absolute_path)
        encoding = "-gz" if self._kit_packed is not None else ""
        return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{encoding}"'

    def get_content_size(self) -> int:
        """The size of what is sent: the compressed bytes when they are."""
        if self._kit_packed is not None:
            return len(self._kit_packed)
        return super().get_content_size()

    def _kit_size(self) -> int:
        return os.stat(self.absolute_path).st_size if self.absolute_path else 0

    def _packed(self) -> bytes | None:
        path = self.absolute_path
        if (path is None or self.request.headers.get("Range")
                or not accepts_gzip(self.request.headers.get("Accept-Encoding"))
                or not compressible(path, self._kit_size())):
            return None
        return CACHE.get(path)


def compressed(rule: tuple[Any, ...]) -> tuple[Any, ...]:
    """A handler rule ``(pattern, class, ...)`` whose static file handler compresses and lets
    browsers cache (:class:`CompressedStatic`); other rules as they are.

    >>> pattern, cls = compressed((r"/static/(.*)", StaticFileHandler))
    >>> issubclass(cls, CompressedStatic), compressed(("/x", object)) == ("/x", object)
    (True, True)
    """
    pattern, handler, *rest = rule
    if not (isinstance(handler, type) and issubclass(handler, StaticFileHandler)) or \
            issubclass(handler, CompressedStatic):
        return rule
    cls = type(handler.__name__, (CompressedStatic, handler), {"__module__": __name__})
    return (pattern, cls, *rest)


def _rule_lists(router: Any) -> Iterator[list[Any]]:
    """Every list of rules in a tornado application's routers (the nested ones too)."""
    rules = getattr(router, "rules", None)
    if isinstance(rules, list):
        yield rules
        for rule in rules:
            yield from _rule_lists(rule.target)


def _path(rule: Any) -> str:
    regex = getattr(rule.matcher, "regex", None)
    return regex.pattern if regex is not None else ""


def in_jupyter_server(web_app: Any) -> list[str]:
    """Voila's static files in a Jupyter server (Voila as its extension: Binder, JupyterHub)
    as in :class:`~widgets.serving.app.KitVoila`: compressed, cacheable, Voila's own scripts
    from ``voila/static/v-TAG/``; the pages' drawings before Python served
    (:mod:`widgets.serving.drawings`). Call once every extension is loaded (Voila's adds its
    handlers when it loads). Returns the patterns changed (empty: Voila is not there)."""
    from tornado.routing import PathMatches, Rule
    from voila.handler import VoilaHandler

    from widgets.serving.loading import with_loading_words

    changed, tag, pages = [], "", []
    for rules in list(_rule_lists(web_app.default_router)):
        for rule in list(rules):
            path, target = _path(rule), rule.target
            if "/voila/" not in path or not isinstance(target, type):
                continue
            if issubclass(target, VoilaHandler):
                pages.append((rule.target_kwargs or {}).get("voila_configuration"))
            elif issubclass(target, StaticFileHandler) and \
                    not issubclass(target, CompressedStatic):
                rule.target = compressed((path, target))[1]
                changed.append(path)
                if path.rstrip("$").endswith("/voila/static/(.*)"):
                    tag = static_tag((rule.target_kwargs or {}).get("paths", []))
                    versioned = path.rstrip("$")[: -len("(.*)")] + f"v-{tag}/(.*)$"
                    rules.insert(rules.index(rule), Rule(PathMatches(versioned), rule.target,
                                                         rule.target_kwargs))
                    changed.append(versioned)
    for configuration in {id(c): c for c in pages if c is not None and tag}.values():
        configuration.page_config_hook = versioned_static(
            tag, with_loading_words(configuration.page_config_hook))
    if pages:  # the drawings the pages' configurations name (widgets.serving.drawings)
        from widgets.serving.drawings import drawing_rules

        rules = drawing_rules(web_app.settings.get("base_url", "/"))
        web_app.add_handlers(".*$", rules)
        changed.extend(rule[0] for rule in rules)
    return changed
