"""Precompressed files beside the site's big ones, as a static host serves them.

A web server that knows precompressed files (nginx's ``gzip_static``, Apache's rewrite to
``.gz``, Caddy's ``precompressed``; docs/site.md) sends ``pyodide.asm.wasm.gz`` to a browser
that accepts gzip, ``pyodide.asm.wasm.br`` to one that accepts Brotli, the file itself to any
other. :func:`precompress` writes them once, at build time, at the best levels (a server
compressing on the fly uses a fast one), for every file worth it: text and WebAssembly of at
least :data:`MIN_SIZE` bytes whose compressed form saves at least 5%. ``.br`` files only when
the ``brotli`` package is installed in the build's venv. Brotli's best level takes about a
minute of CPU for the whole site, so with a ``cache`` folder each file's compressed forms
are kept by the hash of its content, and the next build (Pyodide's runtime unchanged) takes
them from there. :data:`QUICK` levels (the test suite's build, ``--compress quick``) take a
tenth of the time for files a few percent bigger.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> (folder / "a.js").write_text("let x = 1;\\n" * 500) and None
>>> precompress(folder).files, "a.js.gz" in {p.name for p in folder.iterdir()}
(1, True)
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

#: What is worth compressing: text, WebAssembly, and the zips the build stores uncompressed
#: (scripts/site/wheels.py; a deflated zip gains under 5% and gets no forms; images and woff2
#: are compressed already).
SUFFIXES = (".js", ".mjs", ".css", ".html", ".json", ".svg", ".wasm", ".txt", ".ico",
            ".ttf", ".otf", ".eot", ".xml", ".ipynb", ".py", ".data", ".whl", ".zip")
#: Brotli's window for files above its default 4 MB one (16 MB, its largest: the stored
#: standard library and sympy compress across all their files).
BIG_WINDOW, DEFAULT_WINDOW = 24, 22
MIN_SIZE = 1400  # bytes: about one network packet; below it compressing saves nothing
ENCODINGS = (".gz", ".br")


@dataclass(frozen=True)
class Levels:
    """How hard to compress: gzip's level (1–9) and Brotli's quality (0–11).

    >>> BEST.tag, QUICK.tag
    ('g9b11', 'g6b5')
    """

    gzip: int
    brotli: int

    @property
    def tag(self) -> str:
        """The levels in the name of a cached form (a quick form never stands in for a best)."""
        return f"g{self.gzip}b{self.brotli}"


BEST = Levels(gzip=9, brotli=11)  # `make site`: what a school's network then carries
QUICK = Levels(gzip=6, brotli=5)  # the test suite's build: its tests read the site's files
LEVELS = {"best": BEST, "quick": QUICK}


def brotli_module() -> ModuleType | None:
    """The ``brotli`` package if the build's venv has it (then ``.br`` files are written)."""
    try:
        import brotli  # type: ignore[import-not-found]
    except ImportError:
        return None
    return brotli


@dataclass
class Compressed:
    """What one run wrote: files precompressed, their bytes, their gzip and Brotli bytes
    (the Brotli total counts each file's smaller form when it has no ``.br``)."""

    files: int = 0
    original: int = 0
    gzip: int = 0
    brotli: int = 0

    def line(self) -> str:
        """One progress line.

        >>> Compressed(3, 10_000_000, 3_000_000, 2_500_000).line()
        '3 files of 10.0 MB: 3.0 MB as .gz, 2.5 MB as .br'
        """
        text = (f"{self.files} files of {self.original / 1e6:.1f} MB: "
                f"{self.gzip / 1e6:.1f} MB as .gz")
        return text + (f", {self.brotli / 1e6:.1f} MB as .br" if self.brotli else "")


def worth(path: Path) -> bool:
    """Whether ``path`` gets precompressed forms (not one itself)."""
    return (path.is_file() and path.name.lower().endswith(SUFFIXES)
            and path.stat().st_size >= MIN_SIZE)


def precompress(out: Path, brotli: ModuleType | None = None,
                cache: Path | None = None, levels: Levels = BEST) -> Compressed:
    """Write ``FILE.gz`` (and ``FILE.br`` with ``brotli``, default: :func:`brotli_module`)
    beside every file of ``out`` worth it, at ``levels``; earlier ``.gz``/``.br`` files are
    replaced. With ``cache``, compressed forms are kept there by content hash and reused."""
    brotli = brotli if brotli is not None else brotli_module()
    done = Compressed()
    for stale in [p for p in out.rglob("*") if p.suffix in ENCODINGS and
                  p.with_suffix("").is_file()]:
        stale.unlink()
    for path in sorted(p for p in out.rglob("*") if worth(p)):
        data = path.read_bytes()
        packed = _compressed(data, f".{levels.tag}.gz", cache,
                             lambda d: gzip.compress(d, compresslevel=levels.gzip, mtime=0))
        if len(packed) > len(data) * 0.95:
            continue
        _write_beside(path, ".gz", packed)
        done.files += 1
        done.original += len(data)
        done.gzip += len(packed)
        if brotli is not None:
            window = BIG_WINDOW if len(data) > 1 << DEFAULT_WINDOW else DEFAULT_WINDOW
            tag = levels.tag + (f"w{window}" if window != DEFAULT_WINDOW else "")
            smaller = _compressed(data, f".{tag}.br", cache, lambda d, w=window: brotli.compress(
                d, quality=levels.brotli, lgwin=w))
            if len(smaller) < len(packed):
                _write_beside(path, ".br", smaller)
                done.brotli += len(smaller)
            else:
                done.brotli += len(packed)
    return done


def _compressed(data: bytes, suffix: str, cache: Path | None,
                compress: Callable[[bytes], bytes]) -> bytes:
    """``compress(data)``, from ``cache`` when an earlier build kept it."""
    if cache is None:
        return compress(data)
    kept = cache / (hashlib.sha256(data).hexdigest() + suffix)
    if kept.is_file():
        return kept.read_bytes()
    packed = compress(data)
    cache.mkdir(parents=True, exist_ok=True)
    partial = kept.with_name(kept.name + ".part")
    partial.write_bytes(packed)
    partial.replace(kept)
    return packed


def _write_beside(path: Path, suffix: str, data: bytes) -> None:
    target = path.with_name(path.name + suffix)
    target.write_bytes(data)
    stat = path.stat()  # the same modification time: servers compare them
    os.utime(target, ns=(stat.st_atime_ns, stat.st_mtime_ns))
