"""A package's lazy face: names listed with the module that holds each, imported when first
read (the shape of scientific-python's SPEC 1, ``lazy_loader.attach``), so importing the
package stays light.

A package writes, in its ``__init__.py``::

    _EXPORTS = {"Board": "lnb.babbage.board", ...}
    __getattr__, __dir__ = lazy_exports(globals(), _EXPORTS)

>>> import sys, types
>>> package = types.ModuleType("pkg")
>>> package.__getattr__, package.__dir__ = lazy_exports(vars(package), {"dedent": "textwrap"})
>>> package.dedent("  a")
'a'
>>> "dedent" in vars(package), "dedent" in dir(package)
(True, True)
>>> package.nothing
Traceback (most recent call last):
...
AttributeError: module 'pkg' has no attribute 'nothing'
"""

from __future__ import annotations

import importlib

TYPE_CHECKING = False  # not typing's: importing typing alone costs ``import lnb`` some 4 ms

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_exports(namespace: dict[str, Any], exports: Mapping[str, str]
                 ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The module ``__getattr__`` and ``__dir__`` of a package whose ``namespace`` (its
    ``globals()``) offers ``exports`` (name → module holding it): a name is imported from its
    module when first read and then kept in the namespace; an unknown name raises
    ``AttributeError`` as a module does."""
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *exports})

    return __getattr__, __dir__
