"""Every data file of the kit's packages is in the package (a wheel, a plain ``pip install``):
pyproject's ``package-data`` patterns cover each non-Python file git keeps under ``lnb/`` and
``widgets/`` (the Binder server extension's switch in ``config/jupyter_server_config.d/`` was
once left out)."""

from __future__ import annotations

import ast
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def packaged(path: Path, patterns: dict[str, list[str]]) -> bool:
    """Whether ``path`` (relative to the root) matches a pattern of its package or a parent."""
    for package, globs in patterns.items():
        folder = Path(*package.split("."))
        try:
            inside = path.relative_to(folder)
        except ValueError:
            continue
        if any(inside.match(glob) and len(inside.parts) == len(Path(glob).parts)
               for glob in globs):
            return True
    return False


def test_every_data_file_is_in_the_package() -> None:
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    section = project.split("[tool.setuptools.package-data]", 1)[1].split("\n[", 1)[0]
    patterns = {package: ast.literal_eval(globs) for package, globs in
                re.findall(r'^"([\w.]+)" = (\[.*?\])', section, re.MULTILINE | re.DOTALL)}
    assert "widgets.serving" in patterns, section
    listed = subprocess.run(["git", "ls-files", "lnb", "widgets"], cwd=ROOT, text=True,
                            capture_output=True, check=False)
    if listed.returncode:
        pytest.skip("not a git checkout: no list of the kit's files")
    files = [Path(line) for line in listed.stdout.splitlines()]
    data = [f for f in files if f.suffix not in (".py", ".pyi") and f.name != ".gitignore"]
    assert data, "no data files found"
    missing = [str(f) for f in data if not packaged(f, patterns)]
    assert missing == [], f"add these to [tool.setuptools.package-data]: {missing}"
