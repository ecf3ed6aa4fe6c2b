"""The served kit's static files as a web server sends them (issue 33, "Fewer bytes"),
against a real Voila started by :class:`~widgets.serving.server.KitServer`, with plain
``urllib`` (no browser): gzip when asked, identical once decompressed; an ETag that brings a
304; content-hashed chunks cached for a year; rendered pages never compressed (BREACH).
The cache that compresses each file once is counted in-process.
"""

from __future__ import annotations

import gzip
import os
import re
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

from widgets.serve import kit_voila_args
from widgets.serving.drawings import drawing_addresses
from widgets.serving.server import KitServer
from widgets.serving.static import IMMUTABLE, GzipCache, content_hashed

pytestmark = pytest.mark.slow

VOILA_JS = "voila/static/voila.js"
LABEXTENSION = Path(sys.prefix) / "share/jupyter/labextensions/@jupyter-widgets/jupyterlab-manager"
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KitServer]:
    """The kit's server on a folder with one tiny notebook."""
    root = tmp_path_factory.mktemp("notebooks")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"display_name": "Python 3", "language": "python",
                                 "name": "python3"}
    nb.cells = [nbformat.v4.new_code_cell("print('tiny page')")]
    nbformat.write(nb, root / "tiny.ipynb")
    home = tmp_path_factory.mktemp("home")
    with KitServer(root, None, voila_args=kit_voila_args(pool_size=0), home=home,
                   log=home / "voila.log", startup_timeout=90) as running:
        yield running


def fetch(server: KitServer, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body as sent) of a GET; a 304 is an answer, not an error."""
    request = urllib.request.Request(server.url(path), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def a_hashed_chunk() -> Path:
    """A content-hashed chunk of the widget manager's labextension, as installed."""
    chunks = [p for p in sorted((LABEXTENSION / "static").glob("*.js")) if content_hashed(p.name)]
    assert chunks, f"no content-hashed chunk in {LABEXTENSION / 'static'}"
    return max(chunks, key=lambda p: p.stat().st_size)


def test_gzip_when_asked_identical_once_decompressed(server: KitServer) -> None:
    chunk = a_hashed_chunk()
    path = f"voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/{chunk.name}"
    status, headers, body = fetch(server, path, **GZIP)
    assert status == 200
    assert headers.get("Content-Encoding") == "gzip", headers
    assert "Accept-Encoding" in headers.get("Vary", ""), headers
    assert int(headers["Content-Length"]) == len(body) < chunk.stat().st_size / 2
    assert gzip.decompress(body) == chunk.read_bytes()
    status, plain_headers, plain = fetch(server, path)  # no Accept-Encoding: the file as is
    assert status == 200 and "Content-Encoding" not in plain_headers
    assert plain == chunk.read_bytes()
    assert plain_headers["Etag"] != headers["Etag"]  # one ETag per encoding


def test_hashed_chunks_are_immutable_others_revalidate(server: KitServer) -> None:
    chunk = a_hashed_chunk()
    _, headers, _ = fetch(
        server, f"voila/labextensions/@jupyter-widgets/jupyterlab-manager/static/{chunk.name}",
        **GZIP)
    assert headers["Cache-Control"] == IMMUTABLE
    _, headers, _ = fetch(server, "voila/labextensions/@jupyter-widgets/jupyterlab-manager/"
                          "package.json", **GZIP)
    assert headers["Cache-Control"] == "no-cache" and headers.get("Etag"), headers


def test_a_second_request_with_the_etag_gets_304(server: KitServer) -> None:
    status, headers, body = fetch(server, VOILA_JS, **GZIP)
    assert status == 200 and body and headers["Cache-Control"] == "no-cache"
    status, again, body = fetch(server, VOILA_JS, **GZIP, **{"If-None-Match": headers["Etag"]})
    assert status == 304 and body == b"", again
    assert again["Etag"] == headers["Etag"]
    status, _, body = fetch(server, VOILA_JS, **GZIP, **{"If-None-Match": '"other"'})
    assert status == 200 and body


def test_voilas_own_scripts_load_from_a_versioned_address_cached_for_a_year(
        server: KitServer) -> None:
    """``voila.js`` and its chunks carry no hash in their names: the page loads them from
    ``voila/static/v-TAG/``, which changes with them, so they too are cached for a year."""
    _, _, page = fetch(server, "voila/render/tiny.ipynb")
    found = re.search(rb'src="/(voila/static/v-[0-9a-f]{16}/)voila\.js"', page)
    assert found, page[:3000]
    folder = found.group(1).decode()
    status, headers, body = fetch(server, folder + "voila.js", **GZIP)
    assert status == 200 and headers["Cache-Control"] == IMMUTABLE, headers
    _, plain_headers, plain = fetch(server, VOILA_JS)
    assert gzip.decompress(body) == plain and plain_headers["Cache-Control"] == "no-cache"
    assert fetch(server, "voila/static/v-0000000000000000/voila.js")[0] in (403, 404)


def test_a_range_request_gets_the_file_as_it_is(server: KitServer) -> None:
    _, _, whole = fetch(server, VOILA_JS)
    status, headers, part = fetch(server, VOILA_JS, Range="bytes=10-99", **GZIP)
    assert status == 206 and "Content-Encoding" not in headers, headers
    assert part == whole[10:100]


def test_rendered_pages_are_never_compressed(server: KitServer) -> None:
    """A page carries the _xsrf token beside the pupil's input: compressed, its size would
    tell an attacker about the token (BREACH)."""
    status, headers, body = fetch(server, "voila/render/tiny.ipynb", **GZIP)
    assert status == 200 and b"tiny page" in body
    assert "Content-Encoding" not in headers, headers


def test_the_cache_compresses_each_file_once(tmp_path: Path) -> None:
    script = tmp_path / "app.js"
    script.write_text("console.log('a pupil opens a page');\n" * 200, encoding="utf-8")
    cache = GzipCache()
    packed = [cache.get(str(script)) for _ in range(30)]  # 30 pupils, one compression
    assert cache.compressions == 1 and len(set(packed)) == 1
    assert gzip.decompress(packed[0] or b"") == script.read_bytes()
    script.write_text("console.log('changed');\n" * 200, encoding="utf-8")
    os.utime(script, ns=(1, 2))  # a new modification time, whatever the clock's resolution
    assert gzip.decompress(cache.get(str(script)) or b"") == script.read_bytes()
    assert cache.compressions == 2


def test_the_cache_keeps_no_more_than_its_limit(tmp_path: Path) -> None:
    cache = GzipCache(limit=1)
    for name in ("a.js", "b.js"):
        (tmp_path / name).write_bytes(os.urandom(16).hex().encode() * 200)
        cache.get(str(tmp_path / name))
    cache.get(str(tmp_path / "b.js"))  # still kept: the most recent
    cache.get(str(tmp_path / "a.js"))  # dropped before: compressed again
    assert cache.compressions == 3


def test_incompressible_files_are_sent_as_they_are(tmp_path: Path) -> None:
    noise = tmp_path / "noise.js"
    noise.write_bytes(os.urandom(4096))
    cache = GzipCache()
    assert cache.get(str(noise)) is None and cache.get(str(noise)) is None
    assert cache.compressions == 1


@pytest.fixture(scope="module")
def binder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``binder/start python -m jupyter_server`` (Voila as its extension, and the kit's)."""
    sys.path.insert(0, str(REPO / "tests" / "browser"))
    from test_binder import BinderServer

    server = BinderServer(tmp_path_factory.mktemp("binder-home"))
    try:
        server.wait_ready()
        yield server
    finally:
        server.stop()


def test_in_a_jupyter_server_voilas_static_files_are_compressed_and_cached(binder: Any) -> None:
    """On Binder / JupyterHub the kit's extension does what KitVoila does."""
    status, headers, page = binder.get("voila/render/benchmarks/one_widget.ipynb")
    assert status == 200, page[:2000]
    assert "Content-Encoding" not in headers  # the page itself: never (BREACH)
    found = re.search(rb'src="/(voila/static/v-[0-9a-f]{16}/)voila\.js"', page)
    assert found, page[:3000]
    request = urllib.request.Request(binder.url + found.group(1).decode() + "voila.js",
                                     headers={**GZIP, "Authorization": f"token {binder.token}"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        assert answer.headers["Cache-Control"] == IMMUTABLE
        body = gzip.decompress(answer.read())
    status, _, plain = binder.get("voila/static/voila.js")
    assert status == 200 and body == plain
    assert "Voila's static files compressed and cacheable" in binder.log_text()
    # the pages' drawings before Python are served there too (widgets.serving.drawings)
    status, _, css = binder.get(drawing_addresses("play.ipynb", "/")["css"].lstrip("/"))
    assert status == 200 and b".lnb-sketch" in css
