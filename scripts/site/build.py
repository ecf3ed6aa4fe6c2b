"""``make site``: the kit as a static website in ``site/``, from pinned downloads.

Run with the site's build tools (``.venv-site``): ``.venv-site/bin/python -m scripts.site.build
[--out site] [--cache .site-cache] [--pins scripts/site/pins.toml]``. Each step prints one line;
a failure prints what went wrong and what to do, and exits 1. The site needs nothing at run
time but its own files (docs/site.md).

>>> [step.__name__ for step in STEPS][:2]
['check_versions', 'fetch_npm']
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from scripts.site import fetch, kernel_patch, lock, offline, pages, precompress, prune, wheels
from scripts.site.errors import SiteBuildError
from scripts.site.pins import PINS, Pins, read_pins

REPO = Path(__file__).resolve().parents[2]
#: The files of the npm ``pyodide`` package the pages load (the rest is docs and types).
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm",
                 "python_stdlib.zip", "package.json")
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: The Pyodide kernel's own wheels (in its labextension), put in the lock as well.
KERNEL_WHEELS = {"piplite": (("piplite",), ("micropip",)),
                 "ipykernel": (("ipykernel",), ("comm",)),
                 "pyodide-kernel": (("pyodide_kernel",), ("ipykernel", "ipython", "comm"))}
#: What every page loads with Pyodide itself, at once (the kernel then installs nothing).
PRELOAD = ("micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide-kernel", "jedi",
           "ipython")


@dataclass
class Build:
    """One run: where things go, and what the steps found so far."""

    pins: Pins
    out: Path
    cache: Path
    extra: tuple[Path, ...] = ()
    levels: precompress.Levels = precompress.BEST
    stored: bool = True  # the site's zips with stored entries (wheels.repack); --zips
    found: dict = field(default_factory=dict)

    @property
    def lite(self) -> Path:
        """The JupyterLite project folder the build assembles (in the cache)."""
        return self.cache / "lite"

    @property
    def pyodide_dir(self) -> Path:
        return self.lite / "static" / "pyodide"


def kernel_pyodide_version() -> str:
    """The Pyodide version the installed jupyterlite-pyodide-kernel is made for."""
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def check_versions(build: Build) -> str:
    """The pinned npm pyodide must be the kernel's ``PYODIDE_VERSION``."""
    pinned, wanted = build.pins.npm["pyodide"].version, kernel_pyodide_version()
    if pinned != wanted:
        raise SiteBuildError("versions", f"npm pyodide is pinned at {pinned} but "
                             f"jupyterlite-pyodide-kernel wants Pyodide {wanted}",
                             f"pin pyodide {wanted} in scripts/site/pins.toml, or a kernel "
                             f"made for {pinned} in scripts/site/requirements.txt")
    return f"pyodide {pinned} = the kernel's PYODIDE_VERSION"


def fetch_npm(build: Build) -> str:
    """The npm tarballs (Pyodide, Font Awesome); Pyodide unpacked and its version checked."""
    tarballs = {name: fetch.npm_tarball(pin, build.cache) for name, pin in build.pins.npm.items()}
    unpacked = {name: fetch.unpack_npm(path, build.cache / "unpacked" / path.stem)
                for name, path in tarballs.items()}
    package = json.loads((unpacked["pyodide"] / "package.json").read_text(encoding="utf-8"))
    if package["version"] != kernel_pyodide_version():
        raise SiteBuildError("versions", f"the npm pyodide package is {package['version']}, "
                             f"the kernel wants {kernel_pyodide_version()}",
                             "pin the kernel's version in scripts/site/pins.toml")
    build.found["npm"] = unpacked
    return ", ".join(f"{n}@{p.version}" for n, p in build.pins.npm.items())


def fetch_wheels(build: Build) -> str:
    """The pinned wheels from PyPI (cached)."""
    build.found["wheels"] = fetch.wheels(build.pins.wheels.values(), build.cache)
    return f"{len(build.found['wheels'])} wheels"


def kit_wheel(build: Build) -> str:
    """The kit's wheel from this repository, and the empty stand-ins."""
    folder = build.cache / "made"
    build.found["kit"] = wheels.kit_wheel(REPO, folder)
    build.found["stubs"] = {name: wheels.stub_wheel(name, folder) for name in build.pins.stubs}
    return build.found["kit"].name


def _kernel_wheels() -> dict[str, Path]:
    import jupyterlite_pyodide_kernel

    share = Path(sys.prefix) / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
    del jupyterlite_pyodide_kernel
    found = {}
    for name in KERNEL_WHEELS:
        paths = sorted((share / "static" / "pypi").glob(f"{name.replace('-', '_')}-*.whl"))
        if not paths:
            raise SiteBuildError("lock", f"the kernel's {name} wheel is missing in {share}")
        found[name] = paths[-1]
    return found


def write_pyodide(build: Build) -> str:
    """``static/pyodide/`` of the project: Pyodide's runtime, every wheel, the site's lock."""
    if build.lite.exists():
        shutil.rmtree(build.lite)
    build.pyodide_dir.mkdir(parents=True)
    npm = build.found["npm"]["pyodide"]
    for name in PYODIDE_FILES:
        if name.endswith(".zip"):
            wheels.repack(npm / name, build.pyodide_dir / name, build.stored,
                          build.pins.stdlib_drop, build.pins.stdlib_keep)
        else:
            shutil.copy2(npm / name, build.pyodide_dir / name)
    entries = []

    def add(name: str, path: Path, imports: tuple, depends: tuple, drop: tuple = (),
            keep: tuple = ()) -> None:
        copy = build.pyodide_dir / path.name
        wheels.repack(path, copy, build.stored, drop, keep)
        entries.append(lock.LockEntry(name, path.name.split("-")[1], path.name,
                                      fetch.sha256_of(copy), tuple(imports), tuple(depends)))

    for name, pin in build.pins.wheels.items():
        add(name, build.found["wheels"][name], pin.imports, pin.depends, pin.drop, pin.keep)
    for name, path in build.found["stubs"].items():
        add(name, path, (), ())
    for name, path in _kernel_wheels().items():
        add(name, path, *KERNEL_WHEELS[name])
    kit = build.pins.kit
    add(kit.name, build.found["kit"], kit.imports, kit.depends, kit.drop)
    info = json.loads((npm / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]
    info["version"] = build.pins.npm["pyodide"].version
    written = lock.write_lock(build.pyodide_dir / "pyodide-lock.json", info, entries)
    build.found["preload"] = [*PRELOAD, lock.normal(kit.name)]
    return f"{len(written['packages'])} packages in pyodide-lock.json"


def _contents(build: Build) -> Path:
    """The notebooks the site renders: lessons/*.ipynb and lessons/zh-CN/*.ipynb (and any
    ``extra`` notebook, beside the landing page: the benchmark's one-widget page)."""
    folder = build.cache / "contents"
    if folder.exists():
        shutil.rmtree(folder)
    for notebook in build.extra:
        folder.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, folder / notebook.name)
    for notebook in sorted((REPO / "lessons").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        target = folder / notebook.relative_to(REPO / "lessons")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, target)
        pages.drop_served_only(target)  # tips about tables and classes: the served kit's
    return folder


def voici(build: Build) -> str:
    """Voici renders every notebook with the kit's template into the output folder."""
    contents = _contents(build)
    settings = {"disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": build.found["preload"]}}
    (build.lite / "jupyter-lite.json").write_text(json.dumps({
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {"litePluginSettings": {KERNEL_PLUGIN: settings}}}, indent=1))
    if build.out.exists():
        shutil.rmtree(build.out)
    env = {**os.environ, "JUPYTER_PATH": str(REPO / "widgets" / "serving" / "data")}
    command = [str(Path(sys.executable).with_name("voici")), "build", "--contents",
               str(contents), "--output-dir", str(build.out.resolve()), "--no-sourcemaps",
               "--VoilaConfiguration.template=kit"]
    done = subprocess.run(command, cwd=build.lite, env=env, capture_output=True, text=True,
                          check=False)
    if done.returncode != 0:
        raise SiteBuildError("voici", f"voici build failed:\n{done.stderr.strip()[-2000:]}")
    rendered = sorted((build.out / "voici" / "render").rglob("*.html"))
    if not rendered:
        raise SiteBuildError("voici", "voici rendered no page")
    build.found["rendered"] = rendered
    return f"{len(rendered)} pages"


def sketches(build: Build) -> str:
    """Each page's drawing before Python is ready, remade where the kit changed since it was
    stored (``python -m widgets.serving.sketches --host static``, in the kit's venv: it runs
    each stale page in a kernel; ``finish_pages`` writes the drawings into the pages)."""
    kit_python = REPO / ".venv" / "bin" / "python"
    if not kit_python.exists():
        return "no kit venv (.venv): the drawings as stored"
    done = subprocess.run([str(kit_python), "-m", "widgets.serving.sketches", "--host",
                           "static"], cwd=REPO, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SiteBuildError("sketches", f"drawing the pages failed:\n{done.stderr[-2000:]}",
                             "run .venv/bin/python -m widgets.serving.sketches --host static")
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else "done"


def finish_pages(build: Build) -> str:
    """The pages made offline (local Font Awesome, .ipynb links), each loading what it needs."""
    changed = pages.finish(build.out, build.found["npm"], build.found["preload"],
                           build.cache / "contents")
    return f"{changed} pages finished"


def cut(build: Build) -> str:
    """Cut what no page loads."""
    cut_bytes = prune.prune(build.out)
    size = sum(p.stat().st_size for p in build.out.rglob("*") if p.is_file())
    return f"cut {cut_bytes / 1e6:.1f} MB; the site is {size / 1e6:.1f} MB"


def snapshot(build: Build) -> str:
    """The kernel's worker keeps a memory snapshot of Python after its imports, and later
    pages start from it (``scripts/site/kernel_patch.py``; a checked patch)."""
    return kernel_patch.patch(build.out)


def offline_worker(build: Build) -> str:
    """The kit's service worker (``kit-sw.js``): the site works offline after a first visit,
    its cache named after the site's content."""
    return offline.write(build.out, build.found["preload"])


def compress(build: Build) -> str:
    """``.gz`` (and ``.br``, with the ``brotli`` package) beside every big text and wasm
    file, for a static host that serves precompressed files (docs/site.md); each file's
    forms are kept in the cache for the next build."""
    return precompress.precompress(build.out, cache=build.cache / "compressed",
                                   levels=build.levels).line()


STEPS = (check_versions, fetch_npm, fetch_wheels, kit_wheel, write_pyodide, voici,
         sketches, finish_pages, cut, snapshot, offline_worker, compress)


def check_out(out: Path) -> None:
    """The build replaces ``out`` as a whole, so it must be new, empty, or an earlier site
    (JupyterLite's ``jupyter-lite.json`` in it), and never the repository or a folder
    holding it: ``--out .`` would otherwise delete the kit.

    >>> try:
    ...     check_out(REPO)
    ... except SiteBuildError as refused:
    ...     print(refused.step, "|", refused.remedy)
    output folder | give --out a new or empty folder, e.g. --out site
    """
    where = out.resolve()
    earlier_site = (where / "jupyter-lite.json").is_file() and not (where / ".git").exists()
    holds_repo = where == REPO.resolve() or where in REPO.resolve().parents
    if holds_repo or (where.is_dir() and any(where.iterdir()) and not earlier_site):
        raise SiteBuildError("output folder", f"{where} is not a site the build made, and the "
                             "build replaces its output folder as a whole",
                             "give --out a new or empty folder, e.g. --out site")


def run(out: Path, cache: Path, pins_path: Path = PINS, extra: tuple[Path, ...] = (),
        levels: precompress.Levels = precompress.BEST, stored: bool = True) -> None:
    """Every step in order, one progress line each."""
    check_out(out)
    build = Build(read_pins(pins_path), out, cache, tuple(extra), levels, stored)
    for number, step in enumerate(STEPS, 1):
        began = time.perf_counter()
        summary = step(build)
        print(f"site [{number}/{len(STEPS)}] {step.__name__}: {summary} "
              f"({time.perf_counter() - began:.1f} s)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=REPO / "site")
    parser.add_argument("--cache", type=Path, default=REPO / ".site-cache")
    parser.add_argument("--pins", type=Path, default=PINS)
    parser.add_argument("--extra", type=Path, action="append", default=[],
                        help="another notebook to render (the benchmark's one-widget page)")
    parser.add_argument("--compress", choices=sorted(precompress.LEVELS), default="best",
                        help="how hard to precompress (quick: the test suite's build)")
    parser.add_argument("--zips", choices=("stored", "deflated"), default="stored",
                        help="the wheels' entries: stored (a host sending the .br/.gz files "
                        "compresses across files) or deflated (a host that compresses no zip)")
    args = parser.parse_args(argv)
    try:
        run(args.out, args.cache, args.pins, tuple(args.extra),
            precompress.LEVELS[args.compress], args.zips == "stored")
    except SiteBuildError as error:
        print(f"make site failed: {error}", file=sys.stderr)
        return 1
    print(f"site: done; try it with: python -m http.server -d {args.out}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
