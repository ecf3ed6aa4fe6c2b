"""A static file server for the built site (``site/``): Python's http.server in a thread,
sending the build's precompressed ``FILE.br``/``FILE.gz`` to a browser that accepts them, as
the hosts of docs/site.md do (:class:`benchmarks.static_host.Precompressed`): the pages are
checked as a pupil's browser gets them, the stored wheels and standard library decoded from
Brotli. With a :class:`Sent`, every file sent is counted by its path (a test can say nothing
was downloaded twice).

The site needs nothing else (issue 18): the browser tests and the benchmark serve it so.

>>> import urllib.request
>>> sent = Sent()
>>> with serving(Path(__file__).parent, sent) as url:
...     url.startswith("http://127.0.0.1:")
...     urllib.request.urlopen(url + "site_server.py?x=1").read(3) == b'"' * 3
True
True
>>> sent.taken()
{'/site_server.py': 1}
"""

from __future__ import annotations

import collections
import contextlib
import threading
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

from benchmarks import static_host
from benchmarks.static_host import Precompressed

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "site"


class Sent:
    """How many times each path (its query aside) was sent with its body, since the last
    :meth:`taken`; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: collections.Counter[str] = collections.Counter()

    def add(self, path: str) -> None:
        with self._lock:
            self._counts[urlsplit(path).path] += 1

    def taken(self) -> dict[str, int]:
        """The counts since the last call; counting starts again from zero."""
        with self._lock:
            found = dict(self._counts)
            self._counts.clear()
        return found


class Counted(Precompressed):
    """:class:`Precompressed`, counting in :attr:`sent` each answer that carries a file."""

    sent: ClassVar[Sent | None] = None

    def send_head(self):  # type: ignore[no-untyped-def]
        file = super().send_head()
        if file is not None and self.sent is not None:
            self.sent.add(self.path)
        return file


def serving(root: Path = SITE, sent: Sent | None = None) -> contextlib.AbstractContextManager[str]:
    """Serve ``root`` on 127.0.0.1 (a free port) while the block runs, as
    :func:`benchmarks.static_host.serving` does; yields the base URL. With ``sent``, every
    file sent is counted in it."""
    return static_host.serving(root, kind=type("Counting", (Counted,), {"sent": sent}))
