"""A static file server for the built site (``site/``): Python's http.server in a thread,
sending the build's precompressed ``FILE.br``/``FILE.gz`` to a browser that accepts them, as
the hosts of docs/site.md do (:class:`benchmarks.static_host.Precompressed`): the pages are
checked as a pupil's browser gets them, the stored wheels and standard library decoded from
Brotli.

The site needs nothing else (issue 18): the browser tests and the benchmark serve it so.

>>> with serving(Path(__file__).parent) as url:
...     url.startswith("http://127.0.0.1:")
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from benchmarks.static_host import serving as serving_precompressed

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "site"


@contextlib.contextmanager
def serving(root: Path = SITE) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (a free port) while the block runs; yields the base URL."""
    with serving_precompressed(root) as url:
        yield url
