"""A static file server for the built site (``site/``): Python's http.server in a thread.

The site needs nothing else (issue 18): the browser tests and the benchmark serve it so.

>>> with serving(Path(__file__).parent) as url:
...     url.startswith("http://127.0.0.1:")
True
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "site"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves files; logs nothing; ``.wasm``, ``.mjs`` and ``.whl`` with a type browsers take."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".whl": "application/zip"}

    def log_message(self, format: str, *args: object) -> None:
        return


@contextlib.contextmanager
def serving(root: Path = SITE) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (a free port) while the block runs; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
