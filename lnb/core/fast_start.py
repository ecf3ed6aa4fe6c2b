"""A second less at the start of every process that imports jsonschema: its IRI grammar is built
when a check first asks for it, not at the import.

jsonschema (imported by nbformat, so by every pytest process, and by Jupyter's server) imports
``rfc3987_syntax`` for its "iri" format checks, and that module builds 38 Earley parsers from a
grammar as it is imported: about a second of CPU each time, for checks the kit never makes.
Importing this module first (``pytest -p lnb.core.fast_start``, as ``pyproject.toml`` does)
puts a stand-in in its place: the stand-in imports the real module at the first check and
answers with it, so every check answers as before.

>>> import jsonschema
>>> checker = jsonschema.FormatChecker()
>>> checker.conforms("https://例子.测试/路径?页=1", "iri"), checker.conforms("http://[x", "iri")
(True, False)
>>> defer_iri_grammar()  # the real module is in place now: nothing left to defer
False
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

NAME = "rfc3987_syntax"


def defer_iri_grammar() -> bool:
    """Put a stand-in for ``rfc3987_syntax`` in ``sys.modules``, unless it is imported already
    or not installed; whether it did.

    >>> import sys
    >>> sys.modules[NAME].is_valid_syntax("iri", "https://example.org/a b")
    False
    """
    if NAME in sys.modules or importlib.util.find_spec(NAME) is None:
        return False
    stand_in = types.ModuleType(NAME, "Stand-in: imports rfc3987_syntax when first used.")

    def real() -> types.ModuleType:
        if sys.modules.get(NAME) is stand_in:
            del sys.modules[NAME]
        return importlib.import_module(NAME)

    def is_valid_syntax(term: str, value: str) -> bool:
        return real().is_valid_syntax(term, value)

    def other(name: str) -> object:
        if name.startswith("__"):  # the import system asks for __path__, __spec__...
            raise AttributeError(name)
        return getattr(real(), name)

    stand_in.is_valid_syntax = is_valid_syntax  # type: ignore[attr-defined]
    stand_in.__getattr__ = other  # type: ignore[attr-defined]
    sys.modules[NAME] = stand_in
    return True


defer_iri_grammar()
