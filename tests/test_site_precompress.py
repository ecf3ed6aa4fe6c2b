"""The static site's precompress step (scripts/site/precompress.py) on a small folder: ``.gz``
files that decompress to the originals, only beside files worth it; ``.br`` files too with
``brotli`` (the test extras install it, as the site's build tools do)."""

from __future__ import annotations

import gzip
import io
import os
import zipfile
from pathlib import Path

import brotli

from scripts.site.precompress import MIN_SIZE, precompress


def a_zip(kind: int) -> bytes:
    """A small wheel of text (no two entries alike), its entries deflated or stored (as the
    build stores them)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", kind) as archive:
        for number in range(4):
            archive.writestr(f"kit/m{number}.py", f"KEY = {os.urandom(4000).hex()!r}\n")
    return buffer.getvalue()


def small_site(folder: Path) -> dict[str, bytes]:
    """A folder like the site's: big text, a small file, wheels deflated and stored, random
    bytes."""
    files = {
        "voici/render/index.html": b"<p>Lovelace &amp; Babbage</p>\n" * 400,
        "static/pyodide/pyodide.asm.js": b"function f(a){return a+1}\n" * 2000,
        "static/pyodide/pyodide.asm.wasm": b"\x00asm\x01\x00\x00\x00" + b"\x01\x02\x03" * 3000,
        "tiny.css": b"p{margin:0}",
        "static/pyodide/kit-1.0-py3-none-any.whl": a_zip(zipfile.ZIP_DEFLATED),
        "static/pyodide/stored-1.0-py3-none-any.whl": a_zip(zipfile.ZIP_STORED),
        "noise.js": os.urandom(8000),
    }
    for name, data in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    return files


def test_gz_files_decompress_to_the_originals(tmp_path: Path) -> None:
    files = small_site(tmp_path)
    done = precompress(tmp_path, brotli=None)
    packed = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.gz"))
    assert packed == ["static/pyodide/pyodide.asm.js.gz", "static/pyodide/pyodide.asm.wasm.gz",
                      "static/pyodide/stored-1.0-py3-none-any.whl.gz",
                      "voici/render/index.html.gz"]  # not the deflated wheel: gains < 5%
    for name in packed:
        original = name.removesuffix(".gz")
        assert gzip.decompress((tmp_path / name).read_bytes()) == files[original]
        assert (tmp_path / name).stat().st_mtime_ns == (tmp_path / original).stat().st_mtime_ns
    assert done.files == 4 and done.original == sum(len(files[n[:-3]]) for n in packed)
    assert done.gzip == sum((tmp_path / n).stat().st_size for n in packed) < done.original
    assert len(files["tiny.css"]) < MIN_SIZE  # too small: left alone


def test_a_second_run_replaces_its_own_files_only(tmp_path: Path) -> None:
    files = small_site(tmp_path)
    precompress(tmp_path, brotli=None)
    (tmp_path / "voici/render/index.html").write_bytes(b"<p>changed</p>\n" * 300)
    (tmp_path / "noise.js.gz").write_bytes(b"stale")  # an earlier run's, its file now too random
    precompress(tmp_path, brotli=None)
    assert gzip.decompress((tmp_path / "voici/render/index.html.gz").read_bytes()) == \
        b"<p>changed</p>\n" * 300
    assert not (tmp_path / "noise.js.gz").exists()
    assert (tmp_path / "noise.js").read_bytes() == files["noise.js"]


def test_brotli_writes_br_files_too(tmp_path: Path) -> None:
    small_site(tmp_path)
    done = precompress(tmp_path, brotli=brotli)
    made = sorted(tmp_path.rglob("*.br"))
    assert (tmp_path / "static/pyodide/pyodide.asm.wasm.br") in made
    for path in made:
        assert brotli.decompress(path.read_bytes()) == path.with_suffix("").read_bytes(), path
    assert "as .br" in done.line(), done.line()


def test_a_cache_keeps_each_files_forms_for_the_next_build(tmp_path: Path) -> None:
    site, cache = tmp_path / "site", tmp_path / "cache"
    site.mkdir()
    files = small_site(site)
    made = []

    class Counting:  # a stand-in for the brotli package that counts its calls
        @staticmethod
        def compress(data: bytes, quality: int, lgwin: int) -> bytes:
            made.append(len(data))
            return gzip.compress(data, compresslevel=1)[: len(data) // 10]

    first = precompress(site, brotli=Counting, cache=cache)  # type: ignore[arg-type]
    assert len(made) == first.files == 4
    second = precompress(site, brotli=Counting, cache=cache)  # type: ignore[arg-type]
    assert len(made) == 4 and second == first  # nothing compressed again
    (site / "voici/render/index.html").write_bytes(b"<p>changed</p>\n" * 300)
    precompress(site, brotli=Counting, cache=cache)  # type: ignore[arg-type]
    assert len(made) == 5
    assert gzip.decompress((site / "voici/render/index.html.gz").read_bytes()) == \
        b"<p>changed</p>\n" * 300
    assert (site / "static/pyodide/pyodide.asm.js").read_bytes() == \
        files["static/pyodide/pyodide.asm.js"]
