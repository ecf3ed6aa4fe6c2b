"""The static site's Python, checked in CPython before any browser opens the site.

Run as a script by ``test_site.py`` (``python -I site_wheel_check.py SITE UNPACKED``, the
kit's wheel from ``SITE/static/pyodide`` unpacked in ``UNPACKED``), in a process of its own:

* the kit is imported from the site's wheel, never from the repository (every module's file
  is checked to be in the wheel), and every module of the repository's packages is in it but
  those the build leaves out (``[kit] drop`` of ``scripts/site/pins.toml``: the served kit's
  server, the command lines);
* nothing the site lacks is importable: every package of this environment that the site's
  ``pyodide-lock.json`` does not list (Babel, Voila, tornado ...) is made unimportable first,
  as it is on the site, except what the listed packages themselves need in CPython;
* every module of the kit imports so;
* every notebook the site renders runs its code cells so, as the site runs them
  (``LNB_HOST=static``), once in English and once with ``?lang=zh-CN`` (issue 26's defect:
  Chinese needed Babel, which the site lacks), the kit's catalogs read from the wheel's
  compiled ``.mo`` files; an error the app catches and logs (its apology on the page) is a
  finding as well, and so is a kit module they imported from anywhere but the wheel (one
  the build left out, found in the repository instead).

It prints one line per finding and exits 1 if there is any (0 and a summary line if none).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import json
import logging
import os
import pkgutil
import sys
import traceback
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

KIT = ("lnb", "widgets", "classroom")
#: What the kit's modules import from outside the kit on the site (each in the site's lock).
THIRD_PARTY = ("IPython", "ipywidgets", "traitlets", "comm", "anywidget")


def block_what_the_site_lacks(lock: dict) -> list[str]:
    """Make every top-level module of this environment that the site's lock does not list
    unimportable (``sys.modules[name] = None``), except the standard library and what the
    listed packages the kit uses import in CPython. Returns the names blocked."""
    listed = {name for package in lock["packages"].values() for name in package["imports"]}
    for name in THIRD_PARTY:
        importlib.import_module(name)
    needed = {name.split(".")[0] for name in sys.modules}
    blocked = []
    for found in pkgutil.iter_modules():
        name = found.name
        if (name in listed or name in needed or name in KIT or name in sys.stdlib_module_names
                or name.startswith("_") or name.endswith("__mypyc")):
            continue
        sys.modules[name] = None  # type: ignore[assignment]
        blocked.append(name)
    return sorted(blocked)


def left_out(repo: Path) -> tuple[str, ...]:
    """What the build leaves out of the site's copy of the kit's wheel: path prefixes in it
    (``[kit] drop`` of ``scripts/site/pins.toml``)."""
    with (repo / "scripts" / "site" / "pins.toml").open("rb") as stream:
        return tuple(tomllib.load(stream)["kit"].get("drop", ()))


def outside_wheel(unpacked: Path) -> list[str]:
    """The kit's modules imported so far from anywhere but the wheel unpacked in ``unpacked``."""
    found = []
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)  # None: a folder without code
        if module is None or name.split(".")[0] not in KIT or file is None:
            continue
        where = Path(file)
        if unpacked not in where.parents:
            found.append(f"{name} was imported from {where}, not from the wheel")
    return sorted(found)


def kit_files(root: Path) -> dict[str, Path]:
    """Every module of the kit's packages under ``root`` (a repository or the unpacked wheel):
    its file by its dotted name (a package's is its ``__init__.py``), sorted by file.
    ``tests/test_site_wheel_drop.py`` walks the repository with it as well.

    >>> files = kit_files(Path(__file__).parents[2])
    >>> files["widgets.serving"].relative_to(Path(__file__).parents[2]).as_posix()
    'widgets/serving/__init__.py'
    """
    found = {}
    for package in KIT:
        for path in sorted((root / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def is_left_out(path: Path, root: Path, dropped: tuple[str, ...]) -> bool:
    """Whether the file ``path`` under ``root`` is one the build leaves out (``dropped``:
    :func:`left_out`)."""
    return path.relative_to(root).as_posix().startswith(dropped)


def code_cells(notebook: Path) -> list[str]:
    """The code cells' sources of ``notebook``."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def run_notebook(notebook: Path, query: str) -> str | None:
    """Run ``notebook``'s code cells as the site's kernel would for the address ``?query``;
    the traceback of a failure, or None."""
    from lnb.core.i18n import set_default_language

    set_default_language("en")
    os.environ["QUERY_STRING"] = query
    namespace: dict = {"__name__": "__main__"}
    logged = _Kept(logging.ERROR)
    logging.getLogger().addHandler(logged)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            for number, source in enumerate(code_cells(notebook), 1):
                exec(compile(source, f"{notebook.name}[cell {number}]", "exec"), namespace)
    except BaseException:  # any failure is a finding, with its traceback
        return traceback.format_exc(limit=-6)
    finally:
        logging.getLogger().removeHandler(logged)
    if logged.kept:  # an error the app caught and showed as its apology (widgets.core.status)
        return "\n".join(logged.kept)
    return None


class _Kept(logging.Handler):
    """Keeps every record it is given, formatted (with its traceback)."""

    def __init__(self, level: int) -> None:
        super().__init__(level)
        self.kept: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.kept.append(self.format(record)[-3000:])


def main(site: Path, unpacked: Path, repo: Path) -> int:
    """Every check above; the number of findings as the exit status (capped at 1)."""
    os.environ["LNB_HOST"] = "static"
    sys.path.insert(0, str(unpacked))
    lock = json.loads((site / "static" / "pyodide" / "pyodide-lock.json").read_text("utf-8"))
    blocked = block_what_the_site_lacks(lock)
    findings = []
    if "babel" not in blocked:
        findings.append("babel was not blocked: this check would not see issue 26's defect")
    in_wheel, dropped = kit_files(unpacked), left_out(repo)
    findings += [f"{name}: in the repository, not in the site's wheel"
                 for name, path in kit_files(repo).items()
                 if name not in in_wheel and not is_left_out(path, repo, dropped)]
    findings += [f"{name}: in the site's wheel, though scripts/site/pins.toml leaves it out"
                 for name, path in sorted(in_wheel.items())
                 if is_left_out(path, unpacked, dropped)]
    for name in sorted(in_wheel):
        if name.endswith("__main__"):
            continue
        try:
            module = importlib.import_module(name)
        except BaseException:  # reported
            findings.append(f"{name} does not import from the wheel:\n"
                            f"{traceback.format_exc(limit=-4)}")
            continue
        where = Path(getattr(module, "__file__", "") or "")
        if unpacked not in where.parents:
            findings.append(f"{name} was imported from {where}, not from the wheel")
    notebooks = sorted((site / "files").rglob("*.ipynb"))
    for notebook in notebooks:
        for query in ("", "lang=zh-CN"):
            failed = run_notebook(notebook, query)
            if failed:
                findings.append(f"{notebook.relative_to(site)}?{query}: {failed}")
    findings += outside_wheel(unpacked)
    for finding in findings:
        print(finding)
    print(f"{len(in_wheel)} modules, {len(notebooks)} notebooks in 2 languages, "
          f"{len(blocked)} packages the site lacks blocked; {len(findings)} findings")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve(),
                  Path(sys.argv[3]).resolve()))
