"""A served page's drawings before Python come from cacheable addresses, not in the page
(issue 33, "served, bytes of a second page"): against a real Voila started by
:class:`~widgets.serving.server.KitServer` on the lessons, with plain ``urllib``.

The page names where its drawings are (one language at a time) and their style sheet; it
carries no drawing itself, in no language. Both addresses answer gzip-compressed and
cacheable for a year; pages with the same rules share one style sheet address; an address
for no stored page, or out of the drawings' folder, is not found.
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from widgets.core.sketch import SKETCH_CSS
from widgets.serve import kit_voila_args
from widgets.serving import drawings, sketches
from widgets.serving.loading import with_loading_words
from widgets.serving.server import KitServer
from widgets.serving.static import IMMUTABLE

REPO = Path(__file__).resolve().parents[1]
GZIP = {"Accept-Encoding": "gzip, deflate, br"}
CONFIG = re.compile(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                    re.S)


def test_the_page_config_names_addresses_not_drawings() -> None:
    config = with_loading_words(None)({}, notebook_path="play.ipynb", base_url="/kit/")
    found = config["kitSketches"]
    assert found["languages"] == ["en", "zh-CN"]
    assert found["cells"].startswith("/kit/voila/kit-drawings/")
    assert found["cells"].endswith("/{lang}/play.ipynb")
    assert re.fullmatch(r"/kit/voila/kit-drawings/css/[0-9a-f]{16}\.css", found["css"])
    assert len(json.dumps(found)) < 300  # no drawing, no style sheet, in any language
    assert with_loading_words(None)({}, notebook_path="no-such.ipynb")["kitSketches"] == {}


def test_pages_with_the_same_rules_share_one_style_sheet_address() -> None:
    same = [page for page in ("01-first-program.ipynb", "02-place-value.ipynb")
            if sketches.page_css(page)]
    addresses = {drawings.drawing_addresses(page, "/")["css"] for page in same}
    assert len(same) == 2 and len(addresses) == 1
    assert drawings.drawing_addresses("dream.ipynb", "/")["css"] not in addresses


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KitServer]:
    """The kit's server on a copy of the lessons (each page runs when opened)."""
    root = tmp_path_factory.mktemp("drawings") / "lessons"
    shutil.copytree(REPO / "lessons", root,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    home = tmp_path_factory.mktemp("home")
    with KitServer(root, None, voila_args=kit_voila_args(pool_size=0), home=home,
                   log=home / "voila.log", startup_timeout=90) as running:
        yield running


def fetch(server: KitServer, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body as sent) of a GET; an error status is an answer."""
    request = urllib.request.Request(server.url(path.lstrip("/")), headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=90) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.slow
def test_a_served_page_fetches_its_drawings_in_one_language(server: KitServer) -> None:
    status, _, page = fetch(server, "voila/render/play.ipynb")
    assert status == 200, page[:2000]
    text = page.decode()
    stored = sketches.page_sketches("play.ipynb")
    for language, cells in stored.items():  # the page carries no drawing itself
        assert not any(html in text or json.dumps(html)[1:-1] in text
                       for html in cells.values()), language
    found = json.loads(CONFIG.search(text).group(1))["kitSketches"]
    for language in ("en", "zh-CN"):
        status, headers, body = fetch(server, found["cells"].replace("{lang}", language),
                                      **GZIP)
        assert status == 200 and headers["Content-Encoding"] == "gzip"
        assert headers["Cache-Control"] == IMMUTABLE
        assert json.loads(gzip.decompress(body)) == {"cells": stored[language]}
    status, headers, body = fetch(server, found["css"], **GZIP)
    assert status == 200 and headers["Cache-Control"] == IMMUTABLE
    assert headers["Content-Type"].startswith("text/css")
    assert gzip.decompress(body).decode().startswith(SKETCH_CSS)
    status, headers, plain = fetch(server, found["css"])  # no gzip asked: none sent
    assert status == 200 and "Content-Encoding" not in headers
    assert plain == gzip.decompress(body)


@pytest.mark.slow
def test_unknown_drawings_are_not_found(server: KitServer) -> None:
    version = "0123456789abcdef"
    for path in (f"voila/kit-drawings/{version}/en/no-such.ipynb",
                 f"voila/kit-drawings/{version}/fr/play.ipynb",
                 f"voila/kit-drawings/{version}/en/..%2F..%2Fsources.json",
                 f"voila/kit-drawings/css/{version}.css"):
        status, _, _ = fetch(server, path)
        assert status == 404, path
    status, headers, _ = fetch(server, f"voila/kit-drawings/{version}/en/play.ipynb")
    assert status == 200 and headers["Cache-Control"] == "no-cache"  # not this version
