"""The kit inside a Jupyter server (Binder, JupyterHub): what ``make serve`` does that Voila's
server extension does not.

``binder/start`` puts ``widgets/serving/config`` on ``JUPYTER_CONFIG_PATH``; there
``jupyter_server_config.d/lnb-kit.json`` enables this extension next to Voila's, and
``jupyter_server_config.json`` sets the server's kernel culling and its default page (the
landing page). This extension:

* lets a left Voila page shut its kernel down: notebook pages get the ``_xsrf`` cookie the
  page's shutdown request sends back (:func:`widgets.serving.xsrf.with_xsrf_cookie`);
  without it the server refuses the request and the kernel lives until culling;
* typesets formulas offline: Voila's pages then use the MathJax bundled with them, not
  MathJax from cdnjs (as with ``make serve``, whose Voila sets no MathJax address);
* sends Voila's static files gzip-compressed and cacheable, Voila's own scripts from a
  versioned address, as ``make serve`` does (:func:`widgets.serving.static.in_jupyter_server`,
  once every extension has loaded: at the server's first turn of its loop).
"""

from __future__ import annotations

from typing import Any

from tornado.ioloop import IOLoop

from widgets.serving.static import in_jupyter_server
from widgets.serving.xsrf import with_xsrf_cookie


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """Where Jupyter Server finds the extension (this module)."""
    return [{"module": "widgets.serving.extension"}]


def _load_jupyter_server_extension(server_app: Any) -> None:
    """Give the running server the kit's XSRF cookie and offline MathJax."""
    with_xsrf_cookie(server_app.identity_provider)
    settings = server_app.web_app.settings
    # Voila's pages load MathJax 2 from this address unless both are None: then they use
    # the MathJax 3 bundled with Voila's own scripts (what standalone Voila does).
    settings.setdefault("mathjax_url", None)
    settings.setdefault("mathjax_config", None)
    server_app.log.info("lnb kit: notebook pages get the _xsrf cookie; MathJax is offline")

    def compress_static() -> None:  # Voila's extension may load after this one
        changed = in_jupyter_server(server_app.web_app)
        server_app.log.info("lnb kit: Voila's static files compressed and cacheable (%d "
                            "addresses)", len(changed))

    IOLoop.current().add_callback(compress_static)
