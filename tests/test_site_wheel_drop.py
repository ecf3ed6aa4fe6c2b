"""What the static site's copy of the kit's wheel leaves out (``[kit] drop`` of
``scripts/site/pins.toml``: the served kit's server, the command lines) is imported by no
module the site keeps, at any depth (a function's ``import`` as well): a page could not
reach it. ``tests/browser/site_wheel_check.py`` runs every page's code from the built wheel;
this checks the kit's whole source, with no build.
"""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from scripts.site.pins import read_pins

REPO = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location(
    "site_wheel_check", REPO / "tests" / "browser" / "site_wheel_check.py")
assert _spec is not None and _spec.loader is not None
#: The browser test's check of the built wheel: its walk of the kit's modules is this test's.
site_wheel_check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(site_wheel_check)


def kit_files() -> dict[str, Path]:
    """Every module of the repository's kit by dotted name (a package by its ``__init__.py``),
    walked as the site's check walks the wheel (``site_wheel_check.kit_files``)."""
    return site_wheel_check.kit_files(REPO)


def imported(name: str, path: Path) -> set[str]:
    """The dotted names ``path`` (the module ``name``) imports, anywhere in it, and the names
    imported from them (``from a import b`` gives ``a`` and ``a.b``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([node.module] if node.module else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def dropped(path: Path, prefixes: tuple[str, ...]) -> bool:
    return site_wheel_check.is_left_out(path, REPO, prefixes)


def test_every_left_out_path_is_in_the_kit() -> None:
    prefixes = read_pins().kit.drop
    files = [path.relative_to(REPO).as_posix() for path in kit_files().values()]
    stale = [prefix for prefix in prefixes if not any(f.startswith(prefix) for f in files)]
    assert prefixes and not stale, f"pins.toml's [kit] drop names what the kit lacks: {stale}"


def test_no_module_the_site_keeps_imports_one_it_leaves_out() -> None:
    prefixes = read_pins().kit.drop
    modules = kit_files()
    gone = {name for name, path in modules.items() if dropped(path, prefixes)}
    found = sorted(f"{name} imports {target}" for name, path in modules.items()
                   if name not in gone for target in imported(name, path) & gone)
    assert gone and not found, "\n".join(found)
