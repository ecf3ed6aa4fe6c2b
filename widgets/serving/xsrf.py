"""Let a closed Voila page shut its kernel down, keeping the XSRF check intact.

On ``beforeunload`` Voila's page posts ``/voila/api/shutdown/<kernel_id>`` with
``navigator.sendBeacon``, sending the value of the ``_xsrf`` cookie as the ``_xsrf``
form field. Voila 0.5 never issues that cookie on a notebook page (standalone, or as a
Jupyter server's extension, e.g. on Binder), so the field is empty, the double-submit
check fails (403 "'_xsrf' argument missing") and the kernel lives on until the culler
finds it (voila-dashboards/voila#1458).

:class:`XsrfCookieIdentityProvider` (``make serve``) and :func:`with_xsrf_cookie` (inside
a Jupyter server, see :mod:`widgets.serving.extension`) issue the cookie when a notebook
page is served, as JupyterLab's own pages do. The server still demands a matching cookie
and field for every POST; a page from another origin can neither read the cookie nor
guess the token.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from jupyter_server.auth.identity import IdentityProvider, PasswordIdentityProvider, User
from tornado.web import RequestHandler
from voila.handler import VoilaHandler

GetUser = Callable[[RequestHandler], "User | Awaitable[User | None] | None"]


async def user_with_cookie(get_user: GetUser, handler: RequestHandler) -> User | None:
    """Authenticate with ``get_user``; on a notebook page GET, make sure the cookie is set."""
    found = get_user(handler)
    user = await found if inspect.isawaitable(found) else found
    if user is not None and handler.request.method == "GET" and isinstance(
        handler, VoilaHandler
    ):
        handler.current_user = user  # what prepare() sets next; the token needs it
        handler.xsrf_token  # noqa: B018 - sets the cookie when the browser has none
    return user


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the ``_xsrf`` cookie on notebook pages."""

    async def get_user(self, handler: RequestHandler) -> User | None:  # type: ignore[override]
        """Authenticate as usual; on a notebook page GET, make sure the cookie is set."""
        return await user_with_cookie(super().get_user, handler)


def with_xsrf_cookie(provider: IdentityProvider) -> None:
    """Make a running server's identity provider (any: Jupyter's token, JupyterHub's
    login) issue the ``_xsrf`` cookie on notebook pages too."""
    if getattr(provider, "kit_xsrf_cookie", False):
        return
    plain = provider.get_user

    async def get_user(handler: RequestHandler) -> Any:
        return await user_with_cookie(plain, handler)

    provider.get_user = get_user  # type: ignore[method-assign]
    provider.kit_xsrf_cookie = True  # type: ignore[attr-defined]
