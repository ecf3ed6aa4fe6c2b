"""What the kit's server refuses: unknown hosts, renders a web page asks for, others' kernels.

Voila refuses cross-origin websockets and code from pages, but serves any ``Host`` (the shape
of a DNS-rebinding attack), renders a notebook for any page that asks (each render takes a
kernel) and lets anyone who knows a kernel's id see or shut it down. :func:`guarded` gives
each of Voila's handler classes the kit's checks, run before the handler's own:

* every request: the ``Host`` must be one the kit announces (:class:`HostCheck`);
* a render (``voila/render/...``): not asked for by another site (:func:`cross_site`); a
  pupil's click on a link elsewhere gets a page that opens the lesson again from the kit's
  own address (:func:`clicked_elsewhere`), so the render itself is never cross-site; not
  past the pages one browser or one address may hold (429, "Too many pages are open...":
  :func:`widgets.serving.owners.start_render`);
* ``api/kernels/<id>`` (GET, DELETE) and ``voila/api/shutdown/<id>``: only from the browser
  the kernel was rendered for (:mod:`widgets.serving.owners`);
* ``api/kernels/<id>/channels``: only from the browser the kernel was rendered for (another
  pupil who learnt an id cannot work the page's widgets); the kernel is marked as joined;
* ``logout`` (the kit has no login) and ``voila/templates/...`` other than a template's
  static file: not found (404), never a server error.

An API's refusal answers its message in words (``{"message": ...}``); Jupyter's own pages
(not Voila's) get a plain error page (:data:`PLAIN_ERROR`), as their templates need files
Voila does not serve.

A render also carries the pupil's remembered language (the ``lnb-lang`` cookie) to the kernel
as the ``X-Lnb-Language`` header (:mod:`widgets.core.remembered`); the kit's refusals are
written in the request's language (:func:`request_language`), and the error page says which
it is (``<html lang>``).
"""

from __future__ import annotations

import html
import inspect
import ipaddress
import socket
import time
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar
from urllib.parse import urlsplit

import psutil
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.base.handlers import APIHandler, JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from tornado.web import HTTPError, RequestHandler
from voila.handler import BaseVoilaHandler, VoilaHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from lnb.core.i18n import N_, _, choose_language, tag, use_language
from widgets.core.remembered import BROWSER_HEADER, COOKIE, HEADER, remembered_tag
from widgets.serving import owners

LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")
# Sent for a pupil's click on a link to a lesson on another site: the browser opens the
# lesson again from this page, a same-origin navigation (it sends the SameSite=Strict cookie).
BOUNCE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0">
<title>{title}</title></head>
<body><p>{opening} (<a href="">{open_it}</a>)</p>
<script>window.location.replace(window.location.href);</script></body></html>
"""
HOST_REFUSED = N_("This server does not answer to the host name {host}: open it at the "
                  "address it printed, or start it with --allow-host {host}")
CROSS_SITE = N_("This lesson page was asked for by another web site ({reason}): open it "
                "from the kit's own address instead")
OTHERS_KERNEL = N_("This kernel belongs to another page: a page may only see or shut down "
                   "its own kernel")
TOO_MANY_HERE = N_("Too many pages are open in this browser: close some tabs, then reload "
                   "this page")
TOO_MANY_NEAR = N_("Too many pages are open from this computer's network: close some tabs, "
                   "then reload this page")
OTHERS_CHANNELS = N_("This kernel belongs to another page: a page may only talk to its own "
                     "kernel")
REFRESH = 10.0  # seconds between two reads of this machine's addresses
# The error page of Jupyter's own (not Voila's) pages: Jupyter's templates need a static
# folder Voila does not serve, so the kit writes this one instead.
PLAIN_ERROR = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{status}</title></head>
<body><h1>{status}</h1>{detail}</body></html>
"""


def host_name(host: str) -> str:
    """The name in a ``Host`` header: lower case, without port, brackets or final dot.

    >>> host_name("Evil.Example:8866"), host_name("[::1]:8866"), host_name("kit.school.")
    ('evil.example', '::1', 'kit.school')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def machine_names() -> set[str]:
    """This machine's names: ``localhost``, its host name (and ``.local``), its full name."""
    names = set(LOCAL_NAMES)
    try:
        hostname = socket.gethostname()
        names |= {hostname, f"{hostname}.local", socket.getfqdn()}  # getfqdn may ask DNS
    except OSError:
        pass
    return {host_name(name) for name in names if name}


def machine_addresses() -> set[str]:
    """The addresses of all this machine's network interfaces (no DNS asked)."""
    return {host_name(address.address.split("%", 1)[0])
            for addresses in psutil.net_if_addrs().values() for address in addresses
            if address.family in (socket.AF_INET, socket.AF_INET6)}


class HostCheck:
    """The hosts the kit serves: this machine's names and addresses, plus ``extra``.

    The names are read once; the addresses again (at most every ``REFRESH`` seconds) when
    a request names one not yet known, so a laptop that joins the network later is served.

    >>> check = HostCheck(["kit.school.example"])
    >>> [check.allows(h) for h in ("localhost:8866", "127.0.0.7", "[::1]:1", "KIT.school.example")]
    [True, True, True, True]
    >>> check.allows("evil.example:8866")
    False
    """

    def __init__(self, extra: Iterable[str] = ()) -> None:
        self.extra = {host_name(name) for name in extra if name} | machine_names()
        self._addresses = machine_addresses()
        self._read_at = time.monotonic()

    def allows(self, host: str) -> bool:
        """Whether a request with this ``Host`` header is served."""
        name = host_name(host)
        if name in self.extra or name in self._addresses:
            return True
        try:
            if ipaddress.ip_address(name).is_loopback:
                return True
        except ValueError:
            pass
        if time.monotonic() - self._read_at > REFRESH:
            self._addresses, self._read_at = machine_addresses(), time.monotonic()
            return name in self._addresses
        return False


def cross_site(headers: Mapping[str, str], host: str) -> str | None:
    """Why a render request comes from another site (the header that says so), else None.

    A browser's ``Sec-Fetch-Site`` decides: ``same-origin`` and ``none`` (an address typed
    or bookmarked) are served, and a pupil's own click on a link elsewhere is let through
    (:func:`clicked_elsewhere` says what it gets); images, scripts, frames and
    navigations a page makes by itself are not. Without it (an older browser), an
    ``Origin`` or ``Referer`` naming another host refuses. A client that sends none of
    them (a script) is served.

    >>> cross_site({"Sec-Fetch-Site": "same-origin"}, "kit:8866") is None
    True
    >>> cross_site({"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors"}, "kit:8866")
    'Sec-Fetch-Site: cross-site'
    >>> cross_site({"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
    ...             "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"}, "kit:8866") is None
    True
    >>> cross_site({"Referer": "http://evil.example/a.html"}, "kit:8866")
    'Referer: http://evil.example/a.html'
    >>> cross_site({"Referer": "http://kit:8866/voila/tree"}, "kit:8866") is None
    True
    """
    site = headers.get("Sec-Fetch-Site")
    if site is not None:
        if site in ("same-origin", "none") or clicked_elsewhere(headers):
            return None
        return f"Sec-Fetch-Site: {site}"
    for name in ("Origin", "Referer"):
        value = headers.get(name)
        if value and (value == "null" or urlsplit(value).netloc.lower() != host.lower()):
            return f"{name}: {value}"
    return None


def clicked_elsewhere(headers: Mapping[str, str]) -> bool:
    """Whether the request is a pupil's own click on a link on another site: a top-level
    navigation the user made (``Sec-Fetch-User: ?1``) from another site.

    >>> clicked_elsewhere({"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate",
    ...                    "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"})
    True
    >>> clicked_elsewhere({"Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "navigate",
    ...                    "Sec-Fetch-Dest": "document", "Sec-Fetch-User": "?1"})
    False
    """
    return (headers.get("Sec-Fetch-Site") in ("cross-site", "same-site")
            and headers.get("Sec-Fetch-Mode") == "navigate"
            and headers.get("Sec-Fetch-Dest") == "document"
            and headers.get("Sec-Fetch-User") == "?1")


def request_language(query: str, cookie: str | None, accept: str | None) -> str:
    """The language of a request: its address's ``?lang=``, then the remembered choice (the
    cookie), then ``Accept-Language``.

    >>> request_language("lang=zh-CN", "en", None), request_language("", "zh-CN", "en")
    ('zh_CN', 'zh_CN')
    >>> request_language("", None, "zh-CN,zh;q=0.9"), request_language("", None, None)
    ('zh_CN', 'en')
    """
    return choose_language(query, remembered_tag(cookie), accept)


def bounce_page(language: str) -> str:
    """The page that opens a lesson again from the kit's own address, in ``language``.

    >>> "打开" in bounce_page("zh_CN"), 'lang="zh-CN"' in bounce_page("zh_CN")
    (True, True)
    """
    with use_language(language):
        return BOUNCE.format(lang=tag(language), title=html.escape(_("Opening the lesson")),
                             opening=html.escape(_("Opening the lesson…")),
                             open_it=html.escape(_("open it")))


def template_file(path: str) -> bool:
    """Whether ``path`` (under ``voila/templates/``) names a template's static file, the only
    thing served there: ``TEMPLATE/static/FILE``, inside the template's folder.

    >>> [template_file(p) for p in ("kit/static/index.css", "lab/static/a/b.js")]
    [True, True]
    >>> [template_file(p) for p in ("x", "", "kit/static", "../static/x", "kit/static/../../x")]
    [False, False, False, False, False]
    """
    parts = path.split("/")
    if len(parts) < 3 or parts[1] != "static" or not all(parts):
        return False
    return not any(part in (".", "..") or "\\" in part for part in parts)


class SpelledOut(HTTPError):
    """An HTTP error whose message is final text: ``log_message`` gives it as it is."""

    @property
    def log_message(self) -> str | None:  # type: ignore[override]
        """The message, as it is (tornado's doubles each ``%`` of a message without args)."""
        return self._log_message


def spelled_out(error: HTTPError) -> HTTPError:
    """``error`` with its message filled in (Jupyter's API error answer writes the message
    as it stands, ``%s`` and all).

    >>> spelled_out(HTTPError(403, "%s", "not yours: 100%")).log_message
    'not yours: 100%'
    """
    if error.get_message() is None:
        return error
    return SpelledOut(error.status_code, error.get_message(), reason=error.reason)


def refusal(message: str, status: int = 403, **values: str) -> HTTPError:
    """A refusal (403 unless ``status``) whose message is ``message`` translated (in the
    current language), filled in."""
    text = _(message).format(**values)
    return HTTPError(status, "%s", text)


class Guarded(RequestHandler):
    """The kit's checks before a Voila handler's own (see the module's docstring)."""

    kit_kind: ClassVar[str] = ""  # see kind_of

    async def prepare(self, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        """Refuse what the kit does not serve, then prepare as the handler does."""
        with use_language(self.kit_language):
            return await self._checked_prepare(*args, **kwargs)

    @property
    def kit_language(self) -> str:
        """The language of this request (:func:`request_language`)."""
        return request_language(self.request.query, self.get_cookie(COOKIE),
                                self.request.headers.get(BROWSER_HEADER))

    @property
    def template_namespace(self) -> dict[str, Any]:
        """Jupyter's template names, plus ``kit_lang``: the page's ``<html lang>``."""
        names = dict(super().template_namespace)  # type: ignore[misc]
        names["kit_lang"] = tag(self.kit_language)
        return names

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """Jupyter's error page (an API's answer: its message filled in; Jupyter's own
        pages: :data:`PLAIN_ERROR`), written in the request's language."""
        error = (kwargs.get("exc_info") or (None, None, None))[1]
        with use_language(self.kit_language):
            if isinstance(self, APIHandler) and isinstance(error, HTTPError):
                kwargs["exc_info"] = (HTTPError, spelled_out(error), kwargs["exc_info"][2])
            elif isinstance(self, JupyterHandler) and not isinstance(self, BaseVoilaHandler):
                self._plain_error(status_code, error)
                return
            super().write_error(status_code, **kwargs)

    def _plain_error(self, status_code: int, error: BaseException | None) -> None:
        status = f"{status_code}: {self._reason}"
        message = ""
        if isinstance(error, HTTPError) and error.log_message:
            message = error.get_message() or ""
        detail = f"<p>{html.escape(message)}</p>" if message else ""
        self.set_header("Content-Type", "text/html; charset=UTF-8")
        self.finish(PLAIN_ERROR.format(lang=tag(self.kit_language), status=html.escape(status),
                                       detail=detail))

    async def _checked_prepare(self, *args: Any, **kwargs: Any) -> Any:
        hosts = self.settings.get("kit_hosts")
        if hosts is not None and not hosts.allows(self.request.host):
            self._refuse_early()
            raise refusal(HOST_REFUSED, host=host_name(self.request.host))
        if self.kit_kind == "absent":  # Jupyter's logout page: the kit has no login
            self._refuse_early()
            raise HTTPError(404)
        if self.kit_kind == "template-file" and not template_file(next(iter(self.path_args), "")):
            raise HTTPError(404)
        if self.kit_kind == "render":
            reason = cross_site(self.request.headers, self.request.host)
            if reason is not None:
                self.log.warning("Refused a render asked for by another site (%s)", reason)
                self._refuse_early()
                raise refusal(CROSS_SITE, reason=reason)
            if clicked_elsewhere(self.request.headers):  # opened again, from this server
                self._refuse_early()
                self.set_header("Cache-Control", "no-store")
                self.finish(bounce_page(self.kit_language))
                return None
            remembered = remembered_tag(self.get_cookie(COOKIE))
            self.request.headers.pop(HEADER, None)  # only the cookie says it
            if remembered:
                self.request.headers[HEADER] = remembered
        result = super().prepare(*args, **kwargs)
        if inspect.isawaitable(result):
            result = await result
        kernel_id = self.path_kwargs.get("kernel_id") or next(iter(self.path_args), "")
        if self.kit_kind == "render":
            limit = await owners.start_render(self)
            if limit is not None:
                self.log.warning("Refused a render: too many pages open in one %s", limit)
                raise refusal(TOO_MANY_HERE if limit == "browser" else TOO_MANY_NEAR, 429)
        elif self.kit_kind in ("kernel", "shutdown") and not owners.owns(self, kernel_id):
            self.log.warning("Refused %s of kernel %s: not the page's own",
                             self.request.method, kernel_id)
            raise refusal(OTHERS_KERNEL)
        elif self.kit_kind == "channels":
            if not owners.owns(self, kernel_id):
                self.log.warning("Refused a websocket to kernel %s: not the page's own",
                                 kernel_id)
                raise refusal(OTHERS_CHANNELS)
            owners.joined(self, kernel_id)
        return result

    def on_finish(self) -> None:
        """After a render's response: its kernel now waits for its page to join."""
        super().on_finish()
        if self.kit_kind == "render":
            owners.end_render(self)

    def on_connection_close(self) -> None:
        """A render whose client left mid-page is over too."""
        super().on_connection_close()
        if self.kit_kind == "render":
            owners.end_render(self)

    def _refuse_early(self) -> None:
        """Before Jupyter's own prepare: no user yet (as Jupyter's host check does), so the
        error page renders."""
        self.current_user = None
        self._jupyter_current_user = None


def kind_of(handler: type) -> str:
    """Which of the kit's checks a Voila handler class gets (``""``: the host check only)."""
    kinds = ((VoilaHandler, "render"), (VoilaKernelWebsocketHandler, "channels"),
             (KernelHandler, "kernel"), (VoilaShutdownKernelHandler, "shutdown"),
             (LogoutHandler, "absent"), (TemplateStaticFileHandler, "template-file"))
    return next((kind for cls, kind in kinds if issubclass(handler, cls)), "")


def guarded(rule: tuple[Any, ...]) -> tuple[Any, ...]:
    """A handler rule ``(pattern, class, ...)`` with the class given the kit's checks."""
    pattern, handler, *rest = rule
    if not (isinstance(handler, type) and issubclass(handler, RequestHandler)):
        return rule
    cls = type(handler.__name__, (Guarded, handler), {"kit_kind": kind_of(handler),
                                                      "__module__": __name__})
    return (pattern, cls, *rest)
