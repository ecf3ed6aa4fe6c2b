"""The site's ``pyodide-lock.json``: only the packages the site carries, with their hashes.

The npm ``pyodide`` package's lock names some 350 packages whose files are not in it; the
site's lock keeps its ``info`` and lists exactly the wheels copied beside it, so a name the
site lacks fails plainly instead of fetching from anywhere.

>>> entry = LockEntry("six", "1.17.0", "six-1.17.0-py2.py3-none-any.whl", "ab", ("six",), ())
>>> lock_json({"version": "0.29.0"}, [entry])["packages"]["six"]["imports"]
['six']
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from scripts.site.errors import SiteBuildError


def normal(name: str) -> str:
    """A distribution name as Pyodide's lock keys it (PEP 503, lower case, dashes).

    >>> normal("Typing_Extensions")
    'typing-extensions'
    """
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True)
class LockEntry:
    """One package of the lock: a wheel beside the lock file, what it imports and needs."""

    name: str
    version: str
    file_name: str
    sha256: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]

    def as_json(self) -> dict:
        """The entry as ``pyodide-lock.json`` spells it."""
        return {"name": normal(self.name), "version": self.version, "file_name": self.file_name,
                "install_dir": "site", "sha256": self.sha256, "package_type": "package",
                "imports": list(self.imports), "depends": [normal(d) for d in self.depends],
                "unvendored_tests": False}


def lock_json(info: dict, entries: Iterable[LockEntry]) -> dict:
    """The lock of ``entries`` under Pyodide's ``info``; every dependency must be an entry."""
    packages = {normal(e.name): e.as_json() for e in entries}
    for entry in packages.values():
        absent = [d for d in entry["depends"] if d not in packages]
        if absent:
            raise SiteBuildError("lock", f"{entry['name']} depends on {absent}, not on the site",
                                 "add them to scripts/site/pins.toml")
    return {"info": info, "packages": dict(sorted(packages.items()))}


def write_lock(path: Path, info: dict, entries: Iterable[LockEntry]) -> dict:
    """Write the lock of ``entries`` to ``path``; returns it."""
    lock = lock_json(info, entries)
    path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return lock
