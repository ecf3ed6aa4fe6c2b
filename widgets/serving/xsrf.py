"""Let a closed Voila page shut its kernel down, keeping the XSRF check intact.

On ``beforeunload`` Voila's page posts ``/voila/api/shutdown/<kernel_id>`` with
``navigator.sendBeacon``, sending the value of the ``_xsrf`` cookie as the ``_xsrf``
form field. Standalone Voila 0.5 never issues that cookie on a notebook page, so the
field is empty, the double-submit check fails (403) and the kernel lives on until the
culler finds it (voila-dashboards/voila#1458).

:class:`XsrfCookieIdentityProvider` issues the cookie when a notebook page is served,
as JupyterLab's own pages do. The server still demands a matching cookie and field for
every POST; a page from another origin can neither read the cookie nor guess the token.
"""

from __future__ import annotations

import inspect

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from tornado.web import RequestHandler
from voila.handler import VoilaHandler


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Voila's default identity provider, plus the ``_xsrf`` cookie on notebook pages."""

    async def get_user(self, handler: RequestHandler) -> User | None:  # type: ignore[override]
        """Authenticate as usual; on a notebook page GET, make sure the cookie is set."""
        found = super().get_user(handler)
        user = await found if inspect.isawaitable(found) else found
        if user is not None and handler.request.method == "GET" and isinstance(
            handler, VoilaHandler
        ):
            handler.current_user = user  # what prepare() sets next; the token needs it
            handler.xsrf_token  # noqa: B018 - sets the cookie when the browser has none
        return user
