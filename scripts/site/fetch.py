"""Downloads, once, into the cache (``.site-cache/``), each checked against its pinned hash.

npm packages come through ``npm pack`` (the npm registry), wheels through ``pip download``
(PyPI); a file already in the cache with the right hash is not fetched again.

>>> integrity_of(b"kit")
'sha512-...'
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

from scripts.site.errors import SiteBuildError
from scripts.site.pins import NpmPin, WheelPin


def integrity_of(data: bytes) -> str:
    """npm's ``integrity`` string of ``data`` (``sha512-`` and the base64 digest)."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def sha256_of(path: Path) -> str:
    """The hex sha256 of the file at ``path``."""
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def npm_tarball(pin: NpmPin, cache: Path) -> Path:
    """The npm tarball of ``pin`` in ``cache/npm`` (``npm pack`` it if missing), checked."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{pin.name.replace('@', '').replace('/', '-')}-{pin.version}.tgz"
    if not target.exists():
        if shutil.which("npm") is None:
            raise SiteBuildError("npm", "npm is not installed", "apt-get install npm")
        done = subprocess.run(["npm", "pack", "--silent", f"{pin.name}@{pin.version}",
                               "--pack-destination", str(folder)],
                              capture_output=True, text=True, check=False)
        made = folder / done.stdout.strip().splitlines()[-1] if done.stdout.strip() else None
        if done.returncode != 0 or made is None or not made.exists():
            raise SiteBuildError("npm", f"npm pack {pin.name}@{pin.version} failed: "
                                 f"{done.stderr.strip()[-500:]}",
                                 "is registry.npmjs.org reachable?")
        made.rename(target)
    found = integrity_of(target.read_bytes())
    if found != pin.integrity:
        target.unlink()
        raise SiteBuildError("npm", f"{target.name} has integrity {found}, pinned "
                             f"{pin.integrity}", "a changed package: check pins.toml")
    return target


def unpack_npm(tarball: Path, dest: Path) -> Path:
    """``tarball``'s ``package/`` folder extracted under ``dest`` (fresh); returns its path."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        archive.extractall(dest, filter="data")
    return dest / "package"


def wheels(pins: Iterable[WheelPin], cache: Path) -> dict[str, Path]:
    """Each pinned wheel in ``cache/wheels`` (one ``pip download`` for the missing), checked."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pins = list(pins)
    missing = [p for p in pins if not (folder / p.file).exists()]
    if missing:
        command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                   "--only-binary=:all:", "--platform", "any", "--implementation", "py",
                   "--abi", "none", "--python-version", "3.13", "--dest", str(folder),
                   *[f"{p.name}=={p.version}" for p in missing]]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise SiteBuildError("wheels", f"pip download failed: {done.stderr.strip()[-800:]}",
                                 "is pypi.org reachable?")
    found = {}
    for pin in pins:
        path = folder / pin.file
        if not path.exists():
            raise SiteBuildError("wheels", f"pip gave no {pin.file}",
                                 f"is {pin.name} {pin.version} a py3-none-any wheel on PyPI?")
        digest = sha256_of(path)
        if digest != pin.sha256:
            path.unlink()
            raise SiteBuildError("wheels", f"{pin.file} has sha256 {digest}, pinned {pin.sha256}",
                                 "a changed wheel: check pins.toml")
        found[pin.name] = path
    return found
