"""The classroom is a layer over the games: no module of ``classroom/`` imports a game's
package; it reaches a game's rules through the game's hooks (``lnb.core.game``)."""

from __future__ import annotations

import ast
from pathlib import Path

from lnb.core.game import games

ROOT = Path(__file__).resolve().parents[1] / "classroom"


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_classroom_module_imports_a_game() -> None:
    packages = [f"lnb.{g.name}" for g in games()]
    offenders = {str(path.name): sorted(m for m in imported(path)
                                        if any(m == p or m.startswith(p + ".") for p in packages))
                 for path in sorted(ROOT.glob("*.py"))}
    assert {k: v for k, v in offenders.items() if v} == {}
    assert len(offenders) > 10  # the folder was read
