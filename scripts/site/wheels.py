"""The wheels the build makes itself (the kit's own, empty stand-ins), and the site's copies
of the others: every zip the site serves (wheels, ``python_stdlib.zip``) is repacked with its
entries *stored*, not deflated, so the host's precompressed ``.br``/``.gz`` compress across
files (a deflated zip is compressed file by file and a host's compression gains nothing on
it; stored, the landing page's zips go from 6.7 MB to 4.1 MB as Brotli sends them). Files no
page imports can be left out on the way (:func:`repack`).

>>> import tempfile, zipfile
>>> with tempfile.TemporaryDirectory() as folder:
...     stub = stub_wheel("jedi", Path(folder))
...     names = zipfile.ZipFile(stub).namelist()
...     kinds = {i.compress_type for i in zipfile.ZipFile(stub).infolist()}
>>> stub.name, sorted(names)[0], kinds == {zipfile.ZIP_STORED}
('jedi-0-py3-none-any.whl', 'jedi-0.dist-info/METADATA', True)
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from pathlib import Path

from scripts.site.errors import SiteBuildError

#: The zip date of every file the build writes into a wheel (reproducible bytes).
ZIP_DATE = (2020, 1, 1, 0, 0, 0)

#: Package data the kit's wheel must carry for ``import lnb, classroom, widgets`` to work
#: on the site.
REQUIRED = ("lnb/babbage/data/", "lnb/museum/data/", "lnb/dream/data/",
            "lnb/locale/zh_CN/LC_MESSAGES/lnb.mo", "lnb/locale/zh_CN/LC_MESSAGES/widgets.po",
            "widgets/museum/", "widgets/dream/", "widgets/lessons/exercises/")


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> None:
    """Write ``files`` and a fresh ``RECORD`` as the wheel ``path`` (sorted, fixed dates)."""
    record = f"{dist_info}/RECORD"
    lines = [_record_line(name, data) for name, data in sorted(files.items()) if name != record]
    files = {**files, record: ("\n".join([*lines, f"{record},,"]) + "\n").encode()}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as archive:
        # compiled catalogs last: unpacked after their .po, they are not older than it (the
        # kit reads a .mo only then; else it compiles the .po with Babel, not on the site)
        for name in sorted(files, key=lambda n: (n.endswith(".mo"), n)):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, files[name])


def stub_wheel(name: str, folder: Path) -> Path:
    """An empty wheel named ``name`` (metadata only): installing it fetches nothing and
    importing ``name`` still fails plainly (ModuleNotFoundError)."""
    dist_info = f"{name}-0.dist-info"
    path = folder / f"{name}-0-py3-none-any.whl"
    _write_wheel(path, {
        f"{dist_info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 0\n".encode(),
        f"{dist_info}/WHEEL": b"Wheel-Version: 1.0\nGenerator: scripts.site\n"
                              b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    }, dist_info)
    return path


def _compiled_catalogs(repo: Path) -> dict[str, bytes]:
    """Every ``lnb/locale/*/LC_MESSAGES/*.po`` compiled to ``.mo`` bytes (by path in the wheel).

    The kit reads a ``.mo`` next to its ``.po`` (compiling with Babel only without one), and
    the ``.mo`` files are not in git: the site's wheel carries them compiled here."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    found = {}
    for po in sorted((repo / "lnb" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as stream:
            catalog = read_po(stream, domain=po.stem)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        found[po.with_suffix(".mo").relative_to(repo).as_posix()] = compiled.getvalue()
    return found


#: What the kit's wheel carries for each catalog's ``.po`` source: the kit finds a language
#: by its ``.po`` and, with no Babel (the site's Python), reads the compiled ``.mo`` beside it;
#: the sources themselves (and the ``.pot`` templates) are for translators, not pages.
PO_STAND_IN = b"# The catalog is the compiled .mo beside this file (scripts/site/wheels.py).\n"


def repack(source: Path, target: Path, stored: bool = True, drop: Iterable[str] = (),
           keep: Iterable[str] = ()) -> dict[str, int]:
    """Copy the zip ``source`` (a wheel, ``python_stdlib.zip``) to ``target`` with every entry
    stored (or deflated, ``stored=False``), leaving out the entries whose names start with a
    prefix in ``drop`` unless named in ``keep``; a wheel's ``RECORD`` loses their lines.
    Names, order and dates are kept. Returns ``{"kept": n, "dropped": n}``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     wheel = Path(folder) / "x-1-py3-none-any.whl"
    ...     files = {"x/a.py": b"a", "x/b/c.py": b"c", "x/b/d.py": b"d"}
    ...     _write_wheel(wheel, files, "x-1.dist-info")
    ...     counts = repack(wheel, Path(folder) / "y.whl", drop=["x/b/"], keep=["x/b/d.py"])
    ...     record = zipfile.ZipFile(Path(folder) / "y.whl").read("x-1.dist-info/RECORD")
    >>> counts, b"x/b/c.py" in record, b"x/b/d.py" in record
    ({'kept': 3, 'dropped': 1}, False, True)
    """
    drop, keep = tuple(drop), set(keep)
    kind = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
    counts = {"kept": 0, "dropped": 0}
    with zipfile.ZipFile(source) as old:
        entries = old.infolist()
        gone = {i.filename for i in entries
                if i.filename.startswith(drop) and i.filename not in keep} if drop else set()
        with zipfile.ZipFile(target, "w", kind) as new:
            for info in entries:
                if info.filename in gone:
                    counts["dropped"] += 1
                    continue
                data = old.read(info)
                if gone and info.filename.endswith(".dist-info/RECORD"):
                    lines = data.decode().splitlines(keepends=True)
                    data = "".join(line for line in lines
                                   if line.split(",")[0] not in gone).encode()
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.external_attr, copy.compress_type = info.external_attr, kind
                new.writestr(copy, data)
                counts["kept"] += 1
    return counts


def kit_wheel(repo: Path, folder: Path) -> Path:
    """The kit's wheel, built from ``repo`` (``pip wheel --no-deps``), with the compiled
    catalogs added; checked to carry :data:`REQUIRED`.

    setuptools builds in ``repo/build/lib`` and keeps what an earlier build left there, so a
    module since moved or deleted would still be in the wheel: that folder (gitignored, the
    build's own) is emptied first."""
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.whl"):
        old.unlink()
    shutil.rmtree(repo / "build" / "lib", ignore_errors=True)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "--no-build-isolation", "--wheel-dir", str(folder), str(repo)],
                          capture_output=True, text=True, check=False)
    made = sorted(folder.glob("*.whl"))
    if done.returncode != 0 or len(made) != 1:
        raise SiteBuildError("kit wheel", f"pip wheel failed: {done.stderr.strip()[-800:]}")
    path = made[0]
    with zipfile.ZipFile(path) as archive:
        files = {name: archive.read(name) for name in archive.namelist()}
    dist_info = next(n.split("/")[0] for n in files if n.split("/")[0].endswith(".dist-info"))
    data = dist_info.removesuffix(".dist-info") + ".data/"  # the lessons for `lovelace-kit`:
    files = {name: body for name, body in files.items() if not name.startswith(data)}  # not here
    files.update(_compiled_catalogs(repo))
    files = {name: PO_STAND_IN if name.endswith(".po") else body
             for name, body in files.items() if not name.endswith(".pot")}
    missing = [need for need in REQUIRED if not any(n.startswith(need) for n in files)]
    if missing:
        raise SiteBuildError("kit wheel", f"the wheel lacks {missing}",
                             "add them to pyproject.toml's package-data")
    _write_wheel(path, files, dist_info)
    return path
