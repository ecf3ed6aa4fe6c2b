"""The two kinds of wheel the build makes itself: the kit's own, and empty stand-ins.

>>> import tempfile, zipfile
>>> with tempfile.TemporaryDirectory() as folder:
...     stub = stub_wheel("jedi", Path(folder))
...     names = zipfile.ZipFile(stub).namelist()
>>> stub.name, sorted(names)[0]
('jedi-0-py3-none-any.whl', 'jedi-0.dist-info/METADATA')
"""

from __future__ import annotations

import base64
import hashlib
import io
import shutil
import subprocess
import sys
import zipfile
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
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        # compiled catalogs last: unpacked after their .po, they are not older than it (the
        # kit reads a .mo only then; else it compiles the .po with Babel, not on the site)
        for name in sorted(files, key=lambda n: (n.endswith(".mo"), n)):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
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
    missing = [need for need in REQUIRED if not any(n.startswith(need) for n in files)]
    if missing:
        raise SiteBuildError("kit wheel", f"the wheel lacks {missing}",
                             "add them to pyproject.toml's package-data")
    _write_wheel(path, files, dist_info)
    return path
