"""The pages Voici renders, finished for a site with no other server.

Links to a CDN become the site's own copy of that npm package (``vendor/``), links between
notebooks (``x.ipynb``) become links between pages (``x.html``), and each page's kernel
settings preload what it imports (every page the kit, a page using the algebra sympy as well)
and pass the page's address to the kernel (``QUERY_STRING``); each page shows its text at once
and a progress bar while Python starts (:mod:`scripts.site.first_paint`), and registers the
kit's service worker (:mod:`scripts.site.offline`).

>>> rewrite_links('<a href="play.ipynb?lang=zh-CN">', depth=2)
'<a href="play.html?lang=zh-CN">'
>>> needs_extra({"lnb.babbage.algebra"})
['sympy']

A notebook's markdown line that ends with ``<!-- served kit only -->`` (a tip about tables or
classes, which need the kit's server) is left out of the site's page (:func:`drop_served_only`).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from scripts.site import first_paint, offline
from scripts.site.errors import SiteBuildError

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Modules whose use needs sympy (imported inside their functions, so found by name).
EXTRA = {"sympy": ("lnb.babbage.algebra", "widgets.babbage.algebra_view",
                   "widgets.babbage.undo_checks")}
#: CDN addresses of npm packages the site carries: (npm name, folder under vendor/).
CDN = re.compile(r"https://cdn\.jsdelivr\.net/npm/(@fortawesome/fontawesome-free|font-awesome)"
                 r"@[^/\"']+/(css/[\w.-]+)")
VENDOR = {"@fortawesome/fontawesome-free": "fontawesome-free", "font-awesome": "font-awesome"}
#: Font Awesome 5, which the widgets' icons (``icon="adjust"``) use.
FONT_AWESOME = ("css/all.min.css", "css/v4-shims.min.css")
CONFIG = re.compile(r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)',
                    re.S)
OUTSIDE = re.compile(r"""<(?:script|link|img|iframe|source)\b[^>]*\b(?:src|href)=["']"""
                     r"""(?:https?:)?//[^"']*""", re.I)
IPYNB_LINK = re.compile(r"""(href=["'])(?![a-z]+:|/|#)([^"'?#]*?)\.ipynb(?=["'?#])""")
IMPORT = re.compile(r"^\s*(?:from|import)\s+([\w.]+)", re.M)


def rewrite_links(html: str, depth: int) -> str:
    """``html`` with relative links to notebooks made links to their pages, and CDN links
    made links to ``vendor/`` (``depth``: how many folders the page is below the site)."""
    up = "../" * depth
    html = IPYNB_LINK.sub(lambda m: f"{m.group(1)}{m.group(2)}.html", html)
    return CDN.sub(lambda m: f"{up}vendor/{VENDOR[m.group(1)]}/{m.group(2)}", html)


def needs_extra(modules: set[str]) -> list[str]:
    """The packages beyond the kit that a notebook importing ``modules`` needs."""
    return sorted(name for name, users in EXTRA.items() if modules & set(users))


SERVED_ONLY = "<!-- served kit only -->"
"""Marks a markdown line of a notebook that only the served kit can keep (the site drops it)."""


def served_only_dropped(source: list[str]) -> list[str]:
    """A markdown cell's ``source`` lines without those marked :data:`SERVED_ONLY`.

    >>> served_only_dropped(["- Undo.\\n", "- Open a table. <!-- served kit only -->\\n", "\\n"])
    ['- Undo.\\n', '\\n']
    """
    return [line for line in source if SERVED_ONLY not in line]


def drop_served_only(notebook: Path) -> bool:
    """Rewrite ``notebook`` (the build's copy) without its served-only markdown lines; whether
    it had any."""
    content = json.loads(notebook.read_text(encoding="utf-8"))
    changed = False
    for cell in content["cells"]:
        if cell["cell_type"] == "markdown":
            kept = served_only_dropped(cell["source"])
            changed = changed or kept != cell["source"]
            cell["source"] = kept
    if changed:
        notebook.write_text(json.dumps(content, indent=1, ensure_ascii=False), encoding="utf-8")
    return changed


def imported(notebook: Path) -> set[str]:
    """The modules a notebook's code cells import."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return {m for c in cells if c["cell_type"] == "code" for m in IMPORT.findall(
        "".join(c["source"]))}


def _vendor(out: Path, npm: dict[str, Path], used: set[str]) -> None:
    """Copy the Font Awesome packages the pages link: the CSS and the woff2 fonts only."""
    for name in sorted(used):
        source, target = npm[name], out / "vendor" / VENDOR[name]
        for folder, pattern in (("css", "*.min.css"), ("webfonts", "*.woff2"),
                                ("fonts", "*.woff2")):
            for path in sorted((source / folder).glob(pattern)):
                (target / folder).mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / folder / path.name)
        for license_file in sorted(source.glob("LICENSE*")):
            shutil.copy2(license_file, target / license_file.name)


#: Run before the page's bundle reads its settings: the page's address reaches the kernel as
#: ``QUERY_STRING`` (as Voila gives it), so ``?code=``, ``?seed=``, ``?lang=`` work on the site.
#: After it, :func:`scripts.site.offline.page_script`: the kit's own service worker (JupyterLite's,
#: which syncs the notebook's folder with the kernel at about a hundred requests a page, is
#: never registered).
QUERY_SCRIPT = ("<script>(function () {var el = document.getElementById('jupyter-config-data');"
                "try {var c = JSON.parse(el.textContent);"
                "var k = c.litePluginSettings['" + KERNEL_PLUGIN + "'];"
                "var o = k.loadPyodideOptions = k.loadPyodideOptions || {};"
                "o.env = Object.assign({HOME: '/home/pyodide'}, o.env || {}, "
                "{QUERY_STRING: window.location.search.slice(1)});"
                "el.textContent = JSON.stringify(c);} catch (e) {}"
                "})();</script>")


def _settings(html: str, packages: list[str], depth: int, language: str | None) -> str:
    def patch(match: re.Match) -> str:
        config = json.loads(match.group(2))
        kernel = config.setdefault("litePluginSettings", {}).setdefault(KERNEL_PLUGIN, {})
        kernel["disablePyPIFallback"] = True
        kernel.setdefault("loadPyodideOptions", {})["packages"] = packages
        return (match.group(1) + json.dumps(config, sort_keys=True) + match.group(3)
                + QUERY_SCRIPT + offline.page_script(depth, language))

    return CONFIG.sub(patch, html, count=1)


LANDING = "voici/render/index.html"
REDIRECT = ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta http-equiv="refresh" content="0; url={url}"><title>Lessons</title></head>'
            '<body><a href="{url}">Lessons and apps</a></body></html>\n')


def write_entrances(out: Path) -> None:
    """The site's front doors (``index.html``, ``voici/index.html``) lead to the landing page
    by a relative address, so the site works from any folder of any host."""
    (out / "index.html").write_text(REDIRECT.format(url=LANDING), encoding="utf-8")
    (out / "voici" / "index.html").write_text(REDIRECT.format(url=LANDING.removeprefix("voici/")),
                                              encoding="utf-8")


def finish(out: Path, npm: dict[str, Path], preload: list[str], contents: Path) -> int:
    """Finish every page under ``out/voici``; returns how many. A page that still loads
    anything from outside the site is a :class:`SiteBuildError`."""
    voici = out / "voici"
    used = {"@fortawesome/fontawesome-free"}
    count = 0
    for page in sorted(voici.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        depth = len(page.relative_to(out).parts) - 1
        used |= {m.group(1) for m in CDN.finditer(html)}
        html = rewrite_links(html, depth)
        if "fontawesome" not in html and "</head>" in html and "render" in page.parts:
            links = "".join(f'<link rel="stylesheet" href="{"../" * depth}vendor/'
                            f'fontawesome-free/{css}" type="text/css" />' for css in FONT_AWESOME)
            html = html.replace("</head>", links + "\n</head>", 1)
        if "render" in page.parts:
            notebook = contents / page.relative_to(voici / "render").with_suffix(".ipynb")
            extra = needs_extra(imported(notebook)) if notebook.exists() else []
            folder = page.relative_to(voici / "render").parts[0]
            language = folder if folder in offline.OFFLINE_WORDS else None
            html = first_paint.first_paint(_settings(html, [*preload, *extra], depth,
                                                     language), language)
        outside = OUTSIDE.findall(html)
        if outside:
            raise SiteBuildError("pages", f"{page.relative_to(out)} still loads {outside[:3]}",
                                 "vendor it in scripts/site/pages.py")
        page.write_text(html, encoding="utf-8")
        count += 1
    _vendor(out, npm, used)
    write_entrances(out)
    return count
