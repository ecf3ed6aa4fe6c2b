"""A static host that serves precompressed files, as nginx's ``gzip_static`` does: for a
browser that accepts Brotli, ``FILE.br``; for one that accepts gzip, ``FILE.gz``; else
``FILE`` (``python -m http.server`` only ever sends ``FILE``). The benchmark measures the
site's first visit through it (docs/site.md says how real hosts do the same).

>>> chosen("br;q=1.0, gzip, deflate", {".br", ".gz"}), chosen("gzip", {".br", ".gz"})
('.br', '.gz')
>>> chosen("gzip;q=0, identity", {".gz"}), chosen(None, {".gz"})
('', '')

A :class:`Tally` counts what the host sent (headers and bodies, as they went on the wire):
the honest size of a visit, which a page's own requests undercount once the site's service
worker answers them.

>>> tally = Tally(); tally.add(120); tally.add(30); tally.taken()
(150, 2)
>>> tally.taken()
(0, 0)
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO, ClassVar

ENCODINGS = ((".br", "br"), (".gz", "gzip"))


def accepted(header: str | None) -> set[str]:
    """The encodings an ``Accept-Encoding`` header accepts (``q=0`` refuses one)."""
    names = set()
    for part in (header or "").lower().split(","):
        name, _, params = part.strip().partition(";")
        params = params.strip()
        if params.startswith("q=") and params[2:].strip() in ("0", "0.0", "0.00", "0.000"):
            continue
        names.add(name.strip())
    return names


def chosen(header: str | None, present: set[str]) -> str:
    """The precompressed form to send (``.br``, ``.gz``), or ``""`` for the file itself."""
    names = accepted(header)
    return next((suffix for suffix, name in ENCODINGS if name in names and suffix in present), "")


class Tally:
    """Bytes a host sent (and its answers), since the last :meth:`taken`; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bytes = 0
        self._answers = 0

    def add(self, sent: int, answer: bool = True) -> None:
        """Count ``sent`` bytes (one more answer unless ``answer`` is false: a body's)."""
        with self._lock:
            self._bytes += sent
            self._answers += int(answer)

    def taken(self) -> tuple[int, int]:
        """(bytes, answers) since the last call; the count starts again from zero."""
        with self._lock:
            found = (self._bytes, self._answers)
            self._bytes = self._answers = 0
        return found


class Precompressed(http.server.SimpleHTTPRequestHandler):
    """Python's file server, sending ``FILE.br``/``FILE.gz`` when the browser accepts them."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".whl": "application/zip"}

    def send_head(self):  # type: ignore[no-untyped-def]
        """The precompressed file's head and body when there is one to send, else as before."""
        path = self.translate_path(self.path)
        if os.path.isfile(path):
            present = {s for s, _ in ENCODINGS if os.path.isfile(path + s)}
            suffix = chosen(self.headers.get("Accept-Encoding"), present)
            if suffix:
                file = open(path + suffix, "rb")  # noqa: SIM115 (the server closes it)
                size = os.fstat(file.fileno()).st_size
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(path))
                self.send_header("Content-Encoding", dict(ENCODINGS)[suffix])
                self.send_header("Content-Length", str(size))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return file
        return super().send_head()

    def log_message(self, format: str, *args: object) -> None:
        return

    #: Where the bytes sent are counted (None: nowhere).
    tally: ClassVar[Tally | None] = None

    def flush_headers(self) -> None:
        """Count an answer's head (status line and headers) as it goes."""
        if self.tally is not None and getattr(self, "_headers_buffer", None):
            self.tally.add(sum(len(part) for part in self._headers_buffer))
        super().flush_headers()

    def copyfile(self, source: BinaryIO, outputfile: Any) -> None:  # type: ignore[override]
        """Send a body, counting its bytes."""
        if self.tally is None:
            shutil.copyfileobj(source, outputfile)
            return
        while chunk := source.read(64 * 1024):
            outputfile.write(chunk)
            self.tally.add(len(chunk), answer=False)


@contextlib.contextmanager
def serving(root: Path, tally: Tally | None = None, *,
            kind: type[Precompressed] = Precompressed) -> Iterator[str]:
    """Serve ``root`` on 127.0.0.1 (a free port) while the block runs; yields the base URL.
    With a ``tally``, every byte sent is counted in it. ``kind`` answers each request: a
    :class:`Precompressed` that does more (the browser tests' server counts the files it
    sends, tests/browser/site_server.py), or this one.

    >>> import urllib.request
    >>> tally = Tally()
    >>> with serving(Path(__file__).parent, tally) as url:
    ...     urllib.request.urlopen(url + "static_host.py").read(3) == b'"' * 3
    True
    >>> sent, answers = tally.taken(); sent > Path(__file__).stat().st_size, answers
    (True, 1)
    """
    if tally is not None:
        kind = type("Tallied", (kind,), {"tally": tally})
    handler = functools.partial(kind, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def main(argv: list[str]) -> int:
    """``python -m benchmarks.static_host [DIR] [PORT]``: serve a built site (default ``site``
    on port 8000) as a host with precompressed files does, until Ctrl-C."""
    root = Path(argv[0]) if argv else Path("site")
    port = int(argv[1]) if len(argv) > 1 else 8000
    handler = functools.partial(Precompressed, directory=str(root))
    with http.server.ThreadingHTTPServer(("127.0.0.1", port), handler) as server:
        print(f"serving {root} (.br/.gz when the browser accepts them) at "
              f"http://127.0.0.1:{port}/", flush=True)
        with contextlib.suppress(KeyboardInterrupt):
            server.serve_forever()
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
