"""The site's pinned downloads, read from ``scripts/site/pins.toml``.

>>> pins = read_pins()
>>> pins.npm["pyodide"].version
'0.29.0'
>>> pins.wheels["ipywidgets"].version
'8.1.9'
>>> "lnb" in pins.kit.imports
True
>>> pins.wheels["pygments"].drop
('pygments/lexers/',)
>>> "encodings/utf_8.py" in pins.stdlib_keep
True
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from scripts.site.errors import SiteBuildError

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10: the same parser from PyPI (scripts/site/requirements.txt)
    import tomli as tomllib

PINS = Path(__file__).resolve().parent / "pins.toml"


@dataclass(frozen=True)
class NpmPin:
    """An npm package at one version, with the registry's ``integrity`` (``sha512-...``)."""

    name: str
    version: str
    integrity: str


@dataclass(frozen=True)
class WheelPin:
    """A pure-Python wheel from PyPI, with its sha256 and the lock's import names and deps."""

    name: str
    file: str
    sha256: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]
    #: Entries the site's copy leaves out (name prefixes), but for those in ``keep``.
    drop: tuple[str, ...] = ()
    keep: tuple[str, ...] = ()

    @property
    def version(self) -> str:
        """The version in the wheel's file name."""
        return self.file.split("-")[1]


@dataclass(frozen=True)
class KitPin:
    """The kit's own wheel: its distribution name, import names, run-time dependencies and
    what the site's copy leaves out (name prefixes: the served kit's own data)."""

    name: str
    imports: tuple[str, ...]
    depends: tuple[str, ...]
    drop: tuple[str, ...] = ()


@dataclass(frozen=True)
class Pins:
    """Everything ``pins.toml`` pins."""

    npm: dict[str, NpmPin]
    wheels: dict[str, WheelPin]
    kit: KitPin
    stubs: tuple[str, ...]
    #: What the site's ``python_stdlib.zip`` leaves out (name prefixes), but for ``keep``.
    stdlib_drop: tuple[str, ...] = ()
    stdlib_keep: tuple[str, ...] = ()


def read_pins(path: Path = PINS) -> Pins:
    """The pins in ``path``; a missing or malformed file is a :class:`SiteBuildError`."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        npm = {name: NpmPin(name, str(v["version"]), str(v["integrity"]))
               for name, v in data["npm"].items()}
        wheels = {name: WheelPin(name, str(v["file"]), str(v["sha256"]),
                                 tuple(v.get("imports", ())), tuple(v.get("depends", ())),
                                 tuple(v.get("drop", ())), tuple(v.get("keep", ())))
                  for name, v in data["wheels"].items()}
        kit, stdlib = data["kit"], data.get("stdlib", {})
        return Pins(npm, wheels,
                    KitPin(str(kit["name"]), tuple(kit["imports"]), tuple(kit["depends"]),
                           tuple(kit.get("drop", ()))),
                    tuple(data.get("stubs", {}).get("names", ())),
                    tuple(stdlib.get("drop", ())), tuple(stdlib.get("keep", ())))
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as error:
        raise SiteBuildError("pins", f"cannot read {path}: {error!r}",
                             "see scripts/site/pins.toml for the format") from error
