"""`make i18n`: extract, update and compile every catalog of the kit, one per part.

Each part of the kit has its own catalog (:func:`lnb.core.i18n.domains`: the shared parts'
and each registered game's, from its declaration, ``GameType.domains``), with its own template
``lnb/locale/<part>.pot`` and, per language, ``lnb/locale/<lang>/LC_MESSAGES/<part>.po``. A
language that lacks a part's catalog gets one (``pybabel init``); the others are updated from
the template (``pybabel update``); all are compiled to ``.mo`` (``pybabel compile``).

Usage: ``python scripts/i18n.py [--part NAME] -k lazy_gettext -k lazy_pgettext:1c,2``
(the extra keywords, as the Makefile's ``I18N_KEYWORDS`` gives them); ``--part museum`` does
only that catalog (``make i18n PART=museum``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lnb.core.i18n import LOCALE_DIR, domains  # noqa: E402

PYBABEL = [sys.executable, "-m", "babel.messages.frontend"]


def run(*args: str) -> None:
    subprocess.run([*PYBABEL, *args], check=True, cwd=ROOT)


def main(keywords: list[str], only: str | None = None) -> None:
    """Extract, update and compile every catalog (only the part ``only``, when given)."""
    catalogs = domains()
    if only is not None and only not in catalogs:
        raise SystemExit(f"no catalog {only!r}: choose one of {', '.join(catalogs)}")
    languages = sorted(p.name for p in LOCALE_DIR.iterdir() if (p / "LC_MESSAGES").is_dir())
    for domain, paths in catalogs.items():
        if only is not None and domain != only:
            continue
        sources = [path for path in paths if (ROOT / path).exists()]
        if not sources:
            continue
        template = LOCALE_DIR / f"{domain}.pot"
        run("extract", "-F", "babel.cfg", *keywords, "-c", "TRANSLATORS:", "--sort-by-file",
            "--copyright-holder=the Lovelace & Babbage kit developers",
            "--project=lovelace-babbage-kit", "--version=0.1.0", "-o", str(template), *sources)
        for language in languages:
            po = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
            if po.exists():
                run("update", "-D", domain, "-i", str(template), "-d", str(LOCALE_DIR),
                    "-l", language, "--ignore-obsolete")
            else:
                run("init", "-D", domain, "-i", str(template), "-d", str(LOCALE_DIR),
                    "-l", language)
        run("compile", "-D", domain, "-d", str(LOCALE_DIR), "--statistics")
        for language in languages:
            warn_fuzzy(LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po")


def warn_fuzzy(po: Path) -> list[str]:
    """Say which entries of ``po`` are fuzzy (pybabel's guesses from a similar message: its
    statistics count them as translated, the kit's tests refuse them); their msgids."""
    from babel.messages.pofile import read_po

    with po.open("rb") as handle:
        catalog = read_po(handle)
    fuzzy = [str(m.id) for m in catalog if m.id and m.fuzzy]
    if fuzzy:
        where = po.relative_to(ROOT) if po.is_relative_to(ROOT) else po
        print(f"{where}: {len(fuzzy)} fuzzy (guessed) translation(s) to check, "
              "then remove their 'fuzzy' flag:", file=sys.stderr)
        for msgid in fuzzy:
            print(f"  {msgid[:90]!r}", file=sys.stderr)
    return fuzzy


if __name__ == "__main__":
    args = sys.argv[1:]
    part = None
    if "--part" in args:
        at = args.index("--part")
        part = args[at + 1] if at + 1 < len(args) else ""
        del args[at:at + 2]
    main(args, part)
