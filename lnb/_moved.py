"""Old module paths from before the kit held three games keep importing (``lnb.game`` is now
``lnb.babbage.game``, ``lnb.records`` is ``lnb.babbage.records``, and so on).

An import of an old name loads the new module and registers it under both names, so
``lnb.game.State is lnb.babbage.game.State``. Nothing is loaded until it is asked for, so
``import lnb`` stays light. New code imports the new paths.

>>> import lnb.records, lnb.babbage.records
>>> lnb.records is lnb.babbage.records
True
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

# importlib.abc and importlib.util are not imported here: they pull in importlib.resources,
# tempfile and shutil, about 10 ms of ``import lnb`` (issue 13). The finder and the
# loader only need the methods the import system calls.

MOVED: dict[str, str] = {
    "lnb.numbers": "lnb.babbage.numbers",
    "lnb.components": "lnb.babbage.components",
    "lnb.board": "lnb.babbage.board",
    "lnb.operations": "lnb.babbage.operations",
    "lnb.programs": "lnb.babbage.programs",
    "lnb.edition": "lnb.babbage.edition",
    "lnb.errors": "lnb.babbage.errors",
    "lnb.records": "lnb.babbage.records",
    "lnb.solver": "lnb.babbage.solver",
    "lnb.puzzles": "lnb.babbage.puzzles",
    "lnb.puzzle_sheet": "lnb.babbage.puzzle_sheet",
    "lnb.hints": "lnb.babbage.hints",
    "lnb.algebra": "lnb.babbage.algebra",
    "lnb.simulate": "lnb.babbage.simulate",
    "lnb.game": "lnb.babbage.game",
    "lnb.bots": "lnb.babbage.bots",
    "lnb.data": "lnb.babbage.data",
}


def new_name(old: str) -> str | None:
    """The module's new path, for an old one or one inside an old package.

    >>> new_name("lnb.game.state"), new_name("lnb.core"), new_name("lnb.game.race")
    ('lnb.babbage.game.state', None, 'lnb.core.race')
    """
    if old == "lnb.game.race":
        return "lnb.core.race"
    for before, after in MOVED.items():
        if old == before or old.startswith(before + "."):
            return after + old[len(before):]
    return None


class _Alias:
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.target)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The target module is already executed; give it back its own spec."""
        module.__spec__ = self.spec


class MovedFinder:
    """Finds an old module path and hands out the module at its new path."""

    def find_spec(self, fullname: str, path: object = None, target: object = None
                  ) -> importlib.machinery.ModuleSpec | None:
        new = new_name(fullname)
        if new is None:
            return None
        import importlib.util

        spec = importlib.util.find_spec(new)
        if spec is None:
            return None
        alias = importlib.util.spec_from_loader(fullname, _Alias(new),
                                                is_package=spec.submodule_search_locations
                                                is not None)
        return alias


def install() -> None:
    """Put the finder on ``sys.meta_path`` once."""
    if not any(isinstance(f, MovedFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, MovedFinder())
